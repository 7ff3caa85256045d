// SPDX-License-Identifier: BSD-2-Clause
/*
 * `selftest drvcore`: the driver core on a bus of its own.  A "selftest"
 * bus with devices made by the test (their nodes built in memory, not in
 * any tree) and drivers whose probe does what each case asks: succeed,
 * fail after taking devres, defer until a flag is set.  Checked: the best
 * match wins whatever the registration order, binding from either side,
 * unbinding, a failed probe's devres released, deferral and the retry a
 * later successful probe triggers; device links: derived from a small tree's
 * phandles (drivers/base/drvcore-selftest.dts, swapped in for those cases),
 * a consumer that waits and probes once when its supplier binds, a cycle
 * relaxed, a supplier given up on.  Every device and driver is gone again
 * at the end of its case; the bus stays registered (buses cannot leave)
 * but empty.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/of_fdt.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/selftest.h>

/* --- the test bus ----------------------------------------------------- */

/* Tables are the driver core's; the bus's own rule: a node-less device
 * matches the driver of its name. */
static int st_bus_match(struct device *dev, struct device_driver *drv)
{
	return !dev->of_node && !strcmp(dev_name(dev), drv->name);
}

static struct bus_type st_bus = {
	.name = "selftest",
	.match = st_bus_match,
};

/* --- what probes and removes did --------------------------------------- */

static struct {
	int probes, removes, actions;
	char order[16];		/* devres actions, in the order they ran */
	bool supplier_ready;	/* the deferring driver's condition */
	const char *last_probe;	/* driver name */
	char probed[48];	/* devices probed, in order: "st-sup st-con " */
} rec;

struct st_driver {
	struct device_driver drv;
	int ret;		/* what probe returns after taking its devres */
	int devm_allocs;	/* devm_kzalloc()s probe makes */
	int actions;		/* devm_add_action()s probe makes */
	bool defer;		/* -EPROBE_DEFER until rec.supplier_ready */
};

static void st_action(void *data)
{
	size_t n = strlen(rec.order);

	rec.actions++;
	if (n + 1 < sizeof(rec.order)) {
		rec.order[n] = (char)(uintptr_t)data;
		rec.order[n + 1] = '\0';
	}
}

static int st_probe(struct device *dev)
{
	struct st_driver *sd = container_of(dev->driver, struct st_driver, drv);

	rec.probes++;
	rec.last_probe = sd->drv.name;
	snprintf(rec.probed + strlen(rec.probed), sizeof(rec.probed) - strlen(rec.probed), "%s ",
		 dev_name(dev));
	for (int i = 0; i < sd->devm_allocs; i++)
		if (!devm_kzalloc(dev, 64 + 16 * i, GFP_KERNEL))
			return -ENOMEM;
	for (int i = 0; i < sd->actions; i++)
		if (devm_add_action(dev, st_action, (void *)(uintptr_t)('a' + i)))
			return -ENOMEM;
	if (sd->defer && !rec.supplier_ready) {
		device_set_deferred_probe_reason(dev, "selftest supplier not ready");
		return -EPROBE_DEFER;
	}
	return sd->ret;
}

static int st_remove(struct device *dev)
{
	rec.removes++;
	return 0;
}

#define ST_DRIVER(var, drvname, table) \
	static struct st_driver var = { .drv = { .name = drvname, .bus = &st_bus, \
		.of_match_table = table, .probe = st_probe, .remove = st_remove } }

static const struct of_device_id generic_ids[] = {
	{ .compatible = "coyote,st-dev" },
	{ }
};
static const struct of_device_id specific_ids[] = {
	{ .compatible = "coyote,st-dev-v2" },
	{ }
};

ST_DRIVER(generic_drv, "st-generic", generic_ids);
ST_DRIVER(specific_drv, "st-specific", specific_ids);
ST_DRIVER(byname_drv, "st-byname", NULL);
ST_DRIVER(sup_drv, "st-sup", NULL);
ST_DRIVER(con_drv, "st-con", NULL);

