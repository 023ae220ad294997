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
 * The guest's record frames: how pm_init hands a CSV record, an error or
 * postmark's messages to the host over a serial port that also carries,
 * or may carry, kernel messages and a tty's line discipline.  A frame is
 *
 *	@@PM-BEGIN v1 KIND LENGTH CRC32@@
 *	base64 of the payload, 76 characters a line
 *	@@PM-END v1 KIND@@
 *
 * each line ended by LF; KIND is csv, error or stderr, LENGTH the
 * payload's bytes in decimal, CRC32 its CRC-32 (IEEE 802.3, zlib's) in 8
 * lowercase hex digits.  Base64 holds no control character, so CR/LF
 * translation and an added CR change nothing the reader keeps; a foreign
 * line (a kernel message) between the lines is skipped, and one inside a
 * line fails the length or the checksum, so a corrupted frame is never
 * taken for a record.  scripts/postmark_compare/pm_vm.py reads it
 * (read_frames).
 */

#ifndef PM_FRAME_H
#define PM_FRAME_H

#include <stddef.h>
#include <stdint.h>

uint32_t	 pm_frame_crc32(const void *, size_t);
int		 pm_frame_port(const char *);
int		 pm_frame_write(int, const char *, const void *, size_t);

#endif /* PM_FRAME_H */
