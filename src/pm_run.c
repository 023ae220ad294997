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
#include "pm_drive.h"
#include "pm_hook.h"
#include "pm_mpi.h"
#include "pm_names.h"
#include "pm_record.h"
#include "pm_warn.h"

#ifndef nitems
#define nitems(a)	(sizeof(a) / sizeof((a)[0]))
#endif


struct pm_sigsave {
	struct sigaction stop[4];	/* of pm_stop_signals */
	struct sigaction ignore[2];	/* of pm_ignored_signals */
};

static int	 pm_hook_sample(void *, enum pm_phase, int);
static void	 pm_usage_fill(const struct pm_drive *, struct pm_result *);
static int	 pm_enough(const struct pm_config *, struct pm_summary *,
		    uint32_t, FILE *);
static int	 pm_run_close(struct pm_drive *, struct pm_cmderr *);
static enum pm_cmd_status pm_run_end(struct pm_drive *, uint32_t,
		    enum pm_cmd_status, struct pm_cmderr *);
static void	 pm_drive_init(struct pm_drive *, const struct pm_config *,
		    FILE *);
static void	 pm_onsignal(int);
static void	 pm_signals_catch(struct pm_sigsave *);
static void	 pm_signals_restore(const struct pm_sigsave *);
static void	 pm_signals_block(int, sigset_t *);
static enum pm_cmd_status pm_outcome(const struct pm_config *,
		    const struct pm_result *, struct pm_cmderr *);
static enum pm_cmd_status pm_between(const struct pm_config *, uint32_t,
		    struct pm_cmderr *);
static enum pm_cmd_status pm_unrecorded(struct pm_cmderr *,
		    struct pm_cmderr *);
static enum pm_cmd_status pm_iteration(struct pm_drive *, uint32_t,
		    struct pm_cmderr *);
static enum pm_cmd_status pm_record_run(struct pm_drive *,
		    struct pm_cmderr *);
static int	 pm_drop_caches(struct pm_error *);
static int	 pm_hook_command(const struct pm_drive *, int, int,
		    struct pm_error *);
static int	 pm_hook_phase(enum pm_phase);
static int	 pm_hook_before(void *, enum pm_phase, struct pm_error *);
static int	 pm_hook_after(void *, enum pm_phase, struct pm_error *);
static void	 pm_engine(struct pm_drive *, const struct pm_hooks *,
		    struct pm_result *);
static void	 pm_interrupted(const struct pm_config *,
		    const struct pm_result *);

/* Signals that stop a run; it then ends as interrupted. */
static const int pm_stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* Signals ignored during a run, so that they come back as errors. */
static const int pm_ignored_signals[] = { SIGPIPE, SIGXFSZ };

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
		.iteration = run->res->iteration,
		.warmup = run->res->warmup,
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
	pm_usage_sample(&run->samp[tp][end != 0], run->res->meta);
	return (1);
}

/*
 * Where the time went, from the samples: each phase's (the part that
 * ran of the one a stopped run was in), and the whole run's from the
 * start of creation to the end of the last phase it reached; under MPI
 * the CPU of every rank's process summed (pm_usage_ranks).  The client
 * threads' CPU, measured by the engine, is kept.
 */
static void
pm_usage_fill(const struct pm_drive *run, struct pm_result *r)
{
	struct pm_cpu	 th;
	size_t		 nd = r->meta != NULL ? r->meta->ndisk : 0;
	int		 tp, last = PM_TP_CREATE;

	for (tp = 0; tp < PM_NTPHASES; tp++) {
		th = r->usage[tp].threads;
		pm_usage_delta(&r->usage[tp], &run->samp[tp][0],
		    &run->samp[tp][1], nd);
		r->usage[tp].threads = th;
		if (run->samp[tp][1].taken)
			last = tp;
	}
	pm_usage_delta(&r->usage_run, &run->samp[PM_TP_CREATE][0],
	    &run->samp[last][1], nd);
	pm_usage_ranks(r);
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
 * Whether a signal arrived between runs (or after the last), on any MPI
 * rank: then report it on stderr (runs before the it-th were complete)
 * and return PM_CMD_INTERRUPTED with the signal in err; else PM_CMD_OK.
 */
static enum pm_cmd_status
pm_between(const struct pm_config *cfg, uint32_t it, struct pm_cmderr *err)
{
	int	 signo;

	if ((signo = pm_mpi_max(pm_workload_signal())) == 0)
		return (PM_CMD_OK);
	pm_workload_interrupt(signo);
	err->signo = signo;
	fflush(stdout);
	fprintf(stderr, "postmark: interrupted by %s after %u of %u runs "
	    "(warm-up runs included); each of them was complete and is "
	    "reported\n", pm_signal_name(signo), it - 1,
	    cfg->warmup + cfg->iterations);
	return (PM_CMD_INTERRUPTED);
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
	    (unsigned long long)pm_counts_created(&r->counts),
	    (unsigned long long)r->counts.read,
	    (unsigned long long)r->counts.appended,
	    (unsigned long long)pm_counts_deleted(&r->counts),
	    (unsigned long long)r->counts.transactions_done,
	    cfg->transactions);
}

