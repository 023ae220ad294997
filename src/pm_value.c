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
 * The kinds of "set" value: one small type per kind (a number, a size in
 * bytes, true or false, a choice, text, a hook, the location list, ...),
 * each parsing its words into struct pm_config, printing the value as the
 * text of records' configuration columns, and copying and freeing what
 * it owns.  The keys that use them are the option table's rows
 * (pm_option.c).
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
const struct pm_otype pm_t_uint = {
	.min_args = 1, .max_args = 1, .set = set_number, .print = print_uint
};
const struct pm_otype pm_t_bytes = {
	.min_args = 1, .max_args = 1, .set = set_number, .print = print_uint
};
const struct pm_otype pm_t_size = {
	.min_args = 1, .max_args = 2, .set = set_size, .print = print_uint
};
const struct pm_otype pm_t_bias = {
	.min_args = 1, .max_args = 1, .set = set_number, .print = print_int
};
const struct pm_otype pm_t_bool = {
	.min_args = 1, .max_args = 1, .set = set_bool, .print = print_uint,
	.show = pm_show_bool
};
const struct pm_otype pm_t_choice = {
	.min_args = 1, .max_args = 1, .set = set_choice,
	.print = print_choice
};
const struct pm_otype pm_t_report = {
	.min_args = 1, .max_args = 1, .set = set_report,
	.print = print_report
};
const struct pm_otype pm_t_cache = {
	.min_args = 1, .max_args = 1, .set = set_cache,
	.print = print_choice
};
const struct pm_otype pm_t_text = {
	.min_args = 0, .max_args = 1, .set = set_text, .print = print_text,
	.copy = copy_text, .free = free_text
};
const struct pm_otype pm_t_hook = {
	.min_args = 1, .max_args = 1, .set = set_hook, .print = print_hook,
	.show = pm_show_hook, .copy = copy_hook, .free = free_hook
};

const char *const pm_hook_whens[] = { "before", "after", NULL };
const char *const pm_hook_phases[] = {
	"run", "creation", "transactions", "deletion", NULL
};

/* Where the page cache is dropped (set cache cold). */
#define PM_DROP_CACHES	"/proc/sys/vm/drop_caches"
const struct pm_otype pm_t_iterations = {
	.min_args = 1, .max_args = 1, .set = set_iterations,
	.print = print_iterations
};
const struct pm_otype pm_t_percent = {
	.min_args = 1, .max_args = 1, .set = set_percent,
	.print = print_percent, .show = pm_show_percent
};
const struct pm_otype pm_t_interval = {
	.min_args = 1, .max_args = 1, .set = set_interval,
	.print = print_interval
};
const struct pm_otype pm_t_location = {
	.min_args = 1, .max_args = 2, .set = set_location,
	.print = print_none
};

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

