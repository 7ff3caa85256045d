// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 8 reference solution: the lab clock's consumer.  By the time probe
 * runs, the device link to the provider is active (the driver core held
 * this probe back until labclk.ko was loaded and bound), so clk_get()
 * finds the clock; a missing property is the tree's fault, and says so.
 */
#include <linux/clk.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>

static int lab_consumer_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct clk *clk;
	unsigned long rate;
	u32 div;

	clk = of_clk_get(dev->of_node, 0);
	if (IS_ERR(clk))
		return dev_err_probe(dev, (int)PTR_ERR(clk), "no clock");
	if (of_property_read_u32(dev->of_node, "coyote,sample-divider", &div) || !div)
		return dev_err_probe(dev, -EINVAL, "no coyote,sample-divider (or 0)");
	rate = clk_get_rate(clk);
	dev_info(dev, "labclk at %lu Hz, divider %u: %lu samples/s\n", rate,
		 (unsigned int)div, rate / div);
	return 0;
}

static const struct of_device_id lab_consumer_of_match[] = {
	{ .compatible = "coyote,lab-consumer" },
	{ }
};

static struct platform_driver lab_consumer_driver = {
	.probe = lab_consumer_probe,
	.driver = {
		.name = "lab-consumer",
		.of_match_table = lab_consumer_of_match,
	},
};
module_platform_driver(lab_consumer_driver);
