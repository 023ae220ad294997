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
 * The fields of a record: the value of each column of the column table
 * (pm_columns.c) for a row, computed once per row in a struct
 * pm_recrow and read by the column's source: a field of the result, its
 * rates or metadata at the column's offset, a latency statistic, where
 * a phase's time went, the value of the "set" key it names, or one
 * of the getters below (the status, the host, the locations joined, the
 * warnings ...).  pm_csv.c and pm_json.c only format the values.  Text
 * a value allocates is its own (pm_val_free); the verbose report's
 * sections use the helpers for a client's result and its usage.
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
#include "pm_option.h"
#include "pm_report.h"

static char	*status_text(const struct pm_recrow *);
static char	*join_locations(const struct pm_config *);
static char	*join_meta(const struct pm_meta *, char **);
static char	*join_warnings(const struct pm_result *);
static char	*host_text(const struct pm_result *,
		    const struct pm_clientrow *);
static void	 op_stats(const struct pm_result *,
		    const struct pm_clientrow *, struct pm_latstat *);
static void	 read_field(const struct pm_column *, const void *,
		    const struct pm_meta *, struct pm_val *);
static void	 option_value(const struct pm_column *,
		    const struct pm_recrow *, struct pm_val *);
static void	 usage_value(const struct pm_column *,
		    const struct pm_recrow *, struct pm_val *);
static void	 own_text(struct pm_val *, char *);

/* Names of the timed phases and of the operations, as in the reports. */
const char *const pm_tphase_names[PM_NTPHASES] = {
	"creation", "transactions", "deletion"
};
const char *const pm_op_names[PM_NOPS] = {
	"create", "read", "append", "delete"
};

/*
 * Name of a status in CSV and JSON: a complete warm-up run is "warmup"
 * (left out of comparisons, which take "ok" rows).
 */
