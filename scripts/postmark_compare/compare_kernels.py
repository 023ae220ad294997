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

"""Kernels mode: boot each kernel in QEMU once per round, in an order
drawn from the seed, each time on a fresh disk image made the same way,
run the config once inside (pm_vm.run_once), append the record to one
CSV file as run mode does, then report on it as run mode does; with
--gate, say whether the second kernel is significantly worse than the
first, as git bisect run wants it (0 good, 1 bad, 125 cannot tell),
booting more rounds while the gate cannot tell, up to --max-rounds.

Targets are LABEL=IMAGE[:MODULES_DIR], or LABEL=IMAGE with --modules
LABEL=DIR (IMAGE then taken whole, a ':' in it included; an empty DIR
is the default directory).  --mkfs-options may be given
several times as NAME=OPTIONS: every kernel then boots with each disk,
as the label LABEL-NAME (kernels crossed with disks).  --cmdline TEXT
adds TEXT to every kernel's command line, --cmdline LABEL=TEXT to that
target's only.

Before the first boot: the options, the config (no run, quit or load of
its own), the targets (each image a readable bzImage as long as its
header says; without modules, drivers its config says are built in:
pm_initramfs.guest_modules), QEMU, mkfs, the guest's init, the postmark
to run and postmark's check of the config with the lines the guest adds
(run mode's check, which also prints the config's show: the time limit
is derived from its files, transactions, runs and clients), and the CSV
file, judged as postmark judges a record file and made only with the
first row (compare_recfile).  A boot that fails is an error row (status
"error: kernel IMAGE: WHY; console: LAST LINES") and the other boots go
on; under --gate, once TEST cannot boot the rounds stop (the answer can
only be "cannot tell").

Test hook: with COMPARE_KERNELS_ROWS=FILE (a CSV file of postmark's
header) nothing boots: the k-th boot of label L gives the k-th row of L
in FILE (tests/t6507, t6508).
"""

import csv
import math
import os
import re
import shutil
import signal
import time

from .compare_csv import MEASURE_ROLES, Fail, Usage, clean, number
from . import compare_data
from . import compare_recfile
from . import compare_report
from . import compare_run
from . import compare_stats
from . import pm_accel
from . import pm_disk
from . import pm_initramfs
from . import pm_modules
from . import pm_vm

BOOT_ALLOWANCE = 120    # seconds of a boot besides postmark's run
# Seconds of the host's clock per operation (2 x files + transactions,
# per run and client) that the derived time limit allows under each
# accelerator: under TCG twice the most a 6.1 kernel took here (13 ms,
# 5000 files in a linear directory under a load of 25; 1.5 ms with a
# hashed one on a quiet machine), under KVM a fifth of that.  On the
# icount clock the same as TCG's: one processor, whose emulation took 3
# to 4.4 ms an operation of that run under a load of 6 to 8, where its
# guest's clock counted 0.6 ms.
PER_OP = {"tcg": 0.030, "icount": 0.030, "kvm": 0.006}
STATUS_LINES = 10       # console lines in an error row's status
ICOUNT_CPUS = (pm_vm.ICOUNT_CPUS + "; give --cpus 1, or --clock host for "
               "several processors on the host's clock")
TCG_WARNING = ("QEMU emulated the processor (TCG): the times are the "
               "emulator's, not the kernel's, and only ratios between "
               "kernels on the same emulator mean something")
_GATE = re.compile(r"\s*(.*\S)\s+([-+]?)([0-9]+(\.[0-9]+)?)%\s*\Z")
_SHOW = (("files", re.compile(r"The base number of files is ([0-9]+)$")),
         ("transactions", re.compile(r"Transactions: ([0-9]+)$")),
         ("iterations", re.compile(r"Iterations: ([0-9]+)$")),
         ("warmup", re.compile(r"Warm-up runs: ([0-9]+)$")),
         ("clients", re.compile(r"Clients: ([0-9]+)$")))
# What show prints for the settings that make the guest wait for its
# disk in a timed phase: on the icount clock such a wait is the host's
# time, not instructions counted (WAITS).
_WAITS = re.compile(r"(Sync: (?!none).*|Directory sync: true|"
                    r"Direct I/O: true|Cache: cold.*)$")
WAITS = ("the guest waits for its disk in the timed phases, and on the "
         "icount clock a wait is the host's time (its disk's and its "
         "load's), not instructions counted: these times vary as the "
         "host's clock does")
