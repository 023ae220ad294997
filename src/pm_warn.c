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
 * Validity warnings: why the figures of a run may mislead, and what to
 * change (results/README.md lists them).  They are data of the result
 * (pm_result_warn), computed after each run from the configuration, the
 * metadata and the result, and written whole in every CSV and JSON
 * record and in the verbose report of a file.
 *
 * A person reads each warning once per run command, where it reaches
 * them: in the report's Warnings section when the verbose report goes
 * to a terminal (a run's section leaves out what an earlier run of the
 * command said: warnings_said), else on standard error; the warnings
 * over several runs follow a classic summary, and go to standard error
 * too unless that summary is on the terminal.  A warning is the same as
 * another when only their figures differ ("took 3 ms", "took 4 ms").
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_warn.h"

static int	 pm_warn_same(const char *, const char *);
static int	 pm_warn_new(struct pm_warned *, const char *);
static void	 pm_warn_say(const char *);
static size_t	 pm_warn_memory(const struct pm_config *,
		    const struct pm_meta *, struct pm_result *);
static void	 pm_warn_pool(const struct pm_config *, const struct pm_meta *,
		    struct pm_result *);
static void	 pm_warn_phases(const struct pm_config *, struct pm_result *);

/*
 * Before the runs of a command whose report goes to fp: on a terminal,
 * the verbose report shows the warnings itself.
 */
void
pm_warn_begin(struct pm_warned *w, const struct pm_config *cfg, FILE *fp)
{
	memset(w, 0, sizeof *w);
	w->terminal = fp == stdout && isatty(STDOUT_FILENO);
	w->section = w->terminal && cfg->report == PM_REPORT_VERBOSE;
}

/* Whether a and b are one warning: the same words, any figures. */
static int
pm_warn_same(const char *a, const char *b)
{
	static const char	 figure[] = "0123456789.";

	for (;;) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			a += strspn(a, figure);
			b += strspn(b, figure);
			continue;
		}
		if (*a != *b)
			return (0);
		if (*a == '\0')
			return (1);
		a++;
		b++;
	}
}

/* Whether warning text is new to the command; it is remembered. */
static int
pm_warn_new(struct pm_warned *w, const char *text)
{
	size_t	 i;

	for (i = 0; i < w->nsaid; i++) {
		if (pm_warn_same(w->said[i], text))
			return (0);
	}
	w->said = xreallocarray(w->said, w->nsaid + 1, sizeof *w->said);
	w->said[w->nsaid++] = xstrdup(text);
	return (1);
}

/* Say a warning on standard error, after what stdout holds. */
static void
pm_warn_say(const char *text)
{
	fflush(stdout);
	fprintf(stderr, "postmark: warning: %s\n", text);
}

/*
 * The locations whose files are in memory whatever the run does (a
 * tmpfs, a RAM disk, a loop device on an image in one): the run measures
 * memory, and neither sync, nor a cold cache, nor O_DIRECT changes that.
 * Returns how many there are.
 */
static size_t
pm_warn_memory(const struct pm_config *cfg, const struct pm_meta *meta,
    struct pm_result *r)
{
	size_t	 i, n = 0;

	for (i = 0; meta->in_memory != NULL && i < meta->nfs; i++) {
		if (meta->in_memory[i] == NULL)
			continue;
		n++;
		pm_result_warn(r, "location '%s' is on %s, which keeps its "
		    "files in memory: the run measures memory and the "
		    "kernel's file-system code, not a disk, whatever set "
		    "sync, set cache and set direct say. To measure a disk, "
		    "put the location on a disk's file system",
		    cfg->nlocations > 0 ? cfg->locations[i].name : ".",
		    meta->in_memory[i]);
	}
	return (n);
}

/*
 * A pool that fits in the free memory with neither sync nor a cold
 * cache nor O_DIRECT: the run measures the page cache, not the disk.
 * A cold cache is advised only to whom may drop the cache (root).
 */
static void
pm_warn_pool(const struct pm_config *cfg, const struct pm_meta *meta,
    struct pm_result *r)
{
	double	 pool, mem;
	int	 cold;

