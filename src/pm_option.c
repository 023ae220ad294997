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
#define PM_WEIGHT_TOTAL	PM_INT_MAX	/* PostMark's int total weight */

static int	 parse_number(const char *, int, long long, long long,
		    long long *, char **);
static uint32_t	*u32_at(struct pm_config *, size_t);
static const uint32_t *u32_of(const struct pm_config *, size_t);
static int	 bad(struct pm_cmderr *, const struct pm_option *,
		    const char *, ...)
		    __attribute__((__format__(__printf__, 3, 4)));
static int	 set_number(struct pm_config *, const struct pm_option *,
		    int, char **, struct pm_cmderr *);
static int	 set_size(struct pm_config *, const struct pm_option *, int,
		    char **, struct pm_cmderr *);
static int	 set_bool(struct pm_config *, const struct pm_option *, int,
		    char **, struct pm_cmderr *);
static int	 set_choice(struct pm_config *, const struct pm_option *, int,
		    char **, struct pm_cmderr *);
static int	 set_report(struct pm_config *, const struct pm_option *, int,
		    char **, struct pm_cmderr *);
static int	 set_cache(struct pm_config *, const struct pm_option *, int,
		    char **, struct pm_cmderr *);
static int	 set_text(struct pm_config *, const struct pm_option *, int,
		    char **, struct pm_cmderr *);
static int	 set_hook(struct pm_config *, const struct pm_option *, int,
		    char **, struct pm_cmderr *);
static int	 set_location(struct pm_config *, const struct pm_option *,
		    int, char **, struct pm_cmderr *);
static int	 set_iterations(struct pm_config *, const struct pm_option *,
		    int, char **, struct pm_cmderr *);
static int	 set_percent(struct pm_config *, const struct pm_option *,
		    int, char **, struct pm_cmderr *);
static int	 set_interval(struct pm_config *, const struct pm_option *,
		    int, char **, struct pm_cmderr *);
static char	*print_iterations(const struct pm_config *,
		    const struct pm_option *, int);
static char	*print_percent(const struct pm_config *,
		    const struct pm_option *, int);
static char	*print_interval(const struct pm_config *,
		    const struct pm_option *, int);
static char	*print_uint(const struct pm_config *, const struct pm_option *,
		    int);
static char	*print_int(const struct pm_config *, const struct pm_option *,
		    int);
static char	*print_choice(const struct pm_config *,
		    const struct pm_option *, int);
static char	*print_report(const struct pm_config *,
		    const struct pm_option *, int);
static char	*print_text(const struct pm_config *, const struct pm_option *,
		    int);
static char	*print_none(const struct pm_config *, const struct pm_option *,
		    int);
static char	*print_hook(const struct pm_config *, const struct pm_option *,
		    int);
static void	 copy_text(struct pm_config *, const struct pm_option *);
static void	 free_text(struct pm_config *, const struct pm_option *);
static void	 copy_hook(struct pm_config *, const struct pm_option *);
static void	 free_hook(struct pm_config *, const struct pm_option *);
static int	 word_index(const char *, const char *const *);
static const char *count_words(int);
static char	*choice_list(const char *const *);

/* The kinds of value; min_args and max_args count the value's words. */
static const struct pm_otype pm_t_uint = {
	.min_args = 1, .max_args = 1, .set = set_number, .print = print_uint
};
static const struct pm_otype pm_t_bytes = {
	.min_args = 1, .max_args = 1, .set = set_number, .print = print_uint
};
static const struct pm_otype pm_t_size = {
	.min_args = 1, .max_args = 2, .set = set_size, .print = print_uint
};
static const struct pm_otype pm_t_bias = {
	.min_args = 1, .max_args = 1, .set = set_number, .print = print_int
};
static const struct pm_otype pm_t_bool = {
	.min_args = 1, .max_args = 1, .set = set_bool, .print = print_uint,
	.show = pm_show_bool
};
static const struct pm_otype pm_t_choice = {
	.min_args = 1, .max_args = 1, .set = set_choice,
	.print = print_choice
};
static const struct pm_otype pm_t_report = {
	.min_args = 1, .max_args = 1, .set = set_report,
	.print = print_report
};
static const struct pm_otype pm_t_cache = {
	.min_args = 1, .max_args = 1, .set = set_cache,
	.print = print_choice
};
static const struct pm_otype pm_t_text = {
	.min_args = 0, .max_args = 1, .set = set_text, .print = print_text,
	.copy = copy_text, .free = free_text
};
static const struct pm_otype pm_t_hook = {
	.min_args = 1, .max_args = 1, .set = set_hook, .print = print_hook,
	.show = pm_show_hook, .copy = copy_hook, .free = free_hook
};

