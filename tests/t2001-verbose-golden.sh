#!/bin/sh
# t2001: the verbose report reproduces PostMark 1.53's layout line for line.
#
# The expected text is the verbatim example of the reference document
# (postmark-reference.md section 6.2, number 2000, transactions 5000, size
# 500 10000, subdirectories 4, seed 42), fed with the same counts and exact
# byte totals (unit_report's "ref62" case: 2 s creation, 3 s transactions,
# 1 s deletion).  Two deliberate differences are applied to the reference
# text before comparing:
#
#  - seconds print "%.2f" (compat-policy: nanosecond clock), so
#    "6 seconds total" is "6.00 seconds total", "3 seconds" "3.00 seconds";
#  - "Creation alone: 2000 files (666 per second)" becomes 1000 per second.
#    The reference took its stamps with time(): the creation phase spanned
#    3 one-second ticks and the deletion 0 ticks, clamped to 1, in a run of
#    6 ticks (3 + 3 + 1 != 6).  No single monotonic timeline reproduces
#    all of those intervals; the consistent one, 2 s of creation, is the
#    one the same configuration's terse line shows (field 5 = 1000.00).
#
# Guards against layout drift (tabs, blank lines, wording), the 1.53
# deleted-count fix, and the scalef thresholds of the Data lines.

. "$srcdir/tests/tap.sh"

unit=$builddir/tests/unit_report
tab=$(printf '\t')

# Reference section 6.2, report part, cat -A style with ^I for TAB.
cat >"$T/ref" <<'REF'
Time:
^I6 seconds total
^I3 seconds of transactions (1666 per second)

Files:
^I4508 created (751 per second)
^I^ICreation alone: 2000 files (666 per second)
^I^IMixed with transactions: 2508 files (836 per second)
^I2444 read (814 per second)
^I2555 appended (851 per second)
^I4508 deleted (751 per second)
^I^IDeletion alone: 2016 files (2016 per second)
^I^IMixed with transactions: 2492 files (830 per second)

Data:
^I14.39 megabytes read (2.40 megabytes per second)
^I27.49 megabytes written (4.58 megabytes per second)
REF
sed -e "s/\^I/$tab/g" \
    -e "s/^\(${tab}[0-9]*\) seconds/\1.00 seconds/" \
    -e 's/Creation alone: 2000 files (666 per second)/Creation alone: 2000 files (1000 per second)/' \
    "$T/ref" >"$T/want"

"$unit" emit verbose ref62 >"$T/got"
ok $? "unit_report emit verbose ref62 exits 0"
same_file "$T/got" "$T/want" "verbose report equals reference section 6.2"

is "$(grep ' read (' "$T/got" | grep bytes)" \
    "${tab}14.39 megabytes read (2.40 megabytes per second)" \
    "Data: 15093547 bytes read over 6 s"
is "$(grep ' written (' "$T/got")" \
    "${tab}27.49 megabytes written (4.58 megabytes per second)" \
    "Data: 28824847 bytes written over 6 s"

# With latencies the classic text is unchanged and the section follows.
"$unit" emit verbose latency >"$T/lat"
head -n "$(wc -l <"$T/want")" "$T/lat" >"$T/lat.head"
same_file "$T/lat.head" "$T/want" "latency section does not alter the classic text"
sed -n "$(($(wc -l <"$T/want") + 1)),\$p" "$T/lat" >"$T/lat.tail"
is "$(sed -n 1,2p "$T/lat.tail")" "
Latency (microseconds):" "blank line, then the latency header"
n=$(grep -c "^${tab}[a-z]* ([a-z]*): *count [0-9]* min [0-9.]* mean [0-9.]* p50 [0-9.]* p90 [0-9.]* p99 [0-9.]* p99.9 [0-9.]* max [0-9.]*\$" "$T/lat.tail")
is "$n" 4 "four well-formed latency lines"

done_testing
