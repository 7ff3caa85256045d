/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trigger types, the flags cell of two-cell interrupt specifiers
 * <line type> (the PL061's, and the last cell of the GIC's), with the
 * names the devicetree bindings use.  The kernel's own copy of these values
 * is include/linux/irq.h's IRQ_TYPE_* (the same numbers).
 */
#ifndef _DT_BINDINGS_INTERRUPT_CONTROLLER_IRQ_H
#define _DT_BINDINGS_INTERRUPT_CONTROLLER_IRQ_H

#define IRQ_TYPE_NONE		0
#define IRQ_TYPE_EDGE_RISING	1
#define IRQ_TYPE_EDGE_FALLING	2
#define IRQ_TYPE_EDGE_BOTH	(IRQ_TYPE_EDGE_FALLING | IRQ_TYPE_EDGE_RISING)
#define IRQ_TYPE_LEVEL_HIGH	4
#define IRQ_TYPE_LEVEL_LOW	8

#endif
