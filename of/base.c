// SPDX-License-Identifier: BSD-2-Clause
/*
 * Finding nodes in the live tree and matching them against drivers, with
 * Linux's names and semantics (drivers/of/base.c is the behaviour reference).
 *
 * The tree is built once by of_fdt_unflatten() and only read afterwards, so
 * nothing here locks or counts references.
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/string.h>

#include "of_private.h"

struct device_node *of_root;
EXPORT_SYMBOL(of_root);
struct device_node *of_chosen;
EXPORT_SYMBOL(of_chosen);
struct device_node *of_aliases;
EXPORT_SYMBOL(of_aliases);

unsigned int of_node_count;
struct device_node **of_phandle_table;
unsigned int of_phandle_count;
struct of_alias *of_alias_table;
unsigned int of_alias_count;

/*
 * The depth-first walk with no references: of/'s own walks, and the
 * lookups below, which take one on the node they return.
 */
struct device_node *__of_find_all_nodes(struct device_node *prev)
{
	struct device_node *np = prev;

	if (!np)
		return of_root;
	if (np->child)
		return np->child;
	while (np && !np->sibling)
		np = np->parent;
	return np ? np->sibling : NULL;
}

/**
 * of_find_all_nodes() - every node of the tree, in source (depth-first)
 * order; the reference on @prev is dropped, so for_each_of_allnodes() holds
 * one node at a time and a loop left early holds the node it stopped at
 * @prev: the node returned last time, or NULL to start at the root
 * Return: the next node with a reference (of_node_put() drops it), or NULL
 * after the last one.
 */
struct device_node *of_find_all_nodes(struct device_node *prev)
{
	struct device_node *np = of_node_get(__of_find_all_nodes(prev));

	of_node_put(prev);
	return np;
}
EXPORT_SYMBOL(of_find_all_nodes);

/*
 * The next node after @from that @fits, with a reference, and @from's
 * reference dropped: the one shape of Linux's of_find_node_by_name(),
 * _by_type(), of_find_compatible_node() and of_find_matching_node().
 */
static struct device_node *find_next(struct device_node *from,
				     bool (*fits)(const struct device_node *np, const void *arg),
				     const void *arg)
{
	struct device_node *np = from;

	while ((np = __of_find_all_nodes(np)))
		if (fits(np, arg))
			break;
	of_node_get(np);
	of_node_put(from);
	return np;
}

/**
 * of_node_name_eq() - does @np's name, without unit address, equal @name?
 * Return: true or false (false for a NULL node or name).
 */
bool of_node_name_eq(const struct device_node *np, const char *name)
{
	if (!np || !name)
		return false;
	return !strcmp(np->name, name);
}
EXPORT_SYMBOL(of_node_name_eq);

/**
 * of_node_name_prefix() - does @np's full name start with @prefix?
 * Return: true or false (false for a NULL node or prefix).
 */
bool of_node_name_prefix(const struct device_node *np, const char *prefix)
{
	if (!np || !prefix)
		return false;
	return !strncmp(np->full_name, prefix, strlen(prefix));
}
EXPORT_SYMBOL(of_node_name_prefix);

/**
 * of_node_full_path() - write @np's full path ("/amba/uart@101f1000") to @buf
 * @size: bytes at @buf; the result is always terminated when @size > 0
 *
 * Stands in for Linux's "%pOF" printk format.
 * Return: the length of the full path (as snprintf: may exceed @size - 1,
 * then the output was truncated); 0 for a NULL node (and @buf is "").
 */
int of_node_full_path(const struct device_node *np, char *buf, size_t size)
{
	const struct device_node *chain[OF_FDT_MAX_DEPTH + 1];
	int depth = 0, total = 0;

	if (size)
		buf[0] = '\0';
	if (!np)
		return 0;
	if (!np->parent)
		return snprintf(buf, size, "/");
	for (; np->parent && depth < (int)ARRAY_SIZE(chain); np = np->parent)
		chain[depth++] = np;
	while (depth--) {
		size_t used = (size_t)total < size ? (size_t)total : size;
		int n = snprintf(buf + used, size - used, "/%s",
				 chain[depth]->full_name);

		if (n < 0)
			return total;
		total += n;
	}
	return total;
}
EXPORT_SYMBOL(of_node_full_path);

