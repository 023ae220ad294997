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
#
# Run a command with standard input from /dev/null and standard output and
# error to the files named, and print "user sys wall maxrss" (seconds with
# microsecond resolution, KiB) from wait4(2).  GNU time rounds CPU times
# to 10 ms, too coarse for differences of a few percent.
#
# The CPU times include the command's waited-for descendants.  maxrss does
# not measure a small command: Linux keeps the peak RSS of a process
# across exec, and the command starts as a copy of this Python process
# (some 10 MiB).  For the peak of a command smaller than that, run it
# under GNU time (rusage.py OUT ERR /usr/bin/time -f %M -o FILE COMMAND),
# whose copy is small, and read FILE.
#
# The command runs in a process group of its own.  SIGINT, SIGTERM and
# SIGHUP are passed on to that group, so a script that runs this in the
# background can stop the command (postmark then removes its files) by
# signalling this process, also through a wrapper such as GNU time; and
# this process, a child subreaper where Linux has them, returns only when
# every process of the command has ended.
#
# Usage: rusage.py OUT ERR COMMAND [ARG...]

import os
import signal
import sys
import time

if len(sys.argv) < 4:
    sys.exit("usage: rusage.py OUT ERR COMMAND [ARG...]")
out = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
err = os.open(sys.argv[2], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
pid = 0
pending = []


def forward(signum, frame):
    """Pass a signal on to the command's group, or keep it until then."""
    if pid > 0:
        try:
            os.killpg(pid, signum)
        except ProcessLookupError:
            pass
    else:
        pending.append(signum)


# Orphans of the command (the benchmark, when a wrapper around it dies
# of a signal) become our children, to be waited for.
subreaper = False
try:
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    subreaper = libc.prctl(36, 1, 0, 0, 0) == 0    # PR_SET_CHILD_SUBREAPER
except (ImportError, OSError, AttributeError):
    pass

for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(s, forward)
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    try:
        os.setpgid(0, 0)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.execvp(sys.argv[3], sys.argv[3:])
    finally:
        os._exit(127)
try:
    os.setpgid(pid, pid)
except OSError:
    pass    # the child did it, or has already run exec
for s in pending:
    forward(s, None)
_, status, ru = os.wait4(pid, 0)
wall = time.monotonic() - t0
while subreaper:
    try:
        os.wait()
    except ChildProcessError:
        break
print("%.6f %.6f %.6f %d" % (ru.ru_utime, ru.ru_stime, wall, ru.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status) != 0)
