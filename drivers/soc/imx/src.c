// SPDX-License-Identifier: BSD-2-Clause
/*
 * i.MX6 System Reset Controller (`fsl,imx6q-src`), the part that holds
 * the Cortex-A9 cores: core N (1-3) starts, at the address in its
 * general-purpose register GPR(2N+1), when its enable bit in SRC_SCR goes
 * to 1, its reset bit pulsed with it (the boot ROM on the real chip jumps
 * there; QEMU starts the core at it directly).  imx_src_boot_core() is
 * the release of the "fsl,imx6q-smp" method (imx6-smp.c).
 */
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/soc/imx/src.h>
#include <asm/barrier.h>
#include <asm/io.h>

#define SRC_SCR				0x000
#define SRC_GPR1			0x020	/* + 8 * core: entry; + 4: its argument */
#define BP_SRC_SCR_CORE1_RST		14	/* + core - 1 */
#define BP_SRC_SCR_CORE1_ENABLE		22	/* + core - 1 */
#define SRC_NR_CORES			4

static char __iomem *src_base;

int imx_src_boot_core(unsigned int core, unsigned long entry)
{
	u32 scr;

	if (!src_base)
		return -ENODEV;
	if (!core || core >= SRC_NR_CORES)
		return -EINVAL;
	writel((u32)entry, src_base + SRC_GPR1 + 8 * core);
	dsb();
	scr = readl(src_base + SRC_SCR);
	scr |= 1u << (BP_SRC_SCR_CORE1_ENABLE + core - 1);
	scr |= 1u << (BP_SRC_SCR_CORE1_RST + core - 1);
	writel(scr, src_base + SRC_SCR);
	return 0;
}

static int imx_src_probe(struct platform_device *pdev)
{
	char __iomem *base = devm_platform_ioremap_resource(pdev, 0);

	if (IS_ERR(base))
		return (int)PTR_ERR(base);
	if (src_base)
		return dev_err_probe(&pdev->dev, -EBUSY, "a second SRC: one is bound already");
	src_base = base;
	dev_info(&pdev->dev, "system reset controller: releases the secondary cores\n");
	return 0;
}

static int imx_src_remove(struct platform_device *pdev)
{
	src_base = NULL;
	return 0;
}

static const struct of_device_id imx_src_of_match[] = {
	{ .compatible = "fsl,imx6q-src" },
	{ }
};

static struct platform_driver imx_src_driver = {
	.probe = imx_src_probe,
	.remove = imx_src_remove,
	.driver = {
		.name = "imx-src",
		.of_match_table = imx_src_of_match,
	},
};
module_platform_driver(imx_src_driver);
