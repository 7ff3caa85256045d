// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests of drivers/base/dd.c's matching: a probe matches once.  Every
 * table scan the driver core makes is counted by wrapping of_match_best()
 * (linked with -Wl,--wrap=of_match_best, scripts/Makefile.host), the bus's
 * own rule by its match callback: registering a driver or attaching a
 * device scores each unbound device against each driver once, and the
 * probe runs with the entry that scoring found, without a second scan.
 *
 * Prints KTAP; exits non-zero when a check fails.
 */
#include <stdio.h>
#include <string.h>

#include <linux/device.h>
#include <linux/of.h>
#include <linux/of_device.h>

#include "ktap.h"

/* --- counting ----------------------------------------------------------- */

const struct of_device_id *__real_of_match_best(const struct of_device_id *matches,
						const struct device_node *np, int *score);
const struct of_device_id *__wrap_of_match_best(const struct of_device_id *matches,
						const struct device_node *np, int *score);

static int table_scans, bus_matches;

const struct of_device_id *__wrap_of_match_best(const struct of_device_id *matches,
						const struct device_node *np, int *score)
{
	table_scans++;
	return __real_of_match_best(matches, np, score);
}

static int cnt_match(struct device *dev, struct device_driver *drv)
{
	bus_matches++;
	return !dev->of_node && !strcmp(dev_name(dev), drv->name);
}

static struct bus_type cnt_bus = { .name = "count", .match = cnt_match };

static void counts_start(void)
{
	table_scans = 0;
	bus_matches = 0;
}

/* --- drivers ------------------------------------------------------------ */

static const struct of_device_id one_ids[] = {
	{ .compatible = "test,one" },
	{ }
};
static const struct of_device_id two_ids[] = {
	{ .compatible = "test,other" },
	{ .compatible = "test,two" },
	{ }
};

static int probes;

static int cnt_probe(struct device *dev)
{
	probes++;
	return 0;
}

static struct device_driver one_drv = { .name = "one", .bus = &cnt_bus,
					.of_match_table = one_ids, .probe = cnt_probe };
static struct device_driver two_drv = { .name = "two", .bus = &cnt_bus,
					.of_match_table = two_ids, .probe = cnt_probe };
static struct device_driver byname_drv = { .name = "byname", .bus = &cnt_bus,
					   .probe = cnt_probe };

/* --- devices: /one ("test,one"), /two ("test,two", "test,one"), byname -- */

static char one_compat[] = "test,one";
static char two_compat[] = "test,two\0test,one";
static struct property one_prop = { .name = "compatible", .length = sizeof(one_compat),
				    .value = one_compat };
static struct property two_prop = { .name = "compatible", .length = sizeof(two_compat),
				    .value = two_compat };
static struct device_node one_node = { .name = "one", .full_name = "one",
				       .properties = &one_prop };
static struct device_node two_node = { .name = "two", .full_name = "two",
				       .properties = &two_prop };
static struct device d_one = { .name = "one@0", .bus = &cnt_bus, .of_node = &one_node };
static struct device d_two = { .name = "two@0", .bus = &cnt_bus, .of_node = &two_node };
static struct device d_byname = { .name = "byname", .bus = &cnt_bus };

/*
 * Devices first, then drivers: each driver_register() scores the devices
 * still unbound against every registered driver, once per pair.  A device
 * with a node is scanned per driver with a table, and asks the bus only
 * when the table has nothing; a device without one asks the bus.
 */
