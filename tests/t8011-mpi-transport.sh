#!/bin/sh
# t8011: the MPI transport alone (src/pm_mpi.c, src/pm_mpiwatch.c),
# driven by tests/pm_mpitest under mpirun, without the engine.  No wait
# on a peer blocks for ever:
#   - a rank killed with SIGKILL while the others wait for it in an
#     agreement: they return from it with "stop", rank 0 names it (its
#     process ended), rank 1 has it from rank 0;
#   - the same while the others run a watched phase: the watcher stops
#     them (as it would stop their clients);
#   - a peer busy for three timeouts is not lost (its heartbeats come
#     from the watcher, whatever it does), and a SIGTERM to rank 0 while
#     it waits for that peer stops the peer's run too (the stop flag is
#     watched and told);
#   - with root and ip netns: two ranks in two network namespaces over
#     TCP, the link taken down while both wait in an agreement: each
#     loses the other after the timeout (no heartbeat), nothing hangs.
# mpirun waits 600 s (odls_base_sigkill_timeout) before it signals the
# ranks of an aborted job, so that what the ranks do is their own; the
# test kills it afterwards.  How long each rank took is shown, not judged.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
need_mpi
need_openmpi
DRIVER="$builddir/tests/pm_mpitest"
need_built "$DRIVER"
SLOW="--mca odls_base_sigkill_timeout 600"

# now: seconds since the epoch, with decimals.
now() {
	date +%s.%N
}

# since T0: the seconds from T0 to now, to one decimal.
since() {
	awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'
}

# out R FIELD NAME: the value of FIELD in rank R's report of NAME.
out() {
	awk -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++)
		if (index($i, k "=") == 1) print substr($i, length(k) + 2) }' \
	    "$T/$3/rank$1.out" 2>/dev/null
}

# scenario NAME NP: run pm_mpitest NAME on NP ranks in $T/NAME.
scenario() {
	mkdir -p "$T/$1"
	mpi_start "$1" $MPIRUN_BASE -np "$2" $SLOW \
	    ${MPI_EXTRA:-} "$DRIVER" "$1" "$T/$1"
}

# A rank killed while the others wait for it in an agreement.
scenario agree 3
ranks_done "$T/agree" ready 2 || cannot "pm_mpitest agree did not start"
t0=$(now)
kill -9 "$(cat "$T/agree/rank2.ready")"
if ranks_done "$T/agree" out 0 1; then
	ok 0 "agree: the survivors return from the agreement"
	diag "they did within $(since "$t0") s of the kill"
else
	ok 1 "agree: the survivors return from the agreement"
fi
mpi_kill
is "$(head -1 "$T/agree/rank0.out")" \
    "any=1 lost=1 rank=2 how=ended by=0 stopped=0 signal=0" \
    "agree: rank 0 stops: rank 2's process ended"
is "$(out 1 any agree) $(out 1 rank agree) $(out 1 how agree) $(out 1 by agree)" \
    "1 2 told 0" "agree: rank 1 stops: rank 0 told it"
is "$(sed -n 2p "$T/agree/rank0.out" | sed 's/([0-9]*,/(PID,/')" \
    "error: lost rank 2: its process (PID, on this host) ended; its files in L/r2 may be left" \
    "agree: the error names rank 2, how it was lost and its directory"

# A rank killed while the others run a watched phase.
scenario phase 3
ranks_done "$T/phase" ready 2 || cannot "pm_mpitest phase did not start"
kill -9 "$(cat "$T/phase/rank2.ready")"
ranks_done "$T/phase" out 0 1
ok $? "phase: the survivors end"
mpi_kill
is "$(out 0 stopped phase) $(out 1 stopped phase)" "1 1" \
    "phase: the watcher stopped both survivors' runs"
is "$(out 0 how phase) $(out 1 how phase)" "ended told" \
    "phase: rank 0 saw rank 2 end, rank 1 heard it from rank 0"

# A peer busy for three timeouts (3 s each) is waited for.
MPI_EXTRA="-x POSTMARK_MPI_TIMEOUT=3"
scenario slow 2
ranks_done "$T/slow" out 0 1
ok $? "slow: both ranks end"
mpi_wait
is "$rc" 0 "slow: mpirun exits 0"
is "$(head -1 "$T/slow/rank0.out") / $(head -1 "$T/slow/rank1.out")" \
    "any=0 lost=0 stopped=0 signal=0 / any=0 lost=0 stopped=0 signal=0" \
    "slow: a peer busy for 9 s is not lost with a timeout of 3 s"

# SIGTERM to rank 0 while it waits for the busy peer: the peer stops.
mv "$T/slow" "$T/slow1"
scenario slow 2
ranks_done "$T/slow" ready 0 || cannot "pm_mpitest slow did not start"
kill -TERM "$(cat "$T/slow/rank0.ready")"
ranks_done "$T/slow" out 0 1
ok $? "slow, SIGTERM: both ranks end"
mpi_wait
is "$rc" 0 "slow, SIGTERM: mpirun exits 0"
is "$(out 0 signal slow) $(out 1 stopped slow) $(out 0 lost slow) $(out 1 lost slow)" \
    "15 1 0 0" "slow, SIGTERM: rank 1's run stopped on rank 0's signal, no loss"
MPI_EXTRA=

# Two ranks over TCP in two network namespaces; the link goes down.
need_netns
netns_pair
mkdir -p "$T/link"
mpi_start link $NETRUN $SLOW "$DRIVER" link "$T/link"
ranks_done "$T/link" ready 0 1 || cannot "pm_mpitest link did not start"
ip -n "$NS_A" link set "$VETH_A" down
t0=$(now)
: >"$T/link/go"
if ranks_done "$T/link" out 0 1; then
	ok 0 "link: both ranks return from the agreement"
	diag "they did within $(since "$t0") s of the link going down"
else
	ok 1 "link: both ranks return from the agreement"
fi
# The first to notice had no heartbeat; the other may see its process
# end first (both ranks run on this host).
case "$(out 0 rank link) $(out 1 rank link)/$(out 0 how link) $(out 1 how link)" in
"1 0/silent silent" | "1 0/silent ended" | "1 0/ended silent")
	ok 0 "link: each lost the other, the first to notice by silence" ;;
*)
	ok 1 "link: each lost the other, the first to notice by silence"
	diag "$(head -1 "$T/link/rank0.out")" "$(head -1 "$T/link/rank1.out")" ;;
esac
if sed -n 2p "$T/link/rank0.out" | grep -Eqx "error: lost rank 1: (no heartbeat \
from it for [0-9.]+ s: it died or the network to it is down|its process \
\([0-9]+, on this host\) ended); its files in L/r1 may be left"; then
	ok 0 "link: rank 0's error says why and names rank 1's directory"
else
	ok 1 "link: rank 0's error says why and names rank 1's directory"
	diag "$(sed -n 2p "$T/link/rank0.out")"
fi
done_testing
