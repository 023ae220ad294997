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
"""pm_initramfs.py: the initramfs of one postmark run in a guest.

  pm_initramfs.py [--modules-dir DIR] [--fs FS] [--mount-options OPTS]
      [--label LABEL] [--postmark PROG] [--init PM_INIT] [--list]
      -o OUTPUT KERNEL CONFIG

A newc cpio archive (uncompressed: every kernel with an initramfs reads
it) holding the guest's init (guest/pm_init, as /init), postmark and the
shared libraries it links (pm_elf.Libraries: found from the binary as the
dynamic loader would, at the same paths), the modules the kernel needs
for a virtio disk and FS (pm_modules.guest_modules), the init's settings
(/pm/guest.conf) and postmark's input: CONFIG, then a scratch directory
on the disk as its location, the label, CSV records, "run" and "quit".
The kernel's release comes from KERNEL (its bzImage header); MODULES_DIR
defaults to /lib/modules/RELEASE.  --list prints what went in.  Every
entry has owner 0 and time 0, so the same inputs make the same bytes.
"""

import argparse
import os
import stat
import sys

from . import pm_elf
from . import pm_modules

# Where things are in the guest (written into guest.conf for the init).
GUEST = {
    "device": "/dev/vda",
    "mountpoint": "/mnt",
    "work": "/mnt/work",
    "modules": "/pm/modules",
    "postmark": "/usr/bin/postmark",
    "input": "/pm/input",
    "record": "/pm/record.csv",
    "out": "/pm/stdout",
    "err": "/pm/stderr",
    "port": "/dev/ttyS1",
}
MODULE_DIR = "/pm/mod"


class BuildError(Exception):
    """An initramfs that cannot be built, with the reason."""


class Cpio:
    """A newc ("070701") cpio archive being written: directories are made
    before what they hold, and the trailer ends it."""

    def __init__(self, out):
        self.out = out
        self.ino = 0
        self.dirs = set()

    def _entry(self, name, mode, data=b"", rdev=(0, 0)):
        """One header, its name and its data, each padded to 4 bytes."""
        self.ino += 1
        raw = name.encode("utf-8", "surrogateescape") + b"\0"
        nlink = 2 if stat.S_ISDIR(mode) else 1
        fields = (self.ino, mode, 0, 0, nlink, 0, len(data), 0, 0,
                  rdev[0], rdev[1], len(raw), 0)
        head = b"070701" + b"".join(b"%08x" % f for f in fields)
        self.out.write(head + raw + b"\0" * (-(len(head) + len(raw)) % 4))
        self.out.write(data + b"\0" * (-len(data) % 4))

    def directory(self, path):
        """PATH (absolute in the guest) and its parents, once each."""
        path = path.strip("/")
        if not path or path in self.dirs:
            return
        self.directory(os.path.dirname(path))
        self.dirs.add(path)
        self._entry(path, stat.S_IFDIR | 0o755)

    def file(self, path, data, mode=0o644):
        """A regular file at PATH with DATA."""
        self.directory(os.path.dirname(path))
        self._entry(path.strip("/"), stat.S_IFREG | mode, data)

    def device(self, path, major, minor):
        """A character device node."""
        self.directory(os.path.dirname(path))
        self._entry(path.strip("/"), stat.S_IFCHR | 0o600, rdev=(major, minor))

    def close(self):
        """The trailer."""
        self._entry("TRAILER!!!", 0)


