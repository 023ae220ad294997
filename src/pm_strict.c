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
 * set strictmodes: whether someone other than the user and root could
 * replace the files of a directory (it belongs to another user, or group
 * or others may write in it and it is not sticky, a user private group
 * not counting), said as a reason for the engine's error and for the
 * run driver's check before a run, and the engine's refusal of such a
 * directory when its handle is opened.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/stat.h>

#include <grp.h>
#include <pwd.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_engine.h"

#define PM_NSS_BUF	16384	/* bytes for a user's or group's entry */

static int	 pm_private_group(gid_t);
static char	*pm_id_name(int, unsigned long);

/*
 * Whether group gid is the user's private group, as with umask 002
 * where each user has a group of their own: our primary group, named as
 * we are, with no one else listed in it.
 */
static int
pm_private_group(gid_t gid)
{
	struct passwd	 pw, *pwp = NULL;
	struct group	 gr, *grp = NULL;
	char		 pbuf[PM_NSS_BUF], gbuf[PM_NSS_BUF];
	size_t		 i;

	if (gid != getegid() || getpwuid_r(geteuid(), &pw, pbuf, sizeof pbuf,
	    &pwp) != 0 || pwp == NULL || getgrgid_r(gid, &gr, gbuf,
	    sizeof gbuf, &grp) != 0 || grp == NULL ||
	    strcmp(pw.pw_name, gr.gr_name) != 0)
		return (0);
	for (i = 0; gr.gr_mem[i] != NULL; i++) {
		if (strcmp(gr.gr_mem[i], pw.pw_name) != 0)
			return (0);
	}
	return (1);
}

/* "user NAME" or "group NAME" of id, or its number; allocated. */
static char *
pm_id_name(int group, unsigned long id)
{
	struct passwd	 pw, *pwp = NULL;
	struct group	 gr, *grp = NULL;
	char		 buf[PM_NSS_BUF], *s;
	const char	*name = NULL;

	if (group && getgrgid_r((gid_t)id, &gr, buf, sizeof buf, &grp) == 0 &&
	    grp != NULL)
		name = gr.gr_name;
	else if (!group && getpwuid_r((uid_t)id, &pw, buf, sizeof buf,
	    &pwp) == 0 && pwp != NULL)
		name = pw.pw_name;
	if (name != NULL)
		xasprintf(&s, "%s %s", group ? "group" : "user", name);
	else
		xasprintf(&s, "%s %lu", group ? "group" : "user", id);
	return (s);
}

/*
 * Why someone other than user and root could replace the files of the
 * directory st (whoever may write in a directory can rename or link a
 * file of theirs in place of one of its entries): it belongs to another
 * user, or group or others may write in it and it is not sticky (a
 * group that is the user's own does not count).  Returns an allocated
 * reason, or NULL when no one else can.
 */
char *
pm_dirs_exposure(const struct stat *st, uid_t user)
{
	static const char	 harm[] = "could put a link to a file of "
				    "theirs in place of one of the run's "
				    "files, which the run would then write, "
				    "read and remove";
	char			*s, *who;
	int			 g, o;

	if (st->st_uid != user && st->st_uid != 0) {
		who = pm_id_name(0, (unsigned long)st->st_uid);
		xasprintf(&s, "owned by %s, who %s (use a directory of your "
		    "own, or set strictmodes false to run anyway)", who, harm);
		free(who);
		return (s);
	}
	if (st->st_mode & S_ISVTX)
		return (NULL);
	o = (st->st_mode & S_IWOTH) != 0;
	g = (st->st_mode & S_IWGRP) && !pm_private_group(st->st_gid);
	if (!g && !o)
		return (NULL);
	who = g && !o ? pm_id_name(1, (unsigned long)st->st_gid) :
	    xstrdup(g ? "group and others" : "others");
	xasprintf(&s, "mode %04o lets %s write in it and it is not sticky, "
	    "so they %s (chmod go-w or +t it, or set strictmodes false to "
	    "run anyway)", (unsigned int)(st->st_mode & 07777), who, harm);
	free(who);
	return (s);
}

/*
 * With set strictmodes (the default), refuse the directory st when
 * someone other than user and root could replace its files
 * (pm_dirs_exposure): location i when d is NULL, else the directory of d
 * in location i (its sK when usesub).  One fstat of each handle when it
 * is opened, no system call in the operations; for a directory the run
 * made, user is its owner (no geteuid between PostMark's mkdir calls).
 * Returns 0, or -1 with the failure in c's error.
 */
int
pm_dir_strict(const struct pm_dirctx *c, const struct stat *st, uid_t user,
    const struct pm_dirs *d, uint32_t i, int usesub, uint32_t k)
{
	char	*why, *what;
	int	 first = c->error->op == NULL;

	if (!c->cfg->strictmodes || (why = pm_dirs_exposure(st, user)) ==
	    NULL)
		return (0);
	what = d == NULL ? xstrdup(pm_locname(c, i)) :
	    pm_display(c, d, i, usesub, k, 0);
	pm_dirctx_fail(c, "directory", what, 0);
	free(what);
	if (first)
		c->error->text = why;
	else
		free(why);
	return (-1);
}
