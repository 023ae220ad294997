#!/usr/bin/env python3
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
#
# Turn an strace of a run into the list of operations that pm-replay
# (bench/pm_replay.c, which describes the format) makes again.
#
# Usage: strace2ops.py -C ROOT -l LOCATION [-c COUNTS] TRACE OPS
#
#   TRACE     the output of strace -f -y -qq -s 0 -o TRACE of a program
#             run in the directory ROOT with the location LOCATION
#             (relative to ROOT, as the run named it)
#   OPS       the list to write
#   COUNTS    where to write "CALL COUNT" per system call of the run,
#             sorted by name (what strace -c of the replay must count)
#
# The run is the window of tests/diff/syslib.sh: from the first call that
# creates a file or directory in the location (the creation phase starts)
# to the last call that touches it (the deletion phase ends), every call
# of any kind in between: the run's files, its progress on stdout, its
# samples of getrusage and /proc, its memory calls.  Each becomes one
# operation with the traced arguments: paths as the program wrote them
# (relative to ROOT or to a directory handle; an absolute path below
# ROOT is made relative to it), descriptors as traced (pm-replay maps
# them), sizes, offsets, flags and modes as numbers.  What the run uses
# but opened before the window (its directory handles) is opened again
# in the set-up, as is a region it unmaps but mapped before: a set-up
# line is written where the run first needs it, and pm-replay makes it
# while it reads the list.
#
# The replay must not touch anything outside ROOT but its stdout and
# stderr: a call in the run that would create, write or remove outside
# ROOT is refused, as is a call pm-replay cannot make, a descriptor
# opened in a way it cannot repeat (a pipe, a dup), or a run of several
# threads.  Results below ROOT (and the writes to stdout and stderr) are
# compared exactly; elsewhere (/proc) only success.

import argparse
import errno
import functools
import mmap
import os
import re
import resource
import sys
import time

LINE = re.compile(r'(\d+) +(\w+)\((.*)\) += (-?\d+|0x[0-9a-f]+|\?)(.*)$')
FD = r'(AT_FDCWD|-?\d+)(?:<([^>]*)>)?'
STR = r'"((?:[^"\\]|\\.)*)"(?:\.\.\.)?'
SKIP = r'"(?:[^"\\]|\\.)*"(?:\.\.\.)?'
SYM = r'([A-Za-z0-9_|]+|-?\d+)'
ANY = r'.*'

# The calls on files: their arguments, each F (a descriptor, two groups:
# the number and its -y path), P (a path), S (a buffer, skipped), A or B
# (the operation's numbers), or ANY (a structure, skipped).
FILES = {
    'openat': 'F P A B?',
    'open': 'P A B?',
    'close': 'F',
    'read': 'F S A',
    'write': 'F S A',
    'pread64': 'F S A B',
    'pwrite64': 'F S A B',
    'lseek': 'F A B',
    'newfstatat': 'F P ANY A',
    'fstat': 'F ANY',
    'stat': 'P ANY',
    'lstat': 'P ANY',
    'statx': 'F P A B ANY',
    'unlink': 'P',
    'rmdir': 'P',
    'unlinkat': 'F P A',
    'mkdir': 'P A',
    'mkdirat': 'F P A',
    'fsync': 'F',
    'fdatasync': 'F',
    'ftruncate': 'F A',
    'getdents64': 'F ANY A',
}
# The calls on the process, with their own converters (Converter.op_*).
OTHERS = {
    'getrusage': SYM + ', ' + ANY,
    'prlimit64': '0, ' + SYM + ', NULL, ' + ANY,
    'nanosleep': r'\{tv_sec=(\d+), tv_nsec=(\d+)\}, ' + ANY,
    'clock_nanosleep': SYM + r', 0, \{tv_sec=(\d+), tv_nsec=(\d+)\}, ' + ANY,
    'brk': '(NULL|0x[0-9a-f]+)',
    'mmap': 'NULL, (\\d+), ' + SYM + ', ' + SYM + ', -1, 0',
    'munmap': '(0x[0-9a-f]+), (\\d+)',
}


