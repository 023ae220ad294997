#!/bin/sh
# t8012: a rank killed with SIGKILL (as by the OOM killer) in the middle
# of the transaction phase.  The survivor notices it
# by itself (its process on this host ended: within a heartbeat period),
# stops its clients at once, removes its own files and directories,
# exits 1 with one message that names the lost rank and its directory
# (what cannot be removed: the dead rank's files), and rank 0 writes the
# same cause as the record's status.  Killed: rank 1 (rank 0 reports as
# usual), then rank 0 (rank 1, whose output is otherwise closed, says it
# itself).  The phase is far longer than the test: the survivor ends
# only if it noticed.  mpirun waits 600 s before it signals the ranks of
# an aborted job (odls_base_sigkill_timeout), so that what the ranks do
# is their own; the test kills it afterwards.  The kill is timed by rank
# 0's hook before the transactions and the victim's first file of that
# phase.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
long_phase 3000 10000

# left NAME VICTIM: the location as before but for the victim's rV.
left() {
	mv "$T/L/r$2" "$T/$1.left"
	same_tree "$T/L" "$T/L.before" \
	    "$1: the survivor's files are gone, only rank $2's are left"
	rm -rf "$T/$1.left" "$T/L/r$((1 - $2))"
}

# survivor NAME VICTIM: the other rank exited 1 with one message naming
# the victim, how it was lost and its directory; its own files are gone.
survivor() {
	sv_r=$((1 - $2))
	is "$(cat "$T/$1/rank$sv_r.rc" 2>/dev/null)" 1 "$1: rank $sv_r exits 1"
	one_message "$1/rank$sv_r" "postmark: $1\.cfg:[0-9]+: lost rank $2: \
its process \([0-9]+, on this host\) ended; its files in L/r$2 may be left" \
	    "$1: one message: rank $2 lost, its process ended, L/r$2 named"
	left "$1" "$2"
}

pm_config kill1 "$BASE;set hook before transactions touch $T/kill1/go"
kill_rank kill1 1 "$T/L/r1" 3000
case "$(csv_rows "$T/kill1.csv" "client status" | sed -n 's/^all //p')" in
"error: lost rank 1: its process ("*") ended; its files in L/r1 may be left")
	ok 0 "kill1: the record's status is that error" ;;
*)	ok 1 "kill1: the record's status is that error"
	diag "$(csv_rows "$T/kill1.csv" "client status" | head -3)" ;;
esac
survivor kill1 1
pm_config kill0 "$BASE;set hook before transactions touch $T/kill0/go"
kill_rank kill0 0 "$T/L/r0" 3000
survivor kill0 0
done_testing
