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
 * Unit tests of the reporters (src/pm_report.c) and the run metadata
 * (src/pm_sysinfo.c).  Without arguments the program prints TAP: rates
 * and their guards, the verbose and terse layouts on hand-computed
 * values, scalef's edges, the latency section, the summary statistics,
 * error returns and pm_meta_new.  With "emit FORMAT CASE" it prints one
 * report of a canned result on stdout, after setlocale(LC_ALL, ""), for
 * the tests/t2*.sh scripts that check it with diff, python3 and jq.
 */

#include "config.h"

#include <locale.h>
#include <regex.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "postmark.h"
#include "tap.h"

#define NS	1000000000ULL		/* ns per second */

typedef int	(*reporter_fn)(FILE *, const struct pm_config *,
		    const struct pm_result *);
typedef void	(*case_fn)(struct pm_config *, struct pm_result *);

/* A reporter, its name in "set report" and emit, and its format. */
struct reporter {
	const char		*name;		/* "verbose" */
	enum pm_report_fmt	 fmt;		/* cfg->report selecting it */
	reporter_fn		 fn;
};

/* A canned case by name; "zero" fills nothing. */
struct named_case {
	const char		*name;		/* "ref62" */
	case_fn			 fill;		/* or NULL */
};

/* An in-memory output stream. */
struct mem {
	FILE			*fp;		/* open_memstream(buf, len) */
	char			*buf;		/* what was written, owned */
	size_t			 len;		/* bytes */
};

static struct pm_result *result_new(void);
static void	 result_free(struct pm_result *);
static struct pm_result *setup(struct pm_config *, case_fn);
static void	 teardown(struct pm_config *, struct pm_result *);
static void	 case_ref62(struct pm_config *, struct pm_result *);
static void	 case_frac(struct pm_config *, struct pm_result *);
static void	 case_strings(struct pm_config *, struct pm_result *);
static void	 case_bytes(struct pm_config *, struct pm_result *);
static void	 case_error(struct pm_config *, struct pm_result *);
static void	 case_latency(struct pm_config *, struct pm_result *);
static void	 case_clients(struct pm_config *, struct pm_result *);
static int	 make_case(const char *, struct pm_config *,
		    struct pm_result *);
static FILE	*mem_open(struct mem *);
static char	*mem_text(struct mem *);
static char	*capture(reporter_fn, const struct pm_config *,
		    const struct pm_result *, int *);
static int	 summarise(FILE *, const struct pm_config *,
		    const struct pm_result *, size_t);
static char	*capture_summary(const struct pm_config *,
		    const struct pm_result *, size_t);
static char	*line_with(const char *, const char *);
static int	 emit(const char *, const char *);
static void	 test_rates(void);
static void	 test_verbose(void);
static void	 test_scalef(void);
static void	 test_terse(void);
static void	 test_latency(void);
static void	 test_csv(void);
static void	 test_summary(void);
static void	 test_errors(void);
static void	 test_dispatch(void);
static void	 test_meta(void);

static const struct reporter reporters[] = {
	{ "verbose", PM_REPORT_VERBOSE, pm_report_verbose },
	{ "terse", PM_REPORT_TERSE, pm_report_terse },
	{ "csv", PM_REPORT_CSV, pm_report_csv },
	{ "json", PM_REPORT_JSON, pm_report_json }
};
#define NREPORTERS	(sizeof reporters / sizeof reporters[0])

static const struct named_case cases[] = {
	{ "ref62", case_ref62 },
	{ "frac", case_frac },
	{ "strings", case_strings },
	{ "bytes", case_bytes },
	{ "error", case_error },
	{ "latency", case_latency },
	{ "clients", case_clients },
	{ "zero", NULL }
};
#define NCASES		(sizeof cases / sizeof cases[0])


/* The metadata a case made; results only borrow it. */
static struct pm_meta *case_meta;

/* An empty result (pm_result_new); struct pm_result is large. */
static struct pm_result *
result_new(void)
{
	return (pm_result_new());
}

/* Free a result and the metadata its case made. */
static void
result_free(struct pm_result *r)
{
	pm_result_free(r);
	pm_meta_free(case_meta);
	case_meta = NULL;
}

