// SPDX-License-Identifier: BSD-2-Clause
/*
 * ASPEED watchdog (`aspeed,ast2400-wdt`, `-ast2500-wdt`, `-ast2600-wdt`) as
 * the board's reset: `reboot` arms it with a short count and it resets the
 * SoC when the count runs out, as Linux's aspeed_wdt_restart() does.  The
 * watchdog's own job (a daemon pinging it) is not here: coyote has no
 * watchdog core.  The counter runs at 1 MHz (the AST2400 picks that clock
 * with a control bit, the later SoCs always use it).
 *
 * QEMU 7.2's aspeed.wdt models the counter and, when it expires with
 * "reset system" set, resets the machine: under -no-reboot QEMU exits.
 */
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <asm/io.h>

#define WDT_RELOAD_VALUE	0x04
#define WDT_RESTART		0x08
#define  WDT_RESTART_MAGIC	0x4755		/* reloads the counter */
#define WDT_CTRL		0x0c
#define  WDT_CTRL_1MHZ_CLK	(1u << 4)
#define  WDT_CTRL_RESET_SYSTEM	(1u << 1)
#define  WDT_CTRL_ENABLE	(1u << 0)

#define WDT_RESTART_US		128000u		/* 128 ms at 1 MHz */
#define WDT_WAIT_MS		1000		/* then it should have happened */

struct aspeed_wdt {
	void __iomem *base;
	struct device *dev;
	struct notifier_block restart_nb;
};

static int aspeed_wdt_restart(struct notifier_block *nb, unsigned long action, void *data)
{
	struct aspeed_wdt *wdt = container_of(nb, struct aspeed_wdt, restart_nb);

	dev_notice(wdt->dev, "resetting the SoC in %u ms\n", WDT_RESTART_US / 1000);
	writel(0, wdt->base + WDT_CTRL);
	writel(WDT_RESTART_US, wdt->base + WDT_RELOAD_VALUE);
	writel(WDT_RESTART_MAGIC, wdt->base + WDT_RESTART);
	writel(WDT_CTRL_1MHZ_CLK | WDT_CTRL_RESET_SYSTEM | WDT_CTRL_ENABLE, wdt->base + WDT_CTRL);
	mdelay(WDT_WAIT_MS);
	writel(0, wdt->base + WDT_CTRL);
	dev_err(wdt->dev, "the watchdog ran out but the SoC did not reset\n");
	return NOTIFY_DONE;
}

static int aspeed_wdt_probe(struct platform_device *pdev)
{
	struct aspeed_wdt *wdt;

	wdt = devm_kzalloc(&pdev->dev, sizeof(*wdt), GFP_KERNEL);
	if (!wdt)
		return -ENOMEM;
	wdt->dev = &pdev->dev;
	wdt->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(wdt->base))
		return (int)PTR_ERR(wdt->base);
	wdt->restart_nb.notifier_call = aspeed_wdt_restart;
	wdt->restart_nb.priority = 128;
	platform_set_drvdata(pdev, wdt);
	return register_restart_handler(&wdt->restart_nb);
}

static int aspeed_wdt_remove(struct platform_device *pdev)
{
	struct aspeed_wdt *wdt = platform_get_drvdata(pdev);

	return unregister_restart_handler(&wdt->restart_nb);
}

static const struct of_device_id aspeed_wdt_of_match[] = {
	{ .compatible = "aspeed,ast2400-wdt" },
	{ .compatible = "aspeed,ast2500-wdt" },
	{ .compatible = "aspeed,ast2600-wdt" },
	{ }
};

static struct platform_driver aspeed_wdt_driver = {
	.probe = aspeed_wdt_probe,
	.remove = aspeed_wdt_remove,
	.driver = {
		.name = "aspeed_wdt",
		.of_match_table = aspeed_wdt_of_match,
	},
};
module_platform_driver(aspeed_wdt_driver);
