#!/bin/sh
# t8006: an interrupted run of MPI ranks records what a run of one
# client does, as t8005 checks for threads: two
# ranks of two clients each, SIGTERM to both ranks once they are in
# their transaction phase (rank 0's client 0 printed its first dot: both
# ranks agreed to start the phase), then rank 0's record: stopped
# "while performing transactions", the deletion phase never reached,
# rates from the time the phases really ran.  Once it said "while
# deleting files" with 1e-09 s of transactions.  Needs an MPI build and
# mpirun (as t8004).
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
need_python
need_mpi

mkdir -p "$T/L"
populate "$T/L"
snapshot "$T/L" >"$T/L.before"

# The run, in the background: mpirun's pid in $T/mpi.pid, its status in
# $T/mpi.rc; the cleanup stops the ranks if the test ends first.
printf '%s\n' "set location L" "set size 500 5000" "set seed 9" \
    "set number 1000" "set transactions 400000" "set clients 2" \
    "set report csv" "run $T/mpi.csv" "quit" >"$T/mpi.cfg"
(
	cd "$T" || exit 99
	$GUARD sh -c 'echo $$ >"$1" && shift && exec "$@"' sh \
	    "$T/mpi.pid" $MPIRUN "$POSTMARK" "$T/mpi.cfg" </dev/null \
	    >"$T/mpi.out" 2>"$T/mpi.err"
	echo $? >"$T/mpi.rc"
) &
job=$!
ranks_term() {
	[ -s "$T/mpi.pid" ] && kill -TERM $(pgrep -P "$(cat "$T/mpi.pid")") \
	    2>/dev/null
}
cleanup="ranks_term; wait $job; $cleanup"

pm_name=mpi
wait_text "$T/mpi.out" "Performing transactions." ||
    diag "the ranks did not reach their transactions"
ranks_term
wait $job
cleanup=${cleanup#"ranks_term; wait $job; "}
is "$(cat "$T/mpi.rc")" 143 "SIGTERM to both ranks: exit 143"
grep -q 'interrupted by SIGTERM while performing transactions' "$T/mpi.err"
st=$?
ok $st "rank 0 says the run stopped while performing transactions"
[ $st -eq 0 ] || diag "stderr: $(head -3 "$T/mpi.err")"
is "$(csv_rows "$T/mpi.csv" client | tr '\n' ' ')" "all 0 1 2 3 " \
    "rank 0's record: the run and the four clients of both ranks"
is "$(python3 "$srcdir/tests/clients/stopcheck.py" "$T/mpi.csv" \
    transactions 1000 400000)" "" "the record holds what was measured"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "nothing left"
done_testing