/* The names of the values of choices, in the order of their enums. */
static const char *const pm_sync_names[] = {
	"none", "fsync", "fdatasync", "osync", "dsync", NULL
};
static const char *const pm_cache_names[] = {
	"warm", "cold", "cold-phases", NULL
};
const char *const pm_hook_whens[] = { "before", "after", NULL };
const char *const pm_hook_phases[] = {
	"run", "creation", "transactions", "deletion", NULL
};

static const struct pm_otype pm_t_iterations = {
	.min_args = 1, .max_args = 1, .set = set_iterations,
	.print = print_iterations
};
static const struct pm_otype pm_t_percent = {
	.min_args = 1, .max_args = 1, .set = set_percent,
	.print = print_percent, .show = pm_show_percent
};
static const struct pm_otype pm_t_interval = {
	.min_args = 1, .max_args = 1, .set = set_interval,
	.print = print_interval
};
static const struct pm_otype pm_t_location = {
	.min_args = 1, .max_args = 2, .set = set_location,
	.print = print_none
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
 * Parse s as a whole decimal number in [min, max]: digits only, a '-'
 * only when min is negative, no '+', no blanks; with units, an optional
 * k, m or g (either case) multiplies by 1024, 1024^2 or 1024^3.  Returns
 * 0 with *v set, or -1 with *why an allocated reason.
 */
static int
parse_number(const char *s, int units, long long min, long long max,
    long long *v, char **why)
{
	const char	*p = s;
	long long	 n = 0, mult = 1;
	int		 neg = 0, over = 0;

	if (*p == '-' && min < 0) {
		neg = 1;
		p++;
	}
	if (*p < '0' || *p > '9')
		goto notnum;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (n > (INT64_MAX - (*p - '0')) / 10)
			over = 1;
		else
			n = n * 10 + (*p - '0');
	}
	if (units && p[0] != '\0' && p[1] == '\0') {
		switch (*p++) {
		case 'k': case 'K': mult = 1024; break;
		case 'm': case 'M': mult = 1024 * 1024; break;
		case 'g': case 'G': mult = 1024 * 1024 * 1024; break;
		default: p--;
		}
	}
	if (*p != '\0')
		goto notnum;
	if (over || n > INT64_MAX / mult)
		over = 1;
	else
		n *= mult;
	if (neg)
		n = -n;
	if (over || n < min || n > max) {
		xasprintf(why, "%s is outside %lld..%lld%s", s, min, max,
		    units ? " bytes" : "");
		return (-1);
	}
	*v = n;
	return (0);

notnum:
	xasprintf(why, "'%s' is not a whole number%s", s, units ?
	    " of bytes (a k, m or g after it counts 1024s)" : "");
	return (-1);
}

/* The uint32_t field at off of a configuration. */
static uint32_t *
u32_at(struct pm_config *cfg, size_t off)
{
	return ((uint32_t *)(void *)((char *)cfg + off));
}

static const uint32_t *
u32_of(const struct pm_config *cfg, size_t off)
{
	return ((const uint32_t *)(const void *)((const char *)cfg + off));
}

/*
 * Fail with "KEY: <message>" (the key without "set "), PostMark's text of
 * the key as the compatible message.  Returns -1.
 */
static int
bad(struct pm_cmderr *err, const struct pm_option *opt, const char *fmt,
    ...)
{
	va_list	 ap;
	char	*msg;

	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	pm_cmderr_set(err, PM_ERR_INPUT, opt->compat, "%s: %s", opt->name,
	    msg);
	free(msg);
	return (-1);
}

/*
 * A whole number in the key's range: a count (into a uint32_t), a number
 * of bytes with an optional k, m or g (uint32_t), or a bias (an int).
 */
