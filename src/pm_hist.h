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
 * A fixed-size log-linear latency histogram.  Values (nanoseconds) below
 * PM_HIST_SUB are counted exactly; above, each power of two is split into
 * PM_HIST_SUB/2 equal buckets, so a bucket is at most 1/64 of its lower
 * bound wide and the midpoint reported for it is within 0.8 % of any value
 * in it (at most 1/128).  Recording is a few integer operations: no
 * allocation, no system call.  Two histograms merge by adding their
 * buckets.
 *
 * Bucket i holds the values pm_hist_bucket_low(i)..pm_hist_bucket_high(i),
 * both bounds INCLUSIVE (the last bucket ends at UINT64_MAX, which an
 * exclusive bound could not express); bucket i + 1 starts at
 * pm_hist_bucket_high(i) + 1.  pm_hist_percentile(h, q), 0 <= q <= 100,
 * returns the value of the nearest rank ceil(q / 100 * count): min when
 * that rank is the first (q = 0), max when it is the last (q = 100),
 * otherwise the midpoint of the bucket holding it, clamped to [min, max];
 * 0 when empty.  pm_hist_mean is sum / count, 0 when empty.
 */

#ifndef PM_HIST_H
#define PM_HIST_H

#include <stddef.h>
#include <stdint.h>

#define PM_HIST_SUB_BITS	7
#define PM_HIST_SUB		(1 << PM_HIST_SUB_BITS)	/* 128 */
#define PM_HIST_HALF		(PM_HIST_SUB / 2)
/* Exact buckets 0..127, then 64 buckets for each power 2^7..2^63. */
#define PM_HIST_NBUCKETS	(PM_HIST_SUB + (64 - PM_HIST_SUB_BITS) * \
				    PM_HIST_HALF)

struct pm_hist {
	uint64_t	 count;			/* values recorded */
	uint64_t	 min;			/* ns, UINT64_MAX when empty */
	uint64_t	 max;			/* ns */
	uint64_t	 sum;			/* ns, saturating */
	uint64_t	 bucket[PM_HIST_NBUCKETS]; /* counts */
};

/*
 * The statistics of a histogram that every report prints (pm_latstat):
 * its count and, in microseconds, min, mean, p50, p90, p99, p99.9, max.
 */
#define PM_NLATSTATS		7
struct pm_latstat {
	uint64_t	 count;
	double		 v[PM_NLATSTATS];	/* us */
};

void		 pm_hist_init(struct pm_hist *);
void		 pm_hist_record(struct pm_hist *, uint64_t);
void		 pm_hist_merge(struct pm_hist *, const struct pm_hist *);
uint64_t	 pm_hist_percentile(const struct pm_hist *, double);
double		 pm_hist_mean(const struct pm_hist *);
unsigned int	 pm_hist_bucket_index(uint64_t);
uint64_t	 pm_hist_bucket_low(unsigned int);
uint64_t	 pm_hist_bucket_high(unsigned int);
void		 pm_latstat(const struct pm_hist *, struct pm_latstat *);
const char	*pm_lat_name(size_t, int);

#endif /* PM_HIST_H */
