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
 * designated initialisers), at the index of its enum pm_key
 * (pm_option.h), each of a kind of value (pm_value.c: a number, a size
 * in bytes, true or false, a choice, text, ...).  The table is the only
 * place a key is described: the defaults, "set", "show", "help",
 * completion, the man-page check and the engine test driver all read
 * it, and a record's configuration column (pm_columns.c) names its key
 * and prints its value through pm_option_print.  The configuration's
 * life follows from it: its defaults, and its copy and freeing, which
 * each kind of value does for what it owns (text, hooks, locations).
 */

#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"
#include "pm_option.h"

#ifndef nitems
#define nitems(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define PM_ITER_MAX	1000000		/* set iterations */
#define PM_CLIENTS_MAX	4096		/* set clients */

static int	 verify_cache(const struct pm_option *, long long,
		    const char *, struct pm_cmderr *);

/* The names of the values of choices, in the order of their enums. */
static const char *const pm_sync_names[] = {
	"none", "fsync", "fdatasync", "osync", "dsync", NULL
};
static const char *const pm_cache_names[] = {
	"warm", "cold", "cold-phases", NULL
};
const char *const pm_report_names[PM_NREPORTS + 1] = {
	[PM_REPORT_VERBOSE] = "verbose",
	[PM_REPORT_TERSE] = "terse",
	[PM_REPORT_CSV] = "csv",
	[PM_REPORT_JSON] = "json",
	[PM_NREPORTS] = NULL
};

#define OFF(field)	offsetof(struct pm_config, field)

/*
 * The keys, each at the index of its enum pm_key.  PostMark's come
 * first, in its order (help lists them so).
 */
