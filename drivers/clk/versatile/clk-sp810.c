// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM SP810 system controller as a clock provider (`arm,sp810`,
 * #clock-cells = <1>): four "timer enable" outputs, one per SP804 timer on
 * the Versatile Express motherboard.  Each output runs from one of two
 * parents, chosen by a bit in SCCTRL: `refclk` (32 kHz; the reset value)
 * or `timclk` (1 MHz).  The tree picks with assigned-clocks /
 * assigned-clock-parents.
 *
 * QEMU does not model the SP810: the block reads 0 and ignores writes.  So
 * the rates come from the tree, never from reading SCCTRL back; the
 * register is written for real hardware, and a block that reads zero is
 * reported once, not treated as an error.
 */
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define SCCTRL				0x000
#define SCCTRL_TIMERENSEL(n)		(1u << (15 + 2 * (n)))	/* 1: timclk */
#define SP810_NR_OUTPUTS		4

struct sp810 {
	struct device_node *np;
	void __iomem *base;
	struct clk *refclk, *timclk;
	struct clk *out[SP810_NR_OUTPUTS];
};

static struct clk *sp810_get(struct of_phandle_args *spec, void *data)
{
	struct sp810 *sp = data;

	if (spec->args_count != 1 || spec->args[0] >= SP810_NR_OUTPUTS)
		return ERR_PTR(-EINVAL);
	return sp->out[spec->args[0]];
}

/*
 * The parent assigned-clocks gives output @n, or refclk (the reset value).
 * Return: the parent, or an error pointer (-EPROBE_DEFER while the
 * assigned parent's provider is not there).
 */
static struct clk *sp810_assigned_parent(struct sp810 *sp, unsigned int n)
{
	int count = of_count_phandle_with_args(sp->np, "assigned-clocks", "#clock-cells");

	for (int i = 0; i < count; i++) {
		struct of_phandle_args clk, parent;
		struct clk *found;

		if (of_parse_phandle_with_args(sp->np, "assigned-clocks", "#clock-cells", i, &clk))
			continue;
		of_node_put(clk.np);	/* compared, not kept */
		if (clk.np != sp->np || clk.args_count != 1 || clk.args[0] != n)
			continue;
		if (of_parse_phandle_with_args(sp->np, "assigned-clock-parents", "#clock-cells", i,
					       &parent))
			return sp->refclk;
		found = of_clk_get_from_provider(&parent);
		of_node_put(parent.np);
		return found;
	}
	return sp->refclk;
}

static int sp810_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct sp810 *sp;
	u32 scctrl, wanted = 0;
	int ret;

	sp = devm_kzalloc(dev, sizeof(*sp), GFP_KERNEL);
	if (!sp)
		return -ENOMEM;
	sp->np = dev->of_node;
	sp->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(sp->base))
		return (int)PTR_ERR(sp->base);
	sp->refclk = devm_clk_get(dev, "refclk");
	if (IS_ERR(sp->refclk))
		return dev_err_probe(dev, (int)PTR_ERR(sp->refclk), "no refclk");
	sp->timclk = devm_clk_get(dev, "timclk");
	if (IS_ERR(sp->timclk))
		return dev_err_probe(dev, (int)PTR_ERR(sp->timclk), "no timclk");

	for (unsigned int n = 0; n < SP810_NR_OUTPUTS; n++) {
		const char *name = NULL;
		struct clk *parent = sp810_assigned_parent(sp, n);

		if (IS_ERR(parent))
			return dev_err_probe(dev, (int)PTR_ERR(parent),
					     "assigned parent of output %u", n);
		if (of_property_read_string_index(sp->np, "clock-output-names", (int)n, &name))
			name = "timerclken";
		if (parent == sp->timclk)
			wanted |= SCCTRL_TIMERENSEL(n);
		sp->out[n] = devm_clk_register_fixed_rate(dev, name, __clk_get_name(parent),
							  clk_get_rate(parent));
		if (IS_ERR(sp->out[n]))
			return (int)PTR_ERR(sp->out[n]);
	}

	scctrl = readl(sp->base + SCCTRL);
	writel((scctrl & ~(SCCTRL_TIMERENSEL(0) | SCCTRL_TIMERENSEL(1) | SCCTRL_TIMERENSEL(2) |
			   SCCTRL_TIMERENSEL(3))) | wanted, sp->base + SCCTRL);
	if (wanted && !readl(sp->base + SCCTRL))
		dev_info(dev, "SCCTRL reads 0 (block not modelled?): rates from the tree\n");

	ret = devm_of_clk_add_provider(dev, sp810_get, sp);
	if (ret)
		return ret;
	dev_info(dev, "timer clocks %lu, %lu, %lu, %lu Hz\n", clk_get_rate(sp->out[0]),
		 clk_get_rate(sp->out[1]), clk_get_rate(sp->out[2]), clk_get_rate(sp->out[3]));
	return 0;
}

static const struct of_device_id sp810_of_match[] = {
	{ .compatible = "arm,sp810" },
	{ }
};

static struct platform_driver sp810_driver = {
	.probe = sp810_probe,
	.driver = {
		.name = "sp810",
		.of_match_table = sp810_of_match,
	},
};
module_platform_driver(sp810_driver);
