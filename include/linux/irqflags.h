/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * local_irq_save()/restore() for portable code: the CPU's own (asm/) in the
 * kernel; nothing to mask on the host, where tests run single-threaded.
 */
#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H

#ifdef COYOTE_HOST
#define local_irq_save(flags)    do { (flags) = 0; (void)(flags); } while (0)
#define local_irq_restore(flags) do { (void)(flags); } while (0)
#define local_irq_enable()       do { } while (0)
#define local_irq_disable()      do { } while (0)
#define irqs_disabled_flags(flags) ((void)(flags), 0)
#else
#include <asm/irqflags.h>
#endif

#endif
