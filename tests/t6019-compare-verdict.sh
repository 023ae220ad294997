#!/bin/sh
# t6019-compare-verdict: a row's interval of the ratio and its verdict
# come from one test, a t test on the logarithms of the values: the
# interval is exp(d +- t x se), d the difference of the mean logarithms,
# at the row's level (95 % for the primary measure, transactions/s; for
# the others the level Benjamini-Hochberg used), so it excludes 1
# exactly when the row is significant, and it is never at or below 0.
# Each comparison says how many tests it made.  Before, the interval
# came from Welch's test of the means, divided by the first label's
# mean: positive ratios got negative lower bounds, and 17 rows each at 5
# % were marked without saying how many chance alone would mark; before
# that, from the delta method on the log ratio, and it disagreed with the
# verdict (0.2671 [0.1453, 0.4909] with p 0.0782 "no").
#
# The CSV is made here from the header and first row of
# tests/fixtures/compare-ab.csv: a reference label R and 40 labels of 2 to
# 6 runs each, whose transactions/s, deletes/s, elapsed s and create p99
# come from a fixed pseudo-random sequence (Park and Miller's generator,
# Box-Muller), with means from 0.5 to 2 times R's and spreads from 2 % to
# 60 % (its quoted fields replaced by x).  Every row of every table, and
# every step of --by, is checked: "yes" where the interval excludes 1,
# "no" where it holds it.  The expected rows of tests/t6000 were computed
# independently with python3 and mpmath.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
fix="$srcdir/tests/fixtures/compare-ab.csv"

awk -F, -v OFS=, '
	function rnd() {
		s = (16807 * s) % 2147483647
		return s / 2147483647
	}
	function gauss() {
		return sqrt(-2 * log(rnd())) * cos(6.283185307179586 * rnd())
	}
	NR == 1 {
		print
		for (i = 1; i <= NF; i++)
			c[$i] = i
		next
	}
	NR == 2 {
		gsub(/"[^"]*"/, "x")	# no quoted field: "rw,relatime"
		s = 12345
		split("transactions_per_s deleted_per_s elapsed_s " \
		    "create_p99_us", m, " ")
		for (j = 0; j <= 40; j++) {
			lab = j ? "L" j : "R"
			n = j ? 2 + j % 5 : 4
			for (k = 1; k <= 4; k++) {
				mean[k] = 1000 * (j ? 0.5 + 1.5 * rnd() : 1)
				sd[k] = mean[k] * (0.02 + 0.58 * rnd())
			}
			for (r = 1; r <= n; r++) {
				$c["label"] = lab
				$c["status"] = "ok"
				for (k = 1; k <= 4; k++) {
					v = mean[k] + sd[k] * gauss()
					v = v < 1 ? 1 : v
					$c[m[k]] = sprintf("%.3f", v)
				}
				print
			}
		}
	}' "$fix" >"$T/v.csv"
ok "$(test "$(wc -l <"$T/v.csv")" -gt 100; echo $?)" \
    "the CSV has 41 labels: $(($(wc -l <"$T/v.csv") - 1)) rows"

sh "$compare" report --no-plot -o "$T/v" "$T/v.csv" >/dev/null 2>"$T/err"
is "$?" 0 "report exits 0"
[ -s "$T/v.txt" ] || diag "$(cat "$T/err")"

# verdicts FILE: the rows of FILE's tables whose interval of the ratio and
# verdict (the cell three after the interval: level, p, significant)
# disagree, or whose interval reaches 0, and how many rows have both, on
# the last line.
verdicts() {
	awk 'BEGIN { FS = "  +" }
		{
			ci = 0
			for (i = 1; i < NF; i++)
				if ($i ~ /^\[-?[0-9.e+-]+, -?[0-9.e+-]+\]$/)
					ci = i
			v = $(ci + 3)
			if (!ci || (v != "yes" && v != "no"))
				next
			split(substr($ci, 2, length($ci) - 2), a, ", ")
			n++
			if ((a[1] + 0 > 1 || a[2] + 0 < 1) != (v == "yes") ||
			    a[1] + 0 <= 0) {
				bad++
				print
			}
		}
		END { print n + 0 " rows, " bad + 0 " disagree" }' "$1"
}
verdicts "$T/v.txt" >"$T/rows"
is "$(sed -n '$s/ rows,.*//p' "$T/rows")" 680 \
    "680 rows (40 labels, 17 measures) have an interval and a verdict"
is "$(sed '$d' "$T/rows")" "" "no row's interval and verdict disagree"
[ "$(wc -l <"$T/rows")" -le 1 ] || diag "$(tail -1 "$T/rows")"

# The steps of --by label: each label against the one before it.
sh "$compare" report --no-plot --by label -o "$T/b" "$T/v.csv" \
    >/dev/null 2>"$T/err"
is "$?" 0 "report --by label exits 0"
awk '/^steps between /, /^$/' "$T/b.txt" >"$T/steps"
verdicts "$T/steps" >"$T/rows"
ok "$(test "$(sed -n '$s/ rows,.*//p' "$T/rows")" -ge 100; echo $?)" \
    "the steps have an interval and a verdict: $(tail -1 "$T/rows")"
is "$(sed '$d' "$T/rows")" "" "no step's interval and verdict disagree"

# Every comparison says its primary measure's verdict and how many
# other tests it made.
pat='^L[0-9]*: transactions/s [0-9.]* \[[0-9.]*, [0-9.]*\] (95%), p '
is "$(grep -c "$pat" "$T/v.txt")" 40 \
    "each of the 40 comparisons says transactions/s's verdict first"
pat='^L[0-9]*: 16 other tests, [0-9]* significant after Benjamini-Hochberg'
is "$(grep -c "$pat at 5%" "$T/v.txt")" 40 \
    "... and how many other tests it made and found"

# The report says which test the interval comes from.
tr '\n' ' ' <"$T/v.txt" | grep -q "its CI and p from a t test on the $(:
    )logarithms .* significant exactly when the CI, at its level, excludes 1"
ok $? "the report says the interval comes from the test on the logarithms"

done_testing
