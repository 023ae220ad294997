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
 * The result of a run from its clients' (pm_group.c runs them).  The
 * time stamps, for one client or several: each phase lasts from its
 * start, which the sequencer takes for all clients at once, to the end
 * of its longest client; a phase the run never reached (it stopped
 * before) starts and ends when the run stopped, so that an interrupted
 * run's rates come from the time it really ran.  With several clients,
 * counts and bytes are summed, histograms merged bucket by bucket
 * (exact), the stonewall figures count what all clients did until the
 * first one finished the phase (from checkpoints every 1/1024 of each
 * client's operations), and the balance is the fastest client's time
 * over the slowest's.  Under MPI the sums go to rank 0 and the client
 * rows are gathered there; durations are compared, never time stamps,
 * since the ranks' clocks are not the same clock.
 *
 * Nothing here allocates but the run's interval rows, whose failure is
 * the run's error (the clients' rows and a scratch histogram are
 * allocated with the clients, before the run makes anything).
 */

#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pm_engine.h"
#include "pm_mpi.h"

#define PM_NHISTS	(PM_NTPHASES * PM_NOPS)
#define PM_COST_SHARE	100	/* a series costing 1/100 of a phase: warn */

static void	 pm_merge_times(struct pm_group *);
static uint64_t	 pm_span(const struct pm_group *, const struct pm_run *,
		    enum pm_tphase);
static int	 pm_joined(const struct pm_group *, enum pm_tphase);
static uint64_t	 pm_client_ops(const struct pm_run *, enum pm_tphase);
static uint64_t	 pm_ops_until(const struct pm_run *, enum pm_tphase,
		    uint64_t);
static void	 pm_merge_stonewall(struct pm_group *, const uint64_t *);
static void	 pm_merge_counts(struct pm_result *,
		    const struct pm_result *);
static void	 pm_merge_hists(struct pm_result *);
static void	 pm_client_row(struct pm_group *, const struct pm_run *,
		    struct pm_clientrow *);
static void	 pm_merge_unheard(struct pm_group *, struct pm_clientrow *);
static void	 pm_merge_intervals(struct pm_group *);

/*
 * How long client run was in phase tp (ns): from the phase's start to
 * the client's end of it, 0 for a phase it never entered.
 */
static uint64_t
pm_span(const struct pm_group *g, const struct pm_run *run,
    enum pm_tphase tp)
{
	uint64_t	 e = run->tend[tp];

	return (g->t0[tp] != 0 && e > g->t0[tp] ? e - g->t0[tp] : 0);
}

/*
 * Whether phase tp and the next one meet: both reached and nothing ran
 * between them (no hook, no cache drop, no sample), so that tp ends
 * where the next starts, as PostMark's four points have it.
 */
static int
pm_joined(const struct pm_group *g, enum pm_tphase tp)
{
	return (g->t0[tp + 1] != 0 && !g->ran[tp][1] && !g->ran[tp + 1][0]);
}

/*
 * The run's time stamps (see above), for one client or several; with
 * several also the stonewall figures and the balance.
 */
static void
pm_merge_times(struct pm_group *g)
{
	struct pm_result	*res = g->res;
	uint64_t		 t0[PM_NTPHASES], last[PM_NTPHASES];
	uint64_t		 first[PM_NTPHASES], d;
	uint32_t		 i;
	int			 tp;

	for (tp = 0; tp < PM_NTPHASES; tp++) {
		t0[tp] = g->t0[tp] != 0 ? g->t0[tp] : g->t_stop;
		last[tp] = 0;
		first[tp] = UINT64_MAX;
		for (i = 0; i < g->n; i++) {
			d = pm_span(g, g->client[i], tp);
			last[tp] = d > last[tp] ? d : last[tp];
			first[tp] = d < first[tp] ? d : first[tp];
		}
	}
	if (g->mpi) {
		pm_mpi_allreduce(last, PM_NTPHASES, PM_MPI_MAX);
		pm_mpi_allreduce(first, PM_NTPHASES, PM_MPI_MIN);
	}
	res->t_start = t0[PM_TP_CREATE];
	res->t_trans = t0[PM_TP_TRANSACT];
	res->t_create_end = pm_joined(g, PM_TP_CREATE) ? res->t_trans :
	    res->t_start + last[PM_TP_CREATE];
	res->t_trans_end = res->t_trans + last[PM_TP_TRANSACT];
	res->t_del = pm_joined(g, PM_TP_TRANSACT) ? res->t_trans_end :
	    t0[PM_TP_DELETE];
	res->t_end = t0[PM_TP_DELETE] + last[PM_TP_DELETE];
	if (!g->single)
		pm_merge_stonewall(g, first);
}

