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
 * Allocation wrappers: the one place where running out of memory is
 * fatal.  They may be used only where no run holds files (before a run,
 * after it, in the command language and the reports): the engine checks
 * every allocation it makes during a run and fails the run cleanly
 * instead, as on ENOSPC (src/README.run, "Running out of memory").
 */

#include "config.h"

#include <err.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "postmark.h"

/*
 * size bytes in words, into buf: "N bytes" under a KiB, else with one
 * decimal in the largest binary unit that keeps it at least 1 ("2.0
 * GiB").
 */
void
pm_size_text(char *buf, size_t len, uint64_t size)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB",
	    "PiB", "EiB" };
	double	 v = (double)size;
	int	 u = -1;

	if (size < 1024) {
		snprintf(buf, len, "%" PRIu64 " bytes", size);
		return;
	}
	while (v >= 1024 && u < 5) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, "%.1f %s", v, unit[u]);
}

/*
 * calloc(n, size) for what ("a result"), exiting with a message that
 * names it and its size ("allocate a result of 366072 bytes (357.5
 * KiB)") when memory is short.
 */
void *
xcalloc_what(const char *what, size_t n, size_t size)
{
	char	 total[32];
	void	*p;

	if ((p = calloc(n == 0 ? 1 : n, size == 0 ? 1 : size)) != NULL)
		return (p);
	pm_size_text(total, sizeof total, n > 0 && size > SIZE_MAX / n ?
	    UINT64_MAX : (uint64_t)n * size);
	if (n == 1)
		err(PM_EXIT_FAIL, "allocate %s of %zu bytes (%s)", what, size,
		    total);
	err(PM_EXIT_FAIL, "allocate %s of %zu x %zu bytes (%s)", what, n, size,
	    total);
}

void *
xmalloc(size_t size)
{
	void	*p;

	if ((p = malloc(size == 0 ? 1 : size)) == NULL)
		err(PM_EXIT_FAIL, "malloc %zu bytes", size);
	return (p);
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p;

	if ((p = calloc(n == 0 ? 1 : n, size == 0 ? 1 : size)) == NULL)
		err(PM_EXIT_FAIL, "calloc %zu x %zu bytes", n, size);
	return (p);
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if ((p = reallocarray(old, n == 0 ? 1 : n, size == 0 ? 1 : size)) ==
	    NULL)
		err(PM_EXIT_FAIL, "realloc %zu x %zu bytes", n, size);
	return (p);
}

char *
xstrdup(const char *s)
{
	char	*p;

	if ((p = strdup(s)) == NULL)
		err(PM_EXIT_FAIL, "strdup");
	return (p);
}

int
xasprintf(char **ret, const char *fmt, ...)
{
	va_list	 ap;
	int	 n;

	va_start(ap, fmt);
	n = xvasprintf(ret, fmt, ap);
	va_end(ap);
	return (n);
}

int
xvasprintf(char **ret, const char *fmt, va_list ap)
{
	int	 n;

	if ((n = vasprintf(ret, fmt, ap)) == -1)
		err(PM_EXIT_FAIL, "asprintf");
	return (n);
}
