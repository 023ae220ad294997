#!/bin/sh
#
# Batch mode: startup files, "load" and piped standard input are checked
# whole before any line runs (every bad line reported as "FILE:LINE:
# message", status 1, nothing run) and, once good, fail fast: the first
# failing run stops everything.  Whole
# lines (CRLF, no final newline), comments and blank lines; "quit" in a
# loaded file; the shell escape.  PostMark went on after errors, printed
# "Eh?" for comments and lost the last character of a final line.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99
mkdir w && cd w || exit 99

# run_pm [ARG...] <stdin: sets $rc, out (stdout without banner), err.
run_pm() {
	rc=0
	"$POSTMARK" "$@" >out.raw 2>err || rc=$?
	sed 1d out.raw >out
}

# First failing line: location, status, later lines not run.
printf '%s\n' 'set number 5' '# a comment' '' '   ' '	# indented' \
    'set number 0' '!touch marker' 'show' >cfg
run_pm cfg </dev/null
is "$rc" 1 'startup file error: exit 1'
is "$(cat err)" 'cfg:6: set number: 0 is outside 1..1073741823' \
    'startup file error: FILE:LINE: message'
test -e marker
ok $((! $?)) 'startup file error: later lines do not run'
is "$(cat out)" "Reading configuration from file 'cfg'" \
    'startup file error: nothing else on stdout'

# The error in a startup file also stops before standard input is read.
echo 'show' >in
run_pm cfg <in
is "$rc:$(cat out)" "1:Reading configuration from file 'cfg'" \
    'startup file error: stdin is not read'

# Comments and blank lines are ignored without Eh?.
printf '%s\n' '# comment' '' '#' '  # x' 'set seed 7 ' 'quit' >cfg
run_pm cfg </dev/null
is "$rc:$(cat err)" '0:' 'comments and blank lines: no error'

# CRLF lines.
printf 'set number 77\r\nset seed 5\r\nshow\r\nquit\r\n' >cfg
run_pm cfg </dev/null
is "$rc:$(cat err)" '0:' 'CRLF: no error'
grep -q '^The base number of files is 77$' out
ok $? 'CRLF: the number is set'
grep -q '^Random number generator seed is 5$' out
ok $? 'CRLF: the seed is set'

# A last line without a newline is kept whole (PostMark: seed 12).
printf 'set seed 123' >cfg
printf 'show' >in
run_pm cfg <in
is "$rc:$(cat err)" '0:' 'no final newline: no error'
grep -q '^Random number generator seed is 123$' out
ok $? 'no final newline: last line of the file kept whole'
grep -q '^Current configuration is:$' out
ok $? 'no final newline: last line of stdin kept whole'

# Long lines are not cut.
long=$(printf '%0300d' 0 | tr 0 a)
printf 'set location /tmp/%s 2\nshow\n' "$long" >in
run_pm <in
grep -q "^	/tmp/$long (weight=2)\$" out
ok $? 'a 300-character path is kept whole'

# Piped standard input: no prompt, "-" as the name, fail fast.
printf '%s\n' 'set number 6' 'bogus' 'show' >in
run_pm <in
is "$rc" 1 'piped stdin error: exit 1'
is "$(cat err)" "-:2: unknown command 'bogus'" \
    'piped stdin error: -:LINE: message'
is "$(cat out)" '' 'piped stdin: no prompt, later lines not run'
printf 'show\n' >in
run_pm <in
grep -q 'pm>' out.raw
ok $((! $?)) 'piped stdin: no pm> anywhere'
is "$rc" 0 'piped stdin without error: exit 0'

# A missing location is found by the check, before anything runs.
printf '%s\n' 'set location /nonexistent-pm-dir' 'set number 3' \
    'set transactions 10' 'run' 'show' >in
run_pm <in
is "$rc" 1 'missing location: exit 1'
is "$(cat err)" \
    "-:4: run: location '/nonexistent-pm-dir': No such file or directory" \
    'missing location: found by the check'

# A run line with several problems reports each of them, as a file's
# lines are: its report file, every missing location.
printf '%s\n' 'set location /nonexistent-pm-dir' \
    'set location +/nonexistent-pm-dir2' 'run /nonexistent-pm-dir/r.csv' >in
run_pm <in
is "$rc" 1 'run line with three problems: exit 1'
is "$(cat err)" \
    "-:3: run: cannot write '/nonexistent-pm-dir/r.csv': No such file or directory
-:3: run: location '/nonexistent-pm-dir': No such file or directory
-:3: run: location '/nonexistent-pm-dir2': No such file or directory" \
    'run line with three problems: each reported'

# "postmark -" reads standard input, as the file its messages name "-".
printf '%s\n' 'set number 6' 'bogus' 'show' >in
run_pm - <in
is "$rc:$(cat err)" "1:-:2: unknown command 'bogus'" \
    'postmark -: standard input read and checked as a file'