# On the icount clock, a run row whose phases waited for more than
# WAIT_SHARE of its elapsed time gets the warning WAITED.
WAIT_SHARE = 0.1
WAITED = ("the guest was off the processor for {w:.4g} s of its {e:.4g} s: "
          "on the icount clock that time is the host's (its disk's and its "
          "load's), not instructions counted, and varies as the host's "
          "clock does")
GOOD, BAD, SKIP = 0, 1, 125     # the gate's exit statuses


class Target:
    """A kernel with one disk: its label (LABEL, or LABEL-NAME with
    named --mkfs-options), image, modules directory (None: the
    default), mkfs options and what it adds to the command line."""

    def __init__(self, label, kernel, modules, mkfs, append):
        self.label = label
        self.path = kernel          # for compare_run's messages
        self.kernel = kernel
        self.modules = modules
        self.mkfs = mkfs
        self.append = append
        self.boots = 0


class Gate:
    """--gate 'MEASURE [+-]P%': the measure (a report measure's name or a
    column of role rate, latency, time or ratio), its column, which way
    is better (1 higher, -1 lower) and the margin as a fraction; looks,
    how many times at most the gate looks at the runs (once after each
    round from -n to --max-rounds), each at the level alpha = 5 % /
    looks, so that over all of them each wrong verdict (bad for a kernel
    within the margin, good for one past it) has a chance of at most
    2.5 %."""

    LEVEL = 0.05        # two-sided, split over the looks

    def __init__(self, text, columns, looks=1):
        m = _GATE.match(text)
        if m is None:
            raise Usage(f"--gate '{text}': write 'MEASURE -P%' (a rate) "
                        "or 'MEASURE +P%' (a latency or time), for "
                        "example 'transactions/s -5%'")
        name, sign, pct = m.group(1), m.group(2), m.group(3)
        self.name = name
        self.col = None
        self.key = None
        for ms in compare_data.measures(columns):
            if name in (ms.name, ms.key, ms.col):
                self.col, self.name, self.key = ms.col, ms.name, ms.key
        if self.col is None:
            c = columns.get(name)
            if c is None or c.role not in MEASURE_ROLES:
                raise Usage(f"--gate: '{name}' is neither a measure of the "
                            "report (transactions/s, create p99 us ...) "
                            "nor a column of role rate, latency, time or "
                            "ratio (postmark --columns)")
            self.col = name
        role = columns[self.col].role
        self.better = MEASURE_ROLES[role]
        want = "-" if self.better > 0 else "+"
        if sign and sign != want:
            way = "higher" if self.better > 0 else "lower"
            raise Usage(f"--gate: {self.name} is better {way}, so a "
                        f"regression is '{want}{pct}%', not '{sign}{pct}%'")
        self.margin = float(pct) / 100
        if self.margin >= 1 and self.better > 0:
            raise Usage(f"--gate: a rate cannot fall by {pct}%")
        self.bound = 1 - self.margin if self.better > 0 else 1 + self.margin
        self.floor = compare_stats.BUCKET if role == "latency" else 0.0
        self.looks = looks
        self.alpha = self.LEVEL / looks

    def verdict(self, good, test, failed, last=True):
        """(status, text) for the values of the two kernels' ok rows and
        the number of error rows: SKIP with errors or fewer than two
        runs each; BAD when the whole interval of the ratio of the
        geometric means, test over good, at the level alpha, lies past
        the bound, GOOD when it lies wholly on the good side of it; else
        None (another round), or SKIP when this was the last look."""
        if failed:
            return SKIP, f"{failed} boots failed: cannot tell"
        if len(good) < 2 or len(test) < 2:
            return SKIP, (f"{len(good)} and {len(test)} runs: the gate's "
                          "test needs two of each (-n 2 or more)")
        way, c = compare_stats.margin(
            compare_stats.Sample(good), compare_stats.Sample(test),
            self.bound, self.better, self.alpha, self.floor)
        if c.p is None:
            return SKIP, f"{self.name}: no test ({c.why}): cannot tell"
        side = "below" if self.better > 0 else "above"
        other = "above" if self.better > 0 else "below"
        pct = f"{self.margin * 100:g}%"
        fmtr = compare_report.fmtr
        text = (f"{self.name}: ratio {fmtr(c.ratio)} [{fmtr(c.lo)}, "
                f"{fmtr(c.hi)}] ({compare_report.pct(1 - self.alpha)} "
                f"interval, {len(test)} runs each, p {c.p:.4g}); ")
        if way > 0:
            return BAD, text + (f"all of it {side} {self.bound:g}: worse by "
                                f"more than {pct} (bad)")
        if way < 0:
            return GOOD, text + (f"all of it {other} {self.bound:g}: not "
                                 f"worse by more than {pct} (good)")
        text += f"it holds {self.bound:g}"
        if not last:
            return None, text
        det = c.detect()
        if det is None:
            return SKIP, text + ": cannot tell (no spread at all)"
        return SKIP, text + (": cannot tell (changes within a factor of "
                             f"{1 + det:.3g} either way are not seen 4 "
                             "times in 5 at this spread: more rounds, "
                             "--max-rounds, or less noise)")


