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

"""postmark-compare: compare file systems, kernels or mount options with
postmark (man/postmark-compare.1).  scripts/compare.sh, installed as
postmark-compare, runs this file with python3; it sets COMPARE_PROG (the
name for messages), COMPARE_DATADIR (where the plot scripts, the modules
and columns.tsv are) and, when installed, COMPARE_POSTMARK (the postmark
installed beside it).

A mode is a row of MODES: its name (the first argument; none for run
mode), its synopsis, its options (rows of OPTIONS that name it) and the
function that runs it with the parsed options (and may return the exit
status).  Run mode is compare_run.py, kernels mode compare_kernels.py
(each kernel booted in QEMU: pm_vm.py); report mode, and the report of
the other two, is report() below, made of compare_data (the rows),
compare_report (the statistics and the text) and compare_plot (the
plots).

Exit status: 0 success, 1 failure (a failed run or boot, a bad CSV, a
missing dependency), 2 usage error, 129/130/143 hangup, interrupt,
termination, 141 when the reader of standard output went away; kernels
--gate: 0 good, 1 bad, 125 cannot tell.

Test hook: with COMPARE_DATA_DIR=DIR a report also writes its plot data
(stats.tsv, vars.gp ...) into DIR, as gnuplot reads them (tests/t6005).
"""

import os
import signal
import shutil
import subprocess
import sys
import tempfile
import time

from .compare_csv import Fail, Usage, clean, parse_columns
from . import compare_data
from . import compare_kernels
from . import compare_plot
from . import compare_report
from . import compare_run


class Option:
    """A row of OPTIONS: its name, the attribute of the parsed options it
    sets, per mode what value it takes (None: a flag, set to True), and
    whether each time it is given adds a value to a list (many)."""

    def __init__(self, name, dest, modes, many=False):
        self.name = name
        self.dest = dest
        self.modes = modes
        self.many = many


K = "kernels"
OPTIONS = (
    Option("-o", "out", {"run": "a file name", "report": "a prefix",
                         K: "a file name"}),
    Option("-l", "labels", {"report": "labels"}),
    Option("-n", "iters", {"run": "a number", K: "a number"}),
    Option("-p", "pm", {"run": "a program", K: "a program"}),
    Option("--file-counts", "counts", {"run": "a list"}),
    Option("--clients", "clients", {"run": "a list"}),
    Option("--interval", "interval", {"run": "N or Nms"}),
    Option("--seed", "seed", {"run": "a number", K: "a number"}),
    Option("--precision", "precision",
           {"run": "a percentage", "report": "a percentage"}),
    Option("--by", "by", {"report": "a field"}),
    Option("--series", "series", {"report": "a field"}),
    Option("--fs", "fs", {K: "a file system"}),
    Option("--mkfs-options", "mkfs_options", {K: "options"}, many=True),
    Option("--mount-options", "mount_options", {K: "options"}),
    Option("--disk-size", "disk_size", {K: "a size"}),
    Option("--memory", "memory", {K: "a size"}),
    Option("--cpus", "cpus", {K: "a number"}),
    Option("--time-limit", "time_limit", {K: "seconds"}),
    Option("--accel", "accel", {K: "auto, kvm or tcg"}),
    Option("--clock", "clock", {K: "icount or host"}),
    Option("--cmdline", "cmdline", {K: "text"}, many=True),
    Option("--modules", "modules", {K: "LABEL=DIR"}, many=True),
    Option("--qemu", "qemu", {K: "a program"}),
    Option("--init", "init", {K: "a program"}),
    Option("--gate", "gate", {K: "'MEASURE -P%'"}),
    Option("--max-rounds", "max_rounds", {K: "a number"}),
    Option("-v", "verbose", {K: None}),
    Option("--per-client", "per_client", {"run": None, "report": None}),
    Option("--no-plot", "no_plot", {"run": None, "report": None, K: None}),
)


class Opts:
    """The parsed options of a mode (see OPTIONS) and its arguments."""

    def __init__(self, mode):
        self.mode = mode
        self.out = self.labels = self.counts = self.clients = ""
        self.interval = self.seed = self.precision = ""
        self.by = self.series = ""
        self.iters = "5"
        self.pm = os.environ.get("POSTMARK", "")
        self.per_client = self.no_plot = self.verbose = False
        self.fs = "ext4"
        self.mkfs_options = []
        self.cmdline = []
        self.modules = []
        self.mount_options = self.time_limit = self.gate = self.init = ""
        self.max_rounds = ""
        self.disk_size = self.memory = "1G"
        self.cpus = ""              # kernels: 1 under icount, else 2
        self.accel = "auto"
        self.clock = ""             # kernels: icount under TCG, else host
        self.qemu = "qemu-system-x86_64"
        self.args = []


