#!/bin/sh
# t4010: what the fuzzers found stays fixed.  Every input under
# fuzz/regress (each crashed, hung or leaked once; fuzz/regress/README
# says which bug) is given to postmark as its startup file in an empty
# directory: it must end by itself (not by a signal, nor killed by the
# hang guard), without a sanitizer report, with status 0, or 1 and a
# message on stderr, and create nothing.  Then the limits those bugs led
# to: a line longer than 1 MiB, a file longer than 4 MiB, and "load" of
# anything that is not a regular file (a FIFO without a writer must not
# block), each with its message.  Some bugs only show in a build made
# with --enable-sanitizers, which CI runs too.

. "$srcdir/tests/tap.sh"

command -v timeout >/dev/null 2>&1 || skip_all "timeout(1) not found"

# limit: at most 2 GB of memory for what follows, so that a bug that
# reads an endless file stops there (AddressSanitizer reserves terabytes
# of address space: its own RSS limit instead).
limit() {
	if [ "${PM_SANITIZED:-0}" = 1 ]; then
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:hard_rss_limit_mb=2048"
		export ASAN_OPTIONS
	else
		ulimit -v 2097152 2>/dev/null || :
	fi
}

# run_in DIR FILE: postmark FILE in DIR, stdin empty; out, err and rc in
# $T.
run_in() {
	rc=0
	(limit && cd "$1" && exec $GUARD "$POSTMARK" "$2") \
	    </dev/null >"$T/out" 2>"$T/err" || rc=$?
}

# ended_well NAME: rc 0, or 1 with a message; no sanitizer report.
ended_well() {
	if grep -q 'Sanitizer\|runtime error:' "$T/err"; then
		ok 1 "$1: no sanitizer report"
		diag "$(head -n 20 "$T/err")"
		return
	fi
	case $rc in
	0) ok 0 "$1: exit 0" ;;
	1)
		test -s "$T/err"
		ok $? "$1: exit 1 with a message" ;;
	124|137) ok 1 "$1: ends by itself, not killed by the hang guard" ;;
	*)
		ok 1 "$1: exit 0 or 1"
		diag "exit status $rc" "$(head -n 20 "$T/err")" ;;
	esac
}

n=0
for f in "$srcdir"/fuzz/regress/*; do
	name=${f##*/}
	[ "$name" = README ] && continue
	n=$((n + 1))
	rm -rf "$T/w"
	mkdir "$T/w"
	run_in "$T/w" "$f"
	ended_well "$name"
	is "$(ls -A "$T/w")" "" "$name: nothing created"
done
[ "$n" -gt 0 ]
ok $? "fuzz/regress holds inputs ($n)"

mkdir "$T/l"
cd "$T/l" || exit 99

# A line of 1 MiB is read; one byte more is refused with its number.
awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s;
	print "set number 5"; print substr(s, 1, 1048576) }' >long.pm
run_in . long.pm
is "$rc:$(grep -c 'line longer' "$T/err")" "1:0" \
    "a line of 1048576 bytes is read (and is not a command)"
awk 'BEGIN { s = "x"; while (length(s) < 1048577) s = s s;
	print "set number 5"; printf "%s", substr(s, 1, 1048577) }' >long.pm
run_in . long.pm
ended_well "a line of 1048577 bytes"
is "$(cat "$T/err")" "long.pm:2: line longer than 1048576 bytes" \
    "a line of 1048577 bytes: FILE:LINE: line longer than 1048576 bytes"

# The startup file /dev/zero: one endless line.
run_in . /dev/zero
ended_well "startup file /dev/zero"
is "$(cat "$T/err")" "/dev/zero:1: line longer than 1048576 bytes" \
    "startup file /dev/zero: the line is too long"

# Five lines of a MiB less one: more than 4 MiB, stopped at the fifth.
awk 'BEGIN { s = "#"; while (length(s) < 1048575) s = s s;
	for (i = 0; i < 5; i++) print substr(s, 1, 1048575) }' >big.pm
run_in . big.pm
ended_well "a file of 5 MiB"
is "$(cat "$T/err")" "big.pm:5: file longer than 4194304 bytes" \
    "a file of 5 MiB: FILE:LINE: file longer than 4194304 bytes"

# An endless pipe on standard input.
rc=0
yes 'set number 7' | (limit && exec $GUARD "$POSTMARK") \
    >"$T/out" 2>"$T/err" || rc=$?
ended_well "an endless standard input"
is "$(cat "$T/err")" "-:322639: file longer than 4194304 bytes" \
    "an endless standard input: stopped after 4 MiB"

# load: only regular files; a FIFO without a writer does not block.
mkfifo fifo
mkdir dir
printf '%s\n' 'load /dev/zero' 'load fifo' 'load dir' 'load /dev/null' \
    >special.pm
run_in . special.pm
ended_well "load of special files"
for f in /dev/zero fifo dir /dev/null; do
	grep -qF "load: cannot read '$f': not a regular file" "$T/err"
	ok $? "load $f: not a regular file"
done
done_testing
