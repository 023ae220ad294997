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
# How the aggregate transaction rate grows with the clients: the
# classic configuration (bench/classic.pm: files of 500 to
# 10000 bytes, seed 42) with FILES files and TRANSACTIONS transactions per
# client, run with "set clients" 1, 2 and 4, each client in its own
# directory (mode private) and all in the same ones (set shared true, mode
# shared), on a tmpfs and on an ext4 image.  Given an MPI build (-m), also
# under "mpirun -np 1" and "mpirun -np 2" with one client per rank, private
# and shared (modes mpi-private, mpi-shared).  The per-client workload
# stays the same: 4 clients do 4 times the work of one.
#
# For each file system, mode and number of clients (ranks x clients under
# MPI) the script prints the medians over RUNS runs of the aggregate
# transaction rate (the CSV record's client=all row: transactions of all
# clients over the transaction phase, which lasts until the last client
# ends it), of the stonewall rate (only what all clients did while every
# one was still running) and of the balance (the fastest client's time
# over the slowest's), and the speed-up: the median rate over that of one
# client (one rank) of the same file system and mode.  Figures only, no
# verdict.  Each run checks that it did clients x TRANSACTIONS
# transactions and left its directory empty.
#
# File systems: a tmpfs mounted in the scratch directory (when root, else
# a directory of $TMPDIR), and, as root with a loop device, a sparse ext4
# image made there (default features, inode tables and journal
# initialised by mkfs, no reserved blocks), attached with direct I/O and
# mounted noatime; it is synced after every run, outside the timing.
# Without root, mkfs.ext4 or a loop device, or with --no-image, the ext4
# rows are skipped with a note.  The runs are interleaved (run 1 of every
# row, then run 2, ...) so that drift hits all rows alike; each run gets a
# fresh empty directory and nothing else is ever in it.
#
# Usage: bench/clients.sh [-p POSTMARK] [-m MPI_POSTMARK] [-n RUNS]
#            [-N FILES] [-t TRANSACTIONS] [--no-image]
#
#   -p POSTMARK      the program (default $POSTMARK, else ./postmark)
#   -m MPI_POSTMARK  a build configured --with-mpi ("Built with MPI" in
#                    its --version); without it, or without mpirun, the
#                    MPI rows are skipped with a note
#   -n RUNS          runs per row; the medians are printed (default 3)
#   -N FILES         files per client (default 5000)
#   -t TRANSACTIONS  transactions per client (default 20000)
#   --no-image       no ext4 image even as root: the tmpfs rows only
#
# Run time on this project's 2-CPU VM at the default sizes: 2 to 4
# minutes with the MPI rows (107 s and 242 s measured, as other work
# loaded the machine less or more), about 2 without (117 s).
#
# The scratch directory is made with mktemp -d under $TMPDIR (default
# /tmp); everything, the mounts and the loop device included, is removed
# on exit, also on SIGINT, SIGTERM and SIGHUP.  Needs python3 (its csv
# module reads the records).  Under Open MPI the ranks are not bound to
# processors (--bind-to none, as the threads are not), and as root
# mpirun gets --allow-run-as-root.  Exit status: 0 the table was printed,
# 1 a run failed or something else went wrong, 2 usage, 129/130/143
# interrupted.

set -u
export LC_ALL=C

# usage: print the usage on stdout.
usage() {
	echo "usage: $prog [-p POSTMARK] [-m MPI_POSTMARK] [-n RUNS]"
	echo "           [-N FILES] [-t TRANSACTIONS] [--no-image]"
}

