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
 * The clients of a run.  With one client (set clients 1, no MPI) the run
 * is PostMark's, in the calling thread, with PostMark's names and system
 * calls.  With several, client i runs a complete PostMark workload with
 * seed + i (its global number across MPI ranks), in threads that start
 * each timed phase together: a barrier, then the phase, then a barrier;
 * what the caller runs between phases (hooks, cache drops) happens
 * between the barriers, outside the phases.  Each client works in its
 * own subdirectory cI of each location (rR/cI under MPI), or, shared, in
 * the same directories with names of its own (cI-N).  A failure in one
 * client stops all of them; each client's files are then removed.
 *
 * The run's result merges the clients': counts and bytes are summed,
 * histograms merged bucket by bucket (exact), each phase lasts from its
 * start to the last client's end; the stonewall figures count what all
 * clients did until the first one finished the phase (from checkpoints
 * every 1/1024 of each client's operations), and the balance is the
 * fastest client's elapsed time over the slowest's.
 *
 * Under MPI (pm_mpi.c) every rank runs this with its own clients; the
 * coordinators of the ranks call the same collectives in the same order
 * whatever happens, each decision that could differ between ranks (a
 * failure, a signal) being agreed first: after the clients and the
 * directories are made, at the start and the end of every phase, after
 * the phases.  Merging reduces counts and histograms on rank 0 and
 * gathers the client rows there; durations are compared, not time
 * stamps, since the ranks' clocks are not the same clock.
 */

#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <stddef.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "pm_engine.h"
#include "pm_mpi.h"
#include "pm_names.h"

/* The counts of a result that the clients' sum, as offsets. */
static const size_t pm_count_off[] = {
	offsetof(struct pm_result, created_alone),
	offsetof(struct pm_result, created_mixed),
	offsetof(struct pm_result, read),
	offsetof(struct pm_result, appended),
	offsetof(struct pm_result, deleted_mixed),
	offsetof(struct pm_result, deleted_alone),
	offsetof(struct pm_result, bytes_read),
	offsetof(struct pm_result, bytes_written),
	offsetof(struct pm_result, transactions_done)
};
#define PM_NCOUNTS	(sizeof pm_count_off / sizeof pm_count_off[0])

/* Count k of a result. */
static uint64_t *
pm_count(struct pm_result *r, size_t k)
{
	return ((uint64_t *)(void *)((char *)r + pm_count_off[k]));
}

static uint64_t
pm_count_of(const struct pm_result *r, size_t k)
{
	uint64_t	 v;

	memcpy(&v, (const char *)r + pm_count_off[k], sizeof v);
	return (v);
}

/* The coordinator of the clients of one run. */
struct pm_group {
	const struct pm_config	*cfg;		/* borrowed */
	const struct pm_hooks	*hooks;		/* borrowed, may be NULL */
	void			*arg;		/* for the hooks */
	struct pm_result	*res;		/* the run's, merged */
	struct pm_dirs		 top;		/* the locations */
	struct pm_dirs		 rank;		/* MPI: rR in each location */
	struct pm_dirs		 shift;		/* rankshift: rank R+K's rR */
	struct pm_run		**client;	/* this process's clients */
	uint32_t		 n;		/* how many */
	uint32_t		 rankno;	/* MPI rank, 0 without */
	uint32_t		 nranks;	/* MPI ranks, 1 without */
	int			 single;	/* PostMark's run: one client */
	int			 mpi;		/* several ranks */
	char			 host[64];	/* this rank's host name */
	int			 private;	/* clients in cI directories */
	int			 stop;		/* a client failed: all stop */
	int			 first;		/* the client that failed */
					/* first, or -1 */
	pthread_barrier_t	 bar;		/* phase starts and ends */
	pthread_mutex_t		 mtx;		/* for gate */
	pthread_cond_t		 cv;		/* gate changed */
	int			 gate;		/* 0 wait, 1 go, -1 give up */
	struct pm_hooks		 chooks;	/* client 0's: progress */
	uint64_t		 t0[PM_NTPHASES]; /* ns, each phase's start */
	struct pm_sampler	 sm;		/* set interval: CPU samples */
};

static int	 pm_group_clients(struct pm_group *);
static void	 pm_group_shared_error(struct pm_group *);
static int	 pm_group_dirs(struct pm_group *);
static int	 pm_group_top(struct pm_group *, size_t *);
static int	 pm_group_halted(const struct pm_group *);
static void	 pm_group_gate(struct pm_group *, int);
static void	 pm_group_sample(struct pm_group *, enum pm_phase, int);
static void	 pm_group_shift(struct pm_group *);
static void	*pm_client_main(void *);
static int	 pm_client_phase(struct pm_run *, enum pm_tphase);
static void	 pm_group_around(struct pm_group *, int, enum pm_phase);
static int	 pm_group_phases(struct pm_group *);
static void	 pm_group_cleanup(struct pm_group *, int);
static uint64_t	 pm_client_end(const struct pm_run *, enum pm_tphase);
static uint64_t	 pm_client_ops(const struct pm_run *, enum pm_tphase);
static uint64_t	 pm_ops_until(const struct pm_run *, enum pm_tphase,
		    uint64_t);
static void	 pm_merge_counts(struct pm_result *,
		    const struct pm_result *);
static void	 pm_merge_hists(struct pm_result *);
static void	 pm_merge_times(struct pm_group *);
static void	 pm_merge_status(struct pm_group *);
static void	 pm_client_row(const struct pm_run *, struct pm_clientrow *);
static void	 pm_group_merge(struct pm_group *);
static void	 pm_group_sampler(struct pm_group *);
static void	 pm_group_intervals(struct pm_group *);
static void	 pm_group_init(struct pm_group *, const struct pm_config *,
		    const struct pm_hooks *, void *, struct pm_result *);
static void	 pm_stopped_times(struct pm_result *);
static void	 pm_group_free(struct pm_group *);

/* Stop every client at its next operation: one failed. */
void
pm_group_stop(struct pm_group *g)
{
	__atomic_store_n(&g->stop, 1, __ATOMIC_RELAXED);
}

/* Whether the clients must stop. */
int
pm_group_stopping(const struct pm_group *g)
{
	return (__atomic_load_n(&g->stop, __ATOMIC_RELAXED));
}

/*
 * Make the clients: their own results (the run's when it is PostMark's
 * single client), seeds, names in a shared run, and workloads.
 * Returns 0 or -1 (the failing client's result has the error).
 */
static int
pm_group_clients(struct pm_group *g)
{
	struct pm_run	*run;
	uint32_t	 i;

	g->client = xcalloc(g->n, sizeof *g->client);
	for (i = 0; i < g->n; i++) {
		run = g->client[i] = xcalloc(1, sizeof *run);
		run->cfg = g->cfg;
		run->grp = g;
		run->id = i;
		run->gid = g->rankno * g->n + i;
		run->arg = g->arg;
		if (g->single) {
			run->res = g->res;
			run->hooks = g->hooks;
			continue;
		}
		run->res = pm_result_new();
		run->res->iteration = g->res->iteration;
		run->hooks = i == 0 ? &g->chooks : NULL;
		run->sw_on = 1;
		if (g->cfg->shared)
			run->plen = pm_name_prefix(run->prefix,
			    sizeof run->prefix, run->gid);
	}
	for (i = 0; i < g->n; i++) {
		if (pm_client_setup(g->client[i]) == -1)
			return (-1);
		if (i == 0)
			pm_clock_init(&g->client[i]->clk);
		else
			g->client[i]->clk = g->client[0]->clk;
	}
	return (0);
}

/*
 * A failure of what the clients share (the locations, the ranks'
 * directories) is the run's, not client 0's: move it there.
 */
static void
pm_group_shared_error(struct pm_group *g)
{
	struct pm_error	*e = &g->client[0]->res->error;

	if (g->single || e->op == NULL || g->res->error.op != NULL)
		return;
	pm_error_set(&g->res->error, e->op, e->path, e->errnum);
	g->res->error.msg = e->msg;
	if (e->text != NULL)
		g->res->error.text = xstrdup(e->text);
	pm_error_clear(e);
}

/*
 * Open the locations and, when the clients share them, make their sK.
 * Under MPI rank 0 makes the sK; the other ranks then open the ones it
 * made.  Given align, the file systems are probed (pm_dirs_open).
 * Returns 0 or -1 (on every rank when rank 0 failed).
 */
static int
pm_group_top(struct pm_group *g, size_t *align)
{
	struct pm_run	*lead = g->client[0];
	int		 failed = 0;

	pm_dirs_init(&g->top, g->cfg->nlocations, g->private ? 0 :
	    lead->subdirs);
	if (g->mpi && !g->private) {
		if (g->rankno == 0)
			failed = pm_dirs_open(lead, &g->top, align) == -1;
		if (pm_mpi_any(failed))
			return (-1);
		g->top.adopt = g->rankno != 0;
		if (g->rankno == 0)
			return (0);
	}
	return (pm_dirs_open(lead, &g->top, align));
}

/*
 * Open the locations and make what the clients work in: the sK of a
 * single or shared run in the locations; under MPI rR in each; for
 * private clients cI (and its sK) in each.  Returns 0 or -1.
 */
static int
pm_group_dirs(struct pm_group *g)
{
	struct pm_run		*lead = g->client[0], *run;
	const struct pm_dirs	*parent = &g->top;
	char			 name[PM_PREFIX_MAX];
	size_t			 align = 0, nloc = g->cfg->nlocations;
	uint32_t		 i, nsub = lead->subdirs;
	int			 later = 0;

	pm_fd_budget((nloc + 1) * (1 + 2 * (uint64_t)g->n * (nsub + 2)));
	if ((g->cfg->direct &&
	    (later = pm_direct_check(lead, nloc, &align)) == -1) ||
	    pm_group_top(g, later ? &align : NULL) == -1 ||
	    (later && pm_direct_blocks(lead, align) == -1)) {
		pm_group_shared_error(g);
		return (-1);
	}
	for (i = 0; i < g->n; i++)
		g->client[i]->io.align = align;
	if (g->mpi && g->private) {
		pm_name_rank(name, sizeof name, g->rankno);
		pm_dirs_init(&g->rank, nloc, 0);
		if (pm_dirs_child(lead, &g->top, &g->rank, name) == -1) {
			pm_group_shared_error(g);
			return (-1);
		}
		parent = &g->rank;
	}
	for (i = 0; i < g->n; i++) {
		run = g->client[i];
		run->dirs = &g->top;
		if (!g->private)
			continue;
		pm_name_client(name, sizeof name, i);
		pm_dirs_init(&run->own, nloc, nsub);
		run->dirs = &run->own;
		if (pm_dirs_child(run, parent, &run->own, name) == -1)
			return (-1);
	}
	return (0);
}

/* Whether this rank must stop: a client failed, or a signal came. */
static int
pm_group_halted(const struct pm_group *g)
{
	return (pm_group_stopping(g) || pm_signal != 0);
}

/* The caller's sample at the start (end 0) or the end of a phase. */
static void
pm_group_sample(struct pm_group *g, enum pm_phase phase, int end)
{
	if (g->hooks != NULL && g->hooks->sample != NULL &&
	    !pm_group_halted(g))
		(void)g->hooks->sample(g->arg, phase, end);
}

/* Let the client threads go (1), or tell them to give up (-1). */
static void
pm_group_gate(struct pm_group *g, int v)
{
	pthread_mutex_lock(&g->mtx);
	g->gate = v;
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mtx);
}

