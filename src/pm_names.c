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
 * The names a run makes in its locations, PostMark's and ours: files
 * "N" (numbered from 1 as they are created), subdirectories "sK"
 * (K < set subdirectories, when that is 2 or more), a client's directory
 * "cI" when several clients work apart, "cI-N" for the files of client I
 * of a shared run (set shared true), and "rR" for MPI rank R.  The
 * engine builds each of them here; pm_names_made says, for a
 * configuration, whether a run makes a given name right in a location.
 */

#include "config.h"

#include <stdio.h>

#include "postmark.h"
#include "pm_names.h"

static char	*pm_utoa(char *, uint32_t);
static const char *pm_names_number(const char *, uint64_t *);

/*
 * Write v in decimal at p; returns the end (no NUL is written).  Two
 * digits per division: names are built for every operation.
 */
static char *
pm_utoa(char *p, uint32_t v)
{
	static const char digits[] =
	    "00010203040506070809101112131415161718192021222324"
	    "25262728293031323334353637383940414243444546474849"
	    "50515253545556575859606162636465666768697071727374"
	    "75767778798081828384858687888990919293949596979899";
	uint32_t	 r;
	char		*e;

	if (v < 10000)
		e = p + (v < 100 ? (v < 10 ? 1 : 2) : (v < 1000 ? 3 : 4));
	else if (v < 100000000)
		e = p + (v < 1000000 ? (v < 100000 ? 5 : 6) :
		    (v < 10000000 ? 7 : 8));
	else
		e = p + (v < 1000000000 ? 9 : 10);
	p = e;
	while (v >= 100) {
		r = (v % 100) * 2;
		v /= 100;
		*--p = digits[r + 1];
		*--p = digits[r];
	}
	if (v >= 10) {
		*--p = digits[v * 2 + 1];
		*--p = digits[v * 2];
	} else
		*--p = '0' + v;
	return (e);
}

/*
 * File number num's name at p (after the client's prefix, if any): its
 * decimal digits, no leading zero, then a NUL; p has room for
 * PM_NAME_DIGITS + 1 bytes.  Returns the NUL's address.
 */
char *
pm_name_file(char *p, uint32_t num)
{
	char	*e = pm_utoa(p, num);

	*e = '\0';
	return (e);
}

/*
 * The prefix of the files of client gid (global number) in a shared run,
 * "cI-", in buf of size bytes.  Returns its length.
 */
size_t
pm_name_prefix(char *buf, size_t size, uint32_t gid)
{
	int	 n = snprintf(buf, size, "c%u-", gid);

	return (n < 0 ? 0 : (size_t)n < size ? (size_t)n : size - 1);
}

/* Subdirectory k's name, "sK", in buf of size bytes. */
void
pm_name_subdir(char *buf, size_t size, uint32_t k)
{
	snprintf(buf, size, "s%u", k);
}

/* Client i's own directory (set clients, not shared), "cI". */
void
pm_name_client(char *buf, size_t size, uint32_t i)
{
	snprintf(buf, size, "c%u", i);
}

/* MPI rank r's directory, "rR". */
void
pm_name_rank(char *buf, size_t size, uint32_t r)
{
	snprintf(buf, size, "r%u", r);
}

/*
 * Read the decimal number at s as the names above write it: digits, no
 * leading zero (but "0" itself), at most 19 of them.  Returns the end of
 * the digits with *v set, or NULL when s does not start with one.
 */
static const char *
pm_names_number(const char *s, uint64_t *v)
{
	size_t	 n;

	*v = 0;
	for (n = 0; s[n] >= '0' && s[n] <= '9'; n++) {
		if (n == 19 || (n == 1 && s[0] == '0'))
			return (NULL);
		*v = *v * 10 + (uint64_t)(s[n] - '0');
	}
	return (n > 0 ? s + n : NULL);
}

/*
 * Whether a run of cfg on nranks MPI ranks (1 without MPI) makes name
 * right inside one of its locations, and as what.  The layout is
 * pm_group.c's: one client without MPI works in the locations (its
 * files, or its sK holding them); several clients or ranks work apart in
 * cI (under rR/ with MPI), or, shared, together in the locations with
 * cI-N files (or the sK holding them).  Files are numbered from 1 to at
 * most number + transactions (a transaction creates one file at most);
 * under MPI any rR and any client's cI-N count, whatever the number of
 * ranks.
 */
enum pm_name_kind
pm_names_made(const struct pm_config *cfg, uint32_t nranks, const char *name)
{
	uint64_t	 n = cfg->clients > 0 ? cfg->clients : 1, v;
	uint64_t	 last = (uint64_t)cfg->number + cfg->transactions;
	int		 mpi = nranks > 1, single = n == 1 && !mpi;
	const char	*p;

	if (!single && !cfg->shared) {
		if (mpi)
			return (name[0] == 'r' &&
			    (p = pm_names_number(name + 1, &v)) != NULL &&
			    *p == '\0' ? PM_NAME_RANK : PM_NAME_NONE);
		return (name[0] == 'c' &&
		    (p = pm_names_number(name + 1, &v)) != NULL &&
		    *p == '\0' && v < n ? PM_NAME_CLIENT : PM_NAME_NONE);
	}
	if (cfg->subdirs > 1)
		return (name[0] == 's' &&
		    (p = pm_names_number(name + 1, &v)) != NULL &&
		    *p == '\0' && v < cfg->subdirs ? PM_NAME_SUBDIR :
		    PM_NAME_NONE);
	p = name;
	if (!single) {
		if (*p != 'c' || (p = pm_names_number(p + 1, &v)) == NULL ||
		    *p != '-' || (!mpi && v >= n))
			return (PM_NAME_NONE);
		p++;
	}
	return ((p = pm_names_number(p, &v)) != NULL && *p == '\0' &&
	    v >= 1 && v <= last ? PM_NAME_FILE : PM_NAME_NONE);
}
