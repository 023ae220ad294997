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
 * The run driver: what "run [FILE]" does around the engine.  It opens
 * the report file before anything runs, catches the signals that would
 * end the program (SIGINT, SIGTERM, SIGHUP, SIGQUIT stop the run at the
 * next operation boundary; SIGPIPE and SIGXFSZ are ignored so that they
 * come back as EPIPE and EFBIG errors), runs the iterations, prints
 * PostMark's progress text from the engine's hooks (plus a live progress
 * line on standard error when that is a terminal), and writes each
 * run's report with those signals blocked, so that a record is never cut
 * in half and no signal is lost: one that arrives meanwhile stops the
 * next iteration before it starts.
 */

#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"
#include "pm_clock.h"
#include "pm_hook.h"
#include "pm_mpi.h"
#include "pm_names.h"
#include "pm_record.h"
#include "pm_warn.h"

#ifndef nitems
#define nitems(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define PM_LIVE_NS	250000000ULL	/* ns between live progress updates */
#define PM_DROP_CACHES	"/proc/sys/vm/drop_caches"

/* State of one "run" command, shared with the engine's hooks. */
struct pm_drive {
	const struct pm_config *cfg;	/* borrowed */
	uint32_t	 iteration;	/* of the run going on, from 1 */
	int		 warmup;	/* it is a warm-up run */
	FILE		*out;		/* progress text: stdout, or stderr */
	uint64_t	 step;		/* transactions per progress dot */
	enum pm_phase	 phase;		/* phase in progress */
	int		 shown;		/* its title was printed */
	int		 midline;	/* out holds an unfinished line */
	unsigned int	 ndots;		/* dots printed in this phase */
	int		 live;		/* live progress on stderr */
	int		 same_tty;	/* out and stderr: one terminal */
	uint64_t	 t_phase;	/* ns, CLOCK_MONOTONIC, phase start */
	uint64_t	 t_next;	/* ns, next live refresh */
	size_t		 live_len;	/* characters of live text shown */
	const struct pm_meta *meta;	/* the run's: devices to sample */
	struct pm_output output;	/* the report and interval series */
	struct pm_warned warned;	/* the warnings said */
	struct pm_sample samp[PM_NTPHASES][2]; /* at each phase's edges */
};

/* The dispositions a run changes, to put back afterwards. */
struct pm_sigsave {
	struct sigaction stop[4];	/* of pm_stop_signals */
	struct sigaction ignore[2];	/* of pm_ignored_signals */
};

static int	 pm_flush_progress(struct pm_drive *, struct pm_error *);
static int	 pm_hook_begin(void *, enum pm_phase, struct pm_error *);
static int	 pm_hook_sample(void *, enum pm_phase, int);
static void	 pm_usage_fill(const struct pm_drive *, struct pm_result *);
static int	 pm_enough(const struct pm_config *, struct pm_summary *,
		    uint32_t, FILE *);
static int	 pm_run_close(struct pm_drive *, struct pm_summary *,
		    struct pm_cmderr *);
static int	 pm_hook_end(void *, enum pm_phase, const struct pm_result *,
		    struct pm_error *);
static int	 pm_hook_progress(void *, enum pm_phase, uint64_t, uint64_t,
		    struct pm_error *);
static void	 pm_live_draw(struct pm_drive *, uint64_t, uint64_t,
		    uint64_t);
static void	 pm_live_erase(struct pm_drive *);
static size_t	 pm_live_prefix(const struct pm_drive *, char *, size_t);
static void	 pm_drive_init(struct pm_drive *, const struct pm_config *,
		    FILE *);
static void	 pm_onsignal(int);
static void	 pm_signals_catch(struct pm_sigsave *);
static void	 pm_signals_restore(const struct pm_sigsave *);
static void	 pm_signals_block(int, sigset_t *);
static int	 pm_outcome(const struct pm_config *, const struct pm_result *,
		    struct pm_cmderr *);
static void	 pm_between(const struct pm_config *, uint32_t, int);
static int	 pm_unrecorded(struct pm_cmderr *, struct pm_cmderr *);
static int	 pm_iteration(struct pm_drive *, struct pm_result *,
		    struct pm_summary **, struct pm_cmderr *);
