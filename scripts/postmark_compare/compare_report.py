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

"""The statistics of the grouped rows (Results) and the report made of
them: a text table and the same in Markdown.

For every label L, group and measure: n (rows with status ok that
measured it), the mean, the sample standard deviation and the 95 %
interval of the mean (Student's t); for every label but the group's
first, R, one comparison of its rows (compare_stats.ratio_test on each
measure, compare_stats.correct over them): the ratio of the geometric
means, the t test on the logarithms (two-sided p) and its interval,
which excludes 1 exactly when the row is significant at its level.  The
primary measure (transactions/s, or the one Settings.primary names) is
tested at 5 % and said first; the other measures of the table are
corrected by Benjamini-Hochberg at 5 %; a measure that is the same
counts over the same time as another (SPANS) repeats its test and is
marked, not counted.  With by FIELD each label (a value of FIELD) is
also compared with the one before it (the steps), the same way over the
measures of the -series plot.

Every text from outside was cleaned of control characters when read;
mdesc() escapes it for Markdown.
"""

import functools
import math

from .compare_csv import numstr
from . import compare_data
from . import compare_stats

PRIMARY = "transactions_per_s"  # the primary measure unless one is named
Q = 0.05                # the level of the primary, and the others' rate
# Measures that are counts of the workload over one span of time
# (pm_report_rates() in src/pm_stats.c, the count and seconds columns of
# the column table): transactions_done, created_mixed and deleted_mixed
# over transactions_s; elapsed_s itself, then deleted, bytes_read and
# bytes_written over it.  In runs of one workload (one config and seed)
# the counts are the same in every run, and the measures of a span have
# one ratio (or its reciprocal) and one test: the first of a span, or the
# primary measure, is tested and the others repeat it.  same() checks
# the counts in the values.
SPANS = (("transactions_per_s", "created_mixed_per_s",
          "deleted_mixed_per_s"),
         ("elapsed_s", "deleted_per_s", "read_mb_per_s", "write_mb_per_s"))
# The resolution of a CSV value: 3 decimals (9 for seconds).
_RES = {"time": 0.5e-9}
_RES_DEFAULT = 0.5e-3


