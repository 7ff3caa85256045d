// SPDX-License-Identifier: BSD-2-Clause
/*
 * Allwinner A10 timer block ("allwinner,sun4i-a10-timer"): six down
 * counters, each with its own interrupt, clocked from the 24 MHz
 * oscillator the node's `clocks` names.  As Linux's timer-sun4i: timer 0
 * interrupts HZ times a second (periodic, reloading from its interval)
 * and drives the tick; timer 1 runs free from 0xffffffff as the
 * clocksource.  The A10's Cortex-A8 has no generic timer, so this is the
 * board's tick; where another timer has it already, this one stays idle.
 */
#include <linux/clk.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>
#include <coyote/time.h>

#define TIMER_IRQ_EN		0x00
#define TIMER_IRQ_ST		0x04	/* write 1 to clear */
#define TIMER_CTL(n)		(0x10 + 0x10 * (n))
#define TIMER_INTVAL(n)		(0x14 + 0x10 * (n))
#define TIMER_CNTVAL(n)		(0x18 + 0x10 * (n))

#define TIMER_CTL_ENABLE	BIT(0)
#define TIMER_CTL_RELOAD	BIT(1)	/* load INTVAL into the counter now */
#define TIMER_CTL_CLK_OSC24M	(1u << 2)	/* source: 0 LOSC, 1 OSC24M */

#define TICK_TIMER		0
#define CLOCKSOURCE_TIMER	1

struct sun4i_timer {
	void __iomem *base;
	unsigned long rate;
	bool is_tick;
	struct clocksource cs;
};

static irqreturn_t sun4i_timer_interrupt(int irq, void *dev_id)
{
	struct sun4i_timer *t = dev_id;

	if (!(readl(t->base + TIMER_IRQ_ST) & BIT(TICK_TIMER)))
		return IRQ_NONE;
	writel(BIT(TICK_TIMER), t->base + TIMER_IRQ_ST);
	tick_handle_periodic();
	return IRQ_HANDLED;
}

/* Timer 1 counts down from 0xffffffff: inverted, it counts up. */
static u32 sun4i_clocksource_read(struct clocksource *cs)
{
	struct sun4i_timer *t = cs->data;

	return ~readl(t->base + TIMER_CNTVAL(CLOCKSOURCE_TIMER));
}

/* The tick's timer counts down to its next interrupt on the same clock. */
static u32 sun4i_next_event(void *data)
{
	struct sun4i_timer *t = data;

	return t->cs.read(&t->cs) + readl(t->base + TIMER_CNTVAL(TICK_TIMER));
}

/* Periodic from @interval (no prescaler: the oscillator's own rate). */
static void sun4i_timer_start(struct sun4i_timer *t, int n, u32 interval)
{
	writel(0, t->base + TIMER_CTL(n));
	writel(interval, t->base + TIMER_INTVAL(n));
	writel(TIMER_CTL_CLK_OSC24M | TIMER_CTL_RELOAD, t->base + TIMER_CTL(n));
	writel(TIMER_CTL_CLK_OSC24M | TIMER_CTL_RELOAD | TIMER_CTL_ENABLE, t->base + TIMER_CTL(n));
}

static int sun4i_timer_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct sun4i_timer *t;
	struct clk *clk;
	int irq, ret;

	t = devm_kzalloc(dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(t->base))
		return (int)PTR_ERR(t->base);
	clk = devm_clk_get(dev, NULL);
	if (IS_ERR(clk))
		return dev_err_probe(dev, (int)PTR_ERR(clk), "no clock for the timer");
	t->rate = clk_get_rate(clk);
	if (t->rate < HZ)
		return dev_err_probe(dev, -EINVAL, "clock rate %lu Hz is too low", t->rate);
	irq = platform_get_irq(pdev, TICK_TIMER);
	if (irq < 0)
		return irq;
	platform_set_drvdata(pdev, t);
	writel(0, t->base + TIMER_IRQ_EN);
	writel(~0u, t->base + TIMER_IRQ_ST);

	ret = tick_register(dev_name(dev), HZ);
	if (ret == -EBUSY) {
		dev_info(dev, "%lu Hz, idle (the tick runs elsewhere)\n", t->rate);
		return 0;
	}
	if (ret)
		return dev_err_probe(dev, ret, "cannot drive the tick");
	ret = devm_request_irq(dev, (unsigned int)irq, sun4i_timer_interrupt, 0, dev_name(dev), t);
	if (ret) {
		tick_unregister(dev_name(dev));
		return dev_err_probe(dev, ret, "cannot request IRQ %d", irq);
	}
	sun4i_timer_start(t, CLOCKSOURCE_TIMER, ~0u);
	t->cs = (struct clocksource){ .name = dev_name(dev), .read = sun4i_clocksource_read,
				      .rate = t->rate, .data = t };
	clocksource_register(&t->cs);
	sun4i_timer_start(t, TICK_TIMER, (u32)(t->rate / HZ));
	tick_set_next_event(&t->cs, sun4i_next_event, t);
	writel(BIT(TICK_TIMER), t->base + TIMER_IRQ_EN);
	t->is_tick = true;
	device_set_essential(dev, "tick", NULL);
	dev_info(dev, "%lu Hz clock, tick every %lu counts (virq %d), timer %d the clocksource\n",
		 t->rate, t->rate / HZ, irq, CLOCKSOURCE_TIMER);
	return 0;
}

static int sun4i_timer_remove(struct platform_device *pdev)
{
	struct sun4i_timer *t = platform_get_drvdata(pdev);

	writel(0, t->base + TIMER_IRQ_EN);
	if (t->is_tick) {
		writel(0, t->base + TIMER_CTL(TICK_TIMER));
		clocksource_unregister(&t->cs);
		writel(0, t->base + TIMER_CTL(CLOCKSOURCE_TIMER));
		device_clear_essential(&pdev->dev, "tick");
		tick_unregister(dev_name(&pdev->dev));
	}
	writel(~0u, t->base + TIMER_IRQ_ST);
	return 0;
}

static const struct of_device_id sun4i_timer_of_match[] = {
	{ .compatible = "allwinner,sun4i-a10-timer" },
	{ }
};

static struct platform_driver sun4i_timer_driver = {
	.probe = sun4i_timer_probe,
	.remove = sun4i_timer_remove,
	.driver = {
		.name = "sun4i-timer",
		.of_match_table = sun4i_timer_of_match,
	},
};
module_platform_driver(sun4i_timer_driver);