/*
 * PostMark's defaults in cfg and a new result, both filled by fill unless
 * it is NULL; release them with teardown.
 */
static struct pm_result *
setup(struct pm_config *cfg, case_fn fill)
{
	struct pm_result	*r;

	pm_config_init(cfg);
	r = result_new();
	if (fill != NULL)
		fill(cfg, r);
	return (r);
}

static void
teardown(struct pm_config *cfg, struct pm_result *r)
{
	result_free(r);
	pm_config_free(cfg);
}

/*
 * The counts of the verbatim example of reference section 6.2 (number
 * 2000, transactions 5000, size 500 10000, subdirectories 4, seed 42),
 * timed 2 s creation, 3 s transactions, 1 s deletion: 6 s in all.
 */
static void
case_ref62(struct pm_config *cfg, struct pm_result *r)
{
	cfg->number = 2000;
	cfg->transactions = 5000;
	cfg->subdirs = 4;
	r->counts.created_alone = 2000;
	r->counts.created_mixed = 2508;
	r->counts.read = 2444;
	r->counts.appended = 2555;
	r->counts.deleted_alone = 2016;
	r->counts.deleted_mixed = 2492;
	r->counts.bytes_read = 15093547;
	r->counts.bytes_written = 28824847;
	r->counts.transactions_done = 5000;
	r->t_start = 1000 * NS;
	r->t_trans = r->t_start + 2 * NS;
	r->t_trans_end = r->t_trans + 3 * NS;
	r->t_end = r->t_trans_end + 1 * NS;
}

/* The same counts with fractional intervals: 1.80 + 3.02 + 1.02 s. */
static void
case_frac(struct pm_config *cfg, struct pm_result *r)
{
	case_ref62(cfg, r);
	r->t_start = 7;
	r->t_trans = r->t_start + 1800000000ULL;
	r->t_trans_end = r->t_trans + 3020000000ULL;
	r->t_end = r->t_trans_end + 1020000000ULL;
}

/* Metadata and a label with every character CSV and JSON must escape. */
static void
case_strings(struct pm_config *cfg, struct pm_result *r)
{
	struct pm_meta	*m;

	case_ref62(cfg, r);
	free(cfg->label);
	cfg->label = xstrdup("run \"A\", back\\slash\ttab\nline \xc3\xa9 "
	    "\xe6\x97\xa5\xe6\x9c\xac");
	pm_config_add_location(cfg, "/tmp/dir \"x\"\\y\tz/\xc3\xa9", 3);
	pm_config_add_location(cfg, "/data/b,c", 1);
	m = xcalloc(1, sizeof *m);
	m->timestamp = xstrdup("2026-11-30T13:45:00Z");
	m->host = xstrdup("host\"1\"");
	m->kernel = xstrdup("6.1.0-18-amd64");
	m->nfs = 2;
	m->fs_type = xcalloc(2, sizeof *m->fs_type);
	m->fs_options = xcalloc(2, sizeof *m->fs_options);
	m->fs_type[0] = xstrdup("ext4");
	m->fs_type[1] = xstrdup("tmpfs");
	m->fs_options[0] = xstrdup("rw,relatime");
	m->fs_options[1] = xstrdup("rw,nosuid,nodev");
	r->meta = case_meta = m;
	r->iteration = 2;
}

/*
 * Every byte in a label and in location names: the label holds 0x01 to
 * 0xff in order, one location 0x01 to 0x7f, another 0x80 to 0xff (none
 * of it UTF-8), and the error path a lone 0xff and a truncated sequence.
 */
static void
case_bytes(struct pm_config *cfg, struct pm_result *r)
{
	char	 all[256], low[128], high[129];
	int	 i;

	case_ref62(cfg, r);
	for (i = 1; i < 256; i++)
		all[i - 1] = (char)i;
	all[255] = '\0';
	for (i = 1; i < 128; i++)
		low[i - 1] = (char)i;
	low[127] = '\0';
	for (i = 0x80; i < 0x100; i++)
		high[i - 0x80] = (char)i;
	high[128] = '\0';
	free(cfg->label);
	cfg->label = xstrdup(all);
	pm_config_add_location(cfg, low, 1);
	pm_config_add_location(cfg, high, 2);
	r->status = PM_STATUS_ERROR;
	pm_error_set(&r->error, "write", "s0/\xff\xe6\x97/1", ENOSPC);
}

