// SPDX-License-Identifier: BSD-2-Clause
/*
 * A small gpiolib: the registered GPIO controllers, their lines numbered
 * one after the other, and the `gpio` shell command to read and drive
 * them (lab 5 writes a controller driver for the PL061), and the consumer
 * side: a driver takes the line its node names as a descriptor, reads it
 * and asks for its interrupt (gpio-keys).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/gpio/consumer.h>
#include <linux/gpio/driver.h>
#include <linux/irqdomain.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/shell.h>

static struct gpio_chip *chips;	/* in registration order */

int gpiochip_add_data(struct gpio_chip *gc, void *data)
{
	struct gpio_chip **pp = &chips;
	int base = 0;

	if (!gc->ngpio || gc->ngpio > 64 || !gc->get || !gc->set || !gc->direction_input ||
	    !gc->direction_output)
		return -EINVAL;
	for (; *pp; pp = &(*pp)->next)
		base = (*pp)->base + (*pp)->ngpio;
	gc->base = base;
	gc->data = data;
	gc->requested = 0;
	gc->next = NULL;
	*pp = gc;
	return 0;
}

void gpiochip_remove(struct gpio_chip *gc)
{
	for (struct gpio_chip **pp = &chips; *pp; pp = &(*pp)->next) {
		if (*pp == gc) {
			*pp = gc->next;
			return;
		}
	}
}

static void devm_gpiochip_remove(void *gc)
{
	gpiochip_remove(gc);
}

int devm_gpiochip_add_data(struct device *dev, struct gpio_chip *gc, void *data)
{
	int ret = gpiochip_add_data(gc, data);

	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, devm_gpiochip_remove, gc);
}
EXPORT_SYMBOL(devm_gpiochip_add_data);

void *gpiochip_get_data(struct gpio_chip *gc)
{
	return gc->data;
}
EXPORT_SYMBOL(gpiochip_get_data);

/* The GPIO_ACTIVE_LOW bit of a two-cell specifier's flags (dt-bindings/gpio). */
#define GPIO_ACTIVE_LOW	1

struct gpio_desc {
	struct gpio_chip *gc;
	unsigned int offset;
	bool active_low;
};

/* The registered chip whose device was made from @np. */
static struct gpio_chip *of_find_chip(const struct device_node *np)
{
	for (struct gpio_chip *gc = chips; gc; gc = gc->next)
		if (gc->parent && gc->parent->of_node == np)
			return gc;
	return NULL;
}

static void devm_gpiod_put(void *data)
{
	struct gpio_desc *desc = data;

	desc->gc->requested &= ~(1ull << desc->offset);
	kfree(desc);
}

struct gpio_desc *devm_gpiod_get_from_of_node(struct device *dev, struct device_node *node,
					      const char *propname, int index,
					      enum gpiod_flags flags, const char *label)
{
	struct of_phandle_args args;
	struct gpio_desc *desc;
	struct gpio_chip *gc;
	int ret;

	ret = of_parse_phandle_with_args(node, propname, "#gpio-cells", index, &args);
	if (ret)
		return ERR_PTR(ret);
	gc = of_find_chip(args.np);
	if (!gc) {
		device_set_deferred_probe_reason(dev, "waiting for GPIO controller %pOF", args.np);
		device_set_deferred_probe_supplier(dev, args.np);
		of_node_put(args.np);
		return ERR_PTR(-EPROBE_DEFER);
	}
	of_node_put(args.np);
	if (args.args_count < 1 || args.args[0] >= gc->ngpio)
		return ERR_PTR(-EINVAL);
	if (gc->requested & (1ull << args.args[0])) {
		dev_err(dev, "%s line %u is already taken\n", gc->label, args.args[0]);
		return ERR_PTR(-EBUSY);
	}
	if (flags & GPIOD_IN) {
		ret = gc->direction_input(gc, args.args[0]);
		if (ret)
			return ERR_PTR(ret);
	}
	desc = kzalloc(sizeof(*desc), GFP_KERNEL);
	if (!desc)
		return ERR_PTR(-ENOMEM);
	desc->gc = gc;
	desc->offset = args.args[0];
	desc->active_low = args.args_count > 1 && (args.args[1] & GPIO_ACTIVE_LOW);
	gc->requested |= 1ull << desc->offset;
	ret = devm_add_action_or_reset(dev, devm_gpiod_put, desc);
	if (ret)
		return ERR_PTR(ret);
	dev_dbg(dev, "%s: %s line %u%s\n", label ? label : node->name, gc->label, desc->offset,
		desc->active_low ? " (active low)" : "");
	return desc;
}
EXPORT_SYMBOL(devm_gpiod_get_from_of_node);

