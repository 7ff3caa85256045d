// SPDX-License-Identifier: BSD-2-Clause
/*
 * reboot: reset the board through the register the tree describes with
 * Linux's "syscon-reboot" binding (offset, value, mask in the system
 * controller named by `regmap`, or by the node's parent).
 *
 * The Versatile system controller locks its control registers: writing
 * the key 0xa05f to its LOCK register (offset 0x20 in the block) unlocks
 * them, as Linux's arm-versatile-reboot driver does.  That is a fact about
 * the block, like a driver's register map, so it is known here by the
 * block's compatible string; the block's address comes from the tree.
 */
#define pr_fmt(fmt) "reboot: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/printk.h>
#include <coyote/shell.h>
#include <asm/io.h>
#include <asm/irqflags.h>

#define VERSATILE_SYS_LOCK	0x20
#define VERSATILE_LOCK_KEY	0xa05f

/* How long to wait for the reset to take effect before saying it did not. */
#define RESET_WAIT_LOOPS	20000000

static const struct of_device_id versatile_syscon_ids[] = {
	{ .compatible = "arm,versatile-sysreg" },
	{ .compatible = "arm,core-module-versatile" },
	{ }
};

static void delay_loops(unsigned long n)
{
	while (n--)
		__asm__ volatile("" ::: "memory");
}

/**
 * machine_restart() - reset the board as the tree describes
 * Return: only when the reset did not happen: -ENODEV when the tree has no
 * syscon-reboot node or its system controller has no usable reg; -EINVAL
 * for a node without "offset" or with one outside the controller; -ENOMEM
 * when the controller's window cannot be mapped (beyond 4 GiB, over RAM); -EIO
 * when the write did not reset the board.
 */
int machine_restart(void)
{
	struct device_node *np, *syscon;
	struct resource res;
	u32 offset, value, mask = 0xffffffff;
	void __iomem *regs;
	unsigned long flags;
	int ret = -ENODEV;

	np = of_find_compatible_node(NULL, NULL, "syscon-reboot");
	if (!np) {
		pr_err("no \"syscon-reboot\" node in the tree\n");
		return -ENODEV;
	}
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

	regs = ioremap(res.start, resource_size(&res));
	if (!regs) {
		pr_err("%s: cannot map [mem 0x%08llx-0x%08llx]\n", syscon->full_name, res.start,
		       res.end);
		ret = -ENOMEM;
		goto out_put_syscon;
	}
	pr_notice("resetting through %s at 0x%08llx+0x%x\n", syscon->full_name, res.start, offset);
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
	ret = -EIO;
out_put_syscon:
	of_node_put(syscon);
out_put_np:
	of_node_put(np);
	return ret;
}

static int cmd_reboot(int argc, char **argv)
{
	return machine_restart();
}
SHELL_COMMAND(reboot, cmd_reboot, "reboot", "reset the board (QEMU -no-reboot: exit)");
