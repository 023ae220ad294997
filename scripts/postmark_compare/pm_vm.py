#!/usr/bin/env python3
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
"""pm_vm.py: boot a kernel in QEMU once and run postmark inside.

  pm_vm.py [--fs FS] [--mkfs-options OPTS] [--mount-options OPTS]
      [--disk-size SIZE] [--memory SIZE] [--cpus N] [--time-limit S]
      [--accel auto|kvm|tcg] [--clock auto|icount|host] [--cache MODE]
      [--append TEXT]
      [--label LABEL] [--postmark PROG] [--init PM_INIT] [--qemu QEMU]
      [--json] [-v] CONFIG KERNEL[:MODULES_DIR]

run_once() is what postmark-compare's kernels mode calls once per boot:
in a scratch directory of its own (below WORKDIR, default TMPDIR) it
makes the disk image (pm_disk), the initramfs (pm_initramfs), boots
qemu-system-x86_64 with KVM when it works (pm_accel) and TCG otherwise,
reads the console until QEMU ends, a kernel panic, or the time limit,
and takes the frames from the record port (pm_frame).  Every failure is
a result naming the kernel, with the last console lines; SIGINT, SIGTERM
and SIGHUP stop QEMU and remove the scratch directory before they go on
up (KeyboardInterrupt, or Stopped).  The command line prints the CSV
record (or the result as JSON) and exits 0, or prints the error and the
console's tail and exits 1.
"""

import argparse
import csv
import ctypes
import io
import json
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from . import pm_accel
from . import pm_disk
from . import pm_frame
from . import pm_initramfs

CONSOLE_TAIL = 40               # console lines kept for a failure
CONSOLE_MAX = 8 << 20           # bytes of console kept for frames
PANIC = b"Kernel panic - not syncing"
PANIC_GRACE = 5                 # seconds for QEMU to end after a panic
# What the guest's init says of a failure on the console (as well as on
# the record port, whose file may not take it: a full host file system).
GUEST_ERROR = "pm_init: error: "
# The guest kernel's words for an I/O error of its disk (vda).
DISK_ERROR = re.compile(rb"I/O error,? (on )?dev vda\b[^\n]*")
MACHINE = "pc"
ICOUNT_SHIFT = 0                # -icount: 2**ICOUNT_SHIFT ns an instruction
CLOCKS = ("icount", "host")
ICOUNT_CPUS = ("under icount QEMU runs the processors in turn on one host "
               "thread, and Linux 6.1 in QEMU 7.2 hangs there bringing up "
               "its second processor")


class Stopped(Exception):
    """SIGTERM or SIGHUP arrived during a boot (after the cleanup)."""


def _stop(signo, frame):
    raise Stopped(signal.Signals(signo).name)


def _die_with_parent():
    """In QEMU's child: SIGKILL when this process dies (PR_SET_PDEATHSIG),
    so that not even a killed runner leaves a QEMU behind."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def qemu_version(qemu):
    """QEMU's version number ("7.2.22"), or 'unknown'."""
    try:
        out = subprocess.run([qemu, "--version"], capture_output=True,
                             stdin=subprocess.DEVNULL, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    words = out.decode("utf-8", "replace").split()
    return words[3] if len(words) > 3 and words[2] == "version" else "unknown"


class Boot:
    """One QEMU process: its console read until it ends, a panic or the
    deadline; stop() ends it however far it got."""

    def __init__(self, argv, echo=None):
        self.argv = argv
        self.echo = echo
        self.proc = None
        self.console = bytearray()
        self.panic = False
        self.timed_out = False
        self.status = None

    def run(self, seconds):
        """Start QEMU and read its console (stdout and stderr) until EOF,
        PANIC_GRACE seconds after a panic, or SECONDS."""
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT,
                                     start_new_session=True,
                                     preexec_fn=_die_with_parent)
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + seconds
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    self.timed_out = not self.panic
                    break
                if not sel.select(left):
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                self._take(chunk)
                if self.panic:
                    deadline = min(deadline,
                                   time.monotonic() + PANIC_GRACE)
        self.stop()

    def _take(self, chunk):
        """Keep CHUNK of console, echo it, and look for a panic."""
        look = bytes(self.console[-len(PANIC):]) + chunk
        if len(self.console) < CONSOLE_MAX:
            self.console += chunk
        if self.echo is not None:
            self.echo.write(chunk.decode("utf-8", "replace"))
            self.echo.flush()
        if PANIC in look:
            self.panic = True

    def stop(self):
        """End QEMU (TERM, then KILL) and reap it; its status kept."""
        p = self.proc
        if p is None:
            return
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        self.status = p.wait()
        p.stdout.close()

    def tail(self):
        """The last CONSOLE_TAIL lines of the console, as text."""
        text = self.console.decode("utf-8", "replace").replace("\r", "")
        lines = [l for l in text.split("\n") if l.strip()]
        return lines[-CONSOLE_TAIL:]


