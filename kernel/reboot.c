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
#include <linux/of_fdt.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/setup.h>
#include <coyote/shell.h>
#include <asm/io.h>
#include <asm/irqflags.h>

#define VERSATILE_SYS_LOCK	0x20
#define VERSATILE_LOCK_KEY	0xa05f

/* How long to wait for the reset to take effect before saying it did not. */
#define RESET_WAIT_LOOPS	20000000

static bool fdt_is_compatible(const void *fdt, int node, const char *compat)
{
	int len;
	const char *s = of_fdt_getprop(fdt, node, "compatible", &len);

	while (s && len > 0) {
		int n = strnlen(s, len) + 1;

		if (!strcmp(s, compat))
			return true;
		s += n;
		len -= n;
	}
	return false;
}

static int fdt_u32(const void *fdt, int node, const char *name, u32 *out)
{
	int len;
	const void *p = of_fdt_getprop(fdt, node, name, &len);

	if (!p)
		return -EINVAL;
	if (len != 4)
		return -EOVERFLOW;
	*out = get_unaligned_be32(p);
	return 0;
}

static int fdt_node_by_phandle(const void *fdt, u32 ph)
{
	int node = -1;
	u32 v;

	while ((node = of_fdt_next_node(fdt, node, NULL)) >= 0)
		if (fdt_u32(fdt, node, "phandle", &v) == 0 && v == ph)
			return node;
	return -ENOENT;
}

static void delay_loops(unsigned long n)
{
	while (n--)
		__asm__ volatile("" ::: "memory");
}

/**
 * machine_restart() - reset the board as the tree describes
 * Return: only when the reset did not happen: -ENODEV when the tree has no
 * syscon-reboot node or its system controller; -EINVAL for a malformed
 * node; -EIO when the write did not reset the board.
 */
int machine_restart(void)
{
	const void *fdt = initial_boot_params;
	int node, syscon;
	u32 offset, value, mask = 0xffffffff, ph;
	u64 base, size;
	void __iomem *regs;
	unsigned long flags;

	node = of_fdt_node_by_compatible(fdt, -1, "syscon-reboot");
	if (node < 0) {
		pr_err("no \"syscon-reboot\" node in the tree\n");
		return -ENODEV;
	}
	syscon = fdt_u32(fdt, node, "regmap", &ph) == 0 ? fdt_node_by_phandle(fdt, ph)
							 : of_fdt_parent_offset(fdt, node);
	if (syscon < 0 || of_fdt_translate_reg(fdt, syscon, 0, &base, &size)) {
		pr_err("%s: no system controller with a usable reg\n", of_fdt_get_name(fdt, node, NULL));
		return -ENODEV;
	}
	if (fdt_u32(fdt, node, "offset", &offset)) {
		pr_err("%s: no \"offset\"\n", of_fdt_get_name(fdt, node, NULL));
		return -EINVAL;
	}
	fdt_u32(fdt, node, "mask", &mask);
	if (fdt_u32(fdt, node, "value", &value))
		value = mask;	/* the binding's legacy form: mask alone is the value */
	if (offset + 4 > size) {
		pr_err("offset 0x%x is outside the controller's 0x%llx bytes\n", offset, size);
		return -EINVAL;
	}

	regs = ioremap(base, size);
	pr_notice("resetting through %s at 0x%08llx+0x%x\n", of_fdt_get_name(fdt, syscon, NULL),
		  base, offset);
	local_irq_save(flags);
	if (fdt_is_compatible(fdt, syscon, "arm,versatile-sysreg") ||
	    fdt_is_compatible(fdt, syscon, "arm,core-module-versatile"))
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

static int cmd_reboot(int argc, char **argv)
{
	return machine_restart();
}
SHELL_COMMAND(reboot, cmd_reboot, "reboot", "reset the board (QEMU -no-reboot: exit)");