class Results:
    """The statistics of a compare_data.Data: samples[(li, gi, k)],
    comps[(li, gi, k)] against the group's first label (ref[gi]) for the
    measures its table shows (shown()), families[(li, gi)] the
    comparison's Family; with by the steps (group, label before, label,
    measure, Comparison) and stepfams[(group, label before, label)];
    pk, the primary measure's index."""

    def __init__(self, data):
        self.d = data
        self.labels = data.labels
        self.ms = data.measures
        self.key = {m.key: k for k, m in enumerate(self.ms)}
        self.order = self._group_order()
        self.pk = self.key.get(data.s.primary, self.key[PRIMARY])
        self.samples = {}
        self.comps = {}
        self.families = {}      # (li, gi) -> compare_stats.Family
        self.ref = {}
        self.steps = []
        self.stepfams = {}      # (gi, label before, label) -> Family
        for gi in self.order:
            self._group(gi)
        self.growth = data.growth.compute([lab.name for lab in self.labels])
        self.nsig, self.differ = data.nsigs()

    def _group_order(self):
        """The groups by ascending files, then clients, then series
        value in natural order."""
        gs = self.d.groups

        def before(a, b):
            ga, gb = gs[a], gs[b]
            if ga.num != gb.num:
                return -1 if ga.num < gb.num else 1
            if ga.ncl != gb.ncl:
                return -1 if ga.ncl < gb.ncl else 1
            return compare_stats.natcmp(ga.ser, gb.ser)
        return sorted(range(len(gs)), key=functools.cmp_to_key(before))

    def rows(self, li, gi):
        return self.labels[li].groups.get(gi, 0)

    def _group(self, gi):
        labs = self.labels
        ref = next((li for li in range(len(labs)) if self.rows(li, gi)),
                   None)
        self.ref[gi] = ref
        empty = [[] for _ in self.ms]
        for li, lab in enumerate(labs):
            for k, values in enumerate(lab.lists.get(gi, empty)):
                self.samples[(li, gi, k)] = compare_stats.Sample(values)
        tested = [k for k in range(len(self.ms)) if self.shown(gi, k)]
        for li in range(len(labs)):
            if li == ref:
                continue
            comps, fam = self.compare(gi, ref, li, tested)
            self.families[(li, gi)] = fam
            for k in tested:
                self.comps[(li, gi, k)] = comps[k]
        if self.d.s.by:
            self._steps(gi)

    def shown(self, gi, k):
        """Whether group gi's table shows measure k: the primary one, a
        measure of the table, and an optional one only where the group
        has several clients and measured it."""
        m = self.ms[k]
        if k == self.pk:
            return True
        if not m.table:
            return False
        if not m.opt:
            return True
        g = self.d.groups[gi]
        if g.ncl < 2 and not g.multi:
            return False
        return any(self.samples[(li, gi, k)].n
                   for li in range(len(self.labels)))

    def compare(self, gi, a, b, ks):
        """Label b against label a in group gi over the measures ks:
        ({k: Comparison}, Family)."""
        comps = {}
        for k in ks:
            floor = compare_stats.BUCKET if self.ms[k].kind == "lat" else 0
            comps[k] = compare_stats.ratio_test(
                self.samples[(a, gi, k)], self.samples[(b, gi, k)], Q,
                floor)
        same = {}
        for span in SPANS:
            ks2 = [self.key[key] for key in span if self.key[key] in comps]
            if self.pk in ks2:
                ks2.remove(self.pk)
                ks2.insert(0, self.pk)
            for k in ks2[1:]:
                if comps[ks2[0]].p is not None and \
                        self.same(gi, (a, b), k, ks2[0]):
                    same[k] = ks2[0]
        return comps, compare_stats.correct(comps, self.pk, same, Q)

    def same(self, gi, lis, k, rep):
        """Whether measure k of the labels lis in group gi is measure rep
        scaled by one constant, row by row (to the CSV's resolution),
        or, between a rate and a time, its reciprocal: the same counts
        over the same span of time in every run."""
        mk, mr = self.ms[k], self.ms[rep]
        sign = 1 if (mk.kind == "time") == (mr.kind == "time") else -1
        ds = []
        tol = 0.0
        for li in lis:
            a = self.samples[(li, gi, k)]
            b = self.samples[(li, gi, rep)]
            if a.logs is None or b.logs is None or a.n != b.n:
                return False
            for la, lb in zip(a.logs, b.logs):
                ds.append(la - sign * lb)
                tol = max(tol, _res(mk) / math.exp(la) +
                          _res(mr) / math.exp(lb))
        return max(ds) - min(ds) <= 2 * tol + 1e-12

    def _steps(self, gi):
        """The comparison of each label of group gi with the one before
        it that has rows in it, over the measures of the -series plot."""
        prev = None
        ks = [self.key[key] for key in compare_data.SERIES_MEASURES]
        for li in range(len(self.labels)):
            if not self.rows(li, gi):
                continue
            if prev is not None:
                have = [k for k in ks if self.samples[(prev, gi, k)].n and
                        self.samples[(li, gi, k)].n]
                comps, fam = self.compare(gi, prev, li, have)
                self.stepfams[(gi, prev, li)] = fam
                self.steps += [(gi, prev, li, k, comps[k]) for k in have]
            prev = li

    def show_clients(self):
        """Whether some group has several clients."""
        return any(g.ncl > 1 for g in self.d.groups)

    def clientsdesc(self, gi):
        """", 4 clients" when some group has several clients, else ""."""
        if not self.show_clients():
            return ""
        n = self.d.groups[gi].ncl
        return f", {n} client" + ("" if n == 1 else "s")

    def groupdesc(self, gi, noseries=False):
        """"1000 files", ", 4 clients" and ", FIELD VALUE" of series
        unless noseries; "all rows" when nothing is left."""
        g = self.d.groups[gi]
        s = ((numstr(g.num) + " files" if self.d.keynum else "") +
             self.clientsdesc(gi))
        if self.d.s.series and not noseries:
            s += f", {self.d.s.series} {g.ser}"
        s = s[2:] if s.startswith(", ") else s
        return s or "all rows"

    def precision(self):
        """Per group and label with rows: (li, gi, Sample of
        transactions/s, half-width in % of the mean or None, reached)."""
        p = float(self.d.s.precision)
        k = self.key["transactions_per_s"]
        out = []
        for gi in self.order:
            for li in range(len(self.labels)):
                if not self.rows(li, gi):
                    continue
                s = self.samples[(li, gi, k)]
                pct = None
                if s.hi is not None and s.mean > 0:
                    pct = 100 * (s.hi - s.mean) / s.mean
                out.append((li, gi, s, pct, pct is not None and pct <= p))
        return out


