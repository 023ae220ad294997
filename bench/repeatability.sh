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
# Repeatability of the transaction rate: runs the classic configuration
# (bench/classic.pm: 20000 files, 50000 transactions, 500-10000 bytes, seed
# 42; -f and -t change the first two) with "set iterations N" on a fresh
# tmpfs when root (else a mktemp -d directory), writes the CSV, and prints
# each iteration's transaction rate and the coefficient of variation (sample
# sd / mean).  PostMark's 1-second clock gives tens of percent on a 3-second
# phase; the nanosecond clock should leave only the machine's own noise.
# Figures only, no verdict.
#
# Usage: bench/repeatability.sh [-n ITERATIONS] [-f FILES] [-t TRANSACTIONS]
#            [POSTMARK]
# Needs python3 (its csv module reads the quoted fields).

set -u
export LC_ALL=C

# usage: print the usage on stdout.
usage() {
	echo "usage: $prog [-n ITERATIONS] [-f FILES] [-t TRANSACTIONS]" \
	    "[POSTMARK]"
}

. "$(dirname -- "$0")/lib.sh"
count=5
bench_options 1 "$@"
shift "$nopts"
find_prog pm "${1:-${POSTMARK:-./postmark}}" \
    "build postmark, or name it as POSTMARK or with \$POSTMARK"

bench_scratch repeat
mkdir "$d/fs/w"
{
	echo 'set location w'
	classic_config "$number" "$transactions"
	printf '%s\n' 'set report csv' "set iterations $count" \
	    "run $d/runs.csv" quit
} >"$d/cfg"
if ! (cd "$d/fs" && "$pm" "$d/cfg" >/dev/null 2>"$d/err"); then
	note "the run failed:"
	cat "$d/err" >&2
	exit 1
fi

echo "repeatability: $count iterations of $number files," \
    "$transactions transactions"
echo "location: $fs; host $(uname -n), $(nproc) CPUs, kernel $(uname -r)"
python3 - "$d/runs.csv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
rates = [float(r["transactions_per_s"]) for r in rows]
for r in rows:
    print("iteration %s: %s, %.1f transactions/s in %.3f s" % (r["iteration"],
        r["status"], float(r["transactions_per_s"]), float(r["transactions_s"])))
mean = statistics.mean(rates)
sd = statistics.stdev(rates) if len(rates) > 1 else 0.0
print("mean %.1f/s, sd %.1f/s, coefficient of variation %.2f %%"
    % (mean, sd, 100 * sd / mean))
PY
