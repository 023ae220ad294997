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

# plot-bars.gp: the bar chart of compare.sh, one panel per rate and time
# (mean and 95 % interval of each label) at the largest file count (and of
# that the largest number of clients, and of those the last --series
# value), each titled with which way is better (the role of its column);
# loaded after plot-common.gp.  The tic labels are turned when they do not
# fit (ticangle).  Interval ends below zero are drawn at zero.

set multiplot layout 3,3 title title . "\n" . workload . ", " . \
    plotgroup . "\nmean and 95% confidence interval of the mean"
set boxwidth 0.6
set key off
setup = common . ticsetup . 'set xrange [0.4:nlabels + 0.6]; ' . \
    'set yrange [0:*]; set tics nomirror'
do for [k=1:nbars] {
	eval setup
	set title value(sprintf("barname%d", k)) . " (" . \
	    value(sprintf("barbetter%d", k)) . ")"
	set ylabel value(sprintf("barunit%d", k))
	mk = value(sprintf("barkey%d", k))
	if (value(sprintf("barhas%d", k))) {
		plot stats using ((strcol(4) eq mk && \
		    $13 == plotplace) ? $1 : NaN):9:1 with boxes \
		    lc variable, \
		    '' using ((strcol(4) eq mk && \
		    $13 == plotplace) ? $1 : NaN):9:($10 < 0 ? 0 : $10):11 \
		    with yerrorbars \
		    lc rgb "black" pt 7 ps 0.4, \
		    @tics
	} else {
		eval nodata
	}
}
unset multiplot
