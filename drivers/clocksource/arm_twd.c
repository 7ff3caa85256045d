// SPDX-License-Identifier: BSD-2-Clause
/*
 * Cortex-A9 private timer ("TWD", `arm,cortex-a9-twd-timer`): every core
 * of an A9 MPCore has its own, at the same address (each core sees its
 * own registers there), interrupting through the same PPI.  It is what
 * gives each secondary core its own tick: started on each one as it comes
 * up (a CPU hotplug starting callback), counting down from rate/HZ in
 * auto-reload mode.  The boot CPU keeps the tick it has (the SP804 on
 * vexpress-a9, the GPT on i.MX6), so a uniprocessor boot is unchanged.
 *
 * The rate: the first secondary measures it against the clocksource over
 * CALIBRATE_MS (the lowest of CALIBRATE_RUNS, each end of a window read
 * between two clocksource reads), once, as Linux does against jiffies
 * when the node has no `clocks` (the upstream vexpress tree).  When it
 * has (i.MX6: the ARM core clock halved), the tree's rate is used, unless
 * the measurement says otherwise by more than a tenth: QEMU clocks every
 * TWD at 100 MHz whatever the tree says, and a tick four times too slow
 * helps nobody; the log says which rate won.
 */
#include <linux/clk.h>
#include <linux/cpuhotplug.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/jiffies.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>
#include <coyote/time.h>

#define TWD_TIMER_LOAD		0x00
#define TWD_TIMER_COUNTER	0x04
#define TWD_TIMER_CONTROL	0x08
#define TWD_TIMER_INTSTAT	0x0c

#define TWD_TIMER_CONTROL_ENABLE	(1u << 0)
#define TWD_TIMER_CONTROL_PERIODIC	(1u << 1)	/* reload from LOAD at 0 */
#define TWD_TIMER_CONTROL_IT_ENABLE	(1u << 2)

#define CALIBRATE_MS		10
#define CALIBRATE_RUNS		5
#define BRACKET_TRIES		8
#define BRACKET_NS		20000	/* a read this well placed is kept */

struct twd {
	struct device *dev;
	char __iomem *base;
	unsigned long rate;	/* the tree's, then the one used */
	bool measured;
	int irq;
};

static struct twd *twd_local;	/* the one the starting callback uses */

static irqreturn_t twd_interrupt(int irq, void *dev_id)
{
	struct twd *t = dev_id;

	if (!(readl(t->base + TWD_TIMER_INTSTAT) & 1))
		return IRQ_NONE;
	writel(1, t->base + TWD_TIMER_INTSTAT);
	tick_handle_periodic();
	return IRQ_HANDLED;
}

/*
 * The counter and the clocksource time it was read at: the middle of the
 * narrowest of a few brackets of two clocksource reads.  Under QEMU a busy
 * host can stall this vCPU between a time and a counter read for a whole
 * host time slice, a third of the window: an unbracketed read put the
 * secondaries' tick half as fast again as the clocksource.
 */
static u32 twd_read_timed(struct twd *t, u64 *at)
{
	u64 best = ~0ull;
	u32 count = 0;

	for (int i = 0; i < BRACKET_TRIES && best > BRACKET_NS; i++) {
		u64 before = ktime_get_ns();
		u32 c = readl(t->base + TWD_TIMER_COUNTER);
		u64 width = ktime_get_ns() - before;

		if (width < best) {
			best = width;
			count = c;
			*at = before + width / 2;
		}
	}
	return count;
}

/*
 * Count this core's timer down, free, against the clocksource.  Return:
 * the rate in Hz, or 0 when the clocksource does not move (none yet).
 */
static unsigned long twd_calibrate(struct twd *t)
{
	u32 c0, c1;
	u64 t0, t1;

	if (!clocksource_get())
		return 0;	/* the clock stands still: mdelay() would not wait */
	writel(~0u, t->base + TWD_TIMER_LOAD);
	writel(TWD_TIMER_CONTROL_ENABLE, t->base + TWD_TIMER_CONTROL);
	c0 = twd_read_timed(t, &t0);
	mdelay(CALIBRATE_MS);
	c1 = twd_read_timed(t, &t1);
	writel(0, t->base + TWD_TIMER_CONTROL);
	if (t1 <= t0 || c1 > c0)
		return 0;
	return (unsigned long)((u64)(c0 - c1) * 1000000000ull / (t1 - t0));
}

