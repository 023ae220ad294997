#!/bin/sh
# t6025-compare-plot-axes: the -files plot labels every file count on its
# logarithmic axis, where gnuplot's own tics of a log axis label
# only the decades, so that 5000 and 20000 could not be read; and no key
# covers an axis title: in the -files and -clients plots the key sits
# below the title of the x axis by more than a line, where before it
# touched it.  Read from the SVG plots, whose texts are placed by
# translate(X,Y), Y growing downwards, in a font of 9 units.
#
# Real labels stay readable:
#  - a label holding % forms is shown whole on the axes (a tic label was a
#    format to gnuplot, cut at 50 characters of output);
#  - the bar plot turns its tic labels when they do not fit side by side
#    (four kernels' labels of 13 characters printed over each other), and
#    not when they do;
#  - --by kernel --series fs_features names each line by what differs
#    between the values of fs_features ("dir_index", "^dir_index"), not by
#    the 170 characters of each value that the SVG key spread over two
#    other panels (and the PNG dropped), in a key below every panel; the
#    report shows the short names, and the full values once, in its key;
#  - the -growth plot's key sits below its x axis title, not on the data;
#  - a latency interval that reaches zero or below, drawn down to a tenth
#    of its mean on the logarithmic axis, is marked there (a downward
#    triangle, gnuplot's point type 11, #gpPt10 in SVG) and a line of the
#    title says so; one that goes on above the top of a -series panel's
#    axis (at most 1.5 times the highest mean) by an upward triangle.

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

# below FILE TITLE KEY: for each key entry KEY, how far it lies below the
# nearest x axis title TITLE above it ("none" when no title is above it),
# a line each.
below() {
	awk -v title="$2" -v key="$3" '
		{ y = $1; $1 = ""; sub(/^ /, "") }
		$0 == title { ty[++nt] = y }
		$0 == key { ky[++nk] = y }
		END {
			for (j = 1; j <= nk; j++) {
				best = 1e9
				for (i = 1; i <= nt; i++)
					if (ky[j] > ty[i] &&
					    ky[j] - ty[i] < best)
						best = ky[j] - ty[i]
				print best == 1e9 ? "none" : best
			}
		}' "$1"
}
# gap FILE TITLE KEY: the least distance down from the x axis title TITLE
# to the key entry KEY below it, over the panels.
gap() {
	below "$@" | awk '$1 != "none" && (g == "" || $1 < g) { g = $1 }
	    END { print g == "" ? "none" : g }'
}
g=$(gap "$T/files" "number of files (set number)" hashed)
ok "$(awk -v g="$g" 'BEGIN { exit !(g != "none" && g >= 13.5) }'; echo $?)" \
    "-files: the key is a line and a half below the axis title ($g)"
g=$(gap "$T/clients" "clients (set clients)" private)
ok "$(awk -v g="$g" 'BEGIN { exit !(g != "none" && g >= 13.5) }'; echo $?)" \
    "-clients: the key is a line and a half below the axis title ($g)"

# astray FILE TITLE KEY: how many entries KEY there are, and how many of
# them are not right below an x axis title TITLE (a line and a half to
# six lines below it): "2 0", two entries both below their axis title.
astray() {
	below "$@" | awk '{ n++ } $1 == "none" || $1 < 13.5 || $1 > 80 { bad++ }
	    END { print n + 0, bad + 0 }'
}

# rotated FILE TEXT: how many times TEXT is drawn turned (rotate()).
rotated() {
	grep -A1 'rotate(' "$1" | grep -cxF "		<text>$2</text>"
}
# level FILE TEXT: how many times TEXT is drawn level.
level() {
	grep -A1 '<g transform="translate([^)]*)" ' "$1" |
	    grep -cxF "		<text>$2</text>"
}

# A label with % forms, of more than 50 characters.
pct='a%n%s%d%%%5d%-5s%.3f%*d%z%y%x%c%e%g%t%T%l%L%P%h%H%S%B%b%D%j-tail%'
python3 "$srcdir/tests/compare/csvset.py" \
    "$srcdir/tests/fixtures/compare-ab.csv" "$T/pct.csv" "A=$pct:"
(cd "$T" && sh "$compare" report -o pct pct.csv) >/dev/null 2>"$T/err"
is "$?" 0 "a label with % forms: exit 0"
# cut FILE: the texts of FILE that hold the start of the label but not
# all of it.
cut() {
	texts "$1" | sed 's/^[^ ]* //' | grep -F "${pct%%%d*}" | grep -vF "$pct"
}
is "$(cut "$T/pct-bars.svg")" "" "-bars: the label is nowhere cut short"
texts "$T/pct-bars.svg" | grep -qF " 1: $pct vs 2: B - pct.csv"
ok $? "... the tics, numbered for a label this long, keyed in the title"
is "$(cut "$T/pct-latency.svg")" "" "-latency: ... nor here"
is "$(texts "$T/pct-latency.svg" | sed 's/^[^ ]* //' | grep -cxF "$pct")" \
    4 "-latency: ... the label whole in the key of each of the 4 panels"
