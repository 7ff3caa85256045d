// SPDX-License-Identifier: BSD-2-Clause
/*
 * "fixed-factor-clock": a clock derived from its parent (`clocks`) by a
 * fixed multiplier and divider, rate = parent * clock-mult / clock-div.
 * Upstream's Versatile and RealView trees make the SP804's 1 MHz this way
 * from the 24 MHz crystal.  coyote's clocks never change rate, so the rate
 * is computed once, when the parent is there (until then: deferred).
 */
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>

static int fixed_factor_probe(struct platform_device *pdev)
{
	struct device_node *np = pdev->dev.of_node;
	struct clk *parent, *clk;
	u32 mult, div;
	u64 rate;

	if (of_property_read_u32(np, "clock-mult", &mult) ||
	    of_property_read_u32(np, "clock-div", &div) || !div)
		return dev_err_probe(&pdev->dev, -EINVAL,
				     "needs clock-mult and a non-zero clock-div");
	parent = devm_clk_get(&pdev->dev, NULL);
	if (IS_ERR(parent))
		return dev_err_probe(&pdev->dev, (int)PTR_ERR(parent), "no parent clock");
	rate = (u64)clk_get_rate(parent) * mult / div;
	clk = devm_of_clk_fixed_provider(&pdev->dev, __clk_get_name(parent), (unsigned long)rate);
	if (IS_ERR(clk))
		return (int)PTR_ERR(clk);
	dev_info(&pdev->dev, "%s: %lu Hz (%s x %u / %u)\n", __clk_get_name(clk),
		 (unsigned long)rate, __clk_get_name(parent), (unsigned int)mult, (unsigned int)div);
	return 0;
}

static const struct of_device_id fixed_factor_of_match[] = {
	{ .compatible = "fixed-factor-clock" },
	{ }
};

static struct platform_driver fixed_factor_driver = {
	.probe = fixed_factor_probe,
	.driver = {
		.name = "fixed-factor-clock",
		.of_match_table = fixed_factor_of_match,
	},
};
module_platform_driver(fixed_factor_driver);
