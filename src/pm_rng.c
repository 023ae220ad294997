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
 * PostMark's random numbers: MT19937 (Matsumoto and Nishimura, 1998) with
 * the original Knuth 69069 seeding of the 1999 "integer version", not the
 * later 1812433253 initialisation.  RND(x) is genrand() % x and draws
 * nothing at all when x <= 0; the order and number of draws decide the
 * whole workload, so nothing here may change.
 */

#include "config.h"

#include <stdint.h>

#include "postmark.h"

#define MT_N		624
#define MT_M		397
#define MT_MATRIX_A	0x9908b0dfU
#define MT_UPPER	0x80000000U
#define MT_LOWER	0x7fffffffU

/* Seed the generator as PostMark's sgenrand() does. */
void
pm_rng_seed(struct pm_rng *r, uint32_t seed)
{
	uint32_t	 s = seed, hi;
	int		 i;

	for (i = 0; i < MT_N; i++) {
		hi = s & 0xffff0000U;
		s = 69069U * s + 1;
		r->mt[i] = hi | ((s & 0xffff0000U) >> 16);
		s = 69069U * s + 1;
	}
	r->mti = MT_N;
}

/* Regenerate the block of 624 words. */
static void
pm_rng_twist(struct pm_rng *r)
{
	uint32_t	 y;
	int		 k;

	for (k = 0; k < MT_N - MT_M; k++) {
		y = (r->mt[k] & MT_UPPER) | (r->mt[k + 1] & MT_LOWER);
		r->mt[k] = r->mt[k + MT_M] ^ (y >> 1) ^
		    ((y & 1) ? MT_MATRIX_A : 0);
	}
	for (; k < MT_N - 1; k++) {
		y = (r->mt[k] & MT_UPPER) | (r->mt[k + 1] & MT_LOWER);
		r->mt[k] = r->mt[k + (MT_M - MT_N)] ^ (y >> 1) ^
		    ((y & 1) ? MT_MATRIX_A : 0);
	}
	y = (r->mt[MT_N - 1] & MT_UPPER) | (r->mt[0] & MT_LOWER);
	r->mt[MT_N - 1] = r->mt[MT_M - 1] ^ (y >> 1) ^
	    ((y & 1) ? MT_MATRIX_A : 0);
	r->mti = 0;
}

/* Return the next 32-bit output (genrand). */
uint32_t
pm_rng_next(struct pm_rng *r)
{
	uint32_t	 y;

	if (r->mti >= MT_N)
		pm_rng_twist(r);
	y = r->mt[r->mti++];
	y ^= y >> 11;
	y ^= (y << 7) & 0x9d2c5680U;
	y ^= (y << 15) & 0xefc60000U;
	y ^= y >> 18;
	return (y);
}

/* PostMark's RND(x): genrand() % x, and no draw at all when x <= 0. */
uint32_t
pm_rng_rnd(struct pm_rng *r, int64_t x)
{
	if (x <= 0)
		return (0);
	return ((uint32_t)(pm_rng_next(r) % (uint64_t)x));
}
