// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 10: the "coyote,lab10-widget" driver, with a bug planted in it.
 * Each widget node has a gain (coyote,gain); the driver keeps it in the
 * state that dev_get_drvdata() returns, where the rest of a driver would
 * read it.  Users say widget-a behaves with widget-b's gain.  Find out why
 * with GDB (docs/labs/lab10/README.md), then fix it here.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct widget {
	struct device *dev;
	u32 gain;
};

static struct widget widget_state;

static int widget_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct widget *w = &widget_state;

	w->dev = dev;
	if (of_property_read_u32(dev->of_node, "coyote,gain", &w->gain))
		return dev_err_probe(dev, -EINVAL, "no coyote,gain");
	dev_set_drvdata(dev, w);
	dev_info(dev, "widget, gain %u\n", (unsigned int)w->gain);
	return 0;
}

static const struct of_device_id widget_of_match[] = {
	{ .compatible = "coyote,lab10-widget" },
	{ }
};

static struct platform_driver widget_driver = {
	.probe = widget_probe,
	.driver = {
		.name = "lab10-widget",
		.of_match_table = widget_of_match,
	},
};
module_platform_driver(widget_driver);
