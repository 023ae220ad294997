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
 * Reports.  pm_report_rates() is the one place where intervals and rates
 * are computed from a struct pm_result; every formatter below only prints
 * them: PostMark's verbose and terse layouts (with nanosecond timing and
 * exact 64-bit counters), CSV schema 1 and JSON Lines as described in
 * results/README.md, and the summary of several iterations.  A reporter
 * writes to the stream it is given and nothing else, and returns
 * ferror(fp) ? -1 : 0.
 *
 * Numbers never depend on the locale: floating-point values go through
 * fmt_fixed(), which replaces whatever decimal point LC_NUMERIC uses by
 * '.', so a program that calls setlocale(LC_ALL, "") still writes C-locale
 * numbers.
 */

#include "config.h"

#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "postmark.h"

#define NS_PER_S	1e9
#define NS_PER_US	1e3
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

/* The percentiles reported, and their suffix in CSV and JSON names. */
struct pm_pct {
	double		 p;		/* percent, 0..100 */
	const char	*name;		/* "p50" */
	const char	*label;		/* "p50" as printed in verbose */
};

/* A field of struct pm_rates and its name in CSV and JSON. */
struct pm_field {
	const char	*name;		/* "read_per_s" */
	size_t		 off;		/* offsetof(struct pm_rates, field) */
};

/* A row of the summary table: one field of struct pm_rates. */
struct pm_stat_row {
	const char	*label;		/* printed name */
	size_t		 off;		/* offsetof(struct pm_rates, field) */
	double		 scale;		/* divisor applied to the field */
	int		 prec;		/* decimals printed */
};

/*
 * Reporter dispatch table.  A classic report (PostMark's) is printed for
 * a complete or interrupted run and its iterations are summarised; a
 * record (CSV, JSON) is written for every run, CSV after its header in a
 * new file.
 */
struct pm_reporter {
	enum pm_report_fmt fmt;
	const char	*name;		/* "verbose", as in "set report" */
	int		(*fn)(FILE *, const struct pm_config *,
			    const struct pm_result *);
	int		(*header)(FILE *);	/* or NULL */
	int		 classic;	/* PostMark's: not every run */
};

struct pm_count;
struct pm_json;

static double	 interval(uint64_t, uint64_t);
static uint64_t	 trunc_u64(double);
static const char *fmt_fixed(char *, size_t, double, int, const char *);
static void	 put_fixed(FILE *, double, int);
static void	 put_scalef(FILE *, double);
static void	 put_size(FILE *, uint64_t);
static double	 rates_get(const struct pm_rates *, size_t);
static const char *lat_name(size_t, int);
static uint64_t	 count_value(const struct pm_result *,
		    const struct pm_count *);
static void	 put_verbose_latency(FILE *, const struct pm_result *);
static const char *status_name(const struct pm_result *);
static void	 put_verbose_clients(FILE *, const struct pm_config *,
		    const struct pm_result *);
static void	 put_verbose_usage(FILE *, const struct pm_config *,
		    const struct pm_result *);
static void	 put_warnings(FILE *, const struct pm_result *);
static void	 csv_sep(FILE *);
static void	 csv_str(FILE *, const char *);
static void	 csv_u64(FILE *, uint64_t);
static void	 csv_fixed(FILE *, double, int);
static void	 csv_fields(FILE *, const struct pm_rates *,
		    const struct pm_field *, size_t, int);
static void	 csv_latency(FILE *, const struct pm_latstat *);
static void	 csv_usage(FILE *, const struct pm_config *,
		    const struct pm_result *, const struct pm_clientrow *);
static void	 usage_values(const struct pm_config *,
		    const struct pm_result *, const struct pm_clientrow *, int,
		    double *, int *);
static uint64_t	 ranks_of(const struct pm_config *, const struct pm_result *);
static char	*env_u64(uint64_t);
static char	*env_str(const char *);
static char	*env_value(const struct pm_meta *, int);
static void	 csv_env(FILE *, const struct pm_meta *, int, int);
static char	*join_warnings(const struct pm_result *);
static void	 csv_colname(void *, const char *, const char *, int);
static void	 csv_colvalue(void *, const char *, const char *, int);
static char	*join_locations(const struct pm_config *);
static char	*join_meta(const struct pm_meta *, char **);
static void	 op_stats(const struct pm_result *,
		    const struct pm_clientrow *, struct pm_latstat *);
static struct pm_result *client_result(const struct pm_result *,
		    const struct pm_clientrow *, struct pm_result *);
static void	 csv_row(FILE *, const struct pm_config *,
		    const struct pm_result *, const struct pm_clientrow *,
		    uint64_t);
static char	*status_text(const struct pm_result *);
static char	*host_text(const struct pm_result *,
		    const struct pm_clientrow *);
static size_t	 utf8_len(const unsigned char *, uint32_t *);
static void	 json_quote(FILE *, const char *);
static void	 json_member(struct pm_json *, const char *);
static void	 json_open(struct pm_json *, const char *, int);
static void	 json_close(struct pm_json *, int);
static void	 json_str(struct pm_json *, const char *, const char *);
static void	 json_raw(struct pm_json *, const char *, const char *);
static void	 json_u64(struct pm_json *, const char *, uint64_t);
static void	 json_fixed(struct pm_json *, const char *, double, int);
static void	 json_fields(struct pm_json *, const char *,
		    const struct pm_rates *, const struct pm_field *, size_t,
		    int);
static void	 json_stats(struct pm_json *, const char *,
		    const struct pm_latstat *, const struct pm_hist *);
static void	 json_locations(struct pm_json *, const struct pm_config *,
		    const struct pm_meta *);
static void	 json_colvalue(void *, const char *, const char *, int);
static void	 json_device(struct pm_json *, const struct pm_meta *, size_t);
static void	 json_environment(struct pm_json *, const struct pm_meta *);
static void	 json_env(struct pm_json *, const struct pm_meta *, int, int);
static void	 json_cpu(struct pm_json *, const char *, const struct pm_cpu *);
static void	 json_usage(struct pm_json *, const char *,
		    const struct pm_config *, const struct pm_result *,
		    const struct pm_usage *, int);
static void	 json_explain(struct pm_json *, const struct pm_config *,
		    const struct pm_result *);
static void	 json_interval(struct pm_json *, const struct pm_ivrow *);
static void	 json_results(struct pm_json *, const struct pm_config *,
		    const struct pm_result *, const struct pm_clientrow *);
static void	 json_status(struct pm_json *, const struct pm_result *);
static void	 json_clients(struct pm_json *, const struct pm_config *,
		    const struct pm_result *);
static const struct pm_reporter *reporter(enum pm_report_fmt);
static double	 stat_value(const struct pm_rates *,
		    const struct pm_stat_row *);
static void	 put_cell(FILE *, double, int);

static const struct pm_pct pm_pcts[] = {
	{ 50.0, "p50", "p50" },
	{ 90.0, "p90", "p90" },
	{ 99.0, "p99", "p99" },
	{ 99.9, "p999", "p99.9" }
};
#define NPCTS	(sizeof pm_pcts / sizeof pm_pcts[0])

/* The statistics of a latency histogram: min, mean, the percentiles, max. */
#define NLATSTATS	(3 + NPCTS)
_Static_assert(NLATSTATS == PM_NLATSTATS, "PM_NLATSTATS is NLATSTATS");

/* Names of the timed phases and of the operations, as in the reports. */
static const char *const pm_tphase_names[PM_NTPHASES] = {
	"creation", "transactions", "deletion"
};
static const char *const pm_op_names[PM_NOPS] = {
	"create", "read", "append", "delete"
};
/* The counts of an interval row, by operation. */
static const char *const pm_iv_counts[PM_NOPS] = {
	"created", "read", "appended", "deleted"
};

/* A count of struct pm_result (the sum of two fields, with off2 set). */
struct pm_count {
	const char	*name;		/* "read", in CSV and JSON */
	size_t		 off;		/* offsetof(struct pm_result, field) */
	size_t		 off2;		/* a second field added, or 0 */
};

#define COUNT(name, f)		{ name, offsetof(struct pm_result, f), 0 }
#define COUNT2(name, f, g)	{ name, offsetof(struct pm_result, f), \
				    offsetof(struct pm_result, g) }
/* The counts of a run, in CSV column order. */
static const struct pm_count pm_counts[] = {
	COUNT2("created", created_alone, created_mixed),
	COUNT("created_alone", created_alone),
	COUNT("created_mixed", created_mixed),
	COUNT("read", read),
	COUNT("appended", appended),
	COUNT2("deleted", deleted_alone, deleted_mixed),
	COUNT("deleted_alone", deleted_alone),
	COUNT("deleted_mixed", deleted_mixed),
	COUNT("bytes_read", bytes_read),
	COUNT("bytes_written", bytes_written),
	COUNT("transactions_done", transactions_done)
};
#undef COUNT
#undef COUNT2
#define NCOUNTS		(sizeof pm_counts / sizeof pm_counts[0])

