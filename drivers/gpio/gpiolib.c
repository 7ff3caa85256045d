// SPDX-License-Identifier: BSD-2-Clause
/*
 * A small gpiolib: the registered GPIO controllers, their lines numbered
 * one after the other, and the `gpio` shell command to read and drive
 * them.  No descriptors, no interrupts: enough to see a controller driver
 * work (lab 5 writes one for the PL061).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/gpio/driver.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/string.h>
#include <coyote/shell.h>

static struct gpio_chip *chips;	/* in registration order */

int gpiochip_add_data(struct gpio_chip *gc, void *data)
{
	struct gpio_chip **pp = &chips;
	int base = 0;

	if (!gc->ngpio || !gc->get || !gc->set || !gc->direction_input ||
	    !gc->direction_output)
		return -EINVAL;
	for (; *pp; pp = &(*pp)->next)
		base = (*pp)->base + (*pp)->ngpio;
	gc->base = base;
	gc->data = data;
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

void *gpiochip_get_data(struct gpio_chip *gc)
{
	return gc->data;
}

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
	       "(docs/labs/lab5/README.md), lab 7 gives it interrupts; `whynot PATH` says why a "
	       "node is not bound\n");
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