def opt_value(text):
    """TEXT as a value in a QEMU option list (-drive, -chardev), where a
    comma ends the value unless doubled."""
    return text.replace(",", ",,")


def qemu_argv(qemu, accel, cpu, cpus, memory_mib, kernel, initrd, disk,
              cache, record, append, icount=None):
    """The QEMU command of one boot: no devices but the virtio disk, the
    console on stdio (ttyS0) and the record port in a file (ttyS1); the
    guest's clock counts instructions when ICOUNT is a shift
    (clock_argv).  An I/O error of the disk's image (a full host file
    system) is reported to the guest (werror, rerror), not a pause of the
    VM until the time limit (QEMU's default for a write: stop on ENOSPC).
    -kernel, -initrd and -append are taken as they are."""
    return [qemu, "-accel", accel] + clock_argv(icount) + [
            "-cpu", cpu, "-M", MACHINE,
            "-smp", str(cpus), "-m", "%dM" % memory_mib,
            "-nodefaults", "-no-user-config", "-display", "none",
            "-no-reboot", "-kernel", kernel, "-initrd", initrd,
            "-append", append,
            "-drive", "file=%s,format=raw,if=virtio,cache=%s,werror=report,"
            "rerror=report" % (opt_value(disk), cache),
            "-chardev", "stdio,id=con,signal=off", "-serial", "chardev:con",
            "-chardev", "file,id=rec,path=%s" % opt_value(record),
            "-serial", "chardev:rec"]


def guest_hostname(vm, host=None):
    """The guest's host name (postmark's host column): the VM and the
    machine it runs on, qemu-ACCEL@HOST, at most 64 bytes (Linux's
    HOST_NAME_MAX)."""
    host = host or os.uname().nodename
    return ("qemu-%s@%s" % (vm["accel"], host)).encode()[:64].decode(
        "utf-8", "ignore")


def clock_argv(shift):
    """QEMU's options for the guest's clock: none for the host's clock
    (SHIFT None), else instruction counting, 2**SHIFT ns of the guest's
    clock for each instruction executed; with sleep=on the time when
    nothing runs (a wait for the disk) passes as the host's does, where
    sleep=off would move the clock to the guest's next timer at once,
    seconds to hours for a wait of milliseconds."""
    if shift is None:
        return []
    return ["-icount", "shift=%d,sleep=on" % shift]


def choose_clock(clock, accel):
    """(the accelerator to ask pm_accel for, the clock) for CLOCK
    (icount, host, or auto: icount under TCG, host under KVM) and ACCEL
    (auto, kvm, tcg); ValueError for icount under KVM.  The clock of
    auto is settled once the accelerator is (settle_clock)."""
    if clock not in CLOCKS + ("auto",):
        raise ValueError("clock '%s' is none of icount, host, auto" % clock)
    if clock == "icount":
        if accel == "kvm":
            raise ValueError("the icount clock needs TCG: QEMU counts "
                             "instructions only when it emulates the "
                             "processor, never under KVM")
        return "tcg", clock
    return accel, clock


