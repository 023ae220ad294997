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
 * The fields of a record: what the CSV and JSON reporters (and the
 * verbose report's sections) take from a result besides its rates: the
 * counts, the names of phases and operations, the status, the host, the
 * locations and their metadata joined, the environment, where each
 * phase's time went, the warnings, and a client of a run as a result of
 * its own.  Strings returned are allocated; the caller frees them.
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

static char	*env_u64(uint64_t);
static char	*env_str(const char *);

/* Names of the timed phases and of the operations, as in the reports. */
const char *const pm_tphase_names[PM_NTPHASES] = {
	"creation", "transactions", "deletion"
};
const char *const pm_op_names[PM_NOPS] = {
	"create", "read", "append", "delete"
};
/* The counts of an interval row, by operation. */
const char *const pm_iv_counts[PM_NOPS] = {
	"created", "read", "appended", "deleted"
};

#define COUNT(name, f)		{ name, offsetof(struct pm_result, f), 0 }
#define COUNT2(name, f, g)	{ name, offsetof(struct pm_result, f), \
				    offsetof(struct pm_result, g) }
/* The counts of a run, in CSV column order. */
const struct pm_count pm_counts[] = {
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

#define FIELD(name, field)	{ name, offsetof(struct pm_rates, field) }
/* The intervals in seconds, in CSV column order. */
const struct pm_field pm_seconds[] = {
	FIELD("elapsed_s", elapsed),
	FIELD("creation_s", create_iv),
	FIELD("transactions_s", t_elapsed),
	FIELD("deletion_s", delete_iv)
};

/* The rates per second, in CSV column order; also the terse line's last 11. */
const struct pm_field pm_rate_fields[] = {
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
const struct pm_field pm_sw_seconds[] = {
	FIELD("creation_stonewall_s", sw_create_s),
	FIELD("transactions_stonewall_s", sw_trans_s),
	FIELD("deletion_stonewall_s", sw_delete_s)
};
const struct pm_field pm_sw_rates[] = {
	FIELD("created_stonewall_per_s", sw_created),
	FIELD("transactions_stonewall_per_s", sw_transactions),
	FIELD("deleted_stonewall_per_s", sw_deleted)
};
#undef FIELD

const char *const pm_usage_names[NUSAGE] = {
	"user_s", "system_s", "wait_s", "voluntary_switches",
	"involuntary_switches", "major_faults", "disk_reads",
	"disk_read_bytes", "disk_writes", "disk_written_bytes",
	"disk_flushes", "disk_busy_s"
};
/* Printed with decimals (seconds), else as integers. */
const int pm_usage_secs[NUSAGE] = {
	1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1
};

const struct pm_envcol pm_env_cols[NENV] = {
	{ "cpu_model", 0 }, { "cpus", 1 }, { "mem_total_kb", 1 },
	{ "mem_available_kb", 1 }, { "kernel_cmdline", 0 }, { "devices", 0 },
	{ "schedulers", 0 }, { "rotational", 0 }, { "disk_models", 0 },
	{ "fs_features", 0 },
	{ "vm_accelerator", 0 }, { "vm_cpus", 1 }, { "vm_memory_mib", 1 },
	{ "vm_disk", 0 }, { "vm_cache", 0 }, { "vm_qemu", 0 },
	{ "vm_machine", 0 }
};

/*
 * Name of a run's status in CSV and JSON: a complete warm-up run is
 * "warmup" (left out of comparisons, which take "ok" rows).
 */
const char *
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

/* The value of count c of a result. */
uint64_t
count_value(const struct pm_result *r, const struct pm_count *c)
{
	uint64_t	 a, b = 0;

	memcpy(&a, (const char *)r + c->off, sizeof a);
	if (c->off2 != 0)
		memcpy(&b, (const char *)r + c->off2, sizeof b);
	return (a + b);
}

/*
 * The locations as "PATH:WEIGHT" joined by ';', or "." when none is set.
 * Returns an allocated string the caller frees.
 */
char *
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
char *
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
void
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
struct pm_result *
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
char *
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
void
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
uint64_t
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

/* A string of the metadata, copied, or NULL. */
static char *
env_str(const char *s)
{
	return (s != NULL ? xstrdup(s) : NULL);
}

/* Value i of pm_env_cols (allocated, or NULL when unknown). */
char *
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

/* The warnings of a run joined by "; ", or NULL when there are none. */
char *
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
char *
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
