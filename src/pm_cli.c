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
 * The command language's front: the table pm_cmds[] (tmux's cmd_entry,
 * with designated initialisers, an alias a field of its command's row),
 * the names of the language that dispatch, help and completion share, the
 * one finder, and the execution of one line.  A line is split into words
 * at blanks (pm_value_split); its command is found by matching the words
 * one by one against the names of the commands and of the "set" keys
 * (pm_option.c), each word by unique prefix (tmux's cmd_find): "set num
 * 100" works, "set s 1" is ambiguous, "runaway" is an unknown command.  A
 * key followed by a plural s ("set numbers 100"), which PostMark's prefix
 * compare accepted, is taken with a warning.
 */

#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"
#include "pm_mpi.h"
#include "pm_record.h"

#ifndef nitems
#define nitems(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define PM_LOAD_DEPTH	16		/* files nested by "load" */
#define PM_BLANKS	" \t"
#define PM_NEAR		2		/* edits at most to a name's word */

/* A name of the language: a command, its alias, or a "set" key. */
struct pm_entry {
	const char		*name;		/* "run", "set bias read" */
	const struct pm_cmd	*cmd;		/* or NULL */
	const struct pm_option	*opt;		/* or NULL */
	int			 hidden;	/* an alias */
	int			 postmark;	/* one of PostMark's names */
};

/* The word a word typed picks among the words of names at its place. */
struct pm_pick {
	const char		*word;		/* in a name, or NULL: none */
	size_t			 len;		/* bytes of word */
	int			 ambiguous;	/* names have other words */
};

/* What the finder found. */
struct pm_found {
	const struct pm_entry	*entry;
	int			 used;		/* words of the name */
	int			 plural;	/* last word had a plural s */
};

static enum pm_cmd_status cmd_run(struct pm_shell *, int, char **,
		    struct pm_cmderr *);
static enum pm_cmd_status cmd_load(struct pm_shell *, int, char **,
		    struct pm_cmderr *);
static enum pm_cmd_status cmd_show(struct pm_shell *, int, char **,
		    struct pm_cmderr *);
static enum pm_cmd_status cmd_help(struct pm_shell *, int, char **,
		    struct pm_cmderr *);
static enum pm_cmd_status cmd_quit(struct pm_shell *, int, char **,
		    struct pm_cmderr *);

static const struct pm_entry *pm_entries(size_t *);
static size_t	 pm_word(const char *, int, const char **);
static int	 pm_word_is(const char *, size_t, const char *, size_t);
static char	*pm_join(char **, int, const char *);
static char	*pm_candidates(const struct pm_entry *, const unsigned char *,
		    size_t);
static void	 pm_pick(struct pm_pick *, const char *, size_t, int);
static int	 pm_find(char **, int, struct pm_found *, struct pm_cmderr *);
static const struct pm_entry *pm_keep(const struct pm_entry *, size_t,
		    unsigned char *, int, const struct pm_pick *);
static void	 pm_find_error(const struct pm_entry *, size_t,
		    const unsigned char *, char **, int, int, int,
		    struct pm_cmderr *);
static size_t	 pm_distance(const char *, size_t, const char *, size_t);
static char	*pm_nearest(const struct pm_entry *, size_t,
		    const unsigned char *, int, const char *);
static void	 pm_location_warn(struct pm_shell *, const char *);
static enum pm_cmd_status pm_escape(struct pm_shell *, const char *,
		    struct pm_cmderr *);
static enum pm_cmd_status pm_dispatch(struct pm_shell *,
		    const struct pm_found *, int, char **,
		    struct pm_cmderr *);

/* The commands.  PostMark's are flagged: help lists them after its keys. */
static const struct pm_cmd pm_cmds[] = {
	{
		.name = "run", .min_args = 0, .max_args = 1,
		.flags = PM_CMDF_POSTMARK, .usage = "run [FILE]",
		.help = "Runs one iteration of benchmark", .exec = cmd_run
	}, {
		.name = "load", .min_args = 0, .max_args = 1,
		.flags = PM_CMDF_POSTMARK, .usage = "load FILE",
		.help = "Read configuration file", .exec = cmd_load
	}, {
		.name = "show", .min_args = 0, .max_args = 1,
		.flags = PM_CMDF_POSTMARK, .usage = "show [FILE]",
		.help = "Displays current configuration", .exec = cmd_show
	}, {
		.name = "help", .alias = "?", .min_args = 0, .max_args = 1,
		.flags = PM_CMDF_POSTMARK | PM_CMDF_REST,
		.usage = "help [PREFIX]",
		.help = "Prints out available commands", .exec = cmd_help
	}, {
		.name = "quit", .alias = "exit", .min_args = 0, .max_args = 0,
		.flags = PM_CMDF_POSTMARK, .usage = "quit",
		.help = "Exit program", .exec = cmd_quit
	}
};

/*
 * Every name of the language in help's order: PostMark's keys, its
 * commands, our keys, our commands, then the aliases (hidden).  Built
 * once.
 */
static const struct pm_entry *
pm_entries(size_t *n)
{
	static struct pm_entry	*list;
	static size_t		 len;
	const struct pm_option	*opts;
	size_t			 nopts, i;
	int			 pass;

	if (list != NULL) {
		*n = len;
		return (list);
	}
	opts = pm_options(&nopts);
	list = xcalloc(nopts + 2 * nitems(pm_cmds), sizeof *list);
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < nopts; i++) {
			if (((opts[i].flags & PM_OPTF_POSTMARK) != 0) !=
			    (pass == 0))
				continue;
			list[len].name = opts[i].name;
			list[len].postmark = pass == 0;
			list[len++].opt = &opts[i];
		}
		for (i = 0; i < nitems(pm_cmds); i++) {
			if (((pm_cmds[i].flags & PM_CMDF_POSTMARK) != 0) !=
			    (pass == 0))
				continue;
			list[len].name = pm_cmds[i].name;
			list[len].postmark = pass == 0;
			list[len++].cmd = &pm_cmds[i];
		}
	}
	for (i = 0; i < nitems(pm_cmds); i++) {
		if (pm_cmds[i].alias == NULL)
			continue;
		list[len].name = pm_cmds[i].alias;
		list[len].hidden = 1;
		list[len++].cmd = &pm_cmds[i];
	}
	*n = len;
	return (list);
}