static int	 pm_drop_caches(struct pm_error *);
static int	 pm_hook_command(const struct pm_drive *, int, int,
		    struct pm_error *);
static int	 pm_hook_phase(enum pm_phase);
static int	 pm_hook_before(void *, enum pm_phase, struct pm_error *);
static int	 pm_hook_after(void *, enum pm_phase, struct pm_error *);
static void	 pm_engine(struct pm_drive *, const struct pm_hooks *,
		    struct pm_result *);
static int	 pm_made_by_run(const struct pm_config *, const char *);
static void	 pm_interrupted(const struct pm_config *,
		    const struct pm_result *);

/* Signals that stop a run; it then ends as interrupted. */
static const int pm_stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* Signals ignored during a run, so that they come back as errors. */
static const int pm_ignored_signals[] = { SIGPIPE, SIGXFSZ };

/* PostMark's progress titles, by phase. */
static const char *const pm_phase_titles[PM_NPHASES] = {
	"Creating subdirectories...",
	"Creating files...",
	"Performing transactions",
	"Deleting files...",
	"Deleting subdirectories..."
};

/*
 * Flush the progress text; a failure (a closed pipe: EPIPE) is the run's
 * error.  Returns 0 or -1.
 */
static int
pm_flush_progress(struct pm_drive *run, struct pm_error *err)
{
	if (fflush(run->out) == 0 && !ferror(run->out))
		return (0);
	pm_error_set(err, "write", run->out == stdout ? "standard output" :
	    "standard error", errno);
	return (-1);
}

/*
 * Hook: a phase begins.  Print PostMark's title (the subdirectory phases
 * only when subdirectories are used, as PostMark) and flush.
 */
static int
pm_hook_begin(void *arg, enum pm_phase phase, struct pm_error *err)
{
	struct pm_drive	*run = arg;

	run->phase = phase;
	run->ndots = 0;
	run->live_len = 0;
	run->shown = 0;
	if ((phase == PM_PHASE_MKDIR || phase == PM_PHASE_RMDIR) &&
	    run->cfg->subdirs <= 1)
		return (0);
	if (run->midline)
		putc('\n', run->out);
	fputs(pm_phase_titles[phase], run->out);
	run->shown = 1;
	run->midline = 1;
	if (run->live) {
		run->t_phase = pm_clock_mono();
		run->t_next = run->t_phase + PM_LIVE_NS;
	}
	return (pm_flush_progress(run, err));
}

/*
 * Hook: a phase ended.  Erase the live line and finish PostMark's line:
 * "Done", or the out-of-files message after the transactions.  A run that
 * failed or was interrupted leaves the line open; cmd_run ends it.
 */
static int
pm_hook_end(void *arg, enum pm_phase phase, const struct pm_result *r,
    struct pm_error *err)
{
	struct pm_drive	*run = arg;

	pm_live_erase(run);
	if (!run->shown)
		return (0);
	run->shown = 0;
	if (r != NULL && (r->status == PM_STATUS_ERROR ||
	    r->status == PM_STATUS_INTERRUPTED))
		return (0);
	if (phase == PM_PHASE_TRANSACT && r != NULL &&
	    r->status == PM_STATUS_OUT_OF_FILES)
		fputs("out of files!\n"
		    "For this workload, either increase the number of files "
		    "or\n"
		    "decrease the number of transactions.\n", run->out);
	else
		fputs("Done\n", run->out);
	/* No flush: PostMark's writes to stdout, system call for call. */
	run->midline = 0;
	if (ferror(run->out))
		return (pm_flush_progress(run, err));
	return (0);
}

/*
 * Hook: an operation of a phase is done (done counts from 1).  Print
 * PostMark's dot after transaction i (0-based) when i is a multiple of
 * the step, and refresh the live line at most every PM_LIVE_NS.
 */
