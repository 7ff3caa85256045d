// SPDX-License-Identifier: BSD-2-Clause
/*
 * Allwinner clock control units, sunxi-ng style (`#clock-cells = <1>`):
 * "allwinner,sun8i-h3-ccu" (H3) and "allwinner,sun4i-a10-ccu" (A10).
 *
 * The part coyote's drivers consume: the bus clocks of the UARTs and of
 * the EMAC, each a gate on a bus (AHB, APB) whose rate follows from the
 * CCU's source-select and divider registers and, where the bus runs from
 * a PLL, from the PLL's factors, as Linux's sunxi-ng reads them.  The
 * rates are read once at probe (coyote's struct clk has no set_rate), and
 * a gate opens when a consumer takes its clock (it has no enable op
 * either).  The other outputs of the binding are not modelled: asking for
 * one fails with -ENOENT and says which.
 *
 * QEMU 7.2 models the H3's CCU (its registers hold the documented reset
 * values, PLLs lock at once) but not the A10's: there the block reads as
 * zeros.  A CCU whose PLL1 reads zero (its reset value is not) is taken
 * as unmodelled: the rates come from the user manual's reset values, and
 * the log says so.
 */
#define pr_fmt(fmt) "sunxi-ccu: " fmt

#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <asm/io.h>

/* Where a bus gets its rate, computed by the SoC's bus_rate(). */
enum ccu_bus { CCU_AHB1, CCU_AHB2, CCU_APB1, CCU_APB2, CCU_NR_BUSES };

/* One gate the binding numbers (dt-bindings/clock/sun*-ccu.h). */
struct ccu_gate {
	unsigned int index;
	const char *name;
	enum ccu_bus bus;
	u16 reg;
	u8 bit;
};

struct ccu_reg_default {
	u16 reg;
	u32 val;
};

struct sunxi_ccu_desc {
	const char *soc;
	/* Rate of @bus from the register values @rd gives. */
	unsigned long (*bus_rate)(u32 (*rd)(void *ctx, u16 reg), void *ctx, unsigned long hosc,
				  unsigned long losc, enum ccu_bus bus);
	const struct ccu_gate *gates;
	unsigned int num_gates;
	u16 probe_reg;			/* a PLL whose reset value is not 0 */
	const struct ccu_reg_default *defaults;	/* the manual's reset values */
	unsigned int num_defaults;
};

struct sunxi_ccu {
	void __iomem *base;
	const struct sunxi_ccu_desc *desc;
	bool unmodelled;		/* registers read zero: use the defaults */
	struct clk *clks[];		/* by gate, as desc->gates */
};

static u32 ccu_read(void *ctx, u16 reg)
{
	struct sunxi_ccu *ccu = ctx;

	if (ccu->unmodelled) {
		for (unsigned int i = 0; i < ccu->desc->num_defaults; i++)
			if (ccu->desc->defaults[i].reg == reg)
				return ccu->desc->defaults[i].val;
		return 0;
	}
	return readl(ccu->base + reg);
}

#define FIELD(v, lo, bits)	(((v) >> (lo)) & ((1u << (bits)) - 1))

/* ===================== H3 ===================== */

#define H3_PLL_CPUX		0x000
#define H3_PLL_PERIPH0		0x028
#define H3_CPUX_AXI_CFG		0x050
#define H3_AHB1_APB1_CFG	0x054
#define H3_APB2_CFG		0x058
#define H3_AHB2_CFG		0x05c

/* PLL_PERIPH0 (1x): hosc * N * K / 2. */
static unsigned long h3_pll_periph0(u32 v, unsigned long hosc)
{
	return hosc * (FIELD(v, 8, 5) + 1) * (FIELD(v, 4, 2) + 1) / 2;
}