/* A run that failed, with a message holding a comma and a quote. */
static void
case_error(struct pm_config *cfg, struct pm_result *r)
{
	case_ref62(cfg, r);
	r->status = PM_STATUS_ERROR;
	pm_error_set(&r->error, "write", "s3/12", ENOSPC);
	r->error.msg = "No space left on device, \"x\"";
}

/*
 * Known latencies: creates 1, 2, 3, 4 us in the creation phase and 10 us
 * in transactions; reads 5 us; deletes 7 us in the deletion phase.
 */
static void
case_latency(struct pm_config *cfg, struct pm_result *r)
{
	uint64_t	 v;
	int		 i;

	case_ref62(cfg, r);
	for (v = 1000; v <= 4000; v += 1000)
		pm_hist_record(&r->lat[PM_TP_CREATE][PM_OP_CREATE], v);
	pm_hist_record(&r->lat[PM_TP_TRANSACT][PM_OP_CREATE], 10000);
	for (i = 0; i < 3; i++)
		pm_hist_record(&r->lat[PM_TP_TRANSACT][PM_OP_READ], 5000);
	pm_hist_record(&r->lat[PM_TP_DELETE][PM_OP_DELETE], 7000);
}

/*
 * Two clients: the run of ref62, client 0 doing 1200 of its creation
 * files in 2 s, 3000 transactions in 3 s and 1100 deletes in 1 s, client
 * 1 the rest in 1.5, 2.5 and 0.5 s.  The stonewall intervals are
 * client 1's phases (it finished each first): 1500, 4000 and 1800 of
 * the operations done by then; balance (1.5 + 2.5 + 0.5) / 6 = 0.75.
 */
static void
case_clients(struct pm_config *cfg, struct pm_result *r)
{
	struct pm_clientrow	*c;

	case_ref62(cfg, r);
	cfg->clients = 2;
	r->nclients = 2;
	r->clients = c = xcalloc(2, sizeof *c);
	r->sw_ns[PM_TP_CREATE] = 1500000000ULL;
	r->sw_ns[PM_TP_TRANSACT] = 2500000000ULL;
	r->sw_ns[PM_TP_DELETE] = 500000000ULL;
	r->sw_ops[PM_TP_CREATE] = 1500;
	r->sw_ops[PM_TP_TRANSACT] = 4000;
	r->sw_ops[PM_TP_DELETE] = 1800;
	r->balance = 0.75;
	c[0].id = 0;
	c[0].counts.created_alone = 1200;
	c[0].counts.transactions_done = 3000;
	c[0].counts.deleted_alone = 1100;
	c[0].counts.read = 1500;
	c[0].ns[PM_TP_CREATE] = 2 * NS;
	c[0].ns[PM_TP_TRANSACT] = 3 * NS;
	c[0].ns[PM_TP_DELETE] = 1 * NS;
	c[1].id = 1;
	c[1].counts.created_alone = 800;
	c[1].counts.transactions_done = 2000;
	c[1].counts.deleted_alone = 916;
	c[1].counts.read = 944;
	c[1].ns[PM_TP_CREATE] = 1500000000ULL;
	c[1].ns[PM_TP_TRANSACT] = 2500000000ULL;
	c[1].ns[PM_TP_DELETE] = 500000000ULL;
	c[1].lat[PM_OP_READ].count = 944;
	c[1].lat[PM_OP_READ].v[0] = 1.5;
}

/* Fill cfg and r for the named case; -1 if there is no such case. */
static int
make_case(const char *name, struct pm_config *cfg, struct pm_result *r)
{
	size_t	 i;

	for (i = 0; i < NCASES; i++) {
		if (strcmp(name, cases[i].name) != 0)
			continue;
		if (cases[i].fill != NULL)
			cases[i].fill(cfg, r);
		return (0);
	}
	return (-1);
}

/* Open an in-memory stream; mem_text closes it. */
static FILE *
mem_open(struct mem *m)
{
	m->buf = NULL;
	m->len = 0;
	if ((m->fp = open_memstream(&m->buf, &m->len)) == NULL)
		abort();
	return (m->fp);
}

