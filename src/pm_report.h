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
 * What the reporters share (src/pm_report.c, pm_classic.c, pm_csv.c,
 * pm_json.c, pm_stats.c, pm_fields.c, and the column table pm_columns.c)
 * and nothing else includes: the decimals of each format, a row of
 * records and the values of its fields, and the helpers that more than
 * one format uses.
 */

#ifndef PM_REPORT_H
#define PM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "postmark.h"

#define NS_PER_S	1e9
#define BYTES_PER_KB	1024.0
#define BYTES_PER_MB	1048576.0

/* Enough for "%.9f" of any finite double (309 digits, sign, point). */
#define FMT_LEN		352

/* Decimals in the machine-readable reports (results/README.md). */
#define PREC_SECONDS	9
#define PREC_RATE	3
#define PREC_US		3

/* Decimals in the verbose latency section and the summary table. */
#define PREC_VERBOSE_US	1
#define PREC_SUMMARY_S	3
#define PREC_SUMMARY	2

/* The statistics of a latency histogram, in struct pm_latstat's v[]. */
enum {
	PM_LS_COUNT = -1,		/* not in v[]: its count */
	PM_LS_MIN, PM_LS_MEAN, PM_LS_P50, PM_LS_P90, PM_LS_P99, PM_LS_P999,
	PM_LS_MAX
};
_Static_assert(PM_LS_MAX == PM_NLATSTATS - 1, "PM_LS_* index v[]");

/*
 * Where each phase's time went, in the order of the CSV columns of
 * schema 4 (per phase, named PHASE_NAME); pm_usage_values computes them.
 */
enum {
	U_USER, U_SYS, U_WAIT, U_VCSW, U_IVCSW, U_MAJFLT, U_DREADS,
	U_DRBYTES, U_DWRITES, U_DWBYTES, U_DFLUSH, U_DBUSY, NUSAGE
};

/* The value of a field, as pm_field_value gives it to a formatter. */
enum pm_valkind {
	PM_VAL_NONE,			/* not measured: CSV empty, JSON null */
	PM_VAL_UINT,			/* u */
	PM_VAL_REAL,			/* d with prec decimals; not finite: none */
	PM_VAL_TEXT,			/* s, NULL: none */
	PM_VAL_NUMBER			/* s, a number as text (the options') */
};
struct pm_val {
	enum pm_valkind	 kind;
	uint64_t	 u;
	double		 d;
	int		 prec;
	const char	*s;
	char		*own;		/* what s points to when allocated */
};

/*
 * What one row of records is made from: a run's result, and for a
 * client's row that client's (c), the run's MPI ranks, and for a row of
 * the interval series the interval (iv).  pm_recrow_init computes the rest once for every
 * column: rates, latencies merged over the phases, where the time went,
 * the configuration's columns.
 */
struct pm_recrow {
	const struct pm_config	*cfg;
	const struct pm_result	*r;
	const struct pm_clientrow *c;	/* a client's row, or NULL */
	const struct pm_counts	*n;	/* the client's counts, or the run's */
	const struct pm_ivrow	*iv;	/* an interval, or NULL */
	uint64_t		 ranks;	/* MPI ranks of the run */
	struct pm_rates		 rt;
	struct pm_latstat	 st[PM_NOPS];	/* phases merged */
	double			 use[PM_NTPHASES][NUSAGE];
	int			 have[PM_NTPHASES][NUSAGE];	/* measured */
};

struct pm_column;

/* pm_fields.c */
extern const char *const pm_tphase_names[PM_NTPHASES];
extern const char *const pm_op_names[PM_NOPS];
void		 pm_recrow_init(struct pm_recrow *, const struct pm_config *,
		    const struct pm_result *, const struct pm_clientrow *,
		    uint64_t);
void		 pm_field_value(const struct pm_column *,
		    const struct pm_recrow *, struct pm_val *);
void		 pm_latstat_value(const struct pm_column *,
		    const struct pm_latstat *, struct pm_val *);
void		 pm_val_free(struct pm_val *);
void		 pm_get_label(const struct pm_recrow *, struct pm_val *);
void		 pm_get_status(const struct pm_recrow *, struct pm_val *);
void		 pm_get_host(const struct pm_recrow *, struct pm_val *);
void		 pm_get_locations(const struct pm_recrow *, struct pm_val *);
void		 pm_get_client(const struct pm_recrow *, struct pm_val *);
void		 pm_get_ranks(const struct pm_recrow *, struct pm_val *);
void		 pm_get_warnings(const struct pm_recrow *, struct pm_val *);
void		 pm_get_phase(const struct pm_recrow *, struct pm_val *);
const char	*pm_status_name(enum pm_status, int);
enum pm_status	 pm_client_status(const struct pm_result *,
		    const struct pm_clientrow *);
enum pm_status	 pm_row_status(const struct pm_recrow *);
const struct pm_error *pm_row_error(const struct pm_recrow *);
void		 pm_usage_values(const struct pm_result *,
		    const struct pm_clientrow *, const struct pm_rates *, int,
		    double *, int *);
uint64_t	 pm_ranks_of(const struct pm_config *, const struct pm_result *);

/* pm_report.c */
const char	*pm_fmt_fixed(char *, size_t, double, int, const char *);

#endif /* PM_REPORT_H */
