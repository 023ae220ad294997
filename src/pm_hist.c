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
 * Fixed-size log-linear latency histograms (HDR-like).  A value v below
 * 128 ns has a bucket of its own.  A larger value has its top bit at
 * position k >= 7; the six bits below the top one select one of 64 equal
 * buckets of width 2^(k-6) in [2^k, 2^(k+1)).  With k = log2(v | 64) the
 * two cases are one formula, index = 64 * (k - 6) + (v >> (k - 6)), so
 * recording costs a count-leading-zeros, a shift and a few additions.
 * The statistics that every report prints of a histogram (pm_latstat,
 * and their names) are here too, so that the engine computes a
 * client's without calling up into the reporters.
 */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "pm_hist.h"

#define PM_NS_PER_US	1e3

/* The percentiles reported, and their suffix in CSV and JSON names. */
struct pm_pct {
	double		 p;		/* percent, 0..100 */
	const char	*name;		/* "p50" */
	const char	*label;		/* "p50" as printed in verbose */
};

static const struct pm_pct pm_pcts[] = {
	{ 50.0, "p50", "p50" },
	{ 90.0, "p90", "p90" },
	{ 99.0, "p99", "p99" },
	{ 99.9, "p999", "p99.9" }
};
#define NPCTS	(sizeof pm_pcts / sizeof pm_pcts[0])
/* The statistics of a latency histogram: min, mean, the percentiles, max. */
_Static_assert(3 + NPCTS == PM_NLATSTATS, "a statistic for each percentile");

static unsigned int	 pm_hist_log2(uint64_t);
static uint64_t		 pm_hist_bucket_width(unsigned int);
static uint64_t		 pm_hist_bucket_mid(unsigned int);

/* Position of the highest set bit of v, which must not be 0. */
static inline unsigned int
pm_hist_log2(uint64_t v)
{
#ifdef __GNUC__
	return (63 - (unsigned int)__builtin_clzll(v));
#else
	unsigned int	 k = 0;

	while (v >>= 1)
		k++;
	return (k);
#endif
}

/* The number of values (ns) bucket i holds: 1 for the exact buckets. */
static uint64_t
pm_hist_bucket_width(unsigned int i)
{
	if (i < PM_HIST_SUB)
		return (1);
	return ((uint64_t)1 << (i / PM_HIST_HALF - 1));
}

/*
 * The value reported for bucket i: low + width / 2, which is low itself
 * for the exact buckets.  For a value v in the bucket the error is at most
 * width / 2 <= low / 128 <= v / 128.
 */
static uint64_t
pm_hist_bucket_mid(unsigned int i)
{
	return (pm_hist_bucket_low(i) + pm_hist_bucket_width(i) / 2);
}

/* Make h empty. */
void
pm_hist_init(struct pm_hist *h)
{
	memset(h, 0, sizeof *h);
	h->min = UINT64_MAX;
}

/*
 * The bucket holding value v (ns), 0 <= index < PM_HIST_NBUCKETS.  Values
 * 0..PM_HIST_SUB-1 map to themselves.
 */
unsigned int
pm_hist_bucket_index(uint64_t v)
{
	unsigned int	 shift;

	shift = pm_hist_log2(v | PM_HIST_HALF) - (PM_HIST_SUB_BITS - 1);
	return ((unsigned int)(PM_HIST_HALF * shift + (v >> shift)));
}

/* The smallest value (ns) of bucket i. */
uint64_t
pm_hist_bucket_low(unsigned int i)
{
	if (i < PM_HIST_SUB)
		return (i);
	return ((PM_HIST_HALF + i % PM_HIST_HALF) * pm_hist_bucket_width(i));
}

/*
 * The largest value (ns) of bucket i, inclusive: the last bucket ends at
 * UINT64_MAX, which an exclusive bound could not express.
 */
uint64_t
pm_hist_bucket_high(unsigned int i)
{
	return (pm_hist_bucket_low(i) + (pm_hist_bucket_width(i) - 1));
}

