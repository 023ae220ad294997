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

"""Run mode: run a postmark config on every target, interleaved (A B A B
...) or in rounds of a random order, each run in a new empty subdirectory
of the target that is removed afterwards, appending every row to one CSV
file, then report on it.

Before the first run: the options, the config (no run, quit, exit or
load of its own), the targets (each LABEL=DIRECTORY resolved to an
absolute physical path), the postmark to run (this project's: its
--version is checked) and postmark's own check of the whole input with
every value the runs will add (check()), so that a config error stops
everything before anything ran or was written.  The CSV file of the
default name is created exclusively (O_EXCL), so that two comparisons
started at once in one directory never share one.

postmark reads the config and the lines added here on its standard input,
which it names "-"; its "-:N: MESSAGE" errors are mapped back to
CONFIG:N: or to the added line (pm_errors()).
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from .compare_csv import Fail, Usage, clean
from . import compare_data
from . import compare_report

_LABEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*\Z")
_BANNER = re.compile(r"postmark \S+ \(PostMark v1\.53 compatible\)\Z")
_ERROR = re.compile(r"-:([0-9]+): ")
_BLANKS = " \t\n\v\f\r"
_VERSION_WAIT = 60      # seconds postmark --version may take, at most


def _words(line):
    """The words of a line of commands: split on blanks (spaces, tabs; a
    carriage return at the end dropped), as postmark splits them."""
    if line.endswith("\r"):
        line = line[:-1]
    return [w for w in line.replace("\t", " ").split(" ") if w]


def posint(v):
    """Whether v is a positive decimal integer of at most ten digits."""
    return (0 < len(v) <= 10 and v[0] != "0" and
            all(c in "0123456789" for c in v))


def need_posint(opt, v):
    if not posint(v):
        raise Usage(f"{opt}: '{v}' is not a positive integer")


def find_postmark(pm, hint):
    """The absolute path of the postmark to run: pm (a path, or a name
    looked up in PATH), else the one installed beside this program,
    else postmark in PATH; Fail unless it is an executable file that is
    this project's postmark, saying how to name ours (hint)."""
    if not pm:
        pm = os.environ.get("COMPARE_POSTMARK", "")
        if not (pm and os.access(pm, os.X_OK)):
            pm = "postmark"
    p = pm
    if "/" not in p:
        p = shutil.which(p)
        if p is None:
            raise Fail(f"{pm} not found in PATH: build postmark, and {hint}")
    if not (os.path.isfile(p) and os.access(p, os.X_OK)):
        raise Fail(f"{p}: not an executable file")
    p = os.path.abspath(p) if not p.startswith("/") else p
    check_postmark(p, hint)
    return p


def check_postmark(pm, hint):
    """Fail unless pm --version prints this project's banner."""
    try:
        out = subprocess.run([pm, "--version"], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT,
                             timeout=_VERSION_WAIT).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        raise Fail(f"{pm}: cannot run it: {e}") from None
    lines = out.decode("utf-8", "replace").splitlines()
    first = lines[0] if lines else ""
    if _BANNER.match(first):
        return
    said = f"printed '{clean(first)}'" if first else "printed nothing"
    raise Fail(f"{pm} is not this project's postmark: its --version {said},"
               " not 'postmark VERSION (PostMark v1.53 compatible)' (Debian's"
               f" PostMark 1.51 answers with its banner); {hint}")


class Target:
    """A LABEL=DIRECTORY of the command line, resolved."""

    def __init__(self, label, path):
        self.label = label
        self.path = path


