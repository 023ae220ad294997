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
 * The libFuzzer target of the command language, everything up to a run:
 * the input is a file of commands, read by the shell's file reader
 * (pm_shell_file: the line reader, the command table and its prefix
 * finder, every "set" parser, "load" of other files) in check mode, so
 * that "run", "show", "!" and "load" check and never run, write or
 * execute anything.  The configuration the lines leave behind is then
 * formatted by everything that formats one: "show", help and completion
 * on the first line, the CSV header and a record of an empty result in
 * the configured format, CSV and JSON, with the metadata a run would
 * gather for its locations.  All output goes to /dev/null.
 *
 * Each input is checked in a scratch directory (mkdtemp under $TMPDIR)
 * that holds a few files to "load" and a directory to use as a location;
 * the target goes back to the directory it started in afterwards, so
 * that libFuzzer's relative paths work.  Nothing in check mode may
 * create anything there, so it is removed at exit.  Everything is freed
 * after each input: LeakSanitizer is on.
 *
 * Built and run by "make fuzz" (fuzz/fuzz.sh) with clang's
 * -fsanitize=fuzzer,address,undefined.
 */

#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <err.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"

#define FUZZ_NCOMPLETE	64		/* completion candidates kept */

int	 LLVMFuzzerInitialize(int *, char ***);
int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	 fuzz_write(const char *, const char *);
static void	 fuzz_cleanup(void);
static void	 fuzz_complete(const uint8_t *, size_t);

/* The files of the scratch directory: name and contents. */
static const struct {
	const char	*name;
	const char	*text;
} fuzz_files[] = {
	{ "good.pm", "# a good file\nset number 20\nset transactions 50\n"
	    "set size 100 1k\nset location loc\nset report csv\n"
	    "set label a,\"b\"\nrun out.csv\nshow\n" },
	{ "bad.pm", "set number 0\nbogus\nset size 9 3\nload\n" },
	{ "self.pm", "set seed 7\nload self.pm\n" },
	{ "quit.pm", "set read 4k\nquit\nset read nonsense\n" },
	{ "file", "not a directory\n" }
};

static char		 fuzz_dir[] = "pmfuzz.XXXXXX";
static char		*fuzz_path;	/* $TMPDIR/pmfuzz.XXXXXX */
static int		 fuzz_home = -1; /* the directory we started in */
static FILE		*fuzz_null;	/* /dev/null, for every output */
static struct pm_result	*fuzz_result;	/* an empty run's result */

/* Write a file of the scratch directory; exit on failure. */
static void
fuzz_write(const char *name, const char *text)
{
	FILE	*fp;

	if ((fp = fopen(name, "w")) == NULL)
		err(1, "%s/%s", fuzz_path, name);
	if (fputs(text, fp) == EOF || fclose(fp) == EOF)
		err(1, "write %s/%s", fuzz_path, name);
}

/*
 * At exit: remove the scratch directory's files, then the directory,
 * which fails (and says so) if checking created anything.
 */
static void
fuzz_cleanup(void)
{
	size_t	 i;

	if (fuzz_path == NULL || chdir(fuzz_path) == -1)
		return;
	for (i = 0; i < sizeof fuzz_files / sizeof fuzz_files[0]; i++)
		unlink(fuzz_files[i].name);
	rmdir("loc");
	if (fchdir(fuzz_home) == -1 || rmdir(fuzz_path) == -1)
		warn("fuzz_cli: cannot remove %s (checking created a file?)",
		    fuzz_path);
}

/* Once: the scratch directory, /dev/null and an empty result. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char	*tmp;
	size_t		 i;

	(void)argc;
	(void)argv;
	if ((tmp = getenv("TMPDIR")) == NULL || *tmp == '\0')
		tmp = "/tmp";
	if ((fuzz_home = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		err(1, "open .");
	if (chdir(tmp) == -1)
		err(1, "%s", tmp);
	if (mkdtemp(fuzz_dir) == NULL)
		err(1, "mkdtemp %s/%s", tmp, fuzz_dir);
	if ((fuzz_path = realpath(fuzz_dir, NULL)) == NULL)
		err(1, "realpath %s/%s", tmp, fuzz_dir);
	atexit(fuzz_cleanup);
	if (chdir(fuzz_path) == -1)
		err(1, "%s", fuzz_path);
	for (i = 0; i < sizeof fuzz_files / sizeof fuzz_files[0]; i++)
		fuzz_write(fuzz_files[i].name, fuzz_files[i].text);
	if (mkdir("loc", 0700) == -1)
		err(1, "mkdir %s/loc", fuzz_path);
	if (fchdir(fuzz_home) == -1)
		err(1, "fchdir");
	if ((fuzz_null = fopen("/dev/null", "w")) == NULL)
		err(1, "/dev/null");
	fuzz_result = pm_result_new();
	return (0);
}

/*
 * Help and tab completion on the first line of the input: the words
 * before its last blank are the line so far, the rest the word typed.
 */
static void
fuzz_complete(const uint8_t *data, size_t size)
{
	const char	*cand[FUZZ_NCOMPLETE];
	size_t		 clen[FUZZ_NCOMPLETE], len, cut;
	char		*line;

	len = 0;
	while (len < size && data[len] != '\n' && data[len] != '\0')
		len++;
	line = xmalloc(len + 1);
	memcpy(line, data, len);
	line[len] = '\0';
	for (cut = len; cut > 0 && line[cut - 1] != ' ' &&
	    line[cut - 1] != '\t'; cut--)
		continue;
	pm_cmd_help(fuzz_null, line + cut);
	line[cut] = '\0';
	pm_cmd_complete(line, (const char *)data + cut, len - cut, cand, clen,
	    FUZZ_NCOMPLETE);
	free(line);
}

/*
 * One input: check it as a file of commands on a fresh configuration,
 * format that configuration every way, free everything.
 */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pm_shell		 sh;
	struct pm_config	 cfg, copy;
	struct pm_meta		*meta;
	FILE			*fp;
	size_t			 i;

	if (size == 0)
		return (0);		/* fmemopen needs a byte */
	if ((fp = fmemopen((void *)(uintptr_t)data, size, "r")) == NULL)
		err(1, "fmemopen");
	if (chdir(fuzz_path) == -1)
		err(1, "%s", fuzz_path);
	pm_config_init(&cfg);
	memset(&sh, 0, sizeof sh);
	sh.cfg = &cfg;
	sh.check = 1;
	sh.info = fuzz_null;
	(void)pm_shell_file(&sh, fp, "fuzz");
	fclose(fp);

	pm_option_show(fuzz_null, &cfg);
	pm_report_csv_header(fuzz_null);
	meta = pm_meta_new(&cfg);
	fuzz_result->meta = meta;
	pm_report_header(fuzz_null, &cfg);
	pm_report_record(fuzz_null, &cfg, fuzz_result);
	pm_report_csv(fuzz_null, &cfg, fuzz_result);
	pm_report_json(fuzz_null, &cfg, fuzz_result);
	fuzz_result->meta = NULL;
	pm_meta_free(meta);
	pm_config_copy(&copy, &cfg);
	pm_config_free(&copy);
	fuzz_complete(data, size);

	for (i = 0; i < sh.nnotes; i++)
		free(sh.notes[i]);
	free(sh.notes);
	pm_config_free(&cfg);
	if (fchdir(fuzz_home) == -1)
		err(1, "fchdir");
	return (0);
}
