// SPDX-License-Identifier: BSD-2-Clause
/*
 * SMSC LAN91C111 (SMC91C111) Ethernet controller: byte-wide registers in
 * four banks behind a 16-byte window, and 8 KiB of on-chip packet memory
 * that an MMU hands out in 2 KiB pages, shared by transmit and receive.
 *
 * Transmit: ask the MMU for a page, copy the frame into it through the
 * pointer and data registers, queue it.  Receive: the chip raises RCV
 * while its RX FIFO holds a page; the interrupt handler copies each frame
 * out, checks its status word and pops the page.
 *
 * Everything comes from the tree node: the window (on the Versatile PB it
 * sits on a chip select of the external bus, so `reg` means something only
 * after `ranges`), the interrupt, and optionally the MAC address.  QEMU's
 * model keeps its MAC registers read-only, so a MAC from the tree is also
 * applied here, in software: it is the source address of every frame and
 * the receive filter (the chip then listens promiscuously).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/of_net.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/io.h>

/* Registers, by bank; BANK_SELECT and its signature are in every bank. */
#define SMC_BANK_SELECT		0x0e
#define SMC_BANK_SIGNATURE	0x0f	/* reads 0x33 */
#define SMC_SIGNATURE		0x33

/* Bank 0 */
#define SMC_TCR			0x00
#define  TCR_TXENA		0x0001
#define SMC_EPH_STATUS		0x02
#define  EPH_LINK_OK		0x4000
#define SMC_RCR			0x04
#define  RCR_PRMS		0x0002	/* promiscuous */
#define  RCR_RXEN		0x0100
#define  RCR_STRIP_CRC		0x0200
#define  RCR_SOFTRST		0x8000

/* Bank 1 */
#define SMC_ADDR0		0x04	/* 6 bytes, station address */

/* Bank 2 */
#define SMC_MMU_CMD		0x00
#define  MMU_ALLOC_TX		(1 << 5)
#define  MMU_RESET		(2 << 5)
#define  MMU_RX_RELEASE		(4 << 5)	/* pop and release the RX FIFO head */
#define  MMU_RELEASE_PNR	(5 << 5)
#define  MMU_ENQUEUE_TX		(6 << 5)
#define SMC_PNR			0x02
#define SMC_ARR			0x03
#define  ARR_FAILED		0x80
#define SMC_TXFIFO		0x04	/* packets sent, oldest first */
#define SMC_RXFIFO		0x05
#define  RXFIFO_EMPTY		0x80
#define SMC_PTR			0x06
#define  PTR_RCV		0x8000
#define  PTR_AUTOINC		0x4000
#define  PTR_READ		0x2000
#define SMC_DATA		0x08
#define SMC_INT_STAT		0x0c	/* write: acknowledge */
#define SMC_INT_MASK		0x0d
#define  INT_RCV		0x01
#define  INT_TX			0x02
#define  INT_ALLOC		0x08
#define  INT_RX_OVRN		0x10

/* Bank 3 */
#define SMC_REV			0x0a	/* 0x33 in the high byte, chip<<4 | rev */
#define  CHIP_91C111		9

/* RX status word */
#define RS_ALGNERR		0x8000
#define RS_BADCRC		0x2000
#define RS_ODDFRM		0x1000
#define RS_TOOLONG		0x0800
#define RS_TOOSHORT		0x0400
#define RS_ERRORS		(RS_ALGNERR | RS_BADCRC | RS_TOOLONG | RS_TOOSHORT)

/* Control byte after the frame: the frame has an odd length. */
#define CTL_ODD			0x20

/* The model allocates at once; real chips within microseconds.  Only a
 * fresh request is polled: one still pending is looked at once per frame. */
#define SMC_ALLOC_POLLS		10000
/* Seconds between two "no packet memory" lines. */
#define SMC_SHORTAGE_REPORT_S	5

struct smc_local {
	void __iomem *base;
	struct device *dev;
	struct net_device *ndev;
	u8 chip_addr[ETH_ALEN];		/* what the chip's registers say */
	bool alloc_pending;		/* an MMU allocation still to complete */
	unsigned long short_drops;	/* frames dropped since the last report */
	unsigned long next_report;	/* jiffies: no shortage line before */
	/* One frame at a time, filled in the IRQ handler. */
	u8 rx_buf[2048];
};

/* ---- register helpers ---------------------------------------------------- */

static inline void smc_bank(struct smc_local *lp, u8 bank)
{
	writeb(bank, (u8 __iomem *)lp->base + SMC_BANK_SELECT);
}

