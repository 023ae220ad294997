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
 * tests/unit_names.c: the engine's naming rules (src/pm_names.c).  The
 * formats of the names a run makes ("N", "cI-N", "sK", "cI", "rR"), and
 * pm_names_made, table-driven: for each layout (one client, sK, several
 * clients apart or shared, MPI ranks) which names a run makes right in a
 * location and which it does not (leading zeros, numbers past the last
 * file, a client or subdirectory past the last, signs, overflow); and
 * every name built by the formats is recognised as what it is.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "postmark.h"
#include "pm_names.h"
#include "tap.h"

/* A configuration: clients, shared, subdirectories, files, transactions. */
struct layout {
	const char	*desc;
	uint32_t	 clients, shared, subdirs, number, transactions;
	uint32_t	 nranks;
};

struct name_case {
	int		 layout;	/* index into layouts */
	const char	*name;
	enum pm_name_kind want;
};

static const struct layout layouts[] = {
	{ "one client", 1, 0, 0, 5, 10, 1 },
	{ "set subdirectories 3", 1, 0, 3, 5, 10, 1 },
	{ "set subdirectories 1 (none)", 1, 0, 1, 5, 10, 1 },
	{ "two clients", 2, 0, 0, 5, 10, 1 },
	{ "two shared clients", 2, 1, 0, 5, 10, 1 },
	{ "two shared clients, 2 subdirectories", 2, 1, 2, 5, 10, 1 },
	{ "two clients, 2 subdirectories", 2, 0, 2, 5, 10, 1 },
	{ "two MPI ranks", 1, 0, 0, 5, 10, 2 },
	{ "two MPI ranks, shared", 1, 1, 0, 5, 10, 2 },
	{ "the largest pool", 1, 0, 0, 4294967295U, 4294967295U, 1 }
};

static const struct name_case cases[] = {
	{ 0, "1", PM_NAME_FILE }, { 0, "15", PM_NAME_FILE },
	{ 0, "16", PM_NAME_NONE }, { 0, "0", PM_NAME_NONE },
	{ 0, "01", PM_NAME_NONE }, { 0, "+1", PM_NAME_NONE },
	{ 0, "-1", PM_NAME_NONE }, { 0, "1a", PM_NAME_NONE },
	{ 0, "", PM_NAME_NONE }, { 0, "s0", PM_NAME_NONE },
	{ 0, "c0", PM_NAME_NONE }, { 0, "c0-1", PM_NAME_NONE },
	{ 0, "r0", PM_NAME_NONE }, { 0, "1.csv", PM_NAME_NONE },
	{ 0, "18446744073709551617", PM_NAME_NONE },
	{ 1, "s0", PM_NAME_SUBDIR }, { 1, "s2", PM_NAME_SUBDIR },
	{ 1, "s3", PM_NAME_NONE }, { 1, "s01", PM_NAME_NONE },
	{ 1, "s", PM_NAME_NONE }, { 1, "1", PM_NAME_NONE },
	{ 2, "s0", PM_NAME_NONE }, { 2, "1", PM_NAME_FILE },
	{ 3, "c0", PM_NAME_CLIENT }, { 3, "c1", PM_NAME_CLIENT },
	{ 3, "c2", PM_NAME_NONE }, { 3, "c00", PM_NAME_NONE },
	{ 3, "c1-3", PM_NAME_NONE }, { 3, "1", PM_NAME_NONE },
	{ 3, "s0", PM_NAME_NONE }, { 3, "r0", PM_NAME_NONE },
	{ 4, "c0-1", PM_NAME_FILE }, { 4, "c1-15", PM_NAME_FILE },
	{ 4, "c1-16", PM_NAME_NONE }, { 4, "c1-0", PM_NAME_NONE },
	{ 4, "c2-1", PM_NAME_NONE }, { 4, "c1", PM_NAME_NONE },
	{ 4, "c-1", PM_NAME_NONE }, { 4, "c01-1", PM_NAME_NONE },
	{ 4, "1", PM_NAME_NONE },
	{ 5, "s1", PM_NAME_SUBDIR }, { 5, "s2", PM_NAME_NONE },
	{ 5, "c0-1", PM_NAME_NONE }, { 5, "c0", PM_NAME_NONE },
	{ 6, "c1", PM_NAME_CLIENT }, { 6, "s0", PM_NAME_NONE },
	{ 7, "r0", PM_NAME_RANK }, { 7, "r1", PM_NAME_RANK },
	{ 7, "r99999", PM_NAME_RANK }, { 7, "r01", PM_NAME_NONE },
	{ 7, "c0", PM_NAME_NONE }, { 7, "1", PM_NAME_NONE },
	{ 8, "c0-1", PM_NAME_FILE }, { 8, "c7-15", PM_NAME_FILE },
	{ 8, "r0", PM_NAME_NONE }, { 8, "1", PM_NAME_NONE },
	{ 9, "8589934590", PM_NAME_FILE }, { 9, "8589934591", PM_NAME_NONE }
};

