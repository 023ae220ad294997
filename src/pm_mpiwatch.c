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
 * The watcher of the MPI transport (pm_mpi.h): a thread that exchanges
 * heartbeats with the peers of this rank (rank 0 with every rank, every
 * other rank with rank 0), on a communicator of its own, every period
 * from pm_mpi_start to pm_mpi_end, and keeps what this rank knows of
 * the lost peers.  A heartbeat is a few integers: the run watched (its
 * epoch), whether this rank stops or has reached its end, and the peers
 * it lost (so that rank 0 relays a loss to everyone).  A peer on this
 * host (same boot, same PID namespace) is also looked up in /proc at
 * each period, so that its end is seen at once.
 *
 * MPI is started MPI_THREAD_SERIALIZED: every MPI call of the two
 * threads (the coordinator's polls, the watcher's heartbeats) is made
 * under pm_mpi_lock, and none of them blocks.  The watcher takes none
 * of the stopping signals; it calls the run's callbacks (pm_mpi_watch)
 * under its own lock, never under MPI's.
 */

#include "config.h"

#ifdef HAVE_MPI

#include <sys/stat.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "postmark.h"
#include "pm_clock.h"
#include "pm_mpi.h"
#include "pm_mpiwatch.h"

#define PM_NAMED	4		/* lost ranks a heartbeat names */
#define PM_BEAT_MAGIC	0x504d4231	/* "PMB1" */
#define PM_BEAT_TAG	7
#define PM_DRAIN	64		/* heartbeats taken per peer and period */
#define PM_MS		1000000ULL	/* ns */

/* A heartbeat: int32_t fields. */
enum {
	PM_B_MAGIC,			/* PM_BEAT_MAGIC */
	PM_B_EPOCH,			/* the sender's watched run */
	PM_B_FLAGS,			/* PM_BF_* */
	PM_B_NLOST,			/* peers the sender lost */
	PM_B_HOW,			/* how it lost the first */
	PM_B_LOST,			/* the first PM_NAMED of them, or -1 */
	PM_BEAT_LEN = PM_B_LOST + PM_NAMED
};
#define PM_BF_STOP	1		/* the sender's run stops */
#define PM_BF_END	2		/* the sender reached pm_mpi_end */

/* A rank's identity, exchanged at the start. */
struct pm_ident {
	int32_t		 pid;
	int32_t		 pad;
	uint64_t	 born;		/* start time, clock ticks after boot */
	uint64_t	 nsdev;		/* its PID namespace */
	uint64_t	 nsino;
	char		 boot[40];	/* /proc/sys/kernel/random/boot_id */
};

/* A peer this rank exchanges heartbeats with. */
struct pm_peer {
	uint32_t	 rank;
	MPI_Request	 rrq;		/* the receive posted */
	MPI_Request	 srq;		/* the send under way, or NULL */
	int32_t		 in[PM_BEAT_LEN];	/* being received */
	int32_t		 out[PM_BEAT_LEN];	/* being sent */
	uint64_t	 heard;		/* ns, CLOCK_MONOTONIC: last beat */
	uint64_t	 sent;		/* ns: last beat sent */
	int		 end;		/* it reached pm_mpi_end */
	int		 sentend;	/* a beat with PM_BF_END went */
	pid_t		 pid;		/* on this host: its process, else 0 */
	uint64_t	 born;		/* its start time, clock ticks */
};

/* The watcher's state; MPI's lock covers the peers and the loss. */
static struct {
	MPI_Comm	 comm;		/* heartbeats' own */
	uint32_t	 me, n;		/* rank, ranks */
	struct pm_peer	*peer;
	uint32_t	 npeer;
	uint64_t	 period;	/* ns */
	uint64_t	 timeout;	/* ns */
	uint64_t	 last;		/* ns: the watcher's last round */
	int		 errfd;		/* stderr as it was at start, or -1 */
	/* The loss. */
	uint8_t		*lost;		/* per rank: lost */
	struct pm_mpi_loss loss;
	int		 gone;		/* loss.nlost, read without lock */
	int32_t		 named[PM_NAMED];
	/* The watch, under pm_w_mtx. */
	pthread_t	 thread;
	void		(*thread_signals)(void); /* the engine's, first */
	int		 running, quit, nudged;
	int		(*halted)(void *);
	void		(*stop)(void *);
	void		*arg;
	int32_t		 epoch;		/* run watched, 0: none yet */
	int		 watching;
	int		 stopped;	/* stop called in this epoch */
	int		 flags;		/* PM_BF_END once this rank ends */
	int32_t		 peerstop;	/* epoch a peer said it stops in */
} w = { .errfd = -1 };