/* PLL_CPUX: hosc * N * K / (M * P). */
static unsigned long h3_pll_cpux(u32 v, unsigned long hosc)
{
	return (unsigned long)((u64)hosc * (FIELD(v, 8, 5) + 1) * (FIELD(v, 4, 2) + 1) /
			       ((FIELD(v, 0, 2) + 1) << FIELD(v, 16, 2)));
}

static unsigned long h3_ahb1(u32 (*rd)(void *, u16), void *ctx, unsigned long hosc,
			     unsigned long losc)
{
	u32 v = rd(ctx, H3_AHB1_APB1_CFG), axi = rd(ctx, H3_CPUX_AXI_CFG);
	unsigned long parent;

	switch (FIELD(v, 12, 2)) {
	case 0:
		parent = losc;
		break;
	case 1:
		parent = hosc;
		break;
	case 2:					/* AXI: CPUX / AXI divider */
		parent = FIELD(axi, 16, 2) >= 2 ? h3_pll_cpux(rd(ctx, H3_PLL_CPUX), hosc) :
			 FIELD(axi, 16, 2) == 1 ? hosc : losc;
		parent /= FIELD(axi, 0, 2) + 1;
		break;
	default:				/* PLL_PERIPH0 / pre-divider */
		parent = h3_pll_periph0(rd(ctx, H3_PLL_PERIPH0), hosc) / (FIELD(v, 6, 2) + 1);
		break;
	}
	return parent >> FIELD(v, 4, 2);
}

static unsigned long h3_bus_rate(u32 (*rd)(void *, u16), void *ctx, unsigned long hosc,
				 unsigned long losc, enum ccu_bus bus)
{
	u32 v;

	switch (bus) {
	case CCU_AHB1:
		return h3_ahb1(rd, ctx, hosc, losc);
	case CCU_APB1:		/* AHB1 / 2, 2, 4, 8 */
		v = FIELD(rd(ctx, H3_AHB1_APB1_CFG), 8, 2);
		return h3_ahb1(rd, ctx, hosc, losc) >> (v ? v : 1);
	case CCU_APB2:		/* LOSC, OSC24M, PLL_PERIPH0 ×2 / M / 2^N */
		v = rd(ctx, H3_APB2_CFG);
		return (FIELD(v, 24, 2) == 0 ? losc : FIELD(v, 24, 2) == 1 ? hosc :
			h3_pll_periph0(rd(ctx, H3_PLL_PERIPH0), hosc)) /
		       (FIELD(v, 0, 5) + 1) >> FIELD(v, 16, 2);
	case CCU_AHB2:		/* AHB1, or PLL_PERIPH0 / 2 */
		v = rd(ctx, H3_AHB2_CFG);
		return FIELD(v, 0, 2) == 1 ? h3_pll_periph0(rd(ctx, H3_PLL_PERIPH0), hosc) / 2 :
		       h3_ahb1(rd, ctx, hosc, losc);
	default:
		return 0;
	}
}

static const struct ccu_gate h3_gates[] = {
	{ 27, "bus-emac", CCU_AHB2, 0x060, 17 },
	{ 62, "bus-uart0", CCU_APB2, 0x06c, 16 },
	{ 63, "bus-uart1", CCU_APB2, 0x06c, 17 },
	{ 64, "bus-uart2", CCU_APB2, 0x06c, 18 },
	{ 65, "bus-uart3", CCU_APB2, 0x06c, 19 },
	{ 67, "bus-ephy", CCU_APB1, 0x070, 0 },
};

static const struct sunxi_ccu_desc h3_ccu = {
	.soc = "H3",
	.bus_rate = h3_bus_rate,
	.gates = h3_gates,
	.num_gates = ARRAY_SIZE(h3_gates),
	.probe_reg = H3_PLL_PERIPH0,
};

/* ===================== A10 ===================== */

#define A10_PLL1		0x000	/* CPU PLL */
#define A10_PLL6		0x028	/* peripheral PLL */
#define A10_CPU_AHB_APB0_CFG	0x054
#define A10_APB1_CFG		0x058

