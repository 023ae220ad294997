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
 * The clients of a run and the one sequencer of its phases.  With one
 * client (set clients 1, no MPI) the run is PostMark's, in the calling
 * thread, with PostMark's names and system calls.  With several, client
 * i runs a complete PostMark workload with seed + i (its global number
 * across MPI ranks) in a thread of its own, in its own subdirectory cI
 * of each location (rR/cI under MPI) or, shared, in the same
 * directories with names of its own (cI-N).  A failure in one client
 * stops all of them; each client's files are then removed.
 *
 * One sequencer (pm_group_walk) walks the phases for 1..N clients,
 * threads or MPI ranks, and calls each hook point once, in one order:
 * the subdirectories (between their title and end line), then for each
 * timed phase the hook before it and the sample at its start, its
 * title, the phase in every client (in this thread, or the client
 * threads released together and waited for), its end line, the sample
 * at its end and the hook after it; then the removal of the
 * subdirectories.  What the caller runs between phases (hooks, cache
 * drops) is outside every client's interval.  A stop (a failure, a
 * signal, another rank's stop) ends the walk where it is: no later
 * phase starts, no later hook runs, and what the run made is removed.
 *
 * Under MPI (pm_mpi.c) every rank runs this with its own clients.  The
 * decisions that could differ between ranks (a local failure, a signal,
 * a lost peer) are agreed at the sequencer's agreement points, all of
 * them calls of pm_group_agree (pm_ranks.c), so that every rank walks
 * exactly as far as the others and makes the same collective calls in
 * the same order; while the clients run, the run is watched, so that
 * another rank's stop stops them at once.  Merging (pm_merge.c) reduces
 * the counts and gathers the rows on rank 0.
 */

#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "pm_engine.h"
#include "pm_mpi.h"
#include "pm_names.h"

#define PM_CMD_QUIT	(-1)	/* the command that ends a client thread */

/* The points where the sequencer calls the caller's hooks, in order. */
enum pm_point {
	PM_PT_BEFORE,		/* hooks->before the phase */
	PM_PT_START,		/* hooks->sample at its start */
	PM_PT_BEGIN,		/* hooks->phase_begin: its title */
	PM_PT_END,		/* hooks->phase_end: its end line */
	PM_PT_FINISH,		/* hooks->sample at its end */
	PM_PT_AFTER		/* hooks->after the phase */
};

/* The phase of each timed phase. */
static const enum pm_phase pm_phase_of[PM_NTPHASES] = {
	PM_PHASE_CREATE, PM_PHASE_TRANSACT, PM_PHASE_DELETE
};

static int	 pm_group_nomem(struct pm_group *, const char *, uint64_t,
		    uint64_t);
static int	 pm_group_client(struct pm_group *, uint32_t);
static int	 pm_group_clients(struct pm_group *);
static int	 pm_group_top(struct pm_group *, int, size_t *);
static int	 pm_group_dirs(struct pm_group *);
static void	*pm_client_main(void *);
static void	 pm_client_phase(struct pm_run *, enum pm_tphase);
static void	 pm_group_command(struct pm_group *, int);
static void	 pm_group_wait(struct pm_group *);
static int	 pm_group_start(struct pm_group *);
static void	 pm_group_halt(struct pm_group *);
static void	 pm_group_work(struct pm_group *, enum pm_tphase);
static int	 pm_group_hook(struct pm_group *, enum pm_point,
		    enum pm_phase);
static void	 pm_group_walk(struct pm_group *);
static void	 pm_group_cleanup(struct pm_group *);
static void	 pm_group_init(struct pm_group *, const struct pm_config *,
		    const struct pm_hooks *, void *, struct pm_result *);
static void	 pm_group_free(struct pm_group *);

/*
 * A failed allocation of the run's own (not a client's): the run's
 * error, and the run stops.  Returns -1.
 */
static int
pm_group_nomem(struct pm_group *g, const char *what, uint64_t n,
    uint64_t size)
{
	pm_error_alloc(&g->res->error, what, n, size);
	pm_group_stop(g);
	return (-1);
}

/*
 * Make client i: its own result (the run's when it is PostMark's single
 * client), numbers, names in a shared run.  Returns 0, or -1 with the
 * client not made.
 */
