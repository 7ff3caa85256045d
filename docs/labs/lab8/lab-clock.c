// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 8's clock provider, given complete: "coyote,lab-clock", a clock
 * whose rate is the node's `clock-frequency`, built as a module
 * (obj-m in this folder's Makefile), so it arrives late: only when the
 * kernel autoloads labclk.ko from the initrd.  Its consumer's device link
 * makes the consumer wait for it.
 */
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>

struct lab_clk {
	struct clk *clk;
	struct device_node *np;
};

static void lab_clk_release(void *data)
{
	struct lab_clk *lc = data;

	of_clk_del_provider(lc->np);
	clk_unregister_fixed_rate(lc->clk);
}

static int lab_clk_probe(struct platform_device *pdev)
{
	struct device_node *np = pdev->dev.of_node;
	struct lab_clk *lc;
	u32 rate;
	int ret;

	if (of_property_read_u32(np, "clock-frequency", &rate))
		return dev_err_probe(&pdev->dev, -EINVAL, "no clock-frequency");
	lc = devm_kzalloc(&pdev->dev, sizeof(*lc), GFP_KERNEL);
	if (!lc)
		return -ENOMEM;
	lc->np = np;
	lc->clk = clk_register_fixed_rate(&pdev->dev, "labclk", NULL, 0, rate);
	if (IS_ERR(lc->clk))
		return (int)PTR_ERR(lc->clk);
	ret = of_clk_add_provider(np, of_clk_src_simple_get, lc->clk);
	if (ret) {
		clk_unregister_fixed_rate(lc->clk);
		return ret;
	}
	ret = devm_add_action_or_reset(&pdev->dev, lab_clk_release, lc);
	if (ret)
		return ret;
	dev_info(&pdev->dev, "labclk: %u Hz\n", (unsigned int)rate);
	return 0;
}

static const struct of_device_id lab_clk_of_match[] = {
	{ .compatible = "coyote,lab-clock" },
	{ }
};
MODULE_DEVICE_TABLE(of, lab_clk_of_match);

static struct platform_driver lab_clk_driver = {
	.probe = lab_clk_probe,
	.driver = {
		.name = "lab-clock",
		.of_match_table = lab_clk_of_match,
	},
};
module_platform_driver(lab_clk_driver);

MODULE_DESCRIPTION("lab 8: a clock provider that arrives as a module");
MODULE_LICENSE("Dual BSD/GPL");
