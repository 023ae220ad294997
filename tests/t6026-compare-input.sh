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
# interval series, where 1e999 used to become an infinite mean.  So is
# every value the statistics cannot hold or that cannot be: a measure
# above 1e15 (1e308 in every row ended in a traceback, the sum
# overflowing), a negative rate, time or latency (taken silently), a
# number of files below 1 or not whole; and in the interval series a
# negative count of files alive (gnuplot's "x range is invalid"), a p99
# of 1e308, an end before its start, and an interval of no length that
# created files (its rate has no value: the growth section vanished
# without a word).

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

refused huge_all 'BEGIN { FS = OFS = "," } NR > 1 { $37 = "1e308" } 1' \
    "2: column transactions_per_s: '1e308' is above 1e15, more than any run measures (the statistics could not hold it)" \
    "1e308 in every row (a sum that overflows) is refused, no traceback"
refused negative 'BEGIN { FS = OFS = "," } NR == 5 { $37 = "-5" } 1' \
    "5: column transactions_per_s: '-5' is negative, and a rate cannot be" \
    "a negative rate is refused"
refused neg_time 'BEGIN { FS = OFS = "," } NR == 8 { $33 = "-0.5" } 1' \
    "8: column elapsed_s: '-0.5' is negative, and a time cannot be" \
    "a negative time is refused"
refused neg_latency 'BEGIN { FS = OFS = "," } NR == 2 { $53 = "-1e-3" } 1' \
    "2: column create_p99_us: '-1e-3' is negative, and a latency cannot be" \
    "a negative latency is refused"
refused huge_bytes 'BEGIN { FS = OFS = "," } NR == 6 { $46 = "2e15" } 1' \
    "6: column read_bytes_per_s: '2e15' is above 1e15, more than any run measures (the statistics could not hold it)" \
    "a rate of bytes above 1e15 is refused"
refused zero_number 'BEGIN { FS = OFS = "," } NR == 3 { $11 = "0" } 1' \
    "3: column number: '0' is below 1, and a number of files cannot be" \
    "a number of files of 0 is refused"
refused half_number 'BEGIN { FS = OFS = "," } NR == 3 { $11 = "10.5" } 1' \
    "3: column number: '10.5' is not a whole number, and a number of files must be" \
    "a number of files that is not whole is refused"

# The interval series: each value of a creation interval, checked.
# interval NAME AWK-PROGRAM MESSAGE DESC: the growth fixture with its
# interval series edited by AWK-PROGRAM is refused with MESSAGE, naming the
# series' FILE:LINE.
interval() {
	mkdir "$T/$1"
	cp "$srcdir/tests/fixtures/compare-growth.csv" "$T/$1/g.csv"
	awk -F, -v OFS=, "$2" \
	    "$srcdir/tests/fixtures/compare-growth.csv.intervals.csv" \
	    >"$T/$1/g.csv.intervals.csv"
	report "$T/$1/g.csv"
	is "$st:$(cat "$T/err")" \
	    "1:compare.sh: $T/$1/g.csv.intervals.csv:$3" "$4"
}
# Columns 6 to 9 and 17: start_s, end_s, files_alive, created,
# create_p99_us; lines 2 to 5 are creation intervals.
interval inf_time 'NR == 3 { $6 = "1e999" } 1' \
    "3: column start_s: '1e999' is not a finite number" \
    "an infinite time in the interval series is refused with FILE:LINE"
interval alive 'NR == 4 { $8 = "-5" } 1' \
    "4: column files_alive: '-5' is negative, and a count of files cannot be" \
    "files_alive=-5: refused, not gnuplot's error"
interval p99 'NR == 2 { $17 = "1e308" } 1' \
    "2: column create_p99_us: '1e308' is above 1e15, more than any run measures (the statistics could not hold it)" \
    "create_p99_us=1e308: refused"
interval created 'NR == 5 { $9 = "2.5" } 1' \
    "5: column created: '2.5' is not a whole number, and a count of files must be" \
    "a count of files created that is not whole: refused"
interval backwards 'NR == 3 { $7 = "0.01" } 1' \
    "3: column end_s: '0.01' is before start_s '0.051787540'" \
    "an interval that ends before it starts: refused"
interval nolength 'NR > 1 && $4 == "creation" { $7 = $6 } 1' \
    "2: column end_s: '0.000000000' equals start_s, but the interval created 250 files: a rate needs an interval of some length" \
    "end_s equal to start_s (every interval): refused, not a vanished section"

done_testing
