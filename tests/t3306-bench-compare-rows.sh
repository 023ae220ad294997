#!/bin/sh
# bench/compare-rows.sh still works: on 200 rows, run twice, it prints
# the median, min and max wall time and the median CPU of compare.sh's
# report, and, given a second checkout (-o, here this one) and a schema
# to cut the rows to (-s 5 153: schema 5's columns, which it still
# reads), the same for that one; it
# leaves nothing under $TMPDIR.  (The measurement is run by hand.)
. "$srcdir/tests/tap.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
[ -x /usr/bin/time ] || skip_all "GNU time not installed (apt-get install time)"

mkdir "$T/tmp"
TMPDIR=$T/tmp $GUARD sh "$srcdir/bench/compare-rows.sh" -n 2 -r 200 \
    -o "$srcdir" -s 5 153 "$POSTMARK" >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" 0: "compare-rows.sh exits 0, silent on stderr"
is "$(head -1 "$T/out")" \
    "compare.sh report --no-plot, 200 rows, 2 runs (median min max)" \
    "the title line names the rows and runs"
num='[0-9]+(\.[0-9]+)?'
is "$(grep -Ec "^(new|old): wall $num s \($num $num\), cpu $num s$" \
    "$T/out")" 2 "a line of figures for each compare.sh"
is "$(ls -A "$T/tmp")" "" "nothing left under TMPDIR"
done_testing
