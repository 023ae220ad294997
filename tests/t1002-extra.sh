#!/bin/sh
# The "small extra checks" of postmark-reference.md §8, verified on the
# reference binary: bias extremes (always append, always create, both
# halves off, always read) and a fixed file size (every append skipped,
# so appended is 0).  The reference prints float32 byte totals through
# scalef, so those are compared as "%.2f kilobytes" of our exact sums.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

work_dir w

# kb BYTES: PostMark's scalef for a value below one megabyte.
kb() {
	awk -v b="$1" 'BEGIN { printf "%.2f kilobytes\n", b / 1024 }'
}

# run NAME ARGS...: run in a fresh directory, leave the line in $got.
run() {
	D="$W/$1"
	shift
	mkdir "$D"
	got=$(cd "$D" && "$ENGINE" "$@" 2>&1)
	is_empty "$D" "$(basename "$D"): nothing left behind"
}

# field N: the Nth field of $got.
field() {
	printf '%s\n' "$got" | awk -v n="$1" '{ print $n }'
}

run append-create number=10 transactions=100 size=100,1000  \
    bias_create=10 bias_read=0
is "$(field 1) $(field 2) $(field 3) $(field 4) $(field 5)" "20 10 10 0 88" \
    "bias read 0, create 10: 20 created (10+10), 0 read, 88 appended"
is "$(field 6) $(field 7) $(field 8) $(field 9)" "20 20 0 0" \
    "bias read 0, create 10: 20 deleted (20+0), nothing read"
is "$(kb "$(field 10)")" "19.11 kilobytes" \
    "bias read 0, create 10: 19.11 kilobytes written"

run both-off number=10 transactions=100 size=100,1000  \
    bias_create=-1 bias_read=-1
is "$(field 1) $(field 4) $(field 5) $(field 6)" "10 0 0 10" \
    "both biases -1: 10 created, 0 read, 0 appended, 10 deleted"
is "$(kb "$(field 10)")" "5.30 kilobytes" \
    "both biases -1: 5.30 kilobytes written"

run read-only number=10 transactions=100 size=100,1000  \
    bias_create=-1 bias_read=10
is "$(field 4) $(field 5)" "100 0" "bias read 10, create -1: 100 read"
is "$(kb "$(field 9)")" "55.86 kilobytes" \
    "bias read 10, create -1: 55.86 kilobytes read"

run fixed100 number=500 transactions=500 size=100,100 
is "$got" "744 500 244 244 0 744 488 256 24400 74400 ok" \
    "size 100 fixed: 744 (500+244) created and deleted (488+256), 0 appended"

done_testing
