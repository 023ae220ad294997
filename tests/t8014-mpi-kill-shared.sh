#!/bin/sh
# t8014: a rank killed with SIGKILL in the middle of the transaction
# phase, where its files are not in a directory of
# its own (t8012 has the rR of the plain case).  Two ranks: rank 1 is
# killed and rank 0 ends by itself, removes its own files, exits 1 with
# one message that names where rank 1's files may be left, and writes
# that as the record's status.
#   - set shared true, two clients a rank: every client in the
#     locations' sK, rank 1's clients naming their files c2-N and c3-N;
#     rank 0's sK, which hold rank 1's files, stay, and only those do
#     ("L/s0 to L/s1 (named c2-N to c3-N)"); the record's rows of rank
#     1's clients, which never came, say error and count nothing.
#   - set rankshift 1: rank 1 worked on rank 0's files in L/r0 and rank
#     0 on rank 1's in L/r1; rank 0 removes the files it worked on, and
#     what is left is rank 1's files in L/r0 and the directories of
#     L/r1 ("L/r0, L/r1").
# The phase is far longer than the test: the survivor ends only if it
# noticed.  mpirun waits 600 s before it signals the ranks of an aborted
# job (odls_base_sigkill_timeout), so that what the ranks do is their
# own; the test kills it afterwards.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
long_phase 500 10000

# lost NAME WHERE: rank 0 exited 1 with one message: rank 1 lost, its
# process ended, its files in WHERE (an ERE) may be left.
lost() {
	is "$(cat "$T/$1/rank0.rc" 2>/dev/null)" 1 "$1: rank 0 exits 1"
	one_message "$1/rank0" "postmark: $1\.cfg:[0-9]+: lost rank 1: \
its process \([0-9]+, on this host\) ended; its files in $2 may be left" \
	    "$1: one message: rank 1 lost, its process ended, $2"
	case "$(csv_rows "$T/$1.csv" "client status" | sed -n 's/^all //p')" in
	"error: lost rank 1: its process ("*") ended; its files in "*" may be left")
		ok 0 "$1: the record's status is that error" ;;
	*)	ok 1 "$1: the record's status is that error"
		diag "$(csv_rows "$T/$1.csv" "client status" | head -3)" ;;
	esac
}

pm_config shared "$BASE;set clients 2;set shared true;\
set hook before transactions touch $T/shared/go"
kill_rank shared 1 "$T/L" 500 c2-
lost shared 'L/s0 to L/s1 \(named c2-N to c3-N\)'
is "$(csv_rows "$T/shared.csv" "client" | tr '\n' ' ')" "all 0 1 2 3 " \
    "shared: the record has the run and the four clients"
is "$(csv_rows "$T/shared.csv" "client status created deleted host" |
    sed -n '/^[23] /p' | tr '\n' ' ')" \
    "2 error 0 0 unknown 3 error 0 0 unknown " \
    "shared: rank 1's clients' rows say error and count nothing"
is "$(find "$T/L/s0" "$T/L/s1" -type f ! -name 'c[23]-*' 2>&1)" "" \
    "shared: in the sK only rank 1's files are left"
rm -rf "$T/L/s0" "$T/L/s1"
same_tree "$T/L" "$T/L.before" "shared: nothing else is left"

pm_config shift "$BASE;set rankshift 1;\
set hook before transactions touch $T/shift/go"
kill_rank shift 1 "$T/L/r0" 500
lost shift 'L/r0, L/r1'
is "$(find "$T/L/r1" -type f 2>&1)" "" \
    "shift: rank 0 removed the files it worked on, in L/r1"
[ -n "$(find "$T/L/r0" -type f 2>/dev/null)" ]
ok $? "shift: rank 1's files are left in L/r0"
rm -rf "$T/L/r0" "$T/L/r1"
same_tree "$T/L" "$T/L.before" "shift: nothing else is left"
done_testing
