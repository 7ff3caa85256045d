// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest irq`: interrupts through the controllers the board really has.
 * For each registered IRQ domain (one per bound controller) a free line is
 * mapped, given a handler and raised from software through the chip's
 * irq_set_irqchip_state() (the VIC's soft-interrupt register, the GIC's
 * GICD_ISPENDR); a
 * controller that cannot raise a line is skipped.  A cascaded controller's
 * input raised with nothing pending below it must count as spurious.  Then
 * the core alone: shared handlers, storms nobody handles, bad requests,
 * and the board tree's interrupts against the domains.
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/string.h>
#include <asm/irqflags.h>
#include <coyote/selftest.h>

/* Loops to wait for an interrupt already raised: it arrives at once. */
#define RAISE_WAIT_LOOPS 100000

static char skip_why[96];

/* --- the domains as parameters ----------------------------------------- */

static struct irq_domain *domain_at(unsigned int i)
{
	struct irq_domain *d = irq_domain_next(NULL);

	while (d && i--)
		d = irq_domain_next(d);
	return d;
}

static unsigned int count_domains(void)
{
	unsigned int n = 0;

	for (struct irq_domain *d = irq_domain_next(NULL); d; d = irq_domain_next(d))
		n++;
	return n;
}

static const char *domain_name(unsigned int i)
{
	struct irq_domain *d = domain_at(i);

	return d ? d->name : "?";
}

/*
 * Whether line @hw of @d takes a raise from software, asked without a
 * trace: mapped for the question, raised and dropped with IRQs masked so
 * nothing is delivered.  A controller may refuse single lines: QEMU's GIC
 * with two CPU interfaces drops a PPI raised from software.  Return: 1
 * yes, 0 the controller refused this line, -1 no answer (the line does
 * not map, or the controller raises no line from software).
 */
static int line_raisable(struct irq_domain *d, unsigned int hw)
{
	unsigned int virq = irq_create_mapping(d, hw);
	struct irq_data *data = virq ? irq_get_irq_data(virq) : NULL;
	unsigned long flags;
	int ret = -1;

	if (data && data->chip && data->chip->irq_set_irqchip_state) {
		local_irq_save(flags);
		ret = !irq_set_irqchip_state(virq, IRQCHIP_STATE_PENDING, true);
		if (ret)
			irq_set_irqchip_state(virq, IRQCHIP_STATE_PENDING, false);
		local_irq_restore(flags);
	}
	if (virq)
		irq_dispose_mapping(virq);
	return ret;
}

/*
 * The lowest line of @d nothing has mapped at or above the lowest line the
 * board maps, or -1: below that may lie IDs no device has (a GIC's SGIs,
 * always enabled and never raised through ISPENDR).  Past lines the
 * controller refuses to raise, when it raises others.
 */
static long free_hwirq(struct irq_domain *d)
{
	unsigned int from = 0, hw;
	long first = -1;

	while (from < d->hwirq_max && !irq_find_mapping(d, from))
		from++;
	if (from == d->hwirq_max)
		from = 0;
	for (hw = from; hw < d->hwirq_max; hw++) {
		if (irq_find_mapping(d, hw))
			continue;
		if (first < 0)
			first = hw;
		switch (line_raisable(d, hw)) {
		case 1:
			return hw;
		case -1:
			return first;	/* no answer: the lowest free line */
		}
	}
	return first;
}

/* --- handlers ---------------------------------------------------------- */

struct catcher {
	volatile int fired;
	bool handled;		/* what the handler answers */
	bool clear;		/* drop the soft-raised line in the handler */
	bool hold;		/* raise it again: a device stuck asserting it
				 * (a GIC's latch clears when it is taken) */
};

static irqreturn_t catch_irq(int irq, void *dev_id)
{
	struct catcher *c = dev_id;

	c->fired++;
	if (c->clear)
		irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, false);
	if (c->hold)
		irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, true);
	return c->handled ? IRQ_HANDLED : IRQ_NONE;
}

static bool wait_fired(struct catcher *c, int n)
{
	for (int i = 0; i < RAISE_WAIT_LOOPS && c->fired < n; i++)
		__asm__ volatile("" ::: "memory");
	return c->fired >= n;
}