/*
 * set rankshift K under MPI, between the creation and the transaction
 * phases: each client takes over the workload of the same client of rank
 * R + K (its file table as that rank's creation left it, recomputed
 * without a system call) in that rank's directories.  A failure stops
 * this rank (agreed at the start of the next phase).
 */
static void
pm_group_shift(struct pm_group *g)
{
	struct pm_run	*run;
	char		 name[PM_PREFIX_MAX];
	uint32_t	 to, i;
	size_t		 nloc = g->cfg->nlocations;

	if (!g->mpi || g->cfg->rankshift % g->nranks == 0 ||
	    pm_group_halted(g))
		return;
	to = (uint32_t)((g->rankno + (uint64_t)g->cfg->rankshift) %
	    g->nranks);
	if (g->private) {
		pm_name_rank(name, sizeof name, to);
		pm_dirs_init(&g->shift, nloc, 0);
		if (pm_dirs_adopt(g->client[0], &g->top, &g->shift,
		    name) == -1) {
			pm_group_stop(g);
			return;
		}
	}
	for (i = 0; i < g->n; i++) {
		run = g->client[i];
		if (g->private) {
			pm_name_client(name, sizeof name, i);
			pm_dirs_init(&run->shifted, nloc, run->subdirs);
			if (pm_dirs_adopt(run, &g->shift, &run->shifted,
			    name) == -1)
				return;
			run->dirs = &run->shifted;
		}
		if (pm_client_take(run, to * g->n + i) == -1)
			return;
	}
}