/**
 * __of_find_node_by_path() - the direct child of @parent whose full name is
 * @path up to its first '/', ':' or end ("rtc@68" in "rtc@68/x:opts")
 *
 * Return: the child, or NULL when there is none or the component is empty.
 */
struct device_node *__of_find_node_by_path(struct device_node *parent, const char *path)
{
	struct device_node *child;
	size_t len = 0;

	while (path[len] && path[len] != '/' && path[len] != ':')
		len++;
	if (!len)
		return NULL;
	for (child = parent->child; child; child = child->sibling)
		if (!strncmp(path, child->full_name, len) &&
		    !child->full_name[len])
			return child;
	return NULL;
}

/**
 * __of_find_node_by_full_path() - walk "/a/b@1/c" down from @node; a ':'
 * ends the walk with the component it is in ("/frag/__overlay__:prop:0")
 *
 * Return: the node (@node itself for a path not starting with '/'), or NULL
 * when a component is missing or empty.
 */
struct device_node *__of_find_node_by_full_path(struct device_node *node, const char *path)
{
	const char *separator = strchr(path, ':');

	while (node && *path == '/') {
		path++;
		node = __of_find_node_by_path(node, path);
		while (*path && *path != '/')
			path++;
		if (separator && separator < path)
			break;
	}
	return node;
}

/**
 * of_find_node_opts_by_path() - find a node by path, with options
 * @path: an absolute path ("/amba/uart@101f1000"), or an alias optionally
 *        followed by a relative path ("serial0", "i2c0/rtc@68"); anything
 *        after a ':' is options ("serial0:115200n8")
 * @opts: set to the options after ':' or NULL when there are none; may be NULL
 *
 * Components match a child's full name exactly, as in Linux: "/memory" does
 * not find "memory@0".
 * Return: the node with a reference the caller drops with of_node_put(), or
 * NULL when there is no such node or alias.
 */
struct device_node *of_find_node_opts_by_path(const char *path, const char **opts)
{
	const char *separator;
	struct device_node *np = NULL;
	struct property *pp;

	if (!path || !of_root) {
		if (opts)
			*opts = NULL;
		return NULL;
	}
	separator = strchr(path, ':');
	if (opts)
		*opts = separator ? separator + 1 : NULL;
	if (!strcmp(path, "/"))
		return of_node_get(of_root);
	if (*path != '/') {
		const char *p = path;
		size_t len;

		while (*p && *p != '/' && p != separator)
			p++;
		len = (size_t)(p - path);
		if (!of_aliases || !len)
			return NULL;
		for_each_property_of_node(of_aliases, pp) {
			/* Only absolute targets: an alias naming an alias could loop. */
			if (strlen(pp->name) == len && !strncmp(pp->name, path, len) &&
			    pp->length > 1 && ((char *)pp->value)[0] == '/' &&
			    strnlen(pp->value, (size_t)pp->length) < (size_t)pp->length) {
				np = __of_find_node_by_full_path(of_root, pp->value);
				break;
			}
		}
		if (!np)
			return NULL;
		path = p;
	}
	if (!np)
		np = of_root;
	return of_node_get(__of_find_node_by_full_path(np, path));
}
EXPORT_SYMBOL(of_find_node_opts_by_path);

static bool node_is_type(const struct device_node *np, const char *type)
{
	int len;
	const char *match = of_get_property(np, "device_type", &len);

	return match && type && of_value_streq(match, len, type);
}

/* True when @anc is @np or one of its ancestors. */
bool of_node_is_ancestor(const struct device_node *anc, const struct device_node *np)
{
	for (; np; np = np->parent)
		if (np == anc)
			return true;
	return false;
}

static bool fits_name(const struct device_node *np, const void *name)
{
	return of_node_name_eq(np, name);
}

/**
 * of_find_node_by_name() - next node, after @from, named @name (without
 * unit address); @from NULL starts at the root, and its reference is
 * dropped (for_each_node_by_name() holds one node at a time)
 * Return: the node with a reference (of_node_put() drops it), or NULL.
 */
struct device_node *of_find_node_by_name(struct device_node *from, const char *name)
{
	return find_next(from, fits_name, name);
}
EXPORT_SYMBOL(of_find_node_by_name);

