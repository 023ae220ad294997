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
# bench/lib.sh: sourced by the bench scripts, after they define usage.
# Brings in scripts/lib.sh (die, note, usage_error, need_posint,
# find_prog, ...) and adds what only the benchmarks need: the classic
# configuration, a scratch file system, an ext4 image, their cleanup,
# the options and medians.

benchdir=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd) || exit 1
. "$benchdir/../scripts/lib.sh"
classic=$benchdir/classic.pm	# PostMark's classic configuration
d=		# the scratch directory of bench_scratch
mounted=	# "yes" when $d/fs is a tmpfs of ours
img=		# the ext4 image of bench_image, $d/ext4.img
mnt=		# its mount point, $d/mnt

# cleanup: stop a running benchmark (wait_child's), release the ext4
# image and unmount the tmpfs of bench_scratch, if any, and remove the
# scratch directory.
cleanup() {
	stop_child
	cd / || :
	release_image
	[ -z "$mounted" ] || umount "$d/fs"
	[ -z "$d" ] || rm -rf -- "$d"
	mounted=
	d=
}

# bench_scratch NAME [MIB]: make a scratch directory $d (pm-NAME.XXXXXX
# in $TMPDIR, removed on exit) with an empty file system for the runs at
# $d/fs: a fresh tmpfs of at most MIB MiB (default 1024) when root and
# mount(8) allows it (so that the disk does not dominate), else a plain
# directory.  $fs describes which, for the report.
bench_scratch() {
	catch_signals
	mkscratch d "pm-$1"
	mkdir "$d/fs" || exit 1
	fs="disk ($(df -PT "$d/fs" | awk 'NR == 2 { print $2 }'))"
	if [ "$(id -u)" -eq 0 ] && mount -t tmpfs \
	    -o "size=${2:-1024}m,mode=0700" tmpfs "$d/fs" 2>/dev/null; then
		mounted=yes
		fs=tmpfs
	fi
}

# bench_image MIB INODES [MKFS_OPTION...]: make a sparse ext4 image
# $img of MIB MiB with INODES inodes in $d, attach it to a loop device
# $imgdev and mount it noatime on $mnt.  mkfs.ext4 gets the MKFS_OPTIONs,
# no reserved blocks, and initialises the inode tables and the journal at
# once, so that no lazy initialisation runs under a benchmark; the loop
# device uses direct I/O where the kernel allows, so that the host does
# not cache the image a second time.  Returns 1, having said why, when
# not root, when a tool is missing or when a step fails (no loop device,
# mount not permitted); img and mnt are set before anything is made, so
# that release_image (cleanup) undoes what was done.
bench_image() {
	if [ "$(id -u)" -ne 0 ]; then
		note "not root: no ext4 image"
		return 1
	fi
	for bench_image_t in mkfs.ext4 losetup mount umount mountpoint; do
		command -v "$bench_image_t" >/dev/null 2>&1 && continue
		note "$bench_image_t not found: no ext4 image"
		return 1
	done
	[ "$(df -PT "$d" | awk 'NR == 2 { print $2 }')" != tmpfs ] ||
	    note "warning: the image is on a tmpfs ($d): it costs memory"
	bench_image_mib=$1
	bench_image_inodes=$2
	shift 2
	img=$d/ext4.img
	mnt=$d/mnt
	mkdir "$mnt" || return 1
	truncate -s "${bench_image_mib}M" "$img" || return 1
	mkfs.ext4 -q -F -N "$bench_image_inodes" -m 0 \
	    -E lazy_itable_init=0,lazy_journal_init=0 "$@" "$img" || return 1
	imgdev=$(losetup -f --show --direct-io=on "$img" 2>/dev/null) ||
	    imgdev=$(losetup -f --show "$img") || return 1
	mount -o noatime "$imgdev" "$mnt"
}

# release_image: unmount the image of bench_image, detach its loop
# devices (losetup -j: also one that an interrupted losetup attached),
# remove it and its mount point.
release_image() {
	if [ -n "$mnt" ] && mountpoint -q "$mnt" 2>/dev/null; then
		umount "$mnt" 2>/dev/null || {
			note "warning: $mnt busy; unmounting lazily"
			umount -l "$mnt"
		}
	fi
	if [ -n "$img" ] && [ -e "$img" ]; then
		for release_image_dev in \
		    $(losetup -n -O NAME -j "$img" 2>/dev/null); do
			losetup -d "$release_image_dev" ||
			    note "warning: cannot detach $release_image_dev" \
			    "from $img"
		done
		rm -f -- "$img"
	fi
	[ -z "$mnt" ] || rmdir -- "$mnt" 2>/dev/null
	img=
	mnt=
}

# classic_value KEY: print the value of "set KEY" in bench/classic.pm.
classic_value() {
	sed -n "s/^set $1 //p" "$classic"
}

# classic_config [NUMBER [TRANSACTIONS]]: print the set lines of
# bench/classic.pm (without its comments, which PostMark 1.53 answers
# with "Eh?"), then "set number NUMBER" and "set transactions
# TRANSACTIONS" for those given and not empty.
classic_config() {
	sed -n '/^set /p' "$classic"
	[ -z "${1-}" ] || echo "set number $1"
	[ -z "${2-}" ] || echo "set transactions $2"
}

# bench_options MAX ARGS...: parse the options of a benchmark that runs
# one workload repeatedly: -n COUNT (default: $count as set by the
# caller), -f FILES and -t TRANSACTIONS (default: those of
# bench/classic.pm) into $count, $number and $transactions; another
# option, or more than MAX arguments after the options, is a usage error.
# $nopts is how many arguments the options took (the caller shifts them).
bench_options() {
	bench_max=$1
	shift
	number=$(classic_value number)
	transactions=$(classic_value transactions)
	OPTIND=1
	while getopts n:f:t: bench_opt; do
		bench_workload_opt "$bench_opt" "${OPTARG-}" || try_help
	done
	nopts=$((OPTIND - 1))
	shift "$nopts"
	[ $# -le "$bench_max" ] || usage_error "too many arguments"
}

# median FILE COLUMN: print the median of a column of numbers in FILE.
median() {
	awk -v c="$2" '{ print $c }' "$1" | sort -n |
	    awk '{ v[NR] = $1 }
		END { if (NR % 2) print v[(NR + 1) / 2];
		    else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# bench_fresh [MIB]: make $d/fs of bench_scratch empty and new for the
# next run: a tmpfs of ours is unmounted and a fresh one of at most MIB
# MiB (default 1024) mounted in its place, so that no run inherits the
# directories, inodes or memory another left behind; a plain directory
# is emptied.
bench_fresh() {
	if [ -n "$mounted" ]; then
		umount "$d/fs" || die "cannot unmount $d/fs"
		mounted=
		mount -t tmpfs -o "size=${1:-1024}m,mode=0700" tmpfs "$d/fs" ||
		    die "cannot mount a tmpfs on $d/fs again"
		mounted=yes
	else
		rm -rf -- "$d/fs" && mkdir "$d/fs" || exit 1
	fi
}

# bench_workload_opt OPT VALUE: take -n COUNT, -f FILES or -t
# TRANSACTIONS (OPT is the letter, as getopts gives it) into $count,
# $number or $transactions, a usage error unless VALUE is a positive
# integer; returns 1 for any other OPT, which the caller handles.
bench_workload_opt() {
	case $1 in
	n)	need_posint -n "$2"
		count=$2 ;;
	f)	need_posint -f "$2"
		number=$2 ;;
	t)	need_posint -t "$2"
		transactions=$2 ;;
	*)	return 1 ;;
	esac
}
