#!/bin/sh
# t6014-compare-by: scripts/compare.sh report --by FIELD [--series FIELD2]
#: the rows are grouped by the value of any column (here the
# kernel) in natural version order (6.1.0-18-amd64 < 6.2.0 < 6.10.2, not
# the order of the file nor that of the strings), a table per value of
# FIELD2 (here the label) with ratios and tests against the first
# kernel, the steps between adjacent kernels listed with their tests (each
# step one comparison: transactions/s at 5 %, the other five measures
# corrected by Benjamini-Hochberg), and
# the -series plot; without --series, groups that mix labels are warned
# about; --by number and --by label; an unknown field and --series
# without --by are refused.
#
# The fixture tests/fixtures/compare-kernels.csv is postmark's own output
# (engine of commit d213fac) on one ext4 file system: labels
# disk1 and disk2, each nine runs of set number 200, set transactions 300,
# in three runs of set iterations 3 with set sync none, fsync, none.  The
# test writes the kernels into its kernel column with awk: each label's
# runs 1-3 6.10.2, 4-6 (fsync) 6.1.0-18-amd64, 7-9 6.2.0.  The expected
# numbers were computed independently of compare.py with python3:
# statistics.mean and stdev for the tables; for the steps, on the
# logarithms of the values (a latency's sd at least log(65/64)), the
# difference of their means over sqrt(sA^2/nA + sB^2/nB), df nA + nB - 2,
# p from mpmath.betainc(df/2, 1/2, 0, df/(df+t^2), regularized=True),
# and for the five measures after transactions/s Benjamini-Hochberg's
# adjusted p (the least 5 p(j) / j from their rank up).

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
plot=
command -v gnuplot >/dev/null 2>&1 || plot=--no-plot
awk -F, -v OFS=, '
	NR == 1 { print; next }
	{
		n[$2]++
		$6 = n[$2] <= 3 ? "6.10.2" : n[$2] <= 6 ? "6.1.0-18-amd64" : \
		    "6.2.0"
		print
	}' "$srcdir/tests/fixtures/compare-kernels.csv" >"$T/k.csv"

# cells FILE TABLE MEASURE LABEL: n, mean and sd of that row of the table
# whose heading starts with TABLE in the text report FILE, joined by " | ".
cells() {
	awk -v t="$2" -v m="$3" -v l="$4" '
		BEGIN { FS = "  +" }
		/; ratios and tests against / { on = index($0, t) == 1 }
		on && $1 == m && $2 == l { print $3 " | " $4 " | " $5 }' "$1"
}

# step FILE GROUP MEASURE FROM: ratio, p and verdict of that row of the
# steps table of FILE (after its interval and level), joined by " | ".
step() {
	awk -v g="$2" -v m="$3" -v f="$4" '
		BEGIN { FS = "  +" }
		/^steps between / { on = 1; next }
		on && /^$/ { on = 0 }
		on && $1 == g && $2 == m && $3 == f { print $5 " | " $8 " | " $9 }' "$1"
}

