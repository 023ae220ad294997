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
 * The MPI transport of the engine and the driver: start and end, the
 * rank, agreement (any rank failed? the largest signal), the
 * configuration text sent by rank 0, reductions of unsigned 64-bit
 * arrays (counts, histogram buckets, durations) and the gathering of
 * fixed-size records (client rows) on rank 0.
 *
 * MPI is started only when a launcher started the process (mpirun or
 * mpiexec of Open MPI, MPICH's Hydra, Slurm's PMI): the environment says
 * so.  Started by hand, even a program built with MPI runs as one
 * process, with the interactive shell, without touching MPI.
 *
 * MPI_THREAD_FUNNELED: only the thread that started MPI (the
 * coordinator, pm_group.c) calls it; the client threads never do.
 */

#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_MPI
#include <mpi.h>
#endif

#include "postmark.h"
#include "pm_mpi.h"

#ifdef HAVE_MPI
static int	 pm_mpi_on;		/* MPI started by us */
static int	 pm_mpi_me;		/* rank */
static int	 pm_mpi_n = 1;		/* ranks */

static int	 pm_mpi_launched(void);
static MPI_Op	 pm_mpi_op(int);
static const char *pm_mpi_intern(const char *);

/* Whether a launcher started the process: its variables are set. */
static int
pm_mpi_launched(void)
{
	static const char *const var[] = {
		"OMPI_COMM_WORLD_SIZE",		/* Open MPI */
		"PMI_SIZE",			/* MPICH Hydra, Slurm PMI-1 */
		"PMIX_RANK",			/* PMIx launchers */
		"MPI_LOCALNRANKS"		/* MPICH */
	};
	size_t	 i;

	for (i = 0; i < sizeof var / sizeof var[0]; i++) {
		if (getenv(var[i]) != NULL)
			return (1);
	}
	return (0);
}

/*
 * Start MPI when a launcher started us.  Returns 0, or -1 when MPI could
 * not start (MPI has said why).
 */
int
pm_mpi_start(int *argc, char ***argv)
{
	int	 provided;

	if (!pm_mpi_launched())
		return (0);
	if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) !=
	    MPI_SUCCESS)
		return (-1);
	pm_mpi_on = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &pm_mpi_me);
	MPI_Comm_size(MPI_COMM_WORLD, &pm_mpi_n);
	return (0);
}

/* End MPI if it was started. */
void
pm_mpi_end(void)
{
	if (pm_mpi_on)
		MPI_Finalize();
	pm_mpi_on = 0;
}

uint32_t
pm_mpi_rank(void)
{
	return ((uint32_t)pm_mpi_me);
}

uint32_t
pm_mpi_size(void)
{
	return ((uint32_t)pm_mpi_n);
}

/* Whether flag is set on any rank; also a barrier. */
int
pm_mpi_any(int flag)
{
	int	 in = flag != 0, out = in;

	if (pm_mpi_n > 1)
		MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
	return (out);
}

