#!/bin/sh
# Real faults: the file system fills up (a small tmpfs) in the creation
# phase and in the transaction phase, by a new file or by an append,
# buffered (stdio: the error surfaces at fwrite or fclose) and unbuffered,
# with and without subdirectories.  Each run must stop with
# `postmark: -:N: write PATH: No space left on device', exit 1, write an
# `error:' row, and leave the location exactly as it was.  (The deletion
# phase only frees space: it cannot run out of it.)  Needs root.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"

need_root "mount a small tmpfs"

# full NAME SIZE PHASE PATH CONFIG: on a fresh tmpfs of SIZE holding a few
# entries of its own, run CONFIG (set lines joined by `;', the location
# prepended); it must fail writing PATH (an ERE below the location) in
# PHASE.  The number of the file that failed is left in $num.
full() {
	L=$T/$1.loc
	mount_tmpfs "$L" "size=$2,mode=0755"
	populate "$L"
	snapshot "$L" >"$T/$1.before"
	pm_config "$1" "set location $L;set seed 42;$5"
	pm_run "$1"
	expect_fault "$1" write "$(ere_quote "$L")/$4" \
	    'No space left on device'
	is "$(phase_of "$T/$1.csv")" "$3" "$1: stopped in the $3 phase"
	same_as_before "$L" "$T/$1.before" "$1: location exactly as before"
	num=$(sed -E -n 's,.*/([0-9]+): No space left on device$,\1,p' \
	    "$T/$1.err")
}

c='set size 500 10000;set number 100'
full create-buffered 128k creation '[0-9]+' "$c"
full create-raw 128k creation '[0-9]+' "$c;set buffering false"
full create-subdirs 128k creation 's[0-3]/[0-9]+' "$c;set subdirectories 4"

# 100 files of at most one page fit in 600k; the table has room for 200,
# and creating them, 9 transactions in 10, does not fit: the write that
# fails is that of a file made by a transaction (number above 100).
c='set size 1000 4000;set number 100;set transactions 5000'
c="$c;set bias create 9;set bias read -1"
full trans-create-buffered 600k transactions '[0-9]+' "$c"
ok "$([ "${num:-0}" -gt 100 ]; echo $?)" \
    "trans-create-buffered: the failed write made file $num (> 100)"
full trans-create-raw 600k transactions '[0-9]+' "$c;set buffering false"
ok "$([ "${num:-0}" -gt 100 ]; echo $?)" \
    "trans-create-raw: the failed write made file $num (> 100)"

# No creates or deletes in the transactions, only appends: 30 files of up
# to 40000 bytes fit in 1m at their first size but not grown to 40000;
# the write that fails is an append to a file of the pool (30 or below).
c='set size 1000 40000;set number 30;set transactions 5000'
c="$c;set bias create -1;set bias read 0"
full trans-append-raw 1m transactions '[0-9]+' "$c;set buffering false"
ok "$([ "${num:-0}" -ge 1 ] && [ "${num:-0}" -le 30 ]; echo $?)" \
    "trans-append-raw: the failed write appended to file $num (<= 30)"
full trans-append-subdirs 1m transactions 's[0-2]/[0-9]+' \
    "$c;set subdirectories 3"
ok "$([ "${num:-0}" -ge 1 ] && [ "${num:-0}" -le 30 ]; echo $?)" \
    "trans-append-subdirs: the failed write appended to file $num (<= 30)"

done_testing
