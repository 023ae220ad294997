#!/bin/sh
# t6500: the guest's record frames (guest/pm_frame.c, written by
# guest/pm_frametest) are read back by the host
# (scripts/postmark_compare/pm_frame.py)
# byte for byte, through what a serial line and a console do to them (CR
# before LF, NULs, kernel messages between the lines), and a frame that
# lost or changed a byte, or has no end, is reported and never taken.
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/kernels/lib.sh"
need_python
need_built "$FRAMETEST"

# read FILE: the frames in FILE as "KIND SHA256" lines, then the problems.
read_frames() {
	py - "$1" <<'PY'
import hashlib, sys
from postmark_compare import pm_frame
frames, problems = pm_frame.read_frames(open(sys.argv[1], "rb").read())
for kind, payload in frames:
    print(kind, hashlib.sha256(payload).hexdigest())
for p in problems:
    print("problem:", p)
PY
}
sha() { sha256sum <"$1" | cut -d' ' -f1; }

# The CRC-32 check value of the standard (IEEE 802.3, zlib's).
printf 123456789 >"$T/check"
is "$("$FRAMETEST" --crc <"$T/check")" cbf43926 \
    "CRC-32 of '123456789' is the standard's check value cbf43926"

# Lengths around base64's groups of 3 and the 57-byte lines, and binary.
for n in 0 1 2 3 56 57 58 114 1000; do
	head -c "$n" /dev/urandom >"$T/p$n"
	"$FRAMETEST" csv <"$T/p$n" >"$T/f$n"
	is "$(read_frames "$T/f$n")" "csv $(sha "$T/p$n")" \
	    "a payload of $n bytes comes back as it was"
done
awk 'length > 76 && !/^@@/' "$T/f1000" >"$T/long"
is "$(wc -l <"$T/long" | tr -d ' ')" 0 "no base64 line is over 76 characters"
is "$(LC_ALL=C tr -d '\n -~' <"$T/f1000" | wc -c | tr -d ' ')" 0 \
    "a frame holds printable ASCII and line feeds only"

# What a tty and the console do: CR LF, NULs, kernel messages in between.
head -c 5000 /dev/urandom >"$T/p"
{ "$FRAMETEST" stderr </dev/null; "$FRAMETEST" csv <"$T/p";
  printf 'disk full\n' | "$FRAMETEST" error; } >"$T/f"
awk '{ printf "%s\r\n", $0
       if (NR % 3 == 0) printf "[    4.%06d] virtio_blk virtio0: [vda]\r\n", NR
       if (NR % 5 == 0) printf "\0\0" }' "$T/f" >"$T/mangled"
is "$(read_frames "$T/mangled")" "stderr $(sha /dev/null)
csv $(sha "$T/p")
error $(printf 'disk full\n' | sha256sum | cut -d' ' -f1)" \
    "three frames survive CR LF, NULs and kernel lines between their lines"

# A changed character: the checksum (or the length) tells.
awk 'NR == 4 { $0 = (substr($0, 1, 1) == "A" ? "B" : "A") substr($0, 2) }
     { print }' "$T/f1000" >"$T/bad"
case $(read_frames "$T/bad") in
"problem: csv frame: CRC-32 "*) r=0 ;;
*) r=1; read_frames "$T/bad" | diag ;;
esac
ok $r "a changed character fails the CRC-32 and gives no frame"

# A kernel message inside a line: the line is not the frame's any more.
awk 'NR == 5 { $0 = substr($0, 1, 30) "[    5.1] EXT4-fs (vda): mounted" \
     substr($0, 31) } { print }' "$T/f1000" >"$T/cut"
case $(read_frames "$T/cut") in
"problem: csv frame: "*" bytes decoded, its header says 1000") r=0 ;;
*) r=1; read_frames "$T/cut" | diag ;;
esac
ok $r "a kernel message inside a line loses that line: length error, no frame"

# No end marker: the guest stopped while sending.
grep -v '^@@PM-END' "$T/f1000" >"$T/trunc"
is "$(read_frames "$T/trunc")" \
    "problem: csv frame: no end marker (the guest stopped while sending it)" \
    "a frame without its end is reported, not taken"

done_testing
