// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 5 starter: a platform driver for the ARM PL031 real-time clock.
 * Fill in the TODOs (docs/labs/lab5/README.md), then
 *     make lab-check LAB=5
 *
 * The chip counts seconds since 1970-01-01 in a 32-bit register: DR
 * (0x00) reads the count, LR (0x08) loads a new count, CR (0x0c) bit 0
 * starts the counter.  Like every PrimeCell it has ID registers: four
 * bytes of PeriphID from 0xfe0 (part number 0x031 in bits 11:0, designer
 * 0x41 'A' in bits 19:12) and four of CellID from 0xff0 (0xb105f00d), one
 * byte in the low 8 bits of each 32-bit register.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/rtc.h>
#include <asm/io.h>

#define RTC_DR		0x00	/* data: seconds since 1970 */
#define RTC_LR		0x08	/* load */
#define RTC_CR		0x0c	/* control */
#define RTC_CR_EN	0x01
#define RTC_PERIPHID0	0xfe0
#define RTC_CELLID0	0xff0

#define AMBA_CID	0xb105f00d
#define PL031_PART	0x031
#define ARM_DESIGNER	0x41

struct pl031 {
	void __iomem *base;
	struct rtc_device *rtc;
};

static int pl031_read_time(struct device *dev, struct rtc_time *tm)
{
	/* TODO 3: read DR; rtc_time64_to_tm() turns seconds into a date. */
	return -EOPNOTSUPP;
}

static int pl031_set_time(struct device *dev, struct rtc_time *tm)
{
	/* TODO 4: rtc_tm_to_time64(), refuse what 32 bits cannot hold, write LR. */
	return -EOPNOTSUPP;
}

static const struct rtc_class_ops pl031_ops = {
	.read_time = pl031_read_time,
	.set_time = pl031_set_time,
};

static int pl031_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pl031 *p;

	p = devm_kzalloc(dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	/*
	 * TODO 2: map the registers (devm_platform_ioremap_resource()), check
	 * the ID registers (-ENODEV through dev_err_probe() if it is not a
	 * PL031), start the counter (CR), then keep p with dev_set_drvdata().
	 */
	return dev_err_probe(dev, -ENODEV, "TODO: map, check the ID, start");

	p->rtc = rtc_device_register("pl031", dev, &pl031_ops);
	if (IS_ERR(p->rtc))
		return (int)PTR_ERR(p->rtc);
	return 0;
}

static int pl031_remove(struct platform_device *pdev)
{
	struct pl031 *p = dev_get_drvdata(&pdev->dev);

	rtc_device_unregister(p->rtc);
	return 0;
}

static const struct of_device_id pl031_of_match[] = {
	/* TODO 1: the entry for the board's rtc@101e8000 node. */
	{ }
};

static struct platform_driver pl031_driver = {
	.probe = pl031_probe,
	.remove = pl031_remove,
	.driver = {
		.name = "rtc-pl031",
		.of_match_table = pl031_of_match,
	},
};
module_platform_driver(pl031_driver);
