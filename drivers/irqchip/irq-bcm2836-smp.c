// SPDX-License-Identifier: BSD-2-Clause
/*
 * enable-method = "brcm,bcm2836-smp" (Raspberry Pi 2): each other core
 * waits on its mailbox 3 in the BCM2836 local controller, whose address
 * the tree's `brcm,bcm2836-l1-intc` node gives its driver; writing the
 * entry point there releases the core.  The core number is the MPIDR's
 * Aff0, the low byte of the node's reg (Aff1 is the cluster, 0xf).
 */
#include <linux/errno.h>
#include <linux/irqchip/irq-bcm2836.h>
#include <linux/kernel.h>
#include <asm/smp.h>

static int bcm2836_boot_secondary(unsigned int cpu, struct device_node *np, u64 hwid,
				  unsigned long entry, char *why, size_t whylen)
{
	int ret = bcm2836_smp_boot_secondary((unsigned int)hwid & 0xff, entry);	/* Aff0 */

	if (ret == -ENODEV)
		why_set(why, whylen, "no BCM2836 local interrupt controller bound (its mailboxes "
			"release the cores)");
	else if (ret == -EBUSY)
		why_set(why, whylen, "its mailbox 3 still holds the park address it was given "
			"at boot (the core never ran to take it)");
	else if (ret)
		why_set(why, whylen, "reg 0x%llx is no core of the BCM2836's four", hwid);
	return ret;
}

static const struct smp_operations bcm2836_smp_ops = {
	.smp_boot_secondary = bcm2836_boot_secondary,
};
CPU_METHOD_OF_DECLARE(bcm_smp_bcm2836, "brcm,bcm2836-smp", &bcm2836_smp_ops);
