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

"""The statistics of postmark-compare: Student's t, Welch's test, the
summary of a sample, the median and the natural order of versions.

t975(df), the 95 % critical value of Student's t, is the algorithm of
pm_student_t975() in src/pm_stats.c, step for step, so that postmark's
`set precision` and this tool's --precision agree (tests/t6018 compares
them): below 1000 degrees of freedom the two-sided tail, a regularized
incomplete beta function, is inverted by bisection; from 1000 on the
Cornish-Fisher expansion in the normal quantile is used.

A comparison (welch()) is one test: Welch's t-test of two means, whose
dual interval of the difference of the means, divided by the reference
mean, is the interval of the ratio.  The interval excludes 1 exactly when
the test is significant at 5 %, so a row's interval and its verdict never
disagree.  tests/python/test_compare_stats.py holds its unit tests;
`python3 -m postmark_compare.compare_stats --t975` prints t975 of each df
read from standard input (tests/t6018).
"""

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


def _expand(df):
    """t(0.975, df) by the Cornish-Fisher expansion (A&S 26.7.5)."""
    z = _Z975
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


class Sample:
    """The summary of one measure of one label in one group: n, mean,
    sd (divisor n - 1) and the 95 % interval of the mean (Student's t);
    mean is None without values, sd and the interval with fewer than 2."""

    __slots__ = ("n", "mean", "sd", "lo", "hi")

    def __init__(self, values):
        self.n = len(values)
        self.mean = self.sd = self.lo = self.hi = None
        if self.n == 0:
            return
        self.mean = math.fsum(values) / self.n
        if self.n < 2:
            return
        ss = math.fsum((v - self.mean) ** 2 for v in values)
        self.sd = math.sqrt(ss / (self.n - 1))
        h = t975(self.n - 1) * self.sd / math.sqrt(self.n)
        self.lo = self.mean - h
        self.hi = self.mean + h


class Comparison:
    """A sample L against a reference R (welch()): ratio = mean(L) /
    mean(R); Welch's t = (mean(R) - mean(L)) / se (the sign of scipy's
    ttest_ind(R, L, equal_var=False)), its df (None when se is 0) and
    two-sided p; the ratio's 95 % interval (mean(L) +- t(0.975, df) se) /
    mean(R); significant: the interval excludes 1, that is p < 0.05.
    Fields the samples cannot give are None; t is a float, or "0", "inf"
    or "-inf" when there is no spread at all."""

    __slots__ = ("ratio", "lo", "hi", "t", "df", "p", "significant")

    def __init__(self):
        self.ratio = self.lo = self.hi = None
        self.t = self.df = self.p = self.significant = None


def welch(ref, lab):
    """Compare Sample lab with Sample ref (see Comparison)."""
    c = Comparison()
    if ref.n == 0 or lab.n == 0:
        return c
    mr = ref.mean
    ml = lab.mean
    if mr != 0:
        c.ratio = ml / mr
    if ref.n < 2 or lab.n < 2:
        return c
    vr = ref.sd ** 2 / ref.n
    vl = lab.sd ** 2 / lab.n
    se = math.sqrt(vr + vl)
    if se == 0:
        # No spread at all: equal means are no evidence, different
        # means are certain.
        c.t = "0" if mr == ml else ("inf" if mr > ml else "-inf")
        c.p = 1.0 if mr == ml else 0.0
        c.significant = mr != ml
        h = 0.0
    else:
        c.t = (mr - ml) / se
        c.df = (vr + vl) ** 2 / (vr * vr / (ref.n - 1) +
                                 vl * vl / (lab.n - 1))
        c.p = tail(c.t, c.df)
        h = t975(c.df) * se
        c.significant = abs(mr - ml) > h
    if mr > 0:
        c.lo = (ml - h) / mr
        c.hi = (ml + h) / mr
    return c


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
