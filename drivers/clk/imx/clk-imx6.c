// SPDX-License-Identifier: BSD-2-Clause
/*
 * i.MX6Q/DL and i.MX6UL Clock Controller Module (CCM), the part the
 * console, the timers and the GPC need: each clock they name by index
 * (the binding's dt-bindings/clock/imx6qdl-clock.h, imx6ul-clock.h) gets
 * a struct clk whose rate is read from the registers that set it, as
 * Linux's clk-imx6q.c and clk-imx6ul.c compute it:
 *
 *   osc (24 MHz crystal, from the tree)
 *    -> PLL2 "528" (anatop PLL_SYS: osc x 20 or 22) -> its PFDs (x 18 / frac)
 *       -> pre_periph (CBCMR) -> periph (CBCDR) -> ahb -> ipg -> perclk
 *    -> PLL3 "480" (anatop PLL_USB1: osc x 20 or 22) / 6 -> uart serial
 *    -> PLL1 (anatop PLL_ARM: osc x div / 2) -> arm -> twd (arm / 2)
 *
 * The PLL registers live in the anatop block ("fsl,imx6q-anatop"), found
 * by compatible as Linux does.  coyote never changes a rate, so each is
 * computed once at probe.  An index this driver does not compute gets
 * -ENOENT: its consumer says which.
 *
 * The PLLs come out of reset bypassed (their output is the crystal)
 * until firmware sets them up; Linux's clock init switches them to their
 * PLL output, and so does this probe (BYPASS cleared through each
 * register's _CLR alias).  QEMU models every register read here
 * (hw/misc/imx6_ccm.c, imx6ul_ccm.c) but not the bypass, nor (on the 6Q)
 * the periph and perclk selectors, whose reset values (periph from
 * pre_periph, perclk from ipg) give the same rate.
 */
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/ioport.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <asm/io.h>

/* CCM registers. */
#define CCM_CACRR		0x10	/* 2:0 arm_podf */
#define CCM_CBCDR		0x14	/* 25 periph_clk_sel, 29:27 periph_clk2_podf,
					 * 12:10 ahb_podf, 9:8 ipg_podf */
#define CCM_CBCMR		0x18	/* 19:18 pre_periph_clk_sel, 13:12 periph_clk2_sel */
#define CCM_CSCMR1		0x1c	/* 6 perclk_clk_sel, 5:0 perclk_podf */
#define CCM_CSCDR1		0x24	/* 6 uart_clk_sel, 5:0 uart_clk_podf */
#define CCM_CCSR		0x0c	/* 2 pll1_sw_clk_sel */

/* Anatop PLL registers. */
#define ANADIG_PLL_ARM		0x000	/* 6:0 div_select: osc x div / 2 */
#define ANADIG_PLL_USB1		0x010	/* 1:0 div_select: 0 -> x 20, else x 22 */
#define ANADIG_PLL_SYS		0x030	/* 0 div_select: 0 -> x 20, 1 -> x 22 */
#define ANADIG_PFD_528		0x100	/* frac of PFD n in bits 8n+5:8n */
#define PLL_BYPASS		BIT(16)
#define ANADIG_CLR		0x8	/* write-1-to-clear alias of each register */

/* The PLLs this driver reads, switched from bypass to their output at probe. */
static const unsigned int imx6_plls[] = { ANADIG_PLL_ARM, ANADIG_PLL_USB1, ANADIG_PLL_SYS };

#define FIELD(v, hi, lo)	(((v) >> (lo)) & ((1u << ((hi) - (lo) + 1)) - 1))

/* What a clock index is, in the tree above. */
enum imx6_clk_kind {
	IMX6_OSC, IMX6_ARM, IMX6_TWD, IMX6_AHB, IMX6_IPG, IMX6_PERCLK,
	IMX6_PLL3_80M, IMX6_UART_SERIAL, IMX6_OSC_DIV8,
};

struct imx6_clk_desc {
	unsigned int index;		/* the binding's number */
	const char *name;
	enum imx6_clk_kind kind;	/* gates and 1:1 children: their parent */
};