. "$(dirname -- "$0")/lib.sh"
pm=${POSTMARK:-./postmark}
mpipm=
runs=3
number=5000
transactions=20000
useimage=yes
while [ $# -gt 0 ]; do
	case $1 in
	-p|-m|-n|-N|-t)
		need_arg $# "$1" "a value" ;;
	esac
	case $1 in
	-p)	pm=$2 ;;
	-m)	mpipm=$2 ;;
	-n)	need_posint -n "$2"
		runs=$2 ;;
	-N)	need_posint -N "$2"
		number=$2 ;;
	-t)	need_posint -t "$2"
		transactions=$2 ;;
	--no-image)
		useimage= ;;
	-h|--help)
		usage
		exit 0 ;;
	*)	usage_error "unknown argument $1" ;;
	esac
	case $1 in
	-p|-m|-n|-N|-t)
		shift ;;
	esac
	shift
done
find_prog pm "$pm" "build postmark, or name it with -p or \$POSTMARK"
command -v python3 >/dev/null 2>&1 || die "python3 not found"

# The MPI rows: an MPI build and mpirun (Open MPI's options when it is).
mpinote=
if [ -z "$mpipm" ]; then
	mpinote="no MPI build given (-m): no MPI rows"
else
	find_prog mpipm "$mpipm" "name the MPI build with -m"
	if ! "$mpipm" --version 2>/dev/null | grep -q 'Built with MPI'; then
		mpinote="$mpipm is not built with MPI: no MPI rows"
	elif ! command -v mpirun >/dev/null 2>&1; then
		mpinote="mpirun not found: no MPI rows"
	fi
fi
[ -z "$mpinote" ] || mpipm=
mpiopts=
if [ -n "$mpipm" ] && mpirun --version 2>&1 | grep -q 'Open MPI'; then
	mpiopts='--bind-to none --oversubscribe'
	[ "$(id -u)" -ne 0 ] || mpiopts="$mpiopts --allow-run-as-root"
fi

# Room: 4 clients' pools of FILES files of at most 10000 bytes (3 pages
# or blocks each), twice over for the slack, in MiB; the image has an
# inode for each of those files and 65536 more.
room=$((4 * number * 12 * 2 / 1024))
tmpfsmib=$((room > 1024 ? room : 1024))
bench_scratch clients "$tmpfsmib"
mkdir "$d/res" || exit 1
case $fs in
tmpfs)	fslist=tmpfs ;;
*)	fslist=dir ;;
esac
imgnote=
if [ -z "$useimage" ]; then
	imgnote="--no-image: no ext4 rows"
elif bench_image $((room + 1024)) $((8 * number + 65536)); then
	fslist="$fslist ext4"
else
	imgnote="no ext4 image (see the messages above): no ext4 rows"
	release_image
fi

# The rows, "fs mode ranks clients" each: ranks 0 is a run without
# mpirun.
for f in $fslist; do
	for m in private shared; do
		for c in 1 2 4; do
			echo "$f $m 0 $c"
		done
	done
	[ -z "$mpipm" ] || for m in mpi-private mpi-shared; do
		for r in 1 2; do
			echo "$f $m $r 1"
		done
	done
done >"$d/rows"

# fsdir FS: the directory on the file system FS that holds the runs'
# directories, a subdirectory of $d.
fsdir() {
	case $1 in
	ext4)	echo "$mnt" ;;
	*)	echo "$d/fs" ;;
	esac
}

