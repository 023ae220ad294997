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

"""The statistics of postmark-compare: Student's t, the test of a ratio
and the correction of many, the summary of a sample, the median and the
natural order of versions.

t975(df), the 95 % critical value of Student's t, is the algorithm of
pm_student_t975() in src/pm_stats.c, step for step, so that postmark's
`set precision` and this tool's --precision agree (tests/t6018 compares
them): below 1000 degrees of freedom the two-sided tail, a regularized
incomplete beta function, is inverted by bisection; from 1000 on the
Cornish-Fisher expansion in the normal quantile is used; it serves the
interval of a sample's mean (Sample).  tinv(p, df), the quantile of any
two-sided tail p, is Newton's method on the same tail (a few steps where
the bisection takes 75): it serves every ratio's interval, at 95 % too,
and the power.  tinv(0.05, df) and t975(df) differ in the last digits
(by up to tens of units in the last place), so neither stands in for the
other without changing figures.

A ratio (ratio_test()) is one test on the logarithms of the values:
the difference of their means is the logarithm of the ratio of the
geometric means, and its t interval, exponentiated, is the ratio's
interval: always positive, the reciprocal when the labels are swapped or
a rate is compared as its time, and excluding 1 exactly when the test is
significant at its level, so that a row's interval and its verdict never
disagree.  The rows of one comparison (correct()) are one primary
measure, tested at 5 %, and the others, corrected by Benjamini and
Hochberg's procedure, with intervals at the level that procedure used
(Benjamini and Yekutieli's false coverage rate), and rows that repeat
another's test.  tests/python/test_compare_stats.py holds the unit tests,
tests/python/simulate.py the simulation of their error rates;
`python3 -m postmark_compare.compare_stats --t975` prints t975 of each df
read from standard input (tests/t6018).
"""

import functools
import math
import re
import statistics
import sys

_FPMIN = 1e-300         # Lentz's guard against dividing by zero
_EPS = 1e-15            # the continued fraction has converged
_ITER = 1000            # at most this many steps of it
_BISECT = 200           # halvings of the bisection
_HIGH = 1e7             # above t(0.975, 1) = 12.7
_EXPAND = 1000.0        # df from which the expansion is used
_Z975 = 1.959963984540054       # the normal quantile 0.975
_NEWTON = 60            # at most this many steps of tinv's
_NORMAL = statistics.NormalDist()
# The relative width of a bucket of postmark's latency histograms, at
# most 1/64 (src/pm_hist.h): a percentile is known to within a bucket,
# so a sample of percentiles has a spread of at least that much (on the
# logarithms, log(1 + 1/64)), even where its values are all equal.
BUCKET = math.log1p(1 / 64)
POWER = 0.8             # the power of the smallest detectable change


def _nonzero(x):
    return _FPMIN if abs(x) < _FPMIN else x


def _betacf(a, b, x):
    """The continued fraction of I_x(a, b), modified Lentz."""
    qab = a + b
    qap = a + 1.0
    qam = a - 1.0
    c = 1.0
    d = 1.0 / _nonzero(1.0 - qab * x / qap)
    h = d
    for m in range(1, _ITER + 1):
        m2 = 2.0 * m
        # The even step of the recurrence, then the odd one.
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 / _nonzero(1.0 + aa * d)
        c = _nonzero(1.0 + aa / c)
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 / _nonzero(1.0 + aa * d)
        c = _nonzero(1.0 + aa / c)
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return h


def _betai(a, b, x):
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    bt = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
          a * math.log(x) + b * math.log(1.0 - x))
    bt = 0.0 if bt < -700.0 else math.exp(bt)
    if x < (a + 1.0) / (a + b + 2.0):
        return bt * _betacf(a, b, x) / a
    return 1.0 - bt * _betacf(b, a, 1.0 - x) / b


def tail(t, df):
    """The two-sided p-value of Student's t: P(|T| > |t|), df freedom."""
    if math.isinf(t):
        return 0.0
    return _betai(df / 2.0, 0.5, df / (df + t * t))


def _expand(df, z=_Z975):
    """t(0.975, df) by the Cornish-Fisher expansion (A&S 26.7.5); the
    quantile of another normal quantile z."""
    z2 = z * z
    g1 = (z2 + 1.0) * z / 4.0
    g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0
    g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0
    g4 = ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 -
          945.0) * z / 92160.0
    return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df


