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
 * Choosing and calibrating the operation clock (see pm_clock.h).
 */

#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <time.h>

#ifdef HAVE_X86_TSC
#include <cpuid.h>
#endif

#include "pm_clock.h"

#define PM_CLOCK_CALIBRATE_NS	10000000L	/* 10 ms */

#ifdef HAVE_X86_TSC
static int	 pm_clock_invariant_tsc(void);
static void	 pm_clock_pair(uint64_t *, uint64_t *);
#endif

/* CLOCK_MONOTONIC in nanoseconds; through the vDSO, no system call. */
uint64_t
pm_clock_mono(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000 + (uint64_t)ts.tv_nsec);
}

#ifdef HAVE_X86_TSC
/* Whether CPUID says the TSC is invariant (leaf 0x80000007, EDX bit 8). */
static int
pm_clock_invariant_tsc(void)
{
	unsigned int	 a, b, c, d;

	if (__get_cpuid(0x80000000, &a, &b, &c, &d) == 0 || a < 0x80000007)
		return (0);
	if (__get_cpuid(0x80000007, &a, &b, &c, &d) == 0)
		return (0);
	return ((d & (1U << 8)) != 0);
}

/*
 * A TSC reading and a CLOCK_MONOTONIC reading taken at the same moment:
 * the TSC is read on both sides of the clock and the middle is kept, from
 * the tightest of a few tries (the first call of the clock may resolve a
 * symbol or fault in a page, which takes microseconds).
 */
static void
pm_clock_pair(uint64_t *tsc, uint64_t *ns)
{
	uint64_t	 a, b, m, best = UINT64_MAX;
	int		 i;

	for (i = 0; i < 5; i++) {
		a = __rdtsc();
		m = pm_clock_mono();
		b = __rdtsc();
		if (b >= a && b - a < best) {
			best = b - a;
			*tsc = a + (b - a) / 2;
			*ns = m;
		}
	}
}
#endif

/*
 * Choose the clock and, for the TSC, measure its rate against
 * CLOCK_MONOTONIC across a 10 ms sleep (before the measured phases, using
 * no CPU); the error of the factor is well under 0.01 %.  A signal
 * only shortens the sleep: the factor uses the time that really passed.  A TSC that does not advance
 * sensibly falls back to CLOCK_MONOTONIC.
 */
void
pm_clock_init(struct pm_clock *c)
{
#ifdef HAVE_X86_TSC
	struct timespec	 nap;
	uint64_t	 t0, n0, t1, n1;
#endif

	c->tsc = 0;
	c->mult = (uint64_t)1 << 32;
#ifdef HAVE_X86_TSC
	if (!pm_clock_invariant_tsc())
		return;
	pm_clock_pair(&t0, &n0);
	nap.tv_sec = 0;
	nap.tv_nsec = PM_CLOCK_CALIBRATE_NS;
	while (nanosleep(&nap, &nap) == -1 && errno == EINTR)
		continue;
	pm_clock_pair(&t1, &n1);
	if (t1 <= t0 || (t1 - t0) < (n1 - n0) / 16)
		return;
	c->mult = ((n1 - n0) << 32) / (t1 - t0);
	c->tsc = 1;
#endif
}
