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

# plot-latency.gp: the latency ladder of compare.sh, one panel per
# operation (create, read, append, delete) with the p50, p90, p99 and p99.9
# latencies of each label at the largest file count (and of that the
# largest number of clients, and of those the last --series value); loaded
# after plot-common.gp.  On the logarithmic axis an interval that reaches
# zero or below is drawn down to a tenth of the mean, where a downward
# triangle marks it, and a line of the title says so (latclipped).

set multiplot layout 2,2 title title . "\n" . workload . ", " . \
    plotgroup . "\nlatency percentiles: mean and 95% confidence " . \
    "interval over the runs" . (latclipped ? "\ndown triangle: the " . \
    "95% interval reaches 0 or below, its bar drawn down to a tenth of " . \
    "the mean" : "")
set key top left
w = 0.06
setup = common . 'set logscale y; set xtics ("p50" 1, "p90" 2, ' . \
    '"p99" 3, "p99.9" 4); set xrange [0.6:4.4]; set yrange [*:*]; ' . \
    'set xlabel "percentile of the latencies of a run"; ' . \
    'set ylabel "latency (microseconds)"; set tics nomirror'
do for [o=1:4] {
	eval setup
	op = value(sprintf("op%d", o))
	set title op . " latency"
	if (value(sprintf("ophas%d", o))) {
		plot for [i=1:nlabels] stats using (($1 == i && \
		    strcol(5) eq "lat" && strcol(6) eq op && \
		    $13 == plotplace) ? \
		    $7 + (i - (nlabels + 1) / 2.0) * w : \
		    NaN):9:($10 > 0 ? $10 : $9 / 10):11 with yerrorlines \
		    lc i lw 2 pt 7 ps 0.8 title value(sprintf("label%d", i)), \
		    for [i=1:nlabels] stats using (($1 == i && \
		    strcol(5) eq "lat" && strcol(6) eq op && \
		    $13 == plotplace && $9 > 0 && $10 <= 0) ? \
		    $7 + (i - (nlabels + 1) / 2.0) * w : NaN):($9 / 10) \
		    with points lc i pt 11 ps 1.2 notitle
	} else {
		eval nodata
	}
}
unset multiplot