def shape(roles):
    """The regular expression of a FILES entry and its group names."""
    parts, groups = [], []
    for r in roles.split():
        opt = r.endswith('?')
        r = r.rstrip('?')
        part = {'F': FD, 'P': STR, 'S': SKIP, 'A': SYM, 'B': SYM,
                'ANY': ANY}[r]
        groups += {'F': ['fd', 'deco'], 'P': ['path'], 'A': ['a'],
                   'B': ['b']}.get(r, [])
        parts.append(('(?:, ' + part + ')?') if opt else ', ' + part)
    parts[0] = parts[0][2:]
    return re.compile(''.join(parts) + '$'), groups


SHAPES = {k: shape(v) for k, v in FILES.items()}
SHAPES.update({k: (re.compile(v + '$'), None) for k, v in OTHERS.items()})

OPENS = {'openat', 'open'}
PATHONLY = {'open', 'stat', 'lstat', 'unlink', 'rmdir', 'mkdir'}
# Calls that change what they name, and calls that change a file.
CHANGES = {'unlink', 'rmdir', 'unlinkat', 'mkdir', 'mkdirat'}
WRITES = {'write', 'pwrite64', 'ftruncate', 'fsync', 'fdatasync'}


def names():
    """Every symbolic constant strace prints in the calls above."""
    n = {k: getattr(os, k) for k in dir(os) if k.startswith(('O_', 'SEEK_'))}
    n.update({k: getattr(mmap, k) for k in dir(mmap)
              if k.startswith(('PROT_', 'MAP_'))})
    n.update({k: getattr(resource, k) for k in dir(resource)
              if k.startswith(('RLIMIT_', 'RUSAGE_'))})
    n.update({k: getattr(time, k) for k in dir(time)
              if k.startswith('CLOCK_')})
    # Linux's values, which Python does not export.
    n.update(AT_FDCWD=-100, AT_SYMLINK_NOFOLLOW=0x100, AT_REMOVEDIR=0x200,
             AT_SYMLINK_FOLLOW=0x400, AT_NO_AUTOMOUNT=0x800,
             AT_EMPTY_PATH=0x1000, AT_STATX_SYNC_AS_STAT=0,
             AT_STATX_FORCE_SYNC=0x2000, AT_STATX_DONT_SYNC=0x4000,
             STATX_TYPE=0x1, STATX_MODE=0x2, STATX_NLINK=0x4,
             STATX_UID=0x8, STATX_GID=0x10, STATX_ATIME=0x20,
             STATX_MTIME=0x40, STATX_CTIME=0x80, STATX_INO=0x100,
             STATX_SIZE=0x200, STATX_BLOCKS=0x400, STATX_BASIC_STATS=0x7ff,
             STATX_BTIME=0x800, STATX_ALL=0xfff, STATX_MNT_ID=0x1000,
             STATX_DIOALIGN=0x2000, MAP_ANONYMOUS=0x20)
    # A 64-bit kernel sets O_LARGEFILE on every open by itself.
    n['O_LARGEFILE'] = 0
    return n


NAMES = names()


class Refused(Exception):
    """A trace line that cannot become an operation."""


DEC = re.compile(r'-?[1-9]\d*')
COUNT = re.compile(r'\d+')
DECO = re.compile(r'<(.*)>$')
ERRNO = re.compile(r' (E[A-Z0-9]+) ')
NOTE = re.compile(r'\d+ +(---|\+\+\+) ')
OCT = re.compile(r'0[0-7]*')
HEX = re.compile(r'0x[0-9a-f]+')


@functools.lru_cache(maxsize=4096)
def value(sym):
    """The number of NAME|NAME|0x10, 0666 (octal), 42 or -5."""
    if sym is None:
        return 0
    v = 0
    for part in sym.split('|'):
        if DEC.fullmatch(part):
            v |= int(part)
        elif OCT.fullmatch(part):
            v |= int(part, 8)
        elif HEX.fullmatch(part):
            v |= int(part, 16)
        elif part in NAMES:
            v |= NAMES[part]
        else:
            raise Refused('unknown constant ' + part)
    return v


