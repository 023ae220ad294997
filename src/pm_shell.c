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
 * The pm> shell: where lines come from and where errors go.
 *
 * Files (the startup file, "load", standard input when it is not a
 * terminal) are read whole and checked before any line runs: every bad
 * line is reported at once as "FILE:LINE: message", and nothing runs;
 * when all are good they run in order and the first failure stops
 * everything.  At the terminal (OpenSSH's sftp: libedit only when
 * standard input and output are terminals, plain reads otherwise) a line
 * runs as soon as it is typed, an error is printed in PostMark's words
 * and the prompt returns; Ctrl-C clears the line or stops a run and
 * comes back to the prompt, Ctrl-D at an empty prompt quits.
 *
 * pm_shell_print is the one error printer: it adds FILE:LINE: and the
 * program's name from the error's kind through pm_shell_text, the one
 * format of every message of the shell (warnings and notes of the check
 * pass included), and pm_shell_say, which prints it or keeps it.
 */

#include "config.h"

#include <sys/types.h>
#include <sys/select.h>

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#ifdef HAVE_LIBEDIT
#include <histedit.h>
#endif

#include "pm_cli.h"
#include "pm_mpi.h"

#define PM_PROMPT	"pm>"
#define PM_HISTORY	".postmark_history"	/* in $HOME */
#define PM_HISTORY_SIZE	500		/* lines */
#define PM_BLANKS	" \t"
#define PM_NCOMPLETE	64		/* completion candidates listed */
#define PM_LINE_MAX	(1024 * 1024)	/* bytes in a line of a file */
#define PM_FILE_MAX	(4 * 1024 * 1024) /* bytes in a file of commands */

/* The lines of a file, read whole before any runs. */
struct pm_lines {
	char		**text;		/* without the newline */
	char		**bad;		/* per line: why unusable, or NULL */
	size_t		 n;
};

/* The terminal's line editor, when there is one. */
struct pm_tty {
#ifdef HAVE_LIBEDIT
	EditLine	*el;
	History		*hist;
	char		*histfile;	/* ~/.postmark_history, or NULL */
#endif
	char		*line;		/* the line read, owned */
	size_t		 len;		/* its bytes, NULs included */
	size_t		 size;		/* its buffer */
	size_t		 nul;		/* column of a NUL byte typed, or 0 */
};

static volatile sig_atomic_t pm_prompt_sigint;	/* Ctrl-C at the prompt */

static void	 pm_shell_print(struct pm_shell *, const struct pm_cmderr *);
static void	*pm_grow(void *, size_t, size_t);
static void	 pm_shell_note(struct pm_shell *, char *);
static void	 pm_shell_flush_notes(struct pm_shell *);
static char	*pm_line_nul(size_t);
static char	*pm_line_bad(const char *, size_t);
static void	 pm_chomp(char *, size_t *);
static ssize_t	 pm_getline(FILE *, char **, size_t *, size_t);
static int	 pm_lines_read(FILE *, struct pm_lines *, struct pm_cmderr *);
static void	 pm_lines_free(struct pm_lines *);
static int	 pm_check_lines(struct pm_shell *, const struct pm_lines *,
		    const char *);
static int	 pm_check_file(struct pm_shell *, const struct pm_lines *,
		    const char *);
static enum pm_cmd_status pm_run_lines(struct pm_shell *,
		    const struct pm_lines *, const char *);
static void	 pm_onprompt(int);
static int	 pm_tty_open(struct pm_tty *);
static void	 pm_tty_close(struct pm_tty *);
static int	 pm_tty_read(struct pm_tty *);
static enum pm_cmd_status pm_interactive(struct pm_shell *);
static char	*pm_shell_text(enum pm_errkind, const char *, unsigned long,
		    const char *);
static void	 pm_shell_say(struct pm_shell *, char *);
#ifdef HAVE_LIBEDIT
static char	*pm_el_prompt(EditLine *);
static int	 pm_el_getc(EditLine *, wchar_t *);
static unsigned char pm_el_complete(EditLine *, int);
#endif