def _res(m):
    """The resolution of measure m's values: half a unit of the last
    decimal of its CSV column, scaled as the measure is."""
    return _RES.get(m.kind, _RES_DEFAULT) * m.scale


def decimals(x):
    """How many decimals to print for numbers of x's magnitude."""
    x = abs(x)
    if x >= 100000:
        return 0
    if x >= 1000:
        return 1
    if x >= 1 or x == 0:
        return 3
    if x >= 0.01:
        return 4
    return 6


def fmtp(p):
    """A p-value."""
    if p >= 0.001 or p == 0:
        return f"{p:.4f}"
    return f"{p:.1e}"


def mdesc(s):
    """s as literal Markdown text in a table cell."""
    for a, b in (("\\", "\\\\"), ("|", "\\|"), ("<", "\\<"), ("&", "\\&")):
        s = s.replace(a, b)
    return s


def wrap(s, width):
    """s folded at blanks into lines of at most width characters."""
    lines = []
    line = ""
    for w in s.split():
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = ""
        line = f"{line} {w}" if line else w
    lines.append(line)
    return "\n".join(lines)


class Table:
    """A table of the report: a header of names (_ for a blank), the
    alignment of each column ("r" or "l"), and rows, each maybe after a
    blank line (in the text) when sep is set."""

    def __init__(self, names, right=()):
        self.head = [n.replace("_", " ") for n in names.split()]
        self.align = ["r" if i in right else "l"
                      for i in range(1, len(self.head) + 1)]
        self.rows = []

    def add(self, cells, sep=False):
        self.rows.append(([str(c) for c in cells], sep))

    def text(self):
        rows = [(self.head, False)] + self.rows
        w = [max(len(r[c]) for r, _ in rows) for c in range(len(self.head))]
        out = []
        for i, (r, sep) in enumerate(rows):
            if i > 1 and sep:
                out.append("")
            cells = []
            for c, s in enumerate(r):
                if self.align[c] == "r":
                    s = s.rjust(w[c])
                elif c < len(r) - 1:
                    s = s.ljust(w[c])
                cells.append(s)
            out.append("  ".join(cells))
        return out

    def md(self):
        out = ["|" + "".join(f" {mdesc(c)} |" for c in self.head),
               "|" + "".join(" ---: |" if a == "r" else " --- |"
                             for a in self.align)]
        out.extend("|" + "".join(f" {mdesc(c)} |" for c in r)
                   for r, _ in self.rows)
        return out


