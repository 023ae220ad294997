#!/bin/sh
# t6018-tquantile: one t quantile.  postmark's t(0.975, df),
# pm_student_t975() in src/pm_stats.c (behind `set precision` and the
# summary of iterations), and compare.py's, t975() in
# scripts/postmark_compare/compare_stats.py (behind every interval of
# postmark-compare and its --precision), are one algorithm: for every df
# from 1 to 1000 and larger ones up to SIZE_MAX, printed by
# tests/pm_tquantile, they agree to 1e-12.  They
# are right, too: t(0.975, 1) = tan(0.475 pi) and t(0.975, 2) = 0.95 /
# sqrt(0.04875) exactly, the NIST table's three decimals at df 1 to 30,
# 40, 60, 100 and 120, and the normal quantile 1.959964 at the end.
# tests/python/test_compare_stats.py checks the same of the Python side,
# and that the two methods (bisection on the incomplete beta function below
# 1000, the Cornish-Fisher expansion from there) meet.

. "$srcdir/tests/tap.sh"

py=${PYTHON:-python3}
command -v "$py" >/dev/null 2>&1 || skip_all "python3 not installed"

"$builddir/tests/pm_tquantile" >"$T/c" 2>"$T/err"
is "$?:$(cat "$T/err")" 0: "tests/pm_tquantile exits 0"
is "$(wc -l <"$T/c" | tr -d ' ')" 1010 "every df up to 1000, then 10 larger"
cut -f1 "$T/c" | PYTHONPATH=$srcdir/scripts "$py" -B \
    -m postmark_compare.compare_stats --t975 >"$T/py"
is "$?" 0 "compare_stats.py --t975 exits 0"

# The values that differ by more than 1e-12 of their size.
is "$(paste "$T/c" "$T/py" | awk -F '\t' '{
	d = $2 - $4
	if (d < 0) d = -d
	if ($1 != $3 || d > 1e-12 * $2) print $1 ": C " $2 ", Python " $4
    }' | head -5)" "" "C and Python agree for every df"

# value DF: C's t(0.975, DF).
value() {
	awk -F '\t' -v df="$1" '$1 == df { print $2 }' "$T/c"
}
near() {
	awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN {
		d = a - b; if (d < 0) d = -d; exit !(d <= tol) }'
	ok $? "$4 ($1, want $2)"
}
near "$(value 1)" 12.706204736174707 1e-12 "df 1: tan(0.475 pi)"
near "$(value 2)" 4.302652729749464 1e-12 "df 2: 0.95 / sqrt(0.04875)"
near "$(value 18446744073709551615)" 1.959963984540054 1e-12 \
    "df SIZE_MAX: the normal quantile"
# NIST/SEMATECH e-Handbook 1.3.6.7.2, column 0.975, three decimals.
nist="1 12.706 2 4.303 3 3.182 4 2.776 5 2.571 6 2.447 7 2.365 8 2.306
9 2.262 10 2.228 11 2.201 12 2.179 13 2.160 14 2.145 15 2.131 16 2.120
17 2.110 18 2.101 19 2.093 20 2.086 21 2.080 22 2.074 23 2.069 24 2.064
25 2.060 26 2.056 27 2.052 28 2.048 29 2.045 30 2.042 40 2.021 60 2.000
100 1.984 120 1.980"
bad=
set -- $nist
while [ $# -ge 2 ]; do
	got=$(printf '%.3f' "$(value "$1")")
	[ "$got" = "$2" ] || bad="$bad df $1: $got, NIST $2;"
	shift 2
done
is "$bad" "" "the NIST table, three decimals, df 1 to 30, 40, 60, 100, 120"

done_testing