/* The operations client run did in timed phase tp. */
static uint64_t
pm_client_ops(const struct pm_run *run, enum pm_tphase tp)
{
	const struct pm_result	*r = run->res;

	return (tp == PM_TP_CREATE ? r->counts.created_alone :
	    tp == PM_TP_TRANSACT ? r->counts.transactions_done :
	    r->counts.deleted_alone);
}

/*
 * The operations client run had done in phase tp by time t: all of them
 * when it ended by then, else its checkpoints up to t times the step.
 */
static uint64_t
pm_ops_until(const struct pm_run *run, enum pm_tphase tp, uint64_t t)
{
	uint32_t	 k;

	if (run->tend[tp] <= t)
		return (pm_client_ops(run, tp));
	for (k = 0; k < run->nsw[tp] && run->sw[tp][k] <= t; k++)
		continue;
	return ((uint64_t)k * run->swstep[tp]);
}

/*
 * The stonewall interval of each phase, until the first client (of any
 * rank) ended it after first[tp] ns, what all had done by then, and the
 * balance of the clients' times over the three phases.
 */
static void
pm_merge_stonewall(struct pm_group *g, const uint64_t *first)
{
	struct pm_result	*res = g->res;
	uint64_t		 span[2] = { UINT64_MAX, 0 }, d;
	uint32_t		 i;
	int			 tp;

	for (tp = 0; tp < PM_NTPHASES; tp++) {
		res->sw_ns[tp] = first[tp];
		res->sw_ops[tp] = 0;
		for (i = 0; g->t0[tp] != 0 && i < g->n; i++)
			res->sw_ops[tp] += pm_ops_until(g->client[i], tp,
			    g->t0[tp] + first[tp]);
	}
	pm_mpi_reduce(res->sw_ops, PM_NTPHASES, PM_MPI_SUM);
	for (i = 0; i < g->n; i++) {
		d = 0;
		for (tp = 0; tp < PM_NTPHASES; tp++)
			d += pm_span(g, g->client[i], tp);
		span[0] = d < span[0] ? d : span[0];
		span[1] = d > span[1] ? d : span[1];
	}
	pm_mpi_allreduce(&span[0], 1, PM_MPI_MIN);
	pm_mpi_allreduce(&span[1], 1, PM_MPI_MAX);
	res->balance = span[1] > 0 ? (double)span[0] / (double)span[1] : 1.0;
}

/* Add a client's counts, bytes and histograms to the run's. */
static void
pm_merge_counts(struct pm_result *res, const struct pm_result *r)
{
	size_t	 k;
	int	 tp, op;

	for (k = 0; k < PM_NCOUNTS; k++)
		res->counts.v[k] += r->counts.v[k];
	for (tp = 0; tp < PM_NTPHASES; tp++)
		pm_cpu_add(&res->usage[tp].threads, &r->usage[tp].threads);
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		for (op = 0; op < PM_NOPS; op++)
			pm_hist_merge(&res->lat[tp][op], &r->lat[tp][op]);
	}
}

/*
 * Under MPI, the ranks' counts and histograms summed on rank 0: counts,
 * sums and buckets added (the buckets in place, one histogram at a
 * time, so that nothing is allocated), minima and maxima compared.
 */