class Report:
    """The text and Markdown reports of Results, line by line; warn is
    the function that prints a warning on standard error."""

    def __init__(self, res, warn):
        self.r = res
        self.d = res.d
        self.s = res.d.s
        self.warn = warn
        self.txt = []
        self.md = []

    def lines(self):
        """Build both reports; return (text lines, Markdown lines)."""
        self._head()
        self._where()
        for gi in self.r.order:
            self._group(gi)
        if self.s.precision:
            self._precision()
        if self.r.steps:
            self._steps()
        if self.r.growth:
            self._growth()
        self._run_warnings()
        self.paragraph(EXPLAIN.format(primary=self.r.ms[self.r.pk].name))
        return self.txt, self.md

    def paragraph(self, s):
        """A paragraph after a blank line: folded in the text."""
        self.txt += ["", wrap(s, 78)]
        self.md += ["", s]

    def both(self, txt, md):
        self.txt.append(txt)
        self.md.append(md)

    def table(self, t):
        self.txt.extend(t.text())
        self.md.extend(t.md())

    def section(self, head):
        self.txt += ["", head]
        self.md += ["", "## " + mdesc(head), ""]

    def warning(self, s):
        """A warning in the reports (bold in Markdown) and on stderr."""
        self.txt.append("warning: " + s)
        self.md += ["", f"**Warning: {mdesc(s)}**"]
        self.warn(s)

    def _head(self):
        d = self.d
        s = self.s
        head = "postmark comparison: " + " vs ".join(
            lab.name for lab in self.r.labels)
        self.both(head, "# " + mdesc(head))
        self.md.append("")
        if s.title:
            self.both("source: " + s.title, f"Source: {mdesc(s.title)}  ")
        if self.r.nsig == 1:
            self.both("workload: " + d.workload,
                      f"Workload: {mdesc(d.workload)}  ")
        if s.by:
            t = f"groups: the values of {s.by}, in natural order"
            if s.series:
                t += ("; a table (and a line of the -series plot) per value "
                      f"of {s.series}")
            self.both(t, "G" + mdesc(t[1:]) + "  ")
        t = self._runs()
        if t:
            self.both(t, "R" + mdesc(t[1:]) + "  ")
        t = f"rows: {d.used} used (status ok), {d.skipped} skipped"
        if d.skipped:
            t += f" (status not ok: {d.skipped_text()})"
        if d.nclientrows:
            t += (f"; {d.nclientrows} rows of single clients not used "
                  "(--per-client uses them)")
        if d.nrunrows:
            t += (f"; {d.nrunrows} rows of runs of several clients not "
                  "used (their clients' rows are)")
        self.both(t, "R" + t[1:])
        if self.r.nsig > 1:
            n = len(self.r.differ)
            self.warning(f"the rows ran {self.r.nsig} different workloads "
                         f"({', '.join(self.r.differ)} "
                         f"differ{'s' if n == 1 else ''})")
        self._tmpfs()
        mixed = [lab.name for lab in self.r.labels
                 if any(len(v) > 1 for v in lab.mixed.values())]
        if mixed:
            self.warning(f"the groups {', '.join(mixed)} (values of "
                         f"{s.by}) hold rows of several labels, runs of "
                         "different targets; --series label makes a line "
                         "of each")
        self.both("", "")

    def _runs(self):
        """"runs: ..." : the runs asked for, to what precision, in what
        order; "" when none is known."""
        s = self.s
        t = ""
        if s.runs:
            t += f", {s.runs} per target"
        if "-" in s.runs and s.precision:
            t += (", until the 95% CI of transactions/s is within "
                  f"{s.precision}% of its mean")
        if s.seed:
            t += f", in random order (seed {s.seed})"
        return "runs:" + t[1:] if t else ""

    def _tmpfs(self):
        """Warn about each label on tmpfs, when another ran on another
        file system, or in run mode always."""
        labs = self.r.labels
        for lab in labs:
            if not lab.tmpfs:
                continue
            if self.s.run_mode or any(o is not lab and o.other
                                      for o in labs):
                self.warning(f"{lab.name} is on tmpfs: tmpfs measures "
                             "memory, not a file system on a disk; its "
                             "rates are the page cache's and compare with "
                             "no disk file system's")

    def _where(self):
        vm = any(lab.info["vm"] for lab in self.r.labels)
        t = Table("label runs host kernel file_system" +
                  (" virtual_machine" if vm else ""), right=(2,))
        if self.s.by:
            t.head[0] = self.s.by.replace("_", " ")
        fs = fs_descriptions(self.r.labels)
        for lab in self.r.labels:
            t.add([lab.name, lab.nrows,
                   ", ".join(lab.info["host"]) or "-",
                   ", ".join(lab.info["kernel"]) or "-",
                   ", ".join(fs[lab.name]) or "-"] +
                  ([", ".join(lab.info["vm"]) or "-"] if vm else []))
        self.table(t)
        self._names()
        self._icount()

    def _icount(self):
        """What a time of the emulated clock is, when some label ran on
        QEMU's icount clock."""
        labs = [lab.name for lab in self.r.labels
                if any(" icount clock" in v for v in lab.info["vm"])]
        if not labs:
            return
        who = ("every label" if len(labs) == len(self.r.labels) else
               ", ".join(labs))
        self.paragraph(
            f"Times on the icount clock ({who}): the guest's clock counts "
            "the instructions the guest executed, the kernel's and "
            "postmark's together, at a fixed rate (2^shift ns each), plus "
            "the time the guest waited for its disk with nothing to run, "
            "which passes as the host's time does (QEMU models no device "
            "time); it does not see cache misses, lock contention or a "
            "real device's latency, so a time says how much work the "
            "kernel did, not how long it would take on hardware.")

    def _names(self):
        """The key of the values named by what differs between them
        (compare_data.abbreviate): each name and its value."""
        for field, names in self.d.names.items():
            s = (f"{field}: its values named by what differs between "
                 "them (^WORD: without WORD)")
            self.txt += ["", s]
            self.md += ["", mdesc(s), ""]
            t = Table("name value")
            t.head[0] = field
            for value, name in names.items():
                t.add([name, value])
            self.table(t)

    def _group(self, gi):
        r = self.r
        g = self.d.groups[gi]
        s = numstr(g.num) + " files (set number)" if self.d.keynum else ""
        c = r.clientsdesc(gi)
        if c:
            s += c + " (set clients)"
        if self.s.series:
            s += f", {self.s.series} {g.ser}"
        s = s[2:] if s.startswith(", ") else s
        s = (s or "all rows") + ("; ratios and tests against " +
                                 r.labels[r.ref[gi]].name)
        self.txt += ["", s]
        self.md += ["", "## " + mdesc(s), ""]
        for li, lab in enumerate(r.labels):
            if li != r.ref[gi] and r.rows(li, gi):
                self._verdict(lab.name, r.families[(li, gi)],
                              lambda k: r.comps[(li, gi, k)])
        self.both("", "")
        self.table(self._group_table(gi))

    def _verdict(self, name, fam, comp):
        """The lines that say a comparison's verdict: the primary
        measure's, then how many other tests were made and found."""
        r = self.r
        m = r.ms[fam.primary]
        c = comp(fam.primary)
        t = f"{name}: {m.name} "
        if c.p is None:
            t += ("-" if c.ratio is None else fmtr(c.ratio)) + \
                f", no test ({c.why})"
        else:
            way = "higher" if c.ratio > 1 else "lower"
            good = (c.ratio > 1) == (m.better > 0)
            t += (f"{fmtr(c.ratio)} [{fmtr(c.lo)}, {fmtr(c.hi)}] "
                  f"({pct(1 - c.alpha)}), p {fmtp(c.p)}: " +
                  (f"{way}, {'better' if good else 'worse'}"
                   if c.significant else "no significant difference"))
            det = c.detect()
            if det is not None:
                t += f"; smallest detectable change {pct(det)}"
        self._line(t)
        t = (f"{name}: {fam.others} other test" +
             ("" if fam.others == 1 else "s"))
        if fam.others:
            t += (f", {fam.found} significant after Benjamini-Hochberg at "
                  f"{pct(Q)} (their intervals at {pct(1 - fam.alpha)})")
        if fam.same:
            t += (f"; {fam.same} row" + (" repeats" if fam.same == 1 else
                                         "s repeat") +
                  " another's test (=)")
        self._line(t)

    def _line(self, t):
        """A line of text, folded, indented after the first line; a
        line of its own in Markdown."""
        self.txt.append(wrap(t, 78).replace("\n", "\n    "))
        self.md.append(mdesc(t) + "  ")

    def _group_table(self, gi):
        r = self.r
        t = Table("measure label n mean sd 95%_CI_of_mean ratio "
                  "CI_of_ratio level p significant detectable",
                  right=(3, 4, 5, 7, 9, 10, 12))
        ref = r.ref[gi]
        ms = compare_data.table_order(r.ms)
        ms.remove(r.ms[r.pk])
        for m in [r.ms[r.pk]] + ms:
            k = r.key[m.key]
            if not r.shown(gi, k):
                continue
            big = max((abs(r.samples[(li, gi, k)].mean)
                       for li in range(len(r.labels))
                       if r.samples[(li, gi, k)].n), default=0)
            dec = decimals(big)
            for li, lab in enumerate(r.labels):
                if not r.rows(li, gi):
                    continue
                s = r.samples[(li, gi, k)]
                cells = [m.name, lab.name, s.n,
                         "-" if not s.n else f"{s.mean:.{dec}f}",
                         "-" if s.sd is None else f"{s.sd:.{dec}f}",
                         "-" if s.lo is None else
                         f"[{s.lo:.{dec}f}, {s.hi:.{dec}f}]"]
                if li == ref:
                    cells += ["1.0000" if s.n else "-"] + ["-"] * 5
                else:
                    cells += self.cells(r.comps[(li, gi, k)])
                t.add(cells, sep=li == ref)
        return t

    def cells(self, c):
        """The cells ratio, its interval, their level, p, significant and
        detectable of a compare_stats.Comparison."""
        ratio = "-" if c.ratio is None else fmtr(c.ratio)
        if c.p is None:
            return [ratio, "-", "-", "-", f"n/a: {c.why}", "-"]
        ci = f"[{fmtr(c.lo)}, {fmtr(c.hi)}]"
        if c.role == "same":
            return [ratio, ci, pct(1 - c.alpha), "-",
                    "= " + self.r.ms[c.same].name, "-"]
        p = c.padj if c.role == "other" else c.p
        det = c.detect()
        return [ratio, ci, pct(1 - c.alpha), fmtp(p),
                "yes" if c.significant else "no",
                "-" if det is None else pct(det)]

    def _precision(self):
        p = self.s.precision
        self.section(f"precision: the 95% CI of transactions/s within "
                     f"{p}% of its mean")
        t = Table("label group runs mean CI_half-width_% reached",
                  right=(3, 4, 5))
        for li, gi, s, pct, good in self.r.precision():
            t.add([self.r.labels[li].name, self.r.groupdesc(gi), s.n,
                   f"{s.mean:.{decimals(s.mean)}f}" if s.n else "-",
                   "-" if pct is None else f"{pct:.2f}",
                   "yes" if good else "no"])
        self.table(t)

    def _steps(self):
        self.section(f"steps between adjacent values of {self.s.by}; "
                     "ratio = geometric mean / that of the value before")
        t = Table("group measure from to ratio CI_of_ratio level p "
                  "significant", right=(5, 7, 8))
        labs = self.r.labels
        for gi, a, b, k, c in self.r.steps:
            t.add([self.r.groupdesc(gi), self.r.ms[k].name, labs[a].name,
                   labs[b].name] + self.cells(c)[:5])
        self.table(t)
        n = len(compare_data.SERIES_MEASURES)
        ks = {self.r.key[key] for key in compare_data.SERIES_MEASURES}
        first = (f"{self.r.ms[self.r.pk].name} at {pct(Q)}, the other "
                 f"{n - 1}" if self.r.pk in ks else f"the {n}")
        self.paragraph(f"Each step is one comparison of {n} measures: "
                       f"{first} corrected by Benjamini-Hochberg at "
                       f"{pct(Q)}.")

    def _growth(self):
        self.section("growth: create rate and p99 latency against the "
                     "files alive (creation phase, interval series)")
        t = Table("target runs intervals files_first creates/s_first "
                  "p99_us_first files_last creates/s_last p99_us_last "
                  "below_half_from", right=range(2, 11))
        for g in self.r.growth:
            first, last = g.bins[0], g.bins[-1]
            half = None
            for x, y, _, _ in reversed(g.bins):
                if not y < first[1] / 2:
                    break
                half = x
            t.add([line_name(g, self.s.series), g.runs, len(g.bins),
                   f"{first[0]:.0f}", f"{first[1]:.0f}", _p99(first[2]),
                   f"{last[0]:.0f}", f"{last[1]:.0f}", _p99(last[2]),
                   "-" if half is None else f"{half:.0f}"])
        self.table(t)
        s = ("Each interval's create rate is created / (end_s - start_s), "
             "summed over the clients, with the files alive at its end "
             "summed and the largest p99; a target's runs are pooled in "
             "bins of files alive as wide as their first interval, each "
             "shown by its medians.  below half from: the files alive at "
             "the end of the first interval from which the rate stays "
             "below half of the first interval's.")
        self.paragraph(s)

    def _run_warnings(self):
        """The runs' warnings, each kind once (warning_lines())."""
        lines = warning_lines(self.d.warnings, self.r.labels)
        if lines:
            self.section("warnings of the runs (postmark's warnings column, "
                         "each kind once; its names and figures are the "
                         "first run's)")
        for s in lines:
            self.txt.append(wrap(s, 78))
            self.md.append("* " + mdesc(s))
        self.any_run_warnings = bool(lines)