/* Close a stream of mem_open; returns what was written, the caller frees. */
static char *
mem_text(struct mem *m)
{
	fclose(m->fp);
	return (m->buf);
}

/* Run a reporter into memory; *rv gets its return value. */
static char *
capture(reporter_fn fn, const struct pm_config *cfg,
    const struct pm_result *r, int *rv)
{
	struct mem	 m;

	*rv = fn(mem_open(&m), cfg, r);
	return (mem_text(&m));
}

/* Summarise the first n results through the accumulator API. */
static int
summarise(FILE *fp, const struct pm_config *cfg, const struct pm_result *r,
    size_t n)
{
	struct pm_summary	*sum;
	size_t			 i;
	int			 rv;

	sum = pm_summary_new();
	for (i = 0; i < n; i++)
		pm_summary_add(sum, cfg, &r[i]);
	rv = pm_report_summary(fp, sum);
	pm_summary_free(sum);
	return (rv);
}

/* Summarise the first n results into memory. */
static char *
capture_summary(const struct pm_config *cfg, const struct pm_result *r,
    size_t n)
{
	struct mem	 m;

	if (summarise(mem_open(&m), cfg, r, n) != 0)
		printf("# pm_report_summary returned non-zero\n");
	return (mem_text(&m));
}

/*
 * The first line of text containing needle, without its newline, in a
 * static buffer; "" if there is none.
 */
static char *
line_with(const char *text, const char *needle)
{
	static char	 buf[1024];
	const char	*p, *b, *e;
	size_t		 n;

	buf[0] = '\0';
	if (text == NULL || (p = strstr(text, needle)) == NULL)
		return (buf);
	for (b = p; b > text && b[-1] != '\n'; b--)
		;
	if ((e = strchr(p, '\n')) == NULL)
		e = p + strlen(p);
	n = (size_t)(e - b);
	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, b, n);
	buf[n] = '\0';
	return (buf);
}

/*
 * Print one report of a canned case on stdout, in the locale of the
 * environment.  FORMAT is a report, "csv-header", "summary" (three copies
 * of the case with 0, 200 and 400 more reads) or "decimal-point", which
 * prints the locale's decimal point.
 */
static int
emit(const char *fmt, const char *name)
{
	struct pm_config	 cfg;
	struct pm_result	*r, *runs;
	size_t			 i;
	int			 rv;

	setlocale(LC_ALL, "");
	if (strcmp(fmt, "decimal-point") == 0) {
		printf("%s\n", localeconv()->decimal_point);
		return (0);
	}
	if (strcmp(fmt, "csv-header") == 0)
		return (pm_report_csv_header(stdout) == 0 ? 0 : 1);

	r = setup(&cfg, NULL);
	if (make_case(name, &cfg, r) == -1) {
		fprintf(stderr, "unknown case %s\n", name);
		return (2);
	}
	if (strcmp(fmt, "summary") == 0) {
		/* Three runs of the case, 0, 200 and 400 more reads. */
		runs = xcalloc(3, sizeof *runs);
		for (i = 0; i < 3; i++) {
			memcpy(&runs[i], r, sizeof *r);
			runs[i].counts.read += 200 * i;
		}
		rv = summarise(stdout, &cfg, runs, 3);
		free(runs);
	} else {
		for (i = 0; i < NREPORTERS; i++)
			if (strcmp(fmt, reporters[i].name) == 0)
				break;
		if (i < NREPORTERS)
			rv = reporters[i].fn(stdout, &cfg, r);
		else {
			fprintf(stderr, "unknown format %s\n", fmt);
			rv = 2;
		}
	}
	teardown(&cfg, r);
	return (rv == 0 ? 0 : 1);
}

