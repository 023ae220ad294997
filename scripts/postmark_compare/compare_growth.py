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

"""The growth of the creation phase, from the interval series beside the
CSV files (FILE.csv.intervals.csv, schema 4).

A run's rows are found as a block (the client, phase and interval numbers
start again) and matched in order with the run rows of the same label
that have `interval` set in that CSV file (register()): a run whose
status is ok always wrote a block, one that failed (or a warm-up run)
wrote the intervals it completed, maybe none, so the runs that are not
ok and cannot be the block's (another iteration, fewer files created than
the block's) are passed over.  The run found must have the block's
iteration and, when ok, its files (rank 0's: the run's over its MPI
ranks).  A label whose blocks and runs do not match one to one is left
out, with a warning.  The values read of a creation interval are checked
as the records' are (compare_csv.amount: finite, not negative, at most
its limit; counts whole), its end not before its start, and one of no
length that created files is refused (its rate has no value); each error
names the file, line and column.  In each creation interval the
clients' rates created / (end_s - start_s) are summed, their files alive
summed and their p99 latencies combined by the largest (an upper bound
of the merged p99); with per_client each client is a line of its own.  A
target's runs are pooled into bins of files alive as wide as the median
of the runs' first interval (with `set interval N`, one bin per
interval); a bin shows the median files alive, rate and p99 of its
intervals.
"""

import functools

from .compare_csv import Fail, Header, Reader, amount, clean, isnum, leading
from . import compare_stats

_PHASES = {"creation": 1, "transactions": 2, "deletion": 3}
_NEED = ("label", "client", "phase", "interval", "start_s", "end_s",
         "files_alive", "created", "create_p99_us")


# The columns of a creation interval that are read: what each is, whether
# whole.
_VALUES = (("start_s", "a time", False), ("end_s", "a time", False),
           ("files_alive", "a count of files", True),
           ("created", "a count of files", True))


def _same(a, b):
    """Whether two fields are equal, as numbers when both are."""
    if isnum(a) and isnum(b):
        return float(a) == float(b)
    return a == b


class _Run:
    """A run row with `interval` set: what a block must match."""

    __slots__ = ("iteration", "made", "ranks", "ok", "line")

    def __init__(self, iteration, made, ranks):
        self.iteration = iteration
        self.made = made
        self.ranks = ranks
        self.ok = False
        self.line = None        # (label, series value, clients) when ok


class Line:
    """A line of the growth plot and table: its label, series value and
    clients ("" unless the lines have several numbers of clients), the
    runs pooled and per bin the median files alive, rate and p99 (None
    when none) and the intervals in it."""

    def __init__(self, label, ser, clients):
        self.label = label
        self.ser = ser
        self.clients = clients
        self.runs = 0
        self.widths = []
        self.points = []        # (files alive, rate, p99 or None)
        self.bins = []          # (files, rate, p99 or None, intervals)


