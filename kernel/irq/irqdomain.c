// SPDX-License-Identifier: BSD-2-Clause
/*
 * IRQ domains: one per interrupt controller node, translating the tree's
 * interrupt specifiers into virtual IRQ numbers.  Mapping is lazy: a device
 * created before its controller probed gets its IRQ when its driver asks
 * (platform_get_irq), and -EPROBE_DEFER until then, as in Linux.
 */
#define pr_fmt(fmt) "irq: " fmt

#include <linux/errno.h>
#include <linux/export.h>
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
EXPORT_SYMBOL(irq_domain_add_linear);

struct irq_domain *irq_domain_add_hierarchy(struct irq_domain *parent, unsigned int flags,
					    unsigned int size, struct device_node *of_node,
					    const struct irq_domain_ops *ops, void *host_data)
{
	struct irq_domain *d;

	if (!parent || !ops || !ops->alloc) {
		pr_err("%pOF: a domain in a hierarchy needs a parent and an alloc()\n", of_node);
		return NULL;
	}
	d = irq_domain_add_linear(of_node, size, ops, host_data);
	if (d)
		d->parent = parent;
	return d;
}

struct irq_data *irq_domain_get_irq_data(struct irq_domain *d, unsigned int virq)
{
	struct irq_desc *desc = irq_to_desc(virq);
	struct irq_data *data;

	for (data = desc ? &desc->irq_data : NULL; data; data = data->parent_data)
		if (data->domain == d)
			return data;
	return NULL;
}

int irq_domain_set_hwirq_and_chip(struct irq_domain *d, unsigned int virq,
				  irq_hw_number_t hwirq, struct irq_chip *chip, void *chip_data)
{
	struct irq_data *data = irq_domain_get_irq_data(d, virq);

	if (!data)
		return -ENOENT;
	data->hwirq = hwirq;
	data->chip = chip;
	data->chip_data = chip_data;
	return 0;
}

void irq_domain_set_info(struct irq_domain *d, unsigned int virq, irq_hw_number_t hwirq,
			 struct irq_chip *chip, void *chip_data, irq_flow_handler_t handler,
			 void *handler_data, const char *handler_name)
{
	struct irq_desc *desc = irq_to_desc(virq);

	if (irq_domain_set_hwirq_and_chip(d, virq, hwirq, chip, chip_data) || !desc)
		return;
	desc->handle_irq = handler ? handler : handle_level_irq;
	desc->handler_data = handler_data;
}

int irq_domain_alloc_irqs_parent(struct irq_domain *d, unsigned int virq,
				 unsigned int nr_irqs, void *arg)
{
	struct irq_domain *parent = d->parent;
	struct irq_data *child = irq_domain_get_irq_data(d, virq), *data;
	int ret;

	if (!parent || !parent->ops || !parent->ops->alloc || !child)
		return -ENOSYS;
	data = kzalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	data->irq = virq;
	data->domain = parent;
	child->parent_data = data;
	ret = parent->ops->alloc(parent, virq, nr_irqs, arg);
	if (ret) {
		child->parent_data = NULL;
		kfree(data);
	}
	return ret;
}

void irq_chip_mask_parent(struct irq_data *d)
{
	d = d->parent_data;
	if (d && d->chip && d->chip->irq_mask)
		d->chip->irq_mask(d);
}

void irq_chip_unmask_parent(struct irq_data *d)
{
	d = d->parent_data;
	if (d && d->chip && d->chip->irq_unmask)
		d->chip->irq_unmask(d);
}

void irq_chip_eoi_parent(struct irq_data *d)
{
	d = d->parent_data;
	if (d && d->chip && d->chip->irq_eoi)
		d->chip->irq_eoi(d);
}

int irq_chip_set_type_parent(struct irq_data *d, unsigned int type)
{
	int ret;

	d = d->parent_data;
	if (!d || !d->chip || !d->chip->irq_set_type)
		return -ENOSYS;
	ret = d->chip->irq_set_type(d, type);
	if (!ret)
		d->type = type;
	return ret;
}

int irq_chip_set_parent_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	d = d->parent_data;
	if (!d || !d->chip || !d->chip->irq_set_irqchip_state)
		return -ENOSYS;
	return d->chip->irq_set_irqchip_state(d, which, val);
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
EXPORT_SYMBOL(irq_domain_remove);

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
EXPORT_SYMBOL(irq_domain_xlate_onecell);

int irq_domain_xlate_twocell(struct irq_domain *d, struct device_node *node,
			     const u32 *intspec, unsigned int intsize,
			     unsigned long *out_hwirq, unsigned int *out_type)
{
	return xlate_cells(intspec, intsize, 2, out_hwirq, out_type);
}
EXPORT_SYMBOL(irq_domain_xlate_twocell);

