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

"""Unit tests of the guest side's pure parts: the record frames
(pm_frame), the QEMU command line and the kernel's pm. words (pm_vm),
sizes and mkfs commands (pm_disk), postmark's input, the init's settings
and the newc archive (pm_initramfs)."""

import base64
import io
import os
import shutil
import tempfile
import unittest
import zlib

from postmark_compare import pm_disk, pm_frame, pm_initramfs, pm_vm
from test_pm_modules import bzimage


def frame(kind, payload, length=None, crc=None):
    """A frame as guest/pm_frame.c writes it: header, base64 in lines of
    76 characters, end marker."""
    b64 = base64.b64encode(payload).decode()
    lines = [b64[i:i + 76] for i in range(0, len(b64), 76)]
    head = "@@PM-BEGIN v1 %s %d %08x@@" % (
        kind, len(payload) if length is None else length,
        zlib.crc32(payload) if crc is None else crc)
    return "\n".join([head] + lines + ["@@PM-END v1 %s@@" % kind]) + "\n"


class FrameTest(unittest.TestCase):
    def test_frames_among_console_lines(self):
        data = ("[    0.1] Linux version 6.1\n" + frame("csv", b"a,b\n1,2\n") +
                "[    2.0] random: crng\n" + frame("stderr", b"x" * 200))
        frames, problems = pm_frame.read_frames(data.encode())
        self.assertEqual(frames, [("csv", b"a,b\n1,2\n"),
                                  ("stderr", b"x" * 200)])
        self.assertEqual(problems, [])

    def test_cr_and_nul_from_a_tty_are_dropped(self):
        text = frame("csv", b"abc" * 40).replace("\n", "\r\n")
        text = text[:60] + "\0" + text[60:]
        frames, _ = pm_frame.read_frames(text.encode())
        self.assertEqual(frames, [("csv", b"abc" * 40)])

    def test_damage_is_reported_never_returned(self):
        for bad, why in ((frame("csv", b"hello", length=6), "6"),
                         (frame("csv", b"hello", crc=1), "CRC-32"),
                         (frame("csv", b"hello world").replace(
                             "@@PM-END v1 csv@@\n", ""), "no end marker"),
                         (frame("csv", b"one").replace("@@PM-END v1 csv@@",
                                                       "") +
                          frame("error", b"two"), "cut off")):
            frames, problems = pm_frame.read_frames(bad.encode())
            self.assertNotIn(("csv", b"hello"), frames)
            self.assertEqual(len(problems), 1, bad)
            self.assertIn(why, problems[0])

    def test_a_kernel_message_inside_a_line_fails_the_check(self):
        text = frame("csv", b"z" * 300)
        lines = text.split("\n")
        lines[1] = lines[1][:30] + "[ 3.1] oops" + lines[1][30:]
        frames, problems = pm_frame.read_frames("\n".join(lines).encode())
        self.assertEqual(frames, [])
        self.assertEqual(len(problems), 1)


def qemu_opts(text):
    """An option list as QEMU's parser reads it (a comma ends a value,
    ',,' is a comma in it; a first word without '=' is its type)."""
    words, cur, i = [], "", 0
    while i < len(text):
        if text[i] == ",":
            if text[i + 1:i + 2] == ",":
                cur += ","
                i += 2
                continue
            words.append(cur)
            cur = ""
        else:
            cur += text[i]
        i += 1
    words.append(cur)
    out = {}
    for n, w in enumerate(words):
        key, eq, val = w.partition("=")
        if eq:
            out[key] = val
        elif n == 0:
            out["type"] = key
        else:
            out[key] = "on"
    return out


