// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835 random number generator (`brcm,bcm2835-rng`): enabled once
 * (RBGEN, after a warm-up count that discards its first bits), it fills a
 * FIFO whose word count STATUS's top byte gives; each read of DATA takes
 * one 32-bit word.  QEMU 7.2 says one word is always there and answers
 * from the host's random source.  The interrupt is not used: `rng` reads
 * what is there, waiting (bounded) only when asked to.
 */
#include <linux/errno.h>
#include <linux/hw_random.h>
#include <linux/platform_device.h>
#include <linux/string.h>
#include <asm/io.h>

#define RNG_CTRL		0x0
#define RNG_STATUS		0x4
#define RNG_DATA		0x8
#define RNG_INT_MASK		0x10

#define RNG_RBGEN		0x1
#define RNG_WARMUP_COUNT	0x40000
#define RNG_INT_OFF		0x1
#define RNG_STATUS_WORDS(s)	((s) >> 24)
/* Reads of STATUS before a waiting read gives up: the FIFO refills in microseconds. */
#define RNG_WAIT_POLLS		1000000

struct bcm2835_rng {
	void __iomem *base;
	struct hwrng rng;
};

static int bcm2835_rng_read(struct hwrng *rng, void *data, size_t max, bool wait)
{
	struct bcm2835_rng *priv = container_of(rng, struct bcm2835_rng, rng);
	char __iomem *base = priv->base;
	size_t done = 0;
	u32 words;

	for (unsigned int polls = 0; !(words = RNG_STATUS_WORDS(readl(base + RNG_STATUS)));
	     polls++) {
		if (!wait)
			return 0;
		if (polls == RNG_WAIT_POLLS)
			return -ETIMEDOUT;
	}
	while (words-- && done < max) {
		u32 v = readl(base + RNG_DATA);
		size_t n = max - done < sizeof(v) ? max - done : sizeof(v);

		memcpy((u8 *)data + done, &v, n);
		done += n;
	}
	return (int)done;
}

static int bcm2835_rng_probe(struct platform_device *pdev)
{
	struct bcm2835_rng *priv;
	int ret;

	priv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	priv->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(priv->base))
		return (int)PTR_ERR(priv->base);
	writel(RNG_INT_OFF, (char __iomem *)priv->base + RNG_INT_MASK);
	writel(RNG_WARMUP_COUNT, (char __iomem *)priv->base + RNG_STATUS);
	writel(RNG_RBGEN, (char __iomem *)priv->base + RNG_CTRL);
	priv->rng.name = dev_name(&pdev->dev);
	priv->rng.read = bcm2835_rng_read;
	ret = hwrng_register(&priv->rng);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, priv);
	dev_info(&pdev->dev, "BCM2835 RNG, %u word(s) ready\n",
		 (unsigned int)RNG_STATUS_WORDS(readl((char __iomem *)priv->base + RNG_STATUS)));
	return 0;
}

static int bcm2835_rng_remove(struct platform_device *pdev)
{
	struct bcm2835_rng *priv = platform_get_drvdata(pdev);

	hwrng_unregister(&priv->rng);
	writel(0, (char __iomem *)priv->base + RNG_CTRL);
	return 0;
}

static const struct of_device_id bcm2835_rng_of_match[] = {
	{ .compatible = "brcm,bcm2835-rng" },
	{ }
};

static struct platform_driver bcm2835_rng_driver = {
	.probe = bcm2835_rng_probe,
	.remove = bcm2835_rng_remove,
	.driver = {
		.name = "bcm2835-rng",
		.of_match_table = bcm2835_rng_of_match,
	},
};
module_platform_driver(bcm2835_rng_driver);
