// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835 clock manager (CPRMAN, `brcm,bcm2835-cprman`): the crystal (the
 * provider's first `clocks`, 19.2 MHz) feeds five PLLs; each PLL feeds a
 * few channels; each peripheral clock is a mux that picks one source
 * (ground, the crystal, or a PLL channel) and divides it.  Consumers name
 * a clock by the binding's number (dt-bindings/clock/bcm2835.h: the UART
 * is 19, the VPU 20).
 *
 * Every rate is read from the registers, as Linux's clk-bcm2835 reads
 * them, at probe: coyote's clocks never change rate (nothing here writes
 * them).  The arithmetic is QEMU 7.2's model's, so the rate a consumer
 * sees is the rate QEMU's devices are fed:
 *  - PLL: crystal x (NDIV + FRAC / 2^20) / PDIV, NDIV and FRAC doubled when
 *    the feedback prescaler (ANA1) is on; 0 while powered down or held in
 *    reset (A2W_CTRL.PWRDN, CM_PLLx.ANARST) or with PDIV 0.
 *  - channel: PLL / DIV (x 10 for PLLH's RCAL and PIX); 0 when disabled or
 *    held (CM_PLLx's HOLD bit).  DIV 0 is the largest divider: Linux takes
 *    256, QEMU 7.2 takes 255 (its field mask); we follow QEMU.
 *  - mux: 0 unless ENABLE; the source the SRC field picks; divided by
 *    the DIV register's integer and fractional bits (their widths differ
 *    per mux; a zero divider is 0 Hz), or not divided where QEMU models
 *    no divider.
 * Which sources a mux has, and which muxes QEMU models at all, follow QEMU
 * too: a source QEMU grounds (the test-debug inputs, the PLLH aux input of
 * the peripheral muxes, every input of a mux whose wiring is unknown) is
 * 0 Hz, and the binding's clocks QEMU lacks (DFT, DSI1E, DSI1P) are not
 * provided: a consumer of one gets -ENOENT.
 */
#include <linux/clk.h>
#include <linux/clk-provider.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/io.h>

#define CM_DSI0HSCK		0x120	/* bit 0: DSI0's high-speed clock from PLLD, else PLLA */

#define CM_PLL_ANARST		(1u << 8)
#define A2W_PLL_NDIV(v)		((v) & 0x3ff)
#define A2W_PLL_PDIV(v)		(((v) >> 12) & 0x7)
#define A2W_PLL_PWRDN		(1u << 16)
#define A2W_PLL_FRAC_BITS	20
#define A2W_PLL_FRAC(v)		((v) & 0xfffff)
#define A2W_CHAN_DIV(v)		((v) & 0xff)
#define A2W_CHAN_DISABLE	(1u << 8)
#define A2W_CHAN_DIV_ZERO	0xff	/* QEMU 7.2's reading of DIV 0 */

#define CM_CTL_SRC(v)		((v) & 0xf)
#define CM_CTL_ENABLE		(1u << 4)
#define CM_DIV_FRAC_BITS	12	/* the integer part starts at bit 12 */
#define CM_DIV_OFFSET		4	/* CM_xxxDIV follows CM_xxxCTL */

#define BCM2835_CLOCK_COUNT	52

enum bcm2835_pll_id { PLLA, PLLB, PLLC, PLLD, PLLH, NR_PLLS };

struct bcm2835_pll_data {
	const char *name;
	unsigned int id;		/* binding number */
	unsigned int cm, a2w_ctrl, a2w_ana1, a2w_frac;
	u32 prediv_bit;
};

static const struct bcm2835_pll_data plls[NR_PLLS] = {
	[PLLA] = { "plla", 0, 0x104, 0x1100, 0x1014, 0x1200, 1u << 14 },
	[PLLB] = { "pllb", 1, 0x170, 0x11e0, 0x10f4, 0x12e0, 1u << 14 },
	[PLLC] = { "pllc", 2, 0x108, 0x1120, 0x1034, 0x1220, 1u << 14 },
	[PLLD] = { "plld", 3, 0x10c, 0x1140, 0x1054, 0x1240, 1u << 14 },
	[PLLH] = { "pllh", 4, 0x110, 0x1160, 0x1074, 0x1260, 1u << 11 },
};

struct bcm2835_chan_data {
	const char *name;
	unsigned int id;
	enum bcm2835_pll_id pll;
	unsigned int a2w;
	u32 hold;			/* bit in the PLL's CM register, 0: none */
	unsigned int fixed_div;
};

static const struct bcm2835_chan_data chans[] = {
	{ "plla_core", 5, PLLA, 0x1400, 1u << 5, 1 },
	{ "plla_per", 6, PLLA, 0x1500, 1u << 7, 1 },
	{ "pllb_arm", 7, PLLB, 0x13e0, 1u << 1, 1 },
	{ "pllc_core0", 8, PLLC, 0x1620, 1u << 1, 1 },
	{ "pllc_core1", 9, PLLC, 0x1420, 1u << 3, 1 },
	{ "pllc_core2", 10, PLLC, 0x1320, 1u << 5, 1 },
	{ "pllc_per", 11, PLLC, 0x1520, 1u << 7, 1 },
	{ "plld_core", 12, PLLD, 0x1440, 1u << 5, 1 },
	{ "plld_per", 13, PLLD, 0x1540, 1u << 7, 1 },
	{ "pllh_rcal", 14, PLLH, 0x1460, 0, 10 },
	{ "pllh_aux", 15, PLLH, 0x1360, 0, 1 },
	{ "pllh_pix", 16, PLLH, 0x1560, 0, 10 },
	{ "plla_dsi0", 32, PLLA, 0x1300, 1u << 1, 1 },
	{ "plla_ccp2", 33, PLLA, 0x1600, 1u << 3, 1 },
	{ "plld_dsi0", 34, PLLD, 0x1340, 1u << 1, 1 },
	{ "plld_dsi1", 35, PLLD, 0x1640, 1u << 3, 1 },
};

/* A mux's sources 4-9 (0-3: ground, crystal, two test-debug inputs). */
enum bcm2835_mux_kind { MUX_UNKNOWN, MUX_XOSC, MUX_CORE, MUX_PERIPH, MUX_DSI0 };

static const char *const mux_sources[][6] = {
	[MUX_CORE] = { "plla_core", "pllc_core0", "plld_core", "pllh_aux", "pllc_core1",
		       "pllc_core2" },
	[MUX_PERIPH] = { "plla_per", "pllc_per", "plld_per" },
};

struct bcm2835_mux_data {
	const char *name;
	unsigned int id;
	unsigned int ctl;
	u8 int_bits, frac_bits;
	enum bcm2835_mux_kind kind;
};

static const struct bcm2835_mux_data muxes[] = {
	{ "timer", 17, 0x0e8, 6, 12, MUX_XOSC },
	{ "otp", 18, 0x090, 4, 0, MUX_XOSC },
	{ "uart", 19, 0x0f0, 10, 12, MUX_PERIPH },
	{ "vpu", 20, 0x008, 12, 8, MUX_CORE },
	{ "v3d", 21, 0x038, 0, 0, MUX_CORE },
	{ "isp", 22, 0x030, 4, 8, MUX_CORE },
	{ "h264", 23, 0x028, 4, 8, MUX_CORE },
	{ "vec", 24, 0x0f8, 4, 0, MUX_PERIPH },
	{ "hsm", 25, 0x088, 4, 8, MUX_PERIPH },
	{ "sdram", 26, 0x1a8, 6, 0, MUX_CORE },
	{ "tsens", 27, 0x0e0, 5, 0, MUX_XOSC },
	{ "emmc", 28, 0x1c0, 4, 8, MUX_PERIPH },
	{ "peri_image", 29, 0x020, 0, 0, MUX_UNKNOWN },
	{ "pwm", 30, 0x0a0, 12, 12, MUX_PERIPH },
	{ "pcm", 31, 0x098, 12, 12, MUX_PERIPH },
	{ "aveo", 36, 0x1b8, 4, 0, MUX_PERIPH },
	{ "gp0", 38, 0x070, 12, 12, MUX_PERIPH },
	{ "gp1", 39, 0x078, 12, 12, MUX_PERIPH },
	{ "gp2", 40, 0x080, 12, 12, MUX_PERIPH },
	{ "slim", 41, 0x0a8, 12, 12, MUX_PERIPH },
	{ "smi", 42, 0x0b0, 4, 8, MUX_PERIPH },
	{ "tec", 43, 0x0c8, 6, 0, MUX_XOSC },
	{ "dpi", 44, 0x068, 4, 8, MUX_PERIPH },
	{ "cam0", 45, 0x040, 4, 8, MUX_PERIPH },
	{ "cam1", 46, 0x048, 4, 8, MUX_PERIPH },
	{ "dsi0e", 47, 0x058, 4, 8, MUX_DSI0 },
	{ "dsi0p", 49, 0x060, 0, 0, MUX_DSI0 },
	{ "emmc2", 51, 0x1d0, 4, 8, MUX_UNKNOWN },
};

struct bcm2835_cprman {
	void __iomem *base;
	const char *osc_name;
	unsigned long osc;
	struct clk *clks[BCM2835_CLOCK_COUNT];
};

static u32 cprman_read(struct bcm2835_cprman *c, unsigned int off)
{
	return readl((char __iomem *)c->base + off);
}

static unsigned long pll_rate(struct bcm2835_cprman *c, const struct bcm2835_pll_data *p)
{
	u32 ctrl = cprman_read(c, p->a2w_ctrl);
	u64 ndiv = A2W_PLL_NDIV(ctrl), fdiv = A2W_PLL_FRAC(cprman_read(c, p->a2w_frac));
	u32 pdiv = A2W_PLL_PDIV(ctrl);

	if ((ctrl & A2W_PLL_PWRDN) || (cprman_read(c, p->cm) & CM_PLL_ANARST) || !pdiv)
		return 0;
	if (cprman_read(c, p->a2w_ana1) & p->prediv_bit) {
		ndiv *= 2;
		fdiv *= 2;
	}
	return (unsigned long)(((u64)c->osc * ((ndiv << A2W_PLL_FRAC_BITS) + fdiv) / pdiv) >>
			       A2W_PLL_FRAC_BITS);
}

static unsigned long chan_rate(struct bcm2835_cprman *c, const struct bcm2835_chan_data *ch)
{
	u32 ctrl = cprman_read(c, ch->a2w);
	u32 div = A2W_CHAN_DIV(ctrl);

	if ((ctrl & A2W_CHAN_DISABLE) || (cprman_read(c, plls[ch->pll].cm) & ch->hold))
		return 0;
	if (!div)
		div = A2W_CHAN_DIV_ZERO;
	return clk_get_rate(c->clks[plls[ch->pll].id]) / (div * ch->fixed_div);
}

/* The clock a mux's SRC field picks, NULL for ground; *@name says which. */
static struct clk *mux_source(struct bcm2835_cprman *c, const struct bcm2835_mux_data *m,
			      u32 src, const char **name)
{
	static const char *const first[] = { "gnd", NULL, "testdebug0", "testdebug1" };
	unsigned int i;

	*name = src < 4 ? first[src] : "gnd";
	if (src == 1 && m->kind != MUX_UNKNOWN) {
		*name = c->osc_name;
		return NULL;	/* the caller uses c->osc */
	}
	if (src < 4 || src >= 10)
		return NULL;
	if (m->kind == MUX_DSI0) {
		if (src != 4)
			return NULL;
		i = cprman_read(c, CM_DSI0HSCK) & 1 ? PLLD : PLLA;
		*name = plls[i].name;
		return c->clks[plls[i].id];
	}
	if (m->kind != MUX_CORE && m->kind != MUX_PERIPH)
		return NULL;
	*name = mux_sources[m->kind][src - 4];
	if (!*name) {
		*name = "gnd";
		return NULL;
	}
	for (i = 0; i < ARRAY_SIZE(chans); i++)
		if (!strcmp(chans[i].name, *name))
			return c->clks[chans[i].id];
	return NULL;
}

static unsigned long mux_rate(struct bcm2835_cprman *c, const struct bcm2835_mux_data *m,
			      const char **parent)
{
	u32 ctl = cprman_read(c, m->ctl), src = CM_CTL_SRC(ctl), div;
	struct clk *from = mux_source(c, m, src, parent);
	unsigned long rate;

	if (src == 1 && m->kind != MUX_UNKNOWN)
		rate = c->osc;
	else
		rate = from ? clk_get_rate(from) : 0;
	if (!(ctl & CM_CTL_ENABLE))
		return 0;
	if (!m->int_bits && !m->frac_bits)
		return rate;
	div = (cprman_read(c, m->ctl + CM_DIV_OFFSET) >> (CM_DIV_FRAC_BITS - m->frac_bits)) &
	      ((1u << (m->int_bits + m->frac_bits)) - 1);
	if (!div)
		return 0;
	return (unsigned long)(((u64)rate << m->frac_bits) / div);
}

static struct clk *cprman_get(struct of_phandle_args *spec, void *data)
{
	struct bcm2835_cprman *c = data;

	if (spec->args_count != 1)
		return ERR_PTR(-EINVAL);
	if (spec->args[0] >= BCM2835_CLOCK_COUNT || !c->clks[spec->args[0]])
		return ERR_PTR(-ENOENT);
	return c->clks[spec->args[0]];
}

/* Register @name at @rate as clock @id.  Return: 0, or the registration's error. */
static int cprman_add(struct device *dev, struct bcm2835_cprman *c, unsigned int id,
		      const char *name, const char *parent, unsigned long rate)
{
	struct clk *clk = devm_clk_register_fixed_rate(dev, name, parent, rate);

	if (IS_ERR(clk))
		return (int)PTR_ERR(clk);
	c->clks[id] = clk;
	return 0;
}

static int cprman_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bcm2835_cprman *c;
	struct clk *osc;
	unsigned int i;
	int ret;

	c = devm_kzalloc(dev, sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(c->base))
		return (int)PTR_ERR(c->base);
	osc = devm_clk_get(dev, NULL);
	if (IS_ERR(osc))
		return dev_err_probe(dev, (int)PTR_ERR(osc), "no crystal (the first clocks entry)");
	c->osc = clk_get_rate(osc);
	c->osc_name = __clk_get_name(osc);
	if (!c->osc)
		return dev_err_probe(dev, -EINVAL, "the crystal %s has no rate", c->osc_name);

	for (i = 0; i < NR_PLLS; i++) {
		ret = cprman_add(dev, c, plls[i].id, plls[i].name, c->osc_name,
				 pll_rate(c, &plls[i]));
		if (ret)
			return ret;
	}
	for (i = 0; i < ARRAY_SIZE(chans); i++) {
		ret = cprman_add(dev, c, chans[i].id, chans[i].name, plls[chans[i].pll].name,
				 chan_rate(c, &chans[i]));
		if (ret)
			return ret;
	}
	for (i = 0; i < ARRAY_SIZE(muxes); i++) {
		const char *parent;
		unsigned long rate = mux_rate(c, &muxes[i], &parent);

		ret = cprman_add(dev, c, muxes[i].id, muxes[i].name, parent, rate);
		if (ret)
			return ret;
	}
	ret = devm_of_clk_add_provider(dev, cprman_get, c);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, c);
	dev_info(dev, "%u clocks from %s at %lu Hz: uart %lu Hz, vpu %lu Hz\n",
		 (unsigned int)(NR_PLLS + ARRAY_SIZE(chans) + ARRAY_SIZE(muxes)), c->osc_name,
		 c->osc, clk_get_rate(c->clks[19]), clk_get_rate(c->clks[20]));
	return 0;
}

static const struct of_device_id cprman_of_match[] = {
	{ .compatible = "brcm,bcm2835-cprman" },
	{ }
};

static struct platform_driver cprman_driver = {
	.probe = cprman_probe,
	.driver = {
		.name = "bcm2835-cprman",
		.of_match_table = cprman_of_match,
	},
};
module_platform_driver(cprman_driver);
