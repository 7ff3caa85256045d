// SPDX-License-Identifier: BSD-2-Clause
/*
 * Freescale Fast Ethernet Controller (FEC) / ENET of the i.MX6Q and
 * i.MX6UL ("fsl,imx6q-fec", "fsl,imx6ul-fec"), with its legacy buffer
 * descriptors: the enhanced ones are only used with the IEEE 1588 block
 * on (ECR.EN1588), which this driver leaves off.
 *
 * Two rings of eight-byte descriptors in RAM, each a length, flags and a
 * buffer's bus address.  Receive: every descriptor "empty" with a buffer;
 * the controller fills one per frame (CRC included), clears "empty" and
 * raises RXF; the interrupt hands the frames up and gives the
 * descriptors back.  Transmit: the frame is copied into the next free
 * buffer, its descriptor marked "ready", and TDAR tells the controller to
 * look.  The ring's last descriptor carries the wrap bit.
 *
 * RAM is mapped 1:1 with the caches off, so a buffer's CPU address is its
 * physical address, phys_to_dma() its bus address.  The PHY (on the
 * MDIO bus the tree describes) is not driven: QEMU's link is always up,
 * full duplex, and nothing here negotiates.  Its reset line
 * (phy-reset-gpios) is claimed as Linux's driver claims it, so the NIC
 * waits for that GPIO controller as Linux's does (sabrelite's tree names
 * one); coyote's gpiolib has no outputs, so it is not pulsed.
 */
#include <linux/clk.h>
#include <linux/device.h>
#include <linux/dma-direct.h>
#include <linux/errno.h>
#include <linux/gpio/consumer.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/of_net.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/io.h>

#define FEC_IEVENT		0x004	/* interrupt events, write 1 to clear */
#define FEC_IMASK		0x008
#define FEC_R_DES_ACTIVE	0x010	/* RDAR */
#define FEC_X_DES_ACTIVE	0x014	/* TDAR */
#define FEC_ECNTRL		0x024
#define FEC_R_CNTRL		0x084
#define FEC_X_CNTRL		0x0c4
#define FEC_ADDR_LOW		0x0e4	/* MAC bytes 0-3, byte 0 in 31:24 */
#define FEC_ADDR_HIGH		0x0e8	/* MAC bytes 4-5 in 31:16 */
#define FEC_HASH_TABLE_HIGH	0x118
#define FEC_HASH_TABLE_LOW	0x11c
#define FEC_GRP_HASH_TABLE_HIGH	0x120
#define FEC_GRP_HASH_TABLE_LOW	0x124
#define FEC_R_DES_START		0x180
#define FEC_X_DES_START		0x184
#define FEC_R_BUFF_SIZE		0x188

#define FEC_ENET_RXF		BIT(25)	/* a frame received */
#define FEC_ENET_TXF		BIT(27)
#define FEC_DES_ACTIVE		BIT(24)
#define FEC_ECR_RESET		BIT(0)
#define FEC_ECR_ETHEREN		BIT(1)
#define FEC_RCR_MII_MODE	BIT(2)	/* must be set */
#define FEC_RCR_MAX_FL_SHIFT	16
#define FEC_TCR_FDEN		BIT(2)	/* full duplex */

/* Buffer descriptor flags. */
#define BD_ENET_RX_EMPTY	0x8000
#define BD_ENET_TX_READY	0x8000
#define BD_SC_WRAP		0x2000
#define BD_ENET_LAST		0x0800
#define BD_ENET_TX_TC		0x0400	/* append the CRC */
#define BD_ENET_RX_ERRORS	0x0037	/* LG, NO, CR, OV, TR */

#define FEC_RX_RING		16
#define FEC_TX_RING		16
#define FEC_BUF_SIZE		1536	/* a multiple of 16, above a full frame */
#define FEC_MAX_FL		1518
#define FEC_RESET_SPIN		100000

struct bufdesc {
	u16 cbd_datlen;
	u16 cbd_sc;
	u32 cbd_bufaddr;
};

struct fec_enet_private {
	void __iomem *base;
	struct device *dev;
	struct net_device *ndev;
	volatile struct bufdesc *rx_bd, *tx_bd;	/* the controller writes them */
	u8 *rx_buf[FEC_RX_RING], *tx_buf[FEC_TX_RING];
	unsigned int rx_next, tx_next;
};

static dma_addr_t fec_dma(struct fec_enet_private *fep, const void *p)
{
	return phys_to_dma(fep->dev, (phys_addr_t)(uintptr_t)p);
}

/* A zeroed block of @size bytes aligned to 16, freed with the device. */
static void *fec_alloc_aligned(struct device *dev, size_t size)
{
	u8 *p = devm_kzalloc(dev, size + 15, GFP_KERNEL);

	return p ? (void *)(((uintptr_t)p + 15) & ~(uintptr_t)15) : NULL;
}

