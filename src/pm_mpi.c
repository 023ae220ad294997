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
 * fixed-size records (client rows) on rank 0; what a loss of a peer
 * makes of them (pm_mpi.h).  The watcher is pm_mpiwatch.c.
 *
 * MPI is started only when a launcher started the process (mpirun or
 * mpiexec of Open MPI, MPICH's Hydra, Slurm's PMI): the environment says
 * so.  Started by hand, even a program built with MPI runs as one
 * process, with the interactive shell, without touching MPI.
 *
 * Every collective is the non-blocking one, polled (pm_mpi_poll) until
 * it completes or a peer is lost.  Its buffers are the transport's own:
 * once an operation is abandoned they belong to MPI for good, since a
 * late message could still land in them, and are never freed or given
 * to MPI again.  Those of a run are allocated when MPI starts (the
 * scratch buffer, which the reductions, the gathering and the error go
 * through in pieces), so that a collective of a run allocates nothing:
 * a rank short of memory then would have to leave a collective the
 * others wait in.  Only the main thread calls these functions (the
 * driver, and the coordinator of the clients, pm_group.c); the client
 * threads never do; the watcher makes its own calls under the same lock.
 */

#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "postmark.h"
#include "pm_clock.h"
#include "pm_mpi.h"

#define PM_LOSTMAX	(PM_MPI_WHERE + 256)	/* bytes of a loss's text */

#ifdef HAVE_MPI
#include "pm_mpiwatch.h"

#define PM_SPIN_NS	100000L		/* poll without napping this long */
#define PM_NAP0_NS	50000L		/* then nap this long, */
#define PM_NAP_NS	10000000L	/* doubling up to this */
#define PM_SCRATCH	65536		/* bytes of the scratch buffer, */
#define PM_GATHER_MIN	64		/* at least this per rank and piece */
#define PM_ERRMAX	8192		/* bytes of an error sent to all */
#define PM_OPMAX	32		/* bytes of its operation's name */
#define PM_NOPS_SEEN	32		/* operation names received, at most */

static const struct pm_mpi_engine *pm_mpi_eng; /* pm_mpi_start's */
static int	 pm_mpi_on;		/* MPI started by us */
static int	 pm_mpi_me;		/* rank */
static int	 pm_mpi_n = 1;		/* ranks */
static int64_t	 pm_mpi_small[4];	/* the buffer of small collectives */
static char	*pm_mpi_scratch;	/* the buffer of the others */
static size_t	 pm_mpi_nscratch;	/* its bytes */

static int	 pm_mpi_launched(void);
static MPI_Op	 pm_mpi_op(int);
static const char *pm_mpi_intern(const char *);
static char	*pm_mpi_bcast(char *, long *, int);
static int	 pm_mpi_ireduce(uint64_t *, int, int, int);
static int	 pm_mpi_reduce_to(uint64_t *, size_t, int, int);
static int	 pm_mpi_first(int);
static size_t	 pm_mpi_put(char *, const char *, size_t);
static void	 pm_mpi_pack(const struct pm_error *, char *);
static void	 pm_mpi_unpack(struct pm_error *, char *);

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
 * Start MPI when a launcher started us, and with several ranks the
 * scratch buffer of the collectives (it exits when memory is short:
 * nothing runs yet) and the watcher (heartbeats need
 * MPI_THREAD_SERIALIZED; an MPI that cannot give it runs without, and
 * then never finds a peer lost).  eng is what the transport asks of the
 * engine (pm_mpi.h), kept.  Returns 0, or -1 when MPI could not start
 * (MPI has said why).
 */
int
pm_mpi_start(int *argc, char ***argv, const struct pm_mpi_engine *eng)
{
	int	 provided;

	pm_mpi_eng = eng;
	if (!pm_mpi_launched())
		return (0);
	if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) !=
	    MPI_SUCCESS)
		return (-1);
	pm_mpi_on = 1;
	MPI_Comm_rank(MPI_COMM_WORLD, &pm_mpi_me);
	MPI_Comm_size(MPI_COMM_WORLD, &pm_mpi_n);
	if (pm_mpi_n == 1)
		return (0);
	pm_mpi_nscratch = ((size_t)pm_mpi_n + 1) * PM_GATHER_MIN;
	if (pm_mpi_nscratch < PM_SCRATCH)
		pm_mpi_nscratch = PM_SCRATCH;
	pm_mpi_scratch = xcalloc_what("the MPI transport's buffer", 1,
	    pm_mpi_nscratch);
	if (pm_watch_start((uint32_t)pm_mpi_me, (uint32_t)pm_mpi_n,
	    provided >= MPI_THREAD_SERIALIZED, eng->thread_signals) == -1)
		return (-1);
	return (0);
}