class Kernels(compare_run.Runner):
    """The state of kernels mode: run mode's (options, config, postmark,
    CSV file, shuffle) and the kernels, the VM's settings, the rows."""

    def __init__(self, o, ctx, stopped):
        super().__init__(o, ctx)
        self.stopped = stopped      # compare.Stopped, raised for a signal
        self.counts = self.clients = ["-"]
        self.values = {}            # label -> the gate's values
        self.failed = {}            # label -> error rows
        self.accel = None
        self.hook = None
        self.gate = None

    def use_columns(self, columns):
        """The column table: the header of the rows, their schema."""
        self.columns = columns
        self.header = list(columns)
        self.schema = max(c.schema for c in columns.values())

    def added(self, t, count, clients, location):
        """The lines the guest adds (pm_initramfs), for the check, and
        show, which tells the time limit what the config does."""
        return [f"set location {location}", f"set label {t.label}",
                "set report csv", "show"]

    def vm_options(self):
        """Check the values of the VM's options."""
        o = self.o
        need_posint = compare_run.need_posint
        need_posint("-n", o.iters)
        self.nmin = int(o.iters)
        self.nmax = self.nmin
        if o.max_rounds:
            need_posint("--max-rounds", o.max_rounds)
            self.nmax = int(o.max_rounds)
            if not o.gate:
                raise Usage("--max-rounds needs --gate (it bounds the "
                            "rounds the gate may add)")
            if self.nmax < self.nmin:
                raise Usage(f"--max-rounds: {self.nmax} is fewer than the "
                            f"{self.nmin} rounds of -n")
        elif o.gate:
            self.nmax = 2 * self.nmin
        if any(c not in "0123456789" for c in o.seed) or len(o.seed) > 10:
            raise Usage(f"--seed: '{o.seed}' is not a whole number of at "
                        "most 10 digits")
        o.seed = o.seed or str(int(time.time()))
        if o.cpus:
            need_posint("--cpus", o.cpus)
            if int(o.cpus) > 255:
                raise Usage(f"--cpus: {o.cpus} is more than QEMU's pc "
                            "takes (255)")
        if o.time_limit:
            need_posint("--time-limit", o.time_limit)
        for opt, v in (("--disk-size", o.disk_size), ("--memory",
                                                      o.memory)):
            try:
                pm_disk.parse_size(v, opt)
            except ValueError as e:
                raise Usage(str(e)) from None
        if pm_disk.parse_size(o.memory, "memory") < 64 << 20:
            raise Usage(f"--memory: {o.memory} is less than 64M, too "
                        "little for a kernel")
        if o.accel not in ("auto", "kvm", "tcg"):
            raise Usage(f"--accel: '{o.accel}' is none of auto, kvm, tcg")
        self.clock_options()
        if not re.fullmatch(r"[a-z0-9]+", o.fs):
            raise Usage(f"--fs: '{o.fs}' is not a file system's name "
                        "(ext4, xfs ...)")

    def clock_options(self):
        """Check --clock against --accel and --cpus: the icount clock
        needs TCG and one processor."""
        o = self.o
        if o.clock not in ("",) + pm_vm.CLOCKS:
            raise Usage(f"--clock: '{o.clock}' is neither icount nor host")
        if o.clock != "icount":
            return
        if o.accel == "kvm":
            raise Usage("--clock icount with --accel kvm: QEMU counts "
                        "instructions only when it emulates the processor "
                        "(TCG); give --accel tcg (or auto), or --clock "
                        "host")
        if o.cpus and int(o.cpus) > 1:
            raise Usage(f"--clock icount with --cpus {o.cpus}: " +
                        ICOUNT_CPUS)

    def settle_clock(self):
        """The clock and the processors of the boots, once the
        accelerator is known: icount under TCG unless --clock host (one
        processor: ICOUNT_CPUS), else the host's clock; said here, and
        on the icount clock WAITS for a config that waits for its disk.
        Under the test hook, --clock or the first row's clock (host when
        empty)."""
        o = self.o
        self.clock = pm_vm.settle_clock(o.clock or "auto", self.accel) \
            if self.hook is None else o.clock or self.hook.clock
        try:
            self.cpus = pm_vm.settle_cpus(self.clock, o.cpus)
        except ValueError:
            raise Usage(f"--cpus {o.cpus} under TCG, whose clock is icount "
                        f"unless --clock host: {ICOUNT_CPUS}") from None
        if self.clock == "icount" and self.waits:
            self.ctx.warn(f"{clean(self.cfgname)}: "
                          f"{'; '.join(self.waits)}: {WAITS}")
        if self.clock == "icount":
            qemu = " ".join(pm_vm.clock_argv(pm_vm.ICOUNT_SHIFT))
            self.ctx.note(f"clock: icount (QEMU's {qemu}, one processor): "
                          "the guest's time is its instructions, "
                          f"{2 ** pm_vm.ICOUNT_SHIFT} ns each, whatever the "
                          "host's load, and its waits for the disk, which "
                          "pass as the host's time does; --clock host uses "
                          "the host's clock")
        else:
            self.ctx.note(f"clock: host (the guest's clock follows the "
                          f"host's under {self.accel}), {self.cpus} "
                          "processors")

    def variants(self):
        """The disks: [(NAME or "", mkfs options)]; one --mkfs-options
        may be plain options, several are each NAME=OPTIONS."""
        vs = self.o.mkfs_options or [""]
        if len(vs) == 1 and not _named(vs[0]):
            return [("", vs[0])]
        out = []
        for v in vs:
            if not _named(v):
                raise Usage(f"--mkfs-options '{v}': with several, each is "
                            "NAME=OPTIONS (the NAME is added to the labels)")
            name, _, opts = v.partition("=")
            if any(name == n for n, _ in out):
                raise Usage(f"--mkfs-options: the name '{name}' is given "
                            "twice")
            out.append((name, opts))
        return out

    def kernel_targets(self, args):
        """The targets: each LABEL=IMAGE[:MODULES_DIR] (or LABEL=IMAGE
        and --modules LABEL=DIR) with each disk."""
        seen = []
        kernels = []
        for a in args:
            label, eq, rest = a.partition("=")
            if not eq or not label:
                raise Fail(f"target '{a}' has no label: write "
                           "LABEL=IMAGE[:MODULES_DIR]")
            if not compare_run._LABEL.match(label):
                raise Fail(f"label '{label}': use letters, digits and . _ "
                           "+ - (labels name the result files)")
            if label in seen:
                raise Fail(f"label '{label}' given twice")
            seen.append(label)
            kernels.append((label, rest))
        given = self.module_dirs(seen)
        for i, (label, rest) in enumerate(kernels):
            image, _, mods = (rest, "", given[label]) if label in given \
                else rest.partition(":")
            kernels[i] = (label, check_image(label, image),
                          check_modules(label, mods))
        append = self.appends(seen)
        out = []
        for label, image, mods in kernels:
            for name, opts in self.variants():
                lab = f"{label}-{name}" if name else label
                if any(t.label == lab for t in out):
                    raise Fail(f"label '{lab}' given twice (kernel {label} "
                               f"with disk {name})")
                out.append(Target(lab, image, mods, opts, append[label]))
        return out

    def module_dirs(self, labels):
        """--modules LABEL=DIR: {label: DIR} of the targets' labels."""
        out = {}
        for v in self.o.modules:
            lab, eq, d = v.partition("=")
            if not eq or lab not in labels:
                raise Usage(f"--modules '{v}': write LABEL=DIR, LABEL a "
                            "target's label")
            if lab in out:
                raise Usage(f"--modules: label '{lab}' given twice")
            out[lab] = d
        return out

    def check_drivers(self):
        """The kernels given without modules (none, and no /lib/modules/
        RELEASE): their config must not say that the guest's drivers are
        modules (Fail with what the guest would say); a warning when
        there is no config to tell."""
        seen = set()
        for t in self.targets_:
            if t.modules is not None or t.kernel in seen:
                continue
            seen.add(t.kernel)
            try:
                _, _, warnings = pm_initramfs.guest_modules(
                    t.kernel, None, self.o.fs, self.o.mount_options)
            except pm_initramfs.BuildError as e:
                raise Fail(f"{clean(t.kernel)}: {clean(str(e))} (target "
                           f"{t.label})") from None
            for w in warnings:
                self.ctx.warn(f"{w} (target {t.label})")

    def appends(self, labels):
        """What each label adds to the kernel command line: every
        --cmdline TEXT, and its own --cmdline LABEL=TEXT."""
        out = {lab: [] for lab in labels}
        for text in self.o.cmdline:
            lab, eq, rest = text.partition("=")
            if any(c in text for c in "\n\r\0"):
                raise Usage("--cmdline: a line feed or NUL cannot be on a "
                            "kernel command line")
            for k in out:
                if not eq or lab not in out:
                    out[k].append(text)
                elif k == lab:
                    out[k].append(rest)
        return {k: " ".join(v) for k, v in out.items()}

    def needs(self):
        """QEMU, mkfs of the file system and the guest's init: Fail,
        saying what to install, when one cannot be had."""
        if self.hook is not None:
            return
        if shutil.which(self.o.qemu) is None:
            raise Fail(f"{self.o.qemu} not found in PATH: install QEMU "
                       "(Debian: apt-get install qemu-system-x86)")
        if shutil.which(f"mkfs.{self.o.fs}") is None:
            pkg = {"xfs": "xfsprogs", "btrfs": "btrfs-progs"}.get(
                self.o.fs, "e2fsprogs")
            raise Fail(f"mkfs.{self.o.fs} not found in PATH: install it "
                       f"(Debian: apt-get install {pkg})")
        self.init = find_init(self.o.init, self.pm)

    def check_config(self):
        """postmark's check of the config with the guest's lines (run
        mode's), and from its show the time limit of a boot."""
        self.check()
        with open(os.path.join(self.ctx.scratch(), "check.log"), "rb") as f:
            out = f.read().decode("utf-8", "replace").splitlines()
        v = {"files": 500, "transactions": 500, "iterations": 1,
             "warmup": 0, "clients": 1}
        self.waits = []
        for line in out:
            for key, pat in _SHOW:
                m = pat.match(line.strip())
                if m is not None:
                    v[key] = int(m.group(1))
            if _WAITS.match(line.strip()):
                self.waits.append(line.strip())
        self.ops = ((2 * v["files"] + v["transactions"]) * v["clients"] *
                    (v["iterations"] + v["warmup"]))

    def time_limit(self):
        """The seconds a boot may take: --time-limit, else BOOT_ALLOWANCE
        and PER_OP seconds per operation of the config."""
        if self.o.time_limit:
            self.limit = int(self.o.time_limit)
            how = "--time-limit"
        else:
            under = "icount" if self.clock == "icount" else self.accel
            per = PER_OP.get(under, PER_OP["tcg"])
            self.limit = int(BOOT_ALLOWANCE + per * self.ops + 0.999)
            how = (f"{BOOT_ALLOWANCE} s and {per * 1000:g} ms under "
                   f"{under} for each of the config's {self.ops} "
                   "operations (2 x files + transactions, times runs and "
                   "clients); --time-limit S sets it")
        self.ctx.note(f"time limit of a boot: {self.limit} s of the host's "
                      f"clock ({how})")

    def choose_accel(self):
        """The accelerator (pm_accel's probe, once; TCG without it for
        --clock icount), its warning said here once; under the test
        hook, the first row's."""
        if self.hook is not None:
            self.accel = self.hook.accel
            return
        want, _ = pm_vm.choose_clock(self.o.clock or "auto", self.o.accel)
        try:
            self.accel, _, warnings = pm_accel.choose(self.o.qemu, want)
        except ValueError as e:
            raise Fail(f"--accel kvm: {e}") from None
        for w in warnings:
            self.ctx.warn(w)

    def boot_all(self):
        """nmin rounds, each every target once in a random order drawn
        from the seed (run mode's shuffle); with --gate more while it
        cannot tell (more())."""
        o = self.o
        self.ctx.note(f"boot order: random, seed {o.seed} (--seed {o.seed} "
                      "repeats it)")
        self.order = [t.label for t in self.targets_]
        self.rng = int(o.seed) % 2147483646 + 1
        total = self.nmin * len(self.targets_)
        rnd = 0
        while self.more(rnd):
            rnd += 1
            for idx in self.shuffle(range(len(self.targets_))):
                t = self.targets_[idx]
                self.k += 1
                self.ctx.note(f"[{self.k}/{max(total, self.k)}] round "
                              f"{rnd}: {t.label} ({t.kernel})")
                if not self.boot(t) and self.gate is not None and \
                        t is self.targets_[-1]:
                    self.ctx.note(f"{t.label} did not boot: no more boots "
                                  "(the gate can only say 'cannot tell')")
                    return

    def more(self, rnd):
        """Whether another round follows round rnd: up to nmin; then,
        with --gate, while no boot failed and the gate cannot tell, up to
        nmax."""
        if rnd < self.nmin:
            return True
        if self.gate is None or rnd >= self.nmax:
            return False
        st, text = self.verdict(False)
        if st is None:
            self.ctx.note(f"gate after round {rnd}: {text}: another round "
                          f"(at most {self.nmax}, --max-rounds)")
        return st is None

    def verdict(self, last=True):
        """The gate's (status, text) on the rows so far."""
        good, test = (t.label for t in self.targets_)
        return self.gate.verdict(self.values.get(good, []),
                                 self.values.get(test, []),
                                 sum(self.failed.values()), last)

    def boot(self, t):
        """Boot target t once and append its record, or its error row;
        whether it gave a record."""
        t.boots += 1
        if self.hook is not None:
            res = self.hook.result(t)
        else:
            res = self.run_once(t)
        if res["ok"] and res["header"] != self.header:
            res["ok"] = False
            res["error"] = (f"kernel {t.kernel}: the guest's postmark wrote "
                            "another CSV header than this postmark's")
        if res["ok"]:
            rows = res["rows"]
            self.mark_rows(t, rows)
        else:
            rows = [self.error_row(t, res)]
            self.failed[t.label] = self.failed.get(t.label, 0) + 1
            self.ctx.note(f"{t.label}: error: {res['error']}")
            for line in res["console_tail"][-STATUS_LINES:]:
                self.ctx.note(f"  | {line}")
        self.rec.append(rows)
        return res["ok"]

    def run_once(self, t):
        """pm_vm.run_once for target t; its SIGTERM and SIGHUP become
        compare's Stopped, as SIGINT already is."""
        o = self.o
        try:
            return pm_vm.run_once(
                t.kernel, t.modules, self.cfgtext, fs=o.fs,
                mkfs_options=t.mkfs, disk_size=o.disk_size,
                memory=o.memory, cpus=self.cpus, time_limit=self.limit,
                workdir=self.ctx.scratch(), mount_options=o.mount_options,
                label=t.label, postmark=self.pm, init=self.init,
                qemu=o.qemu, accel=self.accel, append=t.append,
                echo=_Echo(self.ctx) if o.verbose else None,
                clock=self.clock)
        except pm_vm.Stopped as e:
            raise self.stopped(signal.Signals[str(e)]) from None

    def mark_rows(self, t, rows):
        """Under TCG, the warning in the run rows' warnings column, and
        in those of the icount clock WAITED where the phases waited; the
        gate's values of the run rows with status ok."""
        h = {name: i for i, name in enumerate(self.header)}
        for r in rows:
            if r[h["client"]] not in ("", "all"):
                continue
            if self.accel == "tcg" and TCG_WARNING not in r[h["warnings"]]:
                w = r[h["warnings"]]
                r[h["warnings"]] = w + "; " + TCG_WARNING if w else \
                    TCG_WARNING
            if r[h["vm_clock"]] == "icount":
                waited(r, h)
            if r[h["status"]] != "ok":
                self.failed[t.label] = self.failed.get(t.label, 0) + 1
            elif self.gate is not None and r[h[self.gate.col]] != "":
                self.values.setdefault(t.label, []).append(
                    number(r[h[self.gate.col]], t.label, self.gate.col))

    def error_row(self, t, res):
        """The row of a boot that gave no record: status "error: WHY;
        console: LAST LINES", the kernel's release, the VM, the time."""
        tail = [clean(line).strip() for line in
                res["console_tail"][-STATUS_LINES:]]
        vm = res.get("vm") or {}
        d = {"schema_version": str(self.schema), "label": t.label,
             "status": "error: " + clean(res["error"]) +
             ("; console: " + " | ".join(tail) if tail else ""),
             "timestamp": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                        time.gmtime()),
             "kernel": res.get("release") or "", "iteration": "1",
             "client": "all",
             "warnings": TCG_WARNING if self.accel == "tcg" else ""}
        for key, col in (("accel", "vm_accelerator"), ("cpus", "vm_cpus"),
                         ("memory_mib", "vm_memory_mib"),
                         ("disk", "vm_disk"), ("cache", "vm_cache"),
                         ("qemu", "vm_qemu"), ("machine", "vm_machine"),
                         ("clock", "vm_clock"),
                         ("icount_shift", "vm_icount_shift")):
            if vm.get(key) not in (None, "", "auto"):
                d[col] = str(vm[key])
        return [d.get(name, "") for name in self.header]