	pool = (double)cfg->number * ((double)cfg->size_low +
	    (double)cfg->size_high) / 2.0;
	mem = (double)meta->mem_avail_kb * 1024.0;
	if (cfg->sync != PM_SYNC_NONE || cfg->cache != PM_CACHE_WARM ||
	    cfg->direct || mem <= 0 || pool >= mem)
		return;
	cold = access(PM_DROP_CACHES, W_OK) == 0;
	pm_result_warn(r, "the pool of about %.0f MiB fits in the %.0f MiB of "
	    "free memory and neither set sync nor set cache cold is set: the "
	    "run measures the page cache, not the disk. Set sync fsync%s, or "
	    "make the pool larger than memory%s", pool / 1048576.0,
	    mem / 1048576.0, cold ? " or set cache cold" : "",
	    cold ? "" : " (set cache cold needs root)");
}

/* A timed phase under 100 ms: its rates are mostly noise. */
static void
pm_warn_phases(const struct pm_config *cfg, struct pm_result *r)
{
	static const char *const phase[PM_NTPHASES] = {
		"creation", "transaction", "deletion"
	};
	struct pm_rates		 rt;
	double			 iv[PM_NTPHASES];
	int			 tp;

	pm_report_rates(cfg, r, &rt);
	iv[0] = rt.create_iv;
	iv[1] = rt.t_elapsed;
	iv[2] = rt.delete_iv;
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		if (iv[tp] >= 0.1)
			continue;
		pm_result_warn(r, "the %s phase took %.0f ms, under 100 ms: its "
		    "rates are mostly timer and scheduling noise. Raise set %s",
		    phase[tp], iv[tp] * 1e3, tp == 1 ? "transactions" :
		    "number");
	}
}

/*
 * The warnings of one run, into r, then said where the person reads
 * them: a location in memory; else (some location on a disk) a pool in
 * the page cache; a phase under 100 ms; an interval series cut short.
 */
void
pm_warn_run(struct pm_warned *w, const struct pm_config *cfg,
    const struct pm_meta *meta, struct pm_result *r)
{
	size_t	 i;
	int	 new;

	if (r->status == PM_STATUS_OK && meta != NULL) {
		if (pm_warn_memory(cfg, meta, r) < meta->nfs)
			pm_warn_pool(cfg, meta, r);
	}
	if (r->status == PM_STATUS_OK)
		pm_warn_phases(cfg, r);
	if (r->iv_truncated)
		pm_result_warn(r, "the interval series of a phase stopped "
		    "after %d intervals: set a longer interval", PM_IV_MAX);
	for (i = 0; i < r->nwarnings; i++) {
		new = pm_warn_new(w, r->warnings[i]);
		if (w->section)
			r->warnings_said[i] = !new;
		else if (new)
			pm_warn_say(r->warnings[i]);
	}
}

/*
 * The warnings of several runs: a coefficient of variation of the
 * transaction rate above 5 %, or fewer than 5 runs behind a confidence
 * interval; after the classic summary on fp (or NULL), and on standard
 * error unless fp is the terminal.
 */
void
pm_warn_summary(struct pm_warned *w, struct pm_summary *sum, FILE *fp)
{
	double	 mean, half, cv;
	size_t	 n;
	char	*t[2] = { NULL, NULL };
	int	 i;

	n = pm_summary_rate(sum, &mean, &half, &cv);
	if (n >= 2 && cv > 5.0)
		xasprintf(&t[0], "transactions/s varies by %.1f%% (coefficient "
		    "of variation) over %zu runs, above 5%%: differences "
		    "smaller than that are noise. Pin the process (taskset), "
		    "quiet the machine, or run more iterations", cv, n);
	if (n >= 2 && n < 5)
		xasprintf(&t[1], "only %zu runs behind the confidence "
		    "intervals, fewer than 5: they are wide and unreliable. "
		    "Set iterations 5 or more", n);
	for (i = 0; i < 2; i++) {
		if (t[i] == NULL)
			continue;
		if (fp != NULL)
			fprintf(fp, "Warning: %s\n", t[i]);
		if (pm_warn_new(w, t[i]) && (fp == NULL || !w->terminal))
			pm_warn_say(t[i]);
		free(t[i]);
	}
}

/* After the command: forget what it said. */
void
pm_warn_end(struct pm_warned *w)
{
	size_t	 i;

	for (i = 0; i < w->nsaid; i++)
		free(w->said[i]);
	free(w->said);
	memset(w, 0, sizeof *w);
}
