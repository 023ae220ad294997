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
 * Unit tests of the latency histograms (src/pm_hist.c), printing TAP.
 * Expected values are computed independently of the histogram: exact
 * percentiles come from sorting the recorded sample, error bounds from the
 * documented 1/128 guarantee.  Samples come from a fixed-seed splitmix64,
 * so every run checks the same values.
 */

#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm_hist.h"
#include "tap.h"

#ifndef M_PI
#define M_PI		3.14159265358979323846
#endif

#define SAMPLE_N	200000		/* values in the random samples */
#define REL_BOUND	(1.0 / 128)	/* documented relative error bound */

static uint64_t		 rng_next(uint64_t *);
static double		 rng_unit(uint64_t *);
static int		 cmp_u64(const void *, const void *);
static double		 rel_err(uint64_t, uint64_t);
static uint64_t		 nearest_rank(const uint64_t *, size_t, unsigned int);
static uint64_t		 reported(uint64_t);
static void		 test_empty(void);
static void		 test_exact_small(void);
static void		 test_contiguity(void);
static void		 test_rel_error(void);
static void		 test_uniform(void);
static void		 test_distribution(const char *, const uint64_t *,
			    size_t);
static void		 test_merge(const uint64_t *, size_t);
static void		 test_min_max_mean(void);
static void		 test_saturation(void);
static void		 test_extremes(void);


/* Scratch histograms: a struct pm_hist is about 30 kB. */
static struct pm_hist	 ha, hb, hu, hs;

/* splitmix64: a small, fixed-seed generator independent of libc. */
static uint64_t
rng_next(uint64_t *s)
{
	uint64_t	 z;

	z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

/* A uniform double in (0, 1). */
static double
rng_unit(uint64_t *s)
{
	return (((double)(rng_next(s) >> 11) + 0.5) / 9007199254740992.0);
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t	 x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x < y ? -1 : x > y);
}

/* |got - want| / want, 0 when both are 0. */
static double
rel_err(uint64_t got, uint64_t want)
{
	double	 d;

	if (got == want)
		return (0);
	d = got > want ? (double)(got - want) : (double)(want - got);
	return (want == 0 ? INFINITY : d / (double)want);
}

/*
 * The exact nearest-rank percentile of a sorted sample, q given in
 * hundredths of a percent (9999 = 99.99 %), in integer arithmetic.
 */
static uint64_t
nearest_rank(const uint64_t *v, size_t n, unsigned int q)
{
	uint64_t	 rank;

	rank = ((uint64_t)q * n + 9999) / 10000;
	if (rank < 1)
		rank = 1;
	return (v[rank - 1]);
}

/*
 * The value the histogram reports for v when v is neither the minimum nor
 * the maximum: v is recorded into hs, which holds 0 and UINT64_MAX, the
 * median is read and the recording undone.
 */
static uint64_t
reported(uint64_t v)
{
	uint64_t	 got;

	pm_hist_record(&hs, v);
	got = pm_hist_percentile(&hs, 50);
	hs.count--;
	hs.bucket[pm_hist_bucket_index(v)]--;
	return (got);
}

/* An empty histogram reports zeros and has no bucket counted. */
static void
test_empty(void)
{
	unsigned int	 i, nz = 0;

	pm_hist_init(&ha);
	for (i = 0; i < PM_HIST_NBUCKETS; i++)
		nz += ha.bucket[i] != 0;
	ok(ha.count == 0 && ha.min == UINT64_MAX && ha.max == 0 &&
	    ha.sum == 0 && nz == 0, "empty: count 0, min UINT64_MAX, "
	    "max 0, sum 0, no bucket");
	ok(pm_hist_mean(&ha) == 0, "empty: mean 0");
	ok(pm_hist_percentile(&ha, 0) == 0 &&
	    pm_hist_percentile(&ha, 50) == 0 &&
	    pm_hist_percentile(&ha, 100) == 0, "empty: p0, p50, p100 are 0");
}

