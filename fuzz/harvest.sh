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
# harvest.sh SRCDIR OUTDIR: the seed corpus of fuzz/fuzz_cli, written to
# OUTDIR (emptied first): the committed seeds of fuzz/corpus, the golden
# inputs tests/golden/*.in, bench/classic.pm, each configuration of
# tests/diff/*.list as a file of lines, and every set, run, load and show
# command quoted in tests/*.sh, sixteen to a file.

set -eu

[ $# -eq 2 ] || { echo "usage: harvest.sh SRCDIR OUTDIR" >&2; exit 2; }
src=$1
out=$2

rm -rf "$out"
mkdir -p "$out"
cp "$src"/fuzz/corpus/* "$out"/
for f in "$src"/tests/golden/*.in; do
	cp "$f" "$out/golden-$(basename "$f" .in)"
done
cp "$src/bench/classic.pm" "$out/classic"

# tests/diff/*.list: NAME, fields, the configuration joined by ";" last.
for f in "$src"/tests/diff/*.list; do
	awk -F '\t' -v dir="$out" -v list="$(basename "$f" .list)" '
		/^#/ || NF < 2 { next }
		{
			file = dir "/" list "-" $1
			n = split($NF, line, ";")
			for (i = 1; i <= n; i++)
				print line[i] > file
			print "run" > file
			print "quit" > file
			close(file)
		}
	' "$f"
done

# The commands quoted in the test scripts, sixteen lines a seed.
keys='size|number|seed|transactions|location|subdirectories|read|write'
keys="$keys|buffering|bias read|bias create|report|label|iterations"
cat "$src"/tests/*.sh |
    grep -oE "(set ($keys)|run|load|show)( [^'\"\\;|&)]*)?" |
    LC_ALL=C sort -u |
    awk -v dir="$out" '{
	file = sprintf("%s/tests-%03d", dir, int((NR - 1) / 16))
	print > file
}'
echo "harvest.sh: $(ls "$out" | wc -l) seeds in $out"
