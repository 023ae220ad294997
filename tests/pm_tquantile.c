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
 * tests/t6018: print postmark's t(0.975, df), pm_student_t975(), as
 * "DF<TAB>VALUE" lines, for every df from 1 to 1000 (where the algorithm
 * changes) and then larger ones up to SIZE_MAX (1010 lines), so that the
 * test can compare them with scripts/postmark_compare/compare_stats.py's
 * values (a bisection each, stopped when it can no longer move: half a
 * second for the thousand).
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>

#include "postmark.h"

int
main(void)
{
	static const size_t	 large[] = {
		1001, 1500, 2000, 5000, 10000, 100000, 1000000, 1000000000,
		(size_t)1 << 40, SIZE_MAX
	};
	size_t			 i;

	for (i = 1; i <= 1000; i++)
		printf("%zu\t%.17g\n", i, pm_student_t975(i));
	for (i = 0; i < sizeof large / sizeof large[0]; i++)
		printf("%zu\t%.17g\n", large[i], pm_student_t975(large[i]));
	return (ferror(stdout) || fflush(stdout) != 0);
}
