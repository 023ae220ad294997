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
 * set direct: the direct-I/O alignment of each location's file system,
 * probed on an unnamed file (O_TMPFILE | O_DIRECT) so that nothing is
 * created, from statx where the kernel gives it, else the device's
 * logical block size; and the block sizes checked against it, before
 * anything of the run is made.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "pm_engine.h"

#ifndef STATX_DIOALIGN
#define STATX_DIOALIGN	0x00002000U	/* Linux's, when libc lacks it */
#endif

static size_t	 pm_dio_align(int, int *);
static size_t	 pm_block_size(dev_t);

/*
 * The direct-I/O alignment of the file system under location i: statx's
 * stx_dio_offset_align where the kernel gives it, else the logical
 * block size of the device (sysfs).  Probed on an unnamed file
 * (O_TMPFILE | O_DIRECT), so that nothing is created; a file system that
 * refuses O_DIRECT, or has no alignment to give (tmpfs), is an error.
 * *align_max becomes the largest of the locations'.  Returns 0 or -1.
 */
int
pm_direct_probe(const struct pm_dirctx *c, const struct pm_dirs *d, uint32_t i,
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
		return (pm_dirctx_fail(c, "open", pm_locname(c, i), errno));
#endif
	if (!refused && fd >= 0)
		align = pm_dio_align(fd, &refused);
	if (!refused && align == 0 && fstat(fd >= 0 ? fd : d->locfd[i],
	    &st) == 0)
		align = pm_block_size(st.st_dev);
	if (fd >= 0)
		close(fd);
	if (refused || align == 0) {
		pm_dirctx_fail(c, "direct", pm_locname(c, i), EINVAL);
		c->error->msg = refused ? "the file system refuses "
		    "O_DIRECT" : "the file system gives no direct-I/O "
		    "alignment (tmpfs has none)";
		return (-1);
	}
	if (align > PM_IO_DIRECT_MAX) {
		pm_dirctx_fail(c, "direct", pm_locname(c, i), EINVAL);
		c->error->msg = "the direct-I/O alignment is above 64 KiB";
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
pm_direct_blocks(const struct pm_dirctx *c, size_t a)
{
	const struct pm_config	*cfg = c->cfg;
	char			 what[64];

	if (a == 0 || (cfg->read_block % a == 0 && cfg->write_block % a == 0))
		return (0);
	snprintf(what, sizeof what, "read %u and write %u", cfg->read_block,
	    cfg->write_block);
	pm_dirctx_fail(c, "direct", what, EINVAL);
	/* Short of memory, strerror's text stands in. */
	if (c->error->text == NULL && asprintf(&c->error->text,
	    "block sizes must be multiples of %zu bytes, the file system's "
	    "direct-I/O alignment (set read %zu, set write %zu)", a, a,
	    a) == -1)
		c->error->text = NULL;
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
pm_direct_check(const struct pm_dirctx *c, size_t nloc, size_t *align)
{
	struct pm_dirs	 d;
	uint32_t	 i;
	int		 rc = 0, later = 0;

	if (pm_dirs_new(c, &d, nloc, 0) == -1)
		return (-1);
	for (i = 0; rc == 0 && i < d.nloc; i++) {
		if ((d.locfd[i] = open(pm_locname(c, i), PM_DIR_FLAGS)) ==
		    -1)
			later = 1;
		else
			rc = pm_direct_probe(c, &d, i, align);
	}
	pm_dirs_close(&d);
	if (rc == 0)
		rc = pm_direct_blocks(c, *align);
	return (rc == 0 ? later : rc);
}
