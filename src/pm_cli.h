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
 * The command language: the shell that reads lines (pm_shell.c), the
 * command table and its prefix finder (pm_cli.c), the option table of
 * the "set" keys (pm_option.c) and the run driver (pm_run.c).
 */

#ifndef PM_CLI_H
#define PM_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "postmark.h"

/* What a command returns. */
enum pm_cmd_status {
	PM_CMD_OK,			/* done */
	PM_CMD_ERROR,			/* failed: the error says why */
	PM_CMD_QUIT,			/* stop reading this input */
	PM_CMD_INTERRUPTED		/* a run was stopped by a signal */
};

/* Who is to blame for an error, which sets how it is printed. */
enum pm_errkind {
	PM_ERR_INPUT,			/* the line: "FILE:LINE: message" */
	PM_ERR_RUN			/* running it: "postmark: FILE:LINE: ..." */
};

/*
 * Why a command failed.  text names the value and the rule it breaks;
 * compat is PostMark's own message for the same input (printed at the
 * interactive prompt, where PostMark's texts are kept), or NULL when
 * PostMark had none.
 */
struct pm_cmderr {
	enum pm_errkind	 kind;
	char		*text;		/* allocated, or NULL: no error */
	char		*compat;	/* allocated, or NULL */
};

/*
 * The state of the shell, handed to every command.  In check mode (the
 * pass over a whole file before any of it runs) "set" works on a scratch
 * configuration and run, show, load and "!" only check what they can.
 */
struct pm_shell {
	struct pm_config *cfg;		/* the configuration, borrowed */
	int		 interactive;	/* a person types at a terminal */
	int		 check;		/* checking, not running */
	int		 checked;	/* running lines already checked */
	int		 escaped;	/* checking after a "!": the file */
					/* system may differ from now */
	int		 records;	/* a run prints records to stdout */
	int		 depth;		/* files nested by "load" */
	int		 signo;		/* the signal of an interrupted run */
	const char	*file;		/* input being read, or NULL: the */
					/* prompt; for messages */
	unsigned long	 line;		/* its line */
	FILE		*info;		/* progress text, help, show: stdout, */
					/* or stderr when stdout has records */
	const char	*banner;	/* printed before the first output */
	char		**notes;	/* messages of a check pass */
	size_t		 nnotes;
};

/* A command of the language ("set" keys are in the option table). */
struct pm_cmd {
	const char	*name;		/* "run" */
	int		 min_args;	/* arguments at least */
	int		 max_args;	/* arguments at most */
	int		 flags;		/* PM_CMDF_* */
	const char	*usage;		/* "run [FILE]" */
	const char	*help;		/* the help line */
	enum pm_cmd_status (*exec)(struct pm_shell *, int, char **,
			    struct pm_cmderr *);
};
#define PM_CMDF_REST	0x1		/* one argument: the rest of the line */
#define PM_CMDF_HIDDEN	0x2		/* alias: not in help or completion */
#define PM_CMDF_POSTMARK 0x4		/* PostMark's: listed first by help */

/*
 * A type of "set" value: how many words, how to parse one, print it (as
 * the text of column 0 or 1 of records: allocated), show it ("Title:
 * VALUE" lines, VALUE as "set" takes it; NULL: the title and print's
 * text), copy and free it.
 */
struct pm_option;
struct pm_otype {
	int		 min_args;	/* value words at least */
	int		 max_args;	/* value words at most */
	int		(*set)(struct pm_config *, const struct pm_option *,
			    int, char **, struct pm_cmderr *);
	char		*(*print)(const struct pm_config *,
			    const struct pm_option *, int);
	void		(*show)(FILE *, const struct pm_config *,
			    const struct pm_option *);
	void		(*copy)(struct pm_config *, const struct pm_option *);
	void		(*free)(struct pm_config *, const struct pm_option *);
};

/*
 * One "set" key: its name, where its value lives in struct pm_config,
 * its type and bounds, default, help, PostMark's error text, and the
 * names of its columns in CSV and JSON records.
 */
struct pm_option {
	const char	*name;		/* "set number" */
	const struct pm_otype *type;
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
	const char	*col[2];	/* CSV/JSON column names, or NULL */
	int		 colpos;	/* schema 1 position, or -1: appended */
	int		 flags;		/* PM_OPTF_* */
};
#define PM_OPTF_POSTMARK 0x1		/* PostMark's key: listed first */
#define PM_OPTF_REST	0x2		/* the value is the rest of the line */

/* pm_cli.c */
enum pm_cmd_status pm_cmd_line(struct pm_shell *, const char *,
		    struct pm_cmderr *);
void		 pm_cmd_help(FILE *, const char *);
size_t		 pm_cmd_complete(const char *, const char *, size_t,
		    const char **, size_t *, size_t);

/* pm_error.c: command errors. */
void		 pm_cmderr_set(struct pm_cmderr *, enum pm_errkind,
		    const char *, const char *, ...)
		    __attribute__((__format__(__printf__, 4, 5)));
void		 pm_cmderr_compat(struct pm_cmderr *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));
void		 pm_cmderr_clear(struct pm_cmderr *);

/* pm_option.c */
const struct pm_option *pm_options(size_t *);
int		 pm_option_set_text(struct pm_config *, const char *,
		    const char *, struct pm_cmderr *);

/* pm_value.c: the kinds of value. */
int		 pm_option_set(struct pm_config *, const struct pm_option *,
		    int, char **, struct pm_cmderr *);
extern const struct pm_otype pm_t_uint, pm_t_bytes, pm_t_size, pm_t_bias,
		    pm_t_bool, pm_t_choice, pm_t_report, pm_t_cache, pm_t_text,
		    pm_t_hook, pm_t_iterations, pm_t_percent, pm_t_interval,
		    pm_t_location;
extern const char *const pm_hook_whens[];
extern const char *const pm_hook_phases[];

/* pm_show.c: "show". */
int		 pm_option_show(FILE *, const struct pm_config *);
void		 pm_scale(char *, size_t, uint32_t);
void		 pm_show_bool(FILE *, const struct pm_config *,
		    const struct pm_option *);
void		 pm_show_percent(FILE *, const struct pm_config *,
		    const struct pm_option *);
void		 pm_show_hook(FILE *, const struct pm_config *,
		    const struct pm_option *);

/* pm_shell.c */
int		 pm_shell_file(struct pm_shell *, FILE *, const char *);
int		 pm_shell_loop(struct pm_shell *);
void		 pm_shell_warn(struct pm_shell *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));

/* pm_run.c: "run [FILE]". */
int		 pm_run(const struct pm_config *, const char *, FILE *,
		    struct pm_cmderr *);
int		 pm_run_check(const struct pm_config *, const char *, int,
		    struct pm_cmderr *);

#endif /* PM_CLI_H */
