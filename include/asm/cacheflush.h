/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Make freshly written code visible to instruction fetch (the module loader).
 *
 * coyote runs with the MMU off, so the ARM926's D-cache is off (it needs the
 * MMU); the I-cache can still be on (SCTLR.I), and then it may hold stale
 * lines for heap addresses that held other code before (a module unloaded
 * and another loaded in its place).  So: clean and invalidate the D-cache
 * (test-clean loop, ARM926 TRM 2.3.8; a no-op when it is off), drain the
 * write buffer, invalidate the whole I-cache.  Cheap next to loading.
 * The Cortex-A9 cleans by address instead (its cache ops differ).
 */
#ifndef _ASM_CACHEFLUSH_H
#define _ASM_CACHEFLUSH_H

#include <asm/barrier.h>
#include <asm/cputype.h>

#ifdef COYOTE_HOST
static inline void flush_icache_range(unsigned long start, unsigned long end) { }
#else
/* ARMv7: clean D by address to the point of unification, then I-cache. */
static inline void v7_flush_icache_range(unsigned long start, unsigned long end)
{
	u32 ctr, line;

	__asm__ volatile("mrc p15, 0, %0, c0, c0, 1" : "=r"(ctr));
	line = 4u << ((ctr >> 16) & 0xf);		/* CTR.DminLine, in words */
	for (unsigned long a = start & ~(unsigned long)(line - 1); a < end; a += line)
		__asm__ volatile("mcr p15, 0, %0, c7, c11, 1" : : "r"(a) : "memory");
	dsb();
	__asm__ volatile("mcr p15, 0, %0, c7, c5, 0" : : "r"(0) : "memory");	/* ICIALLU */
	dsb();
	isb();
}

/* The ARM926's test-clean loop UNDEFs on ARMv7: the MIDR picks. */
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	if (cpu_is_armv7()) {
		v7_flush_icache_range(start, end);
		return;
	}
	__asm__ volatile(
		"1:	mrc	p15, 0, r15, c7, c14, 3\n"	/* test, clean, invalidate D */
		"	bne	1b\n"
		"	mcr	p15, 0, %0, c7, c10, 4\n"	/* drain write buffer */
		"	mcr	p15, 0, %0, c7, c5, 0\n"	/* invalidate I-cache */
		: : "r"(0) : "cc", "memory");
}
#endif

#endif