static inline u8 smc_rb(struct smc_local *lp, unsigned int reg)
{
	return readb((u8 __iomem *)lp->base + reg);
}

static inline void smc_wb(struct smc_local *lp, unsigned int reg, u8 v)
{
	writeb(v, (u8 __iomem *)lp->base + reg);
}

/* 16-bit registers, low byte first (the chip's bus is byte-wide here). */
static u16 smc_rw(struct smc_local *lp, unsigned int reg)
{
	return (u16)(smc_rb(lp, reg) | (smc_rb(lp, reg + 1) << 8));
}

static void smc_ww(struct smc_local *lp, unsigned int reg, u16 v)
{
	smc_wb(lp, reg, (u8)v);
	smc_wb(lp, reg + 1, (u8)(v >> 8));
}

/* Soft reset, MMU reset, everything off and masked (leaves bank 2). */
static void smc_reset(struct smc_local *lp)
{
	smc_bank(lp, 2);
	smc_wb(lp, SMC_INT_MASK, 0);
	smc_bank(lp, 0);
	smc_ww(lp, SMC_RCR, RCR_SOFTRST);
	smc_ww(lp, SMC_RCR, 0);
	smc_ww(lp, SMC_TCR, 0);
	smc_bank(lp, 2);
	smc_wb(lp, SMC_MMU_CMD, MMU_RESET);
	smc_wb(lp, SMC_INT_STAT, 0xff);
	lp->alloc_pending = false;
}

/* ---- transmit ------------------------------------------------------------ */

/* Free the page of every frame the chip has sent. */
static void smc_tx_reclaim(struct smc_local *lp)
{
	u8 pnr;

	while (smc_rb(lp, SMC_INT_STAT) & INT_TX) {
		pnr = smc_rb(lp, SMC_TXFIFO);
		if (pnr & 0x80)
			break;
		smc_wb(lp, SMC_PNR, pnr);
		smc_wb(lp, SMC_MMU_CMD, MMU_RELEASE_PNR);
		smc_wb(lp, SMC_INT_STAT, INT_TX);	/* pops the TX-done FIFO */
	}
}

/*
 * A page for one frame.  A request the MMU could not serve stays pending
 * and completes when a page frees up: the next call waits for that one
 * instead of asking again, which would leak the page it gets.
 */
static int smc_alloc_tx(struct smc_local *lp)
{
	u8 arr;
	int i;

	int polls = lp->alloc_pending ? 1 : SMC_ALLOC_POLLS;

	if (!lp->alloc_pending)
		smc_wb(lp, SMC_MMU_CMD, MMU_ALLOC_TX);
	for (i = 0; i < polls; i++) {
		if (smc_rb(lp, SMC_INT_STAT) & INT_ALLOC)
			break;
	}
	arr = smc_rb(lp, SMC_ARR);
	lp->alloc_pending = i == polls || (arr & ARR_FAILED);
	if (lp->alloc_pending)
		return -EBUSY;
	return arr;
}

static netdev_tx_t smc_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct smc_local *lp = netdev_priv(ndev);
	unsigned int len = max(skb->len, (unsigned int)ETH_ZLEN);
	unsigned int i;
	int pnr;

	smc_bank(lp, 2);
	smc_tx_reclaim(lp);
	pnr = smc_alloc_tx(lp);
	if (pnr < 0) {
		/* Dropped and counted; reported at most once per interval,
		 * or a storm becomes a console flood that slows the CPU
		 * further (a line costs more than a frame). */
		lp->short_drops++;
		ndev->stats.tx_dropped++;
		if (!time_before(jiffies, lp->next_report)) {
			dev_warn(lp->dev, "%s: no packet memory (MMU allocation pending): %lu frame%s "
				 "dropped (tx_dropped %lu); next report in %u s at the earliest\n",
				 ndev->name, lp->short_drops, lp->short_drops == 1 ? "" : "s",
				 ndev->stats.tx_dropped, SMC_SHORTAGE_REPORT_S);
			lp->short_drops = 0;
			lp->next_report = jiffies + SMC_SHORTAGE_REPORT_S * HZ;
		}
		return NETDEV_TX_BUSY;
	}
	smc_wb(lp, SMC_PNR, (u8)pnr);
	smc_ww(lp, SMC_PTR, PTR_AUTOINC);
	/* Status word, byte count (status + count + frame + control). */
	smc_ww(lp, SMC_DATA, 0);
	smc_ww(lp, SMC_DATA, (u16)((len & ~1u) + 6));
	/* The chip adds no padding unless told: pad to the minimum here. */
	for (i = 0; i < (len & ~1u); i++)
		smc_wb(lp, SMC_DATA, i < skb->len ? skb->data[i] : 0);
	if (len & 1) {
		smc_wb(lp, SMC_DATA, i < skb->len ? skb->data[i] : 0);
		smc_wb(lp, SMC_DATA, CTL_ODD);
	} else {
		smc_ww(lp, SMC_DATA, 0);
	}
	smc_wb(lp, SMC_MMU_CMD, MMU_ENQUEUE_TX);
	smc_tx_reclaim(lp);
	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += len;
	return NETDEV_TX_OK;
}

