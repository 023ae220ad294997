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
 * Interval series (set interval N or Nms): each client cuts each timed
 * phase into intervals of N operations or N milliseconds and keeps, for
 * each, what it did, the files alive at its end and the median and 99th
 * percentile latency of each operation.  The measured loop only counts
 * down (or compares the time it reads anyway, through the vDSO) and
 * fills rows allocated before the phase: no system call is added to it.
 * The measured loop's batch of latencies is binned here (pm_lat_flush),
 * into the result's histograms and the current interval's; a cut forces
 * it.
 *
 * CPU per interval: a sampler thread reads each client thread's user and
 * system time from /proc/self/task/TID/stat every PM_IV_SAMPLE_MS, and
 * the rows get the difference of the interpolated values at their edges
 * (in steps of the kernel's 1/USER_HZ: coarse for intervals of a few
 * tens of milliseconds).  The clients' threads make no call for it.
 */

#include "config.h"

#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pm_engine.h"

#define PM_IV_SAMPLE_MS	10		/* sampler period */

static void	 pm_iv_record(struct pm_run *, unsigned int, uint64_t);
static uint64_t	 pm_iv_total(const struct pm_run *, int);
static void	 pm_iv_snap(struct pm_run *);
static void	 pm_iv_row(struct pm_run *, uint64_t);
static int	 pm_iv_read(pid_t, uint64_t *, uint64_t *);
static void	*pm_sampler_main(void *);
static void	 pm_sampler_take(struct pm_sampler *);
static double	 pm_iv_interp(const struct pm_cpuseries *, uint64_t, int,
		    size_t *);

/* Bin the batch of latencies into the result's histograms. */
void
pm_lat_flush(struct pm_run *run)
{
	size_t		 i;
	uint64_t	 v;
	unsigned int	 key;

	for (i = 0; i < run->nlat; i++) {
		v = run->lat[i];
		key = v & ((1U << PM_LAT_KEY_BITS) - 1);
		pm_hist_record(&run->res->lat[key / PM_NOPS][key % PM_NOPS],
		    v >> PM_LAT_KEY_BITS);
		if (run->iv.on)
			pm_iv_record(run, key % PM_NOPS, v >> PM_LAT_KEY_BITS);
	}
	run->nlat = 0;
}

/* A count of the client: 0..3 operations, 4 transactions, 5..6 bytes. */
static uint64_t
pm_iv_total(const struct pm_run *run, int k)
{
	const struct pm_counts	*n = &run->res->counts;

	switch (k) {
	case PM_OP_CREATE:
		return (pm_counts_created(n));
	case PM_OP_READ:
		return (n->read);
	case PM_OP_APPEND:
		return (n->appended);
	case PM_OP_DELETE:
		return (pm_counts_deleted(n));
	case PM_NOPS:
		return (n->transactions_done);
	case PM_NOPS + 1:
		return (run->io.nread);
	default:
		return (run->io.written);
	}
}

/* Remember the counts at the start of an interval. */
static void
pm_iv_snap(struct pm_run *run)
{
	int	 k;

	for (k = 0; k < PM_IV_NCOUNT; k++)
		run->iv.base[k] = pm_iv_total(run, k);
}

/*
 * Set up the intervals of the client's run: its rows for op-counted
 * intervals are allocated per phase by pm_iv_begin.  Returns 0 or -1.
 */
int
pm_iv_init(struct pm_run *run)
{
	const struct pm_config	*cfg = run->cfg;
	int			 op;

	memset(&run->iv, 0, sizeof run->iv);
	if (cfg->interval == 0)
		return (0);
	run->iv.on = 1;
	run->iv.ms = cfg->interval_ms;
	run->iv.every = cfg->interval_ms ? (uint64_t)cfg->interval * 1000000 :
	    cfg->interval;
	for (op = 0; op < PM_NOPS; op++)
		pm_hist_init(&run->iv.h[op]);
	return (0);
}

