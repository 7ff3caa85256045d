// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unflatten: the checked blob becomes the live tree.
 *
 * Cost is the point here.  The checker already walks every token once and
 * counts what the tree needs (nodes, properties, phandles, alias entries,
 * bytes for names), so unflatten makes exactly one more pass and one
 * allocation:
 *
 *   [ nodes | properties | phandle table | alias table | short names ]
 *
 * Nothing is copied from the blob: names and values point into it, so the
 * blob must stay where it is (the kernel reserves it).  The only bytes of
 * their own are node names without their unit address ("uart" for
 * "uart@101f1000"), which need a terminator the blob does not have.
 * Linux's fabricated "name" property is left out: of_node_name_eq() and
 * np->name give the same answer for free.
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "of_private.h"

/*
 * The same layout in the 32-bit kernel (4-byte pointers), so the host can
 * report what the target spends; the kernel build checks the numbers.
 */
#define ILP32_NODE  40
#define ILP32_PROP  16
#define ILP32_PTR    4
#define ILP32_ALIAS 12
#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 4
_Static_assert(sizeof(struct device_node) == ILP32_NODE, "device_node layout");
_Static_assert(sizeof(struct property) == ILP32_PROP, "property layout");
_Static_assert(sizeof(struct of_alias) == ILP32_ALIAS, "of_alias layout");
#endif

static void *live_mem;
static struct of_fdt_stats live_stats;

struct fill {
	struct device_node *node;       /* next free slot of each area */
	struct property *prop;
	struct device_node **ph;
	char *names;
};

/* The second pass over a checked blob: every token is known good. */
static void fill_tree(const struct of_fdt_blob *b, struct fill *f)
{
	struct device_node *tail[OF_FDT_MAX_DEPTH + 2];
	struct device_node *cur = NULL, *n;
	struct property **pnext = NULL, *pp;
	const char *p = b->strct;
	int depth = 0;

	tail[0] = NULL;
	for (;;) {
		u32 tag = of_rd32(p);

		if (tag == OF_FDT_PROP) {
			u32 len = of_rd32(p + 4);

			pp = f->prop++;
			pp->name = b->strings + of_rd32(p + 8);
			pp->length = (int)len;
			pp->value = (void *)(p + 12);   /* read-only: it is the blob */
			pp->next = NULL;
			*pnext = pp;
			pnext = &pp->next;
			if (len == 4 && !cur->phandle && of_is_phandle_name(pp->name)) {
				u32 ph = of_rd32(p + 12);

				if (ph && ph != 0xffffffffu) {
					cur->phandle = ph;
					*f->ph++ = cur;
				}
			}
			p += 12 + ALIGN(len, 4u);
		} else if (tag == OF_FDT_BEGIN_NODE) {
			const char *name = p + 4;
			size_t len = strlen(name);
			const char *at = memchr(name, '@', len);

			n = f->node++;
			memset(n, 0, sizeof(*n));
			if (!cur) {
				n->full_name = "/";
				n->name = "";
			} else if (at) {
				n->full_name = name;
				n->name = f->names;
				memcpy(f->names, name, (size_t)(at - name));
				f->names[at - name] = '\0';
				f->names += at - name + 1;
			} else {
				n->full_name = name;
				n->name = name;
			}
			n->parent = cur;
			if (cur) {
				if (tail[depth])
					tail[depth]->sibling = n;
				else
					cur->child = n;
			}
			tail[depth++] = n;
			tail[depth] = NULL;
			cur = n;
			pnext = &n->properties;
			p += 4 + ALIGN((u32)len + 1, 4u);
		} else if (tag == OF_FDT_END_NODE) {
			depth--;
			cur = cur->parent;
			p += 4;
		} else if (tag == OF_FDT_NOP) {
			p += 4;
		} else {
			return;         /* FDT_END */
		}
	}
}

/*
 * Order of the phandle table: by phandle, then by place in the tree (the
 * nodes lie in one array in source order), so of two nodes claiming one
 * phandle the first in the tree comes first, as Linux's lookup finds it.
 */
static bool ph_before(const struct device_node *a, const struct device_node *b)
{
	return a->phandle < b->phandle || (a->phandle == b->phandle && a < b);
}

/* Heapsort by phandle: no recursion, no extra memory, O(n log n). */
static void sift_down(struct device_node **a, unsigned int i, unsigned int n)
{
	for (;;) {
		unsigned int c = 2 * i + 1;
		struct device_node *t;

		if (c >= n)
			return;
		if (c + 1 < n && ph_before(a[c], a[c + 1]))
			c++;
		if (!ph_before(a[i], a[c]))
			return;
		t = a[i];
		a[i] = a[c];
		a[c] = t;
		i = c;
	}
}