/*
 * The one format of the shell's messages: "FILE:LINE: text" (without
 * ":LINE" when line is 0, without "FILE:LINE: " when file is NULL: the
 * prompt), after "postmark: " for a failure of running (PM_ERR_RUN), not
 * of the input.  Returns an allocated string.
 */
static char *
pm_shell_text(enum pm_errkind kind, const char *file, unsigned long line,
    const char *text)
{
	const char	*prefix = kind == PM_ERR_RUN ? "postmark: " : "";
	char		*msg;

	if (file == NULL)
		xasprintf(&msg, "%s%s", prefix, text);
	else if (line == 0)
		xasprintf(&msg, "%s%s: %s", prefix, file, text);
	else
		xasprintf(&msg, "%s%s:%lu: %s", prefix, file, line, text);
	return (msg);
}

/*
 * Say a message (allocated, now owned) on standard error, after what
 * standard output holds; while a file is checked, keep it to print after
 * all of the file was read.
 */
static void
pm_shell_say(struct pm_shell *sh, char *msg)
{
	if (sh->check) {
		pm_shell_note(sh, msg);
		return;
	}
	fflush(stdout);
	fprintf(stderr, "%s\n", msg);
	free(msg);
}

/*
 * The one printer of a command's error, at the current line, a line for
 * each of its problems: at the prompt PostMark's words when it had some,
 * else the message, and on a terminal (sh->tty) PostMark's words, then
 * the message and the hint in parentheses; in a file "FILE:LINE:
 * message" (pm_shell_text).
 */
static void
pm_shell_print(struct pm_shell *sh, const struct pm_cmderr *err)
{
	const char	*text;
	char		*both = NULL, *why = NULL;

	for (; err != NULL && err->text != NULL; err = err->next) {
		text = err->text;
		if (sh->file == NULL && sh->tty) {
			if (err->hint != NULL)
				xasprintf(&why, "%s; %s", err->text, err->hint);
			if (err->compat != NULL)
				xasprintf(&both, "%s (%s)", err->compat,
				    why != NULL ? why : err->text);
			text = both != NULL ? both : why != NULL ? why : text;
		} else if (sh->file == NULL && err->compat != NULL)
			text = err->compat;
		pm_shell_say(sh, pm_shell_text(err->kind, sh->file, sh->line,
		    text));
		free(both);
		free(why);
		both = why = NULL;
	}
}

/*
 * Make room for element n of an array p of elements of size bytes that
 * holds n: it doubles when n is a power of two, so that a file of many
 * lines is read in linear time (a realloc by one each time copies the
 * whole array under AddressSanitizer and valgrind).  Returns the array.
 */
static void *
pm_grow(void *p, size_t n, size_t size)
{
	if (n == 0 || (n & (n - 1)) == 0)
		p = xreallocarray(p, n == 0 ? 1 : 2 * n, size);
	return (p);
}

/* Keep a message of the check pass (allocated, now owned). */
static void
pm_shell_note(struct pm_shell *sh, char *msg)
{
	sh->notes = pm_grow(sh->notes, sh->nnotes, sizeof *sh->notes);
	sh->notes[sh->nnotes++] = msg;
}

/* Print and forget the kept messages. */
static void
pm_shell_flush_notes(struct pm_shell *sh)
{
	size_t	 i;

	fflush(stdout);
	for (i = 0; i < sh->nnotes; i++) {
		fprintf(stderr, "%s\n", sh->notes[i]);
		free(sh->notes[i]);
	}
	free(sh->notes);
	sh->notes = NULL;
	sh->nnotes = 0;
}

/*
 * A warning about the current line ("postmark: FILE:LINE: warning: ..."),
 * printed once: by the check pass of a file, or at the prompt.
 */
void
pm_shell_warn(struct pm_shell *sh, const char *fmt, ...)
{
	va_list		 ap;
	char		*msg, *w;

	if (!sh->check && sh->checked)
		return;
	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	xasprintf(&w, "warning: %s", msg);
	free(msg);
	pm_shell_say(sh, pm_shell_text(PM_ERR_RUN, sh->file, sh->line, w));
	free(w);
}

