/* SPDX-License-Identifier: BSD-2-Clause */
/* What the BCM2836 local controller (drivers/irqchip/irq-bcm2836.c) offers
 * the "brcm,bcm2836-smp" enable-method (arch/arm/bcm2836_smp.c). */
#ifndef _LINUX_IRQCHIP_IRQ_BCM2836_H
#define _LINUX_IRQCHIP_IRQ_BCM2836_H

/* Each core's mailboxes, as offsets in the block (Linux keeps them here
 * too): the driver and its self-test. */
#define LOCAL_MAILBOX0_SET0		0x080	/* + 16 * core: writes OR in */
#define LOCAL_MAILBOX3_SET0		0x08c	/* + 16 * core */
#define LOCAL_MAILBOX0_CLR0		0x0c0	/* + 16 * core: read, write 1s to clear */
#define LOCAL_MAILBOX3_CLR0		0x0cc	/* + 16 * core */
#define LOCAL_NR_CORES			4

int bcm2836_smp_boot_secondary(unsigned int core, unsigned long entry);

#endif
