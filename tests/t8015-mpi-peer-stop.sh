#!/bin/sh
# t8015: a rank that stops in the middle of a phase stops the other
# ranks' clients at once, not at the end of their phase (every wait on a
# peer also watches the stop flag, and
# the peers' flags are watched while the clients run).  Two ranks, one
# client each, a transaction phase far longer than the test:
#   - SIGTERM to rank 1 alone: both ranks end, exit 143, and rank 0's
#     record is an interrupted run that stopped in the transactions and
#     holds what was measured;
#   - rank 1's files removed by rank 0's hook before the transactions
#     (rank 1 waits at the agreement meanwhile): rank 1's first
#     transaction fails, both ranks end and exit 1, and rank 0 says
#     rank 1's error once and records it.
# Once rank 0 went on with its phase while rank 1 waited for it at the
# next agreement.  Nothing is left either way.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
long_phase 500 5000

# both_end NAME: wait for both ranks of NAME to end (a test point), then
# kill mpirun.
both_end() {
	ranks_done "$T/$1" rc 0 1
	ok $? "$1: both ranks end"
	mpi_kill
}

mkdir -p "$T/term"
pm_config term "$BASE;set hook before transactions touch $T/term/go"
mpi_start term $MPIRUN $SLOW "$RANK_SH" "$T/term" "$POSTMARK" term.cfg
wait_path "$T/term/go" && ranks_done "$T/term" pid 1 &&
    wait_transacting "$T/L/r1" 500 ||
    cannot "term: the ranks did not reach their transactions"
kill -TERM "$(cat "$T/term/rank1.pid")"
both_end term
is "$(cat "$T/term/rank0.rc" "$T/term/rank1.rc" 2>/dev/null | tr '\n' ' ')" \
    "143 143 " "term: both exit 143"
grep -q 'interrupted by SIGTERM while performing transactions' \
    "$T/term/rank0.err"
ok $? "term: rank 0 says the run stopped while performing transactions"
is "$(python3 "$srcdir/tests/clients/stopcheck.py" "$T/term.csv" \
    transactions 500 100000000)" "" "term: the record holds what was measured"
same_tree "$T/L" "$T/L.before" "term: nothing left"

mkdir -p "$T/fail"
pm_config fail "$BASE;set hook before transactions rm -f $T/L/r1/c0/s0/* \
$T/L/r1/c0/s1/*"
mpi_start fail $MPIRUN $SLOW "$RANK_SH" "$T/fail" "$POSTMARK" fail.cfg
both_end fail
is "$(cat "$T/fail/rank0.rc" "$T/fail/rank1.rc" 2>/dev/null | tr '\n' ' ')" \
    "1 1 " "fail: both exit 1"
ERR="client 1: (open|read|append|delete) L/r1/c0/s[01]/[0-9]+: No such file or \
directory"
one_message fail/rank0 "postmark: fail\.cfg:[0-9]+: $ERR" \
    "fail: rank 0 says rank 1's error once"
csv_rows "$T/fail.csv" "client status" | sed -n 's/^all //p' |
    grep -Eqx "error: $ERR"
ok $? "fail: the record's status is that error"
same_tree "$T/L" "$T/L.before" "fail: nothing left"
done_testing
