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
 * The configuration: PostMark's defaults, the location list, and freeing.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "postmark.h"

/* Set every key to its default (pm_option.c's table). */
void
pm_config_init(struct pm_config *cfg)
{
	memset(cfg, 0, sizeof *cfg);
	pm_option_defaults(cfg);
}

/* Make dst a copy of src that owns its own strings. */
void
pm_config_copy(struct pm_config *dst, const struct pm_config *src)
{
	size_t	 i;

	*dst = *src;
	dst->locations = NULL;
	dst->nlocations = 0;
	for (i = 0; i < src->nlocations; i++)
		pm_config_add_location(dst, src->locations[i].name,
		    src->locations[i].weight);
	pm_option_copy_text(dst);
}

/* Free the strings the configuration owns; cfg itself is not freed. */
void
pm_config_free(struct pm_config *cfg)
{
	if (cfg == NULL)
		return;
	pm_config_clear_locations(cfg);
	pm_option_free_text(cfg);
}

/* Append a location; the name is copied. */
int
pm_config_add_location(struct pm_config *cfg, const char *name,
    uint32_t weight)
{
	cfg->locations = xreallocarray(cfg->locations, cfg->nlocations + 1,
	    sizeof *cfg->locations);
	cfg->locations[cfg->nlocations].name = xstrdup(name);
	cfg->locations[cfg->nlocations].weight = weight;
	cfg->nlocations++;
	return (0);
}

/* Remove the first location named exactly name; -1 if there is none. */
int
pm_config_remove_location(struct pm_config *cfg, const char *name)
{
	size_t	 i;

	for (i = 0; i < cfg->nlocations; i++) {
		if (strcmp(cfg->locations[i].name, name) == 0)
			break;
	}
	if (i == cfg->nlocations)
		return (-1);
	free(cfg->locations[i].name);
	memmove(&cfg->locations[i], &cfg->locations[i + 1],
	    (cfg->nlocations - i - 1) * sizeof *cfg->locations);
	if (--cfg->nlocations == 0) {
		free(cfg->locations);
		cfg->locations = NULL;
	}
	return (0);
}

/* Forget every location: files go to the current directory again. */
void
pm_config_clear_locations(struct pm_config *cfg)
{
	size_t	 i;

	for (i = 0; i < cfg->nlocations; i++)
		free(cfg->locations[i].name);
	free(cfg->locations);
	cfg->locations = NULL;
	cfg->nlocations = 0;
}
