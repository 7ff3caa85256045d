// SPDX-License-Identifier: BSD-2-Clause
/*
 * Allwinner H3 EMAC ("allwinner,sun8i-h3-emac"), the Orange Pi PC's NIC:
 * a DMA engine on two rings of 16-byte descriptors in RAM (status, control
 * with the buffer size, buffer address, next descriptor), each handed to
 * the device by the OWN bit of its status.  Transmit: one descriptor per
 * frame (first and last), then TX DMA enabled and started.  Receive: a ring
 * of buffers owned by the device; each frame's descriptor comes back with
 * its length (CRC included) and the RX interrupt.
 *
 * The MAC address: the tree's, else the one in ADDR_HIGH/LOW (firmware's;
 * QEMU puts its -nic address there).  The PHY (the H3's internal one, behind
 * the tree's mdio-mux) is left as it comes out of reset: QEMU's has link.
 * Caches are off in coyote, so descriptors need barriers, not flushes.
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
#include <linux/of_net.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/barrier.h>
#include <asm/io.h>

#define EMAC_BASIC_CTL1		0x04
#define  BASIC_CTL1_SOFTRST	BIT(0)
#define EMAC_INT_STA		0x08	/* write 1 to clear */
#define EMAC_INT_EN		0x0c
#define  EMAC_INT_TX		BIT(0)
#define  EMAC_INT_RX		BIT(8)
#define  EMAC_INT_RX_BUF_UA	BIT(9)	/* no receive buffer left */
#define EMAC_TX_CTL0		0x10
#define  TX_CTL0_TX_EN		BIT(31)
#define EMAC_TX_CTL1		0x14
#define  TX_CTL1_DMA_EN		BIT(30)
#define  TX_CTL1_DMA_START	BIT(31)
#define EMAC_TX_DESC_LIST	0x20
#define EMAC_RX_CTL0		0x24
#define  RX_CTL0_RX_EN		BIT(31)
#define EMAC_RX_CTL1		0x28
#define  RX_CTL1_DMA_EN		BIT(30)
#define  RX_CTL1_DMA_START	BIT(31)
#define EMAC_RX_DESC_LIST	0x34
#define EMAC_RX_FRM_FLT		0x38
#define  RX_FRM_FLT_RX_ALL	BIT(0)
#define EMAC_ADDR_HIGH		0x50	/* bytes 4, 5 */
#define EMAC_ADDR_LOW		0x54	/* bytes 0..3 */

#define DESC_OWN		BIT(31)	/* status: the device's */
#define DESC_BUF_SIZE_MASK	0x7ff	/* control: the buffer's size */
#define TX_DESC_FIRST		BIT(29)
#define TX_DESC_LAST		BIT(30)
#define RX_DESC_FRM_LEN(s)	(((s) >> 16) & 0x3fff)
#define RX_DESC_FIRST		BIT(9)
#define RX_DESC_LAST		BIT(8)
#define RX_DESC_ERRORS		(BIT(0) | BIT(1) | BIT(4) | BIT(7))	/* payload, CRC, length, header */

#define RING_SIZE		8
#define BUF_SIZE		1536
#define CRC_LEN			4
#define SOFTRST_POLL		100000

struct emac_desc {
	volatile u32 status;
	volatile u32 ctl;
	u32 addr;
	u32 next;
};

struct sun8i_emac {
	void __iomem *base;
	struct device *dev;
	struct net_device *ndev;
	struct emac_desc *tx, *rx;	/* RING_SIZE each, in RAM the device reads */
	u8 (*tx_buf)[BUF_SIZE], (*rx_buf)[BUF_SIZE];
	unsigned int tx_next, rx_next;
};

static u32 emac_rd(struct sun8i_emac *p, unsigned int reg)
{
	return readl(p->base + reg);
}

static void emac_wr(struct sun8i_emac *p, unsigned int reg, u32 v)
{
	writel(v, p->base + reg);
}

static u32 emac_dma(struct sun8i_emac *p, const void *cpu)
{
	return (u32)phys_to_dma(p->dev, (phys_addr_t)(uintptr_t)cpu);
}