static pthread_mutex_t	 pm_mpi_mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t	 pm_w_mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t	 pm_w_cv;

static uint64_t	 pm_watch_born(pid_t, int *);
static void	 pm_watch_ident(struct pm_ident *);
static int	 pm_watch_peers(void);
static void	 pm_watch_lose(uint32_t, enum pm_mpi_how, uint32_t,
		    enum pm_mpi_how, uint64_t, int);
static void	 pm_watch_heard(struct pm_peer *, uint64_t);
static void	 pm_watch_judge(struct pm_peer *, uint64_t);
static void	 pm_watch_send(struct pm_peer *, uint64_t, int, int32_t);
static void	 pm_watch_round(uint64_t, int, int32_t);
static void	 pm_watch_act(void);
static void	*pm_watch_main(void *);
static uint64_t	 pm_watch_timeout(void);
static int	 pm_watch_ended(int, int);
static void	 pm_watch_farewell(void);

void
pm_mpi_lock(void)
{
	pthread_mutex_lock(&pm_mpi_mtx);
}

void
pm_mpi_unlock(void)
{
	pthread_mutex_unlock(&pm_mpi_mtx);
}

/* How many peers are lost (0: none); any thread, without a lock. */
int
pm_mpi_gone(void)
{
	return (__atomic_load_n(&w.gone, __ATOMIC_ACQUIRE));
}

/* Wake the watcher for a heartbeat now: this rank's state changed. */
void
pm_mpi_nudge(void)
{
	if (!w.running)
		return;
	pthread_mutex_lock(&pm_w_mtx);
	w.nudged = 1;
	pthread_cond_signal(&pm_w_cv);
	pthread_mutex_unlock(&pm_w_mtx);
}

/*
 * The start time of process pid (clock ticks after boot, field 22 of
 * /proc/PID/stat) and its state letter in *state; 0 when there is no
 * such process or /proc cannot say.
 */
static uint64_t
pm_watch_born(pid_t pid, int *state)
{
	char	 path[64], buf[1024], *p;
	ssize_t	 n;
	int	 fd, i;

	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return (0);
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return (0);
	buf[n] = '\0';
	if ((p = strrchr(buf, ')')) == NULL || p[1] != ' ')
		return (0);
	*state = p[2];
	for (i = 3, p += 2; i < 22 && p != NULL; i++)
		p = strchr(p + 1, ' ');
	return (p != NULL ? strtoull(p + 1, NULL, 10) : 0);
}

/* This process's identity: pid, start, PID namespace, boot. */
static void
pm_watch_ident(struct pm_ident *id)
{
	struct stat	 st;
	ssize_t		 n;
	int		 fd, state;

	memset(id, 0, sizeof *id);
	id->pid = (int32_t)getpid();
	id->born = pm_watch_born(getpid(), &state);
	if (stat("/proc/self/ns/pid", &st) == 0) {
		id->nsdev = (uint64_t)st.st_dev;
		id->nsino = (uint64_t)st.st_ino;
	}
	if ((fd = open("/proc/sys/kernel/random/boot_id",
	    O_RDONLY | O_CLOEXEC)) == -1)
		return;
	n = read(fd, id->boot, sizeof id->boot - 1);
	close(fd);
	if (n <= 0)
		memset(id->boot, 0, sizeof id->boot);
}

/*
 * Make the peers: every rank for rank 0, rank 0 for the others; those
 * on this host get their process to look up.  Every rank's identity is
 * gathered first (a collective).  Returns 0 or -1.
 */
