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
 * The words and values of the command language.  A line is split into
 * words by pm_value_split, the one tokenizer (the command line, the
 * words of "set hook", the values of pm_option_set_text).  A "set" key's
 * value is of one kind of enum pm_vtype (fio's FIO_OPT_*), and each
 * operation on a value is one switch on that kind: parse its words into
 * struct pm_config (pm_value_set), print it as the text of a record's
 * configuration column (pm_value_print), copy or free what it owns
 * (text, hooks, the location list: pm_value_own).
 * What a kind's words are and how records hold it is its row of
 * pm_kinds[]: how many words, a number or text, and whether a k, m or g
 * after a number counts 1024s.  The keys are the option table's rows
 * (pm_option.c).
 *
 * Values are parsed strictly: whole decimal numbers, no sign but a '-'
 * where the range allows one, sizes with an optional k, m or g
 * (1024-based, either case).  A bad value leaves the configuration as it
 * was; its error names the value and the rule, and carries PostMark's
 * own message for the keys PostMark had.
 */

#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm_cli.h"
#include "pm_option.h"

#ifndef nitems
#define nitems(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define PM_WEIGHT_TOTAL	PM_INT_MAX	/* PostMark's int total weight */
#define PM_BLANKS	" \t"		/* what separates words */

/* What a kind of value is, whichever key has it. */
struct pm_kind {
	int		 min_args;	/* value words at least */
	int		 max_args;	/* value words at most */
	int		 flags;		/* PM_VF_* */
};

static int	 parse_number(const char *, int, long long, long long,
		    long long *, char **);
static uint32_t	*u32_at(struct pm_config *, size_t);
static const uint32_t *u32_of(const struct pm_config *, size_t);
static int	 bad(struct pm_cmderr *, const struct pm_option *,
		    const char *, ...)
		    __attribute__((__format__(__printf__, 3, 4)));
static int	 bad_count(const struct pm_option *, int,
		    struct pm_cmderr *);
static int	 bad_choice(const struct pm_option *, const char *,
		    const char *const *, struct pm_cmderr *);
static int	 set_size(struct pm_config *, const struct pm_option *, int,
		    char **, struct pm_cmderr *);
static int	 set_iterations(struct pm_config *, const struct pm_option *,
		    const char *, struct pm_cmderr *);
static int	 set_percent(struct pm_config *, const struct pm_option *,
		    const char *, struct pm_cmderr *);
static int	 set_interval(struct pm_config *, const struct pm_option *,
		    const char *, struct pm_cmderr *);
static int	 set_hook(struct pm_config *, const struct pm_option *,
		    const char *, struct pm_cmderr *);
static int	 set_location(struct pm_config *, const struct pm_option *,
		    int, char **, struct pm_cmderr *);
static char	*print_percent(uint32_t);
static char	*print_hooks(const struct pm_config *);
static void	 own_hooks(struct pm_config *, int);
static void	 own_text(char **, int);
static int	 remove_location(struct pm_config *, const char *);
static void	 clear_locations(struct pm_config *);
static int	 word_index(const char *, const char *const *);
static const char *count_words(int);
static char	*choice_list(const char *const *);

/* The kinds of value, by enum pm_vtype. */
static const struct pm_kind pm_kinds[] = {
	[PM_V_COUNT] =		{ 1, 1, PM_VF_NUMBER },
	[PM_V_BYTES] =		{ 1, 1, PM_VF_NUMBER | PM_VF_UNITS },
	[PM_V_SIZE] =		{ 1, 2, PM_VF_NUMBER | PM_VF_UNITS },
	[PM_V_INT] =		{ 1, 1, PM_VF_NUMBER },
	[PM_V_BOOL] =		{ 1, 1, PM_VF_NUMBER },
	[PM_V_CHOICE] =		{ 1, 1, 0 },
	[PM_V_ITERATIONS] =	{ 1, 1, 0 },
	[PM_V_PERCENT] =	{ 1, 1, PM_VF_NUMBER },
	[PM_V_INTERVAL] =	{ 1, 1, 0 },
	[PM_V_TEXT] =		{ 0, 1, 0 },
	[PM_V_HOOK] =		{ 1, 1, 0 },
	[PM_V_LOCATION] =	{ 1, 2, 0 }
};

/* The words of a boolean, by its value. */
static const char *const pm_bool_names[] = { "false", "true", NULL };

/* The words of "set hook", in the order of the hook array's indexes. */
const char *const pm_hook_whens[] = { "before", "after", NULL };
const char *const pm_hook_phases[] = {
	"run", "creation", "transactions", "deletion", NULL
};

/*
 * Split a line into words at blanks, in place.  Returns the number of
 * words; *words and *offs (offset of each word in the line, so that the
 * rest of the line from a word on can be taken as typed) are allocated
 * and owned by the caller.
 */
int
pm_value_split(char *line, char ***words, size_t **offs)
{
	char	*p = line;
	int	 n = 0;

	*words = NULL;
	*offs = NULL;
	for (;;) {
		p += strspn(p, PM_BLANKS);
		if (*p == '\0')
			break;
		*words = xreallocarray(*words, n + 1, sizeof **words);
		*offs = xreallocarray(*offs, n + 1, sizeof **offs);
		(*words)[n] = p;
		(*offs)[n] = p - line;
		n++;
		p += strcspn(p, PM_BLANKS);
		if (*p == '\0')
			break;
		*p++ = '\0';
	}
	return (n);
}

/* The PM_VF_* flags of a kind of value. */
int
pm_value_flags(enum pm_vtype type)
{
	return (pm_kinds[type].flags);
}

/*
 * Apply "set" key opt with its value words to cfg: check the number of
 * words, then parse them as the key's kind.  A single value is checked
 * by the key's own rule (verify) before it is stored.  Returns 0, or -1
 * with *err set and cfg unchanged (but for a bad location weight, which
 * PostMark replaced by 1).
 */
int
pm_value_set(struct pm_config *cfg, const struct pm_option *opt, int argc,
    char **argv, struct pm_cmderr *err)
{
	const struct pm_kind	*k = &pm_kinds[opt->type];
	long long		 v = 0;
	char			*why;
	int			 rc;

	if (argc < k->min_args || argc > k->max_args)
		return (bad_count(opt, argc, err));
	switch (opt->type) {
	case PM_V_COUNT:
	case PM_V_BYTES:
	case PM_V_INT:
		if (parse_number(argv[0], k->flags & PM_VF_UNITS, opt->min,
		    opt->max, &v, &why) == -1) {
			rc = bad(err, opt, "%s", why);
			free(why);
			return (rc);
		}
		break;
	case PM_V_BOOL:
		if ((v = word_index(argv[0], pm_bool_names)) == -1)
			return (bad(err, opt, "'%s' is neither true nor false",
			    argv[0]));
		break;
	case PM_V_CHOICE:
		if ((v = word_index(argv[0], opt->choices)) == -1)
			return (bad_choice(opt, argv[0], opt->choices, err));
		break;
	case PM_V_SIZE:
		return (set_size(cfg, opt, argc, argv, err));
	case PM_V_ITERATIONS:
		return (set_iterations(cfg, opt, argv[0], err));
	case PM_V_PERCENT:
		return (set_percent(cfg, opt, argv[0], err));
	case PM_V_INTERVAL:
		return (set_interval(cfg, opt, argv[0], err));
	case PM_V_TEXT:
		pm_value_own(cfg, opt, 0);
		*(char **)(void *)((char *)cfg + opt->off) = argc == 1 ?
		    xstrdup(argv[0]) : NULL;
		return (0);
	case PM_V_HOOK:
		return (set_hook(cfg, opt, argv[0], err));
	case PM_V_LOCATION:
		return (set_location(cfg, opt, argc, argv, err));
	}
	if (opt->verify != NULL && opt->verify(opt, v, argv[0], err) == -1)
		return (-1);
	if (opt->type == PM_V_INT)
		*(int *)(void *)((char *)cfg + opt->off) = (int)v;
	else
		*u32_at(cfg, opt->off) = (uint32_t)v;
	return (0);
}

/*
 * The value of key opt in cfg as the text of its record column col (0,
 * or 1: the second, HIGH of set size); allocated, so that no value is
 * cut short.  A kind without a single value (the location list, which
 * has its own column) prints as nothing.
 */
char *
pm_value_print(const struct pm_config *cfg, const struct pm_option *opt,
    int col)
{
	const char	*text;
	uint32_t	 max;
	char		*s = NULL;

	switch (opt->type) {
	case PM_V_COUNT:
	case PM_V_BYTES:
	case PM_V_SIZE:
	case PM_V_BOOL:
		xasprintf(&s, "%" PRIu32, *u32_of(cfg, col == 0 ? opt->off :
		    opt->off2));
		break;
	case PM_V_INT:
		xasprintf(&s, "%d", *(const int *)(const void *)
		    ((const char *)cfg + opt->off));
		break;
	case PM_V_CHOICE:
		s = xstrdup(opt->choices[*u32_of(cfg, opt->off)]);
		break;
	case PM_V_ITERATIONS:
		if ((max = *u32_of(cfg, opt->off2)) > 0)
			xasprintf(&s, "%" PRIu32 "-%" PRIu32,
			    *u32_of(cfg, opt->off), max);
		else
			xasprintf(&s, "%" PRIu32, *u32_of(cfg, opt->off));
		break;
	case PM_V_PERCENT:
		s = print_percent(*u32_of(cfg, opt->off));
		break;
	case PM_V_INTERVAL:
		xasprintf(&s, "%" PRIu32 "%s", *u32_of(cfg, opt->off),
		    *u32_of(cfg, opt->off2) ? "ms" : "");
		break;
	case PM_V_TEXT:
		text = *(char *const *)(const void *)((const char *)cfg +
		    opt->off);
		s = xstrdup(text != NULL ? text : "");
		break;
	case PM_V_HOOK:
		s = print_hooks(cfg);
		break;
	case PM_V_LOCATION:
		s = xstrdup("");
		break;
	}
	return (s);
}

/*
 * What key opt's value owns in cfg (text, hooks, the location list):
 * made its own when copy (cfg was copied from another configuration),
 * else freed and forgotten.
 */
void
pm_value_own(struct pm_config *cfg, const struct pm_option *opt, int copy)
{
	const struct pm_location *from;
	size_t			  i, n;

	switch (opt->type) {
	case PM_V_COUNT:
	case PM_V_BYTES:
	case PM_V_SIZE:
	case PM_V_INT:
	case PM_V_BOOL:
	case PM_V_CHOICE:
	case PM_V_ITERATIONS:
	case PM_V_PERCENT:
	case PM_V_INTERVAL:
		break;			/* owns nothing */
	case PM_V_TEXT:
		own_text((char **)(void *)((char *)cfg + opt->off), copy);
		break;
	case PM_V_HOOK:
		own_hooks(cfg, copy);
		break;
	case PM_V_LOCATION:
		if (!copy) {
			clear_locations(cfg);
			break;
		}
		from = cfg->locations;
		n = cfg->nlocations;
		cfg->locations = NULL;
		cfg->nlocations = 0;
		for (i = 0; i < n; i++)
			pm_config_add_location(cfg, from[i].name,
			    from[i].weight);
		break;
	}
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

/* Fail: argc is not a number of words that key opt's kind takes. */
static int
bad_count(const struct pm_option *opt, int argc, struct pm_cmderr *err)
{
	const struct pm_kind	*k = &pm_kinds[opt->type];

	if (argc == 0) {
		pm_cmderr_set(err, PM_ERR_INPUT, opt->compat,
		    "%s needs a value: %s", opt->name, opt->usage);
		return (-1);
	}
	pm_cmderr_set(err, PM_ERR_INPUT, opt->compat, "%s takes %s%s "
	    "value%s, got %d (%s)", opt->name, count_words(k->min_args),
	    k->max_args > k->min_args ? k->min_args == 0 ? " or one" :
	    " or two" : "", k->max_args > 1 ? "s" : "", argc, opt->usage);
	return (-1);
}

/* Fail: word is none of the NULL-ended list of words. */
static int
bad_choice(const struct pm_option *opt, const char *word,
    const char *const *list, struct pm_cmderr *err)
{
	char	*text;
	int	 rc;

	text = choice_list(list);
	rc = bad(err, opt, "'%s' is not one of %s", word, text);
	free(text);
	return (rc);
}

/*
 * set iterations N, or MIN-MAX: at least MIN runs, then more until set
 * precision is met, at most MAX.
 */
static int
set_iterations(struct pm_config *cfg, const struct pm_option *opt,
    const char *value, struct pm_cmderr *err)
{
	long long	 v[2];
	char		*word, *dash, *why;
	int		 i, n, rc;

	word = xstrdup(value);
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
set_percent(struct pm_config *cfg, const struct pm_option *opt,
    const char *value, struct pm_cmderr *err)
{
	const char	*p = value;
	long long	 v = 0;
	int		 frac = -1;

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
		return (bad(err, opt, "%s is outside 0..100%%", value));
	*u32_at(cfg, opt->off) = (uint32_t)v;
	return (0);

notnum:
	return (bad(err, opt, "'%s' is not a percentage (2, 2.5%% or 0.25)",
	    value));
}

/*
 * set interval N (operations), Nms (milliseconds), or 0 (off): the
 * interval series of each phase.
 */
static int
set_interval(struct pm_config *cfg, const struct pm_option *opt,
    const char *value, struct pm_cmderr *err)
{
	long long	 v;
	char		*word, *why;
	size_t		 len;
	int		 ms = 0, rc;

	word = xstrdup(value);
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
		if (parse_number(argv[i], pm_kinds[opt->type].flags &
		    PM_VF_UNITS, opt->min, opt->max, &v[i], &why) == -1) {
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
 * set hook before|after PHASE COMMAND, the rest of the line: its first
 * two words, and the command as typed from its third on; COMMAND "none"
 * removes the hook.
 */
static int
set_hook(struct pm_config *cfg, const struct pm_option *opt,
    const char *value, struct pm_cmderr *err)
{
	const char	*command;
	char		*copy, **words;
	size_t		*offs;
	int		 n, w = -1, p = -1, rc = -1;

	copy = xstrdup(value);
	n = pm_value_split(copy, &words, &offs);
	command = n > 2 ? value + offs[2] : NULL;
	if (n < 1 || (w = word_index(words[0], pm_hook_whens)) == -1)
		bad(err, opt, "'%s' is neither before nor after", n < 1 ? "" :
		    words[0]);
	else if (n < 2 || (p = word_index(words[1], pm_hook_phases)) == -1)
		bad_choice(opt, n < 2 ? "" : words[1], pm_hook_phases, err);
	else if (command == NULL)
		bad(err, opt, "%s %s needs a command, or none", words[0],
		    words[1]);
	else {
		free(cfg->hook[w][p]);
		cfg->hook[w][p] = strcmp(command, "none") == 0 ? NULL :
		    xstrdup(command);
		rc = 0;
	}
	free(words);
	free(offs);
	free(copy);
	return (rc);
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
		if (remove_location(cfg, path) == -1) {
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
		clear_locations(cfg);
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

/* Append a location to cfg's list; the name is copied. */
void
pm_config_add_location(struct pm_config *cfg, const char *name,
    uint32_t weight)
{
	cfg->locations = xreallocarray(cfg->locations, cfg->nlocations + 1,
	    sizeof *cfg->locations);
	cfg->locations[cfg->nlocations].name = xstrdup(name);
	cfg->locations[cfg->nlocations].weight = weight;
	cfg->nlocations++;
}

/* Remove the first location named exactly name; -1 if there is none. */
static int
remove_location(struct pm_config *cfg, const char *name)
{
	size_t	 i;

	for (i = 0; i < cfg->nlocations; i++) {
		if (strcmp(cfg->locations[i].name, name) == 0)
			break;
	}
	if (i == cfg->nlocations)
		return (-1);
	free(cfg->locations[i].name);
	memmove(&cfg->locations[i], &cfg->locations[i + 1],
	    (cfg->nlocations - i - 1) * sizeof *cfg->locations);
	if (--cfg->nlocations == 0) {
		free(cfg->locations);
		cfg->locations = NULL;
	}
	return (0);
}

/* Forget every location: files go to the current directory again. */
static void
clear_locations(struct pm_config *cfg)
{
	size_t	 i;

	for (i = 0; i < cfg->nlocations; i++)
		free(cfg->locations[i].name);
	free(cfg->locations);
	cfg->locations = NULL;
	cfg->nlocations = 0;
}

/* Hundredths of a percent as a percentage: "2", "2.5", "0.25". */
static char *
print_percent(uint32_t v)
{
	char	*s;

	if (v % 100 == 0)
		xasprintf(&s, "%" PRIu32, v / 100);
	else if (v % 10 == 0)
		xasprintf(&s, "%" PRIu32 ".%" PRIu32, v / 100, v % 100 / 10);
	else
		xasprintf(&s, "%" PRIu32 ".%02" PRIu32, v / 100, v % 100);
	return (s);
}

/*
 * Every hook set, as "before run: COMMAND; after deletion: COMMAND" (the
 * hooks column; show has a line for each).
 */
static char *
print_hooks(const struct pm_config *cfg)
{
	char	*s = xstrdup(""), *t;
	int	 w, p;

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

/*
 * The hooks of cfg made its own (copy: they were copied from another
 * configuration), or freed and forgotten.
 */
static void
own_hooks(struct pm_config *cfg, int copy)
{
	int	 w, p;

	for (w = 0; w < 2; w++) {
		for (p = 0; p < PM_NHOOKPHASES; p++)
			own_text(&cfg->hook[w][p], copy);
	}
}

/*
 * Text *p (or NULL) made its own when copy (it was copied from another
 * configuration), else freed and forgotten.
 */
static void
own_text(char **p, int copy)
{
	if (!copy) {
		free(*p);
		*p = NULL;
	} else if (*p != NULL)
		*p = xstrdup(*p);
}

/* "one value", "one or two values" for a kind's word counts. */
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
