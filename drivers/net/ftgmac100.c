// SPDX-License-Identifier: BSD-2-Clause
/*
 * Faraday FTGMAC100 Gigabit Ethernet (`faraday,ftgmac100`), the MAC of the
 * ASPEED BMCs (`aspeed,ast2400-mac` ... `aspeed,ast2600-mac`): rings of
 * 16-byte descriptors in RAM.  Transmit: a descriptor the driver owns
 * (TXDMA_OWN set hands it to the chip), then a write to the transmit poll
 * register.  Receive: the chip fills free descriptors and marks them ready
 * (RXPKT_RDY); the driver takes the frame and clears the mark.  ASPEED's
 * MACs moved the "end of ring" bit from 15 to 30 in both descriptors: the
 * compatible says which.
 *
 * The PHY is not driven (QEMU's model never drops the link), and the MAC's
 * clock is taken and enabled as Linux does; its rate is not needed.
 * Descriptors and buffers are heap memory seen 1:1 (phys_to_dma()).
 */
#include <linux/clk.h>
#include <linux/device.h>
#include <linux/dma-direct.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/of_net.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/io.h>

#define FTGMAC100_ISR		0x00		/* write 1 to clear */
#define FTGMAC100_IER		0x04
#define  INT_RPKT_BUF		(1u << 0)	/* a frame is in memory */
#define  INT_NO_RXBUF		(1u << 2)
#define FTGMAC100_MAC_MADR	0x08		/* MAC address bytes 0..1 */
#define FTGMAC100_MAC_LADR	0x0c		/* bytes 2..5 */
#define FTGMAC100_NPTXPD	0x18		/* any write: look at the TX ring */
#define FTGMAC100_RXPD		0x1c		/* any write: look at the RX ring */
#define FTGMAC100_NPTXR_BADR	0x20
#define FTGMAC100_RXR_BADR	0x24
#define FTGMAC100_RBSR		0x4c		/* receive buffer size */
#define FTGMAC100_MACCR		0x50
#define  MACCR_TXDMA_EN		(1u << 0)
#define  MACCR_RXDMA_EN		(1u << 1)
#define  MACCR_TXMAC_EN		(1u << 2)
#define  MACCR_RXMAC_EN		(1u << 3)
#define  MACCR_FULLDUP		(1u << 8)
#define  MACCR_RX_BROADPKT	(1u << 17)
#define  MACCR_SW_RST		(1u << 31)

#define TXDES0_TXDMA_OWN	(1u << 31)
#define TXDES0_FTS		(1u << 29)
#define TXDES0_LTS		(1u << 28)
#define RXDES0_RXPKT_RDY	(1u << 31)
#define RXDES0_ERRORS		(0xfu << 18)	/* RX_ERR, CRC_ERR, FTL, RUNT */
#define RXDES0_VDBC(d)		((d) & 0x3fff)	/* bytes in the buffer, CRC too */
#define DES0_EDO_FARADAY	(1u << 15)	/* end of ring */
#define DES0_EDO_ASPEED		(1u << 30)

#define FTGMAC100_RX_RING	8
#define FTGMAC100_BUF_SIZE	2048
#define FTGMAC100_DESC_ALIGN	16

struct ftgmac100_desc {
	u32 des0;
	u32 des1;
	u32 des2;	/* the driver's own */
	u32 des3;	/* the buffer's DMA address */
};

struct ftgmac100 {
	void __iomem *base;
	struct device *dev;
	struct net_device *ndev;
	u32 edo;				/* the compatible's end-of-ring bit */
	struct ftgmac100_desc *rx_ring;
	struct ftgmac100_desc *tx_desc;		/* a ring of one */
	u8 *bufs;				/* RX_RING receive buffers, then TX */
	unsigned int rx_next;
};

static u32 dma_addr_of(struct ftgmac100 *priv, const void *p)
{
	return (u32)phys_to_dma(priv->dev, (phys_addr_t)(uintptr_t)p);
}

static u8 *rx_buf(struct ftgmac100 *priv, unsigned int i)
{
	return priv->bufs + i * FTGMAC100_BUF_SIZE;
}

static void ftgmac100_rx_give(struct ftgmac100 *priv, unsigned int i)
{
	struct ftgmac100_desc *d = &priv->rx_ring[i];

	d->des1 = 0;
	d->des3 = dma_addr_of(priv, rx_buf(priv, i));
	__asm__ volatile("" ::: "memory");
	d->des0 = i == FTGMAC100_RX_RING - 1 ? priv->edo : 0;	/* not ready: the chip's */
}

/* ---- transmit ------------------------------------------------------------ */