class _Echo:
    """-v: the guest's console on standard error, as it comes."""

    def __init__(self, ctx):
        self.ctx = ctx

    def write(self, text):
        os.write(2, text.encode("utf-8", "replace"))

    def flush(self):
        pass


class Hook:
    """COMPARE_KERNELS_ROWS=FILE: boots that give FILE's rows, the k-th
    boot of a label its k-th run row (with the client rows after it)."""

    def __init__(self, path, header):
        try:
            with open(path, newline="", encoding="utf-8",
                      errors="surrogateescape") as f:
                rows = list(csv.reader(f))
        except OSError as e:
            raise Fail(f"{clean(path)}: {e.strerror}") from None
        if not rows or rows[0] != header:
            raise Fail(f"{clean(path)}: not a CSV file of this postmark's "
                       "header (COMPARE_KERNELS_ROWS)")
        self.path = path
        self.header = header
        h = {name: i for i, name in enumerate(header)}
        self.records = {}
        for r in rows[1:]:
            if r[h["client"]] in ("", "all"):
                self.records.setdefault(r[h["label"]], []).append([r])
            else:
                self.records[r[h["label"]]][-1].append(r)
        first = rows[1] if len(rows) > 1 else header
        self.accel = first[h["vm_accelerator"]] or "tcg"
        self.clock = "icount" if first[h["vm_clock"]] == "icount" else "host"
        self.h = h

    def result(self, t):
        """What pm_vm.run_once would return for t's next boot."""
        recs = self.records.get(t.label, [])
        res = {"ok": False, "error": None, "header": self.header,
               "rows": [], "console_tail": [], "vm": {}, "release": None}
        if t.boots > len(recs):
            res["error"] = (f"kernel {t.kernel}: {self.path} has no row "
                            f"{t.boots} of label {t.label}")
            return res
        rows = [list(r) for r in recs[t.boots - 1]]
        st = rows[0][self.h["status"]]
        res["release"] = rows[0][self.h["kernel"]]
        if st.startswith("error: "):
            res["error"] = st[len("error: "):]
            res["console_tail"] = ["(the test hook's row)"]
        else:
            res["ok"] = True
            res["rows"] = rows
        return res