static int
pm_watch_peers(void)
{
	struct pm_ident	 mine, *all;
	struct pm_peer	*p;
	MPI_Request	 rq;
	uint32_t	 r;
	uint64_t	 now = pm_clock_mono();

	pm_watch_ident(&mine);
	all = xcalloc(w.n, sizeof *all);
	pm_mpi_lock();
	MPI_Iallgather(&mine, (int)sizeof mine, MPI_BYTE, all,
	    (int)sizeof mine, MPI_BYTE, MPI_COMM_WORLD, &rq);
	pm_mpi_unlock();
	if (pm_mpi_poll(&rq) == -1)
		return (-1);
	w.npeer = w.me == 0 ? w.n - 1 : 1;
	w.peer = xcalloc(w.npeer, sizeof *w.peer);
	for (r = 0, p = w.peer; r < w.n; r++) {
		if (r == w.me || (w.me != 0 && r != 0))
			continue;
		p->rank = r;
		p->srq = MPI_REQUEST_NULL;
		p->heard = now;
		if (mine.born != 0 && all[r].born != 0 && mine.boot[0] != '\0' &&
		    memcmp(mine.boot, all[r].boot, sizeof mine.boot) == 0 &&
		    mine.nsdev == all[r].nsdev && mine.nsino == all[r].nsino) {
			p->pid = (pid_t)all[r].pid;
			p->born = all[r].born;
		}
		MPI_Irecv(p->in, PM_BEAT_LEN, MPI_INT32_T, (int)r, PM_BEAT_TAG,
		    w.comm, &p->rrq);
		p++;
	}
	free(all);
	return (0);
}

/*
 * Record that peer r is lost, how (and who said so, how that rank lost
 * it, how long it was silent, its process).  The first loss is the one
 * the message names; a rank other than 0 that lost rank 0 gets its
 * standard error back.  Under MPI's lock.
 */
static void
pm_watch_lose(uint32_t r, enum pm_mpi_how how, uint32_t by,
    enum pm_mpi_how cause, uint64_t silent, int pid)
{
	struct pm_mpi_loss	*l = &w.loss;

	if (r >= w.n || r == w.me || w.lost[r])
		return;
	w.lost[r] = 1;
	if (l->nlost == 0) {
		l->rank = r;
		l->how = how;
		l->by = by;
		l->cause = cause;
		l->silent_ns = silent;
		l->pid = pid;
	}
	if (l->nlost < PM_NAMED)
		w.named[l->nlost] = (int32_t)r;
	l->nlost++;
	__atomic_store_n(&w.gone, (int)l->nlost, __ATOMIC_RELEASE);
	if (r == 0 && w.errfd != -1)
		(void)dup2(w.errfd, STDERR_FILENO);
}

/* A heartbeat came from peer p (in p->in) at now. */
static void
pm_watch_heard(struct pm_peer *p, uint64_t now)
{
	const int32_t	*b = p->in;
	enum pm_mpi_how	 how;
	int32_t		 i, r;

	if (b[PM_B_MAGIC] != PM_BEAT_MAGIC)
		return;
	p->heard = now;
	if (b[PM_B_FLAGS] & PM_BF_END)
		p->end = 1;
	if (b[PM_B_FLAGS] & PM_BF_STOP)
		__atomic_store_n(&w.peerstop, b[PM_B_EPOCH], __ATOMIC_RELAXED);
	how = b[PM_B_HOW] >= PM_MPI_ENDED && b[PM_B_HOW] <= PM_MPI_DROPPED ?
	    (enum pm_mpi_how)b[PM_B_HOW] : PM_MPI_TOLD;
	for (i = 0; i < b[PM_B_NLOST] && i < PM_NAMED; i++) {
		if ((r = b[PM_B_LOST + i]) < 0)
			continue;
		if ((uint32_t)r == w.me)
			pm_watch_lose(p->rank, PM_MPI_DROPPED, p->rank,
			    PM_MPI_DROPPED, 0, 0);
		else
			pm_watch_lose((uint32_t)r, PM_MPI_TOLD, p->rank,
			    i == 0 ? how : PM_MPI_TOLD, 0, 0);
	}
}

/*
 * Whether peer p is lost at now: its process on this host ended, or it
 * has been silent for the timeout.  A peer that reached its end is not
 * judged any more.
 */
static void
pm_watch_judge(struct pm_peer *p, uint64_t now)
{
	int	 state = 0;

	if (p->end || w.lost[p->rank])
		return;
	if (p->pid != 0 && (pm_watch_born(p->pid, &state) != p->born ||
	    state == 'Z' || state == 'X'))
		pm_watch_lose(p->rank, PM_MPI_ENDED, w.me, PM_MPI_ENDED, 0,
		    (int)p->pid);
	else if (now > p->heard && now - p->heard > w.timeout)
		pm_watch_lose(p->rank, PM_MPI_SILENT, w.me, PM_MPI_SILENT,
		    now - p->heard, 0);
}

