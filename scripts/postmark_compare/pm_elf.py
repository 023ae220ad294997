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
"""pm_elf.py: read ELF files without running them.

What the initramfs builder needs from a program and from kernel modules:
the interpreter (PT_INTERP), the libraries it names (DT_NEEDED) and
where it asks for them (DT_RPATH, DT_RUNPATH), a section's bytes (a
module's .modinfo), and the libraries a program loads, found as the
dynamic loader finds them (ldd's answer, but by reading the files: ldd
runs the program's loader, which a hostile binary can choose).  Every
offset is checked against the file, so a damaged or hostile file is an
ElfError naming it, never an exception from struct or a huge read.
"""

import glob
import os
import struct

PT_LOAD, PT_DYNAMIC, PT_INTERP = 1, 2, 3
DT_NULL, DT_NEEDED, DT_STRTAB, DT_RPATH, DT_RUNPATH = 0, 1, 5, 15, 29

# The loader's own directories after ld.so.conf's, per e_machine (glibc
# on Debian: the multiarch directories, then /lib and /usr/lib; lib64
# for the distributions that use it).
SYSTEM_DIRS = {
    62: ["/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
         "/lib64", "/usr/lib64", "/lib", "/usr/lib"],
    183: ["/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
          "/lib64", "/usr/lib64", "/lib", "/usr/lib"],
    3: ["/lib/i386-linux-gnu", "/usr/lib/i386-linux-gnu",
        "/lib", "/usr/lib"],
}


class ElfError(Exception):
    """A file that is not the ELF object it should be."""


