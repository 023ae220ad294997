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
 * JSON records (JSON Lines, results/README.md): one object per run on a
 * line, the content of the CSV rows structured, plus the histograms.
 * Every member that is a column (the configuration, the environment, the
 * counts, seconds, rates, latencies, stonewall figures, an interval's
 * fields) takes its name, its value and its place in its object from the
 * column table (pm_columns.c), as the CSV's fields do; the structure
 * around them (locations, phases, clients) is this file's.  One writer
 * puts the commas and keeps the nesting; strings are escaped so that any
 * bytes give a record strict readers accept.  A reporter writes to the
 * stream it is given and nothing else, and returns ferror(fp) ? -1 : 0.
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

struct pm_json;

static size_t	 utf8_len(const unsigned char *, uint32_t *);
static void	 json_quote(FILE *, const char *);
static void	 json_member(struct pm_json *, const char *);
static void	 json_open(struct pm_json *, const char *, int);
static void	 json_close(struct pm_json *, int);
static void	 json_str(struct pm_json *, const char *, const char *);
static void	 json_raw(struct pm_json *, const char *, const char *);
static void	 json_u64(struct pm_json *, const char *, uint64_t);
static void	 json_fixed(struct pm_json *, const char *, double, int);
static void	 json_val(struct pm_json *, const char *,
		    const struct pm_val *);
static void	 json_col(struct pm_json *, const struct pm_recrow *,
		    const char *);
static void	 json_group(struct pm_json *, const char *, enum pm_colset,
		    enum pm_jsgroup, const struct pm_recrow *);
static void	 json_latency(struct pm_json *, int,
		    const struct pm_latstat *, const struct pm_hist *);
static void	 json_locations(struct pm_json *, const struct pm_config *,
		    const struct pm_meta *);
static void	 json_device(struct pm_json *, const struct pm_meta *, size_t);
static void	 json_cpu(struct pm_json *, const char *, const struct pm_cpu *);
static void	 json_usage(struct pm_json *, const char *,
		    const struct pm_recrow *, const struct pm_usage *, int);
static void	 json_explain(struct pm_json *, struct pm_recrow *);
static void	 json_results(struct pm_json *, const struct pm_recrow *);
static void	 json_status(struct pm_json *, const struct pm_recrow *);
static void	 json_clients(struct pm_json *, const struct pm_recrow *);

/* The members of a phase's CPU that are the CSV's PHASE_user_s ... */
static const char *const pm_cpu_names[U_WAIT + 1] = {
	"user_s", "system_s", "wait_s"
};

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

	json_raw(j, key, pm_fmt_fixed(buf, sizeof buf, v, prec, "null"));
}

/* A field's value as a member (key) or an element (key NULL). */
static void
json_val(struct pm_json *j, const char *key, const struct pm_val *v)
{
	switch (v->kind) {
	case PM_VAL_NONE:
		json_raw(j, key, "null");
		break;
	case PM_VAL_UINT:
		json_u64(j, key, v->u);
		break;
	case PM_VAL_REAL:
		json_fixed(j, key, v->d, v->prec);
		break;
	case PM_VAL_TEXT:
		json_str(j, key, v->s);
		break;
	case PM_VAL_NUMBER:
		json_raw(j, key, v->s);
		break;
	}
}

/* The record's column name as a member of that name. */
static void
json_col(struct pm_json *j, const struct pm_recrow *row, const char *name)
{
	const struct pm_column	*c = pm_column(PM_COLS_RECORD, name);
	struct pm_val		 v;

	if (c == NULL)
		abort();
	pm_field_value(c, row, &v);
	json_val(j, name, &v);
	pm_val_free(&v);
}

/*
 * The columns of set that JSON has in group, in table order, as the
 * members of an object (key; NULL: an element of an array).
 */
static void
json_group(struct pm_json *j, const char *key, enum pm_colset set,
    enum pm_jsgroup group, const struct pm_recrow *row)
{
	const struct pm_column	*c;
	struct pm_val		 v;
	size_t			 i, n;

	c = pm_columns(set, &n);
	json_open(j, key, '{');
	for (i = 0; i < n; i++) {
		if (c[i].json != group)
			continue;
		pm_field_value(&c[i], row, &v);
		json_val(j, c[i].name, &v);
		pm_val_free(&v);
	}
	json_close(j, '}');
}

/*
 * The latency object of operation op from st: the latency columns of op,
 * named without "OP_" (count, min_us, mean_us, p50_us ... max_us; null
 * when empty) and, if h is not NULL, its non-empty buckets as [low_ns,
 * high_ns, count] triples.
 */
