#!/bin/sh
# t8013: the network between two ranks goes down in the middle of the
# transaction phase.  Two ranks in two network
# namespaces over TCP (as t8010), one directory of this host shared;
# once both transact, the veth pair is taken down.  Each rank loses the
# other after the heartbeat timeout (10 s), stops its clients at once,
# removes its own files and directories and exits 1 with one message
# that names the other rank and its directory; so nothing is left in
# the location.  mpirun is given what man postmark advises: TCP
# keepalives on its own connections that notice the lost daemon before
# the ranks end (2 s idle, 3 probes 1 s apart; Open MPI's default of
# 300 s and 9 probes 20 s apart takes 8 minutes, and once mpirun has
# something to send to the lost daemon only TCP's retransmission limit
# ends it), and 15 s before it signals its ranks (more than the ranks
# need to notice and clean up); then it ends too, and nothing runs any
# more in the namespaces.
# The phase is far longer than the test: a rank ends only if it
# noticed.  The link goes down when rank 0's hook before the
# transactions has run and rank 1 has made its first file of that phase.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
need_python
netns_ranks
LAUNCHER="--mca oob_tcp_keepalive_time 2 --mca oob_tcp_keepalive_intvl 1 \
--mca oob_tcp_keepalive_probes 3 --mca odls_base_sigkill_timeout 15"

BASE="set size 500 10000;set number 3000;set transactions 100000000;\
set seed 7;set subdirectories 2;set location L"
mkdir -p "$T/L" "$T/down"
populate "$T/L"
snapshot "$T/L" >"$T/L.before"

pm_config link "$BASE;set hook before transactions touch $T/down/go"
mpi_start link $NETRUN $LAUNCHER "$RANK_SH" "$T/down" "$POSTMARK" \
    link.cfg
wait_path "$T/down/go" && wait_transacting "$T/L/r1" 3000 ||
    cannot "the ranks did not reach their transactions"
ip -n "$NS_A" link set "$VETH_A" down
t0=$(date +%s.%N)
if ranks_done "$T/down" rc 0 1; then
	ok 0 "both ranks end by themselves"
	diag "within $(awk -v a="$t0" -v b="$(date +%s.%N)" \
	    'BEGIN { printf "%.1f", b - a }') s of the link going down"
else
	ok 1 "both ranks end by themselves"
fi
is "$(cat "$T/down/rank0.rc" 2>/dev/null) $(cat "$T/down/rank1.rc" 2>/dev/null)" \
    "1 1" "both exit 1"
for r in 0 1; do
	o=$((1 - r))
	one_message "down/rank$r" "postmark: link\.cfg:[0-9]+: lost rank $o: \
(no heartbeat from it for [0-9.]+ s: it died or the network to it is \
down|its process \([0-9]+, on this host\) ended); its files in L/r$o may \
be left" "rank $r: one message naming rank $o and L/r$o"
done
same_tree "$T/L" "$T/L.before" "each rank removed its own files"
mpi_wait
ok $? "mpirun ends"
# mpirun's end is not its daemon's: wait until their processes are gone.
await '[ -z "$(ip netns pids "$NS_A"; ip netns pids "$NS_B")" ]'
ok $? "nothing runs any more in the namespaces"
done_testing
