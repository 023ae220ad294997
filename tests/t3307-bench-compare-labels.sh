#!/bin/sh
# bench/compare-labels.sh still works: on 20 labels of 3 rows, run once,
# it prints farm-bench's figures of compare.sh's report, and, given a
# second checkout (-o, here this one), the same for that one and the
# ratio of the two; it leaves nothing under $TMPDIR.  (The measurement,
# 1000 labels, is run by hand.)
. "$srcdir/tests/tap.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
command -v farm-bench >/dev/null || skip_all "farm-bench not installed"

mkdir "$T/tmp"
TMPDIR=$T/tmp $GUARD sh "$srcdir/bench/compare-labels.sh" -n 1 -l 20 \
    -o "$srcdir" "$POSTMARK" >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:compare-labels.sh: compare.sh report $(:
    )--no-plot: 20 labels of 3 rows, 1 run (farm-bench: min median max)" \
    "compare-labels.sh exits 0, saying what it times"
is "$(grep -Ec '^(A|B|A/B) cpu( s)? ' "$T/out")" 3 \
    "CPU figures for each compare.sh and their ratio"
is "$(ls -A "$T/tmp")" "" "nothing left under TMPDIR"
done_testing
