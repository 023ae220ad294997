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

"""The plots of postmark-compare: the data gnuplot reads, and gnuplot.

The gnuplot code is fixed text, scripts/plot-common.gp and one of
plot-{bars,latency,files,clients,growth,series}.gp, run in a scratch
directory that holds data/vars.gp, in which every text from the CSV files
is a single-quoted string constant (gpstr(): gnuplot runs `command` and
processes escapes only inside double quotes), and the tab-separated
data/stats.tsv, steps.tsv and growth.tsv.  No file name is ever written
into gnuplot code, where a name starting with | or < would run a command
even when quoted; the plot is drawn into plot.png or plot.svg there and
moved to its place.

labels.tsv holds the label indexes (1 to the number of labels), a line
each, whose tic labels along an x axis the plots read from the variables
ticnameI as xticlabels(): a tic label of `set xtics` is a format to
gnuplot, cut at 50 characters of output when it holds a %, one read as
data is not.
stats.tsv has the columns label index, label (" as '), number, measure,
kind, op, percentile index, n, mean, low and high end of the 95 %
interval, clients, place of the group (1 to the number of groups, in the
order of the tables), and 1 or 0: whether the group is a point of the
-files plot, of the -clients plot; steps.tsv the steps of by (group
place, measure, x, y, 1 when significant); growth.tsv the growth lines
(line, files alive, creates/s, p99 latency or NaN, intervals in the
bin).
"""

import math
import os
import re
import shutil
import subprocess
import sys

from .compare_csv import Fail, noctl, numstr
from . import compare_data
from . import compare_report

KINDS = ("bars", "latency", "files", "clients", "growth", "series")
_SIZES = {"bars": "1200,900", "series": "1200,900"}
# The measures (1-based, of the first NBARS) of the -files plot's panels.
FILES_PANELS = (1, 2, 5, 9)
# The tic labels of the labels along the x axis of the bar and -series
# plots, panels of about 300 points (a label's room: that over the labels
# and a fifth) in a font of about 6 points a character: turned (by
# TIC_ANGLE degrees) when they do not fit side by side with 3 characters
# between them, numbered (the title keys the numbers) when one is longer
# than TIC_LONGEST characters.
PANEL_WIDTH = 300
CHAR_WIDTH = 6
LINE_HEIGHT = 12
TIC_ANGLE = 30
TIC_LONGEST = 32


def gpstr(s):
    """s as a gnuplot string constant, the only way text is written into
    gnuplot code (control characters removed: a line feed would end the
    statement)."""
    return "'" + noctl(s).replace("'", "''") + "'"


def tics(names):
    """The tic labels of the labels names along an x axis (see
    TIC_LONGEST), their angle (0: level) and the lines of text they
    take below the axis."""
    if max(len(n) for n in names) > TIC_LONGEST:
        names = [str(i) for i in range(1, len(names) + 1)]
    longest = max(len(n) for n in names)
    room = PANEL_WIDTH / (len(names) + 0.2)
    if (longest + 3) * CHAR_WIDTH <= room:
        return names, 0, 1
    drop = longest * CHAR_WIDTH * math.sin(math.radians(TIC_ANGLE))
    return names, TIC_ANGLE, math.ceil(drop / LINE_HEIGHT) + 1


def machines(labels):
    """" - QEMU: tcg, host clock", the virtual machines of the labels
    for a title (each label's when they differ), "" when none ran in
    one."""
    vms = [", ".join(lab.info["vm"]) or "no VM" for lab in labels]
    if all(v == "no VM" for v in vms):
        return ""
    if len(set(vms)) == 1:
        return " - QEMU: " + vms[0]
    return " - QEMU: " + "; ".join(f"{lab.name} {v}"
                                   for lab, v in zip(labels, vms))


def tsvnum(x):
    """A number for the tables ("NaN" when undefined)."""
    return "NaN" if x is None else f"{x:.10g}"


