// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests of drivers/base, of/platform.c, the IRQ core and the clock
 * core, with fake drivers on tests/dts/host/drvcore.dts (U-Boot sandbox
 * style: the kernel's own code, fake hardware).
 *
 * Allocations are counted by wrapping libc's malloc family (glibc's
 * __libc_* entry points), so "unbind frees everything" is checked against
 * every byte the driver core, the IRQ core and the drivers took.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>

#include "fdtbuild.h"
#include "ktap.h"

/* --- allocation counting ------------------------------------------------ */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t s);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
static long live_allocs;

void *malloc(size_t n)
{
	void *p = __libc_malloc(n);

	if (p)
		live_allocs++;
	return p;
}

void *calloc(size_t n, size_t s)
{
	void *p = __libc_calloc(n, s);

	if (p)
		live_allocs++;
	return p;
}

void *realloc(void *old, size_t n)
{
	void *p = __libc_realloc(old, n);

	if (!old && p)
		live_allocs++;
	else if (old && !n)
		live_allocs--;
	return p;
}

void free(void *p)
{
	if (p)
		live_allocs--;
	__libc_free(p);
}

/* --- fake interrupt controllers: "test,intc" ------------------------------ */
struct fake_intc {
	struct irq_domain *domain;
	unsigned int parent_irq;
	u32 pending;            /* the "hardware" status register */
	u32 enabled;
};

static struct fake_intc *root_intc;

static void fake_mask(struct irq_data *d)
{
	struct fake_intc *fi = irq_data_get_irq_chip_data(d);

	fi->enabled &= ~(1u << d->hwirq);
}

static void fake_unmask(struct irq_data *d)
{
	struct fake_intc *fi = irq_data_get_irq_chip_data(d);

	fi->enabled |= 1u << d->hwirq;
}

static struct irq_chip fake_chip = {
	.name = "fake",
	.irq_mask = fake_mask,
	.irq_unmask = fake_unmask,
};

static int fake_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &fake_chip, handle_level_irq);
	return irq_set_chip_data(virq, d->host_data);
}

static const struct irq_domain_ops fake_ops = {
	.map = fake_map,
	.xlate = irq_domain_xlate_onecell,
};

static void fake_dispatch(struct fake_intc *fi)
{
	u32 stat = fi->pending & fi->enabled;

	if (!stat) {
		irq_count_spurious();
		return;
	}
	while (stat) {
		unsigned int hw = (unsigned int)__builtin_ctz(stat);

		stat &= stat - 1;
		fi->pending &= ~(1u << hw);
		generic_handle_domain_irq(fi->domain, hw);
	}
}

static void fake_root_handler(struct pt_regs *regs)
{
	fake_dispatch(root_intc);
}

static void fake_cascade(struct irq_desc *desc)
{
	fake_dispatch(irq_desc_get_handler_data(desc));
}

static int intc_probe(struct platform_device *pdev)
{
	struct fake_intc *fi = devm_kzalloc(&pdev->dev, sizeof(*fi), GFP_KERNEL);
	int irq;

	if (!fi)
		return -ENOMEM;
	if (platform_irq_count(pdev) > 0) {
		irq = platform_get_irq(pdev, 0);
		if (irq < 0)
			return irq;
		fi->parent_irq = (unsigned int)irq;
	}
	fi->domain = irq_domain_add_linear(pdev->dev.of_node, 32, &fake_ops, fi);
	if (!fi->domain)
		return -ENOMEM;
	if (fi->parent_irq) {
		irq_set_chained_handler_and_data(fi->parent_irq, fake_cascade, fi);
	} else {
		root_intc = fi;
		set_handle_irq(fake_root_handler);
	}
	platform_set_drvdata(pdev, fi);
	return 0;
}

static int intc_remove(struct platform_device *pdev)
{
	struct fake_intc *fi = platform_get_drvdata(pdev);

	if (fi->parent_irq) {
		irq_set_chained_handler_and_data(fi->parent_irq, NULL, NULL);
	} else {
		set_handle_irq(NULL);
		root_intc = NULL;
	}
	irq_domain_remove(fi->domain);
	return 0;
}

