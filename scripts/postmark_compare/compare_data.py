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

"""The rows of postmark's CSV files (schemas 1 to 4, columns selected by
name), grouped for the report.

The rows with status ok are the members; they are grouped by label (in
the order first seen), by `number` (files) and by `clients` (1 in files
of schema 1 and 2).  A run writes one row with `client` all (no `client`
column before schema 3) and, with several clients, a row per client after
it.  By default the run rows are the members and the client rows are
counted, not used.  With per_client every client is a label of its own,
"LABEL client N": the client rows are used, a run row stands for client 0
when no client rows follow it (one client, and every row of schema 1 and
2), and a client row counts only when its run's row is ok too.  With by
FIELD the value of that column takes the place of the label (`number` and
`clients` then leave the key), and with series FIELD2 its value is part
of the key, so that each value is a line of the -series plot.

The measures are rows of MEASURES, each a column of the column table
whose role (time, rate, latency, ratio) gives its kind, unit and which
way is better; the workload signature is every column whose role is
config, but those the groups are made of.  Every value of a measure and
every number of files is checked (compare_csv.amount): one that cannot
be (a negative rate) or that the statistics cannot hold (above
compare_csv.LIMIT) is an error naming the file, line and column.
"""

import functools
import operator
import re

from .compare_csv import (CONFIG_ROLE, MEASURE_ROLES, Fail, Header, Reader,
                         amount, clean, numstr)
from . import compare_growth
from . import compare_stats

MB = 1048576.0          # bytes in a MB, as PostMark
_POSINT = re.compile(r"[1-9][0-9]*\Z")
_DIGITS = re.compile(r"[0-9]+\Z")
# What a warning's kind leaves out: names in quotes, paths, figures.
_QUOTED = re.compile(r"(?<!\w)'[^']*'(?!\w)")
_PATH = re.compile(r"(?<![\w.])/[^\s,;:'\"()]*")
_FIGURES = re.compile(r"[0-9]+(\.[0-9]+)?")
_kinds = {}             # warning -> its kind
# Where the values of a field are cut into words, and how long a value
# may be before the values are shown by what differs between them.
_WORDS = re.compile(r"[^ ,;]+")
SHORT = 24
# The settings of later schemas that the workload line names when they
# are not the defaults: column, its default values, how it reads.
_SETTINGS = (
    ("sync", ("", "none"), "sync {}"),
    ("dirsync", ("", "0"), "dirsync"),
    ("direct", ("", "0"), "O_DIRECT"),
    ("cache", ("", "warm"), "cache {}"),
    ("warmup", ("", "0"), "warm-up {}"),
    ("hooks", ("",), "hooks {}"),
    ("shared", ("", "0"), "shared"),
    ("rankshift", ("", "0"), "rankshift {}"),
    ("interval", ("", "0"), "interval {}"),
    ("ranks", ("", "1"), "{} ranks"),
)


def warning_kind(text):
    """The kind of a run's warning: its text with the names in quotes,
    the paths and the figures masked, so that the same warning of runs
    in other directories, or with other figures, is one kind."""
    k = _kinds.get(text)
    if k is None:
        k = _QUOTED.sub("'X'", text)
        k = _PATH.sub("/X", k)
        k = _kinds[text] = _FIGURES.sub("N", k)
    return k


def abbreviate(values):
    """Per value (text) of a field, the name to show it by: the words
    (runs of characters but blanks, commas and semicolons) in which it
    differs from the others, those it alone of them lacks written ^WORD
    (as mkfs writes a feature turned off) when it has none of its own;
    each value itself when none is longer than SHORT characters, when a
    value is one word, or when two would get one name."""
    vals = list(dict.fromkeys(values))
    same = {v: v for v in vals}
    if len(vals) < 2 or max(len(v) for v in vals) <= SHORT:
        return same
    words = {v: list(dict.fromkeys(_WORDS.findall(v))) for v in vals}
    if any(len(w) < 2 for w in words.values()):
        return same
    common = set.intersection(*(set(w) for w in words.values()))
    union = list(dict.fromkeys(w for v in vals for w in words[v]))
    short = {}
    for v in vals:
        own = [w for w in words[v] if w not in common]
        if not own:
            have = set(words[v])
            own = ["^" + w for w in union if w not in have]
        short[v] = " ".join(own)
    if "" in short.values() or len(set(short.values())) < len(vals):
        return same
    return short