class PlotData:
    """The plot data of compare_report.Results, written by write(DIR)."""

    def __init__(self, res):
        self.r = res
        self.d = res.d
        self.pn = res.order[-1]         # the group of the bar plot
        self.place = {gi: g for g, gi in enumerate(res.order, 1)}
        self.has = set()
        for gi in res.order:
            for li in range(len(res.labels)):
                for k in range(len(res.ms)):
                    if res.samples[(li, gi, k)].n:
                        self.has.add((gi, k))

    def kinds(self):
        """The plots there is data for, in order."""
        out = ["bars", "latency"]
        if len(self.sweep("files")) >= 2:
            out.append("files")
        if len(self.sweep("clients")) >= 2:
            out.append("clients")
        if self.r.growth:
            out.append("growth")
        if self.d.s.by:
            out.append("series")
        return out

    def insweep(self, gi, sweep):
        """Whether group gi is a point of the rate-versus-files plot
        (sweep "files": the bar plot's clients), of the rate-versus-
        clients plot ("clients": its files), both of its series value,
        or a line of the -series plot ("series": its files and
        clients)."""
        g = self.d.groups[gi]
        p = self.d.groups[self.pn]
        if sweep == "series":
            return g.num == p.num and g.ncl == p.ncl
        if g.ser != p.ser:
            return False
        if sweep == "files":
            return g.ncl == p.ncl
        return g.num == p.num

    def sweep(self, sweep):
        return [gi for gi in self.r.order if self.insweep(gi, sweep)]

    def top(self, k, sweep):
        """The top of the y axis of measure k in the plot of sweep: the
        highest interval end, but at most 1.5 times the highest mean, so
        that the wide intervals of few runs do not flatten the lines."""
        mx = hi = 0.0
        for s in self.samples(k, sweep):
            mx = max(mx, s.mean)
            if s.hi is not None:
                hi = max(hi, s.hi)
        hi = min(max(hi, mx), 1.5 * mx)
        return hi * 1.05 if hi > 0 else 1

    def samples(self, k, sweep):
        """The samples of measure k with values in the plot of sweep."""
        return [self.r.samples[(li, gi, k)] for gi in self.sweep(sweep)
                for li in range(len(self.r.labels))
                if self.r.samples[(li, gi, k)].n]

    def clipped(self, ks, sweep, top=None):
        """How many intervals of the measures ks in the plot of sweep go
        on above the top of their axis (top, else top())."""
        n = 0
        for k in ks:
            t = self.top(k, sweep) if top is None else top
            n += sum(1 for s in self.samples(k, sweep)
                     if s.hi is not None and s.hi > t)
        return n

    def write(self, out):
        """Write stats.tsv, labels.tsv, steps.tsv, growth.tsv and vars.gp
        into the directory out."""
        r = self.r
        with open(os.path.join(out, "labels.tsv"), "w") as f:
            f.write("".join(f"{i}\n" for i in range(1, len(r.labels) + 1)))
        with open(os.path.join(out, "stats.tsv"), "w", encoding="utf-8",
                  errors="surrogateescape") as f:
            for g, gi in enumerate(r.order, 1):
                num = numstr(self.d.groups[gi].num)
                ncl = self.d.groups[gi].ncl
                sweeps = (f"\t{int(self.insweep(gi, 'files'))}"
                          f"\t{int(self.insweep(gi, 'clients'))}")
                for li, lab in enumerate(r.labels):
                    name = lab.name.replace('"', "'")
                    for k, m in enumerate(r.ms):
                        s = r.samples[(li, gi, k)]
                        if not s.n:
                            continue
                        lo = s.mean if s.lo is None else s.lo
                        hi = s.mean if s.hi is None else s.hi
                        f.write(f"{li + 1}\t{name}\t{num}\t{m.key}\t"
                                f"{m.kind}\t{m.op or '-'}\t{m.xpos}\t{s.n}\t"
                                f"{tsvnum(s.mean)}\t{tsvnum(lo)}\t"
                                f"{tsvnum(hi)}\t{ncl}\t{g}{sweeps}\n")
        v = []
        self._vars(v)
        self._series_vars(v, out)
        self._growth_vars(v, out)
        with open(os.path.join(out, "vars.gp"), "w", encoding="utf-8",
                  errors="surrogateescape") as f:
            f.write("".join(line + "\n" for line in v))

    def _vars(self, v):
        r = self.r
        d = self.d
        pn = self.pn
        names = [lab.name for lab in r.labels]
        ticnames, angle, rows = tics(names)
        if ticnames != names:
            names = [f"{t}: {n}" for t, n in zip(ticnames, names)]
        title = " vs ".join(names)
        if d.s.title:
            title += " - " + d.s.title
        title += machines(r.labels)
        v.append("title = " + gpstr(title))
        v.append("workload = " + gpstr(d.workload if r.nsig == 1 else
                                       "several workloads"))
        v.append("plotnumber = " + numstr(d.groups[pn].num))
        v.append(f"plotclients = {d.groups[pn].ncl}")
        v.append(f"plotplace = {self.place[pn]}")
        v.append("plotgroup = " + gpstr(r.groupdesc(pn)))
        v.append("seriesgroup = " + gpstr(r.groupdesc(pn, True)))
        v.append("clientsnote = " + gpstr(r.clientsdesc(pn)))
        for sweep, name, val in (("files", "number", lambda g: g.num),
                                 ("clients", "client", lambda g: g.ncl)):
            vals = [val(d.groups[gi]) for gi in self.sweep(sweep)]
            v.append(f"n{name}s = {len(vals)}")
            v.append(f"{name}min = {numstr(min(vals))}")
            v.append(f"{name}max = {numstr(max(vals))}")
            v.append(f"{name}values = " +
                     gpstr(" ".join(numstr(x) for x in vals)))
        v.append(f"nlabels = {len(r.labels)}")
        for i, lab in enumerate(r.labels, 1):
            v.append(f"label{i} = " + gpstr(lab.name))
            v.append(f"ticname{i} = " + gpstr(ticnames[i - 1]))
        v.append(f"ticangle = {angle}")
        v.append(f"ticrows = {rows}")
        v.append(f"nbars = {compare_data.NBARS}")
        for k in range(compare_data.NBARS):
            m = r.ms[k]
            n = sum(1 for gi in self.sweep("files") if (gi, k) in self.has)
            v += [f"barkey{k + 1} = " + gpstr(m.key),
                  f"barname{k + 1} = " + gpstr(m.name),
                  f"barunit{k + 1} = " + gpstr(m.unit),
                  f"barbetter{k + 1} = " +
                  gpstr("higher is better" if m.better > 0 else
                        "lower is better"),
                  f"barhas{k + 1} = {int((pn, k) in self.has)}",
                  f"barsweep{k + 1} = {int(n > 1)}",
                  f"bartop{k + 1} = {self.top(k, 'files'):.10g}"]
        v.append("filespanels = " + gpstr(" ".join(map(str, FILES_PANELS))))
        v.append("filesclipped = %d" % self.clipped(
            [k - 1 for k in FILES_PANELS], "files"))
        # The rate-versus-clients plot: transactions/s and, when
        # measured, the stonewall rate, on one axis.
        k = r.key["transactions_stonewall_per_s"]
        sw = any((gi, k) in self.has for gi in self.sweep("clients"))
        top = self.top(r.key["transactions_per_s"], "clients")
        if sw:
            top = max(top, self.top(k, "clients"))
        v.append(f"clientsstonewall = {int(sw)}")
        v.append(f"clientstop = {top:.10g}")
        v.append("clientsclipped = %d" % self.clipped(
            [r.key["transactions_per_s"]], "clients", top))
        self._latency_vars(v)

    def _latency_vars(self, v):
        """Per operation whether the latency plot has a mean above 0 to
        draw on its logarithmic axis, and how many of its intervals reach
        0 or below."""
        r = self.r
        clipped = 0
        for i, op in enumerate(("create", "read", "append", "delete"), 1):
            has = False
            for k, m in enumerate(r.ms):
                if m.op != op:
                    continue
                for li in range(len(r.labels)):
                    s = r.samples[(li, self.pn, k)]
                    if s.n and s.mean > 0:
                        has = True
                        clipped += s.lo is not None and s.lo <= 0
            v.append(f"op{i} = " + gpstr(op))
            v.append(f"ophas{i} = {int(has)}")
        v.append(f"latclipped = {clipped}")

    def _series_vars(self, v, out):
        r = self.r
        d = self.d
        v.append("byfield = " + gpstr(d.s.by))
        n = 0
        for gi in self.sweep("series"):
            n += 1
            v.append(f"seriesg{n} = {self.place[gi]}")
            name = (f"{d.s.series} {d.groups[gi].ser}" if d.s.series
                    else "mean")
            v.append(f"seriesname{n} = " + gpstr(name))
        v.append(f"nseries = {n}")
        v.append(f"nsmeas = {len(compare_data.SERIES_MEASURES)}")
        for i, key in enumerate(compare_data.SERIES_MEASURES, 1):
            k = r.key[key]
            m = r.ms[k]
            has = any((gi, k) in self.has for gi in self.sweep("series"))
            v += [f"smeaskey{i} = " + gpstr(m.key),
                  f"smeasname{i} = " + gpstr(m.name),
                  f"smeasunit{i} = " + gpstr(m.unit),
                  f"smeashas{i} = {int(has)}",
                  f"smeastop{i} = {self.top(k, 'series'):.10g}"]
        v.append("seriesclipped = %d" % self.clipped(
            [r.key[key] for key in compare_data.SERIES_MEASURES], "series"))
        series = set(self.sweep("series"))
        with open(os.path.join(out, "steps.tsv"), "w") as f:
            for gi, a, b, k, c in r.steps:
                if gi not in series:
                    continue
                ma = r.samples[(a, gi, k)].mean
                mb = r.samples[(b, gi, k)].mean
                f.write(f"{self.place[gi]}\t{r.ms[k].key}\t"
                        f"{tsvnum((a + b + 2) / 2)}\t"
                        f"{tsvnum((ma + mb) / 2)}\t"
                        f"{int(bool(c.significant))}\n")

    def _growth_vars(self, v, out):
        lines = self.r.growth
        v.append(f"ngrowth = {len(lines)}")
        v.append("growthp99 = %d" % any(p is not None and p > 0
                                        for g in lines
                                        for _, _, p, _ in g.bins))
        with open(os.path.join(out, "growth.tsv"), "w") as f:
            for i, g in enumerate(lines, 1):
                v.append(f"growthname{i} = " + gpstr(
                    compare_report.line_name(g, self.d.s.series)))
                for x, y, p, n in g.bins:
                    f.write(f"{i}\t{tsvnum(x)}\t{tsvnum(y)}\t{tsvnum(p)}\t"
                            f"{n}\n")


