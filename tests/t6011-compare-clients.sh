#!/bin/sh
# t6011-compare-clients: scripts/compare.sh report mode on CSV files of
# schema 3 with several clients: by default the row of each
# run (client "all") is the member of its group and the rows of the
# clients are counted but not used; the tables are per number of files
# and number of clients; a table of several clients has the stonewall
# transaction rate and the balance, one of one client has not;
# --per-client makes each client a label "LABEL client N" (a run of one
# client stands for client 0, and the clients of a failed run are
# skipped); files of schema 2 and 3 are reported together, and a file of
# schema 2 alone gives the report it always gave; the rate-versus-clients
# plot is drawn when there are several client counts.
#
# The fixtures are postmark's own output.  compare-clients.csv: three
# rounds, each of clients 1 and 3 and labels private (set shared false)
# and shared (set shared true), of postmark with set number 200, set
# transactions 500, set clients C, set shared S, set location (a new empty
# directory), set label L, set report csv and run FILE, by the engine of
# commit 21e79b4; then one run of 3 clients, label private,
# that failed (ENOSPC on a 512 kB tmpfs): its row and that of the client
# that failed have status error, the two other clients' rows ok.
# compare-schema2.csv: three such runs with label old by the engine before
# schema 3 (commit c6a9f0c), one client.
# The expected n, mean and sd were computed independently of compare.awk,
# with python3's csv and statistics modules, from the rows that the rule
# under test selects, and printed with compare.awk's decimals (1 for means
# of 1000 and more, 4 below 1).

. "$srcdir/tests/tap.sh"

compare="$srcdir/scripts/compare.sh"
fix="$srcdir/tests/fixtures"
plot=
command -v gnuplot >/dev/null 2>&1 || plot=--no-plot
cp "$fix/compare-clients.csv" "$fix/compare-schema2.csv" "$T/"

# cells FILE CLIENTS MEASURE LABEL: n, mean and sd of that row of the
# table of 200 files and CLIENTS clients ("" for the table of a file
# without clients) in the text report FILE, joined by " | ".
cells() {
	awk -v c="$2" -v m="$3" -v l="$4" '
		BEGIN { FS = "  +" }
		/^[0-9]+ files \(set number\)/ {
			want = c == "" ? "200 files (set number);" : \
			    "200 files (set number), " c " client"
			on = index($0, want) == 1
		}
		on && $1 == m && $2 == l { print $3 " | " $4 " | " $5 }' "$1"
}

# report NAME ARGS...: report mode in $T with -o NAME and ARGS; check exit 0.
report() {
	name=$1
	shift
	(cd "$T" && sh "$compare" report $plot -o "$name" "$@") >/dev/null \
	    2>"$T/err"
	st=$?
	is "$st" 0 "report -o $name $*: exit 0"
	[ "$st" -eq 0 ] || diag "$(cat "$T/err")"
}

# By default: the rows of runs.
report d compare-clients.csv
is "$(grep '^rows:' "$T/d.txt")" \
    "rows: 12 used (status ok), 1 skipped (status not ok: 1 error); 21 rows of single clients not used (--per-client uses them)" \
    "the run rows are used, the failed run skipped, the client rows counted"
is "$(grep ' files (set number)' "$T/d.txt" | cut -d';' -f1 | tr '\n' '/')" \
    "200 files (set number), 1 client (set clients)/200 files (set number), 3 clients (set clients)/" \
    "one table per number of clients, which the heading names"
is "$(cells "$T/d.txt" 3 transactions/s private)" "3 | 7981.0 | 1368.7" \
    "3 clients, private: transactions/s of the run rows (all clients)"
is "$(cells "$T/d.txt" 3 transactions/s shared)" "3 | 5345.8 | 1077.3" \
    "3 clients, shared: transactions/s of the run rows"
is "$(cells "$T/d.txt" 3 'stonewall transactions/s' private)" \
    "3 | 7964.1 | 1153.8" "3 clients: the stonewall rate, mean of the runs"
is "$(cells "$T/d.txt" 3 balance shared)" "3 | 0.6397 | 0.1360" \
    "3 clients: the balance, mean of the runs"
is "$(cells "$T/d.txt" 1 transactions/s private)" "3 | 11114.2 | 4352.7" \
    "1 client, private: transactions/s"
is "$(awk '/^200 files .* 1 client /, /^200 files .* 3 clients/' \
    "$T/d.txt" | grep -c -e '^stonewall' -e '^balance')" 0 \
    "the table of one client has no stonewall or balance rows"
