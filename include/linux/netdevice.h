/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Network devices with Linux's names (kernel/net/dev.c): a driver allocates
 * a struct net_device with alloc_etherdev(), fills in its MAC address and
 * its net_device_ops, and registers it; received frames go up with
 * netif_receive_skb(), the stack sends with dev_queue_xmit().
 *
 * Smaller than Linux on purpose: no queues, no softirq.  A frame received
 * in the driver's interrupt handler is handled at once, in that handler,
 * and a struct sk_buff is only a view of a buffer its caller owns (the
 * driver does not free it).  Everything that sends masks IRQs around the
 * transmit, so a reply sent from the interrupt handler never meets a
 * half-written frame in the chip.
 */
#ifndef _LINUX_NETDEVICE_H
#define _LINUX_NETDEVICE_H

#include <linux/compiler_types.h>
#include <linux/interrupt.h>
#include <linux/list.h>
#include <linux/types.h>

#define IFNAMSIZ	16
#define ETH_ALEN	6
#define ETH_HLEN	14
#define ETH_ZLEN	60	/* shortest frame without the CRC */
#define ETH_DATA_LEN	1500
#define ETH_FRAME_LEN	1514	/* longest frame without the CRC */

#define ETH_P_IP	0x0800
#define ETH_P_ARP	0x0806

struct device;
struct net_device;
struct platform_device;

/* Counters, as Linux's struct net_device_stats (the subset we count). */
struct net_device_stats {
	unsigned long rx_packets;
	unsigned long tx_packets;
	unsigned long rx_bytes;
	unsigned long tx_bytes;
	unsigned long rx_errors;
	unsigned long tx_errors;
	unsigned long rx_dropped;	/* good frames nobody wanted (filter) */
	unsigned long tx_dropped;
	unsigned long rx_length_errors;	/* too long or too short */
	unsigned long rx_crc_errors;
	unsigned long rx_frame_errors;	/* alignment */
	unsigned long rx_over_errors;	/* the chip ran out of buffers */
};

/* A frame: @len bytes at @data, in a buffer the caller owns. */
struct sk_buff {
	struct net_device *dev;
	unsigned char *data;
	unsigned int len;
};

typedef enum netdev_tx {
	NETDEV_TX_OK = 0,
	NETDEV_TX_BUSY = 0x10,
} netdev_tx_t;