/* Why a line with a NUL byte at column col is bad; allocated. */
static char *
pm_line_nul(size_t col)
{
	char	*why;

	xasprintf(&why, "a NUL byte at column %zu", col);
	return (why);
}

/*
 * Why a line of len bytes cannot be a command, or NULL: it holds a NUL
 * byte, or a control character other than a tab (only blanks separate
 * words; a CR or form feed inside a number is not white space here).
 * Returns an allocated reason.
 */
static char *
pm_line_bad(const char *line, size_t len)
{
	const unsigned char	*p = (const unsigned char *)line;
	char			*why;
	size_t			 i;

	for (i = 0; i < len; i++) {
		if (p[i] == '\0')
			return (pm_line_nul(i + 1));
		if ((p[i] < 0x20 && p[i] != '\t') || p[i] == 0x7f) {
			xasprintf(&why, "control character 0x%02x at column "
			    "%zu: only spaces and tabs separate words",
			    p[i], i + 1);
			return (why);
		}
	}
	return (NULL);
}

/* Drop the newline and a carriage return before it; *len follows. */
static void
pm_chomp(char *line, size_t *len)
{
	if (*len > 0 && line[*len - 1] == '\n')
		line[--*len] = '\0';
	if (*len > 0 && line[*len - 1] == '\r')
		line[--*len] = '\0';
}

/*
 * Read a line of fp, its newline included, into *buf (allocated, *size
 * bytes) and end it with a NUL; stop after max bytes without a newline.
 * Returns its length, or -1 at the end of the file or on an error.
 */
static ssize_t
pm_getline(FILE *fp, char **buf, size_t *size, size_t max)
{
	size_t	 len = 0;
	int	 c;

	while (len < max && (c = getc(fp)) != EOF) {
		if (len + 2 > *size) {
			*size = *size == 0 ? 128 : *size * 2;
			*buf = xreallocarray(*buf, *size, 1);
		}
		(*buf)[len++] = (char)c;
		if (c == '\n')
			break;
	}
	if (len == 0)
		return (-1);
	(*buf)[len] = '\0';
	return ((ssize_t)len);
}

/*
 * Read the whole of fp into lines, noting for each unusable line why.
 * A line longer than PM_LINE_MAX bytes or a file longer than PM_FILE_MAX
 * stops the reading, so that /dev/zero or an endless pipe cannot fill
 * the memory: an input error about line l->n + 1.  Returns 0, or -1
 * with *err set (PM_ERR_RUN when reading failed).
 */
static int
pm_lines_read(FILE *fp, struct pm_lines *l, struct pm_cmderr *err)
{
	char	*line = NULL;
	size_t	 size = 0, len, total = 0;
	ssize_t	 got;
	int	 rc = -1;

	memset(l, 0, sizeof *l);
	while ((got = pm_getline(fp, &line, &size, PM_LINE_MAX + 1)) != -1) {
		len = (size_t)got;
		total += len;
		if (len > PM_LINE_MAX && line[len - 1] != '\n') {
			pm_cmderr_set(err, PM_ERR_INPUT, NULL, "line longer "
			    "than %d bytes", PM_LINE_MAX);
			goto out;
		}
		if (total > PM_FILE_MAX) {
			pm_cmderr_set(err, PM_ERR_INPUT, NULL, "file longer "
			    "than %d bytes", PM_FILE_MAX);
			goto out;
		}
		pm_chomp(line, &len);
		l->text = pm_grow(l->text, l->n, sizeof *l->text);
		l->bad = pm_grow(l->bad, l->n, sizeof *l->bad);
		l->bad[l->n] = pm_line_bad(line, len);
		l->text[l->n++] = xstrdup(line);
	}
	if (ferror(fp))
		pm_cmderr_set(err, PM_ERR_RUN, NULL, "%s", strerror(errno));
	else
		rc = 0;
out:
	free(line);
	return (rc);
}

