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
 * Rates and statistics: pm_report_rates() is the one place where intervals
 * and rates are computed from a struct pm_result (pm_client_rates from a
 * client's row); the summary of several iterations (Welford's running
 * mean and variance) and its table; and Student's t(0.975, df), the one t
 * quantile of the project, behind every confidence interval postmark
 * prints (the summary of iterations, set precision).
 * scripts/postmark_compare/compare_stats.py computes it by the same algorithm,
 * step for
 * step, so that `set precision` and `postmark-compare --precision` agree;
 * tests/t6018 compares the two for df 1 to 1000 and beyond.
 *
 * Below 1000 degrees of freedom the two-sided tail p(t, df) =
 * I_{df/(df+t^2)}(df/2, 1/2), the regularized incomplete beta function
 * (Numerical Recipes' continued fraction, modified Lentz), is inverted by
 * bisection: at most 200 halvings of [0, 1e7], stopping when the midpoint
 * is lo or hi, after about 75.  Then lo and hi are adjacent doubles, lo
 * has a tail above 0.05 (or is 0) and hi one of at most 0.05 (for df >=
 * 1 also at 1e7), so that every later halving would leave them as they
 * are: the value is that of all 200, for a third of the work.  From 1000
 * on, where the log-gamma terms of the beta function
 * start to cancel, the Cornish-Fisher expansion of t in the normal
 * quantile (Abramowitz and Stegun 26.7.5, four terms) is exact to about
 * 1e-15.
 */

#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "postmark.h"
#include "pm_report.h"

static double	 seconds(int64_t);
static double	 per_second(double, double);
static void	 rates_of(const struct pm_counts *, int64_t, int64_t,
		    int64_t, int64_t, struct pm_rates *);
static double	 rates_get(const struct pm_rates *, size_t);

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

/* A row of the summary table: one field of struct pm_rates. */
struct pm_stat_row {
	const char	*label;		/* printed name */
	size_t		 off;		/* offsetof(struct pm_rates, field) */
	double		 scale;		/* divisor applied to the field */
	int		 prec;		/* decimals printed */
};

#define ROW(label, field, scale, prec) \
	{ label, offsetof(struct pm_rates, field), scale, prec }
static const struct pm_stat_row pm_stat_rows[] = {
	ROW("seconds total", elapsed, 1.0, PREC_SUMMARY_S),
	ROW("seconds of transactions", t_elapsed, 1.0, PREC_SUMMARY_S),
	ROW("transactions/s", transactions, 1.0, PREC_SUMMARY),
	ROW("created/s", created, 1.0, PREC_SUMMARY),
	ROW("  creation alone/s", created_alone, 1.0, PREC_SUMMARY),
	ROW("  created mixed/s", created_mixed, 1.0, PREC_SUMMARY),
	ROW("read/s", read, 1.0, PREC_SUMMARY),
	ROW("appended/s", appended, 1.0, PREC_SUMMARY),
	ROW("deleted/s", deleted, 1.0, PREC_SUMMARY),
	ROW("  deletion alone/s", deleted_alone, 1.0, PREC_SUMMARY),
	ROW("  deleted mixed/s", deleted_mixed, 1.0, PREC_SUMMARY),
	ROW("megabytes read/s", bytes_read, BYTES_PER_MB, PREC_SUMMARY),
	ROW("megabytes written/s", bytes_written, BYTES_PER_MB, PREC_SUMMARY)
};
#undef ROW
#define NSTATROWS	(sizeof pm_stat_rows / sizeof pm_stat_rows[0])

/*
 * Seconds of an interval of d nanoseconds: 0 for one of no time (a
 * phase never reached, which starts and ends where the run stopped) or
 * a backward one.
 */
static double
seconds(int64_t d)
{
	return (d > 0 ? (double)d / NS_PER_S : 0.0);
}

/*
 * n per second over s seconds; an interval of no time counts as 1 ns,
 * so that no rate divides by zero (nothing done in no time is 0 per
 * second).
 */
static double
per_second(double n, double s)
{
	return (n / (s > 0 ? s : 1 / NS_PER_S));
}

/*
 * Every interval (seconds) and rate (per second) of what was done (n) in
 * create, trans and del nanoseconds of the timed phases and elapsed in
 * all, and the stonewall figures of one client: its own phases.
 * PostMark's "number" is the count created in the creation phase, and
 * its transaction count is the number of transactions completed; both
 * equal the configured values in a complete run.
 */
static void
rates_of(const struct pm_counts *n, int64_t create, int64_t trans,
    int64_t del, int64_t elapsed, struct pm_rates *rt)
{
	memset(rt, 0, sizeof *rt);
	rt->t_elapsed = seconds(trans);
	rt->create_iv = seconds(create);
	rt->delete_iv = seconds(del);
	rt->elapsed = seconds(elapsed);

	rt->transactions = per_second((double)n->transactions_done,
	    rt->t_elapsed);
	rt->created = per_second((double)pm_counts_created(n), rt->elapsed);
	rt->created_alone = per_second((double)n->created_alone,
	    rt->create_iv);
	rt->created_mixed = per_second((double)n->created_mixed,
	    rt->t_elapsed);
	rt->read = per_second((double)n->read, rt->t_elapsed);
	rt->appended = per_second((double)n->appended, rt->t_elapsed);
	rt->deleted = per_second((double)pm_counts_deleted(n), rt->elapsed);
	rt->deleted_alone = per_second((double)n->deleted_alone,
	    rt->delete_iv);
	rt->deleted_mixed = per_second((double)n->deleted_mixed,
	    rt->t_elapsed);
	rt->bytes_read = per_second((double)n->bytes_read, rt->elapsed);
	rt->bytes_written = per_second((double)n->bytes_written,
	    rt->elapsed);

	/* One client finishes first and last: its phases. */
	rt->sw_create_s = rt->create_iv;
	rt->sw_trans_s = rt->t_elapsed;
	rt->sw_delete_s = rt->delete_iv;
	rt->sw_created = rt->created_alone;
	rt->sw_transactions = rt->transactions;
	rt->sw_deleted = rt->deleted_alone;
	rt->balance = 1.0;
}

/*
 * Compute every interval (seconds) and rate (per second) of a run's
 * result, from its time stamps (struct pm_result): a gap between two
 * phases (a hook, a cache drop) is in no phase and not in the total.
 */
void
pm_report_rates(const struct pm_config *cfg, const struct pm_result *r,
    struct pm_rates *rt)
{
	uint64_t	 create_end, del, gap;

	(void)cfg;

	/* Without a gap between phases: PostMark's four points. */
	create_end = r->t_create_end != 0 ? r->t_create_end : r->t_trans;
	del = r->t_del != 0 ? r->t_del : r->t_trans_end;
	gap = (r->t_trans - create_end) + (del - r->t_trans_end);
	rates_of(&r->counts, (int64_t)(create_end - r->t_start),
	    (int64_t)(r->t_trans_end - r->t_trans), (int64_t)(r->t_end - del),
	    (int64_t)(r->t_end - (r->t_start + gap)), rt);
	if (r->nclients <= 1)
		return;
	rt->sw_create_s = seconds((int64_t)r->sw_ns[PM_TP_CREATE]);
	rt->sw_trans_s = seconds((int64_t)r->sw_ns[PM_TP_TRANSACT]);
	rt->sw_delete_s = seconds((int64_t)r->sw_ns[PM_TP_DELETE]);
	rt->sw_created = per_second((double)r->sw_ops[PM_TP_CREATE],
	    rt->sw_create_s);
	rt->sw_transactions = per_second((double)r->sw_ops[PM_TP_TRANSACT],
	    rt->sw_trans_s);
	rt->sw_deleted = per_second((double)r->sw_ops[PM_TP_DELETE],
	    rt->sw_delete_s);
	rt->balance = r->balance;
}

/*
 * The intervals and rates of one client of a run (its row): its phases
 * back to back, each as long as the client was in it.
 */
void
pm_client_rates(const struct pm_clientrow *c, struct pm_rates *rt)
{
	rates_of(&c->counts, (int64_t)c->ns[PM_TP_CREATE],
	    (int64_t)c->ns[PM_TP_TRANSACT], (int64_t)c->ns[PM_TP_DELETE],
	    (int64_t)(c->ns[PM_TP_CREATE] + c->ns[PM_TP_TRANSACT] +
	    c->ns[PM_TP_DELETE]), rt);
}

/* The field at offset off (a struct pm_field's) of a struct pm_rates. */
static double
rates_get(const struct pm_rates *rt, size_t off)
{
	double	 v;

	memcpy(&v, (const char *)rt + off, sizeof v);
	return (v);
}

/* The value of a summary row in one run's rates, scaled. */
static double
stat_value(const struct pm_rates *rt, const struct pm_stat_row *row)
{
	return (rates_get(rt, row->off) / row->scale);
}

/* A right-aligned summary cell of 10 columns: the value, or "-". */
static void
put_cell(FILE *fp, double v, int prec)
{
	char	 buf[FMT_LEN];

	fprintf(fp, " %10s", pm_fmt_fixed(buf, sizeof buf, v, prec, "-"));
}

/* Running statistics of one summary row (Welford's method). */
struct pm_summary_acc {
	double		 mean;		/* running mean */
	double		 m2;		/* sum of squared deviations */
	double		 min;
	double		 max;
};

/*
 * Accumulated statistics of several runs of one configuration, in constant
 * memory whatever the number of runs: one accumulator per summary row.
 */
struct pm_summary {
	size_t		 n;		/* runs added */
	size_t		 nok;		/* of which ended ok */
	struct pm_summary_acc acc[NSTATROWS];
};

/*
 * The transaction rate over the complete runs of a summary: the number
 * of runs, their mean, the half-width of the 95 % confidence interval
 * (NAN with fewer than 2) and the coefficient of variation in percent.
 */
size_t
pm_summary_rate(const struct pm_summary *s, double *mean, double *half,
    double *cv)
{
	const struct pm_summary_acc	*a = NULL;
	double				 sd;
	size_t				 k;

	for (k = 0; k < NSTATROWS; k++) {
		if (pm_stat_rows[k].off == offsetof(struct pm_rates,
		    transactions))
			a = &s->acc[k];
	}
	*mean = *half = *cv = NAN;
	if (a == NULL || s->nok == 0)
		return (0);
	*mean = a->mean;
	if (s->nok < 2)
		return (s->nok);
	sd = sqrt(a->m2 / (double)(s->nok - 1));
	*half = pm_student_t975(s->nok - 1) * sd / sqrt((double)s->nok);
	*cv = a->mean != 0 ? 100.0 * sd / a->mean : NAN;
	return (s->nok);
}

/* A new, empty summary; free with pm_summary_free. */
struct pm_summary *
pm_summary_new(void)
{
	return (xcalloc(1, sizeof (struct pm_summary)));
}

void
pm_summary_free(struct pm_summary *s)
{
	free(s);
}

/*
 * Add one run to a summary.  Runs that did not end ok are counted but
 * their rates are excluded.
 */
void
pm_summary_add(struct pm_summary *s, const struct pm_config *cfg,
    const struct pm_result *r)
{
	struct pm_rates		 rt;
	struct pm_summary_acc	*a;
	size_t			 k;
	double			 v, d;

	s->n++;
	if (r->status != PM_STATUS_OK)
		return;
	pm_report_rates(cfg, r, &rt);
	s->nok++;
	for (k = 0; k < NSTATROWS; k++) {
		a = &s->acc[k];
		v = stat_value(&rt, &pm_stat_rows[k]);
		if (s->nok == 1) {
			a->mean = a->min = a->max = v;
			a->m2 = 0;
			continue;
		}
		d = v - a->mean;
		a->mean += d / s->nok;
		a->m2 += d * (v - a->mean);
		if (v < a->min)
			a->min = v;
		if (v > a->max)
			a->max = v;
	}
}

/*
 * Summary of several runs of the same configuration: for each time and
 * rate of the verbose report, the mean, sample standard deviation, min,
 * max and the half-width h of the 95 % confidence interval of the mean
 * (mean - h .. mean + h, h = t(0.975, n - 1) * sd / sqrt(n)) over the runs
 * that ended ok; the others are counted and excluded.  The deviation and
 * the interval need two ok runs and print as "-" otherwise.  79 columns:
 *
 *	(blank line)
 *	Summary of 3 runs: 3 ok
 *	                               mean         sd        min ...
 *	seconds total                  5.84       0.02       5.82 ...
 */
int
pm_report_summary(FILE *fp, const struct pm_summary *s)
{
	const struct pm_summary_acc	*a;
	size_t				 k, n = s->n, nok = s->nok;
	double				 sd, half;
	int				 prec;

	fprintf(fp, "\nSummary of %zu run%s: %zu ok", n, n == 1 ? "" : "s",
	    nok);
	if (nok != n)
		fprintf(fp, ", %zu excluded (not ok)", n - nok);
	fputs("\n", fp);
	if (nok == 0)
		return (ferror(fp) ? -1 : 0);
	fprintf(fp, "%-24s %10s %10s %10s %10s %10s\n", "",
	    "mean", "sd", "min", "max", "95% CI +/-");
	for (k = 0; k < NSTATROWS; k++) {
		a = &s->acc[k];
		sd = nok > 1 ? sqrt(a->m2 / (nok - 1)) : NAN;
		half = pm_student_t975(nok - 1) * sd / sqrt((double)nok);

		fprintf(fp, "%-24s", pm_stat_rows[k].label);
		prec = pm_stat_rows[k].prec;
		put_cell(fp, a->mean, prec);
		put_cell(fp, sd, prec);
		put_cell(fp, a->min, prec);
		put_cell(fp, a->max, prec);
		put_cell(fp, half, prec);
		fputc('\n', fp);
	}
	return (ferror(fp) ? -1 : 0);
}

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
		if (mid == lo || mid == hi)
			break;		/* adjacent doubles: see above */
		if (tail(mid, v) > 0.05)
			lo = mid;
		else
			hi = mid;
	}
	return ((lo + hi) / 2.0);
}
