// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 7: a push button wired to an interrupt input.  The tree says which
 * controller, line and edge (its `interrupts`, maybe through an
 * interrupt-map); the driver only asks for "my interrupt 0" and counts.
 *
 * Each press logs "press N" (N counting from 1): the grader reads it.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>

struct lab_button {
	struct device *dev;
	unsigned int presses;
	int irq;
};

static irqreturn_t lab_button_irq(int irq, void *dev_id)
{
	struct lab_button *b = dev_id;

	b->presses++;
	dev_info(b->dev, "press %u\n", b->presses);
	return IRQ_HANDLED;
}

static int lab_button_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct lab_button *b;
	int irq, ret;

	b = devm_kzalloc(dev, sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	b->dev = dev;
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;     /* -EPROBE_DEFER until the controller has its domain */
	ret = request_irq((unsigned int)irq, lab_button_irq, IRQF_SHARED, dev_name(dev), b);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request virq %d", irq);
	b->irq = irq;
	platform_set_drvdata(pdev, b);
	dev_info(dev, "waiting for presses on virq %d\n", irq);
	return 0;
}

static int lab_button_remove(struct platform_device *pdev)
{
	struct lab_button *b = platform_get_drvdata(pdev);

	free_irq((unsigned int)b->irq, b);
	dev_info(&pdev->dev, "%u presses\n", b->presses);
	return 0;
}

static const struct of_device_id lab_button_of_match[] = {
	{ .compatible = "coyote,lab-button" },
	{ }
};

static struct platform_driver lab_button_driver = {
	.probe = lab_button_probe,
	.remove = lab_button_remove,
	.driver = {
		.name = "lab-button",
		.of_match_table = lab_button_of_match,
	},
};
module_platform_driver(lab_button_driver);