class Elf:
    """One ELF file, read whole: its class, byte order, machine, program
    headers, dynamic entries and sections."""

    def __init__(self, path, data=None):
        self.path = path
        if data is None:
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError as e:
                raise ElfError("%s: %s" % (path, e.strerror)) from e
        self.data = data
        if data[:4] != b"\x7fELF" or len(data) < 52:
            raise ElfError("%s: not an ELF file (no \\x7fELF magic)" % path)
        if data[4] not in (1, 2) or data[5] not in (1, 2):
            raise ElfError("%s: ELF class %d or byte order %d is neither "
                           "1 nor 2" % (path, data[4], data[5]))
        self.bits = 64 if data[4] == 2 else 32
        self.order = "<" if data[5] == 1 else ">"
        self.machine = self._get("H", 18)
        if self.bits == 64:
            self.phoff, self.shoff = self._get("Q", 32), self._get("Q", 40)
            self.phentsize, self.phnum = self._get("H", 54), self._get("H", 56)
            self.shentsize, self.shnum = self._get("H", 58), self._get("H", 60)
            self.shstrndx = self._get("H", 62)
        else:
            self.phoff, self.shoff = self._get("I", 28), self._get("I", 32)
            self.phentsize, self.phnum = self._get("H", 42), self._get("H", 44)
            self.shentsize, self.shnum = self._get("H", 46), self._get("H", 48)
            self.shstrndx = self._get("H", 50)

    def _get(self, fmt, off):
        """The value of struct format FMT at file offset OFF."""
        fmt = self.order + fmt
        if off < 0 or off + struct.calcsize(fmt) > len(self.data):
            raise ElfError("%s: offset %d is past the end of the file "
                           "(%d bytes)" % (self.path, off, len(self.data)))
        return struct.unpack_from(fmt, self.data, off)[0]

    def _bytes(self, off, size):
        """SIZE bytes at OFF, checked against the file."""
        if off < 0 or size < 0 or off + size > len(self.data):
            raise ElfError("%s: %d bytes at offset %d are past the end of "
                           "the file (%d bytes)"
                           % (self.path, size, off, len(self.data)))
        return self.data[off:off + size]

    def _cstr(self, off):
        """The NUL-terminated string at OFF, as text."""
        end = self.data.find(b"\0", off)
        if off < 0 or off >= len(self.data) or end < 0:
            raise ElfError("%s: no string at offset %d" % (self.path, off))
        return self.data[off:end].decode("utf-8", "surrogateescape")

    def segments(self):
        """The program headers as (type, offset, vaddr, filesz)."""
        out = []
        for i in range(self.phnum):
            at = self.phoff + i * self.phentsize
            if self.bits == 64:
                out.append((self._get("I", at), self._get("Q", at + 8),
                            self._get("Q", at + 16), self._get("Q", at + 32)))
            else:
                out.append((self._get("I", at), self._get("I", at + 4),
                            self._get("I", at + 8), self._get("I", at + 16)))
        return out

    def interpreter(self):
        """PT_INTERP's path, or None for a static program."""
        for kind, off, _, size in self.segments():
            if kind == PT_INTERP:
                return self._bytes(off, size).rstrip(b"\0").decode(
                    "utf-8", "surrogateescape")
        return None

    def _offset(self, vaddr):
        """The file offset of address VADDR, through the PT_LOAD segments."""
        for kind, off, start, size in self.segments():
            if kind == PT_LOAD and start <= vaddr < start + size:
                return off + vaddr - start
        raise ElfError("%s: address %#x is in no loaded segment"
                       % (self.path, vaddr))

    def dynamic(self):
        """The dynamic entries as a dict: DT_NEEDED a list of names,
        DT_RPATH and DT_RUNPATH lists of directories (unexpanded)."""
        entries = []
        for kind, off, _, size in self.segments():
            if kind != PT_DYNAMIC:
                continue
            step = 16 if self.bits == 64 else 8
            fmt = "q" if self.bits == 64 else "i"
            for at in range(off, off + size - step + 1, step):
                tag = self._get(fmt, at)
                if tag == DT_NULL:
                    break
                entries.append((tag, self._get(fmt.upper(), at + step // 2)))
        strtab = [v for t, v in entries if t == DT_STRTAB]
        out = {DT_NEEDED: [], DT_RPATH: [], DT_RUNPATH: []}
        if not strtab:
            return out
        base = self._offset(strtab[0])
        for tag, val in entries:
            if tag == DT_NEEDED:
                out[tag].append(self._cstr(base + val))
            elif tag in (DT_RPATH, DT_RUNPATH):
                out[tag].extend(d for d in self._cstr(base + val).split(":")
                                if d)
        return out

    def section(self, name):
        """The bytes of section NAME, or None when there is none."""
        if self.shoff == 0 or self.shnum == 0:
            return None
        heads = []
        for i in range(self.shnum):
            at = self.shoff + i * self.shentsize
            if self.bits == 64:
                heads.append((self._get("I", at), self._get("Q", at + 24),
                              self._get("Q", at + 32)))
            else:
                heads.append((self._get("I", at), self._get("I", at + 16),
                              self._get("I", at + 20)))
        if self.shstrndx >= len(heads):
            raise ElfError("%s: section-name index %d is past the %d sections"
                           % (self.path, self.shstrndx, len(heads)))
        names = heads[self.shstrndx][1]
        for sname, off, size in heads:
            if self._cstr(names + sname) == name:
                return self._bytes(off, size)
        return None


def ld_so_conf(path="/etc/ld.so.conf", seen=None):
    """The directories of ld.so.conf and the files it includes, in order
    (what ldconfig puts in the cache, which the loader searches before
    its own directories)."""
    seen = set() if seen is None else seen
    real = os.path.realpath(path)   # an include by another name is a loop
    if real in seen:
        return []
    seen.add(real)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if line.startswith("include"):
            for pat in line.split()[1:]:
                if not os.path.isabs(pat):
                    pat = os.path.join(os.path.dirname(path), pat)
                for inc in sorted(glob.glob(pat)):
                    out.extend(ld_so_conf(inc, seen))
        elif line:
            out.extend(d for d in line.replace(",", " ").split())
    return out


def _expand(dirs, origin):
    """DIRS with $ORIGIN (and ${ORIGIN}) replaced; entries with another
    dynamic-string token ($LIB, $PLATFORM) are left out."""
    out = []
    for d in dirs:
        d = d.replace("${ORIGIN}", origin).replace("$ORIGIN", origin)
        if "$" not in d:
            out.append(d)
    return out


class Libraries:
    """The shared libraries a program loads, resolved as glibc's loader
    does (the guest has them at the same paths): for each DT_NEEDED of an
    object, the DT_RPATH of the object and of those that loaded it (when
    the object has no DT_RUNPATH), then its DT_RUNPATH, then ld.so.conf's
    directories (the cache), then the system's; a candidate of another
    ELF class or machine is skipped.  The host's LD_LIBRARY_PATH is not
    used: the guest does not have it.
    """

    def __init__(self, program, conf="/etc/ld.so.conf"):
        self.conf = ld_so_conf(conf)
        self.main = Elf(program)
        self.interp = self.main.interpreter()
        self.found = []          # paths of the libraries, in load order
        self.dirs = []           # directories of the libraries, in order

    def _candidate(self, path):
        """An Elf for PATH when it is a library of the program's class
        and machine, else None."""
        try:
            lib = Elf(path)
        except ElfError:
            return None
        if lib.bits != self.main.bits or lib.machine != self.main.machine:
            return None
        return lib

    def _search(self, name, obj, chain):
        """(path, Elf) of library NAME needed by OBJ, loaded by CHAIN."""
        if "/" in name:
            lib = self._candidate(name)
            return (name, lib) if lib else (None, None)
        dyn = obj.dynamic()
        dirs = []
        if not dyn[DT_RUNPATH]:
            for o in [obj] + chain:
                od = o.dynamic()
                if not od[DT_RUNPATH]:
                    dirs += _expand(od[DT_RPATH], os.path.dirname(o.path))
        dirs += _expand(dyn[DT_RUNPATH], os.path.dirname(obj.path))
        dirs += self.conf + SYSTEM_DIRS.get(self.main.machine,
                                            ["/lib", "/usr/lib"])
        for d in dirs:
            path = os.path.join(d, name)
            lib = self._candidate(path)
            if lib is not None:
                return path, lib
        return None, None

    def resolve(self):
        """Every library, breadth first as the loader maps them; returns
        their paths with the interpreter first.  A library
        that cannot be found is an ElfError naming it and who needs it."""
        if self.interp is None:
            return []
        self.found = [self.interp]
        queue = [(self.main, [])]
        names = {}
        while queue:
            obj, chain = queue.pop(0)
            for name in obj.dynamic()[DT_NEEDED]:
                if name in names:
                    continue
                path, lib = self._search(name, obj, chain)
                if path is None:
                    raise ElfError("%s: library %s (needed by %s) is in no "
                                   "directory the loader searches"
                                   % (self.main.path, name, obj.path))
                names[name] = path
                if os.path.basename(path) == os.path.basename(self.interp):
                    continue
                self.found.append(path)
                if os.path.dirname(path) not in self.dirs:
                    self.dirs.append(os.path.dirname(path))
                queue.append((lib, [obj] + chain))
        return self.found
