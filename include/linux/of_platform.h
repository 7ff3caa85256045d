/* SPDX-License-Identifier: BSD-2-Clause */
/* Creating platform devices from the live tree (of/platform.c). */
#ifndef _LINUX_OF_PLATFORM_H
#define _LINUX_OF_PLATFORM_H

#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>

/* Linux's per-board name overrides; accepted for API compatibility. */
struct of_dev_auxdata {
	char *compatible;
	resource_size_t phys_addr;
	char *name;
	void *platform_data;
};

/* Bus nodes whose children become devices too. */
extern const struct of_device_id of_default_bus_match_table[];

/*
 * The one copy of "is this a bus": @np's children become devices when the
 * default populate reaches it (simple-bus, simple-mfd, arm,amba-bus), and
 * a bus node that is a device itself as well (simple-mfd).  Populate, whynot
 * and ofdump ask these.
 */
bool of_platform_node_is_bus(const struct device_node *np);
bool of_platform_bus_is_device(const struct device_node *np);

/**
 * of_platform_populate() - create platform devices for the children of @root
 * (the tree root when NULL) and, recursively, for the children of every node
 * that matches @matches (bus nodes).  Plain bus nodes get no device (they
 * are containers here); a "simple-mfd" node gets one and its children too.
 * Every device's parent is @parent.  Disabled nodes and nodes without
 * `compatible` are skipped; a node never gets a second device (OF_POPULATED).
 * Each device added is matched against the registered drivers at once.
 * Return: 0; -EINVAL without a tree; -ENOMEM.  A node that cannot become
 * a device (e.g. malformed reg) is logged and skipped.
 */
int of_platform_populate(struct device_node *root,
			 const struct of_device_id *matches,
			 const struct of_dev_auxdata *lookup,
			 struct device *parent);
/* of_platform_populate() with of_default_bus_match_table; logs a summary. */
int of_platform_default_populate(struct device_node *root,
				 const struct of_dev_auxdata *lookup,
				 struct device *parent);
/**
 * of_platform_device_create() - one platform device for @np under @parent.
 * Return: the device, or NULL (disabled, already populated, no memory).
 */
struct platform_device *of_platform_device_create(struct device_node *np,
						  const char *bus_id,
						  struct device *parent);
/*
 * Unregister (unbind, free) every device of_platform_populate() created with
 * @parent as parent (NULL: the top-level ones) and clear their nodes' flags.
 */
void of_platform_depopulate(struct device *parent);

#endif
