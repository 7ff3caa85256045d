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
#define IORESOURCE_MEM 0x00000200
#define IORESOURCE_IRQ 0x00000400
static inline resource_size_t resource_size(const struct resource *r)
{
	return r->end - r->start + 1;
}

#define OF_BAD_ADDR ((u64)-1)

extern struct device_node *of_root;
extern struct device_node *of_chosen;
extern struct device_node *of_aliases;

/*
 * Function declarations follow (of/base.c, of/property.c, of/address.c,
 * of/irq.c); each is documented where it is defined and summarised here.
 */

#endif