/*
 * Run timed phase tp of one client: take its own timestamps around it
 * as pm_phases does (no hooks: the coordinator runs them between the
 * phases), and its thread's CPU outside them.  Returns 0 or -1.
 */
static int
pm_client_phase(struct pm_run *run, enum pm_tphase tp)
{
	struct pm_result	*r = run->res;
	struct pm_cpu		 a, b;
	int			 rc;

	pm_usage_thread(&a);
	switch (tp) {
	case PM_TP_CREATE:
		r->t_start = pm_clock_mono();
		rc = pm_phase_create(run);
		r->t_create_end = pm_clock_mono();
		break;
	case PM_TP_TRANSACT:
		rc = pm_phase_transact(run);
		break;
	default:
		r->t_del = pm_clock_mono();
		rc = pm_phase_delete(run);
		break;
	}
	pm_usage_thread(&b);
	pm_cpu_sub(&r->usage[tp].threads, &b, &a);
	return (rc);
}

/*
 * A client's thread: once the coordinator opens the gate, each timed
 * phase between two barriers, skipped once the run stopped.  The
 * stopping signals go to the coordinator.
 */
static void *
pm_client_main(void *arg)
{
	struct pm_run	*run = arg;
	struct pm_group	*g = run->grp;
	sigset_t	 set;
	int		 tp, failed = 0, go;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	__atomic_store_n(&run->iv.tid, (pid_t)syscall(SYS_gettid),
	    __ATOMIC_RELEASE);
	pthread_mutex_lock(&g->mtx);
	while ((go = g->gate) == 0)
		pthread_cond_wait(&g->cv, &g->mtx);
	pthread_mutex_unlock(&g->mtx);
	for (tp = 0; go == 1 && tp < PM_NTPHASES; tp++) {
		pthread_barrier_wait(&g->bar);
		if (!failed && !pm_stopped(run) &&
		    pm_client_phase(run, tp) == -1)
			failed = 1;
		pthread_barrier_wait(&g->bar);
	}
	return (NULL);
}