printf '%s\n' 'set number 6' 'show' >in
run_pm - <in
is "$rc:$(grep -c '^The base number of files is 6$' out)" 0:1 \
    'postmark -: its commands run, once'
grep -q 'Reading configuration' out
ok $((! $?)) 'postmark -: no "Reading configuration" line for standard input'
printf 'show\n' >./-
run_pm ./- </dev/null
is "$rc:$(grep -c '^Current configuration is:$' out)" 0:1 \
    'a file named - is read as ./-'
rm ./-

# Run errors in batch: "postmark: FILE:LINE: cause".
mkdir loc
echo 'not ours' >loc/1
printf '%s\n' 'set location loc' 'set number 3' 'set transactions 10' 'run' \
    'show' >in
run_pm <in
is "$rc" 1 'run error: exit 1'
is "$(cat err)" 'postmark: -:4: open loc/1: File exists' \
    'run error: postmark: -:LINE: cause'
rm -r loc

# load: errors name the loaded file; the loading file stops too.
printf '%s\n' 'set seed 3' 'set seed x' 'set seed 4' >inner
printf '%s\n' 'set number 9' 'load inner' '!touch marker' >cfg
run_pm cfg </dev/null
is "$rc" 1 'error in a loaded file: exit 1'
is "$(cat err)" "inner:2: set seed: 'x' is not a whole number" \
    'error in a loaded file: reported once, with its name'
test -e marker
ok $((! $?)) 'error in a loaded file: the loading file stops'

# load missing and load alone.
echo 'load missing-file' >in
run_pm <in
is "$rc:$(cat err)" \
    "1:-:1: load: cannot read 'missing-file': No such file or directory" \
    'load of a missing file'
echo 'load' >in
run_pm <in
is "$rc:$(cat err)" '1:-:1: load needs a file name' 'load without a file'

# quit in a loaded file ends that file only, as in PostMark.
printf '%s\n' 'set seed 7' 'quit' 'set seed 9' >inner
printf '%s\n' 'load inner' 'set number 8' 'show' >in
run_pm <in
is "$rc:$(cat err)" '0:' 'quit in a loaded file: no error'
grep -q '^Random number generator seed is 7$' out
ok $? 'quit in a loaded file: lines after quit do not run'
grep -q '^The base number of files is 8$' out
ok $? 'quit in a loaded file: the loading input goes on'
grep -q "^Reading configuration from file 'inner'\$" out
ok $? "load prints PostMark's Reading line"

# quit in the startup file: exit 0 without reading stdin.
printf '%s\n' 'set seed 2' 'quit' >cfg
echo 'bogus' >in
run_pm cfg <in
is "$rc:$(cat err)" '0:' 'quit in the startup file: stdin is not read'

# load nests at most 16 deep; the check finds it before anything runs.
echo 'load self' >self
echo 'load self' >in
run_pm <in
is "$rc" 1 'endless load: exit 1'
is "$(cat err)" \
    "self:1: load: cannot load 'self': more than 16 files nested" \
    'endless load: stopped at the limit'
is "$(grep -c '^Reading configuration' out)" 0 \
    'endless load: found by the check, nothing read for running'

# Every bad line of a file is reported at once, and nothing runs: a typo
# on line 40 must not surface after a long run on line 39.
printf '%s\n' 'set number 5' 'set numbr 6' '!touch marker' 'set seed x' \
    'run' 'set size 9 1' 'run' >cfg
run_pm cfg </dev/null
is "$rc" 1 'several errors: exit 1'
is "$(cat err)" "cfg:2: unknown key 'numbr' after 'set'
cfg:4: set seed: 'x' is not a whole number
cfg:6: set size: low bound 9 is above high bound 1" \
    'several errors: each reported, in order'
test -e marker
ok $((! $?)) 'several errors: nothing ran, not even the escape'
is "$(cat out)" "Reading configuration from file 'cfg'" \
    'several errors: no run started'

# Shell escape: the command, or $SHELL alone; its status is ignored.
printf '%s\n' '!echo hello >escaped' '!false' 'set seed 11' >in
run_pm <in
is "$rc:$(cat err)" '0:' 'shell escape: no error, status ignored'
is "$(cat escaped)" hello 'shell escape: the command ran'
printf '#!/bin/sh\ntouch shell-ran\n' >fake-shell
chmod +x fake-shell
echo '!' >in
SHELL=$PWD/fake-shell; export SHELL
run_pm <in
test -e shell-ran
ok $? '! alone runs $SHELL'

# No file of its own is left behind.
rm -f cfg inner self escaped fake-shell shell-ran in out out.raw err
is "$(ls -A)" '' 'nothing created by the commands'

done_testing
