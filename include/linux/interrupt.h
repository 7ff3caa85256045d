/* SPDX-License-Identifier: BSD-2-Clause */
/* Requesting interrupts, with Linux's names (kernel/irq/). */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/types.h>

struct device;

typedef enum irqreturn {
	IRQ_NONE = 0,           /* not my device's interrupt */
	IRQ_HANDLED = 1,
} irqreturn_t;

typedef irqreturn_t (*irq_handler_t)(int irq, void *dev_id);

#define IRQF_SHARED 0x00000080

/**
 * request_irq() - run @handler(irq, @dev_id) when virtual IRQ @irq fires,
 * and unmask it.  Handlers run in IRQ mode with interrupts masked.
 * Return: 0; -EINVAL for an unmapped @irq or a NULL handler; -EBUSY when
 * @irq already has a handler and either side lacks IRQF_SHARED; -ENOMEM.
 */
int request_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev_id);
/* Remove @dev_id's handler (masking @irq when it was the last); returns its name. */
const char *free_irq(unsigned int irq, void *dev_id);
/* request_irq() undone by free_irq() when @dev unbinds.  Same errors. */
int devm_request_irq(struct device *dev, unsigned int irq, irq_handler_t handler,
		     unsigned long flags, const char *name, void *dev_id);

/* Nested: each disable_irq() needs one enable_irq(). */
void disable_irq(unsigned int irq);
void enable_irq(unsigned int irq);

#endif
