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
 * The files of records (pm_record.c writes the records): where they
 * are, whether they may be written, what they hold.
 *
 * A file is reached through its directory, opened once when the command
 * starts (O_DIRECTORY | O_NOFOLLOW) and, with set strictmodes, refused
 * as a location would be when someone else could put a file of theirs
 * in place of the record file (pm_strict.c); every open of the file is
 * openat(2) relative to that handle with O_NOFOLLOW, so that a record
 * is never written through a symbolic link nor outside the directory
 * checked.  The file itself is opened by name for each record: a file
 * removed is made again, and a directory whose path no longer leads to
 * the handle (removed, renamed) fails the record instead of writing
 * where no one would look.  In a sticky directory that others may
 * write, a file of another user's, or with a second name, is refused.
 * A FIFO is opened without waiting: one with no reader is refused.
 *
 * What a file holds is judged from its first 64 KiB and from its end: a
 * file of records whose last line has no newline ends in a record cut
 * short, which only a writer killed in its write can leave (records
 * are written whole under the file's lock): the writer that holds the
 * lock next cuts it off (pm_record.c); where the file system has no
 * locks it may be a record being written, and the file is refused.
 * The file a command made and recorded nothing in is removed under its
 * lock, and only while it is still the empty file made.
 */

#include "config.h"

#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "postmark.h"
#include "pm_cli.h"
#include "pm_record.h"

#define PM_REC_PEEK	65536		/* bytes read to see what a file is */
#define PM_REC_FLAGS	(O_APPEND | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW)

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

static const struct pm_recsig *pm_recsig_of(const char *, size_t);
static const struct pm_recsig *pm_recsig_kind(enum pm_rec_kind);
static size_t	 pm_rec_columns(const char *, size_t);
static int	 pm_rec_version(const char *, size_t, size_t, char *,
		    size_t);
static char	*pm_rec_schema(const struct pm_recfile *,
		    const struct pm_recsig *, const char *, size_t, size_t);
static char	*pm_rec_kindof(const struct pm_recfile *, const char *,
		    size_t);
static int	 pm_rec_whole(int, char *, off_t, off_t *);
static int	 pm_rec_started(const struct pm_recfile *, const char *,
		    size_t);
static char	*pm_rec_probe(const struct pm_recfile *, int, off_t, int);
static char	*pm_rec_why(int);
static int	 pm_rec_dir(const struct pm_recfile *, int *, struct stat *,
		    int *, char **);
static int	 pm_rec_fail(const struct pm_recfile *, const char *,
		    const char *, const char *, const char *, int,
		    struct pm_cmderr *);
static int	 pm_rec_openat(const struct pm_recfile *, int, int, int *,
		    struct stat *);
static int	 pm_rec_make(struct pm_recfile *, int *, struct stat *);
static void	 pm_rec_unmake(struct pm_recfile *);

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
 * The length of the whole lines of the size bytes of the file at fd
 * (up to and with its last newline) into *whole, read from the end
 * through buf (PM_REC_PEEK bytes).  Returns 0, or -1 with errno set.
 */
static int
pm_rec_whole(int fd, char *buf, off_t size, off_t *whole)
{
	off_t	 end = size, at;
	ssize_t	 n, i;

	*whole = size;
	if (size == 0 || (pread(fd, buf, 1, size - 1) == 1 && buf[0] == '\n'))
		return (0);
	while (end > 0) {
		at = end > PM_REC_PEEK ? end - PM_REC_PEEK : 0;
		if ((n = pread(fd, buf, (size_t)(end - at), at)) != end - at) {
			if (n >= 0)
				errno = EIO;
			return (-1);
		}
		for (i = n; i > 0; i--) {
			if (buf[i - 1] == '\n') {
				*whole = at + i;
				return (0);
			}
		}
		end = at;
	}
	*whole = 0;
	return (0);
}

/*
 * Whether the n bytes at buf, all of a file and no newline, are the
 * start of what f writes first (its header, or a JSON record's start):
 * a first record whose writer was killed early.
 */
static int
pm_rec_started(const struct pm_recfile *f, const char *buf, size_t n)
{
	const struct pm_recsig	*sig = pm_recsig_kind(f->kind);
	const char		*start = f->head;
	size_t			 len = f->headlen;

	if (start == NULL && sig != NULL) {
		start = sig->start;
		len = strlen(start);
	}
	return (start != NULL && n > 0 && memcmp(buf, start, n < len ? n :
	    len) == 0);
}

/*
 * Whether the file at fd (size bytes; read from unless not readable)
 * can take f's records: an empty file can; text can take a classic
 * report or show's lines unless it holds records; records need a file
 * of the same kind (and CSV the same header).  *whole is how much of it
 * is whole lines: for records, a last line without a newline is a
 * record cut short (the whole file, when it is the start of what f
 * writes first), for the caller to cut off or refuse; *due is set when
 * the header goes first.  Returns NULL, or why not (allocated, "holds
 * ...: give another file").
 */
char *
pm_recfile_judge(const struct pm_recfile *f, int fd, off_t size,
    int readable, int *due, off_t *whole)
{
	char	*buf, *why = NULL;
	ssize_t	 n = 0;

	*whole = size;
	*due = size == 0 && f->head != NULL;
	if (size == 0 || (!readable && f->kind == PM_REC_TEXT))
		return (NULL);
	if (!readable)
		return (xstrdup("cannot be read to check what it holds: make "
		    "it readable or give another file"));
	if ((buf = malloc(PM_REC_PEEK)) == NULL ||
	    (f->kind != PM_REC_TEXT && pm_rec_whole(fd, buf, size,
	    whole) == -1) || (n = pread(fd, buf, PM_REC_PEEK, 0)) == -1) {
		xasprintf(&why, "cannot be read to check what it holds: %s",
		    strerror(errno));
		free(buf);
		return (why);
	}
	if (*whole == 0 && pm_rec_started(f, buf, (size_t)n))
		*due = f->head != NULL;
	else
		why = pm_rec_kindof(f, buf, *whole > 0 && *whole < n ?
		    (size_t)*whole : (size_t)n);
	free(buf);
	return (why);
}

/* Whether flock(2)'s errno e says that the file system has no locks. */
int
pm_recfile_nolocks(int e)
{
	return (e == ENOLCK || e == EOPNOTSUPP || e == EINVAL);
}

/*
 * Why a file of records that ends in a record cut short cannot be cut
 * back: its file system has no locks (flock failed with e), so the cut
 * line may be a record that another run is still writing.  Allocated.
 */
char *
pm_recfile_uncut(int e)
{
	char	*why;

	xasprintf(&why, "ends in the middle of a line (a record cut short), "
	    "and this file system has no locks (flock: %s), so it may be a "
	    "record another run is still writing: repair it or give another "
	    "file", strerror(e));
	return (why);
}

/*
 * Before the run: whether the file at fd (size bytes; read from unless
 * not readable) can take f's records (pm_recfile_judge) and, when it
 * ends in a record cut short, whether the writer that holds its lock at
 * the next record will cut it off: if the file system has locks (a
 * writer may hold the lock now: it has).  Returns NULL, or why not
 * (allocated; pm_recfile_uncut).
 */
static char *
pm_rec_probe(const struct pm_recfile *f, int fd, off_t size, int readable)
{
	char	*why;
	off_t	 whole;
	int	 due;

	if ((why = pm_recfile_judge(f, fd, size, readable, &due,
	    &whole)) != NULL || whole == size)
		return (why);
	if (flock(fd, LOCK_SH | LOCK_NB) == 0) {
		(void)flock(fd, LOCK_UN);
		return (NULL);
	}
	return (pm_recfile_nolocks(errno) ? pm_recfile_uncut(errno) : NULL);
}

/*
 * Why a record cannot go to f's file, from the errno e of its open:
 * a symbolic link, a FIFO that no one reads, or e's message.  Allocated.
 */
static char *
pm_rec_why(int e)
{
	if (e == ELOOP)
		return (xstrdup("is a symbolic link, and records are never "
		    "written through one: name the file itself"));
	if (e == ENXIO)
		return (xstrdup("is a FIFO that no process reads: start its "
		    "reader first (postmark does not wait for one)"));
	return (xstrdup(strerror(e)));
}

/*
 * Open f's directory into *dirfd, not through a symbolic link, and its
 * status into *st; with f->strict, refuse it when someone else could put
 * a file of theirs in place of f's (pm_dirs_exposure: it is another
 * user's, or others may write in it and it is not sticky), and set
 * *shared when others may write in it all the same (sticky).  Returns 0,
 * or -1 with *why set (allocated: what follows "directory 'D'" in a
 * message) or, when *why is NULL, errno set.
 */
static int
pm_rec_dir(const struct pm_recfile *f, int *dirfd, struct stat *st,
    int *shared, char **why)
{
	struct stat	 ls;
	char		*harm, *t;
	uid_t		 user = geteuid();
	int		 e;

	*why = NULL;
	*shared = 0;
	*dirfd = open(f->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
#ifdef O_PATH
	/* A directory we may write in but not read (pm_acl_writers). */
	if (*dirfd == -1 && errno == EACCES)
		*dirfd = open(f->dir, O_PATH | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC);
#endif
	if (*dirfd == -1 || fstat(*dirfd, st) == -1) {
		e = errno;
		if ((e == ELOOP || e == ENOTDIR) && lstat(f->dir, &ls) == 0 &&
		    S_ISLNK(ls.st_mode))
			*why = xstrdup(" is a symbolic link: name the "
			    "directory itself");
		if (*dirfd != -1)
			close(*dirfd);
		*dirfd = -1;
		errno = e;
		return (-1);
	}
	if (!f->strict)
		return (0);
	xasprintf(&harm, "could put a file of theirs in place of the %s, "
	    "which postmark would then write to", f->what);
	t = pm_dirs_exposure(*dirfd, st, user, harm);
	free(harm);
	if (t != NULL) {
		xasprintf(why, ": %s", t);
		free(t);
		close(*dirfd);
		*dirfd = -1;
		return (-1);
	}
	*shared = pm_dirs_shared(*dirfd, st, user);
	return (0);
}

/*
 * Say in err why f's file cannot be written, for cmd: dirwhy, what is
 * wrong with its directory (pm_rec_dir), else why, what is wrong with the
 * file, else the errno e of op ("open", "write": the check) with
 * PostMark's message.  Returns -1.
 */
static int
pm_rec_fail(const struct pm_recfile *f, const char *cmd, const char *op,
    const char *dirwhy, const char *why, int e, struct pm_cmderr *err)
{
	if (dirwhy != NULL)
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "%s: %s '%s': directory "
		    "'%s'%s", cmd, f->what, f->path, f->dir, dirwhy);
	else if (why != NULL)
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "%s: %s '%s' %s", cmd,
		    f->what, f->path, why);
	else {
		pm_cmderr_set(err, PM_ERR_INPUT, NULL, "%s: cannot %s '%s': %s",
		    cmd, op, f->path, strerror(e));
		pm_cmderr_compat(err, "Error: Cannot direct output to file "
		    "'%s'", f->path);
	}
	return (-1);
}