/* The largest v of the ranks. */
int
pm_mpi_max(int v)
{
	int	 out = v;

	if (pm_mpi_n > 1)
		MPI_Allreduce(&v, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	return (out);
}

void
pm_mpi_barrier(void)
{
	if (pm_mpi_n > 1)
		MPI_Barrier(MPI_COMM_WORLD);
}

/*
 * Rank 0's text (len bytes, or -errno when rank 0 could not read it) to
 * every rank: rank 0 returns text, the others a copy (NUL-terminated)
 * and *len set, or NULL with *len the negative errno.
 */
char *
pm_mpi_share(char *text, long *len)
{
	char	*copy;

	if (pm_mpi_n == 1)
		return (text);
	MPI_Bcast(len, 1, MPI_LONG, 0, MPI_COMM_WORLD);
	if (*len < 0)
		return (pm_mpi_me == 0 ? text : NULL);
	copy = pm_mpi_me == 0 ? text : xmalloc((size_t)*len + 1);
	MPI_Bcast(copy, (int)*len, MPI_CHAR, 0, MPI_COMM_WORLD);
	copy[*len] = '\0';
	return (copy);
}

static MPI_Op
pm_mpi_op(int op)
{
	return (op == PM_MPI_MIN ? MPI_MIN : op == PM_MPI_MAX ? MPI_MAX :
	    MPI_SUM);
}

/*
 * Reduce v[n] of every rank with op into rank 0's v (the others' are left
 * as they were).  Done in pieces: an MPI count is an int.
 */
void
pm_mpi_reduce(uint64_t *v, size_t n, int op)
{
	size_t	 k;
	int	 c;

	for (k = 0; pm_mpi_n > 1 && k < n; k += (size_t)c) {
		c = n - k > INT32_MAX ? INT32_MAX : (int)(n - k);
		MPI_Reduce(pm_mpi_me == 0 ? MPI_IN_PLACE : v + k,
		    v + k, c, MPI_UINT64_T, pm_mpi_op(op), 0,
		    MPI_COMM_WORLD);
	}
}

/* Reduce v[n] of every rank with op into every rank's v. */
void
pm_mpi_allreduce(uint64_t *v, size_t n, int op)
{
	if (pm_mpi_n > 1)
		MPI_Allreduce(MPI_IN_PLACE, v, (int)n, MPI_UINT64_T,
		    pm_mpi_op(op), MPI_COMM_WORLD);
}

/*
 * Gather len bytes of every rank on rank 0, in rank order: rank 0 gets
 * an allocated array of size * len bytes, the others NULL.
 */
void *
pm_mpi_gather(const void *mine, size_t len)
{
	char	*all = NULL;

	if (pm_mpi_me == 0)
		all = xcalloc((size_t)pm_mpi_n, len);
	if (pm_mpi_n == 1) {
		memcpy(all, mine, len);
		return (all);
	}
	MPI_Gather(mine, (int)len, MPI_BYTE, all, (int)len, MPI_BYTE, 0,
	    MPI_COMM_WORLD);
	return (all);
}

/*
 * An operation name received from another rank, as a string that lives
 * as long as the program (struct pm_error's op is not owned).
 */
static const char *
pm_mpi_intern(const char *op)
{
	static char	*seen[64];
	static size_t	 nseen;
	size_t		 i;

	for (i = 0; i < nseen; i++) {
		if (strcmp(seen[i], op) == 0)
			return (seen[i]);
	}
	if (nseen == sizeof seen / sizeof seen[0])
		return ("operation");
	return (seen[nseen++] = xstrdup(op));
}

/*
 * Make every rank hold the error of the lowest rank that has one (e
 * empty on all: nothing).  A rank other than 0 is named in the error
 * when no client is.
 */
void
pm_mpi_share_error(struct pm_error *e)
{
	char	*buf = NULL, *p;
	long	 len = 0;
	int	 from, ints[3];

	if (pm_mpi_n == 1)
		return;
	from = e->op != NULL ? pm_mpi_me : pm_mpi_n;
	MPI_Allreduce(MPI_IN_PLACE, &from, 1, MPI_INT, MPI_MIN,
	    MPI_COMM_WORLD);
	if (from == pm_mpi_n)
		return;
	if (pm_mpi_me == from) {
		len = (long)xasprintf(&buf, "%s%c%s%c%s", e->op, '\0',
		    e->path != NULL ? e->path : "", '\0',
		    e->text != NULL ? e->text : e->msg != NULL ? e->msg : "")
		    + 1;
		ints[0] = e->errnum;
		ints[1] = e->client;
		ints[2] = e->text != NULL || e->msg != NULL;
	}
	MPI_Bcast(&len, 1, MPI_LONG, from, MPI_COMM_WORLD);
	MPI_Bcast(ints, 3, MPI_INT, from, MPI_COMM_WORLD);
	if (pm_mpi_me != from)
		buf = xmalloc((size_t)len);
	MPI_Bcast(buf, (int)len, MPI_CHAR, from, MPI_COMM_WORLD);
	if (pm_mpi_me != from) {
		pm_error_clear(e);
		p = buf + strlen(buf) + 1;
		pm_error_set(e, pm_mpi_intern(buf), p, ints[0]);
		p += strlen(p) + 1;
		if (ints[2])
			e->text = xstrdup(p);
		e->client = ints[1];
	}
	if (e->client < 0)
		e->rank = from;
	free(buf);
}

#else /* !HAVE_MPI */

int
pm_mpi_start(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return (0);
}

void
pm_mpi_end(void)
{
}

uint32_t
pm_mpi_rank(void)
{
	return (0);
}

uint32_t
pm_mpi_size(void)
{
	return (1);
}

int
pm_mpi_any(int flag)
{
	return (flag != 0);
}

int
pm_mpi_max(int v)
{
	return (v);
}

void
pm_mpi_barrier(void)
{
}

char *
pm_mpi_share(char *text, long *len)
{
	(void)len;
	return (text);
}

void
pm_mpi_reduce(uint64_t *v, size_t n, int op)
{
	(void)v;
	(void)n;
	(void)op;
}

void
pm_mpi_allreduce(uint64_t *v, size_t n, int op)
{
	(void)v;
	(void)n;
	(void)op;
}

void *
pm_mpi_gather(const void *mine, size_t len)
{
	void	*all;

	all = xmalloc(len);
	memcpy(all, mine, len);
	return (all);
}

void
pm_mpi_share_error(struct pm_error *e)
{
	(void)e;
}

#endif /* HAVE_MPI */
