/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Interrupt descriptors and controller chips (kernel/irq/).  Every interrupt
 * the kernel knows has a virtual number (virq, 1..NR_IRQS-1; 0 means none)
 * and a descriptor: which controller (irq_chip + domain) and hardware number
 * it is, its flow handler, its action (the driver's handler) and counters.
 *
 * Dispatch: the CPU's IRQ exception calls handle_arch_irq(), which calls the
 * root controller's handler (set_handle_irq()); it reads which lines are
 * pending and calls generic_handle_domain_irq() for each.  A cascaded
 * controller (the versatile SIC) is one such line with a chained flow
 * handler, which does the same for its own lines: the same path, one level
 * deeper.  All of it runs in IRQ mode with IRQs masked (see kernel/irq/).
 */
#ifndef _LINUX_IRQ_H
#define _LINUX_IRQ_H

#include <linux/types.h>
#include <linux/interrupt.h>

#define NR_IRQS 128
/* A line nobody claims this many times in a row is masked ("nobody cared"). */
#define IRQ_UNHANDLED_LIMIT 1000

struct irq_desc;
struct irq_domain;
struct irqaction;
struct pt_regs;

typedef unsigned long irq_hw_number_t;

/*
 * Trigger types: what the flags cell of a two-cell specifier says
 * (include/dt-bindings/interrupt-controller/irq.h has the same values for
 * tree sources).  An edge is latched by the controller and must be acked
 * before the handler runs; a level stays asserted until the device is
 * served.
 */
enum {
	IRQ_TYPE_NONE		= 0,
	IRQ_TYPE_EDGE_RISING	= 1,
	IRQ_TYPE_EDGE_FALLING	= 2,
	IRQ_TYPE_EDGE_BOTH	= IRQ_TYPE_EDGE_FALLING | IRQ_TYPE_EDGE_RISING,
	IRQ_TYPE_LEVEL_HIGH	= 4,
	IRQ_TYPE_LEVEL_LOW	= 8,
	IRQ_TYPE_LEVEL_MASK	= IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_LEVEL_HIGH,
	IRQ_TYPE_SENSE_MASK	= 0x0000000f,
};
typedef void (*irq_flow_handler_t)(struct irq_desc *desc);

struct irq_chip;

/* The context the running interrupt interrupted (NULL outside one). */
struct pt_regs *get_irq_regs(void);

struct irq_data {
	unsigned int irq;               /* virtual number */
	irq_hw_number_t hwirq;          /* number on its controller */
	struct irq_chip *chip;
	struct irq_domain *domain;
	void *chip_data;                /* the controller driver's state */
	unsigned int type;              /* IRQ_TYPE_*: the trigger set last */
	/* In a hierarchy (irqdomain.h): the same line one controller nearer
	 * the CPU, with its own hwirq, chip and chip data; NULL at the root. */
	struct irq_data *parent_data;
};

/* @d's trigger type (IRQ_TYPE_*), as irq_set_irq_type() left it. */
static inline unsigned int irqd_get_trigger_type(struct irq_data *d)
{
	return d->type;
}

/* What irq_set_irqchip_state() can change, as in Linux. */
enum irqchip_irq_state {
	IRQCHIP_STATE_PENDING,		/* raised, not yet taken */
};

struct irq_chip {
	const char *name;
	void (*irq_mask)(struct irq_data *d);
	void (*irq_unmask)(struct irq_data *d);
	void (*irq_ack)(struct irq_data *d);    /* optional */
	void (*irq_eoi)(struct irq_data *d);    /* optional */
	/* Optional: raise (software-trigger) or clear a line; a controller
	 * with a soft-interrupt register (VIC) or set-pending (GICD_ISPENDR). */
	int (*irq_set_irqchip_state)(struct irq_data *d, enum irqchip_irq_state which,
				     bool state);
	/* Optional: program the line's trigger (IRQ_TYPE_*); 0 or -EINVAL
	 * for a type the controller cannot sense.  It may change the flow
	 * handler with irq_set_handler_locked(). */
	int (*irq_set_type)(struct irq_data *d, unsigned int flow_type);
};

struct irqaction {
	irq_handler_t handler;
	void *dev_id;
	const char *name;
	unsigned long flags;
	struct irqaction *next;         /* shared interrupts */
	struct module *owner;           /* the module that requested it, or NULL */
};

struct irq_desc {
	struct irq_data irq_data;
	irq_flow_handler_t handle_irq;  /* flow handler (level, or chained) */
	void *handler_data;             /* chained handler's data */
	struct irqaction *action;
	unsigned int depth;             /* disable nesting; 0 = enabled */
	unsigned long count;            /* times the flow handler ran */
	unsigned long unhandled;        /* times no action claimed it */
	unsigned int unhandled_run;     /* ... in a row (storm detection) */
	bool chained;
	bool in_use;                    /* allocated by a domain mapping */
};

/* The descriptor of @irq, or NULL when @irq is not mapped. */
struct irq_desc *irq_to_desc(unsigned int irq);
/* @irq's irq_data (controller, hwirq), or NULL when @irq is not mapped. */
struct irq_data *irq_get_irq_data(unsigned int irq);
static inline struct irq_data *irq_desc_get_irq_data(struct irq_desc *desc)
{
	return &desc->irq_data;
}
static inline struct irq_chip *irq_desc_get_chip(struct irq_desc *desc)
{
	return desc->irq_data.chip;
}
static inline void *irq_desc_get_handler_data(struct irq_desc *desc)
{
	return desc->handler_data;
}
static inline void *irq_data_get_irq_chip_data(struct irq_data *d)
{
	return d->chip_data;
}
static inline irq_hw_number_t irqd_to_hwirq(struct irq_data *d)
{
	return d->hwirq;
}

/**
 * irq_set_irqchip_state() - set a line's @which state in its controller
 * (IRQCHIP_STATE_PENDING, true: raise it from software).
 * Return: 0; -EINVAL when @irq is not mapped or its controller cannot
 * change that state.
 */
int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool val);

