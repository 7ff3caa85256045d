// SPDX-License-Identifier: BSD-2-Clause
/*
 * Network devices: registration, names, and the two paths between drivers
 * and protocols (dev_queue_xmit down, netif_receive_skb up).  See
 * include/linux/netdevice.h for what is smaller than in Linux.
 */
#define pr_fmt(fmt) "net: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

static LIST_HEAD(net_devices);
static LIST_HEAD(ptype_base);	/* the protocols, by dev_add_pack() */

struct net_device *dev_get_by_name(const char *name)
{
	struct net_device *dev;

	list_for_each_entry(dev, &net_devices, list)
		if (!strcmp(dev->name, name))
			return dev;
	return NULL;
}

struct net_device *first_net_device(void)
{
	struct net_device *eth0 = dev_get_by_name("eth0");

	if (eth0)
		return eth0;
	return list_empty(&net_devices) ? NULL :
		list_first_entry(&net_devices, struct net_device, list);
}

/*
 * ethN: N from the tree's ethernetN alias when the device has one and
 * ethN is free (a board with two NICs names its first one, whichever
 * probes first, as U-Boot does), else the first number that is free and
 * that no alias claims.
 */
static int netdev_pick_name(struct net_device *dev)
{
	struct device_node *np = dev->parent ? dev->parent->of_node : NULL;
	int id = np ? of_alias_get_id(np, "ethernet") : -ENODEV;
	int n;

	if (id >= 0 && id < 10) {
		snprintf(dev->name, sizeof(dev->name), "eth%d", id);
		if (!dev_get_by_name(dev->name))
			return 0;
	}
	for (n = max(of_alias_get_highest_id("ethernet") + 1, 0); n < 10; n++) {
		snprintf(dev->name, sizeof(dev->name), "eth%d", n);
		if (!dev_get_by_name(dev->name))
			return 0;
	}
	return -ENFILE;
}

int register_netdev(struct net_device *dev)
{
	const u8 *a = dev->dev_addr;
	unsigned long flags;
	int ret;

	if (!dev->netdev_ops || !dev->netdev_ops->ndo_start_xmit ||
	    !is_valid_ether_addr(dev->dev_addr))
		return -EINVAL;
	if (netdev_pick_name(dev))
		return -ENFILE;
	if (dev->netdev_ops->ndo_open) {
		ret = dev->netdev_ops->ndo_open(dev);
		if (ret)
			return ret;
	}
	local_irq_save(flags);
	dev->up = true;
	list_add_tail(&dev->list, &net_devices);
	local_irq_restore(flags);
	pr_info("%s: %pM registered\n", dev->name, a);
	return 0;
}
EXPORT_SYMBOL(register_netdev);

void unregister_netdev(struct net_device *dev)
{
	unsigned long flags;

	local_irq_save(flags);
	dev->up = false;
	list_del_init(&dev->list);
	local_irq_restore(flags);
	if (dev->netdev_ops->ndo_stop)
		dev->netdev_ops->ndo_stop(dev);
	pr_info("%s: unregistered\n", dev->name);
}
EXPORT_SYMBOL(unregister_netdev);

static void devm_unregister_netdev(void *ndev)
{
	unregister_netdev(ndev);
}

int devm_register_netdev(struct device *dev, struct net_device *ndev)
{
	int ret = register_netdev(ndev);

	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, devm_unregister_netdev, ndev);
}
EXPORT_SYMBOL(devm_register_netdev);

struct net_device *devm_platform_alloc_etherdev(struct platform_device *pdev,
						size_t sizeof_priv, void __iomem **base)
{
	struct net_device *ndev;
	int irq;

	*base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(*base))
		return ERR_PTR(PTR_ERR(*base));
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return ERR_PTR(irq);
	ndev = devm_alloc_etherdev(&pdev->dev, sizeof_priv);
	if (!ndev)
		return ERR_PTR(-ENOMEM);
	SET_NETDEV_DEV(ndev, &pdev->dev);
	ndev->irq = (unsigned int)irq;
	return ndev;
}
EXPORT_SYMBOL(devm_platform_alloc_etherdev);

int devm_register_netdev_irq(struct net_device *ndev, irq_handler_t handler, void *dev_id)
{
	struct device *dev = ndev->parent;
	int ret;

	ret = devm_request_irq(dev, ndev->irq, handler, 0, dev_name(dev), dev_id);
	if (ret) {
		dev_err(dev, "IRQ %u: %s\n", ndev->irq, errname(ret));
		return ret;
	}
	ret = devm_register_netdev(dev, ndev);
	if (ret)
		dev_err(dev, "register_netdev: %s\n", errname(ret));
	return ret;
}
EXPORT_SYMBOL(devm_register_netdev_irq);

int dev_queue_xmit(struct sk_buff *skb)
{
	struct net_device *dev = skb->dev;
	unsigned long flags;
	netdev_tx_t rc;

	if (!dev || !dev->up)
		return -ENETDOWN;
	if (skb->len > ETH_FRAME_LEN || skb->len < ETH_HLEN) {
		dev->stats.tx_dropped++;
		return -EMSGSIZE;
	}
	local_irq_save(flags);
	rc = dev->netdev_ops->ndo_start_xmit(skb, dev);
	local_irq_restore(flags);
	return rc == NETDEV_TX_OK ? 0 : -EBUSY;
}

void dev_add_pack(struct packet_type *pt)
{
	list_add_tail(&pt->list, &ptype_base);
}

void dev_remove_pack(struct packet_type *pt)
{
	list_del(&pt->list);
}

int netif_receive_skb(struct sk_buff *skb)
{
	struct net_device *dev = skb->dev;
	const u8 *dst = skb->data;
	struct packet_type *pt;
	u16 type;

	/* The chip may listen promiscuously (a MAC from the tree that its
	 * registers cannot hold): this is the receive filter. */
	if (skb->len < ETH_HLEN ||
	    (!ether_addr_equal(dst, dev->dev_addr) && !is_broadcast_ether_addr(dst))) {
		dev->stats.rx_dropped++;
		return -ENOENT;
	}
	type = get_unaligned_be16(skb->data + 12);
	list_for_each_entry(pt, &ptype_base, list)
		if (pt->type == type)
			return pt->func(skb);
	dev->stats.rx_dropped++;
	return -ENOENT;
}
EXPORT_SYMBOL(netif_receive_skb);