class QemuTest(unittest.TestCase):
    def argv(self, **kw):
        a = dict(qemu="qemu", accel="tcg", cpu="max", cpus=2,
                 memory_mib=1024, kernel="/k", initrd="/i.cpio",
                 disk="/d.img", cache="none", record="/r.txt",
                 append="console=ttyS0")
        a.update(kw)
        return pm_vm.qemu_argv(**a)

    def test_the_command_line(self):
        argv = self.argv()
        self.assertEqual(argv[0], "qemu")
        opts = {w: argv[i + 1] for i, w in enumerate(argv[:-1])
                if w.startswith("-") and not argv[i + 1].startswith("-")}
        self.assertEqual(opts["-accel"], "tcg")
        self.assertEqual(opts["-cpu"], "max")
        self.assertEqual(opts["-smp"], "2")
        self.assertEqual(opts["-m"], "1024M")
        self.assertEqual(opts["-kernel"], "/k")
        self.assertEqual(opts["-initrd"], "/i.cpio")
        self.assertEqual(opts["-append"], "console=ttyS0")
        self.assertIn("-nodefaults", argv)
        self.assertIn("-no-reboot", argv)
        drive = argv[argv.index("-drive") + 1].split(",")
        self.assertIn("file=/d.img", drive)
        self.assertIn("format=raw", drive)
        self.assertIn("if=virtio", drive)
        self.assertIn("cache=none", drive)
        # the console on stdio first (ttyS0), the record port second
        serial = [argv[i + 1] for i, w in enumerate(argv) if w == "-serial"]
        self.assertEqual(serial, ["chardev:con", "chardev:rec"])
        self.assertIn("file,id=rec,path=/r.txt", argv)

    def test_commas_in_paths_reach_qemu_whole(self):
        argv = self.argv(disk="/t,a,,b/d.img", record="/t,a/r.txt",
                         kernel="/t,a/k", initrd="/t,a/i.cpio")
        drive = qemu_opts(argv[argv.index("-drive") + 1])
        self.assertEqual(drive["file"], "/t,a,,b/d.img")
        self.assertEqual(drive["format"], "raw")
        chardevs = [qemu_opts(argv[i + 1]) for i, w in enumerate(argv)
                    if w == "-chardev"]
        self.assertIn("/t,a/r.txt", [c.get("path") for c in chardevs])
        # QEMU takes these three as they are (no option list)
        self.assertEqual(argv[argv.index("-kernel") + 1], "/t,a/k")
        self.assertEqual(argv[argv.index("-initrd") + 1], "/t,a/i.cpio")

    def test_a_disk_error_is_the_guests_not_a_pause(self):
        drive = qemu_opts(self.argv()[self.argv().index("-drive") + 1])
        self.assertEqual((drive.get("werror"), drive.get("rerror")),
                         ("report", "report"))

    def test_the_icount_clock(self):
        argv = self.argv(icount=0)
        i = argv.index("-icount")
        self.assertEqual(argv[i + 1], "shift=0,sleep=on")
        self.assertEqual(argv.count("-icount"), 1)
        self.assertEqual(self.argv(icount=3)[i + 1], "shift=3,sleep=on")
        # the host's clock: no -icount, the rest as it was
        self.assertNotIn("-icount", self.argv())
        self.assertEqual(argv[:i] + argv[i + 2:], self.argv())

    def test_which_clock(self):
        self.assertEqual(pm_vm.choose_clock("auto", "auto"),
                         ("auto", "auto"))
        self.assertEqual(pm_vm.choose_clock("icount", "auto"),
                         ("tcg", "icount"))      # no KVM probe for icount
        self.assertEqual(pm_vm.choose_clock("icount", "tcg"),
                         ("tcg", "icount"))
        self.assertEqual(pm_vm.choose_clock("host", "kvm"), ("kvm", "host"))
        self.assertEqual(pm_vm.choose_clock("host", "auto"),
                         ("auto", "host"))
        with self.assertRaisesRegex(ValueError, "icount clock needs TCG"):
            pm_vm.choose_clock("icount", "kvm")
        with self.assertRaisesRegex(ValueError, "'sundial' is none of"):
            pm_vm.choose_clock("sundial", "auto")
        self.assertEqual(pm_vm.settle_clock("auto", "tcg"), "icount")
        self.assertEqual(pm_vm.settle_clock("auto", "kvm"), "host")
        self.assertEqual(pm_vm.settle_clock("host", "tcg"), "host")
        self.assertEqual(pm_vm.settle_clock("icount", "tcg"), "icount")

    def test_one_processor_on_the_icount_clock(self):
        # refused before anything is made or booted
        r = pm_vm.run_once("/nonexistent/vmlinuz", None, "", cpus=2,
                           accel="tcg", clock="icount", qemu="false")
        self.assertFalse(r["ok"])
        self.assertIn("2 processors on the icount clock: under icount QEMU "
                      "runs the processors in turn", r["error"])
        self.assertEqual(r["vm"], {})

    def test_the_pm_words_have_no_blanks(self):
        self.assertEqual(pm_vm.vm_words({"accel": "tcg", "cpus": 2,
                                         "qemu": "7.2 x"}),
                         "pm.accel=tcg pm.cpus=2 pm.qemu=7.2_x")
        # the guest's init makes PM_VM_CLOCK and PM_VM_ICOUNT_SHIFT of them
        self.assertEqual(pm_vm.vm_words({"clock": "icount",
                                         "icount_shift": 0}),
                         "pm.clock=icount pm.icount_shift=0")


