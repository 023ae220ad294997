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
 * command table and its prefix finder (pm_cli.c), "show" (pm_show.c),
 * and what the run driver (pm_run.c, pm_check.c) gives it; the option
 * table of the "set" keys and the kinds of value are pm_option.h's.
 */

#ifndef PM_CLI_H
#define PM_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "postmark.h"
#include "pm_option.h"

/*
 * What a command returns, in this order: across MPI ranks a run command
 * ends with the largest (pm_run).  An interrupted one has its signal in
 * the error's signo; only main makes it an exit status.
 */
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
 * PostMark had none; hint, what was probably meant, is said on a
 * terminal only.  A line with several problems (a run line's report
 * file and locations) has one error each, chained by next.
 */
struct pm_cmderr {
	enum pm_errkind	 kind;
	char		*text;		/* allocated, or NULL: no error */
	char		*compat;	/* allocated, or NULL */
	char		*hint;		/* "did you mean number?", or NULL */
	int		 signo;		/* PM_CMD_INTERRUPTED: the signal */
	struct pm_cmderr *next;		/* the line's next problem, or NULL */
};

/*
 * The state of the shell, handed to every command.  In check mode (the
 * pass over a whole file before any of it runs) "set" works on a scratch
 * configuration and run, show, load and "!" only check what they can.
 */
struct pm_shell {
	struct pm_config *cfg;		/* the configuration, borrowed */
	int		 interactive;	/* a person types at a terminal */
	int		 tty;		/* and reads standard error there: */
					/* hints and warnings of the prompt */
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

/*
 * A command of the language ("set" keys are in the option table), and
 * its other name (tmux's cmd_entry alias), which help and completion do
 * not list.
 */
struct pm_cmd {
	const char	*name;		/* "run" */
	const char	*alias;		/* "exit" for quit, or NULL */
	int		 min_args;	/* arguments at least */
	int		 max_args;	/* arguments at most */
	int		 flags;		/* PM_CMDF_* */
	const char	*usage;		/* "run [FILE]": the name first */
	const char	*help;		/* the help line */
	enum pm_cmd_status (*exec)(struct pm_shell *, int, char **,
			    struct pm_cmderr *);
};
#define PM_CMDF_REST	0x1		/* one argument: the rest of the line */
#define PM_CMDF_POSTMARK 0x2		/* PostMark's: listed first by help */

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
void		 pm_cmderr_add(struct pm_cmderr *, struct pm_cmderr *);
void		 pm_cmderr_clear(struct pm_cmderr *);

/* pm_show.c: "show". */
int		 pm_option_show(FILE *, const struct pm_config *);

/* pm_shell.c */
enum pm_cmd_status pm_shell_file(struct pm_shell *, FILE *, const char *);
enum pm_cmd_status pm_shell_loop(struct pm_shell *);
void		 pm_shell_warn(struct pm_shell *, const char *, ...)
		    __attribute__((__format__(__printf__, 2, 3)));

/* pm_run.c: "run [FILE]". */
enum pm_cmd_status pm_run(const struct pm_config *, const char *, FILE *,
		    struct pm_cmderr *);

/* pm_check.c: what "run" checks before anything runs. */
int		 pm_run_check(const struct pm_config *, const char *, int,
		    struct pm_cmderr *);
int		 pm_check_fs(const struct pm_config *);
char		*pm_check_location(const struct pm_config *, const char *);

#endif /* PM_CLI_H */
