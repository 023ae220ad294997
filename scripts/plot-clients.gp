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

# plot-clients.gp: transactions per second of compare.sh against the
# number of clients (set clients), when the CSV has several client counts
# at the largest file count; loaded after plot-common.gp.  A solid line per
# label: the rate of the whole run (all clients' transactions per second of
# the transaction phase, which ends when the last client is done), mean
# and 95 % interval; a dashed line per label: the stonewall rate (the
# transactions all clients did until the first one was done, per second of
# that time), mean.  The key sits below the plot, under the axis title
# (keymargin).  Interval ends below zero are drawn at zero, and the y
# axis stops at clientstop (see PlotData.top() in compare_plot.py), where
# an upward triangle marks an interval that goes on above it and the
# title says so (clientsclipped).  The points are the groups of the plot
# (stats.tsv's column 15).

set title title . "\n" . workload . sprintf(", %d files", plotnumber) . \
    "\ntransactions/s versus clients: mean and 95% confidence " . \
    "interval; dashed: stonewall rate" . (clientsclipped ? "; up " . \
    "triangle: the interval goes on above the axis" : "")
set key below
eval common . keymargin
set logscale x 2
set xtics ()
do for [c in clientvalues] {
	set xtics add (c c + 0)
}
set xrange [clientmin / 1.5:clientmax * 1.5]
set yrange [0:clientstop]
set xlabel "clients (set clients)"
set ylabel "transactions/s"
rate = 'for [i=1:nlabels] stats using (($1 == i && ' . \
    'strcol(4) eq "transactions_per_s" && $15 == 1) ? ' . \
    '$12 : NaN):9:($10 < 0 ? 0 : $10):11 with yerrorlines ' . \
    'lc i lw 2 pt 7 ps 0.8 title value(sprintf("label%d", i))'
wall = 'for [i=1:nlabels] stats using (($1 == i && ' . \
    'strcol(4) eq "transactions_stonewall_per_s" && ' . \
    '$15 == 1) ? $12 : NaN):9 with linespoints ' . \
    'lc i lw 2 dt 2 pt 6 ps 0.8 ' . \
    'title value(sprintf("label%d", i)) . " stonewall"'
clip = 'for [i=1:nlabels] stats using (($1 == i && ' . \
    'strcol(4) eq "transactions_per_s" && $15 == 1 && ' . \
    '$11 > clientstop) ? $12 : NaN):(clientstop) with points ' . \
    'lc i pt 9 ps 1.2 notitle'
eval 'plot ' . rate . ', ' . clip . (clientsstonewall ? ', ' . wall : '')
