// SPDX-License-Identifier: BSD-2-Clause
/*
 * reboot: reset the board the way its tree describes, trying in turn:
 *
 * 1. restart handlers drivers registered (vexpress's config function,
 *    drivers/power/reset/vexpress-poweroff.c);
 * 2. Linux's "syscon-reboot" binding (offset, value, mask in the system
 *    controller named by `regmap`, or by the node's parent): coyote's own
 *    versatilepb tree;
 * 3. a Versatile or RealView system controller known by its compatible, as
 *    Linux's arm-versatile-reboot driver knows it (upstream's trees have no
 *    syscon-reboot node): RESETCTL after unlocking;
 * 4. semihosting SYS_EXIT, for QEMU's realview-eb, whose RESETCTL does
 *    nothing: with -semihosting, QEMU exits with status 0.
 *
 * These blocks lock their control registers: writing the key 0xa05f to
 * LOCK (offset 0x20) unlocks them.  That is a fact about the block, like a
 * driver's register map, so it is known here by the block's compatible
 * string; the block's address comes from the tree.
 */
#define pr_fmt(fmt) "reboot: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <coyote/shell.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/semihosting.h>

#define VERSATILE_SYS_LOCK	0x20
#define VERSATILE_SYS_RESETCTL	0x40
#define VERSATILE_LOCK_KEY	0xa05f

/* How long to wait for the reset to take effect before saying it did not. */
#define RESET_WAIT_LOOPS	20000000

static const struct of_device_id versatile_syscon_ids[] = {
	{ .compatible = "arm,versatile-sysreg" },
	{ .compatible = "arm,core-module-versatile" },
	{ .compatible = "arm,realview-eb-syscon" },
	{ }
};

/* What RESETCTL takes, by block (Linux's arm-versatile-reboot): mask, value. */
static const struct {
	const char *compatible;
	u32 mask, value;
} versatile_resets[] = {
	{ "arm,core-module-versatile", 0x107, 0x105 },
	{ "arm,realview-eb-syscon", 0xffffffff, 0x08 },
};

static RAW_NOTIFIER_HEAD(restart_handlers);
static RAW_NOTIFIER_HEAD(power_off_handlers);

int register_restart_handler(struct notifier_block *nb)
{
	return raw_notifier_chain_register(&restart_handlers, nb);
}

int unregister_restart_handler(struct notifier_block *nb)
{
	return raw_notifier_chain_unregister(&restart_handlers, nb);
}

int register_power_off_handler(struct notifier_block *nb)
{
	return raw_notifier_chain_register(&power_off_handlers, nb);
}

int unregister_power_off_handler(struct notifier_block *nb)
{
	return raw_notifier_chain_unregister(&power_off_handlers, nb);
}

static void delay_loops(unsigned long n)
{
	while (n--)
		__asm__ volatile("" ::: "memory");
}

/*
 * Write @value under @mask at @offset of @syscon, unlocking first; wait.
 * Return: -ENOMEM when the block cannot be mapped (ioremap() refused it:
 * beyond 4 GiB, over RAM), else -EIO (the board did not reset).
 */
static int syscon_reset_write(struct device_node *syscon, const struct resource *res,
			      u32 offset, u32 value, u32 mask)
{
	void __iomem *regs = ioremap(res->start, resource_size(res));
	unsigned long flags;

	if (!regs) {
		pr_err("%s: cannot map [mem 0x%08llx-0x%08llx]\n", syscon->full_name, res->start,
		       res->end);
		return -ENOMEM;
	}
	pr_notice("resetting through %s at 0x%08llx+0x%x\n", syscon->full_name, res->start,
		  offset);
	local_irq_save(flags);
	if (of_match_node(versatile_syscon_ids, syscon))
		writel(VERSATILE_LOCK_KEY, regs + VERSATILE_SYS_LOCK);
	if (mask == 0xffffffff)
		writel(value, regs + offset);
	else
		writel((readl(regs + offset) & ~mask) | (value & mask), regs + offset);
	delay_loops(RESET_WAIT_LOOPS);
	local_irq_restore(flags);
	pr_err("the reset register was written but the board did not reset\n");
	return -EIO;
}

/* Step 3: a Versatile/RealView block by compatible.  Return: -EIO,
 * -ENOMEM (not mappable), -ENODEV. */