/* Both rings closed into circles, the receive one all the device's. */
static void emac_init_rings(struct sun8i_emac *p)
{
	for (unsigned int i = 0; i < RING_SIZE; i++) {
		unsigned int n = (i + 1) % RING_SIZE;

		p->tx[i] = (struct emac_desc){ .addr = emac_dma(p, p->tx_buf[i]),
					       .next = emac_dma(p, &p->tx[n]) };
		p->rx[i] = (struct emac_desc){ .ctl = BUF_SIZE, .addr = emac_dma(p, p->rx_buf[i]),
					       .next = emac_dma(p, &p->rx[n]) };
		p->rx[i].status = DESC_OWN;
	}
	p->tx_next = p->rx_next = 0;
	mb();
	emac_wr(p, EMAC_TX_DESC_LIST, emac_dma(p, &p->tx[0]));
	emac_wr(p, EMAC_RX_DESC_LIST, emac_dma(p, &p->rx[0]));
}

static netdev_tx_t emac_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct sun8i_emac *p = netdev_priv(ndev);
	struct emac_desc *d = &p->tx[p->tx_next];
	unsigned int len = max(skb->len, (unsigned int)ETH_ZLEN);

	if ((d->status & DESC_OWN) || skb->len > BUF_SIZE) {
		ndev->stats.tx_dropped++;	/* the ring is full (the device is stuck) */
		return NETDEV_TX_OK;
	}
	memset(p->tx_buf[p->tx_next], 0, len);
	memcpy(p->tx_buf[p->tx_next], skb->data, skb->len);
	d->ctl = TX_DESC_FIRST | TX_DESC_LAST | len;
	mb();
	d->status = DESC_OWN;
	mb();
	p->tx_next = (p->tx_next + 1) % RING_SIZE;
	emac_wr(p, EMAC_TX_CTL1, TX_CTL1_DMA_EN | TX_CTL1_DMA_START);
	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += len;
	return NETDEV_TX_OK;
}

/* Each frame the device handed back, then its descriptor returned to it. */
static void emac_rx(struct sun8i_emac *p)
{
	struct net_device *ndev = p->ndev;

	for (unsigned int n = 0; n < RING_SIZE; n++) {
		struct emac_desc *d = &p->rx[p->rx_next];
		u32 status = d->status;
		unsigned int len = RX_DESC_FRM_LEN(status);
		struct sk_buff skb;

		if (status & DESC_OWN)
			break;
		mb();
		if ((status & RX_DESC_ERRORS) || !(status & RX_DESC_FIRST) ||
		    !(status & RX_DESC_LAST) || len < ETH_HLEN + CRC_LEN || len > BUF_SIZE) {
			ndev->stats.rx_errors++;	/* split or broken: dropped */
		} else {
			ndev->stats.rx_packets++;
			ndev->stats.rx_bytes += len - CRC_LEN;
			skb.dev = ndev;
			skb.data = p->rx_buf[p->rx_next];
			skb.len = len - CRC_LEN;
			netif_receive_skb(&skb);
		}
		d->ctl = BUF_SIZE;
		mb();
		d->status = DESC_OWN;
		p->rx_next = (p->rx_next + 1) % RING_SIZE;
	}
	mb();
	emac_wr(p, EMAC_RX_CTL1, RX_CTL1_DMA_EN | RX_CTL1_DMA_START);
}

static irqreturn_t emac_interrupt(int irq, void *dev_id)
{
	struct sun8i_emac *p = dev_id;
	u32 sts = emac_rd(p, EMAC_INT_STA) & emac_rd(p, EMAC_INT_EN);

	if (!sts)
		return IRQ_NONE;
	emac_wr(p, EMAC_INT_STA, sts);
	if (sts & EMAC_INT_RX_BUF_UA)
		p->ndev->stats.rx_dropped++;
	if (sts & (EMAC_INT_RX | EMAC_INT_RX_BUF_UA))
		emac_rx(p);
	return IRQ_HANDLED;
}

static int emac_open(struct net_device *ndev)
{
	struct sun8i_emac *p = netdev_priv(ndev);

	emac_init_rings(p);
	emac_wr(p, EMAC_RX_FRM_FLT, RX_FRM_FLT_RX_ALL);
	emac_wr(p, EMAC_INT_STA, ~0u);
	emac_wr(p, EMAC_INT_EN, EMAC_INT_RX | EMAC_INT_RX_BUF_UA);
	emac_wr(p, EMAC_TX_CTL0, TX_CTL0_TX_EN);
	emac_wr(p, EMAC_RX_CTL0, RX_CTL0_RX_EN);
	emac_wr(p, EMAC_RX_CTL1, RX_CTL1_DMA_EN | RX_CTL1_DMA_START);
	return 0;
}

