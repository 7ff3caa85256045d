/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Starting the other cores (arch/arm/smp.c).  A CPU node's
 * `enable-method` names how; each method is an entry in a table built by
 * the linker, as Linux's CPU_METHOD_OF_DECLARE builds its own:
 *
 *   static const struct smp_operations psci_smp_ops = {
 *           .smp_boot_secondary = psci_boot_secondary,
 *   };
 *   CPU_METHOD_OF_DECLARE(psci_smp, "psci", &psci_smp_ops);
 */
#ifndef _ASM_SMP_H
#define _ASM_SMP_H

#include <linux/types.h>

struct device_node;

struct smp_operations {
	/*
	 * Start logical CPU @cpu (MPIDR affinity @hwid, node @np) at
	 * physical address @entry (MMU off).  Return: 0 once the core was
	 * told to start (smp.c then waits for it to check in), or a negative
	 * errno with the reason for `cpus` written to @why: -ENXIO when the
	 * hardware says it has no such core (it stays off, not failed).
	 */
	int (*smp_boot_secondary)(unsigned int cpu, struct device_node *np, u64 hwid,
				  unsigned long entry, char *why, size_t whylen);
};

struct of_cpu_method {
	const char *method;
	const struct smp_operations *ops;
	/*
	 * NULL, or the compatibles (NULL-terminated) of nodes that, all
	 * present and available in the tree, imply this method for a CPU node
	 * that names none: trees that leave the method to the machine (the
	 * upstream vexpress-a9 tree) still say what hardware starts the core.
	 */
	const char *const *implied_by;
};

#define CPU_METHOD_OF_DECLARE(name, _method, _ops) \
	static const struct of_cpu_method __cpu_method_of_table_##name \
	__attribute__((used, section("__cpu_method_of_table"), aligned(4))) = \
	{ .method = _method, .ops = _ops }

/* The same, also chosen for CPU nodes without enable-method when the tree
 * has a node of each compatible listed after @_ops. */
#define CPU_METHOD_OF_DECLARE_IMPLIED(name, _method, _ops, ...) \
	static const struct of_cpu_method __cpu_method_of_table_##name \
	__attribute__((used, section("__cpu_method_of_table"), aligned(4))) = \
	{ .method = _method, .ops = _ops, \
	  .implied_by = (const char *const[]){ __VA_ARGS__, NULL } }

/**
 * smp_core_in_cluster() - for a method that knows its cluster's size: is
 * @hwid (a CPU node's reg) one of the @cores cores (Aff0 below @cores,
 * nothing above)?  @counter names who counted them, for the reason.
 * Return: 0; -ENXIO, the reason in @why, when it is not (the core stays
 * off); 0 also when @cores is not a count (< 1: nobody counted).
 */
int smp_core_in_cluster(u64 hwid, int cores, const char *counter, char *why, size_t whylen);

/* Where a secondary starts (arch/arm/head.S), MMU off. */
void secondary_startup(void);

/* The messages an IPI carries. */
enum ipi_msg_type {
	IPI_PING,		/* only counted: `cpu N ipi`, the self-test */
	IPI_CALL_FUNC,		/* smp_call_function_single() */
	IPI_WAKEUP,		/* out of the firmware's wfi (not counted) */
	IPI_CPU_STOP,		/* a panic elsewhere: mask IRQs and park */
	NR_IPI
};

/*
 * The interrupt controller's way of raising IPI @ipinr on the CPUs in
 * @cpumask (bit n: logical CPU n); NULL unregisters it.
 */
void set_smp_cross_call(void (*fn)(unsigned long cpumask, unsigned int ipinr));
/* From the controller's dispatch, on the receiving CPU. */
void handle_IPI(unsigned int ipinr);

/**
 * smp_send_ipi() - raise IPI @ipinr on @cpu.
 * Return: 0; -ENXIO when @cpu is not online; -ENODEV when no interrupt
 * controller can raise IPIs.
 */
int smp_send_ipi(unsigned int cpu, unsigned int ipinr);
/**
 * smp_send_wakeup_ipi() - the IPI that wakes @cpu, booting and not yet
 * online, from its firmware's wfi.  Until the core has come up the
 * interrupt controller may not know which of its interfaces is the core's,
 * and then every other core gets it too: secondary_startup's holding pen
 * lets through only the core smp.c is starting.
 * Return: 0; -ENODEV when no interrupt controller can raise IPIs.
 */
int smp_send_wakeup_ipi(unsigned int cpu);
/**
 * smp_send_stop() - park every other online CPU (a panic: Linux's name):
 * each gets IPI_CPU_STOP, masks its IRQs and waits in wfi for good.
 * Return: how many did not say so within 1 s (IRQs masked there, or stuck).
 */
unsigned int smp_send_stop(void);
/* IPIs @cpu has received. */
unsigned long smp_ipi_count(unsigned int cpu);

/* Boot step, after the tick: start every core the tree names. */
void smp_init(void);

#endif
