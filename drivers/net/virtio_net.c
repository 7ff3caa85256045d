// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-net: an Ethernet card with two queues, receive (0) and transmit
 * (1).  Every frame travels behind a small header (checksum and
 * segmentation offloads, all left off here): 10 bytes for a legacy device,
 * 12 with VIRTIO_F_VERSION_1.  Header and frame share one buffer
 * (VIRTIO_F_ANY_LAYOUT, implied by 1.0).
 *
 * Receive: buffers posted at probe; the device's interrupt runs the
 * receive queue's callback, which hands each frame up and posts its
 * buffer again.  Transmit: a frame is copied into a free transmit buffer;
 * buffers the device is done with are taken back at the next send.
 * The MAC address is the device's (VIRTIO_NET_F_MAC, config space).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/virtio.h>
#include <linux/virtio_config.h>

/* Feature bits and configuration space (virtio 1.x, 5.1). */
#define VIRTIO_NET_F_MAC	5	/* mac is valid */
#define VIRTIO_NET_F_STATUS	16	/* status is valid */
#define VIRTIO_NET_CFG_MAC	0	/* u8[6] */
#define VIRTIO_NET_CFG_STATUS	6	/* u16 */
#define VIRTIO_NET_S_LINK_UP	1

#define VNET_HDR_LEN_LEGACY	10	/* struct virtio_net_hdr */
#define VNET_HDR_LEN		12	/* ... with num_buffers (1.0) */
#define VNET_BUF_SIZE		(VNET_HDR_LEN + ETH_FRAME_LEN)
#define VNET_RX_BUFS		16
#define VNET_TX_BUFS		16

struct virtnet_info {
	struct virtio_device *vdev;
	struct net_device *ndev;
	struct virtqueue *rvq, *svq;
	unsigned int hdr_len;
	u8 *rx_buf[VNET_RX_BUFS];
	u8 *tx_buf[VNET_TX_BUFS];
	u8 *tx_free[VNET_TX_BUFS];	/* a stack of the ones not given out */
	unsigned int nr_tx_free;
};

static int add_rx_buf(struct virtnet_info *vi, u8 *buf)
{
	struct scatterlist sg;

	sg_init_one(&sg, buf, VNET_BUF_SIZE);
	return virtqueue_add_inbuf(vi->rvq, &sg, buf);
}

/* The receive queue's callback, in the device's interrupt. */
static void virtnet_rx_done(struct virtqueue *rvq)
{
	struct virtnet_info *vi = rvq->vdev->priv;
	struct net_device *ndev = vi->ndev;
	unsigned int len;
	u8 *buf;

	while ((buf = virtqueue_get_buf(rvq, &len))) {
		struct sk_buff skb = { ndev, buf + vi->hdr_len, 0 };

		if (len < vi->hdr_len + ETH_HLEN || len > VNET_BUF_SIZE) {
			ndev->stats.rx_errors++;
			ndev->stats.rx_length_errors++;
		} else {
			skb.len = len - vi->hdr_len;
			ndev->stats.rx_packets++;
			ndev->stats.rx_bytes += skb.len;
			netif_receive_skb(&skb);
		}
		/* The buffer just came back: there is room for it. */
		add_rx_buf(vi, buf);
	}
	virtqueue_kick(rvq);
}

static void reclaim_tx(struct virtnet_info *vi)
{
	u8 *buf;

	while ((buf = virtqueue_get_buf(vi->svq, NULL)))
		vi->tx_free[vi->nr_tx_free++] = buf;
}

static netdev_tx_t virtnet_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct virtnet_info *vi = netdev_priv(ndev);
	unsigned int len = max(skb->len, (unsigned int)ETH_ZLEN);
	struct scatterlist sg;
	u8 *buf;

	reclaim_tx(vi);
	if (!vi->nr_tx_free) {
		ndev->stats.tx_dropped++;
		return NETDEV_TX_BUSY;
	}
	buf = vi->tx_free[--vi->nr_tx_free];
	/* No offloads: an all-zero header. */
	memset(buf, 0, vi->hdr_len);
	memcpy(buf + vi->hdr_len, skb->data, skb->len);
	memset(buf + vi->hdr_len + skb->len, 0, len - skb->len);
	sg_init_one(&sg, buf, vi->hdr_len + len);
	if (virtqueue_add_outbuf(vi->svq, &sg, buf)) {
		vi->tx_free[vi->nr_tx_free++] = buf;
		ndev->stats.tx_errors++;
		return NETDEV_TX_BUSY;
	}
	virtqueue_kick(vi->svq);
	ndev->stats.tx_packets++;
	ndev->stats.tx_bytes += skb->len;
	return NETDEV_TX_OK;
}

static const struct net_device_ops virtnet_netdev_ops = {
	.ndo_start_xmit = virtnet_start_xmit,
};