/* Values 0..127 have buckets of their own and are reported exactly. */
static void
test_exact_small(void)
{
	uint64_t	 v, got, want;
	unsigned int	 q, bad = 0;

	for (v = 0; v < PM_HIST_SUB; v++) {
		if (pm_hist_bucket_index(v) != v ||
		    pm_hist_bucket_low(v) != v || pm_hist_bucket_high(v) != v) {
			if (bad++ == 0)
				diag("value %" PRIu64 ": index %u low %" PRIu64
				    " high %" PRIu64, v,
				    pm_hist_bucket_index(v),
				    pm_hist_bucket_low(v),
				    pm_hist_bucket_high(v));
		}
	}
	ok(bad == 0, "exact: 0..127 are buckets 0..127 of width 1");

	pm_hist_init(&ha);
	for (v = 0; v < PM_HIST_SUB; v++)
		pm_hist_record(&ha, v);
	bad = 0;
	for (q = 0; q <= 100; q++) {
		/* Rank ceil(q * 128 / 100) holds value rank - 1. */
		want = ((uint64_t)q * PM_HIST_SUB + 99) / 100;
		want = want == 0 ? 0 : want - 1;
		got = pm_hist_percentile(&ha, q);
		if (got != want && bad++ == 0)
			diag("p%u of 0..127: got %" PRIu64 ", want %" PRIu64,
			    q, got, want);
	}
	ok(bad == 0, "exact: p0..p100 of 0..127 are the exact ranks");

	pm_hist_init(&ha);
	pm_hist_record(&ha, 37);
	pm_hist_record(&ha, 37);
	pm_hist_record(&ha, 5);
	ok(pm_hist_percentile(&ha, 50) == 37 &&
	    pm_hist_percentile(&ha, 33) == 5 &&
	    pm_hist_percentile(&ha, 34) == 37, "exact: {5, 37, 37}: p33 5, "
	    "p34 37, p50 37");
}

/*
 * Buckets tile 0..UINT64_MAX with no gap or overlap, the last ends at
 * UINT64_MAX, and above 127 a bucket is at most 1/64 of its low bound wide.
 */
static void
test_contiguity(void)
{
	uint64_t	 low, high, next = 0;
	unsigned int	 i, bad = 0, badw = 0;

	for (i = 0; i < PM_HIST_NBUCKETS; i++) {
		low = pm_hist_bucket_low(i);
		high = pm_hist_bucket_high(i);
		if (low != next || high < low ||
		    pm_hist_bucket_index(low) != i ||
		    pm_hist_bucket_index(high) != i ||
		    (high > low && pm_hist_bucket_index(high - 1) != i)) {
			if (bad++ == 0)
				diag("bucket %u: low %" PRIu64 " (want %"
				    PRIu64 ") high %" PRIu64 " index(low) %u"
				    " index(high) %u", i, low, next, high,
				    pm_hist_bucket_index(low),
				    pm_hist_bucket_index(high));
		}
		if (i >= PM_HIST_SUB && (high - low + 1) > low / 64) {
			if (badw++ == 0)
				diag("bucket %u [%" PRIu64 ", %" PRIu64
				    "] wider than low / 64", i, low, high);
		}
		next = high + 1;
	}
	ok(bad == 0, "contiguity: low(i) = high(i-1) + 1, index(low) = "
	    "index(high) = i for all %u buckets", PM_HIST_NBUCKETS);
	ok(pm_hist_bucket_low(0) == 0 &&
	    pm_hist_bucket_high(PM_HIST_NBUCKETS - 1) == UINT64_MAX &&
	    pm_hist_bucket_index(UINT64_MAX) == PM_HIST_NBUCKETS - 1,
	    "contiguity: buckets cover 0..UINT64_MAX");
	ok(badw == 0, "contiguity: width <= low / 64 above 127");
}

/*
 * The value reported for any v is within 1/128 of v: all of 1..65536,
 * both ends of every bucket, 2^k - 1..2^k + 1 for every k, and a fixed
 * log-uniform random sample over 1 ns .. 2^40 ns.
 */
static void
test_rel_error(void)
{
	uint64_t	 seed = 42, v, got, worst_v = 0, worst_got = 0;
	double		 e, worst = 0;
	unsigned int	 i, k, n = 0;
	uint64_t	 probe[3];

#define CHECK(val) do {						\
	v = (val);							\
	got = reported(v);						\
	e = rel_err(got, v);						\
	n++;								\
	if (e > worst) {						\
		worst = e;						\
		worst_v = v;						\
		worst_got = got;					\
	}								\
} while (0)

	pm_hist_init(&hs);
	pm_hist_record(&hs, 0);
	pm_hist_record(&hs, UINT64_MAX);

	for (v = 1; v <= 65536; v++)
		CHECK(v);
	for (i = 1; i < PM_HIST_NBUCKETS - 1; i++) {
		CHECK(pm_hist_bucket_low(i));
		CHECK(pm_hist_bucket_high(i));
	}
	for (k = 1; k < 64; k++) {
		probe[0] = ((uint64_t)1 << k) - 1;
		probe[1] = (uint64_t)1 << k;
		probe[2] = ((uint64_t)1 << k) + 1;
		for (i = 0; i < 3; i++)
			CHECK(probe[i]);
	}
	for (i = 0; i < SAMPLE_N / 4; i++)
		CHECK((uint64_t)exp2(rng_unit(&seed) * 40));