int gpiod_get_value(const struct gpio_desc *desc)
{
	int v = desc->gc->get(desc->gc, desc->offset);

	return v < 0 ? v : v ^ desc->active_low;
}
EXPORT_SYMBOL(gpiod_get_value);

int gpiod_to_irq(const struct gpio_desc *desc)
{
	struct gpio_chip *gc = desc->gc;
	struct irq_domain *d;
	unsigned int virq;

	if (gc->to_irq)
		return gc->to_irq(gc, desc->offset);
	d = gc->parent ? irq_find_host(gc->parent->of_node) : NULL;
	if (!d)
		return -ENXIO;
	virq = irq_create_mapping(d, desc->offset);
	return virq ? (int)virq : -ENXIO;
}
EXPORT_SYMBOL(gpiod_to_irq);

/* The chip holding global line @n, and the line's offset in it. */
static struct gpio_chip *find_line(unsigned int n, unsigned int *offset)
{
	for (struct gpio_chip *gc = chips; gc; gc = gc->next) {
		if (n >= (unsigned int)gc->base && n < (unsigned int)gc->base + gc->ngpio) {
			*offset = n - (unsigned int)gc->base;
			return gc;
		}
	}
	return NULL;
}

/*
 * No controller registered: name the tree's GPIO controllers (nodes with
 * gpio-controller) that a driver would serve, and where such a driver
 * comes from, so an empty list is not a dead end.
 */
static void say_no_controllers(void)
{
	struct device_node *np;
	char path[128];
	int n = 0;

	printf("no GPIO controllers registered\n");
	for_each_of_allnodes(np) {
		const char *compat = of_get_property(np, "compatible", NULL);

		if (!of_find_property(np, "gpio-controller", NULL) || !of_device_is_available(np))
			continue;
		if (!n++)
			printf("the tree has these, and no driver in this kernel serves them:\n");
		of_node_full_path(np, path, sizeof(path));
		printf("  %-28s %s\n", path, compat ? compat : "(no compatible)");
	}
	if (!n)
		printf("the tree has no node with gpio-controller either\n");
	printf("a GPIO controller driver is lab work: lab 5 writes the PL061's on versatilepb "
	       "(docs/labs/lab5/README.md), lab 7 gives it interrupts; on QEMU's virt board "
	       "(make run BOARD=virt) the same driver serves the power button (gpio-keys); "
	       "`whynot PATH` says why a node is not bound\n");
}

static int cmd_gpio(int argc, char **argv)
{
	struct gpio_chip *gc;
	unsigned int n, offset, value = 0;
	int ret;

	if (argc == 1) {
		for (gc = chips; gc; gc = gc->next)
			printf("%-8s lines %d-%d  %s\n", gc->label, gc->base,
			       gc->base + gc->ngpio - 1, gc->parent ? dev_name(gc->parent) : "-");
		if (!chips)
			say_no_controllers();
		return 0;
	}
	if (argc < 3 || kstrtouint(argv[2], 10, &n))
		return -EINVAL;
	gc = find_line(n, &offset);
	if (!gc) {
		printf("gpio: no line %u\n", n);
		return -ENODEV;
	}
	if (!strcmp(argv[1], "get") && argc == 3) {
		ret = gc->get(gc, offset);
		if (ret < 0)
			return ret;
		printf("%u: %d\n", n, ret);
		return 0;
	}
	if (!strcmp(argv[1], "in") && argc == 3)
		return gc->direction_input(gc, offset);
	if (!strcmp(argv[1], "out") && argc == 4 && !kstrtouint(argv[3], 10, &value) && value <= 1)
		return gc->direction_output(gc, offset, (int)value);
	return -EINVAL;
}
SHELL_COMMAND(gpio, cmd_gpio, "gpio [get N | in N | out N 0|1]",
	      "GPIO lines: list controllers, read a line, make it an input or drive it");
