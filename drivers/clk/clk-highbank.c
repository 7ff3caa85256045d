// SPDX-License-Identifier: BSD-2-Clause
/*
 * Calxeda Highbank clocks, kept in the system registers block
 * (`calxeda,hb-sregs`): PLLs fed by the board's oscillator
 * (`calxeda,hb-pll-clock`), the Cortex-A9's peripheral and bus dividers
 * (`calxeda,hb-a9periph-clock`, `calxeda,hb-a9bus-clock`, one register)
 * and the eMMC divider (`calxeda,hb-emmc-clock`).  Their nodes sit in the
 * block's `clocks` child, each `reg` an offset into the block, beside
 * plain fixed-clocks (the oscillator, the 150 MHz APB clock).
 *
 * Linux registers these early with of_clk_init(), wherever they are in
 * the tree; they are not on a bus, so here they get no devices: the
 * block's driver registers every clock below it, parents first, and the
 * PL011, SP804 and TWD wait for the block (fw_devlink names it too).
 *
 * Rates are read from the registers, never set.  QEMU's highbank-regs
 * (hw/arm/highbank.c) keeps the block as plain registers and gives the
 * PLLs (0x100, 0x108, 0x10c) and the A9 divider (0x104) reset values:
 * 800, 400 and 200 MHz from 33.3 MHz, and 200/266 MHz after the A9
 * dividers.  It does not model the eMMC divider (0x114): it reads 0, the
 * divider's reset value, divide by 2.
 */
#include <linux/clk-provider.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define HB_PLL_DIVF_SHIFT	20
#define HB_PLL_DIVF_MASK	0x0ff00000u
#define HB_PLL_DIVQ_SHIFT	16
#define HB_PLL_DIVQ_MASK	0x00070000u
#define HB_PLL_EXT_BYPASS	0x00000002u	/* the output is the reference */

#define HB_A9_PCLK_DIV8		0x00000001u	/* else divide by 4 */
#define HB_A9_BCLK_DIV_SHIFT	1
#define HB_A9_BCLK_DIV_MASK	0x00000006u	/* divide by field + 2 */

#define HB_EMMC_DIV_MASK	0x0000001fu	/* divide by 2 * (field + 1) */

/* Clock kinds the block holds: the register's value, the parent's rate. */
typedef unsigned long (*hb_recalc_fn)(u32 reg, unsigned long parent_rate);

struct hb_clocks {
	struct device *dev;
	void __iomem *base;
	resource_size_t size;
};

static unsigned long hb_pll_recalc(u32 reg, unsigned long parent_rate)
{
	u32 divf = (reg & HB_PLL_DIVF_MASK) >> HB_PLL_DIVF_SHIFT;
	u32 divq = (reg & HB_PLL_DIVQ_MASK) >> HB_PLL_DIVQ_SHIFT;

	if (reg & HB_PLL_EXT_BYPASS)
		return parent_rate;
	/* The VCO runs at (divf + 1) x the reference, past 2 GHz. */
	return (unsigned long)(((u64)parent_rate * (divf + 1)) >> divq);
}

static unsigned long hb_a9periph_recalc(u32 reg, unsigned long parent_rate)
{
	return parent_rate / ((reg & HB_A9_PCLK_DIV8) ? 8 : 4);
}

static unsigned long hb_a9bus_recalc(u32 reg, unsigned long parent_rate)
{
	return parent_rate / (((reg & HB_A9_BCLK_DIV_MASK) >> HB_A9_BCLK_DIV_SHIFT) + 2);
}

static unsigned long hb_emmc_recalc(u32 reg, unsigned long parent_rate)
{
	return parent_rate / (2 * ((reg & HB_EMMC_DIV_MASK) + 1));
}

static const struct of_device_id hb_clock_kinds[] = {
	{ .compatible = "calxeda,hb-pll-clock", .data = hb_pll_recalc },
	{ .compatible = "calxeda,hb-a9periph-clock", .data = hb_a9periph_recalc },
	{ .compatible = "calxeda,hb-a9bus-clock", .data = hb_a9bus_recalc },
	{ .compatible = "calxeda,hb-emmc-clock", .data = hb_emmc_recalc },
	{ .compatible = "fixed-clock" },
	{ }
};

static void hb_del_provider(void *np)
{
	of_clk_del_provider(np);
}

/*
 * The rate of clock node @np: its clock-frequency (a fixed-clock), else
 * its register applied to its parent's rate.
 * Return: 0; -EPROBE_DEFER while the parent is not registered; -EINVAL for
 * a node without the properties its kind needs or a register outside the
 * block.
 */
