// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835 system timer (`brcm,bcm2835-system-timer`): a free-running
 * 64-bit counter at the tree's `clock-frequency` (1 MHz) whose low word is
 * the clocksource, and four compare channels, each raising its own
 * interrupt when the low word reaches its value (status bit set until
 * written back as 1).  Channels 0 and 2 belong to the VideoCore firmware;
 * like Linux, the tick uses channel 3, the tree's fourth interrupt.
 *
 * On the BCM2836 the CPU's generic timer is the better tick (per core, no
 * shared controller in between, a compare that catches up): Linux rates
 * it above this one.  coyote's tick has no ratings, so this timer stands
 * aside, idle, when the CPU has a generic timer (ID_PFR1) and the tree
 * describes it; else it ticks.  The clocksource goes to whichever counter
 * registers first; the other says so.
 */
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/cputype.h>
#include <asm/io.h>
#include <coyote/time.h>

#define SYSTIMER_CS		0x00	/* match status, write 1 to clear */
#define SYSTIMER_CLO		0x04
#define SYSTIMER_C(n)		(0x0c + 4 * (n))

#define TICK_CHANNEL		3

struct bcm2835_timer {
	void __iomem *base;
	u32 rate;
	u32 period;
	u32 next;
	bool is_tick;
	bool is_clocksource;
	struct clocksource cs;
};

static u32 bcm2835_timer_read(struct clocksource *cs)
{
	struct bcm2835_timer *t = cs->data;

	return readl((char __iomem *)t->base + SYSTIMER_CLO);
}

/* The tick's compare channel matches the clocksource's own counter. */
static u32 bcm2835_next_event(void *data)
{
	struct bcm2835_timer *t = data;

	return t->next;
}

static irqreturn_t bcm2835_timer_interrupt(int irq, void *dev_id)
{
	struct bcm2835_timer *t = dev_id;
	char __iomem *base = t->base;

	if (!(readl(base + SYSTIMER_CS) & (1u << TICK_CHANNEL)))
		return IRQ_NONE;
	writel(1u << TICK_CHANNEL, base + SYSTIMER_CS);
	/*
	 * One period after the last match, not after now: no drift.  The
	 * compare is an equality: a value already passed (a late interrupt)
	 * would wait a whole wrap of the counter, so skip the missed periods.
	 */
	do
		t->next += t->period;
	while ((s32)(t->next - readl(base + SYSTIMER_CLO)) <= 0);
	writel(t->next, base + SYSTIMER_C(TICK_CHANNEL));
	tick_handle_periodic();
	return IRQ_HANDLED;
}

/*
 * The tick on channel 3, when no other timer has it.
 * Return: 0 (ticking, or idle); platform_get_irq()'s or request_irq()'s error.
 */
static int bcm2835_timer_start_tick(struct platform_device *pdev, struct bcm2835_timer *t)
{
	struct device *dev = &pdev->dev;
	char __iomem *base = t->base;
	struct device_node *gt;
	int irq, ret;

	irq = platform_get_irq(pdev, TICK_CHANNEL);
	if (irq < 0)
		return irq;
	gt = of_find_compatible_node(NULL, NULL, "arm,armv7-timer");
	ret = cpu_has_generic_timer() && gt && of_device_is_available(gt);
	of_node_put(gt);
	if (ret) {
		dev_info(dev, "%u Hz, tick idle (the CPU's generic timer is the better tick)\n",
			 (unsigned int)t->rate);
		return 0;
	}
	ret = tick_register(dev_name(dev), HZ);
	if (ret == -EBUSY) {
		dev_info(dev, "%u Hz, tick idle (the tick runs elsewhere)\n", (unsigned int)t->rate);
		return 0;
	}
	if (ret)
		return dev_err_probe(dev, ret, "cannot drive the tick");
	writel(1u << TICK_CHANNEL, base + SYSTIMER_CS);
	ret = devm_request_irq(dev, (unsigned int)irq, bcm2835_timer_interrupt, 0,
			       dev_name(dev), t);
	if (ret) {
		tick_unregister(dev_name(dev));
		return dev_err_probe(dev, ret, "cannot request IRQ %d", irq);
	}
	t->next = readl(base + SYSTIMER_CLO) + t->period;
	writel(t->next, base + SYSTIMER_C(TICK_CHANNEL));
	tick_set_next_event(&t->cs, bcm2835_next_event, t);
	t->is_tick = true;
	dev_info(dev, "tick on channel %d every %u counts (virq %d)\n", TICK_CHANNEL,
		 (unsigned int)t->period, irq);
	return 0;
}

static int bcm2835_timer_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bcm2835_timer *t;
	int ret;

	t = devm_kzalloc(dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(t->base))
		return (int)PTR_ERR(t->base);
	if (of_property_read_u32(dev->of_node, "clock-frequency", &t->rate))
		return dev_err_probe(dev, -EINVAL, "no clock-frequency");
	if (t->rate < HZ)
		return dev_err_probe(dev, -EINVAL, "clock-frequency %u Hz is too low",
				     (unsigned int)t->rate);
	t->period = t->rate / HZ;
	platform_set_drvdata(pdev, t);

	ret = bcm2835_timer_start_tick(pdev, t);
	if (ret)
		return ret;
	t->cs = (struct clocksource){ .name = dev_name(dev), .read = bcm2835_timer_read,
				      .rate = t->rate, .data = t };
	ret = clocksource_register(&t->cs);
	if (ret == -EBUSY)
		dev_info(dev, "%u Hz counter, not the clocksource (another one is)\n",
			 (unsigned int)t->rate);
	else if (ret)
		dev_warn(dev, "cannot be the clocksource: %s\n", errname(ret));
	t->is_clocksource = !ret;
	return 0;
}

static int bcm2835_timer_remove(struct platform_device *pdev)
{
	struct bcm2835_timer *t = platform_get_drvdata(pdev);

	if (t->is_clocksource)
		clocksource_unregister(&t->cs);
	if (t->is_tick) {
		/* Channel 3 keeps its compare value but nobody waits on it. */
		writel(1u << TICK_CHANNEL, (char __iomem *)t->base + SYSTIMER_CS);
		tick_unregister(dev_name(&pdev->dev));
	}
	return 0;
}

static const struct of_device_id bcm2835_timer_of_match[] = {
	{ .compatible = "brcm,bcm2835-system-timer" },
	{ }
};

static struct platform_driver bcm2835_timer_driver = {
	.probe = bcm2835_timer_probe,
	.remove = bcm2835_timer_remove,
	.driver = {
		.name = "bcm2835-timer",
		.of_match_table = bcm2835_timer_of_match,
	},
};
module_platform_driver(bcm2835_timer_driver);
