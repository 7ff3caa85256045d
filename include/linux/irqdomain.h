/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IRQ domains (kernel/irq/irqdomain.c): each interrupt controller driver
 * registers one for its tree node; a device's `interrupts` specifier is
 * translated (xlate) into a hardware number on that controller and mapped to
 * a virtual IRQ number (map), which is what drivers request.
 */
#ifndef _LINUX_IRQDOMAIN_H
#define _LINUX_IRQDOMAIN_H

#include <linux/types.h>
#include <linux/irq.h>
#include <linux/list.h>

struct device_node;
struct of_phandle_args;
struct irq_domain;

struct irq_domain_ops {
	/* Set chip and flow handler of the new @virq for @hw. */
	int (*map)(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw);
	void (*unmap)(struct irq_domain *d, unsigned int virq);
	/* Specifier cells → hardware number and trigger type. */
	int (*xlate)(struct irq_domain *d, struct device_node *node,
		     const u32 *intspec, unsigned int intsize,
		     unsigned long *out_hwirq, unsigned int *out_type);
	/*
	 * Hierarchy: set up @virq at this level from @arg (a struct
	 * of_phandle_args, the specifier this domain was given) with
	 * irq_domain_set_hwirq_and_chip() or irq_domain_set_info(), and ask
	 * the parent for its level with irq_domain_alloc_irqs_parent().
	 */
	int (*alloc)(struct irq_domain *d, unsigned int virq, unsigned int nr_irqs, void *arg);
	void (*free)(struct irq_domain *d, unsigned int virq, unsigned int nr_irqs);
};

struct irq_domain {
	struct list_head link;
	const char *name;
	struct device_node *of_node;
	const struct irq_domain_ops *ops;
	void *host_data;
	unsigned int hwirq_max;
	unsigned int *linear_revmap;    /* hwirq → virq (0 = unmapped) */
	struct irq_domain *parent;      /* hierarchy: the next controller up */
};

/**
 * irq_domain_add_linear() - register a domain of @size hardware lines for
 * controller node @of_node.
 * Return: the domain, or NULL (no memory, or @of_node already has one).
 */
struct irq_domain *irq_domain_add_linear(struct device_node *of_node,
					 unsigned int size,
					 const struct irq_domain_ops *ops,
					 void *host_data);
/**
 * irq_domain_add_hierarchy() - a domain whose lines each pass through to
 * a line of @parent (Linux: an interrupt controller in the hierarchy, such
 * as the i.MX GPC in front of the GIC).  Its ops need alloc(); a line's
 * virq is the same at every level, each level with its own irq_data.
 * Return: the domain, or NULL (no memory, @of_node already has one, no
 * @parent or no alloc()).
 */
struct irq_domain *irq_domain_add_hierarchy(struct irq_domain *parent, unsigned int flags,
					    unsigned int size, struct device_node *of_node,
					    const struct irq_domain_ops *ops, void *host_data);
/* @virq's irq_data at @d's level of its hierarchy, or NULL. */
struct irq_data *irq_domain_get_irq_data(struct irq_domain *d, unsigned int virq);
/**
 * irq_domain_set_hwirq_and_chip() - from alloc(): @virq is @hwirq on @d's
 * controller, driven by @chip with @chip_data.
 * Return: 0; -ENOENT when @virq has no level for @d.
 */
int irq_domain_set_hwirq_and_chip(struct irq_domain *d, unsigned int virq,
				  irq_hw_number_t hwirq, struct irq_chip *chip, void *chip_data);
/* irq_domain_set_hwirq_and_chip() plus the flow @handler and its data. */
void irq_domain_set_info(struct irq_domain *d, unsigned int virq, irq_hw_number_t hwirq,
			 struct irq_chip *chip, void *chip_data, irq_flow_handler_t handler,
			 void *handler_data, const char *handler_name);
/**
 * irq_domain_alloc_irqs_parent() - from alloc(): give @virq its level in
 * @d's parent domain, from @arg (the specifier for the parent).
 * Return: 0; -ENOSYS when @d has no parent that allocates; -ENOMEM;
 * the parent's alloc() error.
 */
int irq_domain_alloc_irqs_parent(struct irq_domain *d, unsigned int virq,
				 unsigned int nr_irqs, void *arg);

/* Chip operations of a hierarchy level that only passes them up. */
void irq_chip_mask_parent(struct irq_data *d);
void irq_chip_unmask_parent(struct irq_data *d);
void irq_chip_eoi_parent(struct irq_data *d);
/* Return: the parent chip's answer; -ENOSYS when it has no such op. */
int irq_chip_set_type_parent(struct irq_data *d, unsigned int type);
int irq_chip_set_parent_state(struct irq_data *d, enum irqchip_irq_state which, bool val);

/* Dispose of every mapping of @d, then forget it. */
void irq_domain_remove(struct irq_domain *d);
/* The domain registered for @node, or NULL (its driver has not probed). */
struct irq_domain *irq_find_host(struct device_node *node);
/* Iterate registered domains (NULL starts); for `irqs`. */
struct irq_domain *irq_domain_next(struct irq_domain *prev);

/* xlate for one-cell specifiers <hwirq>.  Return: 0; -EINVAL without a cell. */
int irq_domain_xlate_onecell(struct irq_domain *d, struct device_node *node,
			     const u32 *intspec, unsigned int intsize,
			     unsigned long *out_hwirq, unsigned int *out_type);
/* xlate for two cells <hwirq type>.  Return: 0; -EINVAL with fewer than two. */
int irq_domain_xlate_twocell(struct irq_domain *d, struct device_node *node,
			     const u32 *intspec, unsigned int intsize,
			     unsigned long *out_hwirq, unsigned int *out_type);

/**
 * irq_create_mapping() - the virq of @hwirq in @domain, created on first use.
 * Return: virq (> 0), or 0 when @hwirq is out of range, no virq is free, or
 * the domain's map() refuses.
 */
unsigned int irq_create_mapping(struct irq_domain *domain, irq_hw_number_t hwirq);
/* Existing mapping only; 0 when none. */
unsigned int irq_find_mapping(struct irq_domain *domain, irq_hw_number_t hwirq);
void irq_dispose_mapping(unsigned int virq);

/**
 * irq_create_of_mapping() - map a parsed specifier (controller node + cells).
 * Return: virq, or 0 when the controller has no domain or the specifier
 * does not translate.
 */
unsigned int irq_create_of_mapping(struct of_phandle_args *irq_data);

/**
 * of_irq_get() - virq of the @index-th interrupt of @dev.
 * Return: virq (> 0); -EPROBE_DEFER when its controller has no domain yet;
 * the parse error (-EINVAL, -ENOENT...) when the node has no such
 * interrupt; -EINVAL when the specifier does not translate.
 */
int of_irq_get(struct device_node *dev, int index);

/* Linux's one-call form of of_irq_get(): virq, or 0 on any failure. */
unsigned int irq_of_parse_and_map(struct device_node *dev, int index);

/* Controller's dispatch: run the handler of @hwirq; 0, or -EINVAL (spurious). */
int generic_handle_domain_irq(struct irq_domain *domain, irq_hw_number_t hwirq);

/* Allocate/free a virq descriptor (kernel/irq/irqdesc.c; domains use them). */
int irq_alloc_desc(void);
void irq_free_desc(unsigned int irq);

#endif