class Gnuplot:
    """gnuplot 5 with the scripts of datadir; check() finds it and its
    terminals, draw() draws one plot."""

    def __init__(self, datadir, note):
        self.datadir = datadir
        self.note = note
        self.png = None

    def _accepts(self, line):
        try:
            p = subprocess.run(["gnuplot"], input=line + "\n",
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, text=True)
        except OSError:
            return False
        return p.returncode == 0

    def check(self):
        """Fail unless the plot scripts and gnuplot 5 are there with an
        SVG and a PNG terminal (pngcairo, else png: said so)."""
        for kind in ("common",) + KINDS:
            path = os.path.join(self.datadir, f"plot-{kind}.gp")
            if not os.access(path, os.R_OK):
                raise Fail(f"{path}: missing")
        if shutil.which("gnuplot") is None:
            raise Fail("gnuplot not found in PATH: install gnuplot 5 "
                       "(Debian: apt-get install gnuplot-nox) or use "
                       "--no-plot")
        try:
            out = subprocess.run(["gnuplot", "--version"], text=True,
                                 stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT).stdout
        except OSError as e:
            raise Fail(f"gnuplot: {e.strerror}") from None
        m = re.match(r"gnuplot ([0-9]+)\.", out)
        if m is None or int(m.group(1)) < 5:
            first = out.splitlines()[0] if out else ""
            raise Fail(f"gnuplot 5 or later needed (found: {first}); or "
                       "use --no-plot")
        if self._accepts("set terminal pngcairo"):
            self.png = "pngcairo font 'sans,9'"
        elif self._accepts("set terminal png"):
            self.png = "png"
            self.note("gnuplot has no pngcairo terminal; using png")
        else:
            raise Fail("gnuplot has neither the pngcairo nor the png "
                       "terminal")
        if not self._accepts("set terminal svg"):
            raise Fail("gnuplot has no svg terminal")

    def draw(self, kind, ext, work, dest):
        """Draw plot kind as ext (png or svg) in the scratch directory
        work, whose data/ holds the plot data, and move it to dest."""
        size = _SIZES.get(kind, "1100,800")
        if ext == "png":
            term = f"{self.png} size {size} noenhanced"
        else:
            term = f"svg size {size} font 'sans,9' noenhanced"
        code = [f"set terminal {term}\n", f"set output 'plot.{ext}'\n"]
        for name in ("common", kind):
            with open(os.path.join(self.datadir, f"plot-{name}.gp")) as f:
                code.append(f.read())
        with open(os.path.join(work, "plot.gp"), "w") as f:
            f.write("".join(code))
        log = os.path.join(work, "gnuplot.log")
        with open(log, "w") as lf:
            st = subprocess.run(["gnuplot", "plot.gp"], cwd=work,
                                stdin=subprocess.DEVNULL, stdout=lf,
                                stderr=subprocess.STDOUT).returncode
        if st != 0:
            with open(log, errors="replace") as lf:
                for line in lf:
                    sys.stderr.write("gnuplot: " + line)
            raise Fail(f"gnuplot failed to draw {dest}")
        try:
            shutil.move(os.path.join(work, f"plot.{ext}"), dest)
        except OSError as e:
            raise Fail(f"cannot write {dest}: {e.strerror}") from None
