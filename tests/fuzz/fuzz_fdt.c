// SPDX-License-Identifier: BSD-2-Clause
/*
 * libFuzzer harness for of/: the blob checker, the flat accessors, the
 * unflattener, and a walk of the OF API over every node of the result.
 *
 * The checker's promise is that after it passes nothing reads outside the
 * blob; the input is copied into a buffer of exactly its size so ASan sees
 * any read past the end.  Beyond memory errors and undefined behaviour the
 * walk checks a few invariants a student relies on (a node's own path finds
 * it, its phandle finds it, of_get_next_child sees every child) and aborts
 * with a message when one breaks.
 *
 * Build and run: `make fuzz FUZZ_TIME=60`.  Replaying saved inputs:
 * build/fuzz/fuzz_fdt FILE...  (runs each once, no fuzzing).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_dump.h>
#include <linux/of_fdt.h>
#include <linux/of_irq.h>
#include <linux/dma-map-ops.h>
#include <linux/slab.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

#define MAX_PATH 1024

static void invariant_failed(const char *what, const char *path)
{
	fprintf(stderr, "fuzz_fdt: invariant broken: %s (node %s)\n", what, path);
	abort();
}

static void put_nothing(void *ctx, const char *s, size_t n)
{
	volatile char sink;

	/* Touch every byte so ASan checks what the printer hands out. */
	while (n--)
		sink = s[n];
	(void)sink;
	(void)ctx;
}

/* Flat accessors: they trust the checker, so they get every node too. */
static void walk_flat(const void *blob)
{
	int off = -1, depth = 0, len, n = 0;
	u64 addr, size;

	for (n = 0; of_fdt_get_mem_rsv(blob, n, &addr, &size) == 0; n++)
		;
	while ((off = of_fdt_next_node(blob, off, &depth)) >= 0) {
		const char *name = of_fdt_get_name(blob, off, &len);

		if (name && len > 0 && (size_t)len != strnlen(name, (size_t)len + 1))
			invariant_failed("of_fdt_get_name length", name);
		of_fdt_getprop(blob, off, "reg", &len);
		of_fdt_getprop(blob, off, "compatible", &len);
		of_fdt_parent_offset(blob, off);
		of_fdt_translate_reg(blob, off, 0, &addr, &size);
	}
	of_fdt_path_offset(blob, "/chosen");
	of_fdt_path_offset(blob, "serial0:115200n8");
	of_fdt_path_offset(blob, "/amba/uart@101f1000");
	of_fdt_node_by_compatible(blob, -1, "arm,pl011");
}

/* @path holds @np's parent's path; append @np's name. */
static size_t node_path(const struct device_node *np, char *path, size_t plen)
{
	size_t n;

	if (!np->parent) {
		strcpy(path, "/");
		return 1;
	}
	n = strlen(np->full_name);
	if (plen + 1 + n + 1 > MAX_PATH)
		return 0;
	if (plen > 1)
		path[plen++] = '/';
	memcpy(path + plen, np->full_name, n + 1);
	return plen + n;
}

