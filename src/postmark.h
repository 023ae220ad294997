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
 * Shared types and prototypes.  The configuration (struct pm_config) is
 * written only by the command table in pm_cli.c; the engine
 * (pm_workload.c) reads it and fills a struct pm_result; the reporters
 * (pm_report.c and the formats beside it) format a result and never
 * touch the file system.
 */

#ifndef POSTMARK_H
#define POSTMARK_H

#include <sys/types.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "compat.h"
#include "pm_hist.h"

/* Limits on configuration values: every value fits PostMark's int. */
#define PM_INT_MAX		2147483647
#define PM_NUMBER_MAX		1073741823	/* 2 * number slots fit an int */
#define PM_SIZE_MAX		1073741823	/* 2 * high source bytes fit */
#define PM_BIAS_OFF		(-1)		/* bias that disables a half */

/* The version of the CSV columns (and of JSON records): columns are only
 * ever appended, and each addition raises it (results/README.md). */
#define PM_CSV_SCHEMA		6

/* The version of the interval series' columns (FILE.intervals.csv), its
 * own: 4 was the series of CSV schemas 4 and 5, whose first column was
 * iteration; 5 put schema_version before it.  Columns are appended. */
#define PM_SERIES_SCHEMA	5
#define PM_SERIES_SCHEMA_NOCOL	4	/* the version without the column */

/* Exit statuses of the program. */
#define PM_EXIT_OK		0	/* every command succeeded */
#define PM_EXIT_FAIL		1	/* a command or a run failed */
#define PM_EXIT_USAGE		2	/* bad command-line usage */

/* set report: the formats, named by pm_report_names[fmt]. */
enum pm_report_fmt {
	PM_REPORT_VERBOSE,
	PM_REPORT_TERSE,
	PM_REPORT_CSV,
	PM_REPORT_JSON,
	PM_NREPORTS
};
/* Their names, as "set report" takes them, NULL-ended (pm_option.c). */
extern const char *const pm_report_names[PM_NREPORTS + 1];

/* set sync: what makes a written file durable before it is closed. */
enum pm_sync {
	PM_SYNC_NONE,			/* nothing, as PostMark */
	PM_SYNC_FSYNC,			/* fsync(2) */
	PM_SYNC_FDATASYNC,		/* fdatasync(2) */
	PM_SYNC_OSYNC,			/* opened with O_SYNC */
	PM_SYNC_DSYNC			/* opened with O_DSYNC */
};

/* set cache: when the page cache is dropped (Linux drop_caches). */
enum pm_cache {
	PM_CACHE_WARM,			/* never, as PostMark */
	PM_CACHE_COLD,			/* before each run */
	PM_CACHE_COLD_PHASES		/* before each timed phase */
};
#define PM_DROP_CACHES	"/proc/sys/vm/drop_caches"	/* written to drop */

/*
 * set direct true with set buffering true: the rule's one message, of
 * the check before a run (pm_check.c) and of the engine's (pm_workload.c).
 */
#define PM_DIRECT_RULE	"set direct true needs set buffering false " \
			"(O_DIRECT is for unbuffered I/O)"

/* set hook: when a command runs, and around what. */
#define PM_HOOK_BEFORE		0
#define PM_HOOK_AFTER		1
enum pm_hook_phase {
	PM_HP_RUN,			/* the whole run */
	PM_HP_CREATION,
	PM_HP_TRANSACTIONS,
	PM_HP_DELETION,
	PM_NHOOKPHASES
};
/* Their words in "set hook", by index, NULL-ended (pm_value.c). */
extern const char *const pm_hook_whens[];
extern const char *const pm_hook_phases[];

/* One working directory with its weight (PostMark's location list). */
struct pm_location {
	char		*name;		/* directory path, owned by the config */
	uint32_t	 weight;	/* >= 1 */
};

/*
 * The configuration.  The single instance lives in pm_main.c and is passed
 * down by pointer.  Strings are owned (xstrdup on set, freed by
 * pm_config_free).  Numeric keys set through the generic option table are
 * uint32_t so that the table can write them by offsetof.
 */
