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
# How close a run comes to the CPU cost of its own system calls: our
# postmark and the reference PostMark each run the
# classic configuration (bench/classic.pm) once under strace; the run's
# system calls become a list of operations (bench/strace2ops.py) that
# bench/pm-replay makes again, the same calls with the same paths
# relative to a fresh directory, sizes, offsets and flags, from a tight
# loop over the preloaded list and with nothing else: the floor, the
# kernel's cost of that mix.  Then, RUNS times, alternating (the order
# reversed every other round), each of our run, the replay of our trace,
# the reference's run and the replay of its trace, and each one's
# control, on a fresh tmpfs every time; the medians of user, system and
# user+system CPU are printed, and the ratios run/replay of ours and of
# the reference.  Figures only, no verdict.
#
# What is compared is the run, not the whole process: the replay reads
# its list (some 0.15 us a call) before its loop, and postmark loads its
# libraries, reads its configuration, describes the system and prints
# its report around its run; neither start-up is the run's, and they are
# not alike.  So each figure is a process's CPU less that of its control,
# which does everything but the run: for postmark the same configuration
# with `set number 10' and `set transactions 10' (some 150 calls; the
# reference divides by a tenth of the transactions), for pm-replay the
# same list with -L (read and set up, not replayed).  What
# is left is the run, and for postmark whatever the run costs outside its
# system calls, inside the window or not (its table's page faults and
# their release at exit, its user time).  The whole processes are
# printed too.  The run is the window of tests/diff/syslib.sh: from the
# first creation in the location to the last call that touches it, every
# call in between (files, progress on stdout, the samples of getrusage
# and /proc, memory calls); what it uses but opened before (its directory
# handles) pm-replay opens in its set-up.
#
# Before the timed runs, each replay runs once under strace -c (and its
# control too): the calls it made, per system call, less its control's,
# must be the trace's counts, and every result it got must be the
# traced one (below the fresh directory; /proc reads need only
# succeed), or the script stops.
#
# CPU times come from wait4(2) (bench/rusage.py).  The kernel's total of
# user+system is exact (its scheduler clock); the split into user and
# system is sampled at the tick (250 Hz here), so user and system are
# each known to a few ticks per run, user+system to the microsecond.
#
# With -p, where the CPU goes: PROFILES more rounds of our run, its replay
# and their controls under perf record (cpu-clock at 20 kHz, user and
# kernel), and the shares of the run's samples in the kernel and in user
# space, with our user-space functions one by one and the replay's (each
# less its control's samples, so that only the run is left).  A share
# is robust where the seconds are not: a busy machine slows a process
# down as a whole.  perf attributes to the instruction after a system
# call the samples that fell due while the kernel returned from it, so
# some user share goes with every call, the replay's as ours.
#
# Usage: bench/limit.sh [-n RUNS] [-f FILES] [-t TRANSACTIONS] [-c FILE]
#            [-k DIR] [-p PROFILES] [OURS [REFERENCE]]
#
#   OURS       our binary (default $POSTMARK, else ./postmark)
#   REFERENCE  the reference (default $REFERENCE_POSTMARK, else
#              /usr/bin/postmark; when it is not there, ours only)
#   -n RUNS    timed runs of each (default 5)
#   -f FILES   set number FILES (default bench/classic.pm's, 20000;
#              -f 1000000 is the 10^6-file pool)
#   -t TRANSACTIONS  set transactions (default classic.pm's, 50000)
#   -c FILE    set lines added after classic.pm and -f/-t (set size 1,
#              set buffering false, ...): any configuration of one
#              client (pm-replay replays one thread)
#   -k DIR     keep the traces, lists and counts in DIR as they are
#              made, and the times at the end
#   -p PROFILES  profile PROFILES runs of ours and of its replay (perf)
#
# The replayer is $PM_REPLAY, else bench/pm-replay beside OURS (make
# builds it).  Needs strace (allowed to trace), python3, and root for the
# tmpfs (without it the runs go to a directory of $TMPDIR, whose disk
# then dominates).  The tmpfs may take up to half of MemAvailable; the
# classic configuration takes some 200 MiB, a 10^6-file pool of the
# classic sizes some 9 GiB.  The traces go to a scratch directory in
# $TMPDIR (default /tmp), some 90 bytes a call: 50 MB each for the
# classic configuration, 0.6 GB at 10^6 files.  Tracing takes some ten
# times a run, and the timed runs 8 x RUNS processes (4 of them tiny):
# on this project's 2-CPU VM, 4 minutes for the classic configuration
# with 5 runs, 10 with 11; 77 minutes at 10^6 files with 3 runs, most
# of it tracing and checking.  The replay's loop takes 83 instructions
# a call (callgrind), 11 of them in syscall(2): some 1 % of a run.
# Exit status: 0 the figures were printed, 1 a run, a trace or a replay
# check failed, 2 usage, 129/130/143 interrupted.