/*
 * A timed phase starts (at time t0), with at most nops operations to
 * come: make room for its rows (up to PM_IV_MAX with time intervals)
 * and start the first interval.  Returns 0 or -1.
 */
int
pm_iv_begin(struct pm_run *run, enum pm_tphase tp, uint64_t t0,
    uint64_t nops)
{
	struct pm_iv	*iv = &run->iv;
	uint64_t	 want;
	void		*p;
	int		 op;

	if (!iv->on)
		return (0);
	want = iv->ms ? PM_IV_MAX : nops / iv->every + 2;
	if (want > PM_IV_MAX)
		want = PM_IV_MAX;
	if ((p = reallocarray(iv->row, iv->nrow + want, sizeof *iv->row)) ==
	    NULL)
		return (pm_fail(run, "allocate", "interval rows", errno));
	iv->row = p;
	iv->cap = iv->nrow + want;
	iv->tp = tp;
	iv->index = 0;
	iv->tstart[tp] = iv->t_cut = t0;
	iv->left = iv->every;
	iv->next = t0 + iv->every;
	pm_lat_flush(run);
	for (op = 0; op < PM_NOPS; op++)
		pm_hist_init(&iv->h[op]);
	pm_iv_snap(run);
	return (0);
}

/* Record the latency v (ns) of operation op in the current interval. */
static void
pm_iv_record(struct pm_run *run, unsigned int op, uint64_t v)
{
	pm_hist_record(&run->iv.h[op], v);
}

/*
 * Close the current interval at time now, its row, and start the next
 * interval; now 0 is a cut due in the measured loop (PM_IV_TICK): the
 * clock is read, and what the cut takes is added to the phase's cost.
 * Rows beyond the room made are dropped, and the run says so.  Constant
 * time whatever the unit: a histogram walk is bounded by its buckets,
 * and the next cut of a time series moves past now in one step.
 */
void
pm_iv_cut(struct pm_run *run, uint64_t now)
{
	struct pm_iv	*iv = &run->iv;
	uint64_t	 t0 = now;

	if (now == 0)
		now = pm_clock_mono();
	pm_iv_row(run, now);
	iv->index++;
	iv->t_cut = now;
	iv->left = iv->every;
	if (iv->ms && iv->next <= now)
		iv->next += ((now - iv->next) / iv->every + 1) * iv->every;
	pm_iv_snap(run);
	if (t0 == 0) {
		iv->cost[iv->tp] += pm_clock_mono() - now;
		iv->ncut[iv->tp]++;
	}
}

/*
 * The row of the interval that ends at now, unless the room made for
 * the phase is full (the run then says the series was cut short); the
 * interval's histograms are cleared for the next one.
 */
static void
pm_iv_row(struct pm_run *run, uint64_t now)
{
	struct pm_iv	*iv = &run->iv;
	struct pm_ivrow	*row;
	struct pm_hist	*h;
	uint64_t	 v;
	int		 k;

	pm_lat_flush(run);
	if (iv->nrow == iv->cap) {
		run->res->iv_truncated = 1;
		return;
	}
	row = &iv->row[iv->nrow++];
	row->client = run->gid;
	row->phase = iv->tp;
	row->index = iv->index;
	row->start_ns = iv->t_cut;	/* absolute until pm_iv_done */
	row->end_ns = now;
	row->alive = run->created - run->deleted;
	for (k = 0; k < PM_NOPS; k++)
		row->ops[k] = pm_iv_total(run, k) - iv->base[k];
	row->transactions = pm_iv_total(run, PM_NOPS) - iv->base[PM_NOPS];
	row->bytes_read = pm_iv_total(run, PM_NOPS + 1) -
	    iv->base[PM_NOPS + 1];
	row->bytes_written = pm_iv_total(run, PM_NOPS + 2) -
	    iv->base[PM_NOPS + 2];
	for (k = 0; k < PM_NOPS; k++) {
		h = &iv->h[k];
		row->p50[k] = h->count > 0 ?
		    pm_hist_percentile(h, 50.0) / 1e3 : NAN;
		row->p99[k] = h->count > 0 ?
		    pm_hist_percentile(h, 99.0) / 1e3 : NAN;
		/* Clear only what was used: the buckets between min and max. */
		if (h->count > 0) {
			v = pm_hist_bucket_index(h->max);
			memset(&h->bucket[pm_hist_bucket_index(h->min)], 0,
			    (v - pm_hist_bucket_index(h->min) + 1) *
			    sizeof h->bucket[0]);
			h->count = h->sum = h->max = 0;
			h->min = UINT64_MAX;
		}
	}
}