struct pm_config {
	uint32_t	 size_low;	/* bytes, 1..PM_SIZE_MAX */
	uint32_t	 size_high;	/* bytes, size_low..PM_SIZE_MAX */
	uint32_t	 number;	/* initial files, 1..PM_NUMBER_MAX */
	uint32_t	 seed;		/* 1..PM_INT_MAX */
	uint32_t	 transactions;	/* 1..PM_INT_MAX */
	uint32_t	 subdirs;	/* 0 = unset; used only when > 1 */
	uint32_t	 read_block;	/* bytes */
	uint32_t	 write_block;	/* bytes */
	uint32_t	 buffering;	/* 1 = stdio, 0 = read(2)/write(2) */
	int		 bias_read;	/* -1..10, chance of read over append */
	int		 bias_create;	/* -1..10, chance of create over delete */
	uint32_t	 report;	/* PM_REPORT_*: set report */
	struct pm_location *locations;	/* in insertion order, owned */
	size_t		 nlocations;	/* 0 = current directory */
	char		*label;		/* free text for CSV/JSON, or NULL */
	uint32_t	 iterations;	/* runs per "run" command, >= 1 */
	uint32_t	 iterations_max; /* with precision: at most, or 0 */
	uint32_t	 precision;	/* stop when the 95 % CI is within */
					/* this many 1/100 % of the mean */
	uint32_t	 interval;	/* interval series: every N, 0 = off */
	uint32_t	 interval_ms;	/* 1: N milliseconds, 0: operations */
	uint32_t	 sync;		/* PM_SYNC_*: after writing a file */
	uint32_t	 dirsync;	/* 1: fsync the directory after a */
					/* create or delete */
	uint32_t	 direct;	/* 1: O_DIRECT (unbuffered only) */
	uint32_t	 cache;		/* PM_CACHE_*: dropped before runs? */
	uint32_t	 warmup;	/* runs before the measured ones */
	char		*hook[2][PM_NHOOKPHASES]; /* [PM_HOOK_BEFORE/AFTER] */
					/* [PM_HP_*]: shell commands, owned */
	uint32_t	 clients;	/* workloads run at once, >= 1 */
	uint32_t	 shared;	/* 1: clients share directories */
	uint32_t	 rankshift;	/* MPI: ranks to shift by, or 0 */
	uint32_t	 strictmodes;	/* 1: refuse a directory others could */
					/* write (set strictmodes) */
};

/* Phases of a run, in order.  Only CREATE, TRANSACT and DELETE are timed. */
enum pm_phase {
	PM_PHASE_MKDIR,			/* "Creating subdirectories..." */
	PM_PHASE_CREATE,		/* "Creating files..." */
	PM_PHASE_TRANSACT,		/* "Performing transactions" */
	PM_PHASE_DELETE,		/* "Deleting files..." */
	PM_PHASE_RMDIR,			/* "Deleting subdirectories..." */
	PM_NPHASES,
	PM_PHASE_START,			/* not a phase: before the first */
	PM_PHASE_END			/* not a phase: after the last */
};

/* Index of a timed phase in pm_result.lat[]. */
enum pm_tphase {
	PM_TP_CREATE,
	PM_TP_TRANSACT,
	PM_TP_DELETE,
	PM_NTPHASES
};

/* File operations whose latency is recorded. */
enum pm_op {
	PM_OP_CREATE,
	PM_OP_READ,
	PM_OP_APPEND,
	PM_OP_DELETE,
	PM_NOPS
};

/* How a run ended. */
enum pm_status {
	PM_STATUS_OK,			/* every transaction done, pool deleted */
	PM_STATUS_OUT_OF_FILES,		/* pool emptied during transactions */
	PM_STATUS_INTERRUPTED,		/* SIGINT, SIGTERM, SIGHUP, SIGQUIT */
	PM_STATUS_ERROR			/* an I/O or allocation error */
};

