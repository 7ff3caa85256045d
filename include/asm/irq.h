/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CPU's IRQ line.  arch/arm/entry.S saves the interrupted registers and
 * calls handle_arch_irq(); arch/arm/traps.c has a weak default that reports
 * an unexpected IRQ.  The interrupt controller code (drivers/irqchip) defines
 * the real one and reads the controller found in the tree.
 */
#ifndef _ASM_IRQ_H
#define _ASM_IRQ_H

#include <asm/barrier.h>
#include <asm/cputype.h>
#include <asm/ptrace.h>

void handle_arch_irq(struct pt_regs *regs);

/* Register dump of a context, with symbol names for pc and lr. */
void show_regs(const struct pt_regs *regs);
/* The frame-pointer backtrace from @fp, checked against the stacks. */
void show_backtrace(unsigned long fp);

/* Stop the CPU for good with IRQs masked (never returns). */
void __attribute__((noreturn)) arch_halt(void);

/* What the shell does while it waits for input: weak no-op in kernel/shell.c. */
void arch_cpu_idle(void);

/* kernel/watchdog.c: the CPU is idle, so not stuck. */
void touch_softlockup_watchdog(void);

/*
 * Let the CPU sleep until an interrupt is pending.  The ARM926's CP15 wait
 * for interrupt is a NOP on the Cortex-A9 (the shell would spin); ARMv7's
 * WFI UNDEFs on the ARM926.  So the MIDR picks (asm/cputype.h).
 */
#ifdef COYOTE_HOST
/* The host tests run single-threaded: no interrupt would end a wait. */
static inline void cpu_do_idle(void)
{
}
#else
static inline void cpu_do_idle(void)
{
	touch_softlockup_watchdog();
	if (cpu_is_armv7()) {
		dsb();
		__asm__ volatile(".word 0xe320f003" : : : "memory");	/* wfi (ARMv7) */
	} else {
		__asm__ volatile("mcr p15, 0, %0, c7, c0, 4" : : "r"(0) : "memory");
	}
}
#endif

#endif
