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

"""The error rates of postmark-compare's statistics, simulated through
the tool's own functions (compare_stats.ratio_test, correct, margin) from
a fixed seed, so that the figures are the same each time: TAP for
tests/t6032, each figure in its test's line; with --table the figures as
man/postmark-compare.1 and results/README.md quote them.

A label's runs are mu (1 + cv Z), Z standard normal, drawn again when not
above 0: runs spread in proportion to their level, so that the true ratio
of two labels is that of their means, medians and geometric means alike.

1. One row: A against A, and against A scaled by 0.7 and 1.3, with n = 3,
   5 and 10 runs each and a CV of 1, 5 and 30 %, ROWS comparisons each:
   the share found significant at 5 % (5 +- 1.5 %), the share of
   intervals that hold the true ratio (95 +- 1.5 %), bounds at or below 0
   (none).
2. Many rows: A against A on the 13 tested measures of a report's table
   (16 rows, 3 of which repeat transactions/s or elapsed s), every run's
   measures moved together by one factor (the machine's speed: rates
   down, times and latencies up) and each by its own noise, n = 3 and 5,
   CV 5 %, ROWS comparisons each: the share of comparisons with any other
   row than the primary one significant after Benjamini-Hochberg (at most
   5 + 1.5 %), beside the share uncorrected.
3. The gate (kernels --gate 'transactions/s -5%', -n 3 and --max-rounds
   6, the default: 4 looks, each at 5 %/4), GATES gates at each CV of 1,
   5 and 30 % and true ratio 1 (A against A), 0.95 (at the margin), 0.9
   and 0.7: the shares of bad, good and 125.  Wrong verdicts (bad at 0.95
   or above, good below it) at most 2.5 %, within 3 standard errors.
4. Emulated time (icount: a CV of 0.6 % and 1 %), -n 3: the gate decides
   (125 in at most 2 %) at ratio 1 and 0.9.
5. Unequal spreads, which the test assumes away: A against A, 3 runs
   each, the test label's spread 2 and 3 times the reference's (CV 5 %):
   the share found significant, said in the man page's caveats (at most
   10 %).

--table also prints what the methods not taken give on part 1's runs
with 3 each (alternatives(), figures only): the same test with Welch's
degrees of freedom from the two sample spreads (its interval misses the
true ratio), Fieller's interval of the ratio of the means with Welch's degrees
of freedom (unbounded: the reference's mean not significantly above 0),
and the interval of earlier versions, Welch's of the difference of the
means over the reference's mean (a lower bound at or below 0).
"""

import math
import random
import sys

from postmark_compare import compare_stats as st

SEED = 20261201
ROWS = 2000             # comparisons per cell of 1 and 2
GATES = 1000            # gates per cell of 3 and 4
NS = (3, 5, 10)
CVS = (0.01, 0.05, 0.30)
RATIOS = (1.0, 0.7, 1.3)
# The many rows of 2: (name, which way the common factor moves it).
MEASURES = (("transactions/s", -1), ("creates/s alone", -1),
            ("creates/s mixed", -1), ("deletes/s", -1),
            ("deletes/s alone", -1), ("deletes/s mixed", -1),
            ("read MB/s", -1), ("write MB/s", -1), ("elapsed s", 1),
            ("create p50", 1), ("create p99", 1), ("read p50", 1),
            ("read p99", 1), ("append p50", 1), ("append p99", 1),
            ("delete p50", 1), ("delete p99", 1))
# Rows that repeat another's test (compare_report.SPANS).
SAME = {"creates/s mixed": "transactions/s",
        "deletes/s mixed": "transactions/s",
        "deletes/s": "elapsed s", "read MB/s": "elapsed s",
        "write MB/s": "elapsed s"}
SHARED = 0.8            # the common factor's share of a measure's spread
MARGIN = 0.05
GATE_N = (3, 6)
GATE_RATIOS = (1.0, 0.95, 0.9, 0.7)


def runs(rng, n, mu, cv):
    """n runs of level mu and spread cv."""
    out = []
    while len(out) < n:
        x = mu * (1 + cv * rng.gauss(0, 1))
        if x > 0:
            out.append(x)
    return out