static int versatile_syscon_reset(void)
{
	int ret;

	for (unsigned int i = 0; i < ARRAY_SIZE(versatile_resets); i++) {
		struct device_node *np;
		struct resource res;

		np = of_find_compatible_node(NULL, NULL, versatile_resets[i].compatible);
		if (!np)
			continue;
		if (of_address_to_resource(np, 0, &res) ||
		    resource_size(&res) < VERSATILE_SYS_RESETCTL + 4) {
			pr_err("%s: no usable reg\n", np->full_name);
			of_node_put(np);
			continue;
		}
		ret = syscon_reset_write(np, &res, VERSATILE_SYS_RESETCTL,
					 versatile_resets[i].value, versatile_resets[i].mask);
		of_node_put(np);
		return ret;
	}
	return -ENODEV;
}

/*
 * Step 2: the syscon-reboot node.
 * Return: only when the reset did not happen: -ENODEV when the tree has no
 * syscon-reboot node or its system controller has no usable reg; -EINVAL
 * for a node without "offset" or with one outside the controller; -ENOMEM
 * when the controller's window cannot be mapped (beyond 4 GiB, over RAM); -EIO
 * when the write did not reset the board.
 */
static int syscon_reboot(void)
{
	struct device_node *np, *syscon;
	struct resource res;
	u32 offset, value, mask = 0xffffffff;
	int ret = -ENODEV;

	np = of_find_compatible_node(NULL, NULL, "syscon-reboot");
	if (!np)
		return -ENODEV;
	/* The binding: the controller is `regmap`, or else the parent. */
	syscon = of_parse_phandle(np, "regmap", 0);
	if (!syscon)
		syscon = of_get_parent(np);
	if (!syscon) {
		pr_err("%s: no system controller (regmap or parent)\n", np->full_name);
		goto out_put_np;
	}
	if (of_address_to_resource(syscon, 0, &res)) {
		pr_err("%s: no usable reg\n", syscon->full_name);
		goto out_put_syscon;
	}
	ret = -EINVAL;
	if (of_property_read_u32(np, "offset", &offset)) {
		pr_err("%s: no \"offset\"\n", np->full_name);
		goto out_put_syscon;
	}
	of_property_read_u32(np, "mask", &mask);
	if (of_property_read_u32(np, "value", &value))
		value = mask;	/* the binding's legacy form: mask alone is the value */
	if ((u64)offset + 4 > resource_size(&res)) {
		pr_err("offset 0x%x is outside %s's 0x%llx bytes\n", offset, syscon->full_name,
		       resource_size(&res));
		goto out_put_syscon;
	}

	ret = syscon_reset_write(syscon, &res, offset, value, mask);
out_put_syscon:
	of_node_put(syscon);
out_put_np:
	of_node_put(np);
	return ret;
}

int machine_restart(void)
{
	int ret = -ENODEV, err;

	/* Each handler resets the board or returns NOTIFY_DONE: all are tried. */
	if (restart_handlers.head) {
		raw_notifier_call_chain(&restart_handlers, SYS_RESTART, NULL);
		ret = -EIO;
	}
	err = syscon_reboot();
	if (err == -ENODEV)
		err = versatile_syscon_reset();
	if (err != -ENODEV)
		ret = err;
	/* QEMU models no reset on some boards (realview-eb): leave QEMU. */
	pr_notice("leaving QEMU through semihosting (SYS_EXIT)\n");
	semihosting_exit(0);
	if (ret == -ENODEV)
		pr_err("no reset in the tree (syscon-reboot, a Versatile/RealView/vexpress system controller) and no semihosting\n");
	return ret;
}

static int cmd_reboot(int argc, char **argv)
{
	return machine_restart();
}
SHELL_COMMAND(reboot, cmd_reboot, "reboot", "reset the board (QEMU -no-reboot: exit)",
	      .topic = TOPIC_SYSTEM,
	      .example = "reboot");

int machine_power_off(void)
{
	if (!power_off_handlers.head) {
		/* The board stays on: say how a user gets out of it. */
		pr_err("no power-off handler registered (PSCI on virt, the config bus on vexpress): this board cannot switch itself off\n");
		pr_notice("`reboot` ends QEMU; or leave QEMU with Ctrl-A X\n");
		return -ENODEV;
	}
	/* Each handler switches the board off or returns NOTIFY_DONE. */
	raw_notifier_call_chain(&power_off_handlers, SYS_POWER_OFF, NULL);
	pr_err("every power-off handler returned: the board is still on\n");
	return -EIO;
}

static int cmd_poweroff(int argc, char **argv)
{
	return machine_power_off();
}
SHELL_COMMAND(poweroff, cmd_poweroff, "poweroff", "switch the board off (QEMU: exit)",
	      .topic = TOPIC_SYSTEM,
	      .example = "poweroff");
