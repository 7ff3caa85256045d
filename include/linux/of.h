/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The live device tree and Linux's OF API to read it.
 *
 * Every name, type and error code means what it means in Linux, so what a
 * student learns here carries over.  The tree is zero-copy: property names and
 * values, and node names, point into the blob, which stays where firmware put
 * it (the kernel reserves it).
 */
#ifndef _LINUX_OF_H
#define _LINUX_OF_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/notifier.h>

struct property {
	const char *name;        /* in the blob's strings block */
	int length;              /* bytes of value */
	void *value;             /* in the blob's struct block; big-endian cells */
	struct property *next;   /* source order */
};

struct device_node {
	const char *name;        /* node name without unit address ("uart"); "" for the root */
	const char *full_name;   /* node name with unit address ("uart@101f1000"); "/" for the root */
	phandle phandle;         /* 0 when the node has none */
	struct property *properties;
	struct device_node *parent;
	struct device_node *child;    /* first child, source order */
	struct device_node *sibling;  /* next sibling, source order */
	unsigned long _flags;    /* OF_POPULATED and friends */
	unsigned int refcount;   /* OF_DYNAMIC nodes: references held (of_node_get) */
	void *data;              /* owner's use (driver core: the device made from it) */
};

/* _flags bits */
#define OF_POPULATED     0   /* a device was created from this node */
#define OF_POPULATED_BUS 1   /* its children were populated as a bus */
#define OF_DYNAMIC       2   /* allocated at run time (overlay), not by unflatten */
#define OF_DETACHED      3   /* taken out of the tree by a changeset */

static inline int of_node_check_flag(const struct device_node *n, unsigned long flag)
{
	return (n->_flags >> flag) & 1;
}
static inline void of_node_set_flag(struct device_node *n, unsigned long flag)
{
	n->_flags |= 1ul << flag;
}
static inline void of_node_clear_flag(struct device_node *n, unsigned long flag)
{
	n->_flags &= ~(1ul << flag);
}

#define MAX_PHANDLE_ARGS 16
struct of_phandle_args {
	struct device_node *np;
	int args_count;
	u32 args[MAX_PHANDLE_ARGS];
};

struct of_device_id {
	char name[32];
	char type[32];
	char compatible[128];
	const void *data;
};

/* Resources, as Linux's struct resource (include/linux/ioport.h). */
struct resource {
	resource_size_t start;
	resource_size_t end;     /* inclusive */
	const char *name;
	unsigned long flags;
};
#define IORESOURCE_IO       0x00000100
#define IORESOURCE_MEM      0x00000200
#define IORESOURCE_IRQ      0x00000400
#define IORESOURCE_PREFETCH 0x00002000
static inline resource_size_t resource_size(const struct resource *r)
{
	return r->end - r->start + 1;
}

#define OF_BAD_ADDR ((u64)-1)

extern struct device_node *of_root;
extern struct device_node *of_chosen;
extern struct device_node *of_aliases;

/*
 * Function declarations (of/base.c, of/property.c).  Each is documented
 * where it is defined, with every value it returns; the summary here names
 * the errors.  Address and interrupt parsing are in <linux/of_address.h>
 * and <linux/of_irq.h>, as Linux splits them.
 */

#define OF_ROOT_NODE_ADDR_CELLS_DEFAULT 1
#define OF_ROOT_NODE_SIZE_CELLS_DEFAULT 1

/*
 * Reference counting, for the nodes that can go: those allocated at run time
 * (OF_DYNAMIC: an overlay's, of_changeset_create_node()'s).  The base tree
 * is built once from the blob and never freed, so for its nodes these do
 * nothing.  Each changeset entry holds a reference to its node; a dynamic
 * node is released (freed) on its last of_node_put(), which must come
 * after it left the tree (OF_DETACHED): a node released while still
 * attached is reported and kept.  Every lookup below that returns a node
 * (of_find_*, of_get_*, of_parse_phandle*, their for_each_* loops) gives
 * the caller a reference, as Linux's do; a search or a next-iterator puts
 * the node it is given to start from.
 */
struct device_node *of_node_get(struct device_node *node);
void of_node_put(struct device_node *node);

static inline bool of_node_is_root(const struct device_node *node)
{
	return node && !node->parent;
}