def rows(rng):
    """Part 1: {(n, cv, ratio): (significant, covered, bounds <= 0)}."""
    out = {}
    for n in NS:
        for cv in CVS:
            for r in RATIOS:
                sig = cov = neg = 0
                for _ in range(ROWS):
                    c = st.ratio_test(st.Sample(runs(rng, n, 1000, cv)),
                                      st.Sample(runs(rng, n, 1000 * r, cv)))
                    sig += c.significant
                    cov += c.lo <= r <= c.hi
                    neg += c.lo <= 0
                out[(n, cv, r)] = (sig / ROWS, cov / ROWS, neg)
    return out


def report_runs(rng, n, cv):
    """n runs of the measures of 2: {name: [values]}, with the dupli-
    cates the same counts over the same time as their originals."""
    vals = {name: [] for name, _ in MEASURES}
    own = math.sqrt(1 - SHARED * SHARED)
    for _ in range(n):
        f = rng.gauss(0, 1)
        for name, way in MEASURES:
            if name in SAME:
                continue
            z = SHARED * way * f + own * rng.gauss(0, 1)
            vals[name].append(1000 * math.exp(cv * z))
    for name, orig in SAME.items():
        inv = (name in ("creates/s mixed", "deletes/s mixed")) is False
        vals[name] = [(1e6 / v if inv else v / 2) for v in vals[orig]]
    return vals


def many(rng):
    """Part 2: {n: (share with another row significant, corrected;
    uncorrected; tests per comparison)}."""
    out = {}
    for n in (3, 5):
        anyc = anyu = 0
        tests = 0
        for _ in range(ROWS):
            a, b = report_runs(rng, n, 0.05), report_runs(rng, n, 0.05)
            comps = {name: st.ratio_test(st.Sample(a[name]),
                                         st.Sample(b[name]))
                     for name, _ in MEASURES}
            anyu += any(c.significant for k, c in comps.items()
                        if k != "transactions/s" and k not in SAME)
            fam = st.correct(comps, "transactions/s", dict(SAME))
            tests = fam.tests
            anyc += fam.found > 0
        out[n] = (anyc / ROWS, anyu / ROWS, tests)
    return out


def unequal(rng):
    """Part 5: {spread ratio: share significant}."""
    out = {}
    for k in (2, 3):
        sig = 0
        for _ in range(ROWS):
            c = st.ratio_test(st.Sample(runs(rng, 3, 1000, 0.05)),
                              st.Sample(runs(rng, 3, 1000, 0.05 * k)))
            sig += c.significant
        out[k] = sig / ROWS
    return out


def alternatives(rng):
    """The methods not taken, n 3: {(cv, ratio): (Welch's df: the
    interval misses the ratio, Fieller unbounded, earlier bound <= 0)}."""
    out = {}
    for cv in CVS:
        for r in RATIOS:
            wel = unb = neg = 0
            for _ in range(ROWS):
                a = st.Sample(runs(rng, 3, 1000, cv))
                b = st.Sample(runs(rng, 3, 1000 * r, cv))
                va, vb = a.lsd ** 2 / 3, b.lsd ** 2 / 3
                df = (va + vb) ** 2 / ((va * va + vb * vb) / 2)
                d = b.lmean - a.lmean - math.log(r)
                wel += st.tail(d / math.sqrt(va + vb), df) < 0.05
                va, vb = a.sd ** 2 / 3, b.sd ** 2 / 3
                df = (va + vb) ** 2 / ((va * va + vb * vb) / 2)
                w = (b.mean / a.mean) ** 2 * va
                fdf = (vb + w) ** 2 / ((vb * vb + w * w) / 2)
                unb += a.mean ** 2 <= st.tinv(0.05, fdf) ** 2 * va
                neg += b.mean - st.tinv(0.05, df) * math.sqrt(va + vb) <= 0
            out[(cv, r)] = (wel / ROWS, unb / ROWS, neg / ROWS)
    return out


def gate(rng, cv, ratio, nmin, nmax):
    """One gate as kernels mode runs it: 1 bad, -1 good, 0 (125)."""
    alpha = 0.05 / (nmax - nmin + 1)
    good = runs(rng, nmin, 1000, cv)
    test = runs(rng, nmin, 1000 * ratio, cv)
    while True:
        way, _ = st.margin(st.Sample(good), st.Sample(test), 1 - MARGIN,
                           1, alpha)
        if way or len(good) >= nmax:
            return way
        good += runs(rng, 1, 1000, cv)
        test += runs(rng, 1, 1000 * ratio, cv)


