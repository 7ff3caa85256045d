// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests of device links (drivers/base/links.c) and the supplier table
 * (of/supplier.c), the kernel's code on trees in tests/dts/host/devlink-*:
 * links per table row, probe order with every consumer listed before its
 * suppliers, two trees of cycles, and suppliers that never bind.  The lines
 * the kernel prints are captured (host printk goes to stderr) and compared
 * exactly.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <coyote/whynot.h>

#include "ktap.h"
#include "../lib/devlink_count.h"

/* --- printk capture ----------------------------------------------------- */
static FILE *cap;
static int saved_fd = -1;
static char captured[16384];

static void capture_start(void)
{
	fflush(stderr);
	cap = tmpfile();
	saved_fd = dup(2);
	dup2(fileno(cap), 2);
}

static const char *capture_end(void)
{
	size_t n;

	fflush(stderr);
	dup2(saved_fd, 2);
	close(saved_fd);
	rewind(cap);
	n = fread(captured, 1, sizeof(captured) - 1, cap);
	captured[n] = '\0';
	fclose(cap);
	fputs(captured, stderr);
	return captured;
}

#define CHECK_LINE(text, line) \
	KUNIT_EXPECT_TRUE_MSG(test, strstr((text), line "\n") != NULL, "prints: %s", line)

/* --- one fake driver for "link,dev", one that fails for "link,fail" ------ */
static int probes;

static int dev_probe(struct platform_device *pdev)
{
	probes++;
	return 0;
}

static int fail_probe(struct platform_device *pdev)
{
	probes++;
	return -EIO;
}

static const struct of_device_id dev_ids[] = { { .compatible = "link,dev" }, { } };
static const struct of_device_id fail_ids[] = { { .compatible = "link,fail" }, { } };

static struct platform_driver dev_driver = {
	.probe = dev_probe,
	.driver = { .name = "link-dev", .of_match_table = dev_ids },
};
static struct platform_driver fail_driver = {
	.probe = fail_probe,
	.driver = { .name = "link-fail", .of_match_table = fail_ids },
};

/* The driver devlink-missing.dtb's /clock@1 lacks at boot, registered late. */
static const struct of_device_id nodriver_ids[] = { { .compatible = "link,nodriver" }, { } };
static struct platform_driver nodriver_driver = {
	.probe = dev_probe,
	.driver = { .name = "link-late", .of_match_table = nodriver_ids },
};

/* What devlink-rebind.dtbo's clock controller matches instead. */
static int other_probes;

static int other_probe(struct platform_device *pdev)
{
	other_probes++;
	return 0;
}

static const struct of_device_id other_ids[] = { { .compatible = "link,other" }, { } };
static struct platform_driver other_driver = {
	.probe = other_probe,
	.driver = { .name = "link-other", .of_match_table = other_ids },
};

/* The live tree points into its blob: keep it until the next tree. */
static void *loaded_blob;

static bool load(const char *name)
{
	size_t size;

	free(loaded_blob);
	loaded_blob = ktap_load(name, &size);
	return loaded_blob && of_fdt_unflatten(loaded_blob, size, NULL, 0) == 0;
}

static struct device *dev_of(const char *path)
{
	struct device_node *np = of_find_node_by_path(path);

	return np ? np->data : NULL;
}

static struct device_link *link_between(const char *consumer, const char *supplier)
{
	struct device *c = dev_of(consumer), *s = dev_of(supplier);
	struct device_link *link;

	if (!c || !s)
		return NULL;
	list_for_each_entry(link, &c->links_suppliers, c_node)
		if (link->supplier == s)
			return link;
	return NULL;
}

/* Every active link: the supplier bound before its consumer. */
static bool order_respects_links(void)
{
	struct device *dev;
	struct device_link *link;

	list_for_each_entry(dev, &platform_bus_type.devices, bus_node)
		list_for_each_entry(link, &dev->links_suppliers, c_node)
			if (device_link_state(link) == DL_STATE_ACTIVE &&
			    link->supplier->probe_order >= dev->probe_order)
				return false;
	return true;
}

