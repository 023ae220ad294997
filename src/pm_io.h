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
 * File I/O of a run (pm_io.c): PostMark's create, append and read of one
 * file, relative to a directory handle, unbuffered (read(2)/write(2)) or
 * buffered the way glibc's stdio buffers, with every result checked.
 */

#ifndef PM_IO_H
#define PM_IO_H

#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>

struct pm_io_method;

/*
 * The I/O state of one run: the source bytes written, the buffers, the
 * block sizes and the mode.  After a failed call, op and errnum say what
 * failed (errnum PM_ERRNUM_SHORT: a zero-byte write, PM_ERRNUM_EOF: an
 * early end of file; postmark.h).
 */
struct pm_io {
	char		*src;		/* source bytes, at least HIGH, borrowed */
	char		*rbuf;		/* read pieces land here */
	char		*sbuf;		/* the stdio-like read buffer */
	size_t		 sbufsz;	/* its allocated size, bytes */
	uint32_t	 rblock;	/* read piece, bytes */
	uint32_t	 wblock;	/* write piece, bytes */
	const struct pm_io_method *method; /* stdio-like or raw (pm_io.c) */
	int		 wflags;	/* added to opens for writing */
	int		 rflags;	/* added to opens for reading */
	size_t		 align;		/* O_DIRECT: a transfer is rounded */
					/* up to this many bytes; 0: none */
	int		 sync;		/* PM_IO_SYNC_* after writing */
	uint64_t	 written;	/* bytes the kernel accepted */
	uint64_t	 nread;		/* bytes the kernel returned */
	const char	*op;		/* failed operation, or NULL */
	int		 errnum;	/* its errno */
};

#define PM_IO_SYNC_NONE		0
#define PM_IO_SYNC_FSYNC	1
#define PM_IO_SYNC_FDATASYNC	2

#define PM_IO_DIRECT_MAX	65536	/* largest O_DIRECT alignment, bytes */

int		 pm_io_init(struct pm_io *, char *, uint32_t, uint32_t,
		    uint32_t, int, size_t);
void		 pm_io_free(struct pm_io *);
int		 pm_io_create(struct pm_io *, int, const char *, uint32_t,
		    int *);
int		 pm_io_append(struct pm_io *, int, const char *, uint32_t);
int		 pm_io_read(struct pm_io *, int, const char *, uint32_t);
size_t		 pm_atomicio(ssize_t (*)(int, void *, size_t), int, void *,
		    size_t);

#endif /* PM_IO_H */