static void reset_driver(struct st_driver *sd)
{
	sd->ret = 0;
	sd->devm_allocs = 0;
	sd->actions = 0;
	sd->defer = false;
}

/* --- test devices ----------------------------------------------------- */

/* A node with "compatible" = "coyote,st-dev-v2", "coyote,st-dev". */
static char st_compat[] = "coyote,st-dev-v2\0coyote,st-dev";
static struct property st_compat_prop = {
	.name = "compatible", .length = sizeof(st_compat), .value = st_compat,
};
static struct device_node st_node = {
	.name = "dev", .full_name = "dev@0", .properties = &st_compat_prop,
};

static int releases;

static void st_release(struct device *dev)
{
	releases++;
	kfree(dev);
}

static struct device *new_device(struct kunit *t, const char *name, bool with_node)
{
	struct device *dev = kzalloc(sizeof(*dev), GFP_KERNEL);

	if (!KUNIT_EXPECT_TRUE_MSG(t, dev, "allocating a device"))
		return NULL;
	strscpy(dev->name, name, sizeof(dev->name));
	dev->bus = &st_bus;
	dev->release = st_release;
	dev->of_node = with_node ? &st_node : NULL;
	return dev;
}

static int drvcore_init(struct kunit *t)
{
	return bus_register(&st_bus);
}

/* Each case starts from no drivers, no records. */
static void fresh(void)
{
	memset(&rec, 0, sizeof(rec));
	releases = 0;
	reset_driver(&generic_drv);
	reset_driver(&specific_drv);
	reset_driver(&byname_drv);
	reset_driver(&sup_drv);
	reset_driver(&con_drv);
}

static void drivers_off(void)
{
	driver_unregister(&generic_drv.drv);
	driver_unregister(&specific_drv.drv);
	driver_unregister(&byname_drv.drv);
	driver_unregister(&sup_drv.drv);
	driver_unregister(&con_drv.drv);
}

/* --- cases ------------------------------------------------------------ */

static void score_first_compatible_highest(struct kunit *t)
{
	int s_generic = of_match_score(&st_node, &generic_ids[0]);
	int s_specific = of_match_score(&st_node, &specific_ids[0]);

	KUNIT_EXPECT_TRUE_MSG(t, s_generic > 0, "the second string matches (%d)", s_generic);
	KUNIT_EXPECT_TRUE_MSG(t, s_specific > s_generic, "the first string scores higher (%d > %d)",
		  s_specific, s_generic);
}

static void score_type_and_name(struct kunit *t)
{
	static const struct of_device_id by_name = { .name = "dev" };
	static const struct of_device_id wrong_name = { .name = "other" };
	static const struct of_device_id name_and_compat = { .name = "dev",
							     .compatible = "coyote,st-dev" };

	KUNIT_EXPECT_EQ(t, of_match_score(&st_node, &by_name), 1);
	KUNIT_EXPECT_EQ(t, of_match_score(&st_node, &wrong_name), 0);
	KUNIT_EXPECT_EQ(t, of_match_score(&st_node, &name_and_compat),
		     of_match_score(&st_node, &generic_ids[0]) + 1);
}