/* Cells: big-endian 32-bit words; @size of them make one number. */
static inline u64 of_read_number(const __be32 *cell, int size)
{
	u64 r = 0;

	while (size-- > 0)
		r = (r << 32) | be32_to_cpu(*cell++);
	return r;
}
static inline unsigned long of_read_ulong(const __be32 *cell, int size)
{
	return (unsigned long)of_read_number(cell, size);
}

/* --- of/base.c: finding nodes --- */
struct device_node *of_find_node_opts_by_path(const char *path, const char **opts);
static inline struct device_node *of_find_node_by_path(const char *path)
{
	return of_find_node_opts_by_path(path, NULL);
}
struct device_node *of_find_all_nodes(struct device_node *prev);
struct device_node *of_find_node_by_name(struct device_node *from, const char *name);
struct device_node *of_find_node_by_type(struct device_node *from, const char *type);
struct device_node *of_find_compatible_node(struct device_node *from,
					    const char *type, const char *compat);
struct device_node *of_find_matching_node_and_match(struct device_node *from,
		const struct of_device_id *matches, const struct of_device_id **match);
static inline struct device_node *of_find_matching_node(struct device_node *from,
		const struct of_device_id *matches)
{
	return of_find_matching_node_and_match(from, matches, NULL);
}
struct device_node *of_find_node_by_phandle(phandle handle);
struct device_node *of_get_parent(const struct device_node *node);
struct device_node *of_get_next_parent(struct device_node *node);
/* True when @anc is @np or one of its ancestors. */
bool of_node_is_ancestor(const struct device_node *anc, const struct device_node *np);
struct device_node *of_get_next_child(const struct device_node *node,
				      struct device_node *prev);
struct device_node *of_get_next_available_child(const struct device_node *node,
						struct device_node *prev);
struct device_node *of_get_child_by_name(const struct device_node *node,
					 const char *name);
struct device_node *of_get_compatible_child(const struct device_node *parent,
					    const char *compatible);
int of_get_child_count(const struct device_node *np);
int of_get_available_child_count(const struct device_node *np);
struct device_node *of_get_cpu_node(int cpu, unsigned int *thread);
struct device_node *of_get_next_cpu_node(struct device_node *prev);
/* A CPU node's enable-method: its own, else /cpus's for all; NULL: none. */
const char *of_cpu_enable_method(const struct device_node *np);

bool of_node_name_eq(const struct device_node *np, const char *name);
bool of_node_name_prefix(const struct device_node *np, const char *prefix);
int of_node_full_path(const struct device_node *np, char *buf, size_t size);

int of_device_is_compatible(const struct device_node *device, const char *compat);
bool of_device_is_available(const struct device_node *device);
const struct of_device_id *of_match_node(const struct of_device_id *matches,
					 const struct device_node *node);

int of_alias_get_id(const struct device_node *np, const char *stem);
int of_alias_get_highest_id(const char *stem);

int of_n_addr_cells(const struct device_node *np);
int of_n_size_cells(const struct device_node *np);
int of_bus_n_addr_cells(const struct device_node *np);
int of_bus_n_size_cells(const struct device_node *np);

/* --- of/property.c: reading properties --- */
struct property *of_find_property(const struct device_node *np,
				  const char *name, int *lenp);
const void *of_get_property(const struct device_node *np, const char *name,
			    int *lenp);
bool of_property_read_bool(const struct device_node *np, const char *propname);
static inline bool of_property_present(const struct device_node *np,
				       const char *propname)
{
	return of_find_property(np, propname, NULL) != NULL;
}
int of_property_count_elems_of_size(const struct device_node *np,
				    const char *propname, int elem_size);
static inline int of_property_count_u32_elems(const struct device_node *np,
					      const char *propname)
{
	return of_property_count_elems_of_size(np, propname, 4);
}
static inline int of_property_count_u64_elems(const struct device_node *np,
					      const char *propname)
{
	return of_property_count_elems_of_size(np, propname, 8);
}
int of_property_read_u32_index(const struct device_node *np,
			       const char *propname, u32 index, u32 *out_value);
int of_property_read_u64_index(const struct device_node *np,
			       const char *propname, u32 index, u64 *out_value);
int of_property_read_variable_u8_array(const struct device_node *np,
		const char *propname, u8 *out_values, size_t sz_min, size_t sz_max);
