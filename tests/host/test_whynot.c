// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests of drivers/base/whynot.c: the edit distance, every reason
 * and its order on tests/dts/host/whynot.dts with a catalogue of test
 * drivers (prediction, as `ofdump --devices`), and the live part (the
 * driver core's record: bound with the winning entry, failed with the
 * driver's message) with real platform drivers registered.
 *
 * Prints KTAP; exits non-zero when a check fails.
 */
#include <stdio.h>
#include <string.h>

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/i2c.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <coyote/module.h>
#include <coyote/whynot.h>

#include "ktap.h"

static const struct of_device_id alpha_ids[] = {
	{ .compatible = "test,alpha" },
	{ .compatible = "test,alpha-v2" },
	{ }
};
static const struct of_device_id alpha2_ids[] = {
	{ .compatible = "test,alpha" },
	{ }
};
static const struct of_device_id fails_ids[] = {
	{ .compatible = "test,fails" },
	{ }
};
static const struct of_device_id ctrl_ids[] = {
	{ .compatible = "test,i2c-ctrl" },
	{ }
};
static const struct of_device_id sensor_ids[] = {
	{ .compatible = "test,sensor" },
	{ }
};

static const struct whynot_driver drivers[] = {
	{ "alpha", "platform", alpha_ids },
	{ "alpha-too", "platform", alpha2_ids },   /* a tie: the first wins */
	{ "fails", "platform", fails_ids },
	{ "ctrl", "platform", ctrl_ids },
	{ "sensor", "i2c", sensor_ids },
};
static const struct whynot_catalog catalog = { .drivers = drivers, .count = 5 };

static char text[2048];

static void collect(void *ctx, const char *line)
{
	size_t n = strlen(text);

	/* One line, so a check name stays one KTAP line. */
	snprintf(text + n, sizeof(text) - n, "%s%s", n ? " | " : "", line);
}

static enum whynot_verdict explain(const char *path, bool live, const struct whynot_catalog *cat)
{
	struct device_node *np = of_find_node_by_path(path);

	text[0] = '\0';
	if (!np) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "node %s exists", path);
		return WHYNOT_CONTAINER;
	}
	return whynot_explain(np, cat, live, collect, NULL);
}

#define EXPECT(path, verdict, needle) do { \
	enum whynot_verdict v_ = explain(path, false, &catalog); \
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v_), whynot_verdict_name(verdict), "%s: verdict", path); \
	KUNIT_EXPECT_TRUE_MSG(test, strstr(text, needle) != NULL, "%s says \"%s\" (got: %s)", path, needle, text); \
} while (0)

static void test_distance(void)
{
	KUNIT_EXPECT_EQ_MSG(test, whynot_edit_distance("", ""), 0, "empty strings");
	KUNIT_EXPECT_EQ_MSG(test, whynot_edit_distance("arm,pl011", "arm,pl011"), 0, "same");
	KUNIT_EXPECT_EQ_MSG(test, whynot_edit_distance("arm,pl0ll", "arm,pl011"), 2, "two substitutions");
	KUNIT_EXPECT_EQ_MSG(test, whynot_edit_distance("test,aplha", "test,alpha"), 2, "a swap costs two");
	KUNIT_EXPECT_EQ_MSG(test, whynot_edit_distance("abc", ""), 3, "all deletions");
	KUNIT_EXPECT_EQ_MSG(test, whynot_edit_distance("", "abcd"), 4, "all insertions");
}

