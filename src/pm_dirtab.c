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
 * The context of the directory code (struct pm_dirctx: what it reads,
 * where its failure goes, the stop flag), the table of a set of
 * directories (struct pm_dirs: a handle and an identity per location,
 * and per subdirectory), made empty, freed with every handle still open,
 * and the names of its directories and files as the user would write
 * them, for messages.  What opens, makes and removes them is pm_dirs.c's.
 */

#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_engine.h"
#include "pm_names.h"

#define PM_PATH_DEPTH	4	/* rR, cI and room */

static int	 pm_chain(const struct pm_dirs *, const char **);
static int	 pm_dirs_init(struct pm_dirs *, size_t, uint32_t);

/*
 * The context of the directory code for a part of the run: cfg (the
 * locations' names, set strictmodes, the block sizes), the prefix of the
 * names of files in messages ("" or a shared client's "cI-", a string
 * that stays the caller's), where the first failure goes (e) and the
 * stop flag (the group's, or NULL) that a failure raises and that the
 * directory code checks between directories.
 */
void
pm_dirctx_init(struct pm_dirctx *c, const struct pm_config *cfg,
    const char *prefix, struct pm_error *e, int *stop)
{
	c->cfg = cfg;
	c->prefix = prefix;
	c->error = e;
	c->stop = stop;
}

/* Record a failure of op on path with errnum (pm_fail_in).  Returns -1. */
int
pm_dirctx_fail(const struct pm_dirctx *c, const char *op, const char *path,
    int errnum)
{
	return (pm_fail_in(c->error, c->stop, op, path, errnum));
}

/* Record a failed allocation (pm_nomem_in).  Returns -1. */
int
pm_dirctx_nomem(const struct pm_dirctx *c, const char *what, uint64_t n,
    uint64_t size)
{
	return (pm_nomem_in(c->error, c->stop, what, n, size));
}

/* Whether the run must stop: a signal, or the stop flag raised. */
int
pm_dirctx_stopped(const struct pm_dirctx *c)
{
	return (pm_stop_seen(c->stop));
}

/* The name of location loc as the user gave it, or "." for none. */
const char *
pm_locname(const struct pm_dirctx *c, uint32_t loc)
{
	return (c->cfg->nlocations > 0 ? c->cfg->locations[loc].name : ".");
}

/*
 * The names of the directories the run made between a location and d's
 * base directories (rR, cI), outermost first, into part; returns how
 * many.
 */
static int
pm_chain(const struct pm_dirs *d, const char **part)
{
	const struct pm_dirs	*x;
	int			 n = 0, i;

	for (x = d; x != NULL && x->name != NULL && n < PM_PATH_DEPTH;
	    x = x->parent)
		n++;
	for (i = n - 1, x = d; i >= 0; i--, x = x->parent)
		part[i] = x->name;
	return (n);
}

/*
 * The path of a file or directory as the user would write it, for
 * messages: "[location/][rR/][cI/][sK/][prefix]N" for a file of d, with
 * the subdirectory part when usesub and the number when num is not 0 (a
 * directory otherwise).  Returns an allocated string, or NULL when
 * memory is short (the message then has no path: a run in trouble must
 * not exit over it).
 */
char *
pm_display(const struct pm_dirctx *c, const struct pm_dirs *d, uint32_t loc,
    int usesub, uint32_t sub, uint32_t num)
{
	const char	*chain[PM_PATH_DEPTH], *part[PM_PATH_DEPTH + 2];
	char		 sbuf[PM_NAME_MAX + 1], nbuf[PM_NAME_MAX + 1], *s;
	size_t		 len, k, plen = strlen(c->prefix);
	int		 n, i, np = 0;

	part[np++] = c->cfg->nlocations > 0 ? c->cfg->locations[loc].name : "";
	n = pm_chain(d, chain);
	for (i = 0; i < n; i++)
		part[np++] = chain[i];
	if (usesub) {
		pm_name_subdir(sbuf, sizeof sbuf, sub);
		part[np++] = sbuf;
	}
	if (num != 0) {
		memcpy(nbuf, c->prefix, plen);
		pm_name_file(nbuf + plen, num);
		part[np++] = nbuf;
	}
	for (len = 1, i = 0; i < np; i++)
		len += strlen(part[i]) + 1;
	if ((s = malloc(len)) == NULL)
		return (NULL);
	for (k = 0, i = 0; i < np; i++) {
		if (k > 0)
			s[k++] = '/';
		memcpy(s + k, part[i], strlen(part[i]));
		k += strlen(part[i]);
	}
	s[k] = '\0';
	return (s);
}

/*
 * Prepare the directory table of nloc locations (0: the current
 * directory) with nsub subdirectories each (0: none): nothing open yet.
 * Returns 0, or -1 with errno set and nothing allocated; pm_dirs_close
 * frees it either way.
 */
static int
pm_dirs_init(struct pm_dirs *d, size_t nloc, uint32_t nsub)
{
	size_t		 n, nsd;

	memset(d, 0, sizeof *d);
	d->nloc = nloc > 0 ? nloc : 1;
	d->nsub = nsub;
	nsd = d->nloc * (size_t)(d->nsub > 0 ? d->nsub : 1);
	d->locfd = calloc(d->nloc, sizeof *d->locfd);
	d->canon = calloc(d->nloc, sizeof *d->canon);
	d->sub = calloc(nsd, sizeof *d->sub);
	if (d->locfd == NULL || d->canon == NULL || d->sub == NULL) {
		/* Not a handle in sight: nothing for pm_dirs_close. */
		free(d->locfd);
		free(d->canon);
		free(d->sub);
		memset(d, 0, sizeof *d);
		errno = ENOMEM;
		return (-1);
	}
	for (n = 0; n < d->nloc; n++) {
		d->locfd[n] = -1;
		d->canon[n] = (uint32_t)n;
	}
	for (n = 0; n < nsd; n++)
		d->sub[n].fd = -1;
	return (0);
}

/*
 * pm_dirs_init in context c: a failure is c's error, naming the table
 * and its size.  Returns 0 or -1.
 */
int
pm_dirs_new(const struct pm_dirctx *c, struct pm_dirs *d, size_t nloc,
    uint32_t nsub)
{
	if (pm_dirs_init(d, nloc, nsub) == 0)
		return (0);
	if (nsub > 0)
		return (pm_dirctx_nomem(c, "subdirectory table",
		    (uint64_t)(nloc > 0 ? nloc : 1) * nsub,
		    sizeof (struct pm_subdir)));
	return (pm_dirctx_nomem(c, "location table", nloc > 0 ? nloc : 1,
	    sizeof (int) + sizeof (uint32_t) + sizeof (struct pm_subdir)));
}

/* Close every directory handle of d still open and free d's tables. */
void
pm_dirs_close(struct pm_dirs *d)
{
	uint64_t	 n;
	size_t		 i;

	if (d->sub != NULL) {
		for (n = 0; n < (uint64_t)d->nloc * d->nsub; n++) {
			if (d->sub[n].fd >= 0)
				close(d->sub[n].fd);
		}
	}
	if (d->locfd != NULL) {
		for (i = 0; i < d->nloc; i++) {
			if (d->locfd[i] >= 0)
				close(d->locfd[i]);
		}
	}
	free(d->sub);
	free(d->locfd);
	free(d->canon);
	free(d->base);
	free(d->name);
	memset(d, 0, sizeof *d);
}
