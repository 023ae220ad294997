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
 * The clock that times each file operation.  Two reads of it bracket every
 * create, read, append and delete, so it must be cheap: on x86 CPUs whose
 * time-stamp counter is invariant (constant rate, running in every power
 * state) it is the TSC, read with one instruction and scaled to
 * nanoseconds by a factor calibrated against CLOCK_MONOTONIC before the
 * run; elsewhere it is CLOCK_MONOTONIC itself.  fio's "cpu" clocksource
 * makes the same choice.  Neither makes a system call.  The four phase
 * time stamps of a run always come from CLOCK_MONOTONIC.
 */

#ifndef PM_CLOCK_H
#define PM_CLOCK_H

#include <stdint.h>
#include <time.h>

#ifdef HAVE_X86_TSC
#include <x86intrin.h>
#endif

struct pm_clock {
	int		 tsc;		/* 1: ticks are TSC cycles */
	uint64_t	 mult;		/* ns per tick, 32.32 fixed point */
};

void		 pm_clock_init(struct pm_clock *);
uint64_t	 pm_clock_mono(void);

/* A reading of the clock, in ticks; only differences are meaningful. */
static inline uint64_t
pm_clock_read(const struct pm_clock *c)
{
#ifdef HAVE_X86_TSC
	if (c->tsc)
		return (__rdtsc());
#else
	(void)c;
#endif
	return (pm_clock_mono());
}

/* Nanoseconds from reading t0 to reading t1; 0 if the clock went back. */
static inline uint64_t
pm_clock_ns(const struct pm_clock *c, uint64_t t0, uint64_t t1)
{
	uint64_t	 d;

	if (t1 <= t0)
		return (0);
	d = t1 - t0;
	if (!c->tsc)
		return (d);
	/* d * mult >> 32 without a 128-bit product. */
	return ((d >> 32) * c->mult + (((d & 0xffffffffU) * c->mult) >> 32));
}

#endif /* PM_CLOCK_H */