static netdev_tx_t ftgmac100_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct ftgmac100 *priv = netdev_priv(ndev);
	unsigned int len = max(skb->len, (unsigned int)ETH_ZLEN);
	u8 *buf = rx_buf(priv, FTGMAC100_RX_RING);

	if (priv->tx_desc->des0 & TXDES0_TXDMA_OWN)
		return NETDEV_TX_BUSY;		/* the last frame is still out */
	memcpy(buf, skb->data, skb->len);
	memset(buf + skb->len, 0, len - skb->len);
	priv->tx_desc->des1 = 0;
	priv->tx_desc->des3 = dma_addr_of(priv, buf);
	__asm__ volatile("" ::: "memory");
	priv->tx_desc->des0 = TXDES0_TXDMA_OWN | TXDES0_FTS | TXDES0_LTS | priv->edo | len;
	writel(1, priv->base + FTGMAC100_NPTXPD);
	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += len;
	return NETDEV_TX_OK;
}

/* ---- receive ------------------------------------------------------------- */

static void ftgmac100_rx(struct ftgmac100 *priv)
{
	struct net_device *ndev = priv->ndev;

	for (unsigned int n = 0; n < FTGMAC100_RX_RING; n++) {
		unsigned int i = priv->rx_next;
		u32 des0 = priv->rx_ring[i].des0;
		unsigned int len = RXDES0_VDBC(des0);
		struct sk_buff skb;

		if (!(des0 & RXDES0_RXPKT_RDY))
			break;
		if ((des0 & RXDES0_ERRORS) || len < ETH_HLEN + 4) {
			ndev->stats.rx_errors++;
		} else {
			ndev->stats.rx_packets++;
			ndev->stats.rx_bytes += len - 4;
			skb.dev = ndev;
			skb.data = rx_buf(priv, i);
			skb.len = len - 4;	/* without the CRC */
			netif_receive_skb(&skb);
		}
		ftgmac100_rx_give(priv, i);
		priv->rx_next = (i + 1) % FTGMAC100_RX_RING;
	}
	writel(1, priv->base + FTGMAC100_RXPD);	/* frames that waited for room */
}

static irqreturn_t ftgmac100_interrupt(int irq, void *dev_id)
{
	struct ftgmac100 *priv = dev_id;
	u32 status = readl(priv->base + FTGMAC100_ISR) & readl(priv->base + FTGMAC100_IER);

	(void)irq;
	if (!status)
		return IRQ_NONE;
	writel(status, priv->base + FTGMAC100_ISR);
	if (status & INT_NO_RXBUF)
		priv->ndev->stats.rx_over_errors++;
	ftgmac100_rx(priv);
	return IRQ_HANDLED;
}

/* ---- open and stop ------------------------------------------------------- */

static int ftgmac100_open(struct net_device *ndev)
{
	struct ftgmac100 *priv = netdev_priv(ndev);

	for (unsigned int i = 0; i < FTGMAC100_RX_RING; i++)
		ftgmac100_rx_give(priv, i);
	priv->rx_next = 0;
	priv->tx_desc->des0 = priv->edo;
	writel(dma_addr_of(priv, priv->rx_ring), priv->base + FTGMAC100_RXR_BADR);
	writel(dma_addr_of(priv, priv->tx_desc), priv->base + FTGMAC100_NPTXR_BADR);
	writel(FTGMAC100_BUF_SIZE, priv->base + FTGMAC100_RBSR);
	writel(~0u, priv->base + FTGMAC100_ISR);
	writel(INT_RPKT_BUF | INT_NO_RXBUF, priv->base + FTGMAC100_IER);
	writel(MACCR_TXDMA_EN | MACCR_RXDMA_EN | MACCR_TXMAC_EN | MACCR_RXMAC_EN |
	       MACCR_FULLDUP | MACCR_RX_BROADPKT, priv->base + FTGMAC100_MACCR);
	return 0;
}

static int ftgmac100_stop(struct net_device *ndev)
{
	struct ftgmac100 *priv = netdev_priv(ndev);

	writel(0, priv->base + FTGMAC100_IER);
	writel(0, priv->base + FTGMAC100_MACCR);
	writel(~0u, priv->base + FTGMAC100_ISR);
	return 0;
}

static const struct net_device_ops ftgmac100_netdev_ops = {
	.ndo_open = ftgmac100_open,
	.ndo_stop = ftgmac100_stop,
	.ndo_start_xmit = ftgmac100_start_xmit,
};

/* ---- probe (everything it takes is managed: no remove) ------------------ */

static void ftgmac100_clk_disable(void *clk)
{
	clk_disable_unprepare(clk);
}

