#!/bin/sh
# t6512-kernels-bisect: git bisect run with postmark-compare kernels
# --gate finds the commit that made a kernel slower, end to end.  A git
# repository of five commits, each naming a kernel image, the disk's mkfs
# options and the kernel's command line (one file each), as a kernel tree
# would build them; the third adds init_on_free=1 (the kernel zeroes
# every page it frees: some 8 % fewer transactions per second on this
# pool) and the later ones keep it.  Each bisect step gates the commit's
# kernel against the good one (the same Debian image without the option,
# fetched with apt-get download, never installed), n = 3, on the icount
# clock under TCG; the bisect names the third commit.  Two steps, twelve
# small boots; each boot's time limit bounds it.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_kernel
command -v git >/dev/null || skip_all "no git"
cd "$T" || exit 99

printf 'set number 300\nset transactions 600\nset size 500 10000\n%s\n' \
    'set seed 42' >c.pm
# The step of git bisect run: this commit's kernel, disk and command line
# against the good kernel, each step's rows in a CSV file of its own.
cat >gate.sh <<EOF
#!/bin/sh
cmdline=\$(cat cmdline)
exec sh "$compare" kernels -n 3 --seed 1 --no-plot \\
    -o "$T/step-\$(git rev-parse --short HEAD).csv" \\
    --gate 'transactions/s -2%' --mkfs-options "\$(cat mkfs)" \\
    \${cmdline:+--cmdline "test=\$cmdline"} "$T/c.pm" \\
    good="$KIMAGE:$KMODS" test="\$(cat kernel)"
EOF

mkdir repo
cd repo || exit 99
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org \
    GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
git init -q . && git config commit.gpgsign false || exit 99
# commit SUBJECT CMDLINE: the kernel, the disk and CMDLINE, committed.
commit() {
	echo "$KIMAGE:$KMODS" >kernel
	echo '-O dir_index' >mkfs
	echo "$2" >cmdline
	git add kernel mkfs cmdline && git commit -q -m "$1"
}
commit c1 ''
commit c2 'quiet'
commit c3 'quiet init_on_free=1'
commit c4 'quiet init_on_free=1 loglevel=4'
commit c5 'quiet init_on_free=1 loglevel=5'
bad=$(git rev-parse HEAD~2)

git bisect start HEAD HEAD~4 >/dev/null &&
    TMPDIR=$T/tmp git bisect run sh "$T/gate.sh" >../bisect.out 2>../bisect.err
st=$?
is "$st" 0 "git bisect run ends"
[ "$st" -eq 0 ] || diag "$(tail -n 20 ../bisect.err)"
grep -q "^$bad is the first bad commit" ../bisect.out
r=$?
ok $r "... naming c3, the commit that added init_on_free=1"
[ $r -eq 0 ] || diag "$(cat ../bisect.out)"
grep "^compare.sh: gate: " ../bisect.err | sed 's/^/  /' >../verdicts
diag "verdicts:" "$(cat ../verdicts)"
is "$(grep -c ': exit 1$' ../verdicts):$(grep -c ': exit 0$' ../verdicts)" \
    "1:1" "two steps: c3 bad, c2 good"
grep -q "^compare.sh: clock: icount" ../bisect.err ||
    grep -q "^compare.sh: clock: host (the guest's clock follows the $(:
    )host's under kvm)" ../bisect.err
ok $? "on the icount clock under TCG (the host's under KVM)"
git bisect reset -q
cd "$T" || exit 99
is "$(ls -A tmp)" "" "nothing left in TMPDIR"

done_testing
