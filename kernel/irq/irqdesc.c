// SPDX-License-Identifier: BSD-2-Clause
/*
 * Interrupt descriptors, request_irq() and dispatch.
 *
 * Nesting, as coyote does it: the ARM926 enters IRQ mode with the I bit set,
 * and nothing here clears it, so a handler never interrupts another handler;
 * a new interrupt waits until the exception returns and is then taken
 * afresh.  The only nesting is the cascade: the VIC's dispatch calls the
 * SIC's chained handler, which dispatches the SIC's own lines, still in the
 * same exception with IRQs masked.  "Nested-safe" therefore means: dispatch
 * keeps no state outside the descriptor it is running, a descriptor is only
 * changed from task context with IRQs masked (local_irq_save), and an IRQ
 * entry that arrives while one is in progress (a handler that re-enabled
 * IRQs: a bug) is counted in irq_max_nesting() and still handled correctly
 * because every level works on its own descriptor.  Running handlers with
 * IRQs enabled would need an SVC-mode switch in the entry code and buys
 * nothing for a teaching kernel whose handlers are a few register accesses.
 *
 * Portable: no MMIO and no asm here, so host tests link it too.
 */
#define pr_fmt(fmt) "irq: " fmt

#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>

static struct irq_desc irq_descs[NR_IRQS];
/* Changes to descriptors from task context (any CPU).  Dispatch does not
 * take it: a device line (SPI) is routed to CPU 0 alone, and a per-CPU
 * line's flow (handle_percpu_irq) changes nothing another CPU shares. */
static DEFINE_SPINLOCK(irq_desc_lock);
static unsigned long spurious;
static unsigned int nesting[NR_CPUS], max_nesting;
static void (*root_handler)(struct pt_regs *regs);

struct irq_desc *irq_to_desc(unsigned int irq)
{
	if (irq == 0 || irq >= NR_IRQS || !irq_descs[irq].in_use)
		return NULL;
	return &irq_descs[irq];
}

struct irq_data *irq_get_irq_data(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc ? &desc->irq_data : NULL;
}
EXPORT_SYMBOL(irq_get_irq_data);

void irq_count_spurious(void)
{
	spurious++;
}

unsigned long irq_spurious_count(void)
{
	return spurious;
}

unsigned int irq_max_nesting(void)
{
	return max_nesting;
}

/*
 * Boot step, after the drivers probed: unmask IRQs on the CPU, but only if
 * a root controller registered a dispatch handler; without one an IRQ could
 * not be attributed, so they stay masked and the boot says so.
 */
void irq_start(void)
{
	unsigned int i, requested = 0;

	for (i = 1; i < NR_IRQS; i++)
		if (irq_descs[i].in_use && (irq_descs[i].action || irq_descs[i].chained))
			requested++;
	if (!root_handler) {
		pr_warn("no root interrupt controller probed: IRQs stay masked\n");
		return;
	}
	pr_info("IRQs enabled, %u line(s) with handlers\n", requested);
	local_irq_enable();
}

/**
 * irq_alloc_desc() - a free virtual IRQ number with a clean descriptor.
 * Return: the number (> 0), or -ENOSPC when all NR_IRQS are in use.
 */
int irq_alloc_desc(void)
{
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&irq_desc_lock, flags);
	for (i = 1; i < NR_IRQS; i++) {
		if (irq_descs[i].in_use)
			continue;
		memset(&irq_descs[i], 0, sizeof(irq_descs[i]));
		irq_descs[i].irq_data.irq = i;
		irq_descs[i].handle_irq = handle_level_irq;
		irq_descs[i].in_use = true;
		spin_unlock_irqrestore(&irq_desc_lock, flags);
		return (int)i;
	}
	spin_unlock_irqrestore(&irq_desc_lock, flags);
	return -ENOSPC;
}

