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
 * The directory handles of a run.  Each location is opened once
 * (O_DIRECTORY | O_NOFOLLOW, a symbolic link refused); a directory the
 * run makes in it (a rank's rR, a client's cI, the sK subdirectories) is
 * opened right after mkdirat and its identity (device, inode) kept.
 * Files are then reached only through these handles (pm_workload.c), so
 * a directory renamed during the run is followed and a symbolic link put
 * in its place is never entered; a directory is removed only while its
 * name still refers to the one made (under its new name if it was
 * renamed within its parent).  Two locations that are one directory
 * share their handles.  With O_DIRECT the file system's alignment is
 * probed here, on an unnamed file, before anything is created.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_engine.h"
#include "pm_mpi.h"
#include "pm_names.h"

#define PM_FD_SPARE	32	/* descriptors kept free beyond the handles */
#define PM_PATH_DEPTH	4	/* rR, cI and room */
#define PM_NSS_BUF	16384	/* bytes for a user's or group's entry */

#ifndef STATX_DIOALIGN
#define STATX_DIOALIGN	0x00002000U	/* Linux's, when libc lacks it */
#endif

static int	 pm_chain(const struct pm_dirs *, const char **);
static int	 pm_fail_handle(struct pm_run *, const char *, const char *,
		    int);
static int	 pm_fail_dir(struct pm_run *, const char *,
		    const struct pm_dirs *, uint32_t, int, uint32_t, int);
static int	 pm_private_group(gid_t);
static char	*pm_id_name(int, unsigned long);
static int	 pm_dir_strict(struct pm_run *, const struct stat *, uid_t,
		    const struct pm_dirs *, uint32_t, int, uint32_t);
static int	 pm_open_location(struct pm_run *, struct pm_dirs *, uint32_t,
		    uid_t);
static int	 pm_direct_probe(struct pm_run *, const struct pm_dirs *,
		    uint32_t, size_t *);
static size_t	 pm_dio_align(int, int *);
static size_t	 pm_block_size(dev_t);
static int	 pm_mkdirs_in(struct pm_run *, struct pm_dirs *, uint32_t);
static int	 pm_find_subdir(int, const struct pm_subdir *, char *, size_t);
static int	 pm_rmdir_one(struct pm_run *, int, char *, size_t,
		    struct pm_subdir *, int, const char *);
static int	 pm_rmdir(struct pm_run *, struct pm_dirs *, uint64_t, int);
static int	 pm_rmdirs(struct pm_run *, struct pm_dirs *);

