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
	void *data;              /* owner's use (driver core: the device made from it) */
};

/* _flags bits */
#define OF_POPULATED     0   /* a device was created from this node */
#define OF_POPULATED_BUS 1   /* its children were populated as a bus */

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
 * Reference counting: coyote's tree is built once from the blob and never
 * freed while the kernel runs (no overlays remove nodes), so a node can never
 * go away under a holder.  The calls exist so Linux code ports unchanged.
 */
static inline struct device_node *of_node_get(struct device_node *node)
{
	return node;
}
static inline void of_node_put(struct device_node *node)
{
	(void)node;
}

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

#endif
