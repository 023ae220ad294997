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
"""pm_modules.py: a kernel image's release and the modules a guest needs.

The release comes from the image itself: a bzImage's setup header holds
the offset of its version string ("6.1.0-57-cloud-amd64 (debian-kernel@
...) #1 SMP ..."), whose first word is what uname -r says in the guest.
The header also says how long the image is (its setup sectors and the
compressed kernel's 16-byte units): a file shorter than that is cut
short (a copy that did not finish), which QEMU would boot into silence.

The modules are those of the virtio disk (virtio_pci, virtio_blk) and of
the file system, with everything they depend on, each after its
dependencies, from MODULES_DIR: its modules.dep when depmod made one
(modules.softdep for the soft dependencies loaded first), else the
depends= and softdep= fields of each module's .modinfo section (a
kernel package unpacked with dpkg-deb -x has no modules.dep: depmod
runs when the package is installed).  A module that modules.builtin
lists is built in and needs nothing.  Modules compressed with gzip or xz
are decompressed here; zstd, which Python's standard library lacks, is
left to the kernel (finit_module's MODULE_INIT_COMPRESSED_FILE).

Without any modules (none given and no /lib/modules/RELEASE), the
kernel's config says whether the guest can have its disk and file
system: config-RELEASE beside the image (as Debian's /boot and its
packages have it), else the config the image carries itself (IKCONFIG:
gzip between the markers IKCFG_ST and IKCFG_ED in the kernel, which is
read when the image is compressed with gzip, xz, lzma or bzip2).  A
driver that is a module there, or not there at all, is a NotBuiltIn
error before any boot; with no config to be had, a warning.
"""

import bz2
import gzip
import lzma
import os
import struct
import zlib

from . import pm_elf

# The disk's driver and its PCI transport, loaded in this order.
DISK_MODULES = ["virtio_pci", "virtio_blk"]

# The module of each file system, where it is not named as the file system
# (ext2 and ext3 are mounted by ext4's driver where ext2's is not built).
FS_MODULES = {
    "ext2": ["ext2|ext4"],
    "ext3": ["ext4"],
    "vfat": ["vfat"],
}

MODULE_SUFFIXES = (".ko", ".ko.gz", ".ko.xz", ".ko.zst")

# The config symbols of the guest's drivers: the disk's (in the order of
# DISK_MODULES) and each file system's (any one of them built in will
# do; ext2 is mounted by ext4's driver with CONFIG_EXT4_USE_FOR_EXT2,
# ext3 by ext4's always); other file systems: NAME_FS in capitals.
DISK_CONFIG = {"virtio_pci": ["VIRTIO_PCI"], "virtio_blk": ["VIRTIO_BLK"]}
FS_CONFIG = {
    "ext2": ["EXT2_FS", "EXT4_USE_FOR_EXT2"],
    "ext3": ["EXT4_FS"],
}

# The compressed kernel of a bzImage: its first bytes and how to unpack
# it with the standard library (lz4, lzo and zstd it lacks).
PAYLOADS = ((b"\x1f\x8b", lambda d: zlib.decompressobj(31).decompress(d)),
            (b"\xfd7zXZ", lambda d: lzma.LZMADecompressor().decompress(d)),
            (b"\x5d\x00", lambda d: lzma.LZMADecompressor(
                lzma.FORMAT_ALONE).decompress(d)),
            (b"BZh", lambda d: bz2.BZ2Decompressor().decompress(d)))


class ModuleError(Exception):
    """A kernel or a module that cannot be used, with the reason."""


class NotBuiltIn(ModuleError):
    """A driver the guest needs is not built into a kernel that has no
    modules; disk: whether it is one of the disk's (the guest would wait
    for its disk in vain) rather than the file system's."""

    def __init__(self, text, disk):
        super().__init__(text)
        self.disk = disk


def _header(image):
    """The first 64 KiB of IMAGE and its length; ModuleError when it is
    no bzImage."""
    try:
        with open(image, "rb") as f:
            head = f.read(0x10000)
            size = os.fstat(f.fileno()).st_size
    except OSError as e:
        raise ModuleError("%s: %s" % (image, e.strerror)) from e
    if len(head) < 0x210 or head[0x202:0x206] != b"HdrS":
        raise ModuleError("%s: not a bzImage (no 'HdrS' setup header at "
                          "offset 0x202)" % image)
    return head, size


def _setup_size(head):
    """The bytes of a bzImage's setup: its sectors (0 means 4) and the
    boot sector."""
    return ((head[0x1f1] or 4) + 1) * 512


