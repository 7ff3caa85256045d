/* SPDX-License-Identifier: BSD-2-Clause */
/* Host stand-in for the ARM IRQ masking helpers: a test has no IRQs. */
#ifndef _ASM_IRQFLAGS_H
#define _ASM_IRQFLAGS_H
#define local_irq_save(flags)		((flags) = 0)
#define local_irq_restore(flags)	((void)(flags))
#define local_irq_disable()		do { } while (0)
#define local_irq_enable()		do { } while (0)
#endif