class Growth:
    """The runs registered from the CSV files, the blocks read from
    their interval series, and the lines made of them."""

    def __init__(self, data):
        self.d = data
        self.runs = {}          # (file, raw label) -> [_Run]
        self.next = {}          # (file, raw label) -> runs matched
        self.bad = {}           # (file, raw label) -> True: not used
        self.names = {}         # file -> name of its interval series
        self.series = []        # (file, raw label, line key, points)
        self.lines = []

    def register(self, f, where, fields):
        """Remember a run row of the CSV file being read (f) that has an
        interval series, as the next run of its label there."""
        get = f.get
        iv = get(fields, "interval")
        if iv in ("", "0"):
            return
        ranks = get(fields, "ranks")
        run = _Run(get(fields, "iteration"),
                   leading(get(fields, "created_alone")),
                   1 if ranks == "" else leading(ranks))
        self.runs.setdefault((f.fileno, clean(get(fields, "label"))),
                             []).append(run)
        if get(fields, "status") != "ok":
            return
        s = self.d.s
        run.ok = True
        run.line = (f.rowlabel(where, fields),
                    f.field(where, fields, s.series) if s.series else "",
                    f.rowclients(where, fields))

    def read(self, path, fileno):
        """Read the interval series of the fileno-th CSV file."""
        self.names[fileno] = clean(path)
        h = None
        block = None
        for line, f in Reader(path):
            where = f"{clean(path)}:{line}"
            if h is None:
                h = Header(path, line, f, ("iteration", "schema_version"),
                           "the header of a postmark interval series")
                for name in _NEED:
                    h.need(name, "not a postmark interval series? see "
                           "results/README.md")
                first = f[0]
                nf = len(f)
                continue
            if len(f) != nf:
                raise Fail(f"{where}: malformed CSV: {len(f)} fields, the "
                           f"header has {nf}")
            if f[0] == first:
                continue        # a repeated header
            block = self._row(where, h, f, fileno, block)
        if block is not None:
            self._flush(block)

    def _row(self, where, h, f, fileno, block):
        """One interval row: a new block when its label or iteration
        differs from the row before, or its client, phase and interval
        do not come after that row's.  Returns the block."""
        get = h.get
        raw = clean(get(f, "label"))
        it = get(f, "iteration")
        c = get(f, "client")
        ph = get(f, "phase")
        i = get(f, "interval")
        po = _PHASES.get(ph, 0)
        if not (c.isdigit() and c.isascii() and i.isdigit() and
                i.isascii() and po):
            raise Fail(f"{where}: not an interval row (client "
                       f"'{clean(c)}', phase '{clean(ph)}', interval "
                       f"'{clean(i)}')")
        c = int(c)
        i = int(i)
        if (block is None or raw != block.raw or not _same(it, block.it) or
                (c, po, i) <= block.last):
            if block is not None:
                self._flush(block)
            block = _Block(fileno, raw, it)
        block.last = (c, po, i)
        if po != 1:
            return block
        t0, t1, alive, made = (amount(get(f, name), where, "column " + name,
                                      noun, whole=whole)
                               for name, noun, whole in _VALUES)
        p = get(f, "create_p99_us")
        p = None if p == "" else amount(p, where, "column create_p99_us",
                                        "a latency")
        if t1 < t0:
            raise Fail(f"{where}: column end_s: '{clean(get(f, 'end_s'))}' "
                       f"is before start_s '{clean(get(f, 'start_s'))}'")
        if t1 == t0:
            if made:
                raise Fail(f"{where}: column end_s: "
                           f"'{clean(get(f, 'end_s'))}' equals start_s, but "
                           f"the interval created {made:.0f} files: a rate "
                           "needs an interval of some length")
            return block        # nothing done: no rate to show
        block.made += made
        key = c if self.d.s.per_client else "all"
        cell = block.cells.setdefault((key, i), [0.0, 0.0, None])
        cell[0] += alive
        cell[1] += made / (t1 - t0)
        if p is not None and (cell[2] is None or p > cell[2]):
            cell[2] = p
        return block

    def _flush(self, b):
        """End a block: find its run after the run matched last, and
        keep its series when the run is ok; when no run fits, the
        label's series of that file are not used."""
        f = (b.fileno, b.raw)
        runs = self.runs.get(f, [])
        k = self.next.get(f, 0)
        while k < len(runs):
            r = runs[k]
            if r.ok or (_same(r.iteration, b.it) and b.made <= r.made):
                break
            k += 1
        if (k >= len(runs) or not _same(runs[k].iteration, b.it) or
                (runs[k].ok and b.made * runs[k].ranks != runs[k].made)):
            self.bad[f] = True
            self.next[f] = len(runs)
            return
        r = runs[k]
        if r.ok:
            for key in sorted({key for key, _ in b.cells}, key=str):
                label, ser, ncl = r.line
                if key != "all":
                    label = f"{label} client {key}"
                pts = [tuple(b.cells[(key, i)]) for i in
                       sorted(i for kk, i in b.cells if kk == key)]
                self.series.append((b.fileno, b.raw, (label, ser, ncl),
                                    pts))
        if f not in self.bad:
            self.next[f] = k + 1

    def compute(self, lidx):
        """The lines from the series kept, of the labels in lidx (the
        tables' labels, in order); warn about the labels left out."""
        for f, runs in self.runs.items():
            if f[0] not in self.names:
                continue
            if any(r.ok for r in runs[self.next.get(f, 0):]):
                self.bad[f] = True      # an ok run left without a block
        for (fileno, raw) in self.bad:
            if fileno in self.names:
                self.d.warn(f"{self.names[fileno]}: label '{raw}': the "
                            "interval series do not match the runs of "
                            f"{clean(self.d.files[fileno])} (their order, "
                            "iterations or files created): not used")
        ncl = {s[2][2] for s in self.series}
        multi = len(ncl) > 1
        lines = {}
        s = self.d.s
        for fileno, raw, (label, ser, cl), pts in self.series:
            if s.by:
                label = self.d.shown(s.by, label)
            ser = self.d.shown(s.series, ser)
            if (fileno, raw) in self.bad or not pts or label not in lidx:
                continue
            key = (label, ser, cl if multi else "")
            g = lines.get(key)
            if g is None:
                g = lines[key] = Line(*key)
            g.runs += 1
            if pts[0][0] > 0:
                g.widths.append(pts[0][0])
            g.points.extend(pts)
        for g in lines.values():
            _bins(g)
        order = {name: i for i, name in enumerate(lidx)}

        def before(a, b):
            if a.label != b.label:
                return -1 if order[a.label] < order[b.label] else 1
            if a.ser != b.ser:
                return compare_stats.natcmp(a.ser, b.ser)
            return (a.clients > b.clients) - (a.clients < b.clients)
        self.lines = sorted(lines.values(), key=functools.cmp_to_key(before))
        return self.lines


class _Block:
    """The interval rows of one run being read."""

    __slots__ = ("fileno", "raw", "it", "last", "made", "cells")

    def __init__(self, fileno, raw, it):
        self.fileno = fileno
        self.raw = raw
        self.it = it
        self.last = (0, 0, 0)
        self.made = 0.0
        self.cells = {}         # (client or "all", interval) -> sums


def _bins(g):
    """Pool the points of line g into bins of files alive."""
    wid = compare_stats.median(g.widths) if g.widths else 1
    bins = {}
    for x, y, p in g.points:
        b = int(x / wid)
        if b * wid < x:
            b += 1
        bins.setdefault(b, []).append((x, y, p))
    for b in sorted(bins):
        pts = bins[b]
        ps = [p for _, _, p in pts if p is not None]
        g.bins.append((compare_stats.median([x for x, _, _ in pts]),
                       compare_stats.median([y for _, y, _ in pts]),
                       compare_stats.median(ps) if ps else None, len(pts)))
