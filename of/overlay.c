// SPDX-License-Identifier: BSD-2-Clause
/*
 * Device-tree overlays: a blob `dtc -@` made from a `/plugin/;` source,
 * applied to the live tree as one changeset, and removed again.
 *
 * An overlay blob holds fragments, each a `target = <&label>` (or
 * `target-path = "/path"`) and an `__overlay__` node whose properties and
 * children go onto the target; `__fixups__` lists where the overlay uses
 * labels of the base tree, `__local_fixups__` where it uses its own
 * phandles, and `__symbols__` the labels it defines.  Applying one:
 *
 *   1. copy the blob and unflatten the copy (the checker runs first, as
 *      for a boot blob); the copy stays while the overlay is applied, and
 *      every value the tree gains points into it: zero-copy;
 *   2. renumber the overlay's phandles above the tree's highest, and add
 *      the same amount where __local_fixups__ says a phandle is used;
 *   3. write the base's phandle wherever __fixups__ says a label is used,
 *      the label looked up in the tree's __symbols__ (the base must be
 *      built with `dtc -@`);
 *   3b. set the parameters the caller gave, Raspberry Pi style, from the
 *      overlay's __overrides__ (overlay_params.c);
 *   4. turn every fragment into changeset entries (attach node, add or
 *      update property), checking what Linux checks (phandle clash,
 *      #address-cells/#size-cells changes), and the overlay's labels into
 *      properties of the tree's __symbols__;
 *   5. apply the changeset: all or nothing, then the buses are notified.
 *
 * Until step 5 the live tree is not touched, so any error leaves it as it
 * was; the error says which fragment, which property and why.
 */
#define pr_fmt(fmt) "overlay: " fmt

#include <stdarg.h>

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "of_private.h"

struct overlay {
	int id;
	char name[32];
	struct overlay *next;           /* applied overlays, oldest first */
	void *fdt;                      /* our copy of the blob */
	struct device_node *tree;       /* the copy unflattened (one allocation) */
	struct property *props;         /* what the changeset adds, one array */
	unsigned int nr_props, used_props;
	char *symbols;                  /* rewritten __symbols__ paths */
	size_t symbols_size, symbols_used;
	struct device_node **uses;      /* nodes its __fixups__ labels named */
	unsigned int nr_uses;
	struct of_param_mem *params;    /* values its parameters set */
	struct of_changeset cset;
};

static struct overlay *overlays;
static int last_id;
/* The board tree's overlays while a self-test's tree is live. */
static struct overlay *aside;
static int aside_last_id;
static char why[200];
static RAW_NOTIFIER_HEAD(overlay_notify_chain);

int of_overlay_notifier_register(struct notifier_block *nb)
{
	return raw_notifier_chain_register(&overlay_notify_chain, nb);
}

int of_overlay_notifier_unregister(struct notifier_block *nb)
{
	return raw_notifier_chain_unregister(&overlay_notify_chain, nb);
}

/*
 * Tell the notifiers what is about to happen to @cset, or has happened:
 * 0, or the errno of the block that refused (its reason in why[]).
 */
static int overlay_notify(unsigned long action, struct of_changeset *cset)
{
	static const char *const names[] = {
		[OF_OVERLAY_PRE_APPLY] = "pre-apply", [OF_OVERLAY_POST_APPLY] = "post-apply",
		[OF_OVERLAY_PRE_REMOVE] = "pre-remove", [OF_OVERLAY_POST_REMOVE] = "post-remove",
	};
	struct of_overlay_notify_data nd = { cset, why, sizeof(why) };
	int ret;

	why[0] = '\0';
	ret = notifier_to_errno(raw_notifier_call_chain(&overlay_notify_chain, action, &nd));
	if (ret && !why[0])
		why_set(why, sizeof(why), "a %s notifier refused (%s)", names[action],
			errname(ret));
	return ret;
}

const char *of_overlay_error(void)
{
	return why;
}

static struct overlay *find_overlay(int id)
{
	struct overlay *ov;

	for (ov = overlays; ov; ov = ov->next)
		if (ov->id == id)
			return ov;
	return NULL;
}

static bool is_fixup_node(const struct device_node *np)
{
	return !strcmp(np->full_name, "__fixups__") ||
	       !strcmp(np->full_name, "__local_fixups__") ||
	       !strcmp(np->full_name, "__symbols__");
}

