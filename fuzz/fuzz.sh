#!/bin/sh
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
#
# fuzz.sh: what "make fuzz" does (fuzz/fuzz.am passes the settings in the
# environment).  In fuzz-work/ of the build directory:
#
#  1. build fuzz_cli, the libFuzzer target of the command language
#     (fuzz/fuzz_cli.c), with $FUZZ_CC and $FUZZ_CFLAGS from the sources
#     themselves, not from the libpm_*.a libraries, which the configured
#     compiler built without coverage;
#  2. seed it (fuzz/harvest.sh) and run it for $FUZZ_SECONDS seconds on
#     the corpus kept in fuzz-work/corpus, with the dictionary
#     fuzz/cli.dict; print executions, coverage and corpus size;
#  3. run fuzz/runs.py on $FUZZ_RUNS random configurations ending in
#     small runs of the postmark built here.
#
# Exit status 0 when neither found anything, 1 when one did (a crash,
# sanitizer report, leak, timeout or out-of-memory; the input is kept in
# fuzz-work/artifacts or fuzz-work/runs) or could not run.  Without
# $FUZZ_CC or libFuzzer, steps 1 and 2 are skipped with a message and the
# status stays 0, unless FUZZ_REQUIRE=yes (CI), which makes it 1.

set -u

: "${FUZZ_CC:=clang}"
: "${FUZZ_SECONDS:=60}"
: "${FUZZ_RUNS:=200}"
: "${FUZZ_MAX_LEN:=4096}"
: "${FUZZ_REQUIRE:=no}"
: "${FUZZ_CFLAGS:=-g -O1 -fsanitize=fuzzer,address,undefined}"
: "${srcdir:?}" "${builddir:?}" "${POSTMARK:?}"
: "${FUZZ_CPPFLAGS:=}" "${FUZZ_SOURCES:?}" "${FUZZ_LIBS:=}"

dir=$builddir/fuzz-work
status=0
skipped=

say() { printf 'make fuzz: %s\n' "$*"; }

# skip WHY: no libFuzzer target; fatal only when it is required.
skip() {
	say "fuzz_cli skipped: $*"
	skipped=" (but fuzz_cli was skipped)"
	if [ "$FUZZ_REQUIRE" = yes ]; then
		say "FUZZ_REQUIRE=yes: failing"
		status=1
	fi
}

# libfuzzer: build and run fuzz_cli; sets status.
libfuzzer() {
	if ! command -v "$FUZZ_CC" >/dev/null 2>&1; then
		skip "no $FUZZ_CC (apt-get install clang libclang-rt-14-dev)"
		return
	fi
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
	    '{ return (d == NULL && n > 0); }' >"$dir/probe.c"
	if ! $FUZZ_CC $FUZZ_CFLAGS -o "$dir/probe" "$dir/probe.c" \
	    >"$dir/probe.log" 2>&1; then
		sed 's/^/  /' "$dir/probe.log" | head -5
		skip "$FUZZ_CC cannot link with -fsanitize=fuzzer" \
		    "(apt-get install libclang-rt-14-dev)"
		return
	fi
	rm -f "$dir/probe" "$dir/probe.c" "$dir/probe.log"

	say "building fuzz-work/fuzz_cli with $FUZZ_CC"
	# shellcheck disable=SC2086 # the flags and sources are lists
	if ! $FUZZ_CC $FUZZ_CFLAGS $FUZZ_CPPFLAGS -o "$dir/fuzz_cli" \
	    $FUZZ_SOURCES $FUZZ_LIBS; then
		say "cannot build fuzz_cli"
		status=1
		return
	fi

	sh "$srcdir/fuzz/harvest.sh" "$srcdir" "$dir/seeds" || {
		status=1
		return
	}
	rm -rf "$dir/tmp"
	mkdir -p "$dir/corpus" "$dir/artifacts" "$dir/tmp"
	say "running fuzz_cli for $FUZZ_SECONDS s (log: fuzz-work/fuzz.log)"
	TMPDIR=$dir/tmp "$dir/fuzz_cli" -max_total_time="$FUZZ_SECONDS" \
	    -max_len="$FUZZ_MAX_LEN" -timeout=10 -rss_limit_mb=2048 \
	    -close_fd_mask=3 -print_final_stats=1 \
	    -dict="$srcdir/fuzz/cli.dict" -artifact_prefix="$dir/artifacts/" \
	    "$dir/corpus" "$dir/seeds" </dev/null >"$dir/fuzz.log" 2>&1
	rc=$?
	grep -E '^#[0-9]+.*(INITED|DONE|pulse)' "$dir/fuzz.log" | tail -n 3 |
	    sed 's/^/  /'
	grep -E '^(Done [0-9]+ runs|stat::)' "$dir/fuzz.log" | sed 's/^/  /'
	say "corpus: $(ls "$dir/corpus" | wc -l) inputs in fuzz-work/corpus"
	if [ "$rc" -ne 0 ]; then
		awk '/ERROR|^SUMMARY|^MS: / { p = 1 } p' "$dir/fuzz.log" |
		    head -60 | sed 's/^/  /'
		say "fuzz_cli FAILED (status $rc); the input is in" \
		    "fuzz-work/artifacts:"
		ls "$dir/artifacts" | sed 's/^/  /'
		status=1
		return
	fi
	rmdir "$dir/tmp" 2>/dev/null || {
		say "fuzz_cli left files in fuzz-work/tmp:"
		ls -R "$dir/tmp" | sed 's/^/  /'
		status=1
	}
}

# runs: random configurations that end in runs (fuzz/runs.py).
runs() {
	if ! command -v python3 >/dev/null 2>&1; then
		say "runs.py skipped: no python3"
		return
	fi
	say "running $FUZZ_RUNS random configurations (fuzz/runs.py)"
	# A sanitized postmark: reports abort, leaks count (as in make check).
	ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:${ASAN_OPTIONS:-}" \
	UBSAN_OPTIONS="abort_on_error=1:halt_on_error=1:${UBSAN_OPTIONS:-}" \
	    python3 "$srcdir/fuzz/runs.py" -n "$FUZZ_RUNS" -k "$dir/runs" \
	    "$POSTMARK" || status=1
}

mkdir -p "$dir" || exit 1
libfuzzer
runs
[ "$status" -eq 0 ] && say "nothing found$skipped" || say "FAILED"
exit "$status"
