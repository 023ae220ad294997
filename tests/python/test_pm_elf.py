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

"""Unit tests of pm_elf: headers, PT_INTERP, dynamic entries, sections,
ld.so.conf, and the libraries a program loads found as glibc's loader
finds them, on ELF files made by elfmaker in a scratch directory."""

import os
import shutil
import tempfile
import unittest

from postmark_compare import pm_elf

import elfmaker


class Scratch(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def file(self, rel, data):
        path = os.path.join(self.dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        return path


class ElfTest(Scratch):
    def test_interpreter_needed_and_paths(self):
        e = pm_elf.Elf("p", elfmaker.elf("/lib64/ld.so", ["liba.so.1",
                                                          "libb.so"],
                                         rpath="/r1:/r2", runpath="$ORIGIN"))
        self.assertEqual((e.bits, e.machine), (64, 62))
        self.assertEqual(e.interpreter(), "/lib64/ld.so")
        d = e.dynamic()
        self.assertEqual(d[pm_elf.DT_NEEDED], ["liba.so.1", "libb.so"])
        self.assertEqual(d[pm_elf.DT_RPATH], ["/r1", "/r2"])
        self.assertEqual(d[pm_elf.DT_RUNPATH], ["$ORIGIN"])

    def test_a_static_program_has_no_interpreter(self):
        self.assertIsNone(pm_elf.Elf("p", elfmaker.elf()).interpreter())

    def test_sections_by_name(self):
        e = pm_elf.Elf("m", elfmaker.elf(sections={".modinfo": b"a=b\0"}))
        self.assertEqual(e.section(".modinfo"), b"a=b\0")
        self.assertIsNone(e.section(".nothing"))

    def test_damage_is_an_error_naming_the_file(self):
        good = elfmaker.elf("/ld.so", ["x.so"])
        for data in (b"", b"MZ" + b"\0" * 60, good[:70],
                     b"\x7fELF\x03" + good[5:]):
            with self.assertRaisesRegex(pm_elf.ElfError, "^bad: "):
                e = pm_elf.Elf("bad", data)
                e.interpreter()
                e.dynamic()

    def test_an_unreadable_file(self):
        with self.assertRaisesRegex(pm_elf.ElfError, "No such file"):
            pm_elf.Elf(os.path.join(self.dir, "none"))


class LdSoConfTest(Scratch):
    def test_includes_in_order_comments_and_loops(self):
        conf = self.file("ld.so.conf", b"include conf.d/*.conf\n/top # c\n")
        self.file("conf.d/b.conf", b"/b1,/b2\n")
        self.file("conf.d/a.conf", b"# only a comment\n/a\n")
        self.assertEqual(pm_elf.ld_so_conf(conf), ["/a", "/b1", "/b2",
                                                   "/top"])

    def test_an_include_of_itself_by_another_name_ends(self):
        conf = self.file("ld.so.conf", b"include conf.d/*.conf\n")
        self.file("conf.d/a.conf", b"/a\ninclude ../ld.so.conf\n"
                  b"include ./a.conf\n")
        self.assertEqual(pm_elf.ld_so_conf(conf), ["/a"])

    def test_a_missing_file_adds_nothing(self):
        self.assertEqual(pm_elf.ld_so_conf(os.path.join(self.dir, "x")), [])


class LibrariesTest(Scratch):
    def test_breadth_first_through_runpath_rpath_and_conf(self):
        d = self.dir
        ld = self.file("lib/ld.so", elfmaker.elf())
        conf = self.file("ld.so.conf", ("%s/conf\n" % d).encode())
        prog = self.file("bin/prog", elfmaker.elf(ld, ["liba.so", "libb.so"],
                                                  runpath="$ORIGIN/../ra"))
        self.file("ra/liba.so", elfmaker.elf(needed=["libc.so"],
                                             rpath=d + "/rp"))
        # liba has DT_RPATH only: its own rpath is searched for libc.
        self.file("rp/libc.so", elfmaker.elf())
        self.file("conf/libb.so", elfmaker.elf())
        # a library of another class in an earlier directory is skipped
        self.file("ra/libb.so", elfmaker.elf(bits=32))
        libs = pm_elf.Libraries(prog, conf)
        self.assertEqual(libs.resolve(),
                         [ld, d + "/bin/../ra/liba.so", d + "/conf/libb.so",
                          d + "/rp/libc.so"])
        self.assertEqual(libs.dirs, [d + "/bin/../ra", d + "/conf",
                                     d + "/rp"])

    def test_a_missing_library_names_who_needs_it(self):
        prog = self.file("prog", elfmaker.elf("/nonexistent/ld.so",
                                              ["libnone.so.9"]))
        with self.assertRaisesRegex(pm_elf.ElfError,
                                    "library libnone.so.9 .needed by"):
            pm_elf.Libraries(prog, os.path.join(self.dir, "no.conf")).resolve()

    def test_a_static_program_needs_nothing(self):
        prog = self.file("prog", elfmaker.elf())
        self.assertEqual(pm_elf.Libraries(prog).resolve(), [])


if __name__ == "__main__":
    unittest.main()
