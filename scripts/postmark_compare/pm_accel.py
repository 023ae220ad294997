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
"""pm_accel.py: whether KVM works here, found out for real.

A /dev/kvm that opens is not a KVM that runs: under some hypervisors it
creates virtual machines and then cannot enter long mode, or QEMU cannot
set the host CPU's registers.  So the probe boots QEMU itself, with KVM
and the processor model of a real boot (-cpu host), on a 16 KiB guest
made here: a multiboot image whose code turns on paging and long mode,
as every x86-64 kernel does first, and writes to QEMU's isa-debug-exit
port, which ends QEMU with status 99.  Anything else within the time
allowed (an error, an abort, a hang) means KVM does not work, and the
reason is kept for the warning.
"""

import os
import signal
import struct
import subprocess
import tempfile

PROBE_STATUS = 99          # isa-debug-exit: (0x31 << 1) | 1
PROBE_SECONDS = 20         # a working KVM answers in well under a second

_cache = {}


def probe_image():
    """The probe guest: multiboot header (a.out kludge, loaded at 1 MiB),
    GDT with a 64-bit code segment, page tables mapping the first 2 MiB,
    and the code: PAE, CR3, EFER.LME, paging, a far jump to 64-bit code,
    out 0xf4 <- 0x31, hlt."""
    load, magic, flags = 0x100000, 0x1BADB002, 0x00010000
    entry32 = load + 0x40
    code = bytes.fromhex(
        "0f20e0" "83c820" "0f22e0"              # cr4 |= PAE
        "b800101000" "0f22d8"                   # cr3 = 0x101000
        "b9800000c0" "0f32" "0d00010000" "0f30"  # EFER |= LME
        "0f011538001000"                        # lgdt [0x100038]
        "0f20c0" "0d01000080" "0f22c0")         # cr0 |= PG | PE
    entry64 = entry32 + len(code) + 7
    code += b"\xea" + struct.pack("<IH", entry64, 8)   # jmp 8:entry64
    code += bytes.fromhex("b031" "e6f4" "f4ebfd")      # out; hlt loop
    img = bytearray(0x4000)
    img[0:32] = struct.pack("<8I", magic, flags, -(magic + flags) & 0xffffffff,
                            load, load, 0, 0, entry32)
    img[0x20:0x38] = struct.pack("<3Q", 0, 0x00AF9A000000FFFF,
                                 0x00CF92000000FFFF)
    img[0x38:0x3e] = struct.pack("<HI", 23, load + 0x20)
    img[0x40:0x40 + len(code)] = code
    struct.pack_into("<Q", img, 0x1000, 0x102003)      # PML4 -> PDPT
    struct.pack_into("<Q", img, 0x2000, 0x103003)      # PDPT -> PD
    struct.pack_into("<Q", img, 0x3000, 0x83)          # 2 MiB page at 0
    return bytes(img)


def probe_argv(qemu, accel, cpu, image):
    """The QEMU command that runs the probe image."""
    return [qemu, "-accel", accel, "-cpu", cpu, "-M", "pc", "-m", "16",
            "-nodefaults", "-no-user-config", "-display", "none",
            "-no-reboot", "-device", "isa-debug-exit,iobase=0xf4,iosize=0x01",
            "-kernel", image]


def run_probe(qemu, accel, cpu, seconds=PROBE_SECONDS):
    """None when QEMU with ACCEL and CPU ran the probe to its end, else
    why not."""
    with tempfile.TemporaryDirectory(prefix="pm_accel.") as d:
        image = os.path.join(d, "probe.bin")
        with open(image, "wb") as f:
            f.write(probe_image())
        try:
            p = subprocess.run(probe_argv(qemu, accel, cpu, image),
                               stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=seconds)
        except subprocess.TimeoutExpired:
            return "a test guest under %s did not finish in %d s" % (
                accel, seconds)
        except OSError as e:
            return "%s: %s" % (qemu, e.strerror)
    if p.returncode == PROBE_STATUS:
        return None
    lines = p.stdout.decode("utf-8", "replace").strip().splitlines()
    if p.returncode < 0:
        how = "QEMU was killed by %s" % signal.Signals(-p.returncode).name
    else:
        how = "QEMU exited with status %d" % p.returncode
    return "a test guest under %s did not finish: %s%s" % (
        accel, how, " (" + lines[-1] + ")" if lines else "")


def kvm_device(path="/dev/kvm"):
    """None when PATH opens for reading and writing, else why not."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    except OSError as e:
        return "%s: %s" % (path, e.strerror)
    os.close(fd)
    return None


def choose(qemu, want="auto"):
    """(accelerator, -cpu model, warnings) for WANT: auto (KVM when the
    probe passes, else TCG with a warning), kvm (an error when it does
    not work: ValueError) or tcg.  Probed once per QEMU."""
    if want == "tcg":
        return "tcg", "max", [tcg_warning("TCG was asked for")]
    if qemu not in _cache:
        _cache[qemu] = kvm_device() or run_probe(qemu, "kvm", "host")
    why = _cache[qemu]
    if why is None:
        return "kvm", "host", []
    if want == "kvm":
        raise ValueError("KVM does not work here: %s" % why)
    return "tcg", "max", [tcg_warning("no working KVM (%s)" % why)]


def tcg_warning(why):
    """The warning every record made under emulation carries."""
    return ("%s: QEMU emulates the processor (TCG), so the times are the "
            "emulator's, not the kernel's; only ratios between kernels on "
            "the same emulator mean something" % why)