static void best_match_wins_generic_first(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, driver_register(&specific_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_TRUE_MSG(t, dev->driver == &specific_drv.drv, "bound to %s",
		  dev->driver ? dev->driver->name : "nothing");
	KUNIT_EXPECT_STREQ(t, dev->match ? dev->match->compatible : NULL, "coyote,st-dev-v2");
	device_unregister(dev);
	drivers_off();
}

static void best_match_wins_specific_first(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	KUNIT_EXPECT_EQ(t, driver_register(&specific_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_TRUE_MSG(t, dev->driver == &specific_drv.drv, "bound to %s",
		  dev->driver ? dev->driver->name : "nothing");
	device_unregister(dev);
	drivers_off();
}

static void match_by_name(struct kunit *t)
{
	struct device *dev = new_device(t, "st-byname", false);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	KUNIT_EXPECT_EQ(t, driver_register(&byname_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_TRUE_MSG(t, dev->driver == &byname_drv.drv, "bound by name");
	KUNIT_EXPECT_TRUE_MSG(t, dev->match == NULL, "no table entry");
	device_unregister(dev);
	drivers_off();
}

static void no_driver(struct kunit *t)
{
	struct device *dev = new_device(t, "st-nobody", false);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_NO_DRIVER);
	KUNIT_EXPECT_EQ(t, rec.probes, 0);
	device_unregister(dev);
	KUNIT_EXPECT_EQ(t, releases, 1);
}

static void bind_on_driver_register(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_NO_DRIVER);
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_BOUND);
	KUNIT_EXPECT_EQ(t, rec.probes, 1);
	device_unregister(dev);
	drivers_off();
}

static void unbind_calls_remove_and_releases_devres(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	generic_drv.devm_allocs = 3;
	generic_drv.actions = 3;
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_EQ(t, devres_count(dev), 6);
	device_release_driver(dev);
	KUNIT_EXPECT_EQ(t, rec.removes, 1);
	KUNIT_EXPECT_EQ(t, devres_count(dev), 0);
	KUNIT_EXPECT_STREQ(t, rec.order, "cba");
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_NO_DRIVER);
	KUNIT_EXPECT_TRUE_MSG(t, !dev->driver, "no driver after unbind");
	device_unregister(dev);
	drivers_off();
}

static void driver_unregister_unbinds(struct kunit *t)
{
	struct device *a = new_device(t, "st0", true), *b = new_device(t, "st1", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, a && b, "devices");
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(a), 0);
	KUNIT_EXPECT_EQ(t, device_register(b), 0);
	KUNIT_EXPECT_EQ(t, rec.probes, 2);
	driver_unregister(&generic_drv.drv);
	KUNIT_EXPECT_EQ(t, rec.removes, 2);
	KUNIT_EXPECT_TRUE_MSG(t, !a->driver && !b->driver, "both unbound");
	device_unregister(a);
	device_unregister(b);
	KUNIT_EXPECT_EQ(t, releases, 2);
}

static void probe_failure_state(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	generic_drv.ret = -EIO;
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	kunit_expect_begin(t, "probe of st0 failed");
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_FAILED);
	KUNIT_EXPECT_EQ(t, dev->probe_err, -EIO);
	KUNIT_EXPECT_TRUE_MSG(t, !dev->driver && !dev_get_drvdata(dev), "nothing left bound");
	device_unregister(dev);
	drivers_off();
}

static void probe_failure_releases_devres(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);
	size_t before;

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	generic_drv.ret = -EIO;
	generic_drv.devm_allocs = 4;
	generic_drv.actions = 2;
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	kunit_expect_begin(t, "probe of st0 failed: EIO");
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	kunit_expect_end(t);
	before = selftest_heap_used();
	/* Unbound by the failure: the devres of the failed probe is gone. */
	KUNIT_EXPECT_EQ(t, devres_count(dev), 0);
	KUNIT_EXPECT_EQ(t, rec.actions, 2);
	KUNIT_EXPECT_STREQ(t, rec.order, "ba");
	/* A second try fails the same way and leaves the heap as it was. */
	device_release_driver(dev);
	kunit_expect_begin(t, "probe of st0 failed: EIO");
	KUNIT_EXPECT_EQ(t, device_attach(dev), -EIO);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, selftest_heap_used(), before);
	device_unregister(dev);
	drivers_off();
}

