// SPDX-License-Identifier: BSD-2-Clause
/*
 * Calxeda XGMAC 10 Gb Ethernet (`calxeda,hb-xgmac`), on highbank: a MAC
 * with its own DMA engine that walks rings of 32-byte descriptors in RAM.
 * Each descriptor hands one buffer to the chip (the OWN bit) and the chip
 * hands it back with its status.  Transmit: one descriptor per frame, then
 * a write to the transmit poll register.  Receive: a ring of buffers the
 * chip fills; the receive interrupt says some are back.
 *
 * The descriptors and buffers are plain heap memory: RAM is mapped 1:1 and
 * the tree says the device is dma-coherent, so the device's view of an
 * address is phys_to_dma() of it and no cache needs flushing.
 *
 * QEMU 7.2's xgmac model sends a frame from its last descriptor only and
 * fills one receive descriptor per frame: one descriptor per frame each
 * way is what it handles, and all this driver uses.
 */
#include <linux/device.h>
#include <linux/dma-direct.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/of_net.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/io.h>

#define XGMAC_CONTROL		0x000
#define  XGMAC_CONTROL_TE	(1u << 3)	/* transmitter enable */
#define  XGMAC_CONTROL_RE	(1u << 2)	/* receiver enable */
#define XGMAC_ADDR_HIGH(n)	(0x040 + 8 * (n))
#define XGMAC_ADDR_LOW(n)	(0x044 + 8 * (n))
#define XGMAC_DMA_XMT_POLL	0xf04		/* any write: look at the TX ring */
#define XGMAC_DMA_RX_BASE	0xf0c
#define XGMAC_DMA_TX_BASE	0xf10
#define XGMAC_DMA_STATUS	0xf14		/* write 1 to clear */
#define XGMAC_DMA_CONTROL	0xf18
#define  DMA_CONTROL_ST		(1u << 13)	/* start transmit */
#define  DMA_CONTROL_SR		(1u << 1)	/* start receive */
#define XGMAC_DMA_INTR_ENA	0xf1c
#define  DMA_INTR_NIS		(1u << 16)	/* normal summary */
#define  DMA_INTR_AIS		(1u << 15)	/* abnormal summary */
#define  DMA_INTR_RU		(1u << 7)	/* no receive buffer */
#define  DMA_INTR_RI		(1u << 6)	/* frame received */
#define  DMA_INTR_TI		(1u << 0)	/* frame sent */

/* Descriptor: ctl_stat's OWN says the chip has it. */
#define DESC_OWN		(1u << 31)
#define TXDESC_LAST_SEG		(1u << 29)
#define TXDESC_FIRST_SEG	(1u << 28)
#define TXDESC_END_RING		(1u << 21)
#define RXDESC_ERROR		(1u << 15)
#define RXDESC_FRAME_LEN(s)	(((s) >> 16) & 0x3fff)	/* CRC included */
#define RXDESC_END_RING		0x8000u		/* in buf1_size */

#define XGMAC_RX_RING		8
#define XGMAC_BUF_SIZE		2048

struct xgmac_dma_desc {
	u32 flags;
	u16 buf1_size;
	u16 buf2_size;
	u32 buf1_addr;
	u32 buf2_addr;
	u32 ext_status;
	u32 res[3];
};

struct xgmac_priv {
	void __iomem *base;
	struct device *dev;
	struct net_device *ndev;
	struct xgmac_dma_desc *rx_ring;		/* XGMAC_RX_RING entries */
	struct xgmac_dma_desc *tx_desc;		/* a ring of one */
	u8 *rx_bufs;
	u8 *tx_buf;
	unsigned int rx_next;
};

static u32 dma_addr_of(struct xgmac_priv *priv, const void *p)
{
	return (u32)phys_to_dma(priv->dev, (phys_addr_t)(uintptr_t)p);
}

static void xgmac_rx_give(struct xgmac_priv *priv, unsigned int i)
{
	struct xgmac_dma_desc *d = &priv->rx_ring[i];

	d->buf1_addr = dma_addr_of(priv, priv->rx_bufs + i * XGMAC_BUF_SIZE);
	d->buf1_size = XGMAC_BUF_SIZE | (i == XGMAC_RX_RING - 1 ? RXDESC_END_RING : 0);
	d->buf2_size = 0;
	__asm__ volatile("" ::: "memory");
	d->flags = DESC_OWN;	/* last: the chip may take it from now on */
}

