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
 * The column table: every column of a CSV record (schema 6, 155 columns)
 * and of an interval series (FILE.intervals.csv, version 5), in the
 * order the files have them, each with the schema version that added
 * it, its type, its unit and its role (results/README.md), where its
 * value comes from (a field of a result, of its rates, of the run's
 * metadata or of an interval row, a latency statistic, where a phase's
 * time went, the value of the "set" key it names (enum pm_key), or a
 * getter of pm_fields.c) and where a JSON record has it.  pm_csv.c writes the
 * header and the rows from it, pm_json.c the members of the record that
 * are columns, `postmark --columns [intervals]` prints a set as
 * tab-separated lines for tools: scripts/postmark_compare/compare.py takes the
 * workload
 * signature (the config columns) and the measures (time, rate, latency,
 * ratio) from it, and tests/t4004 compares the man page's lists with it.
 * Columns are only ever appended, so a new column is a new row at the
 * end of its set, with the schema version that adds it; the one
 * exception is the series' schema_version, put first in version 5 so
 * that a series file names its version where a record file does.
 */

#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "postmark.h"
#include "pm_columns.h"
#include "pm_option.h"
#include "pm_report.h"

#define nitems(a)	(sizeof (a) / sizeof (a)[0])

#define ROW(n, s, t, u, r) \
	.name = (n), .schema = (s), .type = PM_COL_ ## t, .unit = (u), \
	.role = PM_ROLE_ ## r
#define RES(f)		offsetof(struct pm_result, f)
#define RT(f)		offsetof(struct pm_rates, f)
#define N(f)		offsetof(struct pm_counts, f)