def kernel_release(image):
    """The release (uname -r) of the bzImage IMAGE, from its header;
    ModuleError when IMAGE is no bzImage or is cut short."""
    head, size = _header(image)
    version, = struct.unpack_from("<H", head, 0x206)
    if version >= 0x0204:
        syssize, = struct.unpack_from("<I", head, 0x1f4)
        want = _setup_size(head) + syssize * 16
        if size < want:
            raise ModuleError("%s: cut short: its bzImage header says it "
                              "has %d bytes, the file has %d"
                              % (image, want, size))
    off, = struct.unpack_from("<H", head, 0x20e)
    if version < 0x0200 or off == 0 or 0x200 + off >= len(head):
        raise ModuleError("%s: the bzImage header (protocol %#x) has no "
                          "kernel version string" % (image, version))
    text = head[0x200 + off:].split(b"\0", 1)[0].decode("ascii", "replace")
    if not text.split():
        raise ModuleError("%s: the kernel version string is empty" % image)
    return text.split()[0]


def module_name(path):
    """The module's name from its file: base name less the suffix, with
    '-' as '_' (as the kernel and modprobe compare them)."""
    base = os.path.basename(path)
    for suffix in MODULE_SUFFIXES:
        if base.endswith(suffix):
            base = base[:-len(suffix)]
            break
    return base.replace("-", "_")


