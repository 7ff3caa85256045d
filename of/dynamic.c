// SPDX-License-Identifier: BSD-2-Clause
/*
 * Changing the live tree while it runs: single property calls and
 * changesets (a list of changes applied and reverted as one), with Linux's
 * names.  Overlays (of/overlay.c) are built on changesets.
 *
 * Nothing is copied.  A property or node given here becomes part of the
 * tree as it is, so it must stay valid while it is in the tree; a removed
 * or replaced one is only unlinked, and the changeset remembers where it
 * was so revert puts it back in the same place: after a revert the tree is
 * the one before the apply, order included.
 *
 * Every change is announced to the reconfig notifiers (Linux's
 * of_reconfig chain) after it is made; the buses listen, and create or
 * remove the devices of nodes that appeared, went, or flipped "status".
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "of_private.h"

/* ---- notifications ------------------------------------------------------ */

static struct notifier_block *reconfig_chain;

int of_reconfig_notifier_register(struct notifier_block *nb)
{
	struct notifier_block **pp;

	for (pp = &reconfig_chain; *pp; pp = &(*pp)->next)
		if (*pp == nb)
			return -EEXIST;
	nb->next = NULL;
	*pp = nb;
	return 0;
}

int of_reconfig_notifier_unregister(struct notifier_block *nb)
{
	struct notifier_block **pp;

	for (pp = &reconfig_chain; *pp; pp = &(*pp)->next) {
		if (*pp == nb) {
			*pp = nb->next;
			nb->next = NULL;
			return 0;
		}
	}
	return -ENOENT;
}

int of_reconfig_notify(unsigned long action, struct of_reconfig_data *rd)
{
	struct notifier_block *nb;
	int ret = NOTIFY_DONE;

	for (nb = reconfig_chain; nb; nb = nb->next)
		ret = nb->notifier_call(nb, action, rd);
	return ret;
}

/* "status" absent means available, as of_device_is_available() reads it. */
static bool status_ok(const struct property *pp)
{
	return pp ? of_status_okay(pp->value, pp->length) : true;
}

int of_reconfig_get_state_change(unsigned long action, struct of_reconfig_data *rd)
{
	bool was, now;

	switch (action) {
	case OF_RECONFIG_ATTACH_NODE:
		was = false;
		now = of_device_is_available(rd->dn);
		break;
	case OF_RECONFIG_DETACH_NODE:
		was = of_device_is_available(rd->dn);
		now = false;
		break;
	case OF_RECONFIG_ADD_PROPERTY:
	case OF_RECONFIG_REMOVE_PROPERTY:
	case OF_RECONFIG_UPDATE_PROPERTY:
		if (!rd->prop || rd->with_node)
			return OF_RECONFIG_NO_CHANGE;
		if (!strcmp(rd->prop->name, "compatible")) {
			/* Only a node with a compatible is made a device; a new
			 * value for one is a rebind (of_reconfig_compatible_changed). */
			if (action == OF_RECONFIG_UPDATE_PROPERTY)
				return OF_RECONFIG_NO_CHANGE;
			was = action == OF_RECONFIG_REMOVE_PROPERTY && of_device_is_available(rd->dn);
			now = action == OF_RECONFIG_ADD_PROPERTY && of_device_is_available(rd->dn);
			break;
		}
		if (strcmp(rd->prop->name, "status"))
			return OF_RECONFIG_NO_CHANGE;
		if (action == OF_RECONFIG_ADD_PROPERTY) {
			was = true;
			now = status_ok(rd->prop);
		} else if (action == OF_RECONFIG_REMOVE_PROPERTY) {
			was = status_ok(rd->prop);
			now = true;
		} else {
			was = status_ok(rd->old_prop);
			now = status_ok(rd->prop);
		}
		break;
	default:
		return OF_RECONFIG_NO_CHANGE;
	}
	if (was == now)
		return OF_RECONFIG_NO_CHANGE;
	return now ? OF_RECONFIG_CHANGE_ADD : OF_RECONFIG_CHANGE_REMOVE;
}

