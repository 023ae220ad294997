# tests/fault/alloclib.sh: what the tests of running out of memory
# (t1014, t1017) share: the libraries they need, tests/fault/failalloc.so
# (skipped without it, or under ASan), a location L with files of
# others in it (snapshot in $T/L.before), and faulty, a run with the
# allocator's faults armed by a hook.  Source it after tests/tap.sh.
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
need_python
skip_sanitized "ASan reserves the address space and has its own allocator"
FAILALLOC=$builddir/tests/fault/failalloc.so
need_built "$FAILALLOC"

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