class DiskTest(unittest.TestCase):
    def test_sizes(self):
        self.assertEqual(pm_disk.parse_size("1G", "x"), 1 << 30)
        self.assertEqual(pm_disk.parse_size("512m", "x"), 512 << 20)
        self.assertEqual(pm_disk.parse_size("2KiB", "x"), 2048)
        self.assertEqual(pm_disk.parse_size(4096, "x"), 4096)
        for bad in ("0", "1X", "-1G", "", "1.5G"):
            with self.assertRaisesRegex(ValueError, "disk size '.*' is not"):
                pm_disk.parse_size(bad, "disk size")

    def test_ext4_is_made_the_same_way_every_time(self):
        argv, env = pm_disk.mkfs_argv("ext4", "-O ^dir_index -E stride=4",
                                      "/img")
        self.assertEqual(argv[:5], ["mkfs.ext4", "-q", "-F", "-U",
                                    pm_disk.FS_UUID])
        e = argv[argv.index("-E") + 1].split(",")
        self.assertIn("hash_seed=" + pm_disk.HASH_SEED, e)
        self.assertIn("lazy_itable_init=0", e)
        self.assertIn("stride=4", e)        # the caller's -E joins ours
        self.assertEqual(argv.count("-E"), 1)
        self.assertEqual(argv[-3:], ["-O", "^dir_index", "/img"])
        self.assertIn("E2FSPROGS_FAKE_TIME", env)

    def test_other_file_systems(self):
        self.assertEqual(pm_disk.mkfs_argv("xfs", "-b size=1024", "/i")[0],
                         ["mkfs.xfs", "-q", "-f", "-m",
                          "uuid=" + pm_disk.FS_UUID, "-b", "size=1024", "/i"])
        self.assertEqual(pm_disk.mkfs_argv("vfat", "", "/i"),
                         (["mkfs.vfat", "/i"], {}))