static int hb_clock_rate(struct hb_clocks *hb, struct device_node *np,
			 const struct of_device_id *kind, unsigned long *rate,
			 const char **parent_name)
{
	hb_recalc_fn recalc = (hb_recalc_fn)kind->data;
	struct clk *parent;
	u32 off, freq;

	*parent_name = NULL;
	if (!recalc) {
		if (of_property_read_u32(np, "clock-frequency", &freq))
			return dev_err_probe(hb->dev, -EINVAL, "%pOF: fixed-clock without clock-frequency", np);
		*rate = freq;
		return 0;
	}
	if (of_property_read_u32(np, "reg", &off) || off % 4 || off + 4 > hb->size)
		return dev_err_probe(hb->dev, -EINVAL, "%pOF: reg is not a register offset in the block", np);
	parent = of_clk_get(np, 0);
	if (IS_ERR(parent))
		return (int)PTR_ERR(parent) == -EPROBE_DEFER ? -EPROBE_DEFER :
			dev_err_probe(hb->dev, (int)PTR_ERR(parent), "%pOF: no parent clock", np);
	*rate = recalc(readl(hb->base + off), clk_get_rate(parent));
	*parent_name = __clk_get_name(parent);
	clk_put(parent);
	return 0;
}

/* Registers @np's clock and makes @np its provider, both undone at unbind.
 * Return: 0; -EPROBE_DEFER (its parent is not there yet); -EINVAL; -ENOMEM. */
static int hb_register_clock(struct hb_clocks *hb, struct device_node *np,
			     const struct of_device_id *kind)
{
	const char *name = np->full_name, *parent_name;
	unsigned long rate = 0;
	struct clk *clk;
	int ret;

	ret = hb_clock_rate(hb, np, kind, &rate, &parent_name);
	if (ret)
		return ret;
	of_property_read_string(np, "clock-output-names", &name);
	clk = devm_clk_register_fixed_rate(hb->dev, name, parent_name, rate);
	if (IS_ERR(clk))
		return (int)PTR_ERR(clk);
	ret = of_clk_add_provider(np, of_clk_src_simple_get, clk);
	if (ret)
		return dev_err_probe(hb->dev, ret, "%pOF: already has a clock provider", np);
	ret = devm_add_action_or_reset(hb->dev, hb_del_provider, np);
	if (ret)
		return ret;
	dev_info(hb->dev, "%s: %lu Hz%s%s\n", name, rate, parent_name ? " from " : "",
		 parent_name ? parent_name : "");
	return 0;
}

static bool hb_registered(struct device_node *np)
{
	struct of_phandle_args self = { .np = np, .args_count = 0 };

	return !IS_ERR_OR_NULL(of_clk_get_from_provider(&self));
}

/*
 * One pass over the clock nodes under the block, registering those whose
 * parent is there.  Return: how many it registered, or an error other than
 * -EPROBE_DEFER; *@waiting counts those still waiting for a parent.
 */
static int hb_register_pass(struct hb_clocks *hb, struct device_node *clocks, int *waiting,
			    struct device_node **first_waiting)
{
	struct device_node *np;
	int done = 0, ret;

	*waiting = 0;
	*first_waiting = NULL;
	for_each_child_of_node(clocks, np) {
		const struct of_device_id *kind = of_match_node(hb_clock_kinds, np);

		if (!kind || !of_device_is_available(np) || hb_registered(np))
			continue;
		ret = hb_register_clock(hb, np, kind);
		if (ret == -EPROBE_DEFER) {
			if (!*first_waiting)
				*first_waiting = of_node_get(np);
			(*waiting)++;
			continue;
		}
		if (ret) {
			of_node_put(np);
			return ret;
		}
		done++;
	}
	return done;
}

static int hb_clocks_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *clocks, *stuck = NULL;
	struct resource *res;
	struct hb_clocks *hb;
	int waiting, done;

	hb = devm_kzalloc(dev, sizeof(*hb), GFP_KERNEL);
	if (!hb)
		return -ENOMEM;
	hb->dev = dev;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return dev_err_probe(dev, -EINVAL, "no registers in the tree");
	hb->size = resource_size(res);
	hb->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(hb->base))
		return (int)PTR_ERR(hb->base);
	clocks = of_get_child_by_name(dev->of_node, "clocks");
	if (!clocks) {
		dev_info(dev, "no clocks node: no clocks to register\n");
		return 0;
	}
	/* Parents first, whatever the order of the nodes: pass again while a
	 * pass registers something. */
	do {
		if (stuck)
			of_node_put(stuck);
		done = hb_register_pass(hb, clocks, &waiting, &stuck);
	} while (done > 0 && waiting);
	of_node_put(clocks);
	/* A parent outside the block that has not registered yet (or never
	 * will: then the end of boot reports this device as deferred). */
	if (done >= 0 && waiting)
		done = dev_err_probe(dev, -EPROBE_DEFER, "%pOF waits for its parent clock", stuck);
	of_node_put(stuck);
	return done < 0 ? done : 0;
}

static const struct of_device_id hb_clocks_of_match[] = {
	{ .compatible = "calxeda,hb-sregs" },
	{ }
};

static struct platform_driver hb_clocks_driver = {
	.probe = hb_clocks_probe,
	.driver = {
		.name = "clk-highbank",
		.of_match_table = hb_clocks_of_match,
	},
};
module_platform_driver(hb_clocks_driver);
