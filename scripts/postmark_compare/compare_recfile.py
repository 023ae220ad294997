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

"""The CSV file that the kernels mode appends its rows to itself (in run
mode postmark does): judged as postmark judges a file of CSV records
(src/pm_recfile.c), made only with its first row, appended to as
postmark appends.

Before the first boot, plan() names the file (-o's, else a new
results/DATE-NAMES.csv, -2.csv ...) and checks it without making
anything: an existing file must be writable and hold what judge() lets
through; a new one's name must fit the file system and its directory
(or the nearest that exists) must let us create it.  judge() refuses
what postmark refuses, with postmark's words: text that is not CSV
records, records of another kind (JSON, an interval series) or of
another header; a last line without its line feed only where the file
system has no locks (elsewhere the first append cuts it off).

append() writes rows in one write(2) under an exclusive flock(2), the
header first into an empty file; the first append makes the directories
and the file (a default name exclusively: a name taken meanwhile gives
the next), with the signals that stop the program held, so that an
interrupted comparison leaves no file without a row, and no directory
without a file.  Under the lock the file is judged again: a last line
cut short can then only be a writer's that died while writing (every
writer holds the lock), and is cut back to the last whole line, saying
so.
"""

import csv
import errno
import fcntl
import io
import os
import re
import signal
import time

from .compare_csv import Fail, clean

PEEK = 65536            # bytes read to see what a file holds (postmark's)
_BLANKS = " \t\n\v\f\r"
_HELD = {signal.SIGHUP, signal.SIGINT, signal.SIGTERM}
_CUT = "ends in the middle of a line"
_CUT_WHY = f"{_CUT} (a record cut short): repair it or give another file"

# How each kind of record file starts (pm_recfile.c's pm_recsigs), the
# most specific first: what it holds and what writes it.
_KINDS = ((b"schema_version,iteration,label,client,phase,interval,",
           "an interval series", None),
          (b"schema_version,", "CSV records", "set report csv"),
          (b'{"schema_version":', "JSON records", "set report json"),
          (b"iteration,label,client,phase,interval,", "an interval series",
           None))


def judge(head, last, header, schema):
    """Why a file whose first bytes are HEAD (up to PEEK) and whose last
    byte is LAST cannot take CSV records of HEADER (this postmark's
    column names, schema version SCHEMA), in postmark's words; None when
    it can.  An empty file (HEAD empty) can."""
    if not head:
        return None
    ours = (",".join(header) + "\n").encode("utf-8", "surrogateescape")
    if b"\n" not in head and len(head) < PEEK and ours.startswith(head):
        # All the file, the start of our header: a first record whose
        # writer was killed early (pm_rec_started), cut off as any.
        return _CUT_WHY
    kind = next((k for k in _KINDS if head.startswith(k[0])), None)
    if kind is None:
        return ("is not a file of postmark CSV records (its first line is "
                "not their header): give another file")
    if kind[1] != "CSV records":
        made = f" ({kind[2]})" if kind[2] else ""
        return f"holds {kind[1]}{made}, not CSV records: give another file"
    line, nl, rest = head.partition(b"\n")
    if not nl or line + nl != ours:
        have, want = line.count(b",") + 1, len(header)
        m = re.match(rb"([0-9]{1,15}),", rest)
        one = (f"this postmark writes schema version {schema} ({want} "
               "columns), and a file holds one schema: give another file")
        if m is not None:
            return (f"holds CSV records of schema version "
                    f"{m.group(1).decode()} ({have} columns); {one}")
        return f"holds the CSV header of another schema ({have} columns); " \
            + one
    if last != b"\n":
        return _CUT_WHY
    return None


