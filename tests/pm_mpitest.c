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
 * A test driver for the MPI transport (pm_mpi.h), without the engine,
 * run by every rank under mpirun:
 *
 *	pm_mpitest SCENARIO DIR
 *
 * agree	the last rank says it is ready and waits to be killed; the
 *		others wait for it in an agreement (pm_mpi_any).
 * phase	every rank watches a run (pm_mpi_watch); the last rank says
 *		it is ready and waits to be killed; the others work, as
 *		clients in a phase, until the watcher stops them, then agree.
 * slow	every rank watches a run that stops on a signal; rank 0 says
 *		it is ready and agrees; the others are busy for three
 *		timeouts (or until their run is stopped), then agree.
 * link	every rank says it is ready and waits for DIR/go (the test
 *		takes the network down meanwhile), then agrees.
 *
 * "Ready" is the file DIR/rankR.ready holding the rank's process id,
 * written when it has done what comes before.  Each rank then writes
 * DIR/rankR.out:
 *
 *	any=A lost=N rank=R how=HOW by=B stopped=S signal=G
 *	error: the loss as the run's error (pm_mpi_lost_error), or none
 *
 * (rank, how and by only when a peer is lost) and exits 1 when a peer
 * is lost, 0 otherwise, 2 for bad arguments, 3 when not under MPI.
 */

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pm_cli.h"
#include "pm_mpi.h"

/* What the transport asks of the engine, as postmark gives it. */
static const struct pm_mpi_engine engine = {
	.signal = pm_workload_signal,
	.thread_signals = pm_thread_signals
};

static int	 stopped;		/* set by the watcher */

static void	 handler(int);
static int	 halted(void *);
static void	 stop(void *);
static void	 ready(const char *);
static void	 nap(void);
static void	 report(const char *, int);

/* A stopping signal: as postmark's, the stop flag. */
static void
handler(int signo)
{
	pm_workload_interrupt(signo);
}

/* The run's halted callback: a signal came. */
static int
halted(void *arg)
{
	(void)arg;
	return (pm_workload_signal() != 0);
}

/* The run's stop callback, from the watcher. */
static void
stop(void *arg)
{
	(void)arg;
	__atomic_store_n(&stopped, 1, __ATOMIC_RELAXED);
}

/* Say that this rank is ready: DIR/rankR.ready with its pid. */
static void
ready(const char *dir)
{
	char	 path[4096], tmp[4096];
	FILE	*fp;

	snprintf(tmp, sizeof tmp, "%s/.rank%u.ready", dir, pm_mpi_rank());
	snprintf(path, sizeof path, "%s/rank%u.ready", dir, pm_mpi_rank());
	if ((fp = fopen(tmp, "w")) == NULL)
		exit(2);
	fprintf(fp, "%ld\n", (long)getpid());
	if (fclose(fp) != 0 || rename(tmp, path) != 0)
		exit(2);
}

static void
nap(void)
{
	struct timespec	 ts = { 0, 10000000 };

	nanosleep(&ts, NULL);
}

/* Write DIR/rankR.out: what the agreement gave and what is lost. */
static void
report(const char *dir, int any)
{
	static const char *how[] = { "ended", "silent", "told", "dropped" };
	struct pm_mpi_loss	 l;
	struct pm_error		 e = { 0 };
	char			 path[4096], where[4096], *s;
	FILE			*fp;
	int			 lost;

	snprintf(path, sizeof path, "%s/rank%u.out", dir, pm_mpi_rank());
	if ((fp = fopen(path, "w")) == NULL)
		exit(2);
	fprintf(fp, "any=%d lost=", any);
	if ((lost = pm_mpi_lost(&l)))
		fprintf(fp, "%u rank=%u how=%s by=%u", l.nlost, l.rank,
		    how[l.how], l.by);
	else
		fprintf(fp, "0");
	fprintf(fp, " stopped=%d signal=%d\n", stopped, pm_workload_signal());
	if (lost) {
		snprintf(where, sizeof where, "L/r%u", l.rank);
		pm_mpi_lost_error(&e, where);
		s = pm_error_string(&e);
		fprintf(fp, "error: %s\n", s);
		free(s);
		pm_error_clear(&e);
	} else
		fprintf(fp, "error: none\n");
	if (fclose(fp) != 0)
		exit(2);
}

int
main(int argc, char **argv)
{
	char		 go[4096];
	uint32_t	 last, i;
	int		 any = -1, busy;

	if (argc != 3)
		return (2);
	signal(SIGTERM, handler);
	signal(SIGINT, handler);
	if (pm_mpi_start(&argc, &argv, &engine) == -1 || pm_mpi_size() < 2)
		return (3);
	last = pm_mpi_size() - 1;
	snprintf(go, sizeof go, "%s/go", argv[2]);
	if (strcmp(argv[1], "agree") == 0 || strcmp(argv[1], "phase") == 0) {
		if (argv[1][0] == 'p')
			pm_mpi_watch(halted, stop, NULL);
		if (pm_mpi_rank() == last) {
			ready(argv[2]);
			for (;;)
				pause();
		}
		while (argv[1][0] == 'p' && !__atomic_load_n(&stopped,
		    __ATOMIC_RELAXED))
			nap();
		any = pm_mpi_any(argv[1][0] == 'p');
	} else if (strcmp(argv[1], "slow") == 0) {
		pm_mpi_watch(halted, stop, NULL);
		if (pm_mpi_rank() == 0)
			ready(argv[2]);
		busy = pm_mpi_rank() == 0 ? 0 : 3 * 100 *
		    (getenv("POSTMARK_MPI_TIMEOUT") != NULL ?
		    atoi(getenv("POSTMARK_MPI_TIMEOUT")) : 10);
		for (i = 0; i < (uint32_t)busy && !stopped; i++)
			nap();
		any = pm_mpi_any(halted(NULL));
	} else if (strcmp(argv[1], "link") == 0) {
		ready(argv[2]);
		while (access(go, F_OK) != 0)
			nap();
		any = pm_mpi_any(0);
	} else
		return (2);
	pm_mpi_unwatch();
	report(argv[2], any);
	any = pm_mpi_lost(NULL);
	pm_mpi_end();
	return (any);
}
