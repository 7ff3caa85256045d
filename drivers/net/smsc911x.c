// SPDX-License-Identifier: BSD-2-Clause
/*
 * SMSC LAN9118 (the LAN911x family) Ethernet controller, on vexpress-a9:
 * 32-bit registers only, and FIFOs instead of packet pages.  Transmit:
 * two command words, then the frame, into the TX data FIFO.  Receive: the
 * RX status FIFO holds one word per frame (its length, CRC included), the
 * frame itself comes out of the RX data FIFO a word at a time.  The MAC's
 * own registers (control, address) sit behind an indirect pair, MAC_CSR_CMD
 * and MAC_CSR_DATA.
 *
 * The interrupt output's polarity and drive come from the tree
 * (smsc,irq-active-high, smsc,irq-push-pull) and must be set before the
 * line is enabled: until then QEMU's model holds it asserted for a
 * level-high controller.
 */
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

#define RX_DATA_FIFO		0x00
#define TX_DATA_FIFO		0x20
#define  TX_CMD_A_FIRST		(1u << 13)
#define  TX_CMD_A_LAST		(1u << 12)
#define RX_STATUS_FIFO		0x40
#define  RX_STS_ES		(1u << 15)	/* error summary */
#define  RX_STS_LEN(s)		(((s) >> 16) & 0x3fff)
#define TX_STATUS_FIFO		0x48
#define ID_REV			0x50
#define IRQ_CFG			0x54
#define  IRQ_CFG_IRQ_EN		(1u << 8)
#define  IRQ_CFG_POL_HIGH	(1u << 4)
#define  IRQ_CFG_PUSH_PULL	(1u << 0)
#define INT_STS			0x58
#define INT_EN			0x5c
#define  INT_RSFL		(1u << 3)	/* RX status FIFO level */
#define  INT_RXE		(1u << 14)
#define BYTE_TEST		0x64
#define  BYTE_TEST_VALUE	0x87654321
#define TX_CFG			0x70
#define  TX_CFG_TX_ON		(1u << 1)
#define HW_CFG			0x74
#define  HW_CFG_SRST		(1u << 0)
#define RX_FIFO_INF		0x7c
#define  RX_STS_USED(v)		(((v) >> 16) & 0xff)
#define TX_FIFO_INF		0x80
#define  TX_STS_USED(v)		(((v) >> 16) & 0xff)
#define PMT_CTRL		0x84
#define  PMT_CTRL_READY		(1u << 0)
#define MAC_CSR_CMD		0xa4
#define  MAC_CSR_BUSY		(1u << 31)
#define  MAC_CSR_READ		(1u << 30)
#define MAC_CSR_DATA		0xa8

/* MAC registers, reached through MAC_CSR_CMD/DATA. */
#define MAC_CR			1
#define  MAC_CR_RXEN		(1u << 2)
#define  MAC_CR_TXEN		(1u << 3)
#define MAC_ADDRH		2
#define MAC_ADDRL		3

#define POLL_LIMIT		100000
#define RX_BUDGET		16
/* Chip IDs of the family (ID_REV 31:16) this driver knows. */
static const u16 smsc911x_ids[] = { 0x0115, 0x0116, 0x0117, 0x0118, 0x9220, 0x9221 };

struct smsc911x {
	void __iomem *base;
	struct device *dev;
	struct net_device *ndev;
	u32 irq_cfg;
	u8 rx_buf[ETH_FRAME_LEN + 4 + 4];	/* frame, CRC, word rounding */
};

static u32 smsc_rd(struct smsc911x *pd, unsigned int reg)
{
	return readl((char __iomem *)pd->base + reg);
}

static void smsc_wr(struct smsc911x *pd, unsigned int reg, u32 v)
{
	writel(v, (char __iomem *)pd->base + reg);
}

static int mac_wait(struct smsc911x *pd)
{
	for (int i = 0; i < POLL_LIMIT; i++)
		if (!(smsc_rd(pd, MAC_CSR_CMD) & MAC_CSR_BUSY))
			return 0;
	return -ETIMEDOUT;
}

static u32 mac_read(struct smsc911x *pd, unsigned int reg)
{
	smsc_wr(pd, MAC_CSR_CMD, MAC_CSR_BUSY | MAC_CSR_READ | reg);
	mac_wait(pd);
	return smsc_rd(pd, MAC_CSR_DATA);
}

static void mac_write(struct smsc911x *pd, unsigned int reg, u32 v)
{
	smsc_wr(pd, MAC_CSR_DATA, v);
	smsc_wr(pd, MAC_CSR_CMD, MAC_CSR_BUSY | reg);
	mac_wait(pd);
}