def waited(r, h):
    """Add WAITED to the warnings of run row r (h: the columns' indexes)
    when its phases waited for more than WAIT_SHARE of its elapsed
    time."""
    try:
        e = float(r[h["elapsed_s"]])
        w = math.fsum(float(r[h[p + "_wait_s"]] or 0) for p in
                      ("creation", "transactions", "deletion"))
    except ValueError:
        return
    if e > 0 and w > WAIT_SHARE * e:
        text = WAITED.format(w=w, e=e)
        r[h["warnings"]] = (r[h["warnings"]] + "; " + text
                            if r[h["warnings"]] else text)


def _named(v):
    """Whether --mkfs-options V is NAME=OPTIONS (NAME a label's word)."""
    name, eq, _ = v.partition("=")
    return bool(eq) and compare_run._LABEL.match(name) is not None


def check_image(label, image):
    """The absolute path of target label's kernel IMAGE: a readable
    bzImage."""
    if not image:
        raise Fail(f"target {label} has no kernel image: write "
                   "LABEL=IMAGE[:MODULES_DIR]")
    if not os.path.isfile(image):
        raise Fail(f"{clean(image)}: no such file (the kernel image of "
                   f"target {label})")
    if not os.access(image, os.R_OK):
        raise Fail(f"{clean(image)}: not readable by you (target {label}; "
                   "Debian's /boot/vmlinuz-* are mode 0600: copy it, or "
                   "chmod it)")
    try:
        pm_modules.kernel_release(image)
    except pm_modules.ModuleError as e:
        raise Fail(f"{clean(str(e))} (target {label})") from None
    return os.path.abspath(image)


