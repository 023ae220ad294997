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
# What the statistics of postmark-compare's report cost with many labels:
# one short run of postmark gives a CSV row, from which a file of LABELS
# labels of ROWS rows each is made, every measure of every row scaled by
# a factor drawn from a fixed seed (each label its own level, each row
# its own noise), so that every comparison has its own figures; then
# `compare.sh report --no-plot FILE' is timed by farm-bench (RUNS runs,
# medians of wall and CPU seconds), and with -o DIR the compare.sh of DIR
# (a checkout of another version, e.g. `git archive REV | tar -x -C
# DIR') in alternation on the same file, with the ratio of the two.
#
# Usage: bench/compare-labels.sh [-n RUNS] [-l LABELS] [-r ROWS]
#     [-o DIR] [POSTMARK]
# Figures only, no verdict.  Needs python3 and farm-bench.

set -u
export LC_ALL=C

# usage: print the usage on stdout.
usage() {
	echo "usage: $prog [-n RUNS] [-l LABELS] [-r ROWS] [-o DIR] [POSTMARK]"
}

. "$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)/lib.sh"

if [ "${1-}" = --help ]; then
	usage
	exit 0
fi
count=3		# -n: the runs of each compare.sh
labels=1000
rows=3
old=
while getopts n:l:r:o: opt; do
	case $opt in
	l)	need_posint -l "$OPTARG"
		labels=$OPTARG ;;
	r)	need_posint -r "$OPTARG"
		rows=$OPTARG ;;
	o)	old=$OPTARG ;;
	*)	bench_workload_opt "$opt" "${OPTARG-}" || try_help ;;
	esac
done
shift $((OPTIND - 1))
[ $# -le 1 ] || usage_error "too many arguments"
pm=${1:-$benchdir/../postmark}
new=$benchdir/../scripts/compare.sh
[ -x "$pm" ] || die "no postmark at $pm (build first, or name it)"
[ -z "$old" ] || [ -f "$old/scripts/compare.sh" ] ||
    die "no scripts/compare.sh in $old"
command -v farm-bench >/dev/null 2>&1 || die "farm-bench not found in PATH"
POSTMARK=$pm	# the column table compare.sh reads
export POSTMARK

bench_scratch compare-labels 64
cd "$d" || exit 1
printf '%s\n' "set location fs" "set number 50" "set transactions 50" \
    "set seed 1" "set label L" "set report csv" "run $d/one.csv" quit |
    "$pm" >/dev/null 2>&1 || die "postmark failed"
"$pm" --columns >columns.tsv || die "postmark --columns failed"
python3 - "$labels" "$rows" <<'PY' || die "cannot make the rows"
import csv, random, sys
labels, rows = int(sys.argv[1]), int(sys.argv[2])
roles = {}
for line in open("columns.tsv"):
    f = line.rstrip("\n").split("\t")
    if len(f) > 4:
        roles[f[0]] = f[4]
h, row = list(csv.reader(open("one.csv", newline="")))[:2]
scaled = [i for i, name in enumerate(h)
          if roles.get(name) in ("rate", "time", "latency") and row[i]]
rng = random.Random(1)
out = csv.writer(open("big.csv", "w", newline=""), lineterminator="\n")
out.writerow(h)
for lab in range(labels):
    level = rng.lognormvariate(0, 0.2)
    for it in range(rows):
        r = list(row)
        r[h.index("label")] = f"L{lab}"
        r[h.index("iteration")] = str(it + 1)
        for i in scaled:
            r[i] = "%.3f" % (float(row[i]) * level *
                             rng.lognormvariate(0, 0.1))
        out.writerow(r)
PY

# A report's time: farm-bench's lines, with -o DIR the ratio too.
s=s
[ "$count" -gt 1 ] || s=
note "compare.sh report --no-plot: $labels labels of $rows rows," \
    "$count run$s (farm-bench: min median max)"
if [ -n "$old" ]; then
	farm-bench -n "$count" --warmup 0 --timeout 3600 \
	    --vs "sh $old/scripts/compare.sh report --no-plot -o $d/old big.csv" \
	    -- sh "$new" report --no-plot -o "$d/new" big.csv
else
	farm-bench -n "$count" --warmup 0 --timeout 3600 \
	    -- sh "$new" report --no-plot -o "$d/new" big.csv
fi
