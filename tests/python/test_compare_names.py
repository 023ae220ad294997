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

"""Unit tests of what compare_data and compare_report make of the names
and texts of the rows: the values of a field shortened to what differs
between them (abbreviate), the kind of a run's warning (warning_kind) and
the report's lines of the warnings, each kind once (warning_lines)."""

import unittest

from postmark_compare import compare_data as d
from postmark_compare import compare_report as r

FEATURES = ("has_journal ext_attr resize_inode dir_index filetype "
            "needs_recovery extent 64bit flex_bg sparse_super large_file "
            "huge_file dir_nlink extra_isize metadata_csum")
NO_DIR_INDEX = FEATURES.replace(" dir_index", "")


class AbbreviateTest(unittest.TestCase):
    def test_a_feature_present_and_absent(self):
        self.assertEqual(d.abbreviate([FEATURES, NO_DIR_INDEX]),
                         {FEATURES: "dir_index", NO_DIR_INDEX: "^dir_index"})

    def test_values_that_each_add_something(self):
        a = "rw,relatime,data=ordered,errors=remount-ro,commit=5,barrier=1"
        b = "rw,relatime,data=writeback,errors=remount-ro,commit=5,barrier=1"
        self.assertEqual(d.abbreviate([a, b]),
                         {a: "data=ordered", b: "data=writeback"})

    def test_the_common_value_lists_what_it_lacks(self):
        base = "console=ttyS0 root=/dev/vda quiet panic=-1 loglevel=3"
        more = base + " mitigations=off"
        most = more + " nosmt"
        self.assertEqual(d.abbreviate([base, more, most]),
                         {base: "^mitigations=off ^nosmt",
                          more: "mitigations=off",
                          most: "mitigations=off nosmt"})

    def test_short_values_are_kept(self):
        vals = ["6.1.0-56-cloud-amd64", "6.1.0-57-cloud-amd64"]
        self.assertEqual(d.abbreviate(vals), {v: v for v in vals})

    def test_single_words_are_kept(self):
        vals = ["6.8.0-rc3-00042-gabcdef123456-dirty",
                "6.8.0-rc3-00043-g0123456789ab-dirty"]
        self.assertEqual(d.abbreviate(vals), {v: v for v in vals})

    def test_values_alike_but_for_order_are_kept(self):
        a = "alpha beta gamma delta epsilon zeta"
        b = "zeta epsilon delta gamma beta alpha"
        self.assertEqual(d.abbreviate([a, b]), {a: a, b: b})

    def test_one_value_is_kept(self):
        self.assertEqual(d.abbreviate([FEATURES]), {FEATURES: FEATURES})

    def test_repeated_values_once(self):
        self.assertEqual(d.abbreviate([FEATURES, NO_DIR_INDEX, FEATURES]),
                         {FEATURES: "dir_index", NO_DIR_INDEX: "^dir_index"})


class WarningKindTest(unittest.TestCase):
    def test_figures_are_masked(self):
        self.assertEqual(
            d.warning_kind("the pool of about 13 MiB fits in the 861 MiB "
                           "of free memory"),
            d.warning_kind("the pool of about 13 MiB fits in the 862 MiB "
                           "of free memory"))

    def test_quoted_names_and_paths_are_masked(self):
        a = ("location '/mnt/mem/compare.x8Kq2/run' is on tmpfs, which "
             "keeps its files in memory")
        b = ("location '/mnt/mem/compare.Zz01a/run' is on tmpfs, which "
             "keeps its files in memory")
        self.assertEqual(d.warning_kind(a), d.warning_kind(b))
        self.assertEqual(d.warning_kind("cannot use /tmp/compare.ab12/x"),
                         d.warning_kind("cannot use /tmp/compare.QQ9z/x"))

    def test_apostrophes_are_not_quotes(self):
        self.assertNotEqual(
            d.warning_kind("the times are the emulator's, not the kernel's"),
            d.warning_kind("the times are the emulator's, and the kernel's"))

    def test_other_words_make_other_kinds(self):
        self.assertNotEqual(
            d.warning_kind("location 'a' is on tmpfs, which keeps"),
            d.warning_kind("location 'a' is on ramfs, which keeps"))
        self.assertNotEqual(
            d.warning_kind("the creation phase took 5 ms, under 100 ms"),
            d.warning_kind("the deletion phase took 5 ms, under 100 ms"))


class Lab:
    def __init__(self, name, nrows):
        self.name = name
        self.nrows = nrows


class WarningLinesTest(unittest.TestCase):
    def setUp(self):
        self.mem = Lab("mem", 2)
        self.disk = Lab("disk", 2)
        self.labels = [self.mem, self.disk]

    def lines(self, *kinds):
        ws = {}
        for text, counts in kinds:
            ws[d.warning_kind(text)] = [text, counts]
        return r.warning_lines(ws, self.labels)

    def test_a_kind_of_every_run_once(self):
        self.assertEqual(
            self.lines(("QEMU emulated the processor (TCG)",
                        {self.mem: 2, self.disk: 2})),
            ["4 of 4 runs: QEMU emulated the processor (TCG)"])

    def test_the_labels_that_had_it(self):
        self.assertEqual(
            self.lines(("the creation phase took 5 ms",
                        {self.mem: 2}),
                       ("the transaction phase took 7 ms",
                        {self.disk: 1, self.mem: 2})),
            ["2 of 4 runs (mem): the creation phase took 5 ms",
             "3 of 4 runs (mem, disk 1 of 2): the transaction phase took "
             "7 ms"])

    def test_no_warnings_no_lines(self):
        self.assertEqual(r.warning_lines({}, self.labels), [])


if __name__ == "__main__":
    unittest.main()