class Measure:
    """A measure of the report: key names it in the plot data, col is
    the CSV column, scale multiplies its values; name and unit label the
    tables and axes; kind (rate, time, lat, ratio) and better (1: higher
    is better, -1: lower) come from the column's role; table puts it in
    the report's table; op and xpos place a latency on the ladder plot;
    an optional measure (after: the measure it follows in the table) may
    be missing from a file and is shown only for several clients."""

    def __init__(self, key, name, col=None, scale=1.0, unit=None,
                 table=True, op="", xpos=0, after=None):
        self.key = key
        self.col = col or key
        self.name = name
        self.scale = scale
        self.unit = unit
        self.table = table
        self.op = op
        self.xpos = xpos
        self.opt = after is not None
        self.after = after
        self.kind = None
        self.better = 0


def _measure_rows():
    """The rows of MEASURES, in the order of the bar plot, the latency
    ladder and the optional measures."""
    mb = "MB/s (MB = 1048576 bytes)"
    rows = [
        Measure("transactions_per_s", "transactions/s"),
        Measure("created_alone_per_s", "creates/s alone"),
        Measure("created_mixed_per_s", "creates/s mixed"),
        Measure("deleted_per_s", "deletes/s"),
        Measure("deleted_alone_per_s", "deletes/s alone"),
        Measure("deleted_mixed_per_s", "deletes/s mixed"),
        Measure("read_mb_per_s", "read MB/s", col="read_bytes_per_s",
                scale=1 / MB, unit=mb),
        Measure("write_mb_per_s", "write MB/s",
                col="written_bytes_per_s", scale=1 / MB, unit=mb),
        Measure("elapsed_s", "elapsed s"),
    ]
    for op in ("create", "read", "append", "delete"):
        for j, (pct, pname) in enumerate((("p50", "p50"), ("p90", "p90"),
                                          ("p99", "p99"),
                                          ("p999", "p99.9")), 1):
            rows.append(Measure(f"{op}_{pct}_us", f"{op} {pname} us",
                                table=j in (1, 3), op=op, xpos=j))
    rows.append(Measure("transactions_stonewall_per_s",
                        "stonewall transactions/s",
                        after="transactions_per_s"))
    rows.append(Measure("balance", "balance",
                        unit="fastest / slowest client", after="elapsed_s"))
    return rows


NBARS = 9               # the first nine measures: the bar plot's panels
# The panels of the -series plot, whose steps are tested.
SERIES_MEASURES = ("transactions_per_s", "created_alone_per_s",
                   "deleted_alone_per_s", "create_p99_us", "read_p99_us",
                   "delete_p99_us")
_KINDS = {"rate": "rate", "time": "time", "latency": "lat",
          "ratio": "ratio"}
# What a measure of each kind is, in the error that refuses its value.
_NOUNS = {"rate": "a rate", "time": "a time", "lat": "a latency",
          "ratio": "a ratio"}
_UNITS = {"s": "seconds", "us": "microseconds"}


def measures(columns):
    """MEASURES, with kind, unit and direction from the column table;
    Fail if a measure's column is not in it with a measure's role."""
    rows = _measure_rows()
    for m in rows:
        c = columns.get(m.col)
        if c is None or c.role not in MEASURE_ROLES:
            raise Fail(f"the column table has no measure {m.col} "
                       "(is it this project's postmark --columns?)")
        m.kind = _KINDS[c.role]
        m.better = MEASURE_ROLES[c.role]
        if m.unit is None:
            m.unit = _UNITS.get(c.unit, c.unit)
    return rows


