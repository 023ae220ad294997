#!/bin/sh
#
# Copyright (c) 2026 The postmark developers.
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
#
# Memory per file: what a pool costs postmark beyond its start-up, per
# slot of its file table (2 x number slots).  A run of the pool and a run
# of one file, both under GNU time, RUNS times each, interleaved; the
# script prints the medians of their peak RSS and
#
#   bytes per slot   (peak RSS of the pool - peak RSS of one file)
#                    / (2 x number)
#
# with the goal: at most 10 bytes per slot.  The run of one file is the
# start-up: the program, its libraries, a run's fixed costs (histograms,
# buffers), nothing that grows with the pool.
#
# Workload: number N (default 300000), transactions 2 x N (-t), set
# subdirectories 30 (-s), files of 1 to 64 bytes, seed 42.  With 2 x N
# transactions the creates of the transactions reach the end of the
# table (PostMark takes the slots after the pool's in order), so every
# slot has been written and is resident: the worst case.  With PostMark's
# 500 transactions half the table is never touched and the figure is
# about half.
#
# The runs go to a fresh tmpfs when root (else a directory in the scratch
# directory): the files cost page cache, not postmark's memory, and a
# tmpfs keeps the disk out of the run time.  Needs GNU time.
#
# Usage: bench/memory.sh [-n RUNS] [-f NUMBER] [-t TRANSACTIONS]
#            [-s SUBDIRECTORIES] [POSTMARK]
#
#   POSTMARK   our binary (default $POSTMARK, else ./postmark)
#   -n RUNS    runs of each (default 3)
#
# The scratch directory is made with mktemp -d under $TMPDIR (default
# /tmp) and removed on exit with the tmpfs, also on SIGINT, SIGTERM and
# SIGHUP.  Exit status: 0 the figures were printed (whatever the goal
# says), 1 a run failed or left files, 2 usage.

set -u
export LC_ALL=C

# usage: print the usage on stdout.
usage() {
	echo "usage: $prog [-n RUNS] [-f NUMBER] [-t TRANSACTIONS]" \
	    "[-s SUBDIRECTORIES] [POSTMARK]"
}

. "$(dirname -- "$0")/lib.sh"
count=3
number=300000
transactions=
subdirs=30
case ${1-} in
-h|--help)
	usage
	exit 0 ;;
esac
while getopts n:f:t:s: opt; do
	case $opt in
	s)	need_posint -s "$OPTARG"
		subdirs=$OPTARG ;;
	*)	bench_workload_opt "$opt" "${OPTARG-}" || try_help ;;
	esac
done
shift $((OPTIND - 1))
[ $# -le 1 ] || usage_error "too many arguments"
[ "$number" -le 1073741823 ] || usage_error "-f: at most 1073741823 files"
: "${transactions:=$((2 * number))}"
runs=$count
find_prog ours "${1:-${POSTMARK:-./postmark}}" \
    "build postmark, or name it as POSTMARK"
find_prog TIME /usr/bin/time "apt-get install time"

# A page of page cache for each file alive at once, at most 1.5 x N,
# and room.
bench_scratch memory $((number * 6 / 1024 + 64))

# config FILES TRANSACTIONS: the configuration of a run.
config() {
	printf 'set location %s\nset number %s\nset transactions %s\n' \
	    "$d/fs/w" "$1" "$2"
	printf 'set subdirectories %s\nset size 1 64\nset seed 42\n' "$subdirs"
	printf 'set report terse\nrun\nquit\n'
}

# measure TAG FILES TRANSACTIONS: one run; appends its peak RSS (KiB) to
# $d/TAG.
measure() {
	config "$2" "$3" >"$d/$1.cfg"
	mkdir "$d/fs/w" || exit 1
	if ! "$TIME" -f '%M' -o "$d/time" "$ours" "$d/$1.cfg" \
	    </dev/null >"$d/out" 2>"$d/err"; then
		note "the run of $2 files failed:"
		cat "$d/err" "$d/time" >&2
		exit 1
	fi
	[ -z "$(ls -A "$d/fs/w")" ] || die "the run of $2 files left files"
	rmdir "$d/fs/w"
	tail -1 "$d/time" >>"$d/$1"
}

echo "postmark memory per slot: $runs runs of each, interleaved"
echo "postmark: $ours"
echo "workload: number $number, transactions $transactions," \
    "subdirectories $subdirs, size 1 64 ($((2 * number)) slots)"
echo "location: $fs; host $(uname -n), kernel $(uname -r)"
: >"$d/pool"
: >"$d/one"
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	measure one 1 1
	measure pool "$number" "$transactions"
done
one=$(median "$d/one" 1)
pool=$(median "$d/pool" 1)
echo
printf '%-28s %12s\n' "peak RSS, one file (KiB)" "$one" \
    "peak RSS, the pool (KiB)" "$pool"
awk -v a="$pool" -v b="$one" -v n="$number" 'BEGIN {
	v = (a - b) * 1024 / (2 * n)
	printf "%-28s %12.2f\n", "bytes per slot", v
	verdict = v <= 10 ? "met" : "NOT met"
	printf "goal: at most 10 bytes per slot: %s\n", verdict
}'
echo "Medians of $runs runs (GNU time's %M)."