static void test_table_and_order(void)
{
	static const struct { const char *consumer, *supplier, *prop; } want[] = {
		{ "/consumer@1", "/clock-controller@5", "clocks" },
		{ "/consumer@1", "/interrupt-controller@a", "interrupt-parent (inherited)" },
		{ "/consumer@1", "/gpio@2", "reset-gpios" },
		{ "/consumer@1", "/regulator", "vdd-supply" },
		{ "/consumer@1", "/pinctrl@3", "pinctrl-0" },
		{ "/consumer@1", "/dma@6", "dmas" },
		{ "/gpio@2", "/clock-controller@5", "clocks" },
		{ "/gpio@2", "/reset@7", "resets" },
		{ "/regulator", "/power-controller@8", "power-domains" },
		{ "/nexus@4", "/interrupt-controller@a", "interrupt-map" },
		{ "/nexus@4", "/interrupt-controller@9", "interrupt-map" },
		{ "/consumer@b", "/interrupt-controller@9", "interrupts (interrupt-map)" },
		{ "/clock-controller@5", "/interrupt-controller@a", "interrupts-extended" },
		{ "/interrupt-controller@9", "/interrupt-controller@a", "interrupt-parent (inherited)" },
	};
	unsigned long calls;
	size_t i;

	if (!load("devlink-order.dtb")) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "unflatten devlink-order.dtb");
		return;
	}
	probes = 0;
	calls = probe_calls();
	of_platform_default_populate(NULL, NULL, NULL);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		struct device_link *l = link_between(want[i].consumer, want[i].supplier);

		KUNIT_EXPECT_TRUE_MSG(test, l && !strcmp(l->prop, want[i].prop), "link %s -> %s (%s): got %s",
		      want[i].consumer, want[i].supplier, want[i].prop, l ? l->prop : "none");
	}
	KUNIT_EXPECT_EQ_MSG(test, count_links(), ARRAY_SIZE(want), "no other links (pin state -> its controller)");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/consumer@1")->state == DEVICE_NO_DRIVER && probes == 0,
	      "no driver registered yet: nothing probed, nothing waits");

	platform_driver_register(&dev_driver);
	KUNIT_EXPECT_EQ_MSG(test, probes, 12, "every device probed");
	KUNIT_EXPECT_EQ_MSG(test, probe_calls() - calls, 12, "exactly one probe call per device");
	KUNIT_EXPECT_EQ_MSG(test, driver_deferred_probe_count(), 0, "no deferral");
	KUNIT_EXPECT_TRUE_MSG(test, order_respects_links(), "every supplier bound before its consumers");
	KUNIT_EXPECT_EQ_MSG(test, dev_of("/consumer@1")->probe_order - dev_of("/interrupt-controller@a")->probe_order
		  > 0, 1, "listed first, probed after its suppliers");
	platform_driver_unregister(&dev_driver);
	of_platform_depopulate(NULL);
	KUNIT_EXPECT_EQ_MSG(test, count_links(), 0, "depopulate removes every link");
}

/* A supplier that unbinds takes its bound consumers down first; they wait
 * for it and bind again when it does. */
static void test_supplier_unbind_unbinds_consumers(void)
{
	const char *out;

	if (!load("devlink-order.dtb"))
		return;
	of_platform_default_populate(NULL, NULL, NULL);
	platform_driver_register(&dev_driver);
	capture_start();
	device_release_driver(dev_of("/gpio@2"));
	out = capture_end();
	KUNIT_EXPECT_TRUE_MSG(test, strstr(out, "1.consumer: unbound") && strstr(out, "2.gpio: unbound") &&
	      strstr(out, "1.consumer: unbound") < strstr(out, "2.gpio: unbound"),
	      "the consumer unbinds before its supplier: %s", out);
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/consumer@1")->state == DEVICE_WAITING, "the consumer waits for it again");
	KUNIT_EXPECT_TRUE_MSG(test, device_link_state(link_between("/consumer@1", "/gpio@2")) == DL_STATE_WAITING,
	      "its link waits");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/dma@6")->state == DEVICE_BOUND, "another supplier of it stays bound");
	KUNIT_EXPECT_EQ_MSG(test, device_attach(dev_of("/gpio@2")), 1, "the supplier binds again");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/consumer@1")->state == DEVICE_BOUND, "and so does its consumer");
	KUNIT_EXPECT_TRUE_MSG(test, order_respects_links(), "suppliers still first");
	platform_driver_unregister(&dev_driver);
	of_platform_depopulate(NULL);
}