/*
 * The caller's before (after not set) or after callback of a timed
 * phase, for the whole run, while no client runs (a before callback
 * belongs to its phase: last_phase is set first); a failure stops the
 * run (recorded as client 0's).
 */
static void
pm_group_around(struct pm_group *g, int after, enum pm_phase phase)
{
	int	(*fn)(void *, enum pm_phase, struct pm_error *);

	if (g->hooks == NULL || pm_group_halted(g))
		return;
	fn = after ? g->hooks->after : g->hooks->before;
	if (fn != NULL && fn(g->arg, phase, &g->client[0]->res->error) == -1)
		pm_group_stop(g);
}

/*
 * The timed phases of several clients, in threads: for each, what runs
 * before it, its title, the start barrier (its start time), the end
 * barrier, its end line ("Done"), what runs after it.  Under MPI the
 * ranks agree before and after each phase whether to go on, and every
 * rank goes through the three phases, doing nothing once stopped.
 * Returns 0, or -1 when a thread could not be made (recorded).
 */
static int
pm_group_phases(struct pm_group *g)
{
	static const enum pm_phase phase[PM_NTPHASES] = {
		PM_PHASE_CREATE, PM_PHASE_TRANSACT, PM_PHASE_DELETE
	};
	pthread_t	*t;
	uint32_t	 i, made;
	int		 tp, e, all;

	t = xcalloc(g->n, sizeof *t);
	pthread_barrier_init(&g->bar, NULL, g->n + 1);
	pthread_mutex_init(&g->mtx, NULL);
	pthread_cond_init(&g->cv, NULL);
	for (made = 0; made < g->n; made++) {
		if ((e = pthread_create(&t[made], NULL, pm_client_main,
		    g->client[made])) != 0) {
			pm_fail(g->client[0], "start", "client thread", e);
			break;
		}
	}
	all = made == g->n;
	pm_group_gate(g, all ? 1 : -1);
	for (tp = 0; tp < PM_NTPHASES && (all || g->mpi); tp++) {
		g->res->last_phase = phase[tp];
		pm_group_around(g, 0, phase[tp]);
		if (g->hooks != NULL && g->hooks->phase_begin != NULL &&
		    !pm_group_halted(g) && g->hooks->phase_begin(g->arg,
		    phase[tp], &g->client[0]->res->error) == -1)
			pm_group_stop(g);
		if (g->mpi && pm_mpi_any(pm_group_halted(g)))
			pm_group_stop(g);
		pm_group_sample(g, phase[tp], 0);
		g->t0[tp] = pm_clock_mono();
		if (all) {
			pthread_barrier_wait(&g->bar);
			pthread_barrier_wait(&g->bar);
		}
		pm_group_sample(g, phase[tp], 1);
		if (g->mpi && pm_mpi_any(pm_group_halted(g)))
			pm_group_stop(g);
		pm_merge_status(g);
		if (g->hooks != NULL && g->hooks->phase_end != NULL &&
		    !pm_group_halted(g) && g->hooks->phase_end(g->arg,
		    phase[tp], g->res, &g->client[0]->res->error) == -1)
			pm_group_stop(g);
		pm_group_around(g, 1, phase[tp]);
		if (phase[tp] == PM_PHASE_CREATE)
			pm_group_shift(g);
	}
	for (i = 0; i < made; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&g->bar);
	pthread_cond_destroy(&g->cv);
	pthread_mutex_destroy(&g->mtx);
	free(t);
	return (all ? 0 : -1);
}

/*
 * Remove what the run made: after a stop, every client's remaining
 * files; then the clients' directories, the ranks', the locations' sK.
 * Under MPI every rank's files go before any directory, and every rank's
 * directories before the sK rank 0 made for all.
 */
