# The worked example of postmark-compare kernels (results/README.md):
# enough files in one directory that dir_index matters, small enough to
# finish under TCG.
set number 5000
set transactions 5000
set size 500 5000
set seed 42
