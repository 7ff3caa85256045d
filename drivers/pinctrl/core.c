// SPDX-License-Identifier: BSD-2-Clause
/*
 * The pin control core, small enough to read at once: controllers register;
 * a device's "default" state is applied before its probe, as Linux's
 * pinctrl_bind_pins() does, and released with the device's other
 * resources.  Which pins a group holds, and who owns a pin, are the
 * controller's business (its binding says how a group is written).
 */
#define pr_fmt(fmt) "pinctrl: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/pinctrl/pinctrl.h>
#include <linux/printk.h>
#include <linux/string.h>

#define PINCTRL_STATE_DEFAULT	"default"
#define PINCTRL_LOG_MAX		160

static LIST_HEAD(pinctrl_list);

static void pinctrl_unregister(void *data)
{
	list_del(&((struct pinctrl_dev *)data)->node);
}

int devm_pinctrl_register(struct device *dev, struct pinctrl_dev *pctldev)
{
	if (!dev || !pctldev || !pctldev->dev || !pctldev->ops || !pctldev->ops->apply_group)
		return -EINVAL;
	list_add_tail(&pctldev->node, &pinctrl_list);
	return devm_add_action_or_reset(dev, pinctrl_unregister, pctldev);
}

/* The registered controller @group sits under, or NULL. */
static struct pinctrl_dev *pinctrl_of_group(struct device_node *group)
{
	struct pinctrl_dev *p;

	for (struct device_node *np = group->parent; np; np = np->parent)
		list_for_each_entry(p, &pinctrl_list, node)
			if (p->dev->of_node == np)
				return p;
	return NULL;
}

static void pinctrl_release_all(void *data)
{
	struct device *dev = data;
	struct pinctrl_dev *p;

	list_for_each_entry(p, &pinctrl_list, node)
		if (p->ops->release)
			p->ops->release(p, dev);
}

int pinctrl_bind_pins(struct device *dev)
{
	struct device_node *np = dev->of_node, *group;
	char prop[16], log[PINCTRL_LOG_MAX] = "";
	unsigned int applied = 0;
	int state = 0, ret = 0;

	if (!np)
		return 0;
	if (of_get_property(np, "pinctrl-names", NULL)) {
		state = of_property_match_string(np, "pinctrl-names", PINCTRL_STATE_DEFAULT);
		if (state < 0)
			return 0;	/* states, none of them the default */
	}
	snprintf(prop, sizeof(prop), "pinctrl-%d", state);
	for (int i = 0; (group = of_parse_phandle(np, prop, i)); i++) {
		struct pinctrl_dev *p = pinctrl_of_group(group);

		if (p && p->dev != dev) {
			ret = p->ops->apply_group(p, group, dev);
			if (!ret) {
				size_t len = strlen(log);

				snprintf(log + len, sizeof(log) - len, "%s%s (%s)", applied ? ", " : "",
					 group->name, dev_name(p->dev));
				applied++;
			}
		}
		of_node_put(group);
		if (ret)
			break;
	}
	if (ret) {
		pinctrl_release_all(dev);
		return ret;
	}
	if (!applied)
		return 0;
	dev_info(dev, "pinctrl: state \"%s\" applied: %s\n", PINCTRL_STATE_DEFAULT, log);
	return devm_add_action_or_reset(dev, pinctrl_release_all, dev);
}