def settle_clock(clock, accel):
    """The clock of a boot under ACCEL (kvm or tcg): CLOCK, or for auto
    icount under TCG and host under KVM."""
    if clock == "auto":
        return "icount" if accel == "tcg" else "host"
    return clock


def settle_cpus(clock, cpus):
    """The processors of a boot on CLOCK (settled: icount or host):
    CPUS, or for None 1 on the icount clock and 2 on the host's;
    ValueError for more than 1 on the icount clock (ICOUNT_CPUS)."""
    cpus = int(cpus or (1 if clock == "icount" else 2))
    if clock == "icount" and cpus > 1:
        raise ValueError("%d processors on the icount clock: %s"
                         % (cpus, ICOUNT_CPUS))
    return cpus


def vm_words(vm):
    """The pm.KEY=VALUE words of the kernel command line (no blanks)."""
    return " ".join("pm.%s=%s" % (k, str(v).replace(" ", "_"))
                    for k, v in vm.items())


def _record(result, frames, problems):
    """Put the frames' CSV, stderr and error into RESULT."""
    for kind, payload in frames:
        text = payload.decode("utf-8", "replace")
        if kind == "csv":
            result["csv"] = text
            rows = list(csv.reader(io.StringIO(text)))
            result["header"], result["rows"] = (rows[0], rows[1:]) if rows \
                else ([], [])
        elif kind == "stderr":
            result["guest_stderr"] = text
        elif kind == "error" and result["error"] is None:
            result["error"] = "guest: " + text.strip()
    if result["error"] is None and problems:
        result["error"] = "record port: " + "; ".join(problems)


def _qemu_said(boot):
    """QEMU's own last message (a line after its name, as QEMU writes
    them: "qemu-system-x86_64: -drive file=...: Could not open ..."), as
    ': LINE', or ''."""
    name = os.path.basename(boot.argv[0]) + ": "
    said = [l.strip() for l in boot.tail() if l.startswith(name)]
    return ": " + said[-1] if said else ""


def _outcome(result, boot, frames):
    """The error of a boot that ended without a good record, if any (the
    init's error on the console when the record port gave nothing); and
    of one whose guest saw its disk fail."""
    if result["error"] is not None:
        return
    said = [l[len(GUEST_ERROR):].strip() for l in boot.tail()
            if l.startswith(GUEST_ERROR)]
    io_error = DISK_ERROR.search(bytes(boot.console))
    if boot.panic:
        line = [l for l in boot.tail() if "Kernel panic" in l]
        result["error"] = "kernel panic: " + (line[-1].strip() if line
                                              else "")
    elif boot.timed_out:
        result["error"] = ("no record within the time limit of %g s "
                           "(QEMU stopped)" % result["time_limit"])
    elif not frames and boot.status < 0:
        result["error"] = "QEMU was killed by %s%s" % (
            signal.Signals(-boot.status).name, _qemu_said(boot))
    elif not frames and boot.status != 0:
        result["error"] = "QEMU exited with status %d%s" % (
            boot.status, _qemu_said(boot))
    elif not frames and said:
        result["error"] = "guest: " + said[-1]
    elif not result["rows"]:
        result["error"] = ("the guest powered off without a record (QEMU "
                           "exited with status %d%s)" % (
                               boot.status, "" if boot.tail() else
                               "; nothing came on the console: the kernel "
                               "did not start, or wrote nothing to ttyS0"))
    elif io_error:
        result["error"] = ("the guest's disk failed: %s"
                           % io_error.group(0).decode("utf-8", "replace")
                           .strip())


def _host_full(result, work):
    """A boot that failed while the host file system of WORK is full
    (the disk image is sparse: the guest's writes to it fail once it is,
    as I/O errors): say so first."""
    if result["error"] is None:
        return
    full = pm_disk.full(work)
    if full is not None:
        result["error"] = ("the disk image's host file system is full (%s: "
                           "free some, or give TMPDIR another place); %s"
                           % (full, result["error"]))