/*
 * Return the length of word n (0-based) of a name and point *start at
 * it; 0 when the name has fewer words.
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

/* Whether the word x (xlen bytes) is the word y (ylen bytes). */
static int
pm_word_is(const char *x, size_t xlen, const char *y, size_t ylen)
{
	return (xlen == ylen && strncmp(x, y, xlen) == 0);
}

/* Words [0, n) joined by sep; allocated. */
static char *
pm_join(char **words, int n, const char *sep)
{
	char	*s = xstrdup(""), *t;
	int	 i;

	for (i = 0; i < n; i++) {
		xasprintf(&t, "%s%s%s", s, i > 0 ? sep : "", words[i]);
		free(s);
		s = t;
	}
	return (s);
}

/* The visible names among the marked entries, "a, b, c"; allocated. */
static char *
pm_candidates(const struct pm_entry *e, const unsigned char *mark, size_t n)
{
	char	*s = xstrdup(""), *t;
	size_t	 i;

	for (i = 0; i < n; i++) {
		if (!mark[i] || e[i].hidden)
			continue;
		xasprintf(&t, "%s%s%s", s, *s != '\0' ? ", " : "", e[i].name);
		free(s);
		s = t;
	}
	return (s);
}

/*
 * Offer the word x (len bytes) of a name to a pick: the first word
 * offered is taken, and a later one when it is exact (the word typed);
 * a word unlike the one taken makes the pick ambiguous.
 */
static void
pm_pick(struct pm_pick *p, const char *x, size_t len, int exact)
{
	if (p->word != NULL && !pm_word_is(x, len, p->word, p->len))
		p->ambiguous = 1;
	if (p->word == NULL || exact) {
		p->word = x;
		p->len = len;
	}
}

/*
 * Find the name made by the first words of a line (tmux's cmd_find, word
 * by word).  Word d picks one of the words the names still in the running
 * have at d: itself when one is it; else the one it starts; when it
 * starts several, PostMark's one word among them ("set w" is still set
 * write when keys starting with w are added); when it starts none, the
 * last word of a "set" key that it is with a plural s ("set numbers").
 * The names with another word at d drop out, and the first that ends
 * there is found.  Returns 0 with *f set, or -1 with *err set: unknown,
 * ambiguous, or not a whole name.
 */