static const struct of_device_id intc_match[] = {
	{ .compatible = "test,intc" },
	{ }
};

static struct platform_driver intc_driver = {
	.probe = intc_probe,
	.remove = intc_remove,
	.driver = { .name = "test-intc", .of_match_table = intc_match },
};

/* --- a clock provider for "fixed-clock" ----------------------------------- */
static void osc_release(void *data)
{
	struct platform_device *pdev = data;

	of_clk_del_provider(pdev->dev.of_node);
	clk_unregister_fixed_rate(platform_get_drvdata(pdev));
}

static int osc_probe(struct platform_device *pdev)
{
	u32 rate;
	struct clk *clk;
	int ret;

	if (of_property_read_u32(pdev->dev.of_node, "clock-frequency", &rate))
		return -EINVAL;
	clk = clk_register_fixed_rate(&pdev->dev, "osc", NULL, 0, rate);
	if (IS_ERR(clk))
		return (int)PTR_ERR(clk);
	platform_set_drvdata(pdev, clk);
	ret = of_clk_add_provider(pdev->dev.of_node, of_clk_src_simple_get, clk);
	if (ret) {
		clk_unregister_fixed_rate(clk);
		return ret;
	}
	return devm_add_action_or_reset(&pdev->dev, osc_release, pdev);
}

static const struct of_device_id osc_match[] = {
	{ .compatible = "fixed-clock" },
	{ }
};

static struct platform_driver osc_driver = {
	.probe = osc_probe,
	.driver = { .name = "test-osc", .of_match_table = osc_match },
};

/* --- the consumer: clock, IRQ, memory, an action --------------------------- */
struct consumer {
	int irq;
	unsigned long rate;
	int interrupts;
	void *buf;
};

static int consumer_probes, consumer_removes, consumer_releases;
static struct consumer *the_consumer;

static irqreturn_t consumer_irq(int irq, void *dev_id)
{
	struct consumer *c = dev_id;

	c->interrupts++;
	return IRQ_HANDLED;
}

static void consumer_release(void *data)
{
	consumer_releases++;
}

