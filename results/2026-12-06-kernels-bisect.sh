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
# The worked example of a bisect with postmark-compare kernels --gate
# (results/README.md): a git repository of seven commits, each naming a
# kernel image, the disk's mkfs options and the kernel's command line, as
# the commits of a kernel tree would build them:
#
#   c1  6.1.0-56 (the good kernel)
#   c2  6.1.0-57
#   c3  a kernel image cut short (a step that did not build)
#   c4  6.1.0-57, quiet
#   c5  6.1.0-57, quiet slub_debug=FZPU init_on_alloc=1 init_on_free=1
#   c6  the same, loglevel=4
#   c7  the same, loglevel=5
#
# c5 is the regression: checks on every slab object and zeroing of every
# page allocated and freed.  git bisect run gates each step's kernel
# against the good one (6.1.0-56 as c1 has it) with --gate
# 'transactions/s -5%', n = 3, on the default clock (icount under TCG),
# with the config 2026-12-06-kernels-bisect.pm beside this script.
#
# Usage: results/2026-12-06-kernels-bisect.sh KERNELS
# where KERNELS/56 and KERNELS/57 hold Debian's
# linux-image-6.1.0-56-cloud-amd64-unsigned and -57 unpacked with
# dpkg-deb -x (never installed); postmark is $POSTMARK (a build's, with
# its guest/pm_init).  Prints the bisect's log, each step's verdict and
# the wall time; the scratch directory (mktemp -d) is removed on exit.

set -u
here=$(cd "$(dirname -- "$0")" && pwd) || exit 1
compare=$here/../scripts/compare.sh
cfg=$here/2026-12-06-kernels-bisect.pm
[ $# -eq 1 ] || { echo "usage: $0 KERNELS" >&2; exit 2; }
k=$(cd "$1" && pwd) || exit 1
v=6.1.0
k56=$k/56/boot/vmlinuz-$v-56-cloud-amd64:$k/56/lib/modules/$v-56-cloud-amd64
k57=$k/57/boot/vmlinuz-$v-57-cloud-amd64:$k/57/lib/modules/$v-57-cloud-amd64
d=$(mktemp -d "${TMPDIR:-/tmp}/kernels-bisect.XXXXXX") || exit 1
trap 'rm -rf "$d"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
head -c 1048576 "${k57%%:*}" >"$d/cut-vmlinuz"

# The step: this commit's kernel, disk and command line against the good
# kernel, its rows in a CSV file of its own.
cat >"$d/gate.sh" <<EOF
#!/bin/sh
cmdline=\$(cat cmdline)
exec sh "$compare" kernels -n 3 --seed 1 --no-plot \\
    -o "$d/step-\$(git log -1 --format=%s).csv" \\
    --gate 'transactions/s -5%' --mkfs-options "\$(cat mkfs)" \\
    \${cmdline:+--cmdline "test=\$cmdline"} "$cfg" \\
    good="$k56" test="\$(cat kernel)"
EOF

mkdir "$d/repo" && cd "$d/repo" || exit 1
export GIT_AUTHOR_NAME=example GIT_AUTHOR_EMAIL=example@example.org
export GIT_COMMITTER_NAME=example GIT_COMMITTER_EMAIL=example@example.org
git init -q . && git config commit.gpgsign false || exit 1
# commit SUBJECT KERNEL CMDLINE
commit() {
	echo "$2" >kernel
	echo '-O dir_index' >mkfs
	echo "$3" >cmdline
	git add kernel mkfs cmdline && git commit -q -m "$1"
}
commit c1 "$k56" ''
commit c2 "$k57" ''
commit c3 "$d/cut-vmlinuz" ''
commit c4 "$k57" 'quiet'
slow='slub_debug=FZPU init_on_alloc=1 init_on_free=1'
commit c5 "$k57" "quiet $slow"
commit c6 "$k57" "quiet $slow loglevel=4"
commit c7 "$k57" "quiet $slow loglevel=5"

echo "bisect: $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d ' ' -f 1 \
    /proc/loadavg), $(nproc) processors"
t0=$(date +%s)
top=$(git rev-parse HEAD)
git bisect start HEAD HEAD~6 >/dev/null
git bisect run sh "$d/gate.sh" >"$d/bisect.out" 2>"$d/bisect.err"
st=$?
t1=$(date +%s)
echo "git bisect run's answer:"
grep -A 3 -E 'is the first bad commit|could be any of' "$d/bisect.out" |
    sed 's/^/  /'
echo "the commits:"
git log --format='%h %s' "$top" | sed 's/^/  /'
echo "the steps (git bisect log):"
git bisect log | sed -n 's/^# \(good\|bad\|skip\): \[[0-9a-f]*\] /  \1: /p'
echo "the gate's verdicts, and the first error of a step that failed:"
awk '/^compare.sh: clock: / && !c++ { print "  " $0 }
    /^compare.sh: [^ ]*: error: / && !e++ { print "  " $0 }
    /^compare.sh: gate: / { print "  " $0; e = 0 }' "$d/bisect.err"
echo "git bisect run: exit $st, $((t1 - t0)) s, load $(cut -d ' ' -f 1 \
    /proc/loadavg) at the end"
