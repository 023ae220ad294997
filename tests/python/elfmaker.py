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

"""Small ELF files made for the unit tests: a 64-bit little-endian
x86-64 object with program headers (PT_INTERP, one PT_LOAD over the whole
file, PT_DYNAMIC) and sections (a .shstrtab and any named ones), built
from nothing so that the tests depend on no file of the machine."""

import struct

PT_LOAD, PT_DYNAMIC, PT_INTERP = 1, 2, 3
DT_NEEDED, DT_STRTAB, DT_RPATH, DT_RUNPATH = 1, 5, 15, 29


def elf(interp=None, needed=(), rpath=None, runpath=None, sections=None,
        machine=62, bits=64):
    """The bytes of an ELF file with those contents; sections is a dict
    name -> bytes.  bits 32 makes an ELFCLASS32 header (no program
    headers), enough to be skipped as a library of another class."""
    if bits == 32:
        head = bytearray(52)
        head[0:4] = b"\x7fELF"
        head[4], head[5], head[6] = 1, 1, 1
        struct.pack_into("<H", head, 18, machine)
        return bytes(head)
    sections = dict(sections or {})
    strtab = bytearray(b"\0")

    def string(s):
        off = len(strtab)
        strtab.extend(s.encode() + b"\0")
        return off

    dyn = [(DT_NEEDED, string(n)) for n in needed]
    if rpath is not None:
        dyn.append((DT_RPATH, string(rpath)))
    if runpath is not None:
        dyn.append((DT_RUNPATH, string(runpath)))
    nph = 3
    body = bytearray()
    base = 64 + nph * 56        # the file's contents start after these

    def put(data):
        off = base + len(body)
        body.extend(data)
        return off

    interp_off = put(interp.encode() + b"\0") if interp else 0
    strtab_off = put(bytes(strtab))
    dyn.append((DT_STRTAB, strtab_off))     # vaddr == offset (one PT_LOAD)
    dynamic = b"".join(struct.pack("<qQ", t, v) for t, v in dyn)
    dynamic += struct.pack("<qQ", 0, 0)
    dyn_off = put(dynamic)
    names = bytearray(b"\0")
    heads = [(0, 0, 0)]                     # SHN_UNDEF
    for name, data in sections.items():
        nameoff = len(names)
        names.extend(name.encode() + b"\0")
        heads.append((nameoff, put(data), len(data)))
    shname = len(names)
    names.extend(b".shstrtab\0")
    heads.append((shname, put(bytes(names)), len(names)))
    shoff = base + len(body)
    total = shoff + 64 * len(heads)
    out = bytearray(64)
    out[0:4] = b"\x7fELF"
    out[4], out[5], out[6] = 2, 1, 1
    struct.pack_into("<HHIQQQIHHHHHH", out, 16, 2, machine, 1, 0, 64,
                     shoff, 0, 64, 56, nph, 64, len(heads), len(heads) - 1)
    phdrs = [(PT_INTERP if interp else 0, interp_off,
              len(interp) + 1 if interp else 0),
             (PT_LOAD, 0, total), (PT_DYNAMIC, dyn_off, len(dynamic))]
    for kind, off, size in phdrs:
        out += struct.pack("<IIQQQQQQ", kind, 4, off, off, off, size, size,
                           8)
    out += body
    for nameoff, off, size in heads:
        out += struct.pack("<IIQQQQIIQQ", nameoff, 1, 0, 0, off, size, 0,
                           0, 1, 0)
    return bytes(out)


def modinfo(**fields):
    """A .modinfo section: NUL-separated key=value fields (a key given
    a list gets one field per value)."""
    out = b""
    for key, val in fields.items():
        for v in val if isinstance(val, list) else [val]:
            out += ("%s=%s" % (key, v)).encode() + b"\0"
    return out