static int consumer_probe(struct platform_device *pdev)
{
	struct consumer *c;
	struct clk *clk;
	int ret;

	consumer_probes++;
	c = devm_kzalloc(&pdev->dev, sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->buf = devm_kmalloc(&pdev->dev, 256, GFP_KERNEL);
	if (!c->buf)
		return -ENOMEM;
	clk = devm_clk_get(&pdev->dev, NULL);
	if (IS_ERR(clk))
		return (int)PTR_ERR(clk);
	c->rate = clk_get_rate(clk);
	c->irq = platform_get_irq(pdev, 0);
	if (c->irq < 0)
		return c->irq;
	if (IS_ERR(devm_platform_ioremap_resource(pdev, 0)))
		return -EINVAL;
	ret = devm_request_irq(&pdev->dev, (unsigned int)c->irq, consumer_irq, 0,
			       "consumer", c);
	if (ret)
		return ret;
	ret = devm_add_action(&pdev->dev, consumer_release, c);
	if (ret)
		return ret;
	the_consumer = c;
	return 0;
}

static int consumer_remove(struct platform_device *pdev)
{
	consumer_removes++;
	the_consumer = NULL;
	return 0;
}

static const struct of_device_id consumer_match[] = {
	{ .compatible = "test,consumer" },
	{ }
};

static struct platform_driver consumer_driver = {
	.probe = consumer_probe,
	.remove = consumer_remove,
	.driver = { .name = "test-consumer", .of_match_table = consumer_match },
};

/* --- scoring: a generic and a specific driver ------------------------------ */
static const int GENERIC = 1, SPECIFIC = 2;

static int nop_probe(struct platform_device *pdev)
{
	return 0;
}

static const struct of_device_id generic_match[] = {
	{ .compatible = "test,generic", .data = &GENERIC },
	{ }
};

static struct platform_driver generic_driver = {
	.probe = nop_probe,
	.driver = { .name = "test-generic", .of_match_table = generic_match },
};

static const struct of_device_id specific_match[] = {
	{ .compatible = "test,specific", .data = &SPECIFIC },
	{ }
};

static struct platform_driver specific_driver = {
	.probe = nop_probe,
	.driver = { .name = "test-specific", .of_match_table = specific_match },
};

/* One table with both strings, the generic first: the entry must still be
 * chosen by the node's order. */
static const struct of_device_id combo_match[] = {
	{ .compatible = "test,generic", .data = &GENERIC },
	{ .compatible = "test,specific", .data = &SPECIFIC },
	{ }
};

static const void *combo_data;

static int combo_probe(struct platform_device *pdev)
{
	if (of_node_name_eq(pdev->dev.of_node, "multi"))
		combo_data = of_device_get_match_data(&pdev->dev);
	return 0;
}

static struct platform_driver combo_driver = {
	.probe = combo_probe,
	.driver = { .name = "test-combo", .of_match_table = combo_match },
};

/* --- a driver whose probe fails after taking resources ---------------------- */
static int fails_releases;
static intptr_t fails_order[2];	/* which action ran first, second */

static void fails_release(void *data)
{
	if (fails_releases < 2)
		fails_order[fails_releases] = (intptr_t)data;
	fails_releases++;
}

/* Two actions: managed resources go in the reverse of their taking. */
static int fails_probe(struct platform_device *pdev)
{
	if (!devm_kzalloc(&pdev->dev, 64, GFP_KERNEL))
		return -ENOMEM;
	devm_add_action(&pdev->dev, fails_release, (void *)1);
	devm_add_action(&pdev->dev, fails_release, (void *)2);
	return -ENODEV;
}

static const struct of_device_id fails_match[] = {
	{ .compatible = "test,fails" },
	{ }
};

static struct platform_driver fails_driver = {
	.probe = fails_probe,
	.driver = { .name = "test-fails", .of_match_table = fails_match },
};

/* --- helpers ------------------------------------------------------------- */

static struct device *dev_at(const char *path)
{
	struct device_node *np = of_find_node_by_path(path);
	struct platform_device *pdev = np ? of_find_device_by_node(np) : NULL;

	return pdev ? &pdev->dev : NULL;
}

static enum device_probe_state state_at(const char *path)
{
	struct device *dev = dev_at(path);

	return dev ? dev->state : (enum device_probe_state)-1;
}

#define CONSUMER "/bus@10000000/consumer@1000"
#define CASCADE  "/bus@10000000/intc@6000"
#define ROOTINTC "/bus@10000000/intc@7000"
#define MULTI    "/bus@10000000/multi@2000"
#define BROKEN   "/bus@10000000/broken@3000"
#define OFF      "/bus@10000000/off@4000"
#define UNKNOWN  "/bus@10000000/unknown@5000"
#define LEAF     "/bus@10000000/bus@8000/leaf@10"

static struct platform_driver *all_drivers[] = {
	&intc_driver, &osc_driver, &consumer_driver, &generic_driver,
	&specific_driver, &fails_driver,
};

static void register_all(const int *order)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(all_drivers); i++)
		platform_driver_register(all_drivers[order ? order[i] : (int)i]);
}

static void unregister_all(void)
{
	size_t i = ARRAY_SIZE(all_drivers);

	while (i--)
		platform_driver_unregister(all_drivers[i]);
}

static int count_platform_devices(void)
{
	struct device *dev;
	int n = 0;

	if (!platform_bus_type.node.next)
		return 0;
	list_for_each_entry(dev, &platform_bus_type.devices, bus_node)
		n++;
	return n;
}

/*
 * Everything the tree should end up as, once every driver is registered.
 * The multi node goes to the specific driver when both drivers were there
 * before it appeared; a device that already exists is bound by the first
 * matching driver to register (as in Linux: no rebinding).
 */
static bool all_settled(bool drivers_first)
{
	struct device *multi = dev_at(MULTI), *broken = dev_at(BROKEN);

	return state_at(CONSUMER) == DEVICE_BOUND && state_at(CASCADE) == DEVICE_BOUND &&
	       state_at(ROOTINTC) == DEVICE_BOUND && state_at(LEAF) == DEVICE_BOUND &&
	       state_at(UNKNOWN) == DEVICE_NO_DRIVER && driver_deferred_probe_count() == 0 &&
	       multi && multi->state == DEVICE_BOUND &&
	       (!drivers_first || multi->driver == &specific_driver.driver) &&
	       broken && broken->state == DEVICE_FAILED && broken->probe_err == -ENODEV;
}