static void failed_best_driver_not_replaced(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	specific_drv.ret = -ENXIO;
	KUNIT_EXPECT_EQ(t, driver_register(&specific_drv.drv), 0);
	kunit_expect_begin(t, "probe of st0 failed: ENXIO");
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_FAILED);
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_FAILED);
	KUNIT_EXPECT_TRUE_MSG(t, dev->tried == &specific_drv.drv, "the failure stays visible");
	device_unregister(dev);
	drivers_off();
}

static void deferral_parks_device(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);
	int deferred = driver_deferred_probe_count();

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	generic_drv.defer = true;
	generic_drv.devm_allocs = 2;
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_DEFERRED);
	KUNIT_EXPECT_EQ(t, dev->probe_err, -EPROBE_DEFER);
	KUNIT_EXPECT_STREQ(t, dev->defer_reason, "selftest supplier not ready");
	KUNIT_EXPECT_EQ(t, devres_count(dev), 0);
	KUNIT_EXPECT_EQ(t, driver_deferred_probe_count(), deferred + 1);
	device_unregister(dev);
	KUNIT_EXPECT_EQ(t, driver_deferred_probe_count(), deferred);
	drivers_off();
}

static void deferral_retried_after_a_bind(struct kunit *t)
{
	struct device *consumer = new_device(t, "st0", true);
	struct device *supplier = new_device(t, "st-byname", false);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, consumer && supplier, "devices");
	generic_drv.defer = true;
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(consumer), 0);
	KUNIT_EXPECT_EQ(t, consumer->state, DEVICE_DEFERRED);
	/* The supplier's successful probe triggers a retry of the deferred. */
	rec.supplier_ready = true;
	KUNIT_EXPECT_EQ(t, driver_register(&byname_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(supplier), 0);
	KUNIT_EXPECT_EQ(t, supplier->state, DEVICE_BOUND);
	KUNIT_EXPECT_EQ(t, consumer->state, DEVICE_BOUND);
	KUNIT_EXPECT_EQ(t, rec.probes, 3);
	device_unregister(consumer);
	device_unregister(supplier);
	drivers_off();
}

static void driver_unregister_forgets_deferred(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	generic_drv.defer = true;
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	driver_unregister(&generic_drv.drv);
	KUNIT_EXPECT_EQ(t, dev->state, DEVICE_NO_DRIVER);
	KUNIT_EXPECT_TRUE_MSG(t, !dev->tried, "no record of a driver that is gone");
	KUNIT_EXPECT_STREQ(t, dev->defer_reason, "");
	device_unregister(dev);
}

static void register_twice_refused(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), -EBUSY);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_EQ(t, device_add(dev), -EEXIST);
	device_unregister(dev);
	drivers_off();
}

static void bad_registrations(struct kunit *t)
{
	struct device_driver nameless = { .bus = &st_bus };
	struct device dev = { .bus = &st_bus };

	KUNIT_EXPECT_EQ(t, driver_register(&nameless), -EINVAL);
	device_initialize(&dev);
	KUNIT_EXPECT_EQ(t, device_add(&dev), -EINVAL);
	dev.bus = NULL;
	strscpy(dev.name, "st-nobus", sizeof(dev.name));
	KUNIT_EXPECT_EQ(t, device_add(&dev), -EINVAL);
}

static void devm_kfree_one(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);
	void *a, *b;

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	a = devm_kzalloc(dev, 32, GFP_KERNEL);
	b = devm_kstrdup(dev, "selftest", GFP_KERNEL);
	KUNIT_EXPECT_TRUE_MSG(t, a && b, "two allocations");
	KUNIT_EXPECT_EQ(t, devres_count(dev), 2);
	devm_kfree(dev, a);
	KUNIT_EXPECT_EQ(t, devres_count(dev), 1);
	KUNIT_EXPECT_STREQ(t, b, "selftest");
	device_unregister(dev);
	drivers_off();
}

