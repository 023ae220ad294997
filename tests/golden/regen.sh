#!/bin/sh
#
# regen.sh: regenerate the golden transcripts from the REFERENCE PostMark.
#
# Each NAME.in is typed at the reference binary (Debian's postmark 1.53,
# /usr/bin/postmark; `apt-get install postmark`) on a pseudo-terminal, so
# that it runs interactively, from an empty scratch directory with HOME set
# to it (ptyrun.py: stdin is the terminal, stdout and stderr are files).
# Its standard output becomes NAME.out and its standard error NAME.err,
# with the scratch directory's path replaced by @CWD@.  Nothing else is
# changed: tests/t0001-golden.sh compares our program's streams with these
# after normalising only the documented differences (the banner line and
# the stream of "Eh?").
#
# Never point this at our own program: golden files come from the
# reference.
#
# usage: tests/golden/regen.sh [REFERENCE_BINARY]

set -eu

here=$(cd "$(dirname "$0")" && pwd)
ref=${1:-${REFERENCE_POSTMARK:-/usr/bin/postmark}}
[ -x "$ref" ] || { echo "regen.sh: no reference binary $ref" >&2; exit 1; }
"$ref" </dev/null 2>/dev/null | head -1 | grep -q '^PostMark v1\.5' || {
	echo "regen.sh: $ref is not PostMark" >&2
	exit 1
}

for in in "$here"/*.in; do
	name=${in%.in}
	d=$(mktemp -d)
	cwd=$(cd "$d" && pwd -P)
	status=0
	(cd "$d" && HOME=$d python3 "$here/ptyrun.py" "$in" "$d/.out" \
	    "$d/.err" "$ref") || status=$?
	if [ "$status" -ne 0 ]; then
		echo "regen.sh: $(basename "$in"): reference exited $status" >&2
		rm -rf "$d"
		exit 1
	fi
	sed "s|$cwd|@CWD@|g" "$d/.out" >"$name.out"
	sed "s|$cwd|@CWD@|g" "$d/.err" >"$name.err"
	rm -rf "$d"
	echo "$(basename "$name")"
done
