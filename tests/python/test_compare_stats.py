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

"""Unit tests of compare_stats: the t quantiles and tail against closed
forms and tables, the summary of a sample, the test of a ratio on the
logarithms, Benjamini-Hochberg's correction, the gate's margin, the
median and the natural order of versions.  The worked examples' figures
were computed apart from this code, with mpmath at 30 digits (Student's
tail as its regularized incomplete beta function, quantiles by
findroot); the simulation of the error rates is tests/python/simulate.py
(t6032)."""

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

    def test_any_quantile(self):
        # tinv(p, df) is t(1 - p/2, df): closed forms at df 1 and 2 (the
        # tail of df 2 is 1 - t / sqrt(2 + t^2)), mpmath's values, and
        # t975 where the two meet.
        for p in (0.4, 0.2, 0.05, 0.0125, 0.001):
            self.near(s.tinv(p, 1), 1 / math.tan(math.pi * p / 2), 1e-13)
            self.near(s.tinv(p, 2),
                      (1 - p) * math.sqrt(2 / (p * (2 - p))), 1e-13)
        for p, df, want in ((0.01, 5, 4.0321429835552281),
                            (0.01, 10, 3.1692726726169512),
                            (0.2, 5, 1.475884048824481),
                            (0.2, 10, 1.3721836411103356),
                            (0.4, 4, 0.94096457723518112),
                            (0.0125, 4, 4.3146560488867383),
                            (0.05, 4.45, 2.6691465167979148)):
            self.near(s.tinv(p, df), want, 1e-13)
        for df in (1, 2.5, 3, 4, 7.3, 40, 999, 1000, 1e6):
            self.near(s.tinv(0.05, df), s.t975(df), 1e-13)
        self.assertTrue(math.isnan(s.tinv(0, 3)))
        self.assertTrue(math.isnan(s.tinv(0.05, 0)))

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


def geo(xs):
    return math.exp(statistics.fmean(math.log(x) for x in xs))