static int
set_number(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	long long	 v;
	char		*why;
	int		 rc;

	(void)argc;
	if (parse_number(argv[0], opt->type == &pm_t_bytes, opt->min,
	    opt->max, &v, &why) == -1) {
		rc = bad(err, opt, "%s", why);
		free(why);
		return (rc);
	}
	if (opt->type == &pm_t_bias)
		*(int *)(void *)((char *)cfg + opt->off) = (int)v;
	else
		*u32_at(cfg, opt->off) = (uint32_t)v;
	return (0);
}

/*
 * set iterations N, or MIN-MAX: at least MIN runs, then more until set
 * precision is met, at most MAX.
 */
static int
set_iterations(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	long long	 v[2];
	char		*word, *dash, *why;
	int		 i, n, rc;

	(void)argc;
	word = xstrdup(argv[0]);
	n = (dash = strchr(word, '-')) != NULL && dash != word ? 2 : 1;
	if (n == 2)
		*dash = '\0';
	for (i = 0; i < n; i++) {
		if (parse_number(i == 0 ? word : dash + 1, 0, opt->min,
		    opt->max, &v[i], &why) == -1) {
			rc = bad(err, opt, "%s%s", n == 2 ? (i == 0 ?
			    "MIN " : "MAX ") : "", why);
			free(why);
			free(word);
			return (rc);
		}
	}
	free(word);
	if (n == 2 && v[1] < v[0])
		return (bad(err, opt, "MAX %lld is below MIN %lld", v[1],
		    v[0]));
	*u32_at(cfg, opt->off) = (uint32_t)v[0];
	*u32_at(cfg, opt->off2) = n == 2 ? (uint32_t)v[1] : 0;
	return (0);
}

/*
 * A percentage with up to two decimals and an optional '%' ("2", "2.5%",
 * "0.25"), kept in hundredths of a percent.
 */
static int
set_percent(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	const char	*p = argv[0];
	long long	 v = 0;
	int		 frac = -1;

	(void)argc;
	if (*p < '0' || *p > '9')
		goto notnum;
	for (; (*p >= '0' && *p <= '9') || (*p == '.' && frac < 0); p++) {
		if (*p == '.') {
			frac = 0;
			continue;
		}
		if (frac >= 2 || v > 1000000)
			goto notnum;
		v = v * 10 + (*p - '0');
		if (frac >= 0)
			frac++;
	}
	if (*p == '%')
		p++;
	if (*p != '\0')
		goto notnum;
	for (; frac < 2; frac = frac < 0 ? 1 : frac + 1)
		v *= 10;
	if (v < opt->min || v > opt->max)
		return (bad(err, opt, "%s is outside 0..100%%", argv[0]));
	*u32_at(cfg, opt->off) = (uint32_t)v;
	return (0);

notnum:
	return (bad(err, opt, "'%s' is not a percentage (2, 2.5%% or 0.25)",
	    argv[0]));
}

/*
 * set interval N (operations), Nms (milliseconds), or 0 (off): the
 * interval series of each phase.
 */
static int
set_interval(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	long long	 v;
	char		*word, *why;
	size_t		 len;
	int		 ms = 0, rc;

	(void)argc;
	word = xstrdup(argv[0]);
	len = strlen(word);
	if (len > 2 && strcmp(word + len - 2, "ms") == 0) {
		word[len - 2] = '\0';
		ms = 1;
	}
	if (parse_number(word, 0, opt->min, opt->max, &v, &why) == -1) {
		rc = bad(err, opt, "%s (N operations, or Nms)", why);
		free(why);
		free(word);
		return (rc);
	}
	free(word);
	if (ms && v == 0)
		return (bad(err, opt, "0ms: an interval of time must be at "
		    "least 1ms (0 turns the series off)"));
	*u32_at(cfg, opt->off) = (uint32_t)v;
	*u32_at(cfg, opt->off2) = (uint32_t)ms;
	return (0);
}