class Context:
    """What the program holds and its cleanup releases: the running
    postmark (child), the run's scratch directory in a target (work) and
    the private scratch directory (tmp)."""

    def __init__(self):
        self.prog = os.environ.get("COMPARE_PROG") or "compare.sh"
        self.datadir = (os.environ.get("COMPARE_DATADIR") or
                        os.path.dirname(os.path.dirname(
                            os.path.abspath(__file__))))
        self.child = None
        self.work = None
        self.tmp = None
        self.columns = None
        self.plot = None        # compare_plot.Gnuplot, unless --no-plot

    def note(self, msg):
        """Print "PROG: MSG" on standard error."""
        sys.stderr.write(f"{self.prog}: {clean(msg)}\n")
        sys.stderr.flush()

    def warn(self, msg):
        self.note("warning: " + msg)

    def scratch(self):
        """The private scratch directory (made when first asked for) in
        $TMPDIR, an absolute physical path."""
        if self.tmp is None:
            base = os.environ.get("TMPDIR") or "/tmp"
            try:
                base = os.path.realpath(base)
                os.stat(base)
            except OSError:
                raise Fail(f"{base}: cannot enter the temporary "
                           "directory") from None
            try:
                self.tmp = tempfile.mkdtemp(prefix="compare.", dir=base)
            except OSError:
                raise Fail("cannot create a temporary directory in "
                           f"{base}") from None
        return self.tmp

    def cleanup(self):
        """Stop the running postmark; remove the scratch directories."""
        if self.child is not None:
            try:
                self.child.terminate()
            except OSError:
                pass
            self.child.wait()
            self.child = None
        for d in (self.work, self.tmp):
            if d is not None:
                shutil.rmtree(d, ignore_errors=True)
        self.work = self.tmp = None