static int
pm_find(char **words, int nwords, struct pm_found *f,
    struct pm_cmderr *err)
{
	static const struct pm_pick none;
	const struct pm_entry	*e;
	struct pm_pick		 pick, pm;
	const char		*x, *next, *w;
	unsigned char		*live, *cand;
	size_t			 n, i, len, wlen, plural;
	int			 d, ambiguous = 0, rc = -1;

	e = pm_entries(&n);
	live = memset(xmalloc(n), 1, n);
	cand = xmalloc(n);
	memset(f, 0, sizeof *f);
	for (d = 0; d < nwords && f->entry == NULL; d++) {
		w = words[d];
		wlen = strlen(w);
		pick = pm = none;
		for (i = 0, plural = n; i < n; i++) {
			len = pm_word(e[i].name, d, &x);
			cand[i] = live[i] && len >= wlen &&
			    strncmp(x, w, wlen) == 0;
			if (live[i] && e[i].opt != NULL && plural == n &&
			    len > 0 && pm_word_is(x, len, w, wlen - 1) &&
			    w[len] == 's' && !pm_word(e[i].name, d + 1, &next))
				plural = i;
			if (cand[i])
				pm_pick(&pick, x, len, len == wlen);
			if (cand[i] && e[i].postmark)
				pm_pick(&pm, x, len, 0);
		}
		if (pick.word == NULL && plural < n) {
			pick.len = pm_word(e[plural].name, d, &pick.word);
			f->plural = 1;
		}
		if (pick.word == NULL)
			break;
		if (pick.ambiguous && pick.len != wlen) {
			if ((ambiguous = pm.word == NULL || pm.ambiguous))
				break;
			pick = pm;		/* PostMark's one word */
		}
		f->entry = pm_keep(e, n, live, d, &pick);
	}
	if (f->entry != NULL) {
		f->used = d;
		rc = 0;
	} else
		pm_find_error(e, n, ambiguous ? cand : live, words, nwords,
		    d, ambiguous, err);
	free(live);
	free(cand);
	return (rc);
}

/*
 * Keep in the running (live) the names whose word at d is the word
 * picked; returns the first of them that ends there, or NULL.
 */
static const struct pm_entry *
pm_keep(const struct pm_entry *e, size_t n, unsigned char *live, int d,
    const struct pm_pick *pick)
{
	const struct pm_entry	*found = NULL;
	const char		*x, *next;
	size_t			 i, len;

	for (i = 0; i < n; i++) {
		len = pm_word(e[i].name, d, &x);
		if (!live[i] || !pm_word_is(x, len, pick->word, pick->len))
			live[i] = 0;
		else if (found == NULL && !pm_word(e[i].name, d + 1, &next))
			found = &e[i];
	}
	return (found);
}

/*
 * Why the first d + 1 words name nothing: word d is ambiguous among the
 * marked names; or with the marked names left, it is an unknown command,
 * an unknown key (or word) after the words before it, or, when every
 * word matched (d is nwords), a name cut short, with what it could go on
 * with.
 */
static void
pm_find_error(const struct pm_entry *e, size_t n, const unsigned char *mark,
    char **words, int nwords, int d, int ambiguous, struct pm_cmderr *err)
{
	char	*typed, *list = NULL;
	size_t	 i;

	typed = pm_join(words, d < nwords ? d + ambiguous : nwords, " ");
	if (ambiguous || d == nwords)
		list = pm_candidates(e, mark, n);
	if (ambiguous)
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "ambiguous command: %s, "
		    "could be: %s", typed, list);
	else if (d == 0)
		pm_cmderr_set(err, PM_ERR_INPUT, "Eh?", "unknown command '%s'",
		    words[0]);
	else if (d < nwords) {
		for (i = 0; i < n && !(mark[i] && e[i].opt != NULL); i++)
			continue;
		pm_cmderr_set(err, PM_ERR_INPUT, "Eh?", "unknown %s '%s' "
		    "after '%s'", i < n ? "key" : "word", words[d], typed);
	} else
		pm_cmderr_set(err, PM_ERR_INPUT, "Eh?", "'%s' is not a whole "
		    "command: %s", typed, list);
	if (!ambiguous && d < nwords)
		err->hint = pm_nearest(e, n, mark, d, words[d]);
	free(typed);
	free(list);
}