class RatioTest(unittest.TestCase):
    def near(self, got, want, tol=1e-12):
        self.assertLessEqual(abs(got - want), tol * abs(want),
                             f"{got!r}, want {want!r}")

    def test_a_worked_example(self):
        # mpmath: logs of 10, 12, 14 against 20, 22, 24, df 4.
        c = s.ratio_test(s.Sample([10.0, 12, 14]), s.Sample([20.0, 22, 24]))
        self.near(c.ratio, 1.84551768883268)
        self.near(c.t, -5.54119441285701)
        self.assertEqual(c.df, 4.0)
        self.near(c.p, 0.00518646778626744, 1e-11)
        self.near(c.lo, 1.35762009697928)
        self.near(c.hi, 2.50875450899155)
        self.assertTrue(c.significant)
        c = s.ratio_test(s.Sample([10.0, 11, 12, 13]),
                         s.Sample([20.0, 22, 24]), 0.01)
        self.near(c.df, 4.45454545454545)
        self.near(c.p, 0.000668212017729245, 1e-11)
        self.near(c.lo, 1.37551261313482)
        self.near(c.hi, 2.67127988114286)

    def test_a_noisy_regression_is_not_certain(self):
        # good 1000, 700, 1300 against test 700, 490, 910: 0.7 exactly,
        # and an interval that cannot tell it from 1.
        c = s.ratio_test(s.Sample([1000.0, 700, 1300]),
                         s.Sample([700.0, 490, 910]))
        self.near(c.ratio, 0.7)
        self.near(c.lo, 0.346091535059351)
        self.near(c.hi, 1.41581041534567)
        self.assertFalse(c.significant)

    def test_the_interval_is_positive_and_one_test_either_way(self):
        # Swapping the labels inverts the interval; a rate and its time
        # (c / x) are one test; scaling both changes nothing.
        rnd = random.Random(2)
        for _ in range(300):
            n1, n2 = rnd.choice((2, 3, 5)), rnd.choice((2, 3, 4))
            a = [rnd.uniform(1, 1000) for _ in range(n1)]
            b = [rnd.uniform(1, 1000) for _ in range(n2)]
            c = s.ratio_test(s.Sample(a), s.Sample(b))
            self.assertGreater(c.lo, 0)
            self.near(c.ratio, geo(b) / geo(a), 1e-12)
            r = s.ratio_test(s.Sample(b), s.Sample(a))
            self.near(r.lo, 1 / c.hi, 1e-12)
            self.near(r.p, c.p, 1e-9)
            inv = s.ratio_test(s.Sample([5e4 / x for x in a]),
                               s.Sample([5e4 / x for x in b]))
            self.near(inv.hi, 1 / c.lo, 1e-12)
            self.near(inv.p, c.p, 1e-9)
            self.assertEqual(inv.significant, c.significant)

    def test_the_interval_and_the_verdict_agree(self):
        rnd = random.Random(1)
        for _ in range(500):
            n = rnd.choice((2, 3, 5))
            alpha = rnd.choice((0.05, 0.01, 0.05 / 7))
            ref = s.Sample([rnd.gauss(100, 10) for _ in range(n)])
            lab = s.Sample([rnd.gauss(105, 10) for _ in range(n)])
            c = s.ratio_test(ref, lab, alpha)
            self.assertEqual(c.significant, not (c.lo <= 1 <= c.hi))
            self.assertEqual(c.significant, c.p < alpha)

    def test_degrees_of_freedom_at_equal_spreads(self):
        self.assertEqual(s.dfs(3, 3), 4)
        self.assertEqual(s.dfs(10, 10), 18)
        # (1/3 + 1/4)^2 / (1/18 + 1/48)
        self.near(s.dfs(3, 4), (7 / 12) ** 2 / (1 / 18 + 1 / 48))

    def test_equal_percentiles_are_a_bucket_not_certainty(self):
        # Three equal latency percentiles against three one bucket up:
        # a spread of at least a bucket (1/64), so p is not 0 and the
        # difference is not significant; a fifth apart, it is.
        b = s.BUCKET
        self.near(b, math.log(65 / 64))
        c = s.ratio_test(s.Sample([100.0] * 3), s.Sample([101.6] * 3),
                         floor=b)
        self.assertGreater(c.p, 0.05)
        self.assertFalse(c.significant)
        self.near(c.t, -math.log(1.016) / (b * math.sqrt(2 / 3)))
        c = s.ratio_test(s.Sample([100.0] * 3), s.Sample([120.0] * 3),
                         floor=b)
        self.assertTrue(c.significant)
        self.assertGreater(c.p, 0)

    def test_no_spread_without_a_floor_cannot_tell(self):
        c = s.ratio_test(s.Sample([100.0] * 3), s.Sample([120.0] * 3))
        self.assertIsNone(c.p)
        self.assertIsNone(c.significant)
        self.assertEqual(c.why, "no spread")
        self.near(c.ratio, 1.2)
        c = s.ratio_test(s.Sample([100.0] * 3), s.Sample([100.0] * 3))
        self.assertEqual((c.p, c.significant, c.lo, c.hi),
                         (1.0, False, 1.0, 1.0))
        self.assertIsNone(c.detect())

    def test_a_value_not_above_zero_has_no_logarithm(self):
        c = s.ratio_test(s.Sample([0.0, 1, 2]), s.Sample([1.0, 2, 3]))
        self.assertEqual((c.p, c.ratio, c.why), (None, None, "a value <= 0"))

    def test_one_value_gives_a_ratio_only(self):
        c = s.ratio_test(s.Sample([2.0]), s.Sample([3.0, 12.0]))
        self.near(c.ratio, 3.0)
        self.assertIsNone(c.p)
        self.assertEqual(c.why, "1 run")

    def test_the_smallest_detectable_change_is_found_4_times_in_5(self):
        # Runs of a log spread of 5 %, 5 each: the change that detect()
        # names for a sample of exactly that spread is found in about 80 %
        # of 2000 simulated comparisons.
        n, sd = 5, 0.05
        z = [-1.2649110640673518, -0.6324555320336759, 0.0,
             0.6324555320336759, 1.2649110640673518]   # sd 1, mean 0
        x = s.Sample([math.exp(sd * v) for v in z])
        self.near(x.lsd, sd, 1e-12)
        det = s.ratio_test(x, x).detect()
        rnd = random.Random(4)
        found = 0
        for _ in range(2000):
            a = [math.exp(rnd.gauss(0, sd)) for _ in range(n)]
            b = [(1 + det) * math.exp(rnd.gauss(0, sd)) for _ in range(n)]
            found += s.ratio_test(s.Sample(a), s.Sample(b)).significant
        self.assertLess(abs(found / 2000 - s.POWER), 0.04, found)


