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
 * The pm> shell: PostMark's command language.  A line is split into words
 * and its command found in pm_cmds[] by matching the words one by one,
 * each by unique prefix (tmux's cmd_find); plain numeric "set" keys are
 * written through pm_opts[] by one generic setter.  Lines come from a file
 * (the startup file, "load", or standard input when it is not a terminal)
 * in batch mode, where the first failing line stops everything, or from
 * the terminal, with libedit when it is available, where an error only
 * fails that command.  The "run" command drives the engine and prints
 * PostMark's progress text from the engine's hooks, plus a live progress
 * line on standard error when that is a terminal.
 */

#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_LIBEDIT
#include <histedit.h>
#endif

#include "postmark.h"
#include "pm_clock.h"

#ifndef nitems
#define nitems(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define PM_PROMPT	"pm>"
#define PM_LOAD_DEPTH	16		/* files nested by "load" */
#define PM_ITER_MAX	1000000		/* set iterations */
#define PM_HISTORY	".postmark_history"	/* in $HOME */
#define PM_HISTORY_SIZE	500		/* lines */
#define PM_BLANKS	" \t"
#define PM_PREFIX	"postmark: "	/* in front of run errors */

/* PostMark's error texts, one per key. */
#define PM_E_SIZE	"Error: no file size low or high bounds specified"
#define PM_E_NUMBER	"Error: invalid number of files"
#define PM_E_SEED	"Error: invalid seed for random numbers"
#define PM_E_TRANS	"Error: no transactions specified"
#define PM_E_LOCATION	"Error: no directory name specified"
#define PM_E_SUBDIRS	"Error: invalid number of subdirectories"
#define PM_E_READ	"Error: invalid read block size"
#define PM_E_WRITE	"Error: invalid write block size"
#define PM_E_BUFFERING	"Error: no buffering mode (true/false) specified"
#define PM_E_BIAS	"Error: no bias specified " \
			    "(0-10 for greater chance,-1 to disable)"
#define PM_E_REPORT	"Error: either 'verbose' or 'terse' required"
#define PM_E_ITER	"Error: invalid number of iterations"
#define PM_E_LOAD	"Error: no configuration file specified"

/* What a command handler returns. */
enum pm_cmd_status {
	PM_CMD_OK,			/* done */
	PM_CMD_ERROR,			/* failed; *cause says why, or NULL */
	PM_CMD_QUIT			/* stop reading this input */
};

/*
 * A command.  The handler gets argv[0] = the full command name and the
 * arguments after it (argc - 1 of them, between min and max); on error it
 * sets *cause to an allocated message, or leaves it NULL when the failure
 * was reported already.
 */
struct pm_cmd {
	const char	*name;		/* words separated by one space */
	int		 min;		/* arguments at least */
	int		 max;		/* arguments at most */
	int		 flags;		/* PM_CMDF_* */
	const char	*usage;		/* synopsis */
	const char	*help;		/* "help" text */
	const char	*argerr;	/* bad argument count, or NULL: usage */
	enum pm_cmd_status (*exec)(struct pm_config *, int, char **,
			    char **);	/* the handler */
};
#define PM_CMDF_REST	0x1		/* one argument: the rest of the line */
#define PM_CMDF_HIDDEN	0x2		/* alias: not in help or completion */

/* A plain numeric "set" key, a uint32_t in struct pm_config. */
struct pm_opt {
	const char	*name;		/* command name */
	size_t		 offset;	/* of the field in struct pm_config */
	long long	 min;		/* smallest value accepted */
	long long	 max;		/* largest value accepted */
	const char	*error;		/* message for a bad value */
};

static enum pm_cmd_status cmd_set_option(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_set_size(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_set_location(struct pm_config *, int,
		    char **, char **);
static enum pm_cmd_status cmd_set_buffering(struct pm_config *, int,
		    char **, char **);
static enum pm_cmd_status cmd_set_bias(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_set_report(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_set_label(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_run(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_load(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_show(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_help(struct pm_config *, int, char **,
		    char **);
static enum pm_cmd_status cmd_quit(struct pm_config *, int, char **,
		    char **);

static size_t	 pm_word(const char *, int, const char **);
static int	 pm_split(char *, char ***, size_t **);
static const struct pm_cmd *pm_cmd_find(char **, int, int *, char **);
static enum pm_cmd_status pm_execute(struct pm_config *, const char *,
		    char **);
static enum pm_cmd_status pm_shell(const char *, char **);
static void	 pm_chomp(char *);
static int	 pm_read(struct pm_config *, FILE *, const char *);
static int	 pm_interactive(struct pm_config *);
static void	 pm_scale(char *, size_t, uint32_t);
static char	*pm_getcwd(void);
#ifdef HAVE_LIBEDIT
static char	*pm_el_prompt(EditLine *);
static unsigned char pm_el_complete(EditLine *, int);
#endif

static const struct pm_cmd pm_cmds[] = {
	/* PostMark's commands, in its order (help prints this order). */
	{ "set size", 1, 2, 0, "set size LOW [HIGH]",
	  "Sets low and high bounds of files", PM_E_SIZE, cmd_set_size },
	{ "set number", 1, 1, 0, "set number N",
	  "Sets number of simultaneous files", PM_E_NUMBER, cmd_set_option },
	{ "set seed", 1, 1, 0, "set seed N",
	  "Sets seed for random number generator", PM_E_SEED,
	  cmd_set_option },
	{ "set transactions", 1, 1, 0, "set transactions N",
	  "Sets number of transactions", PM_E_TRANS, cmd_set_option },
	{ "set location", 1, 2, 0, "set location [+|-]PATH [WEIGHT]",
	  "Sets location of working files", PM_E_LOCATION,
	  cmd_set_location },
	{ "set subdirectories", 1, 1, 0, "set subdirectories N",
	  "Sets number of subdirectories", PM_E_SUBDIRS, cmd_set_option },
	{ "set read", 1, 1, 0, "set read BYTES",
	  "Sets read block size", PM_E_READ, cmd_set_option },
	{ "set write", 1, 1, 0, "set write BYTES",
	  "Sets write block size", PM_E_WRITE, cmd_set_option },
	{ "set buffering", 1, 1, 0, "set buffering true|false",
	  "Sets usage of buffered I/O", PM_E_BUFFERING, cmd_set_buffering },
	{ "set bias read", 1, 1, 0, "set bias read -1..10",
	  "Sets the chance of choosing read over append", PM_E_BIAS,
	  cmd_set_bias },
	{ "set bias create", 1, 1, 0, "set bias create -1..10",
	  "Sets the chance of choosing create over delete", PM_E_BIAS,
	  cmd_set_bias },
	{ "set report", 1, 1, 0, "set report verbose|terse|csv|json",
	  "Choose verbose or terse report format", PM_E_REPORT,
	  cmd_set_report },
	{ "run", 0, 1, 0, "run [FILE]",
	  "Runs one iteration of benchmark", NULL, cmd_run },
	{ "load", 0, 1, 0, "load FILE",
	  "Read configuration file", NULL, cmd_load },
	{ "show", 0, 1, 0, "show [FILE]",
	  "Displays current configuration", NULL, cmd_show },
	{ "help", 0, 1, PM_CMDF_REST, "help [PREFIX]",
	  "Prints out available commands", NULL, cmd_help },
	{ "quit", 0, 0, 0, "quit",
	  "Exit program", NULL, cmd_quit },

	/* Additions. */
	{ "set label", 0, 1, PM_CMDF_REST, "set label [TEXT]",
	  "Sets the label of CSV and JSON records", NULL, cmd_set_label },
	{ "set iterations", 1, 1, 0, "set iterations N",
	  "Sets number of runs made by each run command", PM_E_ITER,
	  cmd_set_option },

	/* Aliases. */
	{ "?", 0, 1, PM_CMDF_REST | PM_CMDF_HIDDEN, "? [PREFIX]",
	  NULL, NULL, cmd_help },
	{ "exit", 0, 0, PM_CMDF_HIDDEN, "exit",
	  NULL, NULL, cmd_quit }
};

static const struct pm_opt pm_opts[] = {
	{ "set number", offsetof(struct pm_config, number),
	  1, PM_NUMBER_MAX, PM_E_NUMBER },
	{ "set seed", offsetof(struct pm_config, seed),
	  1, PM_INT_MAX, PM_E_SEED },
	{ "set transactions", offsetof(struct pm_config, transactions),
	  1, PM_INT_MAX, PM_E_TRANS },
	{ "set subdirectories", offsetof(struct pm_config, subdirs),
	  1, PM_INT_MAX, PM_E_SUBDIRS },
	{ "set read", offsetof(struct pm_config, read_block),
	  1, PM_INT_MAX, PM_E_READ },
	{ "set write", offsetof(struct pm_config, write_block),
	  1, PM_INT_MAX, PM_E_WRITE },
	{ "set iterations", offsetof(struct pm_config, iterations),
	  1, PM_ITER_MAX, PM_E_ITER }
};

/* Files being read by "load", to bound the nesting. */
static int pm_load_depth;

/*
 * Return the length of word n (0-based) of a command name and point *start
 * at it; 0 when the name has fewer words.
 */
static size_t
pm_word(const char *name, int n, const char **start)
{
	const char	*p = name;
	size_t		 len;

	for (;;) {
		len = strcspn(p, " ");
		if (n-- == 0) {
			*start = p;
			return (len);
		}
		if (p[len] == '\0') {
			*start = p + len;
			return (0);
		}
		p += len + 1;
	}
}

/*
 * Split a line into words at blanks, in place.  Returns the number of
 * words; *words and *offs (offset of each word in the line) are allocated
 * and owned by the caller.
 */
static int
pm_split(char *line, char ***words, size_t **offs)
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

/*
 * Find the command named by the first words of a line.  Word by word, a
 * word selects among the distinct words the remaining commands have at
 * that position: an exact match wins, otherwise it must be the prefix of
 * exactly one.  Returns the command and sets *used to the number of words
 * its name took, or returns NULL with *cause set ("Eh?" when nothing
 * matches or the name is incomplete, or the ambiguity).
 */
static const struct pm_cmd *
pm_cmd_find(char **words, int nwords, int *used, char **cause)
{
	unsigned char	 live[nitems(pm_cmds)], cand[nitems(pm_cmds)];
	const char	*w, *chosen, *s;
	char		*list, *typed, *tmp;
	size_t		 i, len, wlen, clen;
	int		 d, k, ambiguous;

	memset(live, 1, sizeof live);
	for (d = 0; d < nwords; d++) {
		/* The commands whose word d starts with words[d]. */
		wlen = strlen(words[d]);
		chosen = NULL;
		clen = 0;
		ambiguous = 0;
		for (i = 0; i < nitems(pm_cmds); i++) {
			cand[i] = 0;
			if (!live[i])
				continue;
			len = pm_word(pm_cmds[i].name, d, &w);
			if (len < wlen || strncmp(w, words[d], wlen) != 0)
				continue;
			cand[i] = 1;
			if (chosen == NULL) {
				chosen = w;
				clen = len;
			} else if (len != clen || strncmp(w, chosen, len) != 0)
				ambiguous = 1;
			if (len == wlen) {
				/* An exact word wins over longer ones. */
				chosen = w;
				clen = len;
			}
		}
		if (chosen == NULL)
			break;
		if (ambiguous && clen != wlen) {
			typed = xstrdup(words[0]);
			for (k = 1; k <= d; k++) {
				xasprintf(&tmp, "%s %s", typed, words[k]);
				free(typed);
				typed = tmp;
			}
			list = NULL;
			for (i = 0; i < nitems(pm_cmds); i++) {
				if (!cand[i] ||
				    (pm_cmds[i].flags & PM_CMDF_HIDDEN))
					continue;
				if (list == NULL)
					list = xstrdup(pm_cmds[i].name);
				else {
					xasprintf(&tmp, "%s, %s", list,
					    pm_cmds[i].name);
					free(list);
					list = tmp;
				}
			}
			xasprintf(cause, "ambiguous command: %s, could be: %s",
			    typed, list != NULL ? list : "");
			free(typed);
			free(list);
			return (NULL);
		}

		/* Keep the commands with that word; one may end here. */
		for (i = 0; i < nitems(pm_cmds); i++) {
			if (!live[i])
				continue;
			len = pm_word(pm_cmds[i].name, d, &w);
			if (len != clen || strncmp(w, chosen, clen) != 0)
				live[i] = 0;
			else if (pm_word(pm_cmds[i].name, d + 1, &s) == 0) {
				*used = d + 1;
				return (&pm_cmds[i]);
			}
		}
	}
	*cause = xstrdup("Eh?");
	return (NULL);
}

/* Drop the newline and a carriage return before it. */
static void
pm_chomp(char *line)
{
	size_t	 len = strlen(line);

	if (len > 0 && line[len - 1] == '\n')
		line[--len] = '\0';
	if (len > 0 && line[len - 1] == '\r')
		line[--len] = '\0';
}

/*
 * Run a shell escape: the command, or $SHELL when it is empty.  As in
 * PostMark the command's own status is ignored.
 */
static enum pm_cmd_status
pm_shell(const char *command, char **cause)
{
	const char	*shell;

	command += strspn(command, PM_BLANKS);
	if (*command == '\0') {
		shell = getenv("SHELL");
		command = (shell != NULL && *shell != '\0') ? shell : "/bin/sh";
	}
	fflush(stdout);
	if (system(command) == -1) {
		xasprintf(cause, PM_PREFIX "system: %s", strerror(errno));
		return (PM_CMD_ERROR);
	}
	return (PM_CMD_OK);
}

/*
 * Execute one line (without its newline): a comment or blank line does
 * nothing, "!" escapes to the shell, anything else is a command.  On
 * error *cause is set to the allocated message, or left NULL when the
 * failure was reported already.
 */
static enum pm_cmd_status
pm_execute(struct pm_config *cfg, const char *line, char **cause)
{
	const struct pm_cmd	*cmd;
	enum pm_cmd_status	 status;
	char			*copy, *rest, **words, **argv;
	size_t			*offs, len;
	int			 nwords, used, argc, i;

	*cause = NULL;
	line += strspn(line, PM_BLANKS);
	if (*line == '!')
		return (pm_shell(line + 1, cause));
	copy = xstrdup(line);
	nwords = pm_split(copy, &words, &offs);
	if (nwords == 0 || words[0][0] == '#') {
		status = PM_CMD_OK;
		goto out;
	}
	if ((cmd = pm_cmd_find(words, nwords, &used, cause)) == NULL) {
		status = PM_CMD_ERROR;
		goto out;
	}

	argv = xreallocarray(NULL, nwords - used + 2, sizeof *argv);
	argv[0] = xstrdup(cmd->name);
	argc = 1;
	rest = NULL;
	if ((cmd->flags & PM_CMDF_REST) && used < nwords) {
		rest = xstrdup(line + offs[used]);
		len = strlen(rest);
		while (len > 0 && (rest[len - 1] == ' ' ||
		    rest[len - 1] == '\t'))
			rest[--len] = '\0';
		argv[argc++] = rest;
	} else {
		for (i = used; i < nwords; i++)
			argv[argc++] = words[i];
	}
	argv[argc] = NULL;

	if (argc - 1 < cmd->min || argc - 1 > cmd->max) {
		if (cmd->argerr != NULL)
			*cause = xstrdup(cmd->argerr);
		else
			xasprintf(cause, "usage: %s", cmd->usage);
		status = PM_CMD_ERROR;
	} else
		status = cmd->exec(cfg, argc, argv, cause);
	free(rest);
	free(argv[0]);
	free(argv);
out:
	free(words);
	free(offs);
	free(copy);
	return (status);
}

/*
 * Read and execute the lines of fp in batch mode.  The first failing line
 * is reported as "NAME:LINE: message" on stderr.  Returns 0 at the end of
 * the input, 1 after "quit", -1 after a failure (reported).
 */
static int
pm_read(struct pm_config *cfg, FILE *fp, const char *name)
{
	enum pm_cmd_status	 status;
	unsigned long		 lineno = 0;
	char			*line = NULL, *cause;
	size_t			 size = 0;
	int			 rv = 0;

	while (getline(&line, &size, fp) != -1) {
		lineno++;
		pm_chomp(line);
		status = pm_execute(cfg, line, &cause);
		if (status == PM_CMD_ERROR) {
			fflush(stdout);
			/* Run errors keep the program name in front. */
			if (cause != NULL && strncmp(cause, PM_PREFIX,
			    strlen(PM_PREFIX)) == 0)
				fprintf(stderr, "%s%s:%lu: %s\n", PM_PREFIX,
				    name, lineno, cause + strlen(PM_PREFIX));
			else if (cause != NULL)
				fprintf(stderr, "%s:%lu: %s\n", name, lineno,
				    cause);
			free(cause);
			rv = -1;
			break;
		}
		if (status == PM_CMD_QUIT) {
			rv = 1;
			break;
		}
	}
	if (rv == 0 && ferror(fp)) {
		fflush(stdout);
		warn("%s", name);
		rv = -1;
	}
	free(line);
	return (rv);
}

/*
 * Read commands from an open file (the startup file or a "load"ed one) in
 * batch mode, after PostMark's "Reading configuration" line.  Returns 0 at
 * the end of the file, 1 after "quit", -1 after a failure it reported.
 */
int
pm_cli_file(struct pm_config *cfg, FILE *fp, const char *name)
{
	int	 rv;

	printf("Reading configuration from file '%s'\n", name);
	pm_load_depth++;
	rv = pm_read(cfg, fp, name);
	pm_load_depth--;
	return (rv);
}

/*
 * Read commands from standard input until "quit" or end of file: in batch
 * mode when it is not a terminal, otherwise interactively.  Returns the
 * exit status: 0 when every command succeeded, 1 otherwise.
 */
int
pm_cli_loop(struct pm_config *cfg)
{
	if (!isatty(STDIN_FILENO))
		return (pm_read(cfg, stdin, "-") < 0 ? PM_EXIT_FAIL :
		    PM_EXIT_OK);
	return (pm_interactive(cfg));
}

#ifdef HAVE_LIBEDIT
/* The prompt, for libedit. */
static char *
pm_el_prompt(EditLine *el)
{
	(void)el;
	return (PM_PROMPT);
}

/*
 * Tab completion of command words and "set" keys: the words before the
 * cursor select the commands they prefix; the word under the cursor is
 * completed to the longest common prefix of the next words of those
 * commands, or they are listed when it cannot grow.
 */
static unsigned char
pm_el_complete(EditLine *el, int ch)
{
	const LineInfo	*li = el_line(el);
	const char	*cand[nitems(pm_cmds)], *w, *partial;
	size_t		 clen[nitems(pm_cmds)], *offs, plen, lcp, len, i, j;
	char		*text, **words, *ins;
	int		 nwords, nprev, d, ok;
	unsigned int	 ncand = 0;
	unsigned char	 rv = CC_ERROR;

	(void)ch;
	text = xmalloc(li->cursor - li->buffer + 1);
	memcpy(text, li->buffer, li->cursor - li->buffer);
	text[li->cursor - li->buffer] = '\0';
	partial = "";
	if (text[0] != '\0' && strchr(PM_BLANKS,
	    text[strlen(text) - 1]) == NULL) {
		/* The cursor is in a word: complete it. */
		len = strlen(text);
		while (len > 0 && strchr(PM_BLANKS, text[len - 1]) == NULL)
			len--;
		partial = li->buffer + len;
		plen = (li->cursor - li->buffer) - len;
		text[len] = '\0';
	} else
		plen = 0;
	nwords = pm_split(text, &words, &offs);
	nprev = nwords;

	for (i = 0; i < nitems(pm_cmds); i++) {
		if (pm_cmds[i].flags & PM_CMDF_HIDDEN)
			continue;
		ok = 1;
		for (d = 0; d < nprev && ok; d++) {
			len = pm_word(pm_cmds[i].name, d, &w);
			if (len < strlen(words[d]) ||
			    strncmp(w, words[d], strlen(words[d])) != 0)
				ok = 0;
		}
		if (!ok)
			continue;
		len = pm_word(pm_cmds[i].name, nprev, &w);
		if (len == 0 || len < plen || strncmp(w, partial, plen) != 0)
			continue;
		for (j = 0; j < ncand; j++) {
			if (clen[j] == len && strncmp(cand[j], w, len) == 0)
				break;
		}
		if (j == ncand) {
			cand[ncand] = w;
			clen[ncand++] = len;
		}
	}
	if (ncand == 0)
		goto out;

	lcp = clen[0];
	for (j = 1; j < ncand; j++) {
		for (i = 0; i < lcp && i < clen[j] && cand[j][i] == cand[0][i];
		    i++)
			continue;
		lcp = i;
	}
	if (ncand == 1 || lcp > plen) {
		ins = xmalloc(lcp - plen + 2);
		memcpy(ins, cand[0] + plen, lcp - plen);
		ins[lcp - plen] = '\0';
		if (ncand == 1)
			strcat(ins, " ");
		el_insertstr(el, ins);
		free(ins);
		rv = CC_REDISPLAY;
		goto out;
	}
	putchar('\n');
	for (j = 0; j < ncand; j++)
		printf("%.*s%s", (int)clen[j], cand[j],
		    j + 1 < ncand ? "  " : "\n");
	fflush(stdout);
	rv = CC_REDISPLAY;
out:
	free(words);
	free(offs);
	free(text);
	return (rv);
}
#endif /* HAVE_LIBEDIT */

/*
 * The interactive shell: prompt, read a line (libedit when both stdin and
 * stdout are terminals), execute it, print its error, repeat.  The history
 * is saved after every line.  Returns 1 when any command failed, else 0.
 */
static int
pm_interactive(struct pm_config *cfg)
{
	enum pm_cmd_status	 status;
	char			*line = NULL, *cause;
	size_t			 size = 0;
	int			 rv = PM_EXIT_OK;
#ifdef HAVE_LIBEDIT
	EditLine		*el = NULL;
	History			*hist = NULL;
	HistEvent		 ev;
	const char		*home, *got;
	char			*histfile = NULL;
	int			 count;

	if (isatty(STDOUT_FILENO)) {
		el = el_init("postmark", stdin, stdout, stderr);
		hist = history_init();
	}
	if (el != NULL && hist != NULL) {
		history(hist, &ev, H_SETSIZE, PM_HISTORY_SIZE);
		history(hist, &ev, H_SETUNIQUE, 1);
		if ((home = getenv("HOME")) != NULL && *home != '\0') {
			xasprintf(&histfile, "%s/%s", home, PM_HISTORY);
			history(hist, &ev, H_LOAD, histfile);
		}
		el_set(el, EL_HIST, history, hist);
		el_set(el, EL_PROMPT, pm_el_prompt);
		el_set(el, EL_EDITOR, "emacs");
		el_set(el, EL_SIGNAL, 1);
		el_set(el, EL_ADDFN, "pm-complete",
		    "Complete a command or set key", pm_el_complete);
		el_set(el, EL_BIND, "^I", "pm-complete", NULL);
		el_source(el, NULL);
	} else {
		if (el != NULL)
			el_end(el);
		if (hist != NULL)
			history_end(hist);
		el = NULL;
		hist = NULL;
	}
#endif

	for (;;) {
#ifdef HAVE_LIBEDIT
		if (el != NULL) {
			if ((got = el_gets(el, &count)) == NULL ||
			    count <= 0)
				break;
			free(line);
			line = xstrdup(got);
			pm_chomp(line);
			if (line[strspn(line, PM_BLANKS)] != '\0') {
				history(hist, &ev, H_ENTER, line);
				if (histfile != NULL)
					history(hist, &ev, H_SAVE, histfile);
			}
		} else
#endif
		{
			fputs(PM_PROMPT, stdout);
			fflush(stdout);
			if (getline(&line, &size, stdin) == -1)
				break;
			pm_chomp(line);
		}
		status = pm_execute(cfg, line, &cause);
		if (status == PM_CMD_ERROR) {
			rv = PM_EXIT_FAIL;
			if (cause != NULL) {
				fflush(stdout);
				fprintf(stderr, "%s\n", cause);
			}
			free(cause);
		}
		if (status == PM_CMD_QUIT)
			goto done;
	}
	/* End of file: finish the prompt's line. */
	putchar('\n');
done:
#ifdef HAVE_LIBEDIT
	if (el != NULL)
		el_end(el);
	if (hist != NULL)
		history_end(hist);
	free(histfile);
#endif
	free(line);
	return (rv);
}

/* The generic setter of pm_opts[]: one strict number in the key's range. */
static enum pm_cmd_status
cmd_set_option(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	const struct pm_opt	*opt;
	const char		*errstr;
	long long		 v;
	size_t			 i;

	(void)argc;
	for (i = 0; i < nitems(pm_opts); i++) {
		if (strcmp(pm_opts[i].name, argv[0]) == 0)
			break;
	}
	if (i == nitems(pm_opts))
		abort();
	opt = &pm_opts[i];
	v = strtonum(argv[1], opt->min, opt->max, &errstr);
	if (errstr != NULL) {
		*cause = xstrdup(opt->error);
		return (PM_CMD_ERROR);
	}
	*(uint32_t *)((char *)cfg + opt->offset) = (uint32_t)v;
	return (PM_CMD_OK);
}

/* set size LOW [HIGH]: HIGH defaults to LOW and must not be below it. */
static enum pm_cmd_status
cmd_set_size(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	const char	*errstr;
	long long	 low, high;

	low = strtonum(argv[1], 1, PM_SIZE_MAX, &errstr);
	if (errstr == NULL && argc == 3)
		high = strtonum(argv[2], low, PM_SIZE_MAX, &errstr);
	else
		high = low;
	if (errstr != NULL) {
		*cause = xstrdup(PM_E_SIZE);
		return (PM_CMD_ERROR);
	}
	cfg->size_low = (uint32_t)low;
	cfg->size_high = (uint32_t)high;
	return (PM_CMD_OK);
}

/*
 * set location PATH [WEIGHT] replaces the list, +PATH [WEIGHT] appends to
 * it, -PATH removes PATH.  A bad weight is reported, replaced by 1, and
 * fails the command after the location was set, as PostMark's message
 * says.
 */
static enum pm_cmd_status
cmd_set_location(struct pm_config *cfg, int argc, char **argv,
    char **cause)
{
	const char	*path = argv[1], *errstr = NULL;
	long long	 weight = 1;
	char		 op = '\0';

	if (*path == '+' || *path == '-')
		op = *path++;
	if (*path == '\0') {
		*cause = xstrdup(PM_E_LOCATION);
		return (PM_CMD_ERROR);
	}
	if (op == '-') {
		if (argc != 2) {
			*cause = xstrdup("usage: set location -PATH");
			return (PM_CMD_ERROR);
		}
		if (pm_config_remove_location(cfg, path) == -1) {
			xasprintf(cause, "Error: cannot find location '%s'",
			    path);
			return (PM_CMD_ERROR);
		}
		return (PM_CMD_OK);
	}
	if (argc == 3) {
		weight = strtonum(argv[2], 1, PM_INT_MAX, &errstr);
		if (errstr != NULL)
			weight = 1;
	}
	if (op != '+')
		pm_config_clear_locations(cfg);
	pm_config_add_location(cfg, path, (uint32_t)weight);
	if (errstr != NULL) {
		xasprintf(cause, "Error: ignoring invalid weight '%s'",
		    argv[2]);
		return (PM_CMD_ERROR);
	}
	return (PM_CMD_OK);
}

/* set buffering true|false, exactly. */
static enum pm_cmd_status
cmd_set_buffering(struct pm_config *cfg, int argc, char **argv,
    char **cause)
{
	(void)argc;
	if (strcmp(argv[1], "true") == 0)
		cfg->buffering = 1;
	else if (strcmp(argv[1], "false") == 0)
		cfg->buffering = 0;
	else {
		*cause = xstrdup(PM_E_BUFFERING);
		return (PM_CMD_ERROR);
	}
	return (PM_CMD_OK);
}

/* set bias read|create N, N from -1 (disabled) to 10. */
static enum pm_cmd_status
cmd_set_bias(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	const char	*errstr;
	long long	 v;

	(void)argc;
	v = strtonum(argv[1], PM_BIAS_OFF, 10, &errstr);
	if (errstr != NULL) {
		*cause = xstrdup(PM_E_BIAS);
		return (PM_CMD_ERROR);
	}
	if (strcmp(argv[0], "set bias read") == 0)
		cfg->bias_read = (int)v;
	else
		cfg->bias_create = (int)v;
	return (PM_CMD_OK);
}

/* set report verbose|terse|csv|json, exactly. */
static enum pm_cmd_status
cmd_set_report(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	(void)argc;
	if (pm_report_format(argv[1], &cfg->report) == -1) {
		*cause = xstrdup(PM_E_REPORT);
		return (PM_CMD_ERROR);
	}
	return (PM_CMD_OK);
}

/* set label [TEXT]: the rest of the line; no text removes the label. */
static enum pm_cmd_status
cmd_set_label(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	(void)cause;
	free(cfg->label);
	cfg->label = argc == 2 ? xstrdup(argv[1]) : NULL;
	return (PM_CMD_OK);
}

/* load FILE: read commands from FILE in batch mode. */
static enum pm_cmd_status
cmd_load(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	FILE	*fp;
	int	 rv;

	if (argc == 1) {
		*cause = xstrdup(PM_E_LOAD);
		return (PM_CMD_ERROR);
	}
	if (pm_load_depth >= PM_LOAD_DEPTH) {
		xasprintf(cause, "Error: cannot load '%s': more than %d files "
		    "nested", argv[1], PM_LOAD_DEPTH);
		return (PM_CMD_ERROR);
	}
	if ((fp = fopen(argv[1], "r")) == NULL) {
		xasprintf(cause, "Error: cannot read configuration file '%s'",
		    argv[1]);
		return (PM_CMD_ERROR);
	}
	rv = pm_cli_file(cfg, fp, argv[1]);
	fclose(fp);
	return (rv < 0 ? PM_CMD_ERROR : PM_CMD_OK);
}

/*
 * Format a size as PostMark's scale() does: megabytes or kilobytes with
 * two decimals computed in float, or bytes.
 */
static void
pm_scale(char *buf, size_t len, uint32_t v)
{
	if (v >= 1048576)
		snprintf(buf, len, "%.2f megabytes",
		    (double)((float)v / 1048576.0f));
	else if (v >= 1024)
		snprintf(buf, len, "%.2f kilobytes",
		    (double)((float)v / 1024.0f));
	else
		snprintf(buf, len, "%u bytes", v);
}

/* The current directory, allocated, or NULL (errno set). */
static char *
pm_getcwd(void)
{
	char	*buf = NULL;
	size_t	 size = 256;

	for (;;) {
		buf = xreallocarray(buf, size, 1);
		if (getcwd(buf, size) != NULL)
			return (buf);
		if (errno != ERANGE || size > 1024 * 1024) {
			free(buf);
			return (NULL);
		}
		size *= 2;
	}
}

/*
 * show [FILE]: print the configuration in PostMark's layout, then the
 * additions that are set (label, iterations).  With FILE, every line is
 * appended to it; a FILE that cannot be opened fails before anything is
 * printed.
 */
static enum pm_cmd_status
cmd_show(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	FILE	*fp = stdout;
	char	 low[64], high[64], *cwd;
	size_t	 i;

	if (argc == 2 && (fp = fopen(argv[1], "a")) == NULL) {
		xasprintf(cause, "Error: Cannot direct output to file '%s'",
		    argv[1]);
		return (PM_CMD_ERROR);
	}
	fprintf(fp, "Current configuration is:\n");
	fprintf(fp, "The base number of files is %u\n", cfg->number);
	fprintf(fp, "Transactions: %u\n", cfg->transactions);
	pm_scale(low, sizeof low, cfg->size_low);
	pm_scale(high, sizeof high, cfg->size_high);
	if (cfg->size_low != cfg->size_high)
		fprintf(fp, "Files range between %s and %s in size\n", low,
		    high);
	else
		fprintf(fp, "Files are %s in size\n", low);
	if (cfg->nlocations == 0) {
		cwd = pm_getcwd();
		fprintf(fp, "Working directory: %s\n",
		    cwd != NULL ? cwd : strerror(errno));
		free(cwd);
	} else
		fprintf(fp, "Working director%s: \n",
		    cfg->nlocations == 1 ? "y" : "ies");
	for (i = 0; i < cfg->nlocations; i++)
		fprintf(fp, "\t%s (weight=%u)\n", cfg->locations[i].name,
		    cfg->locations[i].weight);
	if (cfg->subdirs == 1)
		fprintf(fp, "1 subdirectory will be used\n");
	else if (cfg->subdirs > 1)
		fprintf(fp, "%u subdirectories will be used\n", cfg->subdirs);
	pm_scale(low, sizeof low, cfg->read_block);
	pm_scale(high, sizeof high, cfg->write_block);
	fprintf(fp, "Block sizes are: read=%s, write=%s\n", low, high);
	fprintf(fp, "Biases are: read/append=%d, create/delete=%d\n",
	    cfg->bias_read, cfg->bias_create);
	fprintf(fp, "%s Unix buffered file I/O\n",
	    cfg->buffering ? "Using" : "Not using");
	fprintf(fp, "Random number generator seed is %u\n", cfg->seed);
	fprintf(fp, "Report format is %s.\n", pm_report_name(cfg->report));
	if (cfg->label != NULL)
		fprintf(fp, "Label: %s\n", cfg->label);
	if (cfg->iterations > 1)
		fprintf(fp, "Iterations: %u\n", cfg->iterations);

	if (fp != stdout) {
		if (ferror(fp) | fclose(fp)) {
			xasprintf(cause, PM_PREFIX "write %s: %s", argv[1],
			    strerror(errno));
			return (PM_CMD_ERROR);
		}
	}
	return (PM_CMD_OK);
}

/*
 * help [PREFIX]: "name - help" for the commands whose name starts with
 * PREFIX (plain string prefix, as PostMark), or for all when none does.
 */
static enum pm_cmd_status
cmd_help(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	const char	*prefix = argc == 2 ? argv[1] : "";
	size_t		 i, len = strlen(prefix), n = 0;

	(void)cfg;
	(void)cause;
	for (i = 0; i < nitems(pm_cmds); i++) {
		if (!(pm_cmds[i].flags & PM_CMDF_HIDDEN) &&
		    strncmp(pm_cmds[i].name, prefix, len) == 0)
			n++;
	}
	if (n == 0)
		len = 0;
	for (i = 0; i < nitems(pm_cmds); i++) {
		if (!(pm_cmds[i].flags & PM_CMDF_HIDDEN) &&
		    strncmp(pm_cmds[i].name, prefix, len) == 0)
			printf("%s - %s\n", pm_cmds[i].name, pm_cmds[i].help);
	}
	return (PM_CMD_OK);
}

/* quit, exit: stop reading this input. */
static enum pm_cmd_status
cmd_quit(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	(void)cfg;
	(void)argc;
	(void)argv;
	(void)cause;
	return (PM_CMD_QUIT);
}

/*
 * run [FILE]: the run driver (pm_run.c) runs the iterations and writes
 * the reports.  An interrupted run ends the program with status 128 +
 * the signal once its record is written.
 */
static enum pm_cmd_status
cmd_run(struct pm_config *cfg, int argc, char **argv, char **cause)
{
	int	 rv;

	rv = pm_run(cfg, argc == 2 ? argv[1] : NULL, cause);
	if (rv >= 128) {
		fflush(stdout);
		exit(rv);
	}
	return (rv == 0 ? PM_CMD_OK : PM_CMD_ERROR);
}
