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
"""runs.py: fuzz whole batch runs of postmark.

  runs.py [-n COUNT] [-s SEED] [-k KEEPDIR] [-t SECONDS] [--tap] POSTMARK

Writes COUNT random configurations that end in small runs (at most 200
files, 500 transactions, 64 KiB files, 2 iterations) and runs POSTMARK on
each, as its startup file, in a fresh scratch directory.  The lines are
drawn from every "set" key, valid and not: the edges of each range (0, 1,
the maximum and one more, negative numbers, 1k/1m/1g units), plurals,
typos, unknown keys, control bytes, long lines; locations inside the
scratch directory, missing ones, one given twice, with and without
subdirectories; a file named as the run would name one of its own;
buffering; every report format, to standard output or to a file; a
"load"ed file.  Each run must:

  * end by itself within SECONDS (default 60), not by a signal, without
    a sanitizer report (AddressSanitizer, LeakSanitizer, UBSan);
  * exit 0, or 1 with a message on standard error;
  * leave the scratch directory as it was, but for the report files it
    was told to write;
  * touch nothing outside it: a sentinel directory beside it, holding
    files named as a run names its own (1, 2, s0/1, ...), is compared
    before and after.

Prints one line per failure and a summary; with --tap, TAP: a test per
configuration and a last one that some of them ran to the end (exit 0),
so that a generator that only writes bad configurations fails.  A
failing configuration is kept in KEEPDIR (if given) with its output.
Exit status 0 when every run passed, 1 otherwise.
"""

import argparse
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile

NUMBER_MAX = 1073741823
INT_MAX = 2147483647
ITER_MAX = 1000000

# Sanitizer reports in standard error.
REPORTS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer",
           "runtime error:", "SUMMARY: UndefinedBehaviorSanitizer",
           "AddressSanitizer:DEADLYSIGNAL")

# Names a run gives its own files and subdirectories.
POOL_NAMES = ("1", "2", "3", "7", "s0", "s1")


def snapshot(top, skip=(), times=False):
    """Every path under top (relative) with the sha256 of each regular
    file, its kind otherwise, and with times, the modification time of
    each (top's too); paths in skip are left out, with what they hold."""
    snap = {}
    if times:
        snap["."] = os.lstat(top).st_mtime_ns
    for root, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs
                   if os.path.relpath(os.path.join(root, d), top) not in skip]
        for name in dirs + files:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, top)
            if rel in skip:
                continue
            if os.path.islink(path):
                snap[rel] = "link " + os.readlink(path)
            elif os.path.isfile(path):
                with open(path, "rb") as f:
                    snap[rel] = hashlib.sha256(f.read()).hexdigest()
            elif os.path.isdir(path):
                snap[rel] = "dir"
            else:
                snap[rel] = "other"
            if times:
                snap[rel] += " %d" % os.lstat(path).st_mtime_ns
    return snap


def edge(rng, lo, hi, units=False, valid=True):
    """A value for a number key with range lo..hi: valid ones at or near
    the edges, with 1024-based units where the key takes them; when not
    valid, often just outside the range or not a number."""
    if not valid and rng.random() < 0.5:
        if rng.random() < 0.5:
            return str(rng.choice([lo - 1, hi + 1, -5, 2 ** 32, 2 ** 63,
                                   10 ** 20]))
        return rng.choice(["1x", "+1", "0x10", "1.5", "1e3", "abc", "-0",
                           "1k2", "k", "1kb", "1 2"])
    pick = rng.random()
    if pick < 0.2 and units:
        for _ in range(10):
            n, u = rng.choice([1, 2, 4, 1023]), rng.choice("kKmMgG")
            mult = 1024 ** (" kmg".index(u.lower()))
            if lo <= n * mult <= hi:
                return "%d%s" % (n, u)
    if pick < 0.6:
        return str(rng.choice([lo, lo + 1, hi, hi - 1]))
    if pick < 0.7 and lo <= 0:
        return rng.choice(["00", "007"])
    return str(rng.randint(lo, min(hi, 1000)))