static const struct pm_option pm_opts[] = {
	[PM_KEY_SIZE] = {
		.name = "set size", .type = PM_V_SIZE,
		.off = OFF(size_low), .off2 = OFF(size_high),
		.min = 1, .max = PM_SIZE_MAX, .def = "500 10000",
		.usage = "set size LOW [HIGH]",
		.help = "Sets low and high bounds of files",
		.compat = "Error: no file size low or high bounds specified",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_NUMBER] = {
		.name = "set number", .type = PM_V_COUNT, .off = OFF(number),
		.min = 1, .max = PM_NUMBER_MAX, .def = "500",
		.usage = "set number N",
		.help = "Sets number of simultaneous files",
		.compat = "Error: invalid number of files",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_SEED] = {
		.name = "set seed", .type = PM_V_COUNT, .off = OFF(seed),
		.min = 1, .max = PM_INT_MAX, .def = "42",
		.usage = "set seed N",
		.help = "Sets seed for random number generator",
		.compat = "Error: invalid seed for random numbers",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_TRANSACTIONS] = {
		.name = "set transactions", .type = PM_V_COUNT,
		.off = OFF(transactions), .min = 1, .max = PM_INT_MAX,
		.def = "500", .usage = "set transactions N",
		.help = "Sets number of transactions",
		.compat = "Error: no transactions specified",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_LOCATION] = {
		.name = "set location", .type = PM_V_LOCATION,
		.min = 1, .max = PM_INT_MAX,
		.usage = "set location [+|-]PATH [WEIGHT]",
		.help = "Sets location of working files",
		.compat = "Error: no directory name specified",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_SUBDIRECTORIES] = {
		.name = "set subdirectories", .type = PM_V_COUNT,
		.off = OFF(subdirs), .min = 1, .max = PM_INT_MAX,
		.usage = "set subdirectories N",
		.help = "Sets number of subdirectories",
		.compat = "Error: invalid number of subdirectories",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_READ] = {
		.name = "set read", .type = PM_V_BYTES, .off = OFF(read_block),
		.min = 1, .max = PM_INT_MAX, .def = "512",
		.usage = "set read BYTES", .help = "Sets read block size",
		.compat = "Error: invalid read block size",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_WRITE] = {
		.name = "set write", .type = PM_V_BYTES,
		.off = OFF(write_block), .min = 1, .max = PM_INT_MAX,
		.def = "512", .usage = "set write BYTES",
		.help = "Sets write block size",
		.compat = "Error: invalid write block size",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_BUFFERING] = {
		.name = "set buffering", .type = PM_V_BOOL,
		.off = OFF(buffering), .def = "true",
		.usage = "set buffering true|false",
		.help = "Sets usage of buffered I/O",
		.compat = "Error: no buffering mode (true/false) specified",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_BIAS_READ] = {
		.name = "set bias read", .type = PM_V_INT,
		.off = OFF(bias_read), .min = PM_BIAS_OFF, .max = 10,
		.def = "5", .usage = "set bias read -1..10",
		.help = "Sets the chance of choosing read over append",
		.compat = "Error: no bias specified "
		    "(0-10 for greater chance,-1 to disable)",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_BIAS_CREATE] = {
		.name = "set bias create", .type = PM_V_INT,
		.off = OFF(bias_create), .min = PM_BIAS_OFF, .max = 10,
		.def = "5", .usage = "set bias create -1..10",
		.help = "Sets the chance of choosing create over delete",
		.compat = "Error: no bias specified "
		    "(0-10 for greater chance,-1 to disable)",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_REPORT] = {
		.name = "set report", .type = PM_V_CHOICE, .off = OFF(report),
		.choices = pm_report_names, .def = "verbose",
		.usage = "set report verbose|terse|csv|json",
		.help = "Choose verbose, terse, csv or json report format",
		.compat = "Error: either 'verbose' or 'terse' required",
		.flags = PM_OPTF_POSTMARK
	}, [PM_KEY_LABEL] = {
		.name = "set label", .type = PM_V_TEXT, .off = OFF(label),
		.usage = "set label [TEXT]",
		.help = "Sets the label of CSV and JSON records",
		.title = "Label", .flags = PM_OPTF_REST
	}, [PM_KEY_ITERATIONS] = {
		.name = "set iterations", .type = PM_V_ITERATIONS,
		.off = OFF(iterations), .off2 = OFF(iterations_max),
		.min = 1, .max = PM_ITER_MAX,
		.def = "1", .usage = "set iterations N|MIN-MAX",
		.help = "Sets number of runs made by each run command",
		.title = "Iterations"
	}, [PM_KEY_PRECISION] = {
		.name = "set precision", .type = PM_V_PERCENT,
		.off = OFF(precision), .min = 0, .max = 10000, .def = "0",
		.usage = "set precision P%",
		.help = "Sets when iterations MIN-MAX stop: 95% CI within P%",
		.title = "Precision"
	}, [PM_KEY_INTERVAL] = {
		.name = "set interval", .type = PM_V_INTERVAL,
		.off = OFF(interval), .off2 = OFF(interval_ms),
		.min = 0, .max = PM_INT_MAX, .def = "0",
		.usage = "set interval N|Nms|0",
		.help = "Sets interval series every N operations or N ms",
		.title = "Interval"
	}, [PM_KEY_SYNC] = {
		.name = "set sync", .type = PM_V_CHOICE, .off = OFF(sync),
		.choices = pm_sync_names, .def = "none",
		.usage = "set sync none|fsync|fdatasync|osync|dsync",
		.help = "Sets how written files are made durable",
		.title = "Sync"
	}, [PM_KEY_DIRSYNC] = {
		.name = "set dirsync", .type = PM_V_BOOL, .off = OFF(dirsync),
		.def = "false", .usage = "set dirsync true|false",
		.help = "Sets fsync of the directory after each create and "
		    "delete",
		.title = "Directory sync"
	}, [PM_KEY_DIRECT] = {
		.name = "set direct", .type = PM_V_BOOL, .off = OFF(direct),
		.def = "false", .usage = "set direct true|false",
		.help = "Sets O_DIRECT for unbuffered I/O",
		.title = "Direct I/O"
	}, [PM_KEY_CACHE] = {
		.name = "set cache", .type = PM_V_CHOICE, .off = OFF(cache),
		.choices = pm_cache_names, .verify = verify_cache,
		.def = "warm",
		.usage = "set cache warm|cold|cold-phases",
		.help = "Sets dropping the page cache before runs or phases",
		.title = "Cache"
	}, [PM_KEY_WARMUP] = {
		.name = "set warmup", .type = PM_V_COUNT, .off = OFF(warmup),
		.min = 0, .max = PM_ITER_MAX, .def = "0",
		.usage = "set warmup N",
		.help = "Sets number of unreported runs before the measured "
		    "ones",
		.title = "Warm-up runs"
	}, [PM_KEY_HOOK] = {
		.name = "set hook", .type = PM_V_HOOK, .off = OFF(hook),
		.usage = "set hook before|after run|creation|transactions|"
		    "deletion COMMAND|none",
		.help = "Sets a shell command run before or after a run or "
		    "phase",
		.title = "Hook", .flags = PM_OPTF_REST
	}, [PM_KEY_CLIENTS] = {
		.name = "set clients", .type = PM_V_COUNT, .off = OFF(clients),
		.min = 1, .max = PM_CLIENTS_MAX, .def = "1",
		.usage = "set clients N",
		.help = "Sets number of workloads run at once (threads)",
		.title = "Clients"
	}, [PM_KEY_SHARED] = {
		.name = "set shared", .type = PM_V_BOOL, .off = OFF(shared),
		.def = "false", .usage = "set shared true|false",
		.help = "Sets clients working in the same directories",
		.title = "Shared directories"
	}, [PM_KEY_RANKSHIFT] = {
		.name = "set rankshift", .type = PM_V_COUNT,
		.off = OFF(rankshift), .min = 0, .max = PM_INT_MAX,
		.def = "0", .usage = "set rankshift K",
		.help = "Sets MPI ranks working on the files of rank + K",
		.title = "Rank shift"
	}, [PM_KEY_STRICTMODES] = {
		.name = "set strictmodes", .type = PM_V_BOOL,
		.off = OFF(strictmodes), .def = "true",
		.usage = "set strictmodes true|false",
		.help = "Sets refusing locations others could write",
		.title = "Strict modes"
	}
#ifdef PM_OPTION_TEST_ROW
	/* tests/unit_option: a key added by one row (writes iterations). */
	, [PM_KEY_TESTKEY] = {
		.name = "set testkey", .type = PM_V_COUNT,
		.off = OFF(iterations), .min = 1, .max = 99,
		.usage = "set testkey N",
		.help = "A key added by one row (tests only)",
		.title = "Testkey"
	}
#endif
};
_Static_assert(nitems(pm_opts) == PM_NKEYS, "a row for every key");

