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

"""Reading postmark's files: the CSV records (RFC 4180, as postmark writes
them: results/README.md), their fields as text and as numbers, and the
column table (`postmark --columns`, or columns.tsv that make writes from
it), which says what each column is for.

The reader takes a file a line at a time and each character of a quoted
field once, so its time is linear in the input whatever it holds (an
unterminated quote is found when the file ends, not by rescanning), and a
field may be of any length.  Lines are bytes decoded as UTF-8 with
surrogate escapes, so any byte comes back out as it went in; one carriage
return at the end of a line is dropped; a quoted field may hold line
feeds.  Errors are raised as Fail with FILE:LINE, the line where the
record starts.
"""

import math
import re


class Fail(Exception):
    """An error that ends the program with status 1 and its message."""


class Usage(Exception):
    """A command-line error: its message, then status 2."""


_CTL = re.compile("[\x00-\x1f\x7f]")


def clean(s):
    """s as one line of plain text: each control character (bytes 0-31
    and 127) becomes a blank.  Applied to all text from outside (fields,
    file names, labels) before it is used."""
    return _CTL.sub(" ", s)


def noctl(s):
    """s without its control characters."""
    return _CTL.sub("", s)


_NUMBER = re.compile(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\Z")


def isnum(s):
    """Whether s is written as a decimal number (no inf, no nan)."""
    return _NUMBER.match(s) is not None


_NUMCHARS = "0123456789.eE+-"


def number(s, where, what):
    """The finite number written s, else Fail "WHERE: WHAT: 'S' is not a
    (finite) number".  Over the characters of a decimal number float()
    takes exactly what isnum() does."""
    try:
        if not s or s.strip(_NUMCHARS):
            raise ValueError
        v = float(s)
    except ValueError:
        raise Fail(f"{where}: {what}: '{clean(s)}' is not a number") \
            from None
    if not math.isfinite(v):
        raise Fail(f"{where}: {what}: '{clean(s)}' is not a finite number")
    return v


# The largest measure or count taken: far above what any run measures (a
# rate of 1e15 bytes/s, a latency of 30 years), far below what the
# statistics overflow at (their sums of squares and the squares of those).
LIMIT = 1e15


def amount(s, where, what, noun, least=0, whole=False):
    """The number written s as a measure or count (noun: "a rate", "a
    count of files" ...) that the statistics can hold: finite, at least
    least, at most LIMIT and, when whole, a whole number; else Fail
    "WHERE: WHAT: 'S' is ..." with the rule."""
    v = number(s, where, what)
    why = None
    if v < least:
        why = ("is negative" if least == 0 else f"is below {least}") + \
            f", and {noun} cannot be"
    elif v > LIMIT:
        why = ("is above 1e15, more than any run measures (the "
               "statistics could not hold it)")
    elif whole and v != int(v):
        why = f"is not a whole number, and {noun} must be"
    if why is not None:
        raise Fail(f"{where}: {what}: '{clean(s)}' {why}")
    return v


_LEADING = re.compile(r"[ \t]*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)"
                      r"([eE][-+]?[0-9]+)?")


def leading(s):
    """The number that s starts with, else 0 (as awk's s + 0)."""
    m = _LEADING.match(s)
    if m is None:
        return 0.0
    v = float(m.group(0))
    return v if math.isfinite(v) else 0.0


def numstr(x):
    """A number as awk prints it: whole numbers without decimals, others
    with six significant digits."""
    if x == int(x) and abs(x) < 1e16:
        return str(int(x))
    return f"{x:.6g}"


class Reader:
    """The records of one CSV file: iterate over (line, fields).  A
    line without a quote is split on its commas; one with a quote by
    _split(), or, when a quoted field spans lines or the record is
    malformed, by _quoted(), a character at a time."""

    def __init__(self, path):
        self.path = path
        self.lineno = 0
        self._fp = None

    def __iter__(self):
        try:
            fp = open(self.path, "rb")
        except OSError as e:
            raise Fail(f"{clean(self.path)}: cannot read it: "
                       f"{e.strerror}") from None
        with fp:
            self._fp = fp
            lines = self._lines(fp)
            for line in lines:
                start = self.lineno
                if '"' not in line:
                    if line != "":
                        yield start, line.split(",")
                    continue
                fields = self._split(line)
                if fields is None:
                    fields = self._quoted(line, lines, start)
                if fields != [""]:
                    yield start, fields

    def _lines(self, fp):
        for raw in fp:
            self.lineno += 1
            if raw.endswith(b"\n"):
                raw = raw[:-1]
            if raw.endswith(b"\r"):
                raw = raw[:-1]
            yield raw.decode("utf-8", "surrogateescape")

    def _where(self, start):
        return f"{clean(self.path)}:{start}"

    def _split(self, line):
        """Split a line that holds a quote and is a whole record, fast:
        the stretches between quoted fields on their commas, each quoted
        field from its opening quote to the quote that closes it; None
        when the record is not whole (a quoted field goes on on the next
        line) or is malformed, for _quoted()."""
        out = []
        pos = 0         # where the next field starts
        while True:
            q = line.find('"', pos)
            if q < 0:
                out.extend(line[pos:].split(","))
                return out
            c = line.rfind(",", pos, q)
            if c >= 0:
                out.extend(line[pos:c].split(","))
                pos = c + 1
            if pos != q:
                return None     # a quote inside an unquoted field
            e = q + 1
            while True:
                e = line.find('"', e)
                if e < 0:
                    return None
                if not line.startswith('"', e + 1):
                    break
                e += 2
            out.append(line[q + 1:e].replace('""', '"'))
            if e + 1 == len(line):
                return out
            if line[e + 1] != ",":
                return None     # text after the closing quote
            pos = e + 2

    def _quoted(self, s, lines, start):
        """Split a record that holds a quote, s being its first line;
        a quoted field that spans lines takes them from lines."""
        fields = []
        pos = 0
        while True:
            if pos < len(s) and s[pos] == '"':
                pieces = []
                p = pos + 1
                while True:
                    q = s.find('"', p)
                    if q < 0:
                        pieces.append(s[p:])
                        pieces.append("\n")
                        s = next(lines, None)
                        if s is None:
                            raise Fail(f"{self._where(start)}: "
                                       "unterminated quoted field")
                        p = 0
                        continue
                    pieces.append(s[p:q])
                    if s.startswith('"', q + 1):
                        pieces.append('"')
                        p = q + 2
                        continue
                    break
                fields.append("".join(pieces))
                pos = q + 1
                if pos >= len(s):
                    return fields
                if s[pos] != ",":
                    self._malformed(start)
                pos += 1
                continue
            c = s.find(",", pos)
            end = len(s) if c < 0 else c
            if s.find('"', pos, end) >= 0:
                self._malformed(start)
            fields.append(s[pos:end])
            if c < 0:
                return fields
            pos = c + 1

    def _malformed(self, start):
        raise Fail(f"{self._where(start)}: malformed CSV: a quote inside "
                   "an unquoted field or text after a closing quote")


class Header:
    """The column names of a file: index by name, and the number of
    fields every row must have."""

    def __init__(self, path, line, fields, first, what):
        if fields[0] not in first:
            raise Fail(f"{clean(path)}:{line}: not {what} (first column "
                       f"'{clean(fields[0])}', expected {first[0]})")
        self.names = fields
        self.index = {}
        for i, name in enumerate(fields):
            self.index.setdefault(name, i)
        self.path = path

    def need(self, name, what):
        """Fail unless the file has the column name."""
        if name not in self.index:
            raise Fail(f"{clean(self.path)}: missing column "
                       f"'{clean(name)}' ({what})")

    def get(self, fields, name):
        """The field of column name, "" when the file has none."""
        i = self.index.get(name)
        return "" if i is None else fields[i]


# The roles of the column table (results/README.md): the measures and
# which way is better, and the role of a run's configuration.
MEASURE_ROLES = {"time": -1, "rate": 1, "latency": -1, "ratio": 1}
CONFIG_ROLE = "config"
_TABLE_HEADER = ["name", "schema", "type", "unit", "role"]


class Column:
    """A row of the column table."""

    __slots__ = ("name", "schema", "type", "unit", "role")

    def __init__(self, name, schema, type_, unit, role):
        self.name = name
        self.schema = schema
        self.type = type_
        self.unit = unit
        self.role = role


def parse_columns(text, source):
    """The column table from the text of `postmark --columns` (source
    names it in messages): a dictionary name -> Column, in file order."""
    lines = text.splitlines()
    if not lines or lines[0].split("\t") != _TABLE_HEADER:
        raise Fail(f"{source}: not a postmark column table (its first "
                   f"line is not '{' '.join(_TABLE_HEADER)}')")
    cols = {}
    for n, line in enumerate(lines[1:], 2):
        f = line.split("\t")
        if len(f) != 5 or not f[1].isdigit():
            raise Fail(f"{source}:{n}: not a line of the column table")
        cols[f[0]] = Column(f[0], int(f[1]), f[2], f[3], f[4])
    return cols
