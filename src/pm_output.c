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
 * What a run command writes: its report (run FILE, or standard output)
 * and, with set interval and run FILE, the series in FILE.intervals.csv
 * beside it.  Refused before anything runs: a series with nowhere to go,
 * a file with the name of one the run makes in a location (the engine
 * says which, pm_names.c), a file that holds other records
 * (pm_recfile.c).  A run's record and its series are written as one, the
 * series under the report's lock too, so that concurrent runs keep
 * their blocks of the series in the order of their records.
 */

#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "postmark.h"
#include "pm_cli.h"
#include "pm_mpi.h"
#include "pm_names.h"
#include "pm_record.h"

static int	 pm_output_head(struct pm_recfile *, const struct pm_config *,
		    int);
static int	 pm_output_files(struct pm_output *, const struct pm_config *,
		    const char *, struct pm_cmderr *);
static int	 pm_output_clash(const struct pm_config *,
		    const struct pm_recfile *, struct pm_cmderr *);
static int	 pm_output_refuse(const struct pm_output *,
		    const struct pm_config *, const char *,
		    struct pm_cmderr *);
static int	 pm_output_failed(const struct pm_recpart *, const char *,
		    struct pm_cmderr *);

/*
 * Give f its header: the configured format's (CSV has one), or the
 * interval series' when series is set.  Returns 0 or -1 (out of memory).
 */
static int
pm_output_head(struct pm_recfile *f, const struct pm_config *cfg, int series)
{
	struct pm_recpart	 p;
	FILE			*fp;

	if ((fp = pm_record_begin(&p, f)) != NULL) {
		if (series)
			(void)pm_report_intervals_header(fp);
		else
			(void)pm_report_header(fp, cfg);
	}
	return (pm_record_head(&p));
}

/*
 * Set up out for cfg and file (NULL: standard output): the report and,
 * with set interval and a file, FILE.intervals.csv.  Returns 0, or -1
 * with *err set (out of memory).
 */
static int
pm_output_files(struct pm_output *out, const struct pm_config *cfg,
    const char *file, struct pm_cmderr *err)
{
	enum pm_rec_kind	 kind;
	char			*path;
	int			 rv;

	memset(out, 0, sizeof *out);
	kind = cfg->report == PM_REPORT_CSV ? PM_REC_CSV :
	    cfg->report == PM_REPORT_JSON ? PM_REC_JSON : PM_REC_TEXT;
	pm_recfile_init(&out->report, file, kind, "report file", "the report",
	    cfg->report == PM_REPORT_TERSE ? "a terse report" :
	    "a verbose report");
	out->report.strict = cfg->strictmodes;
	rv = pm_output_head(&out->report, cfg, 0);
	pm_recfile_init(&out->series, NULL, PM_REC_SERIES, NULL, NULL, NULL);
	out->series.fd = -1;
	if (file != NULL && cfg->interval > 0) {
		xasprintf(&path, "%s.intervals.csv", file);
		pm_recfile_init(&out->series, path, PM_REC_SERIES,
		    "interval series file", "the interval series", NULL);
		out->series.strict = cfg->strictmodes;
		free(path);
		rv |= pm_output_head(&out->series, cfg, 1);
	}
	if (rv == 0)
		return (0);
	pm_cmderr_set(err, PM_ERR_RUN, NULL, "run: cannot allocate the "
	    "headers of the report");
	return (-1);
}

/*
 * Refuse f when its name is one the run makes right inside a location
 * that is f's directory ("run c0" with two clients): the run would meet
 * it as one of its own.  The engine's pm_names_made says which names.
 * Returns 0, or -1 with *err set.
 */
static int
pm_output_clash(const struct pm_config *cfg, const struct pm_recfile *f,
    struct pm_cmderr *err)
{
	struct stat		 sd, sl;
	enum pm_name_kind	 kind;
	char			*d, *b;
	const char		*loc;
	size_t			 i, n = cfg->nlocations > 0 ?
				    cfg->nlocations : 1;
	int			 clash = 0;

	if (f->path == NULL)
		return (0);
	d = xstrdup(f->path);
	b = xstrdup(f->path);
	kind = pm_names_made(cfg, pm_mpi_size(), basename(b));
	if (kind != PM_NAME_NONE && stat(dirname(d), &sd) == 0) {
		for (i = 0; i < n && !clash; i++) {
			loc = cfg->nlocations > 0 ? cfg->locations[i].name :
			    ".";
			clash = stat(loc, &sl) == 0 &&
			    sl.st_dev == sd.st_dev && sl.st_ino == sd.st_ino;
		}
	}
	if (clash)
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "run: %s '%s' is the "
		    "name of a %s the run makes in location '%s': choose "
		    "another name", f->what, f->path, kind == PM_NAME_FILE ?
		    "file" : "directory", loc);
	free(d);
	free(b);
	return (clash ? -1 : 0);
}

/*
 * What out cannot be for cfg, whatever the files hold: a series with
 * nowhere to go (set interval without run FILE, unless JSON records on
 * standard output hold it), a report or series file with the name of
 * one the run makes.  Returns 0, or -1 with *err set.
 */
