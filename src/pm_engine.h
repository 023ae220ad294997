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
 * The engine's own types, shared by its files: pm_engine.c (the base:
 * stop flag, failures, results), pm_workload.c (one client's PostMark
 * workload), pm_client.c (making a client), pm_dirs.c and the files
 * beside it (the directory handles, pm_dirs.h), pm_interval.c (interval
 * series), pm_group.c (the clients of a run and the one sequencer of
 * its phases, in threads), pm_ranks.c (the group across MPI ranks:
 * agreements, the watch, a lost rank) and pm_merge.c (the run's result
 * from its clients').  Nothing outside the engine includes this.
 */

#ifndef PM_ENGINE_H
#define PM_ENGINE_H

#include <sys/types.h>

#include <pthread.h>
#include <signal.h>
#include <stdint.h>

#include "postmark.h"
#include "pm_clock.h"
#include "pm_dirs.h"
#include "pm_io.h"

#define PM_BM_LEVELS	6	/* 64^6 bits cover 2 * PM_NUMBER_MAX slots */
#define PM_DIGITS	10	/* decimal digits of a uint32_t */
#define PM_PREFIX_MAX	24	/* "c4294967295-" and room */
#define PM_NAME_MAX	(PM_PREFIX_MAX + PM_DIGITS + 2) /* prefix, "s", N */
#define PM_LAT_BATCH	4096	/* latencies binned at a time */
#define PM_LAT_KEY_BITS	4	/* low bits of a batch entry: phase, op */
#define PM_SW_STEPS	1024	/* stonewall checkpoints per phase */
#define PM_IV_NCOUNT	(PM_NOPS + 3)	/* operations, transactions, bytes */
#define PM_NSUB(cfg)	((cfg)->subdirs > 1 ? (cfg)->subdirs : 0) /* sK */
					/* in each directory, 0 = none */

/*
 * One slot of the file table: a live file when size is not 0.  Its
 * directory is kept beside the table, in as few bytes as the run's
 * directories need (struct pm_run's dir).
 */
struct pm_slot {
	uint32_t	 size;		/* bytes, 0 = free slot */
	uint32_t	 num;		/* name number, 1-based */
};

/*
 * Which slots are full.  Level 0 has a bit per slot; a bit of level l + 1
 * is set when the whole 64-bit word below it is full.  The top level is a
 * single word.
 */
struct pm_bitmap {
	uint64_t	*word[PM_BM_LEVELS];	/* bit set = full */
	size_t		 nbits[PM_BM_LEVELS];	/* valid bits per level */
	int		 nlevels;		/* 1..PM_BM_LEVELS */
};

struct pm_group;

/* A thread's CPU over time: (ns, user ticks, system ticks) triples. */
struct pm_cpuseries {
	uint64_t	*t;
	size_t		 n;
	size_t		 cap;
};

/* One client's interval series (pm_interval.c). */
struct pm_iv {
	int		 on;		/* set interval */
	int		 ms;		/* in milliseconds, else operations */
	uint64_t	 every;		/* operations, or ns */
	enum pm_tphase	 tp;		/* the phase being cut */
	uint32_t	 index;		/* of the current interval */
	uint64_t	 left;		/* operations to the next cut */
	uint64_t	 next;		/* ns: the next cut */
	uint64_t	 t_cut;		/* ns: the current interval's start */
	uint64_t	 tstart[PM_NTPHASES]; /* ns: each phase's start */
	uint64_t	 base[PM_IV_NCOUNT]; /* counts at t_cut */
	uint64_t	 cost[PM_NTPHASES]; /* ns: cutting, inside each phase */
	uint64_t	 ncut[PM_NTPHASES]; /* cuts inside each phase */
	struct pm_hist	 h[PM_NOPS];	/* this interval's latencies */
	struct pm_ivrow	*row;		/* all phases' rows */
	size_t		 nrow;
	size_t		 cap;
	pid_t		 tid;		/* the thread, for the sampler */
	struct pm_cpuseries cpu;	/* its CPU, from the sampler */
};

/* The thread that samples the clients' CPU for the interval rows. */
struct pm_sampler {
	pthread_t	 thread;
	pthread_mutex_t	 mtx;
	pthread_cond_t	 cv;
	int		 stop;
	int		 running;
	size_t		 failed;	/* bytes it could not allocate, or 0 */
	struct pm_run	**run;		/* the clients, borrowed */
	size_t		 n;
};

/*
 * One client: everything one PostMark workload owns.  A run has one
 * client (PostMark's run, in the calling thread) or several (threads,
 * each with seed + its global number, in its own directories or, shared,
 * with names of its own).
 */
struct pm_run {
	const struct pm_config	*cfg;		/* borrowed */
	const struct pm_hooks	*hooks;		/* borrowed, may be NULL */
	void			*arg;		/* for the hooks */
	struct pm_result	*res;		/* this client's result */
	struct pm_group		*grp;		/* borrowed */
	uint32_t		 id;		/* client number in the run */
	uint32_t		 gid;		/* across ranks: rank * n + id */
	struct pm_io		 io;		/* transfers, pm_io.c */

	struct pm_rng		 rng;		/* reseeded every run */
	struct pm_clock		 clk;		/* times each operation */
	uint64_t		 lat[PM_LAT_BATCH]; /* ns << 4 | key, unbinned */
	size_t			 nlat;		/* entries in lat */
	char			*source;	/* 2 * size_high bytes */

	struct pm_slot		*slot;		/* the file table */
	void			*dir;		/* each slot's directory, */
					/* loc * subdirectories + sub, in */
	unsigned int		 dirw;		/* dirw bytes (1, 2, 4, 8), or */
					/* NULL and 0: one directory */
	uint32_t		 nslots;	/* 2 * number */
	uint32_t		 next_slot;	/* PostMark's next free guess */
	struct pm_bitmap	 bm;		/* full slots */
	uint32_t		 created;	/* creates, names the files */
	uint32_t		 deleted;	/* successful deletes */

	size_t			 nloc;		/* locations, 0 = cwd */
	uint64_t		*cumweight;	/* running sum of the weights */
	uint64_t		 weight;	/* total weight */
	uint32_t		 subdirs;	/* > 1 when subdirs used */
	struct pm_dirctx	 dc;		/* for its directories' code */
	struct pm_dirs		*dirs;		/* where its files are */
	struct pm_dirs		 own;		/* its cI, when private */
	struct pm_dirs		 shifted;	/* rankshift: rank R+K's cI */
	char			 prefix[PM_PREFIX_MAX]; /* "c3-" when shared */
	size_t			 plen;		/* bytes of prefix */
	char			 name[PM_NAME_MAX]; /* current name in its dir */
	int			 dirfd;		/* its directory */

	int			 sw_on;		/* keep stonewall checkpoints */
	uint64_t		 swstep[PM_NTPHASES];	/* ops between them */
	uint32_t		 nsw[PM_NTPHASES];	/* kept */
	uint64_t		 sw[PM_NTPHASES][PM_SW_STEPS]; /* ns, mono */
	uint64_t		 tend[PM_NTPHASES]; /* ns: when it ended or */
					/* stopped each phase, or 0 */
	struct pm_iv		 iv;		/* set interval */
};

/*
 * The clients of one run and the state of its sequencer (pm_group.c).
 * t0[tp] is when phase tp started for all of them (the clients' end
 * stamps are their own); a phase never reached gets the time the run
 * stopped.
 */
struct pm_group {
	const struct pm_config	*cfg;		/* borrowed */
	const struct pm_hooks	*hooks;		/* borrowed, may be NULL */
	void			*arg;		/* for the hooks */
	struct pm_result	*res;		/* the run's, merged */
	struct pm_dirctx	 dc;		/* for the directories of all */
	struct pm_dirs		 top;		/* the locations */
	struct pm_dirs		 rank;		/* MPI: rR in each location */
	struct pm_dirs		 shift;		/* rankshift: rank R+K's rR */
	struct pm_run		**client;	/* this process's clients */
	uint32_t		 n;		/* how many */
	uint32_t		 rankno;	/* MPI rank, 0 without */
	uint32_t		 nranks;	/* MPI ranks, 1 without */
	int			 single;	/* PostMark's run: one */
						/* client, in this thread */
	int			 mpi;		/* several ranks */
	char			 host[64];	/* this rank's host name */
	int			 private;	/* clients in cI directories */
	int			 stop;		/* a client failed: all stop */
	int			 shifted;	/* set rankshift: the clients */
						/* took over rank R+K's */
	int			 unmade;	/* the clients were not all */
						/* made (on some rank) */
	uint64_t		 t0[PM_NTPHASES]; /* ns: each phase's start */
	uint64_t		 t_stop;	/* ns: when the walk ended */
	int			 ran[PM_NTPHASES][2]; /* something ran before */
						/* (0) or after (1) it */
	pthread_t		*thread;	/* the clients' threads */
	uint32_t		 nthreads;	/* made */
	pthread_mutex_t		 mtx;		/* for what follows */
	pthread_cond_t		 go;		/* cmd changed */
	pthread_cond_t		 done;		/* ndone changed */
	int			 cmd;		/* the phase to run, or -1 */
	uint32_t		 round;		/* commands given */
	uint32_t		 ndone;		/* clients done with it */
	struct pm_hooks		 chooks;	/* client 0's: progress */
	struct pm_clientrow	*rows;		/* each client's, for merging */
	struct pm_hist		*scratch;	/* for merging */
	struct pm_sampler	 sm;		/* set interval: CPU samples */
};

/*
 * After each operation of a phase: cut an interval when it is due (no
 * call but the clock's, and only with intervals of time).
 */
#define PM_IV_TICK(run) do {						\
	if ((run)->iv.on && ((run)->iv.ms ?				\
	    pm_clock_mono() >= (run)->iv.next : --(run)->iv.left == 0))	\
		pm_iv_cut((run), 0);					\
} while (0)

