"""keys.py: drive a program on a pseudo-terminal (stdin, stdout and stderr
one terminal, as at a shell prompt) with keystrokes and pauses, and print
everything the terminal showed, then "STATUS N" (the exit status, 128 + N
when killed by signal N, 124 when it did not end in time).

  keys.py DIR PROGRAM [ARG...] <SCRIPT

SCRIPT has one step a line: "type TEXT" sends TEXT (\\r, \\x03 and the like
are decoded), "wait SECONDS" reads what comes for that long, "until TEXT"
reads until TEXT appears in what the terminal shows after the previous
"until" (at most 30 s), then 0.2 s more: libedit sets up the terminal
after printing its prompt, discarding what was typed before.  The program
runs in DIR.
"""

import os
import pty
import select
import sys
import time

TIMEOUT = 30.0


def main():
    where, argv = sys.argv[1], sys.argv[2:]
    steps = [l.rstrip("\n") for l in sys.stdin]
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(where)
        os.execv(argv[0], argv)
    seen = bytearray()

    mark = [0]

    def read_for(seconds, until=None):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if until is not None:
                at = seen.find(until, mark[0])
                if at >= 0:
                    mark[0] = at + len(until)
                    return
            r, _, _ = select.select([fd], [], [], 0.05)
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
        elif word == "wait":
            read_for(float(arg))
        elif word == "until":
            read_for(TIMEOUT, arg.encode())
            read_for(0.2)
    read_for(TIMEOUT)
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
