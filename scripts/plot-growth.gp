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

# plot-growth.gp: the growth curves of compare.sh, from the interval
# series of the creation phase: the create rate (top) and the p99 latency
# of creates (bottom) against the files alive, one line per target, each
# point the medians of a bin of files alive over the target's runs (see
# compare_growth.py); loaded after plot-common.gp.
# data/growth.tsv has the columns line (1..ngrowth), files alive,
# creates/s, p99 latency in microseconds (NaN when none) and intervals in
# the bin; vars.gp names the lines growthnameI and says whether any p99
# was measured (growthp99).  Each panel has the key below it, under its
# axis title, in a bottom margin with a row for every three lines (inside
# a panel the key covered its data).

growth = 'data/growth.tsv'
set multiplot layout 2,1 title title . "\n" . workload . \
    "\ncreation phase, per interval: median over the runs"
set key below
setup = common . 'set xlabel "files alive (at the end of the ' . \
    'interval)"; set xrange [0:*]; set tics nomirror; ' . \
    sprintf('set bmargin %d; ', 5 + ceil(ngrowth / 3.0))
eval setup
set title "create rate"
set ylabel "creates/s"
set yrange [0:*]
plot for [i=1:ngrowth] growth using ($1 == i ? $2 : NaN):3 \
    with linespoints lc i lw 2 pt 7 ps 0.6 \
    title value(sprintf("growthname%d", i))
eval setup
set title "p99 latency of creates"
if (growthp99) {
	set ylabel "latency (microseconds)"
	set logscale y
	set yrange [*:*]
	plot for [i=1:ngrowth] growth using ($1 == i ? $2 : NaN):4 \
	    with linespoints lc i lw 2 pt 7 ps 0.6 \
	    title value(sprintf("growthname%d", i))
} else {
	eval nodata
}
unset multiplot
