// SPDX-License-Identifier: BSD-2-Clause
/*
 * Allwinner A10 EMAC ("allwinner,sun4i-a10-emac"), the cubieboard's NIC:
 * no DMA, a FIFO each way through one data register.  Transmit: pick
 * channel 0, write the frame a word at a time, its length, then the
 * start bit.  Receive: RX_FBC counts the frames waiting; each comes out
 * of RX_IO_DATA as a magic word (0x0143414d), a header word (length with
 * its CRC in 15:0, status in 31:16), then the frame, CRC included, in
 * words.
 *
 * The MAC address: the tree's, else the one firmware left in MAC_A0/A1
 * (U-Boot writes it there), else a random locally administered one, as
 * Linux's driver does.  QEMU 7.2's model keeps no MAC registers (they
 * read 0) and filters nothing; its PHY (an RTL8201CP behind the MDIO
 * registers, the tree's mdio node) always has link, so the PHY is left
 * alone here.
 */
#include <linux/clk.h>
#include <linux/device.h>
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
#include <asm/io.h>
#include <coyote/time.h>

#define EMAC_CTL		0x00
#define  EMAC_CTL_RESET		BIT(0)
#define  EMAC_CTL_TX_EN		BIT(1)
#define  EMAC_CTL_RX_EN		BIT(2)
#define EMAC_TX_MODE		0x04
#define EMAC_TX_CTL0		0x0c	/* bit 0: send channel 0's frame */
#define EMAC_TX_INS		0x14	/* the channel TX_IO_DATA fills */
#define EMAC_TX_PL0		0x18	/* channel 0's frame length */
#define EMAC_TX_IO_DATA		0x24
#define EMAC_RX_CTL		0x3c
#define  EMAC_RX_CTL_UNICAST	BIT(16)
#define  EMAC_RX_CTL_DA_FILTER	BIT(17)
#define  EMAC_RX_CTL_MULTICAST	BIT(20)
#define  EMAC_RX_CTL_BROADCAST	BIT(22)
#define EMAC_RX_IO_DATA		0x4c
#define  EMAC_RX_MAGIC		0x0143414d
#define  EMAC_RX_LEN(h)		((h) & 0xffff)
#define  EMAC_RX_STATUS_OK	BIT(7 + 16)
#define EMAC_RX_FBC		0x50	/* frames waiting; write 0 to flush */
#define EMAC_INT_CTL		0x54
#define EMAC_INT_STA		0x58	/* write 1 to clear */
#define  EMAC_INT_TX0		BIT(0)
#define  EMAC_INT_RX		BIT(8)
#define EMAC_MAC_A0		0x98	/* address bytes 0..2, first in 23:16 */
#define EMAC_MAC_A1		0x9c	/* address bytes 3..5 */

#define RX_BUDGET		16
#define CRC_LEN			4

struct sun4i_emac {
	void __iomem *base;
	struct device *dev;
	struct net_device *ndev;
	u8 rx_buf[ETH_FRAME_LEN + CRC_LEN + 4];	/* frame, CRC, word rounding */
};

static u32 emac_rd(struct sun4i_emac *db, unsigned int reg)
{
	return readl(db->base + reg);
}

static void emac_wr(struct sun4i_emac *db, unsigned int reg, u32 v)
{
	writel(v, db->base + reg);
}

static netdev_tx_t emac_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct sun4i_emac *db = netdev_priv(ndev);
	unsigned int len = max(skb->len, (unsigned int)ETH_ZLEN);

	emac_wr(db, EMAC_TX_INS, 0);
	for (unsigned int i = 0; i < len; i += 4) {
		u32 w = 0;

		for (unsigned int b = 0; b < 4; b++)
			if (i + b < skb->len)
				w |= (u32)skb->data[i + b] << (8 * b);
		emac_wr(db, EMAC_TX_IO_DATA, w);
	}
	emac_wr(db, EMAC_TX_PL0, len);
	emac_wr(db, EMAC_TX_CTL0, 1);
	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += len;
	return NETDEV_TX_OK;
}

/* One frame out of the FIFO; false when the FIFO's framing is lost. */
static bool emac_rx_one(struct sun4i_emac *db)
{
	struct net_device *ndev = db->ndev;
	u32 magic = emac_rd(db, EMAC_RX_IO_DATA), hdr, len, words;
	struct sk_buff skb;

	if (magic != EMAC_RX_MAGIC) {
		dev_warn(db->dev, "receive FIFO out of step (0x%08x, not the frame marker): flushed\n",
			 (unsigned int)magic);
		return false;
	}
	hdr = emac_rd(db, EMAC_RX_IO_DATA);
	len = EMAC_RX_LEN(hdr);
	words = (len + 3) / 4;
	if (len < ETH_HLEN + CRC_LEN || len > sizeof(db->rx_buf)) {
		for (u32 i = 0; i < words; i++)	/* the data must still leave the FIFO */
			emac_rd(db, EMAC_RX_IO_DATA);
		ndev->stats.rx_errors++;
		ndev->stats.rx_length_errors++;
		return true;
	}
	for (u32 i = 0; i < words; i++) {
		u32 w = emac_rd(db, EMAC_RX_IO_DATA);

		memcpy(db->rx_buf + 4 * i, &w, 4);
	}
	if (!(hdr & EMAC_RX_STATUS_OK)) {
		ndev->stats.rx_errors++;
		return true;
	}
	ndev->stats.rx_packets++;
	ndev->stats.rx_bytes += len - CRC_LEN;
	skb.dev = ndev;
	skb.data = db->rx_buf;
	skb.len = len - CRC_LEN;
	netif_receive_skb(&skb);
	return true;
}