@functools.lru_cache(maxsize=65536)
def unquote(s):
    """The bytes of an strace string (C escapes, octal or hex)."""
    if '\\' not in s:
        return s.encode('utf-8', 'surrogateescape')
    out = bytearray()
    i = 0
    simple = {'n': 10, 't': 9, 'r': 13, 'v': 11, 'f': 12, 'a': 7, 'b': 8}
    while i < len(s):
        c = s[i]
        if c != '\\':
            out += c.encode('utf-8', 'surrogateescape')
            i += 1
            continue
        e = s[i + 1]
        if e == 'x':
            out.append(int(s[i + 2:i + 4], 16))
            i += 4
        elif e in '01234567':
            m = re.match(r'[0-7]{1,3}', s[i + 1:])
            out.append(int(m.group(0), 8))
            i += 1 + len(m.group(0))
        else:
            out.append(simple.get(e, ord(e)))
            i += 2
    return bytes(out)


def quote(b):
    """A path for the list: bytes outside '!'..'~' and '%' as %XX."""
    return ':' + ''.join(chr(c) if 0x21 <= c <= 0x7e and c != 0x25
                         else '%%%02X' % c for c in b)


def callof(line):
    """The name of the call on a raw trace line ('' if none)."""
    head = line.split('(', 1)[0].split()
    return head[-1] if len(head) > 1 else ''