# report NAME ARGS...: report mode in $T with -o NAME and ARGS; check exit 0.
report() {
	name=$1
	shift
	(cd "$T" && sh "$compare" report -o "$name" "$@") >/dev/null \
	    2>"$T/err"
	st=$?
	is "$st" 0 "report -o $name $*: exit 0"
	[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
}

report s $plot --by kernel --series label k.csv
is "$(sed -n 1p "$T/s.txt")" \
    "postmark comparison: 6.1.0-18-amd64 vs 6.2.0 vs 6.10.2" \
    "--by kernel: the kernels in natural version order"
is "$(grep ' files (set number)' "$T/s.txt")" \
    "200 files (set number), label disk1; ratios and tests against 6.1.0-18-amd64
200 files (set number), label disk2; ratios and tests against 6.1.0-18-amd64" \
    "--series label: a table per label, against the first kernel"
is "$(cells "$T/s.txt" '200 files (set number), label disk2' \
    transactions/s 6.2.0)" "3 | 3898.7 | 443.9" \
    "disk2 on 6.2.0: its three runs"
is "$(cells "$T/s.txt" '200 files (set number), label disk1' \
    transactions/s 6.1.0-18-amd64)" "3 | 320.0 | 90.0" \
    "disk1 on 6.1.0-18-amd64: the fsync runs"
is "$(step "$T/s.txt" '200 files, label disk2' transactions/s \
    6.1.0-18-amd64)" "7.8054 | 0.0054 | yes" \
    "step 6.1.0-18-amd64 to 6.2.0 of disk2: significant"
is "$(step "$T/s.txt" '200 files, label disk2' transactions/s 6.2.0)" \
    "0.4010 | 0.0011 | yes" "step 6.2.0 to 6.10.2 of disk2: significant"
is "$(step "$T/s.txt" '200 files, label disk1' transactions/s \
    6.1.0-18-amd64)" "12.0561 | 0.0202 | yes" \
    "step 6.1.0-18-amd64 to 6.2.0 of disk1: significant on the logarithms $(:
    )(on the means one wild run hid it: 18.2454, p 0.2842)"
is "$(step "$T/s.txt" '200 files, label disk1' 'deletes/s alone' \
    6.1.0-18-amd64)" "72.1647 | 2.9e-04 | yes" \
    "the steps cover creates/s, deletes/s and p99 latencies too"
is "$(step "$T/s.txt" '200 files, label disk2' 'create p99 us' 6.2.0)" \
    "2.4126 | 0.0588 | no" \
    "... a latency step, corrected (0.0193 alone, on the means)"
is "$(awk '/^steps between /, /^$/' "$T/s.txt" | grep -c ' 6\.')" 24 \
    "2 labels x 2 steps x 6 measures"
grep -q '^groups: the values of kernel, in natural order; a table (and a line of the -series plot) per value of label$' \
    "$T/s.txt"
ok $? "the report says how the rows are grouped"
if [ -z "$plot" ]; then
	png "$T/s-series.png" 1200 900 "the -series plot is a 1200x900 PNG"
	grep -q 'label disk2' "$T/s-series.svg" &&
	    grep -q 'significant step' "$T/s-series.svg"
	ok $? "... an SVG with a line per label and the significant steps"
else
	skip "-series plot" "gnuplot not installed"
	skip "-series plot" "gnuplot not installed"
fi

# Without --series the kernels' groups hold both labels.
report m --no-plot --by kernel k.csv
grep -qxF "compare.sh: warning: the groups 6.1.0-18-amd64, 6.2.0, 6.10.2 (values of kernel) hold rows of several labels, runs of different targets; --series label makes a line of each" \
    "$T/err"
ok $? "--by without --series: groups of several labels are warned about"
is "$(cells "$T/m.txt" '200 files' transactions/s 6.2.0 | cut -d' ' -f1)" \
    6 "... and hold the runs of both"

# Other fields.
report n --no-plot --by number k.csv
is "$(grep ' tests against ' "$T/n.txt")" \
    "all rows; ratios and tests against 200" \
    "--by number: the number of files leaves the tables' key"
report l --no-plot --by label k.csv
is "$(cells "$T/l.txt" '200 files' transactions/s disk1 | cut -d' ' -f1)" 9 \
    "--by label: the labels as without --by"

# Refusals.
(cd "$T" && sh "$compare" report --no-plot --by kernal k.csv) \
    >/dev/null 2>"$T/err"
is "$?" 1 "--by a field that no column has: exit 1"
grep -q "missing column 'kernal'" "$T/err"
ok $? "... naming the field"
(cd "$T" && sh "$compare" report --no-plot --series label k.csv) \
    >/dev/null 2>"$T/err"
is "$?" 2 "--series without --by: exit 2"
grep -q -- '--series needs --by' "$T/err"
ok $? "... saying so"
(cd "$T" && sh "$compare" report --no-plot --by label --series label \
    k.csv) >/dev/null 2>"$T/err"
is "$?" 2 "--series the same field as --by: exit 2"

done_testing