struct imx6_clk_soc {
	const struct imx6_clk_desc *clks;
	unsigned int nr_clks;
	unsigned int max_index;
};

struct imx6_ccm {
	void __iomem *base;
	void __iomem *anatop;
	unsigned long osc;
	const struct imx6_clk_soc *soc;
	struct clk **clks;		/* by index; NULL: not computed here */
};

static unsigned long imx6_pll_2x(struct imx6_ccm *ccm, unsigned int reg, u32 div_mask)
{
	u32 v = readl((char __iomem *)ccm->anatop + reg);

	if (v & PLL_BYPASS)
		return ccm->osc;
	return ccm->osc * ((v & div_mask) ? 22 : 20);
}

static unsigned long imx6_pfd528(struct imx6_ccm *ccm, unsigned int n)
{
	u32 frac = FIELD(readl((char __iomem *)ccm->anatop + ANADIG_PFD_528), 8 * n + 5, 8 * n);

	/* The fraction is 12..35 on real parts; 0 would be a broken model. */
	return frac ? (unsigned long)((u64)imx6_pll_2x(ccm, ANADIG_PLL_SYS, 1) * 18 / frac) : 0;
}

static unsigned long imx6_periph(struct imx6_ccm *ccm)
{
	u32 cbcdr = readl((char __iomem *)ccm->base + CCM_CBCDR);
	u32 cbcmr = readl((char __iomem *)ccm->base + CCM_CBCMR);
	unsigned long rate;

	if (cbcdr & BIT(25)) {
		/* periph_clk2: pll3, osc (or PLL2 bypassed: osc too). */
		rate = FIELD(cbcmr, 13, 12) ? ccm->osc : imx6_pll_2x(ccm, ANADIG_PLL_USB1, 3);
		return rate / (FIELD(cbcdr, 29, 27) + 1);
	}
	switch (FIELD(cbcmr, 19, 18)) {
	case 0:
		return imx6_pll_2x(ccm, ANADIG_PLL_SYS, 1);
	case 1:
		return imx6_pfd528(ccm, 2);
	case 2:
		return imx6_pfd528(ccm, 0);
	default:
		return imx6_pfd528(ccm, 2) / 2;		/* pll2_198m */
	}
}

static unsigned long imx6_rate(struct imx6_ccm *ccm, enum imx6_clk_kind kind)
{
	u32 cbcdr = readl((char __iomem *)ccm->base + CCM_CBCDR);
	u32 cscmr1 = readl((char __iomem *)ccm->base + CCM_CSCMR1);
	u32 cscdr1 = readl((char __iomem *)ccm->base + CCM_CSCDR1);
	unsigned long arm;

	switch (kind) {
	case IMX6_OSC:
		return ccm->osc;
	case IMX6_OSC_DIV8:
		return ccm->osc / 8;
	case IMX6_AHB:
		return imx6_periph(ccm) / (FIELD(cbcdr, 12, 10) + 1);
	case IMX6_IPG:
		return imx6_rate(ccm, IMX6_AHB) / (FIELD(cbcdr, 9, 8) + 1);
	case IMX6_PERCLK:
		return ((cscmr1 & BIT(6)) ? ccm->osc : imx6_rate(ccm, IMX6_IPG)) /
		       (FIELD(cscmr1, 5, 0) + 1);
	case IMX6_PLL3_80M:
		return imx6_pll_2x(ccm, ANADIG_PLL_USB1, 3) / 6;
	case IMX6_UART_SERIAL:
		return ((cscdr1 & BIT(6)) ? ccm->osc : imx6_rate(ccm, IMX6_PLL3_80M)) /
		       (FIELD(cscdr1, 5, 0) + 1);
	case IMX6_ARM:
	case IMX6_TWD:
		if (readl((char __iomem *)ccm->base + CCM_CCSR) & BIT(2))
			arm = ccm->osc;		/* step clock: the crystal */
		else
			arm = (unsigned long)((u64)ccm->osc *
				FIELD(readl((char __iomem *)ccm->anatop + ANADIG_PLL_ARM), 6, 0) / 2);
		arm /= FIELD(readl((char __iomem *)ccm->base + CCM_CACRR), 2, 0) + 1;
		return kind == IMX6_TWD ? arm / 2 : arm;
	}
	return 0;
}

