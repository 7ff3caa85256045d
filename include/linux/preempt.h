/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * In which context does this CPU run?  coyote has no preemption and no
 * softirqs: the kernel runs in SVC mode, an interrupt or exception handler
 * in its own mode (IRQ, abort, undefined), and the mode in CPSR says
 * which.  The host build (tests) is never in an interrupt.
 */
#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H

#include <linux/types.h>
#ifndef COYOTE_HOST
#include <asm/irqflags.h>
#endif

#ifdef COYOTE_HOST
static inline bool in_interrupt(void) { return false; }
#else
/* In an interrupt or exception handler (Linux's in_interrupt()). */
static inline bool in_interrupt(void)
{
	return (arch_local_save_flags() & MODE_MASK) != SVC_MODE;
}
#endif

#endif