#define FIELD(name, field)	{ name, offsetof(struct pm_rates, field) }
/* The intervals in seconds, in CSV column order. */
static const struct pm_field pm_seconds[] = {
	FIELD("elapsed_s", elapsed),
	FIELD("creation_s", create_iv),
	FIELD("transactions_s", t_elapsed),
	FIELD("deletion_s", delete_iv)
};
#define NSECONDS	(sizeof pm_seconds / sizeof pm_seconds[0])

/* The rates per second, in CSV column order; also the terse line's last 11. */
static const struct pm_field pm_rate_fields[] = {
	FIELD("transactions_per_s", transactions),
	FIELD("created_per_s", created),
	FIELD("created_alone_per_s", created_alone),
	FIELD("created_mixed_per_s", created_mixed),
	FIELD("read_per_s", read),
	FIELD("appended_per_s", appended),
	FIELD("deleted_per_s", deleted),
	FIELD("deleted_alone_per_s", deleted_alone),
	FIELD("deleted_mixed_per_s", deleted_mixed),
	FIELD("read_bytes_per_s", bytes_read),
	FIELD("written_bytes_per_s", bytes_written)
};
/* Schema 3: the stonewall intervals, then the rates over them. */
static const struct pm_field pm_sw_seconds[] = {
	FIELD("creation_stonewall_s", sw_create_s),
	FIELD("transactions_stonewall_s", sw_trans_s),
	FIELD("deletion_stonewall_s", sw_delete_s)
};
static const struct pm_field pm_sw_rates[] = {
	FIELD("created_stonewall_per_s", sw_created),
	FIELD("transactions_stonewall_per_s", sw_transactions),
	FIELD("deleted_stonewall_per_s", sw_deleted)
};
#undef FIELD
#define NRATES		(sizeof pm_rate_fields / sizeof pm_rate_fields[0])

/*
 * Schema 4: where each phase's time went, the CSV selection (per phase,
 * named PHASE_NAME), in order; usage_values computes them.
 */
enum {
	U_USER, U_SYS, U_WAIT, U_VCSW, U_IVCSW, U_MAJFLT, U_DREADS,
	U_DRBYTES, U_DWRITES, U_DWBYTES, U_DFLUSH, U_DBUSY, NUSAGE
};
static const char *const pm_usage_names[NUSAGE] = {
	"user_s", "system_s", "wait_s", "voluntary_switches",
	"involuntary_switches", "major_faults", "disk_reads",
	"disk_read_bytes", "disk_writes", "disk_written_bytes",
	"disk_flushes", "disk_busy_s"
};
/* Printed with decimals (seconds), else as integers. */
static const int pm_usage_secs[NUSAGE] = {
	1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1
};
#define NSW		(sizeof pm_sw_seconds / sizeof pm_sw_seconds[0])

#define ROW(label, field, scale, prec) \
	{ label, offsetof(struct pm_rates, field), scale, prec }
static const struct pm_stat_row pm_stat_rows[] = {
	ROW("seconds total", elapsed, 1.0, PREC_SUMMARY_S),
	ROW("seconds of transactions", t_elapsed, 1.0, PREC_SUMMARY_S),
	ROW("transactions/s", transactions, 1.0, PREC_SUMMARY),
	ROW("created/s", created, 1.0, PREC_SUMMARY),
	ROW("  creation alone/s", created_alone, 1.0, PREC_SUMMARY),
	ROW("  created mixed/s", created_mixed, 1.0, PREC_SUMMARY),
	ROW("read/s", read, 1.0, PREC_SUMMARY),
	ROW("appended/s", appended, 1.0, PREC_SUMMARY),
	ROW("deleted/s", deleted, 1.0, PREC_SUMMARY),
	ROW("  deletion alone/s", deleted_alone, 1.0, PREC_SUMMARY),
	ROW("  deleted mixed/s", deleted_mixed, 1.0, PREC_SUMMARY),
	ROW("megabytes read/s", bytes_read, BYTES_PER_MB, PREC_SUMMARY),
	ROW("megabytes written/s", bytes_written, BYTES_PER_MB, PREC_SUMMARY)
};
#undef ROW
#define NSTATROWS	(sizeof pm_stat_rows / sizeof pm_stat_rows[0])

static const struct pm_reporter pm_reporters[] = {
	{ PM_REPORT_VERBOSE, "verbose", pm_report_verbose, NULL, 1 },
	{ PM_REPORT_TERSE, "terse", pm_report_terse, NULL, 1 },
	{ PM_REPORT_CSV, "csv", pm_report_csv, pm_report_csv_header, 0 },
	{ PM_REPORT_JSON, "json", pm_report_json, NULL, 0 }
};
#define NREPORTERS	(sizeof pm_reporters / sizeof pm_reporters[0])

/*
 * Seconds from timestamp a to timestamp b (nanoseconds).  A zero or
 * negative interval counts as 1 ns so that no rate divides by zero.
 */
static double
interval(uint64_t a, uint64_t b)
{
	int64_t	 d;

	d = (int64_t)(b - a);
	if (d <= 0)
		d = 1;
	return ((double)d / NS_PER_S);
}

/* Truncate a non-negative rate to an integer, saturating. */
static uint64_t
trunc_u64(double v)
{
	if (!(v > 0))
		return (0);
	if (v >= 18446744073709551616.0)
		return (UINT64_MAX);
	return ((uint64_t)v);
}

/*
 * Format v with prec decimals into buf (len bytes) with '.' as the decimal
 * point whatever the locale.  Returns buf, or nonfinite if v is not finite.
 */
static const char *
fmt_fixed(char *buf, size_t len, double v, int prec, const char *nonfinite)
{
	const char	*dp;
	char		*p;
	size_t		 dplen;

	if (!isfinite(v))
		return (nonfinite);
	snprintf(buf, len, "%.*f", prec, v);
	dp = localeconv()->decimal_point;
	if (dp == NULL || strcmp(dp, ".") == 0 || *dp == '\0')
		return (buf);
	if ((p = strstr(buf, dp)) != NULL) {
		dplen = strlen(dp);
		*p = '.';
		memmove(p + 1, p + dplen, strlen(p + dplen) + 1);
	}
	return (buf);
}

/* Print v with prec decimals; "nan" or "inf" never appear: print "-". */
static void
put_fixed(FILE *fp, double v, int prec)
{
	char	 buf[FMT_LEN];

	fputs(fmt_fixed(buf, sizeof buf, v, prec, "-"), fp);
}

/*
 * PostMark's scalef(): a byte amount in megabytes when above 1 MiB, in
 * kilobytes when non-zero, else "0.000000 bytes".  Double arithmetic.
 */
static void
put_scalef(FILE *fp, double v)
{
	if (v / BYTES_PER_MB > 1) {
		put_fixed(fp, v / BYTES_PER_MB, 2);
		fputs(" megabytes", fp);
	} else if (v / BYTES_PER_KB != 0) {
		put_fixed(fp, v / BYTES_PER_KB, 2);
		fputs(" kilobytes", fp);
	} else {
		put_fixed(fp, v, 6);
		fputs(" bytes", fp);
	}
}

/*
 * A byte count of our own lines (not PostMark's): scalef's units, but a
 * count under a kilobyte as a whole number ("0 bytes", not "0.000000").
 */
static void
put_size(FILE *fp, uint64_t v)
{
	if (v < BYTES_PER_KB)
		fprintf(fp, "%" PRIu64 " bytes", v);
	else
		put_scalef(fp, (double)v);
}

/*
 * Name of a run's status in CSV and JSON: a complete warm-up run is
 * "warmup" (left out of comparisons, which take "ok" rows).
 */
static const char *
status_name(const struct pm_result *r)
{
	switch (r->status) {
	case PM_STATUS_OK:
		return (r->warmup ? "warmup" : "ok");
	case PM_STATUS_OUT_OF_FILES:
		return ("out_of_files");
	case PM_STATUS_INTERRUPTED:
		return ("interrupted");
	case PM_STATUS_ERROR:
		return ("error");
	}
	return ("error");
}

/*
 * Compute every interval (seconds) and rate (per second) of a result.
 * PostMark's "number" is the count created in the creation phase, and its
 * transaction count is the number of transactions completed; both equal
 * the configured values in a complete run.
 */
void
pm_report_rates(const struct pm_config *cfg, const struct pm_result *r,
    struct pm_rates *rt)
{
	uint64_t	 create_end, del, gap;

	(void)cfg;

	memset(rt, 0, sizeof *rt);
	/* Without a gap between phases: PostMark's four points. */
	create_end = r->t_create_end != 0 ? r->t_create_end : r->t_trans;
	del = r->t_del != 0 ? r->t_del : r->t_trans_end;
	gap = (r->t_trans - create_end) + (del - r->t_trans_end);
	rt->t_elapsed = interval(r->t_trans, r->t_trans_end);
	rt->create_iv = interval(r->t_start, create_end);
	rt->delete_iv = interval(del, r->t_end);
	rt->elapsed = interval(r->t_start + gap, r->t_end);

