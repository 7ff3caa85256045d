/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Barriers with Linux's names.  ARMv5 has no DSB/ISB instructions (they
 * UNDEF on the ARM926); the CP15 forms (c7, c10, 4 drains the write buffer
 * = DSB; c7, c5, 4 flushes the prefetch buffer = ISB) run on the ARM926 and,
 * with SCTLR.CP15BEN set as it is from reset, on the Cortex-A9 too.  So one
 * encoding serves both CPUs and no run-time choice is needed here.
 */
#ifndef _ASM_BARRIER_H
#define _ASM_BARRIER_H

#ifdef COYOTE_HOST
#define dsb() __asm__ volatile("" : : : "memory")
#define isb() __asm__ volatile("" : : : "memory")
#else
#define dsb() __asm__ volatile("mcr p15, 0, %0, c7, c10, 4" : : "r"(0) : "memory")
#define isb() __asm__ volatile("mcr p15, 0, %0, c7, c5, 4" : : "r"(0) : "memory")
#endif
#define mb()	dsb()

/*
 * Ordering of normal memory shared with a device that reads it on its own
 * (virtqueues): ARMv7 has DMB, which orders without waiting for the writes
 * to complete; the ARM926's only barrier is draining the write buffer (with
 * its caches off, as here, that orders everything).  DMB UNDEFs on the
 * ARM926, so the MIDR picks.
 */
#include <asm/cputype.h>
#ifdef COYOTE_HOST
/*
 * A host test that wants to see where the barriers fall defines this
 * (tests/host/test_virtio_ring.c plays a device that sees stores out of
 * order between barriers); everywhere else it stays undefined.
 */
void host_dmb_hook(void) __attribute__((weak));
#define dmb() do { __asm__ volatile("" : : : "memory"); \
		   if (host_dmb_hook) host_dmb_hook(); \
		   __asm__ volatile("" : : : "memory"); } while (0)
#else
static inline void dmb(void)
{
	if (cpu_is_armv7())
		__asm__ volatile(".word 0xf57ff05f" : : : "memory");	/* dmb sy */
	else
		__asm__ volatile("mcr p15, 0, %0, c7, c10, 4" : : "r"(0) : "memory");
}
#endif
/* Linux's names for the barriers between a driver and a virtio device. */
#define virt_mb()	dmb()
#define virt_rmb()	dmb()
#define virt_wmb()	dmb()

#endif