/*
 * A phase ends at time now (its end stamp): its last, partial interval
 * if it has one.
 */
void
pm_iv_end(struct pm_run *run, uint64_t now)
{
	struct pm_iv	*iv = &run->iv;
	int		 k, any = 0;

	if (!iv->on)
		return;
	pm_lat_flush(run);
	for (k = 0; k < PM_IV_NCOUNT; k++)
		any |= pm_iv_total(run, k) != iv->base[k];
	if (any || iv->index == 0)
		pm_iv_cut(run, now != 0 ? now : pm_clock_mono());
}

/* Free the rows and the samples. */
void
pm_iv_free(struct pm_run *run)
{
	free(run->iv.row);
	free(run->iv.cpu.t);
	memset(&run->iv, 0, sizeof run->iv);
}

/*
 * The user and system time (ticks) of thread tid, from
 * /proc/self/task/TID/stat (fields 14 and 15, after the name in
 * parentheses), read with one open, read and close (no allocation).
 * Returns 0 or -1.
 */
static int
pm_iv_read(pid_t tid, uint64_t *ut, uint64_t *st)
{
	char			 path[64], buf[1024], *p;
	unsigned long long	 u, s;
	ssize_t			 n;
	int			 fd;

	snprintf(path, sizeof path, "/proc/self/task/%ld/stat", (long)tid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (-1);
	while ((n = read(fd, buf, sizeof buf - 1)) == -1 && errno == EINTR)
		continue;
	close(fd);
	if (n <= 0)
		return (-1);
	buf[n] = '\0';
	if ((p = strrchr(buf, ')')) == NULL ||
	    sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
	    "%llu %llu", &u, &s) != 2)
		return (-1);
	*ut = u;
	*st = s;
	return (0);
}

/*
 * Take one sample of every client's thread CPU.  Memory for the samples
 * that runs out stops the run (the coordinator records why).
 */
static void
pm_sampler_take(struct pm_sampler *sm)
{
	struct pm_cpuseries	*cs;
	uint64_t		 now = pm_clock_mono(), u, s;
	size_t			 i;
	pid_t			 tid;
	void			*p;

	for (i = 0; i < sm->n; i++) {
		cs = &sm->run[i]->iv.cpu;
		tid = __atomic_load_n(&sm->run[i]->iv.tid, __ATOMIC_ACQUIRE);
		if (tid == 0 || pm_iv_read(tid, &u, &s) == -1)
			continue;
		if (cs->n == cs->cap) {
			if ((p = reallocarray(cs->t, cs->cap * 2 + 64,
			    3 * sizeof *cs->t)) == NULL) {
				if (sm->failed == 0)
					sm->failed = (cs->cap * 2 + 64) * 3 *
					    sizeof *cs->t;
				pm_group_stop(sm->run[i]->grp);
				return;
			}
			cs->t = p;
			cs->cap = cs->cap * 2 + 64;
		}
		cs->t[3 * cs->n] = now;
		cs->t[3 * cs->n + 1] = u;
		cs->t[3 * cs->n + 2] = s;
		cs->n++;
	}
}

