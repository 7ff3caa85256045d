// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2835 GPIO and pin controller (`brcm,bcm2835-gpio`): 54 pins, each
 * with a 3-bit function in the GPFSEL registers (input, output, or one of
 * six alternate functions: the UART on 14/15 is ALT0), set, clear and
 * level registers for the GPIO lines, and a pull-up/down set through a
 * clocked sequence (GPPUD, then GPPUDCLK; the pull cannot be read back).
 *
 * Pin groups are the controller's child nodes in the Pi's binding:
 * `brcm,pins` (pin numbers), `brcm,function` (one for all, or one per
 * pin: 0 in, 1 out, 4-7 ALT0-3, 3 ALT4, 2 ALT5), `brcm,pull` (optional,
 * likewise: 0 none, 1 down, 2 up).  Probe checks every group and refuses
 * the controller, naming the node and the reason, if one is malformed, so
 * nothing is half applied; then applies the controller's own `pinctrl-0`
 * groups (its "hogs": the Pi's tree puts the board's fixed pins there).
 * A consumer's groups come through the pinctrl core before its probe
 * (drivers/pinctrl/core.c); each pin has one owner, and a group wanting a
 * pin another device owns is refused with both named, nothing changed;
 * when its owner lets it go (unbind, overlay removed) a pin gets back the
 * function it had before.
 * The lines are a gpio_chip for consumers' `gpios`.
 *
 * The controller is also an interrupt controller (`#interrupt-cells =
 * <2>`: pin and trigger): per pin, one enable bit in each of six detect
 * registers (rising and falling edge, high and low level, asynchronous
 * rising and falling) and an event bit in GPEDS, written 1 to clear.  The
 * tree's `interrupts` are one line per bank of pins and, last, one for
 * all banks; the bank lines are chained here, the all-banks line left to
 * whoever wants it, as Linux does.  A pin's detect bits are set only while
 * its interrupt is unmasked.  `pins` shows each pin's function read back
 * from GPFSEL, the group a device's pinctrl-0 names for it, and its owner.
 */
#include <linux/errno.h>
#include <linux/gpio/driver.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqchip/chained_irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/pinctrl/pinctrl.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/io.h>
#include <coyote/shell.h>

#define GPFSEL0			0x00
#define GPSET0			0x1c
#define GPCLR0			0x28
#define GPLEV0			0x34
#define GPEDS0			0x40
#define GPREN0			0x4c
#define GPFEN0			0x58
#define GPHEN0			0x64
#define GPLEN0			0x70
#define GPAREN0			0x7c
#define GPAFEN0			0x88
#define GPPUD			0x94
#define GPPUDCLK0		0x98

#define BCM2835_NUM_GPIOS	54
#define FSEL_BITS		3
#define FSEL_MASK		0x7u
#define BCM2835_FSEL_GPIO_IN	0
#define BCM2835_FSEL_GPIO_OUT	1
#define BCM2835_FSEL_MAX	7
#define BCM2835_PUD_MAX		2
/* The pull sequence's set-up and hold: 150 cycles of the GPIO clock. */
#define PUD_SETTLE_READS	150
#define BCM2835_GPIO_BANKS	2	/* 32 pins a register */
/* The tree's last interrupt is the all-banks line when there are several. */
#define BCM2835_MAX_BANK_IRQS	3

struct bcm2835_pinctrl {
	void __iomem *base;
	struct device *dev;
	struct gpio_chip gc;
	struct pinctrl_dev pctl;
	struct device *owner[BCM2835_NUM_GPIOS];	/* who claimed each pin */
	u8 fsel_before[BCM2835_NUM_GPIOS];		/* its function until then */
	struct irq_domain *domain;
	int parent_irq[BCM2835_MAX_BANK_IRQS];
	unsigned int nr_parents;
	u32 enabled[BCM2835_GPIO_BANKS];		/* unmasked pins */
	unsigned int irq_type[BCM2835_NUM_GPIOS];	/* IRQ_TYPE_* last set */
};

static struct bcm2835_pinctrl *the_pinctrl;

static const char *const fsel_names[] = {
	"in", "out", "alt5", "alt4", "alt0", "alt1", "alt2", "alt3",
};
static const char *const pud_names[] = { "none", "down", "up" };

