#!/bin/sh
# t6035-compare-startup-signal: Ctrl-C while postmark-compare starts (its
# Python modules being imported, before main() has its own handlers) ends
# it as an interrupt anywhere else does: "PROG: interrupted" on stderr,
# exit status 130, no Python traceback (it was a KeyboardInterrupt
# traceback and exit 1).
#
# The start-up is made to wait for the signal: the test runs a copy of
# scripts/ whose compare_plot.py (imported by compare.py at its top)
# first makes the file $T/ready and then waits for a signal, as a slow
# import would be interrupted; the test sends SIGINT once the file is
# there.

. "$srcdir/tests/tap.sh"

need_sigdfl
command -v python3 >/dev/null 2>&1 || skip_all "python3 not installed"

mkdir "$T/s" &&
    cp "$srcdir/scripts/compare.sh" "$srcdir/scripts/plot-"*.gp "$T/s/" &&
    cp -R "$srcdir/scripts/postmark_compare" "$T/s/" || exit 99
rm -rf "$T/s/postmark_compare/__pycache__"
m=$T/s/postmark_compare/compare_plot.py
{
	printf 'import signal as _sig\n'
	printf 'open(%s, "w").close()\n' "'$T/ready'"
	printf '_sig.pause()\n'
	cat "$srcdir/scripts/postmark_compare/compare_plot.py"
} >"$m.new" && mv "$m.new" "$m" || exit 99
cp "$srcdir/tests/fixtures/compare-ab.csv" "$T/ab.csv"

spawn "$T" "$T/pid" sh "$T/s/compare.sh" report --no-plot ab.csv \
    </dev/null >"$T/out" 2>"$T/err"
await '[ -e "$T/ready" ]' "$job"
ok $? "the start-up reached the import that waits"
kill -s INT "$(cat "$T/pid")"
wait "$job"
is "$?" 130 "SIGINT during the start-up: exit status 130"
is "$(cat "$T/err")" "compare.sh: interrupted" \
    "... 'interrupted' on stderr and no traceback"
is "$(cat "$T/out")" "" "... nothing on stdout"

done_testing