/* A value that is one or more complete strings. */
static bool is_stringlist(const struct property *pp)
{
	const char *v = pp->value;

	return pp->length > 0 && v[pp->length - 1] == '\0';
}

/* Offsets come from the overlay's fixups: a cell need not be aligned. */
static u32 get_cell(const struct property *pp, u32 off)
{
	return get_unaligned_be32((const u8 *)pp->value + off);
}

static void put_cell(struct property *pp, u32 off, u32 v)
{
	put_unaligned_be32(v, (u8 *)pp->value + off);
}

/* ---- step 2: the overlay's own phandles ---------------------------------- */

static phandle live_max_phandle(void)
{
	struct device_node *np;
	phandle max = 0;

	for (np = of_root; np; np = __of_find_all_nodes(np))
		if (np->phandle > max)
			max = np->phandle;
	return max;
}

static int renumber_phandles(struct overlay *ov, phandle delta)
{
	struct device_node *np;
	struct property *pp;

	for (np = ov->tree; np; np = __of_find_all_nodes(np)) {
		if (!np->phandle)
			continue;
		if (np->phandle > 0xfffffffeu - delta)
			return why_fail(why, sizeof(why), -EOVERFLOW,
					"%s: phandle 0x%x + 0x%x runs out of phandles",
					np->full_name, np->phandle, delta);
		np->phandle += delta;
		for_each_property_of_node(np, pp)
			if (pp->length == 4 && of_is_phandle_name(pp->name))
				put_cell(pp, 0, np->phandle);
	}
	return 0;
}

/* __local_fixups__ mirrors the overlay: each property lists offsets of
 * phandle cells in the same property of the same node. */