def usage_text(prog):
    """The text of --help."""
    return f"""\
usage: {prog} [-n N | -n MIN-MAX --precision P] [--seed S] [-o FILE.csv]
           [-p POSTMARK] [--file-counts "N1 N2 ..."] [--clients "C1 C2 ..."]
           [--interval N|Nms] [--per-client] [--no-plot]
           CONFIG LABEL=DIRECTORY [LABEL=DIRECTORY ...]
       {prog} report [-o PREFIX] [-l LABEL,LABEL...] [--by FIELD
           [--series FIELD]] [--precision P] [--per-client] [--no-plot]
           FILE.csv ...
       {prog} kernels [-n N] [--seed S] [-o FILE.csv] [-p POSTMARK]
           [--fs FS] [--mkfs-options [NAME=]OPTS ...] [--mount-options OPTS]
           [--disk-size SIZE] [--memory SIZE] [--cpus N] [--time-limit S]
           [--accel auto|kvm|tcg] [--clock icount|host]
           [--cmdline [LABEL=]TEXT ...] [--qemu QEMU]
           [--init PM_INIT] [--modules LABEL=DIR ...]
           [--gate 'MEASURE -P%' [--max-rounds M]] [-v] [--no-plot]
           CONFIG LABEL=IMAGE[:MODULES_DIR] ...

Run mode runs the postmark CONFIG N times (default 5) on every target,
interleaved (A B A B ...), each run in a new empty subdirectory of
DIRECTORY that is removed afterwards, appends the rows to FILE.csv (default
results/DATE-LABEL1-vs-LABEL2.csv under the current directory, a new file
each time), and writes the report next to it: .txt, .md, -bars and -latency
plots, -files plots when several file counts were run, -clients plots
when several client counts were, and -growth plots with --interval (.png,
.svg).
With --seed S the runs go in rounds, each round every target once in a
random order drawn from S; -n MIN-MAX --precision P (a percentage) runs
MIN rounds, then more rounds of the targets whose 95% CI of
transactions/s (over every row of FILE.csv) is wider than P% of its mean,
until none is or each has MAX runs.  Without --seed the random order takes
its seed from the clock; the seed is printed and in the report.
--interval N|Nms adds "set interval": every run also appends its interval
series to FILE.csv.intervals.csv.
CONFIG holds postmark commands but no run, quit or load; {prog} adds
"set number" (with --file-counts), "set clients" (with --clients),
"set interval" (with --interval), "set location", "set label", "set report
csv", "run FILE" and "quit"; postmark checks all of it before the first
run, and its errors name the CONFIG line, or the added line.  Each
DIRECTORY is resolved to an absolute path (symbolic links too) before the
first run; it must not contain blanks.  --file-counts runs every target
with each number of files of the list, --clients with each number of
clients (both: every pair).  postmark is -p PROG, else $POSTMARK, else the
postmark installed beside {prog}, else postmark in PATH; it must be this
project's postmark (its --version says so).

Report mode groups the rows with status ok of the CSV files by label (in
the order first seen, or the order of -l), number of files and number of
clients, and writes PREFIX.txt, PREFIX.md and the plots (default PREFIX:
the CSV file name without .csv).  Of a run of several clients it uses the
run's row (client "all"); with --per-client it uses the rows of the
clients instead, each as its own label "LABEL client N" (a run of one
client: its row, as client 0).  Every field of a CSV is text, never run:
control characters in it (line feed, escape ...) are shown as blanks, also
in labels given to -l.  Put -- before file names that start with -.
--by FIELD groups by the value of any column instead of the label
(kernel, fs_types, host, number ...), in natural version order (6.2
before 6.10), tests each value against the one before it and draws the
-series plot: transactions/s, creates/s, deletes/s and p99 latencies
across the values; --series FIELD2 makes a table and a line of each value
of FIELD2 (--by kernel --series label: one line per file system).  The
interval series FILE.csv.intervals.csv of each FILE.csv, when there, give
the -growth plot and table: the create rate and p99 latency against the
files alive.  --precision P adds whether each 95% CI of transactions/s is
within P% of its mean.  Each ratio is of the geometric means, its CI from
a t test on the logarithms, excluding 1 exactly when the row is
significant: transactions/s (the primary measure) at 5%, the other
measures of a comparison corrected by Benjamini-Hochberg.

Kernels mode boots each kernel IMAGE (a bzImage, with its modules from
MODULES_DIR, default /lib/modules/RELEASE) in QEMU once per round, N
rounds (default 5), each round in a random order drawn from S, each boot on
a fresh FS disk image (default ext4, 1G) made by mkfs on the host with
OPTS, and runs CONFIG once inside; the rows go to FILE.csv, the report is
run mode's, with the guest's uname -r in the kernel column (report
--by kernel works on it).  Several --mkfs-options NAME=OPTS cross the
kernels with the disks, as labels LABEL-NAME.  A boot that fails (no boot,
a panic, a missing module, past the time limit) is an error row naming the
kernel and the last console lines, and the others go on.  The time limit
of a boot, in the host's seconds, is 120 s and 30 ms per operation of
CONFIG under TCG (6 ms under KVM), or --time-limit S.  --gate 'MEASURE
-P%' GOOD=IMAGE TEST=IMAGE exits 1 when the whole interval of the ratio
TEST/GOOD is past 1 - P/100 (+ for latencies and times), 0 when it is
wholly on the good side, and while it holds 1 - P/100 boots another
round, up to --max-rounds M (default 2N), then exits 125 (cannot tell):
for git bisect run.  Under TCG the guest's clock counts instructions
(--clock icount, the default under TCG: QEMU's -icount, one processor):
a time is the instructions the kernel and postmark executed, at a fixed
rate, the same whatever the host's load, plus the guest's waits for its
disk, which pass as the host's time does; --clock host (the default
under KVM, the only clock there) follows the host's clock, and under TCG
then only ratios between kernels mean something, as the report and the
rows say.  --memory (default 1G), --cpus (1 under icount, else 2) and
--disk-size (1G) size the VM; --cmdline TEXT
adds to every kernel's command line, --cmdline LABEL=TEXT to LABEL's; -v
shows the consoles on standard error; --init names the guest's init;
--modules LABEL=DIR gives LABEL's modules directory and takes its IMAGE
whole, so that a path with ':' can be given.

A label on tmpfs gets a warning (run mode: always; report mode: beside
labels on other file systems), and the report lists the runs' own
warnings.  --no-plot skips the plots (no gnuplot needed).  $PYTHON names
the python3 that runs {prog}.
Exit status: 0 success, 1 failure (kernels: also a boot that failed), 2
usage error, 129/130/143 hangup, interrupt, termination; --gate: 0, 1,
125 as above.
"""