void irq_free_desc(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *act, *next;
	unsigned long flags;

	if (!desc)
		return;
	spin_lock_irqsave(&irq_desc_lock, flags);
	act = desc->action;
	desc->action = NULL;
	desc->in_use = false;
	spin_unlock_irqrestore(&irq_desc_lock, flags);
	for (; act; act = next) {
		next = act->next;
		pr_warn("virq %u freed with handler %s still requested\n", irq, act->name);
		kfree(act);
	}
}

static void desc_mask(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	if (chip && chip->irq_mask)
		chip->irq_mask(&desc->irq_data);
}

static void desc_unmask(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	if (chip && chip->irq_unmask)
		chip->irq_unmask(&desc->irq_data);
}

int irq_set_chip_and_handler(unsigned int irq, struct irq_chip *chip,
			     irq_flow_handler_t handle)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc)
		return -EINVAL;
	desc->irq_data.chip = chip;
	desc->handle_irq = handle ? handle : handle_level_irq;
	return 0;
}
EXPORT_SYMBOL(irq_set_chip_and_handler);

int irq_set_chip_data(unsigned int irq, void *data)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc)
		return -EINVAL;
	desc->irq_data.chip_data = data;
	return 0;
}
EXPORT_SYMBOL(irq_set_chip_data);

void irq_set_chained_handler_and_data(unsigned int irq, irq_flow_handler_t handle,
				      void *data)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc) {
		pr_err("chained handler for unmapped virq %u\n", irq);
		return;
	}
	spin_lock_irqsave(&irq_desc_lock, flags);
	if (handle) {
		desc->handle_irq = handle;
		desc->handler_data = data;
		desc->chained = true;
		desc->depth = 0;
		desc_unmask(desc);
	} else {
		desc_mask(desc);
		desc->handle_irq = handle_level_irq;
		desc->handler_data = NULL;
		desc->chained = false;
	}
	spin_unlock_irqrestore(&irq_desc_lock, flags);
}
EXPORT_SYMBOL(irq_set_chained_handler_and_data);

/**
 * request_irq() - see include/linux/interrupt.h.
 * Errors: -EINVAL (unmapped irq, no handler, cascade input), -EBUSY (taken,
 * not shared), -ENOMEM.
 */
int request_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev_id)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *act, **pp;
	unsigned long iflags;
	bool first;

	if (!desc || !handler || desc->chained)
		return -EINVAL;
	if (desc->action && !(desc->action->flags & flags & IRQF_SHARED))
		return -EBUSY;
	act = kzalloc(sizeof(*act), GFP_KERNEL);
	if (!act)
		return -ENOMEM;
	act->handler = handler;
	act->dev_id = dev_id;
	act->name = name ? name : "?";
	act->flags = flags;
	act->owner = module_owner(NULL, (const void *)handler);

	spin_lock_irqsave(&irq_desc_lock, iflags);
	first = !desc->action;
	for (pp = &desc->action; *pp; pp = &(*pp)->next)
		;
	*pp = act;
	if (first && desc->depth == 0)
		desc_unmask(desc);
	spin_unlock_irqrestore(&irq_desc_lock, iflags);
	return 0;
}
EXPORT_SYMBOL(request_irq);

const char *free_irq(unsigned int irq, void *dev_id)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *act, **pp;
	unsigned long flags;
	const char *name;

	if (!desc)
		return NULL;
	spin_lock_irqsave(&irq_desc_lock, flags);
	for (pp = &desc->action; *pp; pp = &(*pp)->next)
		if ((*pp)->dev_id == dev_id)
			break;
	act = *pp;
	if (act) {
		*pp = act->next;
		if (!desc->action)
			desc_mask(desc);
	}
	spin_unlock_irqrestore(&irq_desc_lock, flags);
	if (!act) {
		pr_warn("free_irq(%u): no handler with that dev_id\n", irq);
		return NULL;
	}
	name = act->name;
	kfree(act);
	return name;
}
EXPORT_SYMBOL(free_irq);