static int
pm_group_client(struct pm_group *g, uint32_t i)
{
	struct pm_run	*run;
	char		 what[64];

	if ((run = g->client[i] = calloc(1, sizeof *run)) == NULL) {
		snprintf(what, sizeof what, "client %u of %u", i, g->n);
		return (pm_group_nomem(g, what, 1, sizeof *run));
	}
	run->cfg = g->cfg;
	run->grp = g;
	run->id = i;
	run->gid = g->rankno * g->n + i;
	run->arg = g->arg;
	run->hooks = i == 0 ? &g->chooks : NULL;
	if (g->single) {
		run->res = g->res;
		return (0);
	}
	if ((run->res = pm_result_try()) == NULL) {
		free(run);
		g->client[i] = NULL;
		snprintf(what, sizeof what, "the result of client %u of %u",
		    i, g->n);
		return (pm_group_nomem(g, what, 1, sizeof (struct pm_result)));
	}
	run->res->iteration = g->res->iteration;
	run->sw_on = 1;
	if (g->cfg->shared)
		run->plen = pm_name_prefix(run->prefix, sizeof run->prefix,
		    run->gid);
	return (0);
}

/*
 * Make the clients and their workloads, and with several what merging
 * and their threads need (on MPI rank 0 the rows of every rank's
 * clients), before the run makes anything.  Returns 0 or -1 (the error
 * is the run's, or the failing client's).
 */
