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
 * share their handles.  The table of a set of directories and their
 * names in messages are pm_dirtab.c's, set strictmodes's refusal
 * pm_strict.c's, set direct's probe pm_direct.c's.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_engine.h"
#include "pm_mpi.h"
#include "pm_names.h"

#define PM_FD_SPARE	32	/* descriptors kept free beyond the handles */

static int	 pm_fail_handle(const struct pm_dirctx *, const char *,
		    const char *, int);
static int	 pm_fail_dir(const struct pm_dirctx *, const char *,
		    const struct pm_dirs *, uint32_t, int, uint32_t, int);
static int	 pm_open_location(const struct pm_dirctx *, struct pm_dirs *,
		    uint32_t, uid_t);
static int	 pm_mkdirs_in(const struct pm_dirctx *, struct pm_dirs *,
		    uint32_t);
static int	 pm_find_subdir(int, const struct pm_subdir *, char *, size_t);
static int	 pm_rmdir_one(const struct pm_dirctx *, int, char *, size_t,
		    struct pm_subdir *, int, const char *);
static int	 pm_rmdir(const struct pm_dirctx *, struct pm_dirs *, uint64_t,
		    int);
static int	 pm_rmdirs(const struct pm_dirctx *, struct pm_dirs *);

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
pm_fail_handle(const struct pm_dirctx *c, const char *op, const char *path,
    int errnum)
{
	pm_dirctx_fail(c, op, path, errnum);
	if (errnum == EMFILE && c->error->errnum == EMFILE)
		c->error->msg = "Too many open files (the run holds a "
		    "handle per location and subdirectory; raise ulimit -n "
		    "or use fewer subdirectories)";
	return (-1);
}

/*
 * Record the failure of op with errnum on the directory of d in location
 * i, its sK when usesub (pm_fail_handle).  Returns -1.
 */
static int
pm_fail_dir(const struct pm_dirctx *c, const char *op, const struct pm_dirs *d,
    uint32_t i, int usesub, uint32_t k, int errnum)
{
	char	*path = pm_display(c, d, i, usesub, k, 0);

	pm_fail_handle(c, op, path, errnum);
	free(path);
	return (-1);
}

/*
 * Open location i (the current directory when there are none) without
 * following a symbolic link, refuse it when someone other than user and
 * root could replace its files, and find whether an earlier location is
 * the same directory.  Returns 0 or -1.
 */