static void test_prediction(void)
{
	EXPECT("/off@1000", WHYNOT_DISABLED, "status = \"disabled\"");
	EXPECT("/off@1000", WHYNOT_DISABLED, "would otherwise bind to driver alpha");
	EXPECT("/alpha@2000", WHYNOT_WOULD_BIND,
	       "would bind to driver alpha, by table entry \"test,alpha-v2\" (string 1 of 2");
	EXPECT("/typo@3000", WHYNOT_NO_DRIVER, "did you mean \"test,alpha\" (driver alpha)");
	EXPECT("/vendor@4000", WHYNOT_NO_DRIVER, "did you mean \"test,alpha\"");
	EXPECT("/nocompat@5000", WHYNOT_NO_COMPATIBLE, "no compatible");
	EXPECT("/bus", WHYNOT_CONTAINER, "a bus node");
	EXPECT("/bus/alpha@7000", WHYNOT_WOULD_BIND, "would bind to driver alpha,");
	EXPECT("/offbus/alpha@8000", WHYNOT_NO_BUS, "parent /offbus is disabled");
	EXPECT("/noranges/alpha@9000", WHYNOT_WOULD_BIND, "/noranges has no `ranges`");
	EXPECT("/board/alpha@a000", WHYNOT_NO_BUS, "parent /board is not a bus");
	EXPECT("/i2c@b000/sensor@48", WHYNOT_WOULD_BIND, "would bind to driver sensor,");
	EXPECT("/i2c@b000/sensor@0", WHYNOT_NO_DEVICE,
	       "is not a 7-bit target address (0x08..0x77): the I2C core skips it");
	EXPECT("/i2c@b000/thing@49", WHYNOT_NO_DRIVER,
	       "driver alpha matches, but it is a platform driver and this node is on the i2c bus");
	EXPECT("/", WHYNOT_CONTAINER, "the root is the machine");
	EXPECT("/waits@d000", WHYNOT_WOULD_DEFER,
	       "its probe would defer: waiting for interrupt parent "
	       "/interrupt-controller@c000 (that node is disabled)");

	/* Without its controller's driver, an I2C child has no bus. */
	{
		struct whynot_catalog no_ctrl = { .drivers = drivers, .count = 3 };
		enum whynot_verdict v = explain("/i2c@b000/sensor@48", false, &no_ctrl);

		KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "no bus", "sensor without controller driver");
		KUNIT_EXPECT_TRUE_MSG(test, strstr(text, "its I2C controller /i2c@b000 has no bound driver (whynot /i2c@b000)"), "%s", text);
	}
	/* An unknown string far from everything: no suggestion. */
	{
		const struct whynot_catalog one = { .drivers = drivers + 4, .count = 1 };
		enum whynot_verdict v = explain("/alpha@2000", false, &one);

		KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "no driver", "no platform driver in catalogue");
		KUNIT_EXPECT_TRUE_MSG(test, strstr(text, "no known string is close"), "%s", text);
	}
}

/*
 * Several reasons on one node: all are said, in the order they apply, and
 * the verdict is the first of them, the one the first line gives.
 */
static void first_reason(const char *path, bool live, const struct whynot_catalog *cat,
			 enum whynot_verdict want, int reasons, const char *first)
{
	enum whynot_verdict v = explain(path, live, cat);
	const char *how = live ? " (live)" : "", *s;
	int lines = 1;

	for (s = strstr(text, " | "); s; s = strstr(s + 3, " | "))
		lines++;
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), whynot_verdict_name(want), "%s%s: the first reason",
		  path, how);
	KUNIT_EXPECT_TRUE_MSG(test, lines >= reasons, "%s%s: at least %d reasons said (%d: %s)", path, how, reasons,
	      lines, text);
	KUNIT_EXPECT_TRUE_MSG(test, !strncmp(text, first, strlen(first)), "%s%s: the first line says \"%s\" (%s)",
	      path, how, first, text);
}

static void test_several_reasons(void)
{
	first_reason("/offbus/ghost@8100", false, &catalog, WHYNOT_DISABLED, 3,
		     "disabled: status");
	first_reason("/board/nocompat@a100", false, &catalog, WHYNOT_NO_BUS, 2,
		     "parent /board is not a bus");
	first_reason("/i2c@e000/ghost@0", false, &catalog, WHYNOT_NO_DEVICE, 3,
		     "reg 0x0 is not");
	first_reason("/i2c@b000/ghost@4a", false, &catalog, WHYNOT_DISABLED, 3,
		     "disabled: status");
}

/* modules.alias text, looked up with the kernel's own code (autoload.c). */
static const char test_alias[] =
	"# a comment line\n"
	"alias of:N*T*Ctest,aplha typomod\n"
	"alias of:N*T*Ctest,aplhaC* typomod\n";

static const char *test_modalias(const struct device_node *np, const char *compat)
{
	static char mod[MODULE_NAME_LEN];

	return module_alias_find(test_alias, sizeof(test_alias) - 1, np, compat, mod,
				 sizeof(mod));
}

