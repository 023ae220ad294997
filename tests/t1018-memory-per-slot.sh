#!/bin/sh
# t1018: memory per file.  What a run allocates for a pool of N files,
# less what it allocates for a smaller pool, is at most 10 bytes per slot
# of the file table (2 x N slots): the slot (a size and a name number, 8
# bytes), the slot's directory beside it in as few bytes as the run's
# directories need, and the bitmap of full slots.  The file table was
# 16 bytes a slot (location and subdirectory as two 32-bit numbers in
# every slot), 16.1 with its bitmap.  The bytes asked of the allocator
# are counted by tests/fault/failalloc.so (PMFAULT_TALLY), so the figure
# is the same on every machine, within the few KB of the warnings that
# depend on timing; bench/memory.sh measures the resident memory of a
# larger pool.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
skip_sanitized "ASan has its own allocator"
FAILALLOC=$builddir/tests/fault/failalloc.so
need_built "$FAILALLOC"

N=60000		# the pool
N0=20000	# the pool it is compared with
mkdir "$T/L" "$T/L2"

# allocated NAME FILES SETTINGS: the bytes a run of FILES files with
# SETTINGS (set lines joined by ';') allocates, in $bytes.
allocated() {
	pm_config "$1" "set location L;set number $2;set transactions 100;\
set size 1 64;set seed 42;$3"
	rm -f "$T/$1.tally"
	pm_run "$1" env PMFAULT_TALLY="$T/$1.tally" LD_PRELOAD="$FAILALLOC"
	is "$rc" 0 "$1: the run of $2 files succeeded"
	bytes=$(sed -n 's/^allocated //p' "$T/$1.tally" 2>/dev/null)
	ok "$([ -n "$bytes" ]; echo $?)" "$1: its allocations were counted"
	: "${bytes:=0}"
	is "$(ls -A "$T/L" "$T/L2" | grep -v ':$' | grep .)" "" \
	    "$1: nothing left"
}

# per_slot NAME SETTINGS MAX: bytes per slot of a pool of N files with
# SETTINGS over one of N0 files, at most MAX.
per_slot() {
	allocated "$1-small" "$N0" "$2"
	small=$bytes
	allocated "$1-pool" "$N" "$2"
	per=$(awk -v a="$bytes" -v b="$small" -v n="$N" -v n0="$N0" \
	    'BEGIN { printf "%.3f", (a - b) / (2 * (n - n0)) }')
	ok "$(awk -v p="$per" -v m="$3" 'BEGIN { exit !(p <= m) }'; echo $?)" \
	    "$1: $per bytes per slot, at most $3"
}

# PostMark's pool: one directory, the slot and the bitmap (8.13).
per_slot flat "" 8.5
# 30 subdirectories (the pool of the memory benchmark): a byte more for
# the slot's directory (9.13).
per_slot subdirs "set subdirectories 30" 10
# 300 subdirectories in two locations: 600 directories, two bytes
# (10.13).
per_slot many "set location +L2;set subdirectories 300" 10.5
done_testing