/* A handler @owner requested (its irq, dev_id, name), or false. */
static bool irq_find_owned_by(const struct module *owner, unsigned int *irq, void **dev_id,
			      const char **name)
{
	for (unsigned int i = 1; i < NR_IRQS; i++) {
		const struct irqaction *act;

		if (!irq_descs[i].in_use)
			continue;
		for (act = irq_descs[i].action; act; act = act->next) {
			if (act->owner != owner)
				continue;
			*irq = i;
			*dev_id = act->dev_id;
			*name = act->name;
			return true;
		}
	}
	return false;
}

/*
 * MODULE_STATE_GOING, after the driver core's clean-up (whose remove()s
 * free most handlers): a handler the module still holds would call into
 * freed memory.  Named in a warning with the loader's prefix, like the
 * driver core's: the module has a bug, the kernel survives it.
 */
static int irq_module_going(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;
	const char *name;
	unsigned int irq;
	void *dev_id;

	if (state != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	while (irq_find_owned_by(mod, &irq, &dev_id, &name)) {
		printk(KERN_WARNING "module: %s: %s left IRQ %u handler %s; freeing it\n",
		       mod->name, mod->going_why, irq, name);
		free_irq(irq, dev_id);
	}
	return NOTIFY_OK;
}

static struct notifier_block irq_module_nb = {
	.notifier_call = irq_module_going,
	.priority = MODULE_NOTIFY_PRIO_IRQS,
};

void irq_init(void)
{
	register_module_notifier(&irq_module_nb);	/* for the kernel's life */
	pr_info("%d virtual IRQs, controllers register their domains when they probe\n",
		NR_IRQS - 1);
}

void disable_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc)
		return;
	spin_lock_irqsave(&irq_desc_lock, flags);
	if (desc->depth++ == 0)
		desc_mask(desc);
	spin_unlock_irqrestore(&irq_desc_lock, flags);
}
EXPORT_SYMBOL(disable_irq);

void enable_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc)
		return;
	spin_lock_irqsave(&irq_desc_lock, flags);
	if (desc->depth == 0) {
		pr_warn("unbalanced enable_irq(%u)\n", irq);
	} else if (--desc->depth == 0 && (desc->action || desc->chained)) {
		desc_unmask(desc);
	}
	spin_unlock_irqrestore(&irq_desc_lock, flags);
}
EXPORT_SYMBOL(enable_irq);

/* A per-CPU line (PPI) on or off on this CPU only: the GIC banks the
 * enable bits of IDs 0-31 per CPU.  @type: kept for Linux's signature. */
void enable_percpu_irq(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_to_desc(irq);

	(void)type;
	if (desc)
		desc_unmask(desc);
}
EXPORT_SYMBOL(enable_percpu_irq);

void disable_percpu_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (desc)
		desc_mask(desc);
}
EXPORT_SYMBOL(disable_percpu_irq);

int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool val)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_chip *chip = desc ? desc->irq_data.chip : NULL;

	if (!chip || !chip->irq_set_irqchip_state)
		return -EINVAL;
	return chip->irq_set_irqchip_state(&desc->irq_data, which, val);
}

int irq_set_irq_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_chip *chip = desc ? desc->irq_data.chip : NULL;
	unsigned long flags;
	int ret = 0;

	if (!desc || (type & ~(unsigned int)IRQ_TYPE_SENSE_MASK))
		return -EINVAL;
	spin_lock_irqsave(&irq_desc_lock, flags);
	if (chip && chip->irq_set_type)
		ret = chip->irq_set_type(&desc->irq_data, type);
	if (!ret)
		desc->irq_data.type = type;
	spin_unlock_irqrestore(&irq_desc_lock, flags);
	if (ret)
		pr_err("virq %u (hwirq %lu of %s): trigger type %u refused (%d)\n", irq,
		       desc->irq_data.hwirq, chip->name ? chip->name : "?", type, ret);
	return ret;
}

unsigned int irq_get_trigger_type(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc ? desc->irq_data.type : IRQ_TYPE_NONE;
}

void irq_set_handler_locked(struct irq_data *d, irq_flow_handler_t handler)
{
	struct irq_desc *desc = irq_to_desc(d->irq);

	if (desc && !desc->chained)
		desc->handle_irq = handler ? handler : handle_level_irq;
}
EXPORT_SYMBOL(irq_set_handler_locked);