/* The sampler thread: a sample every PM_IV_SAMPLE_MS until told to stop. */
static void *
pm_sampler_main(void *arg)
{
	struct pm_sampler	*sm = arg;
	struct timespec		 ts;
	sigset_t		 set;
	int			 stop;

	sigfillset(&set);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	for (;;) {
		pm_sampler_take(sm);
		pthread_mutex_lock(&sm->mtx);
		clock_gettime(CLOCK_MONOTONIC, &ts);
		ts.tv_nsec += PM_IV_SAMPLE_MS * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		if (!sm->stop)
			pthread_cond_timedwait(&sm->cv, &sm->mtx, &ts);
		stop = sm->stop;
		pthread_mutex_unlock(&sm->mtx);
		if (stop)
			break;
	}
	pm_sampler_take(sm);
	return (NULL);
}

/*
 * Start sampling the CPU of the n clients' threads (their tids must be
 * set before the first phase).  Returns 0, or -1 with errno set when the
 * thread could not start.
 */
int
pm_sampler_start(struct pm_sampler *sm, struct pm_run **run, size_t n)
{
	pthread_condattr_t	 ca;
	int			 e;

	memset(sm, 0, sizeof *sm);
	sm->run = run;
	sm->n = n;
	pthread_mutex_init(&sm->mtx, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&sm->cv, &ca);
	pthread_condattr_destroy(&ca);
	if ((e = pthread_create(&sm->thread, NULL, pm_sampler_main, sm)) !=
	    0) {
		pthread_cond_destroy(&sm->cv);
		pthread_mutex_destroy(&sm->mtx);
		errno = e;
		return (-1);
	}
	sm->running = 1;
	return (0);
}

/* Stop the sampler, after a last sample. */
void
pm_sampler_stop(struct pm_sampler *sm)
{
	if (!sm->running)
		return;
	pthread_mutex_lock(&sm->mtx);
	sm->stop = 1;
	pthread_cond_signal(&sm->cv);
	pthread_mutex_unlock(&sm->mtx);
	pthread_join(sm->thread, NULL);
	pthread_cond_destroy(&sm->cv);
	pthread_mutex_destroy(&sm->mtx);
	sm->running = 0;
}

/*
 * A thread's user (k 1) or system (k 2) time in seconds at time t,
 * interpolated between the samples around it.  *at is where the search
 * starts and is left at the sample found: times asked in order cost one
 * pass over the samples in all.
 */
static double
pm_iv_interp(const struct pm_cpuseries *cs, uint64_t t, int k, size_t *at)
{
	const uint64_t	*a, *b;
	double		 tick = (double)sysconf(_SC_CLK_TCK), f;
	size_t		 i;

	if (cs->n == 0)
		return (NAN);
	for (i = *at > 0 ? *at : 1; i < cs->n && cs->t[3 * i] < t; i++)
		continue;
	*at = i;
	if (i == cs->n || cs->t[0] >= t)
		return ((double)cs->t[3 * (i == cs->n ? cs->n - 1 : 0) + k] /
		    tick);
	a = &cs->t[3 * (i - 1)];
	b = &cs->t[3 * i];
	f = b[0] > a[0] ? (double)(t - a[0]) / (double)(b[0] - a[0]) : 0.0;
	return (((double)a[k] + f * ((double)b[k] - (double)a[k])) / tick);
}

/*
 * After the phases: each row's CPU from the samples, and its times from
 * the start of its phase.  The rows are in time order, each phase's
 * after the one before, so one pass over the samples serves them all.
 */
void
pm_iv_done(struct pm_run *run)
{
	struct pm_ivrow	*row;
	size_t		 i, a = 0, b = 0;
	uint64_t	 t0;

	for (i = 0; i < run->iv.nrow; i++) {
		row = &run->iv.row[i];
		row->user_s = pm_iv_interp(&run->iv.cpu, row->end_ns, 1, &b) -
		    pm_iv_interp(&run->iv.cpu, row->start_ns, 1, &a);
		row->sys_s = pm_iv_interp(&run->iv.cpu, row->end_ns, 2, &b) -
		    pm_iv_interp(&run->iv.cpu, row->start_ns, 2, &a);
		t0 = run->iv.tstart[row->phase];
		row->start_ns = row->start_ns > t0 ? row->start_ns - t0 : 0;
		row->end_ns = row->end_ns > t0 ? row->end_ns - t0 : 0;
	}
}
