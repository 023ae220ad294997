#!/bin/sh
# t6032-compare-simulation: the error rates of postmark-compare's
# statistics, simulated from a fixed seed through the tool's own functions
# by tests/python/simulate.py (which says how): a row's test at 5 % finds
# 5 +- 1.5 % of A against A significant and its interval holds the true
# ratio (0.7, 1, 1.3) in 95 +- 1.5 % of 2000 comparisons at n = 3, 5, 10
# and a CV of 1, 5, 30 %, never with a bound at or below 0; the other
# rows of a comparison, corrected by Benjamini-Hochberg, have any row
# significant in A against A at most 6.5 % of the time; the gate's wrong
# verdicts (bad within the margin, good past it) stay at 2.5 % or under,
# and with emulated time's spread (a CV under 1 %) and -n 3 it decides
# (125 in at most 2 %).  man/postmark-compare.1 and results/README.md
# quote its figures (simulate.py --table prints them).

. "$srcdir/tests/tap.sh"

py=${PYTHON:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 not installed"

PYTHONPATH=$srcdir/scripts PYTHONDONTWRITEBYTECODE=1 "$py" -B \
    "$srcdir/tests/python/simulate.py"
