// SPDX-License-Identifier: BSD-2-Clause
/*
 * Versatile Express system registers (`arm,vexpress-sysreg`) as the bridge
 * of the configuration bus.  A transfer: SYS_CFGDATA holds the value,
 * SYS_CFGCTRL = start | write | site, position, function and device
 * numbers; SYS_CFGSTAT then says complete or error.  The numbers come from
 * the tree: `arm,vexpress,site`, `arm,vexpress,position` and
 * `arm,vexpress,dcc` from the node or its nearest ancestor that has them,
 * `arm,vexpress-sysreg,func` from the node.
 *
 * The same registers hold the system flags (SYS_FLAGS, set and clear
 * halves), where a core's boot firmware looks for its entry point:
 * vexpress_sysreg_set_flags() is the "arm,realview-smp" method's release
 * (drivers/bus/vexpress-smp.c).
 *
 * The config bus's children become devices like any bus's (of/platform.c
 * lists `arm,vexpress,config-bus`); until their bridge has probed, their
 * transfers return -EPROBE_DEFER and their probes wait.
 */
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/vexpress.h>
#include <asm/barrier.h>
#include <asm/io.h>
#include <asm/irqflags.h>

#define SYS_FLAGSSET		0x30	/* read: the flags */
#define SYS_FLAGSCLR		0x34
#define SYS_CFGDATA		0xa0
#define SYS_CFGCTRL		0xa4
#define SYS_CFGSTAT		0xa8

#define SYS_CFGCTRL_START	(1u << 31)
#define SYS_CFGCTRL_WRITE	(1u << 30)
#define SYS_CFGCTRL_DCC(n)	(((n) & 0xf) << 26)
#define SYS_CFGCTRL_FUNC(n)	(((n) & 0x3f) << 20)
#define SYS_CFGCTRL_SITE(n)	(((n) & 0x3) << 16)
#define SYS_CFGCTRL_POSITION(n)	(((n) & 0xf) << 12)
#define SYS_CFGCTRL_DEVICE(n)	((n) & 0xfff)
#define SYS_CFGSTAT_COMPLETE	(1u << 0)
#define SYS_CFGSTAT_ERR		(1u << 1)

#define CFG_POLL_LIMIT		100000
#define VEXPRESS_SITE_MASTER	0xf	/* "the site this node is on": the motherboard here */

struct vexpress_sysreg {
	struct device_node *np;
	void __iomem *base;
	struct vexpress_sysreg *next;
};

static struct vexpress_sysreg *bridges;

/* @prop from @np or its nearest ancestor that has it; @def otherwise. */
static u32 vexpress_inherited(struct device_node *np, const char *prop, u32 def)
{
	for (struct device_node *n = np; n; n = n->parent) {
		u32 v;

		if (!of_property_read_u32(n, prop, &v))
			return v;
	}
	return def;
}

static struct vexpress_sysreg *vexpress_bridge_of(struct device_node *np)
{
	for (struct device_node *n = np->parent; n; n = n->parent) {
		struct device_node *bridge = of_parse_phandle(n, "arm,vexpress,config-bridge", 0);
		struct vexpress_sysreg *b = bridges;

		if (!bridge)
			continue;
		while (b && b->np != bridge)
			b = b->next;
		of_node_put(bridge);	/* compared, not kept */
		return b ? b : ERR_PTR(-EPROBE_DEFER);
	}
	return ERR_PTR(-EINVAL);
}

static int vexpress_config_xfer(struct device_node *np, bool write, u32 *data)
{
	struct vexpress_sysreg *b = vexpress_bridge_of(np);
	u32 func[2], site, ctrl, stat = 0;
	unsigned long flags;

	if (IS_ERR(b))
		return (int)PTR_ERR(b);
	if (of_property_read_u32_array(np, "arm,vexpress-sysreg,func", func, 2))
		return -EINVAL;
	site = vexpress_inherited(np, "arm,vexpress,site", 0);
	if (site == VEXPRESS_SITE_MASTER)
		site = 0;
	ctrl = SYS_CFGCTRL_START | (write ? SYS_CFGCTRL_WRITE : 0) |
	       SYS_CFGCTRL_DCC(vexpress_inherited(np, "arm,vexpress,dcc", 0)) |
	       SYS_CFGCTRL_FUNC(func[0]) | SYS_CFGCTRL_SITE(site) |
	       SYS_CFGCTRL_POSITION(vexpress_inherited(np, "arm,vexpress,position", 0)) |
	       SYS_CFGCTRL_DEVICE(func[1]);

	local_irq_save(flags);
	writel(0, b->base + SYS_CFGSTAT);
	writel(write ? *data : 0, b->base + SYS_CFGDATA);
	writel(ctrl, b->base + SYS_CFGCTRL);
	for (int i = 0; i < CFG_POLL_LIMIT; i++) {
		stat = readl(b->base + SYS_CFGSTAT);
		if (stat & (SYS_CFGSTAT_COMPLETE | SYS_CFGSTAT_ERR))
			break;
	}
	if (!write && (stat & SYS_CFGSTAT_COMPLETE))
		*data = readl(b->base + SYS_CFGDATA);
	local_irq_restore(flags);
	if (stat & SYS_CFGSTAT_ERR)
		return -EIO;
	return (stat & SYS_CFGSTAT_COMPLETE) ? 0 : -ETIMEDOUT;
}

int vexpress_config_read(struct device_node *np, u32 *data)
{
	return vexpress_config_xfer(np, false, data);
}

int vexpress_config_write(struct device_node *np, u32 data)
{
	return vexpress_config_xfer(np, true, &data);
}

int vexpress_sysreg_set_flags(u32 value)
{
	struct vexpress_sysreg *b = bridges;

	if (!b)
		return -ENODEV;
	writel(~0u, (char __iomem *)b->base + SYS_FLAGSCLR);
	writel(value, (char __iomem *)b->base + SYS_FLAGSSET);
	dsb();
	return readl((char __iomem *)b->base + SYS_FLAGSSET) == value ? 0 : -EIO;
}

static int vexpress_sysreg_probe(struct platform_device *pdev)
{
	struct vexpress_sysreg *b;

	b = devm_kzalloc(&pdev->dev, sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	b->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(b->base))
		return (int)PTR_ERR(b->base);
	b->np = pdev->dev.of_node;
	b->next = bridges;
	bridges = b;
	platform_set_drvdata(pdev, b);

	dev_info(&pdev->dev, "system registers: config bus bridge\n");
	return 0;
}

static int vexpress_sysreg_remove(struct platform_device *pdev)
{
	struct vexpress_sysreg *b = platform_get_drvdata(pdev);

	for (struct vexpress_sysreg **pp = &bridges; *pp; pp = &(*pp)->next) {
		if (*pp == b) {
			*pp = b->next;
			break;
		}
	}
	return 0;
}

static const struct of_device_id vexpress_sysreg_of_match[] = {
	{ .compatible = "arm,vexpress-sysreg" },
	{ }
};

static struct platform_driver vexpress_sysreg_driver = {
	.probe = vexpress_sysreg_probe,
	.remove = vexpress_sysreg_remove,
	.driver = {
		.name = "vexpress-sysreg",
		.of_match_table = vexpress_sysreg_of_match,
	},
};
module_platform_driver(vexpress_sysreg_driver);
