"""keys.py: drive a program on a pseudo-terminal (stdin, stdout and stderr
one terminal, as at a shell prompt) with keystrokes and pauses, and print
everything the terminal showed, then "STATUS N" (the exit status, 128 + N
when killed by signal N, 124 when it did not end in time).

  keys.py DIR PROGRAM [ARG...] <SCRIPT

SCRIPT has one step a line: "type TEXT" sends TEXT (\\r, \\x03 and the like
are decoded), "until TEXT" reads until TEXT appears in what the terminal
shows after the previous "until", and "prompt" until the next "pm>" and,
when PM_LIBEDIT is yes, until the program reads the terminal in raw mode
(ICANON off): libedit sets up the terminal after printing its prompt,
discarding what was typed before, and a Ctrl-D typed in between would be
the terminal's own end of file.  Each step waits for an event, never for
a time; PM_HANG seconds (default 300) without it is a hang: the program
is killed and STATUS is 124.  The program runs in DIR, with the default
action for the signals a terminal sends (SIGINT, SIGQUIT, SIGHUP) and
SIGTERM, whatever this script inherited.
"""

import os
import pty
import select
import signal
import sys
import termios
import time

TIMEOUT = float(os.environ.get("PM_HANG", "300"))
LIBEDIT = os.environ.get("PM_LIBEDIT") == "yes"


def main():
    where, argv = sys.argv[1], sys.argv[2:]
    steps = [l.rstrip("\n") for l in sys.stdin]
    pid, fd = pty.fork()
    if pid == 0:
        for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP,
                    signal.SIGTERM):
            signal.signal(sig, signal.SIG_DFL)
        os.chdir(where)
        os.execv(argv[0], argv)
    seen = bytearray()

    mark = [0]

    def raw():
        try:
            return not termios.tcgetattr(fd)[3] & termios.ICANON
        except termios.error:
            return True

    def read_until(until=None, mode=None):
        """Read until `until` shows after the mark, or the terminal is
        in raw mode (mode), or the end of the program's output."""
        end = time.monotonic() + TIMEOUT
        while time.monotonic() < end:
            if until is not None:
                at = seen.find(until, mark[0])
                if at >= 0:
                    mark[0] = at + len(until)
                    return
            elif mode is not None and mode():
                return
            r, _, _ = select.select([fd], [], [], 0.01)
            if not r:
                continue
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            if not data:
                return
            seen.extend(data)

    for step in steps:
        word, _, arg = step.partition(" ")
        if word == "type":
            os.write(fd, arg.encode().decode("unicode_escape").encode())
        elif word == "until":
            read_until(arg.encode())
        elif word == "prompt":
            read_until(b"pm>")
            if LIBEDIT:
                read_until(mode=raw)
        else:
            sys.exit("keys.py: unknown step: %s" % step)
    read_until()
    end = time.monotonic() + TIMEOUT
    status = 124
    while time.monotonic() < end:
        done, st = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(st)
            status = 128 - status if status < 0 else status
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    sys.stdout.write(seen.decode(errors="replace").replace("\r", ""))
    print("\nSTATUS %d" % status)


main()