bool of_reconfig_compatible_changed(unsigned long action, const struct of_reconfig_data *rd)
{
	const struct property *was = rd->old_prop, *now = rd->prop;

	/*
	 * Only an update: a compatible added or removed makes the device
	 * appear or go (of_reconfig_get_state_change()).
	 */
	if (action != OF_RECONFIG_UPDATE_PROPERTY || !was || !now || strcmp(now->name, "compatible"))
		return false;
	return was->length != now->length || memcmp(was->value, now->value, (size_t)now->length);
}

static void notify(unsigned long action, struct device_node *np, struct property *prop,
		   struct property *old_prop)
{
	struct of_reconfig_data rd = { .dn = np, .prop = prop, .old_prop = old_prop };

	of_reconfig_notify(action, &rd);
}

/* ---- references ------------------------------------------------------------ */

struct device_node *of_node_get(struct device_node *node)
{
	if (node && of_node_check_flag(node, OF_DYNAMIC))
		node->refcount++;
	return node;
}
EXPORT_SYMBOL(of_node_get);

/*
 * The last reference gone: free the node (and its name, allocated with it
 * by of_changeset_create_node(); an overlay's point into its blob).
 */
static void of_node_release(struct device_node *node)
{
	struct device_node *parent = node->parent;

	kfree(node);
	of_node_put(parent);    /* held since __of_node_alloc() */
}

/*
 * An underflow is someone's put without its get: named with the caller,
 * and the node kept.  A node in the tree holds the references of whatever
 * attached it (the changeset's entries), so its count never reaches 0
 * there: one that does stays allocated (a lookup would find freed memory
 * otherwise), and the holders' own puts later are reported, not obeyed.
 */
void of_node_put(struct device_node *node)
{
	void *caller = __builtin_return_address(0);

	if (!node || !of_node_check_flag(node, OF_DYNAMIC))
		return;
	if (!node->refcount) {
		pr_err("%pOF: of_node_put() from %pS with no reference held: ignored\n", node,
		       caller);
		return;
	}
	if (--node->refcount)
		return;
	if (!of_node_check_flag(node, OF_DETACHED)) {
		pr_err("%pOF: of_node_put() from %pS dropped the last reference while the node is in the tree (a put without its get): not freed\n",
		       node, caller);
		return;
	}
	of_node_release(node);
}
EXPORT_SYMBOL(of_node_put);

/*
 * A node to attach under @parent: its names copied into the same
 * allocation, so it outlives what they came from (an overlay's blob), and
 * a reference on @parent, so a child held after its parent left still has
 * a parent to print its path through.  No reference of its own: the
 * changeset entry that attaches it takes the first.
 */
struct device_node *__of_node_alloc(struct device_node *parent, const char *full_name)
{
	size_t len = full_name ? strlen(full_name) + 1 : 0;
	struct device_node *np;
	char *name, *at;

	if (!parent || len <= 1 || strchr(full_name, '/'))
		return NULL;
	/* The name twice after the node: with the unit address, and without. */
	np = kzalloc(sizeof(*np) + 2 * len, GFP_KERNEL);
	if (!np)
		return NULL;
	name = (char *)(np + 1);
	memcpy(name, full_name, len);
	np->full_name = name;
	name += len;
	memcpy(name, full_name, len);
	at = strchr(name, '@');
	if (at)
		*at = '\0';
	np->name = name;
	np->parent = of_node_get(parent);
	of_node_set_flag(np, OF_DYNAMIC);
	of_node_set_flag(np, OF_DETACHED);
	return np;
}

/* A node from __of_node_alloc() that no changeset took. */
void __of_node_free(struct device_node *np)
{
	if (!np)
		return;
	of_node_put(np->parent);
	kfree(np);
}

/* ---- the primitive changes (no notification) ---------------------------- */

/* The link that points at @prop in @np's list, or NULL. */
static struct property **prop_link(struct device_node *np, struct property *prop)
{
	struct property **pp;

	for (pp = &np->properties; *pp; pp = &(*pp)->next)
		if (*pp == prop)
			return pp;
	return NULL;
}

static struct property **prop_link_by_name(struct device_node *np, const char *name)
{
	struct property **pp;