static netdev_tx_t fec_enet_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct fec_enet_private *fep = netdev_priv(ndev);
	unsigned int i = fep->tx_next, len = max(skb->len, (unsigned int)ETH_ZLEN);
	volatile struct bufdesc *bd = &fep->tx_bd[i];

	if (bd->cbd_sc & BD_ENET_TX_READY)
		return NETDEV_TX_BUSY;		/* the controller has not sent it yet */
	memset(fep->tx_buf[i], 0, len);
	memcpy(fep->tx_buf[i], skb->data, skb->len);
	bd->cbd_datlen = (u16)len;
	bd->cbd_sc = BD_ENET_TX_READY | BD_ENET_LAST | BD_ENET_TX_TC |
		     (i == FEC_TX_RING - 1 ? BD_SC_WRAP : 0);
	fep->tx_next = (i + 1) % FEC_TX_RING;
	writel(FEC_DES_ACTIVE, fep->base + FEC_X_DES_ACTIVE);
	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += len;
	return NETDEV_TX_OK;
}

/* Each filled descriptor: its frame up the stack, then back to "empty". */
static void fec_enet_rx(struct fec_enet_private *fep)
{
	struct net_device *ndev = fep->ndev;

	for (unsigned int n = 0; n < FEC_RX_RING; n++) {
		unsigned int i = fep->rx_next;
		volatile struct bufdesc *bd = &fep->rx_bd[i];
		u16 sc = bd->cbd_sc, len = bd->cbd_datlen;

		if (sc & BD_ENET_RX_EMPTY)
			break;
		if ((sc & BD_ENET_RX_ERRORS) || !(sc & BD_ENET_LAST)) {
			ndev->stats.rx_errors++;
		} else if (len < ETH_HLEN + 4 || len > FEC_BUF_SIZE) {
			ndev->stats.rx_errors++;
			ndev->stats.rx_length_errors++;
		} else {
			struct sk_buff skb = { .dev = ndev, .data = fep->rx_buf[i],
					       .len = len - 4u };	/* without the CRC */

			ndev->stats.rx_packets++;
			ndev->stats.rx_bytes += skb.len;
			netif_receive_skb(&skb);
		}
		bd->cbd_datlen = 0;
		bd->cbd_sc = BD_ENET_RX_EMPTY | (i == FEC_RX_RING - 1 ? BD_SC_WRAP : 0);
		fep->rx_next = (i + 1) % FEC_RX_RING;
	}
	/* The controller stops when it finds no empty descriptor: go on. */
	writel(FEC_DES_ACTIVE, fep->base + FEC_R_DES_ACTIVE);
}

static irqreturn_t fec_enet_interrupt(int irq, void *dev_id)
{
	struct fec_enet_private *fep = dev_id;
	u32 events = readl(fep->base + FEC_IEVENT) & readl(fep->base + FEC_IMASK);

	if (!events)
		return IRQ_NONE;
	writel(events, fep->base + FEC_IEVENT);
	if (events & FEC_ENET_RXF)
		fec_enet_rx(fep);
	return IRQ_HANDLED;
}

/* Both rings fresh: receive all empty, transmit all free. */
static void fec_enet_init_rings(struct fec_enet_private *fep)
{
	for (unsigned int i = 0; i < FEC_RX_RING; i++) {
		fep->rx_bd[i].cbd_bufaddr = (u32)fec_dma(fep, fep->rx_buf[i]);
		fep->rx_bd[i].cbd_datlen = 0;
		fep->rx_bd[i].cbd_sc = BD_ENET_RX_EMPTY | (i == FEC_RX_RING - 1 ? BD_SC_WRAP : 0);
	}
	for (unsigned int i = 0; i < FEC_TX_RING; i++) {
		fep->tx_bd[i].cbd_bufaddr = (u32)fec_dma(fep, fep->tx_buf[i]);
		fep->tx_bd[i].cbd_datlen = 0;
		fep->tx_bd[i].cbd_sc = i == FEC_TX_RING - 1 ? BD_SC_WRAP : 0;
	}
	fep->rx_next = fep->tx_next = 0;
}

static void fec_reset(struct fec_enet_private *fep)
{
	writel(FEC_ECR_RESET, fep->base + FEC_ECNTRL);
	for (int spin = 0; readl(fep->base + FEC_ECNTRL) & FEC_ECR_RESET; spin++)
		if (spin == FEC_RESET_SPIN)
			break;
}

static int fec_enet_open(struct net_device *ndev)
{
	struct fec_enet_private *fep = netdev_priv(ndev);
	const u8 *a = ndev->dev_addr;

	fec_reset(fep);		/* the reset clears the address: set it after */
	fec_enet_init_rings(fep);
	writel((u32)a[0] << 24 | a[1] << 16 | a[2] << 8 | a[3], fep->base + FEC_ADDR_LOW);
	writel((u32)a[4] << 24 | (u32)a[5] << 16, fep->base + FEC_ADDR_HIGH);
	writel(0, fep->base + FEC_HASH_TABLE_HIGH);
	writel(0, fep->base + FEC_HASH_TABLE_LOW);
	writel(0, fep->base + FEC_GRP_HASH_TABLE_HIGH);
	writel(0, fep->base + FEC_GRP_HASH_TABLE_LOW);
	writel(FEC_BUF_SIZE, fep->base + FEC_R_BUFF_SIZE);
	writel((u32)fec_dma(fep, (const void *)fep->rx_bd), fep->base + FEC_R_DES_START);
	writel((u32)fec_dma(fep, (const void *)fep->tx_bd), fep->base + FEC_X_DES_START);
	writel(FEC_MAX_FL << FEC_RCR_MAX_FL_SHIFT | FEC_RCR_MII_MODE, fep->base + FEC_R_CNTRL);
	writel(FEC_TCR_FDEN, fep->base + FEC_X_CNTRL);
	writel(~0u, fep->base + FEC_IEVENT);
	writel(FEC_ENET_RXF, fep->base + FEC_IMASK);
	writel(FEC_ECR_ETHEREN, fep->base + FEC_ECNTRL);
	writel(FEC_DES_ACTIVE, fep->base + FEC_R_DES_ACTIVE);
	return 0;
}

