#!/bin/sh
# t6013-compare-growth: scripts/compare.sh report mode reads the interval
# series FILE.csv.intervals.csv beside a CSV file and reports
# the growth of the creation phase: per target, the create rate and p99
# latency of its first and last bin of files alive and where the rate
# stays below half of the first; the -growth plots; the series of runs
# that are not ok (a warm-up run, failed runs with and without intervals)
# are matched and passed over; a label whose series do not match its runs
# is left out with a warning; --per-client makes a line per client; -l
# keeps the lines of its labels; without the intervals file there is no
# growth section.
#
# The fixture is postmark's own output (tests/fixtures/compare-growth.csv
# and compare-growth.csv.intervals.csv, engine of commit
# d213fac), appended in this order by `run FILE` with set report csv and
# set transactions 200: label lin, set number 1000, set interval 250, set
# warmup 1, set iterations 3, on ext4; label lin on a 512 kB tmpfs, set
# interval 250, which failed after 62 files (no interval row), and again
# with set interval 20 (three interval rows); label par, set clients 2,
# set number 1000 (per client), set interval 250, set iterations 3; label
# lin, one more run as the first; label lindir, set number 20000, set
# interval 2000, set iterations 3, on an ext4 loop image made with
# mkfs.ext4 -O ^dir_index.
# The expected cells were computed independently of compare.awk by a
# python3 script that follows the documented method with the csv and
# statistics modules: the blocks of the intervals file, each matched to
# the next run row of its label (runs that are not ok and created fewer
# files than the block, or have another iteration, passed over), the
# clients summed per interval (files alive, created / (end_s - start_s))
# and their p99 the largest, bins of the median first interval's files
# alive (ceil), medians per bin.

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
fix="$srcdir/tests/fixtures"
plot=
command -v gnuplot >/dev/null 2>&1 || plot=--no-plot
cp "$fix/compare-growth.csv" "$fix/compare-growth.csv.intervals.csv" "$T/"

# growth FILE TARGET: the cells of that row of the growth table of the
# text report FILE, joined by " | ".
growth() {
	awk -v t="$2" '
		BEGIN { FS = "  +" }
		/^growth: / { on = 1; next }
		on && /^$/ { on = 0 }
		on && $1 == t {
			s = $2
			for (i = 3; i <= NF; i++)
				s = s " | " $i
			print s
		}' "$1"
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

report d $plot compare-growth.csv
is "$(growth "$T/d.txt" 'lin, 1 client')" \
    "4 | 4 | 250 | 2843 | 7585.8 | 1000 | 2374 | 4522.0 | -" \
    "lin: 4 ok runs (the warm-up and failed runs passed over), 4 bins"
is "$(growth "$T/d.txt" 'par, 2 clients')" \
    "3 | 4 | 500 | 1703 | 13041.7 | 2000 | 2301 | 16580.6 | -" \
    "par: the two clients' files alive and rates summed, p99 the largest"
is "$(growth "$T/d.txt" 'lindir, 1 client')" \
    "3 | 10 | 2000 | 10451 | 261.1 | 20000 | 1322 | 5865.5 | 6000" \
    "lindir: the linear directory's rate stays below half from 6000 files"
is "$(grep -c '^[a-z]*, [12] clients*  ' "$T/d.txt")" 3 \
    "one growth line per target, named with its clients (several counts)"
grep -qF '| lindir, 1 client | 3 | 10 | 2000 | 10451 | 261.1 | 20000 | 1322 | 5865.5 | 6000 |' \
    "$T/d.md"
ok $? "the Markdown report has the growth table"
if [ -z "$plot" ]; then
	png "$T/d-growth.png" 1100 800 "the -growth plot is a 1100x800 PNG"
	grep -q 'files alive' "$T/d-growth.svg" &&
	    grep -q 'lindir, 1 client' "$T/d-growth.svg"
	ok $? "... and an SVG with files alive on the x axis, a line per target"
else
	skip "-growth plot" "gnuplot not installed"
	skip "-growth plot" "gnuplot not installed"
fi

report p --no-plot --per-client compare-growth.csv
is "$(growth "$T/p.txt" 'par client 0, 2 clients')" \
    "3 | 4 | 250 | 1035 | 12648.4 | 1000 | 647 | 16580.6 | -" \
    "--per-client: a line per client (client 0)"
is "$(growth "$T/p.txt" 'par client 1, 2 clients')" \
    "3 | 4 | 250 | 830 | 13041.7 | 1000 | 1659 | 5079.0 | -" \
    "--per-client: a line per client (client 1)"

report l --no-plot -l lindir compare-growth.csv
is "$(awk '/^growth: /, /^$/' "$T/l.txt" | awk 'NR > 2 && NF' |
    cut -d' ' -f1 | tr '\n' ' ')" "lindir, " \
    "-l lindir: only the line of that label"

# The block of lin's second run removed: lin's series no longer fit.
awk -F, '!($2 == "lin" && $1 == 2)' "$fix/compare-growth.csv.intervals.csv" \
    >"$T/compare-growth.csv.intervals.csv"
report m --no-plot compare-growth.csv
grep -qxF "compare.sh: warning: compare-growth.csv.intervals.csv: label 'lin': the interval series do not match the runs of compare-growth.csv (their order, iterations or files created): not used" \
    "$T/err"
ok $? "series that do not match the runs: a warning naming the label"
is "$(growth "$T/m.txt" 'lin, 1 client')" "" "... and no growth line for it"
is "$(growth "$T/m.txt" 'lindir, 1 client')" \
    "3 | 10 | 2000 | 10451 | 261.1 | 20000 | 1322 | 5865.5 | 6000" \
    "... while the other labels keep theirs"

rm "$T/compare-growth.csv.intervals.csv"
report n $plot compare-growth.csv
is "$(grep -c '^growth: ' "$T/n.txt")" 0 \
    "without FILE.csv.intervals.csv: no growth section"
ok "$(test ! -e "$T/n-growth.png"; echo $?)" "... and no -growth plot"

done_testing
