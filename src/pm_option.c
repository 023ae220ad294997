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
 * The "set" keys: one row per key in pm_opts[] (fio's fio_option, with
 * designated initialisers), and one small type per kind of value (a
 * number, a size in bytes, true or false, a choice, text, ...).  The
 * table is the only place a key is described: the defaults, "set",
 * "show", "help", completion, the configuration columns of CSV and JSON
 * records, the man-page check and the engine test driver all read it.
 * Adding a key is one row here (and its documentation).
 *
 * Values are parsed strictly: whole decimal numbers, no sign but a '-'
 * where the range allows one, sizes with an optional k, m or g
 * (1024-based, either case).  A bad value leaves the configuration as it
 * was; its error names the value and the rule, and carries PostMark's
 * own message for the keys PostMark had.
 */

#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"

#ifndef nitems
#define nitems(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define PM_ITER_MAX	1000000		/* set iterations */
#define PM_CLIENTS_MAX	4096		/* set clients */

/* The names of the values of choices, in the order of their enums. */
static const char *const pm_sync_names[] = {
	"none", "fsync", "fdatasync", "osync", "dsync", NULL
};
static const char *const pm_cache_names[] = {
	"warm", "cold", "cold-phases", NULL
};

#define OFF(field)	offsetof(struct pm_config, field)

/*
 * The keys.  PostMark's come first, in its order (help lists them so);
 * colpos is the key's place among the keys with configuration columns in
 * CSV schema 1; keys added later have their columns appended in the
 * schema version -colpos (-2: with schema 2).
 */
