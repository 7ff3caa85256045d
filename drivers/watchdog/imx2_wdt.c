// SPDX-License-Identifier: BSD-2-Clause
/*
 * i.MX2+ watchdog ("fsl,imx21-wdt": i.MX6Q, i.MX6UL and the rest of the
 * family), as the board's reset: a restart handler that asserts the
 * watchdog's software reset, as Linux's imx2_wdt restart does.  Only that
 * half of Linux's driver: coyote has no watchdog device API, so the
 * watchdog timer itself is never started and nothing needs feeding.
 *
 * The registers are 16 bits wide.  Writing WCR with SRS clear resets the
 * SoC (QEMU's imx2.wdt resets the machine, and -no-reboot ends QEMU); the
 * i.MX6Q erratum ERR004346 needs the write repeated within one 32 kHz
 * clock period, which costs nothing elsewhere.
 */
#include <linux/clk.h>
#include <linux/errno.h>
#include <linux/notifier.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/reboot.h>
#include <asm/io.h>

#define IMX2_WDT_WCR		0x00	/* control, 16 bits */
#define IMX2_WDT_WCR_WDE	BIT(2)	/* watchdog enable */
#define IMX2_WDT_WCR_SRS	BIT(4)	/* 0 asserts the software reset */
/* Reads that give the reset time to take hold (a few ms on QEMU and
 * silicon) before the next handler is tried. */
#define IMX2_WDT_RESET_SPIN	1000000

struct imx2_wdt {
	void __iomem *base;
	struct notifier_block restart;
};

static int imx2_wdt_restart(struct notifier_block *nb, unsigned long action, void *data)
{
	struct imx2_wdt *wdev = container_of(nb, struct imx2_wdt, restart);

	for (int i = 0; i < 3; i++)
		writew(IMX2_WDT_WCR_WDE, wdev->base + IMX2_WDT_WCR);
	for (int spin = 0; spin < IMX2_WDT_RESET_SPIN; spin++)
		readw(wdev->base + IMX2_WDT_WCR);
	return NOTIFY_DONE;	/* still here: the next handler may try */
}

static int imx2_wdt_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct imx2_wdt *wdev;
	struct clk *clk;

	wdev = devm_kzalloc(dev, sizeof(*wdev), GFP_KERNEL);
	if (!wdev)
		return -ENOMEM;
	wdev->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(wdev->base))
		return (int)PTR_ERR(wdev->base);
	/* Its registers need their clock: wait for the clock controller. */
	clk = devm_clk_get(dev, NULL);
	if (IS_ERR(clk))
		return dev_err_probe(dev, (int)PTR_ERR(clk), "no clock");
	wdev->restart.notifier_call = imx2_wdt_restart;
	wdev->restart.priority = 128;
	platform_set_drvdata(pdev, wdev);
	dev_info(dev, "restart handler (software reset through WCR)\n");
	return register_restart_handler(&wdev->restart);
}

static int imx2_wdt_remove(struct platform_device *pdev)
{
	struct imx2_wdt *wdev = platform_get_drvdata(pdev);

	return unregister_restart_handler(&wdev->restart);
}

static const struct of_device_id imx2_wdt_dt_ids[] = {
	{ .compatible = "fsl,imx21-wdt" },
	{ }
};

static struct platform_driver imx2_wdt_driver = {
	.probe = imx2_wdt_probe,
	.remove = imx2_wdt_remove,
	.driver = {
		.name = "imx2-wdt",
		.of_match_table = imx2_wdt_dt_ids,
	},
};
module_platform_driver(imx2_wdt_driver);
