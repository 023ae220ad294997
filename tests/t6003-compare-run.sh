#!/bin/sh
# t6003-compare-run: a smoke test of scripts/compare.sh run mode with our
# postmark on two scratch directories: a small config, 2 iterations,
# interleaved A B A B, rows in a CSV named by date and labels, a report and
# PNG plots; the targets are left empty; --file-counts sweeps set number; a
# failing run stops with postmark's message.

. "$srcdir/tests/tap.sh"

plot=
command -v gnuplot >/dev/null 2>&1 || plot=--no-plot

compare="$srcdir/scripts/compare.sh"

# col FILE NAME: the values of column NAME (found by header name) of a CSV
# file, one per row, each followed by a blank; quoted fields may hold
# commas.
col() {
	awk -v name="$2" '
	function split_csv(s, f,    n, c, q, cur, i) {
		n = 0; cur = ""; q = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (q) { if (c == "\"") q = 0; else cur = cur c }
			else if (c == "\"") q = 1
			else if (c == ",") { f[++n] = cur; cur = "" }
			else cur = cur c
		}
		f[++n] = cur
		return n
	}
	{ split_csv($0, f) }
	NR == 1 { for (i in f) if (f[i] == name) k = i; next }
	{ printf("%s ", f[k]) }' "$1"
}

mkdir "$T/a" "$T/b" "$T/cwd"
printf '# small\nset number 30\nset transactions 100\nset size 100 2000\n' \
    >"$T/small.pmrc"
(cd "$T/cwd" && sh "$compare" -n 2 -p "$POSTMARK" $plot "$T/small.pmrc" \
    A="$T/a" B=../b) >"$T/out" 2>"$T/err"
ok $? "run mode exits 0"
csv=$(ls "$T"/cwd/results/*-A-vs-B.csv 2>/dev/null)
ok "$(test -n "$csv" && test -f "$csv"; echo $?)" \
    "the CSV is results/DATE-A-vs-B.csv: $csv"
is "$(wc -l <"$csv" | tr -d ' ')" 5 "a header and 4 rows"
is "$(col "$csv" label)" "A B A B " "runs interleaved A B A B"
is "$(col "$csv" status)" "ok ok ok ok " "every run ok"
is "$(col "$csv" number)" "30 30 30 30 " "the config's set number"
is "$(col "$csv" locations | sed "s|$T||g; s|compare\.[^:]*|X|g")" \
    "/a/X:1 /b/X:1 /a/X:1 /b/X:1 " \
    "each run in its own subdirectory of the target"
is "$(ls -A "$T/a")$(ls -A "$T/b")" "" "the targets are empty afterwards"
txt=${csv%.csv}.txt
ok "$(test -s "$txt" && test -s "${csv%.csv}.md"; echo $?)" \
    "text and Markdown reports next to the CSV"
same_file "$T/out" "$txt" "the report is printed"
is "$(awk 'BEGIN { FS = "  +" } $1 == "transactions/s" { print $2, $3 }' \
    "$txt" | tr '\n' ' ')" "A 2 B 2 " "the report has both labels, n 2"
if [ -z "$plot" ]; then
	for p in bars latency; do
		is_png "${csv%.csv}-$p.png" "$p plot is a PNG"
	done
else
	skip "plots" "gnuplot not installed"
	skip "plots" "gnuplot not installed"
fi

# A second comparison the same day gets a new file; --file-counts sweeps.
(cd "$T/cwd" && sh "$compare" -n 1 -p "$POSTMARK" --file-counts "20,40" \
    $plot "$T/small.pmrc" A="$T/a" B="$T/b") >/dev/null 2>"$T/err"
ok $? "--file-counts run exits 0"
csv2=$(ls "$T"/cwd/results/*-A-vs-B-2.csv 2>/dev/null)
ok "$(test -n "$csv2"; echo $?)" "a second CSV, ...-A-vs-B-2.csv"
is "$(col "$csv2" number)" "20 20 40 40 " "set number swept for each target"
is "$(grep -c ' files (set number)' "${csv2%.csv}.txt")" 2 \
    "one table per file count"
if [ -z "$plot" ]; then
	is_png "${csv2%.csv}-files.png" "rate-versus-files plot is a PNG"
else
	skip "files plot" "gnuplot not installed"
fi

# -o appends to a given file; a config that postmark refuses stops run
# mode with postmark's message, before the first run (it
# used to fail the first run: 'postmark failed (exit 1) on target A').
printf 'set number abc\n' >"$T/bad.pmrc"
sh "$compare" -n 1 -p "$POSTMARK" --no-plot -o "$T/bad.csv" "$T/bad.pmrc" \
    A="$T/a" >/dev/null 2>"$T/err"
is "$?" 1 "a config that postmark refuses: exit 1"
grep -q "postmark: .*set number: 'abc' is not a whole number" "$T/err" &&
    grep -q 'refused the config; nothing was run' "$T/err"
ok $? "postmark's message, and that nothing ran, are shown"
is "$(ls -A "$T/a")" "" "the target is empty after the failure"

done_testing
