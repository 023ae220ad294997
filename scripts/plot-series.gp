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

# plot-series.gp: the -series plot of compare.sh report --by FIELD: one
# panel per measure (transactions/s, creates/s and deletes/s alone, p99
# latencies of creates, reads and deletes), the groups (values of FIELD,
# in natural order) along the x axis, the mean and 95 % interval of each,
# one line per value of --series FIELD2 (else one line), and a star at
# the middle of each step between adjacent groups that Welch's test finds
# significant (data/steps.tsv: line's group place, measure, x, y, 1 when
# significant); loaded after plot-common.gp.  The lines are drawn a little
# apart so that their intervals do not hide each other.  Each panel has
# the key of the lines below it, under the axis title and the tic labels
# (turned when they do not fit, ticangle), in a bottom margin made for
# it: the rows of the tic labels (ticrows: more when turned), of the axis
# title and a row for every two lines (a key inside a panel covered its
# data, and one of long names other panels).  Interval ends
# below zero are drawn at zero, and the y axis stops at smeastopK (see
# PlotData.top() in compare_plot.py), where an upward triangle marks an
# interval that goes on above it and the title says so (seriesclipped).

steps = 'data/steps.tsv'
set multiplot layout 2,3 title title . "\n" . workload . ", " . \
    seriesgroup . "\nmean and 95% confidence interval across " . \
    byfield . "; * significant step (Welch p < 0.05)" . \
    (seriesclipped ? "; up triangle: the interval goes on above the " . \
    "axis" : "")
off(s) = (s - (nseries + 1) / 2.0) * 0.08
set key below
setup = common . ticsetup . 'set xrange [0.5:nlabels + 0.5]; ' . \
    'set tics nomirror; set xlabel byfield; ' . \
    sprintf('set bmargin %d; ', 5 + ticrows + ceil(nseries / 2.0))
do for [k=1:nsmeas] {
	eval setup
	set title value(sprintf("smeasname%d", k))
	set ylabel value(sprintf("smeasunit%d", k))
	set yrange [0:value(sprintf("smeastop%d", k))]
	mk = value(sprintf("smeaskey%d", k))
	if (value(sprintf("smeashas%d", k))) {
		top = value(sprintf("smeastop%d", k))
		plot for [s=1:nseries] stats using \
		    (($13 == value(sprintf("seriesg%d", s)) && \
		    strcol(4) eq mk) ? $1 + off(s) : NaN):9:\
		    ($10 < 0 ? 0 : $10):11 with yerrorlines \
		    lc s lw 2 pt 7 ps 0.8 \
		    title value(sprintf("seriesname%d", s)), \
		    for [s=1:nseries] steps using \
		    (($1 == value(sprintf("seriesg%d", s)) && \
		    strcol(2) eq mk && $5 == 1) ? $3 + off(s) : NaN):4 \
		    with points lc s pt 3 ps 2.5 notitle, \
		    for [s=1:nseries] stats using \
		    (($13 == value(sprintf("seriesg%d", s)) && \
		    strcol(4) eq mk && $11 > top) ? $1 + off(s) : NaN):(top) \
		    with points lc s pt 9 ps 1.2 notitle, \
		    @tics
	} else {
		eval nodata
	}
}
unset multiplot