def module_bytes(path):
    """The module file PATH, decompressed when gzip or xz; (data, name
    in the guest).  ModuleError when it cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        name = module_name(path)
        if path.endswith(".ko.gz"):
            return gzip.decompress(data), name + ".ko"
        if path.endswith(".ko.xz"):
            return lzma.decompress(data), name + ".ko"
    except (OSError, EOFError, lzma.LZMAError) as e:
        raise ModuleError("module %s: %s" % (path, getattr(e, "strerror",
                                                           None) or e))
    if path.endswith(".ko.zst"):
        return data, name + ".ko.zst"
    return data, name + ".ko"


def modinfo(path):
    """The key=value fields of module PATH's .modinfo, as a dict of
    lists."""
    data, guest = module_bytes(path)
    if guest.endswith(".zst"):
        raise ModuleError("%s: cannot read a zstd module without "
                          "modules.dep (run depmod -b on its tree)" % path)
    try:
        raw = pm_elf.Elf(path, data).section(".modinfo")
    except pm_elf.ElfError as e:
        raise ModuleError(str(e)) from e
    out = {}
    for field in (raw or b"").split(b"\0"):
        key, eq, val = field.decode("utf-8", "replace").partition("=")
        if eq:
            out.setdefault(key, []).append(val)
    return out


def _softdep_pre(text):
    """The 'pre:' names of a softdep text ('pre: a b post: c')."""
    out, pre = [], False
    for word in text.split():
        if word.endswith(":"):
            pre = word == "pre:"
        elif pre:
            out.append(word)
    return out


class Modules:
    """The modules of one kernel release under MODULES_DIR."""

    def __init__(self, release, modules_dir):
        self.release = release
        self.dir = modules_dir
        self.builtin = set()
        self.builtin_alias = set()
        self.paths = {}      # name -> path
        self.deps = {}       # name -> [names], from modules.dep
        self.soft = {}       # name -> [names or aliases], loaded first
        self.alias = {}      # alias -> name, from modules.alias
        self.have_dep = False
        self.warnings = []
        self._read()

    def _lines(self, name):
        """The lines of MODULES_DIR/NAME, or [] when it is absent."""
        try:
            with open(os.path.join(self.dir, name), encoding="utf-8",
                      errors="replace") as f:
                return f.read().splitlines()
        except FileNotFoundError:
            return []
        except OSError as e:
            raise ModuleError("%s/%s: %s" % (self.dir, name, e.strerror))

    def _read(self):
        """Read modules.builtin (and its aliases), then modules.dep,
        modules.softdep and modules.alias, or walk the tree."""
        self.builtin = {module_name(l) for l in self._lines("modules.builtin")
                        if l.strip()}
        self._builtin_aliases()
        dep = self._lines("modules.dep")
        if dep:
            self.have_dep = True
            for line in dep:
                head, _, tail = line.partition(":")
                if not head:
                    continue
                name = module_name(head)
                self.paths[name] = os.path.join(self.dir, head)
                self.deps[name] = [module_name(d) for d in tail.split()]
            for line in self._lines("modules.softdep"):
                words = line.split()
                if len(words) > 2 and words[0] == "softdep":
                    self.soft[module_name(words[1])] = _softdep_pre(
                        " ".join(words[2:]))
            for line in self._lines("modules.alias"):
                words = line.split()
                if len(words) == 3 and words[0] == "alias":
                    self.alias.setdefault(words[1], module_name(words[2]))
            return
        for top, _, files in os.walk(self.dir):
            for f in sorted(files):
                if f.endswith(MODULE_SUFFIXES):
                    self.paths.setdefault(module_name(f),
                                          os.path.join(top, f))

    def _builtin_aliases(self):
        """The aliases of built-in modules (modules.builtin.modinfo, NUL-
        separated module.key=value fields)."""
        try:
            with open(os.path.join(self.dir, "modules.builtin.modinfo"),
                      "rb") as f:
                raw = f.read()
        except OSError:
            return
        for field in raw.split(b"\0"):
            key, _, val = field.decode("utf-8", "replace").partition("=")
            if key.endswith(".alias"):
                self.builtin_alias.add(val)

    def _scan_aliases(self):
        """Without modules.alias: the alias= fields of every module (read
        once, only for a soft dependency named by an alias)."""
        for name, path in sorted(self.paths.items()):
            try:
                info = modinfo(path)
            except ModuleError:
                continue
            for alias in info.get("alias", []):
                self.alias.setdefault(alias, name)

    def _depends(self, name):
        """(hard dependencies, soft pre-dependencies) of module NAME."""
        if self.have_dep:
            return self.deps.get(name, []), self.soft.get(name, [])
        info = modinfo(self.paths[name])
        hard = [module_name(d) for v in info.get("depends", [])
                for d in v.split(",") if d]
        soft = [s for v in info.get("softdep", []) for s in _softdep_pre(v)]
        return hard, soft

    def _soft_target(self, word):
        """The module to load for soft dependency WORD (a name or an
        alias), or None when it is built in or nowhere."""
        name = module_name(word)
        if name in self.builtin or word in self.builtin_alias or \
                "crypto-" + word in self.builtin_alias:
            return None
        if name in self.paths:
            return name
        if not self.have_dep and not self.alias:
            self._scan_aliases()
        for alias in (word, "crypto-" + word):
            if alias in self.alias:
                return self.alias[alias]
        self.warnings.append("soft dependency %s of a needed module is "
                             "neither built in nor found by name or alias; "
                             "not loaded" % word)
        return None

    def find(self, choices):
        """The module for CHOICES ('a|b': the first that exists), or None
        when built in.  A ModuleError when none is there."""
        for name in choices.split("|"):
            if name in self.builtin:
                return None
        for name in choices.split("|"):
            if name in self.paths:
                return name
        raise ModuleError("module %s is neither built into %s "
                          "(modules.builtin) nor in %s"
                          % (" or ".join(choices.split("|")), self.release,
                             self.dir))

    def order(self, wanted):
        """The paths of the modules WANTED (names or 'a|b' choices) and
        of everything they depend on, each after its dependencies."""
        out, state = [], {}

        def visit(name, via):
            if state.get(name) == "done" or name in self.builtin:
                return
            if state.get(name) == "busy":
                raise ModuleError("modules %s depend on each other"
                                  % " -> ".join(via + [name]))
            if name not in self.paths:
                raise ModuleError("module %s (needed by %s) is not in %s"
                                  % (name, via[-1] if via else "the guest",
                                     self.dir))
            state[name] = "busy"
            hard, soft = self._depends(name)
            for s in soft:
                target = self._soft_target(s)
                if target is not None:
                    visit(target, via + [name])
            for d in hard:
                visit(d, via + [name])
            state[name] = "done"
            out.append(self.paths[name])

        for choices in wanted:
            name = self.find(choices)
            if name is not None:
                visit(name, [])
        return out


def _ikconfig(image):
    """The config that IMAGE carries itself (IKCONFIG), as text, or None
    when it has none or its compression is not one that PAYLOADS
    unpacks."""
    try:
        with open(image, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ModuleError("%s: %s" % (image, e.strerror)) from e
    if struct.unpack_from("<H", data, 0x206)[0] < 0x0208 or \
            len(data) < 0x250:
        return None
    off, length = struct.unpack_from("<II", data, 0x248)
    payload = data[_setup_size(data) + off:][:length]
    for magic, unpack in PAYLOADS:
        if not payload.startswith(magic):
            continue
        try:
            kernel = unpack(payload)
        except (OSError, EOFError, ValueError, lzma.LZMAError, zlib.error):
            return None
        start = kernel.find(b"IKCFG_ST")
        end = kernel.find(b"IKCFG_ED", start)
        if start < 0 or end < 0:
            return None
        try:
            return gzip.decompress(kernel[start + 8:end]).decode(
                "utf-8", "replace")
        except (OSError, EOFError, zlib.error):
            return None
    return None


def kernel_config(image, release):
    """(where, {SYMBOL: value}) of the config of kernel IMAGE of RELEASE:
    config-RELEASE beside it, else its own (IKCONFIG); a symbol that is
    'not set' has the value 'n'.  (None, None) when there is none."""
    beside = os.path.join(os.path.dirname(image), "config-" + release)
    text, where = None, beside
    try:
        with open(beside, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except FileNotFoundError:
        text, where = _ikconfig(image), "the image's own config (IKCONFIG)"
    except OSError as e:
        raise ModuleError("%s: %s" % (beside, e.strerror)) from e
    if text is None:
        return None, None
    config = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("CONFIG_") and "=" in line:
            key, _, val = line.partition("=")
            config[key[len("CONFIG_"):]] = val
        elif line.startswith("# CONFIG_") and line.endswith(" is not set"):
            config[line[len("# CONFIG_"):-len(" is not set")]] = "n"
    return where, config


def _assignment(symbol, value):
    """A config line as the config file writes it."""
    if value == "n":
        return "# CONFIG_%s is not set" % symbol
    return "CONFIG_%s=%s" % (symbol, value)


def _names(names):
    """'a', 'a and b', 'a, b and c'."""
    return " and ".join([", ".join(names[:-1])] + names[-1:]) \
        if len(names) > 1 else names[0]


def check_built_in(image, release, fs, default):
    """Without modules: NotBuiltIn when the config of kernel IMAGE says
    that the disk's drivers or FS's are modules or not there; a warning
    (or None) when it cannot tell.  DEFAULT is the modules directory
    that is not there."""
    where, config = kernel_config(image, release)
    if config is None:
        return ("no modules for %s (no %s, and none given) and no config "
                "to check (no config-%s beside %s, no IKCONFIG in it): the "
                "kernel must have %s and %s built in"
                % (release, default, release, image,
                   ", ".join(DISK_MODULES), fs))
    need = [(m, DISK_CONFIG[m], True) for m in DISK_MODULES]
    need.append((fs, FS_CONFIG.get(fs, [fs.upper() + "_FS"]), False))
    module, absent, lines, disk = [], [], [], False
    for name, symbols, is_disk in need:
        values = [config.get(s) for s in symbols]
        if "y" in values or all(v is None for v in values):
            continue
        (module if "m" in values else absent).append(name)
        i = values.index("m") if "m" in values else \
            next(i for i, v in enumerate(values) if v is not None)
        lines.append(_assignment(symbols[i], values[i]))
        disk = disk or is_disk
    if not lines:
        return None
    said = []
    if absent:
        said.append("%s %s not in %s" % (_names(absent), "is" if
                                         len(absent) == 1 else "are",
                                         release))
    if module:
        said.append("%s %s of %s" % (_names(module), "is a module" if
                                     len(module) == 1 else "are modules",
                                     release))
    text = "%s (%s in %s)" % (" and ".join(said), ", ".join(lines), where)
    if module:
        text += (", and it has no modules directory (none given, no %s)"
                 % default)
    raise NotBuiltIn(text, disk)


def guest_modules(release, modules_dir, fs, image=None):
    """The module paths in load order for a virtio disk with file system
    FS, and warnings.  MODULES_DIR None: /lib/modules/RELEASE when it
    exists, else no modules at all: the kernel IMAGE's config must have
    them built in (check_built_in), or, without IMAGE or a config, a
    warning (the guest finds out)."""
    warnings = []
    if modules_dir is None:
        default = os.path.join("/lib/modules", release)
        if not os.path.isdir(default):
            if image is None:
                return [], ["no modules for %s (no %s, and none given): "
                            "the kernel must have %s and %s built in"
                            % (release, default, ", ".join(DISK_MODULES),
                               fs)]
            why = check_built_in(image, release, fs, default)
            return [], [why] if why else []
        modules_dir = default
    if not os.path.isdir(modules_dir):
        raise ModuleError("%s: not a directory (the modules of %s)"
                          % (modules_dir, release))
    mods = Modules(release, modules_dir)
    paths = mods.order(DISK_MODULES + FS_MODULES.get(fs, [fs]))
    return paths, warnings + mods.warnings
