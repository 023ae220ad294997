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
# What the kernels mode's emulated clock gives under load: postmark-compare
# kernels under TCG, whose default clock is QEMU's icount (the guest's
# time is the instructions it executed), driven as a user drives it, on a
# Debian 6.1 cloud kernel fetched with apt-get download and unpacked with
# dpkg-deb -x into the scratch directory (never installed), or the kernel
# given with -k.  Five parts, each printing its command and figures:
#
#   repeat   the same kernel booted -n times (default 5) with the classic
#            configuration's shape at 1/20 of its size (1000 files, 2500
#            transactions, 500-10000 bytes, seed 42) while -b busy loops
#            (default 2) take the host's processors: each boot's elapsed
#            seconds and transactions/s, and their coefficients of
#            variation (sample sd / mean);
#   host     the same on the host's clock (--clock host --cpus 1);
#   dirindex the kernel on ext4 with dir_index and without, n = 3, on a
#            pool where directory lookups dominate (3000 files in one
#            directory): the means and Welch's p on the values
#            (computed here, not the report's test on the logarithms);
#   gate     -g tries (default 10) of --gate 'transactions/s -M%' (-m M,
#            default 2) with n = 3 of the kernel against itself booted
#            with --cmdline init_on_free=1 (zeroing every freed page: a
#            slowdown of a few percent in the kernel's own paths): how
#            many tries said bad (exit 1);
#   same     -a tries (default 20) of the same gate, the kernel against
#            itself: how many said good (exit 0), bad (1), cannot tell
#            (125).
#
# The gate tries use the seeds 1.. (the boot order differs), the rest seed
# 1.  -p PART runs one part.  Prints figures, never a verdict; the load
# average before and after each part says how busy the machine was.  Run
# time on the project's 2-CPU VM under a load of 5 to 10: about 15 s of
# wall time a boot of the small pool, a minute for the dir_index pool;
# some 200 boots in all, one to two hours.
#
# Usage: bench/kernels-icount.sh [-n BOOTS] [-b LOOPS] [-g TRIES] [-a TRIES]
#            [-m PCT] [-p repeat|host|dirindex|gate|same]
#            [-k IMAGE:MODULES_DIR] [POSTMARK]
# POSTMARK (default $POSTMARK, else ./postmark) is a build's postmark:
# the guest's init is found beside it (guest/pm_init), or in $PM_INIT.
# Needs QEMU (qemu-system-x86_64), mkfs.ext4, python3, and without -k
# apt-get, apt-cache and dpkg-deb with a network.

set -u
export LC_ALL=C

# usage: print the usage on stdout.
usage() {
	echo "usage: $prog [-n BOOTS] [-b LOOPS] [-g TRIES] [-a TRIES]" \
	    "[-m PCT] [-p repeat|host|dirindex|gate|same]" \
	    "[-k IMAGE:MODULES_DIR] [POSTMARK]"
}

. "$(dirname -- "$0")/lib.sh"

boots=5
loops=2
tries=10
same=20
margin=2
part=
kernel=
busy=		# the busy loops' process ids
OPTIND=1
while getopts n:b:g:a:m:p:k:h opt; do
	case $opt in
	n)	need_posint -n "$OPTARG"
		boots=$OPTARG ;;
	b)	[ "$OPTARG" = 0 ] || need_posint -b "$OPTARG"
		loops=$OPTARG ;;
	g)	need_posint -g "$OPTARG"
		tries=$OPTARG ;;
	a)	need_posint -a "$OPTARG"
		same=$OPTARG ;;
	m)	need_posint -m "$OPTARG"
		margin=$OPTARG ;;
	p)	case $OPTARG in
		repeat|host|dirindex|gate|same) part=$OPTARG ;;
		*)	usage_error "-p: '$OPTARG' is none of repeat, host," \
			    "dirindex, gate, same" ;;
		esac ;;
	k)	kernel=$OPTARG ;;
	h)	usage
		exit 0 ;;
	*)	try_help ;;
	esac
