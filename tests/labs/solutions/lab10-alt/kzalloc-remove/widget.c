// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 10, a right answer written otherwise: kzalloc() in probe and
 * kfree() in remove, the state found through platform_get_drvdata().
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct widget {
	u32 gain;
	struct device *dev;
};

static int widget_probe(struct platform_device *pdev)
{
	struct widget *w = kzalloc(sizeof(*w), GFP_KERNEL);
	int ret;

	if (!w)
		return -ENOMEM;
	w->dev = &pdev->dev;
	ret = of_property_read_u32(pdev->dev.of_node, "coyote,gain", &w->gain);
	if (ret) {
		kfree(w);
		return dev_err_probe(&pdev->dev, ret, "no coyote,gain");
	}
	platform_set_drvdata(pdev, w);
	dev_info(&pdev->dev, "widget, gain %u\n", (unsigned int)w->gain);
	return 0;
}

static int widget_remove(struct platform_device *pdev)
{
	kfree(platform_get_drvdata(pdev));
	return 0;
}

static const struct of_device_id widget_of_match[] = {
	{ .compatible = "coyote,lab10-widget" },
	{ }
};

static struct platform_driver widget_driver = {
	.probe = widget_probe,
	.remove = widget_remove,
	.driver = {
		.name = "lab10-widget",
		.of_match_table = widget_of_match,
	},
};
module_platform_driver(widget_driver);