static void free_bufs(struct virtnet_info *vi)
{
	for (int i = 0; i < VNET_RX_BUFS; i++)
		kfree(vi->rx_buf[i]);
	for (int i = 0; i < VNET_TX_BUFS; i++)
		kfree(vi->tx_buf[i]);
}

static int alloc_bufs(struct virtnet_info *vi)
{
	for (int i = 0; i < VNET_RX_BUFS; i++) {
		vi->rx_buf[i] = kmalloc(VNET_BUF_SIZE, GFP_KERNEL);
		if (!vi->rx_buf[i])
			return -ENOMEM;
	}
	for (int i = 0; i < VNET_TX_BUFS; i++) {
		vi->tx_buf[i] = kmalloc(VNET_BUF_SIZE, GFP_KERNEL);
		if (!vi->tx_buf[i])
			return -ENOMEM;
		vi->tx_free[vi->nr_tx_free++] = vi->tx_buf[i];
	}
	return 0;
}

static int virtnet_probe(struct virtio_device *vdev)
{
	vq_callback_t *callbacks[] = { virtnet_rx_done, NULL };
	const char *const names[] = { "input", "output" };
	struct virtqueue *vqs[2];
	struct virtnet_info *vi;
	struct net_device *ndev;
	int ret, i;

	/* Frames arrive only by the interrupt (no polling loop here). */
	if (!vdev->config->has_irq(vdev))
		return dev_err_probe(&vdev->dev, -ENXIO, "its transport has no interrupt");
	if (!virtio_has_feature(vdev, VIRTIO_NET_F_MAC))
		return dev_err_probe(&vdev->dev, -EINVAL,
				     "the device offers no MAC address (VIRTIO_NET_F_MAC)");
	ndev = alloc_etherdev(sizeof(*vi));
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, &vdev->dev);
	ndev->netdev_ops = &virtnet_netdev_ops;
	vi = netdev_priv(ndev);
	vi->vdev = vdev;
	vi->ndev = ndev;
	vi->hdr_len = virtio_has_feature(vdev, VIRTIO_F_VERSION_1) ? VNET_HDR_LEN :
								      VNET_HDR_LEN_LEGACY;
	virtio_cread_bytes(vdev, VIRTIO_NET_CFG_MAC, ndev->dev_addr, ETH_ALEN);
	ret = alloc_bufs(vi);
	if (ret)
		goto free;
	ret = virtio_find_vqs(vdev, 2, vqs, callbacks, names);
	if (ret)
		goto free;
	vi->rvq = vqs[0];
	vi->svq = vqs[1];
	vdev->priv = vi;
	for (i = 0; i < VNET_RX_BUFS && vi->rvq->num_free; i++)
		add_rx_buf(vi, vi->rx_buf[i]);
	virtio_device_ready(vdev);
	virtqueue_kick(vi->rvq);
	ret = register_netdev(ndev);
	if (ret) {
		dev_err(&vdev->dev, "register_netdev: %s\n", errname(ret));
		goto del_vqs;
	}
	dev_info(&vdev->dev, "%s: MAC %pM from the device, link %s\n", ndev->name, ndev->dev_addr,
		 !virtio_has_feature(vdev, VIRTIO_NET_F_STATUS) ? "not reported" :
		 virtio_cread16(vdev, VIRTIO_NET_CFG_STATUS) & VIRTIO_NET_S_LINK_UP ? "up" : "down");
	return 0;

del_vqs:
	vdev->config->reset(vdev);
	vdev->config->del_vqs(vdev);
free:
	free_bufs(vi);
	free_netdev(ndev);
	return ret;
}

static void virtnet_remove(struct virtio_device *vdev)
{
	struct virtnet_info *vi = vdev->priv;

	unregister_netdev(vi->ndev);
	/* Stopped first: the device writes no buffer we are about to free. */
	vdev->config->reset(vdev);
	vdev->config->del_vqs(vdev);
	free_bufs(vi);
	free_netdev(vi->ndev);
}

static const unsigned int features[] = {
	VIRTIO_NET_F_MAC, VIRTIO_NET_F_STATUS,
};

static const struct virtio_device_id id_table[] = {
	{ VIRTIO_ID_NET, VIRTIO_DEV_ANY_ID },
	{ 0 },
};
MODULE_DEVICE_TABLE(virtio, id_table);

static struct virtio_driver virtio_net_driver = {
	.driver.name = "virtio_net",
	.id_table = id_table,
	.feature_table = features,
	.feature_table_size = ARRAY_SIZE(features),
	.probe = virtnet_probe,
	.remove = virtnet_remove,
};
module_virtio_driver(virtio_net_driver);

MODULE_DESCRIPTION("virtio network card");
MODULE_LICENSE("Dual BSD/GPL");