static void
pm_group_cleanup(struct pm_group *g, int stopped)
{
	struct pm_run	*lead = g->client[0];
	uint32_t	 i;
	int		 failed;

	for (i = 0; stopped && i < g->n; i++) {
		if (g->client[i]->slot != NULL)
			pm_client_cleanup(g->client[i]);
	}
	if (g->mpi)
		pm_mpi_barrier();
	for (i = 0; i < g->n; i++) {
		pm_dirs_close(&g->client[i]->shifted);
		if (g->client[i]->own.locfd != NULL)
			(void)pm_dirs_remove(g->client[i], &g->client[i]->own);
	}
	failed = lead->res->error.op != NULL;
	pm_dirs_close(&g->shift);
	if (g->rank.locfd != NULL)
		(void)pm_dirs_remove(lead, &g->rank);
	if (g->mpi)
		pm_mpi_barrier();
	if (g->top.locfd != NULL)
		(void)pm_dirs_remove(lead, &g->top);
	if (!failed)
		pm_group_shared_error(g);
}

/* When client run ended timed phase tp (ns, CLOCK_MONOTONIC). */
static uint64_t
pm_client_end(const struct pm_run *run, enum pm_tphase tp)
{
	const struct pm_result	*r = run->res;

	return (tp == PM_TP_CREATE ? r->t_create_end :
	    tp == PM_TP_TRANSACT ? r->t_trans_end : r->t_end);
}

/* The operations client run did in timed phase tp. */
static uint64_t
pm_client_ops(const struct pm_run *run, enum pm_tphase tp)
{
	const struct pm_result	*r = run->res;

	return (tp == PM_TP_CREATE ? r->created_alone :
	    tp == PM_TP_TRANSACT ? r->transactions_done : r->deleted_alone);
}

/*
 * The operations client run had done in phase tp by time t: all of them
 * when it ended by then, else its checkpoints up to t times the step.
 */
static uint64_t
pm_ops_until(const struct pm_run *run, enum pm_tphase tp, uint64_t t)
{
	uint32_t	 k;

	if (pm_client_end(run, tp) <= t)
		return (pm_client_ops(run, tp));
	for (k = 0; k < run->nsw[tp] && run->sw[tp][k] <= t; k++)
		continue;
	return ((uint64_t)k * run->swstep[tp]);
}

/* Add a client's counts, bytes and histograms to the run's. */
static void
pm_merge_counts(struct pm_result *res, const struct pm_result *r)
{
	size_t	 k;
	int	 tp, op;

	for (k = 0; k < PM_NCOUNTS; k++)
		*pm_count(res, k) += pm_count_of(r, k);
	for (tp = 0; tp < PM_NTPHASES; tp++)
		pm_cpu_add(&res->usage[tp].threads, &r->usage[tp].threads);
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		for (op = 0; op < PM_NOPS; op++)
			pm_hist_merge(&res->lat[tp][op], &r->lat[tp][op]);
	}
}

/*
 * Under MPI, the ranks' counts and histograms summed on rank 0: counts,
 * sums and buckets added, minima and maxima compared.
 */
static void
pm_merge_hists(struct pm_result *res)
{
	enum { NH = PM_NTPHASES * PM_NOPS, W = 2 + PM_HIST_NBUCKETS };
	struct pm_hist	*h;
	uint64_t	*v, c[PM_NCOUNTS], lo[NH], hi[NH];
	size_t		 k;

	for (k = 0; k < PM_NCOUNTS; k++)
		c[k] = pm_count_of(res, k);
	pm_mpi_reduce(c, PM_NCOUNTS, PM_MPI_SUM);
	v = xcalloc(NH, W * sizeof *v);
	for (k = 0; k < NH; k++) {
		h = &res->lat[k / PM_NOPS][k % PM_NOPS];
		v[k * W] = h->count;
		v[k * W + 1] = h->sum;
		memcpy(v + k * W + 2, h->bucket, sizeof h->bucket);
		lo[k] = h->min;
		hi[k] = h->max;
	}
	pm_mpi_reduce(v, NH * W, PM_MPI_SUM);
	pm_mpi_reduce(lo, NH, PM_MPI_MIN);
	pm_mpi_reduce(hi, NH, PM_MPI_MAX);
	for (k = 0; k < NH && pm_mpi_rank() == 0; k++) {
		h = &res->lat[k / PM_NOPS][k % PM_NOPS];
		h->count = v[k * W];
		h->sum = v[k * W + 1];
		memcpy(h->bucket, v + k * W + 2, sizeof h->bucket);
		h->min = lo[k];
		h->max = hi[k];
	}
	for (k = 0; k < PM_NCOUNTS && pm_mpi_rank() == 0; k++)
		*pm_count(res, k) = c[k];
	free(v);
}