/* Only paths dtc could have written are expected to resolve to themselves. */
static bool plain_path(const char *p)
{
	for (; *p; p++)
		if (*p == ':' || (unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f)
			return false;
	return true;
}

static const char *const phandle_lists[][2] = {
	{ "clocks", "#clock-cells" },
	{ "interrupts-extended", "#interrupt-cells" },
	{ "gpios", "#gpio-cells" },
	{ "resets", "#reset-cells" },
	{ "dmas", "#dma-cells" },
	{ "phys", "#phy-cells" },
};

static void walk_properties(struct device_node *np, const char *path)
{
	struct property *pp;
	const char *s;
	u32 u;
	int len;

	for (pp = np->properties; pp; pp = pp->next) {
		struct property *found = of_find_property(np, pp->name, &len);

		if (!found || strcmp(found->name, pp->name))
			invariant_failed("of_find_property misses a property", path);
		of_property_read_u32(np, pp->name, &u);
		if (of_property_read_string(np, pp->name, &s) == 0)
			(void)strlen(s);
		of_property_count_strings(np, pp->name);
		if (of_property_read_string_index(np, pp->name, 1, &s) == 0)
			(void)strlen(s);
		of_property_match_string(np, pp->name, "okay");
	}
}

/* The range parser over both properties, and the DMA windows. */
static void walk_ranges(struct device_node *np)
{
	const struct bus_dma_region *map = NULL;
	struct of_range_parser parser;
	struct of_range range;
	struct resource res;
	int n = 0;

	if (!of_range_parser_init(&parser, np))
		for_each_of_range(&parser, &range)
			if (++n > 64)
				break;
	if (!of_pci_dma_range_parser_init(&parser, np))
		for_each_of_range(&parser, &range)
			if (++n > 128)
				break;
	of_range_to_resource(np, 1, &res);
	if (!of_dma_get_range(np, &map))
		kfree(map);
}

static void walk_references(struct device_node *np)
{
	struct of_phandle_args args;
	struct resource res;
	size_t i;
	int idx;

	for (idx = 0; idx < 3; idx++)
		of_address_to_resource(np, idx, &res);
	/* of_irq_parse_one() lends its node (no reference taken): a put
	 * here would drop one an overlay's changeset holds.  The phandle
	 * parsers give one, put back at once. */
	for (idx = 0; idx < 2; idx++)
		of_irq_parse_one(np, idx, &args);
	for (i = 0; i < sizeof(phandle_lists) / sizeof(phandle_lists[0]); i++) {
		for (idx = 0; idx < 3; idx++)
			if (!of_parse_phandle_with_args(np, phandle_lists[i][0],
							phandle_lists[i][1], idx, &args))
				of_node_put(args.np);
		of_count_phandle_with_args(np, phandle_lists[i][0],
					   phandle_lists[i][1]);
	}
	for (idx = 0; idx < 3; idx++)
		if (!of_parse_phandle_with_args_map(np, "gpios", "gpio", idx, &args))
			of_node_put(args.np);
	walk_ranges(np);
	of_device_is_available(np);
	of_device_is_compatible(np, "simple-bus");
	of_n_addr_cells(np);
	of_n_size_cells(np);
}

/*
 * dtc refuses duplicate sibling names, but a blob can still carry them;
 * path lookups then take the first of the twins at each level, as Linux
 * does, so a later twin (or a node below one) may resolve elsewhere or not
 * at all.
 */
static bool earlier_twin_on_path(const struct device_node *np)
{
	for (; np && np->parent; np = np->parent)
		for (const struct device_node *s = np->parent->child; s != np; s = s->sibling)
			if (!strcmp(s->full_name, np->full_name))
				return true;
	return false;
}

/* %pOF prints the path the walk built (when it fit), and every modifier
 * stays inside the buffer. */
static void check_printed_path(const struct device_node *np, const char *path)
{
	char buf[MAX_PATH + 8], small[12];
	int n;

	n = snprintf(buf, sizeof(buf), "%pOF", np);
	if (n + 1 < MAX_PATH && strcmp(buf, path))
		invariant_failed("%pOF differs from the node's path", path);
	snprintf(small, sizeof(small), "%pOFfnpPFcC", np);
	if (strlen(small) >= sizeof(small))
		invariant_failed("%pOF wrote past its buffer", path);
}

static void walk_node(struct device_node *np, const char *path)
{
	struct device_node *child, *found;
	int nchild = 0, nnext = 0;

	walk_properties(np, path);
	walk_references(np);
	check_printed_path(np, path);

	for (child = np->child; child; child = child->sibling)
		nchild++;
	for (child = of_get_next_child(np, NULL); child;
	     child = of_get_next_child(np, child))
		nnext++;
	if (nchild != nnext)
		invariant_failed("of_get_next_child skips children", path);

	if (plain_path(path)) {
		found = of_find_node_by_path(path);
		if (!found && !earlier_twin_on_path(np))
			invariant_failed("of_find_node_by_path misses the node's own path", path);
		if (found && found != np && !earlier_twin_on_path(np))
			invariant_failed("of_find_node_by_path finds another node", path);
		of_node_put(found);
	}
	if (np->phandle) {
		found = of_find_node_by_phandle(np->phandle);
		if (!found || found->phandle != np->phandle)
			invariant_failed("of_find_node_by_phandle misses a phandle", path);
		of_node_put(found);
	}
}

/* Every node, depth first, without recursion; paths built on the way. */
static void walk_live(void)
{
	static char path[MAX_PATH];
	static size_t plen[MAX_PATH];
	struct device_node *np = of_root;
	int depth = 0;

	if (!np)
		return;
	plen[0] = node_path(np, path, 0);
	for (;;) {
		walk_node(np, path);
		if (np->child && depth + 1 < MAX_PATH) {
			size_t l = node_path(np->child, path, plen[depth]);

			if (l) {
				np = np->child;
				plen[++depth] = l;
				continue;
			}
		}
		while (np && np != of_root && !np->sibling) {
			np = np->parent;
			depth--;
		}
		if (!np || np == of_root)
			break;
		np = np->sibling;
		path[plen[depth - 1]] = '\0';
		plen[depth] = node_path(np, path, plen[depth - 1]);
		if (!plen[depth])
			break;
	}
	of_node_put(of_find_node_by_path("serial0"));
	of_node_put(of_find_node_by_path("/chosen:opts"));
	of_node_put(of_find_compatible_node(NULL, NULL, "arm,pl011"));
	of_print_dts(of_root, put_nothing, NULL);
	{
		char why[160];

		of_dts_unwritable(of_root, why, sizeof(why));
	}
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	/* The live tree points into its blob: keep that one until replaced. */
	static void *live_blob;
	char why[160];
	void *blob;

	blob = malloc(size ? size : 1);
	if (!blob)
		return 0;
	memcpy(blob, data, size);
	if (of_fdt_check(blob, size, why, sizeof(why)) == 0) {
		walk_flat(blob);
		/* The input as an overlay on the previous input's tree, and back. */
		if (of_root && of_overlay_fdt_apply(blob, (u32)size, &(int){ 0 }, NULL) == 0) {
			walk_live();
			if (of_overlay_remove_all())
				invariant_failed("overlay removal", of_overlay_error());
		}
		if (of_fdt_unflatten(blob, size, NULL, 0) == 0) {
			free(live_blob);
			live_blob = blob;
			walk_live();
			return 0;
		}
	}
	free(blob);
	return 0;
}
