#!/bin/sh
# t1017: running out of memory at every allocation of a run in turn
#: tests/fault/failalloc.so fails the N-th allocation
# after the run has started, for N = 1, 2, ... until a run needs no more;
# each run either succeeds or stops with exit 1 and an `error:' record,
# and leaves nothing.  Hundreds of runs: in LONG_TESTS (make check-long);
# t1014 has the cases of each kind.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/alloclib.sh"

# Every allocation of a run in turn (the N-th after the hook before the
# run, until a run makes no N-th): each ends with exit 0 and an ok
# record, or exit 1 and an error record, and leaves nothing.
sweep() {
	sw_n=0
	sw_bad=
	while [ $sw_n -lt 400 ]; do
		sw_n=$((sw_n + 1))
		faulty "sweep" run "$1" PMFAULT_NTH=$sw_n PMFAULT_BACKTRACE=1
		sw_st=$(csv_get "$T/sweep.csv" status 1)
		case $rc:$sw_st in
		0:ok|1:error:*) ;;
		*)	sw_bad="$sw_bad [$sw_n: exit $rc, status '$sw_st',\
 $(head -1 "$T/sweep.err")]"
			diag "$(cat "$T/sweep.log")" ;;
		esac
		snapshot "$T/L" | cmp -s - "$T/L.before" ||
			sw_bad="$sw_bad [$sw_n: files left]"
		[ -z "$sw_bad" ] && [ -s "$T/sweep.log" ] || break
	done
	is "$sw_bad" "" "$2: every allocation failing in turn ($sw_n runs)"
	snapshot "$T/L" >"$T/L.after"
	same_file "$T/L.after" "$T/L.before" "$2: nothing left"
}
SW="set number 40;set transactions 100;set subdirectories 2;set interval 50"
sweep "$SW" "one client"
sweep "$SW;set clients 2" "two clients"
done_testing