static int local_fixups(struct device_node *fix, struct device_node *np, phandle delta)
{
	struct device_node *fc;
	struct property *fp, *pp;
	int ret;

	for_each_property_of_node(fix, fp) {
		pp = of_find_property(np, fp->name, NULL);
		if (!pp)
			return why_fail(why, sizeof(why), -EINVAL,
					"__local_fixups__: %s has no property %s", np->full_name,
					fp->name);
		if (fp->length % 4)
			return why_fail(why, sizeof(why), -EINVAL,
					"__local_fixups__: %s/%s is not a list of offsets",
					fix->full_name, fp->name);
		for (u32 i = 0; i < (u32)fp->length; i += 4) {
			u32 off = get_cell(fp, i);

			if (off > (u32)pp->length || (u32)pp->length - off < 4)
				return why_fail(why, sizeof(why), -EINVAL,
						"__local_fixups__: offset %u is outside property %s of %s (%d bytes)",
						off, pp->name, np->full_name, pp->length);
			put_cell(pp, off, get_cell(pp, off) + delta);
		}
	}
	for (fc = fix->child; fc; fc = fc->sibling) {
		struct device_node *c = __of_find_node_by_path(np, fc->full_name);

		if (!c)
			return why_fail(why, sizeof(why), -EINVAL,
					"__local_fixups__: %s has no child %s", np->full_name,
					fc->full_name);
		ret = local_fixups(fc, c, delta);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- step 3: labels of the base ------------------------------------------- */

/* The path a label names in the live tree's __symbols__, or NULL (reported). */
static const char *label_path(const char *label, const char *user)
{
	struct device_node *symbols = of_find_node_by_path("/__symbols__");
	struct property *pp = of_find_property(symbols, label, NULL);

	of_node_put(symbols);	/* the property stays while the overlays above it do */
	if (!symbols) {
		why_set(why, sizeof(why),
			"%s: label '%s': the base tree has no __symbols__ (compile it with dtc -@)",
			user, label);
		return NULL;
	}
	if (!pp) {
		why_set(why, sizeof(why),
			"%s: unknown label '%s' (not in the base tree's __symbols__)", user, label);
		return NULL;
	}
	if (!is_stringlist(pp) || ((char *)pp->value)[0] != '/') {
		why_set(why, sizeof(why), "%s: label '%s': __symbols__ value is not a path", user,
			label);
		return NULL;
	}
	return pp->value;
}

/* The node a label names, with a reference the caller keeps or puts. */
static int resolve_label(const char *label, const char *user, struct device_node **out)
{
	const char *path = label_path(label, user);
	struct device_node *np;

	if (!path)
		return -EINVAL;
	np = of_find_node_by_path(path);
	if (!np)
		return why_fail(why, sizeof(why), -EINVAL,
				"%s: label '%s' names %s, which is not in the tree",
				user, label, path);
	if (!np->phandle) {
		of_node_put(np);
		return why_fail(why, sizeof(why), -EINVAL,
				"%s: label '%s': %s has no phandle", user, label, path);
	}
	*out = np;
	return 0;
}

/* One "path:property:offset" use of label @label. */
static int fixup_one(struct overlay *ov, const char *label, const char *use, phandle ph)
{
	const char *c1 = strchr(use, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	struct device_node *np;
	struct property *pp;
	char pname[64];
	unsigned int off;

	if (!c1 || !c2 || !c2[1] || (size_t)(c2 - c1 - 1) >= sizeof(pname))
		return why_fail(why, sizeof(why), -EINVAL,
				"__fixups__: label '%s': '%s' is not path:property:offset",
				label, use);
	if (c2[1] < '0' || c2[1] > '9' || kstrtouint(c2 + 1, 10, &off))
		return why_fail(why, sizeof(why), -EINVAL,
				"__fixups__: label '%s': bad offset in '%s'", label, use);
	np = use[0] == '/' ? __of_find_node_by_full_path(ov->tree, use) : NULL;
	if (!np)
		return why_fail(why, sizeof(why), -EINVAL,
				"__fixups__: label '%s': no node %.*s in the overlay", label,
				(int)(c1 - use), use);
	memcpy(pname, c1 + 1, (size_t)(c2 - c1 - 1));
	pname[c2 - c1 - 1] = '\0';
	pp = of_find_property(np, pname, NULL);
	if (!pp || off > (u32)pp->length || (u32)pp->length - off < 4)
		return why_fail(why, sizeof(why), -EINVAL,
				"__fixups__: label '%s': %s has no 4 bytes at offset %u of property %s",
				label, np->full_name, off, pname);
	put_cell(pp, off, ph);
	return 0;
}

/* "fragment@0: property target" from the use "/fragment@0:target:0". */
static void fixup_user(const char *use, char *buf, size_t size)
{
	const char *c1 = strchr(use, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	const char *slash = strchr(use + 1, '/');
	const char *end = slash && slash < c1 ? slash : c1;

	if (!c1 || !c2 || use[0] != '/') {
		snprintf(buf, size, "__fixups__");
		return;
	}
	snprintf(buf, size, "%.*s: property %.*s", (int)(end - use - 1), use + 1,
		 (int)(c2 - c1 - 1), c1 + 1);
}

static int fixups(struct overlay *ov, struct device_node *fix)
{
	struct device_node *np = NULL;
	struct property *fp;
	const char *use;
	char user[96];
	int ret;

	for_each_property_of_node(fix, fp)
		ov->nr_uses++;
	if (!ov->nr_uses)
		return 0;
	ov->uses = kcalloc(ov->nr_uses, sizeof(*ov->uses), GFP_KERNEL);
	if (!ov->uses)
		return why_fail(why, sizeof(why), -ENOMEM, "__fixups__: no memory");
	ov->nr_uses = 0;
	for_each_property_of_node(fix, fp) {
		if (!is_stringlist(fp))
			return why_fail(why, sizeof(why), -EINVAL,
					"__fixups__: label '%s': value is not a string list",
					fp->name);
		fixup_user(fp->value, user, sizeof(user));
		ret = resolve_label(fp->name, user, &np);
		if (ret)
			return ret;
		/* Removal checks it: a node another overlay added may not go
		 * first.  Held (with the lookup's reference) until the overlay goes. */
		ov->uses[ov->nr_uses++] = np;
		for (use = fp->value; use < (const char *)fp->value + fp->length;
		     use += strlen(use) + 1) {
			ret = fixup_one(ov, fp->name, use, np->phandle);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* ---- step 4: fragments become changeset entries --------------------------- */

/* NULL when the array is used up (it cannot be: each overlay property
 * makes at most one); of_changeset_action() then refuses with -EINVAL. */
static struct property *new_prop(struct overlay *ov, const char *name, void *value, int len)
{
	struct property *pp;

	if (ov->used_props == ov->nr_props)
		return NULL;
	pp = &ov->props[ov->used_props++];
	pp->name = name;
	pp->value = value;
	pp->length = len;
	pp->next = NULL;
	return pp;
}

/*
 * Two fragments that add the same node or set the same property collide;
 * Linux refuses that, and so does this, before anything is applied.
 */
static struct of_changeset_entry *pending(struct overlay *ov, const struct device_node *np,
					  const char *prop, const char *child)
{
	struct of_changeset_entry *ce;

	list_for_each_entry(ce, &ov->cset.entries, node) {
		if (prop && ce->np == np && ce->prop && !strcmp(ce->prop->name, prop))
			return ce;
		if (child && ce->action == OF_RECONFIG_ATTACH_NODE && ce->np->parent == np &&
		    !strcmp(ce->np->full_name, child))
			return ce;
	}
	return NULL;
}

static bool same_value(const struct property *a, const struct property *b)
{
	return a->length == b->length && !memcmp(a->value, b->value, (size_t)a->length);
}

static bool is_cells_prop(const char *name)
{
	return !strcmp(name, "#address-cells") || !strcmp(name, "#size-cells");
}

static int build_node(struct overlay *ov, const char *frag, struct device_node *target,
		      struct device_node *ovn, bool fresh);

static int build_props(struct overlay *ov, const char *frag, struct device_node *target,
		       struct device_node *ovn, bool fresh)
{
	struct of_changeset_entry *ce;
	struct property *pp, *tp;
	char path[128];
	int ret;

	for_each_property_of_node(ovn, pp) {
		/* A label on a fragment's __overlay__ (the Pi's `frag: __overlay__`,
		 * for __overrides__) names the target, which keeps its own
		 * phandle: Linux skips that phandle too. */
		if (!fresh && of_is_phandle_name(pp->name) && !strcmp(ovn->full_name, "__overlay__"))
			continue;
		tp = fresh ? NULL : of_find_property(target, pp->name, NULL);
		if (tp && of_is_phandle_name(pp->name) && !same_value(tp, pp)) {
			of_node_full_path(target, path, sizeof(path));
			return why_fail(why, sizeof(why), -EINVAL,
					"%s: property %s: phandle clash: %s has phandle 0x%x, the overlay gives it another",
					frag, pp->name, path, target->phandle);
		}
		if (tp && is_cells_prop(pp->name) &&
		    !same_value(tp, pp)) {
			of_node_full_path(target, path, sizeof(path));
			return why_fail(why, sizeof(why), -EINVAL,
					"%s: property %s: would change %s's %s from %u to %u (not allowed)",
					frag, pp->name, path, pp->name,
					tp->length == 4 ? get_cell(tp, 0) : 0,
					pp->length == 4 ? get_cell(pp, 0) : 0);
		}
		/* Said again, unchanged: no change to record (Linux records none,
		 * so it does not hold back the removal of another overlay). */
		if (tp && is_cells_prop(pp->name))
			continue;
		ce = pending(ov, target, pp->name, NULL);
		if (ce && same_value(ce->prop, pp))
			continue;       /* "#address-cells = <1>" in each fragment to a bus */
		if (ce) {
			of_node_full_path(target, path, sizeof(path));
			return why_fail(why, sizeof(why), -EINVAL,
					"%s: property %s: an earlier fragment sets %s's %s too",
					frag,
					pp->name, path, pp->name);
		}
		ret = of_changeset_action(&ov->cset, tp ? OF_RECONFIG_UPDATE_PROPERTY :
					  OF_RECONFIG_ADD_PROPERTY, target,
					  new_prop(ov, pp->name, pp->value, pp->length));
		if (ret)
			return why_fail(why, sizeof(why), ret,
					"%s: property %s: %s", frag, pp->name, errname(ret));
	}
	return 0;
}

static int build_child(struct overlay *ov, const char *frag, struct device_node *target,
		       struct device_node *c, bool fresh)
{
	struct device_node *tc = fresh ? NULL : __of_find_node_by_path(target, c->full_name);
	char path[128];
	int ret;

	if (tc) {
		if (c->phandle && tc->phandle) {
			of_node_full_path(tc, path, sizeof(path));
			return why_fail(why, sizeof(why), -EINVAL,
					"%s: property phandle: phandle clash: %s has phandle 0x%x, the overlay gives it another",
					frag, path, tc->phandle);
		}
		return build_node(ov, frag, tc, c, false);
	}
	if (!fresh && pending(ov, target, NULL, c->full_name)) {
		of_node_full_path(target, path, sizeof(path));
		return why_fail(why, sizeof(why), -EINVAL,
				"%s: node %s: an earlier fragment adds it to %s too",
				frag, c->full_name,
				path);
	}
	/* Its names copied: a device may hold it after the overlay is gone. */
	tc = __of_node_alloc(target, c->full_name);
	if (!tc)
		return why_fail(why, sizeof(why), -ENOMEM,
				"%s: no memory for node %s", frag, c->full_name);
	tc->phandle = c->phandle;
	ret = of_changeset_attach_node(&ov->cset, tc);
	if (ret) {
		__of_node_free(tc);
		return why_fail(why, sizeof(why), ret,
				"%s: node %s: %s", frag, c->full_name, errname(ret));
	}
	return build_node(ov, frag, tc, c, true);
}

static int build_node(struct overlay *ov, const char *frag, struct device_node *target,
		      struct device_node *ovn, bool fresh)
{
	struct device_node *c;
	int ret;

	ret = build_props(ov, frag, target, ovn, fresh);
	if (ret)
		return ret;
	for (c = ovn->child; c; c = c->sibling) {
		ret = build_child(ov, frag, target, c, fresh);
		if (ret)
			return ret;
	}
	return 0;
}

static int fragment_target(struct device_node *frag, struct device_node **target)
{
	struct property *tp = of_find_property(frag, "target", NULL);
	const char *path;

	if (tp) {
		if (tp->length != 4)
			return why_fail(why, sizeof(why), -EINVAL,
					"%s: property target: not one phandle cell",
					frag->full_name);
		*target = of_find_node_by_phandle(get_cell(tp, 0));
		if (!*target)
			return why_fail(why, sizeof(why), -EINVAL,
					"%s: property target: target <0x%x> is not in the tree",
					frag->full_name, get_cell(tp, 0));
		return 0;
	}
	tp = of_find_property(frag, "target-path", NULL);
	if (!tp)
		return why_fail(why, sizeof(why), -EINVAL,
				"%s: no target or target-path property", frag->full_name);
	path = tp->value;
	if (!is_stringlist(tp) || path[0] != '/')
		return why_fail(why, sizeof(why), -EINVAL,
				"%s: property target-path: not an absolute path", frag->full_name);
	*target = of_find_node_by_path(path);
	if (!*target)
		return why_fail(why, sizeof(why), -EINVAL,
				"%s: property target-path: target %s is not in the tree",
				frag->full_name, path);
	return 0;
}

/* The fragment @path ("/fragment@0/__overlay__/x") lands in, or NULL. */
static struct device_node *symbol_fragment(struct overlay *ov, const char *path,
					   const char **rel)
{
	const char *s = path[0] == '/' ? strchr(path + 1, '/') : NULL;
	struct device_node *frag;

	if (!s)
		return NULL;
	if (!strcmp(s, "/__overlay__"))
		*rel = "";
	else if (!strncmp(s, "/__overlay__/", 13) && s[13])
		*rel = s + 13;
	else
		return NULL;     /* not something that lands in the tree */
	frag = __of_find_node_by_path(ov->tree, path + 1);
	return frag && __of_find_node_by_path(frag, "__overlay__") ? frag : NULL;
}

/* The overlay's labels, rewritten to where their nodes land, join the
 * tree's __symbols__, so a later overlay can use them (as fdtoverlay does). */
static int add_symbols(struct overlay *ov, struct device_node *syms, struct device_node *base)
{
	struct device_node *frag, *target;
	struct property *pp;
	char path[256];
	const char *rel;
	int ret, pass, len_path;

	/* Pass 0 sizes the buffer, pass 1 fills it. */
	for (pass = 0; pass < 2; pass++) {
		for_each_property_of_node(syms, pp) {
			size_t len;
			char *v;

			if (!is_stringlist(pp))
				return why_fail(why, sizeof(why), -EINVAL,
						"__symbols__: property %s: not a path", pp->name);
			frag = symbol_fragment(ov, pp->value, &rel);
			if (!frag)
				continue;
			/* A label names one node: the tree's own is never moved
			 * (Linux refuses the same). */
			if (of_find_property(base, pp->name, NULL))
				return why_fail(why, sizeof(why), -EINVAL,
						"__symbols__: label '%s' is the tree's already: the overlay may not redefine it",
						pp->name);
			ret = fragment_target(frag, &target);
			if (ret)
				return ret;
			len_path = of_node_full_path(target, path, sizeof(path));
			of_node_put(target);
			if (len_path < 0)
				return why_fail(why, sizeof(why), -EINVAL,
						"__symbols__: property %s: path too long",
						pp->name);
			len = strlen(path) + 1 + strlen(rel) + 1;
			/* Each value starts on a cell boundary, as a blob's do:
			 * a reader may load any property as cells. */
			if (pass == 0) {
				ov->symbols_size += ALIGN(len, 4);
				continue;
			}
			v = ov->symbols + ov->symbols_used;
			snprintf(v, len, "%s%s%s", path, rel[0] && strcmp(path, "/") ? "/" : "", rel);
			ov->symbols_used += ALIGN(len, 4);
			ret = of_changeset_action(&ov->cset, OF_RECONFIG_ADD_PROPERTY, base,
				new_prop(ov, pp->name, v, (int)strlen(v) + 1));
			if (ret)
				return why_fail(why, sizeof(why), ret,
						"__symbols__: property %s: %s", pp->name,
						errname(ret));
		}
		if (pass == 0) {
			ov->symbols = kmalloc(ov->symbols_size ? ov->symbols_size : 1, GFP_KERNEL);
			if (!ov->symbols)
				return why_fail(why, sizeof(why), -ENOMEM, "__symbols__: no memory");
		}
	}
	return 0;
}

/* The tree's __symbols__ (a new one attached when it has none), held. */
static int symbols_node(struct overlay *ov, struct device_node **out)
{
	struct device_node *base = of_find_node_by_path("/__symbols__");
	int ret;

	if (base) {
		*out = base;
		return 0;
	}
	base = __of_node_alloc(of_root, "__symbols__");
	if (!base)
		return why_fail(why, sizeof(why), -ENOMEM, "__symbols__: no memory");
	ret = of_changeset_attach_node(&ov->cset, base);
	if (ret) {
		__of_node_free(base);
		return why_fail(why, sizeof(why), ret, "__symbols__: %s", errname(ret));
	}
	*out = of_node_get(base);	/* besides the changeset's, as a lookup gives */
	return 0;
}

static int build_symbols(struct overlay *ov, struct device_node *syms)
{
	struct device_node *base = NULL;
	int ret = symbols_node(ov, &base);

	if (ret)
		return ret;
	ret = add_symbols(ov, syms, base);
	of_node_put(base);
	return ret;
}

static int build_changeset(struct overlay *ov)
{
	struct device_node *frag, *ovn, *target, *syms = NULL;
	int ret, fragments = 0;

	for (frag = ov->tree->child; frag; frag = frag->sibling) {
		if (is_fixup_node(frag)) {
			if (!strcmp(frag->full_name, "__symbols__"))
				syms = frag;
			continue;
		}
		ovn = __of_find_node_by_path(frag, "__overlay__");
		if (!ovn)
			continue;       /* not a fragment (dtc and libfdt skip it too) */
		ret = fragment_target(frag, &target);
		if (ret)
			return ret;
		ret = build_node(ov, frag->full_name, target, ovn, false);
		of_node_put(target);
		if (ret)
			return ret;
		fragments++;
	}
	if (!fragments)
		return why_fail(why, sizeof(why), -EINVAL,
				"no fragment with an __overlay__ node: not an overlay (compile the /plugin/; source with dtc -@)");
	return syms ? build_symbols(ov, syms) : 0;
}

/* ---- apply and remove ---------------------------------------------------- */

/*
 * A node the overlay added that someone still holds (a device made by hand,
 * a driver's of_node_get()) outlives it, detached and without properties,
 * until the last of_node_put(); named, as Linux names such a holder.
 */
static void warn_held_nodes(struct overlay *ov)
{
	struct of_changeset_entry *ce, *e;
	unsigned int own;

	list_for_each_entry(ce, &ov->cset.entries, node) {
		if (ce->action != OF_RECONFIG_ATTACH_NODE)
			continue;
		/* The overlay's: one per entry on the node, one per new child. */
		own = 0;
		list_for_each_entry(e, &ov->cset.entries, node)
			own += (e->np == ce->np) +
			       (e->action == OF_RECONFIG_ATTACH_NODE && e->np->parent == ce->np);
		if (ce->np->refcount > own)
			pr_warn("overlay %d: %pOF still held (%u reference(s) besides the overlay's): freed on its last of_node_put()\n",
				ov->id, ce->np, ce->np->refcount - own);
	}
}

static void free_overlay(struct overlay *ov)
{
	warn_held_nodes(ov);
	for (unsigned int i = 0; i < ov->nr_uses; i++)
		of_node_put(ov->uses[i]);
	of_changeset_destroy(&ov->cset);
	kfree(ov->uses);
	of_overlay_params_free(ov->params);
	kfree(ov->symbols);
	kfree(ov->props);
	kfree(ov->tree);
	kfree(ov->fdt);
	kfree(ov);
}

/* Room for every property the overlay could add: its own count. */
static unsigned int count_props(struct device_node *root)
{
	struct device_node *np;
	struct property *pp;
	unsigned int n = 0;

	for (np = root; np; np = __of_find_all_nodes(np))
		for_each_property_of_node(np, pp)
			n++;
	return n;
}

static int prepare(struct overlay *ov, const void *fdt, u32 size,
		   const char *const *params, int nparams)
{
	struct device_node *fix;
	char cwhy[128];
	phandle delta;
	int ret;

	/* The caller's blob need not be aligned and is not checked yet: the
	 * checker reads the aligned copy, header and all, as for a boot blob. */
	ov->fdt = kmalloc(size ? size : 1, GFP_KERNEL);
	if (!ov->fdt)
		return why_fail(why, sizeof(why), -ENOMEM,
				"no memory for a %u-byte copy of the blob", size);
	memcpy(ov->fdt, fdt, size);
	ret = of_fdt_unflatten_tree(ov->fdt, size, &ov->tree, cwhy, sizeof(cwhy));
	if (ret)
		return why_fail(why, sizeof(why), ret, "blob: %s", cwhy);

	delta = live_max_phandle();
	ret = renumber_phandles(ov, delta);
	if (ret)
		return ret;
	fix = __of_find_node_by_path(ov->tree, "__local_fixups__");
	if (fix) {
		ret = local_fixups(fix, ov->tree, delta);
		if (ret)
			return ret;
	}
	fix = __of_find_node_by_path(ov->tree, "__fixups__");
	if (fix) {
		ret = fixups(ov, fix);
		if (ret)
			return ret;
	}
	/* After the fixups: they find every property where the blob put it. */
	ret = of_overlay_params_set(ov->tree, params, nparams, &ov->params, why, sizeof(why));
	if (ret)
		return ret;
	ov->nr_props = count_props(ov->tree);
	ov->props = kcalloc(ov->nr_props ? ov->nr_props : 1, sizeof(*ov->props), GFP_KERNEL);
	if (!ov->props)
		return why_fail(why, sizeof(why), -ENOMEM,
				"no memory for %u properties", ov->nr_props);
	return build_changeset(ov);
}

int of_overlay_fdt_apply(const void *overlay_fdt, u32 overlay_fdt_size,
			 int *ret_ovcs_id, const struct device_node *target_base)
{
	if (target_base)
		return why_fail(why, sizeof(why), -EINVAL, "bad arguments");
	return of_overlay_fdt_apply_params(overlay_fdt, overlay_fdt_size, NULL, 0, ret_ovcs_id);
}

int of_overlay_fdt_apply_params(const void *overlay_fdt, u32 overlay_fdt_size,
				const char *const *params, int nparams, int *ret_ovcs_id)
{
	struct overlay *ov, **tail;
	int ret;

	why[0] = '\0';
	if (!overlay_fdt || !ret_ovcs_id || nparams < 0 || (nparams && !params))
		return why_fail(why, sizeof(why), -EINVAL, "bad arguments");
	*ret_ovcs_id = 0;
	if (!of_root)
		return why_fail(why, sizeof(why), -ENODEV, "no live tree");
	ov = kzalloc(sizeof(*ov), GFP_KERNEL);
	if (!ov)
		return why_fail(why, sizeof(why), -ENOMEM, "no memory");
	of_changeset_init(&ov->cset);
	ret = prepare(ov, overlay_fdt, overlay_fdt_size, params, nparams);
	if (ret)
		goto err_free;
	ret = overlay_notify(OF_OVERLAY_PRE_APPLY, &ov->cset);
	if (ret)
		goto err_free;
	ret = of_changeset_apply(&ov->cset);
	if (ret) {
		why_set(why, sizeof(why),
			"the tree refused a change (%s): two fragments add the same node or property?",
			errname(ret));
		goto err_free;
	}
	ov->id = ++last_id;
	for (tail = &overlays; *tail; tail = &(*tail)->next)
		;
	*tail = ov;
	*ret_ovcs_id = ov->id;
	/* Applied: a notifier's error now leaves it so, id given, as Linux. */
	return overlay_notify(OF_OVERLAY_POST_APPLY, &ov->cset);

err_free:
	free_overlay(ov);
	return ret;
}

/* Is @np @top or below it? */
static bool in_subtree(const struct device_node *np, const struct device_node *top)
{
	for (; np; np = np->parent)
		if (np == top)
			return true;
	return false;
}

/*
 * A newer overlay that @ov's removal would pull the ground from under, and
 * in *@where the node they meet at.  Checked both ways, as Linux does: a
 * later change on or above one of @ov's nodes (it was made on top of what
 * @ov did), and one below (a child hung from a node @ov would free); and a
 * later overlay using the label of a node @ov added (its phandle would
 * point nowhere).
 */
static struct overlay *newer_overlapping(struct overlay *ov, struct device_node **where)
{
	struct of_changeset_entry *mine, *theirs;
	struct overlay *later;
	unsigned int i;

	for (later = ov->next; later; later = later->next) {
		list_for_each_entry(mine, &ov->cset.entries, node) {
			list_for_each_entry(theirs, &later->cset.entries, node) {
				if (in_subtree(mine->np, theirs->np) ||
				    in_subtree(theirs->np, mine->np)) {
					*where = theirs->np;
					return later;
				}
			}
			if (mine->action != OF_RECONFIG_ATTACH_NODE)
				continue;
			for (i = 0; i < later->nr_uses; i++) {
				if (later->uses[i] == mine->np) {
					*where = mine->np;
					return later;
				}
			}
		}
	}
	return NULL;
}

int of_overlay_remove(int *ovcs_id)
{
	struct overlay *ov, *later, **pp;
	struct device_node *where;
	char path[128];
	int ret;

	why[0] = '\0';
	ov = ovcs_id ? find_overlay(*ovcs_id) : NULL;
	if (!ov)
		return why_fail(why, sizeof(why), -ENODEV, "no overlay %d", ovcs_id ? *ovcs_id : 0);
	later = newer_overlapping(ov, &where);
	if (later) {
		of_node_full_path(where, path, sizeof(path));
		return why_fail(why, sizeof(why), -EBUSY,
				"overlay %d (%s), applied later, changes or uses %s: remove %d first",
				later->id, later->name, path, later->id);
	}
	ret = overlay_notify(OF_OVERLAY_PRE_REMOVE, &ov->cset);
	if (ret)
		return ret;
	ret = of_changeset_revert(&ov->cset);
	if (ret)
		return why_fail(why, sizeof(why), ret, "revert: %s", errname(ret));
	for (pp = &overlays; *pp != ov; pp = &(*pp)->next)
		;
	*pp = ov->next;
	*ovcs_id = 0;
	/* Gone whatever the notifiers say; their error is still returned. */
	ret = overlay_notify(OF_OVERLAY_POST_REMOVE, &ov->cset);
	free_overlay(ov);
	return ret;
}

int of_overlay_remove_all(void)
{
	struct overlay *ov;
	int id, ret;

	while (overlays) {
		for (ov = overlays; ov->next; ov = ov->next)
			;
		id = ov->id;
		ret = of_overlay_remove(&id);
		if (ret)
			return ret;
	}
	return 0;
}

void of_overlay_set_aside(void)
{
	aside = overlays;
	aside_last_id = last_id;
	overlays = NULL;
}

void of_overlay_put_back(void)
{
	int err = of_overlay_remove_all();

	/* One that cannot be reverted is dropped, not freed: the tree it
	 * changed goes with it. */
	if (err)
		pr_warn("left applied to the self-test's tree: %s\n", why);
	overlays = aside;
	last_id = aside_last_id;
	aside = NULL;
}

int of_overlay_set_name(int ovcs_id, const char *name)
{
	struct overlay *ov = find_overlay(ovcs_id);

	if (!ov)
		return -ENODEV;
	strscpy(ov->name, name, sizeof(ov->name));
	return 0;
}

int of_overlay_next(int prev_id)
{
	struct overlay *ov = prev_id ? find_overlay(prev_id) : overlays;

	if (ov && prev_id)
		ov = ov->next;
	return ov ? ov->id : 0;
}

const char *of_overlay_name(int ovcs_id)
{
	struct overlay *ov = find_overlay(ovcs_id);

	return ov ? ov->name : NULL;
}

struct of_changeset *of_overlay_changeset(int ovcs_id)
{
	struct overlay *ov = find_overlay(ovcs_id);

	return ov ? &ov->cset : NULL;
}
