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
 * Files of records.  A record is formatted into a memory stream (the
 * reporters keep their FILE * interface), then appended to its file
 * with one write(2) on an O_APPEND descriptor under an exclusive
 * flock(2), so that runs writing to one file at once never mix; whether
 * the header goes first is decided under that lock, from the file's
 * length.  A write that fails is undone (the file cut back to its
 * length before the record), so that a record is whole or absent.  A
 * file named by the user is opened by name for each record: a path
 * whose directory went away during a run is an error, not a deleted
 * file written to.  Before anything is written, a file that holds
 * another kind of record (another CSV schema, JSON for CSV, a series,
 * text that is not postmark's, a cut last line) is refused.
 */

#include "config.h"

#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "postmark.h"
#include "pm_cli.h"
#include "pm_io.h"
#include "pm_record.h"

#define PM_REC_PEEK	65536		/* bytes read to see what a file is */
#define PM_REC_FLAGS	(O_APPEND | O_CLOEXEC | O_NOCTTY)
#define PM_LOCK_FIRST	1000000L	/* ns, first wait for a lock */
#define PM_LOCK_MOST	50000000L	/* ns, longest wait between tries */
#define PM_SIGNO_MAX	64		/* highest signal number looked at */

/*
 * How each kind of record file starts: as pm_csv.c and pm_json.c write
 * them (the first names of their column table's sets), the most
 * specific first: a series and CSV records both start with
 * schema_version.
 */
struct pm_recsig {
	enum pm_rec_kind kind;
	const char	*start;		/* its first bytes */
	int		 version;	/* of a header without schema_version */
	const char	*name;		/* "CSV records" */
	const char	*setting;	/* what writes them, or NULL */
	const char	*not;		/* "not CSV records" */
	const char	*alien;		/* why other text is not one */
};

static const struct pm_recsig pm_recsigs[] = {
	{ PM_REC_SERIES, "schema_version,iteration,label,client,phase,"
	    "interval,", 0, "an interval series", NULL,
	    "not an interval series", "is not a postmark interval series "
	    "(its first line is not its header)" },
	{ PM_REC_CSV, "schema_version,", 0, "CSV records", "set report csv",
	    "not CSV records", "is not a file of postmark CSV records (its "
	    "first line is not their header)" },
	{ PM_REC_JSON, "{\"schema_version\":", 0, "JSON records",
	    "set report json", "not JSON records", "is not a file of "
	    "postmark JSON records (its first line is not one)" },
	{ PM_REC_SERIES, "iteration,label,client,phase,interval,",
	    PM_SERIES_SCHEMA_NOCOL, "an interval series", NULL,
	    "not an interval series", "is not a postmark interval series "
	    "(its first line is not its header)" }
};
#define NRECSIGS	(sizeof pm_recsigs / sizeof pm_recsigs[0])

static ssize_t	 pm_rec_write(int, void *, size_t);
static int	 pm_rec_openfd(const char *, int, int *);
static int	 pm_rec_signalled(void);
static int	 pm_rec_lock(int, int, char **);
static const struct pm_recsig *pm_recsig_of(const char *, size_t);
static const struct pm_recsig *pm_recsig_kind(enum pm_rec_kind);
static size_t	 pm_rec_columns(const char *, size_t);
static int	 pm_rec_version(const char *, size_t, size_t, char *,
		    size_t);
static char	*pm_rec_schema(const struct pm_recfile *,
		    const struct pm_recsig *, const char *, size_t, size_t);
static char	*pm_rec_kindof(const struct pm_recfile *, const char *,
		    size_t);
static char	*pm_recfile_judge(const struct pm_recfile *, int, off_t, int,
		    int *);
static int	 pm_rec_make(struct pm_recfile *, int *);
static int	 pm_part_acquire(struct pm_recpart *, char **);
static int	 pm_part_send(struct pm_recpart *, char **);
static void	 pm_part_undo(struct pm_recpart *, char **);
static int	 pm_part_release(struct pm_recpart *, char **);

/* write(2) with read(2)'s type, for pm_atomicio. */
static ssize_t
pm_rec_write(int fd, void *buf, size_t n)
{
	return (write(fd, buf, n));
}

/*
 * Open path for appending, with flags added (O_CREAT, O_EXCL): read and
 * write for a regular file, so that what it holds can be read (write
 * only, *readable cleared, when we may not read it), write only
 * otherwise (a FIFO, a terminal, a device: opened as fopen does).
 * Returns the descriptor, or -1 with errno set.
 */
static int
pm_rec_openfd(const char *path, int flags, int *readable)
{
	struct stat	 st;
	int		 fd;

	*readable = 0;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return (open(path, O_WRONLY | PM_REC_FLAGS | flags, 0666));
	if ((fd = open(path, O_RDWR | PM_REC_FLAGS | flags, 0666)) != -1) {
		*readable = 1;
		return (fd);
	}
	if (errno != EACCES)
		return (-1);
	return (open(path, O_WRONLY | PM_REC_FLAGS | flags, 0666));
}

/*
 * Whether a signal is pending: one blocked while a run writes its
 * record (the stopping signals are), that is someone wants us to stop.
 */
static int
pm_rec_signalled(void)
{
	sigset_t	 set;
	int		 s;

	if (sigpending(&set) == -1)
		return (0);
	for (s = 1; s <= PM_SIGNO_MAX; s++) {
		if (sigismember(&set, s) == 1)
			return (1);
	}
	return (0);
}

/*
 * Take flock(2) op (LOCK_EX) on fd, waiting as long as another
 * process holds the lock (retrying from 1 ms to 50 ms apart); a signal
 * that arrives meanwhile (pending, or caught) ends the wait.  A file
 * system without locks is written unlocked.  Returns 1 when locked, 0
 * when locks do not exist there, or -1 with *why set (allocated).
 */
static int
pm_rec_lock(int fd, int op, char **why)
{
	struct timespec	 ts = { 0, PM_LOCK_FIRST };

	while (flock(fd, op | LOCK_NB) == -1) {
		if (errno == ENOLCK || errno == EOPNOTSUPP || errno == EINVAL)
			return (0);
		if (errno != EWOULDBLOCK && errno != EINTR) {
			xasprintf(why, "flock: %s", strerror(errno));
			return (-1);
		}
		if (pm_rec_signalled() || (nanosleep(&ts, NULL) == -1 &&
		    errno == EINTR)) {
			*why = xstrdup("interrupted while waiting for the "
			    "lock another process holds on it");
			return (-1);
		}
		ts.tv_nsec = ts.tv_nsec * 2 < PM_LOCK_MOST ? ts.tv_nsec * 2 :
		    PM_LOCK_MOST;
	}
	return (1);
}

/* The kind of record file that starts with the n bytes at buf, or NULL. */
static const struct pm_recsig *
pm_recsig_of(const char *buf, size_t n)
{
	size_t	 i, len;

	for (i = 0; i < NRECSIGS; i++) {
		len = strlen(pm_recsigs[i].start);
		if (n >= len && memcmp(buf, pm_recsigs[i].start, len) == 0)
			return (&pm_recsigs[i]);
	}
	return (NULL);
}

/* The signature of a kind of records (TEXT has none: NULL). */
static const struct pm_recsig *
pm_recsig_kind(enum pm_rec_kind kind)
{
	size_t	 i;

	for (i = 0; i < NRECSIGS; i++) {
		if (pm_recsigs[i].kind == kind)
			return (&pm_recsigs[i]);
	}
	return (NULL);
}

/* The columns of a header line of len bytes (its names hold no comma). */
static size_t
pm_rec_columns(const char *line, size_t len)
{
	size_t	 i, n = 1;

	for (i = 0; i < len && line[i] != '\n'; i++)
		n += line[i] == ',';
	return (n);
}

/*
 * The schema version that starts the row after the header line (line
 * bytes of the n at buf), as text into ver (len bytes).  Returns 1, or 0
 * when there is none.
 */
static int
pm_rec_version(const char *buf, size_t n, size_t line, char *ver,
    size_t len)
{
	size_t	 i;

	for (i = 0; line + 1 + i < n && i + 1 < len &&
	    buf[line + 1 + i] >= '0' && buf[line + 1 + i] <= '9'; i++)
		ver[i] = buf[line + 1 + i];
	ver[i] = '\0';
	return (i > 0 && line + 1 + i < n && buf[line + 1 + i] == ',');
}

/*
 * Why a file whose first line (line bytes of the n at buf, of kind seen)
 * is a CSV or series header other than f's cannot take f's records: the
 * schema version of its first row (or of its header, for a series
 * before schema_version), when there is one, and the columns of both.
 */
static char *
pm_rec_schema(const struct pm_recfile *f, const struct pm_recsig *seen,
    const char *buf, size_t n, size_t line)
{
	size_t	 have = pm_rec_columns(buf, line);
	size_t	 want = pm_rec_columns(f->head, f->headlen);
	char	*why, ver[16], ours[16];
	int	 known;

	if (seen->version != 0) {
		snprintf(ver, sizeof ver, "%d", seen->version);
		known = 1;
	} else
		known = pm_rec_version(buf, n, line, ver, sizeof ver);
	snprintf(ours, sizeof ours, "%d", PM_SERIES_SCHEMA);
	if (f->kind == PM_REC_SERIES && known && strcmp(ver, ours) != 0)
		xasprintf(&why, "holds an interval series of version %s (%zu "
		    "columns); this postmark writes version %d (%zu columns), "
		    "and a file holds one version: give another file", ver,
		    have, PM_SERIES_SCHEMA, want);
	else if (f->kind == PM_REC_SERIES)
		xasprintf(&why, "holds an interval series of other columns "
		    "(%zu, not %zu): give another file", have, want);
	else if (known)
		xasprintf(&why, "holds CSV records of schema version %s (%zu "
		    "columns); this postmark writes schema version %d (%zu "
		    "columns), and a file holds one schema: give another file",
		    ver, have, PM_CSV_SCHEMA, want);
	else
		xasprintf(&why, "holds the CSV header of another schema (%zu "
		    "columns); this postmark writes schema version %d (%zu "
		    "columns), and a file holds one schema: give another file",
		    have, PM_CSV_SCHEMA, want);
	return (why);
}

/*
 * Why the n bytes that start a file (not empty) show that it cannot
 * take f's records: it holds records of another kind, or other text
 * where records are wanted, or records of another schema.  Returns an
 * allocated reason, or NULL when they fit.
 */
static char *
pm_rec_kindof(const struct pm_recfile *f, const char *buf, size_t n)
{
	const struct pm_recsig	*seen = pm_recsig_of(buf, n);
	const struct pm_recsig	*want = pm_recsig_kind(f->kind);
	const char		*nl = memchr(buf, '\n', n);
	size_t			 line = nl != NULL ? (size_t)(nl - buf) : n;
	char			*why = NULL;

	if (want == NULL) {
		if (seen != NULL)
			xasprintf(&why, "holds %s%s%s%s: %s would make it "
			    "unreadable; give another file", seen->name,
			    seen->setting != NULL ? " (" : "",
			    seen->setting != NULL ? seen->setting : "",
			    seen->setting != NULL ? ")" : "", f->writer);
	} else if (seen == NULL)
		xasprintf(&why, "%s: give another file", want->alien);
	else if (seen->kind != want->kind)
		xasprintf(&why, "holds %s%s%s%s, %s: give another file",
		    seen->name, seen->setting != NULL ? " (" : "",
		    seen->setting != NULL ? seen->setting : "",
		    seen->setting != NULL ? ")" : "", want->not);
	else if (f->head != NULL && (nl == NULL || line + 1 != f->headlen ||
	    memcmp(buf, f->head, f->headlen) != 0))
		why = pm_rec_schema(f, seen, buf, n, line);
	return (why);
}

/*
 * Whether the file at fd (size bytes; read from unless not readable)
 * can take f's records: an empty file can (*due set: the header goes
 * first, if f has one); text can take a classic report or show's lines
 * unless it holds records; records need a file of the same kind (and
 * CSV the same header) whose last line is whole.  Returns NULL, or why
 * not (allocated, "holds ...: give another file").
 */
static char *
pm_recfile_judge(const struct pm_recfile *f, int fd, off_t size,
    int readable, int *due)
{
	char	*buf, *why, last;
	ssize_t	 n;

	*due = size == 0 && f->head != NULL;
	if (size == 0 || (!readable && f->kind == PM_REC_TEXT))
		return (NULL);
	if (!readable)
		return (xstrdup("cannot be read to check what it holds: make "
		    "it readable or give another file"));
	if ((buf = malloc(PM_REC_PEEK)) == NULL ||
	    (n = pread(fd, buf, PM_REC_PEEK, 0)) == -1) {
		xasprintf(&why, "cannot be read to check what it holds: %s",
		    strerror(errno));
		free(buf);
		return (why);
	}
	why = pm_rec_kindof(f, buf, (size_t)n);
	free(buf);
	if (why == NULL && f->kind != PM_REC_TEXT &&
	    (pread(fd, &last, 1, size - 1) != 1 || last != '\n'))
		why = xstrdup("ends in the middle of a line (a record cut "
		    "short): repair it or give another file");
	return (why);
}

/*
 * Set up f for path (NULL: standard output), a file of kind records,
 * named what in messages ("report file"), noun what is written to it
 * ("the report") and, for TEXT, writer what writes it ("a verbose
 * report").  The strings are borrowed; a header is added with
 * pm_record_head.
 */
void
pm_recfile_init(struct pm_recfile *f, const char *path, enum pm_rec_kind kind,
    const char *what, const char *noun, const char *writer)
{
	memset(f, 0, sizeof *f);
	f->path = path != NULL ? xstrdup(path) : NULL;
	f->kind = kind;
	f->what = what;
	f->noun = noun;
	f->writer = writer;
	f->fd = path != NULL ? -1 : STDOUT_FILENO;
}

/*
 * Check, without creating it, that f can take records (cmd names the
 * command in messages): an existing file must be writable and hold
 * what f writes, a new one's directory must let us create it.  Only
 * when fs is set (the file system is as it will be).  Returns 0, or -1
 * with *err set.
 */
int
pm_recfile_check(const struct pm_recfile *f, const char *cmd, int fs,
    struct pm_cmderr *err)
{
	struct stat	 st;
	char		*d, *why = NULL;
	int		 e = 0, fd, due;

	if (f->path == NULL || !fs)
		return (0);
	if (stat(f->path, &st) == 0) {
		if (access(f->path, W_OK) == -1)
			e = errno;
		else if (S_ISREG(st.st_mode)) {
			fd = open(f->path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
			why = pm_recfile_judge(f, fd, st.st_size, fd != -1,
			    &due);
			if (fd != -1)
				close(fd);
		}
	} else if (errno == ENOENT) {
		d = xstrdup(f->path);
		if (access(dirname(d), W_OK | X_OK) == -1)
			e = errno;
		free(d);
	} else
		e = errno;
	if (why != NULL) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "%s: %s '%s' %s", cmd,
		    f->what, f->path, why);
		free(why);
		return (-1);
	}
	if (e != 0) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "%s: cannot write "
		    "'%s': %s", cmd, f->path, strerror(e));
		pm_cmderr_compat(err, "Error: Cannot direct output to file "
		    "'%s'", f->path);
		return (-1);
	}
	return (0);
}

