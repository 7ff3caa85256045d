// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM SP804 dual timer.  The first one to probe drives the kernel tick: its
 * timer 0 counts down from rate/HZ in periodic mode and interrupts HZ times
 * a second.  The rate comes from the tree: the node's `clocks` (a
 * fixed-clock, usually), so this probe defers until that clock's provider
 * has probed, and until the interrupt controller has.  Other SP804s, and
 * every SP804 when another timer drives the tick, bind and stay idle.
 */
#include <linux/clk.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>
#include <coyote/time.h>

#define TIMER_LOAD          0x00
#define TIMER_VALUE         0x04
#define TIMER_CTRL          0x08
#define TIMER_INTCLR        0x0c
#define TIMER_RIS           0x10
#define TIMER_MIS           0x14
#define TIMER_PERIPH_ID0    0xfe0
#define TIMER_2_BASE        0x20    /* the pair's second timer */

#define CTRL_ENABLE         0x80
#define CTRL_PERIODIC       0x40
#define CTRL_INTEN          0x20
#define CTRL_32BIT          0x02

#define AMBA_PART_MASK      0x000fffff
#define SP804_ID            0x00041804

struct sp804 {
	char __iomem *base;     /* timer 0 of the pair */
	struct clk *clk;
	unsigned long rate;
	int irq;
	bool is_tick;
	struct clocksource cs;	/* the second timer, free-running */
};

static bool tick_taken;

static u32 amba_periph_id(char __iomem *base)
{
	u32 id = 0;
	int i;

	for (i = 0; i < 4; i++)
		id |= (readl(base + TIMER_PERIPH_ID0 + 4 * i) & 0xff) << (8 * i);
	return id;
}

static irqreturn_t sp804_tick_interrupt(int irq, void *dev_id)
{
	struct sp804 *t = dev_id;

	if (!(readl(t->base + TIMER_MIS) & 1))
		return IRQ_NONE;
	writel(1, t->base + TIMER_INTCLR);
	tick_handle_periodic();
	return IRQ_HANDLED;
}

/* The second timer counts down from 0xffffffff: inverted, it counts up. */
static u32 sp804_clocksource_read(struct clocksource *cs)
{
	struct sp804 *t = cs->data;

	return ~readl(t->base + TIMER_2_BASE + TIMER_VALUE);
}

/* The tick's timer counts down to its next interrupt on the same clock. */
static u32 sp804_next_event(void *data)
{
	struct sp804 *t = data;

	return t->cs.read(&t->cs) + readl(t->base + TIMER_VALUE);
}

/* As Linux does: the tick's partner timer runs free as the clocksource. */
static void sp804_start_clocksource(struct device *dev, struct sp804 *t)
{
	char __iomem *base = t->base + TIMER_2_BASE;

	writel(0, base + TIMER_CTRL);
	writel(0xffffffffu, base + TIMER_LOAD);
	writel(CTRL_ENABLE | CTRL_32BIT, base + TIMER_CTRL);	/* free-running */
	t->cs = (struct clocksource){ .name = dev_name(dev), .read = sp804_clocksource_read,
				      .rate = t->rate, .data = t };
	clocksource_register(&t->cs);
}

/* The clock named in the binding first, then whatever comes first. */
static struct clk *sp804_get_clk(struct device *dev)
{
	struct clk *clk = devm_clk_get(dev, "timer0clk");

	if (PTR_ERR(clk) == -ENOENT)
		clk = devm_clk_get(dev, NULL);
	return clk;
}

static int sp804_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct sp804 *t;
	u32 id, load;
	int ret;

	t = devm_kzalloc(dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(t->base))
		return (int)PTR_ERR(t->base);
	id = amba_periph_id(t->base);
	if ((id & AMBA_PART_MASK) != SP804_ID)
		return dev_err_probe(dev, -ENODEV, "PeriphID %08x is not an SP804", (unsigned int)id);
	t->clk = sp804_get_clk(dev);
	if (IS_ERR(t->clk))
		return dev_err_probe(dev, (int)PTR_ERR(t->clk), "no clock for the timer");
	t->rate = clk_get_rate(t->clk);
	if (t->rate < HZ)
		return dev_err_probe(dev, -EINVAL, "clock rate %lu Hz is too low", t->rate);
	t->irq = platform_get_irq(pdev, 0);
	if (t->irq < 0)
		return t->irq;
	platform_set_drvdata(pdev, t);

	writel(0, t->base + TIMER_CTRL);
	writel(1, t->base + TIMER_INTCLR);
	if (tick_taken) {
		dev_info(dev, "%lu Hz, idle (the tick runs elsewhere)\n", t->rate);
		return 0;
	}
	ret = tick_register(dev_name(dev), HZ);
	if (ret == -EBUSY) {
		/* Another timer (the CPU's generic timer on a Cortex-A15 tile)
		 * probed first: this one is spare, as the other SP804s are. */
		dev_info(dev, "%lu Hz, idle (the tick runs elsewhere)\n", t->rate);
		return 0;
	}
	if (ret)
		return dev_err_probe(dev, ret, "cannot drive the tick");
	ret = devm_request_irq(dev, (unsigned int)t->irq, sp804_tick_interrupt, 0,
			       dev_name(dev), t);
	if (ret) {
		tick_unregister(dev_name(dev));
		return dev_err_probe(dev, ret, "cannot request IRQ %d", t->irq);
	}
	load = (u32)(t->rate / HZ);
	writel(load, t->base + TIMER_LOAD);
	writel(CTRL_ENABLE | CTRL_PERIODIC | CTRL_INTEN | CTRL_32BIT, t->base + TIMER_CTRL);
	sp804_start_clocksource(dev, t);
	tick_set_next_event(&t->cs, sp804_next_event, t);
	t->is_tick = true;
	tick_taken = true;
	device_set_essential(dev, "tick", NULL);
	dev_info(dev, "%lu Hz clock, tick every %u counts (virq %d)\n", t->rate, (unsigned int)load, t->irq);
	return 0;
}

static int sp804_remove(struct platform_device *pdev)
{
	struct sp804 *t = platform_get_drvdata(pdev);

	writel(0, t->base + TIMER_CTRL);
	writel(1, t->base + TIMER_INTCLR);
	if (t->is_tick) {
		clocksource_unregister(&t->cs);
		writel(0, t->base + TIMER_2_BASE + TIMER_CTRL);
		device_clear_essential(&pdev->dev, "tick");
		tick_unregister(dev_name(&pdev->dev));
		tick_taken = false;
	}
	return 0;
}

static const struct of_device_id sp804_of_match[] = {
	{ .compatible = "arm,sp804" },
	{ }
};

static struct platform_driver sp804_driver = {
	.probe = sp804_probe,
	.remove = sp804_remove,
	.driver = {
		.name = "sp804",
		.of_match_table = sp804_of_match,
	},
};
module_platform_driver(sp804_driver);
