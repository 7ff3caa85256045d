// SPDX-License-Identifier: BSD-2-Clause
/*
 * enable-method = "fsl,imx6q-smp" (coyote's name: Linux's i.MX6 machine
 * code starts the cores and its tree names no method): the System Reset
 * Controller takes the entry point and enables the core (src.c).  The
 * i.MX6Q tree's CPU nodes name no enable-method, and it has no SCU node;
 * its A9 GIC beside an `fsl,imx6q-src` node implies this method, and the
 * GIC's count of CPU interfaces says which cores exist.
 */
#include <linux/errno.h>
#include <linux/irqchip/arm-gic.h>
#include <linux/kernel.h>
#include <linux/soc/imx/src.h>
#include <asm/smp.h>

#define MPIDR_AFF0		0xff

static int imx6_boot_secondary(unsigned int cpu, struct device_node *np, u64 hwid,
			       unsigned long entry, char *why, size_t whylen)
{
	int ret = smp_core_in_cluster(hwid, gic_get_cpu_count(), "GIC", why, whylen);

	if (ret)
		return ret;
	ret = imx_src_boot_core((unsigned int)hwid & MPIDR_AFF0, entry);
	if (ret == -ENODEV)
		why_set(why, whylen, "no fsl,imx6q-src bound (the SRC releases the cores)");
	else if (ret)
		why_set(why, whylen, "reg 0x%llx is no core the SRC starts", hwid);
	return ret;
}

static const struct smp_operations imx6_smp_ops = {
	.smp_boot_secondary = imx6_boot_secondary,
};
CPU_METHOD_OF_DECLARE_IMPLIED(imx6q_smp, "fsl,imx6q-smp", &imx6_smp_ops,
			      "arm,cortex-a9-gic", "fsl,imx6q-src");