/* --- tests ---------------------------------------------------------------- */
static void test_populate(void)
{
	struct device_node *off = of_find_node_by_path(OFF);
	int n;

	KUNIT_EXPECT_TRUE_MSG(test, of_platform_default_populate(NULL, NULL, NULL) == 0, "populate succeeds");
	/* osc, consumer, multi, broken, unknown, two intcs, leaf */
	n = count_platform_devices();
	KUNIT_EXPECT_TRUE_MSG(test, n == 8, "8 devices from the tree (got %d)", n);
	KUNIT_EXPECT_TRUE_MSG(test, off && !of_find_device_by_node(off), "disabled node has no device");
	KUNIT_EXPECT_TRUE_MSG(test, !dev_at("/chosen"), "node without compatible has no device");
	KUNIT_EXPECT_TRUE_MSG(test, !dev_at("/bus@10000000"), "bus node is a container, not a device");
	KUNIT_EXPECT_TRUE_MSG(test, dev_at(LEAF) != NULL, "nested bus child populated");
	KUNIT_EXPECT_TRUE_MSG(test, dev_at(CONSUMER) && !strcmp(dev_name(dev_at(CONSUMER)), "10001000.consumer"),
		"device named after translated address (%s)",
		dev_at(CONSUMER) ? dev_name(dev_at(CONSUMER)) : "none");
	of_platform_default_populate(NULL, NULL, NULL);
	KUNIT_EXPECT_TRUE_MSG(test, count_platform_devices() == n, "populating twice creates nothing new");
	KUNIT_EXPECT_TRUE_MSG(test, state_at(CONSUMER) == DEVICE_NO_DRIVER, "no drivers yet: no driver");
	of_platform_depopulate(NULL);
	KUNIT_EXPECT_TRUE_MSG(test, count_platform_devices() == 0, "depopulate removes every device");
}

static void test_resources(void)
{
	struct platform_device *pdev;
	struct resource *r;

	of_platform_default_populate(NULL, NULL, NULL);
	pdev = of_find_device_by_node(of_find_node_by_path(CONSUMER));
	r = pdev ? platform_get_resource(pdev, IORESOURCE_MEM, 0) : NULL;
	KUNIT_EXPECT_TRUE_MSG(test, r && r->start == 0x10001000 && resource_size(r) == 0x100,
		"reg translated through ranges");
	KUNIT_EXPECT_TRUE_MSG(test, pdev && platform_irq_count(pdev) == 1, "one interrupt resource");
	KUNIT_EXPECT_TRUE_MSG(test, pdev && platform_get_irq_optional(pdev, 0) == -EPROBE_DEFER,
		"IRQ before its controller probed: -EPROBE_DEFER");
	KUNIT_EXPECT_TRUE_MSG(test, pdev && strstr(pdev->dev.defer_reason, CASCADE) != NULL,
		"reason names the interrupt parent (%s)", pdev ? pdev->dev.defer_reason : "");
	KUNIT_EXPECT_TRUE_MSG(test, pdev && platform_get_irq_optional(pdev, 1) == -ENXIO, "no second IRQ: -ENXIO");
	of_platform_depopulate(NULL);
}

static void test_scoring(void)
{
	struct device *multi;

	/* Both registered, generic first, before the device: specific wins. */
	platform_driver_register(&generic_driver);
	platform_driver_register(&specific_driver);
	of_platform_default_populate(NULL, NULL, NULL);
	multi = dev_at(MULTI);
	KUNIT_EXPECT_TRUE_MSG(test, multi && multi->driver == &specific_driver.driver,
		"earlier compatible string wins across drivers");
	KUNIT_EXPECT_TRUE_MSG(test, multi && of_device_get_match_data(multi) == &SPECIFIC, "match data of the winner");
	KUNIT_EXPECT_TRUE_MSG(test, state_at(LEAF) == DEVICE_BOUND && dev_at(LEAF)->driver == &generic_driver.driver,
		"generic-only node bound to the generic driver");
	of_platform_depopulate(NULL);
	platform_driver_unregister(&specific_driver);
	platform_driver_unregister(&generic_driver);

	platform_driver_register(&combo_driver);
	combo_data = NULL;
	of_platform_default_populate(NULL, NULL, NULL);
	KUNIT_EXPECT_TRUE_MSG(test, combo_data == &SPECIFIC, "within one table, the node's order decides");
	of_platform_depopulate(NULL);
	platform_driver_unregister(&combo_driver);
}

