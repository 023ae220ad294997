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

"""csvset.py SRC DST EDIT...: copy the postmark CSV file SRC to DST, the
rows edited, for the tests of postmark-compare (t60xx).  Each EDIT is
FROM=TO:COLUMN=VALUE,...: the rows of label FROM, copied as label TO with
those columns set (TO empty: the label kept); the rows of labels that no
EDIT names are copied as they are, after the edited ones.  Python's csv
module reads and writes the fields, quoted as postmark quotes them."""

import csv
import sys


def main(src, dst, edits):
    with open(src, newline="") as f:
        rows = list(csv.DictReader(f))
    named = set()
    out = []
    for e in edits:
        labels, _, sets = e.partition(":")
        frm, _, to = labels.partition("=")
        named.add(frm)
        cols = dict(s.split("=", 1) for s in sets.split(",") if s)
        for r in rows:
            if r["label"] == frm:
                out.append(dict(r, label=to or frm, **cols))
    out += [r for r in rows if r["label"] not in named]
    with open(dst, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
