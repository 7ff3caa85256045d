/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The whole live tree as DTS text, for tests that change the tree and must
 * find it byte for byte as before (test_of_dynamic.c, test_of_overlay.c).
 */
#ifndef _TESTS_HOST_SNAPSHOT_H
#define _TESTS_HOST_SNAPSHOT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/of.h>
#include <linux/of_dump.h>

/*
 * The node at @path now, for comparing: the lookup's reference is dropped
 * (the tree holds the node), so a look leaves an overlay's node free to go.
 */
static inline struct device_node *node_at(const char *path)
{
	struct device_node *np = of_find_node_by_path(path);

	of_node_put(np);
	return np;
}

/* The same for the node with phandle @ph. */
static inline struct device_node *node_with_phandle(phandle ph)
{
	struct device_node *np = of_find_node_by_phandle(ph);

	of_node_put(np);
	return np;
}

static inline void snapshot_put(void *ctx, const char *s, size_t n)
{
	fwrite(s, 1, n, ctx);
}

/* The tree printed now (malloc'd). */
static inline char *snapshot(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	of_print_dts(of_root, snapshot_put, f);
	fclose(f);
	return buf;
}

/* Is the tree printed now the text @before? */
static inline int same_as(const char *before)
{
	char *now = snapshot();
	int same = !strcmp(now, before);

	free(now);
	return same;
}

#endif
