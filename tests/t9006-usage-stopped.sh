#!/bin/sh
# t9006: where the time of an interrupted run went.  A run stopped by
# SIGTERM in its transactions keeps the part of that phase that ran: the
# JSON record's phases.transactions (its wall time, CPU and waiting up to
# the stop), run_usage from the start of creation to the stop, and the
# verbose report's "Where the time went" line of the transactions; the
# deletion, never reached, has no figures, and its deletion_s is 0 (no
# time), not the 1 ns the rates divide by.  Once, the phase the run was
# in had no figures (phases.transactions null after Ctrl-C, where
# transactions_s was 7.38) and run_usage was null.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
. "$srcdir/tests/explain/explainlib.sh"
need_tools

mkdir "$T/L"
# A dot is printed after transactions 1, 100001, ...: the second dot
# says 100000 transactions are done (a CPU accounted by the tick has had
# time to see system time), with 900000 left for the signal to arrive in.
# 2000 files: the seeded run is far from running out of them.
CFG="set location L;set number 2000;set transactions 1000000;set size 1 64"

# stopped NAME REPORT: run CFG with REPORT (set lines joined by ';'),
# SIGTERM once the transactions' second progress dot is out.  The first
# comes after one transaction, and a run stopped there may have used less
# system CPU than the clock tick that counts it (CI saw system_s 0).
stopped() {
	printf '%s;%s;quit\n' "$CFG" "$2" | tr ';' '\n' >"$T/$1.cfg"
	pm_start "$1"
	wait_text "$T/$1.out" "Performing transactions.." ||
	    diag "$1: not 100001 transactions done"
	kill -TERM "$(cat "$T/$1.pid")"
	pm_wait
	is "$rc" 143 "$1: SIGTERM: exit 143"
	is "$(ls -A "$T/L")" "" "$1: nothing left"
}

stopped json "set report json;run $T/json.json"
is "$(jq_last json '.status')" interrupted "json: status interrupted"
is "$(jq_last json '.phases.transactions | type')" object \
    "json: the transactions' usage is recorded"
ok "$(jq_last json '.phases.transactions.wall_s > 0 and
    .phases.transactions.process.system_s > 0 | if . then 0 else 1 end')" \
    "json: the transactions took time and system CPU ($(jq_last json \
    '"\(.counts.transactions_done) done, \(.phases.transactions.wall_s) s, system \(.phases.transactions.process.system_s) s"'))"
is "$(jq_last json '.phases.deletion')" null \
    "json: the deletion, never reached, has no usage"
is "$(tail -n 1 "$T/json.json" | grep -o '"deletion_s":[0-9.]*')" \
    '"deletion_s":0.000000000' "json: the deletion lasted no time"
is "$(jq_last json '.run_usage | type')" object \
    "json: run_usage covers what ran"
ok "$(jq_last json '.run_usage.wall_s >= .phases.creation.wall_s +
    .phases.transactions.wall_s | if . then 0 else 1 end')" \
    "json: run_usage spans the creation and the transactions"

stopped verbose "run"
sed -n '/^Where the time went:/,/^$/p' "$T/verbose.out" >"$T/where"
grep -q '^	transactions: [0-9.]* s user' "$T/where"
ok $? "verbose: Where the time went has the transactions"
grep -q '^	deletion:' "$T/where"
ok "$((! $?))" "verbose: and not the deletion"
[ -s "$T/where" ] || diag "stdout: $(cat "$T/verbose.out")"
done_testing
