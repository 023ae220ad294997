#!/bin/sh
# t8002: set shared true.  Four clients work in the same directories (the
# location and its sK), client i naming its files ci-N: seen from hooks
# between the phases, every name has that form, no two clients' names
# meet, and each client has as many files as it should; the counts of
# every client and of the run equal those of four private clients.
# With one client, shared changes nothing: PostMark's names.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/fault/faultlib.sh"
. "$srcdir/tests/clients/clientlib.sh"
need_python

BASE="set size 500 10000;set number 200;set transactions 600;set seed 3;\
set subdirectories 2;set location L"
mkdir -p "$T/L"

pm_config shared "$BASE;set clients 4;set shared true;\
set hook before transactions cd L && find . -type f | sort >$T/names.txt;\
set hook before deletion cd L && find . -type d | sort >$T/dirs.txt"
pm_run shared
is "$rc" 0 "four shared clients: exit 0"
is "$(tr '\n' ' ' <"$T/dirs.txt")" ". ./s0 ./s1 " \
    "the clients share the location's sK, no cI"
is "$(grep -Evc '^\./s[01]/c[0-3]-[0-9]+$' "$T/names.txt")" 0 \
    "every file is named sK/cI-N"
is "$(sed 's|.*/||' "$T/names.txt" | sort | uniq -d | head -3)" "" \
    "no name is used twice, in any directory"
is "$(sed -E 's|^\./s[01]/(c[0-3])-.*|\1|' "$T/names.txt" | sort |
    uniq -c | awk '{ print $2, $1 }' | tr '\n' ' ')" \
    "c0 200 c1 200 c2 200 c3 200 " \
    "each client created its 200 files"
is "$(find "$T/L" -mindepth 1 | head -3)" "" "nothing left afterwards"

pm_config private "$BASE;set clients 4"
pm_run private
is "$(csv_rows "$T/shared.csv" "client $COUNTS")" \
    "$(csv_rows "$T/private.csv" "client $COUNTS")" \
    "the counts of the run and of each client equal four private clients'"

pm_config one "$BASE;set shared true;\
set hook before deletion cd L && find . -type f | sort | head -3 >$T/one.txt"
pm_run one
is "$rc $(csv_rows "$T/one.csv" client)" "0 all" "one shared client: one row"
is "$(grep -Evc '^\./s[01]/[0-9]+$' "$T/one.txt")" 0 \
    "one client, shared: PostMark's names"
done_testing