/*
 * A free line of domain @i, mapped and given @c's handler; 0 when the case
 * is skipped (reason set) or failed.
 */
static unsigned int claim_line(struct kunit *t, unsigned int i, struct catcher *c,
			       unsigned long flags)
{
	struct irq_domain *d = domain_at(i);
	long hw = d ? free_hwirq(d) : -1;
	unsigned int virq;

	if (irqs_disabled()) {
		selftest_skip(t, "IRQs are masked");
		return 0;
	}
	if (!KUNIT_EXPECT_TRUE_MSG(t, hw >= 0, "%s has a free line", d ? d->name : "?"))
		return 0;
	virq = irq_create_mapping(d, (irq_hw_number_t)hw);
	if (!KUNIT_EXPECT_TRUE_MSG(t, virq, "hwirq %ld of %s maps", hw, d->name))
		return 0;
	if (!KUNIT_EXPECT_TRUE_MSG(t, !request_irq(virq, catch_irq, flags, "selftest", c), "request virq %u",
		       virq)) {
		irq_dispose_mapping(virq);
		return 0;
	}
	return virq;
}

static void release_line(unsigned int virq, struct catcher *c)
{
	irq_set_irqchip_state(virq, IRQCHIP_STATE_PENDING, false);
	free_irq(virq, c);
	irq_dispose_mapping(virq);
}

static bool raise(struct kunit *t, unsigned int virq)
{
	struct irq_data *d = irq_get_irq_data(virq);

	if (irq_set_irqchip_state(virq, IRQCHIP_STATE_PENDING, true) == -EINVAL) {
		snprintf(skip_why, sizeof(skip_why), "%s (%s) cannot raise a line from software",
			 d && d->domain ? d->domain->name : "?",
			 d && d->chip ? d->chip->name : "no chip");
		selftest_skip(t, skip_why);
		return false;
	}
	return true;
}

/* --- per controller ---------------------------------------------------- */

static void soft_trigger(struct kunit *t)
{
	struct catcher c = { .handled = true, .clear = true };
	unsigned int virq = claim_line(t, t->param, &c, 0);
	struct irq_desc *desc;
	unsigned long count;

	if (!virq)
		return;
	desc = irq_to_desc(virq);
	count = desc->count;
	if (raise(t, virq)) {
		KUNIT_EXPECT_TRUE_MSG(t, wait_fired(&c, 1), "virq %u (hwirq %lu) reached its handler", virq,
			  desc->irq_data.hwirq);
		KUNIT_EXPECT_EQ(t, c.fired, 1);
		KUNIT_EXPECT_EQ(t, desc->count - count, 1);
	}
	release_line(virq, &c);
}

static void masked_line_waits(struct kunit *t)
{
	struct catcher c = { .handled = true, .clear = true };
	unsigned int virq = claim_line(t, t->param, &c, 0);

	if (!virq)
		return;
	disable_irq(virq);
	if (raise(t, virq)) {
		KUNIT_EXPECT_TRUE_MSG(t, !wait_fired(&c, 1), "nothing while disabled");
		enable_irq(virq);
		KUNIT_EXPECT_TRUE_MSG(t, wait_fired(&c, 1), "delivered once enabled");
	} else {
		enable_irq(virq);
	}
	release_line(virq, &c);
}

static void map_unmap(struct kunit *t)
{
	struct irq_domain *d = domain_at(t->param);
	long hw = d ? free_hwirq(d) : -1;
	unsigned int virq;
	struct irq_data *data;

	KUNIT_ASSERT_TRUE_MSG(t, hw >= 0, "a free line");
	virq = irq_create_mapping(d, (irq_hw_number_t)hw);
	KUNIT_ASSERT_TRUE_MSG(t, virq, "maps");
	KUNIT_EXPECT_EQ(t, irq_find_mapping(d, (irq_hw_number_t)hw), virq);
	KUNIT_EXPECT_EQ(t, irq_create_mapping(d, (irq_hw_number_t)hw), virq);
	data = irq_get_irq_data(virq);
	KUNIT_EXPECT_TRUE_MSG(t, data && data->domain == d && data->hwirq == (irq_hw_number_t)hw,
		  "virq %u is hwirq %ld of %s", virq, hw, d->name);
	irq_dispose_mapping(virq);
	KUNIT_EXPECT_EQ(t, irq_find_mapping(d, (irq_hw_number_t)hw), 0);
	KUNIT_EXPECT_TRUE_MSG(t, !irq_to_desc(virq), "virq %u is free again", virq);
	kunit_expect_begin(t, "out of range");
	KUNIT_EXPECT_EQ(t, irq_create_mapping(d, d->hwirq_max), 0);
	kunit_expect_end(t);
}

