// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835 power-management block's watchdog (`brcm,bcm2835-pm`, and the
 * older `brcm,bcm2835-pm-wdt`): coyote uses it as Linux does at restart,
 * a watchdog armed with a few ticks and a full reset asked for in RSTC,
 * and at power-off, the same reset with the boot partition set to 63 in
 * RSTS, which the Pi's firmware reads as "halt" (QEMU 7.2 ends the
 * machine on it).  Every write carries the block's password in its top
 * byte; a write without it is ignored by the hardware.
 *
 * QEMU 7.2 models RSTC's reset and RSTS's halt partition, not the
 * watchdog's countdown: the reset is immediate there.
 */
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <asm/io.h>

#define PM_RSTC			0x1c
#define PM_RSTS			0x20
#define PM_WDOG			0x24

#define PM_PASSWORD		0x5a000000u
#define PM_WDOG_TIME_SET	0x000fffffu
#define PM_RSTC_WRCFG_CLR	0xffffffcfu
#define PM_RSTC_WRCFG_FULL_RESET 0x00000020u
#define PM_RSTS_HADWRH_SET	0x00000040u
/* Partition 63, spread over RSTS's even bits: the firmware halts. */
#define PM_RSTS_RASPBERRYPI_HALT 0x00000555u
#define PM_RSTS_PARTITION_CLR	0xfffffaaau

#define WDT_RESET_TICKS		10	/* 16 us each */

struct bcm2835_wdt {
	void __iomem *base;
	struct notifier_block restart_nb;
	struct notifier_block power_off_nb;
	struct platform_device *pdev;
};

static void bcm2835_wdt_reset(struct bcm2835_wdt *wdt)
{
	char __iomem *base = wdt->base;

	writel(PM_PASSWORD | WDT_RESET_TICKS, base + PM_WDOG);
	writel(PM_PASSWORD | (readl(base + PM_RSTC) & PM_RSTC_WRCFG_CLR) | PM_RSTC_WRCFG_FULL_RESET,
	       base + PM_RSTC);
	/* A few ticks: wait them out; should the reset not come, say so. */
	for (volatile unsigned int spin = 0; spin < 10000000; spin++)
		;
	dev_err(&wdt->pdev->dev, "the watchdog did not reset the board\n");
}

static int bcm2835_wdt_restart(struct notifier_block *nb, unsigned long action, void *data)
{
	struct bcm2835_wdt *wdt = container_of(nb, struct bcm2835_wdt, restart_nb);

	dev_notice(&wdt->pdev->dev, "resetting by the PM watchdog\n");
	bcm2835_wdt_reset(wdt);
	return NOTIFY_DONE;
}

static int bcm2835_wdt_power_off(struct notifier_block *nb, unsigned long action, void *data)
{
	struct bcm2835_wdt *wdt = container_of(nb, struct bcm2835_wdt, power_off_nb);
	char __iomem *base = wdt->base;

	dev_notice(&wdt->pdev->dev, "halting: reset into partition 63\n");
	writel(PM_PASSWORD | (readl(base + PM_RSTS) & PM_RSTS_PARTITION_CLR) |
	       PM_RSTS_RASPBERRYPI_HALT, base + PM_RSTS);
	bcm2835_wdt_reset(wdt);
	return NOTIFY_DONE;
}

static int bcm2835_wdt_probe(struct platform_device *pdev)
{
	struct bcm2835_wdt *wdt;
	int ret;

	wdt = devm_kzalloc(&pdev->dev, sizeof(*wdt), GFP_KERNEL);
	if (!wdt)
		return -ENOMEM;
	wdt->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(wdt->base))
		return (int)PTR_ERR(wdt->base);
	wdt->pdev = pdev;
	wdt->restart_nb.notifier_call = bcm2835_wdt_restart;
	wdt->restart_nb.priority = 128;
	ret = register_restart_handler(&wdt->restart_nb);
	if (ret)
		return ret;
	/* Linux powers off through it only where the tree says it may. */
	if (of_property_read_bool(pdev->dev.of_node, "system-power-controller")) {
		wdt->power_off_nb.notifier_call = bcm2835_wdt_power_off;
		wdt->power_off_nb.priority = 128;
		register_power_off_handler(&wdt->power_off_nb);
	}
	platform_set_drvdata(pdev, wdt);
	dev_info(&pdev->dev, "PM watchdog: restart handler%s; last reset %s\n",
		 wdt->power_off_nb.notifier_call ? ", power-off handler" : "",
		 readl((char __iomem *)wdt->base + PM_RSTS) & PM_RSTS_HADWRH_SET ?
		 "by the watchdog" : "at power-on");
	return 0;
}

static int bcm2835_wdt_remove(struct platform_device *pdev)
{
	struct bcm2835_wdt *wdt = platform_get_drvdata(pdev);

	if (wdt->power_off_nb.notifier_call)
		unregister_power_off_handler(&wdt->power_off_nb);
	return unregister_restart_handler(&wdt->restart_nb);
}

static const struct of_device_id bcm2835_wdt_of_match[] = {
	{ .compatible = "brcm,bcm2835-pm" },
	{ .compatible = "brcm,bcm2835-pm-wdt" },
	{ }
};

static struct platform_driver bcm2835_wdt_driver = {
	.probe = bcm2835_wdt_probe,
	.remove = bcm2835_wdt_remove,
	.driver = {
		.name = "bcm2835-wdt",
		.of_match_table = bcm2835_wdt_of_match,
	},
};
module_platform_driver(bcm2835_wdt_driver);