/*
 * The optimal string alignment distance between a (alen bytes) and b
 * (blen bytes): the insertions, deletions, substitutions and swaps of
 * two neighbours that make one the other, or PM_NEAR + 1 when it is
 * more than PM_NEAR (the lengths alone may tell).  Three rows of the
 * table are kept.
 */
static size_t
pm_distance(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t	*row[3], *t, i, j, cost, best;

	if ((alen > blen ? alen - blen : blen - alen) > PM_NEAR)
		return (PM_NEAR + 1);
	for (i = 0; i < 3; i++)
		row[i] = xreallocarray(NULL, blen + 1, sizeof *row[i]);
	for (j = 0; j <= blen; j++)
		row[1][j] = j;
	for (i = 1; i <= alen; i++) {
		/* row[2]: i; row[1]: i - 1; row[0]: i - 2. */
		row[2][0] = i;
		for (j = 1; j <= blen; j++) {
			cost = a[i - 1] != b[j - 1];
			best = row[1][j - 1] + cost;
			if (row[1][j] + 1 < best)
				best = row[1][j] + 1;
			if (row[2][j - 1] + 1 < best)
				best = row[2][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && row[0][j - 2] + 1 < best)
				best = row[0][j - 2] + 1;
			row[2][j] = best;
		}
		t = row[0];
		row[0] = row[1];
		row[1] = row[2];
		row[2] = t;
	}
	best = row[1][blen];
	for (i = 0; i < 3; i++)
		free(row[i]);
	return (best > PM_NEAR ? PM_NEAR + 1 : best);
}

/*
 * What the word typed at place d probably meant, among the words the
 * marked names have there: the nearest by edit distance (at most
 * PM_NEAR edits, and a third of the word's length), else a word that
 * the typed one starts with ("size100": size), all the words as near
 * as the nearest.  Returns an allocated "did you mean X?" ("X or Y"),
 * or NULL when none is near.
 */
static char *
pm_nearest(const struct pm_entry *e, size_t n, const unsigned char *mark,
    int d, const char *typed)
{
	const char	*x, *y;
	char		*list = NULL, *t, *hint;
	size_t		 tlen = strlen(typed), i, j, len, dist, best, *score;
	size_t		 nbest = 0, said = 0;

	score = xreallocarray(NULL, n, sizeof *score);
	best = PM_NEAR + 2;
	for (i = 0; i < n; i++) {
		score[i] = PM_NEAR + 2;
		if (!mark[i] || (len = pm_word(e[i].name, d, &x)) == 0)
			continue;
		dist = pm_distance(typed, tlen, x, len);
		if (dist <= PM_NEAR && 3 * dist <= len)
			score[i] = dist;
		else if (len >= 2 && len < tlen && strncmp(typed, x, len) == 0)
			score[i] = PM_NEAR + 1;
		if (score[i] < best)
			best = score[i];
	}
	/* The nearest, each word once (set bias read, set bias create). */
	for (i = 0; i < n; i++) {
		if (score[i] != best || best > PM_NEAR + 1)
			continue;
		len = pm_word(e[i].name, d, &x);
		for (j = 0; j < i; j++) {
			if (score[j] == best && pm_word(e[j].name, d, &y) ==
			    len && strncmp(x, y, len) == 0)
				break;
		}
		if (j < i)
			score[i] = PM_NEAR + 2;
		else
			nbest++;
	}
	for (i = 0; i < n && nbest > 0; i++) {
		if (score[i] != best)
			continue;
		len = pm_word(e[i].name, d, &x);
		said++;
		xasprintf(&t, "%s%s%.*s", list != NULL ? list : "",
		    said == 1 ? "" : said == nbest ? " or " : ", ", (int)len,
		    x);
		free(list);
		list = t;
	}
	free(score);
	if (list == NULL)
		return (NULL);
	xasprintf(&hint, "did you mean %s?", list);
	free(list);
	return (hint);
}

/*
 * A shell escape: the command, or $SHELL when it is empty; as in PostMark
 * its own status is ignored.  When checking a file it is not run, and
 * what follows is checked only as far as a changed file system allows.
 */