/*
 * What kind of failure an error is, which chooses its text (pm_error.c):
 * an errno, or a transfer that ended without one.  pm_error_set takes
 * the kind from the error number: an errno, or one of PM_ERRNUM_EOF and
 * PM_ERRNUM_SHORT, which the I/O path records (pm_io.c) and which travel
 * with the error wherever it is copied (clients, MPI ranks).
 */
enum pm_error_kind {
	PM_ERROR_ERRNO,			/* strerror(errnum) */
	PM_ERROR_EOF,			/* a read met the end of the file early */
	PM_ERROR_SHORT			/* a write moved no byte */
};
#define PM_ERRNUM_EOF	(-1)		/* errnum of PM_ERROR_EOF */
#define PM_ERRNUM_SHORT	(-2)		/* errnum of PM_ERROR_SHORT */

/*
 * Why a run failed: the operation, what it worked on and the error
 * number, as data (pm_error.c formats it as "OP PATH: message").  Only
 * the first failure of a run is kept.
 */
struct pm_error {
	const char	*op;		/* "open", "write", ... or NULL: none */
	char		*path;		/* full path as the user wrote it, owned */
	int		 errnum;	/* errno, or PM_ERRNUM_EOF, _SHORT */
	enum pm_error_kind kind;	/* from errnum: chooses the text */
	const char	*msg;		/* replaces strerror(errnum), or NULL */
	char		*text;		/* the same, allocated, or NULL */
	int		 client;	/* the client that failed, or -1 */
	int		 rank;		/* MPI: the rank that failed, or -1 */
};

/*
 * Where the time of a phase went (pm_usage.c): CPU and scheduling of the
 * process or of threads, counters of /proc/vmstat, and the I/O of the
 * block devices under the locations, as differences between the start
 * and the end of the phase.
 */
#define PM_NVM		14	/* /proc/vmstat counters kept: pm_vm_names */
#define PM_NDISK	7	/* /proc/diskstats figures: pm_disk_names */
#define PM_DISKS_MAX	8	/* devices under the locations, at most */

struct pm_cpu {
	uint64_t	 user_ns;	/* user CPU */
	uint64_t	 sys_ns;	/* system CPU */
	uint64_t	 vcsw;		/* voluntary context switches */
	uint64_t	 ivcsw;		/* involuntary context switches */
	uint64_t	 minflt;	/* minor page faults */
	uint64_t	 majflt;	/* major page faults */
};

struct pm_usage {
	int		 valid;		/* sampled at both ends */
	uint64_t	 wall_ns;	/* between the two samples */
	struct pm_cpu	 cpu;		/* the process (under MPI every */
					/* rank's, summed) */
	struct pm_cpu	 threads;	/* several clients: their threads */
					/* (every rank's) */
	int		 vm_ok;		/* /proc/vmstat was read */
	int64_t		 vm[PM_NVM];	/* deltas (nr_dirty may fall) */
	size_t		 ndisk;		/* = meta->ndisk */
	int		 disk_ok[PM_DISKS_MAX];	/* the device was read */
	uint64_t	 disk[PM_DISKS_MAX][PM_NDISK]; /* deltas */
};

/* A sample of the counters (pm_usage_sample), for pm_usage_delta. */
struct pm_sample {
	int		 taken;
	uint64_t	 t;		/* ns, CLOCK_MONOTONIC */
	struct pm_cpu	 cpu;
	int		 vm_ok;
	uint64_t	 vm[PM_NVM];
	int		 disk_ok[PM_DISKS_MAX];
	uint64_t	 disk[PM_DISKS_MAX][PM_NDISK];
};

#define PM_IV_MAX	16384	/* interval rows per phase, Nms */

/*
 * What a run, or one of its clients, did: the nine counts of files and
 * bytes, in one place for the result, a client's row and the column
 * table.  v is the same counts as an array, for what adds them up
 * (the clients of a run, the MPI ranks).
 */