/* ---- receive ------------------------------------------------------------- */

/* Account for a frame the status word marks bad. */
static void smc_rx_error(struct net_device *ndev, u16 status)
{
	ndev->stats.rx_errors++;
	if (status & RS_BADCRC)
		ndev->stats.rx_crc_errors++;
	if (status & (RS_TOOLONG | RS_TOOSHORT))
		ndev->stats.rx_length_errors++;
	if (status & RS_ALGNERR)
		ndev->stats.rx_frame_errors++;
}

/* Copy the frame at the RX FIFO head out, hand it up, release its page. */
static void smc_rx_one(struct smc_local *lp)
{
	struct net_device *ndev = lp->ndev;
	struct sk_buff skb;
	u16 status, count;
	unsigned int len, i;

	smc_ww(lp, SMC_PTR, PTR_RCV | PTR_AUTOINC | PTR_READ);
	status = smc_rw(lp, SMC_DATA);
	count = smc_rw(lp, SMC_DATA) & 0x07ff;
	if (count < 6 + ETH_HLEN || count > 6 + sizeof(lp->rx_buf) - 2) {
		ndev->stats.rx_errors++;
		ndev->stats.rx_length_errors++;
		goto release;
	}
	if (status & RS_ERRORS) {
		smc_rx_error(ndev, status);
		goto release;
	}
	/* count covers status, count, data and the trailing control pair;
	 * an odd frame keeps its last byte in that pair. */
	len = count - 6;
	for (i = 0; i < len; i++)
		lp->rx_buf[i] = smc_rb(lp, SMC_DATA);
	if (status & RS_ODDFRM)
		lp->rx_buf[len++] = smc_rb(lp, SMC_DATA);
	ndev->stats.rx_packets++;
	ndev->stats.rx_bytes += len;
	skb.dev = ndev;
	skb.data = lp->rx_buf;
	skb.len = len;
	netif_receive_skb(&skb);
release:
	smc_wb(lp, SMC_MMU_CMD, MMU_RX_RELEASE);
}

static irqreturn_t smc_interrupt(int irq, void *dev_id)
{
	struct smc_local *lp = dev_id;
	u8 saved_bank = smc_rb(lp, SMC_BANK_SELECT) & 3;
	u8 stat;
	int budget = 16;	/* the chip holds 4 pages: never loop forever */
	irqreturn_t ret = IRQ_NONE;

	(void)irq;
	smc_bank(lp, 2);
	stat = smc_rb(lp, SMC_INT_STAT) & smc_rb(lp, SMC_INT_MASK);
	if (stat & INT_RX_OVRN) {
		lp->ndev->stats.rx_over_errors++;
		lp->ndev->stats.rx_errors++;
		smc_wb(lp, SMC_INT_STAT, INT_RX_OVRN);
		ret = IRQ_HANDLED;
	}
	while (budget-- && !(smc_rb(lp, SMC_RXFIFO) & RXFIFO_EMPTY)) {
		smc_rx_one(lp);
		ret = IRQ_HANDLED;
	}
	smc_bank(lp, saved_bank);
	return ret;
}

/* ---- open and stop ------------------------------------------------------- */

static int smc_open(struct net_device *ndev)
{
	struct smc_local *lp = netdev_priv(ndev);
	u16 rcr = RCR_RXEN | RCR_STRIP_CRC;

	/* The chip filters on its own address; a different one from the
	 * tree is filtered in software (netif_receive_skb). */
	if (!ether_addr_equal(ndev->dev_addr, lp->chip_addr))
		rcr |= RCR_PRMS;
	smc_bank(lp, 0);
	smc_ww(lp, SMC_TCR, TCR_TXENA);
	smc_ww(lp, SMC_RCR, rcr);
	smc_bank(lp, 2);
	smc_wb(lp, SMC_INT_STAT, 0xff);
	smc_wb(lp, SMC_INT_MASK, INT_RCV | INT_RX_OVRN);
	return 0;
}

static int smc_stop(struct net_device *ndev)
{
	smc_reset(netdev_priv(ndev));
	return 0;
}

