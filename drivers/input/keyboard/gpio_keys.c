// SPDX-License-Identifier: BSD-2-Clause
/*
 * gpio-keys: buttons wired to GPIO lines, one child node each (`gpios`,
 * `linux,code`, `label`), as Linux's binding describes them.  Each line
 * interrupts on both edges; the handler reads the line to tell a press
 * from a release.  KEY_POWER switches the board off (QEMU's virt: the
 * monitor's `system_powerdown` pulses line 3 of its PL061); other keys are
 * logged.  The lines belong to a GPIO controller driver, so the device
 * waits for one by its link to the controller (fw_devlink, `gpios`).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/gpio/consumer.h>
#include <linux/input.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/reboot.h>

struct gpio_button_data {
	struct device *dev;
	const char *label;
	u32 code;
	struct gpio_desc *gpiod;
	int last;		/* 1: pressed */
};

static irqreturn_t gpio_keys_gpio_isr(int irq, void *dev_id)
{
	struct gpio_button_data *b = dev_id;
	int state = gpiod_get_value(b->gpiod);

	if (state < 0 || state == b->last)
		return IRQ_HANDLED;
	b->last = state;
	dev_info(b->dev, "%s: key %u %s\n", b->label, b->code, state ? "pressed" : "released");
	if (b->code == KEY_POWER && state) {
		dev_notice(b->dev, "%s: KEY_POWER pressed: powering off\n", b->label);
		machine_power_off();
	}
	return IRQ_HANDLED;
}

/* One button: its line as an input, its interrupt on both edges. */
static int gpio_keys_setup_key(struct device *dev, struct device_node *np,
			       struct gpio_button_data *b)
{
	int irq, ret;

	b->dev = dev;
	if (of_property_read_u32(np, "linux,code", &b->code))
		return dev_err_probe(dev, -EINVAL, "%pOF: no linux,code", np);
	if (of_property_read_string(np, "label", &b->label))
		b->label = np->name;
	b->gpiod = devm_gpiod_get_from_of_node(dev, np, "gpios", 0, GPIOD_IN, b->label);
	/* -EPROBE_DEFER: gpiolib said which controller it waits for. */
	if (PTR_ERR(b->gpiod) == -EPROBE_DEFER)
		return -EPROBE_DEFER;
	if (IS_ERR(b->gpiod))
		return dev_err_probe(dev, (int)PTR_ERR(b->gpiod), "%pOF: no GPIO line", np);
	irq = gpiod_to_irq(b->gpiod);
	if (irq < 0)
		return dev_err_probe(dev, irq, "%pOF: its GPIO line cannot interrupt", np);
	ret = irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_BOTH);
	if (ret)
		return dev_err_probe(dev, ret, "%pOF: no both-edges trigger", np);
	b->last = gpiod_get_value(b->gpiod) > 0;
	ret = devm_request_irq(dev, (unsigned int)irq, gpio_keys_gpio_isr, 0, b->label, b);
	if (ret)
		return dev_err_probe(dev, ret, "%pOF: cannot request IRQ %d", np, irq);
	dev_info(dev, "%s: key %u on IRQ %d\n", b->label, b->code, irq);
	return 0;
}

static int gpio_keys_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct gpio_button_data *buttons;
	struct device_node *child;
	int n = of_get_child_count(dev->of_node), i = 0, ret;

	if (!n)
		return dev_err_probe(dev, -EINVAL, "no buttons");
	buttons = devm_kzalloc(dev, (size_t)n * sizeof(*buttons), GFP_KERNEL);
	if (!buttons)
		return -ENOMEM;
	for_each_available_child_of_node(dev->of_node, child) {
		ret = gpio_keys_setup_key(dev, child, &buttons[i++]);
		if (ret) {
			of_node_put(child);
			return ret;
		}
	}
	return 0;
}

static const struct of_device_id gpio_keys_of_match[] = {
	{ .compatible = "gpio-keys" },
	{ }
};

static struct platform_driver gpio_keys_device_driver = {
	.probe = gpio_keys_probe,
	.driver = {
		.name = "gpio-keys",
		.of_match_table = gpio_keys_of_match,
	},
};
module_platform_driver(gpio_keys_device_driver);