def table_order(ms):
    """The measures of the report's table, in order: each optional one
    after the measure it follows."""
    out = []
    for m in ms:
        if m.opt:
            continue
        out.append(m)
        out.extend(o for o in ms if o.opt and o.after == m.key)
    return out


class Settings:
    """What the report is asked for (compare.py's options): labels (the
    labels to keep, in order, or None), order (labels that come first,
    run mode), per_client, by and series (fields, or ""), precision (a
    percentage as text, or ""), seed and runs (shown only), run_mode
    (every label on tmpfs is warned about), title (what was compared)."""

    def __init__(self, prog, **kw):
        self.prog = prog
        self.labels = kw.get("labels")
        self.order = kw.get("order") or []
        self.per_client = kw.get("per_client", False)
        self.by = kw.get("by", "")
        self.series = kw.get("series", "")
        self.precision = kw.get("precision", "")
        self.seed = kw.get("seed", "")
        self.runs = kw.get("runs", "")
        self.run_mode = kw.get("run_mode", False)
        self.title = kw.get("title", "")


class Group:
    """The rows of one number of files, number of clients and series
    value (num 0, ncl 1 or ser "" when the groups are not made of it)."""

    def __init__(self, num, ncl, ser):
        self.num = num
        self.ncl = ncl
        self.ser = ser
        self.multi = False      # some run of it had client rows


class Label:
    """One label of the tables: its rows, values and what they say."""

    def __init__(self, name):
        self.name = name
        self.nrows = 0
        self.groups = {}        # group -> rows
        self.lists = {}         # group -> per measure index, [values]
        self.info = {"host": [], "kernel": [], "vm": []}
        self.fs = []            # distinct (types, options, features)
        self.tmpfs = False      # a row ran on tmpfs
        self.other = False      # a row ran on another known file system
        self.mixed = {}         # group -> labels of its rows (by)
        self.rank = 0           # per_client: its run label's place
        self.client = 0         # per_client: its client number