static irqreturn_t emac_interrupt(int irq, void *dev_id)
{
	struct sun4i_emac *db = dev_id;
	u32 sts = emac_rd(db, EMAC_INT_STA);
	int budget = RX_BUDGET;

	if (!(sts & emac_rd(db, EMAC_INT_CTL)))
		return IRQ_NONE;
	emac_wr(db, EMAC_INT_STA, sts);
	while (budget-- && emac_rd(db, EMAC_RX_FBC)) {
		if (!emac_rx_one(db)) {
			emac_wr(db, EMAC_RX_FBC, 0);
			db->ndev->stats.rx_errors++;
			break;
		}
	}
	return IRQ_HANDLED;
}

static int emac_open(struct net_device *ndev)
{
	struct sun4i_emac *db = netdev_priv(ndev);

	emac_wr(db, EMAC_RX_CTL, EMAC_RX_CTL_UNICAST | EMAC_RX_CTL_DA_FILTER |
		EMAC_RX_CTL_MULTICAST | EMAC_RX_CTL_BROADCAST);
	emac_wr(db, EMAC_RX_FBC, 0);
	emac_wr(db, EMAC_INT_STA, ~0u);
	emac_wr(db, EMAC_INT_CTL, EMAC_INT_RX);
	emac_wr(db, EMAC_CTL, EMAC_CTL_TX_EN | EMAC_CTL_RX_EN);
	return 0;
}

static int emac_stop(struct net_device *ndev)
{
	struct sun4i_emac *db = netdev_priv(ndev);

	emac_wr(db, EMAC_INT_CTL, 0);
	emac_wr(db, EMAC_CTL, 0);
	return 0;
}

static const struct net_device_ops emac_netdev_ops = {
	.ndo_open = emac_open,
	.ndo_stop = emac_stop,
	.ndo_start_xmit = emac_start_xmit,
};

/* The tree's address, firmware's in MAC_A0/A1, or a random local one. */
static void emac_set_mac(struct sun4i_emac *db)
{
	u8 *a = db->ndev->dev_addr;
	const char *from = "the tree";
	u32 a0, a1;

	if (!of_get_mac_address(db->dev->of_node, a))
		goto write;
	a0 = emac_rd(db, EMAC_MAC_A0);
	a1 = emac_rd(db, EMAC_MAC_A1);
	a[0] = (u8)(a0 >> 16);
	a[1] = (u8)(a0 >> 8);
	a[2] = (u8)a0;
	a[3] = (u8)(a1 >> 16);
	a[4] = (u8)(a1 >> 8);
	a[5] = (u8)a1;
	from = "firmware (MAC_A0/A1)";
	if (!is_valid_ether_addr(a)) {
		/* The boot's timing, spread over the bytes (Fibonacci hashing). */
		u64 seed = ktime_get_ns() * 0x9e3779b97f4a7c15ull;

		for (int i = 0; i < ETH_ALEN; i++)
			a[i] = (u8)(seed >> (8 * i + 16));
		a[0] = (a[0] & 0xfe) | 0x02;	/* unicast, locally administered */
		from = "random (neither the tree nor firmware gives one)";
	}
write:
	emac_wr(db, EMAC_MAC_A0, (u32)a[0] << 16 | (u32)a[1] << 8 | a[2]);
	emac_wr(db, EMAC_MAC_A1, (u32)a[3] << 16 | (u32)a[4] << 8 | a[5]);
	dev_info(db->dev, "MAC %pM from %s\n", a, from);
}

static int emac_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct net_device *ndev;
	struct sun4i_emac *db;
	void __iomem *base;
	struct clk *clk;
	int ret;

	clk = devm_clk_get(dev, NULL);
	if (IS_ERR(clk))
		return dev_err_probe(dev, (int)PTR_ERR(clk), "no bus clock");
	clk_prepare_enable(clk);
	ndev = devm_platform_alloc_etherdev(pdev, sizeof(*db), &base);
	if (IS_ERR(ndev))
		return (int)PTR_ERR(ndev);
	db = netdev_priv(ndev);
	db->base = base;
	db->dev = dev;
	db->ndev = ndev;

	emac_wr(db, EMAC_CTL, EMAC_CTL_RESET);
	emac_wr(db, EMAC_CTL, 0);
	emac_wr(db, EMAC_INT_CTL, 0);
	emac_wr(db, EMAC_INT_STA, ~0u);
	emac_wr(db, EMAC_TX_MODE, 0);
	emac_set_mac(db);

	ndev->netdev_ops = &emac_netdev_ops;
	ret = devm_register_netdev_irq(ndev, emac_interrupt, db);
	if (ret)
		return ret;
	dev_info(dev, "%s: A10 EMAC, IRQ %u\n", ndev->name, ndev->irq);
	return 0;
}

static const struct of_device_id emac_of_match[] = {
	{ .compatible = "allwinner,sun4i-a10-emac" },
	{ }
};
MODULE_DEVICE_TABLE(of, emac_of_match);

static struct platform_driver emac_driver = {
	.probe = emac_probe,	/* all managed: unbinding unregisters, then frees */
	.driver = {
		.name = "sun4i-emac",
		.of_match_table = emac_of_match,
	},
};
module_platform_driver(emac_driver);
