// SPDX-License-Identifier: BSD-2-Clause
/*
 * A net_device's memory: one allocation with the driver's state behind it,
 * plain or managed.  Portable (no tick, no IRQ masking), so the host unit
 * tests check the managed one against the driver core's devres.
 */
#include <linux/device.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/slab.h>

struct net_device *alloc_etherdev(size_t sizeof_priv)
{
	size_t head = ALIGN(sizeof(struct net_device), 8);
	struct net_device *dev = kzalloc(head + sizeof_priv, GFP_KERNEL);

	if (!dev)
		return NULL;
	dev->priv = (char *)dev + head;
	dev->mtu = ETH_DATA_LEN;
	INIT_LIST_HEAD(&dev->list);
	return dev;
}
EXPORT_SYMBOL(alloc_etherdev);

void free_netdev(struct net_device *dev)
{
	kfree(dev);
}
EXPORT_SYMBOL(free_netdev);

static void devm_free_netdev(void *ndev)
{
	free_netdev(ndev);
}

struct net_device *devm_alloc_etherdev(struct device *dev, size_t sizeof_priv)
{
	struct net_device *ndev = alloc_etherdev(sizeof_priv);

	if (!ndev || devm_add_action_or_reset(dev, devm_free_netdev, ndev))
		return NULL;
	return ndev;
}
EXPORT_SYMBOL(devm_alloc_etherdev);
