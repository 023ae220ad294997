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
 * pm_json.c, pm_stats.c, pm_fields.c) and nothing else includes: the
 * decimals of each format, the tables of fields, and the helpers that
 * more than one format uses.
 */

#ifndef PM_REPORT_H
#define PM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* A field of struct pm_rates and its name in CSV and JSON. */
struct pm_field {
	const char	*name;		/* "read_per_s" */
	size_t		 off;		/* offsetof(struct pm_rates, field) */
};

/* A count of struct pm_result (the sum of two fields, with off2 set). */
struct pm_count {
	const char	*name;		/* "read", in CSV and JSON */
	size_t		 off;		/* offsetof(struct pm_result, field) */
	size_t		 off2;		/* a second field added, or 0 */
};

/* The statistics of a latency histogram: min, mean, the percentiles, max. */
#define NLATSTATS	PM_NLATSTATS

#define NCOUNTS		11
#define NSECONDS	4
#define NRATES		11
#define NSW		3

/*
 * Schema 4: where each phase's time went, the CSV selection (per phase,
 * named PHASE_NAME), in order; usage_values computes them.
 */
enum {
	U_USER, U_SYS, U_WAIT, U_VCSW, U_IVCSW, U_MAJFLT, U_DREADS,
	U_DRBYTES, U_DWRITES, U_DWBYTES, U_DFLUSH, U_DBUSY, NUSAGE
};

/*
 * The environment columns: the NENV4 of schema 4 (before the usage
 * columns), then the VM's of schema 5 (after warnings); their names, and
 * which are numbers (JSON).
 */
#define NENV_HOST 5	/* in JSON: the devices' are in its locations */
#define NENV4	10
#define NENV	17
struct pm_envcol {
	const char	*name;
	int		 number;
};

/* pm_fields.c */
extern const char *const pm_tphase_names[PM_NTPHASES];
extern const char *const pm_op_names[PM_NOPS];
extern const char *const pm_iv_counts[PM_NOPS];
extern const struct pm_count pm_counts[NCOUNTS];
extern const struct pm_field pm_seconds[NSECONDS];
extern const struct pm_field pm_rate_fields[NRATES];
extern const struct pm_field pm_sw_seconds[NSW];
extern const struct pm_field pm_sw_rates[NSW];
extern const char *const pm_usage_names[NUSAGE];
extern const int pm_usage_secs[NUSAGE];
extern const struct pm_envcol pm_env_cols[NENV];
const char	*status_name(const struct pm_result *);
uint64_t	 count_value(const struct pm_result *,
		    const struct pm_count *);
char		*join_locations(const struct pm_config *);
char		*join_meta(const struct pm_meta *, char **);
void		 op_stats(const struct pm_result *,
		    const struct pm_clientrow *, struct pm_latstat *);
struct pm_result *client_result(const struct pm_result *,
		    const struct pm_clientrow *, struct pm_result *);
char		*host_text(const struct pm_result *,
		    const struct pm_clientrow *);
void		 usage_values(const struct pm_config *,
		    const struct pm_result *, const struct pm_clientrow *, int,
		    double *, int *);
uint64_t	 ranks_of(const struct pm_config *, const struct pm_result *);
char		*env_value(const struct pm_meta *, int);
char		*join_warnings(const struct pm_result *);
char		*status_text(const struct pm_result *);

/* pm_stats.c */
double		 rates_get(const struct pm_rates *, size_t);
const char	*lat_name(size_t, int);

/* pm_report.c */
const char	*fmt_fixed(char *, size_t, double, int, const char *);

#endif /* PM_REPORT_H */
