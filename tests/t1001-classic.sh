#!/bin/sh
# The classic configuration of the dirhash report (postmark-reference.md
# §4.6), read from bench/classic.pm: number 20000, transactions 50000, size
# 500 10000, seed 42 (blocks 512 and bias 5/5 are the defaults).  The
# reference prints 45093 created (20000 + 25093), 24789 read, 25184
# appended (27 appends skipped at HIGH), 45093 deleted (20186 + 24907); the
# exact byte sums behind its float32 totals are 151053776 read and
# 285079691 written.  It runs once: that a second run in the same
# process reseeds and repeats the first is t1005's.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

# The engine's arguments from the set lines of bench/classic.pm: "set
# size LOW HIGH" is size=LOW,HIGH, "set KEY N" is KEY=N.
args=$(sed -n \
    -e 's/^set size \([0-9]*\) \([0-9]*\)$/size=\1,\2/p' \
    -e 's/^set \([a-z]*\) \([0-9]*\)$/\1=\2/p' \
    "$srcdir/bench/classic.pm" | tr '\n' ' ')
is "$args" "number=20000 transactions=50000 size=500,10000 seed=42 " \
    "bench/classic.pm is the classic configuration"

work_dir w 1g
want="45093 20000 25093 24789 25184 45093 20186 24907 151053776 285079691 ok"
want2="50000 20000 25093 24789 25184 24907 20186 delete"
got=$(cd "$W" && "$ENGINE" $args extra=1 2>&1)
is "$(printf '%s\n' "$got" | sed -n 1p)" "$want" "classic: counts and bytes"
is "$(printf '%s\n' "$got" | sed -n 2p)" "$want2" \
    "classic: transactions done and one latency sample per operation"
is_empty "$W" "classic: nothing left behind"

done_testing