	for (pp = &np->properties; *pp; pp = &(*pp)->next)
		if (!strcmp((*pp)->name, name))
			return pp;
	return NULL;
}

/* A node's phandle is its "phandle" property: keep the two in step. */
static void phandle_follows(struct device_node *np, struct property *now)
{
	if (now && now->length == 4 && of_is_phandle_name(now->name))
		np->phandle = of_rd32(now->value);
}

static void phandle_gone(struct device_node *np, struct property *prop)
{
	if (of_is_phandle_name(prop->name))
		np->phandle = 0;
}

/* Insert @prop after @prev (NULL: first) in @np's list. */
static void prop_insert(struct device_node *np, struct property *prev, struct property *prop)
{
	struct property **link = prev ? &prev->next : &np->properties;

	prop->next = *link;
	*link = prop;
	phandle_follows(np, prop);
}

static int add_property(struct device_node *np, struct property *prop)
{
	struct property **pp;

	if (prop_link_by_name(np, prop->name))
		return -EEXIST;
	for (pp = &np->properties; *pp; pp = &(*pp)->next)
		;
	prop->next = NULL;
	*pp = prop;
	phandle_follows(np, prop);
	return 0;
}

/* Unlinks @prop; *@prev gets what preceded it (NULL: it was first). */
static int remove_property(struct device_node *np, struct property *prop,
			   struct property **prev)
{
	struct property **link = prop_link(np, prop);

	if (!link)
		return -ENODEV;
	*prev = link == &np->properties ? NULL :
		container_of(link, struct property, next);
	*link = prop->next;
	prop->next = NULL;
	phandle_gone(np, prop);
	return 0;
}

/* Puts @prop where the same-named one was; *@old gets that one (or NULL). */
static void update_property(struct device_node *np, struct property *prop,
			    struct property **old)
{
	struct property **link = prop_link_by_name(np, prop->name);

	if (!link) {
		*old = NULL;
		add_property(np, prop);
		return;
	}
	*old = *link;
	prop->next = (*link)->next;
	*link = prop;
	(*old)->next = NULL;
	phandle_follows(np, prop);
}

/* Back to @old in @prop's place (@old NULL: @prop was added, drop it). */
static void restore_property(struct device_node *np, struct property *prop,
			     struct property *old)
{
	struct property **link = prop_link(np, prop);
	struct property *prev;

	if (!link)
		return;
	if (!old) {
		remove_property(np, prop, &prev);
		return;
	}
	old->next = prop->next;
	*link = old;
	prop->next = NULL;
	phandle_gone(np, prop);
	phandle_follows(np, old);
}

/* Links @np after @prev among its parent's children (NULL: first). */
static void node_insert(struct device_node *np, struct device_node *prev)
{
	struct device_node **link = prev ? &prev->sibling : &np->parent->child;

	np->sibling = *link;
	*link = np;
	of_node_clear_flag(np, OF_DETACHED);
	of_node_count++;
}

static int attach_node(struct device_node *np)
{
	struct device_node *last;

	if (!np->parent || of_node_check_flag(np->parent, OF_DETACHED))
		return -EINVAL;
	if (__of_find_node_by_path(np->parent, np->full_name))
		return -EEXIST;
	if (np->phandle && __of_find_node_by_phandle(np->phandle))
		return -EEXIST;
	for (last = np->parent->child; last && last->sibling; last = last->sibling)
		;
	np->child = NULL;
	node_insert(np, last);
	return 0;
}

/* Unlinks @np (with its subtree); *@prev gets its previous sibling. */
static int detach_node(struct device_node *np, struct device_node **prev)
{
	struct device_node **link;

	if (!np->parent || of_node_check_flag(np, OF_DETACHED))
		return -ENODEV;
	*prev = NULL;
	for (link = &np->parent->child; *link && *link != np; link = &(*link)->sibling)
		*prev = *link;
	if (!*link)
		return -ENODEV;
	*link = np->sibling;
	np->sibling = NULL;
	of_node_set_flag(np, OF_DETACHED);
	of_node_count--;
	return 0;
}

/* ---- single-property calls ------------------------------------------------ */