/* ---- transmit ------------------------------------------------------------ */

static netdev_tx_t xgmac_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct xgmac_priv *priv = netdev_priv(ndev);
	unsigned int len = max(skb->len, (unsigned int)ETH_ZLEN);

	if (priv->tx_desc->flags & DESC_OWN)
		return NETDEV_TX_BUSY;		/* the last frame is still out */
	memcpy(priv->tx_buf, skb->data, skb->len);
	memset(priv->tx_buf + skb->len, 0, len - skb->len);
	priv->tx_desc->buf1_addr = dma_addr_of(priv, priv->tx_buf);
	priv->tx_desc->buf1_size = (u16)len;
	priv->tx_desc->buf2_size = 0;
	__asm__ volatile("" ::: "memory");
	priv->tx_desc->flags = DESC_OWN | TXDESC_FIRST_SEG | TXDESC_LAST_SEG | TXDESC_END_RING;
	writel(1, priv->base + XGMAC_DMA_XMT_POLL);
	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += len;
	return NETDEV_TX_OK;
}

/* ---- receive ------------------------------------------------------------- */

static void xgmac_rx(struct xgmac_priv *priv)
{
	struct net_device *ndev = priv->ndev;

	for (unsigned int n = 0; n < XGMAC_RX_RING; n++) {
		unsigned int i = priv->rx_next;
		u32 flags = priv->rx_ring[i].flags;
		unsigned int len = RXDESC_FRAME_LEN(flags);
		struct sk_buff skb;

		if (flags & DESC_OWN)
			break;
		if ((flags & RXDESC_ERROR) || len < ETH_HLEN + 4 || len > XGMAC_BUF_SIZE) {
			ndev->stats.rx_errors++;
		} else {
			ndev->stats.rx_packets++;
			ndev->stats.rx_bytes += len - 4;
			skb.dev = ndev;
			skb.data = priv->rx_bufs + i * XGMAC_BUF_SIZE;
			skb.len = len - 4;	/* without the CRC */
			netif_receive_skb(&skb);
		}
		xgmac_rx_give(priv, i);
		priv->rx_next = (i + 1) % XGMAC_RX_RING;
	}
}

static irqreturn_t xgmac_interrupt(int irq, void *dev_id)
{
	struct xgmac_priv *priv = dev_id;
	u32 status = readl(priv->base + XGMAC_DMA_STATUS) & readl(priv->base + XGMAC_DMA_INTR_ENA);

	(void)irq;
	if (!status)
		return IRQ_NONE;
	writel(status, priv->base + XGMAC_DMA_STATUS);
	if (status & DMA_INTR_RU)
		priv->ndev->stats.rx_over_errors++;
	if (status & DMA_INTR_RI)
		xgmac_rx(priv);
	return IRQ_HANDLED;
}

/* ---- open and stop ------------------------------------------------------- */

static int xgmac_open(struct net_device *ndev)
{
	struct xgmac_priv *priv = netdev_priv(ndev);

	for (unsigned int i = 0; i < XGMAC_RX_RING; i++)
		xgmac_rx_give(priv, i);
	priv->rx_next = 0;
	priv->tx_desc->flags = 0;
	writel(dma_addr_of(priv, priv->rx_ring), priv->base + XGMAC_DMA_RX_BASE);
	writel(dma_addr_of(priv, priv->tx_desc), priv->base + XGMAC_DMA_TX_BASE);
	writel(~0u, priv->base + XGMAC_DMA_STATUS);
	writel(DMA_INTR_NIS | DMA_INTR_AIS | DMA_INTR_RI | DMA_INTR_RU,
	       priv->base + XGMAC_DMA_INTR_ENA);
	writel(XGMAC_CONTROL_TE | XGMAC_CONTROL_RE, priv->base + XGMAC_CONTROL);
	writel(DMA_CONTROL_ST | DMA_CONTROL_SR, priv->base + XGMAC_DMA_CONTROL);
	return 0;
}