static void action_or_reset(struct kunit *t)
{
	struct device *dev = new_device(t, "st0", true);

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, dev, "device");
	KUNIT_EXPECT_EQ(t, driver_register(&generic_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, device_register(dev), 0);
	KUNIT_EXPECT_EQ(t, devm_add_action_or_reset(dev, st_action, (void *)(uintptr_t)'x'), 0);
	KUNIT_EXPECT_EQ(t, rec.actions, 0);
	device_release_driver(dev);
	KUNIT_EXPECT_STREQ(t, rec.order, "x");
	device_unregister(dev);
	drivers_off();
}

/* The last page of the 32-bit address space is a window; one byte more
 * runs past 4 GiB and is refused. */
static void mem_region_past_4gib_refused(struct kunit *t)
{
	struct resource *r = request_mem_region(0xfffff000, 0x1000, "st-top");

	KUNIT_EXPECT_TRUE_MSG(t, r != NULL, "the last page can be claimed");
	if (r)
		release_mem_region(0xfffff000, 0x1000);
	KUNIT_EXPECT_TRUE_MSG(t, request_mem_region(0xfffff000, 0x2000, "st-wrap") == NULL,
		  "a window that wraps past 4 GiB is refused");
	KUNIT_EXPECT_TRUE_MSG(t, request_mem_region(0xfffff000, 0x1000, "st-again") != NULL,
		  "the released page can be claimed again");
	release_mem_region(0xfffff000, 0x1000);
}

/* --- device links ------------------------------------------------------ */

extern const char __drvcore_selftest_dtb_start[], __drvcore_selftest_dtb_end[];

static const struct of_device_id link_ids[] = {
	{ .compatible = "coyote,st-link" },
	{ }
};
ST_DRIVER(link_drv, "st-link", link_ids);

static struct device_link *link_to(struct device *consumer, struct device_node *target)
{
	struct device_link *link;

	list_for_each_entry(link, &consumer->links_suppliers, c_node)
		if (link->target == target)
			return link;
	return NULL;
}

static struct device *tree_device(struct kunit *t, const char *path)
{
	struct device *dev = new_device(t, strrchr(path, '/') + 1, false);

	if (dev)
		dev->of_node = of_find_node_by_path(path);
	return dev;
}

/*
 * Links come from the consumer's phandles when its device is added: one to
 * the clock supplier, one to the interrupt parent, one to a disabled node
 * (given up on at once).  After boot a supplier with no driver is final, so
 * the consumer does not wait for it.
 */
static void links_from_tree_phandles(struct kunit *t)
{
	struct device *sup, *intc, *con;
	struct device_link *link;
	int n = 0;

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, of_fdt_swap_in(__drvcore_selftest_dtb_start,
				    (size_t)(__drvcore_selftest_dtb_end -
					     __drvcore_selftest_dtb_start)) == 0, "tree swapped in");
	sup = tree_device(t, "/supplier");
	intc = tree_device(t, "/intc");
	con = tree_device(t, "/consumer");
	if (!sup || !intc || !con)
		goto out;
	device_block_probing();
	device_register(sup);
	device_register(intc);
	device_register(con);
	device_unblock_probing();
	list_for_each_entry(link, &con->links_suppliers, c_node)
		n++;
	KUNIT_EXPECT_EQ(t, n, 3);
	link = link_to(con, of_find_node_by_path("/supplier"));
	KUNIT_EXPECT_TRUE_MSG(t, link && link->supplier == sup && !strcmp(link->prop, "clocks"),
		  "a clocks link to /supplier's device");
	link = link_to(con, of_find_node_by_path("/intc"));
	KUNIT_EXPECT_TRUE_MSG(t, link && link->supplier == intc && !strncmp(link->prop, "interrupt", 9),
		  "an interrupt link to /intc's device (%s)", link ? link->prop : "none");
	link = link_to(con, of_find_node_by_path("/disabled-supplier"));
	KUNIT_EXPECT_TRUE_MSG(t, link && !link->supplier &&
		     device_link_state(link) == DL_STATE_SUPPLIER_MISSING,
		  "the disabled node's link is given up on");
	KUNIT_EXPECT_TRUE_MSG(t, list_empty(&sup->links_suppliers), "the supplier has no links of its own");
	/* The consumer is not held back by suppliers that cannot bind. */
	KUNIT_EXPECT_EQ(t, driver_register(&link_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, con->state, DEVICE_BOUND);
	driver_unregister(&link_drv.drv);
	device_unregister(con);
	device_unregister(intc);
	device_unregister(sup);
	KUNIT_EXPECT_EQ(t, releases, 3);
	goto swapped;
out:
	kfree(sup);
	kfree(intc);
	kfree(con);
swapped:
	of_fdt_swap_out();
}

