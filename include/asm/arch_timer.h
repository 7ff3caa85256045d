/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The ARMv7 generic timer's CP15 registers (Linux's arch/arm
 * asm/arch_timer.h): the counter's rate (CNTFRQ), the physical and
 * virtual counters (CNTPCT, CNTVCT, 64 bits) and each timer's control and
 * compare value.  Only for CPUs that have it: cpu_has_generic_timer().
 * drivers/clocksource/arm_arch_timer.c drives them; the time self-test
 * reads CNTFRQ to check the rate the driver took.
 */
#ifndef _ASM_ARCH_TIMER_H
#define _ASM_ARCH_TIMER_H

#include <linux/types.h>
#include <asm/barrier.h>

/* CNTx_CTL */
#define ARCH_TIMER_CTRL_ENABLE		0x1
#define ARCH_TIMER_CTRL_IT_MASK		0x2
#define ARCH_TIMER_CTRL_IT_STAT		0x4

/* Which of the two timers a PL1 kernel can use. */
enum arch_timer_reg_access {
	ARCH_TIMER_PHYS_ACCESS,		/* CNTP_*, counting CNTPCT */
	ARCH_TIMER_VIRT_ACCESS,		/* CNTV_*, counting CNTVCT */
};

/* What firmware wrote for the counter's rate, in Hz (0: nobody did). */
static inline u32 arch_timer_get_cntfrq(void)
{
	u32 v;

	__asm__ volatile("mrc p15, 0, %0, c14, c0, 0" : "=r"(v));
	return v;
}

static inline u64 arch_counter_get(enum arch_timer_reg_access access)
{
	u64 v;

	isb();		/* not read ahead of what the program did before */
	if (access == ARCH_TIMER_VIRT_ACCESS)
		__asm__ volatile("mrrc p15, 1, %Q0, %R0, c14" : "=r"(v));
	else
		__asm__ volatile("mrrc p15, 0, %Q0, %R0, c14" : "=r"(v));
	return v;
}

static inline u32 arch_timer_ctrl_read(enum arch_timer_reg_access access)
{
	u32 v;

	if (access == ARCH_TIMER_VIRT_ACCESS)
		__asm__ volatile("mrc p15, 0, %0, c14, c3, 1" : "=r"(v));
	else
		__asm__ volatile("mrc p15, 0, %0, c14, c2, 1" : "=r"(v));
	return v;
}

static inline void arch_timer_ctrl_write(enum arch_timer_reg_access access, u32 v)
{
	if (access == ARCH_TIMER_VIRT_ACCESS)
		__asm__ volatile("mcr p15, 0, %0, c14, c3, 1" : : "r"(v));
	else
		__asm__ volatile("mcr p15, 0, %0, c14, c2, 1" : : "r"(v));
	isb();
}

static inline void arch_timer_cval_write(enum arch_timer_reg_access access, u64 cval)
{
	if (access == ARCH_TIMER_VIRT_ACCESS)
		__asm__ volatile("mcrr p15, 3, %Q0, %R0, c14" : : "r"(cval));
	else
		__asm__ volatile("mcrr p15, 2, %Q0, %R0, c14" : : "r"(cval));
	isb();
}

#endif
