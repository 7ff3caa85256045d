/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Masking IRQs on the CPU (the I bit in CPSR), with Linux's names.
 * ARMv5 has no cpsid/cpsie, so each helper is a read-modify-write of CPSR.
 */
#ifndef _ASM_IRQFLAGS_H
#define _ASM_IRQFLAGS_H

#include <asm/ptrace.h>

static inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	__asm__ volatile("mrs %0, cpsr" : "=r"(flags) : : "memory");
	return flags;
}

static inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags, tmp;

	__asm__ volatile("mrs %0, cpsr\n\t"
			 "orr %1, %0, #0x80\n\t"
			 "msr cpsr_c, %1"
			 : "=r"(flags), "=r"(tmp) : : "memory", "cc");
	return flags;
}

static inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ volatile("msr cpsr_c, %0" : : "r"(flags) : "memory", "cc");
}

static inline void arch_local_irq_enable(void)
{
	unsigned long tmp;

	__asm__ volatile("mrs %0, cpsr\n\t"
			 "bic %0, %0, #0x80\n\t"
			 "msr cpsr_c, %0"
			 : "=r"(tmp) : : "memory", "cc");
}

static inline void arch_local_irq_disable(void)
{
	unsigned long tmp;

	__asm__ volatile("mrs %0, cpsr\n\t"
			 "orr %0, %0, #0x80\n\t"
			 "msr cpsr_c, %0"
			 : "=r"(tmp) : : "memory", "cc");
}

static inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return (flags & PSR_I_BIT) != 0;
}

#define local_irq_enable()	arch_local_irq_enable()
#define local_irq_disable()	arch_local_irq_disable()
#define local_irq_save(flags)	((flags) = arch_local_irq_save())
#define local_irq_restore(flags) arch_local_irq_restore(flags)
#define local_save_flags(flags)	((flags) = arch_local_save_flags())
#define irqs_disabled()		arch_irqs_disabled_flags(arch_local_save_flags())
#define irqs_disabled_flags(flags) arch_irqs_disabled_flags(flags)

#endif