/* Free what pm_lines_read made. */
static void
pm_lines_free(struct pm_lines *l)
{
	size_t	 i;

	for (i = 0; i < l->n; i++) {
		free(l->text[i]);
		free(l->bad[i]);
	}
	free(l->text);
	free(l->bad);
	memset(l, 0, sizeof *l);
}

/*
 * Check every line of a file (named name) in check mode, noting each
 * error, until its end or a "quit".  Returns the number of errors.
 */
static int
pm_check_lines(struct pm_shell *sh, const struct pm_lines *l,
    const char *name)
{
	struct pm_cmderr	 err = { 0 };
	enum pm_cmd_status	 status;
	const char		*ofile = sh->file;
	unsigned long		 oline = sh->line;
	size_t			 i;
	int			 errors = 0;

	sh->file = name;
	sh->depth++;
	for (i = 0; i < l->n; i++) {
		sh->line = i + 1;
		if (l->bad[i] != NULL) {
			pm_shell_say(sh, pm_shell_text(PM_ERR_INPUT, name,
			    sh->line, l->bad[i]));
			errors++;
			continue;
		}
		status = pm_cmd_line(sh, l->text[i], &err);
		if (status == PM_CMD_ERROR) {
			if (err.text != NULL)
				pm_shell_print(sh, &err);
			errors++;
		}
		pm_cmderr_clear(&err);
		if (status == PM_CMD_QUIT)
			break;
	}
	sh->depth--;
	sh->file = ofile;
	sh->line = oline;
	return (errors);
}

/*
 * The check pass over a file that is about to run: on a scratch copy of
 * the configuration, so that every "set" is checked against the values
 * before it.  Learns whether a run will print records on standard
 * output.  Returns the number of errors (kept as notes).
 */
static int
pm_check_file(struct pm_shell *sh, const struct pm_lines *l,
    const char *name)
{
	struct pm_config	 scratch;
	struct pm_shell		 csh = *sh;
	int			 errors;

	pm_config_copy(&scratch, sh->cfg);
	csh.cfg = &scratch;
	csh.check = 1;
	csh.escaped = 0;
	csh.notes = NULL;
	csh.nnotes = 0;
	errors = pm_check_lines(&csh, l, name);
	sh->records |= csh.records;
	sh->notes = csh.notes;
	sh->nnotes = csh.nnotes;
	pm_config_free(&scratch);
	return (errors);
}

/*
 * Run the lines of a checked file: the first failure stops.  Returns
 * PM_CMD_OK at the end, PM_CMD_QUIT after "quit", PM_CMD_ERROR after a
 * failure (printed), PM_CMD_INTERRUPTED after an interrupted run (the
 * signal in sh->signo).
 */
static enum pm_cmd_status
pm_run_lines(struct pm_shell *sh, const struct pm_lines *l, const char *name)
{
	struct pm_cmderr	 err = { 0 };
	enum pm_cmd_status	 rv = PM_CMD_OK;
	const char		*ofile = sh->file;
	unsigned long		 oline = sh->line;
	size_t			 i;

	sh->file = name;
	sh->checked++;
	sh->depth++;
	for (i = 0; i < l->n && rv == PM_CMD_OK; i++) {
		sh->line = i + 1;
		rv = pm_cmd_line(sh, l->text[i], &err);
		if (rv == PM_CMD_ERROR && err.text != NULL)
			pm_shell_print(sh, &err);
		pm_cmderr_clear(&err);
	}
	sh->depth--;
	sh->checked--;
	sh->file = ofile;
	sh->line = oline;
	return (rv);
}

/*
 * Read the commands of an open file (the startup file, a "load"ed one,
 * or standard input when it is not a terminal), named name.  In check
 * mode only check its lines.  Otherwise check them all first, unless an
 * enclosing file's check covered them, printing every error and running
 * nothing if there is one; then print PostMark's "Reading configuration"
 * line (after the banner, for the first file) and run them.  Returns
 * what pm_run_lines does; PM_CMD_ERROR after a failure it reported.
 */
