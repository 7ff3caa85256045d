// SPDX-License-Identifier: BSD-2-Clause
/*
 * enable-method = "arm,realview-smp": the ARM development boards' way.
 * Each secondary core waits in its boot firmware (QEMU's vexpress stub:
 * wfi, then a read of the system flags register, a jump to it when not
 * zero).  Releasing one: the Cortex-A9 SCU says the core exists (where
 * the tree has none, the GIC's count of CPU interfaces); the system registers' SYS_FLAGS gets the entry point;
 * an IPI wakes it.
 *
 * The upstream vexpress-a9 tree's CPU nodes name no method (Linux takes it
 * from the machine, platsmp-vexpress.c); coyote asks the tree instead: an
 * `arm,cortex-a9-scu` node beside an `arm,vexpress-sysreg` node implies
 * this method for every CPU node without enable-method (asm/smp.h); on
 * the Cortex-A15 tile, which has no SCU block, its GIC
 * (`arm,cortex-a15-gic`) beside the system registers does.
 */
#include <linux/errno.h>
#include <linux/irqchip/arm-gic.h>
#include <linux/kernel.h>
#include <linux/vexpress.h>
#include <asm/smp.h>
#include <asm/smp_scu.h>

static int realview_boot_secondary(unsigned int cpu, struct device_node *np, u64 hwid,
				   unsigned long entry, char *why, size_t whylen)
{
	int cores = scu_get_core_count(), ret;
	const char *counter = "SCU";

	if (cores == -ENODEV) {
		why_set(why, whylen, "the tree's Cortex-A9 SCU is not bound (it says which cores "
			"exist)");
		return cores;
	}
	if (cores == -ENOENT) {
		cores = gic_get_cpu_count();
		counter = "GIC";
	}
	ret = smp_core_in_cluster(hwid, cores, counter, why, whylen);
	if (ret)
		return ret;
	ret = vexpress_sysreg_set_flags((u32)entry);
	if (ret) {
		why_set(why, whylen, ret == -ENODEV ?
			"no arm,vexpress-sysreg bound (its SYS_FLAGS holds the entry point)" :
			"SYS_FLAGS did not take the entry point");
		return ret;
	}
	ret = smp_send_wakeup_ipi(cpu);
	if (ret)
		why_set(why, whylen, "no interrupt controller to wake it with an IPI");
	return ret;
}

static const struct smp_operations realview_smp_ops = {
	.smp_boot_secondary = realview_boot_secondary,
};
CPU_METHOD_OF_DECLARE_IMPLIED(realview_smp, "arm,realview-smp", &realview_smp_ops,
			      "arm,cortex-a9-scu", "arm,vexpress-sysreg");
/* The Cortex-A15 tile: no SCU block, the same firmware and flags. */
CPU_METHOD_OF_DECLARE_IMPLIED(realview_smp_a15, "arm,realview-smp", &realview_smp_ops,
			      "arm,cortex-a15-gic", "arm,vexpress-sysreg");