static void cascade_spurious(struct kunit *t)
{
	struct irq_domain *d = domain_at(t->param);
	unsigned long spurious, flags, count;
	unsigned int parent;
	struct irq_desc *desc;
	int ret;

	KUNIT_ASSERT_TRUE_MSG(t, d && d->of_node, "a domain with a node");
	if (of_irq_is_root(d->of_node)) {
		selftest_skip(t, "a root controller: no cascade input");
		return;
	}
	parent = (unsigned int)of_irq_get(d->of_node, 0);
	KUNIT_ASSERT_TRUE_MSG(t, (int)parent > 0, "its input is mapped (%d)", (int)parent);
	desc = irq_to_desc(parent);
	KUNIT_ASSERT_TRUE_MSG(t, desc && desc->chained, "its input is chained");
	/* Raised with IRQs masked and dispatched by hand through the root
	 * controller: the cascade finds nothing pending below it. */
	local_irq_save(flags);
	spurious = irq_spurious_count();
	count = desc->count;
	ret = irq_set_irqchip_state(parent, IRQCHIP_STATE_PENDING, true);
	if (!ret) {
		handle_arch_irq(NULL);
		irq_set_irqchip_state(parent, IRQCHIP_STATE_PENDING, false);
	}
	local_irq_restore(flags);
	if (ret) {
		selftest_skip(t, "its parent cannot raise a line from software");
		return;
	}
	KUNIT_EXPECT_EQ(t, desc->count - count, 1);
	KUNIT_EXPECT_EQ(t, irq_spurious_count() - spurious, 1);
}

/* --- the core ---------------------------------------------------------- */

/* The first domain whose lines can be raised from software, or -1. */
static int raisable_domain(void)
{
	for (unsigned int i = 0; i < count_domains(); i++) {
		struct irq_domain *d = domain_at(i);
		long hw = free_hwirq(d);
		unsigned int virq = hw >= 0 ? irq_create_mapping(d, (irq_hw_number_t)hw) : 0;
		struct irq_desc *desc = virq ? irq_to_desc(virq) : NULL;
		bool ok = desc && desc->irq_data.chip && desc->irq_data.chip->irq_set_irqchip_state;

		if (virq)
			irq_dispose_mapping(virq);
		if (ok)
			return (int)i;
	}
	return -1;
}

static bool need_raisable(struct kunit *t, unsigned int *dom)
{
	int i = raisable_domain();

	if (i < 0) {
		selftest_skip(t, "no controller can raise a line from software");
		return false;
	}
	*dom = (unsigned int)i;
	return true;
}

static void shared_handlers_both_run(struct kunit *t)
{
	struct catcher a = { .handled = false }, b = { .handled = true, .clear = true };
	unsigned int dom, virq;

	if (!need_raisable(t, &dom))
		return;
	virq = claim_line(t, dom, &a, IRQF_SHARED);
	if (!virq)
		return;
	KUNIT_EXPECT_EQ(t, request_irq(virq, catch_irq, IRQF_SHARED, "selftest-b", &b), 0);
	KUNIT_EXPECT_TRUE_MSG(t, raise(t, virq), "raised");
	KUNIT_EXPECT_TRUE_MSG(t, wait_fired(&b, 1), "second handler ran");
	KUNIT_EXPECT_EQ(t, a.fired, 1);
	free_irq(virq, &b);
	release_line(virq, &a);
}