static int
pm_group_clients(struct pm_group *g)
{
	size_t		 nrows = (size_t)g->n * (g->rankno == 0 ? g->nranks : 1);
	uint32_t	 i;

	if ((g->client = calloc(g->n, sizeof *g->client)) == NULL)
		return (pm_group_nomem(g, "client table", g->n,
		    sizeof *g->client));
	for (i = 0; i < g->n; i++) {
		if (pm_group_client(g, i) == -1)
			return (-1);
	}
	if (!g->single && (g->rows = calloc(nrows, sizeof *g->rows)) == NULL)
		return (pm_group_nomem(g, "client rows", nrows,
		    sizeof *g->rows));
	if (!g->single && ((g->thread = calloc(g->n, sizeof *g->thread)) ==
	    NULL || (g->scratch = malloc(sizeof *g->scratch)) == NULL))
		return (pm_group_nomem(g, "client threads", g->n,
		    sizeof *g->thread));
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
 * Open the locations and, when the clients share them, make their sK,
 * unless failed (an earlier failure of this rank).  Under MPI rank 0
 * makes the sK; the other ranks then open the ones it made.  Given
 * align, the file systems are probed (pm_dirs_open).  Returns 0 or -1
 * (on every rank when rank 0 failed).
 */
static int
pm_group_top(struct pm_group *g, int failed, size_t *align)
{
	if (!failed)
		failed = pm_dirs_new(&g->dc, &g->top, g->cfg->nlocations,
		    g->private ? 0 : PM_NSUB(g->cfg)) == -1;
	if (g->mpi && !g->private) {
		if (!failed && g->rankno == 0)
			failed = pm_dirs_open(&g->dc, &g->top, align) == -1;
		if (pm_group_agree(g, failed))
			return (-1);
		g->top.adopt = g->rankno != 0;
		if (g->rankno == 0)
			return (0);
	}
	return (failed ? -1 : pm_dirs_open(&g->dc, &g->top, align));
}

/*
 * Open the locations and make what the clients work in: the sK of a
 * single or shared run in the locations; under MPI rR in each; for
 * private clients cI (and its sK) in each.  Returns 0 or -1.
 */
static int
pm_group_dirs(struct pm_group *g)
{
	struct pm_run		*run;
	const struct pm_dirs	*parent = &g->top;
	char			 name[PM_PREFIX_MAX];
	size_t			 align = 0, nloc = g->cfg->nlocations;
	uint32_t		 i, nsub = PM_NSUB(g->cfg);
	int			 later = 0;

	pm_fd_budget((nloc + 1) * (1 + 2 * (uint64_t)g->n * (nsub + 2)));
	if (g->cfg->direct)
		later = pm_direct_check(&g->dc, nloc, &align);
	if (pm_group_top(g, later == -1, later == 1 ? &align : NULL) == -1 ||
	    (later == 1 && pm_direct_blocks(&g->dc, align) == -1))
		return (-1);
	for (i = 0; i < g->n; i++)
		g->client[i]->io.align = align;
	if (g->mpi && g->private) {
		pm_name_rank(name, sizeof name, g->rankno);
		if (pm_dirs_new(&g->dc, &g->rank, nloc, 0) == -1 ||
		    pm_dirs_child(&g->dc, &g->top, &g->rank, name) == -1)
			return (-1);
		parent = &g->rank;
	}
	for (i = 0; i < g->n; i++) {
		run = g->client[i];
		run->dirs = &g->top;
		if (!g->private)
			continue;
		pm_name_client(name, sizeof name, i);
		if (pm_dirs_new(&run->dc, &run->own, nloc, nsub) == -1)
			return (-1);
		run->dirs = &run->own;
		if (pm_dirs_child(&run->dc, parent, &run->own, name) == -1)
			return (-1);
	}
	return (0);
}

/*
 * Timed phase tp of one client (in its thread, or in this one for
 * PostMark's single client), nothing once the run is stopping: its end
 * stamp is its own (tend); with several clients its thread's CPU is
 * measured around it (one client makes no call beyond PostMark's).
 */
static void
pm_client_phase(struct pm_run *run, enum pm_tphase tp)
{
	static int (*const phase[PM_NTPHASES])(struct pm_run *) = {
		pm_phase_create, pm_phase_transact, pm_phase_delete
	};
	struct pm_cpu	 a, b;

	if (run->sw_on)
		pm_usage_thread(&a);
	if (pm_stopped(run))
		run->tend[tp] = pm_clock_mono();
	else
		(void)phase[tp](run);
	if (run->sw_on) {
		pm_usage_thread(&b);
		pm_cpu_sub(&run->res->usage[tp].threads, &b, &a);
	}
}

/*
 * A client's thread: each timed phase the sequencer commands, then it
 * says it is done, until told to quit.  The stopping signals go to the
 * sequencer's thread.
 */
static void *
pm_client_main(void *arg)
{
	struct pm_run	*run = arg;
	struct pm_group	*g = run->grp;
	uint32_t	 seen = 0;
	int		 cmd;

	pm_thread_signals();
	__atomic_store_n(&run->iv.tid, (pid_t)syscall(SYS_gettid),
	    __ATOMIC_RELEASE);
	for (;;) {
		pthread_mutex_lock(&g->mtx);
		while (g->round == seen)
			pthread_cond_wait(&g->go, &g->mtx);
		seen = g->round;
		cmd = g->cmd;
		pthread_mutex_unlock(&g->mtx);
		if (cmd == PM_CMD_QUIT)
			break;
		pm_client_phase(run, cmd);
		pthread_mutex_lock(&g->mtx);
		if (++g->ndone == g->nthreads)
			pthread_cond_signal(&g->done);
		pthread_mutex_unlock(&g->mtx);
	}
	return (NULL);
}

/* Give every client thread command cmd (a timed phase, or quit). */
static void
pm_group_command(struct pm_group *g, int cmd)
{
	pthread_mutex_lock(&g->mtx);
	g->cmd = cmd;
	g->ndone = 0;
	g->round++;
	pthread_cond_broadcast(&g->go);
	pthread_mutex_unlock(&g->mtx);
}

/* Wait until every client thread has done the phase it was given. */
static void
pm_group_wait(struct pm_group *g)
{
	pthread_mutex_lock(&g->mtx);
	while (g->ndone < g->nthreads)
		pthread_cond_wait(&g->done, &g->mtx);
	pthread_mutex_unlock(&g->mtx);
}

/*
 * Start what runs beside the sequencer: the client threads (several
 * clients) and with set interval the sampler of their CPU (PostMark's
 * single client's thread is this one).  Returns 0, or -1 when one could
 * not start (the run's error).
 */
static int
pm_group_start(struct pm_group *g)
{
	int	 e;

	for (; !g->single && g->nthreads < g->n; g->nthreads++) {
		if ((e = pthread_create(&g->thread[g->nthreads], NULL,
		    pm_client_main, g->client[g->nthreads])) != 0) {
			pm_error_set(&g->res->error, "start", "client thread",
			    e);
			pm_group_stop(g);
			return (-1);
		}
	}
	if (g->cfg->interval == 0)
		return (0);
	if (g->single)
		g->client[0]->iv.tid = (pid_t)syscall(SYS_gettid);
	if (pm_sampler_start(&g->sm, g->client, g->n) == -1) {
		pm_error_set(&g->res->error, "start", "CPU sampler thread",
		    errno);
		pm_group_stop(g);
		return (-1);
	}
	return (0);
}

/*
 * Stop what runs beside the sequencer, once the walk is over: the client
 * threads quit and are joined, the sampler takes a last sample (memory
 * it ran short of is the run's error).  The time the walk ended is kept.
 */
static void
pm_group_halt(struct pm_group *g)
{
	uint32_t	 i;

	g->t_stop = pm_clock_mono();
	if (g->nthreads > 0) {
		pm_group_command(g, PM_CMD_QUIT);
		for (i = 0; i < g->nthreads; i++)
			pthread_join(g->thread[i], NULL);
		g->nthreads = 0;
	}
	pm_sampler_stop(&g->sm);
	if (g->sm.failed > 0)
		pm_error_alloc(&g->res->error, "CPU samples", 1, g->sm.failed);
}

/*
 * Timed phase tp in every client: in this thread for PostMark's single
 * client, else the client threads released together and waited for.
 */
static void
pm_group_work(struct pm_group *g, enum pm_tphase tp)
{
	if (g->single) {
		pm_client_phase(g->client[0], tp);
		return;
	}
	pm_group_command(g, (int)tp);
	pm_group_wait(g);
}

/*
 * Call the caller's hook at point pt of phase, for the whole run, while
 * no client runs; once the run is stopping none but the sample at the
 * end of a phase that started, so that where the part of it that ran
 * went is measured.  Returns 1 when it did something (its time is then
 * apart from the phases), 0, or -1 when it failed: the failure is the
 * run's error and the run stops.
 */
static int
pm_group_hook(struct pm_group *g, enum pm_point pt, enum pm_phase phase)
{
	const struct pm_hooks	*h = g->hooks;
	struct pm_error		*e = &g->res->error;
	int			 rc = 0;

	if (h == NULL || (pt != PM_PT_FINISH && pm_group_halted(g)))
		return (0);
	switch (pt) {
	case PM_PT_BEFORE:
		rc = h->before != NULL ? h->before(g->arg, phase, e) : 0;
		break;
	case PM_PT_START:
	case PM_PT_FINISH:
		rc = h->sample != NULL ? h->sample(g->arg, phase,
		    pt == PM_PT_FINISH) : 0;
		break;
	case PM_PT_BEGIN:
		rc = h->phase_begin != NULL ? h->phase_begin(g->arg, phase,
		    e) : 0;
		break;
	case PM_PT_END:
		rc = h->phase_end != NULL ? h->phase_end(g->arg, phase, g->res,
		    e) : 0;
		break;
	case PM_PT_AFTER:
		rc = h->after != NULL ? h->after(g->arg, phase, e) : 0;
		break;
	}
	if (rc == -1)
		pm_group_stop(g);
	return (rc);
}

/*
 * The sequencer of a run, for one client or several, threads or MPI
 * ranks.  Make the clients and their directories (between the title and
 * the end line of the subdirectories); then for each timed phase: the
 * hook before it and the sample at its start, an agreement, its start
 * (PostMark's points: before the title of the creation and deletion,
 * after that of the transactions), its title, the phase in every
 * client, its end line, the sample at its end and the hook after it, an
 * agreement.  Then the removal of what the run made, between the title
 * and the end line of the subdirectories' removal.  A stop ends the walk
 * where it is (what was made is still removed); last_phase is the phase
 * the run was in, a hook before a phase belonging to that phase.
 */
static void
pm_group_walk(struct pm_group *g)
{
	struct pm_result	*res = g->res;
	enum pm_phase		 ph;
	int			 tp, sub = g->cfg->subdirs > 1, done = 0;

	pm_group_watch(g);
	if (sub)
		res->last_phase = PM_PHASE_MKDIR;
	if ((g->unmade = pm_group_agree(g, pm_group_clients(g) == -1 || (sub &&
	    pm_group_hook(g, PM_PT_BEGIN, PM_PHASE_MKDIR) == -1))) ||
	    pm_group_agree(g, pm_group_dirs(g) == -1 || (sub &&
	    pm_group_hook(g, PM_PT_END, PM_PHASE_MKDIR) == -1) ||
	    pm_group_start(g) == -1))
		goto out;
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		res->last_phase = ph = pm_phase_of[tp];
		g->ran[tp][0] = pm_group_hook(g, PM_PT_BEFORE, ph) != 0;
		g->ran[tp][0] |= pm_group_hook(g, PM_PT_START, ph) != 0;
		if (pm_group_agree(g, 0))
			goto out;
		if (tp != PM_TP_TRANSACT)
			g->t0[tp] = pm_clock_mono();
		(void)pm_group_hook(g, PM_PT_BEGIN, ph);
		if (tp == PM_TP_TRANSACT)
			g->t0[tp] = pm_clock_mono();
		pm_group_work(g, tp);
		if (!g->single)
			pm_merge_status(g);
		(void)pm_group_hook(g, PM_PT_END, ph);
		g->ran[tp][1] = pm_group_hook(g, PM_PT_FINISH, ph) != 0;
		g->ran[tp][1] |= pm_group_hook(g, PM_PT_AFTER, ph) != 0;
		if (pm_group_agree(g, 0))
			goto out;
		if (tp == PM_TP_CREATE)
			pm_group_shift(g);
	}
	done = 1;
	if (sub) {
		res->last_phase = PM_PHASE_RMDIR;
		(void)pm_group_hook(g, PM_PT_BEGIN, PM_PHASE_RMDIR);
	}
out:
	pm_group_halt(g);
	pm_group_unwatch(g);
	pm_group_cleanup(g);
	if (done && sub)
		(void)pm_group_hook(g, PM_PT_END, PM_PHASE_RMDIR);
}