int of_add_property(struct device_node *np, struct property *prop)
{
	int ret;

	if (!np || !prop || !prop->name)
		return -EINVAL;
	ret = add_property(np, prop);
	if (ret)
		return ret;
	notify(OF_RECONFIG_ADD_PROPERTY, np, prop, NULL);
	return 0;
}

int of_remove_property(struct device_node *np, struct property *prop)
{
	struct property *prev;
	int ret;

	if (!np || !prop)
		return -EINVAL;
	ret = remove_property(np, prop, &prev);
	if (ret)
		return ret;
	notify(OF_RECONFIG_REMOVE_PROPERTY, np, prop, NULL);
	return 0;
}

int of_update_property(struct device_node *np, struct property *newprop)
{
	struct property *old;

	if (!np || !newprop || !newprop->name)
		return -EINVAL;
	update_property(np, newprop, &old);
	notify(old ? OF_RECONFIG_UPDATE_PROPERTY : OF_RECONFIG_ADD_PROPERTY, np, newprop, old);
	return 0;
}

/* ---- changesets ------------------------------------------------------------ */

void of_changeset_init(struct of_changeset *ocs)
{
	INIT_LIST_HEAD(&ocs->entries);
	ocs->applied = false;
}

void of_changeset_destroy(struct of_changeset *ocs)
{
	struct of_changeset_entry *ce, *n;

	if (ocs->applied)
		return;
	list_for_each_entry_safe(ce, n, &ocs->entries, node) {
		list_del(&ce->node);
		if (ce->own_prop)
			kfree(ce->prop);
		of_node_put(ce->np);	/* a dynamic node goes with its last entry */
		kfree(ce);
	}
}

int of_changeset_action(struct of_changeset *ocs, unsigned long action,
			struct device_node *np, struct property *prop)
{
	struct of_changeset_entry *ce;

	if (ocs->applied)
		return -EBUSY;
	if (!np || action < OF_RECONFIG_ATTACH_NODE || action > OF_RECONFIG_UPDATE_PROPERTY)
		return -EINVAL;
	if (action >= OF_RECONFIG_ADD_PROPERTY && (!prop || !prop->name))
		return -EINVAL;
	ce = kzalloc(sizeof(*ce), GFP_KERNEL);
	if (!ce)
		return -ENOMEM;
	ce->action = action;
	ce->np = of_node_get(np);
	ce->prop = prop;
	/* A node not in the tree yet comes with this changeset's attach. */
	ce->with_node = action >= OF_RECONFIG_ADD_PROPERTY && of_node_check_flag(np, OF_DETACHED);
	if (action == OF_RECONFIG_ATTACH_NODE)
		of_node_set_flag(np, OF_DETACHED);      /* not in the tree until applied */
	list_add_tail(&ce->node, &ocs->entries);
	return 0;
}

static int entry_apply(struct of_changeset_entry *ce)
{
	struct property *prev_prop;
	struct device_node *prev_node;
	int ret = 0;

	switch (ce->action) {
	case OF_RECONFIG_ATTACH_NODE:
		ret = attach_node(ce->np);
		break;
	case OF_RECONFIG_DETACH_NODE:
		ret = detach_node(ce->np, &prev_node);
		ce->prev = prev_node;
		break;
	case OF_RECONFIG_ADD_PROPERTY:
		ret = add_property(ce->np, ce->prop);
		break;
	case OF_RECONFIG_REMOVE_PROPERTY:
		ret = remove_property(ce->np, ce->prop, &prev_prop);
		ce->prev = prev_prop;
		break;
	case OF_RECONFIG_UPDATE_PROPERTY:
		update_property(ce->np, ce->prop, &ce->old_prop);
		break;
	}
	return ret;
}

static void entry_revert(struct of_changeset_entry *ce)
{
	struct device_node *prev_node;
	struct property *prev_prop;

	switch (ce->action) {
	case OF_RECONFIG_ATTACH_NODE:
		detach_node(ce->np, &prev_node);
		break;
	case OF_RECONFIG_DETACH_NODE:
		node_insert(ce->np, ce->prev);
		break;
	case OF_RECONFIG_ADD_PROPERTY:
		remove_property(ce->np, ce->prop, &prev_prop);
		break;
	case OF_RECONFIG_REMOVE_PROPERTY:
		prop_insert(ce->np, ce->prev, ce->prop);
		break;
	case OF_RECONFIG_UPDATE_PROPERTY:
		restore_property(ce->np, ce->prop, ce->old_prop);
		break;
	}
}

