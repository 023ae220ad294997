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

"""fake_kernel.py FILE RELEASE [CONSOLE [ERROR [hang]]]: a bzImage of
RELEASE (its header's version string) that QEMU boots in a moment: the
setup code, in real mode, writes CONSOLE (a line) to the first serial
port (the console), an error frame holding ERROR (guest/pm_frame.h) to the
second (the record port), and then makes a triple fault, which ends a
QEMU started with -no-reboot (status 0), or with "hang" halts for
good.  Its header says how long it is, as a real image's does, so that
a copy cut short is found.  The tests of the kernels mode boot it to
see what QEMU takes (paths, options) without a real kernel's minute."""

import base64
import struct
import sys
import zlib

SETUP_SECTS = 8         # the setup: 4.5 KiB, all of it in real mode's reach


def frame(kind, text):
    """TEXT as a frame of KIND (pm_frame.py reads it)."""
    p = text.encode()
    return ("@@PM-BEGIN v1 %s %d %08x@@\n%s\n@@PM-END v1 %s@@\n"
            % (kind, len(p), zlib.crc32(p), base64.b64encode(p).decode(),
               kind)).encode()


def image(release, console="", error="", hang=False):
    """The bytes of the image."""
    img = bytearray((SETUP_SECTS + 1) * 512 + 16)
    img[0x1f1] = SETUP_SECTS
    struct.pack_into("<I", img, 0x1f4, 1)           # syssize: 16 bytes
    img[0x200:0x202] = b"\xeb\x7e"                  # jmp 0x280
    img[0x202:0x206] = b"HdrS"
    struct.pack_into("<H", img, 0x206, 0x020f)      # boot protocol 2.15
    struct.pack_into("<H", img, 0x20e, 0x100)       # version at 0x300
    img[0x211] = 0x01                               # LOADED_HIGH
    struct.pack_into("<I", img, 0x22c, 0x37ffffff)  # initrd_addr_max
    for at, data in ((0x300, (release + " (fake) #1").encode()),
                     (0x400, console.encode() + b"\r\n" if console
                      else b""),
                     (0x800, frame("error", error) if error else b"")):
        img[at:at + len(data) + 1] = data + b"\0"
    # At 0x280 (QEMU enters at 0x200 with ds the setup's segment): the
    # two strings out of COM1 and COM2, then lidt of a zero limit and
    # int3 (a triple fault), or cli and hlt.
    code = bytearray(b"\xfa")                       # cli
    calls = []
    for si, dx in ((0x400, 0x3f8), (0x800, 0x2f8)):
        code += b"\xbe" + struct.pack("<H", si)     # mov si, imm16
        code += b"\xba" + struct.pack("<H", dx)     # mov dx, imm16
        calls.append(len(code))
        code += b"\xe8\0\0"                         # call puts
    if hang:
        code += b"\xf4\xeb\xfd"                     # hlt; jmp hlt
    else:
        code += b"\x0f\x01\x1e\xf0\x03"             # lidt [0x3f0]
        code += b"\xcc\xeb\xfe"                     # int3; jmp $
    puts = len(code)
    code += b"\xac\x84\xc0\x74\x03\xee\xeb\xf8\xc3"  # lodsb; test al, al;
    for at in calls:                                # jz ret; out dx, al;
        struct.pack_into("<h", code, at + 1,        # jmp puts; ret
                         puts - (at + 3))
    img[0x280:0x280 + len(code)] = code
    return bytes(img)


if __name__ == "__main__":
    a = sys.argv[1:] + [""] * 3
    with open(a[0], "wb") as f:
        f.write(image(a[1], a[2], a[3], a[4] == "hang"))