/* Intervals, rates and the guard against zero or negative intervals. */
static void
test_rates(void)
{
	struct pm_config	 cfg;
	struct pm_result	*r;
	struct pm_rates		 rt;

	r = setup(&cfg, case_ref62);
	pm_report_rates(&cfg, r, &rt);
	ok(rt.elapsed == 6.0 && rt.create_iv == 2.0 && rt.t_elapsed == 3.0 &&
	    rt.delete_iv == 1.0, "rates: intervals 6, 2, 3, 1 s");
	ok(rt.created_alone == 1000.0 && rt.deleted_alone == 2016.0 &&
	    rt.created_mixed == 836.0, "rates: per-phase rates");
	ok(rt.bytes_read == 15093547.0 / 6 &&
	    rt.bytes_written == 28824847.0 / 6,
	    "rates: bytes per second over the whole run, exact");

	/*
	 * Zero and backward intervals last no time (a phase never reached),
	 * and the rates over them count them as 1 ns: no inf, no NaN.
	 */
	r->t_trans = r->t_start;
	r->t_trans_end = r->t_trans - 5;
	r->t_end = r->t_trans_end;
	pm_report_rates(&cfg, r, &rt);
	ok(rt.create_iv == 0 && rt.t_elapsed == 0 && rt.delete_iv == 0 &&
	    rt.elapsed == 0, "rates: non-positive intervals last no time");
	ok(rt.read == 2444e9, "rates: finite, over 1 ns for no time");
	teardown(&cfg, r);
}

/* Verbose lines that the reference example does not cover. */
static void
test_verbose(void)
{
	struct pm_config	 cfg;
	struct pm_result	*r;
	char			*out;
	int			 rv;

	r = setup(&cfg, case_frac);
	out = capture(pm_report_verbose, &cfg, r, &rv);
	ok(rv == 0, "verbose: returns 0");
	is_str(line_with(out, "seconds total"), "\t5.84 seconds total",
	    "verbose: seconds total %.2f");
	is_str(line_with(out, "seconds of transactions"),
	    "\t3.02 seconds of transactions (1655 per second)",
	    "verbose: transaction rate truncated from 5000 / 3.02");
	is_str(line_with(out, "Creation alone"),
	    "\t\tCreation alone: 2000 files (1111 per second)",
	    "verbose: creation alone 2000 / 1.8 truncated");
	is_str(line_with(out, "Deletion alone"),
	    "\t\tDeletion alone: 2016 files (1976 per second)",
	    "verbose: deletion alone 2016 / 1.02 truncated");
	ok(strstr(out, "Latency") == NULL,
	    "verbose: no latency section without latencies");
	free(out);

	/* Large exact counters: no float32, no 32-bit overflow. */
	r->counts.created_mixed = 5000000000ULL;
	r->counts.bytes_written = 300000000000ULL;
	out = capture(pm_report_verbose, &cfg, r, &rv);
	is_str(line_with(out, "Mixed with transactions: 5000000000"),
	    "\t\tMixed with transactions: 5000000000 files "
	    "(1655629139 per second)", "verbose: 64-bit counts");
	is_str(line_with(out, "written"),
	    "\t286102.29 megabytes written (48990.12 megabytes per second)",
	    "verbose: 300 GB written, exact");
	free(out);
	teardown(&cfg, r);
}

/* scalef: thresholds of reference section 6.2 on exact byte counts. */
static void
test_scalef(void)
{
	static const struct {
		uint64_t	 bytes;		/* read, then written */
		const char	*want;		/* the Data line */
		const char	*desc;
	} t[][2] = {
		{ { 1048576,
		    "\t1024.00 kilobytes read (1024.00 kilobytes per second)",
		    "scalef: exactly 1 MiB prints 1024.00 kilobytes" },
		  { 0,
		    "\t0.000000 bytes written (0.000000 bytes per second)",
		    "scalef: 0 prints 0.000000 bytes" } },
		{ { 1048577,
		    "\t1.00 megabytes read (1.00 megabytes per second)",
		    "scalef: 1 MiB + 1 prints megabytes" },
		  { 1,
		    "\t0.00 kilobytes written (0.00 kilobytes per second)",
		    "scalef: 1 byte prints 0.00 kilobytes" } }
	};
	struct pm_config	 cfg;
	struct pm_result	*r;
	char			*out;
	size_t			 i;
	int			 rv;

	r = setup(&cfg, NULL);
	r->t_start = 0;
	r->t_trans = NS / 2;
	r->t_trans_end = NS / 2;
	r->t_end = NS;		/* 1 s: per-second values equal totals */
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		r->counts.bytes_read = t[i][0].bytes;
		r->counts.bytes_written = t[i][1].bytes;
		out = capture(pm_report_verbose, &cfg, r, &rv);
		is_str(line_with(strstr(out, "Data:"), " read ("),
		    t[i][0].want, t[i][0].desc);
		is_str(line_with(out, "written"), t[i][1].want,
		    t[i][1].desc);
		free(out);
	}
	teardown(&cfg, r);
}