/* pm_engine.c: the stop flag, failures. */
extern volatile sig_atomic_t pm_signal;
int		 pm_stop_seen(const int *);
int		 pm_fail_in(struct pm_error *, int *, const char *,
		    const char *, int);
int		 pm_nomem_in(struct pm_error *, int *, const char *, uint64_t,
		    uint64_t);
void		 pm_group_stop(struct pm_group *);
int		 pm_group_halted(const struct pm_group *);
int		 pm_stopped(const struct pm_run *);
int		 pm_fail(struct pm_run *, const char *, const char *, int);
int		 pm_fail_alloc(struct pm_run *, const char *, uint64_t,
		    uint64_t);
void		 pm_error_alloc(struct pm_error *, const char *, uint64_t,
		    uint64_t);

/* pm_client.c: making a client. */
int		 pm_client_setup(struct pm_run *);
int		 pm_client_take(struct pm_run *, uint32_t);
void		 pm_client_teardown(struct pm_run *);

/* pm_workload.c: one client's workload. */
int		 pm_table_new(struct pm_run *);
int		 pm_table_replay(struct pm_run *);
void		 pm_table_free(struct pm_run *);
int		 pm_phase_create(struct pm_run *);
int		 pm_phase_transact(struct pm_run *);
int		 pm_phase_delete(struct pm_run *);
void		 pm_client_cleanup(struct pm_run *);

/* pm_interval.c: the latency batch, interval series. */
void		 pm_lat_flush(struct pm_run *);
int		 pm_iv_init(struct pm_run *);
int		 pm_iv_begin(struct pm_run *, enum pm_tphase, uint64_t,
		    uint64_t);
void		 pm_iv_cut(struct pm_run *, uint64_t);
void		 pm_iv_end(struct pm_run *, uint64_t);
void		 pm_iv_done(struct pm_run *);
void		 pm_iv_free(struct pm_run *);
int		 pm_sampler_start(struct pm_sampler *, struct pm_run **,
		    size_t);
void		 pm_sampler_stop(struct pm_sampler *);

/* pm_ranks.c: the group across MPI ranks. */
void		 pm_group_watch(struct pm_group *);
void		 pm_group_unwatch(struct pm_group *);
int		 pm_group_agree(struct pm_group *, int);
void		 pm_group_shift(struct pm_group *);
void		 pm_group_outcome(struct pm_group *);

/* pm_merge.c: the run's result. */
void		 pm_merge(struct pm_group *);
void		 pm_merge_status(struct pm_group *);
void		 pm_merge_cost(struct pm_group *);

#endif /* PM_ENGINE_H */