int of_property_read_variable_u16_array(const struct device_node *np,
		const char *propname, u16 *out_values, size_t sz_min, size_t sz_max);
int of_property_read_variable_u32_array(const struct device_node *np,
		const char *propname, u32 *out_values, size_t sz_min, size_t sz_max);
int of_property_read_variable_u64_array(const struct device_node *np,
		const char *propname, u64 *out_values, size_t sz_min, size_t sz_max);
static inline int of_property_read_u8_array(const struct device_node *np,
		const char *propname, u8 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u8_array(np, propname, out_values, sz, 0);
	return ret >= 0 ? 0 : ret;
}
static inline int of_property_read_u16_array(const struct device_node *np,
		const char *propname, u16 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u16_array(np, propname, out_values, sz, 0);
	return ret >= 0 ? 0 : ret;
}
static inline int of_property_read_u32_array(const struct device_node *np,
		const char *propname, u32 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u32_array(np, propname, out_values, sz, 0);
	return ret >= 0 ? 0 : ret;
}
static inline int of_property_read_u64_array(const struct device_node *np,
		const char *propname, u64 *out_values, size_t sz)
{
	int ret = of_property_read_variable_u64_array(np, propname, out_values, sz, 0);
	return ret >= 0 ? 0 : ret;
}
static inline int of_property_read_u8(const struct device_node *np,
				      const char *propname, u8 *out_value)
{
	return of_property_read_u8_array(np, propname, out_value, 1);
}
static inline int of_property_read_u16(const struct device_node *np,
				       const char *propname, u16 *out_value)
{
	return of_property_read_u16_array(np, propname, out_value, 1);
}
static inline int of_property_read_u32(const struct device_node *np,
				       const char *propname, u32 *out_value)
{
	return of_property_read_u32_array(np, propname, out_value, 1);
}
static inline int of_property_read_s32(const struct device_node *np,
				       const char *propname, s32 *out_value)
{
	return of_property_read_u32(np, propname, (u32 *)out_value);
}
int of_property_read_u64(const struct device_node *np, const char *propname,
			 u64 *out_value);
int of_property_read_string(const struct device_node *np, const char *propname,
			    const char **out_string);
int of_property_read_string_helper(const struct device_node *np,
		const char *propname, const char **out_strs, size_t sz, int skip);
static inline int of_property_read_string_index(const struct device_node *np,
		const char *propname, int index, const char **output)
{
	int rc = of_property_read_string_helper(np, propname, output, 1, index);
	return rc < 0 ? rc : 0;
}
static inline int of_property_read_string_array(const struct device_node *np,
		const char *propname, const char **out_strs, size_t sz)
{
	return of_property_read_string_helper(np, propname, out_strs, sz, 0);
}
static inline int of_property_count_strings(const struct device_node *np,
					    const char *propname)
{
	return of_property_read_string_helper(np, propname, NULL, 0, 0);
}
int of_property_match_string(const struct device_node *np, const char *propname,
			     const char *string);
const __be32 *of_prop_next_u32(const struct property *prop, const __be32 *cur,
			       u32 *pu);
const char *of_prop_next_string(const struct property *prop, const char *cur);

struct device_node *of_parse_phandle(const struct device_node *np,
				     const char *phandle_name, int index);
/**
 * of_phandle_list_walk() - call @fn for each non-empty entry of a phandle
 * list, in one pass (of_parse_phandle_with_args() by index is a pass per
 * entry); @cells_name NULL: bare phandles.  An unknown phandle stops it.
 * The args' np is lent to @fn for the call (no reference).
 * Return: 0 at the end of the list; -ENOENT without the property; -EINVAL
 * for a malformed list; or the first non-zero value of @fn.
 */
int of_phandle_list_walk(const struct device_node *np, const char *list_name,
			 const char *cells_name,
			 int (*fn)(void *ctx, const struct of_phandle_args *args), void *ctx);
int of_parse_phandle_with_args(const struct device_node *np, const char *list_name,
		const char *cells_name, int index, struct of_phandle_args *out_args);
int of_parse_phandle_with_fixed_args(const struct device_node *np,
		const char *list_name, int cell_count, int index,
		struct of_phandle_args *out_args);
int of_count_phandle_with_args(const struct device_node *np, const char *list_name,
			       const char *cells_name);