	rt->transactions = (double)r->transactions_done / rt->t_elapsed;
	rt->created = (double)(r->created_alone + r->created_mixed) /
	    rt->elapsed;
	rt->created_alone = (double)r->created_alone / rt->create_iv;
	rt->created_mixed = (double)r->created_mixed / rt->t_elapsed;
	rt->read = (double)r->read / rt->t_elapsed;
	rt->appended = (double)r->appended / rt->t_elapsed;
	rt->deleted = (double)(r->deleted_alone + r->deleted_mixed) /
	    rt->elapsed;
	rt->deleted_alone = (double)r->deleted_alone / rt->delete_iv;
	rt->deleted_mixed = (double)r->deleted_mixed / rt->t_elapsed;
	rt->bytes_read = (double)r->bytes_read / rt->elapsed;
	rt->bytes_written = (double)r->bytes_written / rt->elapsed;

	/* One client finishes first and last: its phases. */
	if (r->nclients <= 1) {
		rt->sw_create_s = rt->create_iv;
		rt->sw_trans_s = rt->t_elapsed;
		rt->sw_delete_s = rt->delete_iv;
		rt->sw_created = rt->created_alone;
		rt->sw_transactions = rt->transactions;
		rt->sw_deleted = rt->deleted_alone;
		rt->balance = 1.0;
		return;
	}
	rt->sw_create_s = interval(0, r->sw_ns[PM_TP_CREATE]);
	rt->sw_trans_s = interval(0, r->sw_ns[PM_TP_TRANSACT]);
	rt->sw_delete_s = interval(0, r->sw_ns[PM_TP_DELETE]);
	rt->sw_created = (double)r->sw_ops[PM_TP_CREATE] / rt->sw_create_s;
	rt->sw_transactions = (double)r->sw_ops[PM_TP_TRANSACT] /
	    rt->sw_trans_s;
	rt->sw_deleted = (double)r->sw_ops[PM_TP_DELETE] / rt->sw_delete_s;
	rt->balance = r->balance;
}

/* The field at offset off (a struct pm_field's) of a struct pm_rates. */
static double
rates_get(const struct pm_rates *rt, size_t off)
{
	double	 v;

	memcpy(&v, (const char *)rt + off, sizeof v);
	return (v);
}

/*
 * The statistics of a histogram that every report prints: its count and,
 * in microseconds and in report order, v[0] min, v[1] mean, then one per
 * pm_pcts[], and v[NLATSTATS - 1] max.
 */
void
pm_latstat(const struct pm_hist *h, struct pm_latstat *st)
{
	double	*v = st->v;
	size_t	 i;

	st->count = h->count;
	v[0] = h->min / NS_PER_US;
	v[1] = pm_hist_mean(h) / NS_PER_US;
	for (i = 0; i < NPCTS; i++)
		v[2 + i] = pm_hist_percentile(h, pm_pcts[i].p) / NS_PER_US;
	v[NLATSTATS - 1] = h->max / NS_PER_US;
}

/*
 * The name of statistic i of pm_latstat: "min", "mean", "p50" ... "max";
 * a percentile as printed in the verbose report ("p99.9") when verbose,
 * else as in CSV and JSON names ("p999").
 */
static const char *
lat_name(size_t i, int verbose)
{
	if (i == 0)
		return ("min");
	if (i == 1)
		return ("mean");
	if (i == NLATSTATS - 1)
		return ("max");
	return (verbose ? pm_pcts[i - 2].label : pm_pcts[i - 2].name);
}

/* The value of count c of a result. */
static uint64_t
count_value(const struct pm_result *r, const struct pm_count *c)
{
	uint64_t	 a, b = 0;

	memcpy(&a, (const char *)r + c->off, sizeof a);
	if (c->off2 != 0)
		memcpy(&b, (const char *)r + c->off2, sizeof b);
	return (a + b);
}

/*
 * The verbose report's latency section: one line per timed phase and
 * operation that recorded anything, in microseconds.
 */
static void
put_verbose_latency(FILE *fp, const struct pm_result *r)
{
	const struct pm_hist	*h;
	struct pm_latstat	 st;
	char			 name[64];
	size_t			 i;
	int			 ph, op, any = 0;

	for (ph = 0; ph < PM_NTPHASES; ph++) {
		for (op = 0; op < PM_NOPS; op++) {
			h = &r->lat[ph][op];
			if (h->count == 0)
				continue;
			if (!any) {
				fputs("\nLatency (microseconds):\n", fp);
				any = 1;
			}
			snprintf(name, sizeof name, "%s (%s):",
			    pm_op_names[op], pm_tphase_names[ph]);
			fprintf(fp, "\t%-22s count %" PRIu64, name, h->count);
			pm_latstat(h, &st);
			for (i = 0; i < NLATSTATS; i++) {
				fprintf(fp, " %s ", lat_name(i, 1));
				put_fixed(fp, st.v[i], PREC_VERBOSE_US);
			}
			fputc('\n', fp);
		}
	}
}

/*
 * The verbose report's clients section, with several: the balance, the
 * stonewall figures, and a line per client.
 */