# measure FS MODE RANKS CLIENTS: one run of postmark, or of RANKS ranks
# under mpirun, in a fresh empty directory on FS (the location, relative
# to the current directory: a blank in $TMPDIR does not matter); appends
# "transactions/s stonewall/s balance" of its client=all record to
# $d/res/FS.MODE.RANKS.CLIENTS.  A failure ends the script.
runno=0
measure() {
	runno=$((runno + 1))
	w=$(fsdir "$1")/r$runno
	mkdir "$w" || exit 1
	case $2 in
	*shared)	shared=true ;;
	*)		shared=false ;;
	esac
	{
		echo "set location r$runno"
		classic_config "$number" "$transactions"
		printf '%s\n' "set clients $4" "set shared $shared" \
		    'set report csv' 'run ../rec.csv' quit
	} >"$d/cfg"
	rm -f "$d/rec.csv"
	if [ "$3" -eq 0 ]; then
		(cd "$w/.." && exec "$pm" "$d/cfg") >"$d/out" 2>"$d/err" &
	else
		# shellcheck disable=SC2086 # $mpiopts: several words
		(cd "$w/.." &&
		    exec mpirun $mpiopts -np "$3" "$mpipm" "$d/cfg") \
		    >"$d/out" 2>"$d/err" </dev/null &
	fi
	wait_child
	if [ "$st" -ne 0 ]; then
		note "the run of $*, $4 client(s) failed (status $st):"
		tail -n 20 "$d/out" "$d/err" >&2
		exit 1
	fi
	[ -z "$(ls -A "$w")" ] || die "the run of $* left files in $w"
	rmdir "$w" || exit 1
	[ "$1" != ext4 ] || sync -f "$mnt"
	want=$((transactions * $4 * ($3 > 0 ? $3 : 1)))
	python3 - "$d/rec.csv" "$want" >>"$d/res/$1.$2.$3.$4" <<'PY' ||
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1], newline=""))
        if r["client"] == "all"]
if len(rows) != 1 or rows[0]["status"] != "ok" \
        or rows[0]["transactions_done"] != sys.argv[2]:
    sys.exit("%s: want one client=all row, status ok, %s transactions"
        % (sys.argv[1], sys.argv[2]))
r = rows[0]
print(r["transactions_per_s"], r["transactions_stonewall_per_s"],
    r["balance"])
PY
	    die "cannot read the record of $*"
	printf 'run %s/%s: %-5s %-11s %3s: ' "$i" "$runs" "$1" "$2" \
	    "$(label "$3" "$4")"
	# (Word splitting wanted: three numbers.)
	# shellcheck disable=SC2046,SC2183
	printf '%10.1f transactions/s, stonewall %10.1f/s, balance %.3f\n' \
	    $(tail -n 1 "$d/res/$1.$2.$3.$4")
}

# label RANKS CLIENTS: the clients column: CLIENTS, or RANKSxCLIENTS.
label() {
	if [ "$1" -eq 0 ]; then
		echo "$2"
	else
		echo "$1x$2"
	fi
}

echo "postmark clients: aggregate transaction rate against the clients"
echo "postmark:  $pm"
echo "MPI build: ${mpipm:-none}"
echo "host:      $(uname -n), $(nproc) CPUs, kernel $(uname -r)"
echo "workload:  bench/classic.pm with $number files and $transactions" \
    "transactions per client;"
echo "           median of $runs run(s), interleaved"
for f in $fslist; do
	case $f in
	tmpfs)	echo "tmpfs:     a tmpfs of $tmpfsmib MiB on $d/fs" ;;
	dir)	echo "dir:       not root: the directory $d/fs, $fs" ;;
	ext4)	echo "ext4:      an image of $((room + 1024)) MiB on $imgdev," \
		    "mounted noatime on $mnt" ;;
	esac
done
echo
start=$(date +%s)
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	while read -r f m r c; do
		measure "$f" "$m" "$r" "$c" </dev/null
	done <"$d/rows"
done
echo "total: $(($(date +%s) - start)) s"
echo

printf '%-6s %-11s %7s %18s %15s %7s %7s\n' fs mode clients \
    transactions_per_s stonewall_per_s balance speedup
while read -r f m r c; do
	res=$d/res/$f.$m.$r.$c
	set -- "$(median "$res" 1)" "$(median "$res" 2)" "$(median "$res" 3)"
	# The first row of each file system and mode has one client.
	[ "$c" -ne 1 ] || [ "$r" -gt 1 ] || base=$1
	printf '%-6s %-11s %7s %18.1f %15.1f %7.3f %7.2f\n' "$f" "$m" \
	    "$(label "$r" "$c")" "$1" "$2" "$3" \
	    "$(awk -v a="$1" -v b="$base" 'BEGIN { print a / b }')"
done <"$d/rows"
for n in "$imgnote" "$mpinote"; do
	[ -z "$n" ] || echo "note: $n"
done
exit 0
