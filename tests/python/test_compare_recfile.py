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

"""Unit tests of compare_recfile: the kernels mode's CSV file is planned
without making anything, made with its first row (a default name
exclusively), and a last line cut short by a writer that died is cut
back under the lock.  (t6506 checks judge() against postmark's own
judgement of each kind of file.)"""

import os
import shutil
import tempfile
import time
import unittest

from postmark_compare import compare_recfile
from postmark_compare.compare_csv import Fail

HEADER = ["schema_version", "label", "x"]


class RecFileTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.cwd = os.getcwd()
        os.chdir(self.dir)
        self.notes = []

    def tearDown(self):
        os.chdir(self.cwd)
        shutil.rmtree(self.dir)

    def rec(self):
        return compare_recfile.RecFile(HEADER, 5, self.notes.append)

    def read(self, path):
        with open(path) as f:
            return f.read()

    def test_nothing_is_made_before_the_first_row(self):
        r = self.rec()
        path = r.plan(os.path.join(self.dir, "a", "b", "k.csv"), "x")
        self.assertEqual(os.listdir(self.dir), [])
        r.append([["5", "x", "1"]])
        self.assertEqual(self.read(path), "schema_version,label,x\n5,x,1\n")
        r.append([["5", "y", "2"]])
        self.assertEqual(self.read(path).count("\n"), 3)

    def test_a_default_name_taken_meanwhile_gives_the_next(self):
        r = self.rec()
        path = r.plan("", "a-vs-b")
        day = time.strftime("%Y-%m-%d")
        self.assertEqual(path, os.path.join(self.dir, "results",
                                            day + "-a-vs-b.csv"))
        self.assertFalse(os.path.exists("results"))
        os.mkdir("results")
        with open(path, "w") as f:
            f.write("another comparison's\n")
        r.append([["5", "a", "1"]])
        self.assertEqual(r.path, os.path.join(self.dir, "results",
                                              day + "-a-vs-b-2.csv"))
        self.assertEqual(self.read(path), "another comparison's\n")

    def test_a_name_too_long_is_refused_before_anything(self):
        with self.assertRaisesRegex(Fail, "File name too long"):
            self.rec().plan("", "a" * 300)
        self.assertEqual(os.listdir(self.dir), [])

    def test_a_dead_writers_cut_line_is_cut_back(self):
        r = self.rec()
        path = r.plan("k.csv", "x")
        r.append([["5", "a", "1"]])
        with open(path, "a") as f:
            f.write("5,dead,12")
        r.append([["5", "b", "2"]])
        self.assertEqual(self.read(path), "schema_version,label,x\n5,a,1\n"
                         "5,b,2\n")
        self.assertEqual(len(self.notes), 1)
        self.assertIn("cut back by 9 bytes", self.notes[0])

    def test_another_kind_written_meanwhile_is_refused(self):
        r = self.rec()
        path = r.plan("k.csv", "x")
        with open(path, "w") as f:
            f.write('{"schema_version":5}\n')
        with self.assertRaisesRegex(Fail, "holds JSON records"):
            r.append([["5", "a", "1"]])
        self.assertEqual(self.read(path), '{"schema_version":5}\n')

    def test_judge(self):
        j = compare_recfile.judge
        ours = b"schema_version,label,x\n"
        self.assertIsNone(j(b"", b"", HEADER, 5))
        self.assertIsNone(j(ours + b"5,a,1\n", b"\n", HEADER, 5))
        self.assertIn("middle of a line", j(ours + b"5,a", b"a", HEADER, 5))
        # All the file, no line feed, the start of our header: a first
        # record whose writer was killed early (postmark's
        # pm_rec_started), cut off as any record cut short.
        for start in (b"s", b"schema_v", b"schema_version,la",
                      ours[:-1]):
            self.assertIn("middle of a line",
                          j(start, start[-1:], HEADER, 5), start)
        self.assertIn("is not a file of postmark CSV records",
                      j(b"schema_w", b"w", HEADER, 5))
        self.assertIn("holds the CSV header of another schema",
                      j(b"schema_version,lab,y", b"y", HEADER, 5))
        self.assertIn("is not a file of postmark CSV records",
                      j(b"\n" + ours, b"\n", HEADER, 5))
        self.assertIn("schema version 4 (2 columns)",
                      j(b"schema_version,label\n4,a\n", b"\n", HEADER, 5))


if __name__ == "__main__":
    unittest.main()
