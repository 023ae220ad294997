/*
 * Copyright (c) 2026 The postmark developers.
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

/*
 * The program: command-line options, the startup file (the argument, or
 * .pmrc when it exists and is safe to run), then the shell on standard
 * input, and the exit status.  This is the only place that ends the
 * process: commands return a status (enum pm_cmd_status), and an
 * interrupted run's, with its signal in the shell, becomes 128 + the
 * signal here only (exit_status).  The configuration below is the program's only
 * mutable global; everything else receives it by pointer.
 */

#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"
#include "pm_columns.h"
#include "pm_mpi.h"

#define PM_STARTUP	".pmrc"		/* startup file without an argument */
#define PM_BANNER	"postmark " PACKAGE_VERSION " (PostMark v1.53 compatible)"

static void	 usage(FILE *, int) __attribute__((__noreturn__));
static void	 version(void) __attribute__((__noreturn__));
static void	 columns(int, char **) __attribute__((__noreturn__));
static FILE	*open_startup(const char *, int);
static int	 startup_safe(FILE *, const char *);
static FILE	*open_ranks(const char *, char **);
static const char *options(int, char **);
static int	 exit_status(enum pm_cmd_status, const struct pm_shell *);

static struct pm_config pm_cfg;

/* What the MPI transport asks of the engine (pm_mpi.h). */
static const struct pm_mpi_engine pm_mpi_engine = {
	.signal = pm_workload_signal,
	.thread_signals = pm_thread_signals
};

/* Print the usage (all of it to stdout for --help) and exit. */
static void
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: postmark [--help] [--version] [FILE]\n"
	    "       postmark --columns [records|intervals]\n");
	if (fp == stdout)
		printf("\n"
"Run the PostMark file-system benchmark: read commands from FILE (- for\n"
"standard input), or from .pmrc in the current directory when there is no\n"
"FILE and it exists, then from standard input until \"quit\" or end of\n"
"file.  Type \"help\" for the commands.\n"
"\n"
"  -h, --help     display this help and exit\n"
"  -V, --version  output version information and exit\n"
"      --columns  print the columns of the CSV records (or of the interval\n"
"                 series) with their schema, type, unit and role, and exit\n"
"\n"
"Exit status: 0 if every command succeeded, 1 if a command or run failed,\n"
"2 for a usage error, 128 + the signal if a run was interrupted.\n");
	else
		fprintf(fp, "Try 'postmark --help' for more information.\n");
	pm_mpi_end();
	exit(status);
}

/* Print the version and exit. */
static void
version(void)
{
	printf(PM_BANNER "\n"
#ifdef HAVE_MPI
	    "Built with MPI: run it under mpirun for several ranks.\n"
#endif
	    "Copyright (c) 2026 The postmark developers.\n"
	    "This is free software under the ISC licence; "
	    "there is NO WARRANTY.\n");
	pm_mpi_end();
	exit(PM_EXIT_OK);
}

/*
 * --columns [SET]: print the column table of the CSV records, or of the
 * set named by the one argument ("records" or "intervals"), and exit;
 * another argument is a usage error.
 */
static void
columns(int argc, char **argv)
{
	enum pm_colset	 set = PM_COLS_RECORD;
	int		 status = PM_EXIT_OK;

	if (argc > 1) {
		warnx("--columns: too many arguments");
		usage(stderr, PM_EXIT_USAGE);
	}
	if (argc == 1 && pm_columns_set(argv[0], &set) == -1) {
		warnx("--columns: '%s' is neither records nor intervals",
		    argv[0]);
		usage(stderr, PM_EXIT_USAGE);
	}
	if (pm_columns_print(stdout, set) == -1 || fflush(stdout) != 0) {
		warn("stdout");
		status = PM_EXIT_FAIL;
	}
	pm_mpi_end();
	exit(status);
}

/*
 * .pmrc runs commands, shell escapes included: read it only when it is
 * a regular file owned by us (or root) that nobody else may write.
 * Returns 1 when safe, else 0 after a warning that says why.
 */
static int
startup_safe(FILE *fp, const char *path)
{
	struct stat	 st;
	const char	*why = NULL;

	if (fstat(fileno(fp), &st) == -1)
		why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		why = "not a regular file";
	else if (st.st_uid != getuid() && st.st_uid != 0)
		why = "owned by someone else (not you, not root)";
	else if (st.st_mode & (S_IWGRP | S_IWOTH))
		why = "writable by group or others";
	if (why == NULL)
		return (1);
	warnx("%s: not read: %s; it could run any command as you", path,
	    why);
	return (0);
}

/*
 * Open the startup file: the argument (which must exist; "-" is standard
 * input, the name messages give it), or .pmrc when it exists and is
 * safe.  Returns the stream, or NULL when there is none to read; exits 1
 * when the argument cannot be read.
 */
static FILE *
open_startup(const char *path, int given)
{
	FILE	*fp;

	if (given && strcmp(path, "-") == 0)
		return (stdin);
	if ((fp = fopen(path, "r")) == NULL) {
		if (given || errno != ENOENT)
			err(PM_EXIT_FAIL, "%s", path);
		return (NULL);
	}
	if (!given && !startup_safe(fp, path)) {
		fclose(fp);
		return (NULL);
	}
	return (fp);
}

