#
# Copyright (c) 2026 The postmark developers.
#
# Permission to use, copy, modify, and distribute this software for any
# purpose with or without fee is hereby granted, provided that the above
# copyright notice and this permission notice appear in all copies.
#
# THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
# WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
# MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
# ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
# WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
# ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
# OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
"""pm_frame.py: the frames the guest's init sends (guest/pm_frame.h).

    @@PM-BEGIN v1 KIND LENGTH CRC32@@
    base64 lines
    @@PM-END v1 KIND@@

read_frames takes what the record port (or the console) received, as
bytes, and returns the frames whose length and CRC-32 are right, and a
description of every other: a line break may have become CR LF, NULs or
a kernel message may have come between the lines (lines that are not
base64 are not the frame's and are skipped), and a frame whose length or
checksum is wrong, or that has no end, is reported, never returned.
"""

import base64
import binascii
import re
import zlib

BEGIN = re.compile(r"@@PM-BEGIN v1 ([a-z]+) ([0-9]+) ([0-9a-f]{8})@@")
END = re.compile(r"@@PM-END v1 ([a-z]+)@@")
DATA = re.compile(r"[A-Za-z0-9+/]+={0,2}")


def _close(kind, length, crc, lines):
    """(payload, None) of a complete frame, or (None, why it is bad)."""
    try:
        payload = base64.b64decode("".join(lines), validate=True)
    except binascii.Error as e:
        return None, "%s frame: not base64 (%s)" % (kind, e)
    if len(payload) != length:
        return None, ("%s frame: %d bytes decoded, its header says %d"
                      % (kind, len(payload), length))
    if zlib.crc32(payload) != crc:
        return None, ("%s frame: CRC-32 %08x, its header says %08x"
                      % (kind, zlib.crc32(payload), crc))
    return payload, None


def read_frames(data):
    """([(kind, payload bytes)], [problems]) found in DATA (bytes)."""
    frames, problems = [], []
    cur = None
    text = data.decode("latin-1").replace("\r", "").replace("\0", "")
    for line in text.split("\n"):
        begin = BEGIN.search(line)
        if begin:
            if cur is not None:
                problems.append("%s frame: cut off by the next frame"
                                % cur[0])
            cur = (begin.group(1), int(begin.group(2)),
                   int(begin.group(3), 16), [])
            continue
        if cur is None:
            continue
        end = END.search(line)
        if end and end.group(1) == cur[0]:
            payload, why = _close(*cur)
            if why is None:
                frames.append((cur[0], payload))
            else:
                problems.append(why)
            cur = None
        elif DATA.fullmatch(line.strip()):
            cur[3].append(line.strip())
    if cur is not None:
        problems.append("%s frame: no end marker (the guest stopped while "
                        "sending it)" % cur[0])
    return frames, problems