/* The name of location loc as the user gave it, or "." for none. */
const char *
pm_locname(const struct pm_run *run, uint32_t loc)
{
	return (run->nloc > 0 ? run->cfg->locations[loc].name : ".");
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
pm_display(const struct pm_run *run, const struct pm_dirs *d, uint32_t loc,
    int usesub, uint32_t sub, uint32_t num)
{
	const char	*chain[PM_PATH_DEPTH], *part[PM_PATH_DEPTH + 2];
	char		 sbuf[PM_NAME_MAX + 1], nbuf[PM_NAME_MAX + 1], *s;
	size_t		 len, k;
	int		 n, i, np = 0;

	part[np++] = run->nloc > 0 ? run->cfg->locations[loc].name : "";
	n = pm_chain(d, chain);
	for (i = 0; i < n; i++)
		part[np++] = chain[i];
	if (usesub) {
		pm_name_subdir(sbuf, sizeof sbuf, sub);
		part[np++] = sbuf;
	}
	if (num != 0) {
		memcpy(nbuf, run->prefix, run->plen);
		pm_name_file(nbuf + run->plen, num);
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
 * Let the process hold nhandles directory handles plus a few:
 * raise the soft limit on open files towards the hard one if needed.
 * Best effort: a limit that stays too low shows as EMFILE at the open
 * that meets it, with pm_fail_handle's explanation.
 */
void
pm_fd_budget(uint64_t nhandles)
{
	struct rlimit	 rl;
	uint64_t	 want = nhandles + PM_FD_SPARE;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 ||
	    rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= want)
		return;
	rl.rlim_cur = rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want ?
	    rl.rlim_max : want;
	setrlimit(RLIMIT_NOFILE, &rl);
}

/*
 * Record the failure of op on directory path with errnum: at a handle,
 * EMFILE means that the run's handles do not fit the open-file limit,
 * which the message says.  Returns -1.
 */
static int
pm_fail_handle(struct pm_run *run, const char *op, const char *path,
    int errnum)
{
	pm_fail(run, op, path, errnum);
	if (errnum == EMFILE && run->res->error.errnum == EMFILE)
		run->res->error.msg = "Too many open files (the run holds a "
		    "handle per location and subdirectory; raise ulimit -n "
		    "or use fewer subdirectories)";
	return (-1);
}

/*
 * Record the failure of op with errnum on the directory of d in location
 * i, its sK when usesub (pm_fail_handle).  Returns -1.
 */
static int
pm_fail_dir(struct pm_run *run, const char *op, const struct pm_dirs *d,
    uint32_t i, int usesub, uint32_t k, int errnum)
{
	char	*path = pm_display(run, d, i, usesub, k, 0);

	pm_fail_handle(run, op, path, errnum);
	free(path);
	return (-1);
}

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
 * Returns 0, or -1 with the run's error set.
 */
static int
pm_dir_strict(struct pm_run *run, const struct stat *st, uid_t user,
    const struct pm_dirs *d, uint32_t i, int usesub, uint32_t k)
{
	char	*why, *what;
	int	 first = run->res->error.op == NULL;

	if (!run->cfg->strictmodes || (why = pm_dirs_exposure(st, user)) ==
	    NULL)
		return (0);
	what = d == NULL ? xstrdup(pm_locname(run, i)) :
	    pm_display(run, d, i, usesub, k, 0);
	pm_fail(run, "directory", what, 0);
	free(what);
	if (first)
		run->res->error.text = why;
	else
		free(why);
	return (-1);
}

/*
 * Open location i (the current directory when there are none) without
 * following a symbolic link, refuse it when someone other than user and
 * root could replace its files, and find whether an earlier location is
 * the same directory.  Returns 0 or -1.
 */
static int
pm_open_location(struct pm_run *run, struct pm_dirs *d, uint32_t i,
    uid_t user)
{
	struct stat	 st, sj;
	uint32_t	 j;
	int		 e;

	d->locfd[i] = open(pm_locname(run, i), PM_DIR_FLAGS);
	if (d->locfd[i] == -1) {
		e = errno;
		pm_fail_handle(run, "open", pm_locname(run, i), e);
		/* O_NOFOLLOW refuses a link (ELOOP, or ENOTDIR first). */
		if ((e == ELOOP || e == ENOTDIR) &&
		    lstat(pm_locname(run, i), &st) == 0 && S_ISLNK(st.st_mode))
			run->res->error.msg = "the location is a symbolic "
			    "link; name the directory itself";
		return (-1);
	}
	d->canon[i] = i;
	if (fstat(d->locfd[i], &st) == -1)
		return (pm_fail(run, "stat", pm_locname(run, i), errno));
	if (pm_dir_strict(run, &st, user, NULL, i, 0, 0) == -1)
		return (-1);
	for (j = 0; j < i; j++) {
		if (d->canon[j] == j && fstat(d->locfd[j], &sj) == 0 &&
		    sj.st_dev == st.st_dev && sj.st_ino == st.st_ino) {
			d->canon[i] = j;
			break;
		}
	}
	return (0);
}

/*
 * The direct-I/O alignment of the file system under location i: statx's
 * stx_dio_offset_align where the kernel gives it, else the logical
 * block size of the device (sysfs).  Probed on an unnamed file
 * (O_TMPFILE | O_DIRECT), so that nothing is created; a file system that
 * refuses O_DIRECT, or has no alignment to give (tmpfs), is an error.
 * *align_max becomes the largest of the locations'.  Returns 0 or -1.
 */
static int
pm_direct_probe(struct pm_run *run, const struct pm_dirs *d, uint32_t i,
    size_t *align_max)
{
	struct stat	 st;
	size_t		 align = 0;
	int		 fd = -1, refused = 0;

#ifdef O_TMPFILE
	fd = openat(d->locfd[i], ".", O_TMPFILE | O_RDWR | O_DIRECT,
	    0600);
	if (fd == -1 && errno == EINVAL)
		refused = 1;
	else if (fd == -1 && errno != EOPNOTSUPP && errno != EISDIR)
		return (pm_fail(run, "open", pm_locname(run, i), errno));
#endif
	if (!refused && fd >= 0)
		align = pm_dio_align(fd, &refused);
	if (!refused && align == 0 && fstat(fd >= 0 ? fd : d->locfd[i],
	    &st) == 0)
		align = pm_block_size(st.st_dev);
	if (fd >= 0)
		close(fd);
	if (refused || align == 0) {
		pm_fail(run, "direct", pm_locname(run, i), EINVAL);
		run->res->error.msg = refused ? "the file system refuses "
		    "O_DIRECT" : "the file system gives no direct-I/O "
		    "alignment (tmpfs has none)";
		return (-1);
	}
	if (align > PM_IO_DIRECT_MAX) {
		pm_fail(run, "direct", pm_locname(run, i), EINVAL);
		run->res->error.msg = "the direct-I/O alignment is above 64 KiB";
		return (-1);
	}
	if (align > *align_max)
		*align_max = align;
	return (0);
}

/*
 * statx's direct-I/O offset alignment of the open file fd, or 0 when the
 * kernel does not say; *refused is set when it says direct I/O is not
 * possible.
 */
static size_t
pm_dio_align(int fd, int *refused)
{
#if defined(HAVE_STATX) && defined(HAVE_STRUCT_STATX_STX_DIO_OFFSET_ALIGN)
	struct statx	 sx;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 &&
	    (sx.stx_mask & STATX_DIOALIGN)) {
		if (sx.stx_dio_offset_align == 0)
			*refused = 1;
		return (sx.stx_dio_offset_align);
	}
#else
	(void)fd;
	(void)refused;
#endif
	return (0);
}

/*
 * The logical block size of the block device dev from sysfs (its queue,
 * or its parent's for a partition), or 0 when there is none (tmpfs).
 */
static size_t
pm_block_size(dev_t dev)
{
	static const char *const fmt[] = {
		"/sys/dev/block/%u:%u/queue/logical_block_size",
		"/sys/dev/block/%u:%u/../queue/logical_block_size"
	};
	char		 path[128];
	unsigned long	 v = 0;
	size_t		 k;
	FILE		*fp;

	for (k = 0; k < 2 && v == 0; k++) {
		snprintf(path, sizeof path, fmt[k], major(dev), minor(dev));
		if ((fp = fopen(path, "r")) == NULL)
			continue;
		if (fscanf(fp, "%lu", &v) != 1)
			v = 0;
		fclose(fp);
	}
	return ((size_t)v);
}

/*
 * With O_DIRECT every piece but the last of a file starts at a multiple
 * of the alignment a, so the block sizes must be multiples of it (a is 0
 * when no location was probed).  Returns 0, or -1 before anything is
 * created.
 */
int
pm_direct_blocks(struct pm_run *run, size_t a)
{
	const struct pm_config	*cfg = run->cfg;
	char			 what[64];

	if (a == 0 || (cfg->read_block % a == 0 && cfg->write_block % a == 0))
		return (0);
	snprintf(what, sizeof what, "read %u and write %u", cfg->read_block,
	    cfg->write_block);
	pm_fail(run, "direct", what, EINVAL);
	/* Short of memory, strerror's text stands in. */
	if (run->res->error.text == NULL && asprintf(&run->res->error.text,
	    "block sizes must be multiples of %zu bytes, the file system's "
	    "direct-I/O alignment (set read %zu, set write %zu)", a, a,
	    a) == -1)
		run->res->error.text = NULL;
	return (-1);
}

/*
 * set direct, before anything is made: probe every location that exists
 * already (by its path; one inside another's sK is probed when it is
 * opened) for its direct-I/O alignment, so that a file system that
 * refuses O_DIRECT, or block sizes that are not multiples of the
 * alignment, stop the run before any sK of an earlier location is made.
 * *align becomes the largest alignment.  Returns 0 when every location
 * was probed, 1 when one could not be opened yet (pm_dirs_open then
 * probes them all), -1 on failure.
 */
int
pm_direct_check(struct pm_run *run, size_t nloc, size_t *align)
{
	struct pm_dirs	 d;
	uint32_t	 i;
	int		 rc = 0, later = 0;

	if (pm_dirs_new(run, &d, nloc, 0) == -1)
		return (-1);
	for (i = 0; rc == 0 && i < d.nloc; i++) {
		if ((d.locfd[i] = open(pm_locname(run, i), PM_DIR_FLAGS)) ==
		    -1)
			later = 1;
		else
			rc = pm_direct_probe(run, &d, i, align);
	}
	pm_dirs_close(&d);
	if (rc == 0)
		rc = pm_direct_blocks(run, *align);
	return (rc == 0 ? later : rc);
}

/*
 * Make s0..s(n-1) with mode 0700 in the base directory of canonical
 * location i of d and open each.
 * One that exists already is an error: it is not ours.  For a set that
 * another rank made (d->adopt), open them as they are.
 */
static int
pm_mkdirs_in(struct pm_run *run, struct pm_dirs *d, uint32_t i)
{
	struct pm_subdir	*sd;
	struct stat		 st;
	const char		*op;
	char			 name[PM_NAME_MAX];
	uint32_t		 k;

	for (k = 0; k < d->nsub; k++) {
		if (pm_stopped(run))
			return (-1);
		pm_name_subdir(name, sizeof name, k);
		sd = &d->sub[(uint64_t)i * d->nsub + k];
		op = "mkdir";
		if (!d->adopt && mkdirat(d->locfd[i], name, 0700) == -1)
			goto fail;
		d->made += !d->adopt;
		op = "open";
		if ((sd->fd = openat(d->locfd[i], name, PM_DIR_FLAGS)) == -1)
			goto fail;
		op = "stat";
		if (fstat(sd->fd, &st) == -1)
			goto fail;
		sd->dev = st.st_dev;
		sd->ino = st.st_ino;
		if (pm_dir_strict(run, &st, d->adopt ? geteuid() : st.st_uid,
		    d, i, 1, k) == -1)
			return (-1);
	}
	return (0);

fail:
	return (pm_fail_dir(run, op, d, i, 1, k, errno));
}

/*
 * Open every location of d (the locations: d was set up by
 * pm_dirs_init) in list order and, with subdirectories, make and open
 * the sK of each new directory right after opening it (so that a
 * location may lie inside another's sK, as with paths).  Given align
 * (set direct), each file system is probed and *align becomes their
 * largest alignment.  Returns 0 or -1.
 */
int
pm_dirs_open(struct pm_run *run, struct pm_dirs *d, size_t *align)
{
	uid_t		 user = geteuid();
	uint32_t	 i;

	for (i = 0; i < d->nloc; i++) {
		if (pm_stopped(run) || pm_open_location(run, d, i, user) == -1)
			return (-1);
		if (d->canon[i] == i && align != NULL &&
		    pm_direct_probe(run, d, i, align) == -1)
			return (-1);
		if (d->canon[i] == i && d->nsub > 0 &&
		    pm_mkdirs_in(run, d, i) == -1)
			return (-1);
	}
	return (0);
}

/*
 * Make the directory name (a rank's rR, a client's cI) in the base
 * directory of every canonical location of parent, open it, keep its
 * identity, and make its sK when child has subdirectories: child (set
 * up by pm_dirs_init) becomes that set.  One that exists is an error.
 * Returns 0 or -1 (pm_dirs_remove removes what was made either way).
 */
int
pm_dirs_child(struct pm_run *run, const struct pm_dirs *parent,
    struct pm_dirs *child, const char *name)
{
	struct stat	 st;
	const char	*op = "mkdir";
	uint32_t	 i;

	child->parent = parent;
	if ((child->name = strdup(name)) == NULL)
		return (pm_fail_alloc(run, "directory name", 1,
		    strlen(name) + 1));
	if ((child->base = calloc(child->nloc, sizeof *child->base)) == NULL)
		return (pm_fail_alloc(run, "directory identities",
		    child->nloc, sizeof *child->base));
	for (i = 0; i < child->nloc; i++) {
		child->base[i].fd = -1;
		child->canon[i] = parent->canon[i];
	}
	for (i = 0; i < child->nloc; i++) {
		if (child->canon[i] != i)
			continue;
		if (pm_stopped(run))
			return (-1);
		op = "mkdir";
		if (mkdirat(parent->locfd[i], name, 0700) == -1)
			goto fail;
		child->base[i].fd = -2;		/* made, not open yet */
		op = "open";
		if ((child->locfd[i] = openat(parent->locfd[i], name,
		    PM_DIR_FLAGS)) == -1)
			goto fail;
		op = "stat";
		if (fstat(child->locfd[i], &st) == -1)
			goto fail;
		child->base[i].fd = child->locfd[i];
		child->base[i].dev = st.st_dev;
		child->base[i].ino = st.st_ino;
		if (pm_dir_strict(run, &st, st.st_uid, child, i, 0, 0) == -1 ||
		    (child->nsub > 0 && pm_mkdirs_in(run, child, i) == -1))
			return (-1);
	}
	return (0);

fail:
	return (pm_fail_dir(run, op, child, i, 0, 0, errno));
}

/*
 * Open the directory name (another MPI rank's rR or cI) in the base
 * directory of every canonical location of parent, and its sK when
 * child has subdirectories: child (set up by pm_dirs_init) becomes that
 * set, adopted: nothing of it is removed by this rank.  Returns 0 or -1.
 */
int
pm_dirs_adopt(struct pm_run *run, const struct pm_dirs *parent,
    struct pm_dirs *child, const char *name)
{
	struct stat	 st;
	const char	*op;
	uint32_t	 i;

	child->parent = parent;
	if ((child->name = strdup(name)) == NULL)
		return (pm_fail_alloc(run, "directory name", 1,
		    strlen(name) + 1));
	child->adopt = 1;
	for (i = 0; i < child->nloc; i++)
		child->canon[i] = parent->canon[i];
	for (i = 0; i < child->nloc; i++) {
		if (child->canon[i] != i)
			continue;
		op = "open";
		if ((child->locfd[i] = openat(parent->locfd[i], name,
		    PM_DIR_FLAGS)) == -1)
			goto fail;
		op = "stat";
		if (fstat(child->locfd[i], &st) == -1)
			goto fail;
		if (pm_dir_strict(run, &st, geteuid(), child, i, 0, 0) == -1 ||
		    (child->nsub > 0 && pm_mkdirs_in(run, child, i) == -1))
			return (-1);
	}
	return (0);

fail:
	return (pm_fail_dir(run, op, child, i, 0, 0, errno));
}

/*
 * The name under which directory sd is in the directory parent, found by
 * reading it (sd was renamed), into name (size bytes).  Returns 0, or -1
 * when it is not there.
 */
static int
pm_find_subdir(int parent, const struct pm_subdir *sd, char *name,
    size_t size)
{
	struct dirent	*de;
	struct stat	 st;
	DIR		*dir;
	int		 fd, rc = -1;

	if ((fd = dup(parent)) == -1)
		return (-1);
	if ((dir = fdopendir(fd)) == NULL) {
		close(fd);
		return (-1);
	}
	rewinddir(dir);
	while (rc == -1 && (de = readdir(dir)) != NULL) {
		if (fstatat(parent, de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISDIR(st.st_mode) && st.st_dev == sd->dev &&
		    st.st_ino == sd->ino && strlen(de->d_name) < size) {
			strlcpy(name, de->d_name, size);
			rc = 0;
		}
	}
	closedir(dir);
	return (rc);
}

/*
 * Remove directory name in parent (whose display path is what), and only
 * if it is the one the run made (sd): the name is checked to still be it
 * (a directory or link put in its place is left alone); if it was
 * renamed within parent it is removed under its new name (name, size
 * bytes, is changed), and if it was removed already that is fine.  One
 * that is not empty yet (it holds a location's subdirectories) is left
 * for a second pass when again is set; one still not empty after an MPI
 * peer was lost is left for good (the lost rank's files may be in it:
 * the run's error names them).  sd's handle is closed once it is gone.
 * Returns 0, 1 when left for later, or -1 after recording the failure.
 */
static int
pm_rmdir_one(struct pm_run *run, int parent, char *name, size_t size,
    struct pm_subdir *sd, int again, const char *what)
{
	struct stat	 st;
	int		 e;

	/*
	 * Is it still ours?  A handle that could not be opened right after
	 * mkdirat leaves only the name to go by.
	 */
	if (sd->fd >= 0 && (fstatat(parent, name, &st,
	    AT_SYMLINK_NOFOLLOW) == -1 || st.st_dev != sd->dev ||
	    st.st_ino != sd->ino)) {
		if (fstat(sd->fd, &st) == 0 && st.st_nlink == 0)
			goto gone;		/* removed already */
		if (pm_find_subdir(parent, sd, name, size) == -1) {
			pm_fail(run, "rmdir", what, 0);
			run->res->error.msg = name[0] == 's' ?
			    "the subdirectory was moved out of its location "
			    "and a different entry took its name; both are "
			    "left as they are" :
			    "the directory was moved out of its parent and a "
			    "different entry took its name; both are left as "
			    "they are";
			return (-1);
		}
	}
	if (unlinkat(parent, name, AT_REMOVEDIR) == 0 ||
	    (sd->fd < 0 && errno == ENOENT))
		goto gone;
	e = errno;
	if (again && (e == ENOTEMPTY || e == EEXIST))
		return (1);
	if ((e == ENOTEMPTY || e == EEXIST) && pm_mpi_lost(NULL))
		goto gone;	/* a lost rank's files: its loss names them */
	pm_fail(run, "rmdir", what, e);
	return (-1);

gone:
	if (sd->fd >= 0)
		close(sd->fd);
	sd->fd = -1;
	return (0);
}

/*
 * Remove the n-th subdirectory made in d (0-based, creation order): in
 * the first pass (first set) whichever it is, one that still holds
 * another location's subdirectories being marked for the second pass,
 * which tries only those.  Returns as pm_rmdir_one (0 for one the second
 * pass skips).
 */
static int
pm_rmdir(struct pm_run *run, struct pm_dirs *d, uint64_t n, int first)
{
	struct pm_subdir	*sd;
	char			 name[256], *what;
	uint32_t		 i, k;
	int			 rc;

	/* The n-th made directory: canonical locations in order. */
	for (i = 0; i < d->nloc; i++) {
		if (d->canon[i] != i)
			continue;
		if (n < d->nsub)
			break;
		n -= d->nsub;
	}
	k = (uint32_t)n;
	sd = &d->sub[(uint64_t)i * d->nsub + k];
	if (!first && !sd->later)
		return (0);
	sd->later = 0;
	pm_name_subdir(name, sizeof name, k);
	what = pm_display(run, d, i, 1, k, 0);
	rc = pm_rmdir_one(run, d->locfd[i], name, sizeof name, sd, first,
	    what);
	free(what);
	sd->later = rc == 1;
	return (rc);
}

/*
 * Remove the subdirectories made in d, in creation order as PostMark does;
 * those that still held another location's subdirectories are removed
 * afterwards, last made first.  A failure is recorded and the others are
 * still tried.  Returns -1 if any failed.
 */
static int
pm_rmdirs(struct pm_run *run, struct pm_dirs *d)
{
	uint64_t	 n, later = 0;
	int		 rc = 0, r;

	for (n = 0; n < d->made; n++) {
		if ((r = pm_rmdir(run, d, n, 1)) == 1)
			later++;
		else if (r == -1)
			rc = -1;
	}
	for (n = d->made; later > 0 && n-- > 0;) {
		if (pm_rmdir(run, d, n, 0) == -1)
			rc = -1;
	}
	d->made = 0;
	return (rc);
}

/*
 * Remove what the run made of d: its subdirectories, then, for a set of
 * directories made in each location (rR, cI), those, each only while it
 * is still the one made.  A failure is recorded and the rest still
 * tried.  Returns -1 if any failed.
 */
int
pm_dirs_remove(struct pm_run *run, struct pm_dirs *d)
{
	char		 name[256], *what;
	uint32_t	 i;
	int		 rc;

	rc = pm_rmdirs(run, d);
	for (i = 0; d->base != NULL && i < d->nloc; i++) {
		if (d->canon[i] != i || d->base[i].fd == -1)
			continue;
		strlcpy(name, d->name, sizeof name);
		what = pm_display(run, d, i, 0, 0, 0);
		if (d->base[i].fd == -2)	/* made, never opened */
			d->base[i].fd = -1;
		else
			d->locfd[i] = -1;	/* closed by pm_rmdir_one */
		if (pm_rmdir_one(run, d->parent->locfd[i], name, sizeof name,
		    &d->base[i], 0, what) == -1)
			rc = -1;
		d->base[i].fd = -1;
		free(what);
	}
	return (rc);
}

/*
 * Prepare the directory table of nloc locations (0: the current
 * directory) with nsub subdirectories each (0: none): nothing open yet.
 * Returns 0, or -1 with errno set and nothing allocated; pm_dirs_close
 * frees it either way.
 */
int
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
 * pm_dirs_init for the run: a failure is its error, naming the table
 * and its size.  Returns 0 or -1.
 */
int
pm_dirs_new(struct pm_run *run, struct pm_dirs *d, size_t nloc,
    uint32_t nsub)
{
	if (pm_dirs_init(d, nloc, nsub) == 0)
		return (0);
	if (nsub > 0)
		return (pm_fail_alloc(run, "subdirectory table",
		    (uint64_t)(nloc > 0 ? nloc : 1) * nsub,
		    sizeof (struct pm_subdir)));
	return (pm_fail_alloc(run, "location table", nloc > 0 ? nloc : 1,
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