static int smsc_soft_reset(struct smsc911x *pd)
{
	smsc_wr(pd, HW_CFG, HW_CFG_SRST);
	for (int i = 0; i < POLL_LIMIT; i++)
		if (!(smsc_rd(pd, HW_CFG) & HW_CFG_SRST) && (smsc_rd(pd, PMT_CTRL) & PMT_CTRL_READY))
			return 0;
	return -ETIMEDOUT;
}

/* ---- transmit ------------------------------------------------------------ */

static netdev_tx_t smsc_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct smsc911x *pd = netdev_priv(ndev);
	unsigned int len = max(skb->len, (unsigned int)ETH_ZLEN);

	smsc_wr(pd, TX_DATA_FIFO, TX_CMD_A_FIRST | TX_CMD_A_LAST | len);
	smsc_wr(pd, TX_DATA_FIFO, (len << 16) | len);	/* tag = length */
	for (unsigned int i = 0; i < len; i += 4) {
		u32 w = 0;

		for (unsigned int b = 0; b < 4; b++)
			if (i + b < skb->len)
				w |= (u32)skb->data[i + b] << (8 * b);
		smsc_wr(pd, TX_DATA_FIFO, w);
	}
	/* Sent at once in QEMU; drop the status words so the FIFO never fills. */
	while (TX_STS_USED(smsc_rd(pd, TX_FIFO_INF)))
		smsc_rd(pd, TX_STATUS_FIFO);
	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += len;
	return NETDEV_TX_OK;
}

/* ---- receive ------------------------------------------------------------- */

static void smsc_rx_one(struct smsc911x *pd)
{
	struct net_device *ndev = pd->ndev;
	u32 status = smsc_rd(pd, RX_STATUS_FIFO);
	unsigned int len = RX_STS_LEN(status), words = (len + 3) / 4;
	struct sk_buff skb;

	if (len < ETH_HLEN + 4 || len > sizeof(pd->rx_buf)) {
		/* The data must still leave the FIFO, whatever its length. */
		for (unsigned int i = 0; i < words; i++)
			smsc_rd(pd, RX_DATA_FIFO);
		ndev->stats.rx_errors++;
		ndev->stats.rx_length_errors++;
		return;
	}
	for (unsigned int i = 0; i < words; i++) {
		u32 w = smsc_rd(pd, RX_DATA_FIFO);

		memcpy(pd->rx_buf + 4 * i, &w, 4);
	}
	if (status & RX_STS_ES) {
		ndev->stats.rx_errors++;
		return;
	}
	ndev->stats.rx_packets++;
	ndev->stats.rx_bytes += len - 4;
	skb.dev = ndev;
	skb.data = pd->rx_buf;
	skb.len = len - 4;			/* without the CRC */
	netif_receive_skb(&skb);
}

static irqreturn_t smsc_interrupt(int irq, void *dev_id)
{
	struct smsc911x *pd = dev_id;
	u32 sts = smsc_rd(pd, INT_STS) & smsc_rd(pd, INT_EN);
	int budget = RX_BUDGET;

	(void)irq;
	if (!sts)
		return IRQ_NONE;
	smsc_wr(pd, INT_STS, sts);
	if (sts & INT_RXE)
		pd->ndev->stats.rx_errors++;
	while (budget-- && RX_STS_USED(smsc_rd(pd, RX_FIFO_INF)))
		smsc_rx_one(pd);
	return IRQ_HANDLED;
}

/* ---- open and stop ------------------------------------------------------- */

static int smsc_open(struct net_device *ndev)
{
	struct smsc911x *pd = netdev_priv(ndev);

	smsc_wr(pd, TX_CFG, TX_CFG_TX_ON);
	mac_write(pd, MAC_CR, MAC_CR_TXEN | MAC_CR_RXEN);
	smsc_wr(pd, INT_STS, ~0u);
	smsc_wr(pd, INT_EN, INT_RSFL | INT_RXE);
	smsc_wr(pd, IRQ_CFG, pd->irq_cfg | IRQ_CFG_IRQ_EN);
	return 0;
}

static int smsc_stop(struct net_device *ndev)
{
	struct smsc911x *pd = netdev_priv(ndev);

	smsc_wr(pd, INT_EN, 0);
	mac_write(pd, MAC_CR, 0);
	smsc_wr(pd, IRQ_CFG, pd->irq_cfg);	/* the line off, as before open */
	return 0;
}