enum pm_cmd_status
pm_shell_file(struct pm_shell *sh, FILE *fp, const char *name)
{
	struct pm_cmderr	 err = { 0 };
	struct pm_lines		 l;
	enum pm_cmd_status	 rv;
	int			 errors = 0;

	if (pm_lines_read(fp, &l, &err) == -1) {
		/* The line that is too long; a failed read has none. */
		pm_shell_say(sh, pm_shell_text(err.kind, name, err.kind ==
		    PM_ERR_INPUT ? l.n + 1 : 0, err.text));
		pm_cmderr_clear(&err);
		pm_lines_free(&l);
		return (PM_CMD_ERROR);
	}
	if (sh->check) {
		errors = pm_check_lines(sh, &l, name);
		pm_lines_free(&l);
		return (errors > 0 ? PM_CMD_ERROR : PM_CMD_OK);
	}
	if (!sh->checked)
		errors = pm_check_file(sh, &l, name);
	/* MPI ranks run all or none of it: one rank's file systems may differ. */
	if (pm_mpi_any(errors > 0) && errors == 0) {
		pm_shell_say(sh, pm_shell_text(PM_ERR_RUN, name, 0,
		    "another MPI rank refused it"));
		errors = 1;
	}
	if (sh->banner != NULL) {
		/* Records on standard output: the rest goes to stderr. */
		sh->info = sh->records ? stderr : stdout;
		fprintf(sh->info, "%s\n", sh->banner);
		sh->banner = NULL;
	}
	if (strcmp(name, "-") != 0)
		fprintf(sh->info, "Reading configuration from file '%s'\n",
		    name);
	pm_shell_flush_notes(sh);
	rv = errors > 0 ? PM_CMD_ERROR : pm_run_lines(sh, &l, name);
	pm_lines_free(&l);
	return (rv);
}

/* SIGINT at the prompt: note it; the read is interrupted. */
static void
pm_onprompt(int signo)
{
	(void)signo;
	pm_prompt_sigint = 1;
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
 * libedit's read of one character (EL_GETCFN), which a Ctrl-C always
 * ends: SIGINT is blocked while pm_prompt_sigint is tested and let in
 * only inside pselect(2), so that a Ctrl-C that comes while libedit
 * draws the prompt, before it reads, ends the read as one that comes
 * during it (libedit's own read would block until the next key).  Other
 * signals (a resize, SIGCONT) go on reading.  Returns 1 with *wc (bytes
 * decoded as the locale says), 0 at the end of input, -1 after Ctrl-C.
 * A NUL byte is passed on, its column noted: the line is an error.
 */
static int
pm_el_getc(EditLine *el, wchar_t *wc)
{
	const LineInfo	*li;
	struct pm_tty	*t;
	sigset_t	 block, old;
	mbstate_t	 mbs;
	fd_set		 rd;
	size_t		 r;
	ssize_t		 n;
	char		 c;
	int		 ready;

	if (el_get(el, EL_CLIENTDATA, &t) != 0)
		return (-1);
	memset(&mbs, 0, sizeof mbs);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	for (;;) {
		sigprocmask(SIG_BLOCK, &block, &old);
		FD_ZERO(&rd);
		FD_SET(STDIN_FILENO, &rd);
		ready = pm_prompt_sigint ? -1 :
		    pselect(STDIN_FILENO + 1, &rd, NULL, NULL, NULL, &old);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (pm_prompt_sigint)
			return (-1);
		if (ready == -1 && errno == EINTR)
			continue;
		if (ready == -1 || (n = read(STDIN_FILENO, &c, 1)) == -1) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return (-1);
		}
		if (n == 0)
			return (0);
		if (c == '\0' && t->nul == 0) {
			/* Ctrl-@ edits (set-mark): the line is bad. */
			li = el_line(el);
			t->nul = (size_t)(li->cursor - li->buffer) + 1;
		}
		if ((r = mbrtowc(wc, &c, 1, &mbs)) == (size_t)-2)
			continue;
		if (r == (size_t)-1)
			*wc = (wchar_t)(unsigned char)c;
		return (1);
	}
}

/*
 * Tab completion of command words and "set" keys (pm_cmd_complete): the
 * word under the cursor grows to the longest common prefix of the
 * candidates, or they are listed when it cannot grow.
 */
static unsigned char
pm_el_complete(EditLine *el, int ch)
{
	const LineInfo	*li = el_line(el);
	const char	*cand[PM_NCOMPLETE], *partial;
	size_t		 clen[PM_NCOMPLETE], len, plen, lcp, ncand, i, j;
	char		*before, *ins;

	(void)ch;
	len = (size_t)(li->cursor - li->buffer);
	plen = 0;
	while (plen < len && strchr(PM_BLANKS, li->buffer[len - plen - 1]) ==
	    NULL)
		plen++;
	partial = li->cursor - plen;
	before = xmalloc(len - plen + 1);
	memcpy(before, li->buffer, len - plen);
	before[len - plen] = '\0';
	ncand = pm_cmd_complete(before, partial, plen, cand, clen,
	    PM_NCOMPLETE);
	free(before);
	if (ncand > PM_NCOMPLETE)
		ncand = PM_NCOMPLETE;
	if (ncand == 0)
		return (CC_ERROR);
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
		if (ncand == 1) {
			ins[lcp - plen] = ' ';
			ins[lcp - plen + 1] = '\0';
		}
		el_insertstr(el, ins);
		free(ins);
		return (CC_REDISPLAY);
	}
	putchar('\n');
	for (j = 0; j < ncand; j++)
		printf("%.*s%s", (int)clen[j], cand[j],
		    j + 1 < ncand ? "  " : "\n");
	fflush(stdout);
	return (CC_REDISPLAY);
}
#endif /* HAVE_LIBEDIT */