/* The driver registered first, devices added after: the same order. */
static void test_order_driver_first(void)
{
	unsigned long calls;

	if (!load("devlink-order.dtb"))
		return;
	platform_driver_register(&dev_driver);
	calls = probe_calls();
	capture_start();
	of_platform_default_populate(NULL, NULL, NULL);
	capture_end();
	KUNIT_EXPECT_EQ_MSG(test, probe_calls() - calls, 12, "driver first: one probe call per device");
	KUNIT_EXPECT_TRUE_MSG(test, order_respects_links(), "driver first: suppliers first");
	CHECK_LINE(captured, "fw_devlink: 14 link(s) among 12 new device(s), from 16 supplier "
		   "properties");
	platform_driver_unregister(&dev_driver);
	of_platform_depopulate(NULL);
}

static void test_cycles_two_pairs(void)
{
	const char *out;
	struct device_link *l;

	if (!load("devlink-cycle1.dtb")) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "unflatten devlink-cycle1.dtb");
		return;
	}
	platform_driver_register(&dev_driver);
	capture_start();
	of_platform_default_populate(NULL, NULL, NULL);
	out = capture_end();
	CHECK_LINE(out, "fw_devlink: dependency cycle of 2 devices:");
	CHECK_LINE(out, "fw_devlink:   /display@1 waits for /camera@2 (clocks, rank 9)");
	CHECK_LINE(out, "fw_devlink:   /camera@2 waits for /display@1 (remote-endpoint, rank 1): "
		   "relaxed");
	CHECK_LINE(out, "fw_devlink: relaxed /camera@2 -> /display@1 (remote-endpoint): the least "
		   "essential link in the cycle; /camera@2 probes first");
	CHECK_LINE(out, "fw_devlink:   /gpio@3 waits for /reset@4 (resets, rank 7)");
	CHECK_LINE(out, "fw_devlink:   /reset@4 waits for /gpio@3 (enable-gpios, rank 4): relaxed");
	l = link_between("/camera@2", "/display@1");
	KUNIT_EXPECT_TRUE_MSG(test, l && device_link_state(l) == DL_STATE_RELAXED, "camera -> display relaxed");
	l = link_between("/display@1", "/camera@2");
	KUNIT_EXPECT_TRUE_MSG(test, l && device_link_state(l) == DL_STATE_ACTIVE, "display -> camera kept (clocks)");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/camera@2")->probe_order < dev_of("/display@1")->probe_order,
	      "camera before display");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/reset@4")->probe_order < dev_of("/gpio@3")->probe_order,
	      "reset controller before the GPIO controller");
	KUNIT_EXPECT_EQ_MSG(test, driver_deferred_probe_count(), 0, "no deferral");
	platform_driver_unregister(&dev_driver);
	of_platform_depopulate(NULL);
}

static void test_cycle_of_three(void)
{
	const char *out;

	if (!load("devlink-cycle2.dtb")) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "unflatten devlink-cycle2.dtb");
		return;
	}
	platform_driver_register(&dev_driver);
	capture_start();
	of_platform_default_populate(NULL, NULL, NULL);
	out = capture_end();
	CHECK_LINE(out, "fw_devlink: dependency cycle of 3 devices:");
	CHECK_LINE(out, "fw_devlink:   /power-controller@4 waits for /interrupt-controller@2 "
		   "(interrupt-parent (inherited), rank 2): relaxed");
	/* probe_order counts binds since boot: consecutive here. */
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/clock@3")->probe_order == dev_of("/power-controller@4")->probe_order + 1 &&
	      dev_of("/interrupt-controller@2")->probe_order ==
	      dev_of("/power-controller@4")->probe_order + 2 &&
	      dev_of("/uart@1")->probe_order == dev_of("/power-controller@4")->probe_order + 3,
	      "power, clock, interrupt controller, then the UART");
	platform_driver_unregister(&dev_driver);
	of_platform_depopulate(NULL);
}