/*
 * Devices st-sup and st-con, linked by device_link_add(), st-con's driver
 * registered: it must wait.  Return: the link, or NULL (case failed).
 */
static struct device_link *waiting_consumer(struct kunit *t, struct device **sup,
					    struct device **con)
{
	struct device_link *link;

	fresh();
	*sup = new_device(t, "st-sup", false);
	*con = new_device(t, "st-con", false);
	if (!*sup || !*con) {
		kfree(*sup);
		kfree(*con);
		return NULL;
	}
	KUNIT_EXPECT_EQ(t, device_register(*sup), 0);
	KUNIT_EXPECT_EQ(t, device_register(*con), 0);
	link = device_link_add(*con, *sup, 0);
	if (!KUNIT_EXPECT_TRUE_MSG(t, link, "linked"))
		return NULL;
	KUNIT_EXPECT_EQ(t, device_link_state(link), DL_STATE_WAITING);
	KUNIT_EXPECT_EQ(t, driver_register(&con_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, rec.probes, 0);
	KUNIT_EXPECT_EQ(t, (*con)->state, DEVICE_WAITING);
	return link;
}

static void unregister_pair(struct device *sup, struct device *con)
{
	device_unregister(con);
	device_unregister(sup);
	drivers_off();
}

static void consumer_waits_then_probes_once(struct kunit *t)
{
	struct device *sup, *con;
	struct device_link *link = waiting_consumer(t, &sup, &con);

	if (!link)
		return;
	KUNIT_EXPECT_TRUE_MSG(t, device_link_add(con, sup, 0) == link, "one link per pair");
	KUNIT_EXPECT_TRUE_MSG(t, !device_link_add(con, con, 0), "no link to itself");
	KUNIT_EXPECT_EQ(t, driver_register(&sup_drv.drv), 0);
	KUNIT_EXPECT_STREQ(t, rec.probed, "st-sup st-con ");
	KUNIT_EXPECT_EQ(t, device_link_state(link), DL_STATE_ACTIVE);
	KUNIT_EXPECT_EQ(t, con->state, DEVICE_BOUND);
	unregister_pair(sup, con);
	KUNIT_EXPECT_EQ(t, releases, 2);
}

static void cycle_relaxed(struct kunit *t)
{
	struct device *a = new_device(t, "st-sup", false);
	struct device *b = new_device(t, "st-con", false);
	struct device_link *ab, *ba;

	fresh();
	KUNIT_ASSERT_TRUE_MSG(t, a && b, "devices");
	KUNIT_EXPECT_EQ(t, driver_register(&sup_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, driver_register(&con_drv.drv), 0);
	device_block_probing();
	device_register(a);
	device_register(b);
	ab = device_link_add(a, b, 0);
	ba = device_link_add(b, a, 0);
	KUNIT_ASSERT_TRUE_MSG(t, ab && ba, "linked both ways");
	kunit_expect_begin(t, "dependency cycle");
	device_unblock_probing();
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, (device_link_state(ab) == DL_STATE_RELAXED) +
			(device_link_state(ba) == DL_STATE_RELAXED), 1);
	KUNIT_EXPECT_EQ(t, a->state, DEVICE_BOUND);
	KUNIT_EXPECT_EQ(t, b->state, DEVICE_BOUND);
	KUNIT_EXPECT_EQ(t, rec.probes, 2);
	device_unregister(b);
	device_unregister(a);
	drivers_off();
}

static void missing_supplier_given_up(struct kunit *t)
{
	struct device *sup, *con;
	struct device_link *link = waiting_consumer(t, &sup, &con);

	if (!link)
		return;
	kunit_expect_begin(t, "probes without");
	KUNIT_EXPECT_TRUE_MSG(t, fw_devlink_drivers_done() >= 1, "gave up on a supplier");
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, device_link_state(link), DL_STATE_SUPPLIER_MISSING);
	KUNIT_EXPECT_EQ(t, con->state, DEVICE_BOUND);
	KUNIT_EXPECT_STREQ(t, rec.probed, "st-con ");
	unregister_pair(sup, con);
}