/* PLL1: hosc * N * K / (M * P), N = 0 counts as 0 (sun4i's factor). */
static unsigned long a10_pll1(u32 v, unsigned long hosc)
{
	return (unsigned long)((u64)hosc * FIELD(v, 8, 5) * (FIELD(v, 4, 2) + 1) /
			       ((FIELD(v, 0, 2) + 1) << FIELD(v, 16, 2)));
}

/* PLL6 at its "sata" output's base: hosc * N * K / 2. */
static unsigned long a10_pll6(u32 v, unsigned long hosc)
{
	return hosc * FIELD(v, 8, 5) * (FIELD(v, 4, 2) + 1) / 2;
}

static unsigned long a10_bus_rate(u32 (*rd)(void *, u16), void *ctx, unsigned long hosc,
				  unsigned long losc, enum ccu_bus bus)
{
	u32 v = rd(ctx, A10_CPU_AHB_APB0_CFG), cpu, axi;

	switch (FIELD(v, 16, 2)) {	/* CPU source: LOSC, OSC24M, PLL1, 200 MHz */
	case 0:
		cpu = (u32)losc;
		break;
	case 1:
		cpu = (u32)hosc;
		break;
	case 2:
		cpu = (u32)a10_pll1(rd(ctx, A10_PLL1), hosc);
		break;
	default:
		cpu = 200000000;
		break;
	}
	axi = cpu / (FIELD(v, 0, 2) + 1);
	switch (bus) {
	case CCU_AHB1:
		return axi >> FIELD(v, 4, 2);
	case CCU_APB1:		/* OSC24M, PLL6, LOSC / M / 2^N */
		v = rd(ctx, A10_APB1_CFG);
		return (FIELD(v, 24, 2) == 0 ? hosc : FIELD(v, 24, 2) == 1 ?
			a10_pll6(rd(ctx, A10_PLL6), hosc) : losc) /
		       (FIELD(v, 0, 5) + 1) >> FIELD(v, 16, 2);
	default:
		return 0;
	}
}

static const struct ccu_gate a10_gates[] = {
	{ 42, "ahb-emac", CCU_AHB1, 0x060, 17 },
	{ 88, "apb1-uart0", CCU_APB1, 0x06c, 16 },
	{ 89, "apb1-uart1", CCU_APB1, 0x06c, 17 },
	{ 90, "apb1-uart2", CCU_APB1, 0x06c, 18 },
	{ 91, "apb1-uart3", CCU_APB1, 0x06c, 19 },
	{ 92, "apb1-uart4", CCU_APB1, 0x06c, 20 },
	{ 93, "apb1-uart5", CCU_APB1, 0x06c, 21 },
	{ 94, "apb1-uart6", CCU_APB1, 0x06c, 22 },
	{ 95, "apb1-uart7", CCU_APB1, 0x06c, 23 },
};

/* The A10 user manual's reset values (CCU chapter). */
static const struct ccu_reg_default a10_defaults[] = {
	{ A10_PLL1, 0x21005000 },
	{ A10_PLL6, 0x21009911 },
	{ A10_CPU_AHB_APB0_CFG, 0x00010010 },
	{ A10_APB1_CFG, 0x00000000 },
};

static const struct sunxi_ccu_desc a10_ccu = {
	.soc = "A10",
	.bus_rate = a10_bus_rate,
	.gates = a10_gates,
	.num_gates = ARRAY_SIZE(a10_gates),
	.probe_reg = A10_PLL1,
	.defaults = a10_defaults,
	.num_defaults = ARRAY_SIZE(a10_defaults),
};

/* ===================== the provider ===================== */

static struct clk *sunxi_ccu_get(struct of_phandle_args *spec, void *data)
{
	struct sunxi_ccu *ccu = data;