/*
 * Set up the line editor when standard output is a terminal too (libedit:
 * history in ~/.postmark_history, emacs keys, completion on tab).
 * Returns 1 with the editor, 0 for plain reads.
 */
static int
pm_tty_open(struct pm_tty *t)
{
	memset(t, 0, sizeof *t);
#ifdef HAVE_LIBEDIT
	HistEvent	 ev;
	const char	*home;

	if (!isatty(STDOUT_FILENO))
		return (0);
	t->el = el_init("postmark", stdin, stdout, stderr);
	t->hist = history_init();
	if (t->el == NULL || t->hist == NULL) {
		pm_tty_close(t);
		return (0);
	}
	history(t->hist, &ev, H_SETSIZE, PM_HISTORY_SIZE);
	history(t->hist, &ev, H_SETUNIQUE, 1);
	if ((home = getenv("HOME")) != NULL && *home != '\0') {
		xasprintf(&t->histfile, "%s/%s", home, PM_HISTORY);
		history(t->hist, &ev, H_LOAD, t->histfile);
	}
	el_set(t->el, EL_HIST, history, t->hist);
	el_set(t->el, EL_PROMPT, pm_el_prompt);
	el_set(t->el, EL_EDITOR, "emacs");
	el_set(t->el, EL_SIGNAL, 1);
	el_set(t->el, EL_CLIENTDATA, t);
	el_set(t->el, EL_GETCFN, pm_el_getc);
	el_set(t->el, EL_ADDFN, "pm-complete",
	    "Complete a command or set key", pm_el_complete);
	el_set(t->el, EL_BIND, "^I", "pm-complete", NULL);
	el_source(t->el, NULL);
	return (1);
#else
	return (0);
#endif
}

/* Free the line editor and the line. */
static void
pm_tty_close(struct pm_tty *t)
{
#ifdef HAVE_LIBEDIT
	if (t->el != NULL)
		el_end(t->el);
	if (t->hist != NULL)
		history_end(t->hist);
	free(t->histfile);
	t->el = NULL;
	t->hist = NULL;
	t->histfile = NULL;
#endif
	free(t->line);
	t->line = NULL;
}

