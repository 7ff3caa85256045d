// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 10, a right answer written otherwise: the gain read into a local
 * first, the state allocated with devm_kmalloc() and every field set,
 * stored with platform_set_drvdata().
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
	struct widget *state;
	u32 gain;

	if (of_property_read_u32(pdev->dev.of_node, "coyote,gain", &gain))
		return dev_err_probe(&pdev->dev, -EINVAL, "no coyote,gain");
	state = devm_kmalloc(&pdev->dev, sizeof(struct widget), GFP_KERNEL);
	if (!state)
		return -ENOMEM;
	state->dev = &pdev->dev;
	state->gain = gain;
	platform_set_drvdata(pdev, state);
	dev_info(&pdev->dev, "widget, gain %u\n", (unsigned int)gain);
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