/* Deferred probe itself, as without device links (pure retry). */
static void test_defer_reasons(void)
{
	struct device *c;

	fw_devlink_enabled = false;
	of_platform_default_populate(NULL, NULL, NULL);
	platform_driver_register(&consumer_driver);
	c = dev_at(CONSUMER);
	KUNIT_EXPECT_TRUE_MSG(test, c && c->state == DEVICE_DEFERRED && strstr(c->defer_reason, "/oscillator"),
		"waits for its clock first (%s)", c ? c->defer_reason : "");
	platform_driver_register(&osc_driver);
	KUNIT_EXPECT_TRUE_MSG(test, c && c->state == DEVICE_DEFERRED && strstr(c->defer_reason, CASCADE),
		"then for its interrupt parent (%s)", c ? c->defer_reason : "");
	KUNIT_EXPECT_TRUE_MSG(test, driver_deferred_probe_report() == 1, "end-of-boot report counts it");
	platform_driver_register(&intc_driver);
	KUNIT_EXPECT_TRUE_MSG(test, c && c->state == DEVICE_BOUND, "binds once the cascade's parent chain probed");
	KUNIT_EXPECT_TRUE_MSG(test, the_consumer && the_consumer->rate == 1000000, "clock rate from the tree");
	KUNIT_EXPECT_TRUE_MSG(test, driver_deferred_probe_count() == 0, "deferred list empty");
	unregister_all();
	of_platform_depopulate(NULL);
	fw_devlink_enabled = true;
}

static void test_any_order(void)
{
	static const int perm_src[] = { 0, 1, 2, 3, 4, 5 };
	int order[6], i, tried = 0, good = 0, good_late = 0;

	/* Every order of the first four drivers (24), the rest after them. */
	for (i = 0; i < 24; i++) {
		int pool[4] = { 0, 1, 2, 3 }, k = i, j, n = 4;

		for (j = 0; j < 4; j++) {
			int pick = k % n;

			k /= n;
			order[j] = perm_src[pool[pick]];
			memmove(&pool[pick], &pool[pick + 1], sizeof(int) * (size_t)(n - pick - 1));
			n--;
		}
		order[4] = 4;
		order[5] = 5;
		tried++;

		/* Devices first, drivers in this order. */
		of_platform_default_populate(NULL, NULL, NULL);
		register_all(order);
		good += all_settled(false);
		unregister_all();
		of_platform_depopulate(NULL);

		/* Drivers first, then the devices appear. */
		register_all(order);
		of_platform_default_populate(NULL, NULL, NULL);
		good_late += all_settled(true);
		of_platform_depopulate(NULL);
		unregister_all();
	}
	KUNIT_EXPECT_TRUE_MSG(test, good == tried, "devices first: all bound in %d/%d driver orders", good, tried);
	KUNIT_EXPECT_TRUE_MSG(test, good_late == tried, "drivers first: all bound in %d/%d orders", good_late, tried);
}

static void test_failing_probe(void)
{
	struct device *b;

	fails_releases = 0;
	of_platform_default_populate(NULL, NULL, NULL);
	register_all(NULL);
	b = dev_at(BROKEN);
	KUNIT_EXPECT_TRUE_MSG(test, b && b->state == DEVICE_FAILED && b->probe_err == -ENODEV,
		"failed probe recorded with its error");
	KUNIT_EXPECT_TRUE_MSG(test, b && !b->driver && devres_count(b) == 0 && fails_releases == 2,
		"failed probe's managed resources released");
	KUNIT_EXPECT_TRUE_MSG(test, fails_order[0] == 2 && fails_order[1] == 1,
		"released last-taken first (%ld then %ld)", (long)fails_order[0],
		(long)fails_order[1]);
	KUNIT_EXPECT_TRUE_MSG(test, all_settled(false), "the failure does not stop the others");
	unregister_all();
	of_platform_depopulate(NULL);
}