/*
 * End MPI if it was started: the last agreement (through the
 * heartbeats), the watcher stopped, MPI_Finalize; after a loss, no
 * finalizing, which would wait for the lost peer.
 */
void
pm_mpi_end(void)
{
	if (!pm_mpi_on)
		return;
	if (pm_mpi_n > 1) {
		(void)pm_watch_bye();
		pm_watch_end();
	}
	if (pm_mpi_gone() == 0)
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

/*
 * Wait for the operation rq: poll it, spinning for PM_SPIN_NS, then
 * napping from PM_NAP0_NS, each nap twice the last, up to PM_NAP_NS (not
 * to take a processor from the clients of other ranks on this host: a
 * rank that waits long for a slower one costs 100 polls a second), and
 * wake the watcher when a stopping signal comes, so that the other ranks
 * hear of it at once.  Returns 0 when it completed, -1 when a peer is
 * lost (the operation is abandoned).
 */
int
pm_mpi_poll(MPI_Request *rq)
{
	struct timespec	 nap = { 0, PM_NAP0_NS };
	uint64_t	 t0 = pm_clock_mono();
	int		 done = 0, told = 0;

	for (;;) {
		pm_mpi_lock();
		MPI_Test(rq, &done, MPI_STATUS_IGNORE);
		pm_mpi_unlock();
		if (done)
			return (0);
		if (pm_mpi_gone() > 0)
			return (-1);
		if (!told && pm_mpi_eng->signal() != 0) {
			pm_mpi_nudge();
			told = 1;
		}
		if (pm_clock_mono() - t0 < (uint64_t)PM_SPIN_NS)
			continue;
		nanosleep(&nap, NULL);
		if ((nap.tv_nsec *= 2) > PM_NAP_NS)
			nap.tv_nsec = PM_NAP_NS;
	}
}

/*
 * Whether flag is set on any rank; also a barrier.  1 once a peer is
 * lost: the run must stop.
 */
int
pm_mpi_any(int flag)
{
	MPI_Request	 rq;
	int		*b = (int *)(void *)pm_mpi_small;

	if (pm_mpi_n == 1)
		return (flag != 0);
	if (pm_mpi_gone() > 0)
		return (1);
	b[0] = flag != 0;
	pm_mpi_lock();
	MPI_Iallreduce(&b[0], &b[1], 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD, &rq);
	pm_mpi_unlock();
	return (pm_mpi_poll(&rq) == -1 ? 1 : b[1]);
}

/* The largest v of the ranks; v itself once a peer is lost. */
int
pm_mpi_max(int v)
{
	MPI_Request	 rq;
	int		*b = (int *)(void *)pm_mpi_small;

	if (pm_mpi_n == 1 || pm_mpi_gone() > 0)
		return (v);
	b[0] = v;
	pm_mpi_lock();
	MPI_Iallreduce(&b[0], &b[1], 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &rq);
	pm_mpi_unlock();
	return (pm_mpi_poll(&rq) == -1 ? v : b[1]);
}

/*
 * Send root's *len bytes at buf (at root *len may be negative: then
 * nothing follows) to every rank.  Returns buf at root, elsewhere an
 * allocated copy (NUL-terminated) with *len set; or NULL with *len
 * negative: root's, or -ENOTCONN when a peer is lost (everywhere).
 * Only for the configuration, before any run: the copy's allocation
 * exits when memory is short.
 */
static char *
pm_mpi_bcast(char *buf, long *len, int root)
{
	MPI_Request	 rq;
	int64_t		*lb = pm_mpi_small;
	char		*copy;

	lb[0] = *len;
	if (pm_mpi_gone() > 0)
		goto lost;
	pm_mpi_lock();
	MPI_Ibcast(lb, 1, MPI_INT64_T, root, MPI_COMM_WORLD, &rq);
	pm_mpi_unlock();
	if (pm_mpi_poll(&rq) == -1)
		goto lost;
	if ((*len = (long)lb[0]) < 0)
		return (NULL);
	copy = xmalloc((size_t)*len + 1);
	if (pm_mpi_me == root)
		memcpy(copy, buf, (size_t)*len);
	pm_mpi_lock();
	MPI_Ibcast(copy, (int)*len, MPI_CHAR, root, MPI_COMM_WORLD, &rq);
	pm_mpi_unlock();
	if (pm_mpi_poll(&rq) == -1)
		goto lost;
	if (pm_mpi_me != root) {
		copy[*len] = '\0';
		return (copy);
	}
	free(copy);
	return (buf);
lost:
	*len = -ENOTCONN;
	return (NULL);
}

/*
 * Rank 0's text (len bytes, or -errno when rank 0 could not read it) to
 * every rank: rank 0 returns text, the others a copy (NUL-terminated)
 * and *len set, or NULL with *len the negative errno (-ENOTCONN when a
 * peer is lost).
 */
char *
pm_mpi_share(char *text, long *len)
{
	char	*copy;
	long	 n = *len;

	if (pm_mpi_n == 1)
		return (text);
	copy = pm_mpi_bcast(text, &n, 0);
	if (pm_mpi_me == 0)
		return (text);
	*len = n;
	return (copy);
}

static MPI_Op
pm_mpi_op(int op)
{
	return (op == PM_MPI_MIN ? MPI_MIN : op == PM_MPI_MAX ? MPI_MAX :
	    MPI_SUM);
}

/*
 * Reduce v[c] with op into rank 0's (all: every rank's) v, through the
 * scratch buffer (c at most a sixteenth of it).  Returns 0, or -1 when a
 * peer is lost (then v is left as it was).
 */
static int
pm_mpi_ireduce(uint64_t *v, int c, int op, int all)
{
	MPI_Request	 rq;
	uint64_t	*b = (uint64_t *)(void *)pm_mpi_scratch;
	size_t		 n = (size_t)c * sizeof *v;

	if (pm_mpi_gone() > 0)
		return (-1);
	memcpy(b, v, n);
	pm_mpi_lock();
	if (all)
		MPI_Iallreduce(b, b + c, c, MPI_UINT64_T, pm_mpi_op(op),
		    MPI_COMM_WORLD, &rq);
	else
		MPI_Ireduce(b, b + c, c, MPI_UINT64_T, pm_mpi_op(op), 0,
		    MPI_COMM_WORLD, &rq);
	pm_mpi_unlock();
	if (pm_mpi_poll(&rq) == -1)
		return (-1);
	if (all || pm_mpi_me == 0)
		memcpy(v, b + c, n);
	return (0);
}

/*
 * Reduce v[n] of every rank with op into rank 0's v (all: every rank's;
 * else the others' are left as they were), in pieces that fit the
 * scratch buffer.  Returns 0, or -1 when a peer is lost (the pieces not
 * reduced by then are this rank's alone).
 */
static int
pm_mpi_reduce_to(uint64_t *v, size_t n, int op, int all)
{
	size_t	 k, step = pm_mpi_nscratch / (2 * sizeof *v);
	int	 c;

	for (k = 0; pm_mpi_n > 1 && k < n; k += (size_t)c) {
		c = (int)(n - k < step ? n - k : step);
		if (pm_mpi_ireduce(v + k, c, op, all) == -1)
			return (-1);
	}
	return (0);
}

/* Reduce v[n] of every rank with op into rank 0's v (pm_mpi_reduce_to). */
int
pm_mpi_reduce(uint64_t *v, size_t n, int op)
{
	return (pm_mpi_reduce_to(v, n, op, 0));
}

/* Reduce v[n] of every rank with op into every rank's v. */
int
pm_mpi_allreduce(uint64_t *v, size_t n, int op)
{
	return (pm_mpi_reduce_to(v, n, op, 1));
}

/*
 * Gather len bytes of every rank (mine) on rank 0, in rank order, into
 * all: rank 0's size x len bytes (which may begin with mine), NULL on
 * the others.  It goes in pieces through the scratch buffer, so that it
 * allocates nothing.  Returns 0, or -1 once a peer is lost: what had not
 * come by then is left in all as it was.
 */
int
pm_mpi_gather(const void *mine, size_t len, void *all)
{
	MPI_Request	 rq;
	char		*b = pm_mpi_scratch, *to = all;
	size_t		 off, c, step;
	int		 r;

	if (pm_mpi_n == 1) {
		if (all != NULL && all != mine)
			memmove(all, mine, len);
		return (0);
	}
	step = pm_mpi_nscratch / ((size_t)pm_mpi_n + 1);
	for (off = 0; off < len; off += c) {
		c = len - off < step ? len - off : step;
		if (pm_mpi_gone() > 0)
			return (-1);
		memcpy(b, (const char *)mine + off, c);
		pm_mpi_lock();
		MPI_Igather(b, (int)c, MPI_BYTE, b + c, (int)c, MPI_BYTE, 0,
		    MPI_COMM_WORLD, &rq);
		pm_mpi_unlock();
		if (pm_mpi_poll(&rq) == -1)
			return (-1);
		for (r = 0; pm_mpi_me == 0 && r < pm_mpi_n; r++)
			memcpy(to + (size_t)r * len + off, b + c + (size_t)r * c,
			    c);
	}
	return (0);
}

/*
 * An operation name received from another rank, as a string that lives
 * as long as the program (struct pm_error's op is not owned), kept in a
 * table of its own: "operation" once it is full.
 */
static const char *
pm_mpi_intern(const char *op)
{
	static char	 seen[PM_NOPS_SEEN][PM_OPMAX];
	static size_t	 nseen;
	size_t		 i;

	for (i = 0; i < nseen; i++) {
		if (strcmp(seen[i], op) == 0)
			return (seen[i]);
	}
	if (nseen == PM_NOPS_SEEN || strlen(op) >= PM_OPMAX)
		return ("operation");
	strlcpy(seen[nseen], op, PM_OPMAX);
	return (seen[nseen++]);
}

/*
 * The lowest rank whose flag is set (the number of ranks when none is),
 * or -1 when a peer is lost.
 */
static int
pm_mpi_first(int flag)
{
	MPI_Request	 rq;
	int		*b = (int *)(void *)pm_mpi_small;

	if (pm_mpi_gone() > 0)
		return (-1);
	b[0] = flag ? pm_mpi_me : pm_mpi_n;
	pm_mpi_lock();
	MPI_Iallreduce(&b[0], &b[1], 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &rq);
	pm_mpi_unlock();
	return (pm_mpi_poll(&rq) == -1 ? -1 : b[1]);
}

/*
 * Copy s to p, NUL-terminated, in at most room bytes (at least 4): a
 * string cut short ends with "...".  Returns the bytes used.
 */
static size_t
pm_mpi_put(char *p, const char *s, size_t room)
{
	size_t	 n = strlen(s);

	if (n < room) {
		memcpy(p, s, n + 1);
		return (n + 1);
	}
	memcpy(p, s, room - 4);
	memcpy(p + room - 4, "...", 4);
	return (room);
}

/*
 * Error e as bytes for another rank, into buf (PM_ERRMAX bytes): errno,
 * client and whether it has a text, then its operation, path and text,
 * each NUL-terminated; a path longer than half of what is left, and a
 * text longer than the rest, are cut short.
 */
static void
pm_mpi_pack(const struct pm_error *e, char *buf)
{
	const char	*path = e->path != NULL ? e->path : "";
	const char	*text = e->text != NULL ? e->text :
			    e->msg != NULL ? e->msg : "";
	int32_t		 h[3];
	size_t		 k = sizeof h;

	h[0] = e->errnum;
	h[1] = e->client;
	h[2] = e->text != NULL || e->msg != NULL;
	memcpy(buf, h, sizeof h);
	k += pm_mpi_put(buf + k, e->op, PM_OPMAX);
	k += pm_mpi_put(buf + k, path, (PM_ERRMAX - k) / 2);
	(void)pm_mpi_put(buf + k, text, PM_ERRMAX - k);
}

/*
 * The error that pm_mpi_pack made into buf (PM_ERRMAX bytes) as e.  A
 * copy of its path or text that memory is too short for is left out
 * (pm_error_set); the text then says so.
 */
static void
pm_mpi_unpack(struct pm_error *e, char *buf)
{
	const char	*op, *path, *text, *end = buf + PM_ERRMAX - 1;
	int32_t		 h[3];

	*(char *)end = '\0';
	memcpy(h, buf, sizeof h);
	op = buf + sizeof h;
	if ((path = op + strlen(op) + 1) > end)
		path = end;
	if ((text = path + strlen(path) + 1) > end)
		text = end;
	pm_error_clear(e);
	pm_error_set(e, pm_mpi_intern(op), path, h[0]);
	if (h[2] && (e->text = strdup(text)) == NULL)
		e->msg = "(the message of the rank that failed is left out: "
		    "memory is short)";
	e->client = h[1];
}

/*
 * Make every rank hold the error of the lowest rank that has one (e
 * empty on all: nothing), sent through the scratch buffer.  A rank is
 * named in the error when no client is.  Once a peer is lost, a rank
 * without an error of its own gets the loss (pm_mpi_lost_error, without
 * the lost rank's files).
 */
void
pm_mpi_share_error(struct pm_error *e)
{
	MPI_Request	 rq;
	int		 from;

	if (pm_mpi_n == 1)
		return;
	if ((from = pm_mpi_first(e->op != NULL)) == -1) {
		pm_mpi_lost_error(e, NULL);
		return;
	}
	if (from == pm_mpi_n)
		return;
	if (pm_mpi_me == from)
		pm_mpi_pack(e, pm_mpi_scratch);
	pm_mpi_lock();
	MPI_Ibcast(pm_mpi_scratch, PM_ERRMAX, MPI_CHAR, from, MPI_COMM_WORLD,
	    &rq);
	pm_mpi_unlock();
	if (pm_mpi_poll(&rq) == -1) {
		pm_mpi_lost_error(e, NULL);
		return;
	}
	if (pm_mpi_me != from)
		pm_mpi_unpack(e, pm_mpi_scratch);
	if (e->client < 0)
		e->rank = from;
}

#else /* !HAVE_MPI */

int
pm_mpi_start(int *argc, char ***argv, const struct pm_mpi_engine *eng)
{
	(void)argc;
	(void)argv;
	(void)eng;
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

char *
pm_mpi_share(char *text, long *len)
{
	(void)len;
	return (text);
}

int
pm_mpi_reduce(uint64_t *v, size_t n, int op)
{
	(void)v;
	(void)n;
	(void)op;
	return (0);
}

int
pm_mpi_allreduce(uint64_t *v, size_t n, int op)
{
	(void)v;
	(void)n;
	(void)op;
	return (0);
}

int
pm_mpi_gather(const void *mine, size_t len, void *all)
{
	if (all != mine)
		memmove(all, mine, len);
	return (0);
}

void
pm_mpi_share_error(struct pm_error *e)
{
	(void)e;
}

void
pm_mpi_watch(int (*halted)(void *), void (*stop)(void *), void *arg)
{
	(void)halted;
	(void)stop;
	(void)arg;
}

void
pm_mpi_unwatch(void)
{
}

int
pm_mpi_lost(struct pm_mpi_loss *l)
{
	(void)l;
	return (0);
}

#endif /* HAVE_MPI */

/*
 * Record the loss of a peer (pm_mpi_lost) as the run's error e, unless e
 * holds one already: "lost rank R: how it was lost", with where (the
 * places of the lost rank's files, or NULL) named as where they may be
 * left.  The text is the transport's own (e->msg): a loss is for good,
 * and a run in trouble must be able to say so without allocating.
 */
void
pm_mpi_lost_error(struct pm_error *e, const char *where)
{
	static char		 text[PM_LOSTMAX];
	struct pm_mpi_loss	 l;
	char			 rank[32], how[128], more[48] = "";

	if (e->op != NULL || !pm_mpi_lost(&l))
		return;
	snprintf(rank, sizeof rank, "rank %u", l.rank);
	switch (l.how) {
	case PM_MPI_ENDED:
		snprintf(how, sizeof how, "its process (%d, on this host) "
		    "ended", l.pid);
		break;
	case PM_MPI_SILENT:
		snprintf(how, sizeof how, "no heartbeat from it for %.1f s: "
		    "it died or the network to it is down",
		    (double)l.silent_ns / 1e9);
		break;
	case PM_MPI_TOLD:
		snprintf(how, sizeof how, "rank %u lost it (%s)", l.by,
		    l.cause == PM_MPI_ENDED ? "its process ended" :
		    l.cause == PM_MPI_SILENT ? "no heartbeat" : "told");
		break;
	default:
		snprintf(how, sizeof how, "it lost this rank");
		break;
	}
	if (l.nlost > 1)
		snprintf(more, sizeof more, ", and %u more rank%s",
		    l.nlost - 1, l.nlost > 2 ? "s" : "");
	snprintf(text, sizeof text, "%s%s%s%s%s", how, more,
	    where != NULL ? "; its files in " : "", where != NULL ? where : "",
	    where != NULL ? " may be left" : "");
	pm_error_set(e, "lost", rank, 0);
	e->msg = text;
}
