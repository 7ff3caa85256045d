// SPDX-License-Identifier: BSD-2-Clause
/*
 * enable-method = "psci": the firmware starts the core (CPU_ON with its
 * MPIDR and our entry point), through the PSCI driver bound to the tree's
 * psci node.  PSCI's error numbers are not errnos: they are named here,
 * for `cpus`, and -EIO goes back to smp.c.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/psci.h>
#include <asm/smp.h>

static int psci_boot_secondary(unsigned int cpu, struct device_node *np, u64 hwid,
			       unsigned long entry, char *why, size_t whylen)
{
	int ret = psci_cpu_on(hwid, entry, cpu);

	if (!ret)
		return 0;
	if (ret == -ENODEV) {
		why_set(why, whylen, "no PSCI firmware bound (the tree's psci node did not probe)");
		return ret;
	}
	if (ret == -EFAULT) {
		why_set(why, whylen, "the CPU_ON call trapped: no firmware answers it");
		return ret;
	}
	why_set(why, whylen, "PSCI CPU_ON(MPIDR 0x%llx) answered %d %s", hwid, ret,
		psci_ret_name(ret));
	return -EIO;
}

static const struct smp_operations psci_smp_ops = {
	.smp_boot_secondary = psci_boot_secondary,
};
CPU_METHOD_OF_DECLARE(psci_smp, "psci", &psci_smp_ops);
