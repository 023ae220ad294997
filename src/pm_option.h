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
 * The configuration's keys and values (pm_option.c, pm_value.c): the
 * option table, one row per "set" key, indexed by enum pm_key; the
 * kinds of value and what each does (parse, print, copy, free); the
 * configuration's life (init, copy, free).  The command language sets
 * keys through it; the records print a key's value by its enum pm_key
 * (the column table's configuration columns).  It calls nothing above
 * the text and errors (pm_error.c, xmalloc.c).
 */

#ifndef PM_OPTION_H
#define PM_OPTION_H

#include <stddef.h>

#include "postmark.h"

struct pm_cmderr;

/*
 * The "set" keys, in the order of the option table (help lists
 * PostMark's first, in its order): a key's row is pm_opts[key], and a
 * record's configuration column names its key so.
 */
enum pm_key {
	PM_KEY_SIZE,
	PM_KEY_NUMBER,
	PM_KEY_SEED,
	PM_KEY_TRANSACTIONS,
	PM_KEY_LOCATION,
	PM_KEY_SUBDIRECTORIES,
	PM_KEY_READ,
	PM_KEY_WRITE,
	PM_KEY_BUFFERING,
	PM_KEY_BIAS_READ,
	PM_KEY_BIAS_CREATE,
	PM_KEY_REPORT,
	PM_KEY_LABEL,
	PM_KEY_ITERATIONS,
	PM_KEY_PRECISION,
	PM_KEY_INTERVAL,
	PM_KEY_SYNC,
	PM_KEY_DIRSYNC,
	PM_KEY_DIRECT,
	PM_KEY_CACHE,
	PM_KEY_WARMUP,
	PM_KEY_HOOK,
	PM_KEY_CLIENTS,
	PM_KEY_SHARED,
	PM_KEY_RANKSHIFT,
	PM_KEY_STRICTMODES,
#ifdef PM_OPTION_TEST_ROW
	PM_KEY_TESTKEY,			/* tests/unit_option's added key */
#endif
	PM_NKEYS
};

/*
 * The kinds of "set" value (fio's FIO_OPT_*).  Each operation on a value
 * (parse, print, copy or free; show's lines) is one switch on its kind in
 * pm_value.c (pm_show.c); how many words a kind takes, and its PM_VF_*
 * flags, are its row of pm_value.c's table of kinds.
 */
enum pm_vtype {
	PM_V_COUNT,			/* a whole number: uint32_t */
	PM_V_BYTES,			/* a number of bytes: uint32_t */
	PM_V_SIZE,			/* LOW [HIGH] bytes: off, off2 */
	PM_V_INT,			/* a whole number, signed: int */
	PM_V_BOOL,			/* true or false: uint32_t 1 or 0 */
	PM_V_CHOICE,			/* one of choices: uint32_t index */
	PM_V_ITERATIONS,		/* N or MIN-MAX: off, off2 (or 0) */
	PM_V_PERCENT,			/* P[%]: uint32_t, 1/100 % */
	PM_V_INTERVAL,			/* N, Nms or 0: N at off, ms at off2 */
	PM_V_TEXT,			/* the rest of the line or nothing: */
					/* char *, owned */
	PM_V_HOOK,			/* before|after PHASE COMMAND: hook */
	PM_V_LOCATION			/* [+|-]PATH [WEIGHT]: the locations */
};
#define PM_VF_NUMBER	0x1		/* records hold it as a number */
#define PM_VF_UNITS	0x2		/* a k, m or g after it counts 1024s */

/*
 * One "set" key (fio's fio_option): its name, where its value lives in
 * struct pm_config, its kind and bounds, default, help and PostMark's
 * error text.  Its columns in records are rows of the column table
 * (pm_columns.c) that name it by its enum pm_key.
 */
struct pm_option {
	const char	*name;		/* "set number" */
	enum pm_vtype	 type;
	size_t		 off;		/* offsetof(struct pm_config, field) */
	size_t		 off2;		/* second field (size: HIGH) */
	long long	 min;		/* smallest value */
	long long	 max;		/* largest value */
	const char	*def;		/* default as typed, or NULL: zero */
	const char	*usage;		/* "set number N" */
	const char	*help;		/* the help line */
	const char	*compat;	/* PostMark's error text, or NULL */
	const char	*title;		/* "Iterations", in show, or NULL */
	const char *const *choices;	/* names of a choice, NULL-ended */
	int		(*verify)(const struct pm_option *, long long,
			    const char *, struct pm_cmderr *);
					/* the key's own rule for a single */
					/* value parsed from a word: -1 with */
					/* the error, or 0; or NULL */
	int		 flags;		/* PM_OPTF_* */
};
#define PM_OPTF_POSTMARK 0x1		/* PostMark's key: listed first */
#define PM_OPTF_REST	0x2		/* the value is the rest of the line */

/* pm_option.c: the table of "set" keys, the configuration's life. */
const struct pm_option *pm_options(size_t *);
int		 pm_option_set_text(struct pm_config *, const char *,
		    const char *, struct pm_cmderr *);
char		*pm_option_print(const struct pm_config *, enum pm_key, int,
		    int *);

/* pm_value.c: words, and the kinds of value. */
int		 pm_value_split(char *, char ***, size_t **);
int		 pm_value_flags(enum pm_vtype);
int		 pm_value_set(struct pm_config *, const struct pm_option *,
		    int, char **, struct pm_cmderr *);
char		*pm_value_print(const struct pm_config *,
		    const struct pm_option *, int);
void		 pm_value_own(struct pm_config *, const struct pm_option *,
		    int);

#endif /* PM_OPTION_H */
