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
 * strtonum: parse a whole decimal string into [min, max].  On failure it
 * returns 0 and sets *errstrp to "invalid", "too small" or "too large";
 * errno is set to EINVAL or ERANGE.
 */

#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "compat.h"

long long
strtonum(const char *s, long long min, long long max, const char **errstrp)
{
	long long	 v;
	char		*end;
	const char	*errstr = NULL;

	v = 0;
	if (min > max) {
		errno = EINVAL;
		errstr = "invalid";
		goto out;
	}
	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || *end != '\0') {
		errno = EINVAL;
		errstr = "invalid";
		v = 0;
	} else if ((v == LLONG_MIN && errno == ERANGE) || v < min) {
		errno = ERANGE;
		errstr = "too small";
		v = 0;
	} else if ((v == LLONG_MAX && errno == ERANGE) || v > max) {
		errno = ERANGE;
		errstr = "too large";
		v = 0;
	}
out:
	if (errstrp != NULL)
		*errstrp = errstr;
	return (v);
}