def unique_prefix(key, keys):
    """The shortest prefix of each word of key that no other key shares
    at that word ("bi r" for "bias read")."""
    words = key.split()
    out = []
    for d, w in enumerate(words):
        others = {k.split()[d] for k in keys
                  if k != key and len(k.split()) > d and
                  k.split()[:d] == words[:d]}
        n = 1
        while n < len(w) and any(o != w and o.startswith(w[:n])
                                 for o in others):
            n += 1
        out.append(w[:n])
    return " ".join(out)


class Config:
    """One random configuration and what running it may write."""

    def __init__(self, rng, scratch):
        self.rng = rng
        self.scratch = scratch
        self.lines = []
        self.reports = set()    # files the run may write (relative)
        self.dirs = []          # locations to make before the run
        self.files = {}         # files to make before the run
        self.valid = rng.random() < 0.7     # only valid set lines
        self.added = []         # locations set so far, as typed

    def loc(self):
        """A location: a directory of the scratch directory (made, or
        not), relative or absolute, sometimes an sK of another."""
        name = self.rng.choice(["a", "b", "c", "a/s0", "a/s1", "b/x",
                                "nope", "a/../b", "./c", "file"])
        if name not in ("nope", "file", "a/s0", "a/s1", "b/x"):
            self.dirs.append(name)
        if name == "file":
            self.files["file"] = b"not a directory\n"
        if self.rng.random() < 0.3:
            name = os.path.join(self.scratch, name)
        return name

    def set_lines(self, n):
        """n random set lines: valid ones, or, when the configuration is
        not to be valid, any."""
        rng = self.rng
        ok = self.valid

        def size():
            lo = edge(rng, 1, NUMBER_MAX, True, ok)
            if ok and rng.random() < 0.5:
                return lo
            return "%s %s" % (lo, edge(rng, 1, NUMBER_MAX, True, ok)
                              if not ok else rng.choice([lo, str(NUMBER_MAX),
                                                         "1023m"]))

        def location():
            op = rng.choice(["", "+", "+", "-"])
            weight = rng.choice(["", "", " 1", " 3"])
            if not ok:
                weight = rng.choice([weight, " 0", " x", " -1", " 1 2",
                                     " %d" % INT_MAX])
            if op == "-" and (self.added or not ok):
                return "-" + (rng.choice(self.added) if self.added else "a")
            name = self.loc()
            self.added = ([] if op == "" else self.added) + [name]
            return ("" if op == "" else "+") + name + weight

        choose = lambda *v: lambda: rng.choice(v)
        keys = [
            ("number", lambda: edge(rng, 1, NUMBER_MAX, False, ok)),
            ("transactions", lambda: edge(rng, 1, INT_MAX, False, ok)),
            ("seed", lambda: edge(rng, 1, INT_MAX, False, ok)),
            ("subdirectories", lambda: edge(rng, 1, INT_MAX, False, ok)),
            ("read", lambda: edge(rng, 1, INT_MAX, True, ok)),
            ("write", lambda: edge(rng, 1, INT_MAX, True, ok)),
            ("size", size),
            ("bias read", lambda: edge(rng, -1, 10, False, ok)),
            ("bias create", lambda: edge(rng, -1, 10, False, ok)),
            ("buffering", choose("true", "false") if ok else
             choose("true", "TRUE", "1", "yes", "")),
            ("report", choose("verbose", "terse", "csv", "json") if ok else
             choose("xml", "Terse", "", "csv json")),
            ("label", choose("", "x", "a,b", 'q"q', "tab\there",
                             "\u00e9t\u00e9", "{\"j\": [1]}", "x" * 300)),
            ("iterations", lambda: edge(rng, 1, ITER_MAX, False, ok)),
            ("location", location),
        ]
        out = []
        for _ in range(n):
            key, value = rng.choice(keys)
            word = key
            if rng.random() < 0.1 and " " not in key:
                word = key + "s"                # PostMark's plural
            elif rng.random() < 0.1:
                word = unique_prefix(key, [k for k, _ in keys])
            elif not ok and rng.random() < 0.05:
                i = rng.randrange(len(key))
                word = key[:i] + key[i + 1:]    # a typo
            out.append(("set %s %s" % (word, value())).rstrip())
        return out

    def junk(self):
        """An invalid line: control bytes, a long line, nonsense."""
        rng = self.rng
        return rng.choice([
            "set number 5\x01",
            "set\x00number 5",
            "bogus",
            "runaway",
            "set s 1",
            "set number " + "9" * rng.choice([100, 5000]),
            "set label " + "L" * 70000 + "\x7f",
            "show a b",
            "load missing.pm",
            "set location",
            "run a b",
        ])

    def safe_lines(self, n):
        """n random set lines of keys that do not change the size of a
        run (seed, biases, buffering, report, label, location)."""
        big = ("n", "t", "si", "su", "r", "w", "i")
        return [l for l in self.set_lines(n)
                if len(l.split()) < 2 or not l.split()[1].startswith(big)]

    def clamp(self):
        """Lines that make the run small whatever came before: at most
        200 files, 500 transactions, 64 KiB files, 2 iterations, 10
        subdirectories; one-byte blocks only on small files."""
        rng = self.rng
        small = rng.random() < 0.2
        number = rng.choice([1, 2, 5, 20] if small else [1, 5, 50, 200])
        lines = ["set number %d" % number,
                 "set transactions %d" % rng.choice([1, 3, 9, 10, 50, 500]),
                 "set iterations %d" % rng.choice([1, 1, 1, 2]),
                 "set subdirectories %d" % rng.choice([1, 1, 2, 3, 10])]
        if small:
            lines.append("set size 1 %d" % rng.choice([1, 100, 2048]))
            lines.append("set read %s" % rng.choice(["1", "7", "512"]))
            lines.append("set write %s" % rng.choice(["1", "13", "512"]))
        else:
            lo = rng.choice([1, 10, 500, 4096])
            hi = rng.choice([lo, lo + 1, 10000, 65536])
            lines.append("set size %d %d" % (lo, hi))
            lines.append("set read %s" % rng.choice(["512", "4k", "64k"]))
            lines.append("set write %s" % rng.choice(["512", "8k", "1m"]))
        return lines

    def generate(self):
        """The lines of the configuration, ending in a run."""
        rng = self.rng
        self.lines = ["# runs.py"]
        self.lines += self.set_lines(rng.randint(0, 8))
        self.lines += self.clamp()
        self.lines += self.safe_lines(rng.randint(0, 6))
        if rng.random() < 0.3:
            loc = rng.choice(["a", "b"])
            self.dirs.append(loc)
            self.lines.append("set location %s" % loc)
            self.lines.append("set location +%s" % loc)     # twice
        if rng.random() < 0.15:
            # A file named as the run names one of its own.
            loc = rng.choice(["a", "b", "c"])
            self.dirs.append(loc)
            self.files[os.path.join(loc, rng.choice(POOL_NAMES))] = b"mine\n"
            self.lines.append("set location %s" % loc)
        if rng.random() < 0.2:
            self.files["inc.pm"] = "\n".join(
                self.safe_lines(3) + ["set number 3"]).encode() + b"\n"
            self.lines.append("load inc.pm")
        if rng.random() < 0.15:
            out = rng.choice(["shown.txt", "a/shown.txt"])
            self.reports.add(out)
            self.dirs.append("a")
            self.lines.append("show %s" % out)
        if not self.valid and rng.random() < 0.5:
            i = rng.randrange(len(self.lines) + 1)
            self.lines.insert(i, self.junk())
        self.lines.append("set report %s" % rng.choice(
            ["verbose", "terse", "csv", "json"]))
        run = "run"
        if rng.random() < 0.5:
            out = rng.choice(["report.csv", "report.json", "r/report.txt"])
            self.reports.add(out)
            run = "run %s" % out
            if out.startswith("r/"):
                self.dirs.append("r")
        self.lines.append(run)
        if rng.random() < 0.5:
            self.lines.append("quit")
        return "\n".join(self.lines) + "\n"


