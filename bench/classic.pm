# classic.pm: PostMark's classic configuration, the workload of the
# directory-hashing comparisons (FreeBSD's dirhash in PostMark's report,
# ext4's dir_index in results/README.md): 20000 files of 500 to 10000
# bytes, 50000 transactions, seed 42, PostMark's defaults otherwise.
#
# Only `set' lines: whoever runs it adds the location, the report and the
# run (postmark-compare and scripts/dirindex-demo.sh do), and may set a
# smaller number or fewer transactions after it (the bench scripts and
# tests do).  Installed as an example in the package data directory.
set number 20000
set transactions 50000
set size 500 10000
set seed 42