def warning_lines(warnings, labels):
    """The lines of the runs' warnings (compare_data.Data.warnings: kind
    -> [first text, {Label: runs}]) of the report's labels, in the order
    first seen: "N of M runs: TEXT", M the runs of all the labels, with
    "(LABEL, LABEL n of m ...)" after "runs" unless every run had it."""
    total = sum(lab.nrows for lab in labels)
    out = []
    for text, runs in warnings.values():
        n = sum(runs.get(lab, 0) for lab in labels)
        if not n:
            continue
        who = ""
        if n < total:
            who = " (" + ", ".join(
                lab.name if runs[lab] == lab.nrows else
                f"{lab.name} {runs[lab]} of {lab.nrows}"
                for lab in labels if runs.get(lab)) + ")"
        out.append(f"{n} of {total} runs{who}: {text}")
    return out


def _p99(p):
    return "-" if p is None else f"{p:.1f}"


def fmtr(x):
    """A ratio: 4 decimals, or 3 significant digits and an exponent
    when below 0.001 or above 100000 (a bound is never shown as 0)."""
    return f"{x:.4f}" if 1e-3 <= x < 1e5 else f"{x:.3g}"


def pct(x):
    """A fraction as a percentage: 3 significant digits, at most 2
    decimals, none at 100 % or more ("95%", "98.33%", "12.4%"), an
    exponent from 10000 % on."""
    v = 100 * x
    if v >= 1e4:
        return f"{v:.2g}%"
    d = 2 if v < 10 or 95 <= v < 100 else 1 if v < 100 else 0
    t = f"{v:.{d}f}"
    if "." in t:
        t = t.rstrip("0").rstrip(".")
    return t + "%"


