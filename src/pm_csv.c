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
 * CSV records (results/README.md): the header line, a run's row and its
 * clients' rows, and the interval series of FILE.intervals.csv; RFC 4180
 * quoting, numbers in the C locale.  A reporter writes to the stream it
 * is given and nothing else, and returns ferror(fp) ? -1 : 0.
 */

#include "config.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "postmark.h"
#include "pm_report.h"

static void	 csv_sep(FILE *);
static void	 csv_str(FILE *, const char *);
static void	 csv_u64(FILE *, uint64_t);
static void	 csv_fixed(FILE *, double, int);
static void	 csv_fields(FILE *, const struct pm_rates *,
		    const struct pm_field *, size_t, int);
static void	 csv_latency(FILE *, const struct pm_latstat *);
static void	 csv_colname(void *, const char *, const char *, int);
static void	 csv_colvalue(void *, const char *, const char *, int);
static void	 csv_env(FILE *, const struct pm_meta *, int, int);
static void	 csv_row(FILE *, const struct pm_config *,
		    const struct pm_result *, const struct pm_clientrow *,
		    uint64_t);
static void	 csv_usage(FILE *, const struct pm_config *,
		    const struct pm_result *, const struct pm_clientrow *);

/* Separator before every CSV field but the first (schema_version). */
static void
csv_sep(FILE *fp)
{
	fputc(',', fp);
}

/*
 * Write a string as a CSV field (RFC 4180): quoted, with quotes doubled,
 * when it holds a comma, a double quote, CR or LF; every other byte as
 * is.  NULL is empty.
 */
static void
csv_str(FILE *fp, const char *s)
{
	csv_sep(fp);
	if (s == NULL)
		return;
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

static void
csv_u64(FILE *fp, uint64_t v)
{
	fprintf(fp, ",%" PRIu64, v);
}

/* A fixed-point CSV field; empty if v is not finite. */
static void
csv_fixed(FILE *fp, double v, int prec)
{
	char	 buf[FMT_LEN];

	csv_sep(fp);
	fputs(fmt_fixed(buf, sizeof buf, v, prec, ""), fp);
}

/* One fixed-point CSV field per entry of fields[n]. */
static void
csv_fields(FILE *fp, const struct pm_rates *rt, const struct pm_field *fields,
    size_t n, int prec)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		csv_fixed(fp, rates_get(rt, fields[i].off), prec);
}

/*
 * The eight latency columns of one operation: count, min, mean, p50, p90,
 * p99, p99.9 and max in microseconds; all but the count are empty when
 * nothing was recorded.
 */
static void
csv_latency(FILE *fp, const struct pm_latstat *st)
{
	size_t	 i;

	csv_u64(fp, st->count);
	for (i = 0; i < NLATSTATS; i++) {
		if (st->count == 0)
			csv_sep(fp);
		else
			csv_fixed(fp, st->v[i], PREC_US);
	}
}

/* A configuration column's name, for the CSV header (pm_option_columns). */
static void
csv_colname(void *arg, const char *name, const char *value, int number)
{
	(void)value;
	(void)number;
	fprintf(arg, ",%s", name);
}

/* A configuration column's value, for a CSV row. */
static void
csv_colvalue(void *arg, const char *name, const char *value, int number)
{
	(void)name;
	if (number) {
		csv_sep(arg);
		fputs(value, arg);
	} else
		csv_str(arg, value);
}

/* Environment columns first to last of a row, from meta. */
static void
csv_env(FILE *fp, const struct pm_meta *meta, int first, int last)
{
	char	*s;
	int	 i;

	for (i = first; i <= last; i++) {
		csv_str(fp, s = env_value(meta, i));
		free(s);
	}
}