/*
 * The run's times: each phase from its start to the last client's end
 * (of any rank: durations are compared, the clocks of two machines
 * being unrelated); the stonewall interval of each phase, until the
 * first client ended it, and what all had done by then; the balance of
 * the clients' elapsed times.
 */
static void
pm_merge_times(struct pm_group *g)
{
	struct pm_result	*res = g->res;
	uint64_t		 last[PM_NTPHASES], first[PM_NTPHASES], e, d;
	uint64_t		 span[2] = { UINT64_MAX, 0 };
	uint32_t		 i;
	int			 tp;

	for (tp = 0; tp < PM_NTPHASES; tp++) {
		last[tp] = 0;
		first[tp] = UINT64_MAX;
		for (i = 0; i < g->n; i++) {
			e = pm_client_end(g->client[i], tp);
			d = e > g->t0[tp] ? e - g->t0[tp] : 0;
			last[tp] = d > last[tp] ? d : last[tp];
			first[tp] = d < first[tp] ? d : first[tp];
		}
	}
	pm_mpi_allreduce(last, PM_NTPHASES, PM_MPI_MAX);
	pm_mpi_allreduce(first, PM_NTPHASES, PM_MPI_MIN);
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		res->sw_ns[tp] = first[tp];
		res->sw_ops[tp] = 0;
		for (i = 0; i < g->n; i++)
			res->sw_ops[tp] += pm_ops_until(g->client[i], tp,
			    g->t0[tp] + first[tp]);
	}
	pm_mpi_reduce(res->sw_ops, PM_NTPHASES, PM_MPI_SUM);
	res->t_start = g->t0[PM_TP_CREATE];
	res->t_create_end = res->t_start + last[PM_TP_CREATE];
	res->t_trans = g->t0[PM_TP_TRANSACT];
	res->t_trans_end = res->t_trans + last[PM_TP_TRANSACT];
	res->t_del = g->t0[PM_TP_DELETE];
	res->t_end = res->t_del + last[PM_TP_DELETE];
	for (i = 0; i < g->n; i++) {
		d = 0;
		for (tp = 0; tp < PM_NTPHASES; tp++) {
			e = pm_client_end(g->client[i], tp);
			d += e > g->t0[tp] ? e - g->t0[tp] : 0;
		}
		span[0] = d < span[0] ? d : span[0];
		span[1] = d > span[1] ? d : span[1];
	}
	pm_mpi_allreduce(&span[0], 1, PM_MPI_MIN);
	pm_mpi_allreduce(&span[1], 1, PM_MPI_MAX);
	res->balance = span[1] > 0 ? (double)span[0] / (double)span[1] : 1.0;
}

/*
 * The run's status from its clients': an error (the first client's to
 * fail, named), else interrupted, else out of files, else ok.
 */
static void
pm_merge_status(struct pm_group *g)
{
	struct pm_result	*res = g->res, *r;
	uint32_t		 i;

	for (i = 0; i < g->n; i++) {
		r = g->client[i]->res;
		if (r == res)
			continue;
		if (r->error.op != NULL && res->error.op == NULL) {
			pm_error_set(&res->error, r->error.op, r->error.path,
			    r->error.errnum);
			res->error.msg = r->error.msg;
			if (r->error.text != NULL)
				res->error.text = xstrdup(r->error.text);
			res->error.client = (int)g->client[i]->gid;
		}
		if (r->status == PM_STATUS_OUT_OF_FILES &&
		    res->status == PM_STATUS_OK)
			res->status = PM_STATUS_OUT_OF_FILES;
	}
}

/* A client's row for the reports: counts, phase durations, latency. */
static void
pm_client_row(const struct pm_run *run, struct pm_clientrow *row)
{
	const struct pm_result	*r = run->res;
	struct pm_hist		*h;
	int			 tp, op;

	memset(row, 0, sizeof *row);
	row->id = run->grp->rankno * run->grp->n + run->id;
	row->rank = run->grp->rankno;
	row->status = r->error.op != NULL ? PM_STATUS_ERROR : r->status;
	row->created_alone = r->created_alone;
	row->created_mixed = r->created_mixed;
	row->read = r->read;
	row->appended = r->appended;
	row->deleted_alone = r->deleted_alone;
	row->deleted_mixed = r->deleted_mixed;
	row->bytes_read = r->bytes_read;
	row->bytes_written = r->bytes_written;
	row->transactions_done = r->transactions_done;
	row->ns[PM_TP_CREATE] = r->t_create_end - r->t_start;
	row->ns[PM_TP_TRANSACT] = r->t_trans_end - r->t_trans;
	row->ns[PM_TP_DELETE] = r->t_end - r->t_del;
	for (tp = 0; tp < PM_NTPHASES; tp++)
		row->cpu[tp] = r->usage[tp].threads;
	if (run->grp->mpi)
		strlcpy(row->host, run->grp->host, sizeof row->host);
	h = xmalloc(sizeof *h);
	for (op = 0; op < PM_NOPS; op++) {
		pm_hist_init(h);
		for (tp = 0; tp < PM_NTPHASES; tp++)
			pm_hist_merge(h, &r->lat[tp][op]);
		pm_latstat(h, &row->lat[op]);
	}
	free(h);
}