/*
 * Prompt and read a line into t->line (t->len bytes; t->nul, the column
 * of a NUL byte the editor took as a key).  Returns 1 with a line, 0 at
 * end of input (Ctrl-D at an empty prompt), -1 when Ctrl-C cleared the
 * line.
 */
static int
pm_tty_read(struct pm_tty *t)
{
	size_t	 len;
	ssize_t	 got;
#ifdef HAVE_LIBEDIT
	HistEvent	 ev;
	const char	*line;
	int		 count;

	t->nul = 0;
	if (t->el != NULL) {
		line = el_gets(t->el, &count);
		if (pm_prompt_sigint)
			return (-1);
		if (line == NULL || count <= 0)
			return (0);
		free(t->line);
		t->line = xstrdup(line);
		len = strlen(t->line);
		pm_chomp(t->line, &len);
		t->len = len;
		if (t->line[strspn(t->line, PM_BLANKS)] != '\0') {
			history(t->hist, &ev, H_ENTER, t->line);
			if (t->histfile != NULL)
				history(t->hist, &ev, H_SAVE, t->histfile);
		}
		return (1);
	}
#endif
	fputs(PM_PROMPT, stdout);
	fflush(stdout);
	if ((got = getline(&t->line, &t->size, stdin)) == -1) {
		if (pm_prompt_sigint) {
			clearerr(stdin);
			return (-1);
		}
		return (0);
	}
	len = (size_t)got;
	pm_chomp(t->line, &len);
	t->len = len;
	return (1);
}

/*
 * The interactive shell: prompt, read a line, run it, print its error in
 * PostMark's words, repeat.  Ctrl-C clears the line being typed (and
 * stops a run, which pm_run reports); Ctrl-D or "quit" ends.  Returns
 * PM_CMD_ERROR when any command failed or was interrupted, else
 * PM_CMD_OK.
 */
static enum pm_cmd_status
pm_interactive(struct pm_shell *sh)
{
	struct pm_cmderr	 err = { 0 };
	struct pm_tty		 t;
	struct sigaction	 sa, old;
	enum pm_cmd_status	 status, rv = PM_CMD_OK;
	char			*why;
	int			 got;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = pm_onprompt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old);	/* no SA_RESTART: reads stop */
	pm_tty_open(&t);
	if (sh->banner != NULL) {
		fprintf(sh->info, "%s\n", sh->banner);
		sh->banner = NULL;
	}
	for (;;) {
		pm_prompt_sigint = 0;
		if ((got = pm_tty_read(&t)) == 0)
			break;
		if (got == -1) {
			putchar('\n');		/* Ctrl-C: a fresh prompt */
			continue;
		}
		why = t.nul > 0 ? pm_line_nul(t.nul) :
		    pm_line_bad(t.line, t.len);
		if (why != NULL) {
			pm_cmderr_set(&err, PM_ERR_INPUT, NULL, "%s", why);
			free(why);
			status = PM_CMD_ERROR;
		} else
			status = pm_cmd_line(sh, t.line, &err);
		if (status == PM_CMD_ERROR || status == PM_CMD_INTERRUPTED)
			rv = PM_CMD_ERROR;
		if (status == PM_CMD_ERROR && err.text != NULL)
			pm_shell_print(sh, &err);
		pm_cmderr_clear(&err);
		if (status == PM_CMD_QUIT)
			goto done;
	}
	putchar('\n');			/* end of input: end the prompt's line */
done:
	pm_tty_close(&t);
	sigaction(SIGINT, &old, NULL);
	return (rv);
}

/*
 * Read commands from standard input until "quit" or its end: as a file
 * (checked, then run) when it is not a terminal, else interactively.
 * Returns what pm_shell_file or pm_interactive does.
 */
enum pm_cmd_status
pm_shell_loop(struct pm_shell *sh)
{
	if (!isatty(STDIN_FILENO))
		return (pm_shell_file(sh, stdin, "-"));
	sh->interactive = 1;
	sh->tty = isatty(STDERR_FILENO);
	return (pm_interactive(sh));
}
