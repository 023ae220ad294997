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
 * Adding a "set" key is one row of the option table, and for its record
 * column one row of the column table: this program is built with
 * src/pm_option.c and src/pm_columns.c compiled with
 * -DPM_OPTION_TEST_ROW, which adds the row "set testkey" and its column
 * and nothing else, and checks that the key then appears in help, in
 * completion, in "set" and "show", and in the CSV header and rows and
 * JSON records, with no other change anywhere;
 * and that the table's choices of set report are the reporters' names.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pm_cli.h"
#include "tap.h"

/* What fn printed to a stream, allocated. */
static char *
captured(FILE *fp)
{
	char	*s;
	long	 n;

	fflush(fp);
	n = ftell(fp);
	rewind(fp);
	s = xcalloc(1, (size_t)n + 1);
	if (n > 0 && fread(s, 1, (size_t)n, fp) != (size_t)n)
		s[0] = '\0';
	fclose(fp);
	return (s);
}

/*
 * The 1-based column of name in a CSV header line, or 0.  Header names
 * hold no commas or quotes.
 */
static int
column_of(const char *hdr, const char *name)
{
	const char	*p = hdr, *e;
	size_t		 len = strlen(name);
	int		 col = 1;

	for (;;) {
		e = p + strcspn(p, ",\n");
		if ((size_t)(e - p) == len && strncmp(p, name, len) == 0)
			return (col);
		if (*e != ',')
			return (0);
		p = e + 1;
		col++;
	}
}

/*
 * Field col (1-based) of the first line of a CSV row whose fields before
 * it are not quoted (the row of an unlabelled run without metadata), in
 * a static buffer.
 */
static const char *
field(const char *row, int col)
{
	static char	 buf[256];
	const char	*p = row;
	size_t		 n;

	while (--col > 0 && (p = strchr(p, ',')) != NULL)
		p++;
	if (p == NULL)
		return ("");
	n = strcspn(p, ",\n");
	snprintf(buf, sizeof buf, "%.*s", (int)n, p);
	return (buf);
}

int
main(void)
{
	struct pm_config	 cfg;
	struct pm_shell		 sh;
	struct pm_cmderr	 err = { 0 };
	struct pm_result	*r;
	const struct pm_option	*opts;
	const char		*cand[8];
	size_t			 clen[8], n, nopts, i;
	char			*out, *hdr;
	int			 col, same;
	FILE			*fp;

	pm_config_init(&cfg);
	memset(&sh, 0, sizeof sh);
	sh.cfg = &cfg;

	sh.info = tmpfile();
	pm_cmd_line(&sh, "help set t", &err);
	out = captured(sh.info);
	ok(strstr(out, "set testkey - A key added by one row (tests only)\n") !=
	    NULL, "help lists the new key");
	free(out);

	n = pm_cmd_complete("set ", "te", 2, cand, clen, 8);
	ok(n == 1 && clen[0] == 7 && strncmp(cand[0], "testkey", 7) == 0,
	    "completion offers it");

	ok(pm_cmd_line(&sh, "set testkey 7", &err) == PM_CMD_OK &&
	    cfg.iterations == 7, "set writes its field");
	ok(pm_cmd_line(&sh, "set testkey 100", &err) == PM_CMD_ERROR,
	    "set checks its bounds");
	is_str(err.text, "set testkey: 100 is outside 1..99",
	    "and names the value and the rule");
	pm_cmderr_clear(&err);

	fp = tmpfile();
	pm_option_show(fp, &cfg);
	out = captured(fp);
	ok(strstr(out, "\nTestkey: 7\n") != NULL, "show shows it");
	free(out);

	fp = tmpfile();
	pm_report_csv_header(fp);
	hdr = captured(fp);
	col = column_of(hdr, "testkey");
	ok(col > 0 && col == column_of(hdr, "vm_icount_shift") + 1,
	    "the CSV header has its column after the newest schema's columns");

	r = pm_result_new();
	fp = tmpfile();
	pm_report_csv(fp, &cfg, r);
	out = captured(fp);
	is_str(field(out, col), "7", "a CSV row has its value there");
	free(out);
	free(hdr);
	fp = tmpfile();
	pm_report_json(fp, &cfg, r);
	out = captured(fp);
	ok(strstr(out, "\"testkey\":7}") != NULL, "JSON has it in config");
	free(out);
	pm_result_free(r);

	/*
	 * The report format is a choice like the others, whose names are
	 * the one list of the reporters' names (by enum pm_report_fmt).
	 */
	opts = pm_options(&nopts);
	ok(nopts == PM_NKEYS &&
	    strcmp(opts[PM_KEY_REPORT].name, "set report") == 0 &&
	    opts[PM_KEY_REPORT].choices == pm_report_names,
	    "set report's choices are the reporters' names");
	for (i = 0, same = 1; i < nopts; i++)
		same = same && opts[i].name != NULL &&
		    strncmp(opts[i].name, "set ", 4) == 0;
	ok(same, "every key has its row (no index of enum pm_key left empty)");
	pm_config_free(&cfg);
	return (done_testing());
}