/* Terse: 13 "%.2f" fields, hand-computed. */
static void
test_terse(void)
{
	struct pm_config	 cfg;
	struct pm_result	*r;
	char			*out;
	int			 rv;

	r = setup(&cfg, case_ref62);
	out = capture(pm_report_terse, &cfg, r, &rv);
	/*
	 * 6 s, 3 s, 5000/3, 4508/6, 2000/2, 2508/3, 2444/3, 2555/3, 4508/6,
	 * 2016/1, 2492/3, 15093547/6, 28824847/6.
	 */
	is_str(out, "6.00 3.00 1666.67 751.33 1000.00 836.00 814.67 851.67 "
	    "751.33 2016.00 830.67 2515591.17 4804141.17\n",
	    "terse: hand-computed fields of the section 6.2 counts");
	ok(rv == 0, "terse: returns 0");
	free(out);

	case_frac(&cfg, r);
	out = capture(pm_report_terse, &cfg, r, &rv);
	/* 5.84, 3.02, 5000/3.02, 4508/5.84, 2000/1.8, ... 2016/1.02. */
	is_str(out, "5.84 3.02 1655.63 771.92 1111.11 830.46 809.27 846.03 "
	    "771.92 1976.47 825.17 2584511.47 4935761.47\n",
	    "terse: fractional intervals");
	free(out);
	result_free(r);

	r = result_new();
	out = capture(pm_report_terse, &cfg, r, &rv);
	is_str(out, "0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 "
	    "0.00 0.00\n", "terse: an all-zero result prints zeros");
	free(out);
	teardown(&cfg, r);
}

/* The verbose latency section on known values. */
static void
test_latency(void)
{
	struct pm_config	 cfg;
	struct pm_result	*r;
	char			*out;
	const char		*p;
	int			 rv, n;

	r = setup(&cfg, case_latency);
	out = capture(pm_report_verbose, &cfg, r, &rv);
	ok(strstr(out, "per second)\n\nLatency (microseconds):\n\t") != NULL,
	    "latency: a blank line and a header after Data");
	is_str(line_with(out, "create (creation)"),
	    "\tcreate (creation):     count 4 min 1.0 mean 2.5 p50 2.0 "
	    "p90 4.0 p99 4.0 p99.9 4.0 max 4.0",
	    "latency: creation-phase creates");
	is_str(line_with(out, "read (transactions)"),
	    "\tread (transactions):   count 3 min 5.0 mean 5.0 p50 5.0 "
	    "p90 5.0 p99 5.0 p99.9 5.0 max 5.0",
	    "latency: transaction reads");
	for (n = 0, p = strstr(out, "Latency"); p != NULL &&
	    (p = strchr(p, '\n')) != NULL; p++)
		n++;
	ok(n == 5, "latency: one line per non-empty histogram (4)");
	if (n != 5)
		printf("# lines after the header: %d\n", n - 1);
	ok(strstr(out, "append (") == NULL &&
	    strstr(out, "delete (deletion)") != NULL,
	    "latency: empty histograms are left out");
	free(out);
	teardown(&cfg, r);
}

/* CSV details that are easier to check in C than from the shell. */
static void
test_csv(void)
{
	const char		*want = "6,,ok,,,,1,.,,,2000,5000,500,10000,"
	    "512,512,1,5,5,4,42,4508,2000,2508,2444,2555,4508,2016,2492,"
	    "15093547,28824847,5000,6.000000000,2.000000000,3.000000000,"
	    "1.000000000,1666.667,751.333,1000.000,836.000,814.667,851.667,"
	    "751.333,2016.000,830.667,2515591.167,4804141.167,";
	struct pm_config	 cfg;
	struct pm_result	*r;
	char			*out;
	int			 rv;

	r = setup(&cfg, case_latency);
	out = capture(pm_report_csv, &cfg, r, &rv);
	ok(rv == 0, "csv: returns 0");
	ok(strncmp(out, want, strlen(want)) == 0,
	    "csv: leading columns, no label, no metadata");
	/* p50 of 1, 2, 3, 4, 10 us is 3 us: its bucket's midpoint 2992 ns. */
	ok(strstr(out, ",5,1.000,4.000,2.992,10.000,10.000,10.000,10.000,") !=
	    NULL, "csv: creates merged over phases");
	ok(strstr(out, ",3,5.000,5.000,5.000,5.000,5.000,5.000,5.000,"
	    "0,,,,,,,,1,7.000,") != NULL,
	    "csv: reads measured, appends empty except count 0");
	if (strncmp(out, want, strlen(want)) != 0 ||
	    strstr(out, ",5,1.000,4.000,") == NULL)
		printf("# got:  %s# want: %s...\n", out, want);
	free(out);
	teardown(&cfg, r);
}