/*
 * The run's result from its clients' (several of them), on every rank;
 * under MPI the sums, the client rows of every rank and the status go to
 * rank 0, the status (the first failing rank's error) to all.
 */
static void
pm_group_merge(struct pm_group *g)
{
	struct pm_result	*res = g->res;
	struct pm_clientrow	*rows;
	uint32_t		 i;

	res->nclients = g->n * g->nranks;
	rows = xcalloc(g->n, sizeof *rows);
	for (i = 0; i < g->n; i++) {
		pm_lat_flush(g->client[i]);
		g->client[i]->res->bytes_read = g->client[i]->io.nread;
		g->client[i]->res->bytes_written = g->client[i]->io.written;
		pm_merge_counts(res, g->client[i]->res);
		pm_client_row(g->client[i], &rows[i]);
	}
	pm_merge_times(g);
	pm_merge_status(g);
	free(res->clients);
	res->clients = rows;
	if (!g->mpi)
		return;
	pm_merge_hists(res);
	res->clients = pm_mpi_gather(rows, g->n * sizeof *rows);
	free(rows);
}

/*
 * Under MPI, every rank's outcome the same: the first failing rank's
 * error, else the largest signal, else out of files when any ran out.
 */
static void
pm_group_agree(struct pm_group *g)
{
	struct pm_result	*res = g->res;
	int			 signo;

	if (!g->mpi)
		return;
	pm_mpi_share_error(&res->error);
	if ((signo = pm_mpi_max(pm_signal)) != 0)
		pm_signal = signo;
	if (pm_mpi_any(res->status == PM_STATUS_OUT_OF_FILES) &&
	    res->status == PM_STATUS_OK)
		res->status = PM_STATUS_OUT_OF_FILES;
}

/*
 * set interval: start sampling the clients' CPU (the single client's
 * thread is this one), before the phases.
 */
static void
pm_group_sampler(struct pm_group *g)
{
	if (g->cfg->interval == 0)
		return;
	if (g->single)
		g->client[0]->iv.tid = (pid_t)syscall(SYS_gettid);
	(void)pm_sampler_start(&g->sm, g->client, g->n);
}

/*
 * set interval, after the phases: stop the sampler and gather every
 * client's rows, their CPU filled in, into the run's result (client by
 * client, each in phase order).
 */
static void
pm_group_intervals(struct pm_group *g)
{
	struct pm_result	*res = g->res;
	size_t			 n = 0, k;
	uint32_t		 i;

	if (g->cfg->interval == 0)
		return;
	pm_sampler_stop(&g->sm);
	for (i = 0; i < g->n; i++) {
		pm_iv_done(g->client[i]);
		n += g->client[i]->iv.nrow;
		if (g->client[i]->res != res && g->client[i]->res->iv_truncated)
			res->iv_truncated = 1;
	}
	free(res->iv);
	res->iv = xcalloc(n > 0 ? n : 1, sizeof *res->iv);
	res->niv = 0;
	for (i = 0; i < g->n; i++) {
		for (k = 0; k < g->client[i]->iv.nrow; k++)
			res->iv[res->niv++] = g->client[i]->iv.row[k];
	}
}

/* Set up the group of a run: its clients, its ranks, an empty result. */
static void
pm_group_init(struct pm_group *g, const struct pm_config *cfg,
    const struct pm_hooks *hooks, void *arg, struct pm_result *res)
{
	memset(g, 0, sizeof *g);
	g->cfg = cfg;
	g->hooks = hooks;
	g->arg = arg;
	g->res = res;
	g->n = cfg->clients > 0 ? cfg->clients : 1;
	g->rankno = pm_mpi_rank();
	g->nranks = pm_mpi_size();
	g->mpi = g->nranks > 1;
	g->single = g->n == 1 && !g->mpi;
	g->private = !g->single && !cfg->shared;
	g->chooks.progress = hooks != NULL ? hooks->progress : NULL;
	if (g->mpi && gethostname(g->host, sizeof g->host - 1) == -1)
		strlcpy(g->host, "unknown", sizeof g->host);
	pm_result_reset(res);
	res->nclients = g->n * g->nranks;
}

