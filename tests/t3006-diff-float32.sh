#!/bin/sh
# Differential test, the float32 witnesses of reference section 6.4: the
# classic configuration (bench/classic.pm: number 20000, transactions
# 50000, size 500 10000) with seeds 4 and 15 instead of 42, where the
# reference's float32 byte sums print 0.01 MB off the exact sums.
# Everything else must match; the Data totals within 0.01, and ours must
# print the exact figure.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/diff/difflib.sh"
need_reference

# The set lines of bench/classic.pm but the seed, each followed by ";".
c=$(sed -n '/^set seed /d; /^set /p' "$srcdir/bench/classic.pm" | tr '\n' ';')
b='set read 512;set write 512;set bias read 5;set bias create 5'
dl_compare classic4 "set location classic4;${c}set seed 4;$b"
is "$(dl_data "$T/our/classic4.out" | sed -n 1p)" "read 145.75 megabytes" \
    "classic4: ours prints the exact sum, 145.75 megabytes read"
dl_compare classic15 "set location classic15;${c}set seed 15;$b"
is "$(dl_data "$T/our/classic15.out" | sed -n 2p)" \
    "written 271.63 megabytes" \
    "classic15: ours prints the exact sum, 271.63 megabytes written"
done_testing
