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
 * Errors as data.  The engine records a run's failure as {operation,
 * path, errno}; a command's failure is a struct pm_cmderr, with its kind
 * (the input or running it), the message that names the value and the
 * rule, and PostMark's own message where there was one.  This file is
 * the one place that builds and formats them; pm_shell.c prints them.
 */

#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm_cli.h"

static const char *pm_error_kind_text(const struct pm_error *);

/*
 * Record that op failed on path with errnum, unless an error is recorded
 * already: the first failure of a run is its cause.  path is copied;
 * NULL, or a copy that memory is too short for, leaves it NULL ("?"):
 * a run that ran out of memory must still be able to say so.
 */
void
pm_error_set(struct pm_error *e, const char *op, const char *path,
    int errnum)
{
	if (e->op != NULL)
		return;
	e->op = op;
	e->path = path != NULL ? strdup(path) : NULL;
	e->errnum = errnum;
	e->kind = errnum == PM_ERRNUM_EOF ? PM_ERROR_EOF :
	    errnum == PM_ERRNUM_SHORT ? PM_ERROR_SHORT : PM_ERROR_ERRNO;
	e->msg = NULL;
	e->text = NULL;
	e->client = -1;
	e->rank = -1;
}

/* Forget a recorded error and free what it holds. */
void
pm_error_clear(struct pm_error *e)
{
	free(e->path);
	free(e->text);
	memset(e, 0, sizeof *e);
}

/*
 * The error as "OP PATH: message", after "client N: " when a client of
 * several failed (or "rank R: " when an MPI rank did, outside a
 * client): the message is e->text or e->msg when set, else the kind's:
 * strerror(errnum), "unexpected end of file" or "short write".  Returns
 * an allocated string.
 */
char *
pm_error_string(const struct pm_error *e)
{
	const char	*msg;
	char		*s;

	if (e->op == NULL)
		return (xstrdup("unknown error"));
	if (e->text != NULL)
		msg = e->text;
	else if (e->msg != NULL)
		msg = e->msg;
	else
		msg = pm_error_kind_text(e);
	if (e->client >= 0)
		xasprintf(&s, "client %d: %s %s: %s", e->client, e->op,
		    e->path != NULL ? e->path : "?", msg);
	else if (e->rank >= 0)
		xasprintf(&s, "rank %d: %s %s: %s", e->rank, e->op,
		    e->path != NULL ? e->path : "?", msg);
	else
		xasprintf(&s, "%s %s: %s", e->op,
		    e->path != NULL ? e->path : "?", msg);
	return (s);
}

/* The text of an error's kind. */
static const char *
pm_error_kind_text(const struct pm_error *e)
{
	switch (e->kind) {
	case PM_ERROR_EOF:
		return ("unexpected end of file");
	case PM_ERROR_SHORT:
		return ("short write");
	case PM_ERROR_ERRNO:
		break;
	}
	return (strerror(e->errnum));
}

/*
 * Fail a command: kind, PostMark's message for the input (copied, or
 * NULL) and the message (printf format).  A previous error is replaced.
 */
void
pm_cmderr_set(struct pm_cmderr *err, enum pm_errkind kind,
    const char *compat, const char *fmt, ...)
{
	va_list	 ap;

	pm_cmderr_clear(err);
	err->kind = kind;
	err->compat = compat != NULL ? xstrdup(compat) : NULL;
	va_start(ap, fmt);
	xvasprintf(&err->text, fmt, ap);
	va_end(ap);
}

/* Set PostMark's message of an error (printf format). */
void
pm_cmderr_compat(struct pm_cmderr *err, const char *fmt, ...)
{
	va_list	 ap;

	free(err->compat);
	va_start(ap, fmt);
	xvasprintf(&err->compat, fmt, ap);
	va_end(ap);
}

/*
 * Add the error more (emptied) to the problems of err: err becomes it
 * when err holds none, else it goes to the end of err's chain.
 */
void
pm_cmderr_add(struct pm_cmderr *err, struct pm_cmderr *more)
{
	struct pm_cmderr	*last;

	if (more->text == NULL)
		return;
	if (err->text == NULL) {
		pm_cmderr_clear(err);
		*err = *more;
	} else {
		for (last = err; last->next != NULL; last = last->next)
			continue;
		last->next = xmalloc(sizeof *last->next);
		*last->next = *more;
	}
	memset(more, 0, sizeof *more);
}

/* Forget an error (and the problems chained to it), freeing them. */
void
pm_cmderr_clear(struct pm_cmderr *err)
{
	if (err->next != NULL) {
		pm_cmderr_clear(err->next);
		free(err->next);
	}
	free(err->text);
	free(err->compat);
	free(err->hint);
	err->text = err->compat = err->hint = NULL;
	err->next = NULL;
	err->kind = PM_ERR_INPUT;
	err->signo = 0;
}

/*
 * Add a warning to a result: why its figures may mislead and what to
 * change (printf format), not said yet.  One that memory is too short for
 * is left out rather than the whole record: the engine adds its own as a
 * run ends.
 */
void
pm_result_warn(struct pm_result *r, const char *fmt, ...)
{
	va_list		 ap;
	char		*w, **p;
	unsigned char	*s;
	int		 n;

	va_start(ap, fmt);
	n = vasprintf(&w, fmt, ap);
	va_end(ap);
	if (n == -1)
		return;
	if ((p = reallocarray(r->warnings, r->nwarnings + 1,
	    sizeof *r->warnings)) == NULL) {
		free(w);
		return;
	}
	r->warnings = p;
	if ((s = reallocarray(r->warnings_said, r->nwarnings + 1,
	    sizeof *r->warnings_said)) == NULL) {
		free(w);
		return;
	}
	r->warnings_said = s;
	r->warnings_said[r->nwarnings] = 0;
	r->warnings[r->nwarnings++] = w;
}
