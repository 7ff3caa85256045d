// SPDX-License-Identifier: BSD-2-Clause
/*
 * ASPEED AST2600 clocks, from the System Control Unit (`aspeed,ast2600-scu`,
 * #clock-cells = <1>: the cell is a number of the binding's
 * dt-bindings/clock/ast2600-clock.h).  Rates are read from the SCU's
 * registers, never set: the PLLs (HPLL, MPLL, DPLL, EPLL), the APB1 and MAC
 * dividers after HPLL, and the UART clocks, which run from a 24 MHz
 * reference divided by 13 when the SCU says so.
 *
 * The PLLs' input, CLKIN, is the crystal the tree names as the SCU's
 * `clocks` (dts/bindings/aspeed,ast2600-scu.yaml).  Debian's
 * aspeed-ast2600-evb.dtb, like Linux's aspeed-g6.dtsi, names none, and no
 * register tells it: the AST2400/2500 strap their crystal in SCU70 bit 23,
 * the AST2600 has no such strap (its SCU500 reads 0xc0 on QEMU 7.2's
 * ast2600-evb, bit 23 clear, while QEMU runs the PLLs from 25 MHz whatever
 * the strap: clkin_25Mhz in hw/misc/aspeed_scu.c).  Reading SCU500 the
 * AST2500's way would say 24 MHz, a wrong HPLL.  So, with no `clocks`, the
 * one crystal the AST2600 takes (its datasheet; Linux and U-Boot hold the
 * same constant), and the boot log and `clk` say so ("clkin" with no
 * parent).  The UARTs' 24 MHz reference is the SoC's too: no strap, no node.
 *
 * QEMU 7.2's aspeed.scu-ast2600 models the registers with the A3 silicon's
 * reset values: HPLL 1.2 GHz, APB1 37.5 MHz (HPLL / 32), MAC1/2 120 MHz,
 * MAC3/4 150 MHz, MISC_CTRL with the UART divider off (24 MHz).  The other
 * clocks of the binding (AHB, APB2, the SD, video and I3C clocks) are not
 * provided yet: a consumer asking for one gets -EINVAL, and the SCU's
 * device says which.
 */
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

#define SCU_CLK_STOP_CTRL		0x080
#define  SCU_UARTX_DIV13		(1u << 31)	/* UART6..13 from 24 MHz / 13 */
#define SCU_MISC_CTRL			0x0c0
#define  SCU_MISC_UART_DIV13		(1u << 12)	/* UART1..5 from 24 MHz / 13 */
#define SCU_HPLL_PARAM			0x200
#define SCU_MPLL_PARAM			0x220
#define SCU_EPLL_PARAM			0x240
#define SCU_DPLL_PARAM			0x260
#define  PLL_BYPASS			(1u << 24)	/* output = input */
#define  PLL_OFF			(1u << 23)
#define  PLL_M(v)			((v) & 0x1fff)
#define  PLL_N(v)			(((v) >> 13) & 0x3f)
#define  PLL_P(v)			(((v) >> 19) & 0xf)
#define SCU_CLK_SELECTION1		0x300
#define  SEL1_APB1_DIV(v)		(((v) >> 23) & 0x7)	/* HPLL / 4(n + 1) */
#define  SEL1_MAC12_DIV(v)		(((v) >> 16) & 0x7)	/* HPLL / mac_div() */
#define SCU_CLK_SELECTION4		0x310
#define  SEL4_MAC34_DIV(v)		(((v) >> 24) & 0x7)

/* The crystal when the tree names none (see above); never a strap's guess. */
#define AST2600_DATASHEET_CLKIN_HZ	25000000u
#define AST2600_UART_REF_HZ		24000000u

/* Clock numbers of the binding (dt-bindings/clock/ast2600-clock.h). */
#define ASPEED_CLK_GATE_MAC1CLK		18
#define ASPEED_CLK_GATE_MAC2CLK		19
#define ASPEED_CLK_GATE_MAC3CLK		20
#define ASPEED_CLK_GATE_MAC4CLK		21
#define ASPEED_CLK_GATE_UART1CLK	22
#define ASPEED_CLK_GATE_UART5CLK	26
#define ASPEED_CLK_GATE_UART13CLK	34
#define ASPEED_CLK_HPLL			46
#define ASPEED_CLK_MPLL			47
#define ASPEED_CLK_DPLL			48
#define ASPEED_CLK_EPLL			49
#define ASPEED_CLK_APB1			52
#define AST2600_NR_CLKS			75