/*
 * Send peer p a heartbeat with flags (of the run of epoch), unless the
 * last one is still on its way, or one went less than a period ago and
 * nothing changed.
 */
static void
pm_watch_send(struct pm_peer *p, uint64_t now, int flags, int32_t epoch)
{
	int32_t	*b = p->out;
	int	 done = 1, i;

	if (w.lost[p->rank])
		return;
	if (p->srq != MPI_REQUEST_NULL)
		MPI_Test(&p->srq, &done, MPI_STATUS_IGNORE);
	if (!done || (now - p->sent < w.period && b[PM_B_FLAGS] == flags &&
	    (uint32_t)b[PM_B_NLOST] == w.loss.nlost))
		return;
	b[PM_B_MAGIC] = PM_BEAT_MAGIC;
	b[PM_B_EPOCH] = epoch;
	b[PM_B_FLAGS] = flags;
	b[PM_B_NLOST] = (int32_t)w.loss.nlost;
	b[PM_B_HOW] = w.loss.nlost > 0 ? (int32_t)w.loss.how : 0;
	for (i = 0; i < PM_NAMED; i++)
		b[PM_B_LOST + i] = (uint32_t)i < w.loss.nlost ? w.named[i] : -1;
	MPI_Isend(b, PM_BEAT_LEN, MPI_INT32_T, (int)p->rank, PM_BEAT_TAG,
	    w.comm, &p->srq);
	p->sent = now;
	if (flags & PM_BF_END)
		p->sentend = 1;
}

/*
 * One round of the watcher at now: take the heartbeats that came, judge
 * the peers, send ours with flags (of the run of epoch).  The watcher's
 * rounds, and the coordinator's while it waits in pm_watch_bye; under
 * MPI's lock.
 */
static void
pm_watch_round(uint64_t now, int flags, int32_t epoch)
{
	struct pm_peer	*p;
	uint32_t	 i, k;
	int		 done;

	for (i = 0; i < w.npeer; i++) {
		p = &w.peer[i];
		for (k = 0; k < PM_DRAIN && !w.lost[p->rank]; k++) {
			MPI_Test(&p->rrq, &done, MPI_STATUS_IGNORE);
			if (!done)
				break;
			pm_watch_heard(p, now);
			MPI_Irecv(p->in, PM_BEAT_LEN, MPI_INT32_T,
			    (int)p->rank, PM_BEAT_TAG, w.comm, &p->rrq);
		}
	}
	for (i = 0; i < w.npeer; i++)
		pm_watch_judge(&w.peer[i], now);
	for (i = 0; i < w.npeer; i++)
		pm_watch_send(&w.peer[i], now, flags, epoch);
}

/*
 * After a round, under the watch's lock: a run watched stops when a
 * peer is lost or says its run stops (once per run).
 */
static void
pm_watch_act(void)
{
	if (!w.watching || w.stopped || w.stop == NULL)
		return;
	if (pm_mpi_gone() > 0 ||
	    __atomic_load_n(&w.peerstop, __ATOMIC_RELAXED) == w.epoch) {
		w.stopped = 1;
		w.stop(w.arg);
	}
}

/*
 * The watcher: a round every period (or when nudged), after which a run
 * watched is stopped if it must be.  A round that comes much later than
 * due (this process was stopped, or not scheduled) first gives the
 * peers the time it lost, so that they are judged on time this rank
 * was running.
 */
