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

"""Unit tests of pm_modules: a bzImage's release and its length against
its header, module names, the modules of the guest in load order from
modules.dep, modules.softdep, modules.alias and modules.builtin, or from
each module's .modinfo when depmod did not run; compressed modules;
cycles and missing modules; without any modules, what the kernel's
config (config-RELEASE beside the image, or the image's own IKCONFIG)
says is built in."""

import gzip
import lzma
import os
import shutil
import struct
import tempfile
import unittest

from postmark_compare import pm_modules

import elfmaker


def bzimage(version_text, payload=b"", setup_sects=0x7f, syssize=None):
    """A bzImage whose header points at VERSION_TEXT: its setup (64 KiB
    with the default SETUP_SECTS) and then PAYLOAD as the compressed
    kernel, which the header's syssize (16-byte units) covers unless
    given."""
    setup = ((setup_sects or 4) + 1) * 512
    head = bytearray(setup)
    head[0x1f1] = setup_sects
    if syssize is None:
        syssize = (len(payload) + 15) // 16
    struct.pack_into("<I", head, 0x1f4, syssize)
    head[0x202:0x206] = b"HdrS"
    struct.pack_into("<H", head, 0x206, 0x020f)
    struct.pack_into("<H", head, 0x20e, 0x100)
    struct.pack_into("<II", head, 0x248, 0, len(payload))
    text = version_text.encode() + b"\0"
    head[0x300:0x300 + len(text)] = text
    body = payload + b"\0" * (-len(payload) % 16)
    return bytes(head[:setup]) + body


