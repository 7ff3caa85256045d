// SPDX-License-Identifier: BSD-2-Clause
/*
 * i.MX General Purpose Timer (GPT), the version-2 block of the i.MX6
 * family ("fsl,imx6q-gpt", "fsl,imx6dl-gpt", "fsl,imx6sx-gpt", which the
 * 6UL's tree names as its fallback).
 *
 * One 32-bit up-counter with three compare registers.  The counter runs
 * free (FRR) from the "per" clock and is the clocksource; compare 1 is
 * the tick: each interrupt moves it one period on from the last compare
 * value, never from "now", so a late interrupt does not make the tick
 * drift.  The first GPT to probe drives the tick; another binds idle.
 */
#include <linux/clk.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>
#include <coyote/time.h>

#define MXC_TCTL		0x00
#define MXC_TPRER		0x04	/* prescaler: counts every (n + 1) clocks */
#define V2_TSTAT		0x08
#define V2_IR			0x0c
#define V2_TCMP			0x10	/* compare 1 */
#define V2_TCN			0x24	/* the counter */

#define V2_TCTL_EN		BIT(0)
#define V2_TCTL_ENMOD		BIT(1)	/* enable starts the counter from 0 */
#define V2_TCTL_WAITEN		BIT(3)
#define V2_TCTL_CLK_PER		(2 << 6)	/* "per" clock (ipg_clk_highfreq) */
#define V2_TCTL_FRR		BIT(9)	/* free run past the compare value */
#define V2_TCTL_SWR		BIT(15)
#define V2_TSTAT_OF1		BIT(0)
#define V2_IR_OF1IE		BIT(0)
#define V2_TSTAT_ALL		0x3f

#define GPT_RESET_SPIN		1000

struct imx_timer {
	char __iomem *base;
	unsigned long rate;
	u32 period;			/* counts per tick */
	u32 next;			/* compare value of the coming tick */
	int irq;
	bool is_tick;
	struct clocksource cs;
};

static u32 imx_gpt_read(struct clocksource *cs)
{
	struct imx_timer *t = cs->data;

	return readl(t->base + V2_TCN);
}

/* The compare value is a count of the clocksource's own counter. */
static u32 imx_gpt_next_event(void *data)
{
	struct imx_timer *t = data;

	return t->next;
}

/* Every period that has passed since the last tick is a tick. */
static irqreturn_t imx_gpt_interrupt(int irq, void *dev_id)
{
	struct imx_timer *t = dev_id;

	if (!(readl(t->base + V2_TSTAT) & V2_TSTAT_OF1))
		return IRQ_NONE;
	writel(V2_TSTAT_OF1, t->base + V2_TSTAT);
	for (;;) {
		do {
			t->next += t->period;
			tick_handle_periodic();
		} while ((s32)(readl(t->base + V2_TCN) - t->next) >= 0);
		writel(t->next, t->base + V2_TCMP);
		/*
		 * A compare value the counter passed while it was written
		 * matches again only after a wrap (65 s at 66 MHz), unless
		 * the match was latched: then the interrupt counts it.
		 */
		if ((s32)(readl(t->base + V2_TCN) - t->next) < 0 ||
		    (readl(t->base + V2_TSTAT) & V2_TSTAT_OF1))
			break;
	}
	return IRQ_HANDLED;
}

/* Stopped, reset, no interrupt: how probe leaves an idle GPT and remove any. */
static void imx_gpt_stop(struct imx_timer *t)
{
	writel(0, t->base + V2_IR);
	writel(0, t->base + MXC_TCTL);
	writel(V2_TCTL_SWR, t->base + MXC_TCTL);
	for (int spin = 0; readl(t->base + MXC_TCTL) & V2_TCTL_SWR; spin++)
		if (spin == GPT_RESET_SPIN)
			break;	/* QEMU keeps the bit until the next write */
	writel(0, t->base + MXC_TCTL);
	writel(V2_TSTAT_ALL, t->base + V2_TSTAT);
}

static int imx_gpt_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct imx_timer *t;
	struct clk *ipg, *per;
	int ret;

	t = devm_kzalloc(dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(t->base))
		return (int)PTR_ERR(t->base);
	/* "ipg" clocks the registers, "per" the counter. */
	ipg = devm_clk_get(dev, "ipg");
	if (IS_ERR(ipg))
		return dev_err_probe(dev, (int)PTR_ERR(ipg), "no ipg clock");
	per = devm_clk_get(dev, "per");
	if (IS_ERR(per))
		return dev_err_probe(dev, (int)PTR_ERR(per), "no per clock");
	t->rate = clk_get_rate(per);
	if (t->rate < HZ)
		return dev_err_probe(dev, -EINVAL, "per clock rate %lu Hz is too low", t->rate);
	t->irq = platform_get_irq(pdev, 0);
	if (t->irq < 0)
		return t->irq;
	platform_set_drvdata(pdev, t);

	imx_gpt_stop(t);
	ret = tick_register(dev_name(dev), HZ);
	if (ret == -EBUSY) {
		dev_info(dev, "%lu Hz, idle (the tick runs elsewhere)\n", t->rate);
		return 0;
	}
	if (ret)
		return dev_err_probe(dev, ret, "cannot drive the tick");
	ret = devm_request_irq(dev, (unsigned int)t->irq, imx_gpt_interrupt, 0, dev_name(dev), t);
	if (ret) {
		tick_unregister(dev_name(dev));
		return dev_err_probe(dev, ret, "cannot request IRQ %d", t->irq);
	}
	t->period = (u32)(t->rate / HZ);
	writel(0, t->base + MXC_TPRER);
	writel(V2_TCTL_CLK_PER | V2_TCTL_FRR | V2_TCTL_WAITEN | V2_TCTL_ENMOD | V2_TCTL_EN,
	       t->base + MXC_TCTL);
	t->next = readl(t->base + V2_TCN) + t->period;
	writel(t->next, t->base + V2_TCMP);
	writel(V2_IR_OF1IE, t->base + V2_IR);

	t->cs = (struct clocksource){ .name = dev_name(dev), .read = imx_gpt_read,
				      .rate = t->rate, .data = t };
	clocksource_register(&t->cs);
	tick_set_next_event(&t->cs, imx_gpt_next_event, t);
	t->is_tick = true;
	device_set_essential(dev, "tick", NULL);
	dev_info(dev, "%lu Hz per clock, tick every %u counts (virq %d)\n", t->rate,
		 (unsigned int)t->period, t->irq);
	return 0;
}

static int imx_gpt_remove(struct platform_device *pdev)
{
	struct imx_timer *t = platform_get_drvdata(pdev);

	imx_gpt_stop(t);
	if (t->is_tick) {
		clocksource_unregister(&t->cs);
		device_clear_essential(&pdev->dev, "tick");
		tick_unregister(dev_name(&pdev->dev));
	}
	return 0;
}

static const struct of_device_id imx_gpt_dt_ids[] = {
	{ .compatible = "fsl,imx6q-gpt" },
	{ .compatible = "fsl,imx6dl-gpt" },
	{ .compatible = "fsl,imx6sx-gpt" },
	{ .compatible = "fsl,imx6ul-gpt" },
	{ }
};

static struct platform_driver imx_gpt_driver = {
	.probe = imx_gpt_probe,
	.remove = imx_gpt_remove,
	.driver = {
		.name = "imx-gpt",
		.of_match_table = imx_gpt_dt_ids,
	},
};
module_platform_driver(imx_gpt_driver);
