#!/bin/sh
# t6503: the KVM probe (scripts/postmark_compare/pm_accel.py).  The probe
# guest, which
# enters long mode with paging as a kernel does and then writes QEMU's
# isa-debug-exit port, runs to its end under TCG (so a probe that fails
# under KVM says something about KVM, not about the probe); a QEMU that
# fails, aborts or hangs is no working KVM, with the reason, and then
# TCG is chosen with the warning that the times are the emulator's.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
need_qemu

is "$(py -c 'from postmark_compare import pm_accel
print(pm_accel.run_probe("qemu-system-x86_64", "tcg", "max"))')" None \
    "the probe guest runs to its end under TCG"

# Stand-ins for QEMU: one that fails, one killed by a signal, one that
# hangs (exec, so that the probe's kill ends it).
printf '#!/bin/sh\necho "%s" >&2\nexit 1\n' \
    "qemu: could not access KVM kernel module" >"$T/fails"
printf '#!/bin/sh\nkill -ABRT $$\n' >"$T/aborts"
printf '#!/bin/sh\nexec sleep 60\n' >"$T/hangs"
chmod +x "$T/fails" "$T/aborts" "$T/hangs"
is "$(py -c 'import sys
from postmark_compare import pm_accel
print(pm_accel.run_probe(sys.argv[1], "kvm", "host"))' "$T/fails")" \
    "a test guest under kvm did not finish: QEMU exited with status 1 $(:
    )(qemu: could not access KVM kernel module)" \
    "a QEMU that fails: the reason is its status and last line"
is "$(py -c 'import sys
from postmark_compare import pm_accel
print(pm_accel.run_probe(sys.argv[1], "kvm", "host"))' "$T/aborts")" \
    "a test guest under kvm did not finish: QEMU was killed by SIGABRT" \
    "a QEMU that aborts: the reason names the signal"
is "$(py -c 'import sys
from postmark_compare import pm_accel
print(pm_accel.run_probe(sys.argv[1], "kvm", "host", seconds=1))' \
    "$T/hangs")" "a test guest under kvm did not finish in 1 s" \
    "a QEMU that hangs is given up after the probe's time"

py -c 'import sys
from postmark_compare import pm_accel
accel, cpu, w = pm_accel.choose(sys.argv[1])
print(accel, cpu)
print(w[0] if w else "")' "$T/fails" >"$T/choose"
is "$(head -n 1 "$T/choose")" "tcg max" "without a working KVM: TCG"
case $(tail -n 1 "$T/choose") in
"no working KVM ("*"): QEMU emulates the processor (TCG), so the times $(:
    )are the emulator's, not the kernel's; only ratios between kernels on $(:
    )the same emulator mean something") r=0 ;;
*) r=1; diag "$(tail -n 1 "$T/choose")" ;;
esac
ok $r "with the warning that only ratios on the same emulator mean something"
is "$(py -c 'import sys
from postmark_compare import pm_accel
try:
    pm_accel.choose(sys.argv[1], "kvm")
except ValueError as e:
    print(str(e).split(":")[0])' "$T/fails")" "KVM does not work here" \
    "KVM asked for and not working is an error"

# What this machine has (a fact, not a verdict).
diag "here: $(py -c 'from postmark_compare import pm_accel
a, c, w = pm_accel.choose("qemu-system-x86_64")
print(a, "-", w[0] if w else "KVM works")')"

done_testing
