# The worked example of postmark-compare kernels on the icount clock
# (results/README.md): the config of the host-clock example beside it
# (2026-12-01-kernels-dir_index.pm), enough files in one directory that
# dir_index matters.
set number 5000
set transactions 5000
set size 500 5000
set seed 42
