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
 * The engine's base: what every part of a run shares.  The stop flag (a
 * signal, and the group's flag that one failure sets for all clients),
 * the failure of a run as data (the first one is its cause; running out
 * of memory is one like any other, named with what and how much), and
 * the lifetime of a result.  The engine prints nothing.
 */

#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm_engine.h"

volatile sig_atomic_t pm_signal;	/* set by pm_workload_interrupt */

static void	 pm_stop_raise(int *);
static int	 pm_stop_raised(const int *);

/*
 * Raise the stop flag *flag (a group's, which every client reads between
 * operations, from any thread).
 */
static void
pm_stop_raise(int *flag)
{
	__atomic_store_n(flag, 1, __ATOMIC_RELAXED);
}

/* Whether the stop flag *flag is raised. */
static int
pm_stop_raised(const int *flag)
{
	return (__atomic_load_n(flag, __ATOMIC_RELAXED));
}

/* Stop every client at its next operation: one failed. */
void
pm_group_stop(struct pm_group *g)
{
	pm_stop_raise(&g->stop);
}

/* Whether this rank must stop: a client failed, or a signal came. */
int
pm_group_halted(const struct pm_group *g)
{
	return (pm_stop_seen(&g->stop));
}

/*
 * Record in e a failure of operation op on path (as the user would write
 * it) with error errnum (PM_ERRNUM_EOF for an unexpected end of file,
 * PM_ERRNUM_SHORT for a zero-byte write) and raise the stop flag *stop (may be NULL).  Only the first
 * failure is kept: it is the cause.  Always returns -1.
 */
int
pm_fail_in(struct pm_error *e, int *stop, const char *op, const char *path,
    int errnum)
{
	pm_error_set(e, op, path, errnum);
	if (stop != NULL)
		pm_stop_raise(stop);
	return (-1);
}

/*
 * Record in e that allocating n objects of size bytes for what failed
 * (pm_error_alloc) and raise the stop flag *stop (may be NULL).  Always
 * returns -1.
 */
int
pm_nomem_in(struct pm_error *e, int *stop, const char *what, uint64_t n,
    uint64_t size)
{
	pm_error_alloc(e, what, n, size);
	if (stop != NULL)
		pm_stop_raise(stop);
	return (-1);
}

/* Whether to stop: a signal came, or the stop flag *stop (or NULL) is up. */
int
pm_stop_seen(const int *stop)
{
	return (pm_signal != 0 || (stop != NULL && pm_stop_raised(stop)));
}

/* A failure of a client (pm_fail_in): the run stops.  Returns -1. */
int
pm_fail(struct pm_run *run, const char *op, const char *path, int errnum)
{
	return (pm_fail_in(&run->res->error, run->grp != NULL ?
	    &run->grp->stop : NULL, op, path, errnum));
}

/*
 * Record in e that allocating n objects of size bytes for what failed:
 * "allocate WHAT of N x SIZE bytes (TOTAL): Cannot allocate memory"
 * (one object: "of SIZE bytes").  Allocates nothing but the copy of the
 * path that pm_error_set makes, which may fail too.
 */
void
pm_error_alloc(struct pm_error *e, const char *what, uint64_t n,
    uint64_t size)
{
	char	 path[160], total[32];

	pm_size_text(total, sizeof total, n > 0 && size > UINT64_MAX / n ?
	    UINT64_MAX : n * size);
	if (n == 1)
		snprintf(path, sizeof path, "%s of %" PRIu64 " bytes (%s)",
		    what, size, total);
	else
		snprintf(path, sizeof path, "%s of %" PRIu64 " x %" PRIu64
		    " bytes (%s)", what, n, size, total);
	pm_error_set(e, "allocate", path, ENOMEM);
}

/*
 * A failed allocation of the client's (pm_error_alloc): the run stops.
 * Always returns -1.
 */
int
pm_fail_alloc(struct pm_run *run, const char *what, uint64_t n,
    uint64_t size)
{
	return (pm_nomem_in(&run->res->error, run->grp != NULL ?
	    &run->grp->stop : NULL, what, n, size));
}

/* Whether the run must stop: a signal, or another client failed. */
int
pm_stopped(const struct pm_run *run)
{
	return (pm_stop_seen(run->grp != NULL ? &run->grp->stop : NULL));
}

/*
 * Ask the running pm_workload_run to stop at the next operation boundary.
 * Async-signal-safe: call it from a signal handler.
 */
void
pm_workload_interrupt(int signo)
{
	pm_signal = signo;
}

/* The signal that interrupted the last run, or 0. */
int
pm_workload_signal(void)
{
	return (pm_signal);
}

/*
 * In a thread beside the main one (a client, the MPI watcher): take none
 * of the stopping signals, so that they reach the main thread, whose
 * handler sets the stop flag that every thread reads.
 */
void
pm_thread_signals(void)
{
	sigset_t	 set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
}

/*
 * A new empty result of iteration 1 (allocated: it holds the
 * histograms, ~360 KB), for a caller that holds no run's files: when
 * memory is short it exits with a message naming it.  The engine's own
 * (a client's) are pm_result_try's.
 */
struct pm_result *
pm_result_new(void)
{
	struct pm_result	*res;

	res = xcalloc_what("a result", 1, sizeof *res);
	pm_result_reset(res);
	res->iteration = 1;
	return (res);
}

/* A new empty result, or NULL when memory is short. */
struct pm_result *
pm_result_try(void)
{
	struct pm_result	*res;

	if ((res = calloc(1, sizeof *res)) == NULL)
		return (NULL);
	pm_result_reset(res);
	res->iteration = 1;
	return (res);
}

/*
 * Empty a result for a new run: zero counts, empty histograms, no error,
 * no metadata, iteration or warm-up flag (the run driver sets them once
 * per run, after this, the one reset of a run).
 */
void
pm_result_reset(struct pm_result *res)
{
	int	 p, t;

	pm_error_clear(&res->error);
	free(res->clients);
	free(res->iv);
	for (p = 0; p < (int)res->nwarnings; p++)
		free(res->warnings[p]);
	free(res->warnings);
	free(res->warnings_said);
	memset(res, 0, sizeof *res);
	res->status = PM_STATUS_OK;
	res->last_phase = PM_PHASE_START;
	for (t = 0; t < PM_NTPHASES; t++) {
		for (p = 0; p < PM_NOPS; p++)
			pm_hist_init(&res->lat[t][p]);
	}
}

/* Free a result and what it owns; NULL is a no-op.  meta is borrowed. */
void
pm_result_free(struct pm_result *res)
{
	if (res == NULL)
		return;
	pm_result_reset(res);
	free(res);
}