static const struct pm_option pm_opts[] = {
	{
		.name = "set size", .type = &pm_t_size,
		.off = OFF(size_low), .off2 = OFF(size_high),
		.min = 1, .max = PM_SIZE_MAX, .def = "500 10000",
		.usage = "set size LOW [HIGH]",
		.help = "Sets low and high bounds of files",
		.compat = "Error: no file size low or high bounds specified",
		.col = { "size_low", "size_high" }, .colpos = 2,
		.flags = PM_OPTF_POSTMARK
	}, {
		.name = "set number", .type = &pm_t_uint, .off = OFF(number),
		.min = 1, .max = PM_NUMBER_MAX, .def = "500",
		.usage = "set number N",
		.help = "Sets number of simultaneous files",
		.compat = "Error: invalid number of files",
		.col = { "number" }, .colpos = 0, .flags = PM_OPTF_POSTMARK
	}, {
		.name = "set seed", .type = &pm_t_uint, .off = OFF(seed),
		.min = 1, .max = PM_INT_MAX, .def = "42",
		.usage = "set seed N",
		.help = "Sets seed for random number generator",
		.compat = "Error: invalid seed for random numbers",
		.col = { "seed" }, .colpos = 9, .flags = PM_OPTF_POSTMARK
	}, {
		.name = "set transactions", .type = &pm_t_uint,
		.off = OFF(transactions), .min = 1, .max = PM_INT_MAX,
		.def = "500", .usage = "set transactions N",
		.help = "Sets number of transactions",
		.compat = "Error: no transactions specified",
		.col = { "transactions" }, .colpos = 1,
		.flags = PM_OPTF_POSTMARK
	}, {
		.name = "set location", .type = &pm_t_location,
		.min = 1, .max = PM_INT_MAX,
		.usage = "set location [+|-]PATH [WEIGHT]",
		.help = "Sets location of working files",
		.compat = "Error: no directory name specified",
		.colpos = 0, .flags = PM_OPTF_POSTMARK
	}, {
		.name = "set subdirectories", .type = &pm_t_uint,
		.off = OFF(subdirs), .min = 1, .max = PM_INT_MAX,
		.usage = "set subdirectories N",
		.help = "Sets number of subdirectories",
		.compat = "Error: invalid number of subdirectories",
		.col = { "subdirectories" }, .colpos = 8,
		.flags = PM_OPTF_POSTMARK
	}, {
		.name = "set read", .type = &pm_t_bytes, .off = OFF(read_block),
		.min = 1, .max = PM_INT_MAX, .def = "512",
		.usage = "set read BYTES", .help = "Sets read block size",
		.compat = "Error: invalid read block size",
		.col = { "read_block" }, .colpos = 3, .flags = PM_OPTF_POSTMARK
	}, {
		.name = "set write", .type = &pm_t_bytes,
		.off = OFF(write_block), .min = 1, .max = PM_INT_MAX,
		.def = "512", .usage = "set write BYTES",
		.help = "Sets write block size",
		.compat = "Error: invalid write block size",
		.col = { "write_block" }, .colpos = 4,
		.flags = PM_OPTF_POSTMARK
	}, {
		.name = "set buffering", .type = &pm_t_bool,
		.off = OFF(buffering), .def = "true",
		.usage = "set buffering true|false",
		.help = "Sets usage of buffered I/O",
		.compat = "Error: no buffering mode (true/false) specified",
		.col = { "buffering" }, .colpos = 5, .flags = PM_OPTF_POSTMARK
	}, {
		.name = "set bias read", .type = &pm_t_bias,
		.off = OFF(bias_read), .min = PM_BIAS_OFF, .max = 10,
		.def = "5", .usage = "set bias read -1..10",
		.help = "Sets the chance of choosing read over append",
		.compat = "Error: no bias specified "
		    "(0-10 for greater chance,-1 to disable)",
		.col = { "bias_read" }, .colpos = 6, .flags = PM_OPTF_POSTMARK
	}, {
		.name = "set bias create", .type = &pm_t_bias,
		.off = OFF(bias_create), .min = PM_BIAS_OFF, .max = 10,
		.def = "5", .usage = "set bias create -1..10",
		.help = "Sets the chance of choosing create over delete",
		.compat = "Error: no bias specified "
		    "(0-10 for greater chance,-1 to disable)",
		.col = { "bias_create" }, .colpos = 7,
		.flags = PM_OPTF_POSTMARK
	}, {
		.name = "set report", .type = &pm_t_report, .off = OFF(report),
		.def = "verbose", .usage = "set report verbose|terse|csv|json",
		.help = "Choose verbose, terse, csv or json report format",
		.compat = "Error: either 'verbose' or 'terse' required",
		.colpos = 0, .flags = PM_OPTF_POSTMARK
	}, {
		.name = "set label", .type = &pm_t_text, .off = OFF(label),
		.usage = "set label [TEXT]",
		.help = "Sets the label of CSV and JSON records",
		.title = "Label", .colpos = -1, .flags = PM_OPTF_REST
	}, {
		.name = "set iterations", .type = &pm_t_iterations,
		.off = OFF(iterations), .off2 = OFF(iterations_max),
		.min = 1, .max = PM_ITER_MAX,
		.def = "1", .usage = "set iterations N|MIN-MAX",
		.help = "Sets number of runs made by each run command",
		.title = "Iterations", .colpos = -1
	}, {
		.name = "set precision", .type = &pm_t_percent,
		.off = OFF(precision), .min = 0, .max = 10000, .def = "0",
		.usage = "set precision P%",
		.help = "Sets when iterations MIN-MAX stop: 95% CI within P%",
		.title = "Precision", .col = { "precision" }, .colpos = -4
	}, {
		.name = "set interval", .type = &pm_t_interval,
		.off = OFF(interval), .off2 = OFF(interval_ms),
		.min = 0, .max = PM_INT_MAX, .def = "0",
		.usage = "set interval N|Nms|0",
		.help = "Sets interval series every N operations or N ms",
		.title = "Interval", .col = { "interval" }, .colpos = -4
	}, {
		.name = "set sync", .type = &pm_t_choice, .off = OFF(sync),
		.choices = pm_sync_names, .def = "none",
		.usage = "set sync none|fsync|fdatasync|osync|dsync",
		.help = "Sets how written files are made durable",
		.title = "Sync", .col = { "sync" }, .colpos = -2
	}, {
		.name = "set dirsync", .type = &pm_t_bool, .off = OFF(dirsync),
		.def = "false", .usage = "set dirsync true|false",
		.help = "Sets fsync of the directory after each create and "
		    "delete",
		.title = "Directory sync", .col = { "dirsync" }, .colpos = -2
	}, {
		.name = "set direct", .type = &pm_t_bool, .off = OFF(direct),
		.def = "false", .usage = "set direct true|false",
		.help = "Sets O_DIRECT for unbuffered I/O",
		.title = "Direct I/O", .col = { "direct" }, .colpos = -2
	}, {
		.name = "set cache", .type = &pm_t_cache, .off = OFF(cache),
		.choices = pm_cache_names, .def = "warm",
		.usage = "set cache warm|cold|cold-phases",
		.help = "Sets dropping the page cache before runs or phases",
		.title = "Cache", .col = { "cache" }, .colpos = -2
	}, {
		.name = "set warmup", .type = &pm_t_uint, .off = OFF(warmup),
		.min = 0, .max = PM_ITER_MAX, .def = "0",
		.usage = "set warmup N",
		.help = "Sets number of unreported runs before the measured "
		    "ones",
		.title = "Warm-up runs", .col = { "warmup" }, .colpos = -2
	}, {
		.name = "set hook", .type = &pm_t_hook, .off = OFF(hook),
		.usage = "set hook before|after run|creation|transactions|"
		    "deletion COMMAND|none",
		.help = "Sets a shell command run before or after a run or "
		    "phase",
		.title = "Hook", .col = { "hooks" }, .colpos = -2,
		.flags = PM_OPTF_REST
	}, {
		.name = "set clients", .type = &pm_t_uint, .off = OFF(clients),
		.min = 1, .max = PM_CLIENTS_MAX, .def = "1",
		.usage = "set clients N",
		.help = "Sets number of workloads run at once (threads)",
		.title = "Clients", .col = { "clients" }, .colpos = -3
	}, {
		.name = "set shared", .type = &pm_t_bool, .off = OFF(shared),
		.def = "false", .usage = "set shared true|false",
		.help = "Sets clients working in the same directories",
		.title = "Shared directories", .col = { "shared" },
		.colpos = -3
	}, {
		.name = "set rankshift", .type = &pm_t_uint,
		.off = OFF(rankshift), .min = 0, .max = PM_INT_MAX,
		.def = "0", .usage = "set rankshift K",
		.help = "Sets MPI ranks working on the files of rank + K",
		.title = "Rank shift", .col = { "rankshift" }, .colpos = -3
	}, {
		.name = "set strictmodes", .type = &pm_t_bool,
		.off = OFF(strictmodes), .def = "true",
		.usage = "set strictmodes true|false",
		.help = "Sets refusing locations others could write",
		.title = "Strict modes", .colpos = 0
	}
#ifdef PM_OPTION_TEST_ROW
	/* tests/unit_option: a key added by one row (writes iterations). */
	, {
		.name = "set testkey", .type = &pm_t_uint,
		.off = OFF(iterations), .min = 1, .max = 99,
		.usage = "set testkey N",
		.help = "A key added by one row (tests only)",
		.title = "Testkey", .col = { "testkey" },
		.colpos = -PM_CSV_SCHEMA
	}
#endif
};