static int
pm_hook_progress(void *arg, enum pm_phase phase, uint64_t done,
    uint64_t total, struct pm_error *err)
{
	struct pm_drive	*run = arg;
	uint64_t	 now;

	if (phase == PM_PHASE_TRANSACT && (done - 1) % run->step == 0) {
		if (run->live_len > 0 && run->same_tty) {
			/* The dot goes before the live text: redraw. */
			pm_live_erase(run);
			run->t_next = 0;
		}
		putc('.', run->out);
		run->ndots++;
		if (pm_flush_progress(run, err) == -1)
			return (-1);
	}
	if (run->live && run->shown) {
		now = pm_clock_mono();
		if (now >= run->t_next) {
			pm_live_draw(run, now, done, total);
			run->t_next = now + PM_LIVE_NS;
		}
	}
	return (0);
}

/*
 * What stdout has shown on the current line (title and dots), when the
 * live line shares its terminal and must redraw it; otherwise nothing.
 */
static size_t
pm_live_prefix(const struct pm_drive *run, char *buf, size_t size)
{
	size_t		 len;
	unsigned int	 i;

	if (!run->same_tty) {
		buf[0] = '\0';
		return (0);
	}
	len = strlcpy(buf, pm_phase_titles[run->phase], size);
	for (i = 0; i < run->ndots && len + 1 < size; i++)
		buf[len++] = '.';
	buf[len] = '\0';
	return (len);
}

/* Draw the live line: phase, percent, operations per second, ETA. */
static void
pm_live_draw(struct pm_drive *run, uint64_t now, uint64_t done,
    uint64_t total)
{
	char		 buf[256], text[96];
	double		 secs, rate, eta;
	size_t		 len, tlen;

	secs = (double)(now - run->t_phase) / 1e9;
	rate = secs > 0 ? (double)done / secs : 0;
	eta = rate > 0 ? (double)(total - done) / rate : 0;
	snprintf(text, sizeof text, "%s%s%3u%% %.0f/s ETA %u:%02u%s",
	    run->same_tty ? " [" : "",
	    run->same_tty ? "" : pm_phase_name(run->phase),
	    total > 0 ? (unsigned int)(done * 100 / total) : 0, rate,
	    (unsigned int)eta / 60, (unsigned int)eta % 60,
	    run->same_tty ? "]" : "");
	tlen = strlen(text);

	buf[0] = '\r';
	len = 1 + pm_live_prefix(run, buf + 1, sizeof buf - 1);
	len += strlcpy(buf + len, text, sizeof buf - len);
	while (tlen < run->live_len && len + 1 < sizeof buf) {
		buf[len++] = ' ';
		tlen++;
	}
	fflush(run->out);
	fwrite(buf, 1, len, stderr);
	run->live_len = strlen(text);
}

/* Erase the live line, leaving the cursor after stdout's text. */
static void
pm_live_erase(struct pm_drive *run)
{
	char	 buf[512], prefix[128];
	size_t	 len, plen, i;

	if (run->live_len == 0)
		return;
	plen = pm_live_prefix(run, prefix, sizeof prefix);
	buf[0] = '\r';
	len = 1 + strlcpy(buf + 1, prefix, sizeof buf - 1);
	for (i = 0; i < run->live_len && len + plen + 2 < sizeof buf; i++)
		buf[len++] = ' ';
	buf[len++] = '\r';
	memcpy(buf + len, prefix, plen);
	len += plen;
	fwrite(buf, 1, len, stderr);
	run->live_len = 0;
}

/*
 * set cache cold: write back what is dirty and drop the page cache, the
 * dentries and the inodes (drop_caches 3).  Returns 0, or -1 with *err.
 */
static int
pm_drop_caches(struct pm_error *err)
{
	int	 fd;

	sync();
	if ((fd = open(PM_DROP_CACHES, O_WRONLY | O_CLOEXEC)) == -1) {
		pm_error_set(err, "open", PM_DROP_CACHES, errno);
		return (-1);
	}
	if (write(fd, "3", 1) != 1) {
		pm_error_set(err, "write", PM_DROP_CACHES, errno);
		close(fd);
		return (-1);
	}
	if (close(fd) == -1) {
		pm_error_set(err, "close", PM_DROP_CACHES, errno);
		return (-1);
	}
	return (0);
}

