/*
 * Copyright (c) 2026 The postmark developers.
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

/*
 * Student's t: the 95 % critical value t(0.975, df) of every confidence
 * interval postmark prints (the summary of iterations, set precision).
 * scripts/compare_stats.py computes it by the same algorithm, step for
 * step, so that `set precision` and `postmark-compare --precision` agree;
 * tests/t6018 compares the two for df 1 to 1000 and beyond.
 *
 * Below 1000 degrees of freedom the two-sided tail p(t, df) =
 * I_{df/(df+t^2)}(df/2, 1/2), the regularized incomplete beta function
 * (Numerical Recipes' continued fraction, modified Lentz), is inverted by
 * bisection: 200 halvings of [0, 1e7], far below the resolution of a
 * double.  From 1000 on, where the log-gamma terms of the beta function
 * start to cancel, the Cornish-Fisher expansion of t in the normal
 * quantile (Abramowitz and Stegun 26.7.5, four terms) is exact to about
 * 1e-15.
 */

#include "config.h"

#include <math.h>
#include <stddef.h>

#include "postmark.h"

#define T_FPMIN		1e-300	/* Lentz's guard against dividing by 0 */
#define T_EPS		1e-15	/* continued fraction converged */
#define T_ITER		1000	/* at most this many steps of it */
#define T_BISECT	200	/* halvings of the bisection */
#define T_HIGH		1e7	/* above t(0.975, 1) = 12.7 */
#define T_EXPAND	1000.0	/* df from which the expansion is used */
#define T_Z975		1.959963984540054	/* the normal quantile 0.975 */

static double	 nonzero(double);
static double	 betacf(double, double, double);
static double	 betai(double, double, double);
static double	 tail(double, double);
static double	 expand(double);

/* x, or T_FPMIN when x is nearer to zero than that. */
static double
nonzero(double x)
{
	return (fabs(x) < T_FPMIN ? T_FPMIN : x);
}

/*
 * The continued fraction of the incomplete beta function I_x(a, b),
 * evaluated by the modified Lentz method (Numerical Recipes' betacf).
 */
static double
betacf(double a, double b, double x)
{
	double	 aa, c, d, del, h, m2, qab = a + b, qap = a + 1.0,
		 qam = a - 1.0;
	int	 m;

	c = 1.0;
	d = 1.0 / nonzero(1.0 - qab * x / qap);
	h = d;
	for (m = 1; m <= T_ITER; m++) {
		m2 = 2.0 * m;
		/* The even step of the recurrence, then the odd one. */
		aa = m * (b - m) * x / ((qam + m2) * (a + m2));
		d = 1.0 / nonzero(1.0 + aa * d);
		c = nonzero(1.0 + aa / c);
		h *= d * c;
		aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
		d = 1.0 / nonzero(1.0 + aa * d);
		c = nonzero(1.0 + aa / c);
		del = d * c;
		h *= del;
		if (fabs(del - 1.0) < T_EPS)
			break;
	}
	return (h);
}

/* The regularized incomplete beta function I_x(a, b), 0 <= x <= 1. */
static double
betai(double a, double b, double x)
{
	double	 bt;

	if (x <= 0.0)
		return (0.0);
	if (x >= 1.0)
		return (1.0);
	bt = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	    b * log(1.0 - x);
	bt = bt < -700.0 ? 0.0 : exp(bt);
	if (x < (a + 1.0) / (a + b + 2.0))
		return (bt * betacf(a, b, x) / a);
	return (1.0 - bt * betacf(b, a, 1.0 - x) / b);
}

/* The two-sided tail of Student's t: P(|T| > t) with df freedom. */
static double
tail(double t, double df)
{
	return (betai(df / 2.0, 0.5, df / (df + t * t)));
}

/* t(0.975, df) by the Cornish-Fisher expansion, for large df. */
static double
expand(double df)
{
	double	 z = T_Z975, z2 = z * z, g1, g2, g3, g4;

	g1 = (z2 + 1.0) * z / 4.0;
	g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
	g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0;
	g4 = ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 -
	    945.0) * z / 92160.0;
	return (z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df);
}

/*
 * Two-sided 95 % critical value of Student's t with df degrees of
 * freedom, t(0.975, df): the half-width of a 95 % confidence interval of
 * a mean is t(0.975, n - 1) * sd / sqrt(n).  NAN for df 0.
 */
double
pm_student_t975(size_t df)
{
	double	 lo = 0.0, hi = T_HIGH, mid, v = (double)df;
	int	 i;

	if (df == 0)
		return (NAN);
	if (v >= T_EXPAND)
		return (expand(v));
	for (i = 0; i < T_BISECT; i++) {
		mid = (lo + hi) / 2.0;
		if (tail(mid, v) > 0.05)
			lo = mid;
		else
			hi = mid;
	}
	return ((lo + hi) / 2.0);
}