def check_modules(label, mods):
    """The absolute path of a target's MODULES_DIR, or None (default)."""
    if not mods:
        return None
    if not os.path.isdir(mods):
        raise Fail(f"{clean(mods)}: not a directory (the modules of target "
                   f"{label})")
    return os.path.abspath(mods)


def find_init(init, postmark):
    """The guest's init: --init, $PM_INIT, the one installed for this
    program ($COMPARE_PM_INIT), or guest/pm_init beside the postmark of
    a build tree."""
    cands = [init, os.environ.get("PM_INIT", ""),
             os.environ.get("COMPARE_PM_INIT", ""),
             os.path.join(os.path.dirname(postmark), "guest", "pm_init")]
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.R_OK):
            return os.path.abspath(c)
    given = init or os.environ.get("PM_INIT", "")
    if given:
        raise Fail(f"{clean(given)}: no such file (the guest's init, "
                   "--init or $PM_INIT)")
    raise Fail("the guest's init pm_init is not installed here (configure "
               "builds it only where a static link works: libc6-dev); name "
               "it with --init or $PM_INIT")


def run(o, ctx, report, columns, need_plot, stopped):
    """Kernels mode with the options o (compare_run.run's arguments, and
    stopped, the exception a signal raises); returns the exit status.
    With --gate a failure that leaves the verdict open is SKIP."""
    try:
        return _run(o, ctx, report, columns, need_plot, stopped)
    except Fail as e:
        if not o.gate:
            raise
        if e.args[0] is not None:
            ctx.note(e.args[0])
        ctx.note(f"gate: cannot tell: exit {SKIP}")
        return SKIP