static void sort_phandles(struct device_node **a, unsigned int n)
{
	unsigned int i;
	bool sorted = true;

	/* dtc numbers phandles in node order; skip the sort when it did. */
	for (i = 1; i < n && sorted; i++)
		sorted = ph_before(a[i - 1], a[i]);
	if (sorted)
		return;
	for (i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	for (i = n; i-- > 1;) {
		struct device_node *t = a[0];

		a[0] = a[i];
		a[i] = t;
		sift_down(a, 0, i);
	}
}

/*
 * dtc refuses a duplicated phandle, but a blob edited by hand or by a boot
 * loader can carry one, and every reference to it would then reach one of
 * the nodes by chance.  The first in the tree keeps it (as in Linux); the
 * others leave the sorted table, each with a warning naming both nodes.
 * Return: the table's new length.
 */
static unsigned int drop_duplicate_phandles(struct device_node **a, unsigned int n)
{
	char keep[96], drop[96];
	unsigned int i, out = 0;

	for (i = 0; i < n; i++) {
		if (out && a[out - 1]->phandle == a[i]->phandle) {
			of_node_full_path(a[out - 1], keep, sizeof(keep));
			of_node_full_path(a[i], drop, sizeof(drop));
			pr_warn("duplicate phandle 0x%x: %s and %s; references reach %s only\n",
				a[i]->phandle, keep, drop, keep);
			continue;
		}
		a[out++] = a[i];
	}
	return out;
}

/*
 * Aliases with a number ("serial0", "i2c1") go into the table behind
 * of_alias_get_id(); the others still work in paths, which scan /aliases.
 */
static unsigned int build_aliases(struct of_alias *table, unsigned int max)
{
	struct property *pp;
	unsigned int n = 0;

	if (!of_aliases)
		return 0;
	for_each_property_of_node(of_aliases, pp) {
		const char *start = pp->name, *end = start + strlen(start);
		struct device_node *np;
		int id = 0;

		if (!strcmp(start, "name") || of_is_phandle_name(start))
			continue;
		while (end > start && end[-1] >= '0' && end[-1] <= '9')
			end--;
		if (end == start || !*end || strlen(end) > 4 || end - start > 0xffff)
			continue;       /* no number, or an absurd one */
		if (pp->length < 2 || ((char *)pp->value)[0] != '/' ||
		    strnlen(pp->value, (size_t)pp->length) >= (size_t)pp->length)
			continue;
		np = of_find_node_by_path(pp->value);
		if (!np || n == max)
			continue;
		for (const char *d = end; *d; d++)
			id = id * 10 + (*d - '0');
		table[n].np = np;
		table[n].stem = start;
		table[n].stem_len = (u16)(end - start);
		table[n].id = (u16)id;
		n++;
	}
	return n;
}

/* One allocation, laid out as the header comment says; NULL without memory. */
static char *alloc_tree(const struct of_fdt_counts *cnt, size_t *bytes)
{
	*bytes = cnt->nodes * sizeof(struct device_node) +
		 cnt->props * sizeof(struct property) +
		 cnt->phandles * sizeof(struct device_node *) +
		 cnt->alias_props * sizeof(struct of_alias) +
		 cnt->name_bytes;
	return kmalloc(*bytes, GFP_KERNEL);
}

static void fill_from(const void *blob, const struct of_fdt_counts *cnt, char *mem,
		      struct fill *f)
{
	struct of_fdt_blob b;

	f->node = (struct device_node *)mem;
	f->prop = (struct property *)(f->node + cnt->nodes);
	f->ph = (struct device_node **)(f->prop + cnt->props);
	f->names = (char *)((struct of_alias *)(f->ph + cnt->phandles) + cnt->alias_props);
	of_fdt_blob_init(&b, blob);
	fill_tree(&b, f);
}

int of_fdt_unflatten_tree(const void *blob, size_t size, struct device_node **root,
			  char *why, size_t whylen)
{
	struct of_fdt_counts cnt;
	struct fill f;
	size_t bytes;
	char *mem;
	int err;

	err = of_fdt_check_counts(blob, size, why, whylen, &cnt);
	if (err)
		return err;
	mem = alloc_tree(&cnt, &bytes);
	if (!mem) {
		return why_fail(why, whylen, -ENOMEM,
				"no memory for a tree of %lu bytes", (unsigned long)bytes);
	}
	fill_from(blob, &cnt, mem, &f);
	*root = (struct device_node *)mem;
	return 0;
}

int of_fdt_unflatten(const void *blob, size_t size, char *why, size_t whylen)
{
	struct of_fdt_counts cnt;
	struct fill f;
	struct device_node *nodes;
	struct of_alias *aliases;
	struct device_node **phtab;
	size_t bytes;
	char *mem;
	int err;

	err = of_fdt_check_counts(blob, size, why, whylen, &cnt);
	if (err)
		return err;     /* the old tree, if any, stays */
	if (cnt.nops_after_end)
		pr_warn("%u FDT_NOP token(s) after FDT_END ignored (DT spec 5.4.1: FDT_END shall be the last token)\n",
			cnt.nops_after_end);

	mem = alloc_tree(&cnt, &bytes);
	if (!mem)
		return why_fail(why, whylen, -ENOMEM, "no memory for a live tree of %lu bytes",
				(unsigned long)bytes);

	nodes = (struct device_node *)mem;
	phtab = (struct device_node **)((struct property *)(nodes + cnt.nodes) + cnt.props);
	aliases = (struct of_alias *)(phtab + cnt.phandles);
	fill_from(blob, &cnt, mem, &f);

	/* Nothing can fail from here: retire the old tree. */
	kfree(live_mem);
	live_mem = mem;
	of_phandle_table = phtab;
	of_phandle_count = cnt.phandles;
	of_node_count = cnt.nodes;
	of_root = nodes;
	sort_phandles(of_phandle_table, of_phandle_count);
	of_phandle_count = drop_duplicate_phandles(of_phandle_table, of_phandle_count);
	/* Held for good, as the alias table's nodes are (base nodes: uncounted). */
	of_chosen = of_find_node_by_path("/chosen");
	if (!of_chosen)
		of_chosen = of_find_node_by_path("/chosen@0");
	of_aliases = of_find_node_by_path("/aliases");
	of_alias_count = 0;
	of_alias_table = aliases;
	of_alias_count = build_aliases(aliases, cnt.alias_props);

	live_stats.nodes = cnt.nodes;
	live_stats.properties = cnt.props;
	live_stats.phandles = of_phandle_count;
	live_stats.duplicate_phandles = cnt.phandles - of_phandle_count;
	live_stats.aliases = of_alias_count;
	live_stats.tree_bytes = bytes;
	live_stats.tree_bytes_ilp32 = (size_t)cnt.nodes * ILP32_NODE +
		(size_t)cnt.props * ILP32_PROP + (size_t)cnt.phandles * ILP32_PTR +
		(size_t)cnt.alias_props * ILP32_ALIAS + cnt.name_bytes;
	live_stats.blob_bytes = of_fdt_totalsize(blob);
	return 0;
}

void of_fdt_get_stats(struct of_fdt_stats *st)
{
	*st = live_stats;
}

/*
 * The in-kernel self-test (of/of_selftest.c) runs the lookups on a tree of
 * its own: it swaps its blob in as the live tree and puts the board's back
 * afterwards.  Devices keep pointing into the board's tree, which stays
 * allocated meanwhile; nothing else may run in between (the shell waits,
 * interrupt handlers do not read the tree).
 */
struct of_saved_tree {
	void *mem;
	struct of_fdt_stats stats;
	struct device_node *root, *chosen, *aliases, **phandles;
	unsigned int nodes, nphandles, nalias;
	struct of_alias *alias_table;
};

static struct of_saved_tree saved_tree;
static bool tree_swapped;

int of_fdt_swap_in(const void *blob, size_t size)
{
	struct of_saved_tree *s = &saved_tree;
	int err;

	if (tree_swapped)
		return -EBUSY;
	*s = (struct of_saved_tree){
		.mem = live_mem, .stats = live_stats, .root = of_root, .chosen = of_chosen,
		.aliases = of_aliases, .phandles = of_phandle_table, .nodes = of_node_count,
		.nphandles = of_phandle_count, .nalias = of_alias_count,
		.alias_table = of_alias_table,
	};
	live_mem = NULL;	/* unflatten must not free the saved tree */
	err = of_fdt_unflatten(blob, size, NULL, 0);
	if (err) {
		live_mem = s->mem;
		return err;
	}
	of_overlay_set_aside();
	tree_swapped = true;
	return 0;
}

void of_fdt_swap_out(void)
{
	struct of_saved_tree *s = &saved_tree;

	if (!tree_swapped)
		return;
	of_overlay_put_back();
	kfree(live_mem);
	live_mem = s->mem;
	live_stats = s->stats;
	of_root = s->root;
	of_chosen = s->chosen;
	of_aliases = s->aliases;
	of_phandle_table = s->phandles;
	of_node_count = s->nodes;
	of_phandle_count = s->nphandles;
	of_alias_count = s->nalias;
	of_alias_table = s->alias_table;
	tree_swapped = false;
}
