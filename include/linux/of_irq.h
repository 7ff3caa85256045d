/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Interrupt specifiers from the tree (of/irq.c): which controller and which
 * cells a node's interrupt is, after interrupt-parent inheritance,
 * interrupts-extended and interrupt-map translation.  Turning the result into
 * a Linux-style IRQ number (irq_of_parse_and_map) is the IRQ core's job.
 */
#ifndef _LINUX_OF_IRQ_H
#define _LINUX_OF_IRQ_H

#include <linux/of.h>

int of_irq_parse_one(struct device_node *device, int index,
		     struct of_phandle_args *out_irq);
int of_irq_parse_raw(const __be32 *addr, struct of_phandle_args *out_irq);
struct device_node *of_irq_find_parent(struct device_node *child);
/* @np (a controller) has no interrupt parent but itself: the root. */
bool of_irq_is_root(struct device_node *np);
/*
 * of_irq_is_nexus() - @np translates specifiers onward through its
 * "interrupt-map" (a map takes precedence over "interrupt-controller", as
 * in of_irq_parse_raw()): an interrupt that names @np lands elsewhere.
 */
bool of_irq_is_nexus(const struct device_node *np);
int of_irq_count(struct device_node *dev);

/* Mapping to virtual IRQ numbers lives with the IRQ domains (kernel/irq/irqdomain.c). */
unsigned int irq_of_parse_and_map(struct device_node *dev, int index);
int of_irq_get(struct device_node *dev, int index);

#endif