#define PM_NCOUNTS	9
struct pm_counts {
	union {
		struct {
			uint64_t created_alone;	/* files created in the */
						/* creation phase */
			uint64_t created_mixed;	/* files created by */
						/* transactions */
			uint64_t read;		/* files read */
			uint64_t appended;	/* files appended to */
			uint64_t deleted_mixed;	/* files deleted by */
						/* transactions */
			uint64_t deleted_alone;	/* files deleted in the */
						/* deletion phase */
			uint64_t bytes_read;	/* bytes */
			uint64_t bytes_written;	/* bytes */
			uint64_t transactions_done; /* transactions */
						/* completed */
		};
		uint64_t v[PM_NCOUNTS];
	};
};
_Static_assert(sizeof (struct pm_counts) == PM_NCOUNTS * sizeof (uint64_t),
    "v[] is every count");

/* Files created in all: in the creation phase and by transactions. */
static inline uint64_t
pm_counts_created(const struct pm_counts *n)
{
	return (n->created_alone + n->created_mixed);
}

/* Files deleted in all: by transactions and in the deletion phase. */
static inline uint64_t
pm_counts_deleted(const struct pm_counts *n)
{
	return (n->deleted_alone + n->deleted_mixed);
}

/*
 * One client of a run with several, as the reports show it: its status,
 * counts, the duration of its phases and its latencies.  Plain data, so
 * that MPI ranks can send it as bytes.
 */
struct pm_clientrow {
	uint32_t	 id;		/* global number: rank * clients + i */
	uint32_t	 rank;		/* MPI rank, 0 without MPI */
	enum pm_status	 status;
	struct pm_counts counts;	/* what it did */
	uint64_t	 ns[PM_NTPHASES];	/* duration of each phase */
	struct pm_latstat lat[PM_NOPS];	/* all phases merged */
	char		 host[64];	/* its rank's host name */
	struct pm_cpu	 cpu[PM_NTPHASES];	/* its thread's, per phase */
};

/*
 * What a run measured.  Filled by pm_workload_run; the meta part is filled
 * by the caller (pm_sysinfo.c) and only read by reporters.  Timestamps are
 * CLOCK_MONOTONIC nanoseconds, taken at PostMark's four points: before the
 * creation phase, after "Performing transactions" is printed, right after
 * the transaction loop, and after the deletion phase.  When something
 * runs between two phases (a hook, a cache drop), t_create_end and t_del
 * mark where the creation phase ended and the deletion phase began, so
 * that it is in no phase's time; otherwise they equal t_trans and
 * t_trans_end, PostMark's intervals.
 */
struct pm_result {
	enum pm_status	 status;
	int		 signo;		/* signal for PM_STATUS_INTERRUPTED */
	enum pm_phase	 last_phase;	/* phase running when the run ended,
					   or START, END */
	struct pm_error	 error;		/* cause for PM_STATUS_ERROR */

	struct pm_counts counts;	/* what it did */

	uint64_t	 t_start;	/* ns, before creating files */
	uint64_t	 t_create_end;	/* ns, end of the creation phase */
	uint64_t	 t_trans;	/* ns, start of transactions */
	uint64_t	 t_trans_end;	/* ns, end of transactions */
	uint64_t	 t_del;		/* ns, start of the deletion phase */
	uint64_t	 t_end;		/* ns, after deleting files */

	struct pm_hist	 lat[PM_NTPHASES][PM_NOPS]; /* latency, ns */

	const struct pm_meta *meta;	/* run metadata, borrowed, or NULL */
	uint32_t	 iteration;	/* 1-based iteration of this run */
	int		 warmup;	/* 1: a warm-up run, not measured */