/*
 * How the iterations ended so far: fill the error or the signal from a
 * run that did not complete.  Returns PM_CMD_OK to go on, else the
 * command's status: PM_CMD_ERROR, or PM_CMD_INTERRUPTED with the signal
 * in err.
 */
static enum pm_cmd_status
pm_outcome(const struct pm_config *cfg, const struct pm_result *r,
    struct pm_cmderr *err)
{
	char	*msg;

	switch (r->status) {
	case PM_STATUS_OK:
		return (PM_CMD_OK);
	case PM_STATUS_INTERRUPTED:
		pm_interrupted(cfg, r);
		err->signo = r->signo;
		return (PM_CMD_INTERRUPTED);
	case PM_STATUS_OUT_OF_FILES:
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "out of files");
		return (PM_CMD_ERROR);
	case PM_STATUS_ERROR:
		msg = pm_error_string(&r->error);
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "%s", msg);
		free(msg);
		return (PM_CMD_ERROR);
	}
	return (PM_CMD_ERROR);
}

/*
 * A record that could not be written (werr, on rank 0; nothing on the
 * others) ends the run command as failed, after the run's own error,
 * if any, in err.  Returns PM_CMD_ERROR.
 */
static enum pm_cmd_status
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
	return (PM_CMD_ERROR);
}

/*
 * The it-th run of the command (from 1, warm-up runs first): the one
 * reset of the result, which then gets the run's iteration, warm-up flag
 * and metadata (their one place, read by the hooks, the warnings and the
 * reporters); the engine's run; the end of the progress line; and the
 * record (pm_record_run).  Returns what pm_record_run does.
 */
static enum pm_cmd_status
pm_iteration(struct pm_drive *run, uint32_t it, struct pm_cmderr *err)
{
	const struct pm_config	*cfg = run->cfg;
	struct pm_result	*r = run->res;
	struct pm_hooks		 hooks = {
		.before = pm_hook_before,
		.after = pm_hook_after,
		.phase_begin = pm_progress_begin,
		.phase_end = pm_progress_end,
		.progress = pm_progress_step,
		.sample = pm_hook_sample
	};
	struct pm_meta		*meta;
	enum pm_cmd_status	 rv;

	pm_result_reset(r);
	r->warmup = it <= cfg->warmup;
	r->iteration = r->warmup ? it : it - cfg->warmup;
	r->meta = meta = pm_meta_new(cfg);
	memset(run->samp, 0, sizeof run->samp);
	pm_engine(run, &hooks, r);
	pm_usage_fill(run, r);
	pm_warn_run(&run->warned, cfg, r->meta, r);
	pm_progress_finish(run);
	rv = pm_record_run(run, err);
	r->meta = NULL;
	pm_meta_free(meta);
	return (rv);
}

/*
 * Write the record of the run that ended with the stopping signals
 * blocked, adding a measured run to the summary of several.  Returns
 * what pm_outcome says, or PM_CMD_ERROR with *err set when the record
 * could not be written (agreed by every MPI rank): then no further run
 * is made.
 */
