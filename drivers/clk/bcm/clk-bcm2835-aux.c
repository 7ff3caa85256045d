// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835 auxiliary peripherals' enable block (`brcm,bcm2835-aux`): the
 * mini UART and the two SPI masters share one block and one interrupt,
 * and each is reachable only while its bit in AUX_ENABLES is set.  Linux
 * models those bits as three gate clocks (clock 0 the mini UART, 1 SPI1,
 * 2 SPI2, `#clock-cells = <1>`), each running at the block's one input,
 * the VPU clock from cprman; a consumer's clk_prepare_enable() opens its
 * gate.  QEMU 7.2 models the mini UART only and reads its bit as always
 * set.
 */
#include <linux/clk.h>
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <asm/io.h>

#define BCM2835_AUXENB		0x04

/* The binding's clock numbers, which are the AUX_ENABLES bits. */
#define BCM2835_AUX_CLOCK_UART	0
#define BCM2835_AUX_CLOCK_SPI1	1
#define BCM2835_AUX_CLOCK_SPI2	2
#define BCM2835_AUX_CLOCK_COUNT	3

static const char *const aux_clk_names[BCM2835_AUX_CLOCK_COUNT] = {
	[BCM2835_AUX_CLOCK_UART] = "aux_uart",
	[BCM2835_AUX_CLOCK_SPI1] = "aux_spi1",
	[BCM2835_AUX_CLOCK_SPI2] = "aux_spi2",
};

struct bcm2835_aux_clk {
	struct clk *clks[BCM2835_AUX_CLOCK_COUNT];
};

static struct clk *bcm2835_aux_clk_get(struct of_phandle_args *spec, void *data)
{
	struct bcm2835_aux_clk *aux = data;

	if (spec->args_count != 1)
		return ERR_PTR(-EINVAL);
	if (spec->args[0] >= BCM2835_AUX_CLOCK_COUNT)
		return ERR_PTR(-ENOENT);
	return aux->clks[spec->args[0]];
}

static int bcm2835_aux_clk_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bcm2835_aux_clk *aux;
	void __iomem *base;
	struct clk *parent;
	unsigned long rate;
	unsigned int i;

	aux = devm_kzalloc(dev, sizeof(*aux), GFP_KERNEL);
	if (!aux)
		return -ENOMEM;
	base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(base))
		return (int)PTR_ERR(base);
	parent = devm_clk_get(dev, NULL);
	if (IS_ERR(parent))
		return dev_err_probe(dev, (int)PTR_ERR(parent),
				     "no input clock (the VPU clock in `clocks`)");
	rate = clk_get_rate(parent);

	for (i = 0; i < BCM2835_AUX_CLOCK_COUNT; i++) {
		aux->clks[i] = devm_clk_register_gate(dev, aux_clk_names[i], __clk_get_name(parent),
						      rate, base + BCM2835_AUXENB, (u8)i);
		if (IS_ERR(aux->clks[i]))
			return (int)PTR_ERR(aux->clks[i]);
	}
	platform_set_drvdata(pdev, aux);
	dev_info(dev, "%u gates on %s (%lu Hz), AUX_ENABLES 0x%x\n", i, __clk_get_name(parent),
		 rate, readl(base + BCM2835_AUXENB));
	return devm_of_clk_add_provider(dev, bcm2835_aux_clk_get, aux);
}

static const struct of_device_id bcm2835_aux_clk_of_match[] = {
	{ .compatible = "brcm,bcm2835-aux" },
	{ }
};

static struct platform_driver bcm2835_aux_clk_driver = {
	.probe = bcm2835_aux_clk_probe,
	.driver = {
		.name = "bcm2835-aux-clk",
		.of_match_table = bcm2835_aux_clk_of_match,
	},
};
module_platform_driver(bcm2835_aux_clk_driver);