def _bisect(df):
    """t(0.975, df) by bisection on the tail, df >= 1: at most _BISECT
    halvings, stopping when the midpoint is lo or hi, after about 75.
    Then lo and hi are adjacent doubles, lo has a tail above 0.05 (or is
    0) and hi one of at most 0.05 (for df >= 1 also at _HIGH), so every
    later halving would leave them as they are: the value is that of all
    _BISECT."""
    lo = 0.0
    hi = _HIGH
    for _ in range(_BISECT):
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):
            break
        if tail(mid, df) > 0.05:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


_t975_cache = {}


def t975(df):
    """t(0.975, df): the two-sided 95 % critical value, df > 0 (nan
    otherwise); df need not be whole (Welch-Satterthwaite)."""
    if not df > 0:
        return math.nan
    if df >= _EXPAND:
        return _expand(df)
    v = _t975_cache.get(df)
    if v is None:
        v = _t975_cache[df] = _bisect(df)
    return v


@functools.lru_cache(maxsize=4096)
def tinv(p, df):
    """t(1 - p / 2, df): the t whose two-sided tail is p, for 0 < p < 1
    and df > 0 (nan otherwise).  Newton's method on log tail(t) against
    log t, from the Cornish-Fisher expansion, each step kept inside the
    bracket that the signs seen so far give (halving it when a step
    would leave it); from df 1000 on, the expansion.  Remembered: the
    degrees of freedom of a test depend on the sizes of its samples
    only (dfs()), so a report asks for few."""
    if not (df > 0 and 0 < p < 1):
        return math.nan
    z = _NORMAL.inv_cdf(1 - p / 2)
    if df >= _EXPAND:
        return _expand(df, z)
    c = (math.lgamma((df + 1) / 2) - math.lgamma(df / 2) -
         0.5 * math.log(df * math.pi))
    lp = math.log(p)
    u = math.log(max(_expand(df, z), 1e-3))
    lo, hi = -math.inf, math.inf
    for _ in range(_NEWTON):
        t = math.exp(u)
        q = tail(t, df)
        if q <= 0:
            hi, nu = u, u - 1
        else:
            g = math.log(q) - lp
            if g == 0:
                return t
            if g > 0:
                lo = u
            else:
                hi = u
            dens = math.exp(c - (df + 1) / 2 * math.log1p(t * t / df))
            nu = u + g * q / (2 * t * dens)
        if not lo < nu < hi:
            nu = ((lo + hi) / 2 if math.isfinite(lo + hi) else
                  (u + 1 if hi == math.inf else u - 1))
        if abs(nu - u) < 1e-15:
            return math.exp(nu)
        u = nu
    return math.exp(u)


class Sample:
    """The summary of one measure of one label in one group: n, mean,
    sd (divisor n - 1) and the 95 % interval of the mean (Student's t);
    mean is None without values, sd and the interval with fewer than 2.
    logs: the values' natural logarithms, None when a value is not above
    0; lmean and lsd their mean and sd."""

    __slots__ = ("n", "mean", "sd", "lo", "hi", "logs", "lmean", "lsd")

    def __init__(self, values):
        self.n = len(values)
        self.mean = self.sd = self.lo = self.hi = None
        self.logs = self.lmean = self.lsd = None
        if self.n == 0:
            return
        self.mean = math.fsum(values) / self.n
        if all(v > 0 for v in values):
            self.logs = [math.log(v) for v in values]
            self.lmean = math.fsum(self.logs) / self.n
            if min(values) == max(values):
                self.lmean = self.logs[0]       # and lsd 0, exactly
        if self.n < 2:
            return
        ss = math.fsum((v - self.mean) ** 2 for v in values)
        self.sd = math.sqrt(ss / (self.n - 1))
        h = t975(self.n - 1) * self.sd / math.sqrt(self.n)
        self.lo = self.mean - h
        self.hi = self.mean + h
        if self.logs is not None:
            ss = math.fsum((v - self.lmean) ** 2 for v in self.logs)
            self.lsd = math.sqrt(ss / (self.n - 1))