/*
 * Remove what the run made: after a stop, every client's remaining
 * files; then the clients' directories, the ranks', the locations' sK.
 * Under MPI every rank's files go before any directory, and every rank's
 * directories before the sK rank 0 made for all.
 */
static void
pm_group_cleanup(struct pm_group *g)
{
	struct pm_run	*run;
	uint32_t	 i;
	int		 stopped = pm_group_halted(g);

	for (i = 0; g->client != NULL && i < g->n; i++) {
		if ((run = g->client[i]) != NULL && stopped &&
		    run->slot != NULL)
			pm_client_cleanup(run);
	}
	if (g->mpi)
		(void)pm_group_agree(g, 0);
	for (i = 0; g->client != NULL && i < g->n; i++) {
		if ((run = g->client[i]) == NULL)
			continue;
		pm_dirs_close(&run->shifted);
		if (run->own.locfd != NULL)
			(void)pm_dirs_remove(&run->dc, &run->own);
	}
	if (!g->single)
		pm_merge_status(g);
	pm_dirs_close(&g->shift);
	if (g->rank.locfd != NULL)
		(void)pm_dirs_remove(&g->dc, &g->rank);
	if (g->mpi)
		(void)pm_group_agree(g, 0);
	if (g->top.locfd != NULL)
		(void)pm_dirs_remove(&g->dc, &g->top);
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
	if (!g->single) {
		pthread_mutex_init(&g->mtx, NULL);
		pthread_cond_init(&g->go, NULL);
		pthread_cond_init(&g->done, NULL);
	}
	res->nclients = g->n * g->nranks;
	pm_dirctx_init(&g->dc, cfg, "", &res->error, &g->stop);
}