static char explained[1024];

static void put_explained(void *ctx, const char *line)
{
	strncat(explained, line, sizeof(explained) - strlen(explained) - 2);
	strcat(explained, "\n");
}

static const char *whynot(const char *path)
{
	explained[0] = '\0';
	whynot_explain(of_find_node_by_path(path), whynot_live_catalog(), true, put_explained,
		       NULL);
	return explained;
}

/* Every device's driver and state, every link and its state: one string. */
static const char *bus_state(char *buf, size_t len)
{
	struct device *dev;
	struct device_link *link;
	size_t n = 0;

	buf[0] = '\0';
	list_for_each_entry(dev, &platform_bus_type.devices, bus_node) {
		n += (size_t)snprintf(buf + n, len - n, "%s %s %d\n", dev_name(dev),
				      dev->driver ? dev->driver->name : "-", dev->state);
		list_for_each_entry(link, &dev->links_suppliers, c_node)
			n += (size_t)snprintf(buf + n, len - n, " <- %s %s %d\n",
					      dev_name(link->supplier), link->prop,
					      device_link_state(link));
	}
	return buf;
}

static int apply(const char *name, int *id)
{
	size_t size;
	void *blob = ktap_load(name, &size);
	int ret = blob ? of_overlay_fdt_apply(blob, (u32)size, id, NULL) : -ENOENT;

	free(blob);     /* the overlay keeps its own copy */
	return ret;
}

/*
 * devlink-order.dtb populated with both drivers, its state in @before:
 * the clock controller's device, or NULL when the tree does not load.
 */
static struct device *rebind_setup(char *before, size_t len)
{
	if (!load("devlink-order.dtb"))
		return NULL;
	platform_driver_register(&dev_driver);
	platform_driver_register(&other_driver);
	of_platform_default_populate(NULL, NULL, NULL);
	bus_state(before, len);
	return dev_of("/clock-controller@5");
}

static void rebind_teardown(void)
{
	platform_driver_unregister(&other_driver);
	platform_driver_unregister(&dev_driver);
	of_platform_depopulate(NULL);
}

/*
 * An overlay changes a bound supplier's compatible: its consumers unbind
 * first, it binds the driver that now matches, they bind again; with no
 * driver for the new one it stays unbound and whynot says why.  Removing
 * the overlay leaves every device and link as before.
 */
