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
 * tests/tap.h: the TAP output of the C unit tests, the counterpart of
 * tests/tap.sh.  Include it once, in the test's one source file: ok()
 * and skip() print a result line, diag() a comment, is_str() compares
 * strings and shows both when they differ, done_testing() prints the
 * plan and returns the exit status.
 */

#ifndef PM_TAP_H
#define PM_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TAP_UNUSED	__attribute__((__unused__))

static int	 tap_n;			/* tests run */
static int	 tap_failed;		/* of which failed */

/* A result line: "ok N - DESC" when cond holds, else "not ok". */
static TAP_UNUSED __attribute__((__format__(__printf__, 2, 3))) void
ok(int cond, const char *fmt, ...)
{
	va_list	 ap;

	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* A test that cannot run here: passes with a SKIP directive. */
static TAP_UNUSED void
skip(const char *desc, const char *reason)
{
	printf("ok %d - %s # SKIP %s\n", ++tap_n, desc, reason);
}

/* A diagnostic line ("# ..."). */
static TAP_UNUSED __attribute__((__format__(__printf__, 1, 2))) void
diag(const char *fmt, ...)
{
	va_list	 ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* Pass when got equals want; show both otherwise. */
static TAP_UNUSED void
is_str(const char *got, const char *want, const char *desc)
{
	int	 same;

	same = got != NULL && strcmp(got, want) == 0;
	ok(same, "%s", desc);
	if (!same)
		printf("# got:  '%s'\n# want: '%s'\n",
		    got == NULL ? "(null)" : got, want);
}

/* Print the plan; the exit status: 0 when every test passed. */
static TAP_UNUSED int
done_testing(void)
{
	printf("1..%d\n", tap_n);
	return (tap_failed != 0);
}

#endif /* PM_TAP_H */
