// SPDX-License-Identifier: BSD-2-Clause
/*
 * IRQ domains: one per interrupt controller node, translating the tree's
 * interrupt specifiers into virtual IRQ numbers.  Mapping is lazy: a device
 * created before its controller probed gets its IRQ when its driver asks
 * (platform_get_irq), and -EPROBE_DEFER until then, as in Linux.
 */
#define pr_fmt(fmt) "irq: " fmt

#include <linux/errno.h>
#include <linux/irqdomain.h>
#include <linux/irqflags.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/printk.h>
#include <linux/slab.h>

static LIST_HEAD(irq_domain_list);

struct irq_domain *irq_find_host(struct device_node *node)
{
	struct irq_domain *d;

	if (!node)
		return NULL;
	list_for_each_entry(d, &irq_domain_list, link)
		if (d->of_node == node)
			return d;
	return NULL;
}

struct irq_domain *irq_domain_next(struct irq_domain *prev)
{
	struct list_head *n = prev ? prev->link.next : irq_domain_list.next;

	if (n == &irq_domain_list)
		return NULL;
	return list_entry(n, struct irq_domain, link);
}

struct irq_domain *irq_domain_add_linear(struct device_node *of_node,
					 unsigned int size,
					 const struct irq_domain_ops *ops,
					 void *host_data)
{
	struct irq_domain *d;

	if (of_node && irq_find_host(of_node)) {
		pr_err("%pOF already has an IRQ domain\n", of_node);
		return NULL;
	}
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return NULL;
	d->linear_revmap = kcalloc(size ? size : 1, sizeof(*d->linear_revmap), GFP_KERNEL);
	if (!d->linear_revmap) {
		kfree(d);
		return NULL;
	}
	/* Held as Linux's domain holds its fwnode: the name points into it. */
	d->of_node = of_node_get(of_node);
	d->name = of_node ? of_node->full_name : "anonymous";
	d->ops = ops;
	d->host_data = host_data;
	d->hwirq_max = size;
	list_add_tail(&d->link, &irq_domain_list);
	return d;
}

void irq_domain_remove(struct irq_domain *d)
{
	unsigned int hw;

	if (!d)
		return;
	for (hw = 0; hw < d->hwirq_max; hw++)
		if (d->linear_revmap[hw])
			irq_dispose_mapping(d->linear_revmap[hw]);
	list_del(&d->link);
	of_node_put(d->of_node);
	kfree(d->linear_revmap);
	kfree(d);
}

/* Both xlates: <hwirq> then, when the controller's specifiers have a
 * second cell, the trigger type (only its sense bits are a type). */
static int xlate_cells(const u32 *intspec, unsigned int intsize, unsigned int cells,
		       unsigned long *out_hwirq, unsigned int *out_type)
{
	if (intsize < cells)
		return -EINVAL;
	*out_hwirq = intspec[0];
	*out_type = cells > 1 ? intspec[1] & IRQ_TYPE_SENSE_MASK : IRQ_TYPE_NONE;
	return 0;
}

int irq_domain_xlate_onecell(struct irq_domain *d, struct device_node *node,
			     const u32 *intspec, unsigned int intsize,
			     unsigned long *out_hwirq, unsigned int *out_type)
{
	return xlate_cells(intspec, intsize, 1, out_hwirq, out_type);
}

int irq_domain_xlate_twocell(struct irq_domain *d, struct device_node *node,
			     const u32 *intspec, unsigned int intsize,
			     unsigned long *out_hwirq, unsigned int *out_type)
{
	return xlate_cells(intspec, intsize, 2, out_hwirq, out_type);
}

unsigned int irq_find_mapping(struct irq_domain *domain, irq_hw_number_t hwirq)
{
	if (!domain || hwirq >= domain->hwirq_max)
		return 0;
	return domain->linear_revmap[hwirq];
}

unsigned int irq_create_mapping(struct irq_domain *domain, irq_hw_number_t hwirq)
{
	struct irq_desc *desc;
	unsigned int virq;
	int ret;

	if (!domain)
		return 0;
	if (hwirq >= domain->hwirq_max) {
		pr_err("%s: hwirq %lu out of range (%u lines)\n", domain->name,
		       hwirq, domain->hwirq_max);
		return 0;
	}
	virq = domain->linear_revmap[hwirq];
	if (virq)
		return virq;
	ret = irq_alloc_desc();
	if (ret < 0) {
		pr_err("%s: no free virq for hwirq %lu\n", domain->name, hwirq);
		return 0;
	}
	virq = (unsigned int)ret;
	desc = irq_to_desc(virq);
	desc->irq_data.hwirq = hwirq;
	desc->irq_data.domain = domain;
	if (domain->ops && domain->ops->map) {
		ret = domain->ops->map(domain, virq, hwirq);
		if (ret) {
			pr_err("%s: cannot map hwirq %lu: %s\n", domain->name, hwirq,
			       errname(ret));
			irq_free_desc(virq);
			return 0;
		}
	}
	domain->linear_revmap[hwirq] = virq;
	return virq;
}

void irq_dispose_mapping(unsigned int virq)
{
	struct irq_desc *desc = irq_to_desc(virq);
	struct irq_domain *d;
	unsigned long flags;

	if (!desc)
		return;
	d = desc->irq_data.domain;
	local_irq_save(flags);
	if (d && desc->irq_data.hwirq < d->hwirq_max)
		d->linear_revmap[desc->irq_data.hwirq] = 0;
	local_irq_restore(flags);
	if (d && d->ops && d->ops->unmap)
		d->ops->unmap(d, virq);
	irq_free_desc(virq);
}

unsigned int irq_create_of_mapping(struct of_phandle_args *irq_data)
{
	struct irq_domain *d = irq_find_host(irq_data->np);
	unsigned long hwirq;
	unsigned int type = IRQ_TYPE_NONE, virq;

	if (!d)
		return 0;
	if (d->ops && d->ops->xlate) {
		if (d->ops->xlate(d, irq_data->np, irq_data->args,
				  (unsigned int)irq_data->args_count, &hwirq, &type))
			return 0;
	} else {
		if (irq_data->args_count < 1)
			return 0;
		hwirq = irq_data->args[0];
	}
	virq = irq_create_mapping(d, hwirq);
	/* A refused type is logged by irq_set_irq_type(); the line still maps,
	 * sensing what the controller senses, as in Linux. */
	if (virq && type != IRQ_TYPE_NONE && type != irq_get_trigger_type(virq))
		irq_set_irq_type(virq, type);
	return virq;
}

int of_irq_get(struct device_node *dev, int index)
{
	struct of_phandle_args args;
	unsigned int virq;
	int ret;

	ret = of_irq_parse_one(dev, index, &args);
	if (ret)
		return ret;
	if (!irq_find_host(args.np))
		return -EPROBE_DEFER;
	virq = irq_create_of_mapping(&args);
	return virq ? (int)virq : -EINVAL;
}

/**
 * irq_of_parse_and_map() - Linux's one-call form of of_irq_get().
 * Return: virq, or 0 for any failure (including "controller not ready").
 */
unsigned int irq_of_parse_and_map(struct device_node *dev, int index)
{
	int ret = of_irq_get(dev, index);

	return ret > 0 ? (unsigned int)ret : 0;
}

int generic_handle_domain_irq(struct irq_domain *domain, irq_hw_number_t hwirq)
{
	unsigned int virq = irq_find_mapping(domain, hwirq);

	if (!virq) {
		irq_count_spurious();
		return -EINVAL;
	}
	return generic_handle_irq(virq);
}