	/* With several clients (set clients, MPI ranks): */
	uint32_t	 nclients;	/* clients of the run, 1 or more */
	struct pm_clientrow *clients;	/* each one's, owned, or NULL */
	uint64_t	 sw_ns[PM_NTPHASES]; /* stonewall: until the first */
					/* client finished the phase */
	uint64_t	 sw_ops[PM_NTPHASES]; /* operations done by then */
	double		 balance;	/* fastest / slowest client */
	struct pm_usage	 usage[PM_NTPHASES]; /* where each phase's time went */
	struct pm_usage	 usage_run;	/* from creation to deletion */
	struct pm_ivrow	*iv;		/* set interval: the rows, owned */
	size_t		 niv;
	int		 iv_truncated;	/* a phase had more intervals than */
					/* PM_IV_MAX (set interval Nms) */
	uint64_t	 iv_cuts[PM_NTPHASES]; /* set interval: cuts inside */
					/* each phase, all clients' */
	uint64_t	 iv_cost_ns[PM_NTPHASES]; /* what they took, summed */
	uint64_t	 iv_phase_ns[PM_NTPHASES]; /* the clients' time in */
					/* each phase, summed */
	char		**warnings;	/* why the figures may mislead, owned */
	size_t		 nwarnings;
	unsigned char	*warnings_said;	/* [nwarnings]: said already to the */
					/* reader of the verbose report (an */
					/* earlier run of the command, on the */
					/* terminal), who is spared it; owned */
};

/*
 * One interval of a phase of one client (set interval): its times from
 * the client's start of the phase, the files alive at its end, what was
 * done in it, the median and 99th percentile latency of each operation
 * (microseconds, NAN when none ran), and its thread's CPU.
 */
struct pm_ivrow {
	uint32_t	 client;	/* global number */
	uint32_t	 phase;		/* enum pm_tphase */
	uint32_t	 index;		/* 0-based within the phase */
	uint64_t	 start_ns;	/* from the start of the phase */
	uint64_t	 end_ns;
	uint64_t	 alive;		/* files alive at its end */
	uint64_t	 ops[PM_NOPS];	/* create, read, append, delete */
	uint64_t	 transactions;
	uint64_t	 bytes_read;
	uint64_t	 bytes_written;
	double		 p50[PM_NOPS];	/* us */
	double		 p99[PM_NOPS];	/* us */
	double		 user_s;	/* CPU of its thread, interpolated */
	double		 sys_s;		/* from /proc samples, 1/HZ steps */
};

/* Run metadata gathered outside the measured phases (pm_sysinfo.c). */
struct pm_meta {
	char		*timestamp;	/* ISO 8601 UTC start of run */
	char		*host;		/* uname nodename */
	char		*kernel;	/* uname release */
	size_t		 nfs;		/* = nlocations, or 1 for cwd */
	char		**fs_type;	/* per location, from the mount table */
	char		**fs_options;	/* per location, mount options */
	/* The environment: */
	char		*cpu_model;	/* /proc/cpuinfo "model name" */
	uint32_t	 ncpu;		/* processors online */
	uint64_t	 mem_total_kb;	/* /proc/meminfo MemTotal */
	uint64_t	 mem_avail_kb;	/* MemAvailable, at the start */
	char		*cmdline;	/* /proc/cmdline */
	/* Per location, NULL when unknown: */
	char		**device;	/* block device ("sda1", "loop0") */
	char		**no_device;	/* why there is none ("tmpfs") */
	char		**scheduler;	/* I/O scheduler of its queue */
	char		**rotational;	/* "0" or "1" */
	char		**model;	/* the disk's model */
	char		**fs_features;	/* ext2/3/4: superblock features */
	char		**in_memory;	/* what keeps its files in memory */
					/* ("tmpfs", "zram0, a RAM disk") */
	size_t		 ndisk;		/* distinct devices sampled */
	char		*disk[PM_DISKS_MAX];	/* their names */
	/* The virtual machine, from PM_VM_* (set by guest/pm_init.c): */
	char		*vm_accel;	/* accelerator: "kvm", "tcg", or NULL */
	uint32_t	 vm_cpus;	/* virtual processors, 0: unknown */
	uint64_t	 vm_memory_mib;	/* its memory, MiB, 0: unknown */
	char		*vm_disk;	/* the disk's backing and device */
	char		*vm_cache;	/* QEMU's cache mode of the disk */
	char		*vm_qemu;	/* QEMU's version */
	char		*vm_machine;	/* QEMU's machine type */
	char		*vm_clock;	/* the guest's clock: "icount", "host" */
	char		*vm_icount_shift; /* -icount shift, digits, or NULL */
};