static bool fits_type(const struct device_node *np, const void *type)
{
	return node_is_type(np, type);
}

/**
 * of_find_node_by_type() - next node, after @from, whose device_type is
 * @type; @from's reference is dropped
 * Return: the node with a reference (of_node_put() drops it), or NULL.
 */
struct device_node *of_find_node_by_type(struct device_node *from, const char *type)
{
	return find_next(from, fits_type, type);
}
EXPORT_SYMBOL(of_find_node_by_type);

/*
 * Linux's scoring: a compatible match dominates, earlier entries in the
 * node's list score higher; then a device_type match, then a name match.
 * Any criterion given but not met scores 0.
 */
static int device_is_compatible(const struct device_node *device,
				const char *compat, const char *type,
				const char *name)
{
	struct property *prop;
	const char *cp;
	int index = 0, score = 0;

	if (!device)
		return 0;
	if (compat && compat[0]) {
		prop = of_find_property(device, "compatible", NULL);
		for (cp = of_prop_next_string(prop, NULL); cp;
		     cp = of_prop_next_string(prop, cp), index++) {
			if (!of_compat_strcasecmp(cp, compat)) {
				score = 0x3fffffff - (index << 2);
				break;
			}
		}
		if (!score)
			return 0;
	}
	if (type && type[0]) {
		if (!node_is_type(device, type))
			return 0;
		score += 2;
	}
	if (name && name[0]) {
		if (!of_node_name_eq(device, name))
			return 0;
		score++;
	}
	return score;
}

/**
 * of_device_is_compatible() - how well @compat matches @device's
 * "compatible" list
 * Return: 0 when it is not in the list (or @device is NULL), else a positive
 * score that is higher the earlier @compat appears in the list.
 */
int of_device_is_compatible(const struct device_node *device, const char *compat)
{
	return device_is_compatible(device, compat, NULL, NULL);
}
EXPORT_SYMBOL(of_device_is_compatible);

struct compat_query {
	const char *type, *compat;
};

static bool fits_compat(const struct device_node *np, const void *arg)
{
	const struct compat_query *q = arg;

	return device_is_compatible(np, q->compat, q->type, NULL);
}

/**
 * of_find_compatible_node() - next node, after @from, compatible with
 * @compat and, when @type is not NULL, of device_type @type; @from's
 * reference is dropped
 * Return: the node with a reference (of_node_put() drops it), or NULL.
 */
struct device_node *of_find_compatible_node(struct device_node *from,
					    const char *type, const char *compat)
{
	struct compat_query q = { type, compat };

	return find_next(from, fits_compat, &q);
}
EXPORT_SYMBOL(of_find_compatible_node);

/*
 * The one copy of Linux's of_device_id scoring: the driver core ranks
 * drivers with it, of_match_node() ranks a table's entries with it.
 */
int of_match_score(const struct device_node *np, const struct of_device_id *id)
{
	return device_is_compatible(np, id->compatible, id->type, id->name);
}

/**
 * of_match_node() - the entry of @matches that best fits @node
 * @matches: table ending with an entry whose name, type and compatible are
 *           all empty
 *
 * Compatible beats type beats name; among compatible entries, the one naming
 * the string earliest in the node's list wins; on a tie the first entry.
 * Return: the entry, or NULL when none matches (or an argument is NULL).
 */
const struct of_device_id *of_match_node(const struct of_device_id *matches,
					 const struct device_node *node)
{
	return of_match_best(matches, node, NULL);
}
EXPORT_SYMBOL(of_match_node);

const struct of_device_id *of_match_best(const struct of_device_id *matches,
					 const struct device_node *np, int *scorep)
{
	const struct of_device_id *best = NULL;
	int score, best_score = 0;

	if (scorep)
		*scorep = 0;
	if (!matches || !np)
		return NULL;
	for (; matches->name[0] || matches->type[0] || matches->compatible[0];
	     matches++) {
		score = of_match_score(np, matches);
		if (score > best_score) {
			best = matches;
			best_score = score;
		}
	}
	if (scorep)
		*scorep = best_score;
	return best;
}

static bool fits_table(const struct device_node *np, const void *matches)
{
	return of_match_node(matches, np) != NULL;
}

