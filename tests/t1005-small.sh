#!/bin/sh
# Transactions 1..9 (PostMark divides by transactions / 10 = 0 there and
# dies of SIGFPE after transaction 0, leaving files behind) complete here:
# every transaction done, exit 0, an empty directory afterwards.  Also:
# the latency histograms get one sample per counted operation (skipped
# appends and no-op creates excluded), and a second run in the same
# process repeats the first exactly (every run reseeds).

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

work_dir w

for t in 1 2 3 4 5 6 7 8 9; do
	D="$W/t$t"
	mkdir "$D"
	got=$(cd "$D" && "$ENGINE" number=5 transactions=$t seed=$t extra=1 \
	    subdirectories=2 2>&1)
	ok $? "transactions $t: exit status 0"
	is "$(printf '%s\n' "$got" | sed -n '1s/.* //p;2s/ .*//p' |
	    tr '\n' ' ')" "ok $t " "transactions $t: all $t done"
	is_empty "$D" "transactions $t: nothing left behind"
done

# Latency samples = operations: the table fills (allappend of §8), so
# 2000 creates were no-ops, and 12 appends were skipped at HIGH.
D="$W/lat"
mkdir "$D"
got=$(cd "$D" && "$ENGINE" seed=11 number=1000 transactions=3000 \
    bias_read=0 bias_create=10 extra=1 runs=2 2>&1)
is "$(printf '%s\n' "$got" | sed -n 2p)" \
    "3000 1000 1000 0 2988 0 2000 delete" \
    "latency samples: creates 1000+1000, appends 2988, deletes 0+2000"
is "$(printf '%s\n' "$got" | sed -n 3,4p)" "$(printf '%s\n' "$got" |
    sed -n 1,2p)" "a second run reseeds and repeats the first"
is_empty "$D" "latency: nothing left behind"

done_testing
