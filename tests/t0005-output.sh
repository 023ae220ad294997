#!/bin/sh
#
# Output files of show and run: "show FILE" appends every line to FILE,
# the location lines included (PostMark wrote those to stdout), and a FILE
# that cannot be opened fails the command before anything is shown or run
# (PostMark fell back to stdout, after running).  Also the additions in
# show: label and iterations only when set.

. "$srcdir/tests/tap.sh"

cd "$T" || exit 99

pm() {
	rc=0
	"$POSTMARK" "$@" >out 2>err || rc=$?
}

printf '%s\n' 'set location /tmp/pm-a 2' 'set location +/tmp/pm-b' \
    'show shown' 'show shown' >in
pm <in
is "$rc:$(cat err)" '0:' 'show FILE: no error'
is "$(sed 1d out)" '' 'show FILE: nothing on stdout'
is "$(grep -c '^Current configuration is:$' shown)" 2 'show FILE: appends'
is "$(grep -c '^	/tmp/pm-[ab] (weight=[12])$' shown)" 4 \
    'show FILE: location lines go to FILE'
is "$(sed -n 5,7p shown)" 'Working directories: 
	/tmp/pm-a (weight=2)
	/tmp/pm-b (weight=1)' 'show FILE: PostMark layout'

printf '%s\n' 'show /nonexistent-pm-dir/x' 'show' >in
pm <in
is "$rc" 1 'show to an unopenable FILE: exit 1'
is "$(cat err)" \
    "-:1: show: cannot write '/nonexistent-pm-dir/x': No such file or directory" \
    'show to an unopenable FILE: message'
is "$(sed 1d out)" '' 'show to an unopenable FILE: nothing shown'

# run to an unopenable FILE runs nothing: no progress text, no files.
mkdir w
printf '%s\n' 'set location w' 'set number 5' 'set transactions 10' \
    'run /nonexistent-pm-dir/report' >in
pm <in
is "$rc" 1 'run to an unopenable FILE: exit 1'
is "$(cat err)" \
    "-:4: run: cannot write '/nonexistent-pm-dir/report': No such file or\
 directory" \
    'run to an unopenable FILE: message'
is "$(sed 1d out)" '' 'run to an unopenable FILE: nothing runs'
is "$(ls -A w)" '' 'run to an unopenable FILE: no file created'

# A report file named as the run names its files ("run 1") in a location
# is refused before anything is created (the run would meet it).
printf '%s\n' 'set number 5' 'set transactions 10' 'run 1' >in
pm <in
is "$rc" 1 'run 1 in the location: exit 1'
is "$(cat err)" "-:3: run: report file '1' is the name of a file the run\
 makes in location '.': choose another name" \
    'run 1 in the location: the message says why'
test -e 1
ok $((! $?)) 'run 1 in the location: no report file, no run file'

# Additions show only when used, after the report line.
printf '%s\n' 'set label ext4 run 1' 'set iterations 3' 'set report csv' \
    'show' 'set label' 'set iterations 1' 'set report verbose' 'show' >in
pm <in
is "$(sed -n '/^Report format/,$p' out | sed -n 1,4p)" 'Report format is csv.
Label: ext4 run 1
Iterations: 3
Current configuration is:' 'show: label and iterations after the report'
is "$(tail -n 1 out)" 'Report format is verbose.' \
    'show: unset additions print nothing'

done_testing