def gates(rng, cvs, ratios, nmin, nmax):
    """Parts 3 and 4: {(cv, ratio): (bad, good, 125)}."""
    out = {}
    for cv in cvs:
        for r in ratios:
            n = {1: 0, -1: 0, 0: 0}
            for _ in range(GATES):
                n[gate(rng, cv, r, nmin, nmax)] += 1
            out[(cv, r)] = (n[1] / GATES, n[-1] / GATES, n[0] / GATES)
    return out


def pc(x):
    return f"{100 * x:.1f}%"


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, text):
        self.n += 1
        self.failed += not cond
        print(f"{'ok' if cond else 'not ok'} {self.n} - {text}")


def main(argv):
    rng = random.Random(SEED)
    one = rows(rng)
    multi = many(rng)
    g = gates(rng, CVS, GATE_RATIOS, *GATE_N)
    ic = gates(rng, (0.006, 0.01), (1.0, 0.9), 3, 6)
    uneq = unequal(rng)
    if "--table" in argv:
        table(one, multi, g, ic, uneq)
        alt = alternatives(rng)
        print("Not taken, n 3: Welch's df misses the ratio / Fieller "
              "unbounded / earlier bound <= 0")
        for (cv, r), f in alt.items():
            print(f"CV {cv * 100:2g}%  ratio {r:3g}  " +
                  " / ".join(pc(x) for x in f))
        return 0
    t = Tap()
    level = 0.025 + 3 * math.sqrt(0.025 * 0.975 / GATES)
    for (n, cv, r), (sig, cov, neg) in one.items():
        where = f"n {n}, CV {cv * 100:g}%, ratio {r:g}"
        if r == 1:
            t.ok(abs(sig - 0.05) <= 0.015,
                 f"{where}: {pc(sig)} significant (5 +- 1.5%)")
        t.ok(abs(cov - 0.95) <= 0.015,
             f"{where}: the interval holds the ratio {pc(cov)} (95 +- 1.5%)")
        t.ok(neg == 0, f"{where}: {neg} bounds at or below 0")
    for n, (anyc, anyu, tests) in multi.items():
        t.ok(anyc <= 0.065,
             f"n {n}, {tests} tests, A against A: another row than the "
             f"primary significant in {pc(anyc)} (at most 5 + 1.5%; "
             f"{pc(anyu)} uncorrected)")
    for (cv, r), (bad, good, skip) in g.items():
        where = f"gate -5%, -n 3, 6 rounds, CV {cv * 100:g}%, ratio {r:g}"
        wrong, what = (bad, "bad") if r >= 1 - MARGIN else (good, "good")
        t.ok(wrong <= level,
             f"{where}: {what} (wrong) {pc(wrong)}, at most 2.5% "
             f"(bad {pc(bad)}, good {pc(good)}, 125 {pc(skip)})")
    for (cv, r), (bad, good, skip) in ic.items():
        t.ok(skip <= 0.02,
             f"gate -5%, -n 3, CV {cv * 100:g}% (icount), ratio {r:g}: "
             f"125 in {pc(skip)} (at most 2%; bad {pc(bad)}, good "
             f"{pc(good)})")
    for k, sig in uneq.items():
        t.ok(sig <= 0.10, f"n 3, one spread {k} times the other's: "
             f"{pc(sig)} of A against A significant (at most 10%)")
    print(f"1..{t.n}")
    return 1 if t.failed else 0


def table(one, multi, g, ic, uneq):
    """The figures as the man page and results/README.md quote them."""
    print("One row at 5 %: significant (A against A); the interval's "
          "coverage at ratios 1, 0.7, 1.3")
    for n in NS:
        for cv in CVS:
            f = [one[(n, cv, r)] for r in RATIOS]
            print(f"n {n:2d}  CV {cv * 100:2g}%  {pc(f[0][0]):>6}  " +
                  "  ".join(pc(x[1]) for x in f) +
                  f"  bounds <= 0: {sum(x[2] for x in f)}")
    print("Many rows (A against A, CV 5 %): any other row significant")
    for n, (anyc, anyu, tests) in multi.items():
        print(f"n {n}: {tests} tests: {pc(anyc)} corrected, {pc(anyu)} "
              "uncorrected")
    print("Gate -5 %, -n 3, --max-rounds 6: bad / good / 125")
    for (cv, r), f in list(g.items()) + list(ic.items()):
        print(f"CV {cv * 100:3g}%  ratio {r:4g}  " +
              " / ".join(pc(x) for x in f))
    print("Unequal spreads, n 3, A against A: significant")
    for k, sig in uneq.items():
        print(f"spread x{k}: {pc(sig)}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