def _run(o, ctx, report, columns, need_plot, stopped):
    r = Kernels(o, ctx, stopped)
    r.vm_options()
    if len(o.args) < 2:
        raise Usage("need a config file and at least one "
                    "LABEL=IMAGE[:MODULES_DIR] target")
    if o.gate and len(o.args) != 3:
        raise Usage("--gate compares two kernels: CONFIG GOOD=IMAGE "
                    "TEST=IMAGE")
    if o.gate and len(o.mkfs_options) > 1:
        raise Usage("--gate compares two kernels on one disk: give one "
                    "--mkfs-options")
    r.read_config(o.args[0])
    r.cfgtext = "".join(line + "\n" for line in r.cfglines)
    r.targets_ = r.kernel_targets(o.args[1:])
    r.check_lines()
    need_plot(o)
    r.pm = compare_run.find_postmark(o.pm, "name ours with -p or $POSTMARK")
    r.use_columns(columns(r.pm))
    if o.gate:
        r.gate = Gate(o.gate, r.columns, r.nmax - r.nmin + 1)
        if r.nmin < 2:
            raise Fail(f"-n {o.iters}: the gate's test needs two runs of "
                       "each kernel (-n 2 or more)")
    if os.environ.get("COMPARE_KERNELS_ROWS"):
        r.hook = Hook(os.environ["COMPARE_KERNELS_ROWS"], r.header)
    r.check_drivers()
    r.needs()
    r.check_config()
    r.choose_accel()
    r.settle_clock()
    r.time_limit()
    r.rec = compare_recfile.RecFile(r.header, r.schema, ctx.note)
    r.rec.plan(o.out, "-vs-".join(t.label for t in r.targets_))
    r.boot_all()
    r.csv = r.rec.path
    ctx.note(f"{r.k} boots appended to {r.csv}")
    s = compare_data.Settings(ctx.prog, order=r.order, seed=o.seed,
                              runs=o.iters, run_mode=True,
                              title=clean(os.path.basename(r.cfgname)))
    if r.gate is not None and r.gate.key:
        s.primary = r.gate.key
    prefix = r.csv[:-4] if r.csv.endswith(".csv") else r.csv
    nfail = sum(r.failed.values())
    if r.gate is None:
        report(prefix, [r.csv], s)
        if nfail:
            ctx.note(f"{nfail} of {r.k} boots failed: their rows in "
                     f"{r.csv} have status error")
            return 1
        return 0
    try:
        report(prefix, [r.csv], s)
    except Fail as e:
        ctx.note(e.args[0])
    good, test = (t.label for t in r.targets_)
    st, text = r.verdict()
    ctx.note(f"gate: {test} against {good}: {text}: exit {st}")
    return st