# The last paragraph of a report: what its figures are.
EXPLAIN = (
    "n: ok runs that measured it; sd: sample standard deviation; 95% CI "
    "of the mean: Student t.  ratio: of the geometric means, the label's "
    "over the first label's; its CI and p from a t test on the "
    "logarithms of the values (the standard errors of the two, degrees "
    "of freedom by Welch-Satterthwaite for equal spreads, p two-sided), "
    "exp(difference of the mean logarithms +- t x standard error): always "
    "above 0, the reciprocal for the labels swapped or a rate as its "
    "time; significant exactly when the CI, at its level, excludes 1.  "
    "The primary measure, {primary}, is said first and tested at 5%; the "
    "other measures of one comparison are corrected by Benjamini-Hochberg "
    "at 5% (at most 5% of the rows found significant are so by chance), "
    "their p adjusted and their CIs at the level the procedure used, "
    "1 - 5% x found / tests (or 1 - 5% / tests when none is found).  = "
    "MEASURE: the same counts over the same time as MEASURE in every run, "
    "so its test is MEASURE's, not counted again.  detectable: the "
    "smallest change (a factor of 1 + that, either way) that the row's "
    "test finds 4 times in 5, at the runs' spread.  Latency percentiles "
    "come from histograms with buckets 1/64 wide: a sample's spread is "
    "taken as at least that.  MB = 1048576 bytes; latencies in "
    "microseconds.")


