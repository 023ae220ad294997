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
 * CSV records (results/README.md): the header line and the rows of a
 * run (its own, then one per client of several), and the interval
 * series of FILE.intervals.csv, each field the value of a column of the
 * column table (pm_columns.c) in the table's order: the header and the
 * rows come from one list.  RFC 4180 quoting, numbers in the C locale.
 * A reporter writes to the stream it is given and nothing else, and
 * returns ferror(fp) ? -1 : 0.
 */

#include "config.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "postmark.h"
#include "pm_columns.h"
#include "pm_report.h"

static void	 csv_quote(FILE *, const char *);
static void	 csv_field(FILE *, const struct pm_val *);
static int	 csv_names(FILE *, enum pm_colset);
static void	 csv_line(FILE *, enum pm_colset, const struct pm_recrow *);

/*
 * Write a string as a CSV field (RFC 4180): quoted, with quotes doubled,
 * when it holds a comma, a double quote, CR or LF; every other byte as
 * is.
 */
static void
csv_quote(FILE *fp, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	for (; *s != '\0'; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

/* One field: empty when not measured (or a number not finite). */
static void
csv_field(FILE *fp, const struct pm_val *v)
{
	char	 buf[FMT_LEN];

	switch (v->kind) {
	case PM_VAL_NONE:
		break;
	case PM_VAL_UINT:
		fprintf(fp, "%" PRIu64, v->u);
		break;
	case PM_VAL_REAL:
		fputs(pm_fmt_fixed(buf, sizeof buf, v->d, v->prec, ""), fp);
		break;
	case PM_VAL_TEXT:
		if (v->s != NULL)
			csv_quote(fp, v->s);
		break;
	case PM_VAL_NUMBER:
		fputs(v->s, fp);
		break;
	}
}

/* The header line of a set: its columns' names. */
static int
csv_names(FILE *fp, enum pm_colset set)
{
	const struct pm_column	*c;
	size_t			 i, n;

	c = pm_columns(set, &n);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s%s", i == 0 ? "" : ",", c[i].name);
	fputc('\n', fp);
	return (ferror(fp) ? -1 : 0);
}

/* One row of a set: the value of each of its columns in row. */
static void
csv_line(FILE *fp, enum pm_colset set, const struct pm_recrow *row)
{
	const struct pm_column	*c;
	struct pm_val		 v;
	size_t			 i, n;

	c = pm_columns(set, &n);
	for (i = 0; i < n; i++) {
		if (i > 0)
			fputc(',', fp);
		pm_field_value(&c[i], row, &v);
		csv_field(fp, &v);
		pm_val_free(&v);
	}
	fputc('\n', fp);
}

/* The CSV header line (results/README.md): every column's name. */
int
pm_report_csv_header(FILE *fp)
{
	return (csv_names(fp, PM_COLS_RECORD));
}

/*
 * The CSV rows of a run (the header is written separately): the run's,
 * client "all", then with several clients one row per client (its
 * number, no stonewall figures: they are the run's).
 */
int
pm_report_csv(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	struct pm_recrow	 row;
	uint64_t		 ranks = pm_ranks_of(cfg, r);
	uint32_t		 i;

	pm_recrow_init(&row, cfg, r, NULL, ranks);
	csv_line(fp, PM_COLS_RECORD, &row);
	for (i = 0; r->nclients > 1 && r->clients != NULL &&
	    i < r->nclients; i++) {
		pm_recrow_init(&row, cfg, r, &r->clients[i], ranks);
		csv_line(fp, PM_COLS_RECORD, &row);
	}
	return (ferror(fp) ? -1 : 0);
}

/* The header line of the interval series (FILE.intervals.csv). */
int
pm_report_intervals_header(FILE *fp)
{
	return (csv_names(fp, PM_COLS_INTERVALS));
}

/*
 * The interval series of a run as CSV (FILE.intervals.csv next to the
 * report of "run FILE"; the header is written separately): a row per
 * interval of each client and phase, with the run's iteration and label
 * to join it to the report's rows.
 */
int
pm_report_intervals(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	struct pm_recrow	 row;
	size_t			 i;

	pm_recrow_init(&row, cfg, r, NULL, pm_ranks_of(cfg, r));
	for (i = 0; i < r->niv; i++) {
		row.iv = &r->iv[i];
		csv_line(fp, PM_COLS_INTERVALS, &row);
	}
	return (ferror(fp) ? -1 : 0);
}
