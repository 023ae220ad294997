#!/bin/sh
# t6000-compare-stats: scripts/compare.sh report mode on the fixed CSV
# fixtures tests/fixtures/compare-ab.csv and compare-sweep.csv (79 columns,
# results/README.md): means, standard deviations, confidence intervals,
# ratios of the geometric means with their intervals and tests, the
# primary measure's verdict first, the others corrected, in the text and
# Markdown tables.
#
# The expected numbers were computed independently of compare.py, with
# python3's csv module and mpmath at 30 digits: means and sample standard
# deviations of the values for the means' intervals, t(0.975, n - 1) and
# the tests' quantiles by findroot on Student's two-sided tail (mpmath's
# regularized incomplete beta function); each ratio from the logarithms
# of the values: d = mean log L - mean log R, se = sqrt(sR^2/nR +
# sL^2/nL) of the logarithms (a latency's sd at least log(65/64), one
# histogram bucket), df = nR + nL - 2 for equal sizes, p = the tail of
# d / se, the interval exp(d +- t se) at 95 % for transactions/s (the
# primary measure) and for the 16 others at 1 - 5 % x 4 / 16 = 98.75 %
# (Benjamini-Hochberg finds 4 of them: p below k x 5 % / 16 for the k-th
# smallest), their p adjusted (the least m p(j) / j from their rank up),
# the smallest detectable change exp((t + t(0.8, df)) se) - 1.  Before,
# the ratio's interval was Welch's interval of the difference over the
# first label's mean: read MB/s B was 2.0000 [-0.0777, 4.0777], below 0.
# The first case is also checkable by hand: A = 10, 12, 14 and B = 20,
# 22, 24 give means 12 and 22, sd 2, a 95 % half-width of 4.302653 * 2 /
# sqrt(3) = 4.968; on the logarithms d = 0.612760, se = 0.110583, df 4,
# t(0.975, 4) = 2.776445, so the ratio 1.8455 and its interval
# exp(0.612760 -+ 0.307029) = [1.3576, 2.5088], p 0.0052.

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
    "1000 files (set number); ratios and tests against A" \
    "ratios are against the first label seen"
is "$(sed -n '/^## 1000 files/,/^| measure/p' "$T/ab.md" |
    sed -n '3,4s/  $//p')" \
    "B: transactions/s 1.8455 [1.3576, 2.5088] (95%), p 0.0052: higher, $(:
    )better; smallest detectable change 50.8%
B: 16 other tests, 4 significant after Benjamini-Hochberg at 5% (their $(:
    )intervals at 98.75%)" "the primary measure's verdict first, then $(:
    )how many other tests were made and found"

is "$(row "$T/ab.txt" transactions/s A)" \
    "transactions/s | A | 3 | 12.000 | 2.000 | [7.032, 16.968] | 1.0000 | - | - | - | - | -" \
    "transactions/s A: n, mean, sd, 95% CI"
is "$(row "$T/ab.txt" transactions/s B)" \
    "transactions/s | B | 3 | 22.000 | 2.000 | [17.032, 26.968] | 1.8455 | [1.3576, 2.5088] | 95% | 0.0052 | yes | 50.8%" \
    "transactions/s B (primary): ratio, interval at 95%, p, significant, detectable"
is "$(row "$T/ab.txt" deletes/s B)" \
    "deletes/s | B | 3 | 70.000 | 18.028 | [25.217, 114.783] | 1.1528 | [0.5436, 2.4451] | 98.75% | 0.8182 | no | 150%" \
    "deletes/s B: corrected, p adjusted (0.4602 raw), not significant"
is "$(row "$T/ab.txt" 'deletes/s alone' B)" \
    "deletes/s alone | B | 3 | 1000.0 | 100.0 | [751.6, 1248.4] | 0.9086 | [0.6481, 1.2737] | 98.75% | 0.5757 | no | 50.9%" \
    "deletes/s alone B: ratio below 1"
is "$(row "$T/ab.txt" 'read MB/s' A)" \
    "read MB/s | A | 3 | 2.000 | 1.000 | [-0.484, 4.484] | 1.0000 | - | - | - | - | -" \
    "read MB/s = read_bytes_per_s / 1048576"
is "$(row "$T/ab.txt" 'read MB/s' B)" \
    "read MB/s | B | 3 | 4.000 | 2.000 | [-0.968, 8.968] | 2.0000 | [0.2825, 14.1581] | 98.75% | 0.4599 | no | 985%" \
    "read MB/s B: the ratio's interval above 0 (was [-0.0777, 4.0777])"
