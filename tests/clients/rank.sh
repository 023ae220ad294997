#!/bin/sh
# tests/clients/rank.sh DIR PROGRAM ARGS...: run PROGRAM as one MPI rank
# R (Open MPI's OMPI_COMM_WORLD_RANK, or PMI_RANK), with its standard
# error in DIR/rankR.err; DIR/rankR.pid holds its process id (to signal
# it), DIR/rankR.rc its exit status once it ended, which rank.sh
# returns.
d=$1
shift
r=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-0}}
sh -c 'echo $$ >"$0.tmp" && mv "$0.tmp" "$0" && exec "$@"' \
    "$d/rank$r.pid" "$@" 2>"$d/rank$r.err"
rc=$?
echo "$rc" >"$d/rank$r.rc.tmp" && mv "$d/rank$r.rc.tmp" "$d/rank$r.rc"
exit "$rc"
