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
 * PostMark's classic reports: the verbose report, line for line as
 * PostMark 1.53 prints it (with nanosecond timing and exact 64-bit
 * counters), then the sections postmark adds (latency, clients, where
 * the time went, warnings); and the terse line.  A reporter writes to
 * the stream it is given and nothing else, and returns ferror(fp) ? -1 :
 * 0.
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

static uint64_t	 trunc_u64(double);
static void	 put_verbose_files(FILE *, const struct pm_result *,
		    const struct pm_rates *);
static void	 put_verbose_data(FILE *, const struct pm_result *,
		    const struct pm_rates *);
static void	 put_fixed(FILE *, double, int);
static void	 put_scalef(FILE *, double);
static void	 put_size(FILE *, uint64_t);
static void	 put_verbose_latency(FILE *, const struct pm_result *);
static void	 put_verbose_clients(FILE *, const struct pm_result *,
		    const struct pm_rates *);
static void	 put_verbose_usage(FILE *, const struct pm_config *,
		    const struct pm_result *, const struct pm_rates *);
static void	 put_warnings(FILE *, const struct pm_result *);

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

/* Print v with prec decimals; "nan" or "inf" never appear: print "-". */
static void
put_fixed(FILE *fp, double v, int prec)
{
	char	 buf[FMT_LEN];

	fputs(pm_fmt_fixed(buf, sizeof buf, v, prec, "-"), fp);
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
			for (i = 0; i < PM_NLATSTATS; i++) {
				fprintf(fp, " %s ", pm_lat_name(i, 1));
				put_fixed(fp, st.v[i], PREC_VERBOSE_US);
			}
			fputc('\n', fp);
		}
	}
}

/*
 * The verbose report's clients section, with several: the balance, the
 * stonewall figures (of the run's rates rt), and a line per client.
 */
static void
put_verbose_clients(FILE *fp, const struct pm_result *r,
    const struct pm_rates *rt)
{
	static const char *const what[PM_NTPHASES] = {
		"files", "transactions", "files"
	};
	const struct pm_clientrow *c;
	struct pm_rates		 crt;
	double			 sw_s[PM_NTPHASES], sw_rate[PM_NTPHASES];
	char			 b1[FMT_LEN], b2[FMT_LEN];
	uint32_t		 i;
	int			 tp;

	sw_s[0] = rt->sw_create_s;
	sw_s[1] = rt->sw_trans_s;
	sw_s[2] = rt->sw_delete_s;
	sw_rate[0] = rt->sw_created;
	sw_rate[1] = rt->sw_transactions;
	sw_rate[2] = rt->sw_deleted;
	fprintf(fp, "\nClients: %" PRIu32 ", balance ", r->nclients);
	put_fixed(fp, rt->balance, 2);
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
		c = &r->clients[i];
		pm_client_rates(c, &crt);
		fprintf(fp, "\t%6" PRIu32 " %-12s ", c->id,
		    pm_status_name(pm_client_status(r, c), r->warmup));
		fprintf(fp, "%9s %14s %9" PRIu64 " %9" PRIu64 " %9" PRIu64
		    " %9" PRIu64 "\n",
		    pm_fmt_fixed(b1, sizeof b1, crt.elapsed, 2, "-"),
		    pm_fmt_fixed(b2, sizeof b2, crt.transactions, 2, "-"),
		    pm_counts_created(&c->counts),
		    c->counts.read, c->counts.appended,
		    pm_counts_deleted(&c->counts));
	}
}

/*
 * The verbose report's "Where the time went" section: for each phase
 * that was sampled, its CPU, waiting, switches and faults (under MPI
 * every rank's process summed, which its title says), then each
 * device's I/O, or why there is no device.  rt are the run's rates.
 */
