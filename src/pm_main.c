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
 * The program: command-line options, the banner, the startup file (the
 * argument, or .pmrc when it exists), then the shell on standard input,
 * and the exit status.  The configuration below is the program's only
 * mutable global; everything else receives it by pointer.
 */

#include "config.h"

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "postmark.h"

#define PM_STARTUP	".pmrc"		/* startup file without an argument */
#define PM_BANNER	"postmark " PACKAGE_VERSION " (PostMark v1.53 compatible)"

static void	 usage(FILE *, int) __attribute__((__noreturn__));
static void	 version(void) __attribute__((__noreturn__));

static struct pm_config pm_cfg;

/* Print the usage (all of it to stdout for --help) and exit. */
static void
usage(FILE *fp, int status)
{
	fprintf(fp, "usage: postmark [--help] [--version] [FILE]\n");
	if (fp == stdout)
		printf("\n"
"Run the PostMark file-system benchmark: read commands from FILE, or from\n"
".pmrc in the current directory when there is no FILE and it exists, then\n"
"from standard input until \"quit\" or end of file.  Type \"help\" for the\n"
"commands.\n"
"\n"
"  -h, --help     display this help and exit\n"
"  -V, --version  output version information and exit\n"
"\n"
"Exit status: 0 if every command succeeded, 1 if a command or run failed,\n"
"2 for a usage error, 130 or 143 if a run was interrupted.\n");
	else
		fprintf(fp, "Try 'postmark --help' for more information.\n");
	exit(status);
}

/* Print the version and exit. */
static void
version(void)
{
	printf(PM_BANNER "\n"
	    "Copyright (c) 2026 The postmark developers.\n"
	    "This is free software under the ISC licence; "
	    "there is NO WARRANTY.\n");
	exit(PM_EXIT_OK);
}

/*
 * Options, banner, startup file, then the shell; the exit status is that of
 * the first failing startup line or of the shell (see HACKING.md).
 */
int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help",	no_argument,	NULL,	'h' },
		{ "version",	no_argument,	NULL,	'V' },
		{ NULL,		0,		NULL,	0 }
	};
	const char	*path;
	FILE		*fp;
	int		 ch, rv, status;

	while ((ch = getopt_long(argc, argv, "+hV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			usage(stdout, PM_EXIT_OK);
		case 'V':
			version();
		default:
			usage(stderr, PM_EXIT_USAGE);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc > 1) {
		warnx("too many arguments");
		usage(stderr, PM_EXIT_USAGE);
	}

	puts(PM_BANNER);
	pm_config_init(&pm_cfg);

	path = argc == 1 ? argv[0] : PM_STARTUP;
	if ((fp = fopen(path, "r")) == NULL) {
		if (argc == 1 || errno != ENOENT) {
			fflush(stdout);
			err(PM_EXIT_FAIL, "%s", path);
		}
	} else {
		rv = pm_cli_file(&pm_cfg, fp, path);
		fclose(fp);
		if (rv != 0) {
			pm_config_free(&pm_cfg);
			return (rv < 0 ? PM_EXIT_FAIL : PM_EXIT_OK);
		}
	}

	status = pm_cli_loop(&pm_cfg);
	pm_config_free(&pm_cfg);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warn("stdout");
		status = PM_EXIT_FAIL;
	}
	return (status);
}