static irqreturn_t other_irq(int irq, void *dev_id)
{
	return IRQ_NONE;
}

/* A handler that never claims its (level) line: masked after the limit. */
static void test_irq_storm(void)
{
	unsigned int virq = irq_create_mapping(root_intc->domain, 9);
	int i;

	KUNIT_EXPECT_TRUE_MSG(test, virq && request_irq(virq, other_irq, 0, "deaf", NULL) == 0, "deaf handler");
	for (i = 0; i < IRQ_UNHANDLED_LIMIT && (root_intc->enabled & (1u << 9)); i++) {
		root_intc->pending |= 1u << 9;
		handle_arch_irq(NULL);
	}
	KUNIT_EXPECT_TRUE_MSG(test, !(root_intc->enabled & (1u << 9)) && i == IRQ_UNHANDLED_LIMIT,
	      "unclaimed line masked after %d interrupts", i);
	KUNIT_EXPECT_TRUE_MSG(test, irq_to_desc(virq)->unhandled == IRQ_UNHANDLED_LIMIT, "each one counted");
	free_irq(virq, NULL);
	irq_dispose_mapping(virq);
	root_intc->pending = 0;
}

static void test_irq_dispatch(void)
{
	struct fake_intc *cascade;
	unsigned int virq;
	unsigned long spurious;
	struct irq_desc *desc;

	of_platform_default_populate(NULL, NULL, NULL);
	register_all(NULL);
	cascade = platform_get_drvdata(to_platform_device(dev_at(CASCADE)));
	KUNIT_EXPECT_TRUE_MSG(test, the_consumer && root_intc && cascade, "consumer and both controllers bound");
	if (!the_consumer || !root_intc || !cascade)
		goto out;
	KUNIT_EXPECT_TRUE_MSG(test, cascade->enabled == (1u << 3), "request_irq unmasked the consumer's line");
	KUNIT_EXPECT_TRUE_MSG(test, root_intc->enabled == (1u << 5), "chained handler unmasked the cascade input");

	cascade->pending = 1u << 3;
	root_intc->pending = 1u << 5;
	handle_arch_irq(NULL);
	desc = irq_to_desc((unsigned int)the_consumer->irq);
	KUNIT_EXPECT_TRUE_MSG(test, the_consumer->interrupts == 1 && desc && desc->count == 1,
		"interrupt through the cascade reached the handler once");

	spurious = irq_spurious_count();
	handle_arch_irq(NULL);
	KUNIT_EXPECT_TRUE_MSG(test, irq_spurious_count() == spurious + 1, "nothing pending: counted spurious");
	root_intc->pending = 1u << 5;          /* cascade fires, its lines quiet */
	handle_arch_irq(NULL);
	KUNIT_EXPECT_TRUE_MSG(test, irq_spurious_count() == spurious + 2, "quiet cascade: counted spurious");
	KUNIT_EXPECT_TRUE_MSG(test, irq_max_nesting() == 1, "dispatch never nested");

	/* Request rules, masking and mapping limits. */
	virq = (unsigned int)the_consumer->irq;
	KUNIT_EXPECT_TRUE_MSG(test, request_irq(virq, other_irq, 0, "other", &virq) == -EBUSY,
	      "second handler without IRQF_SHARED: -EBUSY");
	KUNIT_EXPECT_TRUE_MSG(test, request_irq(cascade->parent_irq, other_irq, 0, "other", &virq) == -EINVAL,
	      "cascade input cannot be requested");
	KUNIT_EXPECT_TRUE_MSG(test, !free_irq(virq, &virq), "free_irq with an unknown dev_id changes nothing");
	disable_irq(virq);
	disable_irq(virq);
	enable_irq(virq);
	KUNIT_EXPECT_TRUE_MSG(test, !(cascade->enabled & (1u << 3)), "disable_irq nests");
	enable_irq(virq);
	KUNIT_EXPECT_TRUE_MSG(test, cascade->enabled & (1u << 3), "last enable_irq unmasks");
	KUNIT_EXPECT_TRUE_MSG(test, irq_create_mapping(cascade->domain, 32) == 0, "hwirq beyond the domain: no mapping");
	KUNIT_EXPECT_TRUE_MSG(test, irq_create_mapping(cascade->domain, 3) == virq, "mapping again gives the same virq");
	test_irq_storm();
out:
	unregister_all();
	of_platform_depopulate(NULL);
}