/*
 * Count value v (ns): count, min, max, sum (which sticks at UINT64_MAX
 * rather than wrap) and its bucket.  No allocation, no system call.
 */
void
pm_hist_record(struct pm_hist *h, uint64_t v)
{
	uint64_t	 sum;

	h->count++;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	sum = h->sum + v;
	h->sum = sum < v ? UINT64_MAX : sum;
	h->bucket[pm_hist_bucket_index(v)]++;
}

/*
 * Add the values of src to dst, as if each had been recorded into dst.
 * The result is identical to recording the union of both inputs.
 */
void
pm_hist_merge(struct pm_hist *dst, const struct pm_hist *src)
{
	uint64_t	 sum;
	unsigned int	 i;

	if (src->count == 0)
		return;
	dst->count += src->count;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	sum = dst->sum + src->sum;
	dst->sum = sum < src->sum ? UINT64_MAX : sum;
	for (i = 0; i < PM_HIST_NBUCKETS; i++)
		dst->bucket[i] += src->bucket[i];
}

/*
 * The value (ns) at percentile q, 0 <= q <= 100, by the nearest-rank
 * method: the value of rank ceil(q / 100 * count) in sorted order.  The
 * answer is exact when that rank is the first or the last (q = 0 gives
 * min, q = 100 max) or falls in an exact bucket; otherwise it is the
 * midpoint of the bucket holding the rank, clamped to [min, max], within
 * 1/128 of the exact value.  Returns 0 for an empty histogram.
 */
uint64_t
pm_hist_percentile(const struct pm_hist *h, double q)
{
	double		 x;
	uint64_t	 rank, seen, mid;
	unsigned int	 i, last;

	if (h->count == 0)
		return (0);
	if (!(q > 0))			/* also NaN */
		return (h->min);
	if (q >= 100)
		return (h->max);

	/* q * count first: exact for integral q, unlike q / 100. */
	x = q * (double)h->count / 100;
	rank = (uint64_t)x;
	if ((double)rank < x)
		rank++;
	if (rank <= 1)
		return (h->min);
	if (rank >= h->count)
		return (h->max);

	seen = 0;
	last = pm_hist_bucket_index(h->max);
	for (i = pm_hist_bucket_index(h->min); i < last; i++) {
		seen += h->bucket[i];
		if (seen >= rank)
			break;
	}
	mid = pm_hist_bucket_mid(i);
	if (mid < h->min)
		return (h->min);
	if (mid > h->max)
		return (h->max);
	return (mid);
}

/* The mean (ns) of the recorded values, 0 when empty. */
double
pm_hist_mean(const struct pm_hist *h)
{
	if (h->count == 0)
		return (0);
	return ((double)h->sum / (double)h->count);
}

/*
 * The statistics of a histogram that every report prints: its count and,
 * in microseconds and in report order, v[0] min, v[1] mean, then one per
 * pm_pcts[], and v[PM_NLATSTATS - 1] max.
 */
void
pm_latstat(const struct pm_hist *h, struct pm_latstat *st)
{
	double	*v = st->v;
	size_t	 i;

	st->count = h->count;
	v[0] = h->min / PM_NS_PER_US;
	v[1] = pm_hist_mean(h) / PM_NS_PER_US;
	for (i = 0; i < NPCTS; i++)
		v[2 + i] = pm_hist_percentile(h, pm_pcts[i].p) / PM_NS_PER_US;
	v[PM_NLATSTATS - 1] = h->max / PM_NS_PER_US;
}

/*
 * The name of statistic i of pm_latstat: "min", "mean", "p50" ... "max";
 * a percentile as printed in the verbose report ("p99.9") when verbose,
 * else as in CSV and JSON names ("p999").
 */
const char *
pm_lat_name(size_t i, int verbose)
{
	if (i == 0)
		return ("min");
	if (i == 1)
		return ("mean");
	if (i == PM_NLATSTATS - 1)
		return ("max");
	return (verbose ? pm_pcts[i - 2].label : pm_pcts[i - 2].name);
}