class Data:
    """The rows of the CSV files, read by read(), then finish(); warn
    prints a warning (growth), or nothing when None."""

    def __init__(self, settings, columns, warn=None):
        s = self.s = settings
        self.warn = warn or (lambda msg: None)
        self.measures = measures(columns)
        self.config_cols = [c.name for c in columns.values()
                            if c.role == CONFIG_ROLE]
        self.keynum = s.by != "number" and s.series != "number"
        self.keycl = s.by != "clients" and s.series != "clients"
        self.labels = []        # Label, in order
        self.lidx = {}          # name -> Label
        self.groups = []        # Group, in order of first row
        self.gidx = {}
        self.files = []
        self.used = self.skipped = 0
        self.nclientrows = self.nrunrows = 0
        self.skipkind = {}
        self.seen = {}          # labels of ok rows, as first seen
        self.baserank = {}
        self.sigs = set()
        self.workload = ""
        self.warnings = {}      # kind -> [first text, {Label: runs}]
        self.names = {}         # field -> {value: name} when abbreviated
        self.growth = compare_growth.Growth(self)
        self.wanted = {}
        for i, lab in enumerate(s.labels or []):
            if lab in self.wanted:
                raise Fail(f"label '{lab}' given twice")
            self.wanted[lab] = i
            self.label(lab)
        if s.order and not self.wanted:
            for lab in s.order:
                self.baserank[lab] = len(self.baserank) + 1
                if not s.per_client:
                    self.label(lab)

    def label(self, name):
        """The Label of that name, added when new."""
        lab = self.lidx.get(name)
        if lab is None:
            lab = self.lidx[name] = Label(name)
            self.labels.append(lab)
        return lab

    def group(self, num, ncl, ser):
        """The index of the group of these values, added when new."""
        key = (num, ncl, ser)
        gi = self.gidx.get(key)
        if gi is None:
            gi = self.gidx[key] = len(self.groups)
            self.groups.append(Group(num, ncl, ser))
        return gi

    def read(self, path):
        """Read the rows of one CSV file."""
        self.files.append(path)
        f = _File(self, path)
        name = clean(path)
        for line, fields in Reader(path):
            where = f"{name}:{line}"
            if f.h is None:
                f.header(line, fields)
            else:
                f.row(where, fields)
        if f.h is None:
            raise Fail(f"{clean(path)}: empty file (no CSV header)")
        f.flush_run()

    def finish(self):
        """Check what was read and put the labels in their order."""
        for lab in self.wanted:
            if self.lidx[lab].nrows == 0:
                present = ", ".join(self.seen) or "none"
                raise Fail(f"label '{lab}' not found in the ok rows "
                           f"(labels present: {present})")
        if self.used == 0:
            msg = "no rows with status ok"
            if self.skipped:
                msg += f" ({self.skipped} skipped: {self.skipped_text()})"
            raise Fail(msg)
        if not self.wanted and self.s.by:
            self.labels.sort(key=functools.cmp_to_key(
                lambda a, b: compare_stats.natcmp(a.name, b.name)))
        elif not self.wanted and self.s.per_client:
            self.labels.sort(key=lambda lab: (lab.rank, lab.client))
        self._shorten()

    def _shorten(self):
        """Name long values of by and series by what differs between
        them (abbreviate()), remembering each field's names (names) for
        the report's key and for shown()."""
        s = self.s
        if s.by and s.by != "label" and not s.per_client:
            names = self._names(s.by, [lab.name for lab in self.labels])
            for lab in self.labels:
                lab.name = names[lab.name]
            self.lidx = {lab.name: lab for lab in self.labels}
        if s.series:
            names = self._names(s.series, [g.ser for g in self.groups])
            for g in self.groups:
                g.ser = names[g.ser]

    def _names(self, field, values):
        names = abbreviate(values)
        if any(k != v for k, v in names.items()):
            self.names[field] = names
        return names

    def shown(self, field, value):
        """The name that value of field is shown by."""
        return self.names.get(field, {}).get(value, value)

    def skipped_text(self):
        """"1 error, 2 interrupted": the statuses skipped, sorted."""
        return ", ".join(f"{self.skipkind[k]} {k}"
                         for k in sorted(self.skipkind))

    def nsigs(self):
        """How many workloads the rows ran, on the configuration columns
        that every file has, and which of them differ."""
        if not self.sigs:
            return 0, []
        common = None
        for names, _ in self.sigs:
            common = set(names) if common is None else common & set(names)
        seen = {}
        for names, values in self.sigs:
            v = dict(zip(names, values))
            seen[tuple(v[c] for c in sorted(common))] = v
        differ = [c for c in self.config_cols if c in common and
                  len({v[c] for v in seen.values()}) > 1]
        return len(seen), differ