static enum pm_cmd_status
pm_escape(struct pm_shell *sh, const char *command, struct pm_cmderr *err)
{
	const char	*shell;

	if (sh->check) {
		sh->escaped = 1;
		return (PM_CMD_OK);
	}
	if (pm_mpi_rank() != 0)		/* once, on rank 0, as hooks */
		return (PM_CMD_OK);
	command += strspn(command, PM_BLANKS);
	if (*command == '\0') {
		shell = getenv("SHELL");
		command = (shell != NULL && *shell != '\0') ? shell : "/bin/sh";
	}
	fflush(stdout);
	if (system(command) == -1) {
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "system: %s",
		    strerror(errno));
		return (PM_CMD_ERROR);
	}
	return (PM_CMD_OK);
}

/*
 * At the prompt on a terminal, say at once what is wrong with the
 * location that "set location WORD" just named ([+]PATH; not one
 * removed), as pm_run_check would say it: the run checks it again.
 */
static void
pm_location_warn(struct pm_shell *sh, const char *word)
{
	char	*why;

	if (!sh->tty || sh->file != NULL || sh->check || *word == '-' ||
	    !pm_check_fs(sh->cfg))
		return;
	if ((why = pm_check_location(sh->cfg, word + (*word == '+'))) !=
	    NULL)
		pm_shell_warn(sh, "%s; run checks it again", why);
	free(why);
}

/*
 * Run what the finder found with its argument words: a "set" key through
 * the option table, a command after checking its number of arguments.
 */
static enum pm_cmd_status
pm_dispatch(struct pm_shell *sh, const struct pm_found *f, int argc,
    char **argv, struct pm_cmderr *err)
{
	const struct pm_cmd	*cmd = f->entry->cmd;
	char			**cargv;
	enum pm_cmd_status	 status;
	int			 i;

	if (f->plural)
		pm_shell_warn(sh, "read '%s' as '%s', as PostMark did",
		    argv[-1], f->entry->name);
	if (f->entry->opt != NULL) {
		if (pm_value_set(sh->cfg, f->entry->opt, argc, argv, err) ==
		    -1)
			return (PM_CMD_ERROR);
		if (f->entry->opt->type == PM_V_LOCATION && argc > 0)
			pm_location_warn(sh, argv[0]);
		return (PM_CMD_OK);
	}
	if (argc < cmd->min_args || argc > cmd->max_args) {
		/* The usage under the name used: an alias's is the row's. */
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "%s takes %s, got %d "
		    "(usage: %s%s)", f->entry->name, cmd->max_args == 0 ?
		    "no argument" : cmd->min_args == 0 ?
		    "at most one argument" : "one argument", argc,
		    f->entry->name, cmd->usage + strlen(cmd->name));
		return (PM_CMD_ERROR);
	}
	/* Handlers see argv[0] = the name used, as in main. */
	cargv = xreallocarray(NULL, argc + 2, sizeof *cargv);
	cargv[0] = xstrdup(f->entry->name);
	for (i = 0; i < argc; i++)
		cargv[i + 1] = argv[i];
	cargv[argc + 1] = NULL;
	status = cmd->exec(sh, argc + 1, cargv, err);
	free(cargv[0]);
	free(cargv);
	return (status);
}

/*
 * Execute one line (without its newline): a blank line or a comment
 * (first word starting with '#') does nothing, "!" escapes to the shell,
 * anything else is a command or a "set" key.  Returns the status; on
 * PM_CMD_ERROR *err says why.
 */
enum pm_cmd_status
pm_cmd_line(struct pm_shell *sh, const char *line, struct pm_cmderr *err)
{
	struct pm_found		 f;
	enum pm_cmd_status	 status = PM_CMD_OK;
	char			*copy, *rest = NULL, **words;
	size_t			*offs, len;
	int			 nwords, rested;

	line += strspn(line, PM_BLANKS);
	if (*line == '!')
		return (pm_escape(sh, line + 1, err));
	copy = xstrdup(line);
	nwords = pm_value_split(copy, &words, &offs);
	if (nwords == 0 || words[0][0] == '#')
		goto out;
	if (pm_find(words, nwords, &f, err) == -1) {
		status = PM_CMD_ERROR;
		goto out;
	}
	rested = f.entry->cmd != NULL ?
	    (f.entry->cmd->flags & PM_CMDF_REST) != 0 :
	    (f.entry->opt->flags & PM_OPTF_REST) != 0;
	if (rested && f.used < nwords) {
		/* The rest of the line as typed, but trailing blanks. */
		rest = xstrdup(line + offs[f.used]);
		len = strlen(rest);
		while (len > 0 && strchr(PM_BLANKS, rest[len - 1]) != NULL)
			rest[--len] = '\0';
		words[f.used] = rest;
		nwords = f.used + 1;
	}
	status = pm_dispatch(sh, &f, nwords - f.used, words + f.used, err);
out:
	free(rest);
	free(words);
	free(offs);
	free(copy);
	return (status);
}