static int
pm_open_location(const struct pm_dirctx *c, struct pm_dirs *d, uint32_t i,
    uid_t user)
{
	struct stat	 st, sj;
	uint32_t	 j;
	int		 e;

	d->locfd[i] = open(pm_locname(c, i), PM_DIR_FLAGS);
	if (d->locfd[i] == -1) {
		e = errno;
		pm_fail_handle(c, "open", pm_locname(c, i), e);
		/* O_NOFOLLOW refuses a link (ELOOP, or ENOTDIR first). */
		if ((e == ELOOP || e == ENOTDIR) &&
		    lstat(pm_locname(c, i), &st) == 0 && S_ISLNK(st.st_mode))
			c->error->msg = "the location is a symbolic "
			    "link; name the directory itself";
		return (-1);
	}
	d->canon[i] = i;
	if (fstat(d->locfd[i], &st) == -1)
		return (pm_dirctx_fail(c, "stat", pm_locname(c, i), errno));
	if (pm_dir_strict(c, d->locfd[i], &st, user, NULL, i, 0, 0) == -1)
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
 * Make s0..s(n-1) with mode 0700 in the base directory of canonical
 * location i of d and open each.
 * One that exists already is an error: it is not ours.  For a set that
 * another rank made (d->adopt), open them as they are.
 */
static int
pm_mkdirs_in(const struct pm_dirctx *c, struct pm_dirs *d, uint32_t i)
{
	struct pm_subdir	*sd;
	struct stat		 st;
	const char		*op;
	char			 name[PM_NAME_MAX];
	uint32_t		 k;

	for (k = 0; k < d->nsub; k++) {
		if (pm_dirctx_stopped(c))
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
		if (pm_dir_strict(c, sd->fd, &st, d->adopt ? geteuid() :
		    st.st_uid, d, i, 1, k) == -1)
			return (-1);
	}
	return (0);

fail:
	return (pm_fail_dir(c, op, d, i, 1, k, errno));
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
pm_dirs_open(const struct pm_dirctx *c, struct pm_dirs *d, size_t *align)
{
	uid_t		 user = geteuid();
	uint32_t	 i;

	for (i = 0; i < d->nloc; i++) {
		if (pm_dirctx_stopped(c) ||
		    pm_open_location(c, d, i, user) == -1)
			return (-1);
		if (d->canon[i] == i && align != NULL &&
		    pm_direct_probe(c, d, i, align) == -1)
			return (-1);
		if (d->canon[i] == i && d->nsub > 0 &&
		    pm_mkdirs_in(c, d, i) == -1)
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
pm_dirs_child(const struct pm_dirctx *c, const struct pm_dirs *parent,
    struct pm_dirs *child, const char *name)
{
	struct stat	 st;
	const char	*op = "mkdir";
	uint32_t	 i;

	child->parent = parent;
	if ((child->name = strdup(name)) == NULL)
		return (pm_dirctx_nomem(c, "directory name", 1,
		    strlen(name) + 1));
	if ((child->base = calloc(child->nloc, sizeof *child->base)) == NULL)
		return (pm_dirctx_nomem(c, "directory identities",
		    child->nloc, sizeof *child->base));
	for (i = 0; i < child->nloc; i++) {
		child->base[i].fd = -1;
		child->canon[i] = parent->canon[i];
	}
	for (i = 0; i < child->nloc; i++) {
		if (child->canon[i] != i)
			continue;
		if (pm_dirctx_stopped(c))
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
		if (pm_dir_strict(c, child->locfd[i], &st, st.st_uid, child,
		    i, 0, 0) == -1 ||
		    (child->nsub > 0 && pm_mkdirs_in(c, child, i) == -1))
			return (-1);
	}
	return (0);

fail:
	return (pm_fail_dir(c, op, child, i, 0, 0, errno));
}

/*
 * Open the directory name (another MPI rank's rR or cI) in the base
 * directory of every canonical location of parent, and its sK when
 * child has subdirectories: child (set up by pm_dirs_init) becomes that
 * set, adopted: nothing of it is removed by this rank.  Returns 0 or -1.
 */
int
pm_dirs_adopt(const struct pm_dirctx *c, const struct pm_dirs *parent,
    struct pm_dirs *child, const char *name)
{
	struct stat	 st;
	const char	*op;
	uint32_t	 i;

	child->parent = parent;
	if ((child->name = strdup(name)) == NULL)
		return (pm_dirctx_nomem(c, "directory name", 1,
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
		if (pm_dir_strict(c, child->locfd[i], &st, geteuid(), child,
		    i, 0, 0) == -1 ||
		    (child->nsub > 0 && pm_mkdirs_in(c, child, i) == -1))
			return (-1);
	}
	return (0);

fail:
	return (pm_fail_dir(c, op, child, i, 0, 0, errno));
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
pm_rmdir_one(const struct pm_dirctx *c, int parent, char *name, size_t size,
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
			pm_dirctx_fail(c, "rmdir", what, 0);
			c->error->msg = name[0] == 's' ?
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
	pm_dirctx_fail(c, "rmdir", what, e);
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
pm_rmdir(const struct pm_dirctx *c, struct pm_dirs *d, uint64_t n, int first)
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
	what = pm_display(c, d, i, 1, k, 0);
	rc = pm_rmdir_one(c, d->locfd[i], name, sizeof name, sd, first,
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
pm_rmdirs(const struct pm_dirctx *c, struct pm_dirs *d)
{
	uint64_t	 n, later = 0;
	int		 rc = 0, r;

	for (n = 0; n < d->made; n++) {
		if ((r = pm_rmdir(c, d, n, 1)) == 1)
			later++;
		else if (r == -1)
			rc = -1;
	}
	for (n = d->made; later > 0 && n-- > 0;) {
		if (pm_rmdir(c, d, n, 0) == -1)
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
pm_dirs_remove(const struct pm_dirctx *c, struct pm_dirs *d)
{
	char		 name[256], *what;
	uint32_t	 i;
	int		 rc;

	rc = pm_rmdirs(c, d);
	for (i = 0; d->base != NULL && i < d->nloc; i++) {
		if (d->canon[i] != i || d->base[i].fd == -1)
			continue;
		strlcpy(name, d->name, sizeof name);
		what = pm_display(c, d, i, 0, 0, 0);
		if (d->base[i].fd == -2)	/* made, never opened */
			d->base[i].fd = -1;
		else
			d->locfd[i] = -1;	/* closed by pm_rmdir_one */
		if (pm_rmdir_one(c, d->parent->locfd[i], name, sizeof name,
		    &d->base[i], 0, what) == -1)
			rc = -1;
		d->base[i].fd = -1;
		free(what);
	}
	return (rc);
}