static void test_driver_attach_scores_once(void)
{
	counts_start();
	KUNIT_EXPECT_EQ_MSG(test, device_register(&d_one), 0, "device one@0 registered");
	KUNIT_EXPECT_EQ_MSG(test, device_register(&d_two), 0, "device two@0 registered");
	KUNIT_EXPECT_EQ_MSG(test, device_register(&d_byname), 0, "device byname registered");
	KUNIT_EXPECT_EQ_MSG(test, table_scans + bus_matches, 0, "no driver: nothing scored");

	/* Unbound: all three; drivers: two. */
	counts_start();
	KUNIT_EXPECT_EQ_MSG(test, driver_register(&two_drv), 0, "driver two registered");
	KUNIT_EXPECT_EQ_MSG(test, table_scans, 2, "driver two: one table scan per device with a node");
	KUNIT_EXPECT_EQ_MSG(test, bus_matches, 2, "driver two: the bus asked for one@0 (no entry) and byname");
	KUNIT_EXPECT_TRUE_MSG(test, d_two.driver == &two_drv, "two@0 bound to two");
	KUNIT_EXPECT_TRUE_MSG(test, d_two.match == &two_ids[1], "two@0 kept the entry the scan found (\"%s\")",
	      d_two.match ? d_two.match->compatible : "none");

	/* Unbound: one@0 and byname; drivers: two, one. */
	counts_start();
	KUNIT_EXPECT_EQ_MSG(test, driver_register(&one_drv), 0, "driver one registered");
	KUNIT_EXPECT_EQ_MSG(test, table_scans, 2, "driver one: one@0 scanned by two's and one's table");
	KUNIT_EXPECT_EQ_MSG(test, bus_matches, 3, "driver one: the bus asked for one@0 by two, byname by both");
	KUNIT_EXPECT_TRUE_MSG(test, d_one.driver == &one_drv && d_one.match == &one_ids[0],
	      "one@0 bound to one by its entry");

	/* Unbound: byname; drivers: two, one, byname. */
	counts_start();
	KUNIT_EXPECT_EQ_MSG(test, driver_register(&byname_drv), 0, "driver byname registered");
	KUNIT_EXPECT_EQ_MSG(test, table_scans, 0, "driver byname: no node, no scan");
	KUNIT_EXPECT_EQ_MSG(test, bus_matches, 3, "driver byname: the bus asked once per driver");
	KUNIT_EXPECT_TRUE_MSG(test, d_byname.driver == &byname_drv && !d_byname.match, "byname bound by name");
	KUNIT_EXPECT_EQ_MSG(test, probes, 3, "three probes");
}

/* device_attach(): the device scored against each driver once, the best
 * (two's first string beats one's second) probed with its entry. */
static void test_device_attach_scores_once(void)
{
	device_release_driver(&d_two);
	counts_start();
	KUNIT_EXPECT_EQ_MSG(test, device_attach(&d_two), 1, "two@0 bound again");
	KUNIT_EXPECT_EQ_MSG(test, table_scans, 2, "two@0: scanned by two's and one's table, once each");
	KUNIT_EXPECT_EQ_MSG(test, bus_matches, 1, "two@0: the bus asked for the table-less driver only");
	KUNIT_EXPECT_TRUE_MSG(test, d_two.driver == &two_drv && d_two.match == &two_ids[1],
	      "the better entry won: \"%s\"", d_two.match ? d_two.match->compatible : "none");
}

/* A tie goes to the first registered, in the core as in whynot. */
static void test_tie_first_registered(void)
{
	static const struct of_device_id again_ids[] = {
		{ .compatible = "test,one" },
		{ }
	};
	static struct device_driver again_drv = { .name = "again", .bus = &cnt_bus,
						  .of_match_table = again_ids,
						  .probe = cnt_probe };

	KUNIT_EXPECT_EQ_MSG(test, driver_register(&again_drv), 0, "a driver with one's table registered");
	device_release_driver(&d_one);
	KUNIT_EXPECT_EQ_MSG(test, device_attach(&d_one), 1, "one@0 bound again");
	KUNIT_EXPECT_TRUE_MSG(test, d_one.driver == &one_drv, "the tie went to the first registered (%s)",
	      d_one.driver ? d_one.driver->name : "none");
	driver_unregister(&again_drv);
}

int main(void)
{
	KUNIT_EXPECT_EQ_MSG(test, bus_register(&cnt_bus), 0, "bus registered");
	test_driver_attach_scores_once();
	test_device_attach_scores_once();
	test_tie_first_registered();
	driver_unregister(&byname_drv);
	driver_unregister(&one_drv);
	driver_unregister(&two_drv);
	device_unregister(&d_byname);
	device_unregister(&d_two);
	device_unregister(&d_one);
	return ktap_done();
}