/*
 * help [PREFIX]: "name - help" for the names that start with PREFIX
 * (plain string prefix, as PostMark), or for all when none does.
 */
void
pm_cmd_help(FILE *fp, const char *prefix)
{
	const struct pm_entry	*e;
	size_t			 n, i, len = strlen(prefix), found = 0;

	e = pm_entries(&n);
	for (i = 0; i < n; i++) {
		if (!e[i].hidden && strncmp(e[i].name, prefix, len) == 0)
			found++;
	}
	if (found == 0)
		len = 0;
	for (i = 0; i < n; i++) {
		if (!e[i].hidden && strncmp(e[i].name, prefix, len) == 0)
			fprintf(fp, "%s - %s\n", e[i].name, e[i].cmd != NULL ?
			    e[i].cmd->help : e[i].opt->help);
	}
}

/*
 * Completion: the distinct next words of the names that the complete
 * words of before (the line up to the word being typed) select, which
 * start with partial (plen bytes).  Up to max of them go to cand and
 * clen; returns how many there are.
 */
size_t
pm_cmd_complete(const char *before, const char *partial, size_t plen,
    const char **cand, size_t *clen, size_t max)
{
	const struct pm_entry	*e;
	const char		*w;
	char			*text, **words;
	size_t			*offs, n, i, j, len, ncand = 0;
	int			 nwords, d, ok;

	e = pm_entries(&n);
	text = xstrdup(before);
	nwords = pm_value_split(text, &words, &offs);
	for (i = 0; i < n; i++) {
		if (e[i].hidden)
			continue;
		for (d = 0, ok = 1; d < nwords && ok; d++) {
			len = pm_word(e[i].name, d, &w);
			ok = len >= strlen(words[d]) &&
			    strncmp(w, words[d], strlen(words[d])) == 0;
		}
		len = pm_word(e[i].name, nwords, &w);
		if (!ok || len == 0 || len < plen ||
		    strncmp(w, partial, plen) != 0)
			continue;
		for (j = 0; j < ncand && j < max; j++) {
			if (clen[j] == len && strncmp(cand[j], w, len) == 0)
				break;
		}
		if (j < ncand)
			continue;
		if (ncand < max) {
			cand[ncand] = w;
			clen[ncand] = len;
		}
		ncand++;
	}
	free(words);
	free(offs);
	free(text);
	return (ncand);
}

/*
 * run [FILE]: check what can be known (checking, and at the prompt
 * before it runs), or run the benchmark through the run driver
 * (pm_run.c).  An interrupted run returns
 * PM_CMD_INTERRUPTED with the signal in the shell.
 */
static enum pm_cmd_status
cmd_run(struct pm_shell *sh, int argc, char **argv, struct pm_cmderr *err)
{
	const char		*file = argc == 2 ? argv[1] : NULL;
	enum pm_cmd_status	 rv;

	if (sh->check) {
		if (file == NULL && (sh->cfg->report == PM_REPORT_CSV ||
		    sh->cfg->report == PM_REPORT_JSON))
			sh->records = 1;
		return (pm_run_check(sh->cfg, file, !sh->escaped, err) == 0 ?
		    PM_CMD_OK : PM_CMD_ERROR);
	}
	/* A line no check pass saw (the prompt's): all it can tell first. */
	if (!sh->checked && pm_run_check(sh->cfg, file, 1, err) == -1)
		return (PM_CMD_ERROR);
	if ((rv = pm_run(sh->cfg, file, sh->info, err)) == PM_CMD_INTERRUPTED)
		sh->signo = err->signo;
	return (rv);
}

