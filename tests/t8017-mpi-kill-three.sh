#!/bin/sh
# t8017: with three ranks, rank 2 killed with SIGKILL in the middle of
# the transaction phase is the one rank lost: rank 0's record and its
# message name rank 2 and no other.  A survivor that ends its process
# after the loss is not lost: each says it reached its end before it
# ends (rank 1 ending first made rank 0 say "lost rank 2 ... and 1 more
# rank", and rank 0 ending first made rank 1 lose rank 0 and say so).
# Rank 1, whose output is closed, says nothing.  As t8012, mpirun waits
# 600 s before it signals the ranks of an aborted job, and the test
# kills it afterwards.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
long_phase 3000 10000

pm_config kill2 "$BASE;set hook before transactions touch $T/kill2/go"
mkdir -p "$T/kill2"
mpi_start kill2 $MPIRUN_BASE -np 3 $SLOW "$RANK_SH" "$T/kill2" "$POSTMARK" \
    kill2.cfg
wait_path "$T/kill2/go" && ranks_done "$T/kill2" pid 2 &&
    wait_transacting "$T/L/r2" 3000 ||
    cannot "kill2: the ranks did not reach their transactions"
kill -9 "$(cat "$T/kill2/rank2.pid")"
ranks_done "$T/kill2" rc 0 1
ok $? "kill2: ranks 0 and 1 end by themselves"
mpi_kill

is "$(csv_rows "$T/kill2.csv" "client status" | sed -n 's/^all //p' |
    sed 's/([0-9]*, on this host)/(PID, on this host)/')" \
    "error: lost rank 2: its process (PID, on this host) ended; its files in\
 L/r2 may be left" \
    "kill2: the record's status names rank 2 alone"
for r in 0 1; do
	is "$(cat "$T/kill2/rank$r.rc" 2>/dev/null)" 1 "kill2: rank $r exits 1"
done
one_message kill2/rank0 "postmark: kill2\.cfg:[0-9]+: lost rank 2: \
its process \([0-9]+, on this host\) ended; its files in L/r2 may be left" \
    "kill2: rank 0's one message names rank 2 alone"
is "$(cat "$T/kill2/rank1.err")" "" \
    "kill2: rank 1 says nothing (rank 0 speaks for the run; rank 0 is not lost)"
rm -rf "$T/L/r2"
same_tree "$T/L" "$T/L.before" \
    "kill2: the survivors' files are gone, only rank 2's were left"
done_testing
