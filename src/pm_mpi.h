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
 * MPI ranks (./configure --with-mpi), behind one small interface so that
 * nothing else includes mpi.h.  Built without MPI, or started without an
 * MPI launcher, there is one rank and every function is trivial: a
 * collective returns its own argument.  The collectives (pm_mpi_any to
 * pm_mpi_share_error, pm_mpi_watch and pm_mpi_unwatch) are called by
 * every rank in the same order, from one thread (the coordinator).
 *
 * No wait on a peer blocks for ever.  A collective is started
 * non-blocking and polled (100 us of spinning, then sleeps of 50 us
 * doubling to 10 ms), and a watcher thread exchanges heartbeats with the
 * other ranks from pm_mpi_start to pm_mpi_end, whatever the coordinator
 * is doing (a phase, a hook, a cleanup): rank 0 with every rank, every
 * rank with rank 0, every period (PM_MPI_PERIOD_MS).  A peer is lost
 * when
 *
 *   - its process, on this host, ended: seen within one period;
 *   - no heartbeat came from it for the timeout (PM_MPI_TIMEOUT_MS, or
 *     POSTMARK_MPI_TIMEOUT seconds in the environment): it died
 *     elsewhere, or the network to it is down;
 *   - rank 0 says so (it relays what it knows at its next heartbeat), or
 *     a peer says it lost us.
 *
 * So a lost peer is noticed within two periods when it shared a host
 * with rank 0 (or was rank 0, by the ranks on its host), and within the
 * timeout plus two periods anywhere; a peer that is merely slow
 * keeps sending heartbeats and is waited for, however long its work
 * takes, and an outage of the network shorter than the timeout only
 * delays the messages (TCP retransmits them).  The loss is for good:
 * from then on every collective returns at once as if another rank had
 * stopped (pm_mpi_any returns 1), nothing given to MPI is used again
 * (buffers of abandoned operations are left to it), pm_mpi_end does not
 * call MPI_Finalize, and a rank other than 0 that lost rank 0 gets back
 * the standard error the driver closed, to say so itself.
 *
 * While a run is watched (pm_mpi_watch), the watcher also tells the
 * other ranks when this one stops (its halted callback says so: a
 * failure, a signal) and calls the stop callback when another rank
 * stops or a peer is lost, so that the clients stop at their next
 * operation instead of at the end of the phase.  It calls them from its
 * thread, so they may only read and set flags, and never after
 * pm_mpi_unwatch returned.
 *
 * The collectives of a run allocate nothing (a rank short of memory
 * would have to leave a collective that the others wait in): the
 * reductions, the gathering and the error go in pieces through a buffer
 * allocated at pm_mpi_start, and the text of a loss is the transport's
 * own.  Only pm_mpi_start and pm_mpi_share (the configuration, before
 * any run) may exit when memory is short.
 */

#ifndef PM_MPI_H
#define PM_MPI_H

#include <stddef.h>
#include <stdint.h>

struct pm_error;

#define PM_MPI_PERIOD_MS	250	/* heartbeats; at most timeout / 8 */
#define PM_MPI_TIMEOUT_MS	10000	/* silence after which a peer is lost */
#define PM_MPI_WHERE		1024	/* bytes of where a lost rank's */
					/* files are (pm_mpi_lost_error) */

/*
 * What the transport asks of the engine above it, given once to
 * pm_mpi_start (pm_main.c gives pm_workload_signal and
 * pm_thread_signals): the stopping signal that came, or 0, so that a
 * wait wakes the watcher at once and the other ranks hear of it; and
 * what a thread of the transport's own (the watcher) calls first, to
 * leave the stopping signals to the main thread.  Through it alone the
 * transport, below the engine, learns of a signal.
 */
struct pm_mpi_engine {
	int		(*signal)(void);
	void		(*thread_signals)(void);
};

/* The operations of pm_mpi_reduce and pm_mpi_allreduce. */
#define PM_MPI_SUM	0
#define PM_MPI_MIN	1
#define PM_MPI_MAX	2

/* How a peer was found lost (struct pm_mpi_loss). */
enum pm_mpi_how {
	PM_MPI_ENDED,			/* its process on this host ended */
	PM_MPI_SILENT,			/* no heartbeat for the timeout */
	PM_MPI_TOLD,			/* another rank (by) lost it */
	PM_MPI_DROPPED			/* it (by) lost this rank */
};

/* What this rank knows of the lost peers (pm_mpi_lost). */
struct pm_mpi_loss {
	uint32_t	 rank;		/* the first peer lost */
	uint32_t	 nlost;		/* peers lost, 0: none */
	enum pm_mpi_how	 how;		/* how the first was lost */
	uint32_t	 by;		/* PM_MPI_TOLD, DROPPED: who said so */
	enum pm_mpi_how	 cause;		/* PM_MPI_TOLD: how by lost it */
	uint64_t	 silent_ns;	/* PM_MPI_SILENT: no word for this long */
	int		 pid;		/* PM_MPI_ENDED: its process */
};

int		 pm_mpi_start(int *, char ***, const struct pm_mpi_engine *);
void		 pm_mpi_end(void);
uint32_t	 pm_mpi_rank(void);
uint32_t	 pm_mpi_size(void);
int		 pm_mpi_any(int);
int		 pm_mpi_max(int);
char		*pm_mpi_share(char *, long *);
int		 pm_mpi_reduce(uint64_t *, size_t, int);
int		 pm_mpi_allreduce(uint64_t *, size_t, int);
int		 pm_mpi_gather(const void *, size_t, void *);
void		 pm_mpi_share_error(struct pm_error *);
void		 pm_mpi_watch(int (*)(void *), void (*)(void *), void *);
void		 pm_mpi_unwatch(void);
int		 pm_mpi_lost(struct pm_mpi_loss *);
void		 pm_mpi_lost_error(struct pm_error *, const char *);

#endif /* PM_MPI_H */