/*
 * load FILE: read commands from FILE, checked then run (pm_shell.c).
 * FILE must be a regular file: a device (/dev/zero, a terminal) or a
 * FIFO could block or never end.  It is opened without blocking, so
 * that a FIFO without a writer is refused rather than waited for.
 */
static enum pm_cmd_status
cmd_load(struct pm_shell *sh, int argc, char **argv, struct pm_cmderr *err)
{
	struct stat		 st;
	const char		*why = NULL;
	FILE			*fp = NULL;
	enum pm_cmd_status	 rv;
	int			 fd;

	if (argc == 1) {
		pm_cmderr_set(err, PM_ERR_INPUT, "Error: no configuration "
		    "file specified", "load needs a file name");
		return (PM_CMD_ERROR);
	}
	if (sh->depth >= PM_LOAD_DEPTH) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "load: cannot load "
		    "'%s': more than %d files nested", argv[1], PM_LOAD_DEPTH);
		return (PM_CMD_ERROR);
	}
	if ((fd = open(argv[1], O_RDONLY | O_NONBLOCK)) == -1) {
		if (sh->check && sh->escaped)
			return (PM_CMD_OK);	/* "!" may make it */
		why = strerror(errno);
	} else if (fstat(fd, &st) == -1)
		why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	else if ((fp = fdopen(fd, "r")) == NULL)
		why = strerror(errno);
	if (fp == NULL) {
		if (fd != -1)
			close(fd);
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "load: cannot read "
		    "'%s': %s", argv[1], why);
		pm_cmderr_compat(err, "Error: cannot read configuration file "
		    "'%s'", argv[1]);
		return (PM_CMD_ERROR);
	}
	rv = pm_shell_file(sh, fp, argv[1]);
	fclose(fp);
	/* The loaded file's lines reported their own errors. */
	return (rv == PM_CMD_QUIT ? PM_CMD_OK : rv);
}

/*
 * show [FILE]: the configuration, to FILE (appended as one record, after
 * FILE was opened and seen to hold no records of another kind: show's
 * lines would make them unreadable) or to the shell's output.
 */
static enum pm_cmd_status
cmd_show(struct pm_shell *sh, int argc, char **argv, struct pm_cmderr *err)
{
	struct pm_recfile	 f;
	struct pm_recpart	 p;
	FILE			*fp;
	char			*cause;
	int			 rv = 0;

	if (argc == 1 && sh->check)
		return (PM_CMD_OK);
	if (argc == 1) {
		if (pm_option_show(sh->info, sh->cfg) == 0)
			return (PM_CMD_OK);
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "write standard output: "
		    "%s", strerror(errno));
		return (PM_CMD_ERROR);
	}
	pm_recfile_init(&f, argv[1], PM_REC_TEXT, "file", "the configuration",
	    "show");
	f.strict = sh->cfg->strictmodes;
	if (sh->check)
		rv = pm_recfile_check(&f, "show", !sh->escaped, err);
	else if ((rv = pm_recfile_open(&f, "show", err)) == 0) {
		if ((fp = pm_record_begin(&p, &f)) != NULL)
			(void)pm_option_show(fp, sh->cfg);
		if ((rv = pm_record_end(&p, 1, NULL, &cause)) == -1)
			pm_cmderr_set(err, PM_ERR_RUN, NULL, "show: cannot "
			    "write the configuration to %s: %s", argv[1],
			    cause);
		free(cause);
	}
	pm_recfile_close(&f, rv == -1);
	return (rv == 0 ? PM_CMD_OK : PM_CMD_ERROR);
}

/* help [PREFIX], ? [PREFIX]. */
static enum pm_cmd_status
cmd_help(struct pm_shell *sh, int argc, char **argv, struct pm_cmderr *err)
{
	(void)err;
	if (!sh->check)
		pm_cmd_help(sh->info, argc == 2 ? argv[1] : "");
	return (PM_CMD_OK);
}

/* quit, exit: stop reading this input. */
static enum pm_cmd_status
cmd_quit(struct pm_shell *sh, int argc, char **argv, struct pm_cmderr *err)
{
	(void)sh;
	(void)argc;
	(void)argv;
	(void)err;
	return (PM_CMD_QUIT);
}