/* The CSV header line (results/README.md): every column's name. */
int
pm_report_csv_header(FILE *fp)
{
	struct pm_config	 cfg;
	size_t			 i;
	int			 op, tp;

	fputs("schema_version,label,status,timestamp,host,kernel,iteration,"
	    "locations,fs_types,fs_options", fp);
	memset(&cfg, 0, sizeof cfg);
	pm_option_defaults(&cfg);
	pm_option_columns(&cfg, 1, csv_colname, fp);
	for (i = 0; i < NCOUNTS; i++)
		fprintf(fp, ",%s", pm_counts[i].name);
	for (i = 0; i < NSECONDS; i++)
		fprintf(fp, ",%s", pm_seconds[i].name);
	for (i = 0; i < NRATES; i++)
		fprintf(fp, ",%s", pm_rate_fields[i].name);
	for (op = 0; op < PM_NOPS; op++) {
		fprintf(fp, ",%s_count", pm_op_names[op]);
		for (i = 0; i < NLATSTATS; i++)
			fprintf(fp, ",%s_%s_us", pm_op_names[op],
			    lat_name(i, 0));
	}
	pm_option_columns(&cfg, 2, csv_colname, fp);
	pm_option_columns(&cfg, 3, csv_colname, fp);
	fputs(",client", fp);
	for (i = 0; i < NSW; i++)
		fprintf(fp, ",%s", pm_sw_seconds[i].name);
	for (i = 0; i < NSW; i++)
		fprintf(fp, ",%s", pm_sw_rates[i].name);
	fputs(",balance", fp);
	pm_option_columns(&cfg, 4, csv_colname, fp);
	fputs(",ranks", fp);
	for (i = 0; i < NENV4; i++)
		fprintf(fp, ",%s", pm_env_cols[i].name);
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		for (i = 0; i < NUSAGE; i++)
			fprintf(fp, ",%s_%s", pm_tphase_names[tp],
			    pm_usage_names[i]);
	}
	fputs(",warnings", fp);
	for (i = NENV4; i < NENV; i++)
		fprintf(fp, ",%s", pm_env_cols[i].name);
	pm_option_columns(&cfg, 5, csv_colname, fp);
	pm_config_free(&cfg);
	fputc('\n', fp);
	return (ferror(fp) ? -1 : 0);
}

/*
 * One CSV row: the run's (c NULL, client "all") or one client's (its
 * number, no stonewall figures: they are the run's).
 */
static void
csv_row(FILE *fp, const struct pm_config *cfg, const struct pm_result *r,
    const struct pm_clientrow *c, uint64_t ranks)
{
	const struct pm_meta	*meta = r->meta;
	struct pm_latstat	 st[PM_NOPS];
	struct pm_rates		 rt;
	char			*s;
	size_t			 i;
	int			 op;

	pm_report_rates(cfg, r, &rt);
	fprintf(fp, "%d", PM_CSV_SCHEMA);
	csv_str(fp, cfg->label);
	csv_str(fp, s = status_text(r));
	free(s);
	csv_str(fp, meta == NULL ? NULL : meta->timestamp);
	csv_str(fp, s = host_text(r, c));
	free(s);
	csv_str(fp, meta == NULL ? NULL : meta->kernel);
	csv_u64(fp, r->iteration);
	csv_str(fp, s = join_locations(cfg));
	free(s);
	csv_str(fp, s = join_meta(meta, meta == NULL ? NULL : meta->fs_type));
	free(s);
	csv_str(fp, s = join_meta(meta, meta == NULL ? NULL :
	    meta->fs_options));
	free(s);

	pm_option_columns(cfg, 1, csv_colvalue, fp);
	for (i = 0; i < NCOUNTS; i++)
		csv_u64(fp, count_value(r, &pm_counts[i]));
	csv_fields(fp, &rt, pm_seconds, NSECONDS, PREC_SECONDS);
	csv_fields(fp, &rt, pm_rate_fields, NRATES, PREC_RATE);
	op_stats(r, c, st);
	for (op = 0; op < PM_NOPS; op++)
		csv_latency(fp, &st[op]);
	pm_option_columns(cfg, 2, csv_colvalue, fp);
	pm_option_columns(cfg, 3, csv_colvalue, fp);
	if (c != NULL) {
		csv_u64(fp, c->id);
		for (i = 0; i < 2 * NSW + 1; i++)
			csv_sep(fp);
	} else {
		csv_str(fp, "all");
		csv_fields(fp, &rt, pm_sw_seconds, NSW, PREC_SECONDS);
		csv_fields(fp, &rt, pm_sw_rates, NSW, PREC_RATE);
		csv_fixed(fp, rt.balance, PREC_RATE);
	}
	pm_option_columns(cfg, 4, csv_colvalue, fp);
	csv_u64(fp, ranks);
	csv_env(fp, meta, 0, NENV4 - 1);
	csv_usage(fp, cfg, r, c);
	csv_str(fp, s = c == NULL ? join_warnings(r) : NULL);
	free(s);
	csv_env(fp, meta, NENV4, NENV - 1);
	pm_option_columns(cfg, 5, csv_colvalue, fp);
	fputc('\n', fp);
}