/*
 * Open f's file, or make it (f->made set) when it is missing.  Another
 * run may make it between the two opens (several runs started at once
 * on one new file): then it is opened as that run made it, and one that
 * run removes again (it recorded nothing) is made here.  Returns the
 * descriptor, or -1 with errno set.
 */
static int
pm_rec_make(struct pm_recfile *f, int *readable)
{
	int	 fd, tries;

	for (tries = 0; tries < 16; tries++) {
		if ((fd = pm_rec_openfd(f->path, 0, readable)) != -1 ||
		    errno != ENOENT)
			return (fd);
		if ((fd = pm_rec_openfd(f->path, O_CREAT | O_EXCL,
		    readable)) != -1) {
			f->made = 1;
			return (fd);
		}
		if (errno != EEXIST)
			return (-1);
	}
	return (-1);
}

/*
 * Before anything is written: open f's file (created when missing), see
 * that it can take f's records, and close it again (a regular file is
 * opened by name for each record) or keep it (standard output, a FIFO,
 * a device).  No lock is taken: a writer may hold it for as long as it
 * likes, and the record is judged again under its own lock.  cmd names
 * the command in messages.  Returns 0, or -1 with *err set and nothing
 * left behind.
 */
int
pm_recfile_open(struct pm_recfile *f, const char *cmd, struct pm_cmderr *err)
{
	struct stat	 st;
	char		*why = NULL;
	int		 fd, readable, due;

	if (f->path == NULL)
		return (0);
	if ((fd = pm_rec_make(f, &readable)) == -1 || fstat(fd, &st) == -1) {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "%s: cannot open '%s': "
		    "%s", cmd, f->path, strerror(errno));
		pm_cmderr_compat(err, "Error: Cannot direct output to file "
		    "'%s'", f->path);
		if (fd != -1)
			close(fd);
		pm_recfile_close(f, 1);
		return (-1);
	}
	if (!S_ISREG(st.st_mode)) {
		f->fd = fd;
		return (0);
	}
	why = pm_recfile_judge(f, fd, st.st_size, readable, &due);
	close(fd);
	if (why == NULL)
		return (0);
	pm_cmderr_set(err, PM_ERR_INPUT, NULL, "%s: %s '%s' %s", cmd, f->what,
	    f->path, why);
	free(why);
	pm_recfile_close(f, 1);
	return (-1);
}