static char __iomem *reg(struct bcm2835_pinctrl *pc, unsigned int off)
{
	return (char __iomem *)pc->base + off;
}

static unsigned int bcm2835_get_fsel(struct bcm2835_pinctrl *pc, unsigned int pin)
{
	return (readl(reg(pc, GPFSEL0 + 4 * (pin / 10))) >> (FSEL_BITS * (pin % 10))) & FSEL_MASK;
}

static void bcm2835_set_fsel(struct bcm2835_pinctrl *pc, unsigned int pin, unsigned int fsel)
{
	char __iomem *r = reg(pc, GPFSEL0 + 4 * (pin / 10));
	unsigned int shift = FSEL_BITS * (pin % 10);

	writel((readl(r) & ~(FSEL_MASK << shift)) | fsel << shift, r);
}

static void bcm2835_pull_settle(struct bcm2835_pinctrl *pc)
{
	for (int i = 0; i < PUD_SETTLE_READS; i++)
		(void)readl(reg(pc, GPPUD));
}

static void bcm2835_set_pull(struct bcm2835_pinctrl *pc, unsigned int pin, unsigned int pud)
{
	writel(pud, reg(pc, GPPUD));
	bcm2835_pull_settle(pc);
	writel(1u << (pin % 32), reg(pc, GPPUDCLK0 + 4 * (pin / 32)));
	bcm2835_pull_settle(pc);
	writel(0, reg(pc, GPPUD));
	writel(0, reg(pc, GPPUDCLK0 + 4 * (pin / 32)));
}

static int bcm2835_gpio_get(struct gpio_chip *gc, unsigned int offset)
{
	struct bcm2835_pinctrl *pc = gpiochip_get_data(gc);

	return (readl(reg(pc, GPLEV0 + 4 * (offset / 32))) >> (offset % 32)) & 1;
}

static void bcm2835_gpio_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct bcm2835_pinctrl *pc = gpiochip_get_data(gc);

	writel(1u << (offset % 32), reg(pc, (value ? GPSET0 : GPCLR0) + 4 * (offset / 32)));
}

static int bcm2835_gpio_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	bcm2835_set_fsel(gpiochip_get_data(gc), offset, BCM2835_FSEL_GPIO_IN);
	return 0;
}

static int bcm2835_gpio_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	bcm2835_gpio_set(gc, offset, value);
	bcm2835_set_fsel(gpiochip_get_data(gc), offset, BCM2835_FSEL_GPIO_OUT);
	return 0;
}

/* The @i-th value of a per-pin property: its only value, or its @i-th. */
static u32 group_value(const __be32 *vals, int n, int i)
{
	return be32_to_cpu(vals[n == 1 ? 0 : i]);
}

/*
 * Check one group node; with @claim, claim its pins for that device and
 * set them.
 * Return: 0 (a node without brcm,pins is not a group: nothing to do);
 * -EINVAL (malformed), -EBUSY (a pin another device owns), logged with
 * the node and the reason, nothing changed.
 */
static int bcm2835_group(struct bcm2835_pinctrl *pc, struct device_node *np,
			 struct device *claim)
{
	bool apply = claim;
	int lp, lf, lu = 0, npins, nfunc, npull;
	const __be32 *pins = of_get_property(np, "brcm,pins", &lp);
	const __be32 *func = of_get_property(np, "brcm,function", &lf);
	const __be32 *pull = of_get_property(np, "brcm,pull", &lu);