unsigned long of_changeset_entry_reconfig(const struct of_changeset_entry *ce, bool revert,
					  struct of_reconfig_data *rd)
{
	/* Undone, each change is told as its inverse. */
	static const unsigned long inverse[] = {
		[OF_RECONFIG_ATTACH_NODE] = OF_RECONFIG_DETACH_NODE,
		[OF_RECONFIG_DETACH_NODE] = OF_RECONFIG_ATTACH_NODE,
		[OF_RECONFIG_ADD_PROPERTY] = OF_RECONFIG_REMOVE_PROPERTY,
		[OF_RECONFIG_REMOVE_PROPERTY] = OF_RECONFIG_ADD_PROPERTY,
		[OF_RECONFIG_UPDATE_PROPERTY] = OF_RECONFIG_UPDATE_PROPERTY,
	};
	unsigned long action = revert ? inverse[ce->action] : ce->action;

	*rd = (struct of_reconfig_data){ .dn = ce->np, .prop = ce->prop, .old_prop = ce->old_prop,
					 .with_node = ce->with_node };
	if (ce->action == OF_RECONFIG_UPDATE_PROPERTY && !ce->old_prop)
		action = revert ? OF_RECONFIG_REMOVE_PROPERTY : OF_RECONFIG_ADD_PROPERTY;
	if (ce->action == OF_RECONFIG_UPDATE_PROPERTY && ce->old_prop && revert) {
		rd->prop = ce->old_prop;
		rd->old_prop = ce->prop;
	}
	return action;
}

static void entry_notify(struct of_changeset_entry *ce, bool revert)
{
	struct of_reconfig_data rd;
	unsigned long action = of_changeset_entry_reconfig(ce, revert, &rd);

	of_reconfig_notify(action, &rd);
}

/*
 * What the buses will be told when @ce is applied (or, @revert, undone),
 * worked out before the tree changes: the action, and *@rd.
 */
static unsigned long entry_reconfig_before(const struct of_changeset_entry *ce, bool revert,
					   struct of_reconfig_data *rd)
{
	unsigned long action = ce->action;

	*rd = (struct of_reconfig_data){ .dn = ce->np, .prop = ce->prop, .with_node = ce->with_node };
	if (!revert && action == OF_RECONFIG_UPDATE_PROPERTY) {
		rd->old_prop = ce->prop ? of_find_property(ce->np, ce->prop->name, NULL) : NULL;
		if (!rd->old_prop)
			action = OF_RECONFIG_ADD_PROPERTY;
	} else if (revert) {
		/* As entry_notify() tells the buses once it is undone. */
		switch (action) {
		case OF_RECONFIG_ATTACH_NODE:
			action = OF_RECONFIG_DETACH_NODE;
			break;
		case OF_RECONFIG_DETACH_NODE:
			action = OF_RECONFIG_ATTACH_NODE;
			break;
		case OF_RECONFIG_ADD_PROPERTY:
			action = OF_RECONFIG_REMOVE_PROPERTY;
			break;
		case OF_RECONFIG_REMOVE_PROPERTY:
			action = OF_RECONFIG_ADD_PROPERTY;
			break;
		case OF_RECONFIG_UPDATE_PROPERTY:
			if (!ce->old_prop) {
				action = OF_RECONFIG_REMOVE_PROPERTY;
				break;
			}
			rd->prop = ce->old_prop;
			rd->old_prop = ce->prop;
			break;
		}
	}
	return action;
}

int of_changeset_entry_state_change(const struct of_changeset_entry *ce, bool revert)
{
	struct of_reconfig_data rd;
	unsigned long action = entry_reconfig_before(ce, revert, &rd);

	return of_reconfig_get_state_change(action, &rd);
}

