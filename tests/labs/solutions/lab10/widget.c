// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 10 reference solution: the widget driver with per-device state.
 * The planted bug was one static struct widget shared by every device:
 * each probe overwrote the last one's gain, and every device's
 * driver_data pointed at the same struct.
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

static int widget_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct widget *w;

	w = devm_kzalloc(dev, sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
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