/*
 * Through "<stem>-map" nexus nodes.  -EINVAL: bad index, malformed list or
 * map, wrong specifier length, short mask/pass-thru, a circle of maps;
 * -ENOENT: no list, no entry, or no map entry matches.
 */
int of_parse_phandle_with_args_map(const struct device_node *np,
				   const char *list_name, const char *stem_name,
				   int index, struct of_phandle_args *out_args);

/* --- iterators --- */
#define for_each_of_allnodes(dn) \
	for (dn = of_find_all_nodes(NULL); dn; dn = of_find_all_nodes(dn))
#define for_each_node_by_name(dn, name) \
	for (dn = of_find_node_by_name(NULL, name); dn; \
	     dn = of_find_node_by_name(dn, name))
#define for_each_node_by_type(dn, type) \
	for (dn = of_find_node_by_type(NULL, type); dn; \
	     dn = of_find_node_by_type(dn, type))
#define for_each_compatible_node(dn, type, compatible) \
	for (dn = of_find_compatible_node(NULL, type, compatible); dn; \
	     dn = of_find_compatible_node(dn, type, compatible))
#define for_each_matching_node(dn, matches) \
	for (dn = of_find_matching_node(NULL, matches); dn; \
	     dn = of_find_matching_node(dn, matches))
#define for_each_child_of_node(parent, child) \
	for (child = of_get_next_child(parent, NULL); child != NULL; \
	     child = of_get_next_child(parent, child))
#define for_each_available_child_of_node(parent, child) \
	for (child = of_get_next_available_child(parent, NULL); child != NULL; \
	     child = of_get_next_available_child(parent, child))
#define for_each_of_cpu_node(cpu) \
	for (cpu = of_get_next_cpu_node(NULL); cpu != NULL; \
	     cpu = of_get_next_cpu_node(cpu))
#define for_each_property_of_node(dn, pp) \
	for (pp = (dn)->properties; pp != NULL; pp = pp->next)
#define of_property_for_each_u32(np, propname, prop, p, u) \
	for (prop = of_find_property(np, propname, NULL), \
	     p = of_prop_next_u32(prop, NULL, &u); p; \
	     p = of_prop_next_u32(prop, p, &u))
#define of_property_for_each_string(np, propname, prop, s) \
	for (prop = of_find_property(np, propname, NULL), \
	     s = of_prop_next_string(prop, NULL); s; \
	     s = of_prop_next_string(prop, s))

/* --- of/dynamic.c: changing the live tree (Linux's of_dynamic API) --- */

/*
 * Actions of a changeset entry and of a reconfig notification.  Each is
 * applied to the live tree in place; nothing is copied: properties and
 * nodes are the caller's, and stay valid while they are in the tree.
 */
#define OF_RECONFIG_ATTACH_NODE     0x0001
#define OF_RECONFIG_DETACH_NODE     0x0002
#define OF_RECONFIG_ADD_PROPERTY    0x0003
#define OF_RECONFIG_REMOVE_PROPERTY 0x0004
#define OF_RECONFIG_UPDATE_PROPERTY 0x0005

/* What a notifier receives as its data pointer. */
struct of_reconfig_data {
	struct device_node *dn;
	struct property *prop;       /* property actions: the new (or removed) one */
	struct property *old_prop;   /* update: the one replaced (NULL if none was) */
	/* A property of a node the same changeset attaches or detaches: its
	 * device comes and goes with that node's own entry, not with this one. */
	bool with_node;
};

/* Does a change make a device appear or go? (status flips, attach, detach) */
enum of_reconfig_change {
	OF_RECONFIG_NO_CHANGE = 0,
	OF_RECONFIG_CHANGE_ADD,
	OF_RECONFIG_CHANGE_REMOVE,
};

/**
 * of_reconfig_get_state_change() - what @action on @rd means for a device
 * Attaching an available node, "status" becoming "okay", or an available
 * node gaining a "compatible" (only a node with one becomes a device) is
 * ADD; detaching an available node, "status" leaving "okay", or an
 * available node losing its "compatible" is REMOVE.  A property that comes
 * or goes with its node (@rd->with_node) changes nothing by itself.
 * Return: an enum of_reconfig_change (never an error).
 */
int of_reconfig_get_state_change(unsigned long action, struct of_reconfig_data *rd);

