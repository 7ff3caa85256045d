// SPDX-License-Identifier: BSD-2-Clause
/*
 * "fixed-clock": an oscillator whose rate is written in the tree
 * (`clock-frequency`).  It provides one clock to the nodes whose `clocks`
 * point at it.
 */
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>

static int fixed_clk_probe(struct platform_device *pdev)
{
	struct clk *clk;
	u32 rate;

	if (of_property_read_u32(pdev->dev.of_node, "clock-frequency", &rate))
		return dev_err_probe(&pdev->dev, -EINVAL, "no clock-frequency");
	clk = devm_of_clk_fixed_provider(&pdev->dev, NULL, rate);
	if (IS_ERR(clk))
		return (int)PTR_ERR(clk);
	dev_info(&pdev->dev, "%s: %u Hz\n", __clk_get_name(clk), (unsigned int)rate);
	return 0;
}

static const struct of_device_id fixed_clk_of_match[] = {
	{ .compatible = "fixed-clock" },
	{ }
};

static struct platform_driver fixed_clk_driver = {
	.probe = fixed_clk_probe,
	.driver = {
		.name = "fixed-clock",
		.of_match_table = fixed_clk_of_match,
	},
};
module_platform_driver(fixed_clk_driver);