/*
 * Release f: close what it keeps open (not standard output) and, when
 * discard is set, remove the file pm_recfile_open made if it is still
 * empty (nothing was recorded).  NULL-safe.
 */
void
pm_recfile_close(struct pm_recfile *f, int discard)
{
	struct stat	 st;

	if (f == NULL)
		return;
	if (f->path != NULL && f->fd != -1)
		close(f->fd);
	if (discard && f->made && stat(f->path, &st) == 0 &&
	    S_ISREG(st.st_mode) && st.st_size == 0)
		(void)unlink(f->path);
	free(f->path);
	free(f->head);
	memset(f, 0, sizeof *f);
	f->fd = -1;
}

/*
 * Start a record for f: p's memory stream, which the reporter writes.
 * Returns the stream, or NULL (out of memory: pm_record_end then
 * fails).
 */
FILE *
pm_record_begin(struct pm_recpart *p, struct pm_recfile *f)
{
	memset(p, 0, sizeof *p);
	p->file = f;
	p->fd = -1;
	p->fp = open_memstream(&p->buf, &p->len);
	return (p->fp);
}

/*
 * Make what was written to p's stream (if anything) the header of its
 * file, written before the first record of an empty file.  Returns 0,
 * or -1 (out of memory).
 */
int
pm_record_head(struct pm_recpart *p)
{
	int	 rv = p->fp != NULL && fclose(p->fp) == 0 ? 0 : -1;

	p->fp = NULL;
	free(p->file->head);
	p->file->head = NULL;
	p->file->headlen = 0;
	if (rv == 0 && p->len > 0) {
		p->file->head = p->buf;
		p->file->headlen = p->len;
	} else
		free(p->buf);
	p->buf = NULL;
	return (rv);
}

