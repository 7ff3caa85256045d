/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cell values of the GIC's three-cell interrupt specifier <type number
 * flags>, with the names the devicetree bindings use (drivers/irqchip/
 * irq-gic.c reads them).
 */
#ifndef _DT_BINDINGS_ARM_GIC_H
#define _DT_BINDINGS_ARM_GIC_H

#include <dt-bindings/interrupt-controller/irq.h>

#define GIC_SPI			0	/* shared peripheral: ID = number + 32 */
#define GIC_PPI			1	/* private peripheral: ID = number + 16 */

/* A PPI's flags cell: bits 15:8 name the CPUs it reaches, here the first @num. */
#define GIC_CPU_MASK_RAW(x)	((x) << 8)
#define GIC_CPU_MASK_SIMPLE(num)	GIC_CPU_MASK_RAW((1 << (num)) - 1)


#endif
