#!/bin/sh
# t6012-compare-clients-run: scripts/compare.sh run mode with --clients
# and our postmark, on scratch directories of $T (no tmpfs):
# every target runs with each number of clients of the list, interleaved
# as without it, set clients coming after the config; the report has a
# table per number of clients and the -clients plot; with --file-counts
# too every pair runs and both sweep plots are drawn; --per-client gives
# the run's report one label per client.

. "$srcdir/tests/tap.sh"

plot=
command -v gnuplot >/dev/null 2>&1 || plot=--no-plot

compare="$srcdir/scripts/compare.sh"

# runs FILE COLUMN...: the given columns of the run rows (client "all")
# of the CSV FILE, blank-separated, one run after another.  A field in
# double quotes may hold commas; the fields here hold no quote or tab.
runs() {
	runs_f=$1
	shift
	awk '{
		s = $0
		out = ""
		q = 0
		while (s != "") {
			c = substr(s, 1, 1)
			s = substr(s, 2)
			if (c == "\"")
				q = !q
			else
				out = out (c == "," && !q ? "\t" : c)
		}
		print out
	}' "$runs_f" | awk -F '\t' -v want="$*" '
		NR == 1 {
			for (i = 1; i <= NF; i++)
				c[$i] = i
			n = split(want, w, " ")
			next
		}
		$c["client"] == "all" {
			for (i = 1; i <= n; i++)
				printf("%s ", $c[w[i]])
		}'
}


mkdir "$T/a" "$T/b"
printf '# small\nset number 200\nset transactions 500\nset clients 7\n' \
    >"$T/small.pmrc"
sh "$compare" -n 2 -p "$POSTMARK" $plot --clients "1 2" -o "$T/c.csv" \
    "$T/small.pmrc" A="$T/a" B="$T/b" >"$T/out" 2>"$T/err"
st=$?
is "$st" 0 "--clients \"1 2\": exit 0"
[ "$st" -eq 0 ] || diag "$(tail -20 "$T/err")"
is "$(runs "$T/c.csv" label clients status)" \
    "A 1 ok B 1 ok A 2 ok B 2 ok A 1 ok B 1 ok A 2 ok B 2 ok " \
    "each target with each number of clients, interleaved, set clients after the config"
is "$(grep -c '' "$T/c.csv")" 17 \
    "the CSV has the header, 8 run rows and 2 client rows per run of 2"
is "$(grep -c 'compare.sh: \[[0-9]/8\] iteration [12]: [AB], [12] clients*$' \
    "$T/err")" 8 "the progress names the number of clients"
is "$(grep ' files (set number)' "$T/c.txt" | cut -d';' -f1 | tr '\n' '/')" \
    "200 files (set number), 1 client (set clients)/200 files (set number), 2 clients (set clients)/" \
    "a table per number of clients"
is "$(awk '/2 clients \(set clients\)/ { on = 1 } on' "$T/c.txt" |
    awk 'BEGIN { FS = "  +" } $1 ~ /^(stonewall |)transactions\/s$/ {
	printf("%s %s %s/", $1, $2, $3) }')" \
    "transactions/s A 2/transactions/s B 2/stonewall transactions/s A 2/stonewall transactions/s B 2/" \
    "2 clients: n 2 of each target, and the stonewall rate"
is "$(ls -A "$T/a" "$T/b" | tr -d '\n')" "$T/a:$T/b:" \
    "the targets are left empty"
if [ -z "$plot" ]; then
	is_png "$T/c-clients.png" "the -clients plot is a PNG"
	ok "$(test -s "$T/c-clients.svg" && test ! -e "$T/c-files.png"
	    echo $?)" "... and an SVG; no -files plot"
else
	skip "-clients plot" "gnuplot not installed"
	skip "-clients plot" "gnuplot not installed"
fi

# --clients and --file-counts: every pair; --per-client in run mode.
sh "$compare" -n 1 -p "$POSTMARK" $plot --clients 1,2 --per-client \
    --file-counts "100 200" -o "$T/cf.csv" "$T/small.pmrc" A="$T/a" \
    >/dev/null 2>"$T/err"
st=$?
is "$st" 0 "--clients with --file-counts and --per-client: exit 0"
[ "$st" -eq 0 ] || diag "$(tail -20 "$T/err")"
is "$(runs "$T/cf.csv" number clients)" "100 1 100 2 200 1 200 2 " \
    "every number of files with every number of clients"
is "$(grep ' files (set number)' "$T/cf.txt" | cut -d';' -f1 | tr '\n' '/')" \
    "100 files (set number), 1 client (set clients)/100 files (set number), 2 clients (set clients)/200 files (set number), 1 client (set clients)/200 files (set number), 2 clients (set clients)/" \
    "a table per pair, by files, then clients"
is "$(sed -n 1p "$T/cf.txt")" \
    "postmark comparison: A client 0 vs A client 1" \
    "--per-client in run mode: the report has a label per client"
if [ -z "$plot" ]; then
	is_png "$T/cf-files.png" "both sweeps: the -files plot"
	is_png "$T/cf-clients.png" "both sweeps: the -clients plot"
else
	skip "-files plot" "gnuplot not installed"
	skip "-clients plot" "gnuplot not installed"
fi

done_testing
