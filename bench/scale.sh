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
# How the harness scales with the pool: pools of 10^4
# to 10^7 files run through our postmark and, where its table fits in
# memory, the reference PostMark, and for each size the script prints
#
#   user CPU per operation   user seconds / (files created + transactions
#                            + files deleted), the counts read from the
#                            verbose report; what the harness itself costs
#                            per operation, the file system being system
#                            time;
#   peak RSS                 the largest resident set of the run (GNU
#                            time's %M);
#   bytes per slot           (peak RSS - peak RSS of a tiny run) / (2 x
#                            number): the file table has 2 x number
#                            slots; the goal is read at the largest pool,
#                            below 10^5 the figure is mostly noise.
#
# and whether the goals are met: user CPU per operation flat within a
# factor of 2 from the smallest to the largest pool, at most 32 bytes of
# harness memory per slot, the largest pool (10^7) completes.
#
# Workload, the same for both binaries: number N, transactions N, files
# of 1 byte (set size 1: LOW == HIGH, so every append is skipped and a
# transaction that draws one does no I/O, only the pick in the table),
# biases 5/5, buffered I/O, seed 42, N / 5000 subdirectories (at least 2),
# so that every directory holds about 5000 files whatever N.
# Transactions = N keeps the mix of operations the same at every size
# (about 1.5 N creates, N transactions, 1.5 N deletes): a per-operation
# figure that grows then means that the table or the picks in it got
# slower, not that the mix changed.  It also keeps the transaction
# creates in slots N..1.5 N, so PostMark's FIND_FREE never scans; the last
# quarter of the table is never written, and is not resident (calloc'd
# pages read as zero without being mapped), so bytes per slot is resident
# memory, about 3/4 of what is allocated.
#
# Storage: 10^7 files on a tmpfs would cost a page and an inode each (over
# 40 GiB of RAM, none of it reclaimable), so as root the runs go to an
# ext4 image made once per script run with -O inline_data -I 256 (a
# 1-byte file lives in its inode and uses no data block), 2 x N + 65536
# inodes for the largest N (the pool plus a create in every transaction),
# inode tables and journal initialised at mkfs time so that no lazy
# initialisation runs underneath.  The journal stays: without one, ext4
# will not reuse an inode freed in the last seconds (recently_deleted()),
# and every create scans past those; a 10^4 run right after another took
# 17 s of system time instead of 0.6 s.
# The image is a sparse file in the scratch directory, which should be on
# a disk, not a tmpfs (about 400 bytes of it are written per live file);
# it is attached with losetup --direct-io=on (so the host does not cache
# the image a second time) and mounted noatime.  Each run gets a fresh
# empty directory on it and the file system is synced between runs.
# Without root (or mkfs.ext4, losetup), or with --no-image, the runs go to
# a directory under the scratch directory with a warning, and sizes whose
# files would not fit in half of its free space or inodes are skipped.
#
# The kernel caches, per live file, an inode (1.1 KiB on ext4), a dentry
# (0.2 KiB), the inode's block and, inline data or not, a page of page
# cache once the file was written: some 5.5 KiB, all reclaimable.  A 10^7
# pool wants more than this machine's RAM: the kernel then reclaims as it
# goes, which costs system and wall time (not user time); the script
# warns when N x 5.5 KiB exceeds MemAvailable.
#
# The reference PostMark's table is 2 x N slots of 88 bytes: it is run
# only when that is at most half of MemAvailable (1.76 GB at 10^7).
#
# Run time on this project's 2-CPU VM: about an hour for the default
# sizes, 28 minutes per binary at 10^7 (mostly system time: ext4 takes
# 20 to 30 us per operation, the harness under 1 us).
#
# The kernel splits CPU time into user and system by sampling at its tick
# (250 Hz here), and a 10^4 pool takes some 30 ms of user time: a single
# run knows that to +-35 %.  So each size is run at least RUNS times and
# until MINOPS operations were made (default 10^6: 25 runs of 10^4, 3 of
# 10^5, one of 10^6 or more), ours and the reference interleaved, and the
# user times and operations are summed; peak RSS is the median of the
# runs' (a run's peak varies by some 150 KiB), as is the tiny run's.
#
# A run is bench/rusage.py (CPU times to the microsecond, where GNU time
# truncates them to 10 ms) running GNU time running postmark: rusage.py's
# own peak RSS would hide a small run's (see there), and its CPU times
# include GNU time's, a fraction of a millisecond.
#
# Usage: bench/scale.sh [-s "SIZES"] [-p POSTMARK] [-r REFERENCE]
#            [--no-reference] [-n RUNS] [-m MINOPS] [--no-image]
#
#   -s SIZES        numbers of files (default "10000 100000 1000000
#                   10000000")
#   -p POSTMARK     our binary (default $POSTMARK, else ./postmark)
#   -r REFERENCE    the reference (default $REFERENCE_POSTMARK, else
#                   /usr/bin/postmark)
#   --no-reference  run ours only
#   -n RUNS         at least RUNS runs per binary and size (default 1)
#   -m MINOPS       ... and until MINOPS operations (default 1000000;
#                   0: RUNS runs)
#   --no-image      no ext4 image even as root: a plain directory
#
# The scratch directory is made with mktemp -d under $TMPDIR (default
# /tmp); everything, the mount and the loop device included, is removed
# on exit, also on SIGINT, SIGTERM and SIGHUP.  Needs python3
# (bench/rusage.py) and GNU time (/usr/bin/time).  Exit status: 0 the
# table was printed (whatever the verdicts), 1 a run of ours failed or
# something else went wrong, 2 usage, 129/130/143 interrupted.