def line_name(g, series):
    """The name of a growth line: its label, series value, clients."""
    s = g.label
    if g.ser != "":
        s += f", {series} {g.ser}"
    if g.clients != "":
        s += f", {g.clients} client" + ("" if g.clients == 1 else "s")
    return s


def fs_descriptions(labels):
    """Per label name, its file systems as "ext4 (rw,relatime)", each
    followed by the ext features that differ between the rows (those
    some locations have and others lack: "dir_index" where present,
    "^dir_index", as mkfs writes it, where absent)."""
    sets = []
    union = {}
    for lab in labels:
        for _, _, feats in lab.fs:
            for loc in feats.split(";") if feats else ():
                if loc.strip():
                    sets.append(set(loc.split()))
                    for f in loc.split():
                        union.setdefault(f, True)
    common = set.intersection(*sets) if sets else set()
    differ = [f for f in union if f not in common]
    out = {}
    for lab in labels:
        descs = []
        for types, opts, feats in lab.fs:
            s = f"{types} ({opts})" if opts else types
            if differ and feats.strip(";").strip():
                s += " " + ";".join(
                    " ".join(f if f in loc.split() else "^" + f
                             for f in differ) if loc.strip() else ""
                    for loc in feats.split(";"))
            if s not in descs:
                descs.append(s)
        out[lab.name] = descs
    return out