/* Mean, sample deviation and Student-t interval of hand-checkable runs. */
static void
test_summary(void)
{
	struct pm_config	 cfg;
	struct pm_result	*r;
	char			*out;
	int			 i;

	pm_config_init(&cfg);
	r = xcalloc(4, sizeof *r);
	for (i = 0; i < 4; i++) {
		r[i].status = PM_STATUS_OK;
		r[i].t_start = 0;
		r[i].t_trans = NS;
		r[i].t_trans_end = 2 * NS;
		r[i].t_end = 3 * NS;
		r[i].counts.read = 10 + 2 * i;		/* 10, 12, 14 per second */
		r[i].counts.transactions_done = 100;
		r[i].iteration = i + 1;
	}
	r[3].status = PM_STATUS_INTERRUPTED;	/* excluded */
	r[3].counts.read = 1000;

	out = capture_summary(&cfg, r, 4);
	ok(strstr(out, "4 runs") != NULL && strstr(out, "3 ok") != NULL &&
	    strstr(out, "1 excluded") != NULL,
	    "summary: counts runs, ok runs and excluded runs");
	/*
	 * mean 12, sd sqrt(((10-12)^2 + 0 + (14-12)^2) / 2) = 2, half-width
	 * t(0.975, 2) * 2 / sqrt(3) = 4.303 * 1.1547 = 4.9688.
	 */
	is_str(line_with(out, "read/s"), "read/s                        "
	    "12.00       2.00      10.00      14.00       4.97",
	    "summary: read/s mean 12, sd 2, CI 12 -+ 4.9688");
	is_str(line_with(out, "transactions/s"), "transactions/s"
	    "               100.00       0.00     100.00     100.00       0.00",
	    "summary: constant values have sd 0 and an empty interval");
	free(out);

	out = capture_summary(&cfg, r, 1);
	is_str(line_with(out, "read/s"), "read/s                        "
	    "10.00          -      10.00      10.00          -",
	    "summary: one run has no deviation");
	free(out);

	r[0].status = PM_STATUS_ERROR;
	out = capture_summary(&cfg, r, 1);
	ok(strstr(out, "0 ok") != NULL && strstr(out, "read/s") == NULL,
	    "summary: no table without an ok run");
	free(out);
	free(r);
	pm_config_free(&cfg);
}

/* Every reporter reports a stream error; pm_meta_free(NULL) is a no-op. */
static void
test_errors(void)
{
	struct pm_config	 cfg;
	struct pm_result	*r;
	reporter_fn		 fn;
	FILE			*fp;
	size_t			 i;
	int			 bad = 0;

	r = setup(&cfg, case_latency);
	/* Each reporter, then pm_report. */
	for (i = 0; i <= NREPORTERS; i++) {
		fn = i < NREPORTERS ? reporters[i].fn : pm_report;
		/* A read-only stream: every write fails and sets ferror. */
		if ((fp = fopen("/dev/null", "r")) == NULL)
			abort();
		if (fn(fp, &cfg, r) != -1)
			bad++;
		fclose(fp);
	}
	ok(bad == 0, "errors: every reporter returns -1 on a write error");
	if ((fp = fopen("/dev/null", "r")) == NULL)
		abort();
	ok(pm_report_csv_header(fp) == -1 &&
	    summarise(fp, &cfg, r, 1) == -1,
	    "errors: header and summary return -1 on a write error");
	fclose(fp);
	pm_meta_free(NULL);
	ok(1, "errors: pm_meta_free(NULL) is a no-op");
	teardown(&cfg, r);
}

