/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which CPU are we on?  One image runs on the ARM926EJ-S (ARMv5TEJ:
 * versatilepb, realview-eb) and the Cortex-A9 (ARMv7: vexpress-a9), so every
 * instruction that differs between them (vector base, wait for interrupt,
 * barriers, cache maintenance) is chosen at run time from the Main ID
 * register, never from the board.  Linux's names and values.
 *
 * MIDR layout: implementer 31:24, variant 23:20, architecture 19:16, part
 * 15:4, revision 3:0.  Architecture 0xf means "see the feature registers"
 * (the revised scheme of ARMv6 and later): ID_MMFR0's VMSA field then says
 * v6 or v7.
 */
#ifndef _ASM_CPUTYPE_H
#define _ASM_CPUTYPE_H

#include <linux/types.h>

#define CPU_ARCH_UNKNOWN	0
#define CPU_ARCH_ARMv3		1
#define CPU_ARCH_ARMv4		2
#define CPU_ARCH_ARMv4T		3
#define CPU_ARCH_ARMv5		4
#define CPU_ARCH_ARMv5T		5
#define CPU_ARCH_ARMv5TE	6
#define CPU_ARCH_ARMv5TEJ	7
#define CPU_ARCH_ARMv6		8
#define CPU_ARCH_ARMv7		9

#define ARM_CPU_IMP_ARM		0x41
#define ARM_CPU_PART_ARM926	0x0926
#define ARM_CPU_PART_CORTEX_A9	0xc090

#ifdef COYOTE_HOST
static inline u32 read_cpuid_id(void) { return 0; }
static inline u32 read_cpuid_mmfr0(void) { return 0; }
static inline u32 read_cpuid_pfr1(void) { return 0; }
static inline u32 read_cpuid_mpidr(void) { return 0; }
#else
/* MIDR: the Main ID register (CP15 c0, c0, 0); every ARM CPU has it. */
static inline u32 read_cpuid_id(void)
{
	u32 id;

	__asm__ volatile("mrc p15, 0, %0, c0, c0, 0" : "=r"(id));
	return id;
}

/* ID_MMFR0 exists only on CPUs with the revised ID scheme: check first. */
static inline u32 read_cpuid_mmfr0(void)
{
	u32 v;

	__asm__ volatile("mrc p15, 0, %0, c0, c1, 4" : "=r"(v));
	return v;
}

/* MPIDR (ARMv7; on the ARM926 this encoding reads MIDR): which core of
 * which cluster we are, affinity levels in 23:0. */
static inline u32 read_cpuid_mpidr(void)
{
	u32 v;

	__asm__ volatile("mrc p15, 0, %0, c0, c0, 5" : "=r"(v));
	return v;
}

/* ID_PFR1, revised ID scheme only (as ID_MMFR0): security, virtualization,
 * generic timer (19:16). */
static inline u32 read_cpuid_pfr1(void)
{
	u32 v;

	__asm__ volatile("mrc p15, 0, %0, c0, c1, 1" : "=r"(v));
	return v;
}
#endif

static inline u32 read_cpuid_implementor(void)
{
	return read_cpuid_id() >> 24;
}

static inline u32 read_cpuid_part_number(void)
{
	return (read_cpuid_id() >> 4) & 0xfff;
}

/**
 * cpu_architecture() - the CPU_ARCH_* of the CPU we run on, from MIDR (and
 * ID_MMFR0 when MIDR uses the revised scheme).
 * Return: CPU_ARCH_ARMv5TEJ on the ARM926, CPU_ARCH_ARMv7 on the Cortex-A9;
 * CPU_ARCH_UNKNOWN for IDs this kernel cannot classify (pre-ARMv4 layouts).
 */
static inline int cpu_architecture(void)
{
	u32 id = read_cpuid_id();
	u32 arch = (id >> 16) & 0xf;

	if ((id & 0x0008f000) == 0 || (id & 0x0008f000) == 0x00007000)
		return CPU_ARCH_UNKNOWN;	/* ARMv2/v3 or ARM7 layouts */
	if (arch != 0xf)
		return (int)(arch & 7) + CPU_ARCH_ARMv3;	/* 6: ARMv5TEJ, 7: ARMv6 */
	/* Revised scheme: VMSA v7 (3 or more) or PMSA v7 means ARMv7. */
	{
		u32 mmfr0 = read_cpuid_mmfr0();

		if ((mmfr0 & 0xf) >= 3 || ((mmfr0 >> 4) & 0xf) >= 3)
			return CPU_ARCH_ARMv7;
		return CPU_ARCH_ARMv6;
	}
}

/* The ARMv7 generic timer (Cortex-A15, A7; not the A9): ID_PFR1.GenTimer. */
static inline bool cpu_has_generic_timer(void)
{
	return cpu_architecture() >= CPU_ARCH_ARMv7 && ((read_cpuid_pfr1() >> 16) & 0xf) != 0;
}

/* ARMv7 has VBAR, WFI/DSB/ISB encodings and cache maintenance by MVA. */
static inline bool cpu_is_armv7(void)
{
	return cpu_architecture() >= CPU_ARCH_ARMv7;
}

#endif
