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

"""The statistics of postmark-compare: Student's t.

t975(df), the 95 % critical value of Student's t, is the algorithm of
pm_student_t975() in src/pm_student.c, step for step, so that postmark's
`set precision` and this tool's --precision agree (tests/t6018 compares
them): below 1000 degrees of freedom the two-sided tail, a regularized
incomplete beta function, is inverted by bisection; from 1000 on the
Cornish-Fisher expansion in the normal quantile is used.  Run `python3
compare_stats.py` for the self-test.
"""

import math
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
    """t(0.975, df) by bisection on the tail, any df > 0."""
    lo = 0.0
    hi = _HIGH
    for _ in range(_BISECT):
        mid = (lo + hi) / 2.0
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


def _selftest():
    """Check t975 and tail against closed forms and the normal limit;
    print the failures and return their number."""
    bad = []

    def near(what, got, want, tol):
        if not abs(got - want) <= tol * abs(want):
            bad.append(f"{what}: {got!r}, want {want!r}")

    # df 1 (Cauchy): t = tan(0.475 pi); df 2: t = (2p - 1) /
    # sqrt(2p(1 - p)) with p = 0.975.
    near("t975(1)", t975(1), math.tan(0.475 * math.pi), 1e-12)
    near("t975(2)", t975(2), 0.95 / math.sqrt(2 * 0.975 * 0.025), 1e-12)
    near("tail(1, 1)", tail(1, 1), 0.5, 1e-12)
    near("tail(2, 2)", tail(2, 2), 1 - 2 / math.sqrt(6), 1e-12)
    # The two methods meet where one takes over from the other.
    near("expansion at 1000", _expand(1000.0), _bisect(1000.0), 1e-10)
    z = statistics.NormalDist().inv_cdf(0.975)
    near("the normal quantile", _Z975, z, 1e-15)
    near("t975(1e12)", t975(1e12), z, 1e-11)
    # NIST/SEMATECH table, three decimals.
    for df, want in ((5, 2.571), (10, 2.228), (30, 2.042), (100, 1.984)):
        near(f"t975({df})", round(t975(df), 3), want, 1e-12)
    for b in bad:
        print(b)
    print(f"selftest: {len(bad)} checks failed")
    return len(bad)


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--t975":
        # tests/t6018: the values that src/pm_student.c must print.
        for line in sys.stdin:
            df = float(line)
            print(f"{line.strip()}\t{t975(df):.17g}")
        sys.exit(0)
    sys.exit(1 if _selftest() else 0)
