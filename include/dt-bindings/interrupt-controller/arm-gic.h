/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cell values of the GIC's three-cell interrupt specifier <type number
 * flags>, with the names the devicetree bindings use (drivers/irqchip/
 * irq-gic.c reads them).
 */
#ifndef _DT_BINDINGS_ARM_GIC_H
#define _DT_BINDINGS_ARM_GIC_H

#define GIC_SPI			0	/* shared peripheral: ID = number + 32 */
#define GIC_PPI			1	/* private peripheral: ID = number + 16 */

#define IRQ_TYPE_EDGE_RISING	1
#define IRQ_TYPE_LEVEL_HIGH	4

#endif