/**
 * of_reconfig_compatible_changed() - does @action on @rd change what its
 * node's device matches by?  True when "compatible" is updated to a
 * different value; the bus then rebinds the device (device_reprobe()).
 */
bool of_reconfig_compatible_changed(unsigned long action, const struct of_reconfig_data *rd);

/**
 * of_reconfig_notifier_register() - call @nb after every change to the tree
 * Return: 0; -EEXIST when @nb is already registered.
 */
int of_reconfig_notifier_register(struct notifier_block *nb);
/* Return: 0; -ENOENT when @nb was not registered. */
int of_reconfig_notifier_unregister(struct notifier_block *nb);
/* Tell every notifier about one change.  Return: the last notifier's NOTIFY_* value. */
int of_reconfig_notify(unsigned long action, struct of_reconfig_data *rd);

/**
 * of_add_property() - add @prop (name, length, value set) at the end of
 * @np's properties and notify.  @prop stays the caller's.
 * Return: 0; -EINVAL for a NULL node or property or no name; -EEXIST when
 * @np already has a property of that name.
 */
int of_add_property(struct device_node *np, struct property *prop);
/**
 * of_remove_property() - unlink @prop from @np and notify; @prop is not freed.
 * Return: 0; -EINVAL for NULL arguments; -ENODEV when @prop is not one of
 * @np's properties.
 */
int of_remove_property(struct device_node *np, struct property *prop);
/**
 * of_update_property() - put @newprop in the place of @np's property of the
 * same name (added at the end when there is none) and notify.  The old
 * property is unlinked, not freed.
 * Return: 0; -EINVAL for NULL arguments or no name.
 */
int of_update_property(struct device_node *np, struct property *newprop);

/* One change of a changeset. */
struct of_changeset_entry {
	struct list_head node;
	unsigned long action;        /* OF_RECONFIG_* */
	struct device_node *np;
	struct property *prop;
	bool own_prop;               /* made by of_changeset_add_prop_*(): freed with it */
	struct property *old_prop;   /* update: what apply replaced */
	bool with_node;              /* a property of a node this changeset attaches */
	void *prev;                  /* detach/remove: what preceded it, to revert in place */
};

/* A list of changes applied and reverted as one (Linux's struct of_changeset). */
struct of_changeset {
	struct list_head entries;
	bool applied;
};

void of_changeset_init(struct of_changeset *ocs);
/*
 * of_changeset_entry_state_change() - what applying @ce (or, @revert,
 * undoing it) would mean for a device at its node, asked before the tree
 * changes: OF_RECONFIG_CHANGE_ADD, _REMOVE or OF_RECONFIG_NO_CHANGE, by
 * of_reconfig_get_state_change()'s rule.
 */
int of_changeset_entry_state_change(const struct of_changeset_entry *ce, bool revert);
/*
 * of_changeset_entry_compatible_changed() - would applying @ce (or, @revert,
 * undoing it) change its node's compatible (of_reconfig_compatible_changed()),
 * so that its device is unbound and bound again?  Asked before the tree changes.
 */
bool of_changeset_entry_compatible_changed(const struct of_changeset_entry *ce, bool revert);
/*
 * of_changeset_entry_reconfig() - what the reconfig notifiers are told once
 * @ce is applied (or, @revert, undone): the action returned, and *@rd.
 * The dry runs (ofdump, the overlay command) read an applied overlay by it.
 */
unsigned long of_changeset_entry_reconfig(const struct of_changeset_entry *ce, bool revert,
					  struct of_reconfig_data *rd);
/**
 * of_changeset_destroy() - free the entries (not yet applied, or reverted),
 * and every node flagged OF_DYNAMIC that an attach entry holds.  Properties
 * stay the caller's.  Destroying an applied changeset does nothing.
 */
void of_changeset_destroy(struct of_changeset *ocs);
/**
 * of_changeset_action() - append one change; nothing touches the tree yet
 * Return: 0; -EINVAL for a NULL node, a property action without property,
 * or an unknown action; -EBUSY when the changeset is applied; -ENOMEM.
 */
int of_changeset_action(struct of_changeset *ocs, unsigned long action,
			struct device_node *np, struct property *prop);