static int emac_stop(struct net_device *ndev)
{
	struct sun8i_emac *p = netdev_priv(ndev);

	emac_wr(p, EMAC_INT_EN, 0);
	emac_wr(p, EMAC_RX_CTL0, 0);
	emac_wr(p, EMAC_TX_CTL0, 0);
	emac_wr(p, EMAC_RX_CTL1, 0);
	emac_wr(p, EMAC_TX_CTL1, 0);
	return 0;
}

static const struct net_device_ops emac_netdev_ops = {
	.ndo_open = emac_open,
	.ndo_stop = emac_stop,
	.ndo_start_xmit = emac_start_xmit,
};

/* The tree's address, else the one in the address registers. */
static int emac_set_mac(struct sun8i_emac *p)
{
	u8 *a = p->ndev->dev_addr;
	const char *from = "the tree";

	if (of_get_mac_address(p->dev->of_node, a)) {
		u32 lo = emac_rd(p, EMAC_ADDR_LOW), hi = emac_rd(p, EMAC_ADDR_HIGH);

		for (int i = 0; i < 4; i++)
			a[i] = (u8)(lo >> (8 * i));
		a[4] = (u8)hi;
		a[5] = (u8)(hi >> 8);
		from = "the address registers";
		if (!is_valid_ether_addr(a))
			return dev_err_probe(p->dev, -EINVAL,
					     "no MAC address: none in the tree, %pM in the registers", a);
	}
	emac_wr(p, EMAC_ADDR_HIGH, a[4] | (u32)a[5] << 8);
	emac_wr(p, EMAC_ADDR_LOW, a[0] | (u32)a[1] << 8 | (u32)a[2] << 16 | (u32)a[3] << 24);
	dev_info(p->dev, "MAC %pM from %s\n", a, from);
	return 0;
}

static int emac_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct net_device *ndev;
	struct sun8i_emac *p;
	void __iomem *base;
	struct clk *clk;
	int ret, i;

	clk = devm_clk_get(dev, "stmmaceth");
	if (IS_ERR(clk))
		return dev_err_probe(dev, (int)PTR_ERR(clk), "no bus clock");
	clk_prepare_enable(clk);
	ndev = devm_platform_alloc_etherdev(pdev, sizeof(*p), &base);
	if (IS_ERR(ndev))
		return (int)PTR_ERR(ndev);
	p = netdev_priv(ndev);
	p->base = base;
	p->dev = dev;
	p->ndev = ndev;
	p->tx = devm_kzalloc(dev, 2 * RING_SIZE * sizeof(*p->tx), GFP_KERNEL);
	p->tx_buf = devm_kzalloc(dev, 2 * RING_SIZE * BUF_SIZE, GFP_KERNEL);
	if (!p->tx || !p->tx_buf)
		return -ENOMEM;
	p->rx = p->tx + RING_SIZE;
	p->rx_buf = p->tx_buf + RING_SIZE;

	emac_wr(p, EMAC_BASIC_CTL1, BASIC_CTL1_SOFTRST);
	for (i = 0; i < SOFTRST_POLL && (emac_rd(p, EMAC_BASIC_CTL1) & BASIC_CTL1_SOFTRST); i++)
		;
	if (i == SOFTRST_POLL)
		return dev_err_probe(dev, -ETIMEDOUT, "soft reset did not complete");
	emac_wr(p, EMAC_INT_EN, 0);
	emac_wr(p, EMAC_INT_STA, ~0u);
	ret = emac_set_mac(p);
	if (ret)
		return ret;

	ndev->netdev_ops = &emac_netdev_ops;
	ret = devm_register_netdev_irq(ndev, emac_interrupt, p);
	if (ret)
		return ret;
	dev_info(dev, "%s: H3 EMAC, IRQ %u, %d-descriptor rings\n", ndev->name, ndev->irq,
		 RING_SIZE);
	return 0;
}

static const struct of_device_id emac_of_match[] = {
	{ .compatible = "allwinner,sun8i-h3-emac" },
	{ }
};
MODULE_DEVICE_TABLE(of, emac_of_match);

static struct platform_driver emac_driver = {
	.probe = emac_probe,	/* all managed: unbinding unregisters, then frees */
	.driver = {
		.name = "sun8i-emac",
		.of_match_table = emac_of_match,
	},
};
module_platform_driver(emac_driver);