def check(postmark, text, conf, top, seconds):
    """Run one configuration in a fresh scratch directory under top.
    Returns (problems, status, stdout, stderr)."""
    scratch = os.path.join(top, "scratch")
    sentinel = os.path.join(top, "sentinel")
    os.mkdir(scratch)
    os.mkdir(sentinel)
    for name in POOL_NAMES:
        path = os.path.join(sentinel, name)
        if name.startswith("s"):
            os.mkdir(path)
            with open(os.path.join(path, "1"), "w") as f:
                f.write("sentinel\n")
        else:
            with open(path, "w") as f:
                f.write("sentinel %s\n" % name)
    for d in conf.dirs:
        os.makedirs(os.path.join(scratch, d), exist_ok=True)
    for name, data in conf.files.items():
        path = os.path.join(scratch, name)
        if os.path.isdir(path):
            continue
        os.makedirs(os.path.dirname(path) or scratch, exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    cfg = os.path.join(top, "config.pm")
    with open(cfg, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    before_top = snapshot(top, {"scratch"}, True)
    before = snapshot(scratch)

    problems = []
    try:
        p = subprocess.run([postmark, cfg], cwd=scratch,
                           stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=seconds)
        status, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        status, out, err = None, e.stdout or b"", e.stderr or b""
        problems.append("did not end within %d s" % seconds)
    errtext = err.decode(errors="replace")
    if status is not None and status < 0:
        problems.append("killed by signal %d" % -status)
    elif status is not None and status not in (0, 1):
        problems.append("exit status %d" % status)
    elif status == 1 and not errtext.strip():
        problems.append("exit status 1 without a message")
    for r in REPORTS:
        if r in errtext:
            problems.append("sanitizer report: %s" % r)
            break

    after = snapshot(scratch, conf.reports)
    skip = {r for r in conf.reports}
    before = {k: v for k, v in before.items() if k not in skip}
    if after != before:
        added = sorted(set(after) - set(before))
        gone = sorted(set(before) - set(after))
        changed = sorted(k for k in set(after) & set(before)
                         if after[k] != before[k])
        problems.append("scratch directory changed: added %s, removed %s, "
                        "changed %s" % (added[:5], gone[:5], changed[:5]))
    if snapshot(top, {"scratch"}, True) != before_top:
        problems.append("a file outside the scratch directory changed")
    return problems, status, out, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200, help="configurations")
    ap.add_argument("-s", type=int, default=None, help="random seed")
    ap.add_argument("-k", default=None, help="keep failures here")
    ap.add_argument("-t", type=int, default=60, help="seconds per run")
    ap.add_argument("--tap", action="store_true", help="print TAP")
    ap.add_argument("postmark")
    args = ap.parse_args()

    seed = args.s if args.s is not None else random.randrange(2 ** 31)
    rng = random.Random(seed)
    postmark = os.path.abspath(args.postmark)
    counts = {0: 0, 1: 0}
    failures = 0
    if not args.tap:
        print("runs.py: seed %d, %d configurations" % (seed, args.n))
    for i in range(1, args.n + 1):
        top = tempfile.mkdtemp(prefix="pmruns.")
        try:
            conf = Config(rng, os.path.join(top, "scratch"))
            text = conf.generate()
            problems, status, out, err = check(postmark, text, conf, top,
                                               args.t)
        finally:
            shutil.rmtree(top, ignore_errors=True)
        if status in counts:
            counts[status] += 1
        desc = "config %d: exit %s" % (i, status)
        if args.tap:
            print("%s %d - %s" % ("not ok" if problems else "ok", i, desc))
        if not problems:
            continue
        failures += 1
        lines = ["config %d (seed %d): %s" % (i, seed, "; ".join(problems))]
        lines += ["  | " + l for l in text.splitlines()]
        lines += ["  stderr: " + l for l in
                  err.decode(errors="replace").splitlines()[-20:]]
        print("\n".join(("# " + l) if args.tap else l for l in lines))
        if args.k:
            os.makedirs(args.k, exist_ok=True)
            base = os.path.join(args.k, "seed%d-config%d" % (seed, i))
            with open(base + ".pm", "w", encoding="utf-8",
                      errors="surrogateescape") as f:
                f.write(text)
            with open(base + ".err", "wb") as f:
                f.write(err)
    summary = ("runs.py: seed %d: %d configurations, %d ran (exit 0), "
               "%d refused or failed with a message (exit 1), %d problems"
               % (seed, args.n, counts[0], counts[1], failures))
    if args.tap:
        ran = counts[0] > 0 and counts[1] > 0
        print("%s %d - both outcomes seen: %d configurations ran, %d were "
              "refused or failed" % ("ok" if ran else "not ok", args.n + 1,
                                    counts[0], counts[1]))
        print("# " + summary)
        print("1..%d" % (args.n + 1))
        failures += 0 if ran else 1
    else:
        print(summary)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
