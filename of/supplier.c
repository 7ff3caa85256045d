// SPDX-License-Identifier: BSD-2-Clause
/*
 * The properties that name a supplier: one table row per property, read by
 * one of four small parsers.  Adding a binding is adding a row.
 *
 * The table answers "which nodes must be working before this one can be",
 * from the tree alone; the driver core turns the answers into device links
 * before anything probes (Linux's fw_devlink), so consumers probe after
 * their suppliers instead of finding the order by trial and error.
 */
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/of_supplier.h>
#include <linux/string.h>

#include "of_private.h"

/* Ranks: see struct of_supplier_binding; larger is more essential. */
const struct of_supplier_binding of_supplier_bindings[] = {
	{ "clocks",              "#clock-cells",        OF_SUP_LIST,       false, false, 9 },
	{ "-supply",             NULL,                  OF_SUP_PHANDLES,   true,  false, 8 },
	{ "power-domains",       "#power-domain-cells", OF_SUP_LIST,       false, false, 8 },
	{ "resets",              "#reset-cells",        OF_SUP_LIST,       false, false, 7 },
	{ "interrupts",          NULL,                  OF_SUP_IRQ_PARENT, false, false, 6 },
	{ "interrupts-extended", "#interrupt-cells",    OF_SUP_LIST,       false, false, 6 },
	{ "interrupt-map",       NULL,                  OF_SUP_IRQ_MAP,    false, false, 6 },
	{ "iommus",              "#iommu-cells",        OF_SUP_LIST,       false, false, 5 },
	{ "dmas",                "#dma-cells",          OF_SUP_LIST,       false, false, 5 },
	{ "phys",                "#phy-cells",          OF_SUP_LIST,       false, false, 5 },
	{ "pwms",                "#pwm-cells",          OF_SUP_LIST,       false, false, 4 },
	{ "mboxes",              "#mbox-cells",         OF_SUP_LIST,       false, false, 4 },
	{ "gpios",               "#gpio-cells",         OF_SUP_LIST,       false, false, 4 },
	{ "-gpios",              "#gpio-cells",         OF_SUP_LIST,       true,  false, 4 },
	{ "pinctrl-",            NULL,                  OF_SUP_PHANDLES,   false, true,  3 },
	{ "remote-endpoint",     NULL,                  OF_SUP_PHANDLES,   false, false, 1 },
	{ }
};

/* An inherited interrupt parent is the least sure link: rank it lowest
 * but one (only a remote endpoint is weaker). */
#define INHERITED_IRQ_RANK 2

struct walk {
	of_supplier_fn fn;
	void *ctx;
	struct device_node *dev_np;     /* the device's node (skip self-references) */
};

const char *of_supplier_ref_name(const struct of_supplier_ref *ref, char *buf, size_t len)
{
	const struct of_supplier_binding *b = ref->binding;

	if (b->kind == OF_SUP_IRQ_PARENT && !strcmp(ref->prop, "interrupt-map"))
		snprintf(buf, len, "interrupts (interrupt-map)");
	else if (b->kind == OF_SUP_IRQ_PARENT)
		snprintf(buf, len, "interrupt-parent%s", ref->inherited ? " (inherited)" : "");
	else
		snprintf(buf, len, "%s", ref->prop);
	return buf;
}