#define NCASES		(sizeof cases / sizeof cases[0])

/* cfg for layout l. */
static void
set_layout(struct pm_config *cfg, const struct layout *l)
{
	cfg->clients = l->clients;
	cfg->shared = l->shared;
	cfg->subdirs = l->subdirs;
	cfg->number = l->number;
	cfg->transactions = l->transactions;
}

/* The formats, as the engine's naming sites use them. */
static void
test_formats(void)
{
	char	 buf[64];
	size_t	 n;

	pm_name_file(buf, 4294967295U);
	is_str(buf, "4294967295", "file: the largest number");
	ok(pm_name_file(buf, 7) == buf + 1 && strcmp(buf, "7") == 0,
	    "file: returns the end of the name");
	n = pm_name_prefix(buf, sizeof buf, 12);
	ok(n == 4 && strcmp(buf, "c12-") == 0, "prefix: c12- of length 4");
	pm_name_file(buf + n, 3);
	is_str(buf, "c12-3", "prefix and number: a shared client's file");
	ok(pm_name_prefix(buf, 3, 12) == 2 && strcmp(buf, "c1") == 0,
	    "prefix: truncated to the buffer, its length returned");
	pm_name_subdir(buf, sizeof buf, 10);
	is_str(buf, "s10", "subdirectory");
	pm_name_client(buf, sizeof buf, 0);
	is_str(buf, "c0", "client");
	pm_name_rank(buf, sizeof buf, 4294967295U);
	is_str(buf, "r4294967295", "rank");
}

/* Every name the formats build for a layout is what the layout makes. */
static void
test_round_trip(struct pm_config *cfg)
{
	char		 buf[64];
	uint32_t	 i;
	size_t		 n;
	int		 bad = 0;

	set_layout(cfg, &layouts[1]);
	for (i = 0; i < 3; i++) {
		pm_name_subdir(buf, sizeof buf, i);
		bad |= pm_names_made(cfg, 1, buf) != PM_NAME_SUBDIR;
	}
	set_layout(cfg, &layouts[3]);
	for (i = 0; i < 2; i++) {
		pm_name_client(buf, sizeof buf, i);
		bad |= pm_names_made(cfg, 1, buf) != PM_NAME_CLIENT;
	}
	set_layout(cfg, &layouts[4]);
	for (i = 1; i <= 15; i++) {
		n = pm_name_prefix(buf, sizeof buf, i % 2);
		pm_name_file(buf + n, i);
		bad |= pm_names_made(cfg, 1, buf) != PM_NAME_FILE;
	}
	set_layout(cfg, &layouts[7]);
	for (i = 0; i < 64; i++) {
		pm_name_rank(buf, sizeof buf, i);
		bad |= pm_names_made(cfg, 2, buf) != PM_NAME_RANK;
	}
	ok(!bad, "every name the formats build is recognised");
}

int
main(void)
{
	struct pm_config	 cfg;
	const struct name_case	*c;
	size_t			 i;
	enum pm_name_kind	 got;

	pm_config_init(&cfg);
	test_formats();
	for (i = 0; i < NCASES; i++) {
		c = &cases[i];
		set_layout(&cfg, &layouts[c->layout]);
		got = pm_names_made(&cfg, layouts[c->layout].nranks, c->name);
		ok(got == c->want, "%s: '%s' is %s", layouts[c->layout].desc,
		    c->name, c->want == PM_NAME_NONE ? "not made" : "made");
		if (got != c->want)
			diag("got kind %d, want %d", (int)got, (int)c->want);
	}
	test_round_trip(&cfg);
	pm_config_free(&cfg);
	return (done_testing());
}
