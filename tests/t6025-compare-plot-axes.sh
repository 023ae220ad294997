#!/bin/sh
# t6025-compare-plot-axes: the -files plot labels every file count on its
# logarithmic axis, where gnuplot's own tics of a log axis label
# only the decades, so that 5000 and 20000 could not be read; and no key
# covers an axis title: in the -files and -clients plots the key sits
# below the title of the x axis by more than a line, where before it
# touched it.  Read from the SVG plots, whose texts are placed by
# translate(X,Y), Y growing downwards, in a font of 9 units.

. "$srcdir/tests/tap.sh"

command -v gnuplot >/dev/null 2>&1 || skip_all "gnuplot not installed"
compare="$srcdir/scripts/compare.sh"
cp "$srcdir/tests/fixtures/compare-sweep.csv" \
    "$srcdir/tests/fixtures/compare-clients.csv" "$T/"

(cd "$T" && sh "$compare" report -o sw compare-sweep.csv &&
    sh "$compare" report -o cl compare-clients.csv) >/dev/null 2>"$T/err"
is "$?" 0 "reports on several file counts and client counts exit 0"

# texts FILE: each text of the SVG FILE as "Y TEXT".
texts() {
	awk '/<g transform="translate\(/ {
		t = $0
		sub(/.*translate\([^,]*,/, "", t)
		sub(/\).*/, "", t)
	}
	/<text>/ {
		s = $0
		gsub(/.*<text>|<\/text>.*/, "", s)
		print t, s
	}' "$1"
}
texts "$T/sw-files.svg" >"$T/files"
texts "$T/cl-clients.svg" >"$T/clients"

# Each panel of -files: the tics 1000, 5000 and 20000 on one line (the x
# axis, which two panels side by side share; the y axes have others).
is "$(awk '$2 == 1000 { a[$1]++ } $2 == 5000 { b[$1]++ }
    $2 == 20000 { c[$1]++ } END { for (y in a) if (a[y] == b[y] &&
    a[y] == c[y]) n += a[y]; print n + 0 }' "$T/files")" 4 \
    "-files: every panel labels 1000, 5000 and 20000 files on its x axis"

# gap FILE TITLE KEY: the least distance down from the x axis title TITLE
# to the key entry KEY below it, over the panels.
gap() {
	awk -v title="$2" -v key="$3" '
		{ y = $1; $1 = ""; sub(/^ /, "") }
		$0 == title { ty[++nt] = y }
		$0 == key { ky[++nk] = y }
		END {
			best = 1e9
			for (i = 1; i <= nt; i++)
				for (j = 1; j <= nk; j++)
					if (ky[j] > ty[i] &&
					    ky[j] - ty[i] < best)
						best = ky[j] - ty[i]
			print best == 1e9 ? "none" : best
		}' "$1"
}
g=$(gap "$T/files" "number of files (set number)" hashed)
ok "$(awk -v g="$g" 'BEGIN { exit !(g != "none" && g >= 13.5) }'; echo $?)" \
    "-files: the key is a line and a half below the axis title ($g)"
g=$(gap "$T/clients" "clients (set clients)" private)
ok "$(awk -v g="$g" 'BEGIN { exit !(g != "none" && g >= 13.5) }'; echo $?)" \
    "-clients: the key is a line and a half below the axis title ($g)"

done_testing
