// SPDX-License-Identifier: BSD-2-Clause
/*
 * "fixed-clock": an oscillator whose rate is written in the tree
 * (`clock-frequency`).  It provides one clock to the nodes whose `clocks`
 * point at it.
 */
#define pr_fmt(fmt) "clk: " fmt

#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>

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

bool of_fixed_clk_off_bus(const struct device_node *np)
{
	return np->parent && !of_node_is_root(np->parent) &&
	       !of_get_property(np->parent, "compatible", NULL) &&
	       of_device_is_compatible(np, "fixed-clock") > 0 && of_device_is_available(np);
}

/*
 * The /clocks container most vendors' trees use has no compatible: no
 * device is ever made for the oscillators in it.  Linux registers every
 * such oscillator before any device, from of_clk_init(); here the ones no
 * bus will reach are registered the same way, once, for the life of the
 * machine (the tree's base nodes never go).
 */
static int __init of_fixed_clk_init(void)
{
	struct device_node *np = NULL;

	while ((np = of_find_compatible_node(np, NULL, "fixed-clock"))) {
		const char *name = np->full_name;
		struct clk *clk;
		u32 rate;

		if (!of_fixed_clk_off_bus(np))
			continue;
		if (of_property_read_u32(np, "clock-frequency", &rate)) {
			pr_warn("%pOF: fixed-clock without clock-frequency: not registered\n", np);
			continue;
		}
		of_property_read_string(np, "clock-output-names", &name);
		clk = clk_register_fixed_rate(NULL, name, NULL, 0, rate);
		if (IS_ERR(clk)) {
			of_node_put(np);
			return (int)PTR_ERR(clk);
		}
		if (of_clk_add_provider(np, of_clk_src_simple_get, clk)) {
			clk_unregister_fixed_rate(clk);
			continue;
		}
		pr_info("%pOF: %s, %u Hz (off any bus: registered at init, as of_clk_init does)\n",
			np, name, (unsigned int)rate);
	}
	return 0;
}
core_initcall(of_fixed_clk_init);
