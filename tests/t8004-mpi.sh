#!/bin/sh
# t8004: MPI ranks (a postmark built with ./configure --with-mpi, as make
# distcheck does when mpicc is installed; skipped otherwise).  Two ranks
# under mpirun: client I of rank R is the workload of seed + R * N + I
# in rR/cI, its counts those of a single run with that seed; rank 0
# alone writes the record, whose run row sums them and whose host names
# the ranks; set rankshift 1 and set shared true run clean with the same
# totals; a failure on rank 1 stops both ranks, names client 1, and
# leaves nothing.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
need_python
need_mpi

BASE="set size 500 10000;set number 300;set transactions 1000;set seed 7;\
set subdirectories 2;set location L"
mkdir -p "$T/L"
populate "$T/L"
snapshot "$T/L" >"$T/L.before"

# mpi_run NAME CONFIG: run CONFIG (lines joined by ';', then a CSV record
# to NAME.csv) on two ranks in $T; the status in $rc.
mpi_run() {
	printf '%s;set report csv;run %s;quit\n' "$2" "$T/$1.csv" |
	    tr ';' '\n' >"$T/$1.cfg"
	(cd "$T" && exec $GUARD $MPIRUN "$POSTMARK" "$1.cfg" \
	    </dev/null >"$T/$1.out" 2>"$T/$1.err")
	rc=$?
}

# One client per rank: rank R's is the workload of seed 7 + R.
mpi_run two "$BASE;set hook before deletion find L -type d -name 's*' | sort >$T/dirs.txt"
is "$rc" 0 "two ranks: exit 0"
[ "$rc" -eq 0 ] || diag "$(head -5 "$T/two.err")"
is "$(csv_rows "$T/two.csv" client | tr '\n' ' ')" "all 0 1 " \
    "rank 0 writes the run's row and a row per client"
is "$(tr '\n' ' ' <"$T/dirs.txt")" \
    "L/r0/c0/s0 L/r0/c0/s1 L/r1/c0/s0 L/r1/c0/s1 " \
    "rank R's client I works in rR/cI of the location"
single_runs two "$BASE"
is "$(csv_rows "$T/two.csv" "client host" | sed -n 's/^all //p')" \
    "$(uname -n)" "the run's host lists the ranks' hosts"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "two ranks: nothing left"
# The run's CPU of a phase is that of both ranks' processes: at least
# the sum of their clients' threads (each within its process).  Once it
# was rank 0's alone, less than its clients' together.
for p in creation transactions deletion; do
	is "$(csv_rows "$T/two.csv" "${p}_user_s ${p}_system_s" | awk '
	    NR == 1 { run = $1 + $2; next } { cl += $1 + $2 }
	    END { print (run >= cl - 1e-9 ? "covers" : \
		"short: " run " s of " cl " s") }')" covers \
	    "$p: the run's CPU covers every rank's clients"
done
printf '%s;run;quit\n' "$BASE" | tr ';' '\n' >"$T/verbose.cfg"
(cd "$T" && exec $GUARD $MPIRUN "$POSTMARK" verbose.cfg </dev/null \
    >"$T/verbose.out" 2>"$T/verbose.err")
is "$?" 0 "a verbose report of two ranks: exit 0"
grep -qx 'Where the time went (CPU: the processes of the 2 MPI ranks, summed):' \
    "$T/verbose.out"
ok $? "the verbose report says which processes its CPU covers"

# set rankshift 1: each rank works on the other's files; same totals.
mpi_run shift "$BASE;set rankshift 1"
is "$rc" 0 "rankshift 1: exit 0"
is "$(csv_rows "$T/shift.csv" "client $COUNTS" | sed -n 's/^all //p')" \
    "$(csv_rows "$T/two.csv" "client $COUNTS" | sed -n 's/^all //p')" \
    "rankshift 1: the same operations as without it"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "rankshift 1: nothing left"

# set shared true, two clients per rank: names c0- to c3- in L/sK.
mpi_run shared "$BASE;set shared true;set clients 2;\
set hook before deletion cd L && find s0 s1 -type f | sed -e 's|.*/||' -e 's|-.*||' | sort -u >$T/pfx.txt"
is "$rc" 0 "shared, two clients per rank: exit 0"
is "$(tr '\n' ' ' <"$T/pfx.txt")" "c0 c1 c2 c3 " \
    "the four clients' files share the location's sK"
is "$(csv_rows "$T/shared.csv" client | tr '\n' ' ')" "all 0 1 2 3 " \
    "a row per client of each rank"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "shared: nothing left"

# Rank 0's hook removes rank 1's files: rank 1 fails, both stop.
mpi_run fail "$BASE;set transactions 20000;\
set hook after creation rm -f L/r1/c0/s0/* L/r1/c0/s1/*"
is "$rc" 1 "a failure on rank 1: exit 1"
if grep -Eq '^postmark: [^ ]+: client 1: [a-z]+ L/r1/c0/s[01]/[0-9]+: No such file or directory$' \
    "$T/fail.err"; then
	ok 0 "rank 0 prints rank 1's error, naming client 1"
else
	ok 1 "rank 0 prints rank 1's error, naming client 1"
	diag "stderr: $(head -5 "$T/fail.err")"
fi
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "after the failure: nothing left"

# Open MPI's session directories (left behind when a job is killed) are
# in the test's TMPDIR, removed with $T, not in the suite's: each rank
# sees its job's in a TMPDIR below $T.
if [ "$OPENMPI" -eq 1 ]; then
	is "$($GUARD $MPIRUN sh -c 'case $TMPDIR in "$0"/*)
	    ls -d "$TMPDIR"/ompi.* >/dev/null 2>&1 && echo yes ;; esac' "$T")" \
	    "yes
yes" "Open MPI's session directory is in the test's own TMPDIR"
else
	skip "Open MPI's session directory in the test's TMPDIR" "not Open MPI"
fi

# Several ranks need the configuration file.
(cd "$T" && $GUARD $MPIRUN "$POSTMARK" </dev/null >"$T/nofile.out" \
    2>"$T/nofile.err")
is "$?" 2 "no file with two ranks: usage error"
done_testing