	if (!pins)
		return 0;
	npins = lp / 4;
	nfunc = func ? lf / 4 : 0;
	npull = pull ? lu / 4 : 0;
	if (!npins || (func && nfunc != 1 && nfunc != npins) ||
	    (pull && npull != 1 && npull != npins)) {
		dev_err(pc->dev, "%pOF: brcm,function and brcm,pull need 1 or %d values, have %d and %d\n",
			np, npins, nfunc, npull);
		return -EINVAL;
	}
	for (int i = 0; i < npins; i++) {
		u32 pin = be32_to_cpu(pins[i]);

		if (pin >= BCM2835_NUM_GPIOS) {
			dev_err(pc->dev, "%pOF: pin %u: the controller has %d\n", np,
				(unsigned int)pin, BCM2835_NUM_GPIOS);
			return -EINVAL;
		}
		if (func && group_value(func, nfunc, i) > BCM2835_FSEL_MAX) {
			dev_err(pc->dev, "%pOF: function %u out of range (0-%d)\n", np,
				(unsigned int)group_value(func, nfunc, i), BCM2835_FSEL_MAX);
			return -EINVAL;
		}
		if (pull && group_value(pull, npull, i) > BCM2835_PUD_MAX) {
			dev_err(pc->dev, "%pOF: pull %u out of range (0-%d)\n", np,
				(unsigned int)group_value(pull, npull, i), BCM2835_PUD_MAX);
			return -EINVAL;
		}
	}
	for (int i = 0; apply && i < npins; i++) {
		u32 pin = be32_to_cpu(pins[i]);

		if (pc->owner[pin] && pc->owner[pin] != claim) {
			dev_err(pc->dev, "%pOF: pin %u is %s's: %s cannot have it\n", np,
				(unsigned int)pin, dev_name(pc->owner[pin]), dev_name(claim));
			return -EBUSY;
		}
	}
	for (int i = 0; apply && i < npins; i++) {
		u32 pin = be32_to_cpu(pins[i]);

		if (pc->owner[pin] != claim)
			pc->fsel_before[pin] = (u8)bcm2835_get_fsel(pc, pin);
		pc->owner[pin] = claim;
		if (func)
			bcm2835_set_fsel(pc, pin, group_value(func, nfunc, i));
		if (pull)
			bcm2835_set_pull(pc, pin, group_value(pull, npull, i));
	}
	return 0;
}

/* The controller's own pinctrl-0 groups.  Return: 0, or the first error. */
static int bcm2835_apply_hogs(struct bcm2835_pinctrl *pc)
{
	struct device_node *np = pc->dev->of_node, *grp;
	unsigned int n = 0;
	int ret = 0;

	for (int i = 0; !ret && (grp = of_parse_phandle(np, "pinctrl-0", i)); i++) {
		if (grp->parent != np) {
			dev_err(pc->dev, "pinctrl-0: %pOF is not one of its groups\n", grp);
			ret = -EINVAL;
		} else {
			ret = bcm2835_group(pc, grp, pc->dev);
			n++;
		}
		of_node_put(grp);
	}
	if (!ret && n)
		dev_info(pc->dev, "applied %u group(s) of its own pinctrl-0\n", n);
	return ret;
}

static int bcm2835_apply_group(struct pinctrl_dev *pctldev, struct device_node *group,
			       struct device *consumer)
{
	struct bcm2835_pinctrl *pc = container_of(pctldev, struct bcm2835_pinctrl, pctl);

	if (group->parent != pc->dev->of_node) {
		dev_err(pc->dev, "%s: %pOF is not one of its groups\n", dev_name(consumer), group);
		return -EINVAL;
	}
	return bcm2835_group(pc, group, consumer);
}

static void bcm2835_release(struct pinctrl_dev *pctldev, struct device *consumer)
{
	struct bcm2835_pinctrl *pc = container_of(pctldev, struct bcm2835_pinctrl, pctl);

	/* A removal leaves the pins as before; the pull cannot be read back,
	 * so it stays as the group set it. */
	for (unsigned int pin = 0; pin < BCM2835_NUM_GPIOS; pin++) {
		if (pc->owner[pin] != consumer)
			continue;
		pc->owner[pin] = NULL;
		bcm2835_set_fsel(pc, pin, pc->fsel_before[pin]);
	}
}

static const struct pinctrl_ops bcm2835_pctl_ops = {
	.apply_group = bcm2835_apply_group,
	.release = bcm2835_release,
};

/* ===================== interrupts ===================== */

static void bcm2835_bank_bit(char __iomem *r, unsigned int pin, bool on)
{
	u32 val = readl(r);

	writel(on ? val | BIT(pin % 32) : val & ~BIT(pin % 32), r);
}