/* Run the hook set for when and hp, if any (pm_hook_run). */
static int
pm_hook_command(const struct pm_drive *run, int when, int hp,
    struct pm_error *err)
{
	struct pm_hookrun	 h = {
		.cfg = run->cfg,
		.iteration = run->iteration,
		.warmup = run->warmup,
		.out = run->out
	};

	return (pm_hook_run(&h, when, hp, err));
}

/* The engine's sample at an edge of a timed phase (pm_usage.c). */
static int
pm_hook_sample(void *arg, enum pm_phase phase, int end)
{
	struct pm_drive	*run = arg;
	int		 tp;

	tp = phase == PM_PHASE_CREATE ? PM_TP_CREATE :
	    phase == PM_PHASE_TRANSACT ? PM_TP_TRANSACT : PM_TP_DELETE;
	pm_usage_sample(&run->samp[tp][end != 0], run->meta);
	return (1);
}

/*
 * Where the time went, from the samples: each phase's, and the whole
 * run's from the start of creation to the end of deletion.  The client
 * threads' CPU, measured by the engine, is kept.
 */
static void
pm_usage_fill(const struct pm_drive *run, struct pm_result *r)
{
	struct pm_cpu	 th;
	size_t		 nd = run->meta != NULL ? run->meta->ndisk : 0;
	int		 tp;

	for (tp = 0; tp < PM_NTPHASES; tp++) {
		th = r->usage[tp].threads;
		pm_usage_delta(&r->usage[tp], &run->samp[tp][0],
		    &run->samp[tp][1], nd);
		r->usage[tp].threads = th;
	}
	pm_usage_delta(&r->usage_run, &run->samp[PM_TP_CREATE][0],
	    &run->samp[PM_TP_DELETE][1], nd);
}

/*
 * set iterations MIN-MAX: whether the runs so far are enough, after MIN:
 * the 95 % confidence interval of the transaction rate within set
 * precision of its mean, or MAX runs.  Says which on info when so.
 */
static int
pm_enough(const struct pm_config *cfg, struct pm_summary *sum, uint32_t n,
    FILE *info)
{
	double	 mean, half, cv, rel;

	if (cfg->iterations_max == 0 || n < cfg->iterations || sum == NULL)
		return (n >= cfg->iterations);
	(void)pm_summary_rate(sum, &mean, &half, &cv);
	rel = 100.0 * half / mean;
	if (cfg->precision > 0 && isfinite(rel) &&
	    rel <= cfg->precision / 100.0) {
		fprintf(info, "Stopped after %u runs: the 95%% confidence "
		    "interval of transactions/s is within %.2f%% of the mean "
		    "(asked: %.2f%%)\n", n, rel, cfg->precision / 100.0);
		return (1);
	}
	if (n < cfg->iterations_max)
		return (0);
	if (cfg->precision > 0)
		fprintf(info, "Reached %u runs: the 95%% confidence interval "
		    "of transactions/s is within %.2f%% of the mean, not the "
		    "%.2f%% asked\n", n, rel, cfg->precision / 100.0);
	else
		fprintf(info, "Reached %u runs (no set precision to stop "
		    "sooner)\n", n);
	return (1);
}

/* The hook phase of a timed phase of the engine. */
static int
pm_hook_phase(enum pm_phase phase)
{
	return (phase == PM_PHASE_CREATE ? PM_HP_CREATION :
	    phase == PM_PHASE_TRANSACT ? PM_HP_TRANSACTIONS : PM_HP_DELETION);
}

/*
 * Before a timed phase: the hook "before PHASE", then with set cache
 * cold-phases the cache drop.  Returns 1 when something ran, 0, or -1.
 */
static int
pm_hook_before(void *arg, enum pm_phase phase, struct pm_error *err)
{
	struct pm_drive	*run = arg;
	int		 rc;

	if ((rc = pm_hook_command(run, PM_HOOK_BEFORE, pm_hook_phase(phase),
	    err)) == -1)
		return (-1);
	if (run->cfg->cache == PM_CACHE_COLD_PHASES) {
		if (pm_drop_caches(err) == -1)
			return (-1);
		rc = 1;
	}
	return (rc);
}

