#!/bin/sh
# t8010: MPI ranks over a network.  Two ranks in two
# network namespaces joined by a veth pair, launched by mpirun from the
# first through a launch agent that enters the second
# (tests/clients/netns-agent.sh), with Open MPI's TCP transport alone on
# the pair's subnet, working in one directory of this host (the shared
# file system): each rank runs in its own namespace, the MPI traffic
# crosses the veth pair, the record's counts are the sums of the single
# runs with the ranks' seeds, each client row equals its single run, and
# nothing is left.  Needs root, ip netns, an MPI build and Open MPI.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
need_python
netns_ranks

BASE="set size 500 10000;set number 300;set transactions 1000;set seed 7;\
set subdirectories 2;set location $T/L"
mkdir -p "$T/L" "$T/ranks"
populate "$T/L"
snapshot "$T/L" >"$T/L.before"

# Each rank's network namespace, looked up by rank 0's hook while both
# run (rank.sh wrote their process ids).
cat >"$T/ns.sh" <<EOF
for r in 0 1; do ip netns identify \$(cat $T/ranks/rank\$r.pid); done >$T/ns.txt
EOF
pm_config net "$BASE;set hook before deletion sh $T/ns.sh"
rx0=$(veth_bytes)
(cd "$T" && exec $GUARD $NETRUN "$RANK_SH" "$T/ranks" \
    "$POSTMARK" "$T/net.cfg" </dev/null >"$T/net.out" 2>"$T/net.err")
rc=$?
rx1=$(veth_bytes)
is "$rc" 0 "two ranks over TCP: exit 0"
[ "$rc" -eq 0 ] || diag "$(head -5 "$T/net.err")" \
    "$(head -5 "$T/ranks/rank0.err" 2>/dev/null)"
is "$(tr '\n' ' ' <"$T/ns.txt" 2>/dev/null)" "$NS_A $NS_B " \
    "rank 0 runs in the first namespace, rank 1 in the second"
# The histograms alone are 12 x 3778 x 8 bytes (354 KiB) from rank 1.
if [ $((rx1 - rx0)) -gt 362688 ]; then
	ok 0 "the ranks' messages crossed the veth pair"
else
	ok 1 "the ranks' messages crossed the veth pair"
	diag "rank 1's veth sent $((rx1 - rx0)) bytes"
fi
single_runs net "$BASE"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "over TCP: nothing left"
done_testing
