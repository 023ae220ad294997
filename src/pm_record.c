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
 * Records.  A record is formatted into a memory stream (the reporters
 * keep their FILE * interface), then appended to its file with one
 * write(2) on an O_APPEND descriptor under an exclusive flock(2), so
 * that runs writing to one file at once never mix; whether the header
 * goes first is decided under that lock, from the file's length.  A
 * write that fails is undone (the file cut back to its length before
 * the record), so that a record is whole or absent; and so, under the
 * lock, a last line without a newline can only be what a writer killed
 * in its write left: it is cut off (and said) before the record goes.
 * Where each file is, what it holds and whether it may be written:
 * pm_recfile.c.
 */

#include "config.h"

#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
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

#define PM_LOCK_FIRST	1000000L	/* ns, first wait for a lock */
#define PM_LOCK_MOST	50000000L	/* ns, longest wait between tries */
#define PM_SIGNO_MAX	64		/* highest signal number looked at */

static ssize_t	 pm_rec_write(int, void *, size_t);
static int	 pm_rec_signalled(void);
static int	 pm_rec_lock(int, int, char **);
static int	 pm_part_open(struct pm_recpart *, int *, struct stat *,
		    char **);
static int	 pm_part_acquire(struct pm_recpart *, char **);
static int	 pm_part_send(struct pm_recpart *, char **);
static void	 pm_part_undo(struct pm_recpart *, char **);
static int	 pm_part_close(struct pm_recpart *);
static int	 pm_part_release(struct pm_recpart *, char **);

/* write(2) with read(2)'s type, for pm_atomicio. */
static ssize_t
pm_rec_write(int fd, void *buf, size_t n)
{
	return (write(fd, buf, n));
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
		if (pm_recfile_nolocks(errno))
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
 * Open part p's file for its record (pm_recfile_reopen) and, when it is
 * a regular file, lock it exclusively: one removed by the time we hold
 * the lock (by a run that recorded nothing in the file it made) is made
 * again.  Returns 0 (its status in *st, whether it can be read in
 * *readable), or -1 with *why set.
 */
static int
pm_part_open(struct pm_recpart *p, int *readable, struct stat *st,
    char **why)
{
	int	 tries;

	for (tries = 0; tries < PM_REC_TRIES; tries++) {
		if ((p->fd = pm_recfile_reopen(p->file, readable, st,
		    why)) == -1)
			return (-1);
		p->opened = 1;
		if (!S_ISREG(st->st_mode))
			return (0);
		if ((p->locked = pm_rec_lock(p->fd, LOCK_EX, why)) == -1)
			return (-1);
		p->nolock = p->locked ? 0 : errno;
		if (fstat(p->fd, st) == -1) {
			*why = xstrdup(strerror(errno));
			return (-1);
		}
		if (st->st_nlink > 0)
			return (0);
		(void)pm_part_close(p);
	}
	*why = xstrdup("it was removed each time it was opened");
	return (-1);
}

/*
 * Get part p's file ready for its record: the kept descriptor, or the
 * file opened and locked (pm_part_open), and checked again under the
 * lock (another writer may have written a header, or something else).
 * A last line without a newline, which under the lock only a writer
 * killed in its write can have left, is cut off, and said on standard
 * error; without locks it is refused.  Returns 0, or -1 with *why set.
 */
static int
pm_part_acquire(struct pm_recpart *p, char **why)
{
	struct pm_recfile	*f = p->file;
	struct stat		 st;
	off_t			 whole;
	int			 readable = 0, locked;

	p->due = f->head != NULL && !f->headed;
	if (f->fd == -1) {
		if (pm_part_open(p, &readable, &st, why) == -1)
			return (-1);
		if (!S_ISREG(st.st_mode))
			return (0);
		p->size = st.st_size;
		p->cut = 1;
		if ((*why = pm_recfile_judge(f, p->fd, st.st_size, readable,
		    &p->due, &whole)) != NULL)
			return (-1);
		if (whole == st.st_size)
			return (0);
		if (!p->locked) {
			*why = pm_recfile_uncut(p->nolock);
			return (-1);
		}
		if (ftruncate(p->fd, whole) == -1) {
			xasprintf(why, "it ends in a record cut short, which "
			    "could not be cut off: %s", strerror(errno));
			return (-1);
		}
		p->size = whole;
		fflush(stdout);
		fprintf(stderr, "postmark: %s '%s' ended in a record cut short "
		    "(a writer killed while writing it): its last %lld bytes, "
		    "from byte %lld on, were cut off\n", f->what, f->path,
		    (long long)(st.st_size - whole), (long long)whole);
		return (0);
	}
	/* Standard output, a FIFO, a device: kept open. */
	p->fd = f->fd;
	if (f->path == NULL)
		fflush(stdout);
	if (fstat(p->fd, &st) == -1) {
		*why = xstrdup(strerror(errno));
		return (-1);
	}
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
	/* Standard output: cut back only when it appends. */
	p->cut = (fcntl(p->fd, F_GETFL) & O_APPEND) != 0;
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
 * Unlock p's file and close it if it was opened for p.  Returns what
 * close returned (0 when nothing was closed).
 */
static int
pm_part_close(struct pm_recpart *p)
{
	int	 rv = 0;

	if (p->locked)
		(void)flock(p->fd, LOCK_UN);
	if (p->opened)
		rv = close(p->fd);
	p->fd = -1;
	p->opened = p->locked = 0;
	return (rv);
}

/*
 * Release p's file (pm_part_close).  A failed close is a failed record
 * (*why set, -1) unless one already failed.  Frees p's bytes.
 */
static int
pm_part_release(struct pm_recpart *p, char **why)
{
	int	 rv = 0;

	if (pm_part_close(p) == -1 && *why == NULL) {
		*why = xstrdup(strerror(errno));
		rv = -1;
	}
	if (p->fp != NULL)
		fclose(p->fp);
	free(p->buf);
	p->fp = NULL;
	p->buf = NULL;
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