set -u
export LC_ALL=C

usage() {
	echo "usage: $prog [-s \"SIZES\"] [-p POSTMARK] [-r REFERENCE]" \
	    "[--no-reference]" >&2
	echo "           [-n RUNS] [-m MINOPS] [--no-image]" >&2
	exit 2
}

. "$(dirname -- "$0")/lib.sh"

sizes='10000 100000 1000000 10000000'
ours=${POSTMARK:-./postmark}
ref=${REFERENCE_POSTMARK:-/usr/bin/postmark}
useref=1
runs=1
minops=1000000
useimage=1
while [ $# -gt 0 ]; do
	case $1 in
	-s|-p|-r|-n|-m)
		[ $# -ge 2 ] || usage ;;
	esac
	case $1 in
	-s)	sizes=$2 ;;
	-p)	ours=$2 ;;
	-r)	ref=$2 ;;
	-n)	runs=$2 ;;
	-m)	minops=$2 ;;
	--no-reference)
		useref= ;;
	--no-image)
		useimage= ;;
	-h|--help)
		usage ;;
	*)	note "unknown argument $1"
		usage ;;
	esac
	case $1 in
	-s|-p|-r|-n|-m)
		shift 2 ;;
	*)	shift ;;
	esac
done
posint "$runs" || usage
[ "$minops" = 0 ] || posint "$minops" || usage
[ -n "$sizes" ] || usage
for n in $sizes; do
	if ! posint "$n" || [ "$n" -gt 1073741823 ]; then
		note "'$n' is not a number of files (1..1073741823)"
		usage
	fi
done