/* @pin's detect enables as its trigger type says, or all off. */
static void bcm2835_gpio_irq_config(struct bcm2835_pinctrl *pc, unsigned int pin, bool on)
{
	unsigned int type = on ? pc->irq_type[pin] : IRQ_TYPE_NONE;
	unsigned int bank = 4 * (pin / 32);

	bcm2835_bank_bit(reg(pc, GPREN0 + bank), pin, type & IRQ_TYPE_EDGE_RISING);
	bcm2835_bank_bit(reg(pc, GPFEN0 + bank), pin, type & IRQ_TYPE_EDGE_FALLING);
	bcm2835_bank_bit(reg(pc, GPHEN0 + bank), pin, type & IRQ_TYPE_LEVEL_HIGH);
	bcm2835_bank_bit(reg(pc, GPLEN0 + bank), pin, type & IRQ_TYPE_LEVEL_LOW);
	/* The asynchronous detectors are not used: the synchronous ones filter glitches. */
	bcm2835_bank_bit(reg(pc, GPAREN0 + bank), pin, false);
	bcm2835_bank_bit(reg(pc, GPAFEN0 + bank), pin, false);
}

static void bcm2835_gpio_irq_mask(struct irq_data *d)
{
	struct bcm2835_pinctrl *pc = irq_data_get_irq_chip_data(d);
	unsigned int pin = (unsigned int)d->hwirq;

	pc->enabled[pin / 32] &= ~BIT(pin % 32);
	bcm2835_gpio_irq_config(pc, pin, false);
}

static void bcm2835_gpio_irq_unmask(struct irq_data *d)
{
	struct bcm2835_pinctrl *pc = irq_data_get_irq_chip_data(d);
	unsigned int pin = (unsigned int)d->hwirq;

	pc->enabled[pin / 32] |= BIT(pin % 32);
	bcm2835_gpio_irq_config(pc, pin, true);
}

/* An event stays latched in GPEDS until a 1 is written to its bit. */
static void bcm2835_gpio_irq_ack(struct irq_data *d)
{
	struct bcm2835_pinctrl *pc = irq_data_get_irq_chip_data(d);
	unsigned int pin = (unsigned int)d->hwirq;

	writel(BIT(pin % 32), reg(pc, GPEDS0 + 4 * (pin / 32)));
}

static int bcm2835_gpio_irq_set_type(struct irq_data *d, unsigned int type)
{
	struct bcm2835_pinctrl *pc = irq_data_get_irq_chip_data(d);
	unsigned int pin = (unsigned int)d->hwirq;

	switch (type) {
	case IRQ_TYPE_EDGE_RISING:
	case IRQ_TYPE_EDGE_FALLING:
	case IRQ_TYPE_EDGE_BOTH:
	case IRQ_TYPE_LEVEL_HIGH:
	case IRQ_TYPE_LEVEL_LOW:
		break;
	default:
		return -EINVAL;
	}
	pc->irq_type[pin] = type;
	bcm2835_gpio_irq_config(pc, pin, pc->enabled[pin / 32] & BIT(pin % 32));
	bcm2835_gpio_irq_ack(d);	/* no stale event from the old trigger */
	irq_set_handler_locked(d, type & IRQ_TYPE_EDGE_BOTH ? handle_edge_irq : handle_level_irq);
	return 0;
}

static struct irq_chip bcm2835_gpio_irq_chip = {
	.name = "GPIO",
	.irq_mask = bcm2835_gpio_irq_mask,
	.irq_unmask = bcm2835_gpio_irq_unmask,
	.irq_ack = bcm2835_gpio_irq_ack,
	.irq_set_type = bcm2835_gpio_irq_set_type,
};

static int bcm2835_gpio_irq_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	irq_set_chip_and_handler(virq, &bcm2835_gpio_irq_chip, handle_level_irq);
	return irq_set_chip_data(virq, d->host_data);
}

static const struct irq_domain_ops bcm2835_gpio_irq_domain_ops = {
	.map = bcm2835_gpio_irq_map,
	.xlate = irq_domain_xlate_twocell,
};

/*
 * Which pins a bank line covers is the SoC's wiring, not the tree's: each
 * line's handler serves every unmasked pin with an event, so whichever
 * line fires first clears them all and the others find nothing.
 */
