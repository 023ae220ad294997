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
 * The group of a run across MPI ranks (pm_group.c walks the phases;
 * pm_mpi.h is the transport): the watch of a run, the one agreement of
 * the sequencer, set rankshift, what a lost rank leaves, and the run's
 * outcome, the same on every rank.  Without MPI (one rank) the watch
 * and the outcome do nothing and an agreement only reads the flags.
 *
 * A run is watched from the start of the walk until its clients have
 * stopped: the transport's watcher tells the other ranks within a
 * heartbeat period when this rank stops (a failure, a signal), and stops
 * this rank's clients at their next operation when another rank stops or
 * a peer is lost, so that no rank finishes a phase the others have
 * given up.  A loss is noticed at the next agreement (or after the walk)
 * and is the run's error, naming where the lost rank's files may be
 * left; from then on a directory of the run that still holds files is
 * left as it is (they may be the lost rank's), and every later
 * agreement returns at once.
 */

#include "config.h"

#include <sys/types.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pm_engine.h"
#include "pm_mpi.h"
#include "pm_names.h"

static int	 pm_ranks_halted(void *);
static void	 pm_ranks_stop(void *);
static void	 pm_ranks_add(char *, size_t, const char *, ...)
		    __attribute__((__format__(__printf__, 3, 4)));
static void	 pm_ranks_where(const struct pm_group *, uint32_t, char *,
		    size_t);
static void	 pm_ranks_lost(struct pm_group *);

/* The watch's callbacks (in the watcher thread: flags only). */
static int
pm_ranks_halted(void *g)
{
	return (pm_group_halted(g));
}

static void
pm_ranks_stop(void *g)
{
	pm_group_stop(g);
}

/* Watch the run of g (every rank at the start of its walk). */
void
pm_group_watch(struct pm_group *g)
{
	if (g->mpi)
		pm_mpi_watch(pm_ranks_halted, pm_ranks_stop, g);
}

/* The run's clients have stopped: its watch ends. */
void
pm_group_unwatch(struct pm_group *g)
{
	if (g->mpi)
		pm_mpi_unwatch();
}

/*
 * An agreement point of the sequencer: whether the run stops, the same
 * answer on every rank.  failed stops this rank; under MPI the ranks
 * then exchange their stop flags, their signals and whether a pool ran
 * out (one all-reduce), so that a stop, its signal and running out of
 * files on one rank are every rank's; a lost peer stops the run
 * (pm_ranks_lost).  This is the one place where the walk and its
 * clean-up wait for the other ranks (the clean-up's barriers are
 * agreements too); without MPI it only reads the flags.
 */
int
pm_group_agree(struct pm_group *g, int failed)
{
	uint64_t	 v[3];

	if (failed)
		pm_group_stop(g);
	if (g->mpi) {
		v[0] = (uint64_t)pm_group_halted(g);
		v[1] = (uint64_t)pm_signal;
		v[2] = g->res->status == PM_STATUS_OUT_OF_FILES;
		if (pm_mpi_allreduce(v, 3, PM_MPI_MAX) == -1)
			pm_ranks_lost(g);
		if (v[0] != 0)
			pm_group_stop(g);
		if (v[1] != 0)
			pm_signal = (int)v[1];
		if (v[2] != 0 && g->res->status == PM_STATUS_OK)
			g->res->status = PM_STATUS_OUT_OF_FILES;
	}
	return (pm_group_halted(g));
}

/*
 * set rankshift K under MPI, between the creation and the transaction
 * phases: each client takes over the workload of the same client of rank
 * R + K (its file table as that rank's creation left it, recomputed
 * without a system call) in that rank's directories.  A failure stops
 * this rank (agreed at the start of the next phase).
 */
void
pm_group_shift(struct pm_group *g)
{
	struct pm_run	*run;
	char		 name[PM_PREFIX_MAX];
	uint32_t	 to, i;
	size_t		 nloc = g->cfg->nlocations;

	if (!g->mpi || g->cfg->rankshift % g->nranks == 0 ||
	    pm_group_halted(g))
		return;
	g->shifted = 1;
	to = (uint32_t)((g->rankno + (uint64_t)g->cfg->rankshift) %
	    g->nranks);
	if (g->private) {
		pm_name_rank(name, sizeof name, to);
		if (pm_dirs_new(&g->dc, &g->shift, nloc, 0) == -1 ||
		    pm_dirs_adopt(&g->dc, &g->top, &g->shift,
		    name) == -1)
			return;
	}
	for (i = 0; i < g->n; i++) {
		run = g->client[i];
		if (g->private) {
			pm_name_client(name, sizeof name, i);
			if (pm_dirs_new(&run->dc, &run->shifted, nloc,
			    run->subdirs) == -1 ||
			    pm_dirs_adopt(&run->dc, &g->shift, &run->shifted,
			    name) == -1)
				return;
			run->dirs = &run->shifted;
		}
		if (pm_client_take(run, to * g->n + i) == -1)
			return;
	}
}

/* Add printf's text of fmt to buf (size bytes); one too long ends "...". */
static void
pm_ranks_add(char *buf, size_t size, const char *fmt, ...)
{
	va_list	 ap;
	size_t	 n = strlen(buf);
	int	 w;

	va_start(ap, fmt);
	w = vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
	if (w < 0 || (size_t)w >= size - n)
		memcpy(buf + size - 4, "...", 4);
}

/*
 * Where the files of lost rank r may be left, for the message of its
 * loss, into buf (size bytes): in each location (each once) its rR, and
 * with set rankshift, once the clients took over the files of rank
 * r + K, first that rank's rR; in a shared run the locations' sK (or the
 * locations) and the names of the files of the rank's clients (those of
 * rank r + K once shifted).
 */
static void
pm_ranks_where(const struct pm_group *g, uint32_t r, char *buf,
    size_t size)
{
	const struct pm_config	*cfg = g->cfg;
	const char		*loc, *sep, *sl;
	char			 a[PM_PREFIX_MAX], b[PM_PREFIX_MAX];
	size_t			 i, nloc = cfg->nlocations > 0 ?
				    cfg->nlocations : 1;
	uint32_t		 to = r;

	if (g->shifted)
		to = (uint32_t)((r + (uint64_t)cfg->rankshift) % g->nranks);
	buf[0] = '\0';
	for (i = 0; i < nloc; i++) {
		if (g->top.canon != NULL && g->top.canon[i] != i)
			continue;
		sep = buf[0] != '\0' ? ", " : "";
		loc = cfg->nlocations > 0 ? cfg->locations[i].name : "";
		sl = cfg->nlocations > 0 ? "/" : "";
		if (g->private) {
			pm_name_rank(a, sizeof a, to);
			pm_name_rank(b, sizeof b, r);
			pm_ranks_add(buf, size, "%s%s%s%s", sep, loc, sl, a);
			if (to != r)
				pm_ranks_add(buf, size, ", %s%s%s", loc, sl, b);
		} else if (cfg->subdirs > 1) {
			pm_name_subdir(a, sizeof a, 0);
			pm_name_subdir(b, sizeof b, cfg->subdirs - 1);
			pm_ranks_add(buf, size, "%s%s%s%s to %s%s%s", sep, loc,
			    sl, a, loc, sl, b);
		} else
			pm_ranks_add(buf, size, "%s%s", sep,
			    cfg->nlocations > 0 ? loc : ".");
	}
	if (g->private)
		return;
	pm_name_prefix(a, sizeof a, to * g->n);
	pm_name_prefix(b, sizeof b, to * g->n + g->n - 1);
	if (g->n == 1)
		pm_ranks_add(buf, size, " (named %sN)", a);
	else
		pm_ranks_add(buf, size, " (named %sN to %sN)", a, b);
}

/*
 * When a peer is lost: this rank stops, a directory of the run that
 * still holds files is left from now on (it may hold the lost rank's:
 * pm_dirs.c), and the loss is the run's error unless it has one (the
 * first failure is the cause), naming where the lost rank's files may
 * be left.  Nothing when no peer is lost.
 */
static void
pm_ranks_lost(struct pm_group *g)
{
	struct pm_mpi_loss	 l;
	char			 where[PM_MPI_WHERE];

	if (!pm_mpi_lost(&l))
		return;
	pm_group_stop(g);
	pm_merge_status(g);
	if (g->res->error.op != NULL)
		return;
	pm_ranks_where(g, l.rank, where, sizeof where);
	pm_mpi_lost_error(&g->res->error, where);
}

/*
 * The run's outcome, the same on every rank, after the merge: a loss
 * noticed since the last agreement is the run's error (pm_ranks_lost);
 * under MPI the first failing rank's error, the largest signal and
 * running out of files anywhere are every rank's.
 */
void
pm_group_outcome(struct pm_group *g)
{
	if (!g->mpi)
		return;
	pm_ranks_lost(g);
	pm_mpi_share_error(&g->res->error);
	(void)pm_group_agree(g, 0);
}