def parse(mode, argv):
    """The options of mode at the start of argv, and the arguments after
    them, as Opts; --NAME=VALUE is taken as --NAME VALUE."""
    o = Opts(mode)
    table = {opt.name: opt for opt in OPTIONS if mode in opt.modes}
    args = list(argv)
    while args:
        a = args[0]
        name, eq, value = a.partition("=")
        if a.startswith("--") and eq and name in table and \
                table[name].modes[mode] is not None:
            args[:1] = [name, value]
            a = name
        opt = table.get(a)
        if opt is not None and opt.modes[mode] is not None:
            if len(args) < 2:
                raise Usage(f"{a} needs {opt.modes[mode]}")
            if opt.dest in ("by", "series") and args[1] == "":
                raise Usage(f"{a} needs {opt.modes[mode]}")
            if opt.many:
                getattr(o, opt.dest).append(args[1])
            else:
                setattr(o, opt.dest, args[1])
            del args[:2]
            continue
        if opt is not None:
            setattr(o, opt.dest, True)
        elif mode in ("run", K) and a.startswith("-n") and len(a) > 2:
            o.iters = a[2:]
        elif a in ("-h", "--help"):
            sys.stdout.write(usage_text(CTX.prog))
            sys.exit(0)
        elif a == "--":
            del args[0]
            break
        elif a.startswith("-") and a != "-":
            raise Usage(f"unknown option {a}")
        else:
            break
        del args[0]
    o.args = args
    _check_precision(o)
    if o.series and not o.by:
        raise Usage("--series needs --by")
    if o.series and o.series == o.by:
        raise Usage("--series and --by name the same field")
    return o


def _check_precision(o):
    """--precision P or P%: a number above 0."""
    if not o.precision:
        return
    p = o.precision[:-1] if o.precision.endswith("%") else o.precision
    if (p == "" or p.startswith(".") or p.endswith(".") or
            p.count(".") > 1 or any(c not in "0123456789." for c in p)):
        raise Usage(f"--precision: '{p}' is not a percentage")
    if not any(c in "123456789" for c in p):
        raise Usage("--precision: it must be above 0")
    o.precision = p


def columns(pm=None):
    """The column table: columns.tsv of the data directory (make writes
    it from postmark --columns), else what pm --columns prints (the
    postmark a mode runs, already checked), else $POSTMARK, the postmark
    installed beside this program or postmark in PATH, the first that is
    this project's postmark."""
    if CTX.columns is not None:
        return CTX.columns
    path = os.path.join(CTX.datadir, "columns.tsv")
    if os.path.isfile(path):
        try:
            with open(path) as f:
                text = f.read()
        except OSError as e:
            raise Fail(f"{path}: cannot read it: {e.strerror}") from None
        CTX.columns = parse_columns(text, path)
        return CTX.columns
    pm = pm or compare_run.find_postmark(
        os.environ.get("POSTMARK", ""), "name ours with $POSTMARK (its "
        "--columns is the column table), or run make, which writes "
        f"{path}")
    try:
        out = subprocess.run([pm, "--columns"], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, timeout=600,
                             stderr=subprocess.DEVNULL, text=True)
    except (OSError, subprocess.TimeoutExpired):
        raise Fail(f"{pm} --columns failed") from None
    if out.returncode != 0:
        raise Fail(f"{pm} --columns failed (exit {out.returncode}): it is "
                   "older than the column table")
    CTX.columns = parse_columns(out.stdout, f"{pm} --columns")
    return CTX.columns