/* After a timed phase: the hook "after PHASE". */
static int
pm_hook_after(void *arg, enum pm_phase phase, struct pm_error *err)
{
	return (pm_hook_command(arg, PM_HOOK_AFTER, pm_hook_phase(phase),
	    err));
}

/*
 * One run of the engine between the hook "before run" and set cache
 * cold's drop before it, and the hook "after run" after it.  A failure of
 * those is the run's error (before: nothing ran); a signal that stopped
 * one of the hooks makes the run interrupted.
 */
static void
pm_engine(struct pm_drive *run, const struct pm_hooks *hooks,
    struct pm_result *r)
{
	struct pm_error	 err = { 0 };
	int		 failed, stopped = 0, signo;

	pm_result_reset(r);
	failed = (pm_hook_command(run, PM_HOOK_BEFORE, PM_HP_RUN, &err) == -1 ||
	    (run->cfg->cache == PM_CACHE_COLD && pm_drop_caches(&err) == -1)) &&
	    err.op != NULL;
	if (pm_mpi_any(failed)) {
		pm_mpi_share_error(&err);
		r->error = err;
		r->status = PM_STATUS_ERROR;
		return;
	}
	if ((signo = pm_mpi_max(pm_workload_signal())) != 0) {
		pm_workload_interrupt(signo);
		r->status = PM_STATUS_INTERRUPTED;
		r->signo = signo;
		return;
	}
	pm_workload_run(run->cfg, hooks, run, r);
	failed = 0;
	if (r->status == PM_STATUS_OK)
		r->last_phase = PM_PHASE_END;
	if (r->status != PM_STATUS_ERROR &&
	    pm_hook_command(run, PM_HOOK_AFTER, PM_HP_RUN, &err) == -1) {
		failed = err.op != NULL;
		stopped = !failed;
	}
	if (pm_mpi_any(failed) && (failed || r->error.op == NULL)) {
		pm_mpi_share_error(&err);
		pm_error_clear(&r->error);
		r->error = err;
		r->status = PM_STATUS_ERROR;
	} else if (stopped && r->status != PM_STATUS_INTERRUPTED) {
		r->status = PM_STATUS_INTERRUPTED;
		r->signo = pm_workload_signal();
	}
}

/* Prepare the state of a run command for cfg, progress text to out. */
static void
pm_drive_init(struct pm_drive *run, const struct pm_config *cfg, FILE *out)
{
	struct stat	 so, se;

	memset(run, 0, sizeof *run);
	run->cfg = cfg;
	run->out = out;
	run->step = cfg->transactions / 10 > 0 ? cfg->transactions / 10 : 1;
	run->live = isatty(STDERR_FILENO);
	if (run->live && isatty(fileno(out)))
		run->same_tty = fstat(fileno(out), &so) == 0 &&
		    fstat(STDERR_FILENO, &se) == 0 && so.st_rdev == se.st_rdev;
}

/*
 * A signal that stops the run: ask the engine to stop, and pass it on to
 * the hook running, if any.
 */
static void
pm_onsignal(int signo)
{
	pm_workload_interrupt(signo);
	pm_hook_forward(signo);
}

/*
 * Catch the stopping signals (but leave ignored what our parent
 * ignores, as a background job's SIGINT) and ignore SIGPIPE and SIGXFSZ;
 * the old dispositions go to save.
 */
static void
pm_signals_catch(struct pm_sigsave *save)
{
	struct sigaction	 sa;
	size_t			 i;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < nitems(pm_stop_signals); i++)
		sigaddset(&sa.sa_mask, pm_stop_signals[i]);
	sa.sa_flags = SA_RESTART;
	for (i = 0; i < nitems(pm_stop_signals); i++) {
		sa.sa_handler = pm_onsignal;
		sigaction(pm_stop_signals[i], &sa, &save->stop[i]);
		if (save->stop[i].sa_handler == SIG_IGN)
			sigaction(pm_stop_signals[i], &save->stop[i], NULL);
	}
	sa.sa_handler = SIG_IGN;
	for (i = 0; i < nitems(pm_ignored_signals); i++)
		sigaction(pm_ignored_signals[i], &sa, &save->ignore[i]);
}

