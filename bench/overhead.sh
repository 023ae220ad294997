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
# Overhead of our postmark against the reference PostMark: the same
# configs run through both, interleaved, RUNS times each; /usr/bin/time
# measures user CPU, system CPU, wall time and peak RSS; the medians and
# the ratio ours/reference are printed.  Figures only, no verdict: on a
# shared or noisy machine repeat it and look at the spread.
#
# Usage: bench/overhead.sh [-n RUNS] [-c CONFIGS] [OURS [REFERENCE]]
#
#   OURS        our binary (default $POSTMARK, else ./postmark)
#   REFERENCE   the reference (default $REFERENCE_POSTMARK, else
#               /usr/bin/postmark)
#   -n RUNS     runs per binary and config (default 5)
#   -c CONFIGS  space-separated config names (default "classic small"):
#               classic  bench/classic.pm: number 20000, transactions
#                        50000 (the dirhash report's run), size 500
#                        10000, seed 42
#               small    the same with number 2000, transactions 5000
#               tiny     number 100, transactions 200 (for smoke tests)
#
# Runs on a fresh tmpfs when root (so that the disk does not dominate),
# else in a fresh mktemp -d directory; every run gets a new empty location.
# Needs GNU time (Debian package `time').
#
# GNU time rounds CPU time to 10 ms and the kernel splits it into user and
# system time by sampling at its tick, which is coarse for the ~0.1 s of
# user time of the classic run.  Where perf(1) works the script therefore
# also counts user-mode samples at 20 kHz (cpu-clock:u) for each config,
# RUNS interleaved runs each, and prints their medians and the ratio.  The
# sampling slows both programs down alike, so only the ratio means much.

set -u
export LC_ALL=C

# usage: print the usage on stdout.
usage() {
	echo "usage: $prog [-n RUNS] [-c CONFIGS] [OURS [REFERENCE]]"
}

. "$(dirname -- "$0")/lib.sh"
runs=5
configs='classic small'
while getopts n:c: opt; do
	case $opt in
	n)	need_posint -n "$OPTARG"
		runs=$OPTARG ;;
	c)	configs=$OPTARG ;;
	*)	try_help ;;	# getopts said what was wrong
	esac
done
shift $((OPTIND - 1))
find_prog ours "${1:-${POSTMARK:-./postmark}}" \
    "build postmark, or name it as OURS or with \$POSTMARK"
find_prog ref "${2:-${REFERENCE_POSTMARK:-/usr/bin/postmark}}" \
    "apt-get install postmark, or name it as REFERENCE"
find_prog TIME /usr/bin/time "apt-get install time"

# The runs take place in $d/fs/w; the configs and outputs are in $d.
bench_scratch overhead

# config NAME: the config lines of NAME.
config() {
	case $1 in
	classic) n= t= ;;
	small)	n=2000 t=5000 ;;
	tiny)	n=100 t=200 ;;
	*)	usage_error "unknown config $1" ;;
	esac
	echo 'set location w'
	classic_config "$n" "$t"
	printf 'set read 512\nset write 512\n'
	printf 'set bias read 5\nset bias create 5\nset buffering true\n'
	printf 'set report terse\nrun\nquit\n'
}

# measure BIN TAG CONFIG: one run; appends `user sys wall rss' to
# $d/CONFIG.TAG.
measure() {
	config "$3" >"$d/$3.cfg"
	mkdir "$d/fs/w"
	if ! (cd "$d/fs" && "$TIME" -f '%U %S %e %M' -o "$d/time" \
	    "$1" "../$3.cfg" </dev/null >"$d/out" 2>"$d/err"); then
		note "$2 failed on $3:"
		cat "$d/err" "$d/time" >&2
		exit 1
	fi
	if ! grep -Eq '^[0-9.]+( [0-9.]+){12}$' "$d/out"; then
		note "$2 printed no terse report on $3:"
		head -20 "$d/out" "$d/err" >&2
		exit 1
	fi
	[ -z "$(ls -A "$d/fs/w")" ] || die "$2 left files behind on $3"
	rmdir "$d/fs/w"
	tail -1 "$d/time" >>"$d/$3.$2"
}

echo "postmark overhead: $runs runs per binary and config, interleaved"
echo "ours:      $ours"
echo "reference: $ref"
echo "location:  $fs; host $(uname -n), $(nproc) CPUs, kernel $(uname -r)"
echo
for c in $configs; do
	config "$c" >/dev/null || exit 2
	: >"$d/$c.ref"
	: >"$d/$c.ours"
done
i=0
while [ $i -lt "$runs" ]; do
	i=$((i + 1))
	for c in $configs; do
		if [ $((i % 2)) -eq 1 ]; then
			measure "$ref" ref "$c"
			measure "$ours" ours "$c"
		else
			measure "$ours" ours "$c"
			measure "$ref" ref "$c"
		fi
	done
done

printf '%-8s %-10s %10s %10s %10s %12s\n' config binary 'user s' 'sys s' \
    'wall s' 'max RSS KiB'
for c in $configs; do
	for t in ref ours; do
		set -- $(median "$d/$c.$t" 1) $(median "$d/$c.$t" 2) \
		    $(median "$d/$c.$t" 3) $(median "$d/$c.$t" 4)
		printf '%-8s %-10s %10.2f %10.2f %10.2f %12.0f\n' "$c" \
		    "$([ $t = ref ] && echo reference || echo ours)" "$@"
		eval "m_$t=\"$*\""
	done
	echo "$m_ref $m_ours" | awk -v c="$c" '
	    function r(o, f) { return f > 0 ? sprintf("%.2f", o / f) : "-" }
	    { printf "%-8s %-10s %10s %10s %10s %12s\n", c, "ours/ref",
		r($5, $1), r($6, $2), r($7, $3), r($8, $4) }'
done
echo
echo "Medians of $runs runs; /usr/bin/time has 10 ms CPU resolution."

# User-mode CPU by sampling, where perf works.
if ! command -v perf >/dev/null ||
    ! perf record -q -o "$d/probe.data" true >/dev/null 2>&1; then
	echo "perf not usable: no sampled user CPU"
	exit 0
fi

# samples BIN CONFIG: user-mode samples at 20 kHz of one run.
samples() {
	config "$2" >"$d/$2.cfg"
	mkdir "$d/fs/w"
	(cd "$d/fs" && perf record -q -e cpu-clock:u -F 20000 -o "$d/p.data" \
	    "$1" "../$2.cfg" </dev/null >/dev/null 2>&1)
	rm -rf "$d/fs/w"
	perf report -i "$d/p.data" --stdio --show-nr-samples 2>/dev/null |
	    awk '!/^#/ && NF > 3 { s += $2 } END { print s + 0 }'
}

echo
printf '%-8s %14s %14s %9s\n' config 'reference' 'ours' ours/ref
for c in $configs; do
	: >"$d/$c.sref"
	: >"$d/$c.sours"
	i=0
	while [ $i -lt "$runs" ]; do
		i=$((i + 1))
		samples "$ref" "$c" >>"$d/$c.sref"
		samples "$ours" "$c" >>"$d/$c.sours"
	done
	awk -v c="$c" -v a="$(median "$d/$c.sref" 1)" \
	    -v b="$(median "$d/$c.sours" 1)" 'BEGIN {
		printf "%-8s %14d %14d %9s\n", c, a, b,
		    (a > 0 ? sprintf("%.2f", b / a) : "-") }'
done
echo "User-mode samples (perf, cpu-clock:u at 20 kHz), medians of $runs runs."