/**
 * of_changeset_apply() - apply every entry in order, then notify for each.
 * All or nothing: when one entry fails, those before it are reverted (no
 * notification went out) and the tree is as it was.
 * Return: 0; -EBUSY when already applied; an entry's error: -EEXIST (node or
 * property already there, phandle in use), -ENODEV (property or node to
 * remove/detach not there), -EINVAL (node without parent).
 */
int of_changeset_apply(struct of_changeset *ocs);
/**
 * of_changeset_revert() - undo an applied changeset, newest entry first,
 * each property and node back in its old place, then notify (inverse
 * actions, newest first).
 * Return: 0; -EINVAL when the changeset is not applied.
 */
int of_changeset_revert(struct of_changeset *ocs);

static inline int of_changeset_attach_node(struct of_changeset *ocs,
					   struct device_node *np)
{
	return of_changeset_action(ocs, OF_RECONFIG_ATTACH_NODE, np, NULL);
}
static inline int of_changeset_detach_node(struct of_changeset *ocs,
					   struct device_node *np)
{
	return of_changeset_action(ocs, OF_RECONFIG_DETACH_NODE, np, NULL);
}
static inline int of_changeset_add_property(struct of_changeset *ocs,
					    struct device_node *np, struct property *prop)
{
	return of_changeset_action(ocs, OF_RECONFIG_ADD_PROPERTY, np, prop);
}
static inline int of_changeset_remove_property(struct of_changeset *ocs,
					       struct device_node *np, struct property *prop)
{
	return of_changeset_action(ocs, OF_RECONFIG_REMOVE_PROPERTY, np, prop);
}
static inline int of_changeset_update_property(struct of_changeset *ocs,
					       struct device_node *np, struct property *prop)
{
	return of_changeset_action(ocs, OF_RECONFIG_UPDATE_PROPERTY, np, prop);
}

/**
 * of_changeset_create_node() - a new node @full_name under @parent, to be
 * attached when @ocs is applied (OF_DYNAMIC, freed with the changeset once
 * the caller's reference is put too)
 * Return: the node with a reference for the caller (of_node_put() drops
 * it), or NULL (bad arguments, no memory).
 */
struct device_node *of_changeset_create_node(struct of_changeset *ocs,
					     struct device_node *parent,
					     const char *full_name);
/**
 * of_changeset_add_prop_string() / of_changeset_add_prop_u32() - add a
 * property with a copy of @str (or @val, big-endian) to @np when @ocs is
 * applied; the copy is freed with the changeset.
 * Return: 0; -EINVAL (NULL arguments); -EBUSY (applied); -ENOMEM.
 */
int of_changeset_add_prop_string(struct of_changeset *ocs, struct device_node *np,
				 const char *name, const char *str);
int of_changeset_add_prop_u32(struct of_changeset *ocs, struct device_node *np,
			      const char *name, u32 val);
/**
 * of_attach_node() / of_detach_node() - attach a node (its parent set) or
 * detach one, at once, and notify, as a one-entry changeset would.
 * Return: 0; -EINVAL (no parent, parent detached); -EEXIST (name or
 * phandle taken); -ENODEV (not attached).
 */
int of_attach_node(struct device_node *np);
int of_detach_node(struct device_node *np);

/* --- of/overlay.c: device-tree overlays (Linux's of_overlay API) --- */

/**
 * of_overlay_fdt_apply() - apply an overlay blob (`dtc -@` output) to the
 * live tree, all or nothing
 * @overlay_fdt:  the blob; copied, the copy stays while the overlay is applied
 *                and the tree's new values point into it
 * @overlay_fdt_size: bytes readable at @overlay_fdt
 * @ret_ovcs_id:  the new overlay's id (1, 2, ...); 0 when nothing was applied
 * @target_base:  must be NULL (targets are absolute)
 *
 * The blob is checked like a boot blob; its phandles are renumbered above
 * the tree's highest; __local_fixups__ and __fixups__ (labels looked up in
 * the tree's __symbols__) are resolved; every fragment becomes changeset
 * entries (an unchanged #address-cells/#size-cells is none); the overlay
 * notifiers are told (pre-apply), the changeset is applied, the buses
 * notified, and the notifiers told again (post-apply).  On any error up to
 * the apply, the tree is untouched, *@ret_ovcs_id is 0 and
 * of_overlay_error() says which fragment, which property and why.  Linux
 * hands out an id for such a failure too, to be passed to
 * of_overlay_remove(); coyote has nothing to remove then.  A post-apply
 * notifier's error leaves the overlay applied with its id given, as Linux.
 * Return: 0; -EINVAL (malformed blob or overlay, unknown label, base without
 * __symbols__, target missing, phandle clash, #address-cells/#size-cells
 * change, a label the tree's __symbols__ has already); -EOVERFLOW (phandles
 * run out, blob larger than its buffer); -EEXIST (a change collides with
 * the tree); an overlay notifier's own error (-EBUSY for the device-link
 * veto); -ENOMEM.
 */