static void test_unbind_frees(void)
{
	long before_all = live_allocs, before;
	unsigned int virq;
	struct device *c;

	of_platform_default_populate(NULL, NULL, NULL);
	register_all(NULL);
	c = dev_at(CONSUMER);
	virq = the_consumer ? (unsigned int)the_consumer->irq : 0;
	KUNIT_EXPECT_TRUE_MSG(test, c && c->state == DEVICE_BOUND && devres_count(c) > 0, "consumer bound with resources");

	before = live_allocs;
	consumer_removes = consumer_releases = 0;
	platform_driver_unregister(&consumer_driver);
	KUNIT_EXPECT_TRUE_MSG(test, consumer_removes == 1 && consumer_releases == 1, "remove and managed action ran");
	KUNIT_EXPECT_TRUE_MSG(test, c && devres_count(c) == 0 && !c->driver && c->state == DEVICE_NO_DRIVER,
		"device left without driver or resources");
	KUNIT_EXPECT_TRUE_MSG(test, irq_to_desc(virq) && !irq_to_desc(virq)->action, "its IRQ was freed");
	KUNIT_EXPECT_TRUE_MSG(test, live_allocs < before, "memory went back (%ld fewer blocks)", before - live_allocs);

	platform_driver_register(&consumer_driver);
	KUNIT_EXPECT_TRUE_MSG(test, c && c->state == DEVICE_BOUND, "re-registering binds again");
	unregister_all();
	of_platform_depopulate(NULL);
	KUNIT_EXPECT_TRUE_MSG(test, live_allocs == before_all, "whole cycle leaks nothing (%ld blocks)",
		live_allocs - before_all);
}

/*
 * The clock's provider unbinds while the consumer is bound: the consumer
 * unbinds first and waits; a clock reference taken with of_clk_get() keeps
 * the struct clk alive (readable) until clk_put(); the provider's return
 * binds the consumer again.
 */
static void test_supplier_unbind_unbinds_consumer(void)
{
	long before_all = live_allocs, before;
	struct device *c;
	struct clk *held;
	unsigned long rate;

	of_platform_default_populate(NULL, NULL, NULL);
	register_all(NULL);
	c = dev_at(CONSUMER);
	rate = the_consumer ? the_consumer->rate : 0;
	held = c ? of_clk_get(c->of_node, 0) : ERR_PTR(-ENODEV);
	KUNIT_EXPECT_TRUE_MSG(test, c && c->state == DEVICE_BOUND && !IS_ERR(held), "consumer bound, its clock held");
	if (!c || IS_ERR(held))
		goto out;

	consumer_removes = 0;
	ktap_stderr_begin();
	platform_driver_unregister(&osc_driver);
	KUNIT_EXPECT_TRUE_MSG(test, strstr(ktap_stderr_end(), "consumer@1000 unbinds before its supplier"),
	      "the consumer's unbind is logged, naming its supplier");
	KUNIT_EXPECT_TRUE_MSG(test, consumer_removes == 1 && !c->driver && c->state == DEVICE_WAITING,
	      "the clock's provider left: its consumer unbound first, and waits");
	KUNIT_EXPECT_TRUE_MSG(test, clk_get_rate(held) == rate, "a held clock outlives its provider (%lu Hz)",
	      clk_get_rate(held));
	before = live_allocs;
	clk_put(held);
	KUNIT_EXPECT_TRUE_MSG(test, live_allocs == before - 1, "the last clk_put() frees it");

	consumer_probes = 0;
	platform_driver_register(&osc_driver);
	KUNIT_EXPECT_TRUE_MSG(test, consumer_probes == 1 && c->state == DEVICE_BOUND,
	      "the provider's return binds the consumer again");
out:
	unregister_all();
	of_platform_depopulate(NULL);
	KUNIT_EXPECT_TRUE_MSG(test, live_allocs == before_all, "leaks nothing (%ld blocks)", live_allocs - before_all);
}