class _File:
    """The reading of one CSV file: its header and the state of its
    rows (the run row held for per_client)."""

    def __init__(self, data, path):
        self.d = data
        self.path = path
        self.h = None
        self.held = None        # (where, fields) of a run row, per client
        self.runst = "ok"       # the status of the last run row
        self.lastgi = None      # the group of the last run row used
        self.fileno = len(data.files) - 1

    def header(self, line, fields):
        d = self.d
        s = d.s
        h = self.h = Header(self.path, line, fields, ("schema_version",),
                            "a postmark CSV header")
        what = "not a postmark CSV of schema 1? see results/README.md"
        for name in ("label", "status", "number"):
            h.need(name, what)
        for name in (s.by, s.series):
            if name and name not in ("number", "clients"):
                h.need(name, what)
        for m in d.measures:
            if not m.opt:
                h.need(m.col, what)
        self.nf = len(fields)
        self.mcols = [(k, h.index[m.col], m.scale, "column " + m.col,
                       _NOUNS[m.kind])
                      for k, m in enumerate(d.measures)
                      if m.col in h.index]
        skip = {"number", "clients", s.by, s.series}
        sig = [(c, h.index[c]) for c in d.config_cols
               if c in h.index and c not in skip]
        self.signames = tuple(c for c, _ in sig)
        idx = [i for _, i in sig]
        self.sigof = (lambda f: ()) if not idx else (
            lambda f: tuple(f[i] for i in idx)) if len(idx) == 1 else \
            operator.itemgetter(*idx)

    def get(self, fields, name):
        return self.h.get(fields, name)

    def row(self, where, f):
        d = self.d
        if len(f) != self.nf:
            raise Fail(f"{where}: malformed CSV: {len(f)} fields, the "
                       f"header has {self.nf}")
        v = f[0]
        if v == "schema_version":
            return      # a repeated header, as from `cat a.csv b.csv`
        if _POSINT.match(v) is None:
            raise Fail(f"{where}: bad schema_version '{clean(v)}'")
        cl = self.get(f, "client")
        if cl in ("", "all"):
            d.growth.register(self, where, f)
            if d.s.per_client:
                self.hold_run(where, f)
            else:
                self.lastgi = None
                self.use(where, f, self.get(f, "status"), "")
            return
        if _DIGITS.match(cl) is None:
            raise Fail(f"{where}: column client: '{clean(cl)}' is neither "
                       "all nor a client number")
        if not d.s.per_client:
            d.nclientrows += 1
            if self.lastgi is not None:
                d.groups[self.lastgi].multi = True
            return
        if self.held is not None:
            self.held = None    # the run row: its clients stand for it
            if self.runst == "ok":
                d.nrunrows += 1
        st = self.get(f, "status")
        self.use(where, f, self.runst if st == "ok" else st, str(int(cl)))

    def hold_run(self, where, f):
        """per_client: keep the run row until the next row shows whether
        client rows follow it; pass on the one held before."""
        self.flush_run()
        self.held = (where, f)
        self.runst = self.get(f, "status")

    def flush_run(self):
        """Pass on the held run row, if any, as client 0."""
        if self.held is not None:
            where, f = self.held
            self.held = None
            self.use(where, f, self.get(f, "status"), "0")

    def rowlabel(self, where, f):
        """The label of a row: its `label`, or the value of by."""
        by = self.d.s.by
        if by and by != "label":
            return self.field(where, f, by)
        lab = clean(self.get(f, "label"))
        if lab == "":
            raise Fail(f"{where}: empty label: {self.d.s.prog} groups "
                       "rows by label (write `set label TEXT` in the "
                       "config)")
        return lab

    def field(self, where, f, name):
        """The value of field name as text: the checked number of files
        or clients, "(empty)" for an empty field."""
        if name == "number":
            return numstr(self.rownumber(where, f))
        if name == "clients":
            return str(self.rowclients(where, f))
        v = clean(self.get(f, name))
        return "(empty)" if v == "" else v

    def rownumber(self, where, f):
        return amount(self.get(f, "number"), where, "column number",
                      "a number of files", least=1, whole=True)

    def rowclients(self, where, f):
        ncl = self.get(f, "clients")
        if ncl == "":
            return 1
        if _POSINT.match(ncl) is None:
            raise Fail(f"{where}: column clients: '{clean(ncl)}' is not a "
                       "number of clients")
        return int(ncl)

    def use(self, where, f, st, client):
        """A row of status st: skipped unless ok, else a member of its
        label ("LABEL client N" unless client is "") and group."""
        d = self.d
        s = d.s
        if st != "ok":
            st = clean(st.split(":", 1)[0]) or "empty status"
            d.skipkind[st] = d.skipkind.get(st, 0) + 1
            d.skipped += 1
            return
        name = base = self.rowlabel(where, f)
        if client != "":
            name = f"{name} client {client}"
        d.seen.setdefault(name, True)
        if d.wanted and name not in d.wanted:
            return
        num = self.rownumber(where, f)
        ncl = self.rowclients(where, f)
        new = name not in d.lidx
        lab = d.label(name)
        if new and client != "":
            lab.rank = d.baserank.setdefault(base, len(d.baserank) + 1)
            lab.client = int(client)
        gi = d.group(num if d.keynum else 0, ncl if d.keycl else 1,
                     self.field(where, f, s.series) if s.series else "")
        self.lastgi = gi
        d.used += 1
        lab.nrows += 1
        lab.groups[gi] = lab.groups.get(gi, 0) + 1
        self.describe(lab, gi, f)
        if not d.sigs:
            d.workload = clean(self.workload(f))
        d.sigs.add((self.signames, self.sigof(f)))
        vals = lab.lists.get(gi)
        if vals is None:
            vals = lab.lists[gi] = [[] for _ in d.measures]
        for k, i, scale, col, noun in self.mcols:
            v = f[i]
            if v != "":         # else not measured
                vals[k].append(amount(v, where, col, noun) * scale)

    def describe(self, lab, gi, f):
        """What a member row says about its label: where it ran (host,
        kernel, virtual machine, file system), whether on tmpfs, its run
        warnings (each kind, warning_kind(), counted per label, shown as
        first seen), and which labels a group of by mixes."""
        for what, v in (("host", clean(self.get(f, "host"))),
                        ("kernel", clean(self.get(f, "kernel"))),
                        ("vm", self.machine(f))):
            if v and v not in lab.info[what]:
                lab.info[what].append(v)
        types = self.get(f, "fs_types")
        if types:
            fs = (clean(types), clean(self.get(f, "fs_options")),
                  clean(self.get(f, "fs_features")))
            if fs not in lab.fs:
                lab.fs.append(fs)
        kinds = types.split(";")
        if "tmpfs" in kinds:
            lab.tmpfs = True
        elif any(t not in ("", "unknown") for t in kinds):
            lab.other = True
        ws = self.get(f, "warnings")
        for w in ws.split("; ") if ws else ():
            w = clean(w)
            if w == "":
                continue
            runs = self.d.warnings.setdefault(warning_kind(w), [w, {}])[1]
            runs[lab] = runs.get(lab, 0) + 1
        s = self.d.s
        if s.by and s.by != "label" and s.series != "label":
            lab.mixed.setdefault(gi, set()).add(clean(self.get(f,
                                                                "label")))

    def machine(self, f):
        """The virtual machine a row ran in, "" when none: its QEMU
        accelerator and clock, "tcg, icount clock (shift 5)"; the host's
        clock in rows without vm_clock (schema 5)."""
        accel = clean(self.get(f, "vm_accelerator"))
        if accel == "":
            return ""
        if "vm_clock" not in self.h.index:
            return f"{accel}, host clock"
        clock = clean(self.get(f, "vm_clock"))
        if clock == "":
            return f"{accel}, clock not recorded"
        shift = clean(self.get(f, "vm_icount_shift"))
        return f"{accel}, {clock} clock" + (f" (shift {shift})" if shift
                                            else "")

    def workload(self, f):
        """The workload of a row in words, without the fields the groups
        are made of."""
        s = self.d.s
        skip = {s.by, s.series}

        def get(name):
            return "" if name in skip else self.get(f, name)
        lo = get("size_low")
        hi = get("size_high")
        out = get("transactions") + " transactions"
        if lo != "":
            out += ", " + (lo if lo == hi else f"{lo}-{hi}") + " bytes"
        if get("read_block") != "":
            out += f", blocks {get('read_block')}/{get('write_block')}"
        if get("buffering") != "":
            out += (", buffered" if get("buffering") == "1"
                    else ", unbuffered")
        if get("bias_read") != "":
            out += f", bias {get('bias_read')}/{get('bias_create')}"
        if get("subdirectories") not in ("", "0"):
            out += f", {get('subdirectories')} subdirectories"
        if get("seed") != "":
            out += f", seed {get('seed')}"
        for col, defaults, text in _SETTINGS:
            v = get(col)
            if v not in defaults:
                out += ", " + text.format(v)
        return out