class Runner:
    """The state of run mode: options, config, targets, postmark, CSV."""

    def __init__(self, o, ctx):
        self.o = o
        self.ctx = ctx
        self.prog = ctx.prog
        self.k = 0              # runs so far
        self.order = []         # the labels, for the report (rounds)

    def options(self):
        """Check the values of the options: -n N or MIN-MAX, --seed,
        --precision (which makes the order random too: the seed then
        comes from the clock unless given) and --interval."""
        o = self.o
        it = o.iters
        if "-" in it:
            lo, hi = it.split("-", 1)
            need_posint("-n", lo)
            need_posint("-n", hi)
            if int(lo) > int(hi):
                raise Usage(f"-n {it}: {lo} runs is more than {hi}")
            if not o.precision:
                raise Usage("-n MIN-MAX needs --precision")
        else:
            need_posint("-n", it)
            lo = hi = it
        self.nmin = int(lo)
        self.nmax = int(hi)
        if o.precision and self.nmin < 2:
            raise Usage("--precision needs at least 2 runs of each target "
                        "(-n MIN-MAX with MIN 2 or more)")
        if any(c not in "0123456789" for c in o.seed):
            raise Usage(f"--seed: '{o.seed}' is not a whole number")
        if len(o.seed) > 10:
            raise Usage(f"--seed: '{o.seed}' has more than 10 digits")
        self.runs = ""
        if o.seed or o.precision:
            if not o.seed:
                o.seed = str(int(time.time()))
            self.runs = it
        iv = o.interval
        if iv and not posint(iv[:-2] if iv.endswith("ms") else iv):
            raise Usage(f"--interval: '{iv}' is neither N nor Nms")

    def sweep(self, opt, what, most, value):
        """The numbers of a --file-counts or --clients list (blanks or
        commas between), or ["-"] when it is empty."""
        out = []
        for v in value.replace(",", " ").split():
            if not posint(v) or int(v) > most:
                raise Usage(f"{opt}: '{v}' is not a valid {what}")
            out.append(v)
        return out or ["-"]

    def read_config(self, path):
        """The config's lines; a last line without a line feed counts."""
        if not (os.path.isfile(path) and os.access(path, os.R_OK)):
            raise Fail(f"{clean(path)}: cannot read the config file")
        try:
            with open(path, "rb") as f:
                text = f.read().decode("utf-8", "surrogateescape")
        except OSError as e:
            raise Fail(f"{clean(path)}: cannot read it: {e.strerror}") \
                from None
        self.cfgname = path
        self.cfglines = text.split("\n")
        if self.cfglines[-1] == "":
            del self.cfglines[-1]

    def check_lines(self):
        """The config may set anything but must not run by itself: say
        so of each line that would, and Fail."""
        bad = False
        for n, line in enumerate(self.cfglines, 1):
            line = line[:-1] if line.endswith("\r") else line
            w = _words(line)[:1]
            if not w or w[0].startswith("#"):
                continue
            w = w[0]
            if any(c.startswith(w) for c in ("run", "quit", "exit", "load")):
                self.ctx.note(f'{self.cfgname}:{n}: "{line}": remove it; '
                              f"{self.prog} adds the run itself")
                bad = True
        if bad:
            raise Fail(None)

    def targets(self, args):
        """The targets, each directory resolved now to an absolute
        physical path: nothing later depends on the current directory."""
        out = []
        seen = set()
        for t in args:
            label, eq, d = t.partition("=")
            if not eq or not label:
                raise Fail(f"target '{t}' has no label: write "
                           "LABEL=DIRECTORY")
            if not _LABEL.match(label):
                raise Fail(f"label '{label}': use letters, digits and . _ "
                           "+ - (labels name the result files)")
            if label in seen:
                raise Fail(f"label '{label}' given twice")
            seen.add(label)
            if not d:
                raise Fail(f"target '{t}' has no directory")
            if not os.path.exists(d):
                raise Fail(f"{d}: no such directory (target {label})")
            if not os.path.isdir(d):
                raise Fail(f"{d}: not a directory (target {label})")
            p = os.path.realpath(d)
            if not os.access(p, os.X_OK):
                raise Fail(f"{d}: cannot enter (target {label})")
            if not os.access(p, os.W_OK):
                raise Fail(f"{p}: not writable (target {label})")
            if any(c in _BLANKS for c in p):
                raise Fail(f"{p}: postmark locations cannot contain blanks "
                           f"(target {label})")
            out.append(Target(label, p))
        return out

    def postmark(self, cwd, lines, log):
        """Run postmark in cwd on the input lines, its output into the
        file log; return its exit status (128 + a signal's number)."""
        inp = os.path.join(self.ctx.scratch(), "input")
        with open(inp, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("".join(line + "\n" for line in lines))
        with open(inp, "rb") as fin, open(log, "wb") as fout:
            self.ctx.child = subprocess.Popen([self.pm], cwd=cwd, stdin=fin,
                                              stdout=fout,
                                              stderr=subprocess.STDOUT)
            st = self.ctx.child.wait()
            self.ctx.child = None
        return 128 - st if st < 0 else st

    def pm_errors(self, log, lines, tail=None):
        """Copy postmark's messages (the file log, less its banner) to
        standard error, each after "postmark: "; "-:N: MESSAGE" becomes "CONFIG:N:
        MESSAGE" for a line of the config and names the line for one
        that was added.  Returns the numbers of the lines named."""
        with open(log, "rb") as f:
            out = f.read().decode("utf-8", "surrogateescape").split("\n")
        if out and out[-1] == "":
            del out[-1]
        if tail is not None:
            out = out[-tail:]
        named = []
        for line in out:
            if _BANNER.match(line):
                continue        # postmark's banner is not a message
            if line.startswith("postmark: "):
                line = line[len("postmark: "):]
            m = _ERROR.match(line)
            if m is not None:
                n = int(m.group(1))
                msg = line[m.end():]
                named.append(n)
                if n <= len(self.cfglines):
                    line = f"{self.cfgname}:{n}: {msg}"
                else:
                    added = lines[n - 1] if n <= len(lines) else ""
                    line = f'line added by {self.prog}, "{added}": {msg}'
            sys.stderr.write(f"postmark: {clean(line)}\n")
        return named

    def added(self, t, count, clients, location):
        """The lines added after the config for a run on target t in the
        directory location (without run and quit)."""
        lines = []
        if count != "-":
            lines.append(f"set number {count}")
        if clients != "-":
            lines.append(f"set clients {clients}")
        if self.o.interval:
            lines.append(f"set interval {self.o.interval}")
        return lines + [f"set location {location}", f"set label {t.label}",
                        "set report csv"]

    def check(self):
        """postmark checks the config with every line the runs add (each
        once), in a directory of its own, before anything runs: its
        errors, mapped to the lines, stop run mode.  Shell escapes and
        `show FILE` are left out (blank lines), so that nothing happens
        but the check."""
        lines = []
        for line in self.cfglines:
            w = _words(line)
            if w and (w[0].startswith("!") or (len(w) > 1 and
                                               len(w[0]) > 1 and
                                               "show".startswith(w[0]))):
                line = ""
            lines.append(line)
        every = {}
        for c in self.counts:
            for n in self.clients:
                for t in self.targets_:
                    every.update(dict.fromkeys(self.added(t, c, n, t.path)))
        lines += every
        lines.append("quit")
        d = os.path.join(self.ctx.scratch(), "check")
        os.mkdir(d)
        log = os.path.join(self.ctx.scratch(), "check.log")
        if self.postmark(d, lines, log) == 0:
            return
        named = self.pm_errors(log, lines)
        kinds = {lines[n - 1].split(" ")[1] if n > len(self.cfglines) and
                 n <= len(lines) and lines[n - 1].startswith("set ") else ""
                 for n in named}
        if any(n <= len(self.cfglines) for n in named) or not named:
            raise Fail(f"{self.cfgname}: {self.pm} refused the config; "
                       "nothing was run")
        for key, opt, what in (("clients", "--clients", "a number of "
                                "clients"), ("number", "--file-counts",
                                             "a number of files"),
                               ("interval", "--interval", "the interval")):
            if key in kinds:
                raise Fail(f"{opt}: {self.pm} refused {what}")
        raise Fail(f"{self.pm} refused the lines {self.prog} adds; nothing "
                   "was run")

    def result_file(self, names):
        """The CSV file: -o's (made if missing), else a new
        results/DATE-NAMES.csv, -2.csv ..., created exclusively."""
        out = self.o.out
        base = None
        if not out:
            base = f"results/{time.strftime('%Y-%m-%d')}-{names}"
            out = base + ".csv"
        odir = os.path.dirname(out) or "."
        try:
            os.makedirs(odir, exist_ok=True)
        except OSError as e:
            raise Fail(f"{clean(odir)}: cannot make it: {e.strerror}") \
                from None
        odir = os.path.realpath(odir)
        name = os.path.basename(out)
        if any(c in _BLANKS for c in os.path.join(odir, name)):
            raise Fail(f"{os.path.join(odir, name)}: the CSV path cannot "
                       "contain blanks (postmark's run FILE is one word)")
        i = 1
        while True:
            csv = os.path.join(odir, name)
            try:
                flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
                if base is not None:
                    flags |= os.O_EXCL
                os.close(os.open(csv, flags, 0o666))
                return csv
            except FileExistsError:
                i += 1
                name = os.path.basename(f"{base}-{i}.csv")
            except OSError as e:
                raise Fail(f"{clean(csv)}: cannot write: {e.strerror}") \
                    from None

    def run_one(self, t, count, clients, what):
        """One postmark run of the config on target t in a new empty
        subdirectory, appending its rows to the CSV file."""
        try:
            work = tempfile.mkdtemp(prefix="compare.", dir=t.path)
        except OSError:
            raise Fail(f"cannot create a scratch directory in {t.path}") \
                from None
        self.ctx.work = work
        lines = (self.cfglines + self.added(t, count, clients, work) +
                 [f"run {self.csv}", "quit"])
        before = os.path.getsize(self.csv)
        what = f"{what}: {t.label}"
        if count != "-":
            what += f", {count} files"
        if clients != "-":
            what += ", 1 client" if clients == "1" else f", {clients} clients"
        self.k += 1
        self.ctx.note(what)
        log = os.path.join(self.ctx.scratch(), "log")
        st = self.postmark(work, lines, log)
        try:
            os.rmdir(work)
        except OSError:
            self.ctx.note(f"warning: postmark left files in {work}; "
                          "removing them")
            shutil.rmtree(work, ignore_errors=True)
        self.ctx.work = None
        if st != 0:
            self.pm_errors(log, lines, tail=20)
            raise Fail(f"postmark failed (exit {st}) on target {t.label} "
                       f"({t.path}); rows so far are in {self.csv}")
        if os.path.getsize(self.csv) <= before:
            raise Fail(f"postmark wrote no CSV row to {self.csv} (is "
                       f"{self.pm} this project's postmark, with set report "
                       "csv?)")

    def interleaved(self):
        total = (self.nmin * len(self.counts) * len(self.clients) *
                 len(self.targets_))
        for i in range(1, self.nmin + 1):
            for c in self.counts:
                for n in self.clients:
                    for t in self.targets_:
                        self.run_one(t, c, n, f"[{self.k + 1}/{total}] "
                                     f"iteration {i}")

    def rounds(self):
        """Run in rounds, each a random order drawn from the seed: nmin
        rounds of every target (with each number of files and clients),
        then, with --precision, rounds of those that fall short of it
        and have had fewer than nmax runs, until there are none."""
        o = self.o
        self.ctx.note(f"run order: random, seed {o.seed} (--seed {o.seed} "
                      "repeats it)")
        self.order = [t.label for t in self.targets_]
        self.tlist = [(t, c, n) for c in self.counts for n in self.clients
                      for t in self.targets_]
        nt = len(self.tlist)
        total = str(self.nmin * nt)
        if self.nmin != self.nmax:
            total += f"-{self.nmax * nt}"
        self.rng = int(o.seed) % 2147483646 + 1
        runs = [0] * nt
        todo = list(range(nt))
        rnd = 1
        while todo:
            for idx in self.shuffle(todo):
                t, c, n = self.tlist[idx]
                self.run_one(t, c, n, f"[{self.k + 1}/{total}] round {rnd}")
                runs[idx] += 1
            rnd += 1
            if rnd <= self.nmin:
                continue
            if not o.precision:
                break
            todo = [i for i in self.imprecise() if runs[i] < self.nmax]

    def shuffle(self, items):
        """items in a random order (Fisher-Yates from the last place
        down), advancing the generator, Park and Miller's minimal
        standard (16807 x mod 2^31 - 1), so that a seed gives the same
        order in any language with doubles."""
        a = list(items)
        s = self.rng
        for i in range(len(a), 1, -1):
            s = (16807 * s) % 2147483647
            j = 1 + int(s / 2147483647 * i)
            a[i - 1], a[j - 1] = a[j - 1], a[i - 1]
        self.rng = s
        return a

    def imprecise(self):
        """The targets (indices of tlist) whose 95 % interval of
        transactions/s is not yet within --precision of its mean, over
        every row of the CSV file; a "-" matches any number of files or
        clients."""
        s = compare_data.Settings(self.prog, precision=self.o.precision,
                                  order=self.order, run_mode=True)
        data = compare_data.Data(s, self.columns)
        data.read(self.csv)
        data.finish()
        res = compare_report.Results(data)
        rows = [(res.labels[li].name, data.groups[gi].num,
                 data.groups[gi].ncl, good)
                for li, gi, _, _, good in res.precision()]
        out = []
        for i, (t, c, n) in enumerate(self.tlist):
            mine = [good for lab, num, ncl, good in rows
                    if lab == t.label and (c == "-" or num == float(c)) and
                    (n == "-" or ncl == int(n))]
            if not mine or not all(mine):
                out.append(i)
        return out

    def precision_note(self):
        """Say on standard error which targets fell short of
        --precision."""
        p = self.o.precision
        short = []
        for i in self.imprecise():
            t, c, n = self.tlist[i]
            s = t.label
            if c != "-":
                s += f", {c} files"
            if n != "-":
                s += f", {n} clients"
            short.append(s)
        if not short:
            self.ctx.note(f"every target reached the precision of {p}%")
        else:
            self.ctx.note(f"warning: precision of {p}% not reached after "
                          f"{self.nmax} runs: {'; '.join(short)}")


def run(o, ctx, report, columns, need_plot):
    """Run mode with the options o; report(prefix, files, settings)
    reports on the CSV file at the end, columns() is the column table,
    need_plot() checks gnuplot unless --no-plot."""
    r = Runner(o, ctx)
    r.options()
    if len(o.args) < 2:
        raise Usage("need a config file and at least one LABEL=DIRECTORY "
                    "target")
    r.read_config(o.args[0])
    r.counts = r.sweep("--file-counts", "number of files", 1073741823,
                       o.counts)
    r.clients = r.sweep("--clients", "number of clients", 9999999999,
                        o.clients)
    r.targets_ = r.targets(o.args[1:])
    r.check_lines()
    need_plot(o)
    r.pm = find_postmark(o.pm, "name ours with -p or $POSTMARK")
    r.columns = columns()
    r.check()
    r.csv = r.result_file("-vs-".join(t.label for t in r.targets_))
    if o.seed:
        r.rounds()
    else:
        r.interleaved()
    ctx.note(f"{r.k} runs appended to {r.csv}")
    if o.precision:
        r.precision_note()
    s = compare_data.Settings(ctx.prog, order=r.order,
                              per_client=o.per_client,
                              precision=o.precision, seed=o.seed,
                              runs=r.runs, run_mode=True,
                              title=clean(os.path.basename(r.cfgname)))
    prefix = r.csv[:-4] if r.csv.endswith(".csv") else r.csv
    report(prefix, [r.csv], s)