/**
 * of_find_matching_node_and_match() - next node, after @from, that some
 * entry of @matches fits; *@match (when not NULL) gets the best entry;
 * @from's reference is dropped
 * Return: the node with a reference (of_node_put() drops it), or NULL.
 */
struct device_node *of_find_matching_node_and_match(struct device_node *from,
		const struct of_device_id *matches, const struct of_device_id **match)
{
	struct device_node *np = find_next(from, fits_table, matches);

	if (match)
		*match = of_match_node(matches, np);
	return np;
}
EXPORT_SYMBOL(of_find_matching_node_and_match);

/**
 * of_device_is_available() - may a driver use @device?
 *
 * A node without "status", or with "okay" or "ok", is available; anything
 * else ("disabled", "fail", "fail-...") is not.
 * Return: true or false (false for NULL).
 */
bool of_device_is_available(const struct device_node *device)
{
	const char *status;
	int len;

	if (!device)
		return false;
	status = of_get_property(device, "status", &len);
	return of_status_okay(status, len);
}
EXPORT_SYMBOL(of_device_is_available);

/*
 * Nodes added at run time (overlays) are not in the table unflatten sorted:
 * their phandles are above every base phandle, so a miss above the table's
 * last entry walks the tree.  Overlays add a handful of nodes; the walk
 * keeps adding and removing them free of any table to grow and shrink.
 */
static struct device_node *find_dynamic_phandle(phandle handle)
{
	struct device_node *np;

	if (of_phandle_count && handle < of_phandle_table[of_phandle_count - 1]->phandle)
		return NULL;
	for (np = of_root; np; np = __of_find_all_nodes(np))
		if (np->phandle == handle)
			return np;
	return NULL;
}

/*
 * A binary search in the table unflatten sorted; dtc numbers phandles
 * 1, 2, 3, ... so the first probe (index handle - 1) usually hits.
 * No reference: of/'s own walks of phandle lists borrow the node.
 */
struct device_node *__of_find_node_by_phandle(phandle handle)
{
	unsigned int lo = 0, hi = of_phandle_count;
	struct device_node *np = NULL;

	if (!handle)
		return NULL;
	if (handle <= hi && of_phandle_table[handle - 1]->phandle == handle) {
		np = of_phandle_table[handle - 1];
		goto found;
	}
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		phandle ph = of_phandle_table[mid]->phandle;

		if (ph == handle) {
			np = of_phandle_table[mid];
			goto found;
		}
		if (ph < handle)
			lo = mid + 1;
		else
			hi = mid;
	}
	return find_dynamic_phandle(handle);

found:
	/* A base node an overlay took out, or whose phandle it changed. */
	if (of_node_check_flag(np, OF_DETACHED) || np->phandle != handle)
		return NULL;
	return np;
}

/**
 * of_find_node_by_phandle() - the node with phandle @handle; a node
 * detached from the tree is not found
 * Return: the node with a reference (of_node_put() drops it), or NULL for
 * 0 or an unknown phandle.
 */
struct device_node *of_find_node_by_phandle(phandle handle)
{
	return of_node_get(__of_find_node_by_phandle(handle));
}
EXPORT_SYMBOL(of_find_node_by_phandle);

/**
 * of_get_parent() - @node's parent
 * Return: the parent with a reference (of_node_put() drops it), or NULL for
 * the root or a NULL node.
 */
struct device_node *of_get_parent(const struct device_node *node)
{
	return node ? of_node_get(node->parent) : NULL;
}
EXPORT_SYMBOL(of_get_parent);

/**
 * of_get_next_parent() - as of_get_parent(), and the reference on @node
 * dropped: a walk up the tree holds one node at a time
 * Return: the parent with a reference, or NULL.
 */
struct device_node *of_get_next_parent(struct device_node *node)
{
	struct device_node *parent = of_get_parent(node);

	of_node_put(node);
	return parent;
}
EXPORT_SYMBOL(of_get_next_parent);

/**
 * of_get_next_child() - @node's child after @prev (NULL: the first child);
 * the reference on @prev is dropped, so for_each_child_of_node() holds one
 * child at a time, and a loop left early holds the child it stopped at
 * Return: the child with a reference, or NULL after the last one or for a
 * NULL node.
 */
struct device_node *of_get_next_child(const struct device_node *node,
				      struct device_node *prev)
{
	struct device_node *next;

