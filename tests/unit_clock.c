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
 * Unit tests of the operation clock (src/pm_clock.h), printing TAP: the
 * scaled difference of two readings agrees with CLOCK_MONOTONIC across a
 * sleep, a clock that goes back gives 0, and the 32.32 fixed-point
 * product is exact for large differences.
 */

#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "pm_clock.h"
#include "tap.h"


/* Sleep about ms milliseconds; return the CLOCK_MONOTONIC ns elapsed. */
static uint64_t
nap(const struct pm_clock *c, long ms, uint64_t *ticks_ns)
{
	struct timespec	 ts = { 0, ms * 1000000L };
	uint64_t	 m0, m1, t0, t1;

	m0 = pm_clock_mono();
	t0 = pm_clock_read(c);
	nanosleep(&ts, NULL);
	t1 = pm_clock_read(c);
	m1 = pm_clock_mono();
	*ticks_ns = pm_clock_ns(c, t0, t1);
	return (m1 - m0);
}

int
main(void)
{
	struct pm_clock	 c;
	uint64_t	 mono, ns, d, want;
	double		 err;
	int		 i;

	pm_clock_init(&c);
	printf("# operation clock: %s, mult %" PRIu64 "\n",
	    c.tsc ? "TSC" : "CLOCK_MONOTONIC", c.mult);

	for (i = 0; i < 3; i++) {
		mono = nap(&c, 50, &ns);
		err = ((double)ns - (double)mono) / (double)mono;
		printf("# 50 ms sleep: monotonic %" PRIu64 " ns, clock %"
		    PRIu64 " ns, error %+.5f %%\n", mono, ns, err * 100);
		ok(err > -0.001 && err < 0.001,
		    "a 50 ms sleep agrees with CLOCK_MONOTONIC within 0.1 %%");
	}
	ok(pm_clock_ns(&c, 100, 100) == 0, "equal readings give 0");
	ok(pm_clock_ns(&c, 200, 100) == 0, "a clock that goes back gives 0");

	/* The fixed-point product against 128-bit arithmetic. */
	c.tsc = 1;
	c.mult = 0x6a3d70a3U;		/* about 0.415 ns per tick */
	for (d = 1, i = 0; i < 60; i++, d = d * 2 + 12345) {
#ifdef __SIZEOF_INT128__
		want = (uint64_t)(((unsigned __int128)d * c.mult) >> 32);
#else
		want = (uint64_t)((long double)d * c.mult / 4294967296.0L);
#endif
		if (pm_clock_ns(&c, 1000, 1000 + d) != want)
			break;
	}
	ok(i == 60, "32.32 product exact up to 2^60 ticks");
	c.tsc = 0;
	ok(pm_clock_ns(&c, 5, 12345) == 12340,
	    "CLOCK_MONOTONIC readings are already nanoseconds");

	return (done_testing());
}