/*
 * Get part p's file ready for its record: the kept descriptor, or the
 * file opened by name (created when missing), locked exclusively, and
 * checked again under the lock (another writer may have written a
 * header, or something else).  Returns 0, or -1 with *why set.
 */
static int
pm_part_acquire(struct pm_recpart *p, char **why)
{
	struct pm_recfile	*f = p->file;
	struct stat		 st;
	int			 readable = 0, locked;

	if (f->fd != -1) {
		p->fd = f->fd;
		if (f->path == NULL)
			fflush(stdout);
	} else if ((p->fd = pm_rec_openfd(f->path, O_CREAT,
	    &readable)) == -1) {
		*why = xstrdup(strerror(errno));
		return (-1);
	} else
		p->opened = 1;
	if (fstat(p->fd, &st) == -1) {
		*why = xstrdup(strerror(errno));
		return (-1);
	}
	p->due = f->head != NULL && !f->headed;
	if (!S_ISREG(st.st_mode))
		return (0);
	if ((locked = pm_rec_lock(p->fd, LOCK_EX, why)) == -1)
		return (-1);
	p->locked = locked;
	if (fstat(p->fd, &st) == -1) {
		*why = xstrdup(strerror(errno));
		return (-1);
	}
	p->size = st.st_size;
	if (!p->opened) {
		/* Standard output: cut back only when it appends. */
		p->cut = (fcntl(p->fd, F_GETFL) & O_APPEND) != 0;
		return (0);
	}
	p->cut = 1;
	if ((*why = pm_recfile_judge(f, p->fd, st.st_size, readable,
	    &p->due)) != NULL)
		return (-1);
	return (0);
}