	if (!node)
		return NULL;
	next = of_node_get(prev ? prev->sibling : node->child);
	of_node_put(prev);
	return next;
}
EXPORT_SYMBOL(of_get_next_child);

/**
 * of_get_next_available_child() - as of_get_next_child(), skipping children
 * that of_device_is_available() refuses
 * Return: the child with a reference, or NULL.
 */
struct device_node *of_get_next_available_child(const struct device_node *node,
						struct device_node *prev)
{
	struct device_node *next = prev;

	while ((next = of_get_next_child(node, next)))
		if (of_device_is_available(next))
			return next;
	return NULL;
}
EXPORT_SYMBOL(of_get_next_available_child);

/**
 * of_get_child_by_name() - @node's first child named @name (without unit
 * address)
 * Return: the child with a reference, or NULL.
 */
struct device_node *of_get_child_by_name(const struct device_node *node,
					 const char *name)
{
	struct device_node *child;

	for_each_child_of_node(node, child)
		if (of_node_name_eq(child, name))
			return child;
	return NULL;
}
EXPORT_SYMBOL(of_get_child_by_name);

/**
 * of_get_compatible_child() - @parent's first child compatible with
 * @compatible
 * Return: the child with a reference, or NULL.
 */
struct device_node *of_get_compatible_child(const struct device_node *parent,
					    const char *compatible)
{
	struct device_node *child;

	for_each_child_of_node(parent, child)
		if (of_device_is_compatible(child, compatible))
			return child;
	return NULL;
}
EXPORT_SYMBOL(of_get_compatible_child);

/**
 * of_get_child_count() - number of children of @np
 * Return: the count (0 for NULL).
 */
int of_get_child_count(const struct device_node *np)
{
	struct device_node *child;
	int n = 0;

	for_each_child_of_node(np, child)
		n++;
	return n;
}
EXPORT_SYMBOL(of_get_child_count);

/**
 * of_get_available_child_count() - number of available children of @np
 * Return: the count (0 for NULL).
 */
int of_get_available_child_count(const struct device_node *np)
{
	struct device_node *child;
	int n = 0;

	for_each_available_child_of_node(np, child)
		n++;
	return n;
}
EXPORT_SYMBOL(of_get_available_child_count);

/**
 * of_get_next_cpu_node() - the /cpus child after @prev (NULL: the first)
 * that describes a CPU: device_type "cpu", or, in trees older than that
 * rule, named "cpu" (cpu-map and other helpers are skipped).  The
 * reference on @prev is dropped: for_each_of_cpu_node() holds one node at
 * a time, and a loop left early holds the node it stopped at.
 * Return: the node with a reference (of_node_put() drops it), or NULL after
 * the last one (or without /cpus).
 */
struct device_node *of_get_next_cpu_node(struct device_node *prev)
{
	struct device_node *next;

	if (prev) {
		next = prev->sibling;
	} else {
		struct device_node *cpus = of_find_node_by_path("/cpus");

		next = cpus ? cpus->child : NULL;
		of_node_put(cpus);
	}
	for (; next; next = next->sibling)
		if (node_is_type(next, "cpu") || of_node_name_eq(next, "cpu"))
			break;
	of_node_get(next);
	of_node_put(prev);
	return next;
}

const char *of_cpu_enable_method(const struct device_node *np)
{
	const char *method;

	if (!of_property_read_string(np, "enable-method", &method))
		return method;
	if (np->parent && !of_property_read_string(np->parent, "enable-method", &method))
		return method;
	return NULL;
}
EXPORT_SYMBOL(of_cpu_enable_method);

/**
 * of_get_cpu_node() - the /cpus child whose "reg" holds hardware id @cpu
 * @thread: when not NULL, set to the index of @cpu within that "reg"
 * Return: the cpu node with a reference (of_node_put() drops it), or NULL.
 */
struct device_node *of_get_cpu_node(int cpu, unsigned int *thread)
{
	struct device_node *cpun;