/* The tree's address when it has a valid one, else the one in the chip. */
static int ftgmac100_set_mac(struct ftgmac100 *priv)
{
	u8 *d = priv->ndev->dev_addr;
	const char *from = "the chip";
	u8 mac[ETH_ALEN];
	u32 hi, lo;

	if (!of_get_mac_address(priv->dev->of_node, mac)) {
		writel(mac[0] << 8 | mac[1], priv->base + FTGMAC100_MAC_MADR);
		writel((u32)mac[2] << 24 | mac[3] << 16 | mac[4] << 8 | mac[5],
		       priv->base + FTGMAC100_MAC_LADR);
		from = "the tree";
	}
	hi = readl(priv->base + FTGMAC100_MAC_MADR);
	lo = readl(priv->base + FTGMAC100_MAC_LADR);
	d[0] = (u8)(hi >> 8);
	d[1] = (u8)hi;
	d[2] = (u8)(lo >> 24);
	d[3] = (u8)(lo >> 16);
	d[4] = (u8)(lo >> 8);
	d[5] = (u8)lo;
	if (!is_valid_ether_addr(d))
		return dev_err_probe(priv->dev, -ENODEV, "no valid MAC address (%pM from %s)", d,
				     from);
	dev_info(priv->dev, "MAC %pM from %s\n", d, from);
	return 0;
}

static int ftgmac100_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct ftgmac100 *priv;
	struct net_device *ndev;
	void __iomem *base;
	struct clk *clk;
	u8 *mem;
	int ret;

	ndev = devm_platform_alloc_etherdev(pdev, sizeof(*priv), &base);
	if (IS_ERR(ndev))
		return (int)PTR_ERR(ndev);
	priv = netdev_priv(ndev);
	priv->base = base;
	priv->dev = dev;
	priv->ndev = ndev;
	priv->edo = (u32)(uintptr_t)of_device_get_match_data(dev);

	clk = devm_clk_get(dev, NULL);
	if (IS_ERR(clk) && PTR_ERR(clk) != -ENOENT)
		return dev_err_probe(dev, (int)PTR_ERR(clk), "no clock for the MAC");
	if (!IS_ERR(clk)) {
		clk_prepare_enable(clk);
		ret = devm_add_action_or_reset(dev, ftgmac100_clk_disable, clk);
		if (ret)
			return ret;
	}

	/* The chip wants its rings 16-byte aligned: room to align them. */
	mem = devm_kzalloc(dev, (FTGMAC100_RX_RING + 1) * sizeof(struct ftgmac100_desc) +
			   FTGMAC100_DESC_ALIGN, GFP_KERNEL);
	priv->bufs = devm_kzalloc(dev, (FTGMAC100_RX_RING + 1) * FTGMAC100_BUF_SIZE, GFP_KERNEL);
	if (!mem || !priv->bufs)
		return -ENOMEM;
	priv->rx_ring = (struct ftgmac100_desc *)ALIGN((uintptr_t)mem, FTGMAC100_DESC_ALIGN);
	priv->tx_desc = &priv->rx_ring[FTGMAC100_RX_RING];
	if (dma_addr_of(priv, priv->rx_ring) == (u32)DMA_MAPPING_ERROR)
		return dev_err_probe(dev, -EINVAL, "its memory is outside the device's dma-ranges");

	writel(MACCR_SW_RST, base + FTGMAC100_MACCR);
	writel(0, base + FTGMAC100_MACCR);
	writel(0, base + FTGMAC100_IER);
	writel(~0u, base + FTGMAC100_ISR);
	ret = ftgmac100_set_mac(priv);
	if (ret)
		return ret;
	ndev->netdev_ops = &ftgmac100_netdev_ops;
	ret = devm_register_netdev_irq(ndev, ftgmac100_interrupt, priv);
	if (ret)
		return ret;
	dev_info(dev, "%s: IRQ %u\n", ndev->name, ndev->irq);
	return 0;
}

static const struct of_device_id ftgmac100_of_match[] = {
	{ .compatible = "aspeed,ast2400-mac", .data = (void *)(uintptr_t)DES0_EDO_ASPEED },
	{ .compatible = "aspeed,ast2500-mac", .data = (void *)(uintptr_t)DES0_EDO_ASPEED },
	{ .compatible = "aspeed,ast2600-mac", .data = (void *)(uintptr_t)DES0_EDO_ASPEED },
	{ .compatible = "faraday,ftgmac100", .data = (void *)(uintptr_t)DES0_EDO_FARADAY },
	{ }
};
MODULE_DEVICE_TABLE(of, ftgmac100_of_match);

static struct platform_driver ftgmac100_driver = {
	.probe = ftgmac100_probe,	/* all managed: unbinding unregisters, then frees */
	.driver = {
		.name = "ftgmac100",
		.of_match_table = ftgmac100_of_match,
	},
};
module_platform_driver(ftgmac100_driver);
