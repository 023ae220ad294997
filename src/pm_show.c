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
 * "show": PostMark's lines in its layout (the golden transcripts of the
 * reference binary check them), then a line for each key added to
 * PostMark's whose value is not its default, "Title: VALUE" with VALUE
 * written as "set" takes it (true, not 1; 2.5%; one "Hook:" line per
 * hook, as "set hook" takes it), so that a line can be typed back.  The
 * keys come from the option table (pm_option.c); the kind of a key's
 * value (pm_value.c) says how it is written.
 */

#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pm_cli.h"

static void	 pm_scale(char *, size_t, uint32_t);
static void	 show_postmark(FILE *, const struct pm_config *);
static void	 show_value(FILE *, const struct pm_config *,
		    const struct pm_option *, const char *);

/*
 * Format a size as PostMark's scale() does: megabytes or kilobytes with
 * two decimals computed in float, or bytes.
 */
static void
pm_scale(char *buf, size_t len, uint32_t v)
{
	if (v >= 1048576)
		snprintf(buf, len, "%.2f megabytes",
		    (double)((float)v / 1048576.0f));
	else if (v >= 1024)
		snprintf(buf, len, "%.2f kilobytes",
		    (double)((float)v / 1024.0f));
	else
		snprintf(buf, len, "%u bytes", v);
}

/* PostMark's "show" lines, in its layout (reference §1.6). */
static void
show_postmark(FILE *fp, const struct pm_config *cfg)
{
	char	 a[64], b[64], *cwd;
	size_t	 i;

	fprintf(fp, "Current configuration is:\n");
	fprintf(fp, "The base number of files is %u\n", cfg->number);
	fprintf(fp, "Transactions: %u\n", cfg->transactions);
	pm_scale(a, sizeof a, cfg->size_low);
	pm_scale(b, sizeof b, cfg->size_high);
	if (cfg->size_low != cfg->size_high)
		fprintf(fp, "Files range between %s and %s in size\n", a, b);
	else
		fprintf(fp, "Files are %s in size\n", a);
	if (cfg->nlocations == 0) {
		cwd = getcwd(NULL, 0);
		fprintf(fp, "Working directory: %s\n",
		    cwd != NULL ? cwd : strerror(errno));
		free(cwd);
	} else
		fprintf(fp, "Working director%s: \n",
		    cfg->nlocations == 1 ? "y" : "ies");
	for (i = 0; i < cfg->nlocations; i++)
		fprintf(fp, "\t%s (weight=%u)\n", cfg->locations[i].name,
		    cfg->locations[i].weight);
	if (cfg->subdirs == 1)
		fprintf(fp, "1 subdirectory will be used\n");
	else if (cfg->subdirs > 1)
		fprintf(fp, "%u subdirectories will be used\n", cfg->subdirs);
	pm_scale(a, sizeof a, cfg->read_block);
	pm_scale(b, sizeof b, cfg->write_block);
	fprintf(fp, "Block sizes are: read=%s, write=%s\n", a, b);
	fprintf(fp, "Biases are: read/append=%d, create/delete=%d\n",
	    cfg->bias_read, cfg->bias_create);
	fprintf(fp, "%s Unix buffered file I/O\n",
	    cfg->buffering ? "Using" : "Not using");
	fprintf(fp, "Random number generator seed is %u\n", cfg->seed);
	fprintf(fp, "Report format is %s.\n", pm_report_names[cfg->report]);
}

/*
 * The show lines of key opt, not at its default (v: its print text):
 * "Title: VALUE", VALUE as "set" takes it (true, 2.5%), or for hooks a
 * line per hook set, "Hook: before run COMMAND", in their order.
 */
static void
show_value(FILE *fp, const struct pm_config *cfg, const struct pm_option *opt,
    const char *v)
{
	int	 w, p;

	switch (opt->type) {
	case PM_V_BOOL:
		fprintf(fp, "%s: %s\n", opt->title, strcmp(v, "0") != 0 ?
		    "true" : "false");
		break;
	case PM_V_PERCENT:
		fprintf(fp, "%s: %s%%\n", opt->title, v);
		break;
	case PM_V_HOOK:
		for (w = 0; w < 2; w++) {
			for (p = 0; p < PM_NHOOKPHASES; p++) {
				if (cfg->hook[w][p] != NULL)
					fprintf(fp, "%s: %s %s %s\n",
					    opt->title, pm_hook_whens[w],
					    pm_hook_phases[p], cfg->hook[w][p]);
			}
		}
		break;
	case PM_V_COUNT:
	case PM_V_BYTES:
	case PM_V_SIZE:
	case PM_V_INT:
	case PM_V_CHOICE:
	case PM_V_ITERATIONS:
	case PM_V_INTERVAL:
	case PM_V_TEXT:
	case PM_V_LOCATION:
		fprintf(fp, "%s: %s\n", opt->title, v);
		break;
	}
}

/*
 * "show": PostMark's layout, then the lines of each added key whose
 * value is not its default, so that an old configuration shows exactly
 * what PostMark showed.  Returns 0, or -1 if fp failed.
 */
int
pm_option_show(FILE *fp, const struct pm_config *cfg)
{
	const struct pm_option	*opts, *o;
	struct pm_config	 def;
	char			*v, *d;
	size_t			 i, n;

	show_postmark(fp, cfg);
	pm_config_init(&def);
	opts = pm_options(&n);
	for (i = 0; i < n; i++) {
		o = &opts[i];
		if (o->title == NULL)
			continue;
		v = pm_value_print(cfg, o, 0);
		d = pm_value_print(&def, o, 0);
		if (strcmp(v, d) != 0)
			show_value(fp, cfg, o, v);
		free(v);
		free(d);
	}
	pm_config_free(&def);
	return (ferror(fp) ? -1 : 0);
}
