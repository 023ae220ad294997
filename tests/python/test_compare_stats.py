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

"""Unit tests of compare_stats: the t quantile and tail against closed
forms and tables, the summary of a sample, Welch's comparison, the median
and the natural order of versions."""

import math
import random
import statistics
import unittest
from unittest import mock

from postmark_compare import compare_stats as s


class TQuantileTest(unittest.TestCase):
    def near(self, got, want, tol):
        self.assertLessEqual(abs(got - want), tol * abs(want),
                             f"{got!r}, want {want!r}")

    def test_closed_forms(self):
        # df 1 is Cauchy's; df 2 has t = (2p - 1) / sqrt(2p(1 - p)).
        self.near(s.t975(1), math.tan(0.475 * math.pi), 1e-12)
        self.near(s.t975(2), 0.95 / math.sqrt(2 * 0.975 * 0.025), 1e-12)
        self.near(s.tail(1, 1), 0.5, 1e-12)
        self.near(s.tail(2, 2), 1 - 2 / math.sqrt(6), 1e-12)

    def test_the_methods_meet_where_one_takes_over(self):
        self.near(s._expand(1000.0), s._bisect(1000.0), 1e-10)

    def test_the_normal_limit(self):
        z = statistics.NormalDist().inv_cdf(0.975)
        self.near(s._Z975, z, 1e-15)
        self.near(s.t975(1e12), z, 1e-11)

    def test_the_nist_table(self):
        for df, want in ((5, 2.571), (10, 2.228), (30, 2.042),
                         (100, 1.984)):
            self.assertEqual(round(s.t975(df), 3), want, df)

    def test_the_tail_at_the_quantile_is_five_percent(self):
        for df in (1, 2.5, 3, 7.3, 40, 999):
            self.near(s.tail(s.t975(df), df), 0.05, 1e-9)

    def test_the_bisection_stops_once_the_double_is_found(self):
        # 200 halvings of [0, 1e7] meet adjacent doubles after about 75;
        # later steps cannot move them, so t975 stops there with the
        # value of all 200, evaluating the tail far fewer times.
        def halvings(df):
            lo, hi = 0.0, 1e7
            for _ in range(200):
                mid = (lo + hi) / 2.0
                if s.tail(mid, df) > 0.05:
                    lo = mid
                else:
                    hi = mid
            return (lo + hi) / 2.0
        rnd = random.Random(3)
        dfs = [1, 2, 3, 4, 7, 30, 100, 999] + [
            1 + 998 * rnd.random() for _ in range(20)] + [
            1 + 3 * rnd.random() for _ in range(10)]
        want = [halvings(df) for df in dfs]
        calls = []
        tail = s.tail
        with mock.patch.object(s, "tail",
                               lambda t, df: calls.append(t) or
                               tail(t, df)):
            for df, w in zip(dfs, want):
                del calls[:]
                self.assertEqual(s._bisect(df), w, df)
                self.assertLessEqual(len(calls), 80, df)

    def test_no_quantile_without_freedom(self):
        self.assertTrue(math.isnan(s.t975(0)))
        self.assertTrue(math.isnan(s.t975(-1)))
        self.assertEqual(s.tail(math.inf, 3), 0.0)


class SampleTest(unittest.TestCase):
    def test_summary(self):
        x = s.Sample([1.0, 2.0, 3.0, 4.0])
        self.assertEqual((x.n, x.mean), (4, 2.5))
        self.assertAlmostEqual(x.sd, statistics.stdev([1, 2, 3, 4]), 12)
        h = s.t975(3) * x.sd / 2
        self.assertAlmostEqual(x.lo, 2.5 - h, 12)
        self.assertAlmostEqual(x.hi, 2.5 + h, 12)

    def test_what_small_samples_cannot_give(self):
        self.assertIsNone(s.Sample([]).mean)
        one = s.Sample([5.0])
        self.assertEqual((one.mean, one.sd, one.lo), (5.0, None, None))


class WelchTest(unittest.TestCase):
    def test_scipys_sign_and_df(self):
        ref, lab = s.Sample([10.0, 11, 12]), s.Sample([14.0, 15, 17, 18])
        c = s.welch(ref, lab)
        vr, vl = 1 / 3, statistics.variance([14, 15, 17, 18]) / 4
        self.assertAlmostEqual(c.t, (11 - 16) / math.sqrt(vr + vl), 12)
        df = (vr + vl) ** 2 / (vr ** 2 / 2 + vl ** 2 / 3)
        self.assertAlmostEqual(c.df, df, 12)
        self.assertAlmostEqual(c.ratio, 16 / 11, 12)
        self.assertTrue(c.significant)

    def test_the_interval_and_the_verdict_agree(self):
        rnd = random.Random(1)
        for _ in range(500):
            n = rnd.choice((2, 3, 5))
            ref = s.Sample([rnd.gauss(100, 10) for _ in range(n)])
            lab = s.Sample([rnd.gauss(105, 10) for _ in range(n)])
            c = s.welch(ref, lab)
            self.assertEqual(c.significant, not (c.lo <= 1 <= c.hi))
            self.assertEqual(c.significant, c.p < 0.05)

    def test_one_value_gives_a_ratio_only(self):
        c = s.welch(s.Sample([2.0]), s.Sample([3.0, 4.0]))
        self.assertEqual(c.ratio, 1.75)
        self.assertIsNone(c.p)


class OrderTest(unittest.TestCase):
    def test_median(self):
        self.assertEqual(s.median([3, 1, 2]), 2)
        self.assertEqual(s.median([4, 1, 2, 3]), 2.5)

    def test_versions_in_natural_order(self):
        names = ["6.10", "6.2.0", "6.1.0-18", "6.1", "6.1.0-9", "a", "A"]
        key = __import__("functools").cmp_to_key(s.natcmp)
        self.assertEqual(sorted(names, key=key),
                         ["6.1", "6.1.0-9", "6.1.0-18", "6.2.0", "6.10",
                          "A", "a"])
        self.assertEqual(s.natcmp("007", "7"), s.natcmp("7", "007") * -1)
        self.assertEqual(s.natcmp("x", "x"), 0)


if __name__ == "__main__":
    unittest.main()
