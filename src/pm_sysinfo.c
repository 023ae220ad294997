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
 * Run metadata for the CSV and JSON reports, gathered before a run and
 * outside the measured phases: the start time (ISO 8601 UTC), the host
 * name and kernel release (uname), and the type and mount options of the
 * file system holding each location.  A location's file system is the
 * mount-table entry whose directory is on the same device (st_dev); the
 * last such entry wins, as a later mount hides an earlier one.  Anything
 * that cannot be found is "unknown".
 */

#include "config.h"

#include <sys/types.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(HAVE_MNTENT_H) && defined(HAVE_GETMNTENT)
#include <mntent.h>
#define PM_USE_MNTENT	1
#endif

#include "postmark.h"

#define PM_UNKNOWN	"unknown"

/* A location being looked up in the mount table. */
struct pm_fs_probe {
	dev_t		 dev;		/* st_dev of the location */
	int		 found;		/* 1 if stat succeeded */
};

static char	*iso8601_now(void);
static void	 find_file_systems(struct pm_meta *, struct pm_fs_probe *);

/* The current time as "%Y-%m-%dT%H:%M:%SZ"; an allocated string. */
static char *
iso8601_now(void)
{
	char		 buf[64];
	struct tm	 tm;
	time_t		 now;

	now = time(NULL);
	if (gmtime_r(&now, &tm) == NULL ||
	    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		return (xstrdup(PM_UNKNOWN));
	return (xstrdup(buf));
}

/*
 * Fill meta->fs_type and meta->fs_options for every probe that was found,
 * from the mount table (/proc/self/mounts, else /etc/mtab).  Entries the
 * table does not match keep their current value.
 */
static void
find_file_systems(struct pm_meta *meta, struct pm_fs_probe *probe)
{
#ifdef PM_USE_MNTENT
	FILE		*fp;
	struct mntent	*m;
	struct stat	 st;
	size_t		 i;

	for (i = 0; i < meta->nfs && !probe[i].found; i++)
		;
	if (i == meta->nfs)
		return;			/* no location to look up */
	if ((fp = setmntent("/proc/self/mounts", "r")) == NULL &&
	    (fp = setmntent("/etc/mtab", "r")) == NULL)
		return;
	while ((m = getmntent(fp)) != NULL) {
		if (stat(m->mnt_dir, &st) == -1)
			continue;
		for (i = 0; i < meta->nfs; i++) {
			if (!probe[i].found || probe[i].dev != st.st_dev)
				continue;
			free(meta->fs_type[i]);
			meta->fs_type[i] = xstrdup(m->mnt_type);
			free(meta->fs_options[i]);
			meta->fs_options[i] = xstrdup(m->mnt_opts);
		}
	}
	endmntent(fp);
#else
	(void)meta;
	(void)probe;
#endif
}

/*
 * Gather the metadata of a run about to start with configuration cfg.
 * Returns an allocated struct pm_meta that the caller frees with
 * pm_meta_free.
 */
struct pm_meta *
pm_meta_new(const struct pm_config *cfg)
{
	struct pm_meta		*meta;
	struct pm_fs_probe	*probe;
	struct utsname		 u;
	struct stat		 st;
	const char		*path;
	size_t			 i;

	meta = xcalloc(1, sizeof *meta);
	meta->timestamp = iso8601_now();
	if (uname(&u) == -1) {
		meta->host = xstrdup(PM_UNKNOWN);
		meta->kernel = xstrdup(PM_UNKNOWN);
	} else {
		meta->host = xstrdup(u.nodename);
		meta->kernel = xstrdup(u.release);
	}

	meta->nfs = cfg->nlocations == 0 ? 1 : cfg->nlocations;
	meta->fs_type = xcalloc(meta->nfs, sizeof *meta->fs_type);
	meta->fs_options = xcalloc(meta->nfs, sizeof *meta->fs_options);
	probe = xcalloc(meta->nfs, sizeof *probe);
	for (i = 0; i < meta->nfs; i++) {
		meta->fs_type[i] = xstrdup(PM_UNKNOWN);
		meta->fs_options[i] = xstrdup(PM_UNKNOWN);
		path = cfg->nlocations == 0 ? "." : cfg->locations[i].name;
		if (stat(path, &st) == 0) {
			probe[i].dev = st.st_dev;
			probe[i].found = 1;
		}
	}
	find_file_systems(meta, probe);
	free(probe);
	return (meta);
}

/* Free metadata from pm_meta_new; NULL is a no-op. */
void
pm_meta_free(struct pm_meta *meta)
{
	size_t	 i;

	if (meta == NULL)
		return;
	for (i = 0; i < meta->nfs; i++) {
		if (meta->fs_type != NULL)
			free(meta->fs_type[i]);
		if (meta->fs_options != NULL)
			free(meta->fs_options[i]);
	}
	free(meta->fs_type);
	free(meta->fs_options);
	free(meta->timestamp);
	free(meta->host);
	free(meta->kernel);
	free(meta);
}
