/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which CPU is this, and how many may there be.  Logical CPU numbers as in
 * Linux: the boot CPU is 0, the others are numbered in the order the tree
 * lists them (arch/arm/smp.c).  Each CPU keeps its number in TPIDRPRW, the
 * PL1-only thread ID register of ARMv7 (as Linux keeps its per-CPU offset
 * there); the ARM926 has none and is always CPU 0.  The host build is one
 * CPU.
 */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/types.h>

#define NR_CPUS		8

#ifdef COYOTE_HOST
static inline unsigned int smp_processor_id(void) { return 0; }
#else
/* Set once, on the boot CPU, by smp_setup_processor_id(): ARMv7 or not. */
extern bool cpu_has_ldrex;

static inline unsigned int smp_processor_id(void)
{
	u32 id;

	if (!cpu_has_ldrex)
		return 0;
	__asm__ volatile("mrc p15, 0, %0, c13, c0, 4" : "=r"(id));	/* TPIDRPRW */
	return id;
}
#endif

/* Boot step, first of all: the lock flavour by the MIDR, and CPU 0's number. */
void smp_setup_processor_id(void);

/* CPUs that run the kernel now (1 until secondaries check in). */
unsigned int num_online_cpus(void);
bool cpu_online(unsigned int cpu);

/**
 * smp_call_function_single() - run @func(@info) on @cpu, in its IPI
 * handler (IRQs masked there); on this CPU it is called directly.
 * @wait: return only when @func has returned on @cpu.
 * A call to a CPU that still runs an earlier one waits for it first.
 * Return: 0; -ENXIO when @cpu is not online; -EBUSY when @cpu still runs
 * an earlier call after 5 s; -ETIMEDOUT when @wait and @cpu did not
 * finish in 5 s (a call it never started is withdrawn).
 */
int smp_call_function_single(unsigned int cpu, void (*func)(void *info), void *info,
			     bool wait);

#endif