/* The lowest of CALIBRATE_RUNS measurements (clocksource_rate_lowest()
 * says why): on a busy host QEMU's i.MX6 measured up to 180 MHz for its
 * 100 MHz TWD, never below 97. */
static unsigned long twd_measure(struct twd *t)
{
	unsigned long rates[CALIBRATE_RUNS];

	for (int i = 0; i < CALIBRATE_RUNS; i++)
		rates[i] = twd_calibrate(t);
	return clocksource_rate_lowest(rates, CALIBRATE_RUNS);
}

/* Once, on the first secondary: the rate the ticks are counted by. */
static int twd_set_rate(struct twd *t)
{
	unsigned long got = twd_measure(t), tree = t->rate;

	if (got < HZ) {
		if (tree < HZ)
			return -ENODEV;
		got = tree;	/* no clocksource: nothing to measure against */
	}
	t->measured = true;
	if (tree && (got > tree ? got - tree : tree - got) <= tree / 10) {
		dev_info(t->dev, "%lu Hz (the tree's clock; measured %lu)\n", tree, got);
		return 0;
	}
	t->rate = got;
	if (tree)
		dev_warn(t->dev, "counts at %lu Hz, not the %lu Hz of its clock in the tree: "
			 "using the measured rate\n", got, tree);
	else
		dev_info(t->dev, "%lu Hz (measured against the clocksource)\n", got);
	return 0;
}

static int twd_starting_cpu(unsigned int cpu)
{
	struct twd *t = twd_local;

	if (!t)
		return -ENODEV;
	writel(0, t->base + TWD_TIMER_CONTROL);
	if (!t->measured) {
		int ret = twd_set_rate(t);

		if (ret)
			return ret;
	}
	writel(1, t->base + TWD_TIMER_INTSTAT);
	writel((u32)(t->rate / HZ) - 1, t->base + TWD_TIMER_LOAD);
	writel(TWD_TIMER_CONTROL_ENABLE | TWD_TIMER_CONTROL_PERIODIC | TWD_TIMER_CONTROL_IT_ENABLE,
	       t->base + TWD_TIMER_CONTROL);
	enable_percpu_irq((unsigned int)t->irq, 0);
	return 0;
}

static int twd_dying_cpu(unsigned int cpu)
{
	struct twd *t = twd_local;

	if (!t)
		return 0;
	writel(0, t->base + TWD_TIMER_CONTROL);
	disable_percpu_irq((unsigned int)t->irq);
	return 0;
}

static int twd_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct clk *clk;
	struct twd *t;
	int ret;

	if (twd_local)
		return dev_err_probe(dev, -EBUSY, "a second TWD: the cores' timers are bound already");
	t = devm_kzalloc(dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->dev = dev;
	t->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(t->base))
		return (int)PTR_ERR(t->base);
	clk = devm_clk_get(dev, NULL);
	if (PTR_ERR(clk) == -EPROBE_DEFER)
		return -EPROBE_DEFER;
	t->rate = IS_ERR(clk) ? 0 : clk_get_rate(clk);
	t->irq = platform_get_irq(pdev, 0);
	if (t->irq < 0)
		return t->irq;
	writel(0, t->base + TWD_TIMER_CONTROL);		/* the boot CPU's: not used */
	ret = devm_request_irq(dev, (unsigned int)t->irq, twd_interrupt, 0, dev_name(dev), t);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request its PPI %d", t->irq);
	platform_set_drvdata(pdev, t);
	twd_local = t;
	cpuhp_setup_state_nocalls(CPUHP_AP_ARM_TWD_STARTING, "clockevents/arm/twd:starting",
				  twd_starting_cpu, twd_dying_cpu);
	dev_info(dev, "each secondary core's tick (%s rate checked when one comes up)\n",
		 t->rate ? "the tree's" : "its");
	return 0;
}

static int twd_remove(struct platform_device *pdev)
{
	cpuhp_remove_state(CPUHP_AP_ARM_TWD_STARTING);
	twd_local = NULL;
	return 0;
}

static const struct of_device_id twd_of_match[] = {
	{ .compatible = "arm,cortex-a9-twd-timer" },
	{ .compatible = "arm,cortex-a5-twd-timer" },
	{ }
};

static struct platform_driver twd_driver = {
	.probe = twd_probe,
	.remove = twd_remove,
	.driver = {
		.name = "smp_twd",
		.of_match_table = twd_of_match,
	},
};
module_platform_driver(twd_driver);