struct ast2600_clk {
	struct device *dev;
	void __iomem *base;
	unsigned long clkin;		/* Hz: the PLLs' input */
	struct clk *clks[AST2600_NR_CLKS];
};

static struct clk *ast2600_clk_get(struct of_phandle_args *spec, void *data)
{
	struct ast2600_clk *c = data;

	if (spec->args_count != 1)
		return ERR_PTR(-EINVAL);
	if (spec->args[0] >= AST2600_NR_CLKS || !c->clks[spec->args[0]]) {
		dev_warn(c->dev, "clock %u is not provided by this driver\n",
			 (unsigned int)spec->args[0]);
		return ERR_PTR(-EINVAL);
	}
	return c->clks[spec->args[0]];
}

/* F = CLKIN * (M + 1) / ((N + 1) * (P + 1)), as the SCU's PLL registers say. */
static unsigned long ast2600_pll_rate(const struct ast2600_clk *c, u32 v)
{
	if (v & PLL_OFF)
		return 0;
	if (v & PLL_BYPASS)
		return c->clkin;
	return (unsigned long)((u64)c->clkin * (PLL_M(v) + 1) /
			       ((PLL_N(v) + 1) * (PLL_P(v) + 1)));
}

/* The MACs' bus clock divider: 4 for 0 and 1, then 2(n + 1). */
static unsigned int ast2600_mac_div(u32 field)
{
	return field < 2 ? 4 : 2 * (field + 1);
}

/* Registers clock @idx.  Return: 0, or -ENOMEM. */
static int ast2600_add(struct ast2600_clk *c, unsigned int idx, const char *name,
		       const char *parent, unsigned long rate)
{
	struct clk *clk = devm_clk_register_fixed_rate(c->dev, name, parent, rate);

	if (IS_ERR(clk))
		return (int)PTR_ERR(clk);
	c->clks[idx] = clk;
	return 0;
}

/*
 * CLKIN: the SCU's `clocks` input when the tree names one, else the
 * datasheet's crystal (the header says why no register can tell it).
 * Registered as "clkin" so that the PLLs name it as their parent.
 * Return: 0; -ENOMEM; the clock lookup's error (-EPROBE_DEFER while the
 * crystal's provider has not probed, -EINVAL for a bad `clocks`, or for a
 * crystal of rate 0).
 */
static int ast2600_clkin(struct ast2600_clk *c)
{
	const char *parent = NULL;
	struct clk *xtal, *clk;

	if (of_get_property(c->dev->of_node, "clocks", NULL)) {
		xtal = devm_clk_get(c->dev, NULL);
		if (IS_ERR(xtal))
			return dev_err_probe(c->dev, (int)PTR_ERR(xtal),
					     "no crystal (the first `clocks` entry)");
		c->clkin = clk_get_rate(xtal);
		parent = __clk_get_name(xtal);
		if (!c->clkin)
			return dev_err_probe(c->dev, -EINVAL, "the crystal %s has no rate", parent);
		dev_info(c->dev, "clkin %lu Hz: the tree's crystal %s\n", c->clkin, parent);
	} else {
		c->clkin = AST2600_DATASHEET_CLKIN_HZ;
		dev_info(c->dev, "clkin %lu Hz from the datasheet: the tree names no crystal (no `clocks`) and the AST2600 straps none\n",
			 c->clkin);
	}
	clk = devm_clk_register_fixed_rate(c->dev, "clkin", parent, c->clkin);
	return IS_ERR(clk) ? (int)PTR_ERR(clk) : 0;
}