def report(prefix, files, settings):
    """Report on the CSV files: write PREFIX.txt, PREFIX.md (PREFIX ""
    for the default) and, unless --no-plot, the plots (need_plot() has
    checked gnuplot); print the text."""
    data = compare_data.Data(settings, columns(), CTX.warn)
    for f in files:
        data.read(f)
    for k, f in enumerate(files):
        iv = f + ".intervals.csv"
        if os.path.isfile(iv) and os.path.getsize(iv) > 0:
            if not os.access(iv, os.R_OK):
                raise Fail(f"{clean(iv)}: cannot read it")
            data.growth.read(iv, k)
    data.finish()
    res = compare_report.Results(data)
    rep = compare_report.Report(res, CTX.warn)
    txt, md = rep.lines()
    if rep.any_run_warnings:
        CTX.note("the runs have validity warnings, listed in the report")
    prefix = prefix or default_prefix(files, res.labels)
    pdir = os.path.dirname(prefix)
    try:
        if pdir:
            os.makedirs(pdir, exist_ok=True)
        for ext, lines in ((".txt", txt), (".md", md)):
            with open(prefix + ext, "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write("".join(line + "\n" for line in lines))
    except OSError as e:
        raise Fail(f"{clean(e.filename or prefix)}: cannot write it: "
                   f"{e.strerror}") from None
    sys.stdout.write("".join(line + "\n" for line in txt))
    sys.stdout.flush()
    pd = compare_plot.PlotData(res)
    keep = os.environ.get("COMPARE_DATA_DIR")
    if keep:
        pd.write(keep)
    if CTX.plot is None:
        return
    work = CTX.scratch()
    ddir = os.path.join(work, "data")
    os.makedirs(ddir, exist_ok=True)
    pd.write(ddir)
    for kind in pd.kinds():
        for ext in ("png", "svg"):
            CTX.plot.draw(kind, ext, work, f"{prefix}-{kind}.{ext}")
    CTX.note(f"wrote {prefix}.txt, {prefix}.md and the plots "
             f"{prefix}-*.png/.svg")


def default_prefix(files, labels):
    """The prefix of a report: the CSV file's name without .csv, or for
    several, DATE-LABEL1-vs-LABEL2 in the directory of the first, each
    character of a label but letters, digits and ._+- replaced by _."""
    if len(files) == 1:
        return files[0][:-4] if files[0].endswith(".csv") else files[0]
    names = "-vs-".join("".join(c if c.isascii() and (c.isalnum() or
                                                      c in "._+-")
                                else "_" for c in lab.name)
                        for lab in labels)
    return os.path.join(os.path.dirname(files[0]),
                        time.strftime("%Y-%m-%d") + "-" + names)


def report_main(o):
    """Report mode."""
    if not o.args:
        raise Usage("report: no CSV file given")
    need_plot(o)
    for f in o.args:
        if not (os.path.isfile(f) and os.access(f, os.R_OK)):
            raise Fail(f"{clean(f)}: cannot read the CSV file")
        if os.path.getsize(f) == 0:
            raise Fail(f"{clean(f)}: empty file (no CSV header)")
    labels = None
    if o.labels:
        labels = clean(o.labels).split(",")
    title = ", ".join(clean(os.path.basename(f)) for f in o.args)
    s = compare_data.Settings(CTX.prog, labels=labels, per_client=o.per_client,
                              by=clean(o.by), series=clean(o.series),
                              precision=o.precision, title=title)
    report(o.out, o.args, s)


def run_main(o):
    """Run mode (compare_run.py), then its report."""
    compare_run.run(o, CTX, report, columns, need_plot)


def kernels_main(o):
    """Kernels mode (compare_kernels.py), then its report; returns the
    exit status (the gate's verdict, or 1 when a boot failed)."""
    return compare_kernels.run(o, CTX, report, columns, need_plot, Stopped)


def need_plot(o):
    """Unless --no-plot, check gnuplot and its scripts (CTX.plot)."""
    if not o.no_plot:
        CTX.plot = compare_plot.Gnuplot(CTX.datadir, CTX.note)
        CTX.plot.check()


class Mode:
    """A row of MODES: the first argument that selects it (None: run
    mode, the default) and the function that runs it."""

    def __init__(self, name, main):
        self.name = name
        self.main = main


MODES = (
    Mode(None, run_main),
    Mode("report", report_main),
    Mode(K, kernels_main),
)


def _stop(signo, frame):
    raise Stopped(signo)


class Stopped(Exception):
    """A hangup, an interrupt or a termination arrived."""


_SIGNALS = {signal.SIGHUP: ("hangup", 129), signal.SIGINT: ("interrupted",
                                                            130),
            signal.SIGTERM: ("terminated", 143)}


def main(argv):
    """Run the mode the arguments ask for; return the exit status."""
    for s in _SIGNALS:
        signal.signal(s, _stop)
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(encoding="utf-8", errors="surrogateescape")
    status = 0
    try:
        try:
            if not argv:
                raise Usage(None)
            if argv[0] in ("help", "-h", "--help"):
                sys.stdout.write(usage_text(CTX.prog))
                return 0
            mode = next((m for m in MODES if m.name == argv[0]), MODES[0])
            if mode.name is not None:
                argv = argv[1:]
            status = mode.main(parse("run" if mode.name is None else
                                     mode.name, argv)) or 0
        finally:
            signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
            CTX.cleanup()
    except Fail as e:
        if e.args[0] is not None:
            CTX.note(e.args[0])
        status = 1
    except Usage as e:
        if e.args[0] is None:
            sys.stderr.write(usage_text(CTX.prog).split("\n\n")[0] + "\n")
        else:
            CTX.note(e.args[0])
        sys.stderr.write(f"Try '{CTX.prog} --help' for more information.\n")
        status = 2
    except Stopped as e:
        what, status = _SIGNALS[e.args[0]]
        CTX.note(what)
    except BrokenPipeError:
        status = 141
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
    return status


CTX = Context()

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