class Comparison:
    """A sample L against a reference R (ratio_test()), on the logarithms
    of their values: d = mean log L - mean log R, ratio = exp(d), the
    ratio of the geometric means; se = sqrt(sR^2 / nR + sL^2 / nL) of the
    logarithms' sample sds, each at least the floor; t = -d / se (the
    sign of scipy's ttest_ind(R, L)); df, Welch-Satterthwaite's for equal
    spreads (dfs()); p two-sided.  At the two-sided level alpha (level()):
    the interval [lo, hi] = exp(d -+ tinv(alpha, df) se), significant
    exactly when it excludes 1, and detect(), the smallest change (a
    factor of 1 + that, either way) that the test finds with probability
    POWER.
    why says why there is no test (p None), and then what of the rest
    could be had.  correct() sets role ("primary", "other" or "same"),
    padj (an other's Benjamini-Hochberg adjusted p) and same (the key of
    the row whose test a "same" row repeats)."""

    __slots__ = ("ratio", "lo", "hi", "t", "df", "p", "significant",
                 "alpha", "d", "se", "why", "role", "padj", "same")

    def __init__(self):
        self.ratio = self.lo = self.hi = None
        self.t = self.df = self.p = self.significant = None
        self.alpha = self.d = self.se = self.why = None
        self.role = "primary"
        self.padj = self.same = None

    def level(self, alpha):
        """The interval and verdict at the two-sided level alpha."""
        if self.p is None:
            return
        self.alpha = alpha
        h = tinv(alpha, self.df) * self.se
        self.lo = math.exp(self.d - h)
        self.hi = math.exp(self.d + h)
        self.significant = self.lo > 1 or self.hi < 1

    def detect(self):
        """The smallest change (a factor of 1 + that, either way) that
        the test at its level finds with probability POWER at this
        spread; None without a test or a spread."""
        if self.p is None or self.se == 0:
            return None
        return math.expm1((tinv(self.alpha, self.df) +
                           tinv(2 * (1 - POWER), self.df)) * self.se)


def dfs(n1, n2):
    """The degrees of freedom of the test of samples of n1 and n2 values:
    Welch-Satterthwaite's formula at equal spreads, n1 + n2 - 2 when the
    sizes are equal (Student's).  From the sample spreads, as Welch's
    test takes them, they are too few with 3 runs (each spread has 2
    degrees of freedom and varies tenfold): 3.4 % false positives at 5 %
    and less power, where these give 5 % (tests/python/simulate.py)."""
    if n1 == n2:
        return 2 * n1 - 2
    a = 1 / n1 + 1 / n2
    return a * a / (1 / (n1 * n1 * (n1 - 1)) + 1 / (n2 * n2 * (n2 - 1)))


def ratio_test(ref, lab, alpha=0.05, floor=0.0):
    """Compare Sample lab with Sample ref (see Comparison) at the
    two-sided level alpha; floor: the least sd of a sample's logarithms
    (BUCKET for latency percentiles, else 0).  No test (why) without
    values, with a value not above 0 (no logarithm), with fewer than 2
    values in a sample, or with no spread at all and different values
    (nothing to measure the difference against); equal values without
    spread are p 1, the interval [1, 1]."""
    c = Comparison()
    if ref.n == 0 or lab.n == 0:
        c.why = "no runs"
        return c
    if ref.logs is None or lab.logs is None:
        c.why = "a value <= 0"
        return c
    c.d = lab.lmean - ref.lmean
    c.ratio = math.exp(c.d)
    if ref.n < 2 or lab.n < 2:
        c.why = "1 run"
        return c
    vr = max(ref.lsd, floor) ** 2 / ref.n
    vl = max(lab.lsd, floor) ** 2 / lab.n
    c.se = math.sqrt(vr + vl)
    c.df = dfs(ref.n, lab.n)
    if c.se == 0:
        if c.d != 0:
            c.why = "no spread"
            return c
        c.t, c.p = 0.0, 1.0
    else:
        c.t = -c.d / c.se
        c.p = tail(c.t, c.df)
    c.level(alpha)
    return c


