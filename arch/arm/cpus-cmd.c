// SPDX-License-Identifier: BSD-2-Clause
/*
 * `cpus`: the CPUs the tree describes under /cpus, and which one of them
 * is running coyote.  A CPU node's `reg` is its MPIDR affinity (bits 23:0
 * of the MPIDR register of ARMv7; QEMU's virt writes one node per -smp
 * CPU, reg 0, 1, ...), and its `enable-method` says how the others would
 * be started ("psci": PSCI's CPU_ON).  Only the CPU QEMU started runs:
 * bringing up secondaries is not something coyote does, so they are
 * listed as not started.
 */
#include <linux/errno.h>
#include <linux/of.h>
#include <asm/cputype.h>
#include <coyote/shell.h>

#define MPIDR_HWID_BITMASK	0xffffff

/* Our affinity: MPIDR on ARMv7; the ARM926 has none and is CPU 0. */
static u32 this_cpu_hwid(void)
{
	return cpu_is_armv7() ? read_cpuid_mpidr() & MPIDR_HWID_BITMASK : 0;
}

static const char *cpu_prop_string(const struct device_node *np, const char *name)
{
	const char *s;

	return of_property_read_string(np, name, &s) ? "-" : s;
}

static int cmd_cpus(int argc, char **argv)
{
	struct device_node *cpu;
	u32 me = this_cpu_hwid();
	int n = 0, found = 0;

	for_each_of_cpu_node(cpu) {
		const __be32 *reg;
		int len, ac = of_n_addr_cells(cpu);
		u64 hwid;

		if (!n++)
			printf("%-10s %-12s %-18s %-14s %s\n", "node", "reg (MPIDR)", "compatible",
			       "enable-method", "state");
		reg = of_get_property(cpu, "reg", &len);
		if (!reg || ac < 1 || ac > 2 || len < 4 * ac) {
			printf("%-10s %-12s (no usable reg)\n", cpu->full_name, "-");
			continue;
		}
		hwid = of_read_number(reg, ac);
		printf("%-10s 0x%08llx   %-18s %-14s %s\n", cpu->full_name, hwid,
		       cpu_prop_string(cpu, "compatible"), cpu_prop_string(cpu, "enable-method"),
		       !of_device_is_available(cpu) ? "disabled" :
		       hwid == me ? "running (this CPU)" : "not started");
		found += hwid == me;
	}
	if (!n) {
		printf("no CPU nodes under /cpus\n");
		return -ENODEV;
	}
	printf("%d CPU(s) in the tree, 1 running (MPIDR affinity 0x%06x%s)\n", n,
	       (unsigned int)me, found ? "" : ", which no node's reg names");
	return 0;
}
SHELL_COMMAND(cpus, cmd_cpus, "cpus", "the tree's CPU nodes: MPIDR (reg), enable-method, which runs",
	      .topic = TOPIC_SYSTEM,
	      .example = "cpus");
