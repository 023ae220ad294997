#!/bin/sh
# Real faults: no inodes left (a tmpfs with nr_inodes=64, plenty of space).
# Creating a file fails at open, a subdirectory at mkdir, with ENOSPC
# (`No space left on device', which is what tmpfs reports), in the
# creation phase and in the transaction phase, buffered and unbuffered.
# Each run must stop with `postmark: -:N: OP PATH: No space left on
# device', exit 1, write an `error:' row, and leave the location exactly as
# it was: every file and sK directory it made removed.  Needs root.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

need_root "mount a tmpfs with few inodes"

# noinode NAME PHASE OP PATH CONFIG: on a fresh tmpfs of 64 inodes holding
# a few entries of its own (6 inodes with its root), run CONFIG (set lines
# joined by `;', the location prepended); it must fail with OP on PATH (an
# ERE below the location) in PHASE (`-' not to check).  The number at the
# end of PATH is left in $num.
noinode() {
	L=$T/$1.loc
	mount_tmpfs "$L" "size=4m,nr_inodes=64,mode=0755"
	populate "$L"
	snapshot "$L" >"$T/$1.before"
	pm_config "$1" "set location $L;set seed 42;set size 10 100;$5"
	pm_run "$1"
	expect_fault "$1" "$3" "$(ere_quote "$L")/$4" \
	    'No space left on device'
	[ "$2" = - ] ||
	    is "$(phase_of "$T/$1.csv")" "$2" "$1: stopped in the $2 phase"
	same_as_before "$L" "$T/$1.before" "$1: location exactly as before"
	num=$(sed -E -n 's,.*[/s]([0-9]+): No space left on device$,\1,p' \
	    "$T/$1.err")
}

noinode create-buffered creation open '[0-9]+' 'set number 200'
noinode create-raw creation open '[0-9]+' \
    'set number 200;set buffering false'
noinode create-subdirs creation open 's[0-3]/[0-9]+' \
    'set number 200;set subdirectories 4'

# 100 subdirectories do not fit: mkdir fails before any file is made, and
# the sK made before it are removed.
noinode mkdir - mkdir 's[0-9]+' 'set number 20;set subdirectories 100'
is "$(csv_get "$T/mkdir.csv" created)" 0 "mkdir: no file created"
ok "$([ "${num:-0}" -ge 1 ]; echo $?)" \
    "mkdir: s$num failed after s0..s$((${num:-1} - 1)) were made"

# A pool of 40 fits; the files created by the transactions do not.
c='set number 40;set transactions 1000;set bias create 9'
noinode trans-create-raw transactions open '[0-9]+' "$c;set buffering false"
ok "$([ "${num:-0}" -gt 40 ]; echo $?)" \
    "trans-create-raw: the failed open made file $num (> 40)"
noinode trans-create-subdirs transactions open 's[01]/[0-9]+' \
    "$c;set subdirectories 2"
ok "$([ "${num:-0}" -gt 40 ]; echo $?)" \
    "trans-create-subdirs: the failed open made file $num (> 40)"

done_testing