def margin(good, test, bound, better, alpha, floor=0.0):
    """The gate's test of Sample test against Sample good: (way, c), c
    the Comparison at the two-sided level alpha, way 1 when its whole
    interval lies past bound (below it when better is 1, a rate; above
    when -1, a latency or time), -1 when it lies wholly on the good side
    of bound, 0 when it holds bound or there is no test.  On the
    logarithms the margin is a shift: each way is a one-sided test at
    alpha / 2 of the ratio against bound."""
    c = ratio_test(good, test, alpha, floor)
    if c.p is None:
        return 0, c
    if (c.hi < bound) if better > 0 else (c.lo > bound):
        return 1, c
    if (c.lo > bound) if better > 0 else (c.hi < bound):
        return -1, c
    return 0, c


def bh(ps, q):
    """Benjamini and Hochberg's procedure at q over the p-values ps: R,
    the number of them significant (the R smallest, where R is the
    largest k whose k-th smallest p is below k q / m), and each p
    adjusted (the smallest q at which it would be significant)."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    r = 0
    for k, i in enumerate(order, 1):
        if ps[i] < k * q / m:
            r = k
    adj = [1.0] * m
    run = 1.0
    for k in range(m, 0, -1):
        i = order[k - 1]
        run = min(run, ps[i] * m / k)
        adj[i] = run
    return r, adj


class Family:
    """The tests of one comparison (correct()): primary, its key; tests,
    the number made (the primary's, when it has one, and the others');
    others, the others tested; found, how many of them are significant;
    alpha, the level of their intervals; same, the rows that repeat
    another's test."""

    def __init__(self, primary):
        self.primary = primary
        self.tests = self.others = self.found = self.same = 0
        self.alpha = None


def correct(comps, primary, same, q=0.05):
    """Correct the rows of one comparison, comps (key -> Comparison of
    ratio_test() at q): the primary measure's key keeps its test at q;
    same maps a key to the key whose test it repeats (an exact
    duplicate: its row is marked, not counted); the other rows with a
    test are corrected by Benjamini-Hochberg at q and their intervals set
    to the level 1 - q max(R, 1) / m (R of m significant), at which
    exactly the significant ones exclude 1.  Returns the Family."""
    f = Family(primary)
    others = [k for k, c in comps.items()
              if k != primary and k not in same and c.p is not None]
    f.others = len(others)
    f.tests = f.others + (primary in comps and comps[primary].p is not None)
    if others:
        f.found, adj = bh([comps[k].p for k in others], q)
        f.alpha = q * max(f.found, 1) / f.others
        for k, pa in zip(others, adj):
            c = comps[k]
            c.role = "other"
            c.padj = pa
            c.level(f.alpha)
    for k, rep in same.items():
        c = comps[k]
        c.role = "same"
        c.same = rep
        c.level(comps[rep].alpha)
        f.same += 1
    return f


def median(values):
    """The median of a non-empty list of numbers."""
    return statistics.median(values)


_PIECE = re.compile(r"[0-9]+|[^0-9]+")


def natcmp(a, b):
    """-1, 0 or 1 as a comes before, with or after b in natural version
    order: pieces (runs of digits, runs of other characters) compare one
    by one, digits as numbers of any length, others as strings; a number
    comes before text and a prefix first: 6.1 < 6.1.0-18-amd64 < 6.2.0 <
    6.10 < 6.10.1.  Strings whose pieces tie (6.01, 6.1) compare as
    strings."""
    pa = _PIECE.findall(a)
    pb = _PIECE.findall(b)
    for x, y in zip(pa, pb):
        dx = x[0].isdigit()
        dy = y[0].isdigit()
        if dx != dy:
            return -1 if dx else 1
        if dx:
            x = x.lstrip("0")
            y = y.lstrip("0")
            if len(x) != len(y):
                return -1 if len(x) < len(y) else 1
        if x != y:
            return -1 if x < y else 1
    if len(pa) != len(pb):
        return -1 if len(pa) < len(pb) else 1
    if a == b:
        return 0
    return -1 if a < b else 1


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--t975":
        # tests/t6018: the values that src/pm_stats.c must print.
        for line in sys.stdin:
            df = float(line)
            print(f"{line.strip()}\t{t975(df):.17g}")
        sys.exit(0)
    print("usage: python3 -m postmark_compare.compare_stats --t975 "
          "<DFS", file=sys.stderr)
    sys.exit(2)
