// SPDX-License-Identifier: BSD-2-Clause
/*
 * Managed resources: what a driver takes with devm_*() during probe is
 * recorded on its device and given back, newest first, when the driver
 * unbinds or the probe fails.  A remove() therefore only stops the hardware.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/string.h>

struct devres {
	struct list_head node;
	dr_release_t release;	/* NULL: memory only */
	size_t size;
	long long payload[];    /* 8-byte aligned, like kmalloc's */
};

void *devres_alloc(dr_release_t release, size_t size, gfp_t gfp)
{
	struct devres *dr = kmalloc(sizeof(*dr) + size, gfp);

	if (!dr)
		return NULL;
	memset(dr->payload, 0, size);
	INIT_LIST_HEAD(&dr->node);
	dr->release = release;
	dr->size = size;
	return dr->payload;
}

static struct devres *to_devres(void *res)
{
	return (struct devres *)((char *)res - offsetof(struct devres, payload));
}

void devres_add(struct device *dev, void *res)
{
	list_add(&to_devres(res)->node, &dev->devres_head);
}

void devres_free(void *res)
{
	if (res)
		kfree(to_devres(res));
}

static void *devres_new(struct device *dev, size_t size, dr_release_t release)
{
	void *res = devres_alloc(release, size, GFP_KERNEL);

	if (res)
		devres_add(dev, res);
	return res;
}

void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return devres_new(dev, size, NULL);
}
EXPORT_SYMBOL(devm_kmalloc);

void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return devres_new(dev, size, NULL);
}
EXPORT_SYMBOL(devm_kzalloc);

char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp)
{
	size_t n;
	char *p;

	if (!s)
		return NULL;
	n = strlen(s) + 1;
	p = devm_kmalloc(dev, n, gfp);
	if (p)
		memcpy(p, s, n);
	return p;
}
EXPORT_SYMBOL(devm_kstrdup);

void devm_kfree(struct device *dev, const void *p)
{
	struct devres *dr;

	list_for_each_entry(dr, &dev->devres_head, node) {
		if ((const void *)dr->payload == p) {
			list_del(&dr->node);
			kfree(dr);
			return;
		}
	}
}
EXPORT_SYMBOL(devm_kfree);

struct action_res {
	void (*action)(void *);
	void *data;
};

static void action_release(struct device *dev, void *res)
{
	struct action_res *a = res;

	a->action(a->data);
}

int devm_add_action(struct device *dev, void (*action)(void *), void *data)
{
	struct action_res *a = devres_new(dev, sizeof(*a), action_release);

	if (!a)
		return -ENOMEM;
	a->action = action;
	a->data = data;
	return 0;
}
EXPORT_SYMBOL(devm_add_action);

int devm_add_action_or_reset(struct device *dev, void (*action)(void *), void *data)
{
	int ret = devm_add_action(dev, action, data);

	if (ret)
		action(data);
	return ret;
}
EXPORT_SYMBOL(devm_add_action_or_reset);

struct irq_res {
	unsigned int irq;
	void *dev_id;
};

static void irq_release(struct device *dev, void *res)
{
	struct irq_res *r = res;

	free_irq(r->irq, r->dev_id);
}

int devm_request_irq(struct device *dev, unsigned int irq, irq_handler_t handler,
		     unsigned long flags, const char *name, void *dev_id)
{
	struct irq_res *r = devres_new(dev, sizeof(*r), irq_release);
	int ret;

	if (!r)
		return -ENOMEM;
	ret = request_irq(irq, handler, flags, name ? name : dev_name(dev), dev_id);
	if (ret) {
		devm_kfree(dev, r);
		return ret;
	}
	r->irq = irq;
	r->dev_id = dev_id;
	return 0;
}
EXPORT_SYMBOL(devm_request_irq);

void devres_release_all(struct device *dev)
{
	while (!list_empty(&dev->devres_head)) {
		struct devres *dr = list_first_entry(&dev->devres_head, struct devres, node);

		list_del(&dr->node);
		if (dr->release)
			dr->release(dev, dr->payload);
		kfree(dr);
	}
}

int devres_count(const struct device *dev)
{
	const struct list_head *p;
	int n = 0;

	for (p = dev->devres_head.next; p != &dev->devres_head; p = p->next)
		n++;
	return n;
}
