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
# How long postmark-compare's report takes on a big result file: two
# short runs of postmark (labels A and B) give two CSV
# rows, which are repeated into a file of ROWS rows, the labels
# alternating and the iterations counted up; then `compare.sh report
# --no-plot FILE' runs RUNS times and the median, min and max of its
# wall time and CPU are printed.  With -o DIR, the compare.sh of DIR (a
# checkout of another version: `git worktree add DIR REV') runs too, in
# alternation, on the same rows cut to the schema it reads (-s SCHEMA
# COLUMNS, e.g. -s 4 146 for the awk compare of before the VM columns).
#
# Usage: bench/compare-rows.sh [-n RUNS] [-r ROWS] [-o DIR [-s V N]]
#     [POSTMARK]
# Figures only, no verdict.

. "$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)/lib.sh"

runs=3
rows=100000
old=
oldv=
oldn=
while getopts n:r:o:s: opt; do
	case $opt in
	n)	runs=$OPTARG ;;
	r)	rows=$OPTARG ;;
	o)	old=$OPTARG ;;
	s)	oldv=$OPTARG
		eval "oldn=\${$OPTIND}"
		OPTIND=$((OPTIND + 1)) ;;
	*)	echo "try: bench/compare-rows.sh --help" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
pm=${1:-$benchdir/../postmark}
new=$benchdir/../scripts/compare.sh
[ -x "$pm" ] || die "no postmark at $pm (build first, or name it)"
POSTMARK=$pm	# the column table compare.sh reads
export POSTMARK

bench_scratch compare-rows 64
cd "$d" || exit 1
for l in A B; do
	printf '%s\n' "set location fs" "set number 50" "set transactions 50" \
	    "set seed 1" "set label $l" "set report csv" "run $d/$l.csv" \
	    quit | "$pm" >/dev/null 2>&1 || die "postmark failed"
done
# big.csv: the header, then ROWS rows, A and B in turn, iteration k.
awk -F, -v rows="$rows" 'FNR == 1 && NR == 1 { print; next }
    FNR == 1 { next }
    { row[++n] = $0 }
    END { for (k = 1; k <= rows; k++) print row[(k - 1) % n + 1] }' \
    A.csv B.csv >big.csv
if [ -n "$old" ]; then
	[ -f "$old/scripts/compare.sh" ] || die "no scripts/compare.sh in $old"
	if [ -n "$oldv" ]; then
		python3 - "$oldv" "$oldn" big.csv >old.csv <<'PY'
import csv, sys
v, n = sys.argv[1], int(sys.argv[2])
sys.stdin = open(sys.argv[3], newline="")
out = csv.writer(sys.stdout, lineterminator="\n")
for i, row in enumerate(csv.reader(sys.stdin)):
    row = row[:n]
    if i > 0:
        row[0] = v
    out.writerow(row)
PY
	else
		cp big.csv old.csv
	fi
fi

# one NAME SCRIPT FILE: time one report, appending "wall cpu" to NAME.t.
one() {
	/usr/bin/time -f '%e %U %S' -o "$d/t" sh "$2" report --no-plot \
	    "$3" >"$d/$1.out" 2>"$d/$1.err" || {
		cat "$d/$1.err" >&2
		die "$1: compare.sh report failed"
	}
	awk '{ print $1, $2 + $3 }' "$d/t" >>"$d/$1.t"
}
for i in $(seq "$runs"); do
	one new "$new" big.csv
	[ -z "$old" ] || one old "$old/scripts/compare.sh" old.csv
done
echo "compare.sh report --no-plot, $rows rows, $runs runs (median min max)"
for n in new old; do
	[ -f "$n.t" ] || continue
	printf '%s: wall %s s (%s %s), cpu %s s\n' "$n" "$(median "$n.t" 1)" \
	    "$(sort -n "$n.t" | head -1 | cut -d' ' -f1)" \
	    "$(sort -n "$n.t" | tail -1 | cut -d' ' -f1)" "$(median "$n.t" 2)"
done
