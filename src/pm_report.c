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
 * Reports: the table of reporters (set report: verbose, terse, csv,
 * json), by format, and the dispatch through it; what a run command
 * records of a run in each format (pm_report_record), the header of a
 * file of records.  The formats themselves are in pm_classic.c, pm_csv.c and
 * pm_json.c, rates and statistics in pm_stats.c, the text of numbers and
 * names in pm_text.c.
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "postmark.h"
#include "pm_report.h"

static const struct pm_reporter *reporter(enum pm_report_fmt);


/*
 * Reporter dispatch table, by format (their names are pm_report_names,
 * the choices of "set report").  A classic report (PostMark's) is
 * printed for a complete or interrupted run and its iterations are
 * summarised; a record (CSV, JSON) is written for every run, CSV after
 * its header in a new file.
 */
struct pm_reporter {
	int		(*fn)(FILE *, const struct pm_config *,
			    const struct pm_result *);
	int		(*header)(FILE *);	/* or NULL */
	int		 classic;	/* PostMark's: not every run */
};

static const struct pm_reporter pm_reporters[] = {
	[PM_REPORT_VERBOSE] = { pm_report_verbose, NULL, 1 },
	[PM_REPORT_TERSE] = { pm_report_terse, NULL, 1 },
	[PM_REPORT_CSV] = { pm_report_csv, pm_report_csv_header, 0 },
	[PM_REPORT_JSON] = { pm_report_json, NULL, 0 }
};
_Static_assert(sizeof pm_reporters / sizeof pm_reporters[0] == PM_NREPORTS,
    "a reporter for every format");

/* The reporter of a format (the first, verbose, if none matches). */
static const struct pm_reporter *
reporter(enum pm_report_fmt fmt)
{
	return (&pm_reporters[fmt < PM_NREPORTS ? fmt : 0]);
}

/* Print a report of one run in the configured format. */
int
pm_report(FILE *fp, const struct pm_config *cfg, const struct pm_result *r)
{
	return (reporter(cfg->report)->fn(fp, cfg, r));
}

/* Whether the configured format is PostMark's (its iterations summarised). */
int
pm_report_classic(const struct pm_config *cfg)
{
	return (reporter(cfg->report)->classic);
}

/*
 * The header of the configured format's records (CSV's line of column
 * names), written before the first record of an empty file; nothing for
 * the others.  Whether one is due is the record writer's decision
 * (pm_record.c), made under the file's lock.  Returns 0, or -1 if fp
 * failed.
 */
int
pm_report_header(FILE *fp, const struct pm_config *cfg)
{
	const struct pm_reporter	*rep = reporter(cfg->report);

	return (rep->header != NULL ? rep->header(fp) : 0);
}

/*
 * Write what the configured format records of one run to fp: a classic
 * report for a complete or interrupted run (none after "out of files",
 * as PostMark; the terse line of a warm-up run neither, since a reader
 * of terse lines could not tell it apart), a record for every run,
 * without the header (pm_report_header).  Flushes fp.  Returns 0, or -1
 * if fp failed.
 */
int
pm_report_record(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	const struct pm_reporter	*rep = reporter(cfg->report);
	int				 bad;

	if (rep->classic && ((r->status != PM_STATUS_OK &&
	    r->status != PM_STATUS_INTERRUPTED) ||
	    (r->warmup && cfg->report == PM_REPORT_TERSE)))
		return (fflush(fp) != 0 ? -1 : 0);
	bad = rep->fn(fp, cfg, r) != 0;
	return (fflush(fp) != 0 || bad ? -1 : 0);
}