/* The table and its length. */
const struct pm_option *
pm_options(size_t *n)
{
	*n = nitems(pm_opts);
	return (pm_opts);
}

/*
 * The cache choice: cold and cold-phases need to write drop_caches
 * (root, Linux), which is checked now rather than found out at the run.
 */
static int
verify_cache(const struct pm_option *opt, long long v, const char *word,
    struct pm_cmderr *err)
{
	if (v != PM_CACHE_WARM && access(PM_DROP_CACHES, W_OK) == -1) {
		pm_cmderr_set(err, PM_ERR_INPUT, opt->compat, "%s: %s needs to "
		    "write %s (root, on Linux): %s", opt->name, word,
		    PM_DROP_CACHES, strerror(errno));
		return (-1);
	}
	return (0);
}

/*
 * Apply "set KEY VALUE" given as text (the key without "set ", its value
 * split into words as a line is): for the engine test driver and the
 * defaults.  Returns 0, or -1 with *err set.
 */
int
pm_option_set_text(struct pm_config *cfg, const char *key,
    const char *value, struct pm_cmderr *err)
{
	char	*copy, **words = NULL;
	size_t	 i, *offs = NULL;
	int	 n, rc;

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
		rc = pm_value_set(cfg, &pm_opts[i], 1, &copy, err);
	else {
		n = pm_value_split(copy, &words, &offs);
		rc = pm_value_set(cfg, &pm_opts[i], n, words, err);
	}
	free(words);
	free(offs);
	free(copy);
	return (rc);
}

/* Set every key to its default (the configuration starts zeroed). */
void
pm_config_init(struct pm_config *cfg)
{
	struct pm_cmderr	 err = { 0 };
	size_t			 i;

	memset(cfg, 0, sizeof *cfg);
	for (i = 0; i < nitems(pm_opts); i++) {
		if (pm_opts[i].def != NULL &&
		    pm_option_set_text(cfg, pm_opts[i].name + 4,
		    pm_opts[i].def, &err) == -1)
			abort();
	}
}

/*
 * Make dst a copy of src that owns what it holds (text, hooks,
 * locations: each kind of value copies its own).
 */
void
pm_config_copy(struct pm_config *dst, const struct pm_config *src)
{
	size_t	 i;

	*dst = *src;
	for (i = 0; i < nitems(pm_opts); i++)
		pm_value_own(dst, &pm_opts[i], 1);
}

/* Free what the configuration owns; cfg itself is not freed. */
void
pm_config_free(struct pm_config *cfg)
{
	size_t	 i;

	if (cfg == NULL)
		return;
	for (i = 0; i < nitems(pm_opts); i++)
		pm_value_own(cfg, &pm_opts[i], 0);
}

/*
 * The value of key k in cfg as the text of its record column part (0,
 * or 1: HIGH of set size), allocated, and in *number whether records
 * hold it as a number (written unquoted).
 */
char *
pm_option_print(const struct pm_config *cfg, enum pm_key k, int part,
    int *number)
{
	*number = (pm_value_flags(pm_opts[k].type) & PM_VF_NUMBER) != 0;
	return (pm_value_print(cfg, &pm_opts[k], part));
}