static void test_compatible_change_rebinds(void)
{
	static char before[4096], after[4096];
	struct device *clk;
	const char *out;
	int id = 0;

	clk = rebind_setup(before, sizeof(before));
	if (!clk)
		return;
	other_probes = 0;

	capture_start();
	KUNIT_EXPECT_EQ_MSG(test, apply("devlink-rebind.dtb", &id), 0, "apply: %s", of_overlay_error());
	out = capture_end();
	KUNIT_EXPECT_TRUE_MSG(test, clk->driver == &other_driver.driver && other_probes == 1,
			      "the clock controller binds the driver its new compatible matches");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(out, "fw_devlink: /consumer@1 unbinds before its supplier "
					   "/clock-controller@5 (clocks)\n") &&
			      strstr(out, "link-dev 5.clock-controller: unbound\n") &&
			      strstr(out, "link-other 5.clock-controller: bound (link,other)\n"),
			      "its consumers unbind first, then it rebinds: %s", out);
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/consumer@1")->state == DEVICE_BOUND &&
			      dev_of("/gpio@2")->state == DEVICE_BOUND && order_respects_links(),
			      "its consumers bind again after it");
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove(&id), 0, "remove: %s", of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(test, clk->driver == &dev_driver.driver, "the old driver is back");
	KUNIT_EXPECT_STREQ_MSG(test, bus_state(after, sizeof(after)), before,
			       "every device and link as before the overlay");

	KUNIT_EXPECT_EQ_MSG(test, apply("devlink-rebind-none.dtb", &id), 0, "apply: %s",
			    of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(test, !clk->driver && clk->state == DEVICE_NO_DRIVER,
			      "no driver matches: it stays unbound");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/consumer@1")->state == DEVICE_WAITING &&
			      dev_of("/gpio@2")->state == DEVICE_WAITING, "its consumers wait for it");
	out = whynot("/clock-controller@5");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(out, "\"link,gone\"") != NULL, "whynot names the new compatible: %s",
			      out);
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove(&id), 0, "remove: %s", of_overlay_error());
	KUNIT_EXPECT_STREQ_MSG(test, bus_state(after, sizeof(after)), before,
			       "every device and link as before the overlay");

	/* Unbinding the console's clock would lose the machine: refused. */
	driver_init();          /* the overlay veto */
	device_set_essential(dev_of("/consumer@1"), "console", "ttyX0");
	KUNIT_EXPECT_EQ_MSG(test, apply("devlink-rebind.dtb", &id), -EBUSY,
			    "a compatible change that unbinds the console's supplier is refused");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(of_overlay_error(), "ttyX0 (console) depends on "
					   "5.clock-controller via clocks, which goes with this "
					   "change") != NULL, "%s", of_overlay_error());
	KUNIT_EXPECT_STREQ_MSG(test, bus_state(after, sizeof(after)), before, "nothing changed");
	device_clear_essential(dev_of("/consumer@1"), "console");
	rebind_teardown();
}

/*
 * A node with no compatible is no device.  Given one (an overlay, or a
 * direct of_add_property()) it becomes a device, linked to its supplier
 * and bound after it; losing it (the overlay's removal, a direct
 * of_remove_property()) takes the device away: every device and link as
 * before.  A direct of_update_property() of a bound device's compatible
 * rebinds it, consumers following, as an overlay's does.
 */
static void test_compatible_gained_and_lost(void)
{
	static char before[4096], after[4096], dev[] = "link,dev", other[] = "link,other";
	static struct property gained = { .name = "compatible", .value = dev, .length = sizeof(dev) };
	static struct property to_other = { .name = "compatible", .value = other,
					    .length = sizeof(other) };
	struct device_node *spare, *clknp;
	struct property *was;
	struct device *clk;
	struct device_link *l;
	int id = 0;

	clk = rebind_setup(before, sizeof(before));
	if (!clk)
		return;
	spare = of_find_node_by_path("/spare@c");
	clknp = of_find_node_by_path("/clock-controller@5");
	KUNIT_EXPECT_TRUE_MSG(test, spare && !spare->data, "a node with no compatible has no device");

	KUNIT_EXPECT_EQ_MSG(test, apply("devlink-gain.dtb", &id), 0, "apply: %s", of_overlay_error());
	l = link_between("/spare@c", "/clock-controller@5");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/spare@c") && dev_of("/spare@c")->driver == &dev_driver.driver &&
			      l && !strcmp(l->prop, "clocks") && order_respects_links(),
			      "given a compatible by an overlay, it becomes a device bound after its supplier");
	KUNIT_EXPECT_EQ_MSG(test, of_overlay_remove(&id), 0, "remove: %s", of_overlay_error());
	KUNIT_EXPECT_TRUE_MSG(test, !spare->data && !of_node_check_flag(spare, OF_POPULATED),
			      "the overlay removed, it is no device again");
	KUNIT_EXPECT_STREQ_MSG(test, bus_state(after, sizeof(after)), before,
			       "every device and link as before the overlay");

	KUNIT_EXPECT_EQ(test, of_add_property(spare, &gained), 0);
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/spare@c") && dev_of("/spare@c")->driver == &dev_driver.driver &&
			      link_between("/spare@c", "/clock-controller@5"),
			      "of_add_property(compatible) makes it a device, bound and linked");
	KUNIT_EXPECT_EQ(test, of_remove_property(spare, &gained), 0);
	KUNIT_EXPECT_TRUE_MSG(test, !spare->data, "of_remove_property(compatible) takes the device away");
	KUNIT_EXPECT_STREQ_MSG(test, bus_state(after, sizeof(after)), before,
			       "every device and link as before");

	was = of_find_property(clknp, "compatible", NULL);
	other_probes = 0;
	KUNIT_EXPECT_EQ(test, of_update_property(clknp, &to_other), 0);
	KUNIT_EXPECT_TRUE_MSG(test, clk->driver == &other_driver.driver && other_probes == 1 &&
			      dev_of("/consumer@1")->state == DEVICE_BOUND && order_respects_links(),
			      "of_update_property(compatible) rebinds it, its consumers after it");
	KUNIT_EXPECT_EQ(test, of_update_property(clknp, was), 0);
	KUNIT_EXPECT_TRUE_MSG(test, clk->driver == &dev_driver.driver, "the old compatible, the old driver");
	KUNIT_EXPECT_STREQ_MSG(test, bus_state(after, sizeof(after)), before,
			       "every device and link as before");
	of_node_put(clknp);
	of_node_put(spare);
	rebind_teardown();
}

