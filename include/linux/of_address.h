/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Addresses from the tree (of/address.c): a node's "reg" entries, translated
 * through every parent bus's "ranges" into CPU physical addresses.
 */
#ifndef _LINUX_OF_ADDRESS_H
#define _LINUX_OF_ADDRESS_H

#include <linux/of.h>

/* Address cells the translator handles (PCI uses 3). */
#define OF_MAX_ADDR_CELLS 4

u64 of_translate_address(struct device_node *np, const __be32 *addr);
const __be32 *of_get_address(struct device_node *dev, int index, u64 *size,
			     unsigned int *flags);
int of_address_to_resource(struct device_node *dev, int index,
			   struct resource *r);
int of_property_read_reg(struct device_node *np, int idx, u64 *addr, u64 *size);
int of_address_count(struct device_node *np);

#endif
