Files of a run: the table, the directory handles, the I/O path

This file explains src/pm_workload.c's file table, src/pm_dirs.c,
src/pm_strict.c and src/pm_io.c: why a run reaches its files as it does.
What PostMark does is ../shared/docs/postmark-reference.md; the strace
tests (tests/diff/handles.awk maps our calls to PostMark's paths) prove
the calls are PostMark's, call for call.


1. The file table

The random generator's call order, slot allocation, picks, names and
contents are exactly PostMark's.  The table is 16 bytes per slot: size,
name number, location index, subdirectory index.  A hierarchical
free-slot bitmap finds the lowest free slot without rescanning the table,
and its level 0 (a bit per slot, set exactly when the size is not 0)
answers PICK_USED's "is this slot live" for each draw: 1/128 of the table
to miss the cache in, instead of the table itself.


2. Directory handles

Each location is opened once (O_DIRECTORY | O_NOFOLLOW: a symbolic link
is refused), each sK right after its mkdirat; every file operation is an
openat or unlinkat relative to a handle, with O_NOFOLLOW.  A renamed
directory is followed; a link in its place is never entered.  Two
locations that are one directory (same device and inode) share handles.
An sK is removed only if the name still refers to the directory made
(device and inode kept); one renamed within its location is found and
removed; one still holding another location's subdirectories is removed
in a second pass.  The soft limit of open files is raised towards the
hard one when a run holds many handles.

The directory code (pm_dirs.h) takes a struct pm_dirctx, not a client:
the configuration it reads (locations, set strictmodes, the block sizes),
the prefix of file names in its messages, where its first failure goes (a
struct pm_error *) and the stop flag it raises and checks.  Each client
has one (its result's error, the group's flag) for its cI, sK and a
shifted rank's directories; the group has one (the run's error, the same
flag) for the locations, their shared sK and the rank's rR, so that a
failure there is the run's and names no client.


3. set strictmodes

Handles stop symbolic links, not renames or hard links: whoever may write
in a directory can put a file of theirs under one of the run's names
between two operations.  So with set strictmodes true (the default) each
directory handle is checked once, by the fstat that follows its open
(pm_dir_strict: locations, rR, cI, sK, made or adopted): it is refused
when a user other than us and root owns it, or group or others may write
in it and it is not sticky (a user private group, named as the user with
no other member, as with umask 002, does not count).  pm_dirs_exposure
says why, for the engine's error and for pm_run_check, which refuses the
same locations in a file of commands before anything runs.

No system call is added to the operations, and none between PostMark's
mkdir calls: geteuid is asked once per pm_dirs_open, and a directory the
run made is its own (the strace tests compare that window call for call).


4. Buffered I/O: glibc's stdio reproduced

PostMark used fopen; a FILE cannot be opened relative to a directory
handle without an extra system call per file (fdopen's fcntl).  So
pm_io.c reproduces glibc stdio's buffering: a buffer of st_blksize (at
most 8192) set up at the first transfer after fstat, whole blocks written
or read straight from the caller, a zero-byte piece no call; an append
lseeks to the end as fopen("a") does, but never creates.

Nothing is copied that the kernel does not see.  A file's pieces are
consecutive slices of the source from its start, so what a write holds
back is the slice that ends where the next piece begins, kept as a
pointer and a count and written from the source (same sizes, same
bytes); what a read takes from the buffer is counted, not copied out
(same read(2) calls).  What this saved is in bench/README.md (limit.sh).


5. The I/O method and checked transfers

The I/O method (struct pm_io_method: the open flags of create and append,
the append's lseek, and one call per file that makes the calls of its
pieces) is chosen once, in pm_io_init; buffered and raw are its two
instances.

Every transfer is checked: one system call when it moves the whole piece
(no loop on the common path), else pm_atomicio(fn, fd, buf, n), whose
system call is a parameter as in OpenSSH's atomicio, goes on after a
partial count or EINTR, and 0 is a short write or an early end; where
stdio makes one call, one read(2).  Bytes counted are bytes the system
calls moved.

Creates use O_EXCL.  A failure stops the run with {op, path, errno}
("open L/s3/12: File exists"); every file and sK this run created is
removed, and the status is 1.