static void
put_verbose_clients(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	static const char *const what[PM_NTPHASES] = {
		"files", "transactions", "files"
	};
	struct pm_result	*cr = NULL;
	struct pm_rates		 rt;
	double			 sw_s[PM_NTPHASES], sw_rate[PM_NTPHASES];
	char			 b1[FMT_LEN], b2[FMT_LEN];
	uint32_t		 i;
	int			 tp;

	pm_report_rates(cfg, r, &rt);
	sw_s[0] = rt.sw_create_s;
	sw_s[1] = rt.sw_trans_s;
	sw_s[2] = rt.sw_delete_s;
	sw_rate[0] = rt.sw_created;
	sw_rate[1] = rt.sw_transactions;
	sw_rate[2] = rt.sw_deleted;
	fprintf(fp, "\nClients: %" PRIu32 ", balance ", r->nclients);
	put_fixed(fp, rt.balance, 2);
	fputs(" (fastest / slowest)\n"
	    "\tStonewall, until the first client finished:\n", fp);
	for (tp = 0; tp < PM_NTPHASES; tp++) {
		fprintf(fp, "\t\t%s: ", pm_tphase_names[tp]);
		put_fixed(fp, sw_s[tp], 2);
		fprintf(fp, " seconds, %" PRIu64 " %s (%" PRIu64
		    " per second)\n", r->sw_ops[tp], what[tp],
		    trunc_u64(sw_rate[tp]));
	}
	fprintf(fp, "\t%6s %-12s %9s %14s %9s %9s %9s %9s\n", "client",
	    "status", "seconds", "transactions/s", "created", "read",
	    "appended", "deleted");
	for (i = 0; r->clients != NULL && i < r->nclients; i++) {
		cr = client_result(r, &r->clients[i], cr);
		pm_report_rates(cfg, cr, &rt);
		fprintf(fp, "\t%6" PRIu32 " %-12s ", r->clients[i].id,
		    status_name(cr));
		fprintf(fp, "%9s %14s %9" PRIu64 " %9" PRIu64 " %9" PRIu64
		    " %9" PRIu64 "\n",
		    fmt_fixed(b1, sizeof b1, rt.elapsed, 2, "-"),
		    fmt_fixed(b2, sizeof b2, rt.transactions, 2, "-"),
		    cr->created_alone + cr->created_mixed, cr->read,
		    cr->appended, cr->deleted_alone + cr->deleted_mixed);
	}
	free(cr);
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

/*
 * The verbose report's "Where the time went" section: for each phase
 * that was sampled, its CPU, waiting, switches and faults, then each
 * device's I/O, or why there is no device.
 */
static void
put_verbose_usage(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	const struct pm_meta	*m = r->meta;
	const struct pm_usage	*u;
	double			 v[NUSAGE];
	size_t			 i;
	int			 have[NUSAGE], tp, any = 0;

	for (tp = 0; tp < PM_NTPHASES; tp++) {
		u = &r->usage[tp];
		if (!u->valid)
			continue;
		if (!any++)
			fputs("\nWhere the time went:\n", fp);
		usage_values(cfg, r, NULL, tp, v, have);
		fprintf(fp, "\t%s: ", pm_tphase_names[tp]);
		put_fixed(fp, v[U_USER], 2);
		fputs(" s user, ", fp);
		put_fixed(fp, v[U_SYS], 2);
		fputs(" s system, ", fp);
		put_fixed(fp, v[U_WAIT], 2);
		fprintf(fp, " s waiting; %" PRIu64 " voluntary and %" PRIu64
		    " involuntary switches, %" PRIu64 " major faults\n",
		    (uint64_t)v[U_VCSW], (uint64_t)v[U_IVCSW],
		    (uint64_t)v[U_MAJFLT]);
		for (i = 0; m != NULL && i < u->ndisk && i < m->ndisk; i++) {
			if (!u->disk_ok[i])
				continue;
			fprintf(fp, "\t\t%s: %" PRIu64 " reads (", m->disk[i],
			    u->disk[i][0]);
			put_size(fp, u->disk[i][1]);
			fprintf(fp, "), %" PRIu64 " writes (", u->disk[i][2]);
			put_size(fp, u->disk[i][3]);
			fprintf(fp, "), %" PRIu64 " flushes, busy ",
			    u->disk[i][4]);
			put_fixed(fp, (double)u->disk[i][5] / 1e3, 2);
			fputs(" s\n", fp);
		}
		for (i = 0; m != NULL && m->no_device != NULL && i < m->nfs;
		    i++) {
			if (m->no_device[i] != NULL)
				fprintf(fp, "\t\t%s: %s: no disk I/O to "
				    "show\n", cfg->nlocations > 0 ?
				    cfg->locations[i].name : ".",
				    m->no_device[i]);
		}
	}
}

/*
 * The warnings of a run, one a line, but those its reader was shown
 * already (warnings_said: an earlier run of the command, on the
 * terminal); no section when none is left.
 */
static void
put_warnings(FILE *fp, const struct pm_result *r)
{
	size_t	 i;
	int	 any = 0;

	for (i = 0; i < r->nwarnings; i++) {
		if (r->warnings_said != NULL && r->warnings_said[i])
			continue;
		if (!any++)
			fputs("\nWarnings:\n", fp);
		fprintf(fp, "\t%s\n", r->warnings[i]);
	}
}

/*
 * PostMark 1.53's verbose report, line for line, with seconds printed
 * "%.2f", counts and per-second rates as truncated 64-bit integers, and
 * exact byte counts through scalef(); then the latency section.
 */
int
pm_report_verbose(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	struct pm_rates	 rt;
	uint64_t	 created, deleted;

	pm_report_rates(cfg, r, &rt);
	created = r->created_alone + r->created_mixed;
	deleted = r->deleted_alone + r->deleted_mixed;

	if (r->status == PM_STATUS_INTERRUPTED)
		fprintf(fp, "Interrupted by %s while %s: what ran before "
		    "the interruption\n", pm_signal_name(r->signo),
		    pm_phase_name(r->last_phase));
	if (r->warmup)
		fprintf(fp, "Warm-up run %u of %u, not measured:\n",
		    r->iteration, cfg->warmup);
	fputs("Time:\n\t", fp);
	put_fixed(fp, rt.elapsed, 2);
	fputs(" seconds total\n\t", fp);
	put_fixed(fp, rt.t_elapsed, 2);
	fprintf(fp, " seconds of transactions (%" PRIu64 " per second)\n",
	    trunc_u64(rt.transactions));

	fprintf(fp, "\nFiles:\n"
	    "\t%" PRIu64 " created (%" PRIu64 " per second)\n"
	    "\t\tCreation alone: %" PRIu64 " files (%" PRIu64
	    " per second)\n"
	    "\t\tMixed with transactions: %" PRIu64 " files (%" PRIu64
	    " per second)\n",
	    created, trunc_u64(rt.created),
	    r->created_alone, trunc_u64(rt.created_alone),
	    r->created_mixed, trunc_u64(rt.created_mixed));
	fprintf(fp, "\t%" PRIu64 " read (%" PRIu64 " per second)\n"
	    "\t%" PRIu64 " appended (%" PRIu64 " per second)\n",
	    r->read, trunc_u64(rt.read),
	    r->appended, trunc_u64(rt.appended));
	fprintf(fp, "\t%" PRIu64 " deleted (%" PRIu64 " per second)\n"
	    "\t\tDeletion alone: %" PRIu64 " files (%" PRIu64
	    " per second)\n"
	    "\t\tMixed with transactions: %" PRIu64 " files (%" PRIu64
	    " per second)\n",
	    deleted, trunc_u64(rt.deleted),
	    r->deleted_alone, trunc_u64(rt.deleted_alone),
	    r->deleted_mixed, trunc_u64(rt.deleted_mixed));

	fputs("\nData:\n\t", fp);
	put_scalef(fp, (double)r->bytes_read);
	fputs(" read (", fp);
	put_scalef(fp, rt.bytes_read);
	fputs(" per second)\n\t", fp);
	put_scalef(fp, (double)r->bytes_written);
	fputs(" written (", fp);
	put_scalef(fp, rt.bytes_written);
	fputs(" per second)\n", fp);

	put_verbose_latency(fp, r);
	if (r->nclients > 1)
		put_verbose_clients(fp, cfg, r);
	put_verbose_usage(fp, cfg, r);
	put_warnings(fp, r);
	return (ferror(fp) ? -1 : 0);
}

/*
 * PostMark 1.53's terse line: 13 space-separated "%.2f" fields, seconds
 * then rates (fields 12 and 13 in bytes per second).  An interrupted run
 * has no such line (its rates cover part of a run): it gets
 * "interrupted by SIGNAL while PHASE" instead.
 */
int
pm_report_terse(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	struct pm_rates	 rt;
	size_t		 i;

	if (r->status == PM_STATUS_INTERRUPTED) {
		fprintf(fp, "interrupted by %s while %s\n",
		    pm_signal_name(r->signo), pm_phase_name(r->last_phase));
		return (ferror(fp) ? -1 : 0);
	}
	pm_report_rates(cfg, r, &rt);
	put_fixed(fp, rt.elapsed, 2);
	fputc(' ', fp);
	put_fixed(fp, rt.t_elapsed, 2);
	for (i = 0; i < NRATES; i++) {
		fputc(' ', fp);
		put_fixed(fp, rates_get(&rt, pm_rate_fields[i].off), 2);
	}
	fputc('\n', fp);
	return (ferror(fp) ? -1 : 0);
}

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

/*
 * The locations as "PATH:WEIGHT" joined by ';', or "." when none is set.
 * Returns an allocated string the caller frees.
 */
static char *
join_locations(const struct pm_config *cfg)
{
	char	*s, *t;
	size_t	 i;

	if (cfg->nlocations == 0)
		return (xstrdup("."));
	s = NULL;
	for (i = 0; i < cfg->nlocations; i++) {
		xasprintf(&t, "%s%s%s:%" PRIu32, s == NULL ? "" : s,
		    s == NULL ? "" : ";", cfg->locations[i].name,
		    cfg->locations[i].weight);
		free(s);
		s = t;
	}
	return (s);
}

/*
 * One metadata string per location (fs_type, device ... of meta) joined
 * by ';'.  Returns an allocated string, or NULL without metadata or when
 * no location has one.
 */
static char *
join_meta(const struct pm_meta *meta, char **v)
{
	char	*s, *t;
	size_t	 i;

	if (meta == NULL || v == NULL)
		return (NULL);
	for (i = 0; i < meta->nfs && v[i] == NULL; i++)
		continue;
	if (i == meta->nfs)
		return (NULL);
	s = xstrdup("");
	for (i = 0; i < meta->nfs; i++) {
		xasprintf(&t, "%s%s%s", s, i == 0 ? "" : ";",
		    v[i] == NULL ? "" : v[i]);
		free(s);
		s = t;
	}
	return (s);
}

/*
 * The statistics of each operation's latencies merged over the timed
 * phases: the run's, or a client's (from its row).
 */
static void
op_stats(const struct pm_result *r, const struct pm_clientrow *c,
    struct pm_latstat *st)
{
	struct pm_hist	*h;
	int		 ph, op;

	if (c != NULL) {
		memcpy(st, c->lat, sizeof c->lat);
		return;
	}
	h = xmalloc(sizeof *h);
	for (op = 0; op < PM_NOPS; op++) {
		pm_hist_init(h);
		for (ph = 0; ph < PM_NTPHASES; ph++)
			pm_hist_merge(h, &r->lat[ph][op]);
		pm_latstat(h, &st[op]);
	}
	free(h);
}

/*
 * A client of a run as a result of its own, for the reports: its counts,
 * its phases back to back (their durations), and its status: an error
 * when it failed (with the run's error), interrupted when the run was,
 * else its own.  Its latencies are in its row.  cr is the one returned
 * for the previous client, or NULL: a result is too large for the stack
 * (its histograms), so it is allocated once and reused.  Returns cr;
 * the caller frees it.
 */
static struct pm_result *
client_result(const struct pm_result *r, const struct pm_clientrow *c,
    struct pm_result *cr)
{
	if (cr == NULL)
		cr = xcalloc_what("a client's result for the report", 1,
		    sizeof *cr);
	memset(cr, 0, sizeof *cr);
	cr->meta = r->meta;
	cr->iteration = r->iteration;
	cr->warmup = r->warmup;
	cr->nclients = 1;
	cr->status = c->status;
	cr->signo = r->signo;
	if (c->status == PM_STATUS_ERROR && r->error.client == (int)c->id)
		cr->error = r->error;
	else if (r->status == PM_STATUS_INTERRUPTED)
		cr->status = PM_STATUS_INTERRUPTED;
	cr->created_alone = c->created_alone;
	cr->created_mixed = c->created_mixed;
	cr->read = c->read;
	cr->appended = c->appended;
	cr->deleted_alone = c->deleted_alone;
	cr->deleted_mixed = c->deleted_mixed;
	cr->bytes_read = c->bytes_read;
	cr->bytes_written = c->bytes_written;
	cr->transactions_done = c->transactions_done;
	cr->t_start = 1;
	cr->t_create_end = cr->t_trans = cr->t_start + c->ns[PM_TP_CREATE];
	cr->t_trans_end = cr->t_del = cr->t_trans + c->ns[PM_TP_TRANSACT];
	cr->t_end = cr->t_del + c->ns[PM_TP_DELETE];
	return (cr);
}

/*
 * The host of a record: for a client (c), its MPI rank's, else the
 * run's; for the run, under MPI, the ranks' distinct host names joined
 * by ';' in rank order, else the run's.  Returns an allocated string, or
 * NULL when there is none.
 */
static char *
host_text(const struct pm_result *r, const struct pm_clientrow *c)
{
	const char	*h = r->meta != NULL ? r->meta->host : NULL, *cur;
	const char	**seen;
	char		*s, *t;
	size_t		 nseen = 0, k;
	uint32_t	 i;

	if (c != NULL)
		return (c->host[0] != '\0' ? xstrdup(c->host) :
		    h != NULL ? xstrdup(h) : NULL);
	if (r->clients == NULL || r->nclients < 2 ||
	    r->clients[0].host[0] == '\0')
		return (h != NULL ? xstrdup(h) : NULL);
	seen = xcalloc(r->nclients, sizeof *seen);
	s = NULL;
	for (i = 0; i < r->nclients; i++) {
		cur = r->clients[i].host;
		for (k = nseen; k > 0 && strcmp(seen[k - 1], cur) != 0; k--)
			continue;
		if (k > 0)
			continue;
		seen[nseen++] = cur;
		xasprintf(&t, "%s%s%s", s != NULL ? s : "", s != NULL ? ";" :
		    "", cur);
		free(s);
		s = t;
	}
	free(seen);
	return (s);
}

/*
 * Where the time of timed phase tp went, as the CSV columns of schema 4
 * (pm_usage_names): for the run, its process's CPU (rank 0's under MPI)
 * and the devices under its locations summed; for a client (c), its
 * thread's CPU and no device figures.  wait_s is the time the clients
 * spent off a CPU: the phase's time for each client minus their CPU.
 * have[i] is 0 for a figure that was not measured.
 */
static void
usage_values(const struct pm_config *cfg, const struct pm_result *r,
    const struct pm_clientrow *c, int tp, double *v, int *have)
{
	const struct pm_usage	*u = &r->usage[tp];
	const struct pm_cpu	*cpu;
	struct pm_rates		 rt;
	double			 wall, k;
	size_t			 i;
	int			 j, any = 0;

	memset(v, 0, NUSAGE * sizeof *v);
	memset(have, 0, NUSAGE * sizeof *have);
	if (c == NULL && !u->valid)
		return;
	pm_report_rates(cfg, r, &rt);
	wall = tp == PM_TP_CREATE ? rt.create_iv : tp == PM_TP_TRANSACT ?
	    rt.t_elapsed : rt.delete_iv;
	cpu = c != NULL ? &c->cpu[tp] : &u->cpu;
	k = c != NULL || cfg->clients < 1 ? 1.0 : (double)cfg->clients;
	v[U_USER] = (double)cpu->user_ns / NS_PER_S;
	v[U_SYS] = (double)cpu->sys_ns / NS_PER_S;
	v[U_WAIT] = wall * k - v[U_USER] - v[U_SYS];
	if (v[U_WAIT] < 0)
		v[U_WAIT] = 0;
	v[U_VCSW] = (double)cpu->vcsw;
	v[U_IVCSW] = (double)cpu->ivcsw;
	v[U_MAJFLT] = (double)cpu->majflt;
	for (j = U_USER; j <= U_MAJFLT; j++)
		have[j] = 1;
	for (i = 0; c == NULL && i < u->ndisk; i++) {
		if (!u->disk_ok[i])
			continue;
		any = 1;
		v[U_DREADS] += (double)u->disk[i][0];
		v[U_DRBYTES] += (double)u->disk[i][1];
		v[U_DWRITES] += (double)u->disk[i][2];
		v[U_DWBYTES] += (double)u->disk[i][3];
		v[U_DFLUSH] += (double)u->disk[i][4];
		v[U_DBUSY] += (double)u->disk[i][5] / 1e3;
	}
	for (j = U_DREADS; any && j <= U_DBUSY; j++)
		have[j] = 1;
}

/* The MPI ranks of a run: its clients over the clients per process. */
static uint64_t
ranks_of(const struct pm_config *cfg, const struct pm_result *r)
{
	uint64_t	 per = cfg->clients > 0 ? cfg->clients : 1;

	return (r->nclients > per ? r->nclients / per : 1);
}

/* A number of the environment, or empty (NULL) when unknown. */
static char *
env_u64(uint64_t v)
{
	char	*s;

	if (v == 0)
		return (NULL);
	xasprintf(&s, "%" PRIu64, v);
	return (s);
}

/*
 * The environment columns: the NENV4 of schema 4 (before the usage
 * columns), then the VM's of schema 5 (after warnings); their names, and
 * which are numbers (JSON).
 */
#define NENV_HOST 5	/* in JSON: the devices' are in its locations */
#define NENV4	10
#define NENV	17
static const struct {
	const char	*name;
	int		 number;
} pm_env_cols[NENV] = {
	{ "cpu_model", 0 }, { "cpus", 1 }, { "mem_total_kb", 1 },
	{ "mem_available_kb", 1 }, { "kernel_cmdline", 0 }, { "devices", 0 },
	{ "schedulers", 0 }, { "rotational", 0 }, { "disk_models", 0 },
	{ "fs_features", 0 },
	{ "vm_accelerator", 0 }, { "vm_cpus", 1 }, { "vm_memory_mib", 1 },
	{ "vm_disk", 0 }, { "vm_cache", 0 }, { "vm_qemu", 0 },
	{ "vm_machine", 0 }
};

/* A string of the metadata, copied, or NULL. */
static char *
env_str(const char *s)
{
	return (s != NULL ? xstrdup(s) : NULL);
}

/* Value i of pm_env_cols (allocated, or NULL when unknown). */
static char *
env_value(const struct pm_meta *m, int i)
{
	if (m == NULL)
		return (NULL);
	switch (i) {
	case 0:
		return (env_str(m->cpu_model));
	case 1:
		return (env_u64(m->ncpu));
	case 2:
		return (env_u64(m->mem_total_kb));
	case 3:
		return (env_u64(m->mem_avail_kb));
	case 4:
		return (env_str(m->cmdline));
	case 5:
		return (join_meta(m, m->device));
	case 6:
		return (join_meta(m, m->scheduler));
	case 7:
		return (join_meta(m, m->rotational));
	case 8:
		return (join_meta(m, m->model));
	case 9:
		return (join_meta(m, m->fs_features));
	case 10:
		return (env_str(m->vm_accel));
	case 11:
		return (env_u64(m->vm_cpus));
	case 12:
		return (env_u64(m->vm_memory_mib));
	case 13:
		return (env_str(m->vm_disk));
	case 14:
		return (env_str(m->vm_cache));
	case 15:
		return (env_str(m->vm_qemu));
	default:
		return (env_str(m->vm_machine));
	}
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

/* The warnings of a run joined by "; ", or NULL when there are none. */
static char *
join_warnings(const struct pm_result *r)
{
	char	*s = NULL, *t;
	size_t	 i;

	for (i = 0; i < r->nwarnings; i++) {
		xasprintf(&t, "%s%s%s", s != NULL ? s : "", s != NULL ? "; " :
		    "", r->warnings[i]);
		free(s);
		s = t;
	}
	return (s);
}

/* The status column: ok, out_of_files, interrupted, or "error: CAUSE". */
static char *
status_text(const struct pm_result *r)
{
	char	*cause, *s;

	if (r->status != PM_STATUS_ERROR)
		return (xstrdup(status_name(r)));
	if (r->error.op == NULL)
		return (xstrdup("error"));
	cause = pm_error_string(&r->error);
	xasprintf(&s, "error: %s", cause);
	free(cause);
	return (s);
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

/*
 * The length of the well-formed UTF-8 sequence at p (1 to 4 bytes, the
 * table of Unicode's section 3.9) with its code point in *cp, or 0 when
 * the bytes at p are not one.
 */
static size_t
utf8_len(const unsigned char *p, uint32_t *cp)
{
	unsigned char	 lo = 0x80, hi = 0xbf;
	size_t		 n, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return (1);
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return (0);
	if (p[0] == 0xe0)
		lo = 0xa0;
	else if (p[0] == 0xed)
		hi = 0x9f;
	else if (p[0] == 0xf0)
		lo = 0x90;
	else if (p[0] == 0xf4)
		hi = 0x8f;
	if (p[1] < lo || p[1] > hi)
		return (0);
	*cp = p[0] & (0xff >> (n + 1));
	for (i = 1; i < n; i++) {
		if (i > 1 && (p[i] < 0x80 || p[i] > 0xbf))
			return (0);
		*cp = *cp << 6 | (p[i] & 0x3f);
	}
	return (n);
}

/*
 * A JSON string (RFC 8259) that any strict reader accepts, whatever the
 * bytes: quotes and backslashes escaped; control characters (C0, DEL,
 * C1) and the line and paragraph separators as \uXXXX; well-formed UTF-8
 * as is; every byte that is not part of well-formed UTF-8 as \ufffd, the
 * replacement character.  NULL is written as null.
 */
static void
json_quote(FILE *fp, const char *s)
{
	const unsigned char	*p;
	uint32_t		 cp;
	size_t			 n;

	if (s == NULL) {
		fputs("null", fp);
		return;
	}
	fputc('"', fp);
	for (p = (const unsigned char *)s; *p != '\0'; p += n) {
		if ((n = utf8_len(p, &cp)) == 0) {
			fputs("\\ufffd", fp);
			n = 1;
		} else if (cp == '"' || cp == '\\')
			fprintf(fp, "\\%c", (int)cp);
		else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ||
		    cp == 0x2028 || cp == 0x2029)
			fprintf(fp, "\\u%04x", (unsigned int)cp);
		else
			fwrite(p, 1, n, fp);
	}
	fputc('"', fp);
}

/*
 * The JSON writer: the one place that puts commas between members and
 * elements and keeps the nesting.  json_open/json_close bracket an
 * object or array (key NULL inside an array or at the top); json_str,
 * json_num and json_raw write a member (or an element, key NULL).
 */
#define PM_JSON_DEPTH	16
struct pm_json {
	FILE		*fp;
	int		 depth;
	unsigned char	 any[PM_JSON_DEPTH];	/* a member written already */
};

/* The comma and the key before a member or element. */
static void
json_member(struct pm_json *j, const char *key)
{
	if (j->depth > 0 && j->any[j->depth - 1])
		fputc(',', j->fp);
	if (j->depth > 0)
		j->any[j->depth - 1] = 1;
	if (key != NULL) {
		json_quote(j->fp, key);
		fputc(':', j->fp);
	}
}

static void
json_open(struct pm_json *j, const char *key, int c)
{
	json_member(j, key);
	fputc(c, j->fp);
	if (j->depth < PM_JSON_DEPTH)
		j->any[j->depth] = 0;
	j->depth++;
}

static void
json_close(struct pm_json *j, int c)
{
	fputc(c, j->fp);
	j->depth--;
}

static void
json_str(struct pm_json *j, const char *key, const char *s)
{
	json_member(j, key);
	json_quote(j->fp, s);
}

/* A member whose value is already JSON text (a number, null). */
static void
json_raw(struct pm_json *j, const char *key, const char *text)
{
	json_member(j, key);
	fputs(text, j->fp);
}

static void
json_u64(struct pm_json *j, const char *key, uint64_t v)
{
	char	 buf[32];

	snprintf(buf, sizeof buf, "%" PRIu64, v);
	json_raw(j, key, buf);
}

/* A fixed-point number, or null if v is not finite. */
static void
json_fixed(struct pm_json *j, const char *key, double v, int prec)
{
	char	 buf[FMT_LEN];

	json_raw(j, key, fmt_fixed(buf, sizeof buf, v, prec, "null"));
}

/* An object with one fixed-point member per entry of fields[n]. */
static void
json_fields(struct pm_json *j, const char *key, const struct pm_rates *rt,
    const struct pm_field *fields, size_t n, int prec)
{
	size_t	 i;

	json_open(j, key, '{');
	for (i = 0; i < n; i++)
		json_fixed(j, fields[i].name, rates_get(rt, fields[i].off),
		    prec);
	json_close(j, '}');
}

/*
 * A latency object: count, min_us, mean_us, p50_us ... max_us (null when
 * empty) and, if h is not NULL, its non-empty buckets as [low_ns,
 * high_ns, count] triples.
 */
static void
json_stats(struct pm_json *j, const char *key, const struct pm_latstat *st,
    const struct pm_hist *h)
{
	char		 name[32];
	size_t		 i;
	unsigned int	 b;

	json_open(j, key, '{');
	json_u64(j, "count", st->count);
	for (i = 0; i < NLATSTATS; i++) {
		snprintf(name, sizeof name, "%s_us", lat_name(i, 0));
		if (st->count == 0)
			json_raw(j, name, "null");
		else
			json_fixed(j, name, st->v[i], PREC_US);
	}
	if (h != NULL) {
		json_open(j, "buckets", '[');
		for (b = 0; b < PM_HIST_NBUCKETS; b++) {
			if (h->bucket[b] == 0)
				continue;
			json_open(j, NULL, '[');
			json_u64(j, NULL, pm_hist_bucket_low(b));
			json_u64(j, NULL, pm_hist_bucket_high(b));
			json_u64(j, NULL, h->bucket[b]);
			json_close(j, ']');
		}
		json_close(j, ']');
	}
	json_close(j, '}');
}

/* The locations array: path, weight, file-system type and options. */
static void
json_locations(struct pm_json *j, const struct pm_config *cfg,
    const struct pm_meta *meta)
{
	size_t	 i, n;

	n = cfg->nlocations == 0 ? 1 : cfg->nlocations;
	json_open(j, "locations", '[');
	for (i = 0; i < n; i++) {
		json_open(j, NULL, '{');
		json_str(j, "path", cfg->nlocations == 0 ? "." :
		    cfg->locations[i].name);
		json_u64(j, "weight", cfg->nlocations == 0 ? 1 :
		    cfg->locations[i].weight);
		json_str(j, "fs_type", meta == NULL || i >= meta->nfs ||
		    meta->fs_type == NULL ? NULL : meta->fs_type[i]);
		json_str(j, "fs_options", meta == NULL || i >= meta->nfs ||
		    meta->fs_options == NULL ? NULL : meta->fs_options[i]);
		json_device(j, meta, i);
		json_close(j, '}');
	}
	json_close(j, ']');
}

/* A location's device and what sysfs and its superblock say of it. */
static void
json_device(struct pm_json *j, const struct pm_meta *m, size_t i)
{
	int	 ok = m != NULL && i < m->nfs && m->device != NULL;

	json_str(j, "device", ok ? m->device[i] : NULL);
	json_str(j, "no_device", ok ? m->no_device[i] : NULL);
	json_str(j, "scheduler", ok ? m->scheduler[i] : NULL);
	json_raw(j, "rotational", ok && m->rotational[i] != NULL ?
	    (strcmp(m->rotational[i], "1") == 0 ? "true" : "false") : "null");
	json_str(j, "model", ok ? m->model[i] : NULL);
	json_str(j, "fs_features", ok ? m->fs_features[i] : NULL);
}

/*
 * The environment of the run: processors, memory, kernel command line
 * (the devices are in its locations), the VM it ran in.
 */
static void
json_environment(struct pm_json *j, const struct pm_meta *m)
{
	json_open(j, "environment", '{');
	json_env(j, m, 0, NENV_HOST - 1);
	json_env(j, m, NENV4, NENV - 1);
	json_close(j, '}');
}

/* Members first to last of pm_env_cols, from m: numbers or strings. */
static void
json_env(struct pm_json *j, const struct pm_meta *m, int first, int last)
{
	char	*v;
	int	 i;

	for (i = first; i <= last; i++) {
		v = env_value(m, i);
		if (pm_env_cols[i].number)
			json_raw(j, pm_env_cols[i].name, v != NULL ? v : "null");
		else
			json_str(j, pm_env_cols[i].name, v);
		free(v);
	}
}

/* A CPU object: user and system seconds, switches, faults. */
static void
json_cpu(struct pm_json *j, const char *key, const struct pm_cpu *c)
{
	json_open(j, key, '{');
	json_fixed(j, "user_s", (double)c->user_ns / NS_PER_S, PREC_SECONDS);
	json_fixed(j, "system_s", (double)c->sys_ns / NS_PER_S, PREC_SECONDS);
	json_u64(j, "voluntary_switches", c->vcsw);
	json_u64(j, "involuntary_switches", c->ivcsw);
	json_u64(j, "minor_faults", c->minflt);
	json_u64(j, "major_faults", c->majflt);
	json_close(j, '}');
}

/*
 * Where a phase's time went (u), or the whole run's: the CSV's figures,
 * the process's CPU in full, the client threads' (several clients),
 * /proc/vmstat, each device, and why a location has none.
 */
static void
json_usage(struct pm_json *j, const char *key, const struct pm_config *cfg,
    const struct pm_result *r, const struct pm_usage *u, int tp)
{
	const struct pm_meta	*m = r->meta;
	double			 v[NUSAGE];
	char			 buf[32];
	size_t			 i, k;
	int			 have[NUSAGE];

	if (!u->valid) {
		json_raw(j, key, "null");
		return;
	}
	json_open(j, key, '{');
	json_fixed(j, "wall_s", (double)u->wall_ns / NS_PER_S, PREC_SECONDS);
	if (tp >= 0) {
		usage_values(cfg, r, NULL, tp, v, have);
		for (i = U_USER; i <= U_WAIT; i++)
			json_fixed(j, pm_usage_names[i], v[i], PREC_SECONDS);
	}
	json_cpu(j, "process", &u->cpu);
	if (r->nclients > 1)
		json_cpu(j, "threads", &u->threads);
	if (u->vm_ok) {
		json_open(j, "vmstat", '{');
		for (i = 0; i < PM_NVM; i++) {
			snprintf(buf, sizeof buf, "%" PRId64, u->vm[i]);
			json_raw(j, pm_vm_names[i], buf);
		}
		json_close(j, '}');
	} else
		json_raw(j, "vmstat", "null");
	json_open(j, "devices", '[');
	for (i = 0; m != NULL && i < u->ndisk && i < m->ndisk; i++) {
		if (!u->disk_ok[i])
			continue;
		json_open(j, NULL, '{');
		json_str(j, "device", m->disk[i]);
		for (k = 0; k < PM_NDISK; k++)
			json_u64(j, pm_disk_names[k], u->disk[i][k]);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_open(j, "no_device", '[');
	for (i = 0; m != NULL && m->no_device != NULL && i < m->nfs; i++) {
		if (m->no_device[i] != NULL)
			json_str(j, NULL, m->no_device[i]);
	}
	json_close(j, ']');
	json_close(j, '}');
}

/* Each phase's usage, the whole run's, the warnings and the intervals. */
static void
json_explain(struct pm_json *j, const struct pm_config *cfg,
    const struct pm_result *r)
{
	size_t	 i;
	int	 tp;

	json_open(j, "phases", '{');
	for (tp = 0; tp < PM_NTPHASES; tp++)
		json_usage(j, pm_tphase_names[tp], cfg, r, &r->usage[tp], tp);
	json_close(j, '}');
	json_usage(j, "run_usage", cfg, r, &r->usage_run, -1);
	json_open(j, "warnings", '[');
	for (i = 0; i < r->nwarnings; i++)
		json_str(j, NULL, r->warnings[i]);
	json_close(j, ']');
	json_open(j, "intervals", '[');
	for (i = 0; i < r->niv; i++)
		json_interval(j, &r->iv[i]);
	json_close(j, ']');
}

/* One interval row, named as the columns of FILE.intervals.csv. */
static void
json_interval(struct pm_json *j, const struct pm_ivrow *row)
{
	char	 name[32];
	int	 op;

	json_open(j, NULL, '{');
	json_u64(j, "client", row->client);
	json_str(j, "phase", pm_tphase_names[row->phase]);
	json_u64(j, "interval", row->index);
	json_fixed(j, "start_s", (double)row->start_ns / NS_PER_S,
	    PREC_SECONDS);
	json_fixed(j, "end_s", (double)row->end_ns / NS_PER_S, PREC_SECONDS);
	json_u64(j, "files_alive", row->alive);
	for (op = 0; op < PM_NOPS; op++)
		json_u64(j, pm_iv_counts[op], row->ops[op]);
	json_u64(j, "transactions", row->transactions);
	json_u64(j, "bytes_read", row->bytes_read);
	json_u64(j, "bytes_written", row->bytes_written);
	for (op = 0; op < PM_NOPS; op++) {
		snprintf(name, sizeof name, "%s_p50_us", pm_op_names[op]);
		json_fixed(j, name, row->p50[op], PREC_US);
		snprintf(name, sizeof name, "%s_p99_us", pm_op_names[op]);
		json_fixed(j, name, row->p99[op], PREC_US);
	}
	json_fixed(j, "user_s", row->user_s, PREC_SECONDS);
	json_fixed(j, "system_s", row->sys_s, PREC_SECONDS);
	json_close(j, '}');
}

/* A configuration member (pm_option_columns), number or string. */
static void
json_colvalue(void *arg, const char *name, const char *value, int number)
{
	if (number)
		json_raw(arg, name, value);
	else
		json_str(arg, name, value);
}

/*
 * The measured part of a run (c NULL) or of one of its clients: counts,
 * seconds, rates, latencies merged over the phases; for the run, the
 * latencies of each phase with their buckets.
 */
static void
json_results(struct pm_json *j, const struct pm_config *cfg,
    const struct pm_result *r, const struct pm_clientrow *c)
{
	struct pm_latstat	 st[PM_NOPS], one;
	struct pm_rates		 rt;
	double			 v[NUSAGE];
	size_t			 i;
	int			 ph, op, have[NUSAGE];

	pm_report_rates(cfg, r, &rt);
	json_open(j, "counts", '{');
	for (i = 0; i < NCOUNTS; i++)
		json_u64(j, pm_counts[i].name, count_value(r, &pm_counts[i]));
	json_close(j, '}');
	json_fields(j, "seconds", &rt, pm_seconds, NSECONDS, PREC_SECONDS);
	json_fields(j, "rates", &rt, pm_rate_fields, NRATES, PREC_RATE);
	op_stats(r, c, st);
	json_open(j, "latency", '{');
	for (op = 0; op < PM_NOPS; op++)
		json_stats(j, pm_op_names[op], &st[op], NULL);
	json_close(j, '}');
	if (c != NULL) {
		json_open(j, "phases", '{');
		for (ph = 0; ph < PM_NTPHASES; ph++) {
			usage_values(cfg, r, c, ph, v, have);
			json_open(j, pm_tphase_names[ph], '{');
			for (i = U_USER; i <= U_WAIT; i++)
				json_fixed(j, pm_usage_names[i], v[i],
				    PREC_SECONDS);
			json_u64(j, "voluntary_switches", c->cpu[ph].vcsw);
			json_u64(j, "involuntary_switches", c->cpu[ph].ivcsw);
			json_u64(j, "minor_faults", c->cpu[ph].minflt);
			json_u64(j, "major_faults", c->cpu[ph].majflt);
			json_close(j, '}');
		}
		json_close(j, '}');
		return;
	}
	json_open(j, "latency_phases", '{');
	for (ph = 0; ph < PM_NTPHASES; ph++) {
		json_open(j, pm_tphase_names[ph], '{');
		for (op = 0; op < PM_NOPS; op++) {
			if (r->lat[ph][op].count == 0)
				continue;
			pm_latstat(&r->lat[ph][op], &one);
			json_stats(j, pm_op_names[op], &one, &r->lat[ph][op]);
		}
		json_close(j, '}');
	}
	json_close(j, '}');
}

/* A run's status, error and signal members. */
static void
json_status(struct pm_json *j, const struct pm_result *r)
{
	char	*s;

	json_str(j, "status", status_name(r));
	s = r->status == PM_STATUS_ERROR && r->error.op != NULL ?
	    pm_error_string(&r->error) : NULL;
	json_str(j, "error", s);
	free(s);
	json_str(j, "signal", r->status == PM_STATUS_INTERRUPTED ?
	    pm_signal_name(r->signo) : NULL);
}

/*
 * The clients of a run: their number, the stonewall figures, the
 * balance, and with several an array of each one's results.
 */
static void
json_clients(struct pm_json *j, const struct pm_config *cfg,
    const struct pm_result *r)
{
	struct pm_result	*cr = NULL;
	struct pm_rates		 rt;
	char			*host;
	uint32_t		 i;

	pm_report_rates(cfg, r, &rt);
	json_u64(j, "nclients", r->nclients > 1 ? r->nclients : 1);
	json_u64(j, "ranks", ranks_of(cfg, r));
	json_open(j, "stonewall", '{');
	for (i = 0; i < NSW; i++)
		json_fixed(j, pm_sw_seconds[i].name, rates_get(&rt,
		    pm_sw_seconds[i].off), PREC_SECONDS);
	for (i = 0; i < NSW; i++)
		json_fixed(j, pm_sw_rates[i].name, rates_get(&rt,
		    pm_sw_rates[i].off), PREC_RATE);
	json_close(j, '}');
	json_fixed(j, "balance", rt.balance, PREC_RATE);
	json_open(j, "clients", '[');
	for (i = 0; r->nclients > 1 && r->clients != NULL &&
	    i < r->nclients; i++) {
		cr = client_result(r, &r->clients[i], cr);
		json_open(j, NULL, '{');
		json_u64(j, "client", r->clients[i].id);
		json_u64(j, "rank", r->clients[i].rank);
		host = host_text(cr, &r->clients[i]);
		json_str(j, "host", host);
		free(host);
		json_status(j, cr);
		json_results(j, cfg, cr, &r->clients[i]);
		json_close(j, '}');
	}
	free(cr);
	json_close(j, ']');
}

/*
 * One run as a single-line JSON object (JSON Lines): the content of the
 * CSV rows, structured, plus the histogram buckets of every phase.
 */
int
pm_report_json(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	const struct pm_meta	*meta = r->meta;
	struct pm_json		 j = { .fp = fp };
	char			*s;
	int			 v;

	json_open(&j, NULL, '{');
	json_u64(&j, "schema_version", PM_CSV_SCHEMA);
	json_str(&j, "label", cfg->label);
	json_status(&j, r);
	json_str(&j, "timestamp", meta == NULL ? NULL : meta->timestamp);
	s = host_text(r, NULL);
	json_str(&j, "host", s);
	free(s);
	json_str(&j, "kernel", meta == NULL ? NULL : meta->kernel);
	json_u64(&j, "iteration", r->iteration);
	json_locations(&j, cfg, meta);

	json_open(&j, "config", '{');
	for (v = 1; v <= PM_CSV_SCHEMA; v++)
		pm_option_columns(cfg, v, json_colvalue, &j);
	json_close(&j, '}');
	json_environment(&j, meta);
	json_results(&j, cfg, r, NULL);
	json_clients(&j, cfg, r);
	json_explain(&j, cfg, r);
	json_close(&j, '}');
	fputc('\n', fp);
	return (ferror(fp) ? -1 : 0);
}

/* The value of a summary row in one run's rates, scaled. */
static double
stat_value(const struct pm_rates *rt, const struct pm_stat_row *row)
{
	return (rates_get(rt, row->off) / row->scale);
}

/* A right-aligned summary cell of 10 columns: the value, or "-". */
static void
put_cell(FILE *fp, double v, int prec)
{
	char	 buf[FMT_LEN];

	fprintf(fp, " %10s", fmt_fixed(buf, sizeof buf, v, prec, "-"));
}

/* Running statistics of one summary row (Welford's method). */
struct pm_summary_acc {
	double		 mean;		/* running mean */
	double		 m2;		/* sum of squared deviations */
	double		 min;
	double		 max;
};

/*
 * Accumulated statistics of several runs of one configuration, in constant
 * memory whatever the number of runs: one accumulator per summary row.
 */
struct pm_summary {
	size_t		 n;		/* runs added */
	size_t		 nok;		/* of which ended ok */
	struct pm_summary_acc acc[NSTATROWS];
};

/*
 * The transaction rate over the complete runs of a summary: the number
 * of runs, their mean, the half-width of the 95 % confidence interval
 * (NAN with fewer than 2) and the coefficient of variation in percent.
 */
size_t
pm_summary_rate(const struct pm_summary *s, double *mean, double *half,
    double *cv)
{
	const struct pm_summary_acc	*a = NULL;
	double				 sd;
	size_t				 k;

	for (k = 0; k < NSTATROWS; k++) {
		if (pm_stat_rows[k].off == offsetof(struct pm_rates,
		    transactions))
			a = &s->acc[k];
	}
	*mean = *half = *cv = NAN;
	if (a == NULL || s->nok == 0)
		return (0);
	*mean = a->mean;
	if (s->nok < 2)
		return (s->nok);
	sd = sqrt(a->m2 / (double)(s->nok - 1));
	*half = pm_student_t975(s->nok - 1) * sd / sqrt((double)s->nok);
	*cv = a->mean != 0 ? 100.0 * sd / a->mean : NAN;
	return (s->nok);
}

/* A new, empty summary; free with pm_summary_free. */
struct pm_summary *
pm_summary_new(void)
{
	return (xcalloc(1, sizeof (struct pm_summary)));
}

void
pm_summary_free(struct pm_summary *s)
{
	free(s);
}

/*
 * Add one run to a summary.  Runs that did not end ok are counted but
 * their rates are excluded.
 */
void
pm_summary_add(struct pm_summary *s, const struct pm_config *cfg,
    const struct pm_result *r)
{
	struct pm_rates		 rt;
	struct pm_summary_acc	*a;
	size_t			 k;
	double			 v, d;

	s->n++;
	if (r->status != PM_STATUS_OK)
		return;
	pm_report_rates(cfg, r, &rt);
	s->nok++;
	for (k = 0; k < NSTATROWS; k++) {
		a = &s->acc[k];
		v = stat_value(&rt, &pm_stat_rows[k]);
		if (s->nok == 1) {
			a->mean = a->min = a->max = v;
			a->m2 = 0;
			continue;
		}
		d = v - a->mean;
		a->mean += d / s->nok;
		a->m2 += d * (v - a->mean);
		if (v < a->min)
			a->min = v;
		if (v > a->max)
			a->max = v;
	}
}

/*
 * Summary of several runs of the same configuration: for each time and
 * rate of the verbose report, the mean, sample standard deviation, min,
 * max and the half-width h of the 95 % confidence interval of the mean
 * (mean - h .. mean + h, h = t(0.975, n - 1) * sd / sqrt(n)) over the runs
 * that ended ok; the others are counted and excluded.  The deviation and
 * the interval need two ok runs and print as "-" otherwise.  79 columns:
 *
 *	(blank line)
 *	Summary of 3 runs: 3 ok
 *	                               mean         sd        min ...
 *	seconds total                  5.84       0.02       5.82 ...
 */
int
pm_report_summary(FILE *fp, const struct pm_summary *s)
{
	const struct pm_summary_acc	*a;
	size_t				 k, n = s->n, nok = s->nok;
	double				 sd, half;
	int				 prec;

	fprintf(fp, "\nSummary of %zu run%s: %zu ok", n, n == 1 ? "" : "s",
	    nok);
	if (nok != n)
		fprintf(fp, ", %zu excluded (not ok)", n - nok);
	fputs("\n", fp);
	if (nok == 0)
		return (ferror(fp) ? -1 : 0);
	fprintf(fp, "%-24s %10s %10s %10s %10s %10s\n", "",
	    "mean", "sd", "min", "max", "95% CI +/-");
	for (k = 0; k < NSTATROWS; k++) {
		a = &s->acc[k];
		sd = nok > 1 ? sqrt(a->m2 / (nok - 1)) : NAN;
		half = pm_student_t975(nok - 1) * sd / sqrt((double)nok);

		fprintf(fp, "%-24s", pm_stat_rows[k].label);
		prec = pm_stat_rows[k].prec;
		put_cell(fp, a->mean, prec);
		put_cell(fp, sd, prec);
		put_cell(fp, a->min, prec);
		put_cell(fp, a->max, prec);
		put_cell(fp, half, prec);
		fputc('\n', fp);
	}
	return (ferror(fp) ? -1 : 0);
}

/*
 * The format named name, as in "set report" ("verbose"), into *fmt.
 * Returns 0, or -1 if no reporter has that name.
 */
int
pm_report_format(const char *name, enum pm_report_fmt *fmt)
{
	size_t	 i;

	for (i = 0; i < NREPORTERS; i++) {
		if (strcmp(name, pm_reporters[i].name) == 0) {
			*fmt = pm_reporters[i].fmt;
			return (0);
		}
	}
	return (-1);
}

/* The name of format fmt, as in "set report". */
const char *
pm_report_name(enum pm_report_fmt fmt)
{
	size_t	 i;

	for (i = 0; i < NREPORTERS; i++) {
		if (pm_reporters[i].fmt == fmt)
			return (pm_reporters[i].name);
	}
	return (pm_reporters[0].name);
}

/*
 * The name of a phase in messages: "performing transactions"; before the
 * first (the hook before run) "starting the run", after the last (the
 * hook after run) "finishing the run".
 */
const char *
pm_phase_name(enum pm_phase phase)
{
	static const char *const names[PM_PHASE_END + 1] = {
		"creating subdirectories",
		"creating files",
		"performing transactions",
		"deleting files",
		"deleting subdirectories",
		"running",
		"starting the run",
		"finishing the run"
	};

	if ((unsigned int)phase > PM_PHASE_END)
		return ("running");
	return (names[phase]);
}

/* The name of a signal that stops a run: "SIGINT". */
const char *
pm_signal_name(int signo)
{
	switch (signo) {
	case SIGINT:
		return ("SIGINT");
	case SIGTERM:
		return ("SIGTERM");
	case SIGHUP:
		return ("SIGHUP");
	case SIGQUIT:
		return ("SIGQUIT");
	}
	return ("a signal");
}

/* The reporter of a format (the first, verbose, if none matches). */
static const struct pm_reporter *
reporter(enum pm_report_fmt fmt)
{
	size_t	 i;

	for (i = 0; i < NREPORTERS; i++) {
		if (pm_reporters[i].fmt == fmt)
			return (&pm_reporters[i]);
	}
	return (&pm_reporters[0]);
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
	    (r->warmup && rep->fmt == PM_REPORT_TERSE)))
		return (fflush(fp) != 0 ? -1 : 0);
	bad = rep->fn(fp, cfg, r) != 0;
	return (fflush(fp) != 0 || bad ? -1 : 0);
}
