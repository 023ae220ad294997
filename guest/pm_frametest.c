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
 * pm_frametest KIND: write standard input to standard output as one
 * record frame of KIND, with pm_frame_write, so that tests/t6500 can
 * check the guest's framing against the host's reader (scripts/
 * pm_frame.py) without booting a kernel.  --crc prints the CRC-32 of
 * standard input instead.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_frame.h"

int
main(int argc, char **argv)
{
	char	*buf = NULL, *nbuf;
	size_t	 n = 0, cap = 0;
	ssize_t	 r;

	if (argc != 2) {
		fprintf(stderr, "usage: pm_frametest KIND | --crc\n");
		return (2);
	}
	for (;;) {
		if (n == cap) {
			cap = cap == 0 ? 65536 : cap * 2;
			if ((nbuf = realloc(buf, cap)) == NULL) {
				perror("pm_frametest: realloc");
				return (1);
			}
			buf = nbuf;
		}
		if ((r = read(0, buf + n, cap - n)) == -1) {
			if (errno == EINTR)
				continue;
			perror("pm_frametest: read");
			return (1);
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	if (strcmp(argv[1], "--crc") == 0) {
		printf("%08x\n", (unsigned int)pm_frame_crc32(buf, n));
		return (0);
	}
	if (pm_frame_write(1, argv[1], buf, n) == -1) {
		perror("pm_frametest: write");
		return (1);
	}
	free(buf);
	return (0);
}