is "$(row "$T/ab.txt" 'elapsed s' B)" \
    "elapsed s | B | 3 | 49.000 | 0.500 | [47.758, 50.242] | 8.1694 | [7.4897, 8.9108] | 98.75% | 8.1e-07 | yes | 11.2%" \
    "elapsed s B: tiny p-value (mpmath: 8.101e-07 adjusted)"
is "$(row "$T/ab.txt" 'creates/s alone' B)" \
    "creates/s alone | B | 3 | 100.000 | 0.000 | [100.000, 100.000] | 1.0000 | [1.0000, 1.0000] | 98.75% | 1.0000 | no | -" \
    "no spread and equal means: p 1, not significant, nothing detectable"
is "$(row "$T/ab.txt" 'append p50 us' A)" \
    "append p50 us | A | 2 | 9.000 | 1.414 | [-3.706, 21.706] | 1.0000 | - | - | - | - | -" \
    "an empty latency field is not measured: n 2, t(0.975, 1) = 12.706"
is "$(row "$T/ab.txt" 'create p99 us' B)" \
    "create p99 us | B | 3 | 50.000 | 25.000 | [-12.103, 112.103] | 0.5000 | [0.0706, 3.5395] | 98.75% | 0.4599 | no | 985%" \
    "create p99 latency B (was [-0.5388, 1.5388])"

grep -qF '| transactions/s | B | 3 | 22.000 | 2.000 | [17.032, 26.968] | 1.8455 | [1.3576, 2.5088] | 95% | 0.0052 | yes | 50.8% |' "$T/ab.md"
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
    "transactions/s | A | 3 | 12.000 | 2.000 | [7.032, 16.968] | 0.5419 | [0.3986, 0.7366] | 95% | 0.0052 | yes | 50.8%" \
    "-l B,A: A against B, the reciprocal interval"
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
    "transactions/s | linear | 2 | 925.0 | 35.4 | [607.3, 1242.7] | 0.1250 | [0.1097, 0.1423] | 95% | 2.1e-04 | yes | 17.6%" \
    "20000 files: linear against hashed (was [-0.0118, 0.2618])"

# Rows that repeat a test: postmark's runs of one config and seed have the
# same counts, so creates/s mixed and deletes/s mixed are counts over the
# transactions' time, as transactions/s is, and deletes/s, read MB/s and
# write MB/s counts over the whole run's, whose time elapsed s is: each
# is marked "= transactions/s" or "= elapsed s" with its own ratio and
# interval at that row's level, and not counted among the tests.  With
# another seed for each run the counts differ, and every row is a test.
mkdir "$T/runs"
# runs LABEL SEED...: a run of a small config for each seed.
runs() {
	r_lab=$1
	shift
	for r_seed in "$@"; do
		printf '%s\n' "set location $T/runs" "set number 30" \
		    "set transactions 60" "set seed $r_seed" "set label $r_lab" \
		    "set report csv" "run $T/$r_csv" quit |
		    "$POSTMARK" >/dev/null 2>&1 || return 1
	done
}
r_csv=same.csv
runs A 7 7 7 && runs B 7 7 7
ok $? "six runs of one seed"
sh "$compare" report --no-plot -o "$T/same" "$T/same.csv" >/dev/null 2>&1
is "$(awk 'BEGIN { FS = "  +" } $2 == "B" && $11 ~ /^=/ {
	print $1 ": " $11 }' "$T/same.txt")" "creates/s mixed: = transactions/s
deletes/s: = elapsed s
deletes/s mixed: = transactions/s
read MB/s: = elapsed s
write MB/s: = elapsed s" "five rows repeat transactions/s's or elapsed s's test"
grep -q '^B: 11 other tests, .*; 5 rows repeat another.s test (=)  $' \
    "$T/same.md"
ok $? "... and are not counted: 11 other tests"
is "$(awk 'BEGIN { FS = "  +" } $2 == "B" && ($1 == "deletes/s" ||
	$1 == "elapsed s" || $1 == "read MB/s") { print $9 }' "$T/same.txt" |
	uniq -c | awk '{ print $1 }')" 3 "... at elapsed s's level"
r_csv=seeds.csv
runs A 7 8 9 && runs B 10 11 12
sh "$compare" report --no-plot -o "$T/seeds" "$T/seeds.csv" >/dev/null 2>&1
grep -q '^B: 16 other tests, ' "$T/seeds.txt"
ok $? "other seeds, other counts: every row a test of its own"

done_testing