	for_each_of_cpu_node(cpun) {
		const __be32 *cell;
		int ac, len, tid;

		ac = of_n_addr_cells(cpun);
		cell = of_get_property(cpun, "reg", &len);
		if (!cell || ac < 1 || ac > 2)
			continue;
		for (tid = 0; tid < len / (4 * ac); tid++, cell += ac) {
			if (of_read_number(cell, ac) == (u64)cpu) {
				if (thread)
					*thread = (unsigned int)tid;
				return cpun;
			}
		}
	}
	return NULL;
}

/**
 * of_alias_get_id() - the number of the alias that names @np with @stem
 * ("serial" and the node of alias serial2 give 2)
 * Return: the id (>= 0), or -ENODEV when no such alias exists.
 */
int of_alias_get_id(const struct device_node *np, const char *stem)
{
	size_t len;
	unsigned int i;

	if (!np || !stem)
		return -ENODEV;
	len = strlen(stem);
	for (i = 0; i < of_alias_count; i++) {
		const struct of_alias *a = &of_alias_table[i];

		if (a->np == np && (size_t)a->stem_len == len &&
		    !strncmp(a->stem, stem, len))
			return a->id;
	}
	return -ENODEV;
}
EXPORT_SYMBOL(of_alias_get_id);

/**
 * of_alias_get_highest_id() - the highest id among aliases with @stem
 * Return: the id (>= 0), or -ENODEV when there is none.
 */
int of_alias_get_highest_id(const char *stem)
{
	size_t len;
	unsigned int i;
	int id = -ENODEV;

	if (!stem)
		return -ENODEV;
	len = strlen(stem);
	for (i = 0; i < of_alias_count; i++) {
		const struct of_alias *a = &of_alias_table[i];

		if ((size_t)a->stem_len == len && !strncmp(a->stem, stem, len) &&
		    a->id > id)
			id = a->id;
	}
	return id;
}
EXPORT_SYMBOL(of_alias_get_highest_id);

/* Linux's rule: the nearest ancestor (from the parent up) that has it. */
static int n_cells(const struct device_node *np, const char *name, int dflt)
{
	if (!np)
		return dflt;
	do {
		const __be32 *ip;
		int len;

		if (np->parent)
			np = np->parent;
		ip = of_get_property(np, name, &len);
		if (ip && len >= 4)
			return (int)be32_to_cpu(*ip);
	} while (np->parent);
	return dflt;
}

/**
 * of_n_addr_cells() - cells in an address in @np's "reg": "#address-cells"
 * of its parent, or of the nearest ancestor that has it
 * Return: the count; 1 (the root's default) when no ancestor says.
 */
int of_n_addr_cells(const struct device_node *np)
{
	return n_cells(np, "#address-cells", OF_ROOT_NODE_ADDR_CELLS_DEFAULT);
}
EXPORT_SYMBOL(of_n_addr_cells);

/**
 * of_n_size_cells() - cells in a size in @np's "reg", found as
 * of_n_addr_cells() finds addresses
 * Return: the count; 1 when no ancestor says.
 */
int of_n_size_cells(const struct device_node *np)
{
	return n_cells(np, "#size-cells", OF_ROOT_NODE_SIZE_CELLS_DEFAULT);
}
EXPORT_SYMBOL(of_n_size_cells);

/* The node's own property, else n_cells()'s answer from its parent up. */
static int own_cells(const struct device_node *np, const char *name, int dflt)
{
	const __be32 *ip;
	int len;

	ip = of_get_property(np, name, &len);
	if (ip && len >= 4)
		return (int)be32_to_cpu(*ip);
	return n_cells(np, name, dflt);
}

/**
 * of_bus_n_addr_cells() - cells in an address on bus @np (in its children's
 * "reg"): its own "#address-cells", or the nearest ancestor's
 * Return: the count; 1 when none says.
 */
int of_bus_n_addr_cells(const struct device_node *np)
{
	return own_cells(np, "#address-cells", OF_ROOT_NODE_ADDR_CELLS_DEFAULT);
}
EXPORT_SYMBOL(of_bus_n_addr_cells);

/**
 * of_bus_n_size_cells() - as of_bus_n_addr_cells(), for "#size-cells"
 * Return: the count; 1 when none says.
 */
int of_bus_n_size_cells(const struct device_node *np)
{
	return own_cells(np, "#size-cells", OF_ROOT_NODE_SIZE_CELLS_DEFAULT);
}
EXPORT_SYMBOL(of_bus_n_size_cells);