set -u
export LC_ALL=C

# usage: print the usage on stdout.
usage() {
	echo "usage: $prog [-n RUNS] [-f FILES] [-t TRANSACTIONS] [-c FILE]" \
	    "[-k DIR] [-p PROFILES] [OURS [REFERENCE]]"
}

. "$(dirname -- "$0")/lib.sh"
count=5
number=$(classic_value number)
transactions=$(classic_value transactions)
extra=
keep=
profiles=0
while getopts n:f:t:c:k:p: opt; do
	bench_workload_opt "$opt" "${OPTARG-}" && continue
	case $opt in
	c)	[ -f "$OPTARG" ] || usage_error "-c: '$OPTARG' is not a file"
		extra=$OPTARG ;;
	k)	keep=$OPTARG ;;
	p)	need_posint -p "$OPTARG"
		profiles=$OPTARG ;;
	*)	try_help ;;	# getopts said what was wrong
	esac
done
shift $((OPTIND - 1))
[ $# -le 2 ] || usage_error "too many arguments"
find_prog ours "${1:-${POSTMARK:-./postmark}}" \
    "build postmark, or name it as OURS or with \$POSTMARK"
ref=${2:-${REFERENCE_POSTMARK:-/usr/bin/postmark}}
if [ -n "${2:-}" ] || [ -x "$ref" ]; then
	find_prog ref "$ref" "apt-get install postmark, or name it as REFERENCE"
else
	note "no reference PostMark at $ref: ours only"
	ref=
fi
find_prog replay "${PM_REPLAY:-$(dirname -- "$ours")/bench/pm-replay}" \
    "run make, which builds bench/pm-replay, or name it with \$PM_REPLAY"
find_prog strace "${STRACE:-strace}" "apt-get install strace"
if [ "$profiles" -gt 0 ]; then
	find_prog perf "${PERF:-perf}" "apt-get install linux-perf"
	"$perf" record -q -e cpu-clock -o /dev/null true >/dev/null 2>&1 ||
	    die "$perf record does not work here (perf_event_paranoid?)"
fi
command -v python3 >/dev/null 2>&1 || die "python3 not found"
"$strace" -f -o /dev/null true 2>/dev/null ||
    die "$strace cannot trace here (ptrace not permitted?)"
rusage=$benchdir/rusage.py
[ -z "$keep" ] || mkdir -p -- "$keep" || die "cannot make $keep"
case $extra in
''|/*)	;;
*)	extra=$(pwd)/$extra ;;
esac

# The runs take place in $d/fs (a tmpfs of at most half of MemAvailable,
# remounted for every run), in the location w; everything else is in $d.
mib=$(awk '/^MemAvailable:/ { printf "%d", $2 / 2048 }' /proc/meminfo \
    2>/dev/null)
[ -n "$mib" ] && [ "$mib" -ge 1024 ] || mib=1024
bench_scratch limit "$mib"
case $d in
*[[:space:]]*)	die "$d: no blanks please (set TMPDIR)" ;;
esac

# config [SET...]: the configuration of the runs, then SET lines.
config() {
	echo 'set location w'
	classic_config "$number" "$transactions"
	[ -z "$extra" ] || sed -n '/^set /p' "$extra"
	for config_l in "$@"; do
		echo "$config_l"
	done
	printf 'run\nquit\n'
}
config >"$d/run.cfg"
config 'set number 10' 'set transactions 10' >"$d/control.cfg"

# fresh: a new empty file system with an empty location.
fresh() {
	bench_fresh "$mib"
	mkdir "$d/fs/w" || exit 1
}

# finished WHAT: die unless the location is empty again.
finished() {
	[ -z "$(ls -A "$d/fs/w")" ] || die "$1 left files in the location"
}

# trace TAG BIN: trace a run of BIN and make the list $d/TAG.ops and the
# counts $d/TAG.counts of its system calls.
trace() {
	fresh
	(cd "$d/fs" && exec "$strace" -f -y -qq -s 0 -o "$d/$1.trace" \
	    "$2" "$d/run.cfg" </dev/null >"$d/$1.out" 2>"$d/$1.err") ||
	    die "$2 failed under strace: $(tail -n 3 "$d/$1.err")"
	finished "$2"
	python3 "$benchdir/strace2ops.py" -C "$d/fs" -l w \
	    -c "$d/$1.counts" "$d/$1.trace" "$d/$1.ops" ||
	    die "cannot make a list of operations of $2's trace"
	if [ -n "$keep" ]; then
		cp "$d/$1.ops" "$d/$1.counts" "$keep"/ &&
		    mv "$d/$1.trace" "$keep"/ ||
		    die "cannot keep the $1 trace and list in $keep"
	fi
	rm -f "$d/$1.trace"
}

# strace_c TAG OUT [-L]: count the calls of a replay of $d/TAG.ops into
# OUT ("call count", sorted); die when a result differed from the trace.
strace_c() {
	fresh
	(cd "$d/fs" && exec "$strace" -f -c -U name,calls -o "$d/c.raw" \
	    "$replay" ${3:-} "$d/$1.ops" </dev/null >"$d/c.out" 2>"$d/c.err") ||
	    die "the replay of the $1 trace did not make the same calls:" \
	    "$(cat "$d/c.err")"
	finished "the replay of the $1 trace"
	awk 'NR > 2 && $1 !~ /^-/ && $1 != "total" { print $1, $2 }' \
	    "$d/c.raw" | sort >"$2"
}

# check TAG: the replay's calls less its control's, per system call, must
# be the trace's counts.
check() {
	strace_c "$1" "$d/$1.c1"
	strace_c "$1" "$d/$1.c0" -L
	join -a 1 -a 2 -e 0 -o 0,1.2,2.2 "$d/$1.c1" "$d/$1.c0" |
	    awk '$2 != $3 { print $1, $2 - $3 }' >"$d/$1.replayed"
	cmp -s "$d/$1.replayed" "$d/$1.counts" && return 0
	note "the replay of the $1 trace made other calls than the trace:"
	printf '%-16s %10s %10s\n' syscall trace replay >&2
	join -a 1 -a 2 -e 0 -o 0,1.2,2.2 "$d/$1.counts" "$d/$1.replayed" |
	    awk '{ printf "%-16s %10d %10d\n", $1, $2, $3 }' >&2
	exit 1
}

# measure TAG CMD...: one run of CMD in the fresh file system; appends
# "user sys" to $d/TAG.t.
measure() {
	measure_t=$1
	shift
	fresh
	(cd "$d/fs" && exec python3 "$rusage" "$d/out" "$d/err" "$@") \
	    >"$d/time" || die "$* failed: $(tail -n 3 "$d/err")"
	finished "$1"
	awk '{ print $1, $2 }' "$d/time" >>"$d/$measure_t.t"
}

# step TAG: one timed process: TAG is PROG (ours or ref), PROG.replay,
# or either with .ctl, its control.
step() {
	step_p=${1%%.*}
	eval "step_bin=\$$step_p"
	case $1 in
	*.replay.ctl)	measure "$1" "$replay" -L "$d/$step_p.ops" ;;
	*.replay)	measure "$1" "$replay" "$d/$step_p.ops" ;;
	*.ctl)		measure "$1" "$step_bin" "$d/control.cfg" ;;
	*)		measure "$1" "$step_bin" "$d/run.cfg" ;;
	esac
}

progs=ours
[ -z "$ref" ] || progs="ours ref"
steps=
for p in $progs; do
	eval "bin=\$$p"
	trace "$p" "$bin"
	check "$p"
	for t in "$p" "$p.replay" "$p.ctl" "$p.replay.ctl"; do
		: >"$d/$t.t"
		steps="$steps $t"
	done
done
backwards=
for t in $steps; do
	backwards="$t $backwards"
done
i=0
while [ $i -lt "$count" ]; do
	i=$((i + 1))
	if [ $((i % 2)) -eq 1 ]; then
		for t in $steps; do
			step "$t"
		done
	else
		for t in $backwards; do
			step "$t"
		done
	fi
done

# calls TAG: "N calls of K kinds" in the run of TAG's trace.
calls() {
	awk '{ n += $2 } END { printf "%d calls of %d kinds", n, NR }' \
	    "$d/$1.counts"
}

# run_of TAG: "user sys user+sys" of TAG's run: its medians less those of
# its control.
run_of() {
	awk -v u="$(median "$d/$1.t" 1)" -v s="$(median "$d/$1.t" 2)" \
	    -v cu="$(median "$d/$1.ctl.t" 1)" \
	    -v cs="$(median "$d/$1.ctl.t" 2)" 'BEGIN {
		printf "%.6f %.6f %.6f\n", u - cu, s - cs, u + s - cu - cs }'
}

# row LABEL TAG: a line of the table: TAG's whole process (user, sys,
# user+sys), its control (user+sys) and its run.
row() {
	awk -v l="$1" -v u="$(median "$d/$2.t" 1)" -v s="$(median "$d/$2.t" 2)" \
	    -v cu="$(median "$d/$2.ctl.t" 1)" \
	    -v cs="$(median "$d/$2.ctl.t" 2)" -v run="$(run_of "$2")" 'BEGIN {
		split(run, r, " ")
		printf "%-17s %9.4f %9.4f %9.4f %11.4f %9.4f %9.4f %9.4f\n",
		    l, u, s, u + s, cu + cs, r[1], r[2], r[3] }'
}

# ratio LABEL TAG: LABEL/replay: TAG's run over its replay's, per column.
ratio() {
	awk -v l="$1/replay" -v a="$(run_of "$2")" \
	    -v b="$(run_of "$2.replay")" '
	    function r(x, y) { return y > 0 ? sprintf("%9.3f", x / y) : "-" }
	    BEGIN {
		split(a, x, " ")
		split(b, y, " ")
		printf "%-17s %41s %9s %9s %9s\n", l, "", r(x[1], y[1]),
		    r(x[2], y[2]), r(x[3], y[3]) }'
}

# paired LABEL TAG: the median and range of the rounds' own ratios of
# user+sys, each round's run (less the median control) over the replay's
# in the same round, minutes apart at most: a machine that got busier
# between rounds moves both.
paired() {
	paste -d ' ' "$d/$2.t" "$d/$2.replay.t" | awk \
	    -v c="$(median "$d/$2.ctl.t" 1) $(median "$d/$2.ctl.t" 2)" \
	    -v rc="$(median "$d/$2.replay.ctl.t" 1) $(median \
	    "$d/$2.replay.ctl.t" 2)" '{
		split(c, x, " ")
		split(rc, y, " ")
		print ($1 + $2 - x[1] - x[2]) / ($3 + $4 - y[1] - y[2])
	    }' | sort -n >"$d/$2.pairs"
	printf '%-17s median %.3f, from %.3f to %.3f\n' "$1/replay" \
	    "$(median "$d/$2.pairs" 1)" "$(head -n 1 "$d/$2.pairs")" \
	    "$(tail -n 1 "$d/$2.pairs")"
}

echo "postmark system-call limit: $count runs of each, alternating," \
    "a fresh $fs for each"
echo "ours:      $ours ($(calls ours) in the run)"
[ -z "$ref" ] || echo "reference: $ref ($(calls ref) in the run)"
echo "replayer:  $replay (each replay made its trace's calls: strace -c)"
echo "workload:  bench/classic.pm, number $number, transactions" \
    "$transactions${extra:+, then $extra}"
echo "host:      $(uname -n), $(nproc) CPUs, kernel $(uname -r)"
echo
printf '%-17s %29s %11s %29s\n' '' '---- whole process (s) ----' \
    'control (s)' '-- the run: less control --'
printf '%-17s %9s %9s %9s %11s %9s %9s %9s\n' program user sys user+sys \
    user+sys user sys user+sys
row ours ours
row 'ours replay' ours.replay
if [ -n "$ref" ]; then
	row reference ref
	row 'reference replay' ref.replay
fi
ratio ours ours
[ -z "$ref" ] || ratio reference ref
echo
echo "The rounds' own ratios of the run's user+sys:"
paired ours ours
[ -z "$ref" ] || paired reference ref
echo
echo "Medians of $count runs.  The run: the process less its control" \
    "(postmark with 10 files"
echo "and 10 transactions; pm-replay -L, its list read but not" \
    "replayed).  user+sys is"
echo "exact, its split into user and sys the kernel's sampling at the tick."

# profile TAG CMD...: one run of CMD under perf record; its samples per
# symbol ("count<TAB>[k] name" or "[.] name") appended to $d/TAG.prof.
profile() {
	profile_t=$1
	shift
	fresh
	(cd "$d/fs" && exec "$perf" record -q -e cpu-clock -F 20000 \
	    -o "$d/p.data" "$@" </dev/null >"$d/out" 2>"$d/err") ||
	    die "$* failed under perf: $(tail -n 3 "$d/err")"
	finished "$1"
	"$perf" report -i "$d/p.data" --stdio --show-nr-samples --sort sym \
	    2>/dev/null | awk '!/^#/ && NF >= 4 {
		n = $2; $1 = ""; $2 = ""; sub(/^ +/, ""); print n "\t" $0 }' \
	    >>"$d/$profile_t.prof"
}

# shares: the profile's table: the kernel's and user space's shares of
# the run's samples, ours and its replay's (each less its control,
# symbol by symbol), then the user-space functions of each.
shares() {
	awk -F '\t' -v runs="$profiles" '
	    FILENAME ~ /ours.prof$/ { o[$2] += $1; next }
	    FILENAME ~ /ours.ctl.prof$/ { oc[$2] += $1; next }
	    FILENAME ~ /replay.prof$/ { r[$2] += $1; next }
	    { c[$2] += $1 }
	    END {
		for (k in o) {
			o[k] -= oc[k]
			if (o[k] < 0) o[k] = 0
			ot += o[k]; if (k ~ /^\[k\]/) ok += o[k]
		}
		for (k in r) {
			r[k] -= c[k]
			if (r[k] < 0) r[k] = 0
			rt += r[k]; if (k ~ /^\[k\]/) rk += r[k]
		}
		if (ot == 0 || rt == 0) { print "no samples"; exit }
		printf "%-36s %9s %9s\n", "", "ours", "replay"
		printf "%-36s %9s %9s\n", "samples (" runs " runs each)", ot, rt
		printf "%-36s %8.2f%% %8.2f%%\n", "kernel", 100 * ok / ot,
		    100 * rk / rt
		printf "%-36s %8.2f%% %8.2f%%\n", "user space", \
		    100 * (ot - ok) / ot, 100 * (rt - rk) / rt
		for (k in o) if (k !~ /^\[k\]/ && o[k] > 0)
			printf "o %.6f %s\n", 100 * o[k] / ot, substr(k, 5)
		for (k in r) if (k !~ /^\[k\]/ && r[k] > 0)
			printf "r %.6f %s\n", 100 * r[k] / rt, substr(k, 5)
	    }' "$d/ours.prof" "$d/ours.ctl.prof" "$d/ours.replay.prof" \
	    "$d/ours.replay.ctl.prof" >"$d/shares"
	grep -v '^[or] ' "$d/shares"
	for w in o r; do
		[ $w = o ] && echo "ours, user space by function:" ||
		    echo "its replay, user space by function (its loop):"
		awk -v w=$w '$1 == w { $1 = ""; print }' "$d/shares" |
		    sort -rn | awk '$1 >= 0.01 && NR <= 25 {
			printf "  %-34s %8.2f%%\n", $2, $1 }'
	done
}

if [ "$profiles" -gt 0 ]; then
	: >"$d/ours.prof" >"$d/ours.ctl.prof" >"$d/ours.replay.prof" \
	    >"$d/ours.replay.ctl.prof"
	i=0
	while [ $i -lt "$profiles" ]; do
		i=$((i + 1))
		profile ours "$ours" "$d/run.cfg"
		profile ours.ctl "$ours" "$d/control.cfg"
		profile ours.replay "$replay" "$d/ours.ops"
		profile ours.replay.ctl "$replay" -L "$d/ours.ops"
	done
	echo
	echo "Where the run's CPU goes: perf record -e cpu-clock -F 20000," \
	    "shares of the run's samples"
	echo "(each less its control's, symbol by symbol):"
	shares
fi
if [ -n "$keep" ]; then
	cp "$d"/*.replayed "$d"/*.t "$d"/*.pairs "$d"/*.cfg "$keep"/ ||
	    die "cannot keep the files in $keep"
	[ "$profiles" -eq 0 ] || cp "$d"/*.prof "$keep"/ ||
	    die "cannot keep the profiles in $keep"
fi
exit 0
