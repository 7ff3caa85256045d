/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A cascaded controller's chained handler brackets its dispatch with these
 * two calls, as in Linux: its input line is an ordinary line of the parent
 * controller, and the parent may need it masked and acked before the
 * dispatch (a chip without an end-of-interrupt) or an EOI after it (a GIC).
 */
#ifndef _LINUX_IRQCHIP_CHAINED_IRQ_H
#define _LINUX_IRQCHIP_CHAINED_IRQ_H

#include <linux/irq.h>

static inline void chained_irq_enter(struct irq_chip *chip, struct irq_desc *desc)
{
	if (!chip || chip->irq_eoi)
		return;
	if (chip->irq_mask)
		chip->irq_mask(&desc->irq_data);
	if (chip->irq_ack)
		chip->irq_ack(&desc->irq_data);
}

static inline void chained_irq_exit(struct irq_chip *chip, struct irq_desc *desc)
{
	if (!chip)
		return;
	if (chip->irq_eoi)
		chip->irq_eoi(&desc->irq_data);
	else if (chip->irq_unmask)
		chip->irq_unmask(&desc->irq_data);
}

#endif
