#!/usr/bin/env python3
"""ptyrun.py: run a program with its standard input on a pseudo-terminal,
so that it believes it is interactive, and type lines at it.

  ptyrun.py INPUT OUT ERR PROGRAM [ARG...]
      stdin is the pty; stdout goes to the file OUT and stderr to ERR.  The
      lines of INPUT are typed at once (the tty is in canonical mode without
      echo, so the program reads them one by one), then end-of-file (^D).

  ptyrun.py -t INPUT OUT PROGRAM [ARG...]
      stdin, stdout and stderr are all the pty (a real terminal session,
      for line editing).  Each line of INPUT is typed, ended by a carriage
      return, after the prompt "pm>" appeared and, when PM_LIBEDIT is yes,
      the program reads the terminal in raw mode (libedit sets it up after
      printing its prompt, discarding what was typed before); everything
      the terminal showed goes to OUT.

The program starts with the default action for SIGINT, SIGQUIT, SIGHUP
and SIGTERM, whatever this script inherited.  The exit status is the
program's (128 + N when killed by signal N), or 124 when it did not finish
within PM_HANG seconds (default 300: a hang; it is then killed).
"""

import os
import select
import signal
import subprocess
import sys
import termios
import time

TIMEOUT = float(os.environ.get("PM_HANG", "300"))
LIBEDIT = os.environ.get("PM_LIBEDIT") == "yes"


def raw(fd):
    """Whether the terminal of fd is in raw mode (ICANON off)."""
    return not termios.tcgetattr(fd)[3] & termios.ICANON


def read_some(fd, sink, wait):
    """Read what fd has within `wait` seconds into sink: the bytes, b""
    when nothing came, None at EOF or on an error."""
    r, _, _ = select.select([fd], [], [], wait)
    if not r:
        return b""
    try:
        data = os.read(fd, 4096)
    except OSError:
        return None
    if not data:
        return None
    sink.append(data)
    return data


def await_raw(fd, sink, deadline):
    """Read fd into sink until its terminal is in raw mode, or EOF, or
    the deadline.  Returns True when it is."""
    while not raw(fd):
        if time.monotonic() > deadline:
            return False
        if read_some(fd, sink, 0.01) is None:
            return False
    return True


def default_signals():
    """The default action for the signals a terminal (or kill) sends."""
    for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP,
                signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


def drain(fd, sink, until=None, deadline=None):
    """Read fd into sink until the bytes `until` appear in what was read
    (if given), or EOF, or the deadline.  Returns True when `until` was
    seen."""
    seen = b""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        data = read_some(fd, sink, min(left, 0.1))
        if data is None:
            return False
        if not data:
            if until is None:
                return True
            continue
        seen += data
        if until is not None and until in seen:
            return True


def status(proc):
    rc = proc.returncode
    return 128 - rc if rc < 0 else rc


def wait(proc, master, sink, deadline):
    while proc.poll() is None:
        if time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            return 124
        drain(master, sink, None, time.monotonic() + 0.1)
    drain(master, sink, None, time.monotonic() + 0.2)
    return status(proc)


def main():
    args = sys.argv[1:]
    full = args and args[0] == "-t"
    if full:
        args = args[1:]
    if len(args) < (3 if full else 4):
        sys.stderr.write(__doc__)
        return 2
    with open(args[0], "rb") as f:
        lines = f.read().splitlines(True)
    deadline = time.monotonic() + TIMEOUT
    master, slave = os.openpty()
    attr = termios.tcgetattr(slave)
    attr[3] &= ~termios.ECHO
    termios.tcsetattr(slave, termios.TCSANOW, attr)
    sink = []
    if full:
        out = open(args[1], "wb")
        proc = subprocess.Popen(args[2:], stdin=slave, stdout=slave,
                                stderr=slave, start_new_session=True,
                                preexec_fn=default_signals)
        os.close(slave)
        for line in lines:
            if not drain(master, sink, b"pm>", deadline):
                break
            if LIBEDIT and not await_raw(master, sink, deadline):
                break
            os.write(master, line.rstrip(b"\r\n") + b"\r")
        rc = wait(proc, master, sink, deadline)
        out.write(b"".join(sink))
        out.close()
        return rc
    out = open(args[1], "wb")
    err = open(args[2], "wb")
    proc = subprocess.Popen(args[3:], stdin=slave, stdout=out, stderr=err,
                            start_new_session=True,
                            preexec_fn=default_signals)
    os.close(slave)
    for line in lines:
        os.write(master, line)
    if lines and not lines[-1].endswith(b"\n"):
        os.write(master, b"\n")
    os.write(master, b"\x04")
    rc = wait(proc, master, sink, deadline)
    out.close()
    err.close()
    return rc


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
