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
 * Record frames (pm_frame.h): CRC-32, base64, and the one write of a whole
 * frame to the record port, which is put in raw mode first so that the
 * line discipline neither echoes nor translates.
 */

#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "pm_frame.h"

#define PM_FRAME_LINE	57	/* payload bytes per line: 76 base64 chars */

static size_t	 base64(char *, const unsigned char *, size_t);
static int	 write_all(int, const char *, size_t);

/*
 * The CRC-32 of IEEE 802.3 (reflected, polynomial 0xedb88320), as zlib's
 * crc32() and Python's zlib.crc32 compute it; bit by bit, since a record
 * is a few kilobytes.
 */
uint32_t
pm_frame_crc32(const void *buf, size_t len)
{
	const unsigned char	*p = buf;
	uint32_t		 crc = 0xffffffffU;
	size_t			 i;
	int			 k;

	for (i = 0; i < len; i++) {
		crc ^= p[i];
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320U & -(crc & 1));
	}
	return (crc ^ 0xffffffffU);
}

/*
 * Open PATH, the record port, for writing frames: a terminal (a serial
 * port) is put in raw mode; anything else (a file, a disk) is used as it
 * is.  Returns the descriptor, or -1 with errno set.
 */
int
pm_frame_port(const char *path)
{
	struct termios	 t;
	int		 fd, saved;

	if ((fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)) == -1)
		return (-1);
	if (tcgetattr(fd, &t) == 0) {
		cfmakeraw(&t);
		if (tcsetattr(fd, TCSANOW, &t) == -1) {
			saved = errno;
			close(fd);
			errno = saved;
			return (-1);
		}
	}
	return (fd);
}

/* Base64 (RFC 4648) of N bytes of IN into OUT; returns the characters. */
static size_t
base64(char *out, const unsigned char *in, size_t n)
{
	static const char	 abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t			 i, o = 0;
	uint32_t		 v;

	for (i = 0; i + 2 < n; i += 3) {
		v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 |
		    in[i + 2];
		out[o++] = abc[v >> 18];
		out[o++] = abc[v >> 12 & 63];
		out[o++] = abc[v >> 6 & 63];
		out[o++] = abc[v & 63];
	}
	if (i < n) {
		v = (uint32_t)in[i] << 16;
		if (i + 1 < n)
			v |= (uint32_t)in[i + 1] << 8;
		out[o++] = abc[v >> 18];
		out[o++] = abc[v >> 12 & 63];
		out[o++] = i + 1 < n ? abc[v >> 6 & 63] : '=';
		out[o++] = '=';
	}
	return (o);
}

/* write(2) all of BUF, retrying after EINTR; 0, or -1 with errno set. */
static int
write_all(int fd, const char *buf, size_t n)
{
	ssize_t	 w;

	while (n > 0) {
		if ((w = write(fd, buf, n)) == -1) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		if (w == 0) {
			errno = EIO;
			return (-1);
		}
		buf += w;
		n -= (size_t)w;
	}
	return (0);
}

/*
 * Write one frame of KIND (letters only) holding LEN bytes of BUF to FD,
 * as one write of the whole frame.  Returns 0, or -1 with errno set.
 */
int
pm_frame_write(int fd, const char *kind, const void *buf, size_t len)
{
	const unsigned char	*p = buf;
	char			*out;
	size_t			 cap, o, i, n;
	int			 r, saved;

	cap = 2 * strlen(kind) + 96 + (len / PM_FRAME_LINE + 1) * 77 + 4;
	if ((out = malloc(cap)) == NULL)
		return (-1);
	o = (size_t)snprintf(out, cap, "\n@@PM-BEGIN v1 %s %zu %08x@@\n",
	    kind, len, (unsigned int)pm_frame_crc32(buf, len));
	for (i = 0; i < len; i += n) {
		n = len - i < PM_FRAME_LINE ? len - i : PM_FRAME_LINE;
		o += base64(out + o, p + i, n);
		out[o++] = '\n';
	}
	o += (size_t)snprintf(out + o, cap - o, "@@PM-END v1 %s@@\n", kind);
	r = write_all(fd, out, o);
	saved = errno;
	free(out);
	errno = saved;
	return (r);
}
