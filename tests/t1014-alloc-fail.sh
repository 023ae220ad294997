#!/bin/sh
# t1014: running out of memory.  During a run a
# failed allocation is an error like ENOSPC: the run stops, removes what
# it made, writes an `error:' record and exits 1; before anything is
# made, the message names what was being allocated and how big.  Once,
# the x* wrappers exited at once from the middle of a run (sampling
# /proc/vmstat, interval rows, client rows), leaving every file; the
# unchecked directory tables of `set subdirectories 2147483647' ended in
# SIGSEGV; and the report writers kept a whole result (about 360 KB) on
# the stack.  The failures come from tests/fault/failalloc.so, preloaded
# and armed by a hook, or from a limit on the address space or stack.
# Every allocation of a run failing in turn is t1017's (make check-long).
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/alloclib.sh"

# limited NAME CONFIG WHAT: CONFIG under a 1 GiB address space fails
# before anything is made, naming WHAT (an ERE) and its size.
limited() {
	pm_config "$1" "set location L;$2"
	pm_run "$1" sh -c 'ulimit -v 1048576 && exec "$@"' sh
	is "$rc" 1 "$1: exit 1"
	one_message "$1" "postmark: [^:]+:[0-9]+: allocate $3 of [0-9x ]+ bytes \\([0-9.]+ [KMGT]iB\\): Cannot allocate memory" \
	    "$1: the message names what was allocated and its size"
	case $(csv_get "$T/$1.csv" status) in
	"error: allocate "*)	ok 0 "$1: an error record" ;;
	*)	ok 1 "$1: an error record"
		diag "status: $(csv_get "$T/$1.csv" status)" ;;
	esac
	snapshot "$T/L" >"$T/L.after"
	same_file "$T/L.after" "$T/L.before" "$1: nothing left"
}
limited subdirs "set subdirectories 2147483647" 'subdirectory table'
limited table "set number 1073741823" 'file table'
limited source "set size 1073741823" 'source buffer'
limited clients "set clients 4096" '(the result of )?client [0-9]+ of 4096'

# No allocation of 64 KiB or more in the phases of a run of one client:
# sampling /proc/vmstat once allocated that much and exited with the
# pool left.
faulty big creation "set number 300;set transactions 1000" PMFAULT_MIN=65536
is "$rc" 0 "one client, allocations of 64 KiB fail: the run needs none"
[ "$rc" -eq 0 ] || diag "stderr: $(head -3 "$T/big.err")" \
    "failed: $(cat "$T/big.log" 2>/dev/null)"
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "one client, no big allocation: nothing left"

# With set interval 1 the transaction phase's rows are allocated as it
# starts (over 1300 rows of about 176 bytes): that failure stops the run
# cleanly.  (A result, over 300 KB, is allocated for the report of
# several clients after the run: that one must not fail.)
for c in 1 3; do
	faulty "rows$c" transactions "set number 300;set transactions 1000;\
set interval 1;set clients $c" PMFAULT_MIN=65536 PMFAULT_MAX=300000
	is "$rc" 1 "$c client(s), interval rows fail: exit 1"
	grep -q 'allocate interval rows' "$T/rows$c.err"
	ok $? "$c client(s): the message names the interval rows"
	case $(csv_get "$T/rows$c.csv" status 1) in
	"error: "*"allocate interval rows"*)
		ok 0 "$c client(s): an error record" ;;
	*)	ok 1 "$c client(s): an error record"
		diag "status: $(csv_get "$T/rows$c.csv" status 1)" ;;
	esac
	snapshot "$T/L" >"$T/L.after"
	same_file "$T/L.after" "$T/L.before" "$c client(s), rows failed: nothing left"
done

# Nothing the size of a result on the stack: every report of several
# clients with a 256 KiB stack.
for fmt in verbose csv json; do
	printf '%s\n' "set location L" "set number 100" "set transactions 300" \
	    "set clients 2" "set report $fmt" "run $T/stack.$fmt" quit \
	    >"$T/stack$fmt.cfg"
	pm_run "stack$fmt" sh -c 'ulimit -s 256 && exec "$@"' sh
	is "$rc" 0 "a 256 KiB stack: the $fmt reports of two clients"
done
snapshot "$T/L" >"$T/L.after"
same_file "$T/L.after" "$T/L.before" "small stacks: nothing left"
done_testing