static void desc_ack(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	if (chip && chip->irq_ack)
		chip->irq_ack(&desc->irq_data);
}

static void desc_eoi(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	if (chip && chip->irq_eoi)
		chip->irq_eoi(&desc->irq_data);
}

/*
 * Run @desc's actions and count what nobody claimed.  Return: false when
 * the line is left masked (no handler at all, or nobody cared too often).
 */
static bool run_actions(struct irq_desc *desc)
{
	irqreturn_t ret = IRQ_NONE;
	struct irqaction *act;

	if (!desc->action) {
		/* Nobody can quieten the source: mask it or it fires forever. */
		desc_mask(desc);
		desc->unhandled++;
		spurious++;
		pr_warn("virq %u (hwirq %lu) fired with no handler: masked\n",
			desc->irq_data.irq, desc->irq_data.hwirq);
		return false;
	}
	for (act = desc->action; act; act = act->next)
		ret |= act->handler((int)desc->irq_data.irq, act->dev_id);
	if (ret != IRQ_NONE) {
		desc->unhandled_run = 0;
		return true;
	}
	desc->unhandled++;
	spurious++;
	/* A level line no handler quietens would keep the CPU here forever. */
	if (++desc->unhandled_run >= IRQ_UNHANDLED_LIMIT) {
		desc_mask(desc);
		desc->depth++;
		pr_err("virq %u (hwirq %lu, %s): nobody cared %u times in a row: disabled\n",
		       desc->irq_data.irq, desc->irq_data.hwirq, desc->action->name,
		       desc->unhandled_run);
		return false;
	}
	return true;
}

/*
 * A level line stays asserted until its device is served: masked while the
 * handlers run, unmasked after unless they disabled it.
 */
void handle_level_irq(struct irq_desc *desc)
{
	desc->count++;
	desc_mask(desc);
	desc_ack(desc);
	if (run_actions(desc) && desc->depth == 0)
		desc_unmask(desc);
	desc_eoi(desc);
}
EXPORT_SYMBOL(handle_level_irq);

/*
 * A per-CPU line (a GIC PPI: each CPU's own timer): every CPU runs it on
 * its own, so nothing is masked (the enable bit is banked per CPU and
 * belongs to the CPU's own bring-up), only acknowledged.
 */
void handle_percpu_irq(struct irq_desc *desc)
{
	desc->count++;
	desc_ack(desc);
	run_actions(desc);
	desc_eoi(desc);
}
EXPORT_SYMBOL(handle_percpu_irq);

void handle_edge_irq(struct irq_desc *desc)
{
	desc->count++;
	desc_ack(desc);
	run_actions(desc);
	desc_eoi(desc);
}
EXPORT_SYMBOL(handle_edge_irq);

int generic_handle_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc || !desc->handle_irq) {
		spurious++;
		return -EINVAL;
	}
	if (desc->chained)
		desc->count++;
	desc->handle_irq(desc);
	return 0;
}
EXPORT_SYMBOL(generic_handle_irq);

/**
 * set_handle_irq() - make @handler the root controller's dispatch.
 * Return: 0; -EBUSY when another root controller already registered.
 */
int set_handle_irq(void (*handler)(struct pt_regs *regs))
{
	if (root_handler && handler)
		return -EBUSY;
	root_handler = handler;
	return 0;
}

static struct pt_regs *irq_regs[NR_CPUS];

struct pt_regs *get_irq_regs(void)
{
	return irq_regs[smp_processor_id()];
}

/* Overrides arch/arm's weak default: the IRQ exception lands here. */
void handle_arch_irq(struct pt_regs *regs)
{
	unsigned int cpu = smp_processor_id();
	struct pt_regs *old = irq_regs[cpu];

	if (++nesting[cpu] > max_nesting)
		max_nesting = nesting[cpu];
	irq_regs[cpu] = regs;
	if (root_handler)
		root_handler(regs);
	else
		spurious++;
	irq_regs[cpu] = old;
	nesting[cpu]--;
}
