#!/bin/sh
# Never touch what is not ours.  PostMark's create truncated a file that
# had a run file's name and later deleted it; here creates use O_EXCL, so
# a pre-existing file stops the run with "open PATH: File exists", is left
# byte for byte as it was, and every file the run made before is removed.
# A pre-existing sK directory is an error too (mkdir: File exists) and is
# left alone with its contents.

. "$srcdir/tests/tap.sh"
. "$srcdir/tests/data/engine.sh"

work_dir w

# victim DIR NAME: a file that is not ours, and its checksum in $sum.
victim() {
	printf 'precious data\n' >"$1/$2"
	sum=$(cksum <"$1/$2")
}

# expect_exists CASE DIR NAME ARGS...: run, expect the File exists error
# on NAME, the victim unchanged and nothing else in DIR.
expect_exists() {
	c=$1 d=$2 n=$3
	shift 3
	(cd "$d" && "$ENGINE" "$@" >"$T/out" 2>"$T/err")
	is $? 1 "$c: exit status 1"
	is "$(cat "$T/err")" "pm_enginetest: open $d/$n: File exists" \
	    "$c: the cause names the open and the path"
	is "$(sed 's/.* //' "$T/out")" error "$c: status error"
	is "$(cksum <"$d/$n")" "$sum" "$c: the existing file is untouched"
	is "$(ls -A "$d")" "$n" "$c: the run's own files are removed"
}

for b in true false; do
	D="$W/first$b"
	mkdir "$D"
	victim "$D" 1
	expect_exists "first file, buffering $b" "$D" 1 location="$D:1" \
	    number=5 buffering=$b

	D="$W/third$b"
	mkdir "$D"
	victim "$D" 3
	expect_exists "third file, buffering $b" "$D" 3 location="$D:1" \
	    number=5 buffering=$b
done

# Hit by a create of the transactions: names 1..5 are the pool, 6 and up
# come from transactions.
D="$W/mixed"
mkdir "$D"
victim "$D" 7
expect_exists "created by a transaction" "$D" 7 location="$D:1" number=5 \
    transactions=100 seed=3

# A pre-existing subdirectory with a file of its own.
D="$W/subdir"
mkdir "$D" "$D/s1"
victim "$D/s1" keep
(cd "$D" && "$ENGINE" number=5 subdirectories=3 >"$T/out" 2>"$T/err")
is $? 1 "existing s1: exit status 1"
is "$(cat "$T/err")" "pm_enginetest: mkdir s1: File exists" \
    "existing s1: the cause names the mkdir and the path"
is "$(ls -A "$D") $(ls -A "$D/s1")" "s1 keep" \
    "existing s1: s0 removed, s2 never made, s1 untouched"
is "$(cksum <"$D/s1/keep")" "$sum" "existing s1: its file is untouched"

done_testing