class Converter:
    """The state of one trace's conversion (see the top of the file)."""

    def __init__(self, root, location, out):
        self.root = os.path.normpath(os.path.abspath(root))
        self.loc = os.path.normpath(os.path.join(self.root, location))
        self.rel = os.path.relpath(self.loc, self.root)
        self.broot = self.root.encode('utf-8', 'surrogateescape')
        self.out = out
        self.fds = {0: None, 1: None, 2: None}  # traced fd -> its path
        self.pending = {}               # opened before the run
        self.regions = {}               # traced address -> region
        self.nregion = 0
        self.brk = None                 # traced program break
        self.counts = {}
        self.pid = None

    def touches(self, line):
        """Whether a raw trace line names the location or below."""
        loc = self.loc
        for p in ('<' + loc + '/', '<' + loc + '>', '"' + loc + '/',
                  '"' + loc + '"'):
            if p in line:
                return True
        if self.rel.startswith('..'):
            return False
        if 'AT_FDCWD' not in line and callof(line) not in PATHONLY:
            return False
        return '"' + self.rel + '/' in line or '"' + self.rel + '"' in line

    def below(self, path):
        """Whether an absolute path (bytes) is ROOT or below it."""
        return path == self.broot or path.startswith(self.broot + b'/')

    def where(self, dirfd, deco, name):
        """The absolute path (bytes) a call names, or None if unknown."""
        if name.startswith(b'/'):
            return os.path.normpath(name)
        if dirfd == 'AT_FDCWD':
            if deco is not None and unquote(deco) != self.broot:
                raise Refused('the program ran in %s, not in %s' %
                              (deco, self.root))
            base = self.broot
        elif deco is None:
            return None
        else:
            base = unquote(deco)
        return os.path.normpath(os.path.join(base, name)) if name else base

    def replay_path(self, name):
        """The path to give pm-replay: below ROOT made relative."""
        if name.startswith(b'/') and self.below(os.path.normpath(name)):
            return os.path.relpath(os.path.normpath(name), self.broot)
        return name

    def emit(self, kind, call, fd, a, b, ret, path=None):
        """Write one operation."""
        line = '%s %s %d %d %d %s' % (kind, call, fd, a, b, ret)
        if path is not None:
            line += ' ' + quote(path)
        self.out.write(line + '\n')

    def before(self, m):
        """A call before the run: keep the descriptors and the break."""
        call, args, ret, rest = m.group(2), m.group(3), m.group(4), m.group(5)
        if call == 'brk' and ret.startswith('0x'):
            self.brk = int(ret, 16)
        if not COUNT.fullmatch(ret):
            return
        deco = DECO.match(rest)
        s = SHAPES[call][0].match(args) if call in FILES else None
        if call in OPENS and deco and s:
            g = dict(zip(SHAPES[call][1], s.groups()))
            path = unquote(deco.group(1))
            self.pending[int(ret)] = (path, value(g['a']), value(g['b']))
            self.fds[int(ret)] = path
        elif call == 'close' and s and s.group(1) != 'AT_FDCWD':
            self.pending.pop(int(s.group(1)), None)
            self.fds.pop(int(s.group(1)), None)
        elif deco:
            # A descriptor made another way (dup, pipe, socket, ...).
            self.pending.pop(int(ret), None)
            self.fds.pop(int(ret), None)

    def fd(self, tok, deco, write):
        """A traced descriptor the run may use; its number.  One it
        holds from before the run is opened again in the set-up, as
        traced but neither truncated nor exclusive, the first time."""
        if tok == 'AT_FDCWD':
            return -100
        fd = int(tok)
        if fd in self.pending:
            path, flags, mode = self.pending.pop(fd)
            if not self.below(path) and flags & os.O_ACCMODE != os.O_RDONLY:
                raise Refused('descriptor %d is open for writing outside '
                              '%s' % (fd, self.root))
            self.emit('s', 'openat', -100, flags & ~(os.O_EXCL | os.O_TRUNC),
                      mode, fd, self.replay_path(path))
        if fd not in self.fds:
            raise Refused('descriptor %d was not opened by a call '
                          'pm-replay can make' % fd)
        if write and fd > 2 and (deco is None or
                                 not self.below(unquote(deco))):
            raise Refused('a write outside ' + self.root)
        return fd

    def convert(self, m):
        """One call of the run as an operation."""
        pid, call, args, ret, rest = m.groups()
        if self.pid is None:
            self.pid = pid
        elif pid != self.pid:
            raise Refused('several threads (%s, %s): pm-replay replays '
                          'one' % (self.pid, pid))
        if call not in SHAPES:
            raise Refused('pm-replay cannot make ' + call)
        s = SHAPES[call][0].match(args)
        if s is None:
            raise Refused('cannot read the arguments of ' + call)
        err = ERRNO.match(rest)
        if err and hasattr(errno, err.group(1)):
            r = -getattr(errno, err.group(1))
        elif COUNT.fullmatch(ret):
            r = int(ret)
        elif call in OTHERS:
            r = None
        else:
            raise Refused('no result')
        self.counts[call] = self.counts.get(call, 0) + 1
        if call in FILES:
            self.op_file(call, dict(zip(SHAPES[call][1], s.groups())), r,
                         rest)
        else:
            getattr(self, 'op_' + call)(s.groups(), r, ret)

    def op_file(self, call, g, r, rest):
        """A call on a descriptor or a path."""
        if call in PATHONLY:
            g['fd'] = 'AT_FDCWD'
        fd = self.fd(g['fd'], g.get('deco'), call in WRITES)
        path = None
        inside = fd in (1, 2) or (g.get('deco') is not None and
                                  self.below(unquote(g['deco'])))
        if g.get('path') is not None:
            path = unquote(g['path'])
            where = self.where(g['fd'], g.get('deco'), path)
            inside = where is not None and self.below(where)
            if not inside and (call in CHANGES or call in OPENS):
                self.outside(call, value(g.get('a')), where)
            path = self.replay_path(path)
        if call in OPENS and r >= 0:
            deco = DECO.match(rest)
            self.fds[r] = unquote(deco.group(1)) if deco else None
            self.pending.pop(r, None)
        elif call == 'close':
            self.fds.pop(fd, None)
        check = r if inside or r < 0 or call in OPENS else 's'
        self.emit('r', call, fd, value(g.get('a')), value(g.get('b')),
                  check, path)

    def outside(self, call, flags, where):
        """Refuse a change outside ROOT (reading /proc is fine)."""
        if call in OPENS and flags & os.O_ACCMODE == os.O_RDONLY and \
                not flags & (os.O_CREAT | os.O_TRUNC):
            return
        raise Refused('%s of %s, outside %s' % (call, where.decode(
            'utf-8', 'surrogateescape'), self.root))

    def op_getrusage(self, g, r, ret):
        self.emit('r', 'getrusage', -1, value(g[0]), 0, 'x')

    def op_prlimit64(self, g, r, ret):
        self.emit('r', 'prlimit64', -1, value(g[0]), 0, 'x')

    def op_nanosleep(self, g, r, ret):
        self.emit('r', 'nanosleep', -1, 0, int(g[0]) * 10**9 + int(g[1]),
                  'x')

    def op_clock_nanosleep(self, g, r, ret):
        self.emit('r', 'clock_nanosleep', -1, value(g[0]),
                  int(g[1]) * 10**9 + int(g[2]), 'x')

    def op_brk(self, g, r, ret):
        if g[0] == 'NULL':
            self.emit('r', 'brk', -1, 0, 1, 'x')
        elif self.brk is None:
            raise Refused('brk before the program break is known')
        else:
            self.emit('r', 'brk', -1, int(g[0], 16) - self.brk, 0, 'x')
        if ret.startswith('0x'):
            self.brk = int(ret, 16)

    def op_mmap(self, g, r, ret):
        prot, flags = value(g[1]), value(g[2])
        if not flags & NAMES['MAP_ANONYMOUS'] or flags & mmap.MAP_SHARED:
            raise Refused('only private anonymous mmap is replayed')
        self.regions[ret] = self.nregion
        self.emit('r', 'mmap', self.nregion, int(g[0]), prot << 32 | flags,
                  's')
        self.nregion += 1

    def op_munmap(self, g, r, ret):
        if g[0] not in self.regions:
            self.regions[g[0]] = self.nregion
            self.emit('s', 'mmap', self.nregion, int(g[1]),
                      (mmap.PROT_READ | mmap.PROT_WRITE) << 32 |
                      mmap.MAP_PRIVATE | NAMES['MAP_ANONYMOUS'], 's')
            self.nregion += 1
        self.emit('r', 'munmap', self.regions.pop(g[0]), int(g[1]), 0, r)


