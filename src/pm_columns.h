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
 * The column table of postmark's records (src/pm_columns.c): every column
 * of a CSV record and of an interval series, in file order, with the
 * schema version that added it, its type, unit and role.  `postmark
 * --columns` prints it for tools (scripts/compare.py); results/README.md
 * describes the roles.
 */

#ifndef PM_COLUMNS_H
#define PM_COLUMNS_H

#include <stddef.h>
#include <stdio.h>

/* The two kinds of files postmark writes rows to. */
enum pm_colset {
	PM_COLS_RECORD,			/* FILE: the CSV record */
	PM_COLS_INTERVALS		/* FILE.intervals.csv */
};

/* How a field is written. */
enum pm_coltype {
	PM_COL_INT,			/* a whole number, or empty */
	PM_COL_REAL,			/* a decimal number, or empty */
	PM_COL_TEXT			/* any text */
};

/*
 * What a column is for (results/README.md, "Column roles").  The
 * configuration columns make a run's workload; the time, rate, latency
 * and ratio columns are its measures, lower (time, latency) or higher
 * (rate, ratio) being better.
 */
enum pm_colrole {
	PM_ROLE_SCHEMA,			/* the format version of the row */
	PM_ROLE_LABEL,			/* set label: the target's name */
	PM_ROLE_STATUS,			/* how the run ended */
	PM_ROLE_ID,			/* which run, client or interval */
	PM_ROLE_ENV,			/* where and on what it ran */
	PM_ROLE_CONFIG,			/* changes what a run does */
	PM_ROLE_CONTROL,		/* how runs are repeated */
	PM_ROLE_COUNT,			/* what was done: files, bytes */
	PM_ROLE_TIME,			/* seconds measured: lower is better */
	PM_ROLE_RATE,			/* per second: higher is better */
	PM_ROLE_LATENCY,		/* microseconds: lower is better */
	PM_ROLE_RATIO,			/* balance: higher is better */
	PM_ROLE_USAGE,			/* where the time went */
	PM_ROLE_WARNINGS		/* the validity warnings */
};

struct pm_column {
	const char	*name;		/* "transactions_per_s" */
	int		 schema;	/* the schema version that added it */
	enum pm_coltype	 type;
	const char	*unit;		/* "transactions/s", "-" for none */
	enum pm_colrole	 role;
};

const struct pm_column	*pm_columns(enum pm_colset, size_t *);
int		 pm_columns_set(const char *, enum pm_colset *);
int		 pm_columns_print(FILE *, enum pm_colset);

#endif /* PM_COLUMNS_H */
