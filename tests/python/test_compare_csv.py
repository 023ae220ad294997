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

"""Unit tests of compare_csv: the CSV reader, numbers, text cleaning and
the column table."""

import math
import os
import tempfile
import unittest

from postmark_compare import compare_csv as c


class CsvFile:
    """A scratch file holding DATA (bytes), removed by close()."""

    def __init__(self, data):
        fd, self.path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "wb") as f:
            f.write(data)

    def rows(self):
        return list(c.Reader(self.path))

    def close(self):
        os.unlink(self.path)


def read(data):
    f = CsvFile(data)
    try:
        return f.rows()
    finally:
        f.close()


class ReaderTest(unittest.TestCase):
    def test_plain_lines_split_on_commas(self):
        self.assertEqual(read(b"a,b,c\n1,,3\n"),
                         [(1, ["a", "b", "c"]), (2, ["1", "", "3"])])

    def test_blank_lines_are_skipped_and_counted(self):
        self.assertEqual(read(b"a\n\n\nb\n"), [(1, ["a"]), (4, ["b"])])

    def test_crlf_and_no_final_newline(self):
        self.assertEqual(read(b"a,b\r\nc,d"),
                         [(1, ["a", "b"]), (2, ["c", "d"])])

    def test_quoted_fields_hold_commas_and_doubled_quotes(self):
        self.assertEqual(read(b'x,"a,b","say ""hi""",""\n'),
                         [(1, ["x", "a,b", 'say "hi"', ""])])

    def test_a_quoted_field_spans_lines(self):
        self.assertEqual(read(b'a,"one\ntwo\n\nthree",b\nnext\n'),
                         [(1, ["a", "one\ntwo\n\nthree", "b"]),
                          (5, ["next"])])

    def test_a_line_of_one_empty_quoted_field_is_blank(self):
        self.assertEqual(read(b'""\n'), [])
        self.assertEqual(read(b'"",""\n'), [(1, ["", ""])])

    def test_invalid_utf8_is_kept_as_surrogates(self):
        (line, fields), = read(b"a\xff,b\n")
        self.assertEqual(fields[0].encode("utf-8", "surrogateescape"),
                         b"a\xff")

    def test_a_quote_inside_an_unquoted_field_is_malformed(self):
        with self.assertRaisesRegex(c.Fail, r":2: malformed CSV"):
            read(b'ok\nab"c,d\n')

    def test_text_after_a_closing_quote_is_malformed(self):
        with self.assertRaisesRegex(c.Fail, r":1: malformed CSV"):
            read(b'"a"b,c\n')

    def test_an_unterminated_quoted_field_names_its_first_line(self):
        with self.assertRaisesRegex(c.Fail,
                                    r":2: unterminated quoted field"):
            read(b'a\n"b\nc\n')

    def test_an_unreadable_file_is_a_failure(self):
        with self.assertRaisesRegex(c.Fail, r"cannot read it"):
            list(c.Reader("/nonexistent/x.csv"))

    def test_a_long_field_is_read_whole(self):
        big = b"x" * (1 << 20)
        self.assertEqual(read(b'"' + big + b'",1\n'),
                         [(1, [big.decode(), "1"])])


class NumberTest(unittest.TestCase):
    def test_finite_decimal_numbers(self):
        for s, v in (("0", 0.0), ("-1.5", -1.5), ("+2", 2.0), (".5", 0.5),
                     ("1e3", 1000.0), ("7.", 7.0)):
            self.assertEqual(c.number(s, "f:1", "x"), v)
            self.assertTrue(c.isnum(s), s)

    def test_what_is_not_a_number(self):
        for s in ("", " 1", "1 ", "0x10", "1,5", "nan", "inf", "one",
                  "1e", "--1", "1_000"):
            with self.assertRaisesRegex(c.Fail, r"^f:1: x: '.*' is not a "):
                c.number(s, "f:1", "x")
            self.assertFalse(c.isnum(s), s)

    def test_an_overflow_is_not_finite(self):
        with self.assertRaisesRegex(c.Fail, "not a finite number"):
            c.number("1e999", "f:1", "x")

    def test_leading_is_awks_conversion(self):
        self.assertEqual(c.leading("  12abc"), 12.0)
        self.assertEqual(c.leading("abc"), 0.0)
        self.assertEqual(c.leading("-3.5e1x"), -35.0)
        self.assertEqual(c.leading("1e999"), 0.0)

    def test_numstr_prints_as_awk(self):
        self.assertEqual(c.numstr(3.0), "3")
        self.assertEqual(c.numstr(0.1234567), "0.123457")
        self.assertEqual(c.numstr(1e20), "1e+20")


