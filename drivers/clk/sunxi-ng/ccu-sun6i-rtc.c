// SPDX-License-Identifier: BSD-2-Clause
/*
 * The clocks of the sun6i-family RTC block ("allwinner,sun8i-h3-rtc",
 * `#clock-cells = <1>`): 0 osc32k, the low-speed clock the CCU calls
 * "losc"; 1 osc32k-out, the same on a pin; 2 iosc, the internal RC
 * oscillator.  As Linux's ccu-sun6i-rtc (which keeps the RTC's clocks
 * apart from its time of day, which coyote does not drive), the
 * external 32 kHz crystal the tree names is selected when there is one;
 * otherwise osc32k is iosc divided by 32 and by the prescaler.
 *
 * QEMU 7.2 models the block's time of day (allwinner-rtc-sun6i) but not
 * its oscillator select: LOSC_CTRL reads 0 whatever is written.  The
 * binding's meaning is used then: a crystal in the tree is osc32k's source
 * (the select is what Linux writes), and the log says the register
 * did not follow.
 */
#define pr_fmt(fmt) "sun6i-rtc-ccu: " fmt

#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define LOSC_CTRL		0x00
#define LOSC_CTRL_KEY		(0x16aau << 16)	/* writes without it are ignored */
#define LOSC_CTRL_EXT_OSC	BIT(0)
#define LOSC_PRESCAL		0x08
#define LOSC_PRESCAL_MASK	0x1f

#define IOSC_RATE		16000000	/* nominal, per the H3 user manual */
#define IOSC_FIXED_DIV		32
#define RTC_NR_CLKS		3

struct sun6i_rtc_ccu {
	struct clk *clks[RTC_NR_CLKS];
};

static struct clk *sun6i_rtc_ccu_get(struct of_phandle_args *spec, void *data)
{
	struct sun6i_rtc_ccu *rtc = data;

	if (spec->args_count != 1 || spec->args[0] >= RTC_NR_CLKS)
		return ERR_PTR(-EINVAL);
	return rtc->clks[spec->args[0]];
}

static int sun6i_rtc_ccu_probe(struct platform_device *pdev)
{
	static const char *const default_names[RTC_NR_CLKS] = { "osc32k", "osc32k-out", "iosc" };
	struct device *dev = &pdev->dev;
	struct sun6i_rtc_ccu *rtc;
	unsigned long ext = 0, losc;
	void __iomem *base;
	struct clk *parent;
	u32 ctrl;
	int ret;

	rtc = devm_kzalloc(dev, sizeof(*rtc), GFP_KERNEL);
	if (!rtc)
		return -ENOMEM;
	base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(base))
		return (int)PTR_ERR(base);
	parent = devm_clk_get(dev, NULL);
	if (PTR_ERR(parent) == -EPROBE_DEFER)
		return -EPROBE_DEFER;
	if (!IS_ERR(parent))
		ext = clk_get_rate(parent);

	ctrl = readl(base + LOSC_CTRL) & 0xffff;
	if (ext)
		writel(LOSC_CTRL_KEY | ctrl | LOSC_CTRL_EXT_OSC, base + LOSC_CTRL);
	ctrl = readl(base + LOSC_CTRL);
	if (ext && !(ctrl & LOSC_CTRL_EXT_OSC))
		dev_warn(dev, "LOSC_CTRL did not keep the external-crystal select (QEMU does not model it): osc32k is taken as the crystal the tree names\n");
	if (ext)
		losc = ext;
	else
		losc = IOSC_RATE / IOSC_FIXED_DIV /
		       ((readl(base + LOSC_PRESCAL) & LOSC_PRESCAL_MASK) + 1);

	for (int i = 0; i < RTC_NR_CLKS; i++) {
		const char *name = default_names[i];

		of_property_read_string_index(dev->of_node, "clock-output-names", i, &name);
		rtc->clks[i] = devm_clk_register_fixed_rate(dev, name, NULL,
							    i == 2 ? IOSC_RATE : losc);
		if (IS_ERR(rtc->clks[i]))
			return (int)PTR_ERR(rtc->clks[i]);
	}
	ret = devm_of_clk_add_provider(dev, sun6i_rtc_ccu_get, rtc);
	if (ret)
		return dev_err_probe(dev, ret, "cannot register the clock provider");
	dev_info(dev, "osc32k %lu Hz from the %s oscillator; iosc %u Hz\n", losc,
		 ext ? "external" : "internal", IOSC_RATE);
	return 0;
}

static const struct of_device_id sun6i_rtc_ccu_of_match[] = {
	{ .compatible = "allwinner,sun8i-h3-rtc" },
	{ }
};

static struct platform_driver sun6i_rtc_ccu_driver = {
	.probe = sun6i_rtc_ccu_probe,
	.driver = {
		.name = "sun6i-rtc-ccu",
		.of_match_table = sun6i_rtc_ccu_of_match,
	},
};
module_platform_driver(sun6i_rtc_ccu_driver);