	if (spec->args_count != 1)
		return ERR_PTR(-EINVAL);
	for (unsigned int i = 0; i < ccu->desc->num_gates; i++) {
		const struct ccu_gate *g = &ccu->desc->gates[i];

		if (g->index != spec->args[0])
			continue;
		/* No enable op on coyote's struct clk: taking the clock opens its gate. */
		if (!ccu->unmodelled)
			writel(readl(ccu->base + g->reg) | BIT(g->bit), ccu->base + g->reg);
		return ccu->clks[i];
	}
	pr_warn("%pOF: clock %u is not one coyote models (UART and EMAC bus clocks only)\n",
		spec->np, spec->args[0]);
	return ERR_PTR(-ENOENT);
}

static int sunxi_ccu_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	const struct sunxi_ccu_desc *desc = of_device_get_match_data(dev);
	unsigned long rates[CCU_NR_BUSES], hosc, losc;
	struct sunxi_ccu *ccu;
	struct clk *parent;
	int ret;

	ccu = devm_kzalloc(dev, sizeof(*ccu) + desc->num_gates * sizeof(ccu->clks[0]), GFP_KERNEL);
	if (!ccu)
		return -ENOMEM;
	ccu->desc = desc;
	ccu->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(ccu->base))
		return (int)PTR_ERR(ccu->base);
	parent = devm_clk_get(dev, "hosc");
	if (IS_ERR(parent))
		return dev_err_probe(dev, (int)PTR_ERR(parent), "no hosc clock");
	hosc = clk_get_rate(parent);
	if (!hosc)
		return dev_err_probe(dev, -EINVAL, "hosc runs at 0 Hz");
	/* The low-speed oscillator feeds the buses only when selected. */
	parent = devm_clk_get(dev, "losc");
	if (IS_ERR(parent))
		return dev_err_probe(dev, (int)PTR_ERR(parent), "no losc clock");
	losc = clk_get_rate(parent);

	if (!readl(ccu->base + desc->probe_reg)) {
		if (!desc->defaults)
			return dev_err_probe(dev, -ENODEV, "registers read as zero: no CCU here");
		ccu->unmodelled = true;
		dev_warn(dev, "registers read as zero (QEMU does not model the %s CCU): rates from the manual's reset values\n",
			 desc->soc);
	}
	for (int b = 0; b < CCU_NR_BUSES; b++)
		rates[b] = desc->bus_rate(ccu_read, ccu, hosc, losc, (enum ccu_bus)b);
	for (unsigned int i = 0; i < desc->num_gates; i++) {
		ccu->clks[i] = devm_clk_register_fixed_rate(dev, desc->gates[i].name, NULL,
							    rates[desc->gates[i].bus]);
		if (IS_ERR(ccu->clks[i]))
			return (int)PTR_ERR(ccu->clks[i]);
	}
	ret = devm_of_clk_add_provider(dev, sunxi_ccu_get, ccu);
	if (ret)
		return dev_err_probe(dev, ret, "cannot register the clock provider");
	dev_info(dev, "%s CCU: hosc %lu Hz, losc %lu Hz; buses ahb1 %lu, ahb2 %lu, apb1 %lu, apb2 %lu Hz (0: the SoC has none); %u bus clocks%s\n",
		 desc->soc, hosc, losc, rates[CCU_AHB1], rates[CCU_AHB2], rates[CCU_APB1],
		 rates[CCU_APB2], desc->num_gates, ccu->unmodelled ? " (reset values)" : "");
	return 0;
}

static const struct of_device_id sunxi_ccu_of_match[] = {
	{ .compatible = "allwinner,sun8i-h3-ccu", .data = &h3_ccu },
	{ .compatible = "allwinner,sun4i-a10-ccu", .data = &a10_ccu },
	{ }
};

static struct platform_driver sunxi_ccu_driver = {
	.probe = sunxi_ccu_probe,
	.driver = {
		.name = "sunxi-ccu",
		.of_match_table = sunxi_ccu_of_match,
	},
};
module_platform_driver(sunxi_ccu_driver);