def read(path, what):
    """The bytes of PATH, or a BuildError naming WHAT it is."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise BuildError("%s %s: %s" % (what, path, e.strerror)) from e


def postmark_input(config_text, label):
    """postmark's commands: the config, then the guest's lines."""
    if label is not None and any(ord(c) < 32 or ord(c) == 127
                                 for c in label):
        raise BuildError("label %r: a control character cannot be in a "
                         "postmark command line" % label)
    text = config_text if config_text.endswith("\n") or not config_text \
        else config_text + "\n"
    text += "set location %s\n" % GUEST["work"]
    if label is not None:
        text += "set label %s\n" % label
    return text + "set report csv\nrun %s\nquit\n" % GUEST["record"]


def guest_conf(fs, mount_options, libdirs, wait, hostname=""):
    """The init's settings (guest/pm_init.h, struct pm_guest): HOSTNAME
    is the guest's (uname -n, postmark's host column; empty: none)."""
    lines = ["# pm_init settings, written by pm_initramfs.py"]
    lines += ["%s=%s" % kv for kv in sorted(GUEST.items())]
    lines += ["fstype=%s" % fs, "options=%s" % mount_options,
              "libpath=%s" % ":".join(libdirs), "wait=%d" % wait,
              "hostname=%s" % hostname]
    for v in (fs, mount_options, hostname):
        if "\n" in v or "\r" in v:
            raise BuildError("%r: a line break in a guest setting" % v)
    return ("\n".join(lines) + "\n").encode()


def guest_modules(kernel, modules_dir, fs, mount_options, wait=30):
    """(release, module paths in load order, warnings) of KERNEL for a
    guest with an FS disk (pm_modules.guest_modules); a BuildError when
    they cannot be had, and for a driver that is not built into a
    kernel without modules, with what the guest would say (pm_boot.c's
    words)."""
    try:
        release = pm_modules.kernel_release(kernel)
        return (release,) + pm_modules.guest_modules(release, modules_dir,
                                                     fs, kernel)
    except pm_modules.NotBuiltIn as e:
        if e.disk:
            says = ("no device %s after %d s (is the disk's driver, "
                    "virtio_blk, built in or in the modules list?)"
                    % (GUEST["device"], wait))
        else:
            says = ("mount %s on %s as %s with options '%s': No such device"
                    % (GUEST["device"], GUEST["mountpoint"], fs,
                       mount_options))
        raise BuildError('%s: the guest would stop with "%s"' % (e, says)) \
            from e
    except pm_modules.ModuleError as e:
        raise BuildError(str(e)) from e


def build(kernel, modules_dir, config_text, fs, mount_options, postmark,
          init, output, label=None, wait=30, hostname=""):
    """Write the initramfs to OUTPUT; returns a dict: release, modules
    and libraries (host paths), warnings, bytes.  A BuildError (the
    partial file removed) when something cannot be had."""
    release, modules, warnings = guest_modules(kernel, modules_dir, fs,
                                               mount_options, wait)
    try:
        libs = pm_elf.Libraries(postmark)
        found = libs.resolve()
        static = pm_elf.Elf(init).interpreter() is None
    except pm_elf.ElfError as e:
        raise BuildError(str(e)) from e
    if not static:
        raise BuildError("%s: the guest's init must be linked statically "
                         "(it has an interpreter)" % init)
    names = []
    try:
        with open(output, "wb") as out:
            cpio = Cpio(out)
            for d in ("/dev", "/proc", "/sys", "/tmp", GUEST["mountpoint"],
                      MODULE_DIR):
                cpio.directory(d)
            cpio.device("/dev/console", 5, 1)
            cpio.file("/init", read(init, "init"), 0o755)
            cpio.file(GUEST["postmark"], read(postmark, "postmark"), 0o755)
            for path in found:
                cpio.file(path, read(path, "library"), 0o755)
            for path in modules:
                data, name = pm_modules.module_bytes(path)
                names.append(os.path.join(MODULE_DIR, name))
                cpio.file(names[-1], data)
            cpio.file(GUEST["modules"], "".join(n + "\n" for n in names)
                      .encode())
            cpio.file("/pm/guest.conf", guest_conf(fs, mount_options,
                                                   libs.dirs, wait,
                                                   hostname))
            cpio.file(GUEST["input"], postmark_input(config_text, label)
                      .encode("utf-8", "surrogateescape"))
            cpio.close()
    except BaseException as e:
        try:
            os.unlink(output)
        except OSError:
            pass
        if isinstance(e, pm_modules.ModuleError):
            raise BuildError(str(e)) from e
        raise
    return {"release": release, "modules": modules, "libraries": found,
            "warnings": warnings, "bytes": os.path.getsize(output)}


def main(argv):
    """The command line: build, print warnings (and --list), exit 0/1."""
    p = argparse.ArgumentParser(prog="pm_initramfs.py",
                                description="Build the initramfs of one "
                                "postmark run in a guest.")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--modules-dir")
    p.add_argument("--fs", default="ext4")
    p.add_argument("--mount-options", default="")
    p.add_argument("--label")
    p.add_argument("--postmark", default=os.environ.get("POSTMARK",
                                                        "postmark"))
    p.add_argument("--init", default=os.environ.get("PM_INIT", "pm_init"))
    p.add_argument("--list", action="store_true")
    p.add_argument("kernel")
    p.add_argument("config")
    a = p.parse_args(argv)
    try:
        with open(a.config, encoding="utf-8", errors="surrogateescape") as f:
            config = f.read()
        info = build(a.kernel, a.modules_dir, config, a.fs, a.mount_options,
                     a.postmark, a.init, a.output, a.label)
    except (BuildError, OSError) as e:
        print("pm_initramfs.py: %s" % e, file=sys.stderr)
        return 1
    for w in info["warnings"]:
        print("pm_initramfs.py: warning: %s" % w, file=sys.stderr)
    if a.list:
        print("release %s" % info["release"])
        for path in info["libraries"]:
            print("library %s" % path)
        for path in info["modules"]:
            print("module %s" % path)
        print("bytes %d" % info["bytes"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