/* set size LOW [HIGH]: HIGH defaults to LOW and must not be below it. */
static int
set_size(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	long long	 v[2];
	char		*why;
	int		 i, rc;

	for (i = 0; i < argc; i++) {
		if (parse_number(argv[i], 1, opt->min, opt->max, &v[i],
		    &why) == -1) {
			rc = bad(err, opt, "%s bound %s", i == 0 ? "low" :
			    "high", why);
			free(why);
			return (rc);
		}
	}
	if (argc == 1)
		v[1] = v[0];
	if (v[1] < v[0]) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "set size: low bound "
		    "%lld is above high bound %lld", v[0], v[1]);
		return (-1);
	}
	*u32_at(cfg, opt->off) = (uint32_t)v[0];
	*u32_at(cfg, opt->off2) = (uint32_t)v[1];
	return (0);
}

/* true or false, exactly, into a uint32_t 1 or 0. */
static int
set_bool(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	(void)argc;
	if (strcmp(argv[0], "true") == 0)
		*u32_at(cfg, opt->off) = 1;
	else if (strcmp(argv[0], "false") == 0)
		*u32_at(cfg, opt->off) = 0;
	else
		return (bad(err, opt, "'%s' is neither true nor false",
		    argv[0]));
	return (0);
}

/* One of the key's choices, exactly, into a uint32_t index. */
static int
set_choice(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	char		*list;
	uint32_t	 i;
	int		 rc;

	(void)argc;
	for (i = 0; opt->choices[i] != NULL; i++) {
		if (strcmp(argv[0], opt->choices[i]) == 0) {
			*u32_at(cfg, opt->off) = i;
			return (0);
		}
	}
	list = choice_list(opt->choices);
	rc = bad(err, opt, "'%s' is not one of %s", argv[0], list);
	free(list);
	return (rc);
}

/*
 * The cache choice: cold and cold-phases need to write drop_caches
 * (root, Linux), which is checked now rather than found out at the run.
 */
static int
set_cache(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	uint32_t	 old = cfg->cache;

	if (set_choice(cfg, opt, argc, argv, err) == -1)
		return (-1);
	if (cfg->cache != PM_CACHE_WARM && access(PM_DROP_CACHES, W_OK) == -1) {
		bad(err, opt, "%s needs to write %s (root, on Linux): %s",
		    argv[0], PM_DROP_CACHES, strerror(errno));
		cfg->cache = old;
		return (-1);
	}
	return (0);
}

/* The index of word in a NULL-ended list, or -1. */
static int
word_index(const char *word, const char *const *list)
{
	int	 i;

	for (i = 0; list[i] != NULL; i++) {
		if (strcmp(word, list[i]) == 0)
			return (i);
	}
	return (-1);
}

/*
 * set hook before|after PHASE COMMAND (the rest of the line), or
 * COMMAND "none" to remove it.
 */
static int
set_hook(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	char	*copy, *when, *phase, *command, *list;
	int	 w, p, rc = -1;

	(void)argc;
	copy = xstrdup(argv[0]);
	when = strtok(copy, " \t");
	phase = strtok(NULL, " \t");
	command = phase == NULL ? NULL : phase + strlen(phase) + 1;
	if (command != NULL && command >= copy + strlen(argv[0]))
		command = NULL;
	if (command != NULL)
		command += strspn(command, " \t");
	if ((w = word_index(when, pm_hook_whens)) == -1)
		bad(err, opt, "'%s' is neither before nor after", when);
	else if (phase == NULL || (p = word_index(phase,
	    pm_hook_phases)) == -1) {
		list = choice_list(pm_hook_phases);
		bad(err, opt, "'%s' is not one of %s", phase != NULL ? phase :
		    "", list);
		free(list);
	} else if (command == NULL || *command == '\0')
		bad(err, opt, "%s %s needs a command, or none", when, phase);
	else {
		free(cfg->hook[w][p]);
		cfg->hook[w][p] = strcmp(command, "none") == 0 ? NULL :
		    xstrdup(command);
		rc = 0;
	}
	free(copy);
	return (rc);
}

/* A report format named by the reporter table (pm_report.c). */
static int
set_report(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	enum pm_report_fmt	 fmt;

	(void)argc;
	if (pm_report_format(argv[0], &fmt) == -1)
		return (bad(err, opt, "'%s' is not one of verbose, terse, "
		    "csv, json", argv[0]));
	*(enum pm_report_fmt *)(void *)((char *)cfg + opt->off) = fmt;
	return (0);
}