static const struct net_device_ops smc_netdev_ops = {
	.ndo_open = smc_open,
	.ndo_stop = smc_stop,
	.ndo_start_xmit = smc_start_xmit,
};

/* ---- probe (everything it takes is managed: no remove) ------------------ */

/* The signature, then the chip id: a wrong address reads zeros here. */
static int smc_identify(struct smc_local *lp)
{
	u8 sig = smc_rb(lp, SMC_BANK_SIGNATURE);
	u16 rev;

	if (sig != SMC_SIGNATURE) {
		dev_err(lp->dev, "no SMC91x: bank-select signature reads 0x%02x, not 0x%02x\n",
			sig, SMC_SIGNATURE);
		return -ENODEV;
	}
	smc_bank(lp, 3);
	rev = smc_rw(lp, SMC_REV);
	smc_bank(lp, 2);
	if (((rev >> 4) & 0xf) != CHIP_91C111) {
		dev_err(lp->dev, "unsupported chip: revision register reads 0x%04x (chip %u, want %u)\n",
			rev, (rev >> 4) & 0xf, CHIP_91C111);
		return -ENODEV;
	}
	dev_info(lp->dev, "LAN91C111 rev %u (revision register 0x%04x)\n", rev & 0xf, rev);
	return 0;
}

/* Read the chip's station address (bank 1), or write @mac into it. */
static void smc_chip_mac(struct smc_local *lp, u8 *out, const u8 *mac)
{
	unsigned int i;

	smc_bank(lp, 1);
	for (i = 0; i < ETH_ALEN; i++) {
		if (mac)
			smc_wb(lp, SMC_ADDR0 + i, mac[i]);
		else
			out[i] = smc_rb(lp, SMC_ADDR0 + i);
	}
	smc_bank(lp, 2);
}

/* The tree's address when it has a valid one, else the chip's. */
static void smc_set_mac(struct smc_local *lp)
{
	struct net_device *ndev = lp->ndev;
	const u8 *a = ndev->dev_addr;
	u8 mac[ETH_ALEN], now[ETH_ALEN];

	smc_chip_mac(lp, lp->chip_addr, NULL);
	if (of_get_mac_address(lp->dev->of_node, mac)) {
		memcpy(ndev->dev_addr, lp->chip_addr, ETH_ALEN);
		dev_info(lp->dev, "MAC %pM from the chip\n", a);
		return;
	}
	memcpy(ndev->dev_addr, mac, ETH_ALEN);
	/* Real chips take it; QEMU's model ignores the writes. */
	smc_chip_mac(lp, NULL, mac);
	smc_chip_mac(lp, now, NULL);
	memcpy(lp->chip_addr, now, ETH_ALEN);
	dev_info(lp->dev, "MAC %pM from the tree%s\n", a,
		 ether_addr_equal(now, mac) ? "" : "; the chip keeps its own: applied in software");
}

static int smc_probe(struct platform_device *pdev)
{
	struct net_device *ndev;
	struct smc_local *lp;
	void __iomem *base;
	int ret;

	ndev = devm_platform_alloc_etherdev(pdev, sizeof(*lp), &base);
	if (IS_ERR(ndev))
		return (int)PTR_ERR(ndev);
	lp = netdev_priv(ndev);
	lp->base = base;
	lp->dev = &pdev->dev;
	lp->ndev = ndev;

	ret = smc_identify(lp);
	if (ret)
		return ret;
	smc_reset(lp);
	smc_set_mac(lp);
	ndev->netdev_ops = &smc_netdev_ops;
	ret = devm_register_netdev_irq(ndev, smc_interrupt, lp);
	if (ret)
		return ret;
	smc_bank(lp, 0);
	dev_info(lp->dev, "%s: IRQ %u, link %s\n", ndev->name, ndev->irq,
		 (smc_rw(lp, SMC_EPH_STATUS) & EPH_LINK_OK) ? "up" : "down");
	smc_bank(lp, 2);
	return 0;
}

static const struct of_device_id smc_of_match[] = {
	{ .compatible = "smsc,lan91c111" },
	{ .compatible = "smc,smc91c111" },
	{ }
};
MODULE_DEVICE_TABLE(of, smc_of_match);

static struct platform_driver smc_driver = {
	.probe = smc_probe,	/* all managed: unbinding unregisters, then frees */
	.driver = {
		.name = "smc91x",
		.of_match_table = smc_of_match,
	},
};
module_platform_driver(smc_driver);

MODULE_DESCRIPTION("SMSC LAN91C111 (SMC91C111) Ethernet");
MODULE_LICENSE("Dual BSD/GPL");