/*
 * Open f's file in its directory dirfd, never through a symbolic link
 * (ELOOP), with flags added (O_CREAT, O_EXCL): a regular file to read
 * and append (append only, *readable cleared, when it may not be read),
 * anything else to append only, without waiting for a FIFO's reader
 * (ENXIO when it has none); its status goes to st.  A file that became
 * another kind between the look and the open is looked at again.
 * Returns the descriptor, or -1 with errno set.
 */
static int
pm_rec_openat(const struct pm_recfile *f, int dirfd, int flags,
    int *readable, struct stat *st)
{
	struct stat	 ls;
	int		 fd, reg, tries, fl, e;

	for (tries = 0; tries < PM_REC_TRIES; tries++) {
		*readable = 0;
		if (fstatat(dirfd, f->base, &ls, AT_SYMLINK_NOFOLLOW) == 0)
			reg = S_ISREG(ls.st_mode);
		else if (errno == ENOENT && (flags & O_CREAT))
			reg = 1;
		else
			return (-1);
		if (reg && (fd = openat(dirfd, f->base, O_RDWR | PM_REC_FLAGS |
		    flags, 0666)) != -1)
			*readable = 1;
		else if (!reg || errno == EACCES)
			fd = openat(dirfd, f->base, O_WRONLY | O_NONBLOCK |
			    PM_REC_FLAGS | flags, 0666);
		if (fd == -1)
			return (-1);
		if (fstat(fd, st) == -1) {
			e = errno;
			close(fd);
			errno = e;
			return (-1);
		}
		if ((S_ISREG(st->st_mode) != 0) == reg) {
			if ((fl = fcntl(fd, F_GETFL)) != -1 &&
			    (fl & O_NONBLOCK))
				(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
			return (fd);
		}
		close(fd);
	}
	errno = EAGAIN;
	return (-1);
}

/*
 * Open f's file in its directory, or make it (f->made set, its identity
 * kept) when it is missing.  Another run may make it between the two
 * opens (several runs started at once on one new file): then it is
 * opened as that run made it, and one that run removes again (it
 * recorded nothing) is made here.  Returns the descriptor (its status in
 * *st), or -1 with errno set.
 */
static int
pm_rec_make(struct pm_recfile *f, int *readable, struct stat *st)
{
	int	 fd, tries;

	for (tries = 0; tries < PM_REC_TRIES; tries++) {
		if ((fd = pm_rec_openat(f, f->dirfd, 0, readable, st)) != -1 ||
		    errno != ENOENT)
			return (fd);
		if ((fd = pm_rec_openat(f, f->dirfd, O_CREAT | O_EXCL,
		    readable, st)) != -1) {
			f->made = 1;
			f->dev = st->st_dev;
			f->ino = st->st_ino;
			return (fd);
		}
		if (errno != EEXIST)
			return (-1);
	}
	return (-1);
}

/*
 * Set up f for path (NULL: standard output), a file of kind records,
 * named what in messages ("report file"), noun what is written to it
 * ("the report") and, for TEXT, writer what writes it ("a verbose
 * report"), held to set strictmodes (f->strict, set: the caller may
 * clear it).  The strings are borrowed; a header is added with
 * pm_record_head.
 */
void
pm_recfile_init(struct pm_recfile *f, const char *path, enum pm_rec_kind kind,
    const char *what, const char *noun, const char *writer)
{
	char	*d, *b;

	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->what = what;
	f->noun = noun;
	f->writer = writer;
	f->fd = path != NULL ? -1 : STDOUT_FILENO;
	f->dirfd = -1;
	f->strict = 1;
	if (path == NULL)
		return;
	f->path = xstrdup(path);
	d = xstrdup(path);
	b = xstrdup(path);
	f->dir = xstrdup(dirname(d));
	f->base = xstrdup(basename(b));
	free(d);
	free(b);
}

/*
 * Check, without creating it, that f can take records (cmd names the
 * command in messages): its directory as pm_rec_dir says, an existing
 * file not a symbolic link, writable, ours where others may write (in a
 * sticky directory) and holding what f writes, a new one's directory
 * writable.  Only when fs is set (the file system is as it will be).
 * Returns 0, or -1 with *err set.
 */
int
pm_recfile_check(const struct pm_recfile *f, const char *cmd, int fs,
    struct pm_cmderr *err)
{
	struct stat	 ds, st;
	char		*dirwhy, *why = NULL;
	int		 e = 0, dirfd, fd, shared, rv = 0;

	if (f->path == NULL || !fs)
		return (0);
	if (pm_rec_dir(f, &dirfd, &ds, &shared, &dirwhy) == -1)
		e = errno;
	else if (fstatat(dirfd, f->base, &st, AT_SYMLINK_NOFOLLOW) == -1) {
		if (errno != ENOENT || faccessat(dirfd, ".", W_OK | X_OK, 0) ==
		    -1)
			e = errno;
	} else if (S_ISLNK(st.st_mode))
		why = pm_rec_why(ELOOP);
	else if (shared && (why = pm_files_exposure(&st, geteuid())) != NULL)
		;
	else if (faccessat(dirfd, f->base, W_OK, 0) == -1)
		e = errno;
	else if (S_ISREG(st.st_mode)) {
		fd = openat(dirfd, f->base, O_RDONLY | O_CLOEXEC | O_NOCTTY |
		    O_NOFOLLOW);
		why = pm_rec_probe(f, fd, st.st_size, fd != -1);
		if (fd != -1)
			close(fd);
	}
	if (dirfd != -1)
		close(dirfd);
	if (dirwhy != NULL || why != NULL || e != 0)
		rv = pm_rec_fail(f, cmd, "write", dirwhy, why, e, err);
	free(dirwhy);
	free(why);
	return (rv);
}

/*
 * Before anything is written: open f's directory (pm_rec_dir) and keep
 * it, open f's file there (created when missing), see that it can take
 * f's records, and close it again (a regular file is opened for each
 * record) or keep it (a FIFO, a device).  No lock is taken: a writer
 * may hold it for as long as it likes, and the record is judged again
 * under its own lock.  cmd names the command in messages.  Returns 0,
 * or -1 with *err set and nothing left behind.
 */
int
pm_recfile_open(struct pm_recfile *f, const char *cmd, struct pm_cmderr *err)
{
	struct stat	 ds, st;
	char		*dirwhy, *why = NULL;
	int		 fd = -1, readable, e = 0;

	if (f->path == NULL)
		return (0);
	if (pm_rec_dir(f, &f->dirfd, &ds, &f->shared, &dirwhy) == -1)
		e = errno;
	else if ((fd = pm_rec_make(f, &readable, &st)) == -1) {
		if ((e = errno) == ELOOP || e == ENXIO)
			why = pm_rec_why(e);
	} else if (f->shared && (why = pm_files_exposure(&st, geteuid())) !=
	    NULL)
		;
	else if (!S_ISREG(st.st_mode)) {
		f->fd = fd;
		f->ddev = ds.st_dev;
		f->dino = ds.st_ino;
		return (0);
	} else
		why = pm_rec_probe(f, fd, st.st_size, readable);
	if (fd != -1)
		close(fd);
	if (dirwhy == NULL && why == NULL && e == 0) {
		f->ddev = ds.st_dev;
		f->dino = ds.st_ino;
		return (0);
	}
	pm_rec_fail(f, cmd, "open", dirwhy, why, e, err);
	free(dirwhy);
	free(why);
	pm_recfile_close(f, 1);
	return (-1);
}

/*
 * For a record: open f's file (made when missing) in its directory,
 * once the directory's path is seen to lead there still (one removed or
 * renamed fails the record); refused where others may write and it may
 * not be ours (pm_files_exposure).  Returns the descriptor (its status
 * in *st, *readable as pm_rec_openat says), or -1 with *why set
 * (allocated).
 */
int
pm_recfile_reopen(const struct pm_recfile *f, int *readable,
    struct stat *st, char **why)
{
	struct stat	 ds;
	int		 fd;

	if (stat(f->dir, &ds) == -1) {
		*why = xstrdup(strerror(errno));
		return (-1);
	}
	if (ds.st_dev != f->ddev || ds.st_ino != f->dino) {
		xasprintf(why, "its directory '%s' was replaced during the "
		    "run, and records go only where the run began", f->dir);
		return (-1);
	}
	if ((fd = pm_rec_openat(f, f->dirfd, O_CREAT, readable, st)) == -1) {
		*why = pm_rec_why(errno);
		return (-1);
	}
	if (f->shared && (*why = pm_files_exposure(st, geteuid())) != NULL) {
		close(fd);
		return (-1);
	}
	return (fd);
}

/*
 * Remove the file f made, if its name still leads to it and it is still
 * empty: under its lock, so that a run that opened it meanwhile either
 * wrote its record first (the file stays) or, once it has the lock,
 * finds it removed and makes it again (pm_record.c).  A lock another
 * holds is a record being written: the file stays.
 */
static void
pm_rec_unmake(struct pm_recfile *f)
{
	struct stat	 st;
	int		 fd;

	if (fstatat(f->dirfd, f->base, &st, AT_SYMLINK_NOFOLLOW) == -1 ||
	    !S_ISREG(st.st_mode) || st.st_dev != f->dev ||
	    st.st_ino != f->ino || (fd = openat(f->dirfd, f->base, O_RDONLY |
	    O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)) == -1)
		return;
	if ((flock(fd, LOCK_EX | LOCK_NB) == 0 ||
	    pm_recfile_nolocks(errno)) && fstat(fd, &st) == 0 &&
	    st.st_dev == f->dev && st.st_ino == f->ino && st.st_size == 0 &&
	    fstatat(f->dirfd, f->base, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    st.st_dev == f->dev && st.st_ino == f->ino)
		(void)unlinkat(f->dirfd, f->base, 0);
	close(fd);
}

/*
 * Release f: close what it keeps open (not standard output) and, when
 * discard is set, remove the file pm_recfile_open made if it is still
 * empty (nothing was recorded: pm_rec_unmake).  NULL-safe.
 */
void
pm_recfile_close(struct pm_recfile *f, int discard)
{
	if (f == NULL)
		return;
	if (f->path != NULL && f->fd != -1)
		close(f->fd);
	if (discard && f->made && f->dirfd != -1)
		pm_rec_unmake(f);
	if (f->dirfd != -1)
		close(f->dirfd);
	free(f->path);
	free(f->dir);
	free(f->base);
	free(f->head);
	memset(f, 0, sizeof *f);
	f->fd = -1;
	f->dirfd = -1;
}