/* Put back the dispositions pm_signals_catch saved. */
static void
pm_signals_restore(const struct pm_sigsave *save)
{
	size_t	 i;

	for (i = 0; i < nitems(pm_stop_signals); i++)
		sigaction(pm_stop_signals[i], &save->stop[i], NULL);
	for (i = 0; i < nitems(pm_ignored_signals); i++)
		sigaction(pm_ignored_signals[i], &save->ignore[i], NULL);
}

/*
 * Block the stopping signals (block set: old mask saved in *old) or put
 * the old mask back, after which a pending one is delivered.
 */
static void
pm_signals_block(int block, sigset_t *old)
{
	sigset_t	 set;
	size_t		 i;

	if (!block) {
		sigprocmask(SIG_SETMASK, old, NULL);
		return;
	}
	sigemptyset(&set);
	for (i = 0; i < nitems(pm_stop_signals); i++)
		sigaddset(&set, pm_stop_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/*
 * Whether the missing location loc is one the run will make: an sK of an
 * earlier location ("set location A" then "+A/s0" with subdirectories),
 * as the engine names them (pm_names.c).
 */
static int
pm_made_by_run(const struct pm_config *cfg, const char *loc)
{
	struct stat	 sd, sl;
	char		*d, *b;
	size_t		 i;
	int		 made = 0;

	d = xstrdup(loc);
	b = xstrdup(loc);
	if (pm_names_made(cfg, pm_mpi_size(), basename(b)) ==
	    PM_NAME_SUBDIR && stat(dirname(d), &sd) == 0) {
		for (i = 0; i < cfg->nlocations && !made; i++) {
			if (strcmp(cfg->locations[i].name, loc) == 0)
				break;
			made = stat(cfg->locations[i].name, &sl) == 0 &&
			    sl.st_dev == sd.st_dev && sl.st_ino == sd.st_ino;
		}
	}
	free(d);
	free(b);
	return (made);
}

/*
 * What "run [FILE]" can check before anything runs: what it writes (the
 * report file's name and, when fs is set, that it can be written and
 * holds what the run writes; pm_output.c) and, when fs is set, that
 * every location is a directory where, with set strictmodes, no one
 * else could replace the run's files.  Returns 0, or -1 with *err set.
 */
int
pm_run_check(const struct pm_config *cfg, const char *file, int fs,
    struct pm_cmderr *err)
{
	struct stat	 st;
	const char	*loc;
	char		*why;
	size_t		 i;
	int		 w, p;

	if (cfg->direct && cfg->buffering) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "run: set direct true "
		    "needs set buffering false (O_DIRECT is for unbuffered "
		    "I/O)");
		return (-1);
	}
	/* A hook may make or mount the locations: no file-system check. */
	for (w = 0; w < 2; w++) {
		for (p = 0; p < PM_NHOOKPHASES; p++) {
			if (cfg->hook[w][p] != NULL)
				fs = 0;
		}
	}
	if (pm_output_check(cfg, file, fs, err) == -1)
		return (-1);
	for (i = 0; fs && i < (cfg->nlocations > 0 ? cfg->nlocations : 1);
	    i++) {
		loc = cfg->nlocations > 0 ? cfg->locations[i].name : ".";
		if (stat(loc, &st) == -1) {
			if (errno == ENOENT && pm_made_by_run(cfg, loc))
				continue;
			pm_cmderr_set(err, PM_ERR_INPUT, NULL, "run: location "
			    "'%s': %s", loc, strerror(errno));
			return (-1);
		}
		if (!S_ISDIR(st.st_mode)) {
			pm_cmderr_set(err, PM_ERR_INPUT, NULL, "run: location "
			    "'%s' is not a directory", loc);
			return (-1);
		}
		if (cfg->strictmodes && (why = pm_dirs_exposure(&st,
		    geteuid())) != NULL) {
			pm_cmderr_set(err, PM_ERR_INPUT, NULL, "run: location "
			    "'%s': %s", loc, why);
			free(why);
			return (-1);
		}
	}
	return (0);
}

/*
 * Report on stderr a signal that arrived between runs (or after the
 * last): runs before the it-th were complete.
 */