done
shift $((OPTIND - 1))
[ $# -le 1 ] || usage_error "too many arguments"
find_prog pm "${1:-${POSTMARK:-./postmark}}" \
    "build postmark, or name it as POSTMARK or with \$POSTMARK"
for t in qemu-system-x86_64 mkfs.ext4 python3; do
	command -v "$t" >/dev/null 2>&1 || die "$t not found in PATH"
done
compare=$benchdir/../scripts/compare.sh

# cleanup: stop the busy loops, then the common cleanup (the scratch
# directory, with the kernel and every record).
cleanup() {
	stop_busy
	stop_child
	cd / || :
	[ -z "$d" ] || rm -rf -- "$d"
	d=
}

# stop_busy: end the busy loops of start_busy, if any.
stop_busy() {
	for b in $busy; do
		kill "$b" 2>/dev/null
		wait "$b" 2>/dev/null
	done
	busy=
}

# start_busy N: N shell loops that never sleep, in the background.
start_busy() {
	i=0
	while [ "$i" -lt "$1" ]; do
		sh -c 'while :; do :; done' &
		busy="$busy $!"
		i=$((i + 1))
	done
}

catch_signals
mkscratch d pm-kernels-icount
cd "$d" || exit 1

# The kernel: -k, or the newest Debian 6.1 cloud kernel apt knows.
if [ -n "$kernel" ]; then
	image=${kernel%%:*}
	mods=${kernel#*:}
	[ "$mods" != "$kernel" ] || mods=
else
	for t in apt-get apt-cache dpkg-deb; do
		command -v "$t" >/dev/null 2>&1 ||
		    die "$t not found: give a kernel with -k"
	done
	pkg=$(apt-cache search --names-only \
	    '^linux-image-6\.1\.0-[0-9]+-cloud-amd64-unsigned$' |
	    awk '{ print $1 }' | sort -V | tail -n 1)
	[ -n "$pkg" ] || die "apt knows no linux-image-6.1.0-N-cloud-amd64-$(:
	    )unsigned (apt-get update?): give a kernel with -k"
	mkdir k && (cd k && apt-get download -q "$pkg" >/dev/null 2>&1) ||
	    die "apt-get download $pkg failed"
	dpkg-deb -x k/*.deb k/x || die "dpkg-deb -x $pkg failed"
	rm -f k/*.deb
	rel=${pkg#linux-image-}
	rel=${rel%-unsigned}
	image=$d/k/x/boot/vmlinuz-$rel
	mods=$d/k/x/lib/modules/$rel
fi
[ -f "$image" ] || die "$image: no such kernel image"
target=$image${mods:+:$mods}

printf 'set number 1000\nset transactions 2500\nset size 500 10000\n%s\n' \
    'set seed 42' >small.pm
printf 'set number 3000\nset transactions 3000\nset size 500 5000\n%s\n' \
    'set seed 42' >dir.pm

# kernels ARGS...: postmark-compare kernels with ARGS, its output in
# $d/out and $d/err, its status in $st (interruptible: wait_child).
kernels() {
	sh "$compare" kernels -p "$pm" --no-plot "$@" >out 2>err &
	wait_child
}

# load: the 1-minute load average.
load() {
	cut -d ' ' -f 1 /proc/loadavg
}

# stats FILE COLUMN...: each label's values of each COLUMN of the rows
# with status ok of FILE, their mean and coefficient of variation, and
# with two labels the ratio of the second's mean to the first's (in the
# order of their names) and Welch's p (compare_stats.tail: Student's t).
stats() {
	PYTHONPATH=$benchdir/../scripts PYTHONDONTWRITEBYTECODE=1 \
	    python3 - "$@" <<'EOF'
import csv, statistics, sys
from postmark_compare import compare_stats as cs
rows = [r for r in csv.DictReader(open(sys.argv[1], newline=""))
        if r["status"] == "ok"]
labels = sorted(set(r["label"] for r in rows))
for col in sys.argv[2:]:
    s = []
    for lab in labels:
        v = [float(r[col]) for r in rows if r["label"] == lab]
        m = statistics.fmean(v)
        sd = statistics.stdev(v) if len(v) > 1 else float("nan")
        s.append((len(v), m, sd))
        print("  %-20s %-8s n %d  mean %.6g  CV %.4f %%  values %s" % (
            col, lab, len(v), m, 100 * sd / m, " ".join("%.6g" % x
                                                        for x in v)))
    if len(s) == 2 and min(n for n, _, _ in s) > 1:
        (n1, m1, s1), (n2, m2, s2) = s
        v1, v2 = s1 * s1 / n1, s2 * s2 / n2
        t = (m2 - m1) / (v1 + v2) ** 0.5 if v1 + v2 else float("inf")
        df = ((v1 + v2) ** 2 / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1))
              if v1 + v2 else 1.0)
        print("  %-20s %s / %s: ratio %.4f, Welch's p %.3g" % (
            col, labels[1], labels[0], m2 / m1, cs.tail(t, df)))
if rows:
    print("  clock %s, shift %s, %s processor(s), QEMU %s, kernel %s" % (
        rows[0]["vm_clock"], rows[0]["vm_icount_shift"],
        rows[0]["vm_cpus"], rows[0]["vm_qemu"], rows[0]["kernel"]))
EOF
}

echo "kernels-icount: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) processors,"\
    "load $(load), kernel $target"

# repeat NAME OPTION...: the repeat part with the kernels mode's OPTIONs.
repeat() {
	repeat_name=$1
	shift
	start_busy "$loops"
	l0=$(load)
	t0=$(date +%s)
	kernels -n "$boots" --seed 1 -o "$d/$repeat_name.csv" "$@" small.pm \
	    same="$target"
	stop_busy
	echo "$repeat_name: $boots boots of one kernel beside $loops busy" \
	    "loops (exit $st, $(($(date +%s) - t0)) s, load $l0 to $(load)):"
	echo "  compare.sh kernels -n $boots --seed 1${*:+ $*} small.pm" \
	    "same=KERNEL"
	stats "$repeat_name.csv" elapsed_s transactions_per_s
}

if [ -z "$part" ] || [ "$part" = repeat ]; then
	repeat repeat
fi
if [ -z "$part" ] || [ "$part" = host ]; then
	repeat host --clock host --cpus 1
fi

if [ -z "$part" ] || [ "$part" = dirindex ]; then
	l0=$(load)
	t0=$(date +%s)
	kernels -n 3 --seed 1 --mkfs-options 'dx=-O dir_index' \
	    --mkfs-options 'nodx=-O ^dir_index' -o "$d/dir.csv" dir.pm \
	    k="$target"
	echo "dirindex: 3000 files in one directory, ext4 with and without" \
	    "dir_index, n = 3 (exit $st, $(($(date +%s) - t0)) s, load $l0 to"\
	    "$(load)):"
	echo "  compare.sh kernels -n 3 --seed 1 --mkfs-options 'dx=-O" \
	    "dir_index' --mkfs-options 'nodx=-O ^dir_index' dir.pm k=KERNEL"
	stats dir.csv elapsed_s transactions_per_s create_mean_us
fi

# gate PART N CMDLINE...: N tries of the gate, good=KERNEL against
# test=KERNEL with the --cmdline given, seeds 1..N; prints the count of
# each exit status.
gate() {
	gate_part=$1
	gate_n=$2
	shift 2
	l0=$(load)
	t0=$(date +%s)
	good=0 bad=0 skip=0 other=0
	i=1
	while [ "$i" -le "$gate_n" ]; do
		rm -f g.csv
		kernels -n 3 --seed "$i" --gate "transactions/s -$margin%" \
		    -o "$d/g.csv" "$@" small.pm good="$target" test="$target"
		case $st in
		0)	good=$((good + 1)) ;;
		1)	bad=$((bad + 1)) ;;
		125)	skip=$((skip + 1)) ;;
		*)	other=$((other + 1))
			sed 's/^/    | /' err ;;
		esac
		echo "  try $i: exit $st: $(sed -n 's/^compare.sh: gate: //p' err)"
		i=$((i + 1))
	done
	echo "$gate_part: $gate_n tries, bad (1) $bad, good (0) $good," \
	    "cannot tell (125) $skip, other $other ($(($(date +%s) - t0)) s," \
	    "load $l0 to $(load))"
}

if [ -z "$part" ] || [ "$part" = gate ]; then
	echo "gate: compare.sh kernels -n 3 --seed I --gate" \
	    "'transactions/s -$margin%' --cmdline test=init_on_free=1" \
	    "small.pm good=KERNEL test=KERNEL"
	gate gate "$tries" --cmdline test=init_on_free=1
fi

if [ -z "$part" ] || [ "$part" = same ]; then
	echo "same: compare.sh kernels -n 3 --seed I --gate" \
	    "'transactions/s -$margin%' small.pm good=KERNEL test=KERNEL"
	gate same "$same"
fi