/* Text (the rest of the line), or none to remove it. */
static int
set_text(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	char	**p = (char **)(void *)((char *)cfg + opt->off);

	(void)err;
	free(*p);
	*p = argc == 1 ? xstrdup(argv[0]) : NULL;
	return (0);
}

/*
 * set location PATH [WEIGHT] replaces the list, +PATH [WEIGHT] appends to
 * it, -PATH removes PATH.  A bad weight is reported, replaced by 1, and
 * fails the command after the location was set, as PostMark's message
 * says.  The weights together must fit PostMark's int.
 */
static int
set_location(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	const char	*path = argv[0];
	long long	 weight = 1, total = 0;
	char		*why = NULL, op = '\0';
	size_t		 i;

	if (*path == '+' || *path == '-')
		op = *path++;
	if (*path == '\0')
		return (bad(err, opt, "'%s' names no directory", argv[0]));
	if (op == '-') {
		if (argc != 1) {
			pm_cmderr_set(err, PM_ERR_INPUT, opt->compat,
			    "set location -PATH takes no weight, got '%s'",
			    argv[1]);
			return (-1);
		}
		if (pm_config_remove_location(cfg, path) == -1) {
			pm_cmderr_set(err, PM_ERR_INPUT, NULL, "set location: "
			    "no location '%s' to remove", path);
			pm_cmderr_compat(err, "Error: cannot find location "
			    "'%s'", path);
			return (-1);
		}
		return (0);
	}
	if (argc == 2 && parse_number(argv[1], 0, opt->min, opt->max,
	    &weight, &why) == -1)
		weight = 1;
	for (i = 0; op == '+' && i < cfg->nlocations; i++)
		total += cfg->locations[i].weight;
	if (total + weight > PM_WEIGHT_TOTAL) {
		free(why);
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "set location: the "
		    "weights would add up to %lld, above %d", total + weight,
		    PM_WEIGHT_TOTAL);
		return (-1);
	}
	if (op != '+')
		pm_config_clear_locations(cfg);
	pm_config_add_location(cfg, path, (uint32_t)weight);
	if (why != NULL) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "set location: weight "
		    "%s; weight 1 is used", why);
		pm_cmderr_compat(err, "Error: ignoring invalid weight '%s'",
		    argv[1]);
		free(why);
		return (-1);
	}
	return (0);
}

/* A uint32_t in decimal. */
static char *
print_uint(const struct pm_config *cfg, const struct pm_option *opt, int col)
{
	char	*s;

	xasprintf(&s, "%" PRIu32, *u32_of(cfg, col == 0 ? opt->off :
	    opt->off2));
	return (s);
}

/* N, or MIN-MAX. */
static char *
print_iterations(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	uint32_t	 max = *u32_of(cfg, opt->off2);
	char		*s;

	(void)col;
	if (max > 0)
		xasprintf(&s, "%" PRIu32 "-%" PRIu32, *u32_of(cfg, opt->off),
		    max);
	else
		xasprintf(&s, "%" PRIu32, *u32_of(cfg, opt->off));
	return (s);
}

/* Hundredths of a percent as a percentage: "2", "2.5", "0.25". */
static char *
print_percent(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	uint32_t	 v = *u32_of(cfg, opt->off);
	char		*s;

	(void)col;
	if (v % 100 == 0)
		xasprintf(&s, "%" PRIu32, v / 100);
	else if (v % 10 == 0)
		xasprintf(&s, "%" PRIu32 ".%" PRIu32, v / 100, v % 100 / 10);
	else
		xasprintf(&s, "%" PRIu32 ".%02" PRIu32, v / 100, v % 100);
	return (s);
}

/* N, Nms or 0. */
static char *
print_interval(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	char	*s;

	(void)col;
	xasprintf(&s, "%" PRIu32 "%s", *u32_of(cfg, opt->off),
	    *u32_of(cfg, opt->off2) ? "ms" : "");
	return (s);
}

/* An int in decimal. */
static char *
print_int(const struct pm_config *cfg, const struct pm_option *opt, int col)
{
	char	*s;

	(void)col;
	xasprintf(&s, "%d",
	    *(const int *)(const void *)((const char *)cfg + opt->off));
	return (s);
}

/* The name of a choice. */
static char *
print_choice(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	(void)col;
	return (xstrdup(opt->choices[*u32_of(cfg, opt->off)]));
}

