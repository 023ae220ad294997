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

# plot-files.gp: the rate of compare.sh against the number of files, when
# the CSV has several file counts (at the number of clients of the bar
# plot); loaded after plot-common.gp.  Every file count has its tic on the
# logarithmic x axis (numbervalues), turned when there are many; the key
# sits below each panel, under the axis title, in a bottom margin made
# for it (keymargin).  Interval ends below zero are drawn at zero, and
# the y axis stops at bartopK (see PlotData.top() in compare_plot.py),
# where an upward triangle marks an interval that goes on above it and a
# line of the title says so (filesclipped).  The points are the groups of
# the plot (stats.tsv's column 14).

set multiplot layout 2,2 title title . "\n" . workload . clientsnote . \
    "\nrate versus number of files: mean and 95% confidence interval" . \
    (filesclipped ? "\nup triangle: the interval goes on above the axis" : \
    "")
set key below
setup = common . 'set logscale x; set xtics (); ' . \
    'set xrange [numbermin / 1.5:numbermax * 1.5]; ' . \
    'set xlabel "number of files (set number)"; set tics nomirror; ' . \
    keymargin . (nnumbers > 6 ? 'set xtics rotate by -45; ' : '')
do for [k in filespanels] {
	eval setup
	do for [c in numbervalues] {
		set xtics add (c c + 0)
	}
	k = k + 0
	set title value(sprintf("barname%d", k))
	set ylabel value(sprintf("barunit%d", k))
	mk = value(sprintf("barkey%d", k))
	set yrange [0:value(sprintf("bartop%d", k))]
	if (value(sprintf("barsweep%d", k))) {
		top = value(sprintf("bartop%d", k))
		plot for [i=1:nlabels] stats using (($1 == i && \
		    strcol(4) eq mk && $14 == 1) ? \
		    $3 : NaN):9:($10 < 0 ? 0 : $10):11 \
		    with yerrorlines \
		    lc i lw 2 pt 7 ps 0.8 title value(sprintf("label%d", i)), \
		    for [i=1:nlabels] stats using (($1 == i && \
		    strcol(4) eq mk && $14 == 1 && $11 > top) ? \
		    $3 : NaN):(top) with points lc i pt 9 ps 1.2 notitle
	} else {
		eval nodata
	}
}
unset multiplot