def _boot_one(result, a, work):
    """Make the disk and the initramfs in WORK, boot, read the record."""
    disk = os.path.join(work, "disk.img")
    initrd = os.path.join(work, "initramfs.cpio")
    record = os.path.join(work, "record.txt")
    result["mkfs"] = pm_disk.make_disk(disk, a["fs"], a["mkfs_options"],
                                       a["disk_size"])
    info = pm_initramfs.build(a["kernel"], a["modules_dir"],
                              a["config_text"], a["fs"],
                              a["mount_options"], a["postmark"], a["init"],
                              initrd, a["label"],
                              hostname=guest_hostname(result["vm"]))
    result["release"] = info["release"]
    result["warnings"] += info["warnings"]
    vm = result["vm"]
    if vm["cache"] == "auto":
        vm["cache"] = "none" if pm_disk.takes_direct(work) else "writeback"
    append = "console=ttyS0 panic=-1 rdinit=/init %s %s" % (
        vm_words(vm), a["append"])
    boot = Boot(qemu_argv(a["qemu"], vm["accel"], a["cpu"], vm["cpus"],
                          vm["memory_mib"], a["kernel"], initrd, disk,
                          vm["cache"], record, append.strip(),
                          vm.get("icount_shift")), a["echo"])
    a["boot"] = boot
    t0 = time.monotonic()
    boot.run(a["time_limit"])
    result["seconds"] = round(time.monotonic() - t0, 3)
    result["console_tail"] = boot.tail()
    try:
        with open(record, "rb") as f:
            frames, problems = pm_frame.read_frames(f.read())
    except FileNotFoundError:
        frames, problems = [], []
    if not frames:
        frames, problems = pm_frame.read_frames(bytes(boot.console))
    _record(result, frames, problems)
    _outcome(result, boot, frames)


def run_once(kernel, modules_dir, config_text, fs="ext4", mkfs_options="",
             disk_size="1G", memory="1G", cpus=None, time_limit=300,
             workdir=None, mount_options="", label=None, postmark=None,
             init=None, qemu="qemu-system-x86_64", accel="auto",
             cache="auto", append="", echo=None, clock="auto"):
    """Boot KERNEL (a bzImage) once with its modules from MODULES_DIR
    (None: /lib/modules/RELEASE) and run postmark on CONFIG_TEXT (set
    lines, no run) on a fresh FS disk; returns a dict: kernel, label,
    release, ok, error (None or text), header and rows (the CSV record
    parsed), csv (its text), guest_stderr, vm (accel, cpus, memory_mib,
    disk, cache, qemu, machine, clock, and icount_shift under the icount
    clock), warnings, console_tail, seconds (of the host's clock), mkfs,
    time_limit.  CLOCK is icount, host or auto (choose_clock); CPUS
    None is 1 on the icount clock, else 2, and more than 1 is an error
    there (settle_cpus).  Leaves nothing behind; a signal stops it (see
    the module's text)."""
    result = {"kernel": kernel, "label": label, "release": None,
              "ok": False, "error": None, "header": [], "rows": [],
              "csv": "", "guest_stderr": "", "vm": {}, "warnings": [],
              "console_tail": [], "seconds": None, "mkfs": None,
              "time_limit": time_limit}
    a = dict(kernel=kernel, modules_dir=modules_dir, config_text=config_text,
             fs=fs, mkfs_options=mkfs_options, mount_options=mount_options,
             label=label, qemu=qemu, time_limit=time_limit, append=append,
             echo=echo, boot=None,
             postmark=postmark or os.environ.get("POSTMARK", "postmark"),
             init=init or os.environ.get("PM_INIT", "pm_init"))
    main = threading.current_thread() is threading.main_thread()
    old = {s: signal.signal(s, _stop) for s in (signal.SIGTERM,
                                               signal.SIGHUP)} if main else {}
    work = None
    try:
        a["disk_size"] = pm_disk.parse_size(disk_size, "disk size")
        memory_mib = pm_disk.parse_size(memory, "memory") >> 20
        a["postmark"] = shutil.which(a["postmark"]) or a["postmark"]
        work = tempfile.mkdtemp(prefix="pm_vm.", dir=workdir)
        accel, clock = choose_clock(clock, accel)
        vm_accel, a["cpu"], warnings = pm_accel.choose(qemu, accel)
        clock = settle_clock(clock, vm_accel)
        cpus = settle_cpus(clock, cpus)
        result["warnings"] += warnings
        result["vm"] = {"accel": vm_accel, "cpus": cpus,
                        "memory_mib": memory_mib,
                        "disk": "raw-file-on-%s,virtio-blk"
                        % pm_disk.host_fs(work),
                        "cache": cache, "qemu": qemu_version(qemu),
                        "machine": MACHINE, "clock": clock}
        if clock == "icount":
            result["vm"]["icount_shift"] = ICOUNT_SHIFT
        _boot_one(result, a, work)
    except (ValueError, pm_disk.DiskError, pm_initramfs.BuildError) as e:
        result["error"] = str(e)
    except OSError as e:
        result["error"] = "%s: %s" % (e.filename, e.strerror) \
            if e.filename else str(e)
    finally:
        if a["boot"] is not None:
            a["boot"].stop()
        if work is not None:
            _host_full(result, work)
            shutil.rmtree(work, ignore_errors=True)
        for s, h in old.items():
            signal.signal(s, h)
    if result["error"] is not None:
        result["error"] = "kernel %s: %s" % (kernel, result["error"])
    result["ok"] = result["error"] is None
    return result


