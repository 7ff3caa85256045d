// SPDX-License-Identifier: BSD-2-Clause
/* The `irqs` shell command: coyote's /proc/interrupts. */
#include <linux/irq.h>
#include <linux/kernel.h>
#include <linux/irqdomain.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/shell.h>

/* "uart-pl011" or "a,b" for shared lines, "cascade" for a chained input. */
static void action_names(struct irq_desc *desc, char *buf, size_t len)
{
	struct irqaction *act;
	size_t used = 0;

	buf[0] = '\0';
	if (desc->chained) {
		snprintf(buf, len, "(cascade)");
		return;
	}
	if (!desc->action) {
		snprintf(buf, len, "-");
		return;
	}
	for (act = desc->action; act && used < len; act = act->next) {
		int n = snprintf(buf + used, len - used, "%s%s", used ? "," : "", act->name);

		if (n < 0)
			break;
		used += (size_t)n;
	}
}

/* The trigger the tree asked for, as irq_set_irq_type() recorded it. */
static const char *trigger_name(unsigned int type)
{
	switch (type) {
	case IRQ_TYPE_EDGE_RISING:	return "edge-rising";
	case IRQ_TYPE_EDGE_FALLING:	return "edge-falling";
	case IRQ_TYPE_EDGE_BOTH:	return "edge-both";
	case IRQ_TYPE_LEVEL_HIGH:	return "level-high";
	case IRQ_TYPE_LEVEL_LOW:	return "level-low";
	case IRQ_TYPE_NONE:		return "-";
	default:			return "?";
	}
}

/* Columns fit their longest entry: a first pass measures, the second prints. */
static int cmd_irqs(int argc, char **argv)
{
	char names[64];
	int w[2] = { 10, 7 };	/* "controller", "handler" */

	for (int pass = 0; pass < 2; pass++) {
		struct irq_domain *d = NULL;

		if (pass)
			printf("%-*s  %5s  %5s  %-12s  %-*s  %8s\n", w[0], "controller", "hwirq",
			       "virq", "trigger", w[1], "handler", "count");
		while ((d = irq_domain_next(d))) {
			for (unsigned int hw = 0; hw < d->hwirq_max; hw++) {
				unsigned int virq = d->linear_revmap[hw];
				struct irq_desc *desc = irq_to_desc(virq);

				if (!desc)
					continue;
				action_names(desc, names, sizeof(names));
				if (!pass) {
					w[0] = max(w[0], (int)strlen(d->name));
					w[1] = max(w[1], (int)strlen(names));
					continue;
				}
				printf("%-*s  %5u  %5u  %-12s  %-*s  %8lu\n", w[0], d->name, hw,
				       virq, trigger_name(desc->irq_data.type), w[1], names,
				       desc->count);
			}
		}
	}
	printf("spurious: %lu, deepest dispatch nesting: %u\n", irq_spurious_count(),
	       irq_max_nesting());
	return 0;
}
SHELL_COMMAND(irqs, cmd_irqs, "irqs", "interrupts: controller, hwirq, virq, trigger, handler, count",
	      .topic = TOPIC_DEVICES,
	      .example = "irqs");
