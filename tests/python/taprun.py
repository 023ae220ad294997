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

"""The Python unit tests as TAP: every test_*.py of this directory, run by
unittest with scripts/ first on the module path, one TAP line per test
method (tests/t6030).  Usage: taprun.py SCRIPTS_DIR [PATTERN]."""

import os
import sys
import time
import traceback
import unittest


class Tap(unittest.TestResult):
    """A TestResult that prints each test's outcome as a TAP line, with
    the failure's traceback as diagnostics."""

    def __init__(self):
        super().__init__()
        self.n = 0

    def _line(self, test, ok, note=""):
        self.n += 1
        name = test.id().replace("#", " ")
        print("%s %d - %s%s" % ("ok" if ok else "not ok", self.n, name,
                                note), flush=True)

    def _diag(self, err):
        for line in "".join(traceback.format_exception(*err)).splitlines():
            print("# " + line)

    def addSuccess(self, test):
        super().addSuccess(test)
        self._line(test, True)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._line(test, False)
        self._diag(err)

    def addError(self, test, err):
        super().addError(test, err)
        self._line(test, False)
        self._diag(err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._line(test, True, " # SKIP " + reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self._line(test, True, " # TODO expected failure")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self._line(test, False, " (unexpected success)")


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.abspath(argv[0]))
    sys.path.insert(0, here)
    pattern = argv[1] if len(argv) > 1 else "test_*.py"
    suite = unittest.defaultTestLoader.discover(here, pattern=pattern,
                                                top_level_dir=here)
    result = Tap()
    t0 = time.monotonic()
    suite.run(result)
    print("1..%d" % result.n)
    print("# %d tests in %.2f s" % (result.n, time.monotonic() - t0))
    return 0 if result.wasSuccessful() and result.n > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