struct net_device_ops {
	int (*ndo_open)(struct net_device *dev);
	int (*ndo_stop)(struct net_device *dev);
	/* Called with IRQs masked; the frame is complete (Ethernet header
	 * included) and may be shorter than ETH_ZLEN. */
	netdev_tx_t (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
};

struct net_device {
	char name[IFNAMSIZ];			/* eth0, ... */
	u8 dev_addr[ETH_ALEN];			/* the station address in use */
	unsigned int irq;
	unsigned int mtu;
	bool up;
	struct net_device_stats stats;
	const struct net_device_ops *netdev_ops;
	struct device *parent;			/* SET_NETDEV_DEV() */
	struct list_head list;
	void *priv;				/* netdev_priv() */
};

#define SET_NETDEV_DEV(ndev, pdev)	((ndev)->parent = (pdev))

static inline void *netdev_priv(const struct net_device *dev)
{
	return dev->priv;
}

/**
 * alloc_etherdev() - a zeroed net_device for an Ethernet interface with
 * @sizeof_priv bytes of driver state behind netdev_priv().
 * Return: the device, or NULL when memory is short.
 */
struct net_device *alloc_etherdev(size_t sizeof_priv);
void free_netdev(struct net_device *dev);

/**
 * devm_alloc_etherdev() - alloc_etherdev() whose device free_netdev() frees
 * when @dev unbinds or its probe fails, so a probe's error paths just return.
 * Return: the device, or NULL when memory is short.
 */
struct net_device *devm_alloc_etherdev(struct device *dev, size_t sizeof_priv);

/**
 * register_netdev() - name @dev (eth0, eth1, ...), open it and make it
 * visible to the stack and to `ifconfig`.
 * Return: 0; -EINVAL without ops or a valid MAC address; -ENFILE with no
 * free name; whatever ndo_open returns.
 */
int register_netdev(struct net_device *dev);
/* Stop @dev and remove it from the stack; it may then be freed. */
void unregister_netdev(struct net_device *dev);
/**
 * devm_register_netdev() - register_netdev(), undone by unregister_netdev()
 * when @dev unbinds: before devres frees the IRQ and the netdev taken
 * earlier, so ndo_stop still finds both.
 * Return: register_netdev()'s errors; -ENOMEM (then unregistered again).
 */
int devm_register_netdev(struct device *dev, struct net_device *ndev);

/**
 * devm_platform_alloc_etherdev() - the opening of a platform NIC's probe:
 * @pdev's first register window mapped into *@base, and a managed
 * devm_alloc_etherdev() with @sizeof_priv bytes of driver state, parented
 * to @pdev, its irq @pdev's first interrupt.  All undone when @pdev unbinds
 * or its probe fails.
 * Return: the device; ERR_PTR() of devm_platform_ioremap_resource()'s
 * errors (-EINVAL, -EBUSY, -ENOMEM) or platform_get_irq()'s (-EPROBE_DEFER,
 * -ENXIO, -EINVAL); ERR_PTR(-ENOMEM).
 */
struct net_device *devm_platform_alloc_etherdev(struct platform_device *pdev,
						size_t sizeof_priv, void __iomem **base);
/**
 * devm_register_netdev_irq() - the end of a NIC's probe: @handler(irq,
 * @dev_id) on @ndev's irq, then devm_register_netdev() under @ndev's parent
 * device; a failure is logged there.
 * Return: 0; devm_request_irq()'s errors (-EINVAL, -EBUSY, -ENOMEM);
 * devm_register_netdev()'s (-EINVAL, -ENFILE, ndo_open's, -ENOMEM).
 */
int devm_register_netdev_irq(struct net_device *ndev, irq_handler_t handler, void *dev_id);

/* The interface called @name, or NULL. */
struct net_device *dev_get_by_name(const char *name);
/* The first registered interface, or NULL. */
struct net_device *first_net_device(void);

/**
 * dev_queue_xmit() - send @skb on skb->dev now (IRQs masked inside).
 * Return: 0; -ENETDOWN when the interface is down; -EMSGSIZE when longer
 * than ETH_FRAME_LEN; -EBUSY when the driver could not take it.
 */
int dev_queue_xmit(struct sk_buff *skb);

/*
 * A protocol's receive handler for one EtherType (Linux's packet_type):
 * the protocol registers it, so the device layer knows no protocol.
 */
struct packet_type {
	u16 type;				/* ETH_P_*, host order */
	int (*func)(struct sk_buff *skb);	/* 0 when taken, else -errno */
	struct list_head list;
};

/* dev_add_pack() - frames of @pt->type go to @pt->func from now on. */
void dev_add_pack(struct packet_type *pt);
/* dev_remove_pack() - undo dev_add_pack(). */
void dev_remove_pack(struct packet_type *pt);

/**
 * netif_receive_skb() - a frame @skb arrived on skb->dev: filter it by
 * destination address, count it and hand it to the protocol registered
 * for its EtherType (dev_add_pack()).  Driver
 * counters for the frame (rx_packets, rx_bytes) are the driver's job.
 * Return: 0 when a protocol took it; -ENOENT when dropped (counted).
 */
int netif_receive_skb(struct sk_buff *skb);

/* MAC address helpers, as in linux/etherdevice.h. */
static inline bool is_zero_ether_addr(const u8 *a)
{
	return !(a[0] | a[1] | a[2] | a[3] | a[4] | a[5]);
}

static inline bool is_multicast_ether_addr(const u8 *a)
{
	return a[0] & 1;
}

static inline bool is_broadcast_ether_addr(const u8 *a)
{
	return (a[0] & a[1] & a[2] & a[3] & a[4] & a[5]) == 0xff;
}

static inline bool is_valid_ether_addr(const u8 *a)
{
	return !is_multicast_ether_addr(a) && !is_zero_ether_addr(a);
}

static inline bool ether_addr_equal(const u8 *a, const u8 *b)
{
	return !((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) |
		 (a[3] ^ b[3]) | (a[4] ^ b[4]) | (a[5] ^ b[5]));
}

#endif
