// SPDX-License-Identifier: BSD-2-Clause
/*
 * Versatile Express oscillator (`arm,vexpress-osc`) on the configuration
 * bus: its rate is read through the system registers (function 1).  The
 * upstream vexpress tree clocks the UARTs from one (oscclk2, 24 MHz).  A
 * rate outside the node's `freq-range` is reported but used: the board
 * said so.  A rate the board does not answer for (QEMU's Cortex-A15 tile
 * models no oscclk6..8) does not fail the clock, as in Linux: it is
 * registered at 0 Hz, and a consumer that needs a rate says so itself.
 */
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/vexpress.h>

static int vexpress_osc_probe(struct platform_device *pdev)
{
	struct device_node *np = pdev->dev.of_node;
	struct clk *clk;
	u32 rate, range[2];
	int ret;

	ret = vexpress_config_read(np, &rate);
	if (ret) {
		dev_warn(&pdev->dev, "cannot read the oscillator's rate (%s): registered at 0 Hz\n",
			 errname(ret));
		rate = 0;
	} else if (!of_property_read_u32_array(np, "freq-range", range, 2) &&
	    (rate < range[0] || rate > range[1]))
		dev_warn(&pdev->dev, "%u Hz is outside freq-range %u..%u\n", (unsigned int)rate,
			 (unsigned int)range[0], (unsigned int)range[1]);
	clk = devm_of_clk_fixed_provider(&pdev->dev, NULL, rate);
	if (IS_ERR(clk))
		return (int)PTR_ERR(clk);
	dev_info(&pdev->dev, "%s: %u Hz\n", __clk_get_name(clk), (unsigned int)rate);
	return 0;
}

static const struct of_device_id vexpress_osc_of_match[] = {
	{ .compatible = "arm,vexpress-osc" },
	{ }
};

static struct platform_driver vexpress_osc_driver = {
	.probe = vexpress_osc_probe,
	.driver = {
		.name = "vexpress-osc",
		.of_match_table = vexpress_osc_of_match,
	},
};
module_platform_driver(vexpress_osc_driver);