/* pm_report follows cfg->report; the "set report" names map both ways. */
static void
test_dispatch(void)
{
	struct pm_config	 cfg;
	struct pm_result	*r;
	char			*a, *b, desc[64];
	size_t			 i;
	int			 rv;

	r = setup(&cfg, case_ref62);
	for (i = 0; i < NREPORTERS; i++) {
		cfg.report = reporters[i].fmt;
		a = capture(pm_report, &cfg, r, &rv);
		b = capture(reporters[i].fn, &cfg, r, &rv);
		snprintf(desc, sizeof desc, "dispatch: %s", reporters[i].name);
		ok(strcmp(a, b) == 0, desc);
		free(a);
		free(b);
	}
	teardown(&cfg, r);

	/* "set report" names: one list, by format, NULL-ended. */
	for (i = 0; i < NREPORTERS; i++) {
		snprintf(desc, sizeof desc, "names: %s", reporters[i].name);
		is_str(pm_report_names[reporters[i].fmt], reporters[i].name,
		    desc);
	}
	ok(NREPORTERS == PM_NREPORTS && pm_report_names[PM_NREPORTS] == NULL,
	    "names: one per format, then the end of the list");
}

/* pm_meta_new: time stamp, uname, mount table lookups. */
static void
test_meta(void)
{
	struct pm_config	 cfg;
	struct pm_meta		*m;
	regex_t			 re;
	char			 dir[] = "/tmp/unit_report.XXXXXX";
	int			 have_proc;

	pm_config_init(&cfg);
	m = pm_meta_new(&cfg);
	if (regcomp(&re, "^[0-9]{4}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:"
	    "[0-5][0-9]:[0-6][0-9]Z$", REG_EXTENDED | REG_NOSUB) != 0)
		abort();
	ok(regexec(&re, m->timestamp, 0, NULL, 0) == 0,
	    "meta: ISO 8601 UTC time stamp");
	regfree(&re);
	ok(m->host[0] != '\0' && m->kernel[0] != '\0',
	    "meta: host and kernel from uname");
	ok(m->nfs == 1, "meta: one file system for the current directory");
	have_proc = access("/proc/self/mounts", R_OK) == 0;
	if (have_proc)
		ok(strcmp(m->fs_type[0], "unknown") != 0,
		    "meta: the current directory's file system is found");
	else
		skip("meta: cwd", "no /proc/self/mounts");
	pm_meta_free(m);

	if (mkdtemp(dir) == NULL)
		abort();
	pm_config_add_location(&cfg, "/proc", 1);
	pm_config_add_location(&cfg, dir, 2);
	pm_config_add_location(&cfg, "/nonexistent/unit_report", 1);
	m = pm_meta_new(&cfg);
	ok(m->nfs == 3, "meta: one entry per location");
	if (have_proc) {
		is_str(m->fs_type[0], "proc", "meta: /proc is proc");
		ok(strstr(m->fs_options[0], "rw") != NULL ||
		    strstr(m->fs_options[0], "ro") != NULL,
		    "meta: /proc has mount options");
		ok(strcmp(m->fs_type[1], "unknown") != 0,
		    "meta: a fresh temporary directory is found");
	} else {
		skip("meta: /proc", "no /proc/self/mounts");
		skip("meta: /proc", "no /proc/self/mounts");
		skip("meta: tmp", "no /proc/self/mounts");
	}
	is_str(m->fs_type[2], "unknown", "meta: a missing location is unknown");
	is_str(m->fs_options[2], "unknown",
	    "meta: a missing location has unknown options");
	pm_meta_free(m);
	rmdir(dir);
	pm_config_free(&cfg);
}

int
main(int argc, char *argv[])
{
	if ((argc == 3 || argc == 4) && strcmp(argv[1], "emit") == 0)
		return (emit(argv[2], argc == 4 ? argv[3] : "zero"));
	if (argc != 1) {
		fprintf(stderr, "usage: unit_report [emit FORMAT [CASE]]\n");
		return (2);
	}

	test_rates();
	test_verbose();
	test_scalef();
	test_terse();
	test_latency();
	test_csv();
	test_summary();
	test_errors();
	test_dispatch();
	test_meta();
	return (done_testing());
}
