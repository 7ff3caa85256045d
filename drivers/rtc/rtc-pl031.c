// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM PL031 real-time clock (all three boards have one): an MMIO platform
 * device and an RTC class device like the DS1338.  It counts seconds since
 * the epoch: DR reads the count, LR loads a new one, CR bit 0 starts it.  The registers and the interrupt
 * come from the tree (`reg`, translated through its bus's ranges).  The
 * first RTC to register sets the system clock; QEMU's -rtc base drives
 * this one and the DS1338 alike.
 */
#include <linux/amba/bus.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/rtc.h>
#include <asm/io.h>

#define RTC_DR		0x00	/* data: seconds since 1970 */
#define RTC_LR		0x08	/* load */
#define RTC_CR		0x0c	/* control */
#define RTC_CR_EN	0x01
#define RTC_IMSC	0x10	/* interrupt mask: 1 = alarm interrupt on */
#define RTC_MIS		0x18	/* masked interrupt status */
#define RTC_ICR		0x1c	/* interrupt clear */
#define PL031_PART	0x031

struct pl031 {
	void __iomem *base;
	struct rtc_device *rtc;
};

static int pl031_read_time(struct device *dev, struct rtc_time *tm)
{
	struct pl031 *p = dev_get_drvdata(dev);

	rtc_time64_to_tm(readl(p->base + RTC_DR), tm);
	return 0;
}

static int pl031_set_time(struct device *dev, struct rtc_time *tm)
{
	struct pl031 *p = dev_get_drvdata(dev);
	time64_t t = rtc_tm_to_time64(tm);

	/* A 32-bit counter of seconds: it ends in 2106. */
	if (t < 0 || t > 0xffffffffLL)
		return -EINVAL;
	writel((u32)t, p->base + RTC_LR);
	return 0;
}

/* The alarm (match) interrupt: no alarms are set yet, so it stays masked;
 * the line is claimed as Linux's driver claims it, and acknowledged. */
static irqreturn_t pl031_interrupt(int irq, void *data)
{
	struct pl031 *p = data;

	if (!(readl(p->base + RTC_MIS) & 1))
		return IRQ_NONE;
	writel(1, p->base + RTC_ICR);
	return IRQ_HANDLED;
}

static const struct rtc_class_ops pl031_ops = {
	.read_time = pl031_read_time,
	.set_time = pl031_set_time,
};

static int pl031_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pl031 *p;
	u32 pid, cid;
	int irq, ret;

	p = devm_kzalloc(dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(p->base))
		return dev_err_probe(dev, (int)PTR_ERR(p->base), "no registers");
	pid = amba_read_id(p->base, AMBA_PERIPHID0);
	cid = amba_read_id(p->base, AMBA_CELLID0);
	if (cid != AMBA_CID || amba_part(pid) != PL031_PART || amba_manf(pid) != AMBA_VENDOR_ARM)
		return dev_err_probe(dev, -ENODEV, "ID %08x/%08x is not a PL031", pid, cid);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	writel(0, p->base + RTC_IMSC);
	writel(1, p->base + RTC_ICR);
	ret = devm_request_irq(dev, (unsigned int)irq, pl031_interrupt, 0, dev_name(dev), p);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request IRQ %d", irq);
	writel(readl(p->base + RTC_CR) | RTC_CR_EN, p->base + RTC_CR);
	dev_set_drvdata(dev, p);
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

/*
 * Upstream's Versatile tree says "arm,pl030" (the real board's older RTC);
 * QEMU puts a PL031 there.  Linux's AMBA bus matches primecells by their
 * ID registers, so there the PL031 driver binds; coyote matches by
 * compatible, so this table lists the PL030 too and the ID check in probe
 * decides: a real PL030 is refused (ENODEV), QEMU's PL031 is taken.
 */
static const struct of_device_id pl031_of_match[] = {
	{ .compatible = "arm,pl031" },
	{ .compatible = "arm,pl030" },
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