static void
pm_merge_hists(struct pm_result *res)
{
	struct pm_hist	*h;
	uint64_t	 c[PM_NCOUNTS + 2 * PM_NHISTS], lo[PM_NHISTS];
	uint64_t	 hi[PM_NHISTS];
	size_t		 k;

	for (k = 0; k < PM_NCOUNTS; k++)
		c[k] = res->counts.v[k];
	for (k = 0; k < PM_NHISTS; k++) {
		h = &res->lat[k / PM_NOPS][k % PM_NOPS];
		c[PM_NCOUNTS + 2 * k] = h->count;
		c[PM_NCOUNTS + 2 * k + 1] = h->sum;
		lo[k] = h->min;
		hi[k] = h->max;
		pm_mpi_reduce(h->bucket, PM_HIST_NBUCKETS, PM_MPI_SUM);
	}
	pm_mpi_reduce(c, PM_NCOUNTS + 2 * PM_NHISTS, PM_MPI_SUM);
	pm_mpi_reduce(lo, PM_NHISTS, PM_MPI_MIN);
	pm_mpi_reduce(hi, PM_NHISTS, PM_MPI_MAX);
	if (pm_mpi_rank() != 0)
		return;
	for (k = 0; k < PM_NCOUNTS; k++)
		res->counts.v[k] = c[k];
	for (k = 0; k < PM_NHISTS; k++) {
		h = &res->lat[k / PM_NOPS][k % PM_NOPS];
		h->count = c[PM_NCOUNTS + 2 * k];
		h->sum = c[PM_NCOUNTS + 2 * k + 1];
		h->min = lo[k];
		h->max = hi[k];
	}
}

/*
 * The run's status from its clients' (those made): an error (the first
 * client's to fail, named), else out of files when one ran out.  A copy of the
 * error's text that memory is too short for is left out (its message
 * then stands in).
 */
void
pm_merge_status(struct pm_group *g)
{
	struct pm_result	*res = g->res, *r;
	uint32_t		 i;

	for (i = 0; g->client != NULL && i < g->n; i++) {
		if (g->client[i] == NULL || (r = g->client[i]->res) == res)
			continue;
		if (r->error.op != NULL && res->error.op == NULL) {
			pm_error_set(&res->error, r->error.op, r->error.path,
			    r->error.errnum);
			res->error.msg = r->error.msg;
			if (r->error.text != NULL)
				res->error.text = strdup(r->error.text);
			res->error.client = (int)g->client[i]->gid;
		}
		if (r->status == PM_STATUS_OUT_OF_FILES &&
		    res->status == PM_STATUS_OK)
			res->status = PM_STATUS_OUT_OF_FILES;
	}
}

/*
 * A client's row for the reports: counts, how long it was in each phase
 * (from the phase's start for all), latency (merged in the group's
 * scratch histogram).
 */
static void
pm_client_row(struct pm_group *g, const struct pm_run *run,
    struct pm_clientrow *row)
{
	const struct pm_result	*r = run->res;
	struct pm_hist		*h = g->scratch;
	int			 tp, op;

	memset(row, 0, sizeof *row);
	row->id = g->rankno * g->n + run->id;
	row->rank = g->rankno;
	row->status = r->error.op != NULL ? PM_STATUS_ERROR : r->status;
	row->counts = r->counts;
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		row->ns[tp] = pm_span(g, run, tp);
		row->cpu[tp] = r->usage[tp].threads;
	}
	if (g->mpi)
		strlcpy(row->host, g->host, sizeof row->host);
	for (op = 0; op < PM_NOPS; op++) {
		pm_hist_init(h);
		for (tp = 0; tp < PM_NTPHASES; tp++)
			pm_hist_merge(h, &r->lat[tp][op]);
		pm_latstat(h, &row->lat[op]);
	}
}

/*
 * After a loss, on rank 0: the rows of the other ranks' clients, which
 * did not all come, as those of clients that failed and count nothing,
 * on an unknown host (the run's error says why).
 */
static void
pm_merge_unheard(struct pm_group *g, struct pm_clientrow *rows)
{
	struct pm_clientrow	*row;
	uint32_t		 r, i;

	for (r = 1; r < g->nranks; r++) {
		for (i = 0; i < g->n; i++) {
			row = &rows[(size_t)r * g->n + i];
			memset(row, 0, sizeof *row);
			row->id = r * g->n + i;
			row->rank = r;
			row->status = PM_STATUS_ERROR;
			strlcpy(row->host, "unknown", sizeof row->host);
		}
	}
}

/*
 * set interval: every client's rows, their CPU filled in, into the run's
 * result, client by client, each in phase order (PostMark's single
 * client hands its own over).  Memory too short for them is the run's
 * error.
 */