static void
put_verbose_usage(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r, const struct pm_rates *rt)
{
	const struct pm_meta	*m = r->meta;
	const struct pm_usage	*u;
	double			 v[NUSAGE];
	size_t			 i;
	uint64_t		 ranks = pm_ranks_of(cfg, r);
	int			 have[NUSAGE], tp, any = 0;

	for (tp = 0; tp < PM_NTPHASES; tp++) {
		u = &r->usage[tp];
		if (!u->valid)
			continue;
		if (!any++ && ranks > 1)
			fprintf(fp, "\nWhere the time went (CPU: the processes "
			    "of the %" PRIu64 " MPI ranks, summed):\n", ranks);
		else if (any == 1)
			fputs("\nWhere the time went:\n", fp);
		pm_usage_values(r, NULL, rt, tp, v, have);
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
 * The Files section of the verbose report: each count and its rate
 * (truncated, as PostMark prints them), creation and deletion split
 * into the phase alone and mixed with transactions.
 */
static void
put_verbose_files(FILE *fp, const struct pm_result *r,
    const struct pm_rates *rt)
{
	const struct pm_counts	*n = &r->counts;
	uint64_t		 created, deleted;

	created = pm_counts_created(n);
	deleted = pm_counts_deleted(n);
	fprintf(fp, "\nFiles:\n"
	    "\t%" PRIu64 " created (%" PRIu64 " per second)\n"
	    "\t\tCreation alone: %" PRIu64 " files (%" PRIu64
	    " per second)\n"
	    "\t\tMixed with transactions: %" PRIu64 " files (%" PRIu64
	    " per second)\n",
	    created, trunc_u64(rt->created),
	    n->created_alone, trunc_u64(rt->created_alone),
	    n->created_mixed, trunc_u64(rt->created_mixed));
	fprintf(fp, "\t%" PRIu64 " read (%" PRIu64 " per second)\n"
	    "\t%" PRIu64 " appended (%" PRIu64 " per second)\n",
	    n->read, trunc_u64(rt->read),
	    n->appended, trunc_u64(rt->appended));
	fprintf(fp, "\t%" PRIu64 " deleted (%" PRIu64 " per second)\n"
	    "\t\tDeletion alone: %" PRIu64 " files (%" PRIu64
	    " per second)\n"
	    "\t\tMixed with transactions: %" PRIu64 " files (%" PRIu64
	    " per second)\n",
	    deleted, trunc_u64(rt->deleted),
	    n->deleted_alone, trunc_u64(rt->deleted_alone),
	    n->deleted_mixed, trunc_u64(rt->deleted_mixed));
}

/* The Data section: bytes read and written, and per second (scalef). */
static void
put_verbose_data(FILE *fp, const struct pm_result *r,
    const struct pm_rates *rt)
{
	fputs("\nData:\n\t", fp);
	put_scalef(fp, (double)r->counts.bytes_read);
	fputs(" read (", fp);
	put_scalef(fp, rt->bytes_read);
	fputs(" per second)\n\t", fp);
	put_scalef(fp, (double)r->counts.bytes_written);
	fputs(" written (", fp);
	put_scalef(fp, rt->bytes_written);
	fputs(" per second)\n", fp);
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

	pm_report_rates(cfg, r, &rt);
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

	put_verbose_files(fp, r, &rt);
	put_verbose_data(fp, r, &rt);
	put_verbose_latency(fp, r);
	if (r->nclients > 1)
		put_verbose_clients(fp, r, &rt);
	put_verbose_usage(fp, cfg, r, &rt);
	put_warnings(fp, r);
	return (ferror(fp) ? -1 : 0);
}

/*
 * PostMark 1.53's terse line: 13 space-separated "%.2f" fields, the
 * seconds in all and of the transactions, then the 11 rates of the
 * records (the CSV's transactions_per_s ... written_bytes_per_s, the
 * JSON record's rates), in the column table's order.  An interrupted run
 * has no such line (its rates cover part of a run): it gets
 * "interrupted by SIGNAL while PHASE" instead.
 */
int
pm_report_terse(FILE *fp, const struct pm_config *cfg,
    const struct pm_result *r)
{
	const struct pm_column	*c;
	struct pm_recrow	 row;
	struct pm_val		 v;
	size_t			 i, n;

	if (r->status == PM_STATUS_INTERRUPTED) {
		fprintf(fp, "interrupted by %s while %s\n",
		    pm_signal_name(r->signo), pm_phase_name(r->last_phase));
		return (ferror(fp) ? -1 : 0);
	}
	pm_recrow_init(&row, cfg, r, NULL, 1);
	put_fixed(fp, row.rt.elapsed, 2);
	fputc(' ', fp);
	put_fixed(fp, row.rt.t_elapsed, 2);
	c = pm_columns(PM_COLS_RECORD, &n);
	for (i = 0; i < n; i++) {
		if (c[i].json != PM_JS_RATES)
			continue;
		pm_field_value(&c[i], &row, &v);
		fputc(' ', fp);
		put_fixed(fp, v.d, 2);
	}
	fputc('\n', fp);
	return (ferror(fp) ? -1 : 0);
}
