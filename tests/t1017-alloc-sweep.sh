#!/bin/sh
# t1017: running out of memory at every allocation of a run in turn
# (issue 14, item 3): tests/fault/failalloc.so fails the N-th allocation
# after the run has started, for N = 1, 2, ... until a run needs no more;
# each run either succeeds or stops with exit 1 and an `error:' record,
# and leaves nothing.  Hundreds of runs: in LONG_TESTS (make check-long);
# t1014 has the cases of each kind.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
need_python
skip_sanitized "ASan reserves the address space and has its own allocator"
FAILALLOC=$builddir/tests/fault/failalloc.so
[ -f "$FAILALLOC" ] || skip_all "tests/fault/failalloc.so not built"

mkdir -p "$T/L"
populate "$T/L"
snapshot "$T/L" >"$T/L.before"

# faulty NAME PHASE CONFIG [VAR=VALUE...]: run CONFIG with the
# allocator's faults armed by the hook before PHASE and disarmed by the
# hook after the run (so that the report can be written); $T/NAME.log
# lists the allocations made to fail.
faulty() {
	fy_name=$1
	fy_cfg=$3
	fy_arm=$2
	shift 3
	rm -f "$T/arm" "$T/disarm" "$T/$fy_name.log" "$T/$fy_name.csv"
	pm_config "$fy_name" "set location L;set seed 2;$fy_cfg;\
set hook before $fy_arm touch $T/arm;set hook after run touch $T/disarm"
	pm_run "$fy_name" env PMFAULT_TRIGGER="$T/arm" \
	    PMFAULT_DISARM="$T/disarm" PMFAULT_LOG="$T/$fy_name.log" "$@" \
	    LD_PRELOAD="$FAILALLOC"
}

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
