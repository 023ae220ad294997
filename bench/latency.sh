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
# Cost of the per-operation latency recording: builds postmark twice from
# this source tree (as configured, and with -DPM_NO_LATENCY, which leaves
# the two clock reads and the histogram update per operation out), runs the
# classic configuration (bench/classic.pm: 20000 files and 50000
# transactions unless -f and -t say otherwise) through both, interleaved,
# RUNS times each, on a fresh tmpfs when root (else a mktemp -d directory),
# and prints the medians of user CPU, system CPU and wall time and the extra
# user CPU of recording in percent.  The kernel splits CPU time into user
# and system by sampling at its tick, so a run's user time of ~0.1 s is only
# known to about 10 %; where perf(1) and objdump(1) work, the script
# therefore also profiles the recording build (cpu-clock:u at 20 kHz) and
# prints the share of user-mode samples that fall on the clock reads (the
# instruction after each rdtsc, or in the clock functions) and in the
# binning (pm_lat_flush, pm_hist_record).  Figures only, no verdict.
#
# Usage: bench/latency.sh [-n RUNS] [-t TRANSACTIONS] [-f FILES]
# Needs a C compiler, the Autotools output (run autoreconf -fi first) and
# python3 (bench/rusage.py reads CPU times with microsecond resolution).

set -u
export LC_ALL=C

# usage: print the usage on stdout.
usage() {
	echo "usage: $prog [-n RUNS] [-t TRANSACTIONS] [-f FILES]"
}

. "$(dirname -- "$0")/lib.sh"
count=7
bench_options 0 "$@"
src=$(dirname -- "$benchdir")
rusage=$benchdir/rusage.py
[ -x "$src/configure" ] || die "run autoreconf -fi in $src first"

bench_scratch latency

# build DIR CPPFLAGS: configure and build postmark out of tree in DIR.
build() {
	mkdir "$1"
	(cd "$1" && "$src/configure" -q CPPFLAGS="$2" >/dev/null &&
	    make -s postmark >/dev/null 2>&1) ||
	    die "build with CPPFLAGS='$2' failed"
}
build "$d/with" ""
build "$d/without" "-DPM_NO_LATENCY"

{
	echo 'set location w'
	classic_config "$number" "$transactions"
	printf 'set report terse\nrun\nquit\n'
} >"$d/cfg"

# measure TAG: one run of build TAG; appends "user sys wall rss" to $d/TAG.
measure() {
	mkdir "$d/fs/w"
	if ! (cd "$d/fs" && "$rusage" "$d/out" "$d/err" \
	    "$d/$1/postmark" "$d/cfg" >>"$d/$1.t"); then
		note "the $1 build failed:"
		cat "$d/err" >&2
		exit 1
	fi
	rmdir "$d/fs/w" || exit 1
}

i=0
while [ $i -lt "$count" ]; do
	i=$((i + 1))
	if [ $((i % 2)) -eq 1 ]; then
		measure with
		measure without
	else
		measure without
		measure with
	fi
done

echo "latency recording: $count runs each, interleaved, $number files," \
    "$transactions transactions"
echo "location: $fs; host $(uname -n), $(nproc) CPUs, kernel $(uname -r)," \
    "clock source $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || echo unknown)"
printf '%-22s %10s %10s %10s\n' build 'user s' 'sys s' 'wall s'
for t in with without; do
	printf '%-22s %10.4f %10.4f %10.4f\n' "$t recording" \
	    "$(median "$d/$t.t" 1)" "$(median "$d/$t.t" 2)" \
	    "$(median "$d/$t.t" 3)"
done
awk -v a="$(median "$d/with.t" 1)" -v b="$(median "$d/without.t" 1)" \
    -v sa="$(median "$d/with.t" 2)" -v sb="$(median "$d/without.t" 2)" \
    'BEGIN {
	printf "user CPU of recording: %+.2f %% (medians)\n", (a - b) / b * 100
	printf "user+sys CPU of recording: %+.2f %% (medians)\n",
	    (a + sa - b - sb) / (b + sb) * 100 }'

# The profile: where perf and objdump work.
if ! command -v perf >/dev/null || ! command -v objdump >/dev/null ||
    ! perf record -q -o "$d/probe.data" true >/dev/null 2>&1; then
	echo "perf or objdump not usable: no profile"
	exit 0
fi
# Function+offset of the instruction after each rdtsc, where a sample
# that the rdtsc took is attributed.
objdump -d "$d/with/postmark" | awk '
	function hex(s,   i, v) {
		v = 0
		for (i = 1; i <= length(s); i++)
			v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); base = hex($1) }
	/\trdtsc/ { getline; sub(/:$/, "", $1); sub(/^ */, "", $1)
		printf "%s+0x%x\n", fn, hex($1) - base }' >"$d/rdtsc.txt"
i=0
while [ $i -lt 5 ]; do
	i=$((i + 1))
	mkdir "$d/fs/w"
	(cd "$d/fs" && perf record -q -e cpu-clock:u -F 20000 -o "$d/p.data" \
	    "$d/with/postmark" "$d/cfg" >/dev/null 2>&1)
	rmdir "$d/fs/w" || exit 1
	perf script -i "$d/p.data" -F ip,sym,symoff 2>/dev/null
done | awk -v f="$d/rdtsc.txt" '
	BEGIN { while ((getline l < f) > 0) at[l] = 1 }
	{ n++ }
	at[$2] || $2 ~ /^(pm_clock_read|pm_clock_mono|__vdso_clock_gettime|clock_gettime)/ { c++ }
	$2 ~ /^(pm_lat_flush|pm_hist_record)\+/ { b++ }
	END {
		printf "profile of 5 runs with recording: %d user-mode samples\n", n
		printf "  clock reads %.2f %%, binning %.2f %%, recording %.2f %%\n",
		    100 * c / n, 100 * b / n, 100 * (c + b) / n
	}'
