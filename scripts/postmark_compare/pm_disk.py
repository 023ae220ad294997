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
"""pm_disk.py: the fresh disk image of one boot, made the same way each
time.

make_disk makes a sparse raw file of the size given and runs mkfs.FS on
it on the host, with the caller's options after fixed ones, so that
every kernel starts from the same file system:

* ext2/3/4: a fixed UUID (-U) and directory-hash seed (-E hash_seed=),
  so that htree directories hash every name the same way for every
  kernel; inode tables and journal written now (lazy_itable_init=0,
  lazy_journal_init=0), so that no ext4lazyinit thread writes under the
  benchmark (mke2fs does so on a file anyway, not on every device);
  mke2fs's clock fixed (E2FSPROGS_FAKE_TIME): two images made
  with the same options are identical byte for byte.
* xfs: a fixed UUID (-m uuid=); the directory hash has no seed; the
  inodes' times still differ between two images.
* btrfs: a fixed UUID (-U); the name hash (crc32c) has no seed.

The caller's -E (ext) options are merged into the fixed ones, since
mke2fs keeps only the last -E.  Also here: sizes with K/M/G/T, the host
file system under a directory, whether it takes O_DIRECT (QEMU's
cache=none), and whether it is full (the image, sparse, grows as the
guest writes: a full host file system is the guest's I/O error).
"""

import os
import re
import shlex
import subprocess

FS_UUID = "0d1e7a5e-9057-4d4a-8b1e-000000000001"
HASH_SEED = "0d1e7a5e-9057-4d4a-8b1e-000000000002"
FAKE_TIME = "1"            # seconds since 1970, mke2fs's clock
NEARLY_FULL = 4 << 20      # bytes: less free is full (a guest's write)


class DiskError(Exception):
    """A disk image that cannot be made, with the reason."""


def parse_size(text, what):
    """Bytes of TEXT: digits with an optional K, M, G or T (1024-based,
    an optional B or iB after it).  ValueError naming WHAT."""
    m = re.fullmatch(r"([0-9]+)([KMGT]?)(i?B)?", str(text).strip(), re.I)
    if not m or int(m.group(1)) == 0:
        raise ValueError("%s '%s' is not a size (digits and K, M, G or T, "
                         "more than 0)" % (what, text))
    shift = " KMGT".index(m.group(2).upper() or " ") * 10
    return int(m.group(1)) << shift


def mkfs_argv(fs, options, path):
    """(argv, extra environment) of the mkfs of FS with the caller's
    OPTIONS (a string, split as by sh) on PATH."""
    user = shlex.split(options)
    env = {}
    if fs in ("ext2", "ext3", "ext4"):
        ext = ["hash_seed=" + HASH_SEED, "lazy_itable_init=0",
               "lazy_journal_init=0"]
        rest, i = [], 0
        while i < len(user):
            if user[i] == "-E" and i + 1 < len(user):
                ext.append(user[i + 1])
                i += 2
                continue
            if user[i].startswith("-E") and len(user[i]) > 2:
                ext.append(user[i][2:])
            else:
                rest.append(user[i])
            i += 1
        argv = ["mkfs." + fs, "-q", "-F", "-U", FS_UUID,
                "-E", ",".join(ext)] + rest
        env["E2FSPROGS_FAKE_TIME"] = FAKE_TIME
    elif fs == "xfs":
        argv = ["mkfs.xfs", "-q", "-f", "-m", "uuid=" + FS_UUID] + user
    elif fs == "btrfs":
        argv = ["mkfs.btrfs", "-q", "-f", "-U", FS_UUID] + user
    else:
        argv = ["mkfs." + fs] + user
    return argv + [path], env


def make_disk(path, fs, options, size):
    """Make the image PATH (SIZE bytes, sparse) with file system FS.
    Returns the mkfs command as text (the image as its base name);
    DiskError on failure."""
    argv, env = mkfs_argv(fs, options, path)
    try:
        with open(path, "xb") as f:
            f.truncate(size)
        p = subprocess.run(argv, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           env=dict(os.environ, **env))
    except OSError as e:
        raise DiskError("%s: %s" % (e.filename or path, e.strerror)) from e
    if p.returncode != 0:
        out = p.stdout.decode("utf-8", "replace").strip()
        raise DiskError("%s failed (exit %d): %s"
                        % (" ".join(argv), p.returncode, out))
    return " ".join(shlex.quote(a) for a in argv[:-1] +
                    [os.path.basename(path)])


def host_fs(path):
    """The type of the file system holding PATH, or 'unknown'."""
    return mount_of(path)[1]


def mount_of(path):
    """(mount point, type) of the file system holding PATH
    (/proc/self/mounts: the longest mount point above it), or ('',
    'unknown')."""
    real = os.path.realpath(path)
    best, kind = "", "unknown"
    try:
        with open("/proc/self/mounts", encoding="utf-8",
                  errors="replace") as f:
            for line in f:
                w = line.split()
                if len(w) < 3:
                    continue
                mnt = w[1].replace("\\040", " ")
                if (real == mnt or real.startswith(mnt.rstrip("/") + "/")) \
                        and len(mnt) >= len(best):
                    best, kind = mnt, w[2]
    except OSError:
        pass
    return best, kind


def full(path):
    """When the file system holding PATH has less than NEARLY_FULL bytes
    left for us (root may use the reserved blocks): 'TYPE mounted on
    MOUNT_POINT has N bytes left'; else None."""
    try:
        st = os.statvfs(path)
    except OSError:
        return None
    blocks = st.f_bfree if os.geteuid() == 0 else st.f_bavail
    left = blocks * st.f_frsize
    if left >= NEARLY_FULL:
        return None
    mnt, kind = mount_of(path)
    return "%s mounted on %s has %d bytes left" % (kind, mnt or "?", left)


def takes_direct(directory):
    """Whether a file in DIRECTORY opens with O_DIRECT (tmpfs before
    Linux 6.6: no).  The test file is made first, without O_DIRECT,
    so that a refused open leaves nothing behind."""
    path = os.path.join(directory, ".pm_direct_probe")
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except OSError:
        return False
    try:
        os.close(os.open(path, os.O_WRONLY | getattr(os, "O_DIRECT", 0)))
        return True
    except OSError:
        return False
    finally:
        os.unlink(path)