/* Last: after fw_devlink_drivers_done() the boot is over for good. */
static void test_missing_suppliers(void)
{
	const char *out;

	if (!load("devlink-missing.dtb")) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "unflatten devlink-missing.dtb");
		return;
	}
	platform_driver_register(&dev_driver);
	platform_driver_register(&fail_driver);
	of_platform_default_populate(NULL, NULL, NULL);
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/a@4")->state == DEVICE_WAITING, "a waits for a driverless clock");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/b@5")->state == DEVICE_BOUND, "b: a disabled supplier holds nothing back");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/c@6")->state == DEVICE_WAITING, "c waits for a failed clock (until boot ends)");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/d@7")->state == DEVICE_WAITING, "d waits for a clock that waits");
	out = whynot("/d@7");
	KUNIT_EXPECT_STREQ_MSG(test, out, "not probed yet by driver link-dev: a supplier is not bound\n"
		  "waits for /clock@8 (clocks) which waits for /clock@1 (clocks): no driver for "
		  "\"link,nodriver\"\n", "whynot names the chain down to its cause");
	out = whynot("/c@6");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(out, "waits for /clock@3 (clocks): its probe failed: EIO\n"), "%s", out);

	capture_start();
	KUNIT_EXPECT_EQ_MSG(test, fw_devlink_drivers_done(), 4, "four links given up on");
	out = capture_end();
	CHECK_LINE(out, "fw_devlink: /b@5 probes without /clock@2 (clocks): that node is disabled");
	CHECK_LINE(out, "fw_devlink: /a@4 probes without /clock@1 (clocks): no driver for "
		   "\"link,nodriver\"");
	CHECK_LINE(out, "fw_devlink: /c@6 probes without /clock@3 (clocks): its probe failed: EIO");
	CHECK_LINE(out, "fw_devlink: /clock@8 probes without /clock@1 (clocks): no driver for "
		   "\"link,nodriver\"");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/a@4")->state == DEVICE_BOUND && dev_of("/c@6")->state == DEVICE_BOUND &&
	      dev_of("/d@7")->state == DEVICE_BOUND && dev_of("/clock@8")->state == DEVICE_BOUND,
	      "every consumer probed anyway");
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/clock@8")->probe_order < dev_of("/d@7")->probe_order,
	      "the chain still in order");
	out = whynot("/a@4");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(out, "link to /clock@1 (clocks) supplier-missing: no driver for "
		     "\"link,nodriver\"\n") != NULL, "a bound consumer's whynot: %s", out);

	/* The missing supplier's driver comes late (a module): active again;
	 * it goes: its consumer unbinds first and waits. */
	platform_driver_register(&nodriver_driver);
	KUNIT_EXPECT_TRUE_MSG(test, device_link_state(link_between("/a@4", "/clock@1")) == DL_STATE_ACTIVE,
	      "a late supplier's link is active");
	platform_driver_unregister(&nodriver_driver);
	KUNIT_EXPECT_TRUE_MSG(test, dev_of("/a@4")->state == DEVICE_WAITING, "its consumer waits for it again");
	platform_driver_unregister(&fail_driver);
	platform_driver_unregister(&dev_driver);
	of_platform_depopulate(NULL);
}

