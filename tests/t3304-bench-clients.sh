#!/bin/sh
# bench/clients.sh still works: at tiny sizes (50 files and 100
# transactions per client, one run) its table has a row for 1, 2 and 4
# clients, private and shared, on the tmpfs (a directory when not root)
# and, as root with a loop device, on the ext4 image (else a note says
# why not), every figure a positive number, balances at most 1 and the
# one-client rows' speed-up 1; and the script cleans up after itself:
# nothing left under $TMPDIR, no mount, no loop device.
#
# The MPI rows (mpirun -np 1 and -np 2, one client per rank, private and
# shared, on each file system) are checked only when the environment
# variable MPI_POSTMARK names a postmark built with ./configure --with-mpi
# (and mpirun is installed):
#
#     make check TESTS=tests/t3304-bench-clients.sh \
#         MPI_POSTMARK=/path/to/mpi-build/postmark
#
# otherwise the table must have none and a note must say so.  Some 5 s
# without the MPI rows, 20 s with them.  (The measurement is run by hand.)
. "$srcdir/tests/tap.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"

set -- -N 50 -t 100 -n 1 -p "$POSTMARK"
mpi=
if [ -z "${MPI_POSTMARK:-}" ]; then
	nompi="MPI_POSTMARK not set (a postmark built --with-mpi)"
elif ! command -v mpirun >/dev/null 2>&1; then
	nompi="mpirun not installed"
else
	set -- "$@" -m "$MPI_POSTMARK"
	mpi=yes
fi
TMPDIR=$T sh "$srcdir/bench/clients.sh" "$@" >"$T/out" 2>"$T/err"
is "$?" 0 "clients.sh exits 0"

is "$(awk '$1 == "fs" { $1 = $1; print }' "$T/out")" \
    "fs mode clients transactions_per_s stonewall_per_s balance speedup" \
    "the table has its columns"

# The rows expected, "fs mode clients" each, in order: for each file
# system those of $rows, then, with MPI, those of $mpirows.
rows='private 1,private 2,private 4,shared 1,shared 2,shared 4'
mpirows='mpi-private 1x1,mpi-private 2x1,mpi-shared 1x1,mpi-shared 2x1'
fs1=$(sed -n 's/^\(tmpfs\|dir\): .*/\1/p' "$T/out")
if grep -q '^ext4: ' "$T/out"; then
	fslist="$fs1 ext4"
else
	fslist=$fs1
	grep -q '^note: .*no ext4 rows$' "$T/out"
	ok $? "a note says why there are no ext4 rows"
fi
for f in $fslist; do
	echo "$rows${mpi:+,$mpirows}" | tr , '\n' | sed "s/^/$f /"
done >"$T/want"
awk '$1 == "fs" && $2 == "mode" { t = 1; next }
	t && NF == 7 { print $1, $2, $3 }' "$T/out" >"$T/got"
what="a row for each file system ($fslist), mode${mpi:+ (MPI too)}"
is "$(cat "$T/got")" "$(cat "$T/want")" "$what and number of clients"

# Every figure a positive number, balance at most 1, the speed-up of one
# client (one rank) 1.
awk '
	function pos(v) { return v ~ /^[0-9]+(\.[0-9]+)?$/ && v + 0 > 0 }
	$1 == "fs" && $2 == "mode" { t = 1; next }
	t && NF == 7 {
		if (!pos($4) || !pos($5) || !pos($6) || !pos($7) || $6 > 1 ||
		    (($3 == 1 || $3 == "1x1") && $7 != "1.00"))
			print
	}' "$T/out" >"$T/bad"
is "$(cat "$T/bad")" "" "every figure a positive number"
if [ -z "$mpi" ]; then
	grep -q '^note: no MPI build given (-m): no MPI rows$' "$T/out"
	ok $? "a note says there are no MPI rows"
	skip "the MPI rows" "$nompi"
fi

is "$(ls -A "$T" | grep -v '^\(out\|err\|want\|got\|bad\)$')" "" \
    "clients.sh leaves nothing under TMPDIR"
# (losetup lists the loop devices without root too.)
left=$(grep " $T/" /proc/mounts
	losetup -n -O BACK-FILE 2>/dev/null | grep "^$T/")
is "$left" "" "no mount and no loop device left"
[ -s "$T/err" ] && diag "stderr:" "$(cat "$T/err")"
done_testing
