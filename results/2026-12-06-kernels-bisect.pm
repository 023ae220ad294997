# The config of the bisect example (2026-12-06-kernels-bisect.sh,
# results/README.md): the classic configuration's shape at a twentieth
# of its size, a boot's run under a second of the icount clock.
set number 1000
set transactions 2500
set size 500 10000
set seed 42