class AmountTest(unittest.TestCase):
    """amount(): a measure or a count as the statistics can hold it."""

    def test_from_zero_to_the_limit(self):
        for s, v in (("0", 0.0), ("12.5", 12.5), ("1e15", 1e15),
                     ("+3", 3.0)):
            self.assertEqual(c.amount(s, "f:2", "column x", "a rate"), v)
        self.assertEqual(c.LIMIT, 1e15)

    def test_a_negative_value_names_what_cannot_be(self):
        for s in ("-5", "-1e-9"):
            with self.assertRaisesRegex(
                    c.Fail, r"^f:2: column x: '%s' is negative, and a "
                    r"latency cannot be$" % s):
                c.amount(s, "f:2", "column x", "a latency")

    def test_above_the_limit(self):
        for s in ("1e308", "1.0000001e15", "2e15"):
            with self.assertRaisesRegex(
                    c.Fail, r"^f:2: column x: '%s' is above 1e15, more "
                    r"than any run measures \(the statistics could not "
                    r"hold it\)$" % s):
                c.amount(s, "f:2", "column x", "a rate")

    def test_whole_and_least(self):
        self.assertEqual(c.amount("1e3", "f:2", "column n", "a count",
                                  least=1, whole=True), 1000.0)
        with self.assertRaisesRegex(
                c.Fail, r"^f:2: column n: '2.5' is not a whole number, "
                r"and a count must be$"):
            c.amount("2.5", "f:2", "column n", "a count", whole=True)
        with self.assertRaisesRegex(
                c.Fail, r"^f:2: column n: '0' is below 1, and a count "
                r"cannot be$"):
            c.amount("0", "f:2", "column n", "a count", least=1)

    def test_what_is_not_a_finite_number(self):
        with self.assertRaisesRegex(c.Fail, r"'nan' is not a number"):
            c.amount("nan", "f:2", "column x", "a rate")
        with self.assertRaisesRegex(c.Fail, r"'1e999' is not a finite"):
            c.amount("1e999", "f:2", "column x", "a rate")

    def test_the_statistics_hold_values_up_to_the_limit(self):
        # The limit's claim: samples of values from 0 to LIMIT have a
        # finite mean, spread and interval, and compare finitely.
        from postmark_compare import compare_stats as st
        a = st.Sample([0.0, c.LIMIT] * 5000)
        b = st.Sample([c.LIMIT, c.LIMIT / 3] * 5000)
        for x in (a.mean, a.sd, a.lo, a.hi, b.mean, b.sd):
            self.assertTrue(math.isfinite(x), x)
        w = st.welch(a, b)
        for x in (w.t, w.df, w.p, w.ratio, w.lo, w.hi):
            self.assertTrue(math.isfinite(x), x)


class TextTest(unittest.TestCase):
    def test_clean_blanks_control_characters(self):
        self.assertEqual(c.clean("a\nb\tc\x7fd\x1b"), "a b c d ")

    def test_noctl_removes_them(self):
        self.assertEqual(c.noctl("a\nb\x00c"), "abc")


class ColumnsTest(unittest.TestCase):
    HEAD = "name\tschema\ttype\tunit\trole\n"

    def test_the_table_in_file_order(self):
        cols = c.parse_columns(self.HEAD + "schema_version\t1\tint\t\tid\n"
                               "transactions_per_s\t1\tnum\t1/s\trate\n",
                               "t")
        self.assertEqual(list(cols), ["schema_version", "transactions_per_s"])
        col = cols["transactions_per_s"]
        self.assertEqual((col.schema, col.type, col.unit, col.role),
                         (1, "num", "1/s", "rate"))

    def test_another_first_line_is_refused(self):
        with self.assertRaisesRegex(c.Fail, "not a postmark column table"):
            c.parse_columns("a\tb\n", "src")

    def test_a_bad_line_is_named(self):
        with self.assertRaisesRegex(c.Fail, r"^src:3: not a line"):
            c.parse_columns(self.HEAD + "a\t1\tint\t\tid\nb\tx\tint\t\tid\n",
                            "src")


class HeaderTest(unittest.TestCase):
    def test_columns_by_name_first_one_wins(self):
        h = c.Header("f", 1, ["schema_version", "a", "b", "a"],
                     ["schema_version"], "a record")
        self.assertEqual(h.get(["1", "x", "y", "z"], "a"), "x")
        self.assertEqual(h.get(["1", "x", "y", "z"], "missing"), "")
        with self.assertRaisesRegex(c.Fail, "missing column 'q'"):
            h.need("q", "why")

    def test_another_first_column_is_refused(self):
        with self.assertRaisesRegex(c.Fail, r"^f:1: not a record"):
            c.Header("f", 1, ["label"], ["schema_version"], "a record")


if __name__ == "__main__":
    unittest.main()
