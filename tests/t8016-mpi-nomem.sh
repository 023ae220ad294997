#!/bin/sh
# t8016: the collectives of the MPI transport allocate nothing of their
# own: a rank short of memory in the middle of
# a run's merge must neither exit (leaving the others waiting) nor leave
# a collective the others wait in.  tests/pm_mpimem refuses every
# allocation its own code (postmark's library) makes while the ranks
# reduce 10000 values (several pieces of the transport's buffer), gather
# 5000 bytes of each on rank 0 and share the last rank's error, whose
# 9000-byte text is more than the transport sends: the results are
# right, nothing was refused, the error arrives cut short with "...".
# Once the copies of the reductions and of the gathering were
# allocated there: refused, the reductions returned as if a peer were
# lost and the gathering exited.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/clients/mpilib.sh"
need_mpi
DRIVER="$builddir/tests/pm_mpimem"
need_built "$DRIVER"

for np in 2 3; do
	mkdir -p "$T/np$np"
	mpi_start "np$np" $MPIRUN_BASE -np "$np" "$DRIVER" "$T/np$np"
	if ! mpi_wait; then
		ok 1 "$np ranks: pm_mpimem ends"
		mpi_kill
		continue
	fi
	if [ "$rc" -eq 4 ]; then
		skip_all "pm_mpimem cannot refuse allocations here (a sanitizer)"
	fi
	is "$rc" 0 "$np ranks: pm_mpimem exits 0"
	last=$((np - 1))
	is "$(head -4 "$T/np$np/rank0.out" 2>/dev/null | tr '\n' ' ')" \
	    "allreduce=0 ok reduce=0 ok gather=0 ok refused=0 " \
	    "$np ranks: rank 0's reductions and gathering are right, nothing refused"
	is "$(head -4 "$T/np$np/rank$last.out" 2>/dev/null | tr '\n' ' ')" \
	    "allreduce=0 ok reduce=0 ok gather=0 ok refused=0 " \
	    "$np ranks: rank $last's likewise"
	head="error: client 1: write L/r1/c0/s0/123: "
	err=$(sed -n 5p "$T/np$np/rank0.out" 2>/dev/null)
	case $err in
	"$head"xxx*x...)
		ok 0 "$np ranks: rank 0 has the last rank's error, cut short" ;;
	*)	ok 1 "$np ranks: rank 0 has the last rank's error, cut short"
		diag "$(printf '%s' "$err" | cut -c1-200)" ;;
	esac
	n=$(printf '%s' "${err#"$head"}" | wc -c)
	[ "$n" -gt 4000 ] && [ "$n" -lt 8192 ]
	ok $? "$np ranks: its text is what fits in 8 KiB ($n bytes)"
done
done_testing
