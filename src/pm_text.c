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
 * Text that reporters, statistics and messages share, below all of them
 * (it calls nothing of postmark's): pm_fmt_fixed, the one conversion of
 * a number to text, which replaces whatever decimal point LC_NUMERIC
 * uses by '.', so that a program that calls setlocale(LC_ALL, "") still
 * writes C-locale numbers; the names of phases and signals in messages.
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "postmark.h"
#include "pm_report.h"

/*
 * Format v with prec decimals into buf (len bytes) with '.' as the decimal
 * point whatever the locale.  Returns buf, or nonfinite if v is not finite.
 */
const char *
pm_fmt_fixed(char *buf, size_t len, double v, int prec, const char *nonfinite)
{
	const char	*dp;
	char		*p;
	size_t		 dplen;

	if (!isfinite(v))
		return (nonfinite);
	snprintf(buf, len, "%.*f", prec, v);
	dp = localeconv()->decimal_point;
	if (dp == NULL || strcmp(dp, ".") == 0 || *dp == '\0')
		return (buf);
	if ((p = strstr(buf, dp)) != NULL) {
		dplen = strlen(dp);
		*p = '.';
		memmove(p + 1, p + dplen, strlen(p + dplen) + 1);
	}
	return (buf);
}

/*
 * The name of a phase in messages: "performing transactions"; before the
 * first (the hook before run) "starting the run", after the last (the
 * hook after run) "finishing the run".
 */
const char *
pm_phase_name(enum pm_phase phase)
{
	static const char *const names[PM_PHASE_END + 1] = {
		"creating subdirectories",
		"creating files",
		"performing transactions",
		"deleting files",
		"deleting subdirectories",
		"running",
		"starting the run",
		"finishing the run"
	};

	if ((unsigned int)phase > PM_PHASE_END)
		return ("running");
	return (names[phase]);
}

/* The name of a signal that stops a run: "SIGINT". */
const char *
pm_signal_name(int signo)
{
	switch (signo) {
	case SIGINT:
		return ("SIGINT");
	case SIGTERM:
		return ("SIGTERM");
	case SIGHUP:
		return ("SIGHUP");
	case SIGQUIT:
		return ("SIGQUIT");
	}
	return ("a signal");
}
