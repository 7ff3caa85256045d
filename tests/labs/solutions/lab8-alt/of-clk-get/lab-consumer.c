// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 8, written another way: of_clk_get() by index, with no devres, so
 * the clock goes back by hand: clk_put() on probe's error path and in
 * remove (which runs when the provider's module leaves: the device link
 * unbinds this consumer first).
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
	if (of_property_read_u32(dev->of_node, "coyote,sample-divider", &div) || !div) {
		clk_put(clk);
		return dev_err_probe(dev, -EINVAL, "no coyote,sample-divider (or 0)");
	}
	rate = clk_get_rate(clk);
	dev_info(dev, "labclk at %lu Hz, divider %u: %lu samples/s\n", rate,
		 (unsigned int)div, rate / div);
	platform_set_drvdata(pdev, clk);
	return 0;
}

static int lab_consumer_remove(struct platform_device *pdev)
{
	clk_put(platform_get_drvdata(pdev));
	return 0;
}

static const struct of_device_id lab_consumer_of_match[] = {
	{ .compatible = "coyote,lab-consumer" },
	{ }
};

static struct platform_driver lab_consumer_driver = {
	.probe = lab_consumer_probe,
	.remove = lab_consumer_remove,
	.driver = {
		.name = "lab-consumer",
		.of_match_table = lab_consumer_of_match,
	},
};
module_platform_driver(lab_consumer_driver);