static void bcm2835_gpio_irq_handler(struct irq_desc *desc)
{
	struct bcm2835_pinctrl *pc = irq_desc_get_handler_data(desc);
	struct irq_chip *chip = irq_desc_get_chip(desc);

	chained_irq_enter(chip, desc);
	for (unsigned int bank = 0; bank < BCM2835_GPIO_BANKS; bank++) {
		u32 events = readl(reg(pc, GPEDS0 + 4 * bank)) & pc->enabled[bank];

		while (events) {
			unsigned int bit = (unsigned int)__builtin_ctz(events);

			events &= events - 1;
			generic_handle_domain_irq(pc->domain, bank * 32 + bit);
		}
	}
	chained_irq_exit(chip, desc);
}

static void bcm2835_gpio_irq_teardown(void *data)
{
	struct bcm2835_pinctrl *pc = data;

	for (unsigned int i = 0; i < pc->nr_parents; i++)
		irq_set_chained_handler_and_data((unsigned int)pc->parent_irq[i], NULL, NULL);
	for (unsigned int pin = 0; pin < BCM2835_NUM_GPIOS; pin++)
		bcm2835_gpio_irq_config(pc, pin, false);
	irq_domain_remove(pc->domain);
}

/*
 * Every detector off and every event cleared, the domain, and the bank
 * lines chained: all of the tree's interrupts but the last (all banks)
 * when it has more than one.
 * Return: 0; -ENOMEM; a bank line's error (-EPROBE_DEFER while its
 * controller is not bound).
 */
static int bcm2835_gpio_irq_init(struct bcm2835_pinctrl *pc, struct platform_device *pdev)
{
	int count = platform_irq_count(pdev);
	unsigned int i;

	if (count < 0)
		return count;
	if (count > 1)
		count--;
	pc->nr_parents = count > BCM2835_MAX_BANK_IRQS ? BCM2835_MAX_BANK_IRQS : (unsigned int)count;
	for (i = 0; i < pc->nr_parents; i++) {
		pc->parent_irq[i] = platform_get_irq(pdev, i);
		if (pc->parent_irq[i] < 0)
			return pc->parent_irq[i];
	}
	for (unsigned int pin = 0; pin < BCM2835_NUM_GPIOS; pin++)
		bcm2835_gpio_irq_config(pc, pin, false);
	for (i = 0; i < BCM2835_GPIO_BANKS; i++)
		writel(~0u, reg(pc, GPEDS0 + 4 * i));
	pc->domain = irq_domain_add_linear(pc->dev->of_node, BCM2835_NUM_GPIOS,
					   &bcm2835_gpio_irq_domain_ops, pc);
	if (!pc->domain)
		return -ENOMEM;
	for (i = 0; i < pc->nr_parents; i++)
		irq_set_chained_handler_and_data((unsigned int)pc->parent_irq[i],
						 bcm2835_gpio_irq_handler, pc);
	return devm_add_action_or_reset(pc->dev, bcm2835_gpio_irq_teardown, pc);
}

static int bcm2835_pinctrl_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bcm2835_pinctrl *pc;
	struct device_node *child;
	unsigned int groups = 0;
	int ret;

	if (the_pinctrl)
		return dev_err_probe(dev, -EBUSY, "a second BCM2835 pin controller");
	pc = devm_kzalloc(dev, sizeof(*pc), GFP_KERNEL);
	if (!pc)
		return -ENOMEM;
	pc->dev = dev;
	pc->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(pc->base))
		return (int)PTR_ERR(pc->base);
	for_each_child_of_node(dev->of_node, child) {
		ret = bcm2835_group(pc, child, NULL);
		if (ret) {
			of_node_put(child);
			return dev_err_probe(dev, ret, "malformed pin group: nothing applied");
		}
		groups += !!of_get_property(child, "brcm,pins", NULL);
	}
	ret = bcm2835_apply_hogs(pc);
	if (ret)
		return ret;
	ret = bcm2835_gpio_irq_init(pc, pdev);
	if (ret)
		return dev_err_probe(dev, ret, "cannot set up the GPIO interrupts");
	pc->gc = (struct gpio_chip){
		.label = dev_name(dev), .parent = dev, .ngpio = BCM2835_NUM_GPIOS,
		.direction_input = bcm2835_gpio_direction_input,
		.direction_output = bcm2835_gpio_direction_output,
		.get = bcm2835_gpio_get, .set = bcm2835_gpio_set,
	};
	ret = devm_gpiochip_add_data(dev, &pc->gc, pc);
	if (ret)
		return dev_err_probe(dev, ret, "cannot add the GPIO chip");
	pc->pctl.dev = dev;
	pc->pctl.ops = &bcm2835_pctl_ops;
	ret = devm_pinctrl_register(dev, &pc->pctl);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, pc);
	the_pinctrl = pc;
	dev_info(dev, "%d pins, %u pin groups, GPIO lines %d-%d, interrupts chained from %u bank line(s)\n",
		 BCM2835_NUM_GPIOS, groups, pc->gc.base, pc->gc.base + BCM2835_NUM_GPIOS - 1,
		 pc->nr_parents);
	return 0;
}