/*
 * Callbacks from the engine to its caller; any may be NULL.  phase_begin
 * and phase_end bracket each phase; phase_end for PM_PHASE_TRANSACT sees
 * the result so far (status PM_STATUS_OUT_OF_FILES when the pool ran out).
 * progress is called after each operation of the creation and deletion
 * phases and after each transaction, with done counting from 1.  before
 * and after run outside the timed intervals, before and after each timed
 * phase (PM_PHASE_CREATE, _TRANSACT, _DELETE): they return 1 when they
 * did something (their time is then left out of the phases), else 0.
 * Each returns -1 after filling the error (a failed write of progress
 * text, a failed hook), which stops the run as a failed operation would.
 * sample is called right before each timed phase starts (end 0) and
 * right after it ends (end 1), outside its interval, to measure where
 * its time went; it returns 1 when it sampled, else 0.
 */
struct pm_hooks {
	int	(*before)(void *, enum pm_phase, struct pm_error *);
	int	(*after)(void *, enum pm_phase, struct pm_error *);
	int	(*phase_begin)(void *, enum pm_phase, struct pm_error *);
	int	(*phase_end)(void *, enum pm_phase, const struct pm_result *,
		    struct pm_error *);
	int	(*progress)(void *, enum pm_phase, uint64_t done,
		    uint64_t total, struct pm_error *);
	int	(*sample)(void *, enum pm_phase, int end);
};

/* pm_group.c, pm_engine.c: the engine. */
int		 pm_workload_run(const struct pm_config *,
		    const struct pm_hooks *, void *, struct pm_result *);
void		 pm_workload_interrupt(int);
int		 pm_workload_signal(void);
void		 pm_thread_signals(void);
struct pm_result *pm_result_new(void);
struct pm_result *pm_result_try(void);
void		 pm_result_reset(struct pm_result *);
void		 pm_result_free(struct pm_result *);

/* pm_error.c */
void		 pm_error_set(struct pm_error *, const char *, const char *,
		    int);
void		 pm_error_clear(struct pm_error *);
char		*pm_error_string(const struct pm_error *);

/* pm_rng.c: MT19937 with PostMark's 69069 seeding. */
struct pm_rng {
	uint32_t	 mt[624];
	int		 mti;
};
void		 pm_rng_seed(struct pm_rng *, uint32_t);
uint32_t	 pm_rng_next(struct pm_rng *);
uint32_t	 pm_rng_rnd(struct pm_rng *, int64_t);

/* pm_option.c, pm_value.c: the configuration's life (pm_option.h). */
void		 pm_config_init(struct pm_config *);
void		 pm_config_copy(struct pm_config *, const struct pm_config *);
void		 pm_config_free(struct pm_config *);
void		 pm_config_add_location(struct pm_config *, const char *,
		    uint32_t);

/*
 * The reporters: every one writes to the stream it is given and returns
 * ferror(fp) ? -1 : 0 (pm_report.c: the table of formats and the
 * dispatch; pm_classic.c, pm_csv.c, pm_json.c: the formats; pm_stats.c:
 * rates and statistics).
 */
struct pm_summary;
struct pm_rates {
	double		 elapsed;	/* s, whole run (creation to deletion) */
	double		 t_elapsed;	/* s, transactions */
	double		 create_iv;	/* s, creation phase */
	double		 delete_iv;	/* s, deletion phase */
	double		 transactions;	/* per s */
	double		 created;	/* per s over elapsed */
	double		 created_alone;	/* per s over create_iv */
	double		 created_mixed;	/* per s over t_elapsed */
	double		 read;		/* per s over t_elapsed */
	double		 appended;	/* per s over t_elapsed */
	double		 deleted;	/* per s over elapsed */
	double		 deleted_alone;	/* per s over delete_iv */
	double		 deleted_mixed;	/* per s over t_elapsed */
	double		 bytes_read;	/* bytes per s over elapsed */
	double		 bytes_written;	/* bytes per s over elapsed */
	/* Stonewall: until the first client finished each phase. */
	double		 sw_create_s;	/* s */
	double		 sw_trans_s;	/* s */
	double		 sw_delete_s;	/* s */
	double		 sw_created;	/* creation-phase files per s */
	double		 sw_transactions; /* per s */
	double		 sw_deleted;	/* deletion-phase files per s */
	double		 balance;	/* fastest / slowest client, 1 alone */
};
void		 pm_result_warn(struct pm_result *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));