class CorrectTest(unittest.TestCase):
    def test_benjamini_hochberg(self):
        r, adj = s.bh([0.01, 0.04, 0.03, 0.2], 0.05)
        self.assertEqual(r, 1)
        for got, want in zip(adj, (0.04, 0.04 * 4 / 3, 0.04 * 4 / 3, 0.2)):
            self.assertAlmostEqual(got, want, 15)
        # Step up: the largest k whose p is below k q / m.
        self.assertEqual(s.bh([0.01, 0.02, 0.03, 0.04], 0.05)[0], 4)
        self.assertEqual(s.bh([0.02, 0.03], 0.05)[0], 2)
        self.assertEqual(s.bh([0.03, 0.04, 0.9], 0.05)[0], 0)

    def test_the_others_intervals_agree_with_the_procedure(self):
        # At the level 1 - q max(R, 1) / m exactly the R rows the
        # procedure finds exclude 1; the primary keeps 5 %; a row that
        # repeats another is marked, takes its level, and is not counted.
        rnd = random.Random(5)
        for _ in range(300):
            comps = {}
            for k in range(12):
                shift = rnd.choice((1, 1, 1, 1.1, 1.3))
                comps[k] = s.ratio_test(
                    s.Sample([rnd.gauss(100, 8) for _ in range(3)]),
                    s.Sample([rnd.gauss(100 * shift, 8) for _ in range(3)]))
            comps[12] = s.ratio_test(s.Sample([1.0, 2]), s.Sample([3.0]))
            f = s.correct(comps, 0, {11: 3})
            others = list(range(1, 11))
            r, adj = s.bh([comps[k].p for k in others], 0.05)
            self.assertEqual((f.tests, f.others, f.found, f.same),
                             (11, 10, r, 1))
            self.assertEqual(f.alpha, 0.05 * max(r, 1) / 10)
            self.assertEqual(comps[0].alpha, 0.05)
            self.assertEqual(comps[0].role, "primary")
            for k, a in zip(others, adj):
                c = comps[k]
                self.assertEqual((c.role, c.padj), ("other", a))
                self.assertEqual(c.significant, a < 0.05)
                self.assertEqual(c.significant, not (c.lo <= 1 <= c.hi))
            self.assertEqual(sum(comps[k].significant for k in others), r)
            self.assertEqual((comps[11].role, comps[11].same,
                              comps[11].alpha), ("same", 3, f.alpha))
            self.assertIsNone(comps[12].p)


class MarginTest(unittest.TestCase):
    def test_three_ways_on_the_logarithms(self):
        good = s.Sample([100.0, 101, 99, 100, 102])

        def way(vals, bound, better, alpha=0.05):
            return s.margin(good, s.Sample(vals), bound, better, alpha)[0]
        worse = [90.0, 91, 89, 90, 92]
        self.assertEqual(way(worse, 0.95, 1), 1)          # bad
        self.assertEqual(way(worse, 0.85, 1), -1)         # good
        self.assertEqual(way([97.0, 99, 95, 96, 98], 0.95, 1), 0)
        self.assertEqual(way([97.0, 99, 95, 96, 98], 1, 1), 1)
        # A latency: worse is higher.
        self.assertEqual(way([120.0, 121, 119, 120, 122], 1.1, -1), 1)
        self.assertEqual(way([120.0, 121, 119, 120, 122], 1.5, -1), -1)
        # The margin is a shift: bad exactly when the interval of the
        # ratio, at the level, lies below the bound.
        c = s.ratio_test(good, s.Sample(worse), 0.01)
        self.assertEqual(way(worse, c.hi * 1.0001, 1, 0.01), 1)
        self.assertEqual(way(worse, c.hi * 0.9999, 1, 0.01), 0)
        self.assertEqual(way([1.0], 0.95, 1), 0)          # no test


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