/* Free the clients, the directory tables and the threads' state. */
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
	free(g->rows);
	free(g->thread);
	free(g->scratch);
	pm_dirs_close(&g->shift);
	pm_dirs_close(&g->rank);
	pm_dirs_close(&g->top);
	if (!g->single) {
		pthread_cond_destroy(&g->done);
		pthread_cond_destroy(&g->go);
		pthread_mutex_destroy(&g->mtx);
	}
}

/*
 * Run the benchmark described by cfg once: one client, in PostMark's
 * order (reference §3): subdirectories, creation, transactions,
 * deletion, subdirectories; or cfg->clients clients (on each MPI rank),
 * each phase started together.  hooks (may be NULL) hear about phases
 * and progress (of client 0); they are not called any more once the run
 * fails or is interrupted.  res, empty (pm_result_new, or pm_result_reset
 * after a run: the caller's one reset per run), receives counts,
 * times, latencies, each client's row and the phase the run was in
 * (its meta and iteration are left alone); under MPI, rank 0's holds
 * the whole run, and every rank's has the same status.
 *
 * Returns 0 with res->status OK, OUT_OF_FILES (the deletion phase still
 * ran) or INTERRUPTED (res->signo set, everything created removed; a
 * signal that arrives while the subdirectories are removed at the end
 * still marks the run interrupted).  Returns -1 with res->status ERROR
 * and res->error set (naming the client, with several) when a file
 * operation, an allocation or a hook failed: what the run created is
 * removed.  The phases a stopped run never reached start and end when
 * it stopped.
 */
int
pm_workload_run(const struct pm_config *cfg, const struct pm_hooks *hooks,
    void *arg, struct pm_result *res)
{
	struct pm_group	 g;
	int		 rc = 0;

	pm_group_init(&g, cfg, hooks, arg, res);
	pm_group_walk(&g);
	pm_merge(&g);
	pm_group_outcome(&g);
	if (res->error.op != NULL) {
		res->status = PM_STATUS_ERROR;
		rc = -1;
	} else if (pm_group_halted(&g)) {
		res->status = PM_STATUS_INTERRUPTED;
		res->signo = pm_signal;
	}
	pm_merge_cost(&g);
	pm_group_free(&g);
	return (rc);
}