/* reg = <0x1000 0>: the device is made, with a warning naming the entry. */
static void test_zero_size_reg(void)
{
	static struct fdtb fb;
	struct fdtb *b = &fb;
	uint8_t reg[8];
	const char *err;

	fdtb_init(b);
	fdtb_begin(b, "");
	fdtb_prop_u32(b, "#address-cells", 1);
	fdtb_prop_u32(b, "#size-cells", 1);
	fdtb_begin(b, "bus");
	fdtb_prop_str(b, "compatible", "simple-bus");
	fdtb_prop_u32(b, "#address-cells", 1);
	fdtb_prop_u32(b, "#size-cells", 1);
	fdtb_prop(b, "ranges", "", 0);
	fdtb_begin(b, "dev@1000");
	fdtb_prop_str(b, "compatible", "coyote,zero");
	fdtb_put32(reg, 0x1000);
	fdtb_put32(reg + 4, 0);
	fdtb_prop(b, "reg", reg, 8);
	fdtb_end(b);
	fdtb_end(b);
	fdtb_end(b);
	fdtb_finish_tree(b);
	fdtb_finish(b);
	if (of_fdt_unflatten(b->out, b->size, NULL, 0)) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "unflatten the zero-size reg tree");
		return;
	}
	ktap_stderr_begin();
	of_platform_default_populate(NULL, NULL, NULL);
	err = ktap_stderr_end();
	KUNIT_EXPECT_TRUE_MSG(test, strstr(err, "dev@1000: reg entry 0 has size 0: the device gets an empty window"),
	      "zero-size reg warned");
	KUNIT_EXPECT_TRUE_MSG(test, of_find_device_by_node(of_find_node_by_path("/bus/dev@1000")),
	      "the device is still made");
	of_platform_depopulate(NULL);
}

/*
 * A gate clock (clk_register_gate, the BCM2835 aux block's kind): its bit
 * is set by the first enable, kept by the second, cleared by the last
 * disable only, and the other bits of the register are left alone.
 */
static void test_clk_gate(void)
{
	static volatile u32 enables = 0x4;	/* another gate's bit, already on */
	struct clk *g = clk_register_gate(NULL, "gate1", "vpu", 250000000,
					  (void __iomem *)&enables, 1);

	KUNIT_EXPECT_TRUE_MSG(test, !IS_ERR(g), "gate registered");
	if (IS_ERR(g))
		return;
	KUNIT_EXPECT_TRUE_MSG(test, clk_get_rate(g) == 250000000 && enables == 0x4,
			      "rate kept, bit clear until enabled");
	clk_prepare_enable(g);
	KUNIT_EXPECT_TRUE_MSG(test, enables == 0x6, "first enable sets bit 1");
	clk_prepare_enable(g);
	clk_disable_unprepare(g);
	KUNIT_EXPECT_TRUE_MSG(test, enables == 0x6, "one user left: bit still set");
	clk_disable_unprepare(g);
	KUNIT_EXPECT_TRUE_MSG(test, enables == 0x4, "last disable clears bit 1 only");
	KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(clk_register_gate(NULL, "bad", NULL, 0,
							     (void __iomem *)&enables, 32)),
			      "bit 32 refused");
	clk_unregister_gate(g);
}

/* Lives until exit, as a boot blob does; static so LeakSanitizer sees it
 * held after test_zero_size_reg() moves the live tree elsewhere (free()
 * here is the counting wrapper above, not the allocator ktap_load used). */
static void *blob;

int main(void)
{
	size_t size;

	blob = ktap_load("drvcore.dtb", &size);

	if (!blob || of_fdt_unflatten(blob, size, NULL, 0)) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "unflatten drvcore.dtb");
		return ktap_done();
	}
	test_populate();
	test_resources();
	test_scoring();
	test_defer_reasons();
	test_any_order();
	test_failing_probe();
	test_irq_dispatch();
	test_unbind_frees();
	test_supplier_unbind_unbinds_consumer();
	test_clk_gate();
	test_zero_size_reg();	/* last: it replaces the live tree */
	return ktap_done();
}