def window(conv, path):
    """The numbers of the run's first and last lines of the trace."""
    first = last = None
    with open(path, errors='surrogateescape') as f:
        for n, line in enumerate(f, 1):
            if not conv.touches(line):
                continue
            call = callof(line)
            if first is None and (call in ('mkdir', 'mkdirat') or
                                  'O_CREAT' in line):
                first = n
            last = n
    return first, last


def main():
    ap = argparse.ArgumentParser(description='strace of a run -> pm-replay '
                                 'operations')
    ap.add_argument('-C', dest='root', required=True)
    ap.add_argument('-l', dest='location', required=True)
    ap.add_argument('-c', dest='counts')
    ap.add_argument('trace')
    ap.add_argument('ops')
    o = ap.parse_args()
    prog = os.path.basename(sys.argv[0])
    with open(o.ops, 'w') as out:
        conv = Converter(o.root, o.location, out)
        first, last = window(conv, o.trace)
        if first is None:
            sys.exit('%s: %s: no file or directory is created in %s' %
                     (prog, o.trace, conv.loc))
        out.write('pm-replay-ops 1\n')
        with open(o.trace, errors='surrogateescape') as f:
            for n, line in enumerate(f, 1):
                if n > last:
                    break
                line = line.rstrip('\n')
                m = LINE.match(line)
                try:
                    if n < first:
                        if m:
                            conv.before(m)
                        continue
                    if NOTE.match(line):
                        continue
                    if m is None:
                        raise Refused('not a complete system call')
                    conv.convert(m)
                except Refused as e:
                    sys.exit('%s: %s:%d: %s: %s' % (prog, o.trace, n, e,
                                                    line[:200]))
    if o.counts:
        with open(o.counts, 'w') as f:
            for call in sorted(conv.counts):
                f.write('%s %d\n' % (call, conv.counts[call]))


if __name__ == '__main__':
    main()