/*
 * Write part p's record, after its file's header when that is due, with
 * one write(2).  Returns 0, or -1 with *why set.
 */
static int
pm_part_send(struct pm_recpart *p, char **why)
{
	struct pm_recfile	*f = p->file;
	char			*buf = p->buf;
	size_t			 len = p->len;

	if (p->due) {
		len += f->headlen;
		if ((buf = malloc(len)) == NULL) {
			*why = xstrdup(strerror(errno));
			return (-1);
		}
		memcpy(buf, f->head, f->headlen);
		memcpy(buf + f->headlen, p->buf, p->len);
	}
	p->sent = 1;
	if (pm_atomicio(pm_rec_write, p->fd, buf, len) != len) {
		*why = xstrdup(errno != 0 ? strerror(errno) :
		    "nothing was written");
		if (buf != p->buf)
			free(buf);
		return (-1);
	}
	if (buf != p->buf)
		free(buf);
	if (p->due)
		f->headed = 1;
	return (0);
}

/*
 * After a failure: cut p's file back to its length before the record
 * (when a write was made and the file can be cut); a failure to do so
 * is added to *why.
 */
static void
pm_part_undo(struct pm_recpart *p, char **why)
{
	char	*t;

	if (!p->sent || !p->cut || ftruncate(p->fd, p->size) == 0)
		return;
	xasprintf(&t, "%s; and it could not be cut back to %lld bytes: %s",
	    *why != NULL ? *why : "", (long long)p->size, strerror(errno));
	free(*why);
	*why = t;
}

