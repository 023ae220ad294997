#!/bin/sh
# t6000-compare-stats: scripts/compare.sh report mode on the fixed CSV
# fixtures tests/fixtures/compare-ab.csv and compare-sweep.csv (79 columns,
# results/README.md): means, standard deviations, confidence intervals,
# ratios, Welch's t-test and the verdict, in the text and Markdown tables.
#
# The expected numbers were computed independently of compare.py, with
# python3: means and sample standard deviations by the statistics module;
# t(0.975, df) by bisection on the two-sided tail of Student's t density,
# integrated with Simpson's rule (20000 intervals) from math.gamma; Welch
# t = (mR - mL) / sqrt(sR^2/nR + sL^2/nL) and p = the same Simpson tail.
# The ratio's interval comes from the same test (before, from
# the delta method on the log ratio, it could disagree with the verdict):
# (mL +- t(0.975, df) * se) / mR, se and df Welch's, computed with
# mpmath (findroot on betainc for t, 30 digits).
# The first case is also checkable by hand: A = 10, 12, 14 and B = 20, 22,
# 24 give means 12 and 22, sd 2, a 95 % half-width of 4.302653 * 2 /
# sqrt(3) = 4.968, ratio 22/12 = 1.8333, t = -10 / sqrt(4/3 + 4/3) =
# -6.124 with df 4 (equal variances and sizes: 2 (n - 1)), p = 0.0036,
# and the ratio's interval (22 +- 4.302653 * 1.633) / 12 = [1.4555,
# 2.2112].

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
fix="$srcdir/tests/fixtures"

# row FILE MEASURE LABEL: the cells of that row of a text table, joined by
# " | " (cells are separated by two or more blanks).
row() {
	awk -v m="$2" -v l="$3" '
		BEGIN { FS = "  +" }
		$1 == m && $2 == l {
			s = $1
			for (i = 2; i <= NF; i++)
				s = s " | " $i
			print s
		}' "$1"
}

cp "$fix/compare-ab.csv" "$T/ab.csv"
sh "$compare" report --no-plot "$T/ab.csv" >"$T/out" 2>"$T/err"
ok $? "report mode on compare-ab.csv exits 0"
same_file "$T/out" "$T/ab.txt" "the text report is printed and in ab.txt"
ok "$(test -s "$T/ab.md"; echo $?)" "the Markdown report is written to ab.md"

is "$(sed -n 1p "$T/ab.txt")" "postmark comparison: A vs B" "title line"
is "$(grep '^rows:' "$T/ab.txt")" \
    "rows: 6 used (status ok), 3 skipped (status not ok: 1 error, 1 interrupted, 1 out_of_files)" \
    "rows with another status than ok are skipped and counted"
is "$(grep '^1000 files' "$T/ab.txt")" \
    "1000 files (set number); ratios and Welch tests against A" \
    "ratios are against the first label seen"

is "$(row "$T/ab.txt" transactions/s A)" \
    "transactions/s | A | 3 | 12.000 | 2.000 | [7.032, 16.968] | 1.0000 | - | - | - | - | -" \
    "transactions/s A: n, mean, sd, 95% CI"
is "$(row "$T/ab.txt" transactions/s B)" \
    "transactions/s | B | 3 | 22.000 | 2.000 | [17.032, 26.968] | 1.8333 | [1.4555, 2.2112] | -6.124 | 4.00 | 0.0036 | yes" \
    "transactions/s B: ratio and interval, Welch t, df, p, significant"
is "$(row "$T/ab.txt" deletes/s B)" \
    "deletes/s | B | 3 | 70.000 | 18.028 | [25.217, 114.783] | 1.1667 | [0.5493, 1.7840] | -0.840 | 3.12 | 0.4603 | no" \
    "deletes/s B: unequal variances, not significant"
is "$(row "$T/ab.txt" 'deletes/s alone' B)" \
    "deletes/s alone | B | 3 | 1000.0 | 100.0 | [751.6, 1248.4] | 0.9091 | [0.7030, 1.1152] | 1.225 | 4.00 | 0.2879 | no" \
    "deletes/s alone B: ratio below 1, positive t"
is "$(row "$T/ab.txt" 'read MB/s' A)" \
    "read MB/s | A | 3 | 2.000 | 1.000 | [-0.484, 4.484] | 1.0000 | - | - | - | - | -" \
    "read MB/s = read_bytes_per_s / 1048576"
is "$(row "$T/ab.txt" 'read MB/s' B)" \
    "read MB/s | B | 3 | 4.000 | 2.000 | [-0.968, 8.968] | 2.0000 | [-0.0777, 4.0777] | -1.549 | 2.94 | 0.2209 | no" \
    "read MB/s B"