static bool row_matches(const struct of_supplier_binding *b, const char *name)
{
	size_t n = strlen(name), l = strlen(b->prop);
	const char *p;

	if (b->suffix)
		return n > l && !strcmp(name + n - l, b->prop) && strcmp(name, "nr-gpios");
	if (!b->numbered)
		return !strcmp(name, b->prop);
	if (strncmp(name, b->prop, l) || !name[l])
		return false;
	for (p = name + l; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

static int emit(struct walk *w, const struct of_supplier_binding *b, struct device_node *from,
		const char *prop, struct device_node *sup, bool inherited)
{
	struct of_supplier_ref ref = { b, sup, from, prop, inherited };

	/* Parent before child is implicit; a descendant is the node's own. */
	if (!sup || of_node_is_ancestor(sup, w->dev_np) || of_node_is_ancestor(w->dev_np, sup))
		return 0;
	return w->fn(w->ctx, &ref);
}

struct list_walk {
	struct walk *w;
	const struct of_supplier_binding *b;
	struct device_node *np;
	const char *name;
};

static int list_entry_fn(void *ctx, const struct of_phandle_args *args)
{
	struct list_walk *lw = ctx;

	return emit(lw->w, lw->b, lw->np, lw->name, args->np, false);
}

/* OF_SUP_LIST (phandle + #cells) and OF_SUP_PHANDLES (bare phandles). */
static int parse_list(struct walk *w, const struct of_supplier_binding *b,
		      struct device_node *np, const char *name)
{
	struct list_walk lw = { w, b, np, name };
	int ret = of_phandle_list_walk(np, name, b->kind == OF_SUP_LIST ? b->cells : NULL,
				       list_entry_fn, &lw);

	/* A malformed list is skipped, as the kernel's own parsers skip it. */
	return ret == -EINVAL || ret == -ENOENT ? 0 : ret;
}

/*
 * The interrupt parent is a nexus (of_irq_is_nexus()): usually a node that
 * never becomes a device.  The suppliers are the controllers each
 * interrupt lands on through the map, as Linux's fw_devlink finds them.
 */
static int parse_irq_through_map(struct walk *w, const struct of_supplier_binding *b,
				 struct device_node *np, bool inherited)
{
	int n = of_irq_count(np);

	for (int i = 0; i < n; i++) {
		struct of_phandle_args args;
		int ret;

		if (of_irq_parse_one(np, i, &args))
			continue;       /* unmappable: the driver's of_irq_get() says so */
		ret = emit(w, b, np, "interrupt-map", args.np, inherited);
		if (ret)
			return ret;
	}
	return 0;
}

static int parse_irq_parent(struct walk *w, const struct of_supplier_binding *b,
			    struct device_node *np)
{
	struct device_node *par;
	bool inherited = !of_get_property(np, "interrupt-parent", NULL);
	int ret;

	/* "interrupts-extended" names its parents itself and wins. */
	if (of_get_property(np, "interrupts-extended", NULL))
		return 0;
	par = of_irq_find_parent(np);
	if (par && of_irq_is_nexus(par))
		ret = parse_irq_through_map(w, b, np, inherited);
	else
		ret = emit(w, b, np, "interrupt-parent", par, inherited);
	of_node_put(par);
	return ret;
}

/* #address-cells as interrupt-map reads a unit address: the node's own,
 * else the nearest ancestor's, else 2 (of_irq_parse_raw()'s rule). */
static u32 map_addr_cells(const struct device_node *np)
{
	u32 cells;

	for (; np; np = np->parent)
		if (!of_property_read_u32(np, "#address-cells", &cells))
			return cells;
	return 2;
}

static int parse_irq_map(struct walk *w, const struct of_supplier_binding *b,
			 struct device_node *np)
{
	const __be32 *map;
	u32 intcells, paddr, pint, skip;
	int len, left, ret;

	map = of_get_property(np, "interrupt-map", &len);
	if (!map || of_property_read_u32(np, "#interrupt-cells", &intcells))
		return 0;
	skip = map_addr_cells(np) + intcells;
	for (left = len / 4; left > (int)skip; ) {
		struct device_node *par = __of_find_node_by_phandle(be32_to_cpu(map[skip]));

		if (!par || of_property_read_u32(par, "#interrupt-cells", &pint))
			return 0;       /* malformed: the rest cannot be framed */
		if (of_property_read_u32(par, "#address-cells", &paddr))
			paddr = 0;
		ret = emit(w, b, np, b->prop, par, false);
		if (ret)
			return ret;
		map += skip + 1 + paddr + pint;
		left -= (int)(skip + 1 + paddr + pint);
	}
	return 0;
}

static int parse_row(struct walk *w, const struct of_supplier_binding *b,
		     struct device_node *np, const char *name)
{
	switch (b->kind) {
	case OF_SUP_LIST:
	case OF_SUP_PHANDLES:
		return parse_list(w, b, np, name);
	case OF_SUP_IRQ_PARENT:
		return parse_irq_parent(w, b, np);
	case OF_SUP_IRQ_MAP:
		return parse_irq_map(w, b, np);
	}
	return 0;
}

static int walk_node(struct walk *w, struct device_node *np)
{
	const struct of_supplier_binding *b;
	struct device_node *child;
	struct property *pp;
	int ret;

	for (pp = np->properties; pp; pp = pp->next) {
		for (b = of_supplier_bindings; b->prop; b++) {
			if (!row_matches(b, pp->name))
				continue;
			ret = parse_row(w, b, np, pp->name);
			if (ret)
				return ret;
			break;
		}
	}
	for (child = np->child; child; child = child->sibling) {
		if (of_get_property(child, "compatible", NULL) || !of_device_is_available(child))
			continue;
		ret = walk_node(w, child);
		if (ret)
			return ret;
	}
	return 0;
}

int of_for_each_supplier(struct device_node *np, of_supplier_fn fn, void *ctx)
{
	struct walk w = { fn, ctx, np };

	if (!np || !fn)
		return -EINVAL;
	return walk_node(&w, np);
}

int of_supplier_ref_rank(const struct of_supplier_ref *ref)
{
	return ref->inherited ? INHERITED_IRQ_RANK : ref->binding->rank;
}