#undef CHECK

	if (worst > REL_BOUND)
		diag("value %" PRIu64 " reported as %" PRIu64
		    " (error %.5f %%)", worst_v, worst_got, worst * 100);
	ok(worst <= REL_BOUND, "error: %u values 1..2^64, worst %.4f %% "
	    "<= 1/128", n, worst * 100);
	ok(worst > REL_BOUND / 2, "error: the bound is reached (worst "
	    "%.4f %%), reported values are midpoints", worst * 100);
}

/* Uniform 1..100000 ns, each value once. */
static void
test_uniform(void)
{
	uint64_t	 v, got, want;
	unsigned int	 q, bad = 0;

	pm_hist_init(&ha);
	for (v = 1; v <= 100000; v++)
		pm_hist_record(&ha, v);
	got = pm_hist_percentile(&ha, 50);
	ok(rel_err(got, 50000) <= 0.01, "uniform: p50 %" PRIu64
	    " within 1 %% of 50000", got);
	got = pm_hist_percentile(&ha, 99);
	ok(rel_err(got, 99000) <= 0.01, "uniform: p99 %" PRIu64
	    " within 1 %% of 99000", got);
	ok(pm_hist_percentile(&ha, 0) == 1 &&
	    pm_hist_percentile(&ha, 100) == 100000,
	    "uniform: p0 = 1 and p100 = 100000 exactly");
	for (q = 1; q < 100; q++) {
		want = (uint64_t)q * 1000;
		got = pm_hist_percentile(&ha, q);
		if (rel_err(got, want) > REL_BOUND && bad++ == 0)
			diag("p%u: got %" PRIu64 ", want %" PRIu64,
			    q, got, want);
	}
	ok(bad == 0, "uniform: p1..p99 within 1/128 of q * 1000");
}

/*
 * Percentiles of a sample against the exact nearest-rank values of the
 * sorted sample: within 1/128, and exact at p0 and p100.
 */
static void
test_distribution(const char *name, const uint64_t *sample, size_t n)
{
	static const unsigned int	 qs[] = { 0, 1, 100, 500, 1000, 2500,
	    5000, 7500, 9000, 9500, 9900, 9990, 9999, 10000 };
	uint64_t			*sorted, got, want;
	unsigned int			 i, bad = 0;
	size_t				 j;

	if ((sorted = malloc(n * sizeof *sorted)) == NULL) {
		perror("malloc");
		exit(99);
	}
	memcpy(sorted, sample, n * sizeof *sorted);
	qsort(sorted, n, sizeof *sorted, cmp_u64);

	pm_hist_init(&ha);
	for (j = 0; j < n; j++)
		pm_hist_record(&ha, sample[j]);

	for (i = 0; i < sizeof qs / sizeof qs[0]; i++) {
		want = nearest_rank(sorted, n, qs[i]);
		got = pm_hist_percentile(&ha, qs[i] / 100.0);
		if (rel_err(got, want) > REL_BOUND) {
			bad++;
			diag("%s p%g: got %" PRIu64 ", want %" PRIu64, name,
			    qs[i] / 100.0, got, want);
		}
	}
	ok(bad == 0, "%s: p0..p100 within 1/128 of the sorted sample", name);
	ok(pm_hist_percentile(&ha, 0) == sorted[0] &&
	    pm_hist_percentile(&ha, 100) == sorted[n - 1],
	    "%s: p0 and p100 are the exact min and max", name);
	free(sorted);
}

/*
 * Merging A and B gives the same struct, byte for byte, as recording both
 * into one histogram; merging an empty histogram changes nothing; merging
 * into an empty one copies.
 */
static void
test_merge(const uint64_t *sample, size_t n)
{
	size_t	 j;

	pm_hist_init(&ha);
	pm_hist_init(&hb);
	pm_hist_init(&hu);
	for (j = 0; j < n; j++) {
		pm_hist_record(j % 3 ? &ha : &hb, sample[j]);
		pm_hist_record(&hu, sample[j]);
	}
	pm_hist_record(&hb, 0);
	pm_hist_record(&hu, 0);
	pm_hist_record(&ha, (uint64_t)1 << 50);
	pm_hist_record(&hu, (uint64_t)1 << 50);
	pm_hist_merge(&ha, &hb);
	ok(memcmp(&ha, &hu, sizeof ha) == 0,
	    "merge: merge(A, B) equals recording A and B together");

	pm_hist_init(&hb);
	pm_hist_merge(&ha, &hb);
	ok(memcmp(&ha, &hu, sizeof ha) == 0,
	    "merge: merging an empty histogram changes nothing");

	pm_hist_merge(&hb, &hu);
	ok(memcmp(&hb, &hu, sizeof hb) == 0,
	    "merge: merging into an empty histogram copies");
}