int of_overlay_fdt_apply(const void *overlay_fdt, u32 overlay_fdt_size,
			 int *ret_ovcs_id, const struct device_node *target_base);
/**
 * of_overlay_fdt_apply_params() - coyote: of_overlay_fdt_apply() with the
 * overlay's parameters set first, as the Raspberry Pi firmware sets
 * `dtoverlay=NAME,param=value` (docs/overlays.md, "Raspberry Pi overlays")
 * @params:  "name=value" strings, set in order (a later one wins); each
 *           name a property of the overlay's __overrides__ node
 * @nparams: how many (0: exactly of_overlay_fdt_apply())
 *
 * Return: as of_overlay_fdt_apply(), and -EINVAL for a parameter the
 * overlay does not define, a value of the wrong type, or a target other
 * than a string, integer ("prop:N" and the other widths) or boolean
 * ("prop?") one: of_overlay_error() names the parameter and the node, and
 * nothing is applied.
 */
int of_overlay_fdt_apply_params(const void *overlay_fdt, u32 overlay_fdt_size,
				const char *const *params, int nparams, int *ret_ovcs_id);
/**
 * of_overlay_remove() - revert overlay *@ovcs_id and free it; *@ovcs_id = 0
 * Only the newest of overlays that touch the same nodes may go.
 * Return: 0; -ENODEV for an unknown id; -EBUSY when a newer overlay
 * touches its nodes; a pre-remove notifier's error (of_overlay_error() says
 * which); a post-remove notifier's error, the overlay gone all the same.
 */
int of_overlay_remove(int *ovcs_id);
/* Remove every overlay, newest first.  Return: 0 or of_overlay_remove()'s error. */
int of_overlay_remove_all(void);

/*
 * Overlay notifiers (Linux's of_overlay_notifier_register()): called before
 * an overlay is applied (OF_OVERLAY_PRE_APPLY) and before one is removed
 * (OF_OVERLAY_PRE_REMOVE), while the tree is still as it was, and after
 * each (OF_OVERLAY_POST_APPLY, OF_OVERLAY_POST_REMOVE).  A block that
 * returns notifier_from_errno(-E...) refuses a pre- change (or reports a
 * post- one) with that errno, and the reason it wrote to the data's buffer;
 * NOTIFY_BAD is -EPERM.  coyote's data is the whole changeset, not Linux's
 * fragment and target.
 */
enum of_overlay_notify_action {
	OF_OVERLAY_INIT = 0,
	OF_OVERLAY_PRE_APPLY,
	OF_OVERLAY_POST_APPLY,
	OF_OVERLAY_PRE_REMOVE,
	OF_OVERLAY_POST_REMOVE,
};

struct of_overlay_notify_data {
	struct of_changeset *cset;      /* PRE_REMOVE: what the removal undoes */
	char *why;                      /* a refusing block's reason */
	size_t whylen;
};

/* Return: 0; -EEXIST when @nb is registered already. */
int of_overlay_notifier_register(struct notifier_block *nb);
/* Return: 0; -ENOENT when @nb was not registered. */
int of_overlay_notifier_unregister(struct notifier_block *nb);

/* coyote: why the last apply or remove failed ("" after a success). */
const char *of_overlay_error(void);
/* coyote: name an applied overlay (its file, for `overlay list`). */
int of_overlay_set_name(int ovcs_id, const char *name);
/**
 * of_overlay_next() - applied overlays, oldest first: pass 0 to start,
 * then the id returned last.  Return: the next id, or 0 after the last.
 */
int of_overlay_next(int prev_id);
/* coyote: an applied overlay's name ("" if unnamed) and changeset, or NULL. */
const char *of_overlay_name(int ovcs_id);
struct of_changeset *of_overlay_changeset(int ovcs_id);

#endif
