#!/bin/sh
# t1013: an interval series costs O(1) per operation and per cut, in
# either unit, and never delays a stop.  set interval
# N counted in operations once advanced the next cut of time intervals
# by N nanoseconds at a time, up to the clock, at every cut: four
# clients cutting every operation never finished, and SIGTERM waited
# minutes.  What the series costs inside the phases is measured, and a
# run where it is not negligible says so in a warning; one without a cut
# inside a phase does not.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
need_python

mkdir -p "$T/L"
populate "$T/L"
snapshot "$T/L" >"$T/L.before"
BASE="set location L;set number 2000;set transactions 2000;set seed 3"

# The lead's reproduction: four clients cut at every operation.  (The
# 60 s of pm_run's timeout bound a failure; nothing is timed.)
pm_config every "$BASE;set clients 4;set interval 1"
pm_run every
is "$rc" 0 "four clients, set interval 1: the run ends, exit 0"
[ "$rc" -eq 0 ] || diag "stderr: $(head -3 "$T/every.err")"
is "$(csv_rows "$T/every.csv.intervals.csv" "client phase" |
    awk '$2 == "transactions" { n[$1]++ }
	END { for (c in n) print c, n[c] }' | sort | tr '\n' ' ')" \
    "0 2000 1 2000 2 2000 3 2000 " \
    "every transaction of every client is an interval of its own"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "four clients, set interval 1: nothing left"

# What cutting costs is measured inside each phase (the cuts of its
# loop; the last one, after the phase's end, is outside) and said when
# it reaches 1 % of the clients' time in the phase: the rule, with the
# engine's own figures (how fast this machine cuts is not the test).
cost_rule() {
	(cd "$W" && "$ENGINE" number=500 transactions=500 seed=3 extra=2 \
	    "$@") >"$T/cost.out" 2>"$T/cost.err"
	awk -v every="$1" '
	BEGIN {
		name["create"] = "creation"; name["transact"] = "transaction"
		name["delete"] = "deletion"
	}
	NR == 1 { ops["create"] = $2; ops["delete"] = $7 }
	NR == 2 { ops["transact"] = $1 }
	$1 == "iv" { cuts[$2] = $3; cost[$2] = $4; ns[$2] = $5 }
	$1 == "warning:" && /cutting the interval series/ {
		for (p in name)
			if (index($0, " of the " name[p] " phase"))
				said[p] = 1
	}
	END {
		for (p in name) {
			want = every == "interval=1" ? ops[p] : 0
			printf "%s cuts %s, cost %s, rule %s\n", p,
			    (cuts[p] == want ? "ok" : cuts[p] " not " want),
			    ((cost[p] > 0) == (want > 0) ? "ok" : cost[p]),
			    ((cost[p] * 100 >= ns[p] && ns[p] > 0) == \
			    (p in said) ? "ok" : "broken")
		}
	}' "$T/cost.out" | sort
}
. "$srcdir/tests/data/engine.sh"
work_dir w
ALLOK="create cuts ok, cost ok, rule ok
delete cuts ok, cost ok, rule ok
transact cuts ok, cost ok, rule ok"
is "$(cost_rule interval=1)" "$ALLOK" \
    "set interval 1: a cut per operation, each measured, warned from 1 %"
is "$(cost_rule interval=100000)" "$ALLOK" \
    "set interval 100000: no cut inside a phase, nothing to say"
is "$(cost_rule interval=1 clients=3)" "$ALLOK" \
    "three clients: every client's cuts, measured and summed"

# A stop while sixteen clients cut at every operation: SIGTERM in the
# transaction phase (once client 0 has done one, its first dot) ends the
# run at once, nothing left.
pm_config stop "set location L;set number 2000;set transactions 200000;\
set clients 16;set interval 1"
pm_start stop
wait_text "$T/stop.out" "Performing transactions." ||
    diag "the run did not reach its transactions"
kill -TERM "$(cat "$T/stop.pid")"
pm_wait
is "$rc" 143 "SIGTERM while sixteen clients cut every operation: exit 143"
grep -q 'interrupted by SIGTERM while performing transactions' "$T/stop.err"
ok $? "the run stopped in its transaction phase"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "the stopped run left nothing"
done_testing