unsigned int irq_find_mapping(struct irq_domain *domain, irq_hw_number_t hwirq)
{
	if (!domain || hwirq >= domain->hwirq_max)
		return 0;
	return domain->linear_revmap[hwirq];
}
EXPORT_SYMBOL(irq_find_mapping);

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
EXPORT_SYMBOL(irq_create_mapping);

/* Forget @data's level: its domain's reverse map, and the domain's state. */
static void irq_domain_forget(struct irq_data *data, unsigned int virq)
{
	struct irq_domain *d = data->domain;
	unsigned long flags;

	if (!d)
		return;
	local_irq_save(flags);
	if (data->hwirq < d->hwirq_max && d->linear_revmap[data->hwirq] == virq)
		d->linear_revmap[data->hwirq] = 0;
	local_irq_restore(flags);
	if (d->ops && d->ops->free)
		d->ops->free(d, virq, 1);
	else if (d->ops && d->ops->unmap)
		d->ops->unmap(d, virq);
}

void irq_dispose_mapping(unsigned int virq)
{
	struct irq_desc *desc = irq_to_desc(virq);
	struct irq_data *data, *parent;

	if (!desc)
		return;
	/* The action goes first (irq_free_desc), then the levels, top down. */
	parent = desc->irq_data.parent_data;
	irq_domain_forget(&desc->irq_data, virq);
	irq_free_desc(virq);
	for (data = parent; data; data = parent) {
		parent = data->parent_data;
		irq_domain_forget(data, virq);
		kfree(data);
	}
}

/*
 * A line of a hierarchy domain: one virq, a level per domain from @d to
 * the root, each set up by its domain's alloc(); every level's reverse
 * map then leads to the virq (the root's dispatch finds it there).
 */
static unsigned int irq_create_hierarchy_mapping(struct irq_domain *d, unsigned long hwirq,
						 struct of_phandle_args *spec)
{
	struct irq_desc *desc;
	struct irq_data *data;
	unsigned int virq;
	int ret;

	if (hwirq >= d->hwirq_max) {
		pr_err("%s: hwirq %lu out of range (%u lines)\n", d->name, hwirq, d->hwirq_max);
		return 0;
	}
	if (d->linear_revmap[hwirq])
		return d->linear_revmap[hwirq];
	ret = irq_alloc_desc();
	if (ret < 0) {
		pr_err("%s: no free virq for hwirq %lu\n", d->name, hwirq);
		return 0;
	}
	virq = (unsigned int)ret;
	desc = irq_to_desc(virq);
	desc->irq_data.domain = d;
	desc->irq_data.hwirq = hwirq;
	ret = d->ops->alloc(d, virq, 1, spec);
	for (data = &desc->irq_data; !ret && data; data = data->parent_data)
		if (data->hwirq >= data->domain->hwirq_max ||
		    data->domain->linear_revmap[data->hwirq])
			ret = -EEXIST;	/* a parent line another child already owns */
	if (ret) {
		pr_err("%s: cannot map hwirq %lu: %s\n", d->name, hwirq, errname(ret));
		for (data = desc->irq_data.parent_data; data; ) {
			struct irq_data *next = data->parent_data;

			kfree(data);
			data = next;
		}
		desc->irq_data.parent_data = NULL;
		irq_free_desc(virq);
		return 0;
	}
	for (data = &desc->irq_data; data; data = data->parent_data)
		data->domain->linear_revmap[data->hwirq] = virq;
	return virq;
}
EXPORT_SYMBOL(irq_dispose_mapping);

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
	if (d->parent)
		virq = irq_create_hierarchy_mapping(d, hwirq, irq_data);
	else
		virq = irq_create_mapping(d, hwirq);
	/* A refused type is logged by irq_set_irq_type(); the line still maps,
	 * sensing what the controller senses, as in Linux. */
	if (virq && type != IRQ_TYPE_NONE && type != irq_get_trigger_type(virq))
		irq_set_irq_type(virq, type);
	return virq;
}
EXPORT_SYMBOL(irq_create_of_mapping);

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
EXPORT_SYMBOL(of_irq_get);

/**
 * irq_of_parse_and_map() - Linux's one-call form of of_irq_get().
 * Return: virq, or 0 for any failure (including "controller not ready").
 */
unsigned int irq_of_parse_and_map(struct device_node *dev, int index)
{
	int ret = of_irq_get(dev, index);

	return ret > 0 ? (unsigned int)ret : 0;
}
EXPORT_SYMBOL(irq_of_parse_and_map);

int generic_handle_domain_irq(struct irq_domain *domain, irq_hw_number_t hwirq)
{
	unsigned int virq = irq_find_mapping(domain, hwirq);

	if (!virq) {
		irq_count_spurious();
		return -EINVAL;
	}
	return generic_handle_irq(virq);
}
EXPORT_SYMBOL(generic_handle_domain_irq);
