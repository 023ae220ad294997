#!/bin/sh
# t4010: what the fuzzers found stays fixed.  Every input under
# fuzz/regress (each crashed, hung or leaked once; fuzz/regress/README
# says which bug) is given to postmark as its startup file in an empty
# directory: it must end within 10 s by itself, not by a signal, without
# a sanitizer report, with status 0, or 1 and a message on stderr, and
# create nothing.  Some bugs only show in a build made with
# --enable-sanitizers, which CI runs too.

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
	(limit && cd "$1" && exec timeout -k 5 10 "$POSTMARK" "$2") \
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
	124|137) ok 1 "$1: ends within 10 s" ;;
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
done_testing