static void *
pm_watch_main(void *arg)
{
	struct timespec	 ts;
	uint64_t	 now, due;
	uint32_t	 i;
	int32_t		 epoch;
	int		 flags;

	(void)arg;
	w.thread_signals();
	pthread_mutex_lock(&pm_w_mtx);
	while (!w.quit) {
		due = w.last + w.period;
		ts.tv_sec = (time_t)(due / 1000000000ULL);
		ts.tv_nsec = (long)(due % 1000000000ULL);
		while (!w.quit && !w.nudged && pm_clock_mono() < due)
			pthread_cond_timedwait(&pm_w_cv, &pm_w_mtx, &ts);
		w.nudged = 0;
		flags = w.flags | (w.watching && w.halted != NULL &&
		    w.halted(w.arg) ? PM_BF_STOP : 0);
		epoch = w.epoch;
		pthread_mutex_unlock(&pm_w_mtx);
		now = pm_clock_mono();
		pm_mpi_lock();
		if (now - w.last > 4 * w.period) {
			for (i = 0; i < w.npeer; i++)
				w.peer[i].heard += now - w.last - w.period;
		}
		w.last = now;
		pm_watch_round(now, flags, epoch);
		pm_mpi_unlock();
		pthread_mutex_lock(&pm_w_mtx);
		pm_watch_act();
	}
	pthread_mutex_unlock(&pm_w_mtx);
	return (NULL);
}

/*
 * The timeout: POSTMARK_MPI_TIMEOUT seconds (1 to 3600), else ours (a
 * bad value is said once, by rank 0, before the configuration is read).
 */
static uint64_t
pm_watch_timeout(void)
{
	const char	*s = getenv("POSTMARK_MPI_TIMEOUT"), *why;
	long long	 v;

	if (s == NULL)
		return ((uint64_t)PM_MPI_TIMEOUT_MS * PM_MS);
	if ((v = strtonum(s, 1, 3600, &why)) == 0) {
		if (w.me == 0)
			warnx("POSTMARK_MPI_TIMEOUT '%s' is %s: seconds from "
			    "1 to 3600; the timeout is %d s", s, why,
			    PM_MPI_TIMEOUT_MS / 1000);
		return ((uint64_t)PM_MPI_TIMEOUT_MS * PM_MS);
	}
	return ((uint64_t)v * 1000 * PM_MS);
}

/*
 * Start watching rank me of n, after MPI started (with threads when
 * threads is set): a communicator for the heartbeats, the peers, the
 * thread, which calls thread_signals first (the engine's: the stopping
 * signals go to the main thread).  Without threads there are no
 * heartbeats (nothing is lost).
 * Returns 0, or -1 when the thread could not start.
 */
int
pm_watch_start(uint32_t me, uint32_t n, int threads,
    void (*thread_signals)(void))
{
	pthread_condattr_t	 ca;
	MPI_Request		 rq;

	w.thread_signals = thread_signals;
	w.me = me;
	w.n = n;
	w.lost = xcalloc(n, 1);
	if (!threads)
		return (0);
	w.timeout = pm_watch_timeout();
	w.period = (uint64_t)PM_MPI_PERIOD_MS * PM_MS;
	if (w.period > w.timeout / 8)
		w.period = w.timeout / 8;
	if (me != 0)
		w.errfd = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
	pm_mpi_lock();
	MPI_Comm_idup(MPI_COMM_WORLD, &w.comm, &rq);
	pm_mpi_unlock();
	if (pm_mpi_poll(&rq) == -1 || pm_watch_peers() == -1)
		return (-1);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&pm_w_cv, &ca);
	pthread_condattr_destroy(&ca);
	w.last = pm_clock_mono();
	if (pthread_create(&w.thread, NULL, pm_watch_main, NULL) != 0)
		return (-1);
	w.running = 1;
	return (0);
}

/*
 * Whether every peer that is not lost said it reached its end (with
 * heard) and this rank's word that it did went to each (with
 * delivered).
 */
static int
pm_watch_ended(int heard, int delivered)
{
	struct pm_peer	*p;
	uint32_t	 i;

	for (i = 0; i < w.npeer; i++) {
		p = &w.peer[i];
		if (w.lost[p->rank])
			continue;
		if ((heard && !p->end) || (delivered && (!p->sentend ||
		    p->srq != MPI_REQUEST_NULL)))
			return (0);
	}
	return (1);
}

/*
 * After a loss, the end of this rank: tell each peer not lost that this
 * rank reached its end, so that its process ending next is not taken
 * for another loss (a survivor that stops is not lost), and wait until
 * each word went, or its peer was lost too.  In the coordinator.
 */