def _uncut(fd):
    """Before the boots, the file at FD ends in a record cut short: the
    first append, under the lock, cuts it off, as postmark does, if the
    file system has locks (a writer may hold the lock now: it has).
    None, or why not in postmark's words (pm_recfile_uncut)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError as e:
        if e.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
            return None
        return (f"{_CUT} (a record cut short), and this file system has "
                f"no locks (flock: {e.strerror}), so it may be a record "
                "another run is still writing: repair it or give another "
                "file")
    return None


def _read_ends(fd):
    """The first PEEK bytes of the file at FD and its last byte."""
    size = os.fstat(fd).st_size
    if size == 0:
        return b"", b""
    return os.pread(fd, PEEK, 0), os.pread(fd, 1, size - 1)


def _existing(d):
    """The nearest directory at or above D that exists."""
    d = os.path.abspath(d)
    while not os.path.isdir(d):
        d = os.path.dirname(d)
    return d


class RecFile:
    """The CSV file of a comparison: its path, and whether it is made
    yet; HEADER and SCHEMA are those of this postmark's records."""

    def __init__(self, header, schema, note):
        self.header = header
        self.schema = schema
        self.note = note            # print a line on standard error
        self.path = None
        self.base = None            # results/DATE-NAMES for a default name
        self.made = False

    def plan(self, out, names):
        """Name the file (OUT, else results/DATE-NAMES.csv or the first
        free -N.csv) and check it, making nothing; Fail naming the file
        and the rule."""
        if not out:
            self.base = f"results/{time.strftime('%Y-%m-%d')}-{names}"
            out = self.base + ".csv"
        odir = os.path.realpath(os.path.dirname(out) or ".")
        path = os.path.join(odir, os.path.basename(out))
        if any(c in _BLANKS for c in path):
            raise Fail(f"{clean(path)}: the CSV path cannot contain blanks "
                       "(postmark's run FILE is one word)")
        top = _existing(odir)
        longest = os.pathconf(top, "PC_NAME_MAX")
        for part in os.path.relpath(path, top).split(os.sep):
            if len(part.encode("utf-8", "surrogateescape")) > longest:
                raise Fail(f"{clean(path)}: cannot write: File name too "
                           f"long ('{clean(part[:40])}...' has more than "
                           f"{longest} bytes)")
        if self.base is not None:
            path = self._free(path)
        self.path = path
        if os.path.lexists(path):
            self._check_existing()
        elif not os.access(top, os.W_OK | os.X_OK):
            raise Fail(f"{clean(path)}: cannot write: {clean(top)} is not "
                       "writable")
        return path

    def _free(self, path):
        """PATH, or the first of BASE-2.csv, -3.csv ... that is free."""
        i = 1
        while os.path.lexists(path):
            i += 1
            path = os.path.join(os.path.dirname(path), os.path.basename(
                f"{self.base}-{i}.csv"))
        return path

    def _check_existing(self):
        """An existing file: writable, and holding what judge() lets
        through."""
        if not os.path.isfile(self.path):
            raise Fail(f"{clean(self.path)}: not a regular file: give a "
                       "file of CSV records")
        if not os.access(self.path, os.W_OK):
            raise Fail(f"{clean(self.path)}: cannot write: Permission "
                       "denied")
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOCTTY)
        except OSError as e:
            raise Fail(f"{clean(self.path)}: cannot be read to check what "
                       f"it holds ({e.strerror}): make it readable or give "
                       "another file") from None
        try:
            why = judge(*_read_ends(fd), self.header, self.schema)
            if why is not None and why.startswith(_CUT):
                why = _uncut(fd)
        finally:
            os.close(fd)
        if why is not None:
            raise Fail(f"{clean(self.path)}: {why}")

    def _make(self):
        """Make the directories and the file (a default name exclusively,
        the next free one when it is taken); returns its descriptor.  A
        directory made here is removed again when the file cannot be."""
        made = []
        d = os.path.dirname(self.path)
        while not os.path.isdir(d):
            made.insert(0, d)
            d = os.path.dirname(d)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOCTTY
        try:
            for d in made:
                os.mkdir(d)
            while True:
                try:
                    fd = os.open(self.path, flags | (os.O_EXCL if self.base
                                                     else 0), 0o666)
                    break
                except FileExistsError:
                    self.path = self._free(self.path)
        except OSError as e:
            for d in reversed(made):
                try:
                    os.rmdir(d)
                except OSError:
                    pass
            raise Fail(f"{clean(e.filename or self.path)}: cannot write: "
                       f"{e.strerror}") from None
        self.made = True
        return fd

    def append(self, rows):
        """Append ROWS (lists of fields) in one write(2) under flock(2),
        the header first into an empty file (postmark's way): a row is
        whole or absent.  The signals that stop the program wait until
        it is done."""
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(rows)
        old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
        try:
            if self.made:
                try:
                    fd = os.open(self.path, os.O_WRONLY | os.O_APPEND |
                                 os.O_NOCTTY)
                except OSError as e:
                    raise Fail(f"{clean(self.path)}: cannot append: "
                               f"{e.strerror}") from None
            else:
                fd = self._make()
            try:
                self._locked_write(fd, buf.getvalue())
            finally:
                os.close(fd)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)

    def _locked_write(self, fd, text):
        """Under the lock: judge the file again, cut a dead writer's last
        line back, write TEXT (after the header when empty)."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            rfd = os.open(self.path, os.O_RDONLY | os.O_NOCTTY)
            try:
                head, last = _read_ends(rfd)
                why = judge(head, last, self.header, self.schema)
                if why is not None and why.startswith(_CUT):
                    self._cut_back(fd, rfd)
                elif why is not None:
                    raise Fail(f"{clean(self.path)}: {why}")
            finally:
                os.close(rfd)
            size = os.fstat(fd).st_size
            if size == 0:
                text = ",".join(self.header) + "\n" + text
            data = text.encode("utf-8", "surrogateescape")
            if os.write(fd, data) != len(data):
                os.ftruncate(fd, size)
                raise Fail(f"{clean(self.path)}: a short write: the disk is "
                           "full?")
        except OSError as e:
            raise Fail(f"{clean(self.path)}: cannot append: {e.strerror}") \
                from None

    def _cut_back(self, fd, rfd):
        """Cut the file back to its last whole line, saying so."""
        size = end = os.fstat(rfd).st_size
        while end > 0:
            chunk = os.pread(rfd, min(PEEK, end), end - min(PEEK, end))
            nl = chunk.rfind(b"\n")
            if nl >= 0:
                end = end - len(chunk) + nl + 1
                break
            end -= len(chunk)
        os.ftruncate(fd, end)
        self.note(f"{clean(self.path)}: its last line was cut short (a "
                  f"writer that died while writing): cut back by "
                  f"{size - end} bytes to its last whole line")
