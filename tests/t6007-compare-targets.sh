#!/bin/sh
# t6007-compare-targets: scripts/compare.sh run mode resolves every target
# DIRECTORY to an absolute physical path before anything runs:
# a missing target or one that is not a directory is refused with a
# message naming it; a relative target whose absolute path has a blank is
# refused up front (postmark locations are one word), not left to fail in
# postmark; the runs happen in the resolved directory (symbolic links
# resolved, a directory named - is not $OLDPWD); and nothing depends on
# the current directory afterwards, not even with a relative TMPDIR.

. "$srcdir/tests/tap.sh"


compare="$srcdir/scripts/compare.sh"
printf 'set number 10\nset transactions 20\n' >"$T/small.pmrc"

# refused DESC PATTERN -- ARGS...: run mode in $T/cwd with ARGS fails with
# status 1 and a message matching PATTERN (grep -E), and writes no CSV.
refused() {
	desc=$1 pat=$2
	shift 3
	(cd "$T/cwd" && sh "$compare" -n 1 -p "$POSTMARK" --no-plot \
	    -o "$T/no.csv" "$T/small.pmrc" "$@") >/dev/null 2>"$T/err"
	st=$?
	if [ "$st" -eq 1 ] && grep -Eq -- "$pat" "$T/err" &&
	    [ ! -e "$T/no.csv" ]; then
		ok 0 "$desc"
	else
		ok 1 "$desc"
		diag "exit $st, want 1; CSV written: $(test -e "$T/no.csv" &&
		    echo yes || echo no); stderr:" "$(cat "$T/err")" \
		    "want a match of: $pat"
	fi
	rm -f "$T/no.csv"
}

mkdir "$T/cwd" "$T/real" "$T/cwd/-" "$T/cwd/tmp" "$T/in dir" \
    "$T/in dir/a" "$T/in dir/cwd"
ln -s ../real "$T/cwd/link"
: >"$T/cwd/file"
real=$(cd "$T/real" && pwd -P)
dash=$(cd "$T/cwd/-" && pwd -P)

refused "a missing target: no such directory, named" \
    '^compare.sh: nope: no such directory \(target A\)$' -- A=nope
refused "a file as target: not a directory, named" \
    '^compare.sh: file: not a directory \(target F\)$' -- F=file
(cd "$T/in dir/cwd" && sh "$compare" -n 1 -p "$POSTMARK" --no-plot \
    -o "$T/no.csv" "$T/small.pmrc" A=../a) >/dev/null 2>"$T/err"
st=$?
is "$st" 1 "a relative target under a path with a blank: exit 1"
grep -q "^compare.sh: $T/in dir/a: postmark locations cannot contain blanks (target A)$" "$T/err"
st=$?
ok "$st" "... refused up front, naming the absolute path"
[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
is "$(ls -A "$T/in dir/a")$(test -e "$T/no.csv" && echo csv)" "" \
    "... before anything ran or was written"

# A symbolic link, a directory named - and a relative TMPDIR.
(cd "$T/cwd" && TMPDIR=tmp sh "$compare" -n 1 -p "$POSTMARK" --no-plot \
    -o out.csv "$T/small.pmrc" L=link D=-) >/dev/null 2>"$T/err"
st=$?
is "$st" 0 "targets link and -, TMPDIR=tmp relative: exit 0"
[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
# Column 8, locations (results/README.md), comes before any quoted field.
is "$(awk -F, 'NR > 1 { sub(/compare\.[^:]*:/, "X:", $8); print $8 }' \
    "$T/cwd/out.csv" 2>/dev/null | tr '\n' ' ')" "$real/X:1 $dash/X:1 " \
    "the runs took place in the resolved directories"
is "$(ls -A "$T/real"; ls -A "$T/cwd/-"; ls -A "$T/cwd/tmp")" "" \
    "targets and TMPDIR are left empty"
ok "$(test -s "$T/cwd/out.txt"; echo $?)" "the report is next to the CSV"

done_testing