static struct clk *imx6_clk_get(struct of_phandle_args *spec, void *data)
{
	struct imx6_ccm *ccm = data;
	unsigned int idx;

	if (spec->args_count != 1)
		return ERR_PTR(-EINVAL);
	idx = spec->args[0];
	if (idx > ccm->soc->max_index || !ccm->clks[idx])
		return ERR_PTR(-ENOENT);
	return ccm->clks[idx];
}

/*
 * The 24 MHz crystal: the CCM's "osc" input where the tree names its
 * inputs (6UL), else the fixed clock node named "osc" (the 6Q tree has
 * it under /clocks with no link to the CCM; Linux finds it by name too).
 */
static int imx6_ccm_get_osc(struct device *dev, unsigned long *rate)
{
	struct device_node *np;
	struct clk *osc;
	u32 freq;

	osc = devm_clk_get(dev, "osc");
	if (!IS_ERR(osc)) {
		*rate = clk_get_rate(osc);
		return 0;
	}
	if (PTR_ERR(osc) == -EPROBE_DEFER)
		return -EPROBE_DEFER;
	np = of_find_node_by_name(NULL, "osc");
	if (!np || of_property_read_u32(np, "clock-frequency", &freq) || !freq) {
		of_node_put(np);
		return -ENOENT;
	}
	of_node_put(np);
	*rate = freq;
	return 0;
}

static int imx6_ccm_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *anatop_np;
	struct resource res;
	struct imx6_ccm *ccm;
	unsigned int i;
	int ret;

	ccm = devm_kzalloc(dev, sizeof(*ccm), GFP_KERNEL);
	if (!ccm)
		return -ENOMEM;
	ccm->soc = of_device_get_match_data(dev);
	ccm->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(ccm->base))
		return (int)PTR_ERR(ccm->base);
	ret = imx6_ccm_get_osc(dev, &ccm->osc);
	if (ret)
		return dev_err_probe(dev, ret, "no 24 MHz \"osc\" clock in the tree");

	anatop_np = of_find_compatible_node(NULL, NULL, "fsl,imx6q-anatop");
	if (!anatop_np)
		return dev_err_probe(dev, -ENODEV, "no fsl,imx6q-anatop node: the PLLs are there");
	ret = of_address_to_resource(anatop_np, 0, &res);
	of_node_put(anatop_np);
	if (ret)
		return dev_err_probe(dev, ret, "anatop has no usable reg");
	ccm->anatop = devm_ioremap_resource(dev, &res);
	if (IS_ERR(ccm->anatop))
		return (int)PTR_ERR(ccm->anatop);

	for (i = 0; i < ARRAY_SIZE(imx6_plls); i++)
		writel(PLL_BYPASS, (char __iomem *)ccm->anatop + imx6_plls[i] + ANADIG_CLR);
	ccm->clks = devm_kzalloc(dev, (ccm->soc->max_index + 1) * sizeof(*ccm->clks), GFP_KERNEL);
	if (!ccm->clks)
		return -ENOMEM;
	for (i = 0; i < ccm->soc->nr_clks; i++) {
		const struct imx6_clk_desc *c = &ccm->soc->clks[i];
		struct clk *clk = devm_clk_register_fixed_rate(dev, c->name, NULL,
							       imx6_rate(ccm, c->kind));

		if (IS_ERR(clk))
			return (int)PTR_ERR(clk);
		ccm->clks[c->index] = clk;
	}
	ret = devm_of_clk_add_provider(dev, imx6_clk_get, ccm);
	if (ret)
		return ret;
	dev_info(dev, "osc %lu Hz, ahb %lu Hz, ipg %lu Hz, perclk %lu Hz, uart %lu Hz, arm %lu Hz\n",
		 ccm->osc, imx6_rate(ccm, IMX6_AHB), imx6_rate(ccm, IMX6_IPG),
		 imx6_rate(ccm, IMX6_PERCLK), imx6_rate(ccm, IMX6_UART_SERIAL),
		 imx6_rate(ccm, IMX6_ARM));
	return 0;
}

