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
 * replace the files of a directory (it belongs to another user, or
 * someone else may write in it and it is not sticky), said as a reason
 * for the engine's error, for the run driver's check before a run and
 * for the directory of a file of records, and the engine's refusal of
 * such a directory when its handle is opened.
 *
 * Who may write is read from the mode and, when its group bits allow
 * writing, from the directory's POSIX ACL (its system.posix_acl_access
 * attribute): a named user or group whose entry has write, as the mask
 * leaves it, may write, and the owning group only when its own entry
 * has write.  A group that is the user's private group (named as the
 * user, as with umask 002) does not count, unless someone else is in it:
 * a member, or a user whose primary group it is.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/stat.h>
#ifdef HAVE_SYS_XATTR_H
#include <sys/xattr.h>
#endif

#include <errno.h>
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_engine.h"

#define PM_NSS_BUF	16384	/* bytes for a user's or group's entry */

/*
 * The POSIX ACL of a file as Linux keeps it in its system.posix_acl_access
 * attribute: a 4-byte version (2), then 8-byte entries, little-endian:
 * a 2-byte tag, 2-byte permissions (4 read, 2 write, 1 execute), a
 * 4-byte user or group id (of a named entry).
 */
#define PM_ACL_NAME	"system.posix_acl_access"
#define PM_ACL_VERSION	2
#define PM_ACL_ENTRY	8		/* bytes */
#define PM_ACL_MAX	4096		/* bytes read: 511 entries */
#define PM_ACL_GROUP_OBJ 0x04
#define PM_ACL_USER	0x02
#define PM_ACL_GROUP	0x08
#define PM_ACL_MASK	0x10
#define PM_ACL_WRITE	0x02

/* Who other than the user and root may write in a directory. */
struct pm_writers {
	int		 others;	/* its mode lets others */
	int		 group;		/* its owning group may (st_gid) */
	char		*primary;	/* whose primary group that is, */
					/* when it is the user's own */
	int		 named;		/* its ACL names a user or group */
	int		 named_group;	/* which is a group */
	unsigned long	 id;		/* its id */
};

static pthread_mutex_t	 pm_pw_mtx = PTHREAD_MUTEX_INITIALIZER;

static char	*pm_primary_of(gid_t, const char *);
static int	 pm_private_group(gid_t, char **);
static char	*pm_id_name(int, unsigned long);
static uint32_t	 pm_le(const unsigned char *, int);
static int	 pm_acl_writers(int, uid_t, struct pm_writers *);
static int	 pm_writers(int, const struct stat *, uid_t,
		    struct pm_writers *);

/*
 * A user other than me whose primary group (in the passwd database) is
 * gid: "user NAME", allocated, or NULL when there is none.  The
 * database is walked under a lock: its enumeration is the process's.
 */
static char *
pm_primary_of(gid_t gid, const char *me)
{
	struct passwd	 pw, *pwp;
	char		 buf[PM_NSS_BUF], *s = NULL;

	pthread_mutex_lock(&pm_pw_mtx);
	setpwent();
	while (s == NULL && getpwent_r(&pw, buf, sizeof buf, &pwp) == 0 &&
	    pwp != NULL) {
		if (pw.pw_gid == gid && strcmp(pw.pw_name, me) != 0)
			xasprintf(&s, "user %s", pw.pw_name);
	}
	endpwent();
	pthread_mutex_unlock(&pm_pw_mtx);
	return (s);
}

/*
 * Whether group gid is the user's private group, as with umask 002
 * where each user has a group of their own: our primary group, named as
 * we are, with no one else in it, neither listed as a member nor having
 * it as their primary group (then *other, when other is not NULL, names
 * that user, allocated).
 */
