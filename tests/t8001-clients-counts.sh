#!/bin/sh
# t8001: set clients N.  Client i runs a complete PostMark workload with
# seed + i in its own directory cI of each location (with its sK inside):
# its counts and bytes equal a single run with that seed, ours and the
# reference's; the run's row sums them, and its merged histograms count
# every operation.  The layout is seen from a hook between two phases;
# every directory is gone afterwards.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
need_python

BASE="set size 500 10000;set number 300;set transactions 1000;\
set subdirectories 3;set location a;set location +b 2"
mkdir -p "$T/a" "$T/b"

# The run of three clients, the layout listed before its deletion phase.
pm_config multi "$BASE;set seed 7;set clients 3;\
set hook before deletion find a b -type d | sort >$T/dirs.txt"
pm_run multi
is "$rc" 0 "three clients: exit 0"
is "$(csv_rows "$T/multi.csv" client | tr '\n' ' ')" "all 0 1 2 " \
    "CSV: the run's row, then one row per client"
is "$(tr '\n' ' ' <"$T/dirs.txt")" \
    "a a/c0 a/c0/s0 a/c0/s1 a/c0/s2 a/c1 a/c1/s0 a/c1/s1 a/c1/s2 \
a/c2 a/c2/s0 a/c2/s1 a/c2/s2 b b/c0 b/c0/s0 b/c0/s1 b/c0/s2 b/c1 b/c1/s0 \
b/c1/s1 b/c1/s2 b/c2 b/c2/s0 b/c2/s1 b/c2/s2 " \
    "each client works in cI of each location, with its sK"
is "$(find "$T/a" "$T/b" -mindepth 1 | head -3)" "" \
    "every file and directory removed"

# Client i against a single run with seed 7 + i: ours, exactly.
for i in 0 1 2; do
	pm_config "one$i" "$BASE;set seed $((7 + i))"
	pm_run "one$i"
	is "$(csv_rows "$T/one$i.csv" "$COUNTS")" \
	    "$(csv_rows "$T/multi.csv" "client $COUNTS" |
	    sed -n "s/^$i //p")" \
	    "client $i: counts and bytes equal a run with seed $((7 + i))"
done
is "$(csv_rows "$T/multi.csv" "client $COUNTS" | sed -n 's/^all //p')" \
    "$(csv_rows "$T/multi.csv" "client $COUNTS" | grep -v '^all ' |
    cut -d' ' -f2- | sum_rows)" \
    "the run's counts and bytes are the clients' sums"

# Merged histograms: each operation's count is the number done.
is "$(csv_rows "$T/multi.csv" \
    "client created read appended deleted create_count read_count \
append_count delete_count" | awk '{ print $1, $2 - $6, $3 - $7,
    $4 - $8, $5 - $9 }' | tr '\n' ' ')" \
    "all 0 0 0 0 0 0 0 0 0 1 0 0 0 0 2 0 0 0 0 " \
    "latency counts equal the operations, for the run and each client"

# The reference: client i's counts are its run with seed 7 + i.
if [ -n "${REFERENCE_POSTMARK:-}" ] && [ -x "$REFERENCE_POSTMARK" ]; then
	. "$srcdir/tests/diff/difflib.sh"
	for i in 0 1 2; do
		mkdir -p "$T/ref$i/a" "$T/ref$i/b"
		printf '%s;set seed %d;run;quit\n' "$BASE" $((7 + i)) |
		    tr ';' '\n' >"$T/ref$i/c.cfg"
		(cd "$T/ref$i" && $GUARD "$REFERENCE_POSTMARK" \
		    c.cfg </dev/null >out 2>&1)
		# dl_counts: created alone mixed read appended deleted alone
		# mixed, as the first eight of $COUNTS.
		is "$(dl_counts "$T/ref$i/out")" \
		    "$(csv_rows "$T/multi.csv" "client $COUNTS" |
		    sed -n "s/^$i //p" | cut -d' ' -f1-8)" \
		    "client $i: counts equal the reference's with seed $((7 + i))"
	done
else
	skip "the reference against clients" \
	    "reference postmark not installed (apt-get install postmark)"
fi
done_testing