static int xgmac_stop(struct net_device *ndev)
{
	struct xgmac_priv *priv = netdev_priv(ndev);

	writel(0, priv->base + XGMAC_DMA_CONTROL);
	writel(0, priv->base + XGMAC_CONTROL);
	writel(0, priv->base + XGMAC_DMA_INTR_ENA);
	writel(~0u, priv->base + XGMAC_DMA_STATUS);
	return 0;
}

static const struct net_device_ops xgmac_netdev_ops = {
	.ndo_open = xgmac_open,
	.ndo_stop = xgmac_stop,
	.ndo_start_xmit = xgmac_start_xmit,
};

/* ---- probe (everything it takes is managed: no remove) ------------------ */

/* The tree's address when it has a valid one, else the one in the chip. */
static int xgmac_set_mac(struct xgmac_priv *priv)
{
	u8 *d = priv->ndev->dev_addr;
	const char *from = "the chip";
	u8 mac[ETH_ALEN];
	u32 hi, lo;

	if (!of_get_mac_address(priv->dev->of_node, mac)) {
		writel(mac[4] | mac[5] << 8, priv->base + XGMAC_ADDR_HIGH(0));
		writel(mac[0] | mac[1] << 8 | mac[2] << 16 | (u32)mac[3] << 24,
		       priv->base + XGMAC_ADDR_LOW(0));
		from = "the tree";
	}
	hi = readl(priv->base + XGMAC_ADDR_HIGH(0));
	lo = readl(priv->base + XGMAC_ADDR_LOW(0));
	d[0] = (u8)lo;
	d[1] = (u8)(lo >> 8);
	d[2] = (u8)(lo >> 16);
	d[3] = (u8)(lo >> 24);
	d[4] = (u8)hi;
	d[5] = (u8)(hi >> 8);
	if (!is_valid_ether_addr(d))
		return dev_err_probe(priv->dev, -ENODEV, "no valid MAC address (%pM from %s)", d,
				     from);
	dev_info(priv->dev, "MAC %pM from %s\n", d, from);
	return 0;
}

static int xgmac_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct xgmac_priv *priv;
	struct net_device *ndev;
	void __iomem *base;
	int ret;

	ndev = devm_platform_alloc_etherdev(pdev, sizeof(*priv), &base);
	if (IS_ERR(ndev))
		return (int)PTR_ERR(ndev);
	priv = netdev_priv(ndev);
	priv->base = base;
	priv->dev = dev;
	priv->ndev = ndev;
	priv->rx_ring = devm_kzalloc(dev, (XGMAC_RX_RING + 1) * sizeof(*priv->rx_ring), GFP_KERNEL);
	priv->rx_bufs = devm_kzalloc(dev, (XGMAC_RX_RING + 1) * XGMAC_BUF_SIZE, GFP_KERNEL);
	if (!priv->rx_ring || !priv->rx_bufs)
		return -ENOMEM;
	priv->tx_desc = &priv->rx_ring[XGMAC_RX_RING];
	priv->tx_buf = priv->rx_bufs + XGMAC_RX_RING * XGMAC_BUF_SIZE;
	if (dma_addr_of(priv, priv->rx_ring) == (u32)DMA_MAPPING_ERROR)
		return dev_err_probe(dev, -EINVAL, "its memory is outside the device's dma-ranges");

	writel(0, base + XGMAC_DMA_CONTROL);
	writel(0, base + XGMAC_DMA_INTR_ENA);
	writel(~0u, base + XGMAC_DMA_STATUS);
	ret = xgmac_set_mac(priv);
	if (ret)
		return ret;
	ndev->netdev_ops = &xgmac_netdev_ops;
	ret = devm_register_netdev_irq(ndev, xgmac_interrupt, priv);
	if (ret)
		return ret;
	dev_info(dev, "%s: IRQ %u\n", ndev->name, ndev->irq);
	return 0;
}

static const struct of_device_id xgmac_of_match[] = {
	{ .compatible = "calxeda,hb-xgmac" },
	{ }
};
MODULE_DEVICE_TABLE(of, xgmac_of_match);

static struct platform_driver xgmac_driver = {
	.probe = xgmac_probe,	/* all managed: unbinding unregisters, then frees */
	.driver = {
		.name = "calxedaxgmac",
		.of_match_table = xgmac_of_match,
	},
};
module_platform_driver(xgmac_driver);
