#!/bin/sh
# t6026-compare-input: compare.py reads any CSV in time linear in its size
# and with no limit on a field.  A 2 MB file whose 10th row
# opens a quoted field that is never closed is refused at once with
# FILE:LINE of that row (awk's splitter rescanned the pending record at
# every line: a 200 KB file took minutes; timeout below only bounds a
# hang, the report takes well under a second); one with a quote inside an
# unquoted field likewise; a label of 100000 characters is reported whole
# (mawk's 8 KB sprintf limit stopped it with "program limit exceeded").
# A value that is not a finite number (inf, nan, 1e999) is refused with
# FILE:LINE and its column, in the measures, the number of files and the
# interval series, where 1e999 used to become an infinite mean.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
# The fixture without its quoted fields (each becomes x), so that awk -F,
# can set its columns.
sed 's/"[^"]*"/x/g' "$srcdir/tests/fixtures/compare-ab.csv" >"$T/ab.csv"
fix=$T/ab.csv

# report FILE: report mode on FILE, at most 300 s; $st, stderr in $T/err.
report() {
	$GUARD sh "$compare" report --no-plot "$1" >/dev/null 2>"$T/err"
	st=$?
}

# big.csv: the fixture's header and 2 MB of its rows, the 10th opening a
# quoted label it never closes.
awk 'NR == 1 { print; next } NR == 2 { row = $0 }
    END { for (i = 2; i <= 4000; i++) {
	r = row
	if (i == 10)
		sub(/^1,A,/, "1,\"A,", r)
	print r } }' "$fix" >"$T/big.csv"
ok "$(test "$(wc -c <"$T/big.csv")" -gt 2000000; echo $?)" \
    "big.csv holds $(wc -c <"$T/big.csv") bytes"
report "$T/big.csv"
is "$st:$(cat "$T/err")" \
    "1:compare.sh: $T/big.csv:10: unterminated quoted field" \
    "an unterminated quote in 2 MB: refused at once, with FILE:LINE"
sed '10s/^1,"A,/1,A"x,/' "$T/big.csv" >"$T/stray.csv"
report "$T/stray.csv"
is "$st:$(cat "$T/err")" \
    "1:compare.sh: $T/stray.csv:10: malformed CSV: a quote inside an unquoted field or text after a closing quote" \
    "a quote inside an unquoted field: refused with FILE:LINE"

# A label of 100000 characters.
long=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf("0123456789") }')
awk -v l="$long" -F, -v OFS=, 'NR > 1 && $2 == "A" { $2 = l } 1' "$fix" \
    >"$T/long.csv"
report "$T/long.csv"
is "$st:$(cat "$T/err")" 0: "a label of 100000 characters: exit 0"
is "$(grep -c "^postmark comparison: $long vs B\$" "$T/long.txt")" 1 \
    "... shown whole"

# refused NAME AWK-PROGRAM MESSAGE DESC: a variant of the fixture (or, with
# NAME iv, of its interval series) is refused with MESSAGE.
refused() {
	awk "$2" "$fix" >"$T/$1.csv"
	report "$T/$1.csv"
	is "$st:$(cat "$T/err")" "1:compare.sh: $T/$1.csv:$3" "$4"
}
# Columns 11 and 37 (results/README.md): number, transactions_per_s; lines
# 2, 5 and 8 are rows of label A with status ok.
refused inf 'BEGIN { FS = OFS = "," } NR == 2 { $37 = "inf" } 1' \
    "2: column transactions_per_s: 'inf' is not a number" "inf is refused"
refused nan 'BEGIN { FS = OFS = "," } NR == 5 { $37 = "nan" } 1' \
    "5: column transactions_per_s: 'nan' is not a number" "nan is refused"
refused huge 'BEGIN { FS = OFS = "," } NR == 2 { $37 = "1e999" } 1' \
    "2: column transactions_per_s: '1e999' is not a finite number" \
    "1e999 (infinite as a double) is refused"
refused number 'BEGIN { FS = OFS = "," } NR == 8 { $11 = "1e400" } 1' \
    "8: column number: '1e400' is not a finite number" \
    "a number of files of 1e400 is refused"

# The interval series: a start time of nan.
cp "$srcdir/tests/fixtures/compare-growth.csv" \
    "$srcdir/tests/fixtures/compare-growth.csv.intervals.csv" "$T/"
awk -F, -v OFS=, 'NR == 3 { $6 = "1e999" } 1' \
    "$srcdir/tests/fixtures/compare-growth.csv.intervals.csv" \
    >"$T/compare-growth.csv.intervals.csv"
report "$T/compare-growth.csv"
is "$st:$(cat "$T/err")" \
    "1:compare.sh: $T/compare-growth.csv.intervals.csv:3: a time, count or latency of the interval is not a finite number" \
    "an infinite time in the interval series is refused with FILE:LINE"

done_testing
