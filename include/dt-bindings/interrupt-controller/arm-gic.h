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


#endif
