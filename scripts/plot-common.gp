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

# plot-common.gp: the start of every plot of compare.sh (installed as
# postmark-compare).  Gnuplot.draw() (compare_plot.py) writes one gnuplot
# script in its scratch directory: the lines that set the terminal and the
# output file plot.png or plot.svg, then this file, then plot-bars.gp,
# plot-latency.gp, plot-files.gp, plot-clients.gp, plot-growth.gp or
# plot-series.gp, and runs gnuplot in that directory.  The code is fixed: every value from the
# CSV files reaches gnuplot through data/vars.gp, in which compare.py
# wrote text only as single-quoted string constants (gpstr()), and through
# the tab-separated data/stats.tsv, steps.tsv and growth.tsv; no file name
# is written into gnuplot code, where a name starting with | or < would
# run a command even when quoted.
#
# vars.gp defines title, workload, plotnumber and plotclients (the group of
# the bar and latency plots), plotgroup (its description, "1000 files" or
# "1000 files, 4 clients"), seriesgroup (the same without the --series
# value), clientsnote (", 4 clients" or ""), nnumbers,
# numbermin, numbermax, numbervalues (the file counts at plotclients),
# nclients, clientmin, clientmax, clientvalues (the client counts at
# plotnumber; the values are strings of numbers), clientsstonewall,
# clientstop, nlabels, labelI, ticnameI (the tic label of label I: the
# label, or its number when some label is too long for a tic, the title
# then keying the numbers), ticangle (the angle of the tic labels, 0:
# level), ticrows (the lines of text they take), plotplace (the place of the group of the bar and latency plots),
# nbars, barkeyK, barnameK, barunitK, barbetterK ("higher
# is better" or "lower is better", from the column's role), barhasK,
# barsweepK, bartopK, filespanels (the measures K of the -files plot),
# filesclipped (how many of its intervals go on above their axis), opI and
# ophasI, latclipped (how many intervals of the latency plot reach 0 or
# below), and for the -series and -growth plots the
# variables named in plot-series.gp and plot-growth.gp; stats.tsv has the
# columns label index, label (" as '), number, measure, kind, op,
# percentile index, n, mean, low and high end of the 95 % interval,
# clients, place of the group (1 to the number of groups, in the order of
# the tables), 1 when the group is a point of the -files plot, 1 when of
# the -clients plot; labels.tsv the label indexes, a line each.
#
# The tic labels of the labels are read as data, plotted from labels.tsv
# with xticlabels() (the element tics): a tic label of `set xtics' is a
# format to gnuplot, which cut a label holding a % at 50 characters.

stats = 'data/stats.tsv'
labels = 'data/labels.tsv'
load 'data/vars.gp'
set datafile separator "\t"
set datafile missing "NaN"
set style fill solid 0.6 border -1
# Each panel starts with "eval setup" (defined by the plot) and, when it
# has no data, says so instead of plotting.
nodata = 'unset tics; unset border; unset xlabel; unset ylabel; ' . \
    'unset grid; unset logscale; set label 99 "no data" at graph 0.5, ' . \
    'graph 0.5 center; plot [0:1][0:1] 2 notitle; unset label 99'
common = 'set border 3; set tics nomirror; set ytics; set grid ytics; '
# The labels' tic labels along the x axis, turned when they do not fit.
ticsetup = 'set xtics (); ' . (ticangle == 0 ? 'set xtics norotate; ' : \
    sprintf('set xtics rotate by %d right; ', ticangle))
tics = 'labels using 1:(NaN):xticlabels(value(sprintf("ticname%d", $1))) ' . \
    'with points notitle'
# A key below a plot goes under its x axis title, in a bottom margin with
# a row for every four labels, so that it covers neither the title nor
# the tic labels.
keymargin = sprintf('set bmargin %d; ', 5 + ceil(nlabels / 4.0))