static void
pm_watch_farewell(void)
{
	struct timespec	 ts = { 0, 1000000 };
	int		 done = 0;

	pthread_mutex_lock(&pm_w_mtx);
	w.flags = PM_BF_END;
	pthread_mutex_unlock(&pm_w_mtx);
	while (!done) {
		pm_mpi_lock();
		pm_watch_round(pm_clock_mono(), PM_BF_END, 0);
		done = pm_watch_ended(0, 1);
		pm_mpi_unlock();
		if (!done)
			nanosleep(&ts, NULL);
	}
}

/*
 * The last agreement, in the coordinator, through the heartbeats so that
 * a peer lost meanwhile cannot hold it: every rank but 0 says it reached
 * its end and waits for rank 0's word, which rank 0 sends once every
 * rank said so.  After a loss, every rank says it reached its end
 * (pm_watch_farewell) and waits for no one.  Returns 0, or -1 when a
 * peer is lost.
 */
int
pm_watch_bye(void)
{
	struct timespec	 ts = { 0, 1000000 };
	int		 flags, done = 0;

	if (!w.running)
		return (pm_mpi_gone() > 0 ? -1 : 0);
	flags = w.me != 0 ? PM_BF_END : 0;
	while (!done && pm_mpi_gone() == 0) {
		pthread_mutex_lock(&pm_w_mtx);
		w.flags = flags;
		pthread_mutex_unlock(&pm_w_mtx);
		pm_mpi_lock();
		if (w.me == 0 && pm_watch_ended(1, 0))
			flags = PM_BF_END;
		pm_watch_round(pm_clock_mono(), flags, 0);
		done = (flags & PM_BF_END) && pm_watch_ended(1, w.me == 0);
		pm_mpi_unlock();
		if (!done)
			nanosleep(&ts, NULL);
	}
	if (pm_mpi_gone() == 0)
		return (0);
	pm_watch_farewell();
	return (-1);
}

/*
 * Stop the watcher.  When no peer is lost, its receives are cancelled
 * and its sends left to complete, so that MPI can finalize; after a
 * loss nothing is touched again.
 */
void
pm_watch_end(void)
{
	uint32_t	 i;

	if (w.running) {
		pthread_mutex_lock(&pm_w_mtx);
		w.quit = 1;
		pthread_cond_signal(&pm_w_cv);
		pthread_mutex_unlock(&pm_w_mtx);
		pthread_join(w.thread, NULL);
		w.running = 0;
	}
	if (pm_mpi_gone() > 0)
		return;
	for (i = 0; i < w.npeer; i++) {
		MPI_Cancel(&w.peer[i].rrq);
		MPI_Wait(&w.peer[i].rrq, MPI_STATUS_IGNORE);
		if (w.peer[i].srq != MPI_REQUEST_NULL)
			MPI_Request_free(&w.peer[i].srq);
	}
	free(w.peer);
	w.peer = NULL;
	w.npeer = 0;
}

/*
 * Watch a run (every rank at the same point): until pm_mpi_unwatch,
 * halted(arg) says whether this rank's run stops (the other ranks are
 * told within a period) and stop(arg) is called, once, when another
 * rank's run stops or a peer is lost.  Both are called from the watcher
 * thread, under its lock: they must only read or set flags (as
 * pm_group_halted and pm_group_stop do) and never call pm_mpi.  Either
 * may be NULL.
 */
void
pm_mpi_watch(int (*halted)(void *), void (*stop)(void *), void *arg)
{
	pthread_mutex_lock(&pm_w_mtx);
	w.halted = halted;
	w.stop = stop;
	w.arg = arg;
	w.epoch++;
	w.stopped = 0;
	w.watching = 1;
	pthread_mutex_unlock(&pm_w_mtx);
}

/* The run is over: its callbacks are not called any more. */
void
pm_mpi_unwatch(void)
{
	pthread_mutex_lock(&pm_w_mtx);
	w.watching = 0;
	w.halted = NULL;
	w.stop = NULL;
	w.arg = NULL;
	pthread_mutex_unlock(&pm_w_mtx);
}

/* Whether a peer is lost: 1 with *l filled in (if l), else 0. */
int
pm_mpi_lost(struct pm_mpi_loss *l)
{
	if (pm_mpi_gone() == 0)
		return (0);
	if (l != NULL) {
		pm_mpi_lock();
		*l = w.loss;
		pm_mpi_unlock();
	}
	return (1);
}

#endif /* HAVE_MPI */