/*
 * The supplier's driver goes while both are bound: the consumer unbinds
 * first (a line names the supplier) and waits; the driver's return binds
 * the supplier, then the consumer, again.
 */
static void supplier_unbind_unbinds_consumer_first(struct kunit *t)
{
	struct device *sup, *con;
	struct device_link *link = waiting_consumer(t, &sup, &con);

	if (!link)
		return;
	KUNIT_EXPECT_EQ(t, driver_register(&sup_drv.drv), 0);
	KUNIT_EXPECT_EQ(t, con->state, DEVICE_BOUND);
	kunit_expect_begin(t, "st-con unbinds before its supplier st-sup");
	driver_unregister(&sup_drv.drv);
	kunit_expect_end(t);
	KUNIT_EXPECT_EQ(t, rec.removes, 2);
	KUNIT_EXPECT_EQ(t, con->state, DEVICE_WAITING);
	KUNIT_EXPECT_EQ(t, device_link_state(link), DL_STATE_WAITING);
	KUNIT_EXPECT_EQ(t, driver_register(&sup_drv.drv), 0);
	KUNIT_EXPECT_STREQ(t, rec.probed, "st-sup st-con st-sup st-con ");
	KUNIT_EXPECT_EQ(t, con->state, DEVICE_BOUND);
	unregister_pair(sup, con);
}

static const struct selftest_case drvcore_cases[] = {
	SELFTEST_CASE(score_first_compatible_highest),
	SELFTEST_CASE(score_type_and_name),
	SELFTEST_CASE(best_match_wins_generic_first),
	SELFTEST_CASE(best_match_wins_specific_first),
	SELFTEST_CASE(match_by_name),
	SELFTEST_CASE(no_driver),
	SELFTEST_CASE(bind_on_driver_register),
	SELFTEST_CASE(unbind_calls_remove_and_releases_devres),
	SELFTEST_CASE(driver_unregister_unbinds),
	SELFTEST_CASE(probe_failure_state),
	SELFTEST_CASE(probe_failure_releases_devres),
	SELFTEST_CASE(failed_best_driver_not_replaced),
	SELFTEST_CASE(deferral_parks_device),
	SELFTEST_CASE(deferral_retried_after_a_bind),
	SELFTEST_CASE(driver_unregister_forgets_deferred),
	SELFTEST_CASE(register_twice_refused),
	SELFTEST_CASE(bad_registrations),
	SELFTEST_CASE(devm_kfree_one),
	SELFTEST_CASE(action_or_reset),
	SELFTEST_CASE(mem_region_past_4gib_refused),
	SELFTEST_CASE(links_from_tree_phandles),
	SELFTEST_CASE(consumer_waits_then_probes_once),
	SELFTEST_CASE(cycle_relaxed),
	SELFTEST_CASE(missing_supplier_given_up),
	SELFTEST_CASE(supplier_unbind_unbinds_consumer_first),
	{ }
};
SELFTEST_SUITE(drvcore, drvcore_cases, drvcore_init, NULL);
