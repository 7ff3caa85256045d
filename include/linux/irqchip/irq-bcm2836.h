/* SPDX-License-Identifier: BSD-2-Clause */
/* What the BCM2836 local controller (drivers/irqchip/irq-bcm2836.c) offers
 * the "brcm,bcm2836-smp" enable-method (arch/arm/bcm2836_smp.c). */
#ifndef _LINUX_IRQCHIP_IRQ_BCM2836_H
#define _LINUX_IRQCHIP_IRQ_BCM2836_H

int bcm2836_smp_boot_secondary(unsigned int core, unsigned long entry);

#endif