/* The table and its length. */
const struct pm_option *
pm_options(size_t *n)
{
	*n = nitems(pm_opts);
	return (pm_opts);
}

/*
 * Apply "set KEY VALUE" given as text (the key without "set ", its value
 * split at blanks): for the engine test driver and the defaults.
 * Returns 0, or -1 with *err set.
 */
int
pm_option_set_text(struct pm_config *cfg, const char *key,
    const char *value, struct pm_cmderr *err)
{
	char	*copy, *words[3], *p;
	size_t	 i;
	int	 n = 0, rc;

	for (i = 0; i < nitems(pm_opts); i++) {
		if (strcmp(pm_opts[i].name + 4, key) == 0)
			break;
	}
	if (i == nitems(pm_opts)) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "unknown key '%s'", key);
		return (-1);
	}
	copy = xstrdup(value);
	if (pm_opts[i].flags & PM_OPTF_REST)
		words[n++] = copy;
	else {
		for (p = strtok(copy, " \t"); p != NULL && n < 3;
		    p = strtok(NULL, " \t"))
			words[n++] = p;
	}
	rc = pm_option_set(cfg, &pm_opts[i], n, words, err);
	free(copy);
	return (rc);
}

/*
 * Replace every owned value of cfg (copied from another configuration:
 * text, hooks) by a copy of its own.
 */
void
pm_option_copy_text(struct pm_config *cfg)
{
	size_t	 i;

	for (i = 0; i < nitems(pm_opts); i++) {
		if (pm_opts[i].type->copy != NULL)
			pm_opts[i].type->copy(cfg, &pm_opts[i]);
	}
}

/* Free every owned value of cfg. */
void
pm_option_free_text(struct pm_config *cfg)
{
	size_t	 i;

	for (i = 0; i < nitems(pm_opts); i++) {
		if (pm_opts[i].type->free != NULL)
			pm_opts[i].type->free(cfg, &pm_opts[i]);
	}
}

/* Set every key to its default (the configuration starts zeroed). */
void
pm_option_defaults(struct pm_config *cfg)
{
	struct pm_cmderr	 err = { 0 };
	size_t			 i;

	for (i = 0; i < nitems(pm_opts); i++) {
		if (pm_opts[i].def != NULL &&
		    pm_option_set_text(cfg, pm_opts[i].name + 4,
		    pm_opts[i].def, &err) == -1)
			abort();
	}
}

/*
 * The configuration columns of CSV and JSON records: for block 1 the
 * columns of schema 1, in their order; for block v > 1 the columns that
 * schema version v added (after every column of the versions before), in
 * table order.  fn gets each column's name, value as text, and whether
 * it is a number.
 */
void
pm_option_columns(const struct pm_config *cfg, int block,
    void (*fn)(void *, const char *, const char *, int), void *arg)
{
	const struct pm_option	*o;
	char			*v;
	int			 pos, c, found;
	size_t			 i;

	for (pos = 0; block == 1 || pos == 0; pos++) {
		found = 0;
		for (i = 0; i < nitems(pm_opts); i++) {
			o = &pm_opts[i];
			if (o->col[0] == NULL || (block == 1 ?
			    o->colpos != pos : o->colpos != -block))
				continue;
			found = 1;
			for (c = 0; c < 2 && o->col[c] != NULL; c++) {
				v = o->type->print(cfg, o, c);
				fn(arg, o->col[c], v, o->type != &pm_t_choice &&
				    o->type != &pm_t_cache &&
				    o->type != &pm_t_interval &&
				    o->type != &pm_t_text &&
				    o->type != &pm_t_hook &&
				    o->type != &pm_t_report);
				free(v);
			}
		}
		if (block == 1 && !found)
			break;
	}
}