/*
 * Release p's file: unlock it and close what was opened for it.  A
 * failed close is a failed record (*why set, -1) unless one already
 * failed.  Frees p's bytes.
 */
static int
pm_part_release(struct pm_recpart *p, char **why)
{
	int	 rv = 0;

	if (p->locked)
		(void)flock(p->fd, LOCK_UN);
	if (p->opened && close(p->fd) == -1 && *why == NULL) {
		*why = xstrdup(strerror(errno));
		rv = -1;
	}
	if (p->fp != NULL)
		fclose(p->fp);
	free(p->buf);
	p->fp = NULL;
	p->buf = NULL;
	p->fd = -1;
	p->opened = p->locked = 0;
	return (rv);
}

/*
 * Write the records of parts p[0..n-1] (begun with pm_record_begin;
 * empty ones are skipped) as one: each file opened and locked in
 * order, each record written with one write(2), every lock held until
 * all are written, so that the records of one run stay together; if one
 * fails, those written are cut back.  SIGPIPE and SIGXFSZ are ignored
 * meanwhile (EPIPE, EFBIG).  Returns 0, or -1 with *bad the failed
 * part's index (when bad is not NULL) and *cause why (allocated).
 */
int
pm_record_end(struct pm_recpart *p, size_t n, size_t *bad, char **cause)
{
	struct sigaction	 ign, opipe, ofsize;
	size_t			 i, at = 0;
	int			 rv = 0;

	*cause = NULL;
	for (i = 0; i < n && rv == 0; i++) {
		at = i;
		if (p[i].fp == NULL || fclose(p[i].fp) != 0) {
			xasprintf(cause, "cannot format it: %s",
			    strerror(errno != 0 ? errno : ENOMEM));
			rv = -1;
		}
		p[i].fp = NULL;
	}
	for (i = 0; i < n && rv == 0; i++) {
		at = i;
		if (p[i].len > 0)
			rv = pm_part_acquire(&p[i], cause);
	}
	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &opipe);
	sigaction(SIGXFSZ, &ign, &ofsize);
	for (i = 0; i < n && rv == 0; i++) {
		at = i;
		if (p[i].len > 0)
			rv = pm_part_send(&p[i], cause);
	}
	sigaction(SIGPIPE, &opipe, NULL);
	sigaction(SIGXFSZ, &ofsize, NULL);
	for (i = 0; i < n && rv == -1; i++)
		pm_part_undo(&p[i], cause);
	for (i = 0; i < n; i++) {
		if (pm_part_release(&p[i], cause) == -1 && rv == 0) {
			rv = -1;
			at = i;
		}
	}
	if (rv == -1 && bad != NULL)
		*bad = at;
	return (rv);
}