/* The time stamps a stopped run did not reach: the time it stopped. */
static void
pm_stopped_times(struct pm_result *res)
{
	uint64_t	*t[] = {
		&res->t_start, &res->t_create_end, &res->t_trans,
		&res->t_trans_end, &res->t_del, &res->t_end
	};
	uint64_t	 now = pm_clock_mono();
	size_t		 i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (*t[i] == 0)
			*t[i] = now;
	}
}

/* Free the clients and the directory tables. */
static void
pm_group_free(struct pm_group *g)
{
	uint32_t	 i;

	for (i = 0; g->client != NULL && i < g->n; i++) {
		if (g->client[i] == NULL)
			continue;
		pm_client_teardown(g->client[i]);
		if (g->client[i]->res != g->res)
			pm_result_free(g->client[i]->res);
		free(g->client[i]);
	}
	free(g->client);
	pm_dirs_close(&g->shift);
	pm_dirs_close(&g->rank);
	pm_dirs_close(&g->top);
}

/*
 * Run the benchmark described by cfg once: one client, in PostMark's
 * order (reference §3): subdirectories, creation, transactions,
 * deletion, subdirectories; or cfg->clients clients (on each MPI rank),
 * each phase started together.  hooks (may be NULL) hear about phases
 * and progress (of client 0); they are not called any more once the run
 * fails or is interrupted.  res, from pm_result_new, receives counts,
 * times, latencies, each client's row and the last phase entered (its
 * meta and iteration are left alone); under MPI, rank 0's holds the
 * whole run, and every rank's has the same status.
 *
 * Returns 0 with res->status OK, OUT_OF_FILES (the deletion phase still
 * ran) or INTERRUPTED (res->signo set, everything created removed; a
 * signal that arrives while the subdirectories are removed at the end
 * still marks the run interrupted).  Returns -1 with res->status ERROR
 * and res->error set (naming the client, with several) when a file
 * operation, an allocation or a hook failed: what the run created is
 * removed.  Time stamps not reached are set to the time the run stopped.
 */
int
pm_workload_run(const struct pm_config *cfg, const struct pm_hooks *hooks,
    void *arg, struct pm_result *res)
{
	struct pm_group	 g;
	int		 rc, failed, stopped, mkdir;

	pm_group_init(&g, cfg, hooks, arg, res);

	mkdir = cfg->subdirs > 1 && hooks != NULL;
	if (cfg->subdirs > 1)
		res->last_phase = PM_PHASE_MKDIR;
	failed = pm_group_clients(&g) == -1 ||
	    (mkdir && hooks->phase_begin != NULL &&
	    hooks->phase_begin(arg, PM_PHASE_MKDIR, &res->error) == -1);
	if (g.mpi)
		failed = pm_mpi_any(failed);
	if (!failed)
		failed = pm_group_dirs(&g) == -1;
	if (g.mpi)
		failed = pm_mpi_any(failed);
	if (!failed && mkdir && hooks->phase_end != NULL &&
	    hooks->phase_end(arg, PM_PHASE_MKDIR, res, &res->error) == -1)
		failed = 1;
	if (!failed) {
		pm_group_sampler(&g);
		failed = (g.single ? pm_phases(g.client[0]) :
		    pm_group_phases(&g)) == -1;
		pm_group_intervals(&g);
	}
	stopped = failed || pm_group_halted(&g);
	if (g.mpi)
		stopped = pm_mpi_any(stopped);
	if (!g.single)
		pm_group_merge(&g);
	if (!stopped && cfg->subdirs > 1)
		res->last_phase = PM_PHASE_RMDIR;
	if (!stopped && mkdir && hooks->phase_begin != NULL &&
	    hooks->phase_begin(arg, PM_PHASE_RMDIR, &res->error) == -1)
		stopped = 1;
	if (stopped)
		pm_stopped_times(res);
	pm_group_cleanup(&g, stopped);
	if (!stopped && res->error.op == NULL && mkdir &&
	    hooks->phase_end != NULL &&
	    hooks->phase_end(arg, PM_PHASE_RMDIR, res, &res->error) == -1)
		stopped = 1;
	if (g.single) {
		pm_lat_flush(g.client[0]);
		res->bytes_read = g.client[0]->io.nread;
		res->bytes_written = g.client[0]->io.written;
	} else
		pm_merge_status(&g);
	pm_group_agree(&g);
	rc = 0;
	if (res->error.op != NULL) {
		res->status = PM_STATUS_ERROR;
		rc = -1;
	} else if (stopped || pm_signal != 0) {
		res->status = PM_STATUS_INTERRUPTED;
		res->signo = pm_signal;
	}
	pm_group_free(&g);
	return (rc);
}