const char *
pm_status_name(enum pm_status st, int warmup)
{
	switch (st) {
	case PM_STATUS_OK:
		return (warmup ? "warmup" : "ok");
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
 * The status of client c of run r as the reports show it: an error when
 * it is the client that the run's error names, else interrupted when
 * the run was, else its own.
 */
enum pm_status
pm_client_status(const struct pm_result *r, const struct pm_clientrow *c)
{
	if (c->status == PM_STATUS_ERROR && r->error.client == (int)c->id)
		return (PM_STATUS_ERROR);
	if (r->status == PM_STATUS_INTERRUPTED)
		return (PM_STATUS_INTERRUPTED);
	return (c->status);
}

/* The status of a row: the run's, or its client's (pm_client_status). */
enum pm_status
pm_row_status(const struct pm_recrow *row)
{
	return (row->c != NULL ? pm_client_status(row->r, row->c) :
	    row->r->status);
}

/*
 * The cause of a row's error status, or NULL when it has none to name:
 * the run's error, for the run's row and for the client it names.
 */
const struct pm_error *
pm_row_error(const struct pm_recrow *row)
{
	const struct pm_result	*r = row->r;

	if (pm_row_status(row) != PM_STATUS_ERROR || r->error.op == NULL)
		return (NULL);
	if (row->c != NULL && r->error.client != (int)row->c->id)
		return (NULL);
	return (&r->error);
}

/* The status column: ok, out_of_files, interrupted, or "error: CAUSE". */
static char *
status_text(const struct pm_recrow *row)
{
	const struct pm_error	*e = pm_row_error(row);
	char			*cause, *s;

	if (e == NULL)
		return (xstrdup(pm_status_name(pm_row_status(row),
		    row->r->warmup)));
	cause = pm_error_string(e);
	xasprintf(&s, "error: %s", cause);
	free(cause);
	return (s);
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
 * Where the time of timed phase tp went, as the CSV columns of schema 4
 * (pm_usage_names): for the run, its processes' CPU (every MPI rank's
 * summed) and the devices under its locations summed; for a client (c),
 * its thread's CPU and no device figures; rt are the rates of the run,
 * or of the client.  wait_s is the time the clients (of every rank)
 * spent off a CPU: the phase's time for each client minus their CPU.
 * have[i] is 0 for a figure that was not measured.
 */
void
pm_usage_values(const struct pm_result *r, const struct pm_clientrow *c,
    const struct pm_rates *rt, int tp, double *v, int *have)
{
	const struct pm_usage	*u = &r->usage[tp];
	const struct pm_cpu	*cpu;
	double			 wall, k;
	size_t			 i;
	int			 j, any = 0;

	memset(v, 0, NUSAGE * sizeof *v);
	memset(have, 0, NUSAGE * sizeof *have);
	if (c == NULL && !u->valid)
		return;
	wall = tp == PM_TP_CREATE ? rt->create_iv : tp == PM_TP_TRANSACT ?
	    rt->t_elapsed : rt->delete_iv;
	cpu = c != NULL ? &c->cpu[tp] : &u->cpu;
	k = c != NULL || r->nclients < 1 ? 1.0 : (double)r->nclients;
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
uint64_t
pm_ranks_of(const struct pm_config *cfg, const struct pm_result *r)
{
	uint64_t	 per = cfg->clients > 0 ? cfg->clients : 1;

	return (r->nclients > per ? r->nclients / per : 1);
}

/*
 * Set up row for the run r (c NULL) or for its client c (its row), of a
 * run of ranks MPI ranks: everything its columns are read from.  It
 * holds nothing allocated: what a value allocates is the value's own
 * (pm_val_free).
 */
void
pm_recrow_init(struct pm_recrow *row, const struct pm_config *cfg,
    const struct pm_result *r, const struct pm_clientrow *c, uint64_t ranks)
{
	int	 tp;

	memset(row, 0, sizeof *row);
	row->cfg = cfg;
	row->r = r;
	row->c = c;
	row->n = c != NULL ? &c->counts : &r->counts;
	row->ranks = ranks;
	if (c != NULL)
		pm_client_rates(c, &row->rt);
	else
		pm_report_rates(cfg, r, &row->rt);
	op_stats(r, c, row->st);
	for (tp = 0; tp < PM_NTPHASES; tp++)
		pm_usage_values(r, c, &row->rt, tp, row->use[tp],
		    row->have[tp]);
}

/* Free what a value allocated. */
void
pm_val_free(struct pm_val *v)
{
	free(v->own);
	v->own = NULL;
	v->s = NULL;
}

/* Allocated text s as the value (NULL: none). */
static void
own_text(struct pm_val *v, char *s)
{
	v->kind = PM_VAL_TEXT;
	v->s = v->own = s;
}

/*
 * The field of column col in the structure at base: a number, the sum
 * of two counts, seconds from nanoseconds, text, or one text per
 * location of meta joined by ';'.
 */
static void
read_field(const struct pm_column *col, const void *base,
    const struct pm_meta *meta, struct pm_val *v)
{
	const char	*p = base;
	uint64_t	 a, b = 0;
	uint32_t	 w;
	char		**list, *s;

	switch (col->kind) {
	case PM_K_U32:
		memcpy(&w, p + col->off, sizeof w);
		v->kind = PM_VAL_UINT;
		v->u = w;
		break;
	case PM_K_U64:
		memcpy(&a, p + col->off, sizeof a);
		if (col->off2 != 0)
			memcpy(&b, p + col->off2, sizeof b);
		v->kind = PM_VAL_UINT;
		v->u = a + b;
		break;
	case PM_K_DOUBLE:
		memcpy(&v->d, p + col->off, sizeof v->d);
		v->kind = PM_VAL_REAL;
		break;
	case PM_K_NS:
		memcpy(&a, p + col->off, sizeof a);
		v->kind = PM_VAL_REAL;
		v->d = (double)a / NS_PER_S;
		break;
	case PM_K_TEXT:
		memcpy(&s, p + col->off, sizeof s);
		/* An int column kept as text holds digits (0 is a value). */
		v->kind = s != NULL && col->type == PM_COL_INT ?
		    PM_VAL_NUMBER : PM_VAL_TEXT;
		v->s = s;
		break;
	case PM_K_LIST:
		memcpy(&list, p + col->off, sizeof list);
		own_text(v, join_meta(meta, list));
		break;
	}
	v->prec = col->prec;
	if ((col->flags & PM_COLF_KNOWN) && v->kind == PM_VAL_UINT &&
	    v->u == 0)
		v->kind = PM_VAL_NONE;
}

/*
 * A configuration column: the value of the "set" key it names, as the
 * option table prints it (a number, written unquoted, or text).
 */
static void
option_value(const struct pm_column *col, const struct pm_recrow *row,
    struct pm_val *v)
{
	int	 number;

	v->s = v->own = pm_option_print(row->cfg, (enum pm_key)col->op,
	    col->stat, &number);
	v->kind = number ? PM_VAL_NUMBER : PM_VAL_TEXT;
}

/* Where a phase's time went: seconds, or a whole number; none unmeasured. */
static void
usage_value(const struct pm_column *col, const struct pm_recrow *row,
    struct pm_val *v)
{
	double	 x = row->use[col->op][col->stat];

	if (!row->have[col->op][col->stat])
		return;
	if (col->type == PM_COL_REAL) {
		v->kind = PM_VAL_REAL;
		v->d = x;
		v->prec = col->prec;
	} else {
		v->kind = PM_VAL_UINT;
		v->u = (uint64_t)x;
	}
}

/*
 * A latency column's value from st: the count, or a statistic, none
 * when nothing was recorded.
 */
void
pm_latstat_value(const struct pm_column *col, const struct pm_latstat *st,
    struct pm_val *v)
{
	memset(v, 0, sizeof *v);
	if (col->stat == PM_LS_COUNT) {
		v->kind = PM_VAL_UINT;
		v->u = st->count;
	} else if (st->count != 0) {
		v->kind = PM_VAL_REAL;
		v->d = st->v[col->stat];
		v->prec = col->prec;
	}
}

/*
 * The value of column col in row, by the column's source (pm_columns.h);
 * none for a column of the run's row alone in a client's row.  Free it
 * with pm_val_free.
 */
void
pm_field_value(const struct pm_column *col, const struct pm_recrow *row,
    struct pm_val *v)
{
	const struct pm_meta	*meta = row->r->meta;

	memset(v, 0, sizeof *v);
	if ((col->flags & PM_COLF_RUN) && row->c != NULL)
		return;
	switch (col->src) {
	case PM_SRC_SCHEMA:
		v->kind = PM_VAL_UINT;
		v->u = (uint64_t)col->stat;
		break;
	case PM_SRC_OPTION:
		option_value(col, row, v);
		break;
	case PM_SRC_RESULT:
		read_field(col, row->r, meta, v);
		break;
	case PM_SRC_COUNTS:
		read_field(col, row->n, meta, v);
		break;
	case PM_SRC_RATE:
		read_field(col, &row->rt, meta, v);
		break;
	case PM_SRC_META:
		if (meta != NULL)
			read_field(col, meta, meta, v);
		break;
	case PM_SRC_INTERVAL:
		if (row->iv != NULL)
			read_field(col, row->iv, meta, v);
		break;
	case PM_SRC_LATENCY:
		pm_latstat_value(col, &row->st[col->op], v);
		break;
	case PM_SRC_USAGE:
		usage_value(col, row, v);
		break;
	case PM_SRC_GET:
		col->get(row, v);
		break;
	}
}

/* set label, empty when unset. */
void
pm_get_label(const struct pm_recrow *row, struct pm_val *v)
{
	v->kind = PM_VAL_TEXT;
	v->s = row->cfg->label;
}

/* The status column: ok, out_of_files, interrupted, or "error: CAUSE". */
void
pm_get_status(const struct pm_recrow *row, struct pm_val *v)
{
	own_text(v, status_text(row));
}

/* The host of the row (host_text). */
void
pm_get_host(const struct pm_recrow *row, struct pm_val *v)
{
	own_text(v, host_text(row->r, row->c));
}

/* The locations as PATH:WEIGHT joined by ';'. */
void
pm_get_locations(const struct pm_recrow *row, struct pm_val *v)
{
	own_text(v, join_locations(row->cfg));
}

/* "all" for the run's row, the client's number for a client's. */
void
pm_get_client(const struct pm_recrow *row, struct pm_val *v)
{
	if (row->c == NULL) {
		v->kind = PM_VAL_TEXT;
		v->s = "all";
	} else {
		v->kind = PM_VAL_UINT;
		v->u = row->c->id;
	}
}

/* The MPI ranks of the run. */
void
pm_get_ranks(const struct pm_recrow *row, struct pm_val *v)
{
	v->kind = PM_VAL_UINT;
	v->u = row->ranks;
}

/* The run's warnings joined by "; ". */
void
pm_get_warnings(const struct pm_recrow *row, struct pm_val *v)
{
	own_text(v, join_warnings(row->r));
}

/* The phase of an interval, by name. */
void
pm_get_phase(const struct pm_recrow *row, struct pm_val *v)
{
	if (row->iv == NULL || row->iv->phase >= PM_NTPHASES)
		return;
	v->kind = PM_VAL_TEXT;
	v->s = pm_tphase_names[row->iv->phase];
}