static int
pm_output_refuse(const struct pm_output *out, const struct pm_config *cfg,
    const char *file, struct pm_cmderr *err)
{
	if (cfg->interval > 0 && file == NULL &&
	    cfg->report != PM_REPORT_JSON) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "run: set interval "
		    "writes its series to FILE.intervals.csv beside the report "
		    "file of run FILE, and this run has none: give run a FILE, "
		    "or set report json (its records hold the series)");
		return (-1);
	}
	if (pm_output_clash(cfg, &out->report, err) == -1 ||
	    pm_output_clash(cfg, &out->series, err) == -1)
		return (-1);
	return (0);
}

/*
 * What "run [FILE]" can check of its output before anything runs: the
 * refusals above and, when fs is set, that the files can be written and
 * hold what the run writes (rank 0's alone under MPI: it writes them).
 * Returns 0, or -1 with *err set.
 */
int
pm_output_check(const struct pm_config *cfg, const char *file, int fs,
    struct pm_cmderr *err)
{
	struct pm_output	 out;
	int			 rv;

	if ((rv = pm_output_files(&out, cfg, file, err)) == 0)
		rv = pm_output_refuse(&out, cfg, file, err);
	if (rv == 0 && pm_mpi_rank() == 0 &&
	    (pm_recfile_check(&out.report, "run", fs, err) == -1 ||
	    pm_recfile_check(&out.series, "run", fs, err) == -1))
		rv = -1;
	pm_output_close(&out, 0);
	return (rv);
}

/*
 * Open what a run command writes, before anything runs: refused as
 * pm_output_check says, an error when a file cannot be opened (agreed
 * by every MPI rank; the others write nothing).  Returns 0, or -1 with
 * *err set and nothing left behind.
 */
int
pm_output_open(struct pm_output *out, const struct pm_config *cfg,
    const char *file, struct pm_cmderr *err)
{
	int	 failed;

	failed = pm_output_files(out, cfg, file, err) == -1 ||
	    pm_output_refuse(out, cfg, file, err) == -1;
	out->quiet = pm_mpi_rank() != 0;
	if (!failed && !out->quiet)
		failed = pm_recfile_open(&out->report, "run", err) == -1 ||
		    pm_recfile_open(&out->series, "run", err) == -1;
	if (!pm_mpi_any(failed))
		return (0);
	pm_output_close(out, 1);
	if (err->text == NULL)
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "run: rank 0 cannot "
		    "write the report");
	return (-1);
}

/* Say which part of a record could not be written, and why. */
static int
pm_output_failed(const struct pm_recpart *p, const char *cause,
    struct pm_cmderr *err)
{
	pm_cmderr_set(err, PM_ERR_RUN, NULL, "cannot write %s to %s: %s",
	    p->file->noun, p->file->path != NULL ? p->file->path :
	    "standard output", cause);
	return (-1);
}

/*
 * Write the record of run r (pm_report_record: nothing for a classic
 * report of a failed run) and its interval series, as one.  Returns 0,
 * or -1 with *err set and neither written.
 */
int
pm_output_record(struct pm_output *out, const struct pm_config *cfg,
    const struct pm_result *r, struct pm_cmderr *err)
{
	struct pm_recpart	 p[2];
	size_t			 n = 1, bad = 0;
	char			*cause;
	FILE			*fp;
	int			 rv = 0;

	if (out->quiet)
		return (0);
	if ((fp = pm_record_begin(&p[0], &out->report)) != NULL)
		(void)pm_report_record(fp, cfg, r);
	if (out->series.path != NULL) {
		if ((fp = pm_record_begin(&p[n++], &out->series)) != NULL)
			(void)pm_report_intervals(fp, cfg, r);
	}
	if (pm_record_end(p, n, &bad, &cause) == -1)
		rv = pm_output_failed(&p[bad], cause, err);
	free(cause);
	return (rv);
}

/*
 * Start a record of out's report written by the caller (the summary of
 * several runs) in p: returns its stream, or NULL (pm_output_end then
 * fails).
 */
FILE *
pm_output_begin(struct pm_output *out, struct pm_recpart *p)
{
	return (pm_record_begin(p, &out->report));
}

/* Write the record begun in p.  Returns 0, or -1 with *err set. */
int
pm_output_end(struct pm_output *out, struct pm_recpart *p,
    struct pm_cmderr *err)
{
	char	*cause = NULL;
	int	 rv = 0;

	if (out->quiet) {
		if (p->fp != NULL)
			fclose(p->fp);
		free(p->buf);
		return (0);
	}
	if (pm_record_end(p, 1, NULL, &cause) == -1)
		rv = pm_output_failed(p, cause, err);
	free(cause);
	return (rv);
}

/*
 * Release out; with discard set, remove the files it made that are
 * still empty (the run command failed before anything was recorded).
 */
void
pm_output_close(struct pm_output *out, int discard)
{
	pm_recfile_close(&out->report, discard);
	pm_recfile_close(&out->series, discard);
}
