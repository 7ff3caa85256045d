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
 */
#ifndef _ASM_CACHEFLUSH_H
#define _ASM_CACHEFLUSH_H

#ifdef COYOTE_HOST
static inline void flush_icache_range(unsigned long start, unsigned long end) { }
#else
static inline void flush_icache_range(unsigned long start, unsigned long end)
{
	(void)start;
	(void)end;
	__asm__ volatile(
		"1:	mrc	p15, 0, r15, c7, c14, 3\n"	/* test, clean, invalidate D */
		"	bne	1b\n"
		"	mcr	p15, 0, %0, c7, c10, 4\n"	/* drain write buffer */
		"	mcr	p15, 0, %0, c7, c5, 0\n"	/* invalidate I-cache */
		: : "r"(0) : "cc", "memory");
}
#endif

#endif
