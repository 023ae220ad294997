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
 * Known-answer tests of PostMark's generator (reference §4.1), printing
 * TAP: the first outputs for seeds 42, 1 and 4357 (MT19937 with the old
 * 69069 seeding; a library MT with init_genrand fails them), RND(x) for
 * x <= 0 drawing nothing, the source-buffer bytes for seed 42, and the
 * first size draw of the worked trace (§4.5).
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "postmark.h"
#include "tap.h"

struct vector {
	uint32_t	 seed;
	uint32_t	 out[5];		/* first five outputs */
};


static const struct vector vectors[] = {
	{ 42, { 4179544424U, 615236124U, 4165290828U, 3119652344U,
	    1623863471U } },
	{ 1, { 3556162021U, 4012392791U, 221657543U, 586320575U,
	    3355844478U } },
	{ 4357, { 2867219139U, 1585203162U, 3113124129U, 2953900839U,
	    2463794868U } },
};

/* The first 64 bytes of the source buffer for seed 42. */
static const char source42[] =
    "LeZebJ6S5~qPv$C$py}hmKd H58nM4~.}pv}Q7wSt'&R0{oSe8eY_i&z}T'VGt*I";


int
main(void)
{
	struct pm_rng	 r;
	char		 buf[65], desc[128];
	uint32_t	 v;
	size_t		 i, j;
	int		 pass;

	for (i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
		pm_rng_seed(&r, vectors[i].seed);
		pass = 1;
		for (j = 0; j < 5; j++) {
			v = pm_rng_next(&r);
			if (v != vectors[i].out[j]) {
				printf("# seed %u output %zu: got %u, "
				    "want %u\n", vectors[i].seed, j + 1, v,
				    vectors[i].out[j]);
				pass = 0;
			}
		}
		snprintf(desc, sizeof desc, "seed %u: first five outputs",
		    vectors[i].seed);
		ok(pass, desc);
	}

	/* Past one twist of the 624-word block. */
	pm_rng_seed(&r, 42);
	for (i = 0; i < 1000; i++)
		v = pm_rng_next(&r);
	pm_rng_seed(&r, 42);
	for (i = 0; i < 999; i++)
		pm_rng_next(&r);
	ok(pm_rng_next(&r) == v, "reseeding restarts the sequence");

	/* RND(0) and RND(-5) return 0 and draw nothing. */
	pm_rng_seed(&r, 42);
	pass = pm_rng_rnd(&r, 0) == 0 && pm_rng_rnd(&r, -5) == 0;
	ok(pass, "RND(x <= 0) is 0");
	ok(pm_rng_next(&r) == vectors[0].out[0],
	    "RND(x <= 0) consumes no number");

	/* RND(x) is the output modulo x: 4179544424 % 95 = 44. */
	pm_rng_seed(&r, 42);
	ok(pm_rng_rnd(&r, 95) == 44, "RND(95) is genrand() %% 95");
	ok(pm_rng_rnd(&r, 1000000000000LL) == 615236124U,
	    "RND(x > 2^32) is the output itself");

	/* Source buffer: 32 + RND(95) per byte. */
	pm_rng_seed(&r, 42);
	for (i = 0; i < 64; i++)
		buf[i] = (char)(32 + pm_rng_rnd(&r, 95));
	buf[64] = '\0';
	pass = strcmp(buf, source42) == 0;
	if (!pass)
		printf("# got:  %s\n# want: %s\n", buf, source42);
	ok(pass, "seed 42 source buffer, first 64 bytes");

	/* Worked trace: call 4097 is 1005820903, % 1048 = 807. */
	pm_rng_seed(&r, 42);
	for (i = 0; i < 4096; i++)
		pm_rng_next(&r);
	v = pm_rng_next(&r);
	if (v != 1005820903U)
		printf("# call 4097: got %u, want 1005820903\n", v);
	ok(v == 1005820903U && v % 1048 == 807,
	    "seed 42 call 4097 (worked trace, first file size)");

	return (done_testing());
}