static int fec_enet_close(struct net_device *ndev)
{
	struct fec_enet_private *fep = netdev_priv(ndev);

	writel(0, fep->base + FEC_IMASK);
	writel(0, fep->base + FEC_ECNTRL);
	return 0;
}

static const struct net_device_ops fec_netdev_ops = {
	.ndo_open = fec_enet_open,
	.ndo_stop = fec_enet_close,
	.ndo_start_xmit = fec_enet_start_xmit,
};

/* The tree's address when it has a valid one, else what the controller holds. */
static void fec_get_mac(struct fec_enet_private *fep)
{
	u8 *d = fep->ndev->dev_addr;
	const char *from = "the tree";

	if (of_get_mac_address(fep->dev->of_node, d)) {
		u32 lo = readl(fep->base + FEC_ADDR_LOW), hi = readl(fep->base + FEC_ADDR_HIGH);

		d[0] = (u8)(lo >> 24);
		d[1] = (u8)(lo >> 16);
		d[2] = (u8)(lo >> 8);
		d[3] = (u8)lo;
		d[4] = (u8)(hi >> 24);
		d[5] = (u8)(hi >> 16);
		from = "the controller";
	}
	dev_info(fep->dev, "MAC %pM from %s\n", d, from);
}

static int fec_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct fec_enet_private *fep;
	struct net_device *ndev;
	struct gpio_desc *reset;
	struct clk *clk;
	void __iomem *base;
	int ret;

	ndev = devm_platform_alloc_etherdev(pdev, sizeof(*fep), &base);
	if (IS_ERR(ndev))
		return (int)PTR_ERR(ndev);
	fep = netdev_priv(ndev);
	fep->base = base;
	fep->dev = dev;
	fep->ndev = ndev;
	/* "ipg" clocks the registers, "ahb" the DMA. */
	clk = devm_clk_get(dev, "ipg");
	if (IS_ERR(clk))
		return dev_err_probe(dev, (int)PTR_ERR(clk), "no ipg clock");
	clk = devm_clk_get(dev, "ahb");
	if (IS_ERR(clk))
		return dev_err_probe(dev, (int)PTR_ERR(clk), "no ahb clock");
	reset = devm_gpiod_get_from_of_node(dev, dev->of_node, "phy-reset-gpios", 0, GPIOD_ASIS,
					    "phy-reset");
	if (PTR_ERR(reset) == -EPROBE_DEFER)
		return -EPROBE_DEFER;	/* gpiolib said which controller */
	if (IS_ERR(reset) && PTR_ERR(reset) != -ENOENT)
		return dev_err_probe(dev, (int)PTR_ERR(reset), "no PHY reset line");

	fep->rx_bd = fec_alloc_aligned(dev, FEC_RX_RING * sizeof(struct bufdesc));
	fep->tx_bd = fec_alloc_aligned(dev, FEC_TX_RING * sizeof(struct bufdesc));
	if (!fep->rx_bd || !fep->tx_bd)
		return -ENOMEM;
	for (unsigned int i = 0; i < FEC_RX_RING; i++)
		if (!(fep->rx_buf[i] = fec_alloc_aligned(dev, FEC_BUF_SIZE)))
			return -ENOMEM;
	for (unsigned int i = 0; i < FEC_TX_RING; i++)
		if (!(fep->tx_buf[i] = fec_alloc_aligned(dev, FEC_BUF_SIZE)))
			return -ENOMEM;

	fec_get_mac(fep);
	fec_reset(fep);
	writel(0, fep->base + FEC_IMASK);
	ndev->netdev_ops = &fec_netdev_ops;
	ret = devm_register_netdev_irq(ndev, fec_enet_interrupt, fep);
	if (ret)
		return ret;
	dev_info(dev, "%s: IRQ %u\n", ndev->name, ndev->irq);
	return 0;
}

static const struct of_device_id fec_dt_ids[] = {
	{ .compatible = "fsl,imx6q-fec" },
	{ .compatible = "fsl,imx6ul-fec" },
	{ }
};
MODULE_DEVICE_TABLE(of, fec_dt_ids);

static struct platform_driver fec_driver = {
	.probe = fec_probe,	/* all managed: unbinding unregisters, then frees */
	.driver = {
		.name = "fec",
		.of_match_table = fec_dt_ids,
	},
};
module_platform_driver(fec_driver);