/* The where-the-time-went columns of a row: every phase's. */
static void
csv_usage(FILE *fp, const struct pm_config *cfg, const struct pm_result *r,
    const struct pm_clientrow *c)
{
	double	 v[NUSAGE];
	int	 have[NUSAGE], tp, i;

	for (tp = 0; tp < PM_NTPHASES; tp++) {
		usage_values(cfg, r, c, tp, v, have);
		for (i = 0; i < NUSAGE; i++) {
			if (!have[i])
				csv_sep(fp);
			else if (pm_usage_secs[i])
				csv_fixed(fp, v[i], PREC_SECONDS);
			else
				csv_u64(fp, (uint64_t)v[i]);
		}
	}
}

/*
 * The CSV rows of a run (the header is written separately): the run's,
 * client "all", then with several clients one row per client.
 */
int
pm_report_csv(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	struct pm_result	*cr = NULL;
	uint32_t		 i;

	csv_row(fp, cfg, r, NULL, ranks_of(cfg, r));
	for (i = 0; r->nclients > 1 && r->clients != NULL &&
	    i < r->nclients; i++) {
		cr = client_result(r, &r->clients[i], cr);
		csv_row(fp, cfg, cr, &r->clients[i], ranks_of(cfg, r));
	}
	free(cr);
	return (ferror(fp) ? -1 : 0);
}

/* The header line of the interval series (FILE.intervals.csv). */
int
pm_report_intervals_header(FILE *fp)
{
	int	 op;

	fputs("iteration,label,client,phase,interval,start_s,end_s,"
	    "files_alive", fp);
	for (op = 0; op < PM_NOPS; op++)
		fprintf(fp, ",%s", pm_iv_counts[op]);
	fputs(",transactions,bytes_read,bytes_written", fp);
	for (op = 0; op < PM_NOPS; op++)
		fprintf(fp, ",%s_p50_us,%s_p99_us", pm_op_names[op],
		    pm_op_names[op]);
	fputs(",user_s,system_s\n", fp);
	return (ferror(fp) ? -1 : 0);
}

/*
 * The interval series of a run as CSV (FILE.intervals.csv next to the
 * report of "run FILE"): a header when header is set, then a row per
 * interval of each client and phase, with the run's iteration and label
 * to join it to the report's rows.
 */
int
pm_report_intervals(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r, int header)
{
	const struct pm_ivrow	*row;
	size_t			 i;
	int			 op;

	if (header)
		(void)pm_report_intervals_header(fp);
	for (i = 0; i < r->niv; i++) {
		row = &r->iv[i];
		fprintf(fp, "%" PRIu32, r->iteration);
		csv_str(fp, cfg->label);
		csv_u64(fp, row->client);
		csv_str(fp, pm_tphase_names[row->phase]);
		csv_u64(fp, row->index);
		csv_fixed(fp, (double)row->start_ns / NS_PER_S, PREC_SECONDS);
		csv_fixed(fp, (double)row->end_ns / NS_PER_S, PREC_SECONDS);
		csv_u64(fp, row->alive);
		for (op = 0; op < PM_NOPS; op++)
			csv_u64(fp, row->ops[op]);
		csv_u64(fp, row->transactions);
		csv_u64(fp, row->bytes_read);
		csv_u64(fp, row->bytes_written);
		for (op = 0; op < PM_NOPS; op++) {
			csv_fixed(fp, row->p50[op], PREC_US);
			csv_fixed(fp, row->p99[op], PREC_US);
		}
		csv_fixed(fp, row->user_s, PREC_SECONDS);
		csv_fixed(fp, row->sys_s, PREC_SECONDS);
		fputc('\n', fp);
	}
	return (ferror(fp) ? -1 : 0);
}