static int bcm2835_pinctrl_remove(struct platform_device *pdev)
{
	the_pinctrl = NULL;
	return 0;
}

static const struct of_device_id bcm2835_pinctrl_match[] = {
	{ .compatible = "brcm,bcm2835-gpio" },
	{ }
};

static struct platform_driver bcm2835_pinctrl_driver = {
	.probe = bcm2835_pinctrl_probe,
	.remove = bcm2835_pinctrl_remove,
	.driver = {
		.name = "pinctrl-bcm2835",
		.of_match_table = bcm2835_pinctrl_match,
	},
};
module_platform_driver(bcm2835_pinctrl_driver);

/* Does @grp's brcm,pins hold @pin? */
static bool group_has_pin(struct device_node *grp, unsigned int pin)
{
	int len;
	const __be32 *pins = of_get_property(grp, "brcm,pins", &len);

	for (int i = 0; pins && i < len / 4; i++)
		if (be32_to_cpu(pins[i]) == pin)
			return true;
	return false;
}

/* The group of ours holding @pin that the first available node's
 * pinctrl-0 names, with a reference the caller puts; NULL: none. */
static struct device_node *pin_group(struct bcm2835_pinctrl *pc, unsigned int pin)
{
	struct device_node *np, *grp;

	for_each_of_allnodes(np) {
		if (!of_device_is_available(np))
			continue;
		for (int i = 0; (grp = of_parse_phandle(np, "pinctrl-0", i)); i++) {
			if (grp->parent == pc->dev->of_node && group_has_pin(grp, pin)) {
				of_node_put(np);
				return grp;
			}
			of_node_put(grp);
		}
	}
	return NULL;
}

static int cmd_pins(int argc, char **argv)
{
	struct bcm2835_pinctrl *pc = the_pinctrl;
	const char *names = NULL;
	int names_len = 0;

	if (argc > 1) {
		printf("usage: pins\n");
		return -EINVAL;
	}
	if (!pc) {
		printf("pins: no BCM2835 pin controller bound (ENODEV)\n");
		return -ENODEV;
	}
	names = of_get_property(pc->dev->of_node, "gpio-line-names", &names_len);
	printf("%-4s %-5s %-5s %-12s %-20s %s\n", "pin", "func", "level", "line", "group", "owner");
	for (unsigned int pin = 0; pin < BCM2835_NUM_GPIOS; pin++) {
		struct device_node *grp;
		const char *line = "-";

		if (names && !of_property_read_string_index(pc->dev->of_node, "gpio-line-names",
							    (int)pin, &line) && !*line)
			line = "-";
		grp = pin_group(pc, pin);
		printf("%-4u %-5s %-5d %-12s %-20s %s\n", pin, fsel_names[bcm2835_get_fsel(pc, pin)],
		       bcm2835_gpio_get(&pc->gc, pin), line, grp ? grp->name : "-",
		       pc->owner[pin] ? dev_name(pc->owner[pin]) : "-");
		of_node_put(grp);
	}
	printf("pull: %s, %s or %s as set; the hardware cannot read it back\n", pud_names[0],
	       pud_names[1], pud_names[2]);
	return 0;
}
SHELL_COMMAND(pins, cmd_pins, "pins",
	      "BCM2835 pins: function (from GPFSEL), level, name, group, owner",
	      .topic = TOPIC_DEVICES, .example = "pins");