class Tree(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def file(self, rel, data):
        path = os.path.join(self.dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        return path


class ReleaseTest(Tree):
    def test_the_release_is_the_first_word_of_the_version(self):
        img = self.file("vmlinuz", bzimage("6.1.0-57-cloud-amd64 (debian"
                                           "-kernel@lists.debian.org) #1"))
        self.assertEqual(pm_modules.kernel_release(img),
                         "6.1.0-57-cloud-amd64")

    def test_what_is_not_a_bzimage(self):
        img = self.file("x", b"\0" * 0x300)
        with self.assertRaisesRegex(pm_modules.ModuleError, "not a bzImage"):
            pm_modules.kernel_release(img)
        with self.assertRaisesRegex(pm_modules.ModuleError, "No such file"):
            pm_modules.kernel_release(self.dir + "/none")

    def test_an_empty_version_string(self):
        img = self.file("e", bzimage(""))
        with self.assertRaisesRegex(pm_modules.ModuleError, "empty"):
            pm_modules.kernel_release(img)

    def test_an_image_cut_short(self):
        whole = bzimage("6.1.0-9-test #1", payload=b"k" * 4096)
        self.assertEqual(pm_modules.kernel_release(self.file("w", whole)),
                         "6.1.0-9-test")
        cut = self.file("c", whole[:-100])
        with self.assertRaisesRegex(
                pm_modules.ModuleError, "^%s: cut short: its bzImage header "
                "says it has %d bytes, the file has %d$"
                % (cut, len(whole), len(whole) - 100)):
            pm_modules.kernel_release(cut)
        # setup_sects 0 means 4 (the boot protocol's rule)
        four = bzimage("6.1.0-9-test", setup_sects=0, syssize=0)
        self.assertEqual(len(four), 5 * 512)
        self.assertEqual(pm_modules.kernel_release(self.file("f", four)),
                         "6.1.0-9-test")
        with self.assertRaisesRegex(pm_modules.ModuleError, "cut short"):
            pm_modules.kernel_release(self.file("g", four[:-1]))


class NamesTest(unittest.TestCase):
    def test_suffix_and_dashes(self):
        for path, name in (("/a/virtio-blk.ko", "virtio_blk"),
                           ("x/ext4.ko.xz", "ext4"), ("crc32c.ko.zst",
                                                       "crc32c"),
                           ("libcrc32c.ko.gz", "libcrc32c")):
            self.assertEqual(pm_modules.module_name(path), name)


class DepTest(Tree):
    """A tree that depmod made."""

    def test_load_order_softdeps_aliases_and_builtins(self):
        k = "kernel/drivers/"
        self.file("modules.dep",
                  k + "virtio_pci.ko: " + k + "virtio_pci_modern_dev.ko\n" +
                  k + "virtio_pci_modern_dev.ko:\n" +
                  k + "virtio_blk.ko:\n" +
                  "kernel/fs/xfs.ko: kernel/lib/libcrc32c.ko\n" +
                  "kernel/lib/libcrc32c.ko:\n" +
                  "kernel/crypto/crc32c_generic.ko:\n")
        self.file("modules.softdep",
                  "# comment\nsoftdep libcrc32c pre: crc32c post: x\n")
        self.file("modules.alias", "alias crc32c crc32c_generic\n")
        self.file("modules.builtin", "kernel/drivers/virtio/virtio.ko\n")
        mods = pm_modules.Modules("r", self.dir)
        got = [os.path.relpath(p, self.dir) for p in
               mods.order(pm_modules.DISK_MODULES + ["xfs"])]
        self.assertEqual(got, [k + "virtio_pci_modern_dev.ko",
                               k + "virtio_pci.ko", k + "virtio_blk.ko",
                               "kernel/crypto/crc32c_generic.ko",
                               "kernel/lib/libcrc32c.ko", "kernel/fs/xfs.ko"])

    def test_built_in_needs_nothing_and_choices(self):
        self.file("modules.dep", "kernel/fs/ext4.ko:\n")
        self.file("modules.builtin", "kernel/drivers/virtio_blk.ko\n"
                  "kernel/drivers/virtio_pci.ko\n")
        mods = pm_modules.Modules("r", self.dir)
        self.assertEqual(mods.order(pm_modules.DISK_MODULES), [])
        self.assertEqual(mods.find("ext2|ext4"), "ext4")

    def test_a_missing_module_and_a_cycle(self):
        self.file("modules.dep", "a.ko: b.ko\nb.ko: a.ko\nc.ko: gone.ko\n")
        mods = pm_modules.Modules("6.1", self.dir)
        with self.assertRaisesRegex(pm_modules.ModuleError,
                                    "modules a -> b -> a depend on each"):
            mods.order(["a"])
        with self.assertRaisesRegex(pm_modules.ModuleError,
                                    r"gone \(needed by c\) is not in"):
            mods.order(["c"])
        with self.assertRaisesRegex(pm_modules.ModuleError,
                                    "module x or y is neither built into 6.1"):
            mods.find("x|y")

    def test_a_softdep_found_nowhere_is_a_warning(self):
        self.file("modules.dep", "a.ko:\n")
        self.file("modules.softdep", "softdep a pre: nowhere\n")
        mods = pm_modules.Modules("r", self.dir)
        self.assertEqual([os.path.basename(p) for p in mods.order(["a"])],
                         ["a.ko"])
        self.assertIn("soft dependency nowhere", mods.warnings[0])


class ModinfoTest(Tree):
    """A package unpacked with dpkg-deb -x: no modules.dep, each module's
    .modinfo says what it needs."""

    def module(self, rel, compress=None, **info):
        data = elfmaker.elf(sections={".modinfo": elfmaker.modinfo(**info)})
        if compress == "gz":
            data = gzip.compress(data)
        elif compress == "xz":
            data = lzma.compress(data)
        return self.file(rel, data)

    def test_depends_softdeps_and_aliases_from_modinfo(self):
        self.module("kernel/a/virtio_pci.ko.xz", "xz",
                    depends="virtio_pci_legacy_dev,virtio-pci-modern-dev")
        self.module("kernel/a/virtio_pci_legacy_dev.ko", depends="")
        self.module("kernel/a/virtio_pci_modern_dev.ko.gz", "gz", depends="")
        self.module("kernel/a/virtio_blk.ko", depends="",
                    softdep="pre: crc-any")
        self.module("kernel/c/crc_generic.ko", depends="",
                    alias=["crypto-crc-any", "crc-any"])
        mods = pm_modules.Modules("r", self.dir)
        got = [os.path.basename(p) for p in
               mods.order(pm_modules.DISK_MODULES)]
        self.assertEqual(got, ["virtio_pci_legacy_dev.ko",
                               "virtio_pci_modern_dev.ko.gz",
                               "virtio_pci.ko.xz", "crc_generic.ko",
                               "virtio_blk.ko"])

    def test_compressed_modules_are_decompressed(self):
        path = self.module("m/x.ko.gz", "gz", depends="")
        data, name = pm_modules.module_bytes(path)
        self.assertEqual((data[:4], name), (b"\x7fELF", "x.ko"))
        zst = self.file("m/y.ko.zst", b"(\xb5/\xfd")
        self.assertEqual(pm_modules.module_bytes(zst), (b"(\xb5/\xfd",
                                                        "y.ko.zst"))
        with self.assertRaisesRegex(pm_modules.ModuleError, "zstd"):
            pm_modules.modinfo(zst)

    def test_a_damaged_module(self):
        bad = self.file("m/bad.ko.xz", b"not xz")
        with self.assertRaisesRegex(pm_modules.ModuleError, "bad.ko.xz"):
            pm_modules.module_bytes(bad)


class GuestTest(Tree):
    def test_no_modules_directory_is_a_warning(self):
        paths, warnings = pm_modules.guest_modules("0.0-none", None, "ext4")
        self.assertEqual(paths, [])
        self.assertIn("must have virtio_pci, virtio_blk and ext4 built in",
                      warnings[0])

    def test_a_file_as_the_directory(self):
        f = self.file("file", "")
        with self.assertRaisesRegex(pm_modules.ModuleError, "not a directory"):
            pm_modules.guest_modules("r", f, "ext4")

    def test_ext3_is_mounted_by_ext4(self):
        self.file("modules.dep", "fs/ext4.ko: fs/jbd2.ko\nfs/jbd2.ko:\n")
        self.file("modules.builtin", "virtio_pci.ko\nvirtio_blk.ko\n")
        paths, _ = pm_modules.guest_modules("r", self.dir, "ext3")
        self.assertEqual([os.path.basename(p) for p in paths],
                         ["jbd2.ko", "ext4.ko"])


CONFIG = """#
# Linux/x86 6.1.0 Kernel Configuration
#
CONFIG_VIRTIO=y
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_BLK=y
CONFIG_EXT4_FS=y
# CONFIG_EXT2_FS is not set
CONFIG_XFS_FS=m
"""


def ikconfig_payload(config, pack=gzip.compress):
    """The compressed kernel of a bzImage whose vmlinux embeds CONFIG as
    IKCONFIG does (gzip between IKCFG_ST and IKCFG_ED), packed by PACK."""
    vmlinux = (b"\x7fELF" + b"\0" * 4000 + b"IKCFG_ST" +
               gzip.compress(config.encode()) + b"IKCFG_ED" + b"\0" * 999)
    return pack(vmlinux)


class ConfigTest(Tree):
    """A kernel given without modules (none given, no /lib/modules/R):
    its config says before any boot whether the guest can have its disk
    and file system."""

    R = "0.0-pmtest-nowhere"

    def image(self, config=None, payload=b""):
        img = self.file("boot/vmlinuz-" + self.R, bzimage(
            self.R + " (t@t) #1", payload=payload))
        if config is not None:
            self.file("boot/config-" + self.R, config)
        return img

    def guest(self, img, fs="ext4"):
        return pm_modules.guest_modules(self.R, None, fs, image=img)

    def test_all_built_in_by_the_config_beside_the_image(self):
        self.assertEqual(self.guest(self.image(CONFIG)), ([], []))

    def test_a_module_disk_driver_is_refused(self):
        img = self.image(CONFIG.replace("CONFIG_VIRTIO_BLK=y",
                                        "CONFIG_VIRTIO_BLK=m"))
        cfg = os.path.join(self.dir, "boot", "config-" + self.R)
        with self.assertRaises(pm_modules.NotBuiltIn) as c:
            self.guest(img)
        self.assertEqual(str(c.exception),
                         "virtio_blk is a module of %s (CONFIG_VIRTIO_BLK=m "
                         "in %s), and it has no modules directory (none "
                         "given, no /lib/modules/%s)" % (self.R, cfg, self.R))
        self.assertTrue(c.exception.disk)

    def test_a_file_system_not_built_in_is_refused(self):
        img = self.image(CONFIG)
        with self.assertRaisesRegex(pm_modules.NotBuiltIn,
                                    r"^xfs is a module of .*\(CONFIG_XFS_FS"
                                    "=m in ") as c:
            self.guest(img, "xfs")
        self.assertFalse(c.exception.disk)
        with self.assertRaisesRegex(pm_modules.NotBuiltIn,
                                    r"^ext2 is not in .*\(# CONFIG_EXT2_FS "
                                    "is not set in "):
            self.guest(img, "ext2")
        ext2 = self.image(CONFIG + "CONFIG_EXT4_USE_FOR_EXT2=y\n")
        self.assertEqual(self.guest(ext2, "ext2"), ([], []))

    def test_both_disk_modules_are_named(self):
        img = self.image(CONFIG.replace("=y", "=m"))
        with self.assertRaisesRegex(pm_modules.NotBuiltIn,
                                    "^virtio_pci, virtio_blk and ext4 are "
                                    "modules of .*CONFIG_VIRTIO_PCI=m, "
                                    "CONFIG_VIRTIO_BLK=m, CONFIG_EXT4_FS=m "
                                    "in "):
            self.guest(img)

    def test_the_images_own_config(self):
        for pack in (gzip.compress, lzma.compress):
            bad = CONFIG.replace("CONFIG_VIRTIO_PCI=y",
                                 "# CONFIG_VIRTIO_PCI is not set")
            img = self.image(payload=ikconfig_payload(bad, pack))
            with self.assertRaisesRegex(
                    pm_modules.NotBuiltIn, r"virtio_pci is not in .* \(# "
                    "CONFIG_VIRTIO_PCI is not set in the image's own config "
                    r"\(IKCONFIG\)\)"):
                self.guest(img)
            img = self.image(payload=ikconfig_payload(CONFIG, pack))
            self.assertEqual(self.guest(img), ([], []))

    def test_no_config_to_be_had_is_a_warning(self):
        img = self.image(payload=b"\x04\x22\x4d\x18" + b"lz4" * 100)
        paths, warnings = self.guest(img)
        self.assertEqual(paths, [])
        self.assertIn("must have virtio_pci, virtio_blk and ext4 built in",
                      warnings[0])
        self.assertIn("no config-%s beside %s" % (self.R, img), warnings[0])


if __name__ == "__main__":
    unittest.main()
