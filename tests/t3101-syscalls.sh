#!/bin/sh
# System calls: for six small configs (stdio and raw I/O, subdirectories,
# weighted locations, a fixed size with zero-length remainders, tiny
# blocks) our postmark must make exactly the reference's I/O system calls
# inside the locations, in the same order with the same sizes, and no
# other system call from the creation phase to the deletion phase.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/diff/difflib.sh"
. "$srcdir/tests/diff/syslib.sh"
need_reference
sl_need_strace

# spec LOCATIONS NUMBER TRANSACTIONS SIZE SEED READ WRITE BUFFERING
# [SUBDIRECTORIES]: a config in section 8's line order.
spec() {
	printf '%s;set number %s;set transactions %s;set size %s;set seed %s' \
	    "$1" "$2" "$3" "$4" "$5"
	printf ';set read %s;set write %s;set bias read 5;set bias create 5' \
	    "$6" "$7"
	printf ';set buffering %s' "$8"
	[ -z "${9:-}" ] || printf ';set subdirectories %s' "$9"
}

A='set location A'
sl_compare buffered "$(spec "$A" 60 200 '500 10000' 42 512 512 true)"
sl_compare unbuffered "$(spec "$A" 60 200 '500 10000' 21 100 300 false)"
sl_compare subdirs "$(spec "$A" 60 150 '500 10000' 7 512 512 true 5)"
M='set location A 1;set location +B 2;set location +C 3'
sl_compare multiloc "$(spec "$M" \
    60 150 '500 10000' 99 4096 8192 false 3)"
sl_compare fixed "$(spec "$A" 40 120 4096 3 512 1024 false)"
sl_compare tiny "$(spec "$A" 60 200 '10 20' 9 7 3 false)"
done_testing