static void
pm_merge_intervals(struct pm_group *g)
{
	struct pm_result	*res = g->res;
	struct pm_iv		*iv;
	size_t			 n = 0, k;
	uint32_t		 i;

	if (g->cfg->interval == 0)
		return;
	for (i = 0; i < g->n; i++) {
		pm_iv_done(g->client[i]);
		n += g->client[i]->iv.nrow;
		if (g->client[i]->res->iv_truncated)
			res->iv_truncated = 1;
	}
	free(res->iv);
	res->iv = NULL;
	res->niv = 0;
	if (g->single) {
		iv = &g->client[0]->iv;
		res->iv = iv->row;
		res->niv = iv->nrow;
		iv->row = NULL;
		iv->nrow = iv->cap = 0;
		return;
	}
	if (n > 0 && (res->iv = calloc(n, sizeof *res->iv)) == NULL) {
		pm_error_alloc(&res->error, "interval rows of the run", n,
		    sizeof *res->iv);
		return;
	}
	for (i = 0; i < g->n; i++) {
		for (k = 0; k < g->client[i]->iv.nrow; k++)
			res->iv[res->niv++] = g->client[i]->iv.row[k];
	}
}

/*
 * The run's result from its clients', on every rank, once the walk is
 * over and what it made is removed: time stamps, latencies and bytes
 * of PostMark's single client; with several, the sums, the merged
 * histograms, the rows and the status, under MPI on rank 0 (the client
 * rows of every rank gathered there, into the rows made for them with
 * the clients; after a loss, those that did not come are marked); the
 * interval rows.
 */
void
pm_merge(struct pm_group *g)
{
	struct pm_result	*res = g->res;
	struct pm_clientrow	*rows;
	struct pm_run		*run;
	uint32_t		 i;

	if (g->unmade) {	/* no client ran: the run's time is none */
		res->t_start = res->t_create_end = res->t_trans = g->t_stop;
		res->t_trans_end = res->t_del = res->t_end = g->t_stop;
		if (!g->single)
			pm_merge_status(g);
		return;
	}
	pm_merge_times(g);
	res->nclients = g->n * g->nranks;
	for (i = 0; i < g->n; i++) {
		run = g->client[i];
		pm_lat_flush(run);
		run->res->counts.bytes_read = run->io.nread;
		run->res->counts.bytes_written = run->io.written;
		if (g->single)
			continue;
		pm_merge_counts(res, run->res);
		pm_client_row(g, run, &g->rows[i]);
	}
	pm_merge_intervals(g);
	if (g->single)
		return;
	pm_merge_status(g);
	rows = g->rows;
	g->rows = NULL;
	free(res->clients);
	res->clients = rows;
	if (!g->mpi)
		return;
	pm_merge_hists(res);
	if (pm_mpi_gather(rows, g->n * sizeof *rows, g->rankno == 0 ? rows :
	    NULL) == -1 && g->rankno == 0)
		pm_merge_unheard(g, rows);
	if (g->rankno != 0) {
		res->clients = NULL;
		free(rows);
	}
}

/*
 * set interval: what cutting the series took inside each timed phase
 * (measured around each cut of the loop) and the clients' time in it,
 * this rank's, into the result.  From 1 % on the run says so: a warning,
 * since the phase's rates are then lower than the same run's without
 * the series.  Called once the run holds nothing: the warning's
 * allocation may exit.
 */
void
pm_merge_cost(struct pm_group *g)
{
	static const char *const name[PM_NTPHASES] = {
		"creation", "transaction", "deletion"
	};
	struct pm_result	*res = g->res;
	uint32_t		 i;
	int			 tp;

	if (g->cfg->interval == 0 || g->unmade)
		return;
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		for (i = 0; i < g->n; i++) {
			res->iv_cost_ns[tp] += g->client[i]->iv.cost[tp];
			res->iv_cuts[tp] += g->client[i]->iv.ncut[tp];
			res->iv_phase_ns[tp] += pm_span(g, g->client[i], tp);
		}
		if (res->iv_phase_ns[tp] == 0 ||
		    res->iv_cost_ns[tp] * PM_COST_SHARE < res->iv_phase_ns[tp])
			continue;
		pm_result_warn(res, "cutting the interval series took %.1f "
		    "%% of the %s phase (%.1f of %.1f ms%s, in %" PRIu64
		    " cuts): its rates are lower than the same run's without "
		    "the series. Set a longer interval",
		    100.0 * (double)res->iv_cost_ns[tp] /
		    (double)res->iv_phase_ns[tp], name[tp],
		    (double)res->iv_cost_ns[tp] / 1e6,
		    (double)res->iv_phase_ns[tp] / 1e6,
		    g->n > 1 ? " of its clients" : "", res->iv_cuts[tp]);
	}
}
