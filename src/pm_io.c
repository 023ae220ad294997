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
 * File I/O of a run: PostMark's create, append and read of one file
 * (reference §5.3, §5.4), opened relative to a directory handle with
 * O_NOFOLLOW, and with every result checked.
 *
 * A file is written as PostMark writes it: len / W pieces of W bytes from
 * the start of the source, then the remainder piece, even when it is 0;
 * read likewise in pieces of R bytes.  How a piece reaches the kernel is
 * the I/O method (fio's ioengine_ops idea), chosen once per run:
 *
 *  - raw (set buffering false): one write(2) or read(2) per piece, a
 *    zero-length system call for an empty remainder, as PostMark;
 *  - stdio (set buffering true): glibc stdio's buffering, reproduced
 *    system call for system call, because PostMark used fopen and a
 *    FILE cannot be opened relative to a directory handle without an
 *    extra system call per file (fdopen's fcntl).  The buffer is
 *    allocated at the first transfer after an fstat, st_blksize bytes
 *    (at most BUFSIZ, 8192); a write fills the buffer, flushes it when
 *    full and writes whole blocks straight from the caller; a read takes
 *    what is buffered, refills the buffer with one read(2) for a short
 *    request and reads whole blocks straight into the caller's buffer
 *    for a long one; a zero-byte piece is no call at all.  The strace
 *    tests compare the result with PostMark's own calls.  Nothing is
 *    copied that the kernel does not see: what a write holds back is a
 *    slice of the source, written from there, and what a read takes
 *    from the buffer is only counted.
 *
 * Every transfer is checked: a write, or a read that must be complete,
 * is one system call when it moves the whole piece (the common case, no
 * loop) and goes on in pm_atomicio (OpenSSH's atomicio: the system call
 * is a parameter) when it does not; where stdio makes a single call, it
 * is one read(2).  Either way the bytes counted are the bytes of the
 * piece that the system calls moved, whatever happens afterwards.  With O_DIRECT
 * (unbuffered only) a piece is transferred rounded up to the file
 * system's alignment (from an aligned buffer with room to spare), and
 * only the piece's own bytes are counted, so that the counts are
 * PostMark's.
 *
 * After writing, the file is made durable as the run asks: fsync(2) or
 * fdatasync(2) before the close (buffered: after the flush), or the open
 * carries O_SYNC or O_DSYNC (the caller's wflags).
 */

#include "config.h"

#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "postmark.h"
#include "pm_io.h"

#define PM_STDIO_BUFSIZ	8192	/* glibc's BUFSIZ, its largest buffer */
#define PM_STDIO_MINBLK	128	/* below it glibc does not keep blocks */

/* One open file and its stdio-like buffer state. */
struct pm_file {
	struct pm_io	*io;
	int		 fd;
	size_t		 size;		/* buffer size, 0 until first use */
	char		*held;		/* writing: the bytes held back, */
	size_t		 fill;		/* fill of them, a slice of the source */
	size_t		 rpos;		/* next buffered byte to read */
	size_t		 rend;		/* end of the buffered bytes */
};

/*
 * An I/O method, chosen once per run (pm_io_init): how a file is opened
 * for PostMark's create and append, and how its pieces reach the kernel
 * (a call per file, which makes the calls of its pieces).
 */
struct pm_io_method {
	int	 cflags;	/* create: open flags */
	mode_t	 cmode;		/* create: mode */
	int	 aflags;	/* append: open flags */
	int	 aseek;		/* append: lseek to the end after open */
	int	(*write)(struct pm_file *, uint32_t);
	int	(*read)(struct pm_file *, uint32_t);
};

static ssize_t	 pm_write(int, void *, size_t);
static int	 pm_io_fail(struct pm_io *, const char *, int);
static size_t	 pm_move_rest(int, int, char *, size_t, ssize_t);
static int	 pm_move(struct pm_file *, int, char *, size_t);
static ssize_t	 pm_read1(struct pm_file *, char *, size_t);
static int	 pm_pieces(struct pm_file *, char *, size_t, uint32_t,
		    uint32_t, int (*)(struct pm_file *, char *, size_t));
static int	 pm_raw_put(struct pm_file *, char *, size_t);
static int	 pm_raw_get(struct pm_file *, char *, size_t);
static int	 pm_raw_write(struct pm_file *, uint32_t);
static int	 pm_raw_read(struct pm_file *, uint32_t);
static void	 pm_stdio_alloc(struct pm_file *);
static int	 pm_stdio_put(struct pm_file *, char *, size_t);
static int	 pm_stdio_get(struct pm_file *, char *, size_t);
static int	 pm_stdio_flush(struct pm_file *);
static int	 pm_stdio_write(struct pm_file *, uint32_t);
static int	 pm_stdio_read(struct pm_file *, uint32_t);
static int	 pm_open(struct pm_io *, struct pm_file *, int, const char *,
		    int, mode_t);
static int	 pm_close(struct pm_file *, int);
static int	 pm_write_file(struct pm_file *, uint32_t);

/* PostMark's open(2), read(2) and write(2). */
static const struct pm_io_method pm_raw = {
	.cflags = O_RDWR | O_CREAT | O_EXCL,
	.cmode = 0644,
	.aflags = O_RDWR | O_APPEND,
	.aseek = 0,
	.write = pm_raw_write,
	.read = pm_raw_read
};

/* PostMark's fopen("w"), fopen("a"), fread and fwrite, as glibc does them. */
static const struct pm_io_method pm_stdio = {
	.cflags = O_WRONLY | O_CREAT | O_EXCL | O_TRUNC,
	.cmode = 0666,
	.aflags = O_WRONLY | O_APPEND,
	.aseek = 1,
	.write = pm_stdio_write,
	.read = pm_stdio_read
};

/* write(2) with read(2)'s type, for pm_atomicio. */
static ssize_t
pm_write(int fd, void *buf, size_t n)
{
	return (write(fd, buf, n));
}

/*
 * Transfer n bytes between fd and buf with f (read or pm_write), as
 * OpenSSH's atomicio: retry on EINTR, continue after a partial transfer,
 * and make at least one call, so that n == 0 is still a system call, as
 * in PostMark.  Returns the bytes transferred; fewer than n means
 * failure, with errno set, or 0 when f returned 0 (end of file, or a
 * write that wrote nothing).
 */
size_t
pm_atomicio(ssize_t (*f)(int, void *, size_t), int fd, void *buf, size_t n)
{
	char	*p = buf;
	size_t	 pos = 0;
	ssize_t	 res;

	for (;;) {
		res = f(fd, p + pos, n - pos);
		if (res == -1) {
			if (errno == EINTR)
				continue;
			return (pos);
		}
		if (res == 0 && pos < n) {
			errno = 0;
			return (pos);
		}
		pos += (size_t)res;
		if (pos >= n)
			return (pos);
	}
}

/* Record the failure of op with errnum, if it is the first; -1. */
static int
pm_io_fail(struct pm_io *io, const char *op, int errnum)
{
	if (io->op == NULL) {
		io->op = op;
		io->errnum = errnum;
	}
	return (-1);
}

/*
 * After a first write (wr 1) or read of n bytes at p that returned res,
 * not n: what pm_atomicio would have made of it.  A partial transfer
 * goes on with pm_atomicio, EINTR starts it again, 0 is an end (errno
 * 0).  Returns the bytes transferred in all, errno set when fewer than n.
 */
static size_t
pm_move_rest(int wr, int fd, char *p, size_t n, ssize_t res)
{
	if (res == 0) {
		errno = 0;
		return (0);
	}
	if (res == -1 && errno != EINTR)
		return (0);
	if (res == -1)
		res = 0;
	return ((size_t)res + pm_atomicio(wr ? pm_write : read, fd, p + res,
	    n - (size_t)res));
}

/*
 * Write (wr 1) or read n bytes at p, completely, and count what moved:
 * one system call when it moves them all (the common case, which has no
 * loop), else pm_atomicio's loop for the rest.  Returns 0, or -1 after
 * recording the failure.
 */
static int
pm_move(struct pm_file *f, int wr, char *p, size_t n)
{
	size_t	 done, xfer = n, a = f->io->align;
	ssize_t	 res;

	if (a > 0)
		xfer = (n + a - 1) / a * a;
	res = wr ? write(f->fd, p, xfer) : read(f->fd, p, xfer);
	if (res >= 0 && (size_t)res == xfer)
		done = xfer;
	else
		done = pm_move_rest(wr, f->fd, p, xfer, res);
	*(wr ? &f->io->written : &f->io->nread) += done < n ? done : n;
	if (done == xfer)
		return (0);
	return (pm_io_fail(f->io, wr ? "write" : "read", errno != 0 ? errno :
	    wr ? PM_ERRNUM_SHORT : PM_ERRNUM_EOF));
}

/*
 * One read(2) of at most n bytes, as stdio makes it: the count, 0 at end
 * of file (recorded as a failure: the file is shorter than the table
 * says), or -1 after recording the error.
 */
static ssize_t
pm_read1(struct pm_file *f, char *p, size_t n)
{
	ssize_t	 got;

	while ((got = read(f->fd, p, n)) == -1 && errno == EINTR)
		continue;
	if (got == -1)
		return (pm_io_fail(f->io, "read", errno));
	f->io->nread += (size_t)got;
	if (got == 0)
		pm_io_fail(f->io, "read", PM_ERRNUM_EOF);
	return (got);
}

/*
 * The pieces of a transfer of len bytes: len / block calls of piece for
 * block bytes, then one for the remainder, even when it is 0; p moves on
 * by step after each (the source for writes, 0 for the read buffer).
 * Inlined into each method with its piece function, so that a piece is
 * a direct call.  Returns 0 or -1.
 */
static inline int
pm_pieces(struct pm_file *f, char *p, size_t step, uint32_t block,
    uint32_t len, int (*piece)(struct pm_file *, char *, size_t))
{
	uint32_t	 i;

	for (i = len / block; i > 0; i--, p += step) {
		if (piece(f, p, block) == -1)
			return (-1);
	}
	return (piece(f, p, len % block));
}

/* Unbuffered: a piece is one write(2), even an empty one. */
static int
pm_raw_put(struct pm_file *f, char *p, size_t n)
{
	return (pm_move(f, 1, p, n));
}

/* Unbuffered: a piece is one read(2), even an empty one. */
static int
pm_raw_get(struct pm_file *f, char *p, size_t n)
{
	return (pm_move(f, 0, p, n));
}

/* Unbuffered: len source bytes in write-block pieces. */
static int
pm_raw_write(struct pm_file *f, uint32_t len)
{
	return (pm_pieces(f, f->io->src, f->io->wblock, f->io->wblock, len,
	    pm_raw_put));
}

/* Unbuffered: len bytes in read-block pieces. */
static int
pm_raw_read(struct pm_file *f, uint32_t len)
{
	return (pm_pieces(f, f->io->rbuf, 0, f->io->rblock, len, pm_raw_get));
}

/*
 * glibc's _IO_file_doallocate: the buffer is st_blksize bytes when fstat
 * gives a size below BUFSIZ, else BUFSIZ; a failed fstat means BUFSIZ.
 */
static void
pm_stdio_alloc(struct pm_file *f)
{
	struct stat	 st;

	f->size = PM_STDIO_BUFSIZ;
	if (fstat(f->fd, &st) == 0 && st.st_blksize > 0 &&
	    (size_t)st.st_blksize < PM_STDIO_BUFSIZ)
		f->size = (size_t)st.st_blksize;
	f->fill = f->rpos = f->rend = 0;
}

/*
 * fwrite(p, n, 1) on a fully buffered stream (glibc's _IO_new_file_xsputn):
 * fill the free part of the buffer; if bytes remain, flush the full
 * buffer, write the whole blocks among them directly and buffer the rest.
 * The first call only sets the buffer up.  A file's pieces are
 * consecutive slices of the source from its start, so what stdio would
 * have copied into its buffer is the slice that ends where the next
 * piece begins: it is held as a pointer and a count and written from the
 * source itself, the same write(2) calls with the same bytes, no copy.
 */
static int
pm_stdio_put(struct pm_file *f, char *p, size_t n)
{
	size_t		 count, direct;

	if (n == 0)
		return (0);
	if (f->size == 0)
		pm_stdio_alloc(f);
	else {
		count = f->size - f->fill;
		if (count > n)
			count = n;
		f->fill += count;
		p += count;
		n -= count;
		if (n == 0)
			return (0);
		if (pm_move(f, 1, f->held, f->fill) == -1)
			return (-1);
		f->fill = 0;
	}
	direct = f->size >= PM_STDIO_MINBLK ? n - n % f->size : n;
	if (direct > 0 && pm_move(f, 1, p, direct) == -1)
		return (-1);
	f->held = p + direct;
	f->fill = n - direct;
	return (0);
}

/*
 * fread(p, n, 1) on a fully buffered stream (glibc's _IO_file_xsgetn):
 * take what is buffered; for less than a buffer refill it with one read,
 * for more read the whole blocks straight into p.  An end of file before
 * n bytes is a failure.  A run reads to count, never to look, so what
 * is taken from the buffer is counted, not copied out: the same read(2)
 * calls.
 */
static int
pm_stdio_get(struct pm_file *f, char *p, size_t n)
{
	size_t		 have, count;
	ssize_t		 got;

	if (n == 0)
		return (0);
	if (f->size == 0)
		pm_stdio_alloc(f);
	while (n > 0) {
		have = f->rend - f->rpos;
		if (n <= have) {
			f->rpos += n;
			return (0);
		}
		p += have;
		n -= have;
		f->rpos = f->rend = 0;
		if (n < f->size) {
			if ((got = pm_read1(f, f->io->sbuf, f->size)) <= 0)
				return (-1);
			f->rend = (size_t)got;
			continue;
		}
		count = f->size >= PM_STDIO_MINBLK ? n - n % f->size : n;
		if ((got = pm_read1(f, p, count)) <= 0)
			return (-1);
		p += got;
		n -= (size_t)got;
	}
	return (0);
}

/* fclose's flush: write what is buffered. */
static int
pm_stdio_flush(struct pm_file *f)
{
	if (f->fill == 0)
		return (0);
	if (pm_move(f, 1, f->held, f->fill) == -1)
		return (-1);
	f->fill = 0;
	return (0);
}

/*
 * Buffered: len source bytes put in write-block pieces, as fwrite calls,
 * then fclose's flush.
 */
static int
pm_stdio_write(struct pm_file *f, uint32_t len)
{
	if (pm_pieces(f, f->io->src, f->io->wblock, f->io->wblock, len,
	    pm_stdio_put) == -1)
		return (-1);
	return (pm_stdio_flush(f));
}

/* Buffered: len bytes taken in read-block pieces, as fread calls. */
static int
pm_stdio_read(struct pm_file *f, uint32_t len)
{
	return (pm_pieces(f, f->io->rbuf, 0, f->io->rblock, len,
	    pm_stdio_get));
}

/*
 * Open name relative to dirfd with flags, never following a symbolic
 * link, plus the run's extra flags for reading or for writing.  Returns
 * 0, or -1 after recording.
 */
static int
pm_open(struct pm_io *io, struct pm_file *f, int dirfd, const char *name,
    int flags, mode_t mode)
{
	f->io = io;
	f->size = 0;		/* the stdio-like buffer is set up at first use */
	f->fill = 0;
	flags |= (flags & O_ACCMODE) == O_RDONLY ? io->rflags : io->wflags;
	f->fd = openat(dirfd, name, flags | O_NOFOLLOW, mode);
	if (f->fd == -1)
		return (pm_io_fail(io, "open", errno));
	return (0);
}

/*
 * Close the file.  After a failure (failed is set) the descriptor is
 * closed quietly and -1 returned; otherwise a failing close(2) (which
 * reports deferred write errors on some file systems) is the failure.
 */
static int
pm_close(struct pm_file *f, int failed)
{
	int	 e;

	if (failed) {
		e = errno;
		close(f->fd);
		errno = e;
		return (-1);
	}
	if (close(f->fd) == -1)
		return (pm_io_fail(f->io, "close", errno));
	return (0);
}

/*
 * Write len bytes of the source into the open file in write-block
 * pieces, flush, and sync as the run asks.  Returns 0 or -1.
 */
static int
pm_write_file(struct pm_file *f, uint32_t len)
{
	struct pm_io	*io = f->io;

	if (io->method->write(f, len) == -1)
		return (-1);
	if (io->sync == PM_IO_SYNC_FSYNC && fsync(f->fd) == -1)
		return (pm_io_fail(io, "fsync", errno));
	if (io->sync == PM_IO_SYNC_FDATASYNC && fdatasync(f->fd) == -1)
		return (pm_io_fail(io, "fdatasync", errno));
	return (0);
}

/*
 * Prepare the I/O of a run: src holds at least high source bytes and is
 * borrowed; read pieces are rblock bytes, write pieces wblock; buffered
 * selects stdio-like transfers.  memalign, when not 0, aligns the read
 * buffer (and leaves PM_IO_DIRECT_MAX bytes to spare) for O_DIRECT.
 * Returns 0, or -1 with errno set when memory is short (pm_io_free
 * releases what was allocated either way).
 */
int
pm_io_init(struct pm_io *io, char *src, uint32_t rblock,
    uint32_t wblock, uint32_t high, int buffered, size_t memalign)
{
	size_t	 n;
	int	 e;

	memset(io, 0, sizeof *io);
	io->src = src;
	io->rblock = rblock;
	io->wblock = wblock;
	io->method = buffered ? &pm_stdio : &pm_raw;
	/* A read piece is never longer than HIGH bytes. */
	n = rblock < high ? rblock : high;
	if (memalign > 0) {
		if ((e = posix_memalign((void **)&io->rbuf, memalign,
		    n + PM_IO_DIRECT_MAX)) != 0) {
			io->rbuf = NULL;
			errno = e;
			return (-1);
		}
	} else if ((io->rbuf = malloc(n)) == NULL)
		return (-1);
	if (buffered) {
		io->sbufsz = PM_STDIO_BUFSIZ;
		if ((io->sbuf = malloc(io->sbufsz)) == NULL)
			return (-1);
	}
	return (0);
}

/* Free the buffers of pm_io_init; the structure itself is not freed. */
void
pm_io_free(struct pm_io *io)
{
	free(io->rbuf);
	free(io->sbuf);
	io->rbuf = io->sbuf = NULL;
}

/*
 * Create name in dirfd (it must not exist) with len source bytes.  *opened
 * is set once the file exists, so that a failed create is still removed.
 * Returns 0, or -1 with io->op and io->errnum set.
 */
int
pm_io_create(struct pm_io *io, int dirfd, const char *name, uint32_t len,
    int *opened)
{
	struct pm_file	 f;

	if (pm_open(io, &f, dirfd, name, io->method->cflags,
	    io->method->cmode) == -1)
		return (-1);
	*opened = 1;
	return (pm_close(&f, pm_write_file(&f, len) == -1));
}

/*
 * Append len source bytes to name in dirfd, which must exist: unlike
 * fopen's "a", a file that vanished is not created again.
 */
int
pm_io_append(struct pm_io *io, int dirfd, const char *name, uint32_t len)
{
	struct pm_file	 f;

	if (pm_open(io, &f, dirfd, name, io->method->aflags, 0) == -1)
		return (-1);
	/* fopen's "a" seeks to the end once, as glibc does. */
	if (io->method->aseek && lseek(f.fd, 0, SEEK_END) == -1)
		return (pm_close(&f, pm_io_fail(io, "lseek", errno)));
	return (pm_close(&f, pm_write_file(&f, len) == -1));
}

/* Read the len bytes of name in dirfd in read-block pieces. */
int
pm_io_read(struct pm_io *io, int dirfd, const char *name, uint32_t len)
{
	struct pm_file	 f;

	if (pm_open(io, &f, dirfd, name, O_RDONLY, 0) == -1)
		return (-1);
	return (pm_close(&f, io->method->read(&f, len) == -1));
}