bool of_changeset_entry_compatible_changed(const struct of_changeset_entry *ce, bool revert)
{
	struct of_reconfig_data rd;
	unsigned long action = entry_reconfig_before(ce, revert, &rd);

	return of_reconfig_compatible_changed(action, &rd);
}

int of_changeset_apply(struct of_changeset *ocs)
{
	struct of_changeset_entry *ce, *done;
	int ret;

	if (ocs->applied)
		return -EBUSY;
	list_for_each_entry(ce, &ocs->entries, node) {
		ret = entry_apply(ce);
		if (ret)
			goto err_revert;
	}
	ocs->applied = true;
	list_for_each_entry(ce, &ocs->entries, node)
		entry_notify(ce, false);
	return 0;

err_revert:
	/* Undo the entries before the one that failed, newest first. */
	for (done = list_entry(ce->node.prev, struct of_changeset_entry, node);
	     &done->node != &ocs->entries;
	     done = list_entry(done->node.prev, struct of_changeset_entry, node))
		entry_revert(done);
	return ret;
}

int of_changeset_revert(struct of_changeset *ocs)
{
	struct of_changeset_entry *ce;

	if (!ocs->applied)
		return -EINVAL;
	list_for_each_entry_reverse(ce, &ocs->entries, node)
		entry_revert(ce);
	ocs->applied = false;
	list_for_each_entry_reverse(ce, &ocs->entries, node)
		entry_notify(ce, true);
	return 0;
}

/* ---- building changesets: nodes and properties they own -------------------- */

struct device_node *of_changeset_create_node(struct of_changeset *ocs,
					     struct device_node *parent,
					     const char *full_name)
{
	struct device_node *np;

	if (!ocs)
		return NULL;
	np = __of_node_alloc(parent, full_name);
	if (!np)
		return NULL;
	if (of_changeset_attach_node(ocs, np)) {
		__of_node_free(np);
		return NULL;
	}
	return of_node_get(np);		/* the caller's, besides the entry's */
}

/* A property and its value and name in one allocation, for a changeset. */
static int add_prop_copy(struct of_changeset *ocs, struct device_node *np, const char *name,
			 const void *value, int length)
{
	size_t nlen = name ? strlen(name) + 1 : 0;
	struct of_changeset_entry *ce;
	struct property *pp;
	int ret;

	if (!ocs || !np || !nlen)
		return -EINVAL;
	pp = kzalloc(sizeof(*pp) + nlen + (size_t)length, GFP_KERNEL);
	if (!pp)
		return -ENOMEM;
	/* The value first: aligned, as readers of cells expect. */
	pp->value = memcpy(pp + 1, value, (size_t)length);
	pp->name = memcpy((char *)(pp + 1) + length, name, nlen);
	pp->length = length;
	ret = of_changeset_add_property(ocs, np, pp);
	if (ret) {
		kfree(pp);
		return ret;
	}
	ce = list_entry(ocs->entries.prev, struct of_changeset_entry, node);
	ce->own_prop = true;
	return 0;
}

int of_changeset_add_prop_string(struct of_changeset *ocs, struct device_node *np,
				 const char *name, const char *str)
{
	if (!str)
		return -EINVAL;
	return add_prop_copy(ocs, np, name, str, (int)strlen(str) + 1);
}

int of_changeset_add_prop_u32(struct of_changeset *ocs, struct device_node *np,
			      const char *name, u32 val)
{
	__be32 v = cpu_to_be32(val);

	return add_prop_copy(ocs, np, name, &v, sizeof(v));
}

/* ---- single-node calls ---------------------------------------------------- */

int of_attach_node(struct device_node *np)
{
	int ret;

	if (!np)
		return -EINVAL;
	ret = attach_node(np);
	if (ret)
		return ret;
	notify(OF_RECONFIG_ATTACH_NODE, np, NULL, NULL);
	return 0;
}

int of_detach_node(struct device_node *np)
{
	struct device_node *prev;
	int ret;

	if (!np)
		return -EINVAL;
	ret = detach_node(np, &prev);
	if (ret)
		return ret;
	notify(OF_RECONFIG_DETACH_NODE, np, NULL, NULL);
	return 0;
}