python3 "$srcdir/tests/compare/csvset.py" \
    "$srcdir/tests/fixtures/compare-ab.csv" "$T/pct2.csv" "A=x%n%s%%y:"
(cd "$T" && sh "$compare" report -o pct2 pct2.csv) >/dev/null 2>"$T/err"
is "$(level "$T/pct2-bars.svg" 'x%n%s%%y')" 9 \
    "-bars: a short label holding % forms is a tic label as it is, level"

cp "$srcdir/tests/fixtures/compare-vm.csv" "$T/vm.csv"
(cd "$T" && COMPARE_DATA_DIR=$T sh "$compare" report -o vm vm.csv &&
    cp "$T/stats.tsv" "$T/vm-stats.tsv" &&
    mkdir kd && COMPARE_DATA_DIR=$T/kd sh "$compare" report -o kfs \
    --by kernel --series fs_features vm.csv) >/dev/null 2>"$T/err"
is "$?" 0 "kernels' rows, by label and --by kernel --series fs_features"
is "$(rotated "$T/vm-bars.svg" 6.1.0-56-nodx)" 9 \
    "-bars: four labels of 13 characters are turned in the 9 panels"
is "$(level "$T/vm-bars.svg" 6.1.0-56-nodx)" 0 "... none level"

long="has_journal ext_attr resize_inode dir_index filetype needs_recovery extent 64bit flex_bg sparse_super large_file huge_file dir_nlink extra_isize metadata_csum"
texts "$T/kfs-series.svg" >"$T/series"
is "$(sed 's/^[^ ]* //' "$T/series" | grep '^fs_features' | sort | uniq -c |
    sed 's/^ *//' | tr '\n' /)" \
    "6 fs_features ^dir_index/6 fs_features dir_index/" \
    "-series: each line is named by what differs, in a key in each panel"
for e in "fs_features ^dir_index" "fs_features dir_index"; do
	is "$(astray "$T/series" kernel "$e")" "6 0" \
	    "-series: each key ('$e') sits below its panel's axis title"
done
# The intervals above the top of their panel's axis (vars.gp's smeastopK
# of the measure smeaskeyK): each marked there by an upward triangle
# (point type 9, #gpPt8), and the title says so.
n=$(awk -F'\t' 'FNR == NR {
	if (split($0, a, / = /) == 2 && a[1] ~ /^smeas(key|top)[0-9]+$/) {
		gsub(/\047/, "", a[2])
		i = a[1]; sub(/^smeas(key|top)/, "", i)
		if (a[1] ~ /key/) key[i] = a[2]; else top[i] = a[2]
	}
	next
}
FNR == 1 { for (i in key) t[key[i]] = top[i] }
($4 in t) && $11 > t[$4] + 0 { n++ }
END { print n + 0 }' "$T/kd/vars.gp" "$T/kd/stats.tsv")
ok "$(test "$n" -gt 0; echo $?)" "-series: $n intervals above their axis"
is "$(grep -c "xlink:href='#gpPt8'" "$T/kfs-series.svg")" "$n" \
    "-series: each marked by an upward triangle"
texts "$T/kfs-series.svg" | grep -q 'up triangle: the interval goes on above the axis'
ok $? "-series: the title says what the triangle means"
is "$(grep -cF "$long" "$T/kfs.txt")" 1 \
    "the report shows the full value once, in its key"
grep -q "^5000 files (set number), fs_features dir_index; " "$T/kfs.txt"
ok $? "... and the short name in the tables"

cp "$srcdir/tests/fixtures/compare-growth.csv" \
    "$srcdir/tests/fixtures/compare-growth.csv.intervals.csv" "$T/"
(cd "$T" && sh "$compare" report -o gr compare-growth.csv) >/dev/null \
    2>"$T/err"
texts "$T/gr-growth.svg" >"$T/growth"
is "$(astray "$T/growth" "files alive (at the end of the interval)" \
    "lin, 1 client")" "2 0" \
    "-growth: each panel's key sits below its axis title, off the data"

# The latency plot of the kernels' rows: the intervals of the plotted
# group (column 13, 1) whose low end (column 10) is 0 or below.
n=$(awk -F'\t' '$5 == "lat" && $13 == 1 && $10 <= 0' "$T/vm-stats.tsv" |
    wc -l)
ok "$(test "$n" -gt 0; echo $?)" "the kernels' rows have $n latency" \
    "intervals reaching 0 or below"
is "$(grep -c "xlink:href='#gpPt10'" "$T/vm-latency.svg")" "$n" \
    "-latency: each is marked by a downward triangle"
texts "$T/vm-latency.svg" | grep -q 'triangle: the 95% interval reaches 0'
ok $? "-latency: a note says what the triangle means"

done_testing