/* The version of the set, first. */
#define SCHEMA(s, v, js) \
	{ ROW("schema_version", s, INT, "-", SCHEMA), .src = PM_SRC_SCHEMA, \
	    .stat = (v), .json = PM_JS_ ## js }
/* A value computed by fn (pm_fields.c). */
#define GET(n, s, t, u, r, fn, fl, js) \
	{ ROW(n, s, t, u, r), .src = PM_SRC_GET, .get = (fn), .flags = (fl), \
	    .json = PM_JS_ ## js }
/*
 * A configuration column: the value of "set" key k (enum pm_key), its
 * part p (0, or 1: the HIGH of set size), as the option table prints it.
 */
#define OPT(n, s, t, u, r, k, p) \
	{ ROW(n, s, t, u, r), .src = PM_SRC_OPTION, .op = PM_KEY_ ## k, \
	    .stat = (p), .json = PM_JS_CONFIG }
/* A count of the row (the run's or a client's), or the sum of two. */
#define CNT(n, u, f) \
	{ ROW(n, 1, INT, u, COUNT), .src = PM_SRC_COUNTS, .kind = PM_K_U64, \
	    .off = N(f), .json = PM_JS_COUNTS }
#define CNT2(n, u, f, g) \
	{ ROW(n, 1, INT, u, COUNT), .src = PM_SRC_COUNTS, .kind = PM_K_U64, \
	    .off = N(f), .off2 = N(g), .json = PM_JS_COUNTS }
/* Seconds and rates (struct pm_rates): fl PM_COLF_RUN, or 0. */
#define SECS(n, s, f, fl, js) \
	{ ROW(n, s, REAL, "s", TIME), .src = PM_SRC_RATE, \
	    .kind = PM_K_DOUBLE, .off = RT(f), .prec = PREC_SECONDS, \
	    .flags = (fl), .json = PM_JS_ ## js }
#define RATE(n, s, u, f, fl, js) \
	{ ROW(n, s, REAL, u, RATE), .src = PM_SRC_RATE, .kind = PM_K_DOUBLE, \
	    .off = RT(f), .prec = PREC_RATE, .flags = (fl), .json = PM_JS_ ## js }
/* An operation's latencies, all phases merged: its count, a statistic. */
#define LATN(n, o) \
	{ ROW(n, 1, INT, "operations", COUNT), .src = PM_SRC_LATENCY, \
	    .op = PM_OP_ ## o, .stat = PM_LS_COUNT, .json = PM_JS_LATENCY }
#define LAT(n, o, i) \
	{ ROW(n, 1, REAL, "us", LATENCY), .src = PM_SRC_LATENCY, \
	    .op = PM_OP_ ## o, .stat = PM_LS_ ## i, .prec = PREC_US, \
	    .json = PM_JS_LATENCY }
/* An operation's latency columns: its count, then min ... max in us. */
#define LATS(n, o) \
	LATN(n "_count", o), LAT(n "_min_us", o, MIN), \
	LAT(n "_mean_us", o, MEAN), LAT(n "_p50_us", o, P50), \
	LAT(n "_p90_us", o, P90), LAT(n "_p99_us", o, P99), \
	LAT(n "_p999_us", o, P999), LAT(n "_max_us", o, MAX)
/* Where a timed phase's time went: seconds, or a number. */
#define USES(n, p, i) \
	{ ROW(n, 4, REAL, "s", USAGE), .src = PM_SRC_USAGE, .op = PM_TP_ ## p, \
	    .stat = U_ ## i, .prec = PREC_SECONDS }
#define USEN(n, p, i, u) \
	{ ROW(n, 4, INT, u, USAGE), .src = PM_SRC_USAGE, .op = PM_TP_ ## p, \
	    .stat = U_ ## i }
/* A timed phase's twelve usage columns, named after its prefix. */
#define USAGE(n, p) \
	USES(n "_user_s", p, USER), USES(n "_system_s", p, SYS), \
	USES(n "_wait_s", p, WAIT), \
	USEN(n "_voluntary_switches", p, VCSW, "-"), \
	USEN(n "_involuntary_switches", p, IVCSW, "-"), \
	USEN(n "_major_faults", p, MAJFLT, "-"), \
	USEN(n "_disk_reads", p, DREADS, "-"), \
	USEN(n "_disk_read_bytes", p, DRBYTES, "bytes"), \
	USEN(n "_disk_writes", p, DWRITES, "-"), \
	USEN(n "_disk_written_bytes", p, DWBYTES, "bytes"), \
	USEN(n "_disk_flushes", p, DFLUSH, "-"), \
	USES(n "_disk_busy_s", p, DBUSY)
/* A field of the run's metadata: text, a list (a location each), a number. */
#define META(n, s, t, u, r, k, f, fl, js) \
	{ ROW(n, s, t, u, r), .src = PM_SRC_META, .kind = PM_K_ ## k, \
	    .off = offsetof(struct pm_meta, f), .flags = (fl), \
	    .json = PM_JS_ ## js }
/* A field of an interval row. */
#define IV(n, t, u, r, k, f, p) \
	{ ROW(n, 4, t, u, r), .src = PM_SRC_INTERVAL, .kind = PM_K_ ## k, \
	    .off = offsetof(struct pm_ivrow, f), .prec = (p), \
	    .json = PM_JS_INTERVAL }

/* The CSV record: one row per run, then one per client of several. */
static const struct pm_column pm_record_cols[] = {
	SCHEMA(1, PM_CSV_SCHEMA, TOP),
	GET("label", 1, TEXT, "-", LABEL, pm_get_label, 0, TOP),
	GET("status", 1, TEXT, "-", STATUS, pm_get_status, 0, NONE),
	META("timestamp", 1, TEXT, "-", ID, TEXT, timestamp, 0, TOP),
	GET("host", 1, TEXT, "-", ENV, pm_get_host, 0, TOP),
	META("kernel", 1, TEXT, "-", ENV, TEXT, kernel, 0, TOP),
	{ ROW("iteration", 1, INT, "-", ID), .src = PM_SRC_RESULT,
	    .kind = PM_K_U32, .off = RES(iteration), .json = PM_JS_TOP },
	GET("locations", 1, TEXT, "-", ENV, pm_get_locations, 0, NONE),
	META("fs_types", 1, TEXT, "-", ENV, LIST, fs_type, 0, NONE),
	META("fs_options", 1, TEXT, "-", ENV, LIST, fs_options, 0, NONE),
	OPT("number", 1, INT, "files", CONFIG, NUMBER, 0),
	OPT("transactions", 1, INT, "transactions", CONFIG, TRANSACTIONS, 0),
	OPT("size_low", 1, INT, "bytes", CONFIG, SIZE, 0),
	OPT("size_high", 1, INT, "bytes", CONFIG, SIZE, 1),
	OPT("read_block", 1, INT, "bytes", CONFIG, READ, 0),
	OPT("write_block", 1, INT, "bytes", CONFIG, WRITE, 0),
	OPT("buffering", 1, INT, "-", CONFIG, BUFFERING, 0),
	OPT("bias_read", 1, INT, "-", CONFIG, BIAS_READ, 0),
	OPT("bias_create", 1, INT, "-", CONFIG, BIAS_CREATE, 0),
	OPT("subdirectories", 1, INT, "-", CONFIG, SUBDIRECTORIES, 0),
	OPT("seed", 1, INT, "-", CONFIG, SEED, 0),
	CNT2("created", "files", created_alone, created_mixed),
	CNT("created_alone", "files", created_alone),
	CNT("created_mixed", "files", created_mixed),
	CNT("read", "files", read),
	CNT("appended", "files", appended),
	CNT2("deleted", "files", deleted_alone, deleted_mixed),
	CNT("deleted_alone", "files", deleted_alone),
	CNT("deleted_mixed", "files", deleted_mixed),
	CNT("bytes_read", "bytes", bytes_read),
	CNT("bytes_written", "bytes", bytes_written),
	CNT("transactions_done", "transactions", transactions_done),
	SECS("elapsed_s", 1, elapsed, 0, SECONDS),
	SECS("creation_s", 1, create_iv, 0, SECONDS),
	SECS("transactions_s", 1, t_elapsed, 0, SECONDS),
	SECS("deletion_s", 1, delete_iv, 0, SECONDS),
	RATE("transactions_per_s", 1, "transactions/s", transactions, 0, RATES),
	RATE("created_per_s", 1, "files/s", created, 0, RATES),
	RATE("created_alone_per_s", 1, "files/s", created_alone, 0, RATES),
	RATE("created_mixed_per_s", 1, "files/s", created_mixed, 0, RATES),
	RATE("read_per_s", 1, "files/s", read, 0, RATES),
	RATE("appended_per_s", 1, "files/s", appended, 0, RATES),
	RATE("deleted_per_s", 1, "files/s", deleted, 0, RATES),
	RATE("deleted_alone_per_s", 1, "files/s", deleted_alone, 0, RATES),
	RATE("deleted_mixed_per_s", 1, "files/s", deleted_mixed, 0, RATES),
	RATE("read_bytes_per_s", 1, "bytes/s", bytes_read, 0, RATES),
	RATE("written_bytes_per_s", 1, "bytes/s", bytes_written, 0, RATES),
	LATS("create", CREATE),
	LATS("read", READ),
	LATS("append", APPEND),
	LATS("delete", DELETE),
	OPT("sync", 2, TEXT, "-", CONFIG, SYNC, 0),
	OPT("dirsync", 2, INT, "-", CONFIG, DIRSYNC, 0),
	OPT("direct", 2, INT, "-", CONFIG, DIRECT, 0),
	OPT("cache", 2, TEXT, "-", CONFIG, CACHE, 0),
	OPT("warmup", 2, INT, "runs", CONFIG, WARMUP, 0),
	OPT("hooks", 2, TEXT, "-", CONFIG, HOOK, 0),
	OPT("clients", 3, INT, "-", CONFIG, CLIENTS, 0),
	OPT("shared", 3, INT, "-", CONFIG, SHARED, 0),
	OPT("rankshift", 3, INT, "-", CONFIG, RANKSHIFT, 0),
	GET("client", 3, TEXT, "-", ID, pm_get_client, 0, NONE),
	SECS("creation_stonewall_s", 3, sw_create_s, PM_COLF_RUN, STONEWALL),
	SECS("transactions_stonewall_s", 3, sw_trans_s, PM_COLF_RUN,
	    STONEWALL),
	SECS("deletion_stonewall_s", 3, sw_delete_s, PM_COLF_RUN, STONEWALL),
	RATE("created_stonewall_per_s", 3, "files/s", sw_created, PM_COLF_RUN,
	    STONEWALL),
	RATE("transactions_stonewall_per_s", 3, "transactions/s",
	    sw_transactions, PM_COLF_RUN, STONEWALL),
	RATE("deleted_stonewall_per_s", 3, "files/s", sw_deleted, PM_COLF_RUN,
	    STONEWALL),
	{ ROW("balance", 3, REAL, "-", RATIO), .src = PM_SRC_RATE,
	    .kind = PM_K_DOUBLE, .off = RT(balance), .prec = PREC_RATE,
	    .flags = PM_COLF_RUN, .json = PM_JS_TOP },
	OPT("precision", 4, REAL, "%", CONTROL, PRECISION, 0),
	OPT("interval", 4, TEXT, "-", CONFIG, INTERVAL, 0),
	GET("ranks", 4, INT, "-", CONFIG, pm_get_ranks, 0, TOP),
	META("cpu_model", 4, TEXT, "-", ENV, TEXT, cpu_model, 0, ENV),
	META("cpus", 4, INT, "-", ENV, U32, ncpu, PM_COLF_KNOWN, ENV),
	META("mem_total_kb", 4, INT, "KiB", ENV, U64, mem_total_kb,
	    PM_COLF_KNOWN, ENV),
	META("mem_available_kb", 4, INT, "KiB", ENV, U64, mem_avail_kb,
	    PM_COLF_KNOWN, ENV),
	META("kernel_cmdline", 4, TEXT, "-", ENV, TEXT, cmdline, 0, ENV),
	META("devices", 4, TEXT, "-", ENV, LIST, device, 0, NONE),
	META("schedulers", 4, TEXT, "-", ENV, LIST, scheduler, 0, NONE),
	META("rotational", 4, TEXT, "-", ENV, LIST, rotational, 0, NONE),
	META("disk_models", 4, TEXT, "-", ENV, LIST, model, 0, NONE),
	META("fs_features", 4, TEXT, "-", ENV, LIST, fs_features, 0, NONE),
	USAGE("creation", CREATE),
	USAGE("transactions", TRANSACT),
	USAGE("deletion", DELETE),
	GET("warnings", 4, TEXT, "-", WARNINGS, pm_get_warnings, PM_COLF_RUN,
	    NONE),
	META("vm_accelerator", 5, TEXT, "-", ENV, TEXT, vm_accel, 0, ENV),
	META("vm_cpus", 5, INT, "-", ENV, U32, vm_cpus, PM_COLF_KNOWN, ENV),
	META("vm_memory_mib", 5, INT, "MiB", ENV, U64, vm_memory_mib,
	    PM_COLF_KNOWN, ENV),
	META("vm_disk", 5, TEXT, "-", ENV, TEXT, vm_disk, 0, ENV),
	META("vm_cache", 5, TEXT, "-", ENV, TEXT, vm_cache, 0, ENV),
	META("vm_qemu", 5, TEXT, "-", ENV, TEXT, vm_qemu, 0, ENV),
	META("vm_machine", 5, TEXT, "-", ENV, TEXT, vm_machine, 0, ENV),
	META("vm_clock", 6, TEXT, "-", ENV, TEXT, vm_clock, 0, ENV),
	META("vm_icount_shift", 6, INT, "-", ENV, TEXT, vm_icount_shift, 0, ENV),
#ifdef PM_OPTION_TEST_ROW
	/* tests/unit_option: the column of the key its option row adds. */
	OPT("testkey", PM_CSV_SCHEMA, INT, "-", CONFIG, TESTKEY, 0),
#endif
};

/*
 * The interval series: one row per interval of a client's phase.  Its
 * JSON form is an object of the record's intervals array, without the
 * run's schema version, iteration and label.
 */
static const struct pm_column pm_interval_cols[] = {
	SCHEMA(5, PM_SERIES_SCHEMA, NONE),
	{ ROW("iteration", 4, INT, "-", ID), .src = PM_SRC_RESULT,
	    .kind = PM_K_U32, .off = RES(iteration), .json = PM_JS_NONE },
	GET("label", 4, TEXT, "-", LABEL, pm_get_label, 0, NONE),
	IV("client", INT, "-", ID, U32, client, 0),
	GET("phase", 4, TEXT, "-", ID, pm_get_phase, 0, INTERVAL),
	IV("interval", INT, "-", ID, U32, index, 0),
	IV("start_s", REAL, "s", ID, NS, start_ns, PREC_SECONDS),
	IV("end_s", REAL, "s", ID, NS, end_ns, PREC_SECONDS),
	IV("files_alive", INT, "files", COUNT, U64, alive, 0),
	IV("created", INT, "files", COUNT, U64, ops[PM_OP_CREATE], 0),
	IV("read", INT, "files", COUNT, U64, ops[PM_OP_READ], 0),
	IV("appended", INT, "files", COUNT, U64, ops[PM_OP_APPEND], 0),
	IV("deleted", INT, "files", COUNT, U64, ops[PM_OP_DELETE], 0),
	IV("transactions", INT, "transactions", COUNT, U64, transactions, 0),
	IV("bytes_read", INT, "bytes", COUNT, U64, bytes_read, 0),
	IV("bytes_written", INT, "bytes", COUNT, U64, bytes_written, 0),
	IV("create_p50_us", REAL, "us", LATENCY, DOUBLE, p50[PM_OP_CREATE],
	    PREC_US),
	IV("create_p99_us", REAL, "us", LATENCY, DOUBLE, p99[PM_OP_CREATE],
	    PREC_US),
	IV("read_p50_us", REAL, "us", LATENCY, DOUBLE, p50[PM_OP_READ],
	    PREC_US),
	IV("read_p99_us", REAL, "us", LATENCY, DOUBLE, p99[PM_OP_READ],
	    PREC_US),
	IV("append_p50_us", REAL, "us", LATENCY, DOUBLE, p50[PM_OP_APPEND],
	    PREC_US),
	IV("append_p99_us", REAL, "us", LATENCY, DOUBLE, p99[PM_OP_APPEND],
	    PREC_US),
	IV("delete_p50_us", REAL, "us", LATENCY, DOUBLE, p50[PM_OP_DELETE],
	    PREC_US),
	IV("delete_p99_us", REAL, "us", LATENCY, DOUBLE, p99[PM_OP_DELETE],
	    PREC_US),
	IV("user_s", REAL, "s", USAGE, DOUBLE, user_s, PREC_SECONDS),
	IV("system_s", REAL, "s", USAGE, DOUBLE, sys_s, PREC_SECONDS),
};
#undef ROW
#undef RES
#undef RT
#undef N
#undef SCHEMA
#undef GET
#undef OPT
#undef CNT
#undef CNT2
#undef SECS
#undef RATE
#undef LATN
#undef LAT
#undef USES
#undef USEN
#undef META
#undef IV

/* The names of the sets, the types and the roles, as printed. */
static const char *const pm_colset_names[] = { "records", "intervals" };
static const char *const pm_coltype_names[] = { "int", "real", "text" };
static const char *const pm_colrole_names[] = {
	"schema", "label", "status", "id", "env", "config", "control",
	"count", "time", "rate", "latency", "ratio", "usage", "warnings"
};

_Static_assert(nitems(pm_coltype_names) == PM_COL_TEXT + 1,
    "a name for every type");
_Static_assert(nitems(pm_colrole_names) == PM_ROLE_WARNINGS + 1,
    "a name for every role");

/* The columns of a set, in file order, and their number in *n. */
const struct pm_column *
pm_columns(enum pm_colset set, size_t *n)
{
	if (set == PM_COLS_INTERVALS) {
		*n = nitems(pm_interval_cols);
		return (pm_interval_cols);
	}
	*n = nitems(pm_record_cols);
	return (pm_record_cols);
}

/*
 * The column of a set named name, or NULL when it has none (a reporter
 * asks for the columns it writes by name: pm_json.c).
 */
const struct pm_column *
pm_column(enum pm_colset set, const char *name)
{
	const struct pm_column	*c;
	size_t			 i, n;

	c = pm_columns(set, &n);
	for (i = 0; i < n; i++) {
		if (strcmp(c[i].name, name) == 0)
			return (&c[i]);
	}
	return (NULL);
}

/*
 * The set named name ("records" or "intervals", as --columns takes it)
 * into *set.  Returns 0, or -1 when no set has that name.
 */
int
pm_columns_set(const char *name, enum pm_colset *set)
{
	size_t	 i;

	for (i = 0; i < nitems(pm_colset_names); i++) {
		if (strcmp(name, pm_colset_names[i]) == 0) {
			*set = (enum pm_colset)i;
			return (0);
		}
	}
	return (-1);
}

/*
 * Print a set as `postmark --columns` does: the header line
 * "name schema type unit role", then a line per column, fields separated
 * by tabs.  Returns ferror(fp) ? -1 : 0.
 */
int
pm_columns_print(FILE *fp, enum pm_colset set)
{
	const struct pm_column	*c;
	size_t			 i, n;

	c = pm_columns(set, &n);
	fputs("name\tschema\ttype\tunit\trole\n", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s\t%d\t%s\t%s\t%s\n", c[i].name, c[i].schema,
		    pm_coltype_names[c[i].type], c[i].unit,
		    pm_colrole_names[c[i].role]);
	return (ferror(fp) ? -1 : 0);
}