class InitramfsTest(unittest.TestCase):
    def test_postmark_input(self):
        self.assertEqual(pm_initramfs.postmark_input("set number 5", "a b"),
                         "set number 5\nset location /mnt/work\n"
                         "set label a b\nset report csv\n"
                         "run /pm/record.csv\nquit\n")
        self.assertNotIn("set label",
                         pm_initramfs.postmark_input("", None))
        with self.assertRaisesRegex(pm_initramfs.BuildError,
                                    "control character"):
            pm_initramfs.postmark_input("", "a\nrun /etc/x")

    def test_guest_conf(self):
        text = pm_initramfs.guest_conf("xfs", "noatime", ["/lib", "/usr/l"],
                                       30).decode()
        lines = text.splitlines()
        self.assertIn("fstype=xfs", lines)
        self.assertIn("options=noatime", lines)
        self.assertIn("libpath=/lib:/usr/l", lines)
        self.assertIn("wait=30", lines)
        self.assertIn("device=/dev/vda", lines)
        with self.assertRaisesRegex(pm_initramfs.BuildError, "line break"):
            pm_initramfs.guest_conf("ext4", "a\nb", [], 30)

    def test_the_guest_is_named_for_the_vm(self):
        lines = pm_initramfs.guest_conf("ext4", "", [], 30,
                                        "qemu-tcg@h").decode().splitlines()
        self.assertIn("hostname=qemu-tcg@h", lines)
        name = pm_vm.guest_hostname({"accel": "kvm"}, "box.example.org")
        self.assertEqual(name, "qemu-kvm@box.example.org")
        long = pm_vm.guest_hostname({"accel": "tcg"}, "h" * 100)
        self.assertEqual(long, ("qemu-tcg@" + "h" * 100)[:64])

    def test_a_driver_not_built_in_is_what_the_guest_would_say(self):
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        rel = "0.0-pmtest-nowhere"
        kernel = os.path.join(d, "vmlinuz")
        with open(kernel, "wb") as f:
            f.write(bzimage(rel, setup_sects=1))
        config = ("CONFIG_VIRTIO_PCI=y\nCONFIG_VIRTIO_BLK=%s\n"
                  "CONFIG_EXT4_FS=y\nCONFIG_XFS_FS=%s\n")
        for blk, xfs, fs, says in (
                ("m", "y", "ext4", "\"no device /dev/vda after 30 s (is "
                 "the disk's driver, virtio_blk, built in or in the modules "
                 "list?)\""),
                ("y", "m", "xfs", "\"mount /dev/vda on /mnt as xfs with "
                 "options 'noatime': No such device\"")):
            with open(os.path.join(d, "config-" + rel), "w") as f:
                f.write(config % (blk, xfs))
            with self.assertRaises(pm_initramfs.BuildError) as c:
                pm_initramfs.guest_modules(kernel, None, fs, "noatime")
            self.assertRegex(str(c.exception), "is a module of %s .*: the "
                             "guest would stop with " % rel)
            self.assertTrue(str(c.exception).endswith(says),
                            str(c.exception))
        with open(os.path.join(d, "config-" + rel), "w") as f:
            f.write(config % ("y", "y"))
        self.assertEqual(pm_initramfs.guest_modules(kernel, None, "xfs", ""),
                         (rel, [], []))

    def test_a_newc_archive(self):
        out = io.BytesIO()
        c = pm_initramfs.Cpio(out)
        c.file("/pm/a/x", b"hello")
        c.device("/dev/console", 5, 1)
        c.close()
        data = out.getvalue()
        self.assertEqual(len(data) % 4, 0)
        names, pos = [], 0
        while pos < len(data):
            head = data[pos:pos + 110]
            self.assertEqual(head[:6], b"070701")
            f = [int(head[6 + 8 * i:14 + 8 * i], 16) for i in range(13)]
            mode, uid, size, namesize = f[1], f[2], f[6], f[11]
            name = data[pos + 110:pos + 110 + namesize - 1].decode()
            names.append((name, oct(mode), uid))
            pos += 110 + namesize
            pos += -pos % 4
            pos += size + (-size % 4)
        self.assertEqual([n for n, _, _ in names],
                         ["pm", "pm/a", "pm/a/x", "dev", "dev/console",
                          "TRAILER!!!"])
        self.assertEqual(dict((n, m) for n, m, _ in names)["pm/a/x"],
                         oct(0o100644))
        self.assertEqual({u for _, _, u in names}, {0})


if __name__ == "__main__":
    unittest.main()