/* For a domain's map(): controller chip and flow handler of @irq. */
int irq_set_chip_and_handler(unsigned int irq, struct irq_chip *chip,
			     irq_flow_handler_t handle);
int irq_set_chip_data(unsigned int irq, void *data);

/**
 * irq_set_chained_handler_and_data() - @irq is a cascade input: when it
 * fires, run @handle(desc) directly (no irqaction), with @data as the
 * descriptor's handler data; @irq is unmasked.  @handle NULL undoes it.
 */
void irq_set_chained_handler_and_data(unsigned int irq, irq_flow_handler_t handle,
				      void *data);

/**
 * irq_set_irq_type() - make @irq trigger on @type (IRQ_TYPE_*): the chip's
 * irq_set_type() programs the controller; a chip without one keeps what
 * it senses and only the type is recorded.
 * Return: 0; -EINVAL when @irq is not mapped or @type has bits outside
 * IRQ_TYPE_SENSE_MASK; the chip's error when it refuses @type.
 */
int irq_set_irq_type(unsigned int irq, unsigned int type);
/* @irq's trigger type (IRQ_TYPE_*), IRQ_TYPE_NONE when it is not mapped. */
unsigned int irq_get_trigger_type(unsigned int irq);
/* From a chip's irq_set_type(): the flow handler for the new trigger. */
void irq_set_handler_locked(struct irq_data *d, irq_flow_handler_t handler);

/* Level-triggered flow: count, run the actions, count unhandled ones. */
void handle_level_irq(struct irq_desc *desc);
/*
 * Edge-triggered flow: ack (clear the latched edge) first, so an edge that
 * comes while the handlers run is latched again and not lost; then the
 * actions, as handle_level_irq().
 */
void handle_edge_irq(struct irq_desc *desc);
/* A per-CPU line (GIC PPI): acknowledged, run, EOIed; never masked here. */
void handle_percpu_irq(struct irq_desc *desc);
/* Unmask / mask a per-CPU line on the calling CPU only. */
void enable_percpu_irq(unsigned int irq, unsigned int type);
void disable_percpu_irq(unsigned int irq);

/**
 * generic_handle_irq() - run @irq's flow handler (from a controller's
 * dispatch).  Return: 0; -EINVAL for an unmapped @irq (counted spurious).
 */
int generic_handle_irq(unsigned int irq);

/* Root controller: handle_arch_irq() calls @handler for each IRQ exception. */
int set_handle_irq(void (*handler)(struct pt_regs *regs));
/* The CPU's IRQ entry (arch/arm calls it). */
void handle_arch_irq(struct pt_regs *regs);

/* Counts an interrupt nobody could attribute (shown by `irqs`). */
void irq_count_spurious(void);
unsigned long irq_spurious_count(void);
/* Deepest dispatch nesting seen (1 = never nested). */
unsigned int irq_max_nesting(void);

/* Boot step: logs the IRQ core's size; frees what a going module left requested. */
void irq_init(void);
/* Boot step: unmask IRQs on the CPU if a root controller probed. */
void irq_start(void);

#endif