/*
 * Under MPI with several ranks: rank 0 reads the configuration file and
 * sends its text to every rank, so that all run the same commands
 * whatever their file systems hold; only rank 0 prints (the others'
 * standard output and error go to /dev/null: what they have to say
 * reaches rank 0 in the run's result).  Returns the text as a stream
 * (*text to free after it is closed), or exits 1 on every rank when
 * rank 0 cannot read it.
 */
static FILE *
open_ranks(const char *path, char **text)
{
	FILE	*fp;
	long	 len = 0;
	size_t	 cap = 0, n;
	char	*buf = NULL;

	if (pm_mpi_rank() == 0) {
		if ((fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r")) ==
		    NULL)
			len = -errno;
		else {
			do {
				if ((size_t)len + 1 >= cap) {
					cap = cap > 0 ? 2 * cap : 4096;
					buf = xreallocarray(buf, cap, 1);
				}
				n = fread(buf + len, 1, cap - (size_t)len - 1,
				    fp);
				len += (long)n;
			} while (n > 0);
			if (ferror(fp))
				len = -errno;
			if (fp != stdin)
				fclose(fp);
		}
	} else if (freopen("/dev/null", "w", stdout) == NULL ||
	    freopen("/dev/null", "w", stderr) == NULL)
		len = -errno;
	if (pm_mpi_rank() == 0 && buf == NULL)
		buf = xcalloc(1, 1);
	if ((buf = pm_mpi_share(buf, &len)) == NULL || len < 0) {
		errno = (int)-len;
		pm_mpi_end();
		err(PM_EXIT_FAIL, "%s", path);
	}
	*text = buf;
	fp = len > 0 ? fmemopen(buf, (size_t)len, "r") :
	    fopen("/dev/null", "r");
	if (fp == NULL) {
		pm_mpi_end();
		err(PM_EXIT_FAIL, "%s", path);
	}
	return (fp);
}

/*
 * The command-line options: --help, --version and --columns end the
 * program here, and so does a usage error (status 2).  Returns the
 * startup file given, or NULL.
 */
static const char *
options(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help",	no_argument,	NULL,	'h' },
		{ "version",	no_argument,	NULL,	'V' },
		{ "columns",	no_argument,	NULL,	'C' },
		{ NULL,		0,		NULL,	0 }
	};
	int	 ch, cols = 0;

	while ((ch = getopt_long(argc, argv, "+hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			usage(stdout, PM_EXIT_OK);
		case 'V':
			version();
		case 'C':
			cols = 1;
			break;
		default:
			usage(stderr, PM_EXIT_USAGE);
		}
	}
	argc -= optind;
	argv += optind;
	if (cols)
		columns(argc, argv);
	if (argc > 1) {
		warnx("too many arguments");
		usage(stderr, PM_EXIT_USAGE);
	}
	if (pm_mpi_size() > 1 && argc != 1) {
		warnx("%u MPI ranks: give the configuration file",
		    pm_mpi_size());
		pm_mpi_end();
		usage(stderr, PM_EXIT_USAGE);
	}
	return (argc == 1 ? argv[0] : NULL);
}

/*
 * The exit status of the commands read: 0, 1 (a command failed), or
 * 128 + the signal that interrupted a run read from a file (the one
 * place where a signal becomes a number of the shell's).
 */
static int
exit_status(enum pm_cmd_status st, const struct pm_shell *sh)
{
	switch (st) {
	case PM_CMD_OK:
	case PM_CMD_QUIT:
		return (PM_EXIT_OK);
	case PM_CMD_INTERRUPTED:
		return (128 + sh->signo);
	case PM_CMD_ERROR:
		break;
	}
	return (PM_EXIT_FAIL);
}

/*
 * Options, then the startup file, then standard input.  Returns the
 * exit status: 0, 1 (a command failed), 2 (usage), or 128 + the signal
 * that interrupted a run read from a file.
 */
int
main(int argc, char **argv)
{
	struct pm_shell		 sh;
	enum pm_cmd_status	 st = PM_CMD_OK;
	const char		*given, *path;
	char			*text = NULL;
	FILE			*fp;
	int			 status;

	if (pm_mpi_start(&argc, &argv, &pm_mpi_engine) == -1)
		errx(PM_EXIT_FAIL, "MPI could not start");
	given = options(argc, argv);

	pm_config_init(&pm_cfg);
	memset(&sh, 0, sizeof sh);
	sh.cfg = &pm_cfg;
	sh.info = stdout;
	sh.banner = PM_BANNER;

	path = given != NULL ? given : PM_STARTUP;
	fp = pm_mpi_size() > 1 ? open_ranks(path, &text) :
	    open_startup(path, given != NULL);
	if (fp != NULL) {
		st = pm_shell_file(&sh, fp, path);
		if (fp != stdin)
			fclose(fp);
		free(text);
	}
	/* After "postmark -", standard input has been read. */
	if (st == PM_CMD_OK && pm_mpi_size() == 1 && fp != stdin)
		st = pm_shell_loop(&sh);
	status = exit_status(st, &sh);
	pm_config_free(&pm_cfg);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warn("stdout");
		if (status == PM_EXIT_OK)
			status = PM_EXIT_FAIL;
	}
	status = pm_mpi_max(status);
	pm_mpi_end();
	return (status);
}