static void test_modules(void)
{
	struct whynot_catalog mods = { .drivers = drivers, .count = 5,
				       .modalias = test_modalias };
	enum whynot_verdict v;

	v = explain("/typo@3000", false, &mods);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "would bind", "module in modules.alias: prediction");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(text, "would bind through module typomod (\"test,aplha\" in modules.alias"),
	      "%s", text);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_module(&mods, of_find_node_by_path("/typo@3000"), NULL), "typomod",
		  "whynot_module");
	v = explain("/typo@3000", true, &mods);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "module not loaded", "module in modules.alias: live");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(text, "\"test,aplha\": module typomod is not loaded (insmod typomod)"),
	      "%s", text);
	/* A string no line has: the usual "no driver". */
	v = explain("/vendor@4000", false, &mods);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "no driver", "no module for acme,alpha");
	/* Only when no driver matches: a built-in driver wins. */
	v = explain("/alpha@2000", false, &mods);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "would bind", "built-in still binds");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(text, "driver alpha,") != NULL, "%s", text);
}

static int alpha_probe(struct platform_device *pdev)
{
	return 0;
}

static int fails_probe(struct platform_device *pdev)
{
	return dev_err_probe(&pdev->dev, -EIO, "the chip said %d", 42);
}

static struct platform_driver alpha_drv = {
	.probe = alpha_probe,
	.driver = { .name = "alpha", .of_match_table = alpha_ids },
};
static struct platform_driver fails_drv = {
	.probe = fails_probe,
	.driver = { .name = "fails", .of_match_table = fails_ids },
};

static void test_live(void)
{
	const struct whynot_catalog *live;
	enum whynot_verdict v;

	driver_init();
	platform_driver_register(&alpha_drv);
	platform_driver_register(&fails_drv);
	of_platform_default_populate(NULL, NULL, NULL);
	live = whynot_live_catalog();
	KUNIT_EXPECT_EQ_MSG(test, live->count, 2, "live catalogue: the registered drivers");

	v = explain("/alpha@2000", true, live);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "bound", "alpha@2000 bound");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(text, "bound to driver alpha, by table entry \"test,alpha-v2\""), "%s", text);
	v = explain("/fails@6000", true, live);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "failed", "fails@6000 failed");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(text, "probe by driver fails failed: EIO: the chip said 42"), "%s", text);
	v = explain("/typo@3000", true, live);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "no driver", "typo@3000: no driver, live too");
	v = explain("/i2c@b000", true, live);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "no driver", "controller without driver");
	v = explain("/i2c@b000/sensor@48", true, live);
	KUNIT_EXPECT_STREQ_MSG(test, whynot_verdict_name(v), "no bus", "live: the controller is not bound");
	KUNIT_EXPECT_TRUE_MSG(test, strstr(text, "has no bound driver (whynot /i2c@b000)"), "%s", text);
	first_reason("/offbus/ghost@8100", true, live, WHYNOT_DISABLED, 3, "disabled: status");
	first_reason("/board/nocompat@a100", true, live, WHYNOT_NO_BUS, 2,
		     "parent /board is not a bus");
	first_reason("/i2c@b000/ghost@4a", true, live, WHYNOT_DISABLED, 2, "disabled: status");
	of_platform_depopulate(NULL);
	platform_driver_unregister(&fails_drv);
	platform_driver_unregister(&alpha_drv);
}

/* The core knows I2C only through what the I2C core registered. */
static void test_bus_registry(void)
{
	KUNIT_EXPECT_EQ_MSG(test, whynot_bus_register(&i2c_whynot_bus), -EEXIST,
			    "a bus registers once");
	whynot_bus_unregister(&i2c_whynot_bus);
	EXPECT("/i2c@b000/sensor@48", WHYNOT_NO_BUS, "parent /i2c@b000 is not a bus");
	EXPECT("/i2c@b000/sensor@0", WHYNOT_NO_BUS, "parent /i2c@b000 is not a bus");
	whynot_bus_unregister(&i2c_whynot_bus);		/* again: nothing */
	KUNIT_EXPECT_EQ_MSG(test, whynot_bus_register(&i2c_whynot_bus), 0, "registers again");
	EXPECT("/i2c@b000/sensor@48", WHYNOT_WOULD_BIND, "would bind to driver sensor,");
}

int main(void)
{
	size_t size;
	void *blob = ktap_load("whynot.dtb", &size);

	if (!blob || of_fdt_unflatten(blob, size, NULL, 0)) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "unflatten whynot.dtb");
		return ktap_done();
	}
	KUNIT_EXPECT_EQ_MSG(test, whynot_bus_register(&i2c_whynot_bus), 0, "the I2C core's knowledge");
	test_distance();
	test_prediction();
	test_bus_registry();
	test_several_reasons();
	test_modules();
	test_live();
	return ktap_done();
}