static bool going_is(struct device *dev, void *path)
{
	return dev == dev_of(path);
}

/*
 * A supplier unbinds: its bound consumers unbind first, last bound first,
 * each with a line, and wait; its bind probes them again.  Then what the
 * machine cannot lose: an essential role's last holder, reached over the
 * links, or the root interrupt controller.
 */
static void test_supplier_unbind_and_loss(void)
{
	struct device *clk, *con, *gpio;
	char why[256];
	const char *out;

	if (!load("devlink-order.dtb"))
		return;
	platform_driver_register(&dev_driver);
	of_platform_default_populate(NULL, NULL, NULL);
	clk = dev_of("/clock-controller@5");
	con = dev_of("/consumer@1");
	gpio = dev_of("/gpio@2");
	capture_start();
	device_release_driver(clk);
	out = capture_end();
	/* consumer@1 bound after gpio@2, which it needs too: it goes first. */
	KUNIT_EXPECT_TRUE_MSG(test, strstr(out, "fw_devlink: /consumer@1 unbinds before its supplier "
		     "/clock-controller@5 (clocks)\n"
		     "link-dev 1.consumer: unbound\n"
		     "fw_devlink: /gpio@2 unbinds before its supplier /clock-controller@5 "
		     "(clocks)\n"), "last bound first, each naming its supplier: %s", out);
	KUNIT_EXPECT_TRUE_MSG(test, con->state == DEVICE_WAITING && gpio->state == DEVICE_WAITING && !clk->driver,
	      "its consumers wait for it");
	device_attach(clk);
	KUNIT_EXPECT_TRUE_MSG(test, con->state == DEVICE_BOUND && gpio->state == DEVICE_BOUND && order_respects_links(),
	      "its bind probes them again, in link order");

	device_set_essential(con, "console", "ttyX0");
	why[0] = '\0';
	KUNIT_EXPECT_EQ_MSG(test, device_links_check_loss(going_is, "/clock-controller@5", why, sizeof(why)),
		  -EBUSY, "losing the console's clock is refused");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(why, "ttyX0 (console) depends on ") && strstr(why, "via clocks") &&
	      strstr(why, "which goes with this change: the machine would be lost"), "%s", why);
	KUNIT_EXPECT_EQ_MSG(test, device_links_check_loss(going_is, "/consumer@b", why, sizeof(why)), 0,
		  "what the console does not need may go");
	device_set_essential(dev_of("/pinctrl@3"), "console", "ttyX1");
	KUNIT_EXPECT_EQ_MSG(test, device_links_check_loss(going_is, "/clock-controller@5", why, sizeof(why)), 0,
		  "another console carries on");
	device_clear_essential(dev_of("/pinctrl@3"), "console");
	device_clear_essential(con, "console");
	KUNIT_EXPECT_EQ_MSG(test, device_links_check_loss(going_is, "/clock-controller@5", why, sizeof(why)), 0,
		  "without a console nothing is essential there");
	KUNIT_EXPECT_EQ_MSG(test, device_links_check_loss(going_is, "/interrupt-controller@a", why, sizeof(why)),
		  -EBUSY, "the root interrupt controller may not go");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(why, "(root interrupt controller) goes with this change"), "%s", why);
	platform_driver_unregister(&dev_driver);
	of_platform_depopulate(NULL);
	KUNIT_EXPECT_EQ_MSG(test, count_links(), 0, "depopulate removes every link");
}

int main(void)
{
	test_table_and_order();
	test_order_driver_first();
	test_supplier_unbind_unbinds_consumers();
	test_cycles_two_pairs();
	test_cycle_of_three();
	test_compatible_change_rebinds();
	test_compatible_gained_and_lost();
	test_missing_suppliers();
	test_supplier_unbind_and_loss();
	return ktap_done();
}