def main(argv):
    """The command line for trying a boot by hand."""
    p = argparse.ArgumentParser(prog="pm_vm.py", description="Boot a "
                                "kernel in QEMU once and run postmark on "
                                "CONFIG inside; print its CSV record.")
    p.add_argument("--fs", default="ext4")
    p.add_argument("--mkfs-options", default="")
    p.add_argument("--mount-options", default="")
    p.add_argument("--disk-size", default="1G")
    p.add_argument("--memory", default="1G")
    p.add_argument("--cpus", type=int)
    p.add_argument("--time-limit", type=float, default=300)
    p.add_argument("--accel", choices=("auto", "kvm", "tcg"), default="auto")
    p.add_argument("--clock", choices=CLOCKS + ("auto",), default="auto")
    p.add_argument("--cache", default="auto")
    p.add_argument("--append", default="")
    p.add_argument("--label")
    p.add_argument("--postmark")
    p.add_argument("--init")
    p.add_argument("--qemu", default="qemu-system-x86_64")
    p.add_argument("--json", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("config")
    p.add_argument("kernel", metavar="KERNEL[:MODULES_DIR]")
    o = p.parse_args(argv)
    kernel, _, mods = o.kernel.partition(":")
    try:
        with open(o.config, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
    except OSError as e:
        print("pm_vm.py: %s: %s" % (o.config, e.strerror), file=sys.stderr)
        return 1
    r = run_once(kernel, mods or None, text, fs=o.fs,
                 mkfs_options=o.mkfs_options, disk_size=o.disk_size,
                 memory=o.memory, cpus=o.cpus, time_limit=o.time_limit,
                 mount_options=o.mount_options, label=o.label,
                 postmark=o.postmark, init=o.init, qemu=o.qemu,
                 accel=o.accel, cache=o.cache, append=o.append,
                 echo=sys.stderr if o.verbose else None, clock=o.clock)
    for w in r["warnings"]:
        print("pm_vm.py: warning: %s" % w, file=sys.stderr)
    if o.json:
        json.dump(r, sys.stdout, indent=1)
        sys.stdout.write("\n")
    elif r["ok"]:
        sys.stdout.write(r["csv"])
    if not r["ok"]:
        print("pm_vm.py: %s" % r["error"], file=sys.stderr)
        for line in r["console_tail"]:
            print("  | %s" % line, file=sys.stderr)
    return 0 if r["ok"] else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(128 + signal.SIGINT)
    except Stopped as e:
        sys.exit(128 + signal.Signals[str(e)])