static void
json_latency(struct pm_json *j, int op, const struct pm_latstat *st,
    const struct pm_hist *h)
{
	const struct pm_column	*c;
	struct pm_val		 v;
	size_t			 i, n, skip = strlen(pm_op_names[op]) + 1;
	unsigned int		 b;

	c = pm_columns(PM_COLS_RECORD, &n);
	json_open(j, pm_op_names[op], '{');
	for (i = 0; i < n; i++) {
		if (c[i].json != PM_JS_LATENCY || c[i].op != op)
			continue;
		pm_latstat_value(&c[i], st, &v);
		json_val(j, c[i].name + skip, &v);
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
 * Where a phase's time went (u, timed phase tp of row), or the whole
 * run's (tp -1): the CSV's figures,
 * the process's CPU in full, the client threads' (several clients),
 * /proc/vmstat, each device, and why a location has none.
 */
static void
json_usage(struct pm_json *j, const char *key, const struct pm_recrow *row,
    const struct pm_usage *u, int tp)
{
	const struct pm_meta	*m = row->r->meta;
	char			 buf[32];
	size_t			 i, k;

	if (!u->valid) {
		json_raw(j, key, "null");
		return;
	}
	json_open(j, key, '{');
	json_fixed(j, "wall_s", (double)u->wall_ns / NS_PER_S, PREC_SECONDS);
	for (i = U_USER; tp >= 0 && i <= U_WAIT; i++)
		json_fixed(j, pm_cpu_names[i], row->use[tp][i], PREC_SECONDS);
	json_cpu(j, "process", &u->cpu);
	if (row->r->nclients > 1)
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

/*
 * Each phase's usage, the whole run's, the warnings and the intervals
 * (the rows of the series, as objects: row's interval is set for each).
 */
static void
json_explain(struct pm_json *j, struct pm_recrow *row)
{
	const struct pm_result	*r = row->r;
	size_t			 i;
	int			 tp;

	json_open(j, "phases", '{');
	for (tp = 0; tp < PM_NTPHASES; tp++)
		json_usage(j, pm_tphase_names[tp], row, &r->usage[tp], tp);
	json_close(j, '}');
	json_usage(j, "run_usage", row, &r->usage_run, -1);
	json_open(j, "warnings", '[');
	for (i = 0; i < r->nwarnings; i++)
		json_str(j, NULL, r->warnings[i]);
	json_close(j, ']');
	json_open(j, "intervals", '[');
	for (i = 0; i < r->niv; i++) {
		row->iv = &r->iv[i];
		json_group(j, NULL, PM_COLS_INTERVALS, PM_JS_INTERVAL, row);
	}
	row->iv = NULL;
	json_close(j, ']');
}

/*
 * The measured part of a run's row or of one of its clients': counts,
 * seconds, rates, latencies merged over the phases; for the run, the
 * latencies of each phase with their buckets, for a client its thread's
 * CPU in each phase.
 */
static void
json_results(struct pm_json *j, const struct pm_recrow *row)
{
	const struct pm_clientrow *c = row->c;
	struct pm_latstat	 one;
	size_t			 i;
	int			 ph, op;

	json_group(j, "counts", PM_COLS_RECORD, PM_JS_COUNTS, row);
	json_group(j, "seconds", PM_COLS_RECORD, PM_JS_SECONDS, row);
	json_group(j, "rates", PM_COLS_RECORD, PM_JS_RATES, row);
	json_open(j, "latency", '{');
	for (op = 0; op < PM_NOPS; op++)
		json_latency(j, op, &row->st[op], NULL);
	json_close(j, '}');
	if (c != NULL) {
		json_open(j, "phases", '{');
		for (ph = 0; ph < PM_NTPHASES; ph++) {
			json_open(j, pm_tphase_names[ph], '{');
			for (i = U_USER; i <= U_WAIT; i++)
				json_fixed(j, pm_cpu_names[i], row->use[ph][i],
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
			if (row->r->lat[ph][op].count == 0)
				continue;
			pm_latstat(&row->r->lat[ph][op], &one);
			json_latency(j, op, &one, &row->r->lat[ph][op]);
		}
		json_close(j, '}');
	}
	json_close(j, '}');
}

/* A row's status, error and signal members (the run's, or a client's). */
static void
json_status(struct pm_json *j, const struct pm_recrow *row)
{
	const struct pm_error	*e = pm_row_error(row);
	enum pm_status		 st = pm_row_status(row);
	char			*s;

	json_str(j, "status", pm_status_name(st, row->r->warmup));
	s = e != NULL ? pm_error_string(e) : NULL;
	json_str(j, "error", s);
	free(s);
	json_str(j, "signal", st == PM_STATUS_INTERRUPTED ?
	    pm_signal_name(row->r->signo) : NULL);
}

/*
 * The clients of a run (row is the run's): their number, the MPI ranks,
 * the stonewall figures, the balance, and with several an array of each
 * one's results.
 */
static void
json_clients(struct pm_json *j, const struct pm_recrow *row)
{
	const struct pm_result	*r = row->r;
	struct pm_recrow	 crow;
	uint32_t		 i;

	json_u64(j, "nclients", r->nclients > 1 ? r->nclients : 1);
	json_col(j, row, "ranks");
	json_group(j, "stonewall", PM_COLS_RECORD, PM_JS_STONEWALL, row);
	json_col(j, row, "balance");
	json_open(j, "clients", '[');
	for (i = 0; r->nclients > 1 && r->clients != NULL &&
	    i < r->nclients; i++) {
		pm_recrow_init(&crow, row->cfg, r, &r->clients[i], row->ranks);
		json_open(j, NULL, '{');
		json_u64(j, "client", r->clients[i].id);
		json_u64(j, "rank", r->clients[i].rank);
		json_col(j, &crow, "host");
		json_status(j, &crow);
		json_results(j, &crow);
		json_close(j, '}');
	}
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
	struct pm_json		 j = { .fp = fp };
	struct pm_recrow	 row;

	pm_recrow_init(&row, cfg, r, NULL, pm_ranks_of(cfg, r));
	json_open(&j, NULL, '{');
	json_col(&j, &row, "schema_version");
	json_col(&j, &row, "label");
	json_status(&j, &row);
	json_col(&j, &row, "timestamp");
	json_col(&j, &row, "host");
	json_col(&j, &row, "kernel");
	json_col(&j, &row, "iteration");
	json_locations(&j, cfg, r->meta);
	json_group(&j, "config", PM_COLS_RECORD, PM_JS_CONFIG, &row);
	json_group(&j, "environment", PM_COLS_RECORD, PM_JS_ENV, &row);
	json_results(&j, &row);
	json_clients(&j, &row);
	json_explain(&j, &row);
	json_close(&j, '}');
	fputc('\n', fp);
	return (ferror(fp) ? -1 : 0);
}