static void
pm_between(const struct pm_config *cfg, uint32_t it, int signo)
{
	fflush(stdout);
	fprintf(stderr, "postmark: interrupted by %s after %u of %u runs "
	    "(warm-up runs included); each of them was complete and is "
	    "reported\n", pm_signal_name(signo), it - 1,
	    cfg->warmup + cfg->iterations);
}

/* Report an interrupted run on stderr: signal, phase, counts. */
static void
pm_interrupted(const struct pm_config *cfg, const struct pm_result *r)
{
	fflush(stdout);
	fprintf(stderr, "postmark: interrupted by %s while %s: "
	    "%llu files created, %llu read, %llu appended, %llu deleted, "
	    "%llu of %u transactions done; the files of the run were "
	    "removed\n", pm_signal_name(r->signo),
	    pm_phase_name(r->last_phase),
	    (unsigned long long)(r->created_alone + r->created_mixed),
	    (unsigned long long)r->read,
	    (unsigned long long)r->appended,
	    (unsigned long long)(r->deleted_alone + r->deleted_mixed),
	    (unsigned long long)r->transactions_done, cfg->transactions);
}

/*
 * How the iterations ended so far: fill the error or the signal from a
 * run that did not complete.  Returns 0 to go on, else the command's
 * status: 1 (failed) or 128 + the signal.
 */
static int
pm_outcome(const struct pm_config *cfg, const struct pm_result *r,
    struct pm_cmderr *err)
{
	char	*msg;

	switch (r->status) {
	case PM_STATUS_OK:
		return (0);
	case PM_STATUS_INTERRUPTED:
		pm_interrupted(cfg, r);
		return (128 + r->signo);
	case PM_STATUS_OUT_OF_FILES:
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "out of files");
		return (1);
	case PM_STATUS_ERROR:
		msg = pm_error_string(&r->error);
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "%s", msg);
		free(msg);
		return (1);
	}
	return (1);
}

/*
 * A record that could not be written (werr, on rank 0; nothing on the
 * others) ends the run command with status 1, after the run's own
 * error, if any, in err.  Returns 1.
 */
static int
pm_unrecorded(struct pm_cmderr *err, struct pm_cmderr *werr)
{
	char	*t;

	if (werr->text == NULL)
		pm_cmderr_set(werr, PM_ERR_RUN, NULL, "run: rank 0 cannot "
		    "write the report");
	if (err->text != NULL) {
		xasprintf(&t, "%s; and %s", err->text, werr->text);
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "%s", t);
		free(t);
	} else
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "%s", werr->text);
	pm_cmderr_clear(werr);
	return (1);
}

/*
 * One iteration (run->iteration, a warm-up when run->warmup): gather the
 * metadata, run, end the progress line, and write the record with the
 * stopping signals blocked (adding the run to the summary of classic
 * reports).  Returns what pm_outcome says, or 1 with *err set when the
 * record could not be written (agreed by every MPI rank): then no
 * further run is made.
 */
static int
pm_iteration(struct pm_drive *run, struct pm_result *r,
    struct pm_summary **sum, struct pm_cmderr *err)
{
	const struct pm_config	*cfg = run->cfg;
	struct pm_hooks		 hooks = {
		.before = pm_hook_before,
		.after = pm_hook_after,
		.phase_begin = pm_hook_begin,
		.phase_end = pm_hook_end,
		.progress = pm_hook_progress,
		.sample = pm_hook_sample
	};
	struct pm_cmderr	 werr = { 0 };
	struct pm_meta		*meta;
	sigset_t		 mask;
	int			 rv, failed;

	meta = pm_meta_new(cfg);
	r->meta = meta;
	r->iteration = run->iteration;
	r->warmup = run->warmup;
	run->meta = meta;
	memset(run->samp, 0, sizeof run->samp);
	pm_engine(run, &hooks, r);
	pm_usage_fill(run, r);
	pm_warn_run(&run->warned, cfg, run->meta, r);
	pm_live_erase(run);
	if (run->midline) {
		putc('\n', run->out);
		run->midline = 0;
	}
	fflush(run->out);