static void busy_line_refused(struct kunit *t)
{
	struct catcher a = { 0 }, b = { 0 };
	unsigned int dom, virq;

	if (!need_raisable(t, &dom))
		return;
	virq = claim_line(t, dom, &a, 0);
	if (!virq)
		return;
	KUNIT_EXPECT_EQ(t, request_irq(virq, catch_irq, IRQF_SHARED, "selftest-b", &b), -EBUSY);
	release_line(virq, &a);
}

static void nobody_cared_disables(struct kunit *t)
{
	struct catcher c = { .handled = false, .hold = true };
	unsigned int dom, virq;
	unsigned long spurious = irq_spurious_count();
	struct irq_desc *desc;

	if (!need_raisable(t, &dom))
		return;
	virq = claim_line(t, dom, &c, 0);
	if (!virq)
		return;
	desc = irq_to_desc(virq);
	kunit_expect_begin(t, "nobody cared");
	if (raise(t, virq))
		wait_fired(&c, IRQ_UNHANDLED_LIMIT);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, c.fired, IRQ_UNHANDLED_LIMIT);
	KUNIT_EXPECT_EQ(t, desc->depth, 1);
	KUNIT_EXPECT_TRUE_MSG(t, irq_spurious_count() - spurious >= IRQ_UNHANDLED_LIMIT,
		  "each unhandled one counted as spurious");
	irq_set_irqchip_state(virq, IRQCHIP_STATE_PENDING, false);
	enable_irq(virq);
	release_line(virq, &c);
}

static void bad_requests(struct kunit *t)
{
	struct catcher c = { 0 };

	KUNIT_EXPECT_EQ(t, request_irq(0, catch_irq, 0, "selftest", &c), -EINVAL);
	KUNIT_EXPECT_EQ(t, irq_set_irqchip_state(0, IRQCHIP_STATE_PENDING, true), -EINVAL);
	KUNIT_EXPECT_TRUE_MSG(t, !free_irq(0, &c), "unmapped");
}

static void free_unknown_dev_id(struct kunit *t)
{
	struct irq_domain *d = irq_domain_next(NULL);
	long hw = d ? free_hwirq(d) : -1;
	struct catcher c = { 0 };
	unsigned int virq;

	KUNIT_ASSERT_TRUE_MSG(t, hw >= 0, "a free line");
	virq = irq_create_mapping(d, (irq_hw_number_t)hw);
	KUNIT_ASSERT_TRUE_MSG(t, virq, "maps");
	kunit_expect_begin(t, "no handler with that dev_id");
	KUNIT_EXPECT_TRUE_MSG(t, !free_irq(virq, &c), "nothing to free");
	kunit_expect_end(t);
	irq_dispose_mapping(virq);
}

static void chained_input_refused(struct kunit *t)
{
	for (struct irq_domain *d = irq_domain_next(NULL); d; d = irq_domain_next(d)) {
		struct catcher c = { 0 };
		int parent;

		if (!d->of_node || of_irq_is_root(d->of_node))
			continue;
		parent = of_irq_get(d->of_node, 0);
		KUNIT_ASSERT_TRUE_MSG(t, parent > 0, "%s's input", d->name);
		KUNIT_EXPECT_EQ(t, request_irq((unsigned int)parent, catch_irq, 0, "selftest", &c),
			     -EINVAL);
		return;
	}
	selftest_skip(t, "no cascaded controller on this board");
}

static void unbalanced_enable_warns(struct kunit *t)
{
	struct irq_domain *d = irq_domain_next(NULL);
	long hw = d ? free_hwirq(d) : -1;
	unsigned int virq;

	KUNIT_ASSERT_TRUE_MSG(t, hw >= 0, "a free line");
	virq = irq_create_mapping(d, (irq_hw_number_t)hw);
	KUNIT_ASSERT_TRUE_MSG(t, virq, "maps");
	kunit_expect_begin(t, "unbalanced enable_irq");
	enable_irq(virq);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, irq_to_desc(virq)->depth, 0);
	irq_dispose_mapping(virq);
}