case $ours in /*) ;; *) ours=$(pwd)/$ours ;; esac
case $ref in /*) ;; *) ref=$(pwd)/$ref ;; esac
[ -x "$ours" ] || die "$ours: not an executable"
if [ -n "$useref" ] && [ ! -x "$ref" ]; then
	note "$ref: not an executable; running ours only"
	useref=
fi
command -v python3 >/dev/null 2>&1 || die "python3 not found (bench/rusage.py)"
TIME=/usr/bin/time
[ -x "$TIME" ] || die "$TIME not found (apt-get install time)"

# The scratch directory; cleanup (bench/lib.sh) stops a run, releases
# the image and removes it.
catch_signals
mkscratch d pm-scale
case $d in
*[[:space:]]*)	die "$d: no blanks please (set TMPDIR)" ;;
esac

maxn=0
for n in $sizes; do
	[ "$n" -le "$maxn" ] || maxn=$n
done
memavail=$(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo 2>/dev/null)
: "${memavail:=0}"	# KiB; 0 = unknown
# dfree DIR: free KiB and free inodes of the file system of DIR (a
# file system that does not count inodes reports 0).
dfree() {
	set -- "$(df -Pk "$1" | awk 'NR == 2 { print $4 }')" \
	    "$(df -Pi "$1" 2>/dev/null | awk 'NR == 2 { print $4 + 0 }')"
	echo "$1 ${2:-0}"
}
scratchfs=$(df -PT "$d" | awk 'NR == 2 { print $2 }')

# The file system of the runs: an ext4 image with inline data (root), else
# a directory of the scratch file system.  (1 MiB of image for 256
# inodes: one inode per 4 KiB block is ext4's densest with the default
# geometry; the file is sparse and only what is written takes room.)
inodes=$((2 * maxn + 65536))
if [ -n "$useimage" ] &&
    ! bench_image $((inodes / 256 + 1024)) "$inodes" -O inline_data -I 256
then
	note "warning: no ext4 image (see above): the runs go to" \
	    "$scratchfs under $d"
	release_image
	useimage=
fi
if [ -n "$useimage" ]; then
	fsdir=$mnt
	where="ext4 image ($inodes inodes, inline_data, noatime)"
	where="$where on $imgdev, file in $d ($scratchfs)"
	# Bytes written to the image per file: its inode (256 bytes), its
	# directory entry and index (380 all told at 10^6), and some slack.
	perfile=512
else
	fsdir=$d/fs
	mkdir "$fsdir" || exit 1
	where="directory $fsdir ($scratchfs)"
	# A 1-byte file takes a block (a page on a tmpfs) and an inode.
	perfile=4608
fi

# fits N: true when the files of a run of N (at most 2 N live) fit in half
# of the free space (and inodes) they take; else prints why not.  (Word
# splitting of $(dfree) and of $(awk) below is wanted: numbers only.)
fits() {
	if [ -n "$useimage" ]; then
		# The image's inodes were made for it; the blocks it writes
		# come from the scratch file system.
		set -- "$1" $(dfree "$d") $((2 * $1 * perfile / 1024))
	else
		set -- "$1" $(dfree "$fsdir") $((2 * $1 * perfile / 1024))
		if [ "$3" -gt 0 ] && [ $((2 * $1)) -gt $(($3 / 2)) ]; then
			echo "2 x $1 files need more than half of the $3" \
			    "free inodes of $fsdir"
			return 1
		fi
	fi
	[ "$4" -le $(($2 / 2)) ] && return 0
	echo "2 x $1 files need about $(($4 / 1024)) MiB, free" \
	    "$(($2 / 1024)) MiB"
	return 1
}

# config N T SUB: the postmark commands of a run.
config() {
	printf '%s\n' "set number $1" "set transactions $2" 'set size 1' \
	    "set subdirectories $3" 'set seed 42' 'run' 'quit'
}

# measure BIN TAG N: one run of N files in a fresh directory; appends
# "user sys wall maxrss ops" to $d/N.TAG.  A failure of ours ends the
# script; a failure of the reference returns 1.
runno=0
measure() {
	runno=$((runno + 1))
	w=$fsdir/r$runno
	mkdir "$w" || exit 1
	(cd "$w" && exec python3 "$benchdir/rusage.py" "$d/out" "$d/err" \
	    "$TIME" -f %M -o "$d/rss" "$1" "$d/cfg.$3") >"$d/time" &
	wait_child
	if [ "$st" -ne 0 ] ||
	    ! grep -q '^	[0-9]* created (' "$d/out"; then
		if [ "$2" = ours ]; then
			note "$1 failed on $3 files (status $st):"
			tail -n 20 "$d/out" "$d/err" >&2
			exit 1
		fi
		note "warning: the reference failed on $3 files" \
		    "(status $st; no report)"
		tail -n 5 "$d/err" >&2
		rm -rf "$w"
		return 1
	fi
	if [ -n "$(ls -A "$w")" ]; then
		[ "$2" != ours ] || die "$1 left files behind on $3 files"
		note "warning: the reference left files behind on $3 files"
		rm -rf "$w"
	else
		rmdir "$w"
	fi
	[ -z "$useimage" ] || sync -f "$fsdir"
	set -- "$1" "$2" "$3" $(awk -v t="$3" '
	    /^	[0-9]+ created \(/ { c = $1 }
	    /^	[0-9]+ deleted \(/ { x = $1 }
	    END { print c + t + x }' "$d/out") $(cat "$d/time") \
	    $(tail -n 1 "$d/rss")
	# BIN TAG N ops, rusage.py's user sys wall maxrss, GNU time's maxrss
	[ $# -eq 9 ] || die "cannot read the run's figures ($*)"
	echo "$5 $6 $7 $9 $4" >>"$d/$3.$2"
	printf '%9s %-4s run %2s: %10s ops, user %9.3f s, sys %9.3f s,' \
	    "$3" "$2" "$(wc -l <"$d/$3.$2")" "$4" "$5" "$6"
	printf ' wall %9.3f s, max RSS %8s KiB\n' "$7" "$9"
}

# sum FILE N BASE: " user_ns_per_op peak_rss_KiB bytes_per_slot" of the
# runs of N files in FILE (summed user time over summed operations, the
# median peak RSS), BASE the peak RSS of the tiny runs.
sum() {
	r=$(median "$1" 4)
	awk -v n="$2" -v base="$3" -v r="$r" '
	    { u += $1; o += $5 }
	    END { printf " %.1f %d %.1f", 1e9 * u / o, r,
		(r - base) * 1024 / (2 * n) }' "$1"
}

echo "postmark scale: user CPU per operation and peak RSS against the pool"
echo "ours:      $ours"
if [ -n "$useref" ]; then
	echo "reference: $ref"
else
	echo "reference: not run"
fi
echo "files:     $where"
echo "host:      $(uname -n), $(nproc) CPUs, kernel $(uname -r)," \
    "MemAvailable $((memavail / 1024)) MiB"
echo "workload:  number N, transactions N, size 1, N/5000 subdirectories" \
    "(>= 2), seed 42;"
echo "           >= $runs run(s) per size and until $minops operations"
echo
start=$(date +%s)

# The baseline: the median peak RSS of 5 tiny runs of each binary (100
# files, 100 transactions); a run's peak varies by some 150 KiB.
config 100 100 2 >"$d/cfg.100"
for i in 1 2 3 4 5; do
	measure "$ours" ours 100 >/dev/null
	[ -z "$useref" ] || measure "$ref" ref 100 >/dev/null || useref=
done
base_ours=$(median "$d/100.ours" 4)
base_ref=
[ -z "$useref" ] || base_ref=$(median "$d/100.ref" 4)
rm -f "$d/100.ours" "$d/100.ref"

: >"$d/rows"
for n in $sizes; do
	sub=$((n / 5000))
	[ "$sub" -ge 2 ] || sub=2
	config "$n" "$n" "$sub" >"$d/cfg.$n"
	rm -f "$d/$n.ours" "$d/$n.ref"
	if ! why=$(fits "$n"); then
		note "skipping $n files: $why"
		echo "$n skip" >>"$d/rows"
		continue
	fi
	[ "$memavail" -eq 0 ] || [ $((n * 11 / 2)) -le "$memavail" ] ||
	    note "warning: $n files want some $((n * 11 / 2048)) MiB of" \
	    "kernel caches, MemAvailable is $((memavail / 1024)) MiB:" \
	    "the kernel will reclaim during the runs (slower)"
	withref=$useref
	refnote=
	if [ -n "$withref" ]; then
		need=$((2 * n * 88 / 1024))	# KiB
		if [ "$memavail" -gt 0 ] && [ "$need" -gt $((memavail / 2)) ]
		then
			withref=
			refnote="reference not run at $n: its table"
			refnote="$refnote (2 x $n x 88 bytes = $((need / 1024))"
			refnote="$refnote MiB) exceeds half of MemAvailable"
			refnote="$refnote ($((memavail / 1024)) MiB)"
			note "$refnote"
		fi
	fi
	t0=$(date +%s)
	i=0
	ops=0
	while [ "$i" -lt "$runs" ] || [ "$ops" -lt "$minops" ]; do
		i=$((i + 1))
		if [ $((i % 2)) -eq 0 ] && [ -n "$withref" ]; then
			measure "$ref" ref "$n" || withref=
		fi
		measure "$ours" ours "$n"
		if [ $((i % 2)) -eq 1 ] && [ -n "$withref" ]; then
			measure "$ref" ref "$n" || withref=
		fi
		ops=$(awk '{ s += $5 } END { printf "%.0f\n", s }' \
		    "$d/$n.ours")
	done
	echo "$n: $(($(date +%s) - t0)) s for $i run(s)"
	[ -z "$refnote" ] || echo "$refnote" >>"$d/notes"
	row="$n $i$(sum "$d/$n.ours" "$n" "$base_ours")"
	if [ -n "$withref" ] && [ -s "$d/$n.ref" ]; then
		row="$row$(sum "$d/$n.ref" "$n" "$base_ref")"
		# The same seed and configuration: the same operations.
		a=$(awk '{ print $5 }' "$d/$n.ours" | sort -u)
		b=$(awk '{ print $5 }' "$d/$n.ref" | sort -u)
		[ "$a" = "$b" ] || note "warning: at $n files ours made" \
		    "$a operations, the reference $b"
	else
		row="$row - - -"
	fi
	echo "$row" >>"$d/rows"
done
echo "total: $(($(date +%s) - start)) s"
echo

awk -v maxn="$maxn" '
	function f(v, fmt) { return v == "-" ? "-" : sprintf(fmt, v) }
	function ratio(a, b) {
		if (a == "-" || b == "-" || b == 0)
			return "-"
		return sprintf("%.2f", a / b)
	}
	BEGIN {
		h = "files runs ours_user_ns_per_op ours_peak_rss_MiB " \
		    "ours_bytes_per_slot ref_user_ns_per_op ref_peak_rss_MiB " \
		    "ref_bytes_per_slot ratio_user_ours_ref"
		split(h, H, " ")
		fmt = "%9s %4s %19s %17s %19s %18s %16s %18s %19s\n"
		printf fmt, H[1], H[2], H[3], H[4], H[5], H[6], H[7], H[8],
		    H[9]
	}
	$2 == "skip" {
		printf fmt, $1, 0, "skipped", "-", "-", "-", "-", "-", "-"
		md[++nr] = sprintf("| %s | 0 | skipped | | | | | | |", $1)
		next
	}
	{
		c[1] = $1; c[2] = $2
		c[3] = f($3, "%.1f"); c[4] = f($4 == "-" ? "-" : $4 / 1024,
		    "%.1f"); c[5] = f($5, "%.1f")
		c[6] = f($6, "%.1f"); c[7] = f($7 == "-" ? "-" : $7 / 1024,
		    "%.1f"); c[8] = f($8, "%.1f")
		c[9] = ratio($3, $6)
		printf fmt, c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8],
		    c[9]
		md[++nr] = sprintf("| %s | %s | %s | %s | %s | %s | %s | %s | %s |",
		    c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9])
		if (lo == "" || $1 < lo) { lo = $1; ulo = $3 }
		if (hi == "" || $1 > hi) { hi = $1; uhi = $3; bhi = $5 }
		if (umin == "" || $3 < umin) umin = $3
		if (umax == "" || $3 > umax) umax = $3
		done[$1] = 1
	}
	END {
		print ""
		gsub(/ /, " | ", h)
		print "| " h " |"
		print "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
		for (i = 1; i <= nr; i++)
			print md[i]
		print ""
		if (hi == "") {
			print "goals: nothing measured"
			exit
		}
		printf "goal: user CPU per operation flat within 2x from %d" \
		    " to %d files: ", lo, hi
		if (umin > 0)
			printf "max/min %.2f (%.1f..%.1f ns): %s\n",
			    umax / umin, umin, umax,
			    umax <= 2 * umin ? "met" : "NOT met"
		else
			print "cannot tell, a user time of 0 (too few" \
			    " operations: raise -m)"
		printf "goal: at most 32 bytes of harness memory per slot:" \
		    " %.1f at %d files: %s\n", bhi, hi,
		    bhi <= 32 ? "met" : "NOT met"
		printf "goal: %d files complete: %s\n", maxn,
		    (maxn in done) ? "met" : "NOT met (not run)"
	}' "$d/rows"
[ ! -s "$d/notes" ] || { echo; cat "$d/notes"; }
exit 0