grep -qF '| stonewall transactions/s | private | 3 | 7964.1 | 1153.8 |' \
    "$T/d.md"
ok $? "the Markdown table has the stonewall row"

# --per-client: one label per client.
report p --per-client compare-clients.csv
is "$(sed -n 1p "$T/p.txt")" \
    "postmark comparison: private client 0 vs private client 1 vs private client 2 vs shared client 0 vs shared client 1 vs shared client 2" \
    "--per-client: labels LABEL client N, by label and client number"
is "$(grep '^rows:' "$T/p.txt")" \
    "rows: 24 used (status ok), 3 skipped (status not ok: 3 error); 6 rows of runs of several clients not used (their clients' rows are)" \
    "--per-client: the client rows are used, those of the failed run skipped"
is "$(cells "$T/p.txt" 3 transactions/s 'private client 0')" \
    "3 | 3014.8 | 809.5" "--per-client: private client 0 of 3"
is "$(cells "$T/p.txt" 3 transactions/s 'private client 1')" \
    "3 | 2990.2 | 337.6" "--per-client: private client 1 of 3"
is "$(cells "$T/p.txt" 3 transactions/s 'shared client 2')" \
    "3 | 2123.1 | 503.0" "--per-client: shared client 2 of 3"
is "$(cells "$T/p.txt" 1 transactions/s 'private client 0')" \
    "3 | 11114.2 | 4352.7" "--per-client: a run of one client is client 0"
is "$(grep -c -e '^stonewall' -e '^balance' "$T/p.txt")" 0 \
    "--per-client: no stonewall or balance rows (clients have none)"
grep -q '^200 files (set number), 3 clients (set clients); ratios and tests against private client 0$' \
    "$T/p.txt"
ok $? "--per-client: ratios against the first client"
report pl --per-client -l 'shared client 2,private client 2' \
    compare-clients.csv
is "$(awk 'BEGIN { FS = "  +" } $1 == "transactions/s" { print $2 }' \
    "$T/pl.txt" | tr '\n' '/')" "shared client 2/private client 2/" \
    "--per-client -l chooses clients by their labels"

# Schema 2 and 3 together, and schema 2 alone.
report m compare-schema2.csv compare-clients.csv
is "$(grep '^rows:' "$T/m.txt")" \
    "rows: 15 used (status ok), 1 skipped (status not ok: 1 error); 21 rows of single clients not used (--per-client uses them)" \
    "schema 2 and 3: the rows of schema 2 are run rows"
is "$(cells "$T/m.txt" 1 transactions/s old)" "3 | 4173.9 | 525.9" \
    "schema 2 and 3: schema 2 is one client"
grep -q '^200 files (set number), 1 client (set clients); ratios and tests against old$' \
    "$T/m.txt"
ok $? "schema 2 and 3: one table of one client, against the first label"
is "$(cells "$T/m.txt" 3 transactions/s old)" "" \
    "schema 2 and 3: the label of schema 2 is not in the table of 3 clients"
is "$(cells "$T/m.txt" 3 transactions/s private)" "3 | 7981.0 | 1368.7" \
    "schema 2 and 3: the table of 3 clients as without the other file"
report mp --per-client compare-schema2.csv compare-clients.csv
is "$(cells "$T/mp.txt" 1 transactions/s 'old client 0')" \
    "3 | 4173.9 | 525.9" "schema 2 and 3, --per-client: old client 0"
report s2 compare-schema2.csv
is "$(grep -e '^rows:' -e ' files (set number)' "$T/s2.txt")" \
    "rows: 3 used (status ok), 0 skipped
200 files (set number); ratios and tests against old" \
    "schema 2 alone: no clients in the report"
is "$(cells "$T/s2.txt" '' transactions/s old)" "3 | 4173.9 | 525.9" \
    "schema 2 alone: the same numbers"

if [ -z "$plot" ]; then
	png "$T/d-clients.png" 1100 800 \
	    "several client counts: the -clients plot is a 1100x800 PNG"
	grep -q 'clients (set clients)' "$T/d-clients.svg" &&
	    grep -q 'private stonewall' "$T/d-clients.svg"
	ok $? "its x axis is the number of clients, with stonewall lines"
	grep -q '200 files, 3 clients' "$T/d-bars.svg"
	ok $? "the bar plot names the group it shows"
	ok "$(test ! -e "$T/s2-clients.png"; echo $?)" \
	    "one client count: no -clients plot"
else
	for i in 1 2 3 4; do
		skip "plots" "gnuplot not installed"
	done
fi

done_testing
