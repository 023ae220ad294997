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
 * One client's making and unmaking: the configuration checked, the
 * generator seeded with seed + the client's global number, the source
 * buffer drawn from it, the location weights, the I/O buffers and mode
 * (set sync, set direct) and the file table; with set rankshift, taking
 * over another rank's client (its generator and file table recomputed
 * without a system call).  The phases are pm_workload.c's, the
 * directories pm_group.c's and pm_dirs.c's.
 */

#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pm_engine.h"
#include "pm_names.h"

#define PM_DIRECT_MEMALIGN 4096	/* O_DIRECT buffers, bytes */

static int	 pm_client_source(struct pm_run *);
static char	*pm_alloc(size_t, int);
static void	 pm_io_mode(struct pm_run *);

#define RND(run, x)	pm_rng_rnd(&(run)->rng, (x))

/*
 * Check the configuration, seed the generator (seed + the client's
 * global number), build the source buffer (2 * HIGH draws of 32 +
 * RND(95), reference §3) and allocate the file table, its bitmap and the
 * I/O buffers.  The directories are pm_group.c's.  Returns -1 after
 * pm_fail on a bad configuration or a failed allocation.
 */
int
pm_client_setup(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	size_t			 n;

	pm_dirctx_init(&run->dc, cfg, run->prefix, &run->res->error,
	    run->grp != NULL ? &run->grp->stop : NULL);
	if (cfg->number < 1 || cfg->number > PM_NUMBER_MAX ||
	    cfg->size_low < 1 || cfg->size_high < cfg->size_low ||
	    cfg->size_high > PM_SIZE_MAX || cfg->read_block < 1 ||
	    cfg->write_block < 1 || cfg->transactions < 1 ||
	    cfg->nlocations >= UINT32_MAX ||
	    (cfg->nlocations > 0 && cfg->locations == NULL))
		return (pm_fail(run, "check", "configuration", EINVAL));
	if (cfg->direct && cfg->buffering) {
		pm_fail(run, "check", "set direct", EINVAL);
		run->res->error.msg = PM_DIRECT_RULE;
		return (-1);
	}
	run->subdirs = PM_NSUB(cfg);
	run->nloc = cfg->nlocations;
	run->nslots = 2 * cfg->number;

	/* Locations: cumulative weights (reference §5.2). */
	if (run->nloc > 0) {
		if ((run->cumweight = calloc(run->nloc,
		    sizeof *run->cumweight)) == NULL)
			return (pm_fail_alloc(run, "location weights",
			    run->nloc, sizeof *run->cumweight));
		for (n = 0; n < run->nloc; n++) {
			if (cfg->locations[n].weight < 1)
				return (pm_fail(run, "check",
				    cfg->locations[n].name, EINVAL));
			run->weight += cfg->locations[n].weight;
			run->cumweight[n] = run->weight;
		}
		if (run->weight > PM_INT_MAX)
			return (pm_fail(run, "check", "location weights",
			    EINVAL));
	}

	if (pm_client_source(run) == -1)
		return (-1);

	if (pm_io_init(&run->io, run->source, cfg->read_block,
	    cfg->write_block, cfg->size_high, cfg->buffering,
	    cfg->direct ? PM_DIRECT_MEMALIGN : 0) == -1)
		return (pm_fail_alloc(run, "I/O buffers", 1,
		    (uint64_t)cfg->read_block + cfg->write_block));
	pm_io_mode(run);
	if (pm_table_new(run) == -1)
		return (-1);
	memcpy(run->name, run->prefix, run->plen);
	return (pm_iv_init(run));
}

/*
 * Seed the generator (seed + the client's global number: reseeding
 * makes every run the same) and draw the source buffer from it.
 * Returns 0 or -1.
 */
static int
pm_client_source(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	uint64_t		 i, nsrc;

	pm_rng_seed(&run->rng, cfg->seed + run->gid);
	nsrc = 2 * (uint64_t)cfg->size_high;
	free(run->source);
	if ((run->source = pm_alloc(nsrc, cfg->direct)) == NULL)
		return (pm_fail_alloc(run, "source buffer", 1, nsrc));
	for (i = 0; i < nsrc; i++)
		run->source[i] = (char)(32 + RND(run, 95));
	run->io.src = run->source;
	return (0);
}

/*
 * set rankshift: make run client gid (of another MPI rank) for the rest
 * of the run: its generator, source buffer and file table as that
 * client's creation phase left them, recomputed with the same draws and
 * no system call, and its names.  Its counts and bytes stay its own.
 * Returns 0 or -1.
 */
int
pm_client_take(struct pm_run *run, uint32_t gid)
{
	run->gid = gid;
	if (run->plen > 0) {
		run->plen = pm_name_prefix(run->prefix, sizeof run->prefix,
		    gid);
		memcpy(run->name, run->prefix, run->plen);
	}
	if (pm_client_source(run) == -1)
		return (-1);
	return (pm_table_replay(run));
}

/*
 * Memory for n bytes: plain, or for O_DIRECT aligned with
 * PM_IO_DIRECT_MAX bytes to spare, since a transfer is rounded up.
 * Returns NULL with errno set when memory is short.
 */
static char *
pm_alloc(size_t n, int direct)
{
	void	*p;
	int	 e;

	if (!direct)
		return (malloc(n));
	if ((e = posix_memalign(&p, PM_DIRECT_MEMALIGN,
	    n + PM_IO_DIRECT_MAX)) != 0) {
		errno = e;
		return (NULL);
	}
	return (p);
}

/*
 * The I/O mode of the run: how written files are made durable (set
 * sync) and O_DIRECT (set direct; its alignment comes with the
 * locations, pm_direct_probe).
 */
static void
pm_io_mode(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	struct pm_io		*io = &run->io;

	switch (cfg->sync) {
	case PM_SYNC_FSYNC:
		io->sync = PM_IO_SYNC_FSYNC;
		break;
	case PM_SYNC_FDATASYNC:
		io->sync = PM_IO_SYNC_FDATASYNC;
		break;
	case PM_SYNC_OSYNC:
		io->wflags |= O_SYNC;
		break;
	case PM_SYNC_DSYNC:
		io->wflags |= O_DSYNC;
		break;
	}
	if (cfg->direct) {
		io->wflags |= O_DIRECT;
		io->rflags |= O_DIRECT;
	}
}

/* Free everything pm_client_setup allocated, and the client's own dirs. */
void
pm_client_teardown(struct pm_run *run)
{
	pm_dirs_close(&run->own);
	pm_iv_free(run);
	pm_table_free(run);
	pm_io_free(&run->io);
	free(run->source);
	free(run->cumweight);
}