/* pm_report.c */
int		 pm_report(FILE *, const struct pm_config *,
		    const struct pm_result *);
int		 pm_report_classic(const struct pm_config *);
int		 pm_report_header(FILE *, const struct pm_config *);
int		 pm_report_record(FILE *, const struct pm_config *,
		    const struct pm_result *);
const char	*pm_phase_name(enum pm_phase);
const char	*pm_signal_name(int);

/* pm_classic.c: PostMark's verbose and terse reports. */
int		 pm_report_verbose(FILE *, const struct pm_config *,
		    const struct pm_result *);
int		 pm_report_terse(FILE *, const struct pm_config *,
		    const struct pm_result *);

/* pm_csv.c: CSV records and the interval series (FILE.intervals.csv). */
int		 pm_report_csv(FILE *, const struct pm_config *,
		    const struct pm_result *);
int		 pm_report_csv_header(FILE *);
int		 pm_report_intervals(FILE *, const struct pm_config *,
		    const struct pm_result *);
int		 pm_report_intervals_header(FILE *);

/* pm_json.c: JSON records. */
int		 pm_report_json(FILE *, const struct pm_config *,
		    const struct pm_result *);

/* pm_stats.c: rates, latency statistics, the summary of iterations. */
void		 pm_report_rates(const struct pm_config *,
		    const struct pm_result *, struct pm_rates *);
void		 pm_client_rates(const struct pm_clientrow *, struct pm_rates *);
double		 pm_student_t975(size_t);
int		 pm_report_summary(FILE *, const struct pm_summary *);
struct pm_summary *pm_summary_new(void);
void		 pm_summary_add(struct pm_summary *, const struct pm_config *,
		    const struct pm_result *);
void		 pm_summary_free(struct pm_summary *);
size_t		 pm_summary_rate(const struct pm_summary *, double *,
		    double *, double *);

/* pm_strict.c: whether others could replace a directory's files. */
struct stat;
char		*pm_dirs_exposure(int, const struct stat *, uid_t,
		    const char *);
int		 pm_dirs_shared(int, const struct stat *, uid_t);
char		*pm_files_exposure(const struct stat *, uid_t);

/* pm_sysinfo.c: run metadata, gathered before a run. */
struct pm_meta	*pm_meta_new(const struct pm_config *);
void		 pm_meta_free(struct pm_meta *);

/* pm_usage.c */
extern const char *const pm_vm_names[PM_NVM];
extern const char *const pm_disk_names[PM_NDISK];
void		 pm_usage_sample(struct pm_sample *, const struct pm_meta *);
void		 pm_usage_delta(struct pm_usage *, const struct pm_sample *,
		    const struct pm_sample *, size_t);
void		 pm_usage_thread(struct pm_cpu *);
void		 pm_cpu_sub(struct pm_cpu *, const struct pm_cpu *,
		    const struct pm_cpu *);
void		 pm_cpu_add(struct pm_cpu *, const struct pm_cpu *);
void		 pm_usage_ranks(struct pm_result *);

/*
 * xmalloc.c: allocation that exits with a message on failure, only
 * where no run holds files (src/README.run, "Running out of memory").
 */
void		*xmalloc(size_t);
void		*xcalloc(size_t, size_t);
void		*xcalloc_what(const char *, size_t, size_t);
void		 pm_size_text(char *, size_t, uint64_t);
void		*xreallocarray(void *, size_t, size_t);
char		*xstrdup(const char *);
int		 xasprintf(char **, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));
int		 xvasprintf(char **, const char *, va_list)
		    __attribute__((__format__(__printf__, 2, 0)));

#endif /* POSTMARK_H */
