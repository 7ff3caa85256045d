// SPDX-License-Identifier: BSD-2-Clause
/*
 * Allwinner watchdog as the board's reset ("allwinner,sun4i-a10-wdt",
 * "allwinner,sun6i-a31-wdt"; the H3's is the latter): a restart handler
 * that, as Linux's sunxi_wdt restart does, selects "reset the system" as
 * the watchdog's action, arms it with its shortest time-out and restarts
 * the count, then waits for the board to go.  The two generations differ
 * only in where the registers sit and which bits mean what.
 *
 * QEMU 7.2 models neither watchdog (its A10 timer block keeps the sun4i
 * registers and does nothing with them; the H3's block is not there): the
 * reset does not happen, the handler says so after the wait and returns,
 * and `reboot` goes on to its next way out.
 */
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <asm/io.h>

#define WDT_CTRL_RELOAD		(BIT(0) | (0x0a57u << 1))	/* restart, with its key */
#define WDT_MODE_EN		BIT(0)
#define WDT_TIMEOUT_MASK	0x0f	/* 0: the shortest, half a second */
/* Long enough for the shortest time-out to expire. */
#define WDT_RESET_WAIT_MS	1500

struct sunxi_wdt_regs {
	u8 ctrl, cfg, mode;		/* offsets */
	u8 timeout_shift;
	u32 reset_mask, reset_val;	/* in cfg: the action on time-out */
};

struct sunxi_wdt {
	void __iomem *base;
	const struct sunxi_wdt_regs *regs;
	struct notifier_block nb;
	struct device *dev;
};

static const struct sunxi_wdt_regs sun4i_wdt_regs = {
	.ctrl = 0x00, .cfg = 0x04, .mode = 0x04, .timeout_shift = 3,
	.reset_mask = 0x02, .reset_val = 0x02,
};

static const struct sunxi_wdt_regs sun6i_wdt_regs = {
	.ctrl = 0x10, .cfg = 0x14, .mode = 0x18, .timeout_shift = 4,
	.reset_mask = 0x03, .reset_val = 0x01,
};

static int sunxi_wdt_restart(struct notifier_block *nb, unsigned long action, void *data)
{
	struct sunxi_wdt *w = container_of(nb, struct sunxi_wdt, nb);
	const struct sunxi_wdt_regs *r = w->regs;
	u32 val;

	dev_notice(w->dev, "resetting through the watchdog\n");
	val = readl(w->base + r->cfg);
	writel((val & ~r->reset_mask) | r->reset_val, w->base + r->cfg);
	val = readl(w->base + r->mode);
	val &= ~(WDT_TIMEOUT_MASK << r->timeout_shift);
	writel(val | WDT_MODE_EN, w->base + r->mode);
	writel(WDT_CTRL_RELOAD, w->base + r->ctrl);

	mdelay(WDT_RESET_WAIT_MS);
	dev_err(w->dev, "the watchdog did not reset the board (QEMU 7.2 does not model it)\n");
	return NOTIFY_DONE;
}

static int sunxi_wdt_probe(struct platform_device *pdev)
{
	struct sunxi_wdt *w;

	w = devm_kzalloc(&pdev->dev, sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	w->regs = of_device_get_match_data(&pdev->dev);
	w->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(w->base))
		return (int)PTR_ERR(w->base);
	w->dev = &pdev->dev;
	w->nb.notifier_call = sunxi_wdt_restart;
	w->nb.priority = 128;
	platform_set_drvdata(pdev, w);
	dev_info(&pdev->dev, "restart handler (watchdog reset)\n");
	return register_restart_handler(&w->nb);
}

static int sunxi_wdt_remove(struct platform_device *pdev)
{
	struct sunxi_wdt *w = platform_get_drvdata(pdev);

	return unregister_restart_handler(&w->nb);
}

static const struct of_device_id sunxi_wdt_of_match[] = {
	{ .compatible = "allwinner,sun4i-a10-wdt", .data = &sun4i_wdt_regs },
	{ .compatible = "allwinner,sun6i-a31-wdt", .data = &sun6i_wdt_regs },
	{ }
};

static struct platform_driver sunxi_wdt_driver = {
	.probe = sunxi_wdt_probe,
	.remove = sunxi_wdt_remove,
	.driver = {
		.name = "sunxi-wdt",
		.of_match_table = sunxi_wdt_of_match,
	},
};
module_platform_driver(sunxi_wdt_driver);