is "$(row "$T/ab.txt" 'elapsed s' B)" \
    "elapsed s | B | 3 | 49.000 | 0.500 | [47.758, 50.242] | 8.1667 | [7.9875, 8.3458] | -138.303 | 2.62 | 3.8e-06 | yes" \
    "elapsed s B: tiny p-value (python: 3.837e-06)"
is "$(row "$T/ab.txt" 'creates/s alone' B)" \
    "creates/s alone | B | 3 | 100.000 | 0.000 | [100.000, 100.000] | 1.0000 | [1.0000, 1.0000] | 0 | - | 1.0000 | no" \
    "no spread and equal means: t 0, p 1, not significant"
is "$(row "$T/ab.txt" 'append p50 us' A)" \
    "append p50 us | A | 2 | 9.000 | 1.414 | [-3.706, 21.706] | 1.0000 | - | - | - | - | -" \
    "an empty latency field is not measured: n 2, t(0.975, 1) = 12.706"
is "$(row "$T/ab.txt" 'create p99 us' B)" \
    "create p99 us | B | 3 | 50.000 | 25.000 | [-12.103, 112.103] | 0.5000 | [-0.5388, 1.5388] | 1.549 | 2.94 | 0.2209 | no" \
    "create p99 latency B"

grep -qF '| transactions/s | B | 3 | 22.000 | 2.000 | [17.032, 26.968] | 1.8333 | [1.4555, 2.2112] | -6.124 | 4.00 | 0.0036 | yes |' "$T/ab.md"
ok $? "the Markdown table has the same row"
grep -q '^| --- | --- | ---: |' "$T/ab.md"
ok $? "the Markdown table has an alignment row"

# The same rows as CRLF, split over two files with a header each, give the
# same tables.
mkdir "$T/split"
awk 'NR == 1 { h = $0 } NR <= 5 { print > p "/one.csv"; next }
    FNR == 6 { print h > p "/two.csv" } { print > p "/two.csv" }' \
    p="$T/split" "$T/ab.csv"
sed 's/$/\r/' "$T/split/two.csv" >"$T/split/two.tmp" &&
    mv "$T/split/two.tmp" "$T/split/two.csv"
sh "$compare" report --no-plot -o "$T/split/r" "$T/split/one.csv" \
    "$T/split/two.csv" >/dev/null 2>"$T/err"
ok $? "two CSV files, one with CRLF line ends, exit 0"
grep -v '^source:' "$T/ab.txt" >"$T/want"
grep -v '^source:' "$T/split/r.txt" >"$T/got"
same_file "$T/got" "$T/want" "they give the same report as the single file"
is "$(grep '^source:' "$T/split/r.txt")" "source: one.csv, two.csv" \
    "the source line names both files"

# -l chooses and orders the labels: B first, so ratios are against B.
sh "$compare" report --no-plot -l B,A -o "$T/ba" "$T/ab.csv" >/dev/null 2>&1
ok $? "-l B,A exits 0"
is "$(row "$T/ba.txt" transactions/s A)" \
    "transactions/s | A | 3 | 12.000 | 2.000 | [7.032, 16.968] | 0.5455 | [0.3394, 0.7515] | 6.124 | 4.00 | 0.0036 | yes" \
    "-l B,A: A against B"
sh "$compare" report --no-plot -l B -o "$T/b" "$T/ab.csv" >/dev/null 2>&1
ok $? "-l B exits 0"
is "$(grep -c '^transactions/s ' "$T/b.txt")" 1 "-l B keeps only label B"

# Several file counts: one table per count, ascending, each with its own
# ratios; the test is against the first label at that count.
cp "$fix/compare-sweep.csv" "$T/sweep.csv"
sh "$compare" report --no-plot "$T/sweep.csv" >/dev/null 2>"$T/err"
ok $? "report mode on compare-sweep.csv exits 0"
is "$(grep ' files (set number)' "$T/sweep.txt" | cut -d' ' -f1 |
    tr '\n' ' ')" \
    "1000 5000 20000 " "one table per number of files, ascending"
is "$(awk '/^20000 files/ { on = 1 } on' "$T/sweep.txt" |
    awk 'BEGIN { FS = "  +" } $1 == "transactions/s" && $2 == "linear" {
	s = $1; for (i = 2; i <= NF; i++) s = s " | " $i; print s }')" \
    "transactions/s | linear | 2 | 925.0 | 35.4 | [607.3, 1242.7] | 0.1250 | [-0.0118, 0.2618] | 62.817 | 1.12 | 0.0062 | yes" \
    "20000 files: linear against hashed"

done_testing