static enum pm_cmd_status
pm_record_run(struct pm_drive *run, struct pm_cmderr *err)
{
	const struct pm_config	*cfg = run->cfg;
	const struct pm_result	*r = run->res;
	struct pm_cmderr	 werr = { 0 };
	sigset_t		 mask;
	enum pm_cmd_status	 rv;
	int			 failed;

	pm_signals_block(1, &mask);
	failed = pm_output_record(&run->output, cfg, r, &werr) == -1;
	if ((cfg->iterations > 1 || cfg->iterations_max > 0) && !r->warmup) {
		if (run->sum == NULL)
			run->sum = pm_summary_new();
		pm_summary_add(run->sum, cfg, r);
	}
	rv = pm_outcome(cfg, r, err);
	if (pm_mpi_any(failed) && (failed || !pm_mpi_lost(NULL)))
		rv = pm_unrecorded(err, &werr);
	pm_signals_block(0, &mask);
	return (rv);
}

/*
 * After the runs: the summary of several (written with classic reports,
 * as one record) and its warnings, then the files closed (those made
 * for a run command that recorded nothing removed).  Returns 0, or -1
 * with *err set when the summary could not be written.
 */
static int
pm_run_close(struct pm_drive *run, struct pm_cmderr *err)
{
	const struct pm_config	*cfg = run->cfg;
	struct pm_summary	*sum = run->sum;
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
	run->sum = NULL;
	pm_output_close(&run->output, 1);
	pm_warn_end(&run->warned);
	return (rv);
}

/*
 * "run [FILE]": run the benchmark cfg->iterations times (or, with a
 * range, until set precision is met) and report each run to FILE
 * (appended; NULL: standard output); progress text goes to info.  The
 * first run that does not complete ends the command.  Returns
 * PM_CMD_OK; PM_CMD_ERROR with *err set when a run or the report failed;
 * or PM_CMD_INTERRUPTED with the signal in err->signo when a run was
 * interrupted, after its record was written.
 */
enum pm_cmd_status
pm_run(const struct pm_config *cfg, const char *file, FILE *info,
    struct pm_cmderr *err)
{
	struct pm_drive		 run;
	struct pm_sigsave	 save;
	enum pm_cmd_status	 rv = PM_CMD_OK;
	uint32_t		 it;

	pm_drive_init(&run, cfg, info);
	/* The handlers first: a signal once the files are made removes them. */
	pm_workload_interrupt(0);
	pm_signals_catch(&save);
	if (pm_output_open(&run.output, cfg, file, err) == -1) {
		pm_signals_restore(&save);
		return (PM_CMD_ERROR);
	}
	pm_warn_begin(&run.warned, cfg, run.output.report.path == NULL ?
	    stdout : NULL);
	run.res = pm_result_new();
	pm_hooks_begin(cfg);
	/* The warm-up runs, then the measured ones, until enough. */
	for (it = 1; rv == PM_CMD_OK; it++) {
		if (it > cfg->warmup && pm_mpi_max(pm_enough(cfg, run.sum,
		    it - 1 - cfg->warmup, run.out)))
			break;
		if ((rv = pm_between(cfg, it, err)) == PM_CMD_OK)
			rv = pm_iteration(&run, it, err);
	}
	rv = pm_run_end(&run, it, rv, err);
	pm_hooks_end();
	pm_signals_restore(&save);
	pm_result_free(run.res);
	return (rv);
}

/*
 * The end of a run command whose runs ended with rv (the it-th was not
 * made): the summary written and the files closed (pm_run_close), a
 * signal that came after the last run, and the status every MPI rank
 * agrees on.  Returns that status.
 */
static enum pm_cmd_status
pm_run_end(struct pm_drive *run, uint32_t it, enum pm_cmd_status rv,
    struct pm_cmderr *err)
{
	struct pm_cmderr	 cerr = { 0 };
	sigset_t		 mask;
	enum pm_cmd_status	 all;
	int			 signo;

	pm_signals_block(1, &mask);
	if (pm_run_close(run, rv == PM_CMD_OK ? err : &cerr) == -1 &&
	    rv == PM_CMD_OK)
		rv = PM_CMD_ERROR;
	pm_cmderr_clear(&cerr);
	pm_signals_block(0, &mask);
	if (rv == PM_CMD_OK)
		rv = pm_between(run->cfg, it, err);
	else
		(void)pm_mpi_max(pm_workload_signal());
	all = pm_mpi_max(rv);
	signo = pm_mpi_max(err->signo);
	if (all != rv) {
		rv = all;
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "run: another MPI rank "
		    "failed");
		err->signo = signo;
	}
	return (rv);
}