static void xlate_cells(struct kunit *t)
{
	static const u32 one[] = { 7 }, two[] = { 9, 4 };
	unsigned long hw = 0;
	unsigned int type = 99;

	KUNIT_EXPECT_EQ(t, irq_domain_xlate_onecell(NULL, NULL, one, 1, &hw, &type), 0);
	KUNIT_EXPECT_EQ(t, hw, 7);
	KUNIT_EXPECT_EQ(t, irq_domain_xlate_twocell(NULL, NULL, two, 2, &hw, &type), 0);
	KUNIT_EXPECT_EQ(t, hw * 10 + type, 94);
	KUNIT_EXPECT_TRUE_MSG(t, irq_domain_xlate_onecell(NULL, NULL, one, 0, &hw, &type) < 0, "no cells");
	KUNIT_EXPECT_TRUE_MSG(t, irq_domain_xlate_twocell(NULL, NULL, two, 1, &hw, &type) < 0, "one cell");
}

static void domains_match_tree(struct kunit *t)
{
	int n = 0;

	for (struct irq_domain *d = irq_domain_next(NULL); d; d = irq_domain_next(d)) {
		n++;
		KUNIT_EXPECT_TRUE_MSG(t, d->of_node, "%s has a node", d->name);
		if (!d->of_node)
			continue;
		KUNIT_EXPECT_TRUE_MSG(t, of_property_read_bool(d->of_node, "interrupt-controller"),
			  "%s is an interrupt-controller", d->name);
		KUNIT_EXPECT_TRUE_MSG(t, irq_find_host(d->of_node) == d, "%s found by its node", d->name);
	}
	KUNIT_EXPECT_TRUE_MSG(t, n > 0, "at least one controller bound");
}

/* Every available node's interrupts resolve to a controller with a domain. */
static void board_interrupts_have_domains(struct kunit *t)
{
	struct device_node *np;
	int checked = 0;

	for_each_of_allnodes(np) {
		struct of_phandle_args args;

		if (!of_device_is_available(np) || of_irq_count(np) <= 0)
			continue;
		if (of_irq_parse_one(np, 0, &args))
			continue;
		checked++;
		KUNIT_EXPECT_TRUE_MSG(t, !of_device_is_available(args.np) || irq_find_host(args.np),
			  "%s: its controller %s has a domain", np->full_name, args.np->full_name);
	}
	KUNIT_EXPECT_TRUE_MSG(t, checked > 0, "the board has interrupts (%d nodes)", checked);
}

static void nesting_seen(struct kunit *t)
{
	if (irqs_disabled()) {
		selftest_skip(t, "IRQs are masked");
		return;
	}
	KUNIT_EXPECT_TRUE_MSG(t, irq_max_nesting() >= 1, "interrupts were taken (deepest %u)",
		  irq_max_nesting());
}

/* --- trigger types and flow handlers, on a recording chip --------------- */

/* What the recording chip and handler saw, in order: 'm'ask, 'u'nmask,
 * 'a'ck, 'h'andler; and the last type the chip was asked to set. */
static char steps[16];
static unsigned int nsteps, chip_type;

static void step(char c)
{
	if (nsteps < sizeof(steps) - 1)
		steps[nsteps++] = c;
	steps[nsteps] = '\0';
}

static void rec_mask(struct irq_data *d) { (void)d; step('m'); }
static void rec_unmask(struct irq_data *d) { (void)d; step('u'); }
static void rec_ack(struct irq_data *d) { (void)d; step('a'); }

/* Senses edges only, as some controllers do: a level is refused. */
static int rec_set_type(struct irq_data *d, unsigned int type)
{
	if (type & IRQ_TYPE_LEVEL_MASK)
		return -EINVAL;
	chip_type = type;
	irq_set_handler_locked(d, handle_edge_irq);
	return 0;
}

static struct irq_chip rec_chip = {
	.name = "selftest",
	.irq_mask = rec_mask,
	.irq_unmask = rec_unmask,
	.irq_ack = rec_ack,
	.irq_set_type = rec_set_type,
};

static irqreturn_t rec_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	step('h');
	return IRQ_HANDLED;
}

/* A fresh virq on the recording chip (no controller behind it), or 0. */
static unsigned int rec_line(struct kunit *t)
{
	int virq = irq_alloc_desc();

	if (!KUNIT_EXPECT_TRUE_MSG(t, virq > 0, "a free virq (%d)", virq))
		return 0;
	irq_set_chip_and_handler((unsigned int)virq, &rec_chip, handle_level_irq);
	return (unsigned int)virq;
}