	pm_signals_block(1, &mask);
	failed = pm_output_record(&run->output, cfg, r, &werr) == -1;
	if ((cfg->iterations > 1 || cfg->iterations_max > 0) && !r->warmup) {
		if (*sum == NULL)
			*sum = pm_summary_new();
		pm_summary_add(*sum, cfg, r);
	}
	rv = pm_outcome(cfg, r, err);
	if (pm_mpi_any(failed) && (failed || !pm_mpi_lost(NULL)))
		rv = pm_unrecorded(err, &werr);
	pm_signals_block(0, &mask);
	r->meta = NULL;
	pm_meta_free(meta);
	return (rv);
}

/*
 * After the runs: the summary of several (written with classic reports,
 * as one record) and its warnings, then the files closed (those made
 * for a run command that recorded nothing removed).  Returns 0, or -1
 * with *err set when the summary could not be written.
 */
static int
pm_run_close(struct pm_drive *run, struct pm_summary *sum,
    struct pm_cmderr *err)
{
	const struct pm_config	*cfg = run->cfg;
	struct pm_recpart	 p;
	FILE			*fp;
	int			 rv = 0;

	if (sum != NULL && pm_report_classic(cfg)) {
		if ((fp = pm_output_begin(&run->output, &p)) != NULL)
			(void)pm_report_summary(fp, sum);
		pm_warn_summary(&run->warned, sum, fp);
		rv = pm_output_end(&run->output, &p, err);
	} else if (sum != NULL)
		pm_warn_summary(&run->warned, sum, NULL);
	pm_summary_free(sum);
	pm_output_close(&run->output, 1);
	pm_warn_end(&run->warned);
	return (rv);
}

/*
 * "run [FILE]": run the benchmark cfg->iterations times (or, with a
 * range, until set precision is met) and report each run to FILE
 * (appended; NULL: standard output); progress text goes to info.  The
 * first run that does not complete ends the command.  Returns 0; 1 with
 * *err set when a run or the report failed; or 128 + the signal when a
 * run was interrupted, after its record was written.
 */
int
pm_run(const struct pm_config *cfg, const char *file, FILE *info,
    struct pm_cmderr *err)
{
	struct pm_drive		 run;
	struct pm_result	*r;
	struct pm_summary	*sum = NULL;
	struct pm_sigsave	 save;
	struct pm_cmderr	 cerr = { 0 };
	sigset_t		 mask;
	uint32_t		 it;
	int			 rv = 0, signo;

	pm_drive_init(&run, cfg, info);
	if (pm_output_open(&run.output, cfg, file, err) == -1)
		return (1);
	pm_warn_begin(&run.warned, cfg, run.output.report.path == NULL ?
	    stdout : NULL);
	r = pm_result_new();
	pm_workload_interrupt(0);
	pm_signals_catch(&save);
	pm_hooks_begin(cfg);
	/* The warm-up runs, then the measured ones, until enough. */
	for (it = 1; rv == 0; it++) {
		run.warmup = it <= cfg->warmup;
		run.iteration = run.warmup ? it : it - cfg->warmup;
		if (!run.warmup && pm_mpi_max(pm_enough(cfg, sum,
		    run.iteration - 1, run.out)))
			break;
		if ((signo = pm_mpi_max(pm_workload_signal())) != 0) {
			pm_workload_interrupt(signo);
			pm_between(cfg, it, signo);
			rv = 128 + signo;
			break;
		}
		rv = pm_iteration(&run, r, &sum, err);
	}

	pm_signals_block(1, &mask);
	if (pm_run_close(&run, sum, rv == 0 ? err : &cerr) == -1 && rv == 0)
		rv = 1;
	pm_cmderr_clear(&cerr);
	pm_signals_block(0, &mask);
	signo = pm_mpi_max(pm_workload_signal());
	if (rv == 0 && signo != 0) {
		pm_workload_interrupt(signo);
		pm_between(cfg, it, signo);
		rv = 128 + signo;
	}
	if ((signo = pm_mpi_max(rv)) != rv) {
		rv = signo;
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "run: another MPI rank "
		    "failed");
	}
	pm_hooks_end();
	pm_signals_restore(&save);
	pm_result_free(r);
	return (rv);
}
