// SPDX-License-Identifier: BSD-2-Clause
/* Lab 8, written another way: the divider read first, other names. */
#include <linux/clk.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>

static int sampler_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	unsigned long hz;
	struct clk *src;
	u32 divider = 0;
	int err;

	err = of_property_read_u32(dev->of_node, "coyote,sample-divider", &divider);
	if (err)
		return dev_err_probe(dev, err, "coyote,sample-divider");
	if (divider == 0)
		return dev_err_probe(dev, -EINVAL, "a divider of 0");
	src = devm_clk_get(dev, NULL);
	if (IS_ERR(src))
		return PTR_ERR(src);
	hz = clk_get_rate(src);
	dev_info(dev, "labclk at %lu Hz, divider %u: %lu samples/s\n", hz,
		 (unsigned int)divider, hz / divider);
	return 0;
}

static const struct of_device_id sampler_ids[] = {
	{ .compatible = "coyote,lab-consumer" },
	{ }
};

static struct platform_driver sampler_driver = {
	.driver = {
		.name = "lab-consumer",
		.of_match_table = sampler_ids,
	},
	.probe = sampler_probe,
};
module_platform_driver(sampler_driver);