static int ast2600_clk_probe(struct platform_device *pdev)
{
	static const char *const uart_names[] = {
		"uart1clk", "uart2clk", "uart3clk", "uart4clk", "uart5clk", "uart6clk",
		"uart7clk", "uart8clk", "uart9clk", "uart10clk", "uart11clk", "uart12clk",
		"uart13clk",
	};
	struct device *dev = &pdev->dev;
	unsigned long hpll, apb1, mac12, mac34, uart, uartx;
	struct ast2600_clk *c;
	int ret = 0;

	c = devm_kzalloc(dev, sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->dev = dev;
	c->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(c->base))
		return (int)PTR_ERR(c->base);

	ret = ast2600_clkin(c);
	if (ret)
		return ret;
	hpll = ast2600_pll_rate(c, readl(c->base + SCU_HPLL_PARAM));
	apb1 = hpll / (4 * (SEL1_APB1_DIV(readl(c->base + SCU_CLK_SELECTION1)) + 1));
	mac12 = hpll / ast2600_mac_div(SEL1_MAC12_DIV(readl(c->base + SCU_CLK_SELECTION1)));
	mac34 = hpll / ast2600_mac_div(SEL4_MAC34_DIV(readl(c->base + SCU_CLK_SELECTION4)));
	if (ast2600_add(c, ASPEED_CLK_HPLL, "hpll", "clkin", hpll) ||
	    ast2600_add(c, ASPEED_CLK_MPLL, "mpll", "clkin",
			ast2600_pll_rate(c, readl(c->base + SCU_MPLL_PARAM))) ||
	    ast2600_add(c, ASPEED_CLK_DPLL, "dpll", "clkin",
			ast2600_pll_rate(c, readl(c->base + SCU_DPLL_PARAM))) ||
	    ast2600_add(c, ASPEED_CLK_EPLL, "epll", "clkin",
			ast2600_pll_rate(c, readl(c->base + SCU_EPLL_PARAM))) ||
	    ast2600_add(c, ASPEED_CLK_APB1, "apb1", "hpll", apb1) ||
	    ast2600_add(c, ASPEED_CLK_GATE_MAC1CLK, "mac1clk", "hpll", mac12) ||
	    ast2600_add(c, ASPEED_CLK_GATE_MAC2CLK, "mac2clk", "hpll", mac12) ||
	    ast2600_add(c, ASPEED_CLK_GATE_MAC3CLK, "mac3clk", "hpll", mac34) ||
	    ast2600_add(c, ASPEED_CLK_GATE_MAC4CLK, "mac4clk", "hpll", mac34))
		return -ENOMEM;
	uart = AST2600_UART_REF_HZ;
	if (readl(c->base + SCU_MISC_CTRL) & SCU_MISC_UART_DIV13)
		uart /= 13;
	uartx = AST2600_UART_REF_HZ;
	if (readl(c->base + SCU_CLK_STOP_CTRL) & SCU_UARTX_DIV13)
		uartx /= 13;
	for (unsigned int i = ASPEED_CLK_GATE_UART1CLK; !ret && i <= ASPEED_CLK_GATE_UART13CLK; i++)
		ret = ast2600_add(c, i, uart_names[i - ASPEED_CLK_GATE_UART1CLK],
				  i <= ASPEED_CLK_GATE_UART5CLK ? "uart" : "uartx",
				  i <= ASPEED_CLK_GATE_UART5CLK ? uart : uartx);
	if (ret)
		return ret;
	ret = devm_of_clk_add_provider(dev, ast2600_clk_get, c);
	if (ret)
		return ret;
	dev_info(dev, "hpll %lu Hz, apb1 %lu Hz, mac %lu/%lu Hz, uart1-5 %lu Hz, uart6-13 %lu Hz\n",
		 hpll, apb1, mac12, mac34, uart, uartx);
	return 0;
}

static const struct of_device_id ast2600_clk_of_match[] = {
	{ .compatible = "aspeed,ast2600-scu" },
	{ }
};

static struct platform_driver ast2600_clk_driver = {
	.probe = ast2600_clk_probe,
	.driver = {
		.name = "ast2600-clk",
		.of_match_table = ast2600_clk_of_match,
	},
};
module_platform_driver(ast2600_clk_driver);