/* The name of a report format. */
static char *
print_report(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	(void)col;
	return (xstrdup(pm_report_name(*(const enum pm_report_fmt *)
	    (const void *)((const char *)cfg + opt->off))));
}

/* Text, or nothing. */
static char *
print_text(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	const char	*s;

	(void)col;
	s = *(char *const *)(const void *)((const char *)cfg + opt->off);
	return (xstrdup(s != NULL ? s : ""));
}

/* No single value (the location list has its own column). */
static char *
print_none(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	(void)cfg;
	(void)opt;
	(void)col;
	return (xstrdup(""));
}

/*
 * Every hook set, as "before run: COMMAND; after deletion: COMMAND" (the
 * hooks column; show has a line for each).
 */
static char *
print_hook(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	char	*s = xstrdup(""), *t;
	int	 w, p;

	(void)opt;
	(void)col;
	for (w = 0; w < 2; w++) {
		for (p = 0; p < PM_NHOOKPHASES; p++) {
			if (cfg->hook[w][p] == NULL)
				continue;
			xasprintf(&t, "%s%s%s %s: %s", s, *s != '\0' ? "; " :
			    "", pm_hook_whens[w], pm_hook_phases[p],
			    cfg->hook[w][p]);
			free(s);
			s = t;
		}
	}
	return (s);
}

/* A text value copied from another configuration: make it our own. */
static void
copy_text(struct pm_config *cfg, const struct pm_option *opt)
{
	char	**p = (char **)(void *)((char *)cfg + opt->off);

	if (*p != NULL)
		*p = xstrdup(*p);
}

static void
free_text(struct pm_config *cfg, const struct pm_option *opt)
{
	char	**p = (char **)(void *)((char *)cfg + opt->off);

	free(*p);
	*p = NULL;
}

/* The hooks copied from another configuration: make them our own. */
static void
copy_hook(struct pm_config *cfg, const struct pm_option *opt)
{
	int	 w, p;

	(void)opt;
	for (w = 0; w < 2; w++) {
		for (p = 0; p < PM_NHOOKPHASES; p++) {
			if (cfg->hook[w][p] != NULL)
				cfg->hook[w][p] = xstrdup(cfg->hook[w][p]);
		}
	}
}

static void
free_hook(struct pm_config *cfg, const struct pm_option *opt)
{
	int	 w, p;

	(void)opt;
	for (w = 0; w < 2; w++) {
		for (p = 0; p < PM_NHOOKPHASES; p++) {
			free(cfg->hook[w][p]);
			cfg->hook[w][p] = NULL;
		}
	}
}

/* "one value", "one or two values" for a type's word counts. */
static const char *
count_words(int n)
{
	static const char *const words[] = { "no", "one", "two", "three" };

	return (n >= 0 && (size_t)n < nitems(words) ? words[n] : "many");
}

/* The choices as "a, b, c"; allocated. */
static char *
choice_list(const char *const *choices)
{
	char	*s = xstrdup(""), *t;
	size_t	 i;

	for (i = 0; choices[i] != NULL; i++) {
		xasprintf(&t, "%s%s%s", s, i > 0 ? ", " : "", choices[i]);
		free(s);
		s = t;
	}
	return (s);
}

/*
 * Apply "set" key opt with its value words to cfg: check the number of
 * words, then parse.  Returns 0, or -1 with *err set and cfg unchanged
 * (but for a bad location weight, which PostMark replaced by 1).
 */
int
pm_option_set(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	const struct pm_otype	*t = opt->type;

	if (argc < t->min_args || argc > t->max_args) {
		if (argc == 0) {
			pm_cmderr_set(err, PM_ERR_INPUT, opt->compat,
			    "%s needs a value: %s", opt->name, opt->usage);
			return (-1);
		}
		pm_cmderr_set(err, PM_ERR_INPUT, opt->compat, "%s takes %s%s "
		    "value%s, got %d (%s)", opt->name, count_words(t->min_args),
		    t->max_args > t->min_args ? t->min_args == 0 ? " or one" :
		    " or two" : "", t->max_args > 1 ? "s" : "", argc,
		    opt->usage);
		return (-1);
	}
	return (t->set(cfg, opt, argc, argv, err));
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