/* min, max, sum and mean are exact. */
static void
test_min_max_mean(void)
{
	static const uint64_t	 v[] = { 1000, 3, 123456789, 77, 4096,
	    999999999999ULL };
	uint64_t		 sum = 0, min = UINT64_MAX, max = 0;
	double			 mean;
	unsigned int		 i;

	pm_hist_init(&ha);
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		pm_hist_record(&ha, v[i]);
		sum += v[i];
		min = v[i] < min ? v[i] : min;
		max = v[i] > max ? v[i] : max;
	}
	mean = (double)sum / (sizeof v / sizeof v[0]);
	ok(ha.count == 6 && ha.min == min && ha.max == max && ha.sum == sum,
	    "exact: count %" PRIu64 ", min %" PRIu64 ", max %" PRIu64
	    ", sum %" PRIu64, ha.count, ha.min, ha.max, ha.sum);
	ok(pm_hist_mean(&ha) == mean, "exact: mean %.3f (want %.3f)",
	    pm_hist_mean(&ha), mean);

	pm_hist_init(&ha);
	pm_hist_record(&ha, 7);
	ok(ha.min == 7 && ha.max == 7 && pm_hist_mean(&ha) == 7 &&
	    pm_hist_percentile(&ha, 50) == 7, "exact: a single value 7");
}

/*
 * The first and last ranks report the exact min and max even for q
 * strictly between 0 and 100, and a midpoint outside [min, max] is clamped.
 */
static void
test_extremes(void)
{
	uint64_t	 lo, hi;

	/* 1000 and 3000 are not the midpoints of their buckets. */
	pm_hist_init(&ha);
	pm_hist_record(&ha, 1000);
	pm_hist_record(&ha, 2000);
	pm_hist_record(&ha, 3000);
	lo = pm_hist_percentile(&ha, 1);
	hi = pm_hist_percentile(&ha, 99.9);
	ok(lo == 1000 && hi == 3000, "extremes: {1000, 2000, 3000}: p1 %"
	    PRIu64 " (want 1000), p99.9 %" PRIu64 " (want 3000)", lo, hi);

	/* Bucket 4992..5055 has midpoint 5024. */
	pm_hist_init(&ha);
	pm_hist_record(&ha, 5000);
	pm_hist_record(&ha, 5000);
	pm_hist_record(&ha, 5000);
	lo = pm_hist_percentile(&ha, 50);
	pm_hist_init(&ha);
	pm_hist_record(&ha, 5050);
	pm_hist_record(&ha, 5050);
	pm_hist_record(&ha, 5050);
	hi = pm_hist_percentile(&ha, 50);
	ok(lo == 5000 && hi == 5050, "extremes: midpoint 5024 clamped: "
	    "p50 of 3 x 5000 is %" PRIu64 ", of 3 x 5050 is %" PRIu64, lo, hi);
}

/* The sum sticks at UINT64_MAX instead of wrapping, also when merging. */
static void
test_saturation(void)
{
	pm_hist_init(&ha);
	pm_hist_record(&ha, UINT64_MAX - 5);
	pm_hist_record(&ha, 10);
	pm_hist_record(&ha, 0);
	ok(ha.sum == UINT64_MAX && ha.count == 3 && ha.min == 0 &&
	    ha.max == UINT64_MAX - 5 &&
	    ha.bucket[PM_HIST_NBUCKETS - 1] == 1,
	    "saturation: record sum sticks at UINT64_MAX");

	pm_hist_init(&hb);
	pm_hist_record(&hb, UINT64_MAX / 2 + 1);
	pm_hist_init(&hu);
	pm_hist_record(&hu, UINT64_MAX / 2 + 1);
	pm_hist_merge(&hb, &hu);
	ok(hb.sum == UINT64_MAX && hb.count == 2,
	    "saturation: merge sum sticks at UINT64_MAX");
}

int
main(void)
{
	uint64_t	*sample, seed = 20260101;
	double		 u1, u2, z;
	size_t		 j;

	if ((sample = malloc(SAMPLE_N * sizeof *sample)) == NULL) {
		perror("malloc");
		return (99);
	}

	test_empty();
	test_exact_small();
	test_contiguity();
	test_rel_error();
	test_uniform();

	/* Exponential, mean 20 us. */
	for (j = 0; j < SAMPLE_N; j++)
		sample[j] = (uint64_t)(-log(rng_unit(&seed)) * 20000);
	test_distribution("exponential", sample, SAMPLE_N);

	/* Lognormal, median 50 us, sigma 1.5 (Box-Muller). */
	for (j = 0; j < SAMPLE_N; j++) {
		u1 = rng_unit(&seed);
		u2 = rng_unit(&seed);
		z = sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
		sample[j] = (uint64_t)exp(log(50000.0) + 1.5 * z);
	}
	test_distribution("lognormal", sample, SAMPLE_N);

	test_merge(sample, SAMPLE_N);
	test_min_max_mean();
	test_saturation();
	test_extremes();

	free(sample);
	return (done_testing());
}