static void set_type_reaches_chip(struct kunit *t)
{
	unsigned int virq = rec_line(t);
	struct irq_desc *desc;

	if (!virq)
		return;
	desc = irq_to_desc(virq);
	KUNIT_EXPECT_EQ(t, irq_set_irq_type(virq, IRQ_TYPE_EDGE_FALLING), 0);
	KUNIT_EXPECT_EQ(t, chip_type, IRQ_TYPE_EDGE_FALLING);
	KUNIT_EXPECT_EQ(t, irq_get_trigger_type(virq), IRQ_TYPE_EDGE_FALLING);
	KUNIT_EXPECT_TRUE_MSG(t, desc->handle_irq == handle_edge_irq, "the chip chose the edge flow");
	kunit_expect_begin(t, "trigger type 4 refused");
	KUNIT_EXPECT_EQ(t, irq_set_irq_type(virq, IRQ_TYPE_LEVEL_HIGH), -EINVAL);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, irq_get_trigger_type(virq), IRQ_TYPE_EDGE_FALLING);
	KUNIT_EXPECT_EQ(t, irq_set_irq_type(virq, 0x10), -EINVAL);
	KUNIT_EXPECT_EQ(t, irq_set_irq_type(0, IRQ_TYPE_EDGE_RISING), -EINVAL);
	irq_free_desc(virq);
}

static void flows_ack_and_mask(struct kunit *t)
{
	unsigned int virq = rec_line(t);
	struct irq_desc *desc;
	unsigned long flags;

	if (!virq)
		return;
	desc = irq_to_desc(virq);
	if (!KUNIT_EXPECT_TRUE_MSG(t, !request_irq(virq, rec_handler, 0, "selftest", &rec_chip),
		       "requested")) {
		irq_free_desc(virq);
		return;
	}
	/* The flows run as the dispatch runs them: IRQs masked on the CPU. */
	local_irq_save(flags);
	nsteps = 0;
	handle_level_irq(desc);
	KUNIT_EXPECT_TRUE_MSG(t, !strcmp(steps, "mahu"), "level: mask, ack, handler, unmask (got %s)", steps);
	nsteps = 0;
	handle_edge_irq(desc);
	KUNIT_EXPECT_TRUE_MSG(t, !strcmp(steps, "ah"), "edge: ack before the handler, no mask (got %s)",
		  steps);
	nsteps = 0;
	disable_irq(virq);
	handle_level_irq(desc);
	KUNIT_EXPECT_TRUE_MSG(t, !strcmp(steps, "mmah"), "a disabled level line stays masked (got %s)",
		  steps);
	enable_irq(virq);
	local_irq_restore(flags);
	free_irq(virq, &rec_chip);
	irq_free_desc(virq);
}

static const struct selftest_case irq_cases[] = {
	SELFTEST_BOARD_PARAM_CASE(soft_trigger, count_domains, domain_name),
	SELFTEST_BOARD_PARAM_CASE(masked_line_waits, count_domains, domain_name),
	SELFTEST_BOARD_PARAM_CASE(map_unmap, count_domains, domain_name),
	SELFTEST_BOARD_PARAM_CASE(cascade_spurious, count_domains, domain_name),
	SELFTEST_CASE(shared_handlers_both_run),
	SELFTEST_CASE(busy_line_refused),
	SELFTEST_CASE(nobody_cared_disables),
	SELFTEST_CASE(bad_requests),
	SELFTEST_CASE(free_unknown_dev_id),
	SELFTEST_CASE(chained_input_refused),
	SELFTEST_CASE(unbalanced_enable_warns),
	SELFTEST_CASE(xlate_cells),
	SELFTEST_CASE(domains_match_tree),
	SELFTEST_CASE(board_interrupts_have_domains),
	SELFTEST_CASE(nesting_seen),
	SELFTEST_CASE(set_type_reaches_chip),
	SELFTEST_CASE(flows_ack_and_mask),
	{ }
};
SELFTEST_SUITE(irq, irq_cases, NULL, NULL);