/* dt-bindings/clock/imx6qdl-clock.h */
static const struct imx6_clk_desc imx6q_clks[] = {
	{ 3, "osc", IMX6_OSC },
	{ 13, "pll3_80m", IMX6_PLL3_80M },
	{ 15, "twd", IMX6_TWD },
	{ 62, "ipg", IMX6_IPG },
	{ 63, "ipg_per", IMX6_PERCLK },
	{ 104, "arm", IMX6_ARM },
	{ 105, "ahb", IMX6_AHB },
	{ 117, "enet", IMX6_IPG },
	{ 119, "gpt_ipg", IMX6_IPG },
	{ 120, "gpt_ipg_per", IMX6_PERCLK },
	{ 160, "uart_ipg", IMX6_IPG },
	{ 161, "uart_serial", IMX6_UART_SERIAL },
	{ 237, "gpt_3m", IMX6_OSC_DIV8 },
};

static const struct imx6_clk_soc imx6q_soc = {
	.clks = imx6q_clks, .nr_clks = ARRAY_SIZE(imx6q_clks), .max_index = 237,
};

/* dt-bindings/clock/imx6ul-clock.h */
static const struct imx6_clk_desc imx6ul_clks[] = {
	{ 54, "pll3_80m", IMX6_PLL3_80M },
	{ 93, "arm", IMX6_ARM },
	{ 96, "ahb", IMX6_AHB },
	{ 99, "perclk", IMX6_PERCLK },
	{ 100, "ipg", IMX6_IPG },
	{ 122, "uart_podf", IMX6_UART_SERIAL },
	{ 144, "enet", IMX6_IPG },
	{ 145, "enet_ahb", IMX6_AHB },
	{ 152, "gpt1_bus", IMX6_IPG },
	{ 153, "gpt1_serial", IMX6_PERCLK },
	{ 154, "gpt2_bus", IMX6_IPG },
	{ 155, "gpt2_serial", IMX6_PERCLK },
	{ 189, "uart1_ipg", IMX6_IPG },
	{ 190, "uart1_serial", IMX6_UART_SERIAL },
	{ 191, "uart2_ipg", IMX6_IPG },
	{ 192, "uart2_serial", IMX6_UART_SERIAL },
	{ 193, "uart3_ipg", IMX6_IPG },
	{ 194, "uart3_serial", IMX6_UART_SERIAL },
	{ 195, "uart4_ipg", IMX6_IPG },
	{ 196, "uart4_serial", IMX6_UART_SERIAL },
	{ 197, "uart5_ipg", IMX6_IPG },
	{ 198, "uart5_serial", IMX6_UART_SERIAL },
	{ 199, "uart6_ipg", IMX6_IPG },
	{ 200, "uart6_serial", IMX6_UART_SERIAL },
	{ 201, "uart7_ipg", IMX6_IPG },
	{ 202, "uart7_serial", IMX6_UART_SERIAL },
	{ 203, "uart8_ipg", IMX6_IPG },
	{ 204, "uart8_serial", IMX6_UART_SERIAL },
	{ 208, "wdog1", IMX6_IPG },
	{ 209, "wdog2", IMX6_IPG },
	{ 210, "wdog3", IMX6_IPG },
};

static const struct imx6_clk_soc imx6ul_soc = {
	.clks = imx6ul_clks, .nr_clks = ARRAY_SIZE(imx6ul_clks), .max_index = 210,
};

static const struct of_device_id imx6_ccm_dt_ids[] = {
	{ .compatible = "fsl,imx6q-ccm", .data = &imx6q_soc },
	{ .compatible = "fsl,imx6ul-ccm", .data = &imx6ul_soc },
	{ }
};

static struct platform_driver imx6_ccm_driver = {
	.probe = imx6_ccm_probe,
	.driver = {
		.name = "clk-imx6",
		.of_match_table = imx6_ccm_dt_ids,
	},
};
module_platform_driver(imx6_ccm_driver);