static const struct net_device_ops smsc_netdev_ops = {
	.ndo_open = smsc_open,
	.ndo_stop = smsc_stop,
	.ndo_start_xmit = smsc_start_xmit,
};

/* ---- probe (everything it takes is managed: no remove) ------------------ */

/* BYTE_TEST, then the chip ID: a wrong address reads zeros. */
static int smsc_identify(struct smsc911x *pd)
{
	u32 test = smsc_rd(pd, BYTE_TEST), id = smsc_rd(pd, ID_REV);

	if (test != BYTE_TEST_VALUE)
		return dev_err_probe(pd->dev, -ENODEV, "BYTE_TEST reads 0x%08x, not 0x%08x",
				     (unsigned int)test, BYTE_TEST_VALUE);
	for (unsigned int i = 0; i < ARRAY_SIZE(smsc911x_ids); i++) {
		if ((id >> 16) == smsc911x_ids[i]) {
			u32 part = id >> 16;

			/* 0x0118 is the LAN9118, 0x9220 the LAN9220. */
			dev_info(pd->dev, "LAN%x rev %u (ID_REV 0x%08x)\n",
				 (unsigned int)(part < 0x1000 ? 0x9000 + part : part),
				 (unsigned int)(id & 0xffff), (unsigned int)id);
			return 0;
		}
	}
	return dev_err_probe(pd->dev, -ENODEV, "unknown chip: ID_REV 0x%08x", (unsigned int)id);
}

/* The tree's address when it has a valid one, else the chip's. */
static void smsc_set_mac(struct smsc911x *pd)
{
	struct net_device *ndev = pd->ndev;
	const u8 *a = ndev->dev_addr;
	const char *from = "the chip";
	u8 mac[ETH_ALEN];

	if (!of_get_mac_address(pd->dev->of_node, mac)) {
		mac_write(pd, MAC_ADDRL, mac[0] | mac[1] << 8 | mac[2] << 16 | (u32)mac[3] << 24);
		mac_write(pd, MAC_ADDRH, mac[4] | mac[5] << 8);
		from = "the tree";
	}
	{
		u32 lo = mac_read(pd, MAC_ADDRL), hi = mac_read(pd, MAC_ADDRH);
		u8 *d = ndev->dev_addr;

		d[0] = (u8)lo;
		d[1] = (u8)(lo >> 8);
		d[2] = (u8)(lo >> 16);
		d[3] = (u8)(lo >> 24);
		d[4] = (u8)hi;
		d[5] = (u8)(hi >> 8);
	}
	dev_info(pd->dev, "MAC %pM from %s\n", a, from);
}

static int smsc_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct net_device *ndev;
	struct smsc911x *pd;
	void __iomem *base;
	int ret;

	ndev = devm_platform_alloc_etherdev(pdev, sizeof(*pd), &base);
	if (IS_ERR(ndev))
		return (int)PTR_ERR(ndev);
	pd = netdev_priv(ndev);
	pd->base = base;
	pd->dev = dev;
	pd->ndev = ndev;

	ret = smsc_identify(pd);
	if (ret)
		return ret;
	ret = smsc_soft_reset(pd);
	if (ret) {
		dev_err(dev, "soft reset did not complete\n");
		return ret;
	}
	/* Polarity and drive before the line is enabled anywhere. */
	if (of_property_read_bool(dev->of_node, "smsc,irq-active-high"))
		pd->irq_cfg |= IRQ_CFG_POL_HIGH;
	if (of_property_read_bool(dev->of_node, "smsc,irq-push-pull"))
		pd->irq_cfg |= IRQ_CFG_PUSH_PULL;
	smsc_wr(pd, IRQ_CFG, pd->irq_cfg);
	smsc_wr(pd, INT_EN, 0);
	smsc_wr(pd, INT_STS, ~0u);
	smsc_set_mac(pd);
	ndev->netdev_ops = &smsc_netdev_ops;
	ret = devm_register_netdev_irq(ndev, smsc_interrupt, pd);
	if (ret)
		return ret;
	dev_info(dev, "%s: IRQ %u\n", ndev->name, ndev->irq);
	return 0;
}

static const struct of_device_id smsc_of_match[] = {
	{ .compatible = "smsc,lan9115" },
	{ .compatible = "smsc,lan9118" },
	{ }
};
MODULE_DEVICE_TABLE(of, smsc_of_match);

static struct platform_driver smsc_driver = {
	.probe = smsc_probe,	/* all managed: unbinding unregisters, then frees */
	.driver = {
		.name = "smsc911x",
		.of_match_table = smsc_of_match,
	},
};
module_platform_driver(smsc_driver);