static int
pm_private_group(gid_t gid, char **other)
{
	struct passwd	 pw, *pwp = NULL;
	struct group	 gr, *grp = NULL;
	char		 pbuf[PM_NSS_BUF], gbuf[PM_NSS_BUF], *who;
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
	if ((who = pm_primary_of(gid, pw.pw_name)) == NULL)
		return (1);
	if (other != NULL)
		*other = who;
	else
		free(who);
	return (0);
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

/* The little-endian number of len (2 or 4) bytes at p. */
static uint32_t
pm_le(const unsigned char *p, int len)
{
	return (len == 2 ? (uint32_t)p[0] | (uint32_t)p[1] << 8 :
	    (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24);
}

/*
 * Read the ACL of the directory fd into w: whether its owning group may
 * write, and the first named user (not user, not root) or group (not
 * the user's private group) that may, as the mask leaves them.  Returns
 * 1, or 0 when it has no ACL that can be read (the mode says it all).
 */
static int
pm_acl_writers(int fd, uid_t user, struct pm_writers *w)
{
	unsigned char	 acl[PM_ACL_MAX];
	const unsigned char *e;
	ssize_t		 n = -1;
	uint32_t	 tag, perm, id, mask = 07;
	size_t		 i;

#ifdef HAVE_SYS_XATTR_H
	char		 path[32];

	if (fd >= 0)
		n = fgetxattr(fd, PM_ACL_NAME, acl, sizeof acl);
	/*
	 * An O_PATH handle (a directory we may write in but not read) has
	 * no fgetxattr: the same directory through its /proc link.
	 */
	if (n == -1 && errno == EBADF && snprintf(path, sizeof path,
	    "/proc/self/fd/%d", fd) < (int)sizeof path)
		n = getxattr(path, PM_ACL_NAME, acl, sizeof acl);
#else
	(void)fd;
#endif
	if (n < 4 || pm_le(acl, 4) != PM_ACL_VERSION ||
	    (n - 4) % PM_ACL_ENTRY != 0)
		return (0);
	for (i = 4; i < (size_t)n; i += PM_ACL_ENTRY) {
		if (pm_le(acl + i, 2) == PM_ACL_MASK)
			mask = pm_le(acl + i + 2, 2);
	}
	w->group = 0;
	for (i = 4; i < (size_t)n; i += PM_ACL_ENTRY) {
		e = acl + i;
		tag = pm_le(e, 2);
		perm = pm_le(e + 2, 2) & mask;
		id = pm_le(e + 4, 4);
		if (!(perm & PM_ACL_WRITE))
			continue;
		if (tag == PM_ACL_GROUP_OBJ)
			w->group = 1;
		else if (!w->named && ((tag == PM_ACL_USER && id != user &&
		    id != 0) || (tag == PM_ACL_GROUP &&
		    !pm_private_group((gid_t)id, NULL)))) {
			w->named = 1;
			w->named_group = tag == PM_ACL_GROUP;
			w->id = id;
		}
	}
	return (1);
}

/*
 * Who other than user and root may write in the directory st (its
 * handle fd, or -1 when there is none: the mode alone), into w (its
 * primary freed by the caller).  Returns 1 when someone may, else 0.
 */
static int
pm_writers(int fd, const struct stat *st, uid_t user, struct pm_writers *w)
{
	memset(w, 0, sizeof *w);
	w->others = (st->st_mode & S_IWOTH) != 0;
	w->group = (st->st_mode & S_IWGRP) != 0;
	/* Without group write in the mode, the ACL's mask has none. */
	if (w->group)
		(void)pm_acl_writers(fd, user, w);
	if (w->group && pm_private_group(st->st_gid, &w->primary))
		w->group = 0;
	return (w->others || w->group || w->named);
}

/*
 * Whether someone other than user and root may write in the directory
 * st (handle fd, or -1) that pm_dirs_exposure let pass: only a sticky
 * one can be such (of one that is not, pm_dirs_exposure has read who
 * may write, its ACL and the passwd database, and found no one).
 */
int
pm_dirs_shared(int fd, const struct stat *st, uid_t user)
{
	struct pm_writers	 w;
	int			 shared;

	if (!(st->st_mode & S_ISVTX))
		return (0);
	shared = pm_writers(fd, st, user, &w);
	free(w.primary);
	return (shared);
}

/*
 * Why someone other than user and root could replace the files of the
 * directory st, whose handle is fd (-1: none, its ACL unread): whoever
 * may write in a directory can rename or link a file of theirs in place
 * of one of its entries.  It belongs to another user, or someone else
 * may write in it (pm_writers) and it is not sticky.  harm says what
 * they could do then ("could put ..."; NULL: to the run's files).
 * Returns an allocated reason, or NULL when no one else can.
 */
char *
pm_dirs_exposure(int fd, const struct stat *st, uid_t user, const char *harm)
{
	struct pm_writers	 w;
	char			*s, *who;
	unsigned int		 mode = (unsigned int)(st->st_mode & 07777);
	int			 mine;

	if (harm == NULL)
		harm = "could put a link to a file of theirs in place of one "
		    "of the run's files, which the run would then write, "
		    "read and remove";
	if (st->st_uid != user && st->st_uid != 0) {
		who = pm_id_name(0, (unsigned long)st->st_uid);
		xasprintf(&s, "owned by %s, who %s (use a directory of your "
		    "own, or set strictmodes false to run anyway)", who, harm);
		free(who);
		return (s);
	}
	if ((st->st_mode & S_ISVTX) || !pm_writers(fd, st, user, &w))
		return (NULL);
	if (w.others || w.group) {
		who = w.group && !w.others ?
		    pm_id_name(1, (unsigned long)st->st_gid) :
		    xstrdup(w.group ? "group and others" : "others");
		mine = w.group && !w.others && w.primary != NULL;
		xasprintf(&s, "mode %04o lets %s%s%s%s write in it and it is "
		    "not sticky", mode, who, mine ? " (the primary group of " :
		    "", mine ? w.primary : "", mine ? ")" : "");
	} else {
		who = pm_id_name(w.named_group, w.id);
		xasprintf(&s, "its ACL lets %s write in it (mode %04o) and it "
		    "is not sticky", who, mode);
	}
	free(who);
	free(w.primary);
	who = s;
	xasprintf(&s, "%s, so they %s (chmod go-w or +t it, or set strictmodes "
	    "false to run anyway)", who, harm);
	free(who);
	return (s);
}

/*
 * Why the file st, in a sticky directory that others may write, may not
 * be for user to write: it belongs to another user than user and root
 * (it may be theirs, made there before us), or it has another name (a
 * hard link to another file).  Returns an allocated phrase ("belongs to
 * ..."), or NULL.
 */
char *
pm_files_exposure(const struct stat *st, uid_t user)
{
	static const char	 how[] = "remove it or give another file (or "
				    "set strictmodes false to write it anyway)";
	char			*s = NULL, *who;

	if (st->st_uid != user && st->st_uid != 0) {
		who = pm_id_name(0, (unsigned long)st->st_uid);
		xasprintf(&s, "belongs to %s, and its directory lets others "
		    "write in it: it may be theirs; %s", who, how);
		free(who);
	} else if (!S_ISDIR(st->st_mode) && st->st_nlink > 1)
		xasprintf(&s, "has %ju names (hard links), and its directory "
		    "lets others write in it: it may be another file's; %s",
		    (uintmax_t)st->st_nlink, how);
	return (s);
}

/*
 * With set strictmodes (the default), refuse the directory st (handle
 * fd) when someone other than user and root could replace its files
 * (pm_dirs_exposure): location i when d is NULL, else the directory of d
 * in location i (its sK when usesub).  One fstat of each handle when it
 * is opened (and the read of its ACL when its mode lets a group write),
 * no system call in the operations; for a directory the run made, user
 * is its owner (no geteuid between PostMark's mkdir calls).  Returns 0,
 * or -1 with the failure in c's error.
 */
int
pm_dir_strict(const struct pm_dirctx *c, int fd, const struct stat *st,
    uid_t user, const struct pm_dirs *d, uint32_t i, int usesub, uint32_t k)
{
	char	*why, *what;
	int	 first = c->error->op == NULL;

	if (!c->cfg->strictmodes || (why = pm_dirs_exposure(fd, st, user,
	    NULL)) == NULL)
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
