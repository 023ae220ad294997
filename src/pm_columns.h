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
 * schema version that added it, its type, unit and role, where its value
 * comes from and where a JSON record has it.  The CSV and JSON reporters
 * write from it, `postmark --columns` prints it for tools
 * (scripts/postmark_compare/compare.py); results/README.md describes the roles.
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

/*
 * Where a column's value comes from (pm_fields.c reads it): a field of
 * one of the structures a reporter has, at off, of kind kind; a figure
 * the reporters compute; or a getter.
 */
enum pm_colsrc {
	PM_SRC_SCHEMA,			/* the version in stat */
	PM_SRC_OPTION,			/* the value of "set" key op (enum */
					/* pm_key), its part stat */
	PM_SRC_RESULT,			/* struct pm_result */
	PM_SRC_COUNTS,			/* the row's struct pm_counts (off + */
					/* off2) */
	PM_SRC_RATE,			/* struct pm_rates, a double */
	PM_SRC_META,			/* struct pm_meta */
	PM_SRC_INTERVAL,		/* struct pm_ivrow */
	PM_SRC_LATENCY,			/* statistic stat of operation op */
	PM_SRC_USAGE,			/* figure stat of timed phase op */
	PM_SRC_GET			/* get() */
};

/* How the field at off is read. */
enum pm_colkind {
	PM_K_U32,			/* uint32_t */
	PM_K_U64,			/* uint64_t */
	PM_K_DOUBLE,			/* double, NAN: not measured */
	PM_K_NS,			/* uint64_t nanoseconds, as seconds */
	PM_K_TEXT,			/* char *, NULL: unknown */
	PM_K_LIST			/* char **, one per location: joined */
};

/*
 * Where a column is in a JSON record: a member of one of its objects,
 * written in table order; TOP, a member the record names itself
 * (pm_json.c); NONE, not in JSON as such (the locations' fields are in
 * its locations array, the usage columns in its phases).
 */
enum pm_jsgroup {
	PM_JS_NONE,
	PM_JS_TOP,
	PM_JS_CONFIG,
	PM_JS_ENV,
	PM_JS_COUNTS,
	PM_JS_SECONDS,
	PM_JS_RATES,
	PM_JS_LATENCY,			/* latency.OP: the name less "OP_" */
	PM_JS_STONEWALL,
	PM_JS_INTERVAL			/* an object of intervals[] */
};

#define PM_COLF_RUN	0x1		/* the run's row only: a client's is empty */
#define PM_COLF_KNOWN	0x2		/* a number 0 is unknown: empty */

struct pm_recrow;
struct pm_val;

struct pm_column {
	const char	*name;		/* "transactions_per_s" */
	int		 schema;	/* the schema version that added it */
	enum pm_coltype	 type;
	const char	*unit;		/* "transactions/s", "-" for none */
	enum pm_colrole	 role;
	/* How its value is got, and where JSON has it: */
	enum pm_colsrc	 src;
	enum pm_colkind	 kind;
	size_t		 off;		/* offsetof(struct ..., field) */
	size_t		 off2;		/* a second count added, or 0 (the */
					/* first count is never a second) */
	int		 op;		/* operation, timed phase or key */
	int		 stat;		/* statistic, figure, version or */
					/* part of a key's value */
	int		 prec;		/* decimals of a real */
	int		 flags;		/* PM_COLF_* */
	enum pm_jsgroup	 json;
	void		(*get)(const struct pm_recrow *, struct pm_val *);
};

const struct pm_column	*pm_columns(enum pm_colset, size_t *);
const struct pm_column	*pm_column(enum pm_colset, const char *);
int		 pm_columns_set(const char *, enum pm_colset *);
int		 pm_columns_print(FILE *, enum pm_colset);

#endif /* PM_COLUMNS_H */
