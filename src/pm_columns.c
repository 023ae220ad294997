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
 * The column table: every column of a CSV record (schema 5, 153 columns)
 * and of an interval series (FILE.intervals.csv), in the order the files
 * have them, each with the schema version that added it, its type, its
 * unit and its role (results/README.md).  Columns are only ever appended,
 * so a new column is a new row at the end of its set, with the schema
 * version that adds it.  `postmark --columns [intervals]` prints a set as
 * tab-separated lines for tools: scripts/compare.py takes the workload
 * signature (the config columns) and the measures (time, rate, latency,
 * ratio) from it.  tests/t6017 checks that the table equals the header
 * lines the reporter writes.
 */

#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "pm_columns.h"

#define nitems(a)	(sizeof (a) / sizeof (a)[0])

#define COL(n, s, t, u, r) \
	{ .name = (n), .schema = (s), .type = PM_COL_ ## t, .unit = (u), \
	    .role = PM_ROLE_ ## r }

/* The CSV record: one row per run, then one per client of several. */
static const struct pm_column pm_record_cols[] = {
	COL("schema_version", 1, INT, "-", SCHEMA),
	COL("label", 1, TEXT, "-", LABEL),
	COL("status", 1, TEXT, "-", STATUS),
	COL("timestamp", 1, TEXT, "-", ID),
	COL("host", 1, TEXT, "-", ENV),
	COL("kernel", 1, TEXT, "-", ENV),
	COL("iteration", 1, INT, "-", ID),
	COL("locations", 1, TEXT, "-", ENV),
	COL("fs_types", 1, TEXT, "-", ENV),
	COL("fs_options", 1, TEXT, "-", ENV),
	COL("number", 1, INT, "files", CONFIG),
	COL("transactions", 1, INT, "transactions", CONFIG),
	COL("size_low", 1, INT, "bytes", CONFIG),
	COL("size_high", 1, INT, "bytes", CONFIG),
	COL("read_block", 1, INT, "bytes", CONFIG),
	COL("write_block", 1, INT, "bytes", CONFIG),
	COL("buffering", 1, INT, "-", CONFIG),
	COL("bias_read", 1, INT, "-", CONFIG),
	COL("bias_create", 1, INT, "-", CONFIG),
	COL("subdirectories", 1, INT, "-", CONFIG),
	COL("seed", 1, INT, "-", CONFIG),
	COL("created", 1, INT, "files", COUNT),
	COL("created_alone", 1, INT, "files", COUNT),
	COL("created_mixed", 1, INT, "files", COUNT),
	COL("read", 1, INT, "files", COUNT),
	COL("appended", 1, INT, "files", COUNT),
	COL("deleted", 1, INT, "files", COUNT),
	COL("deleted_alone", 1, INT, "files", COUNT),
	COL("deleted_mixed", 1, INT, "files", COUNT),
	COL("bytes_read", 1, INT, "bytes", COUNT),
	COL("bytes_written", 1, INT, "bytes", COUNT),
	COL("transactions_done", 1, INT, "transactions", COUNT),
	COL("elapsed_s", 1, REAL, "s", TIME),
	COL("creation_s", 1, REAL, "s", TIME),
	COL("transactions_s", 1, REAL, "s", TIME),
	COL("deletion_s", 1, REAL, "s", TIME),
	COL("transactions_per_s", 1, REAL, "transactions/s", RATE),
	COL("created_per_s", 1, REAL, "files/s", RATE),
	COL("created_alone_per_s", 1, REAL, "files/s", RATE),
	COL("created_mixed_per_s", 1, REAL, "files/s", RATE),
	COL("read_per_s", 1, REAL, "files/s", RATE),
	COL("appended_per_s", 1, REAL, "files/s", RATE),
	COL("deleted_per_s", 1, REAL, "files/s", RATE),
	COL("deleted_alone_per_s", 1, REAL, "files/s", RATE),
	COL("deleted_mixed_per_s", 1, REAL, "files/s", RATE),
	COL("read_bytes_per_s", 1, REAL, "bytes/s", RATE),
	COL("written_bytes_per_s", 1, REAL, "bytes/s", RATE),
	COL("create_count", 1, INT, "operations", COUNT),
	COL("create_min_us", 1, REAL, "us", LATENCY),
	COL("create_mean_us", 1, REAL, "us", LATENCY),
	COL("create_p50_us", 1, REAL, "us", LATENCY),
	COL("create_p90_us", 1, REAL, "us", LATENCY),
	COL("create_p99_us", 1, REAL, "us", LATENCY),
	COL("create_p999_us", 1, REAL, "us", LATENCY),
	COL("create_max_us", 1, REAL, "us", LATENCY),
	COL("read_count", 1, INT, "operations", COUNT),
	COL("read_min_us", 1, REAL, "us", LATENCY),
	COL("read_mean_us", 1, REAL, "us", LATENCY),
	COL("read_p50_us", 1, REAL, "us", LATENCY),
	COL("read_p90_us", 1, REAL, "us", LATENCY),
	COL("read_p99_us", 1, REAL, "us", LATENCY),
	COL("read_p999_us", 1, REAL, "us", LATENCY),
	COL("read_max_us", 1, REAL, "us", LATENCY),
	COL("append_count", 1, INT, "operations", COUNT),
	COL("append_min_us", 1, REAL, "us", LATENCY),
	COL("append_mean_us", 1, REAL, "us", LATENCY),
	COL("append_p50_us", 1, REAL, "us", LATENCY),
	COL("append_p90_us", 1, REAL, "us", LATENCY),
	COL("append_p99_us", 1, REAL, "us", LATENCY),
	COL("append_p999_us", 1, REAL, "us", LATENCY),
	COL("append_max_us", 1, REAL, "us", LATENCY),
	COL("delete_count", 1, INT, "operations", COUNT),
	COL("delete_min_us", 1, REAL, "us", LATENCY),
	COL("delete_mean_us", 1, REAL, "us", LATENCY),
	COL("delete_p50_us", 1, REAL, "us", LATENCY),
	COL("delete_p90_us", 1, REAL, "us", LATENCY),
	COL("delete_p99_us", 1, REAL, "us", LATENCY),
	COL("delete_p999_us", 1, REAL, "us", LATENCY),
	COL("delete_max_us", 1, REAL, "us", LATENCY),
	COL("sync", 2, TEXT, "-", CONFIG),
	COL("dirsync", 2, INT, "-", CONFIG),
	COL("direct", 2, INT, "-", CONFIG),
	COL("cache", 2, TEXT, "-", CONFIG),
	COL("warmup", 2, INT, "runs", CONFIG),
	COL("hooks", 2, TEXT, "-", CONFIG),
	COL("clients", 3, INT, "-", CONFIG),
	COL("shared", 3, INT, "-", CONFIG),
	COL("rankshift", 3, INT, "-", CONFIG),
	COL("client", 3, TEXT, "-", ID),
	COL("creation_stonewall_s", 3, REAL, "s", TIME),
	COL("transactions_stonewall_s", 3, REAL, "s", TIME),
	COL("deletion_stonewall_s", 3, REAL, "s", TIME),
	COL("created_stonewall_per_s", 3, REAL, "files/s", RATE),
	COL("transactions_stonewall_per_s", 3, REAL, "transactions/s", RATE),
	COL("deleted_stonewall_per_s", 3, REAL, "files/s", RATE),
	COL("balance", 3, REAL, "-", RATIO),
	COL("precision", 4, REAL, "%", CONTROL),
	COL("interval", 4, TEXT, "-", CONFIG),
	COL("ranks", 4, INT, "-", CONFIG),
	COL("cpu_model", 4, TEXT, "-", ENV),
	COL("cpus", 4, INT, "-", ENV),
	COL("mem_total_kb", 4, INT, "KiB", ENV),
	COL("mem_available_kb", 4, INT, "KiB", ENV),
	COL("kernel_cmdline", 4, TEXT, "-", ENV),
	COL("devices", 4, TEXT, "-", ENV),
	COL("schedulers", 4, TEXT, "-", ENV),
	COL("rotational", 4, TEXT, "-", ENV),
	COL("disk_models", 4, TEXT, "-", ENV),
	COL("fs_features", 4, TEXT, "-", ENV),
	COL("creation_user_s", 4, REAL, "s", USAGE),
	COL("creation_system_s", 4, REAL, "s", USAGE),
	COL("creation_wait_s", 4, REAL, "s", USAGE),
	COL("creation_voluntary_switches", 4, INT, "-", USAGE),
	COL("creation_involuntary_switches", 4, INT, "-", USAGE),
	COL("creation_major_faults", 4, INT, "-", USAGE),
	COL("creation_disk_reads", 4, INT, "-", USAGE),
	COL("creation_disk_read_bytes", 4, INT, "bytes", USAGE),
	COL("creation_disk_writes", 4, INT, "-", USAGE),
	COL("creation_disk_written_bytes", 4, INT, "bytes", USAGE),
	COL("creation_disk_flushes", 4, INT, "-", USAGE),
	COL("creation_disk_busy_s", 4, REAL, "s", USAGE),
	COL("transactions_user_s", 4, REAL, "s", USAGE),
	COL("transactions_system_s", 4, REAL, "s", USAGE),
	COL("transactions_wait_s", 4, REAL, "s", USAGE),
	COL("transactions_voluntary_switches", 4, INT, "-", USAGE),
	COL("transactions_involuntary_switches", 4, INT, "-", USAGE),
	COL("transactions_major_faults", 4, INT, "-", USAGE),
	COL("transactions_disk_reads", 4, INT, "-", USAGE),
	COL("transactions_disk_read_bytes", 4, INT, "bytes", USAGE),
	COL("transactions_disk_writes", 4, INT, "-", USAGE),
	COL("transactions_disk_written_bytes", 4, INT, "bytes", USAGE),
	COL("transactions_disk_flushes", 4, INT, "-", USAGE),
	COL("transactions_disk_busy_s", 4, REAL, "s", USAGE),
	COL("deletion_user_s", 4, REAL, "s", USAGE),
	COL("deletion_system_s", 4, REAL, "s", USAGE),
	COL("deletion_wait_s", 4, REAL, "s", USAGE),
	COL("deletion_voluntary_switches", 4, INT, "-", USAGE),
	COL("deletion_involuntary_switches", 4, INT, "-", USAGE),
	COL("deletion_major_faults", 4, INT, "-", USAGE),
	COL("deletion_disk_reads", 4, INT, "-", USAGE),
	COL("deletion_disk_read_bytes", 4, INT, "bytes", USAGE),
	COL("deletion_disk_writes", 4, INT, "-", USAGE),
	COL("deletion_disk_written_bytes", 4, INT, "bytes", USAGE),
	COL("deletion_disk_flushes", 4, INT, "-", USAGE),
	COL("deletion_disk_busy_s", 4, REAL, "s", USAGE),
	COL("warnings", 4, TEXT, "-", WARNINGS),
	COL("vm_accelerator", 5, TEXT, "-", ENV),
	COL("vm_cpus", 5, INT, "-", ENV),
	COL("vm_memory_mib", 5, INT, "MiB", ENV),
	COL("vm_disk", 5, TEXT, "-", ENV),
	COL("vm_cache", 5, TEXT, "-", ENV),
	COL("vm_qemu", 5, TEXT, "-", ENV),
	COL("vm_machine", 5, TEXT, "-", ENV),
};

/* The interval series: one row per interval of a client's phase. */
static const struct pm_column pm_interval_cols[] = {
	COL("iteration", 4, INT, "-", ID),
	COL("label", 4, TEXT, "-", LABEL),
	COL("client", 4, INT, "-", ID),
	COL("phase", 4, TEXT, "-", ID),
	COL("interval", 4, INT, "-", ID),
	COL("start_s", 4, REAL, "s", ID),
	COL("end_s", 4, REAL, "s", ID),
	COL("files_alive", 4, INT, "files", COUNT),
	COL("created", 4, INT, "files", COUNT),
	COL("read", 4, INT, "files", COUNT),
	COL("appended", 4, INT, "files", COUNT),
	COL("deleted", 4, INT, "files", COUNT),
	COL("transactions", 4, INT, "transactions", COUNT),
	COL("bytes_read", 4, INT, "bytes", COUNT),
	COL("bytes_written", 4, INT, "bytes", COUNT),
	COL("create_p50_us", 4, REAL, "us", LATENCY),
	COL("create_p99_us", 4, REAL, "us", LATENCY),
	COL("read_p50_us", 4, REAL, "us", LATENCY),
	COL("read_p99_us", 4, REAL, "us", LATENCY),
	COL("append_p50_us", 4, REAL, "us", LATENCY),
	COL("append_p99_us", 4, REAL, "us", LATENCY),
	COL("delete_p50_us", 4, REAL, "us", LATENCY),
	COL("delete_p99_us", 4, REAL, "us", LATENCY),
	COL("user_s", 4, REAL, "s", USAGE),
	COL("system_s", 4, REAL, "s", USAGE),
};
#undef COL

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
