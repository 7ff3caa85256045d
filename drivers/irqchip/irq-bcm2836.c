// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2836 per-core interrupt controller ("ARM local" block of the
 * Raspberry Pi 2, `brcm,bcm2836-l1-intc`): the root controller.  Each core
 * has a pending register naming what interrupts it: its four generic timer
 * outputs (bits 0-3), four mailboxes (4-7, the IPIs), the whole BCM2835
 * ARM controller as one line (8, "GPU interrupt") and the PMU (9).  The
 * hardware number in the tree's two-cell specifier is that bit.
 *
 * The timer lines are enabled per core in a timer control register; the
 * GPU line reaches the core the routing register names, always on.  Only
 * this core (MPIDR's Aff0) runs coyote: the mailboxes (IPIs between cores)
 * and the PMU are refused when a device asks for them.
 *
 * The other cores wait for work on their mailbox 3 here (the CPUs'
 * `enable-method = "brcm,bcm2836-smp"`): on hardware the firmware's stub
 * sleeps in WFE between looks, but QEMU's polls the mailbox in a tight
 * loop, three threads taking QEMU's I/O lock all the time, which slows
 * every device access of the running core several times over on a busy
 * host.  So the probe hands each other core the address of a WFI loop, as
 * Linux's SMP bring-up hands it secondary_startup: they sleep for good
 * (no interrupt is routed to them).
 */
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/cputype.h>
#include <asm/io.h>

#define LOCAL_GPU_ROUTING		0x00c	/* 1:0 = the core taking GPU IRQs */
#define LOCAL_TIMER_INT_CONTROL0	0x040	/* + 4 * core: 3:0 IRQ enables */
#define LOCAL_MAILBOX_INT_CONTROL0	0x050
#define LOCAL_IRQ_PENDING0		0x060	/* + 4 * core */
#define LOCAL_MAILBOX3_SET0		0x08c	/* + 16 * core */

#define LOCAL_IRQ_CNTPSIRQ		0
#define LOCAL_IRQ_CNTVIRQ		3
#define LOCAL_IRQ_MAILBOX0		4
#define LOCAL_IRQ_GPU_FAST		8
#define LOCAL_IRQ_PMU_FAST		9
#define LOCAL_NR_LINES			10
#define LOCAL_NR_CORES			4

struct bcm2836_intc {
	void __iomem *base;
	struct irq_domain *domain;
	unsigned int cpu;
};

static struct bcm2836_intc *root_intc;

static char __iomem *timer_ctrl(struct bcm2836_intc *intc)
{
	return (char __iomem *)intc->base + LOCAL_TIMER_INT_CONTROL0 + 4 * intc->cpu;
}

static void bcm2836_timer_mask(struct irq_data *d)
{
	struct bcm2836_intc *intc = irq_data_get_irq_chip_data(d);

	writel(readl(timer_ctrl(intc)) & ~(1u << d->hwirq), timer_ctrl(intc));
}

static void bcm2836_timer_unmask(struct irq_data *d)
{
	struct bcm2836_intc *intc = irq_data_get_irq_chip_data(d);

	writel(readl(timer_ctrl(intc)) | 1u << d->hwirq, timer_ctrl(intc));
}

static struct irq_chip bcm2836_timer_chip = {
	.name = "bcm2836-timer",
	.irq_mask = bcm2836_timer_mask,
	.irq_unmask = bcm2836_timer_unmask,
};

/* The GPU line is the ARM controller's output: that controller masks. */
static void bcm2836_gpu_nop(struct irq_data *d)
{
}

static struct irq_chip bcm2836_gpu_chip = {
	.name = "bcm2836-gpu",
	.irq_mask = bcm2836_gpu_nop,
	.irq_unmask = bcm2836_gpu_nop,
};

static int bcm2836_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	struct irq_chip *chip;

	if (hw <= LOCAL_IRQ_CNTVIRQ)
		chip = &bcm2836_timer_chip;
	else if (hw == LOCAL_IRQ_GPU_FAST)
		chip = &bcm2836_gpu_chip;
	else
		return -EINVAL;		/* mailboxes (IPIs), PMU: not driven */
	irq_set_chip_and_handler(virq, chip, handle_level_irq);
	return irq_set_chip_data(virq, d->host_data);
}

static const struct irq_domain_ops bcm2836_domain_ops = {
	.map = bcm2836_map,
	.xlate = irq_domain_xlate_twocell,
};

/* Lowest pending bit first, until this core's pending register is clear. */
static void bcm2836_handle_irq(struct pt_regs *regs)
{
	struct bcm2836_intc *intc = root_intc;
	char __iomem *pending = (char __iomem *)intc->base + LOCAL_IRQ_PENDING0 + 4 * intc->cpu;
	u32 stat = readl(pending);

	if (!stat) {
		irq_count_spurious();
		return;
	}
	while (stat) {
		unsigned int hw = (unsigned int)__builtin_ctz(stat);

		stat &= stat - 1;
		generic_handle_domain_irq(intc->domain, hw);
	}
}

/* ARM code at its physical address (identity mapped): the stub jumps with bx. */
static void __attribute__((naked, used)) bcm2836_park_core(void)
{
	__asm__ volatile("1:	.word 0xe320f003\n"	/* wfi (ARMv7) */
			 "	b 1b\n");
}

/* Send every other core the tree lists to bcm2836_park_core(). */
static void bcm2836_park_other_cores(struct bcm2836_intc *intc)
{
	struct device_node *cpus = of_find_node_by_path("/cpus"), *cpu;
	const char *method = NULL;
	unsigned int parked = 0;
	u32 reg;

	if (!cpus)
		return;
	of_property_read_string(cpus, "enable-method", &method);
	for_each_child_of_node(cpus, cpu) {
		const char *own = method;

		of_property_read_string(cpu, "enable-method", &own);
		if (!own || strcmp(own, "brcm,bcm2836-smp") ||
		    of_property_read_u32(cpu, "reg", &reg) || (reg & 0xff) >= LOCAL_NR_CORES ||
		    (reg & 0xff) == intc->cpu)
			continue;
		writel((u32)(uintptr_t)bcm2836_park_core,
		       (char __iomem *)intc->base + LOCAL_MAILBOX3_SET0 + 16 * (reg & 0xff));
		parked++;
	}
	of_node_put(cpus);
	if (parked)
		pr_info("bcm2836: %u other core(s) parked in WFI\n", parked);
}

static int bcm2836_intc_probe(struct platform_device *pdev)
{
	struct bcm2836_intc *intc;

	if (!of_irq_is_root(pdev->dev.of_node)) {
		struct device_node *parent = of_irq_find_parent(pdev->dev.of_node);
		int ret = dev_err_probe(&pdev->dev, -EINVAL,
					"not the root controller (interrupt parent %pOF)",
					parent);

		of_node_put(parent);
		return ret;
	}
	if (root_intc)
		return dev_err_probe(&pdev->dev, -EBUSY, "a second root controller");
	intc = devm_kzalloc(&pdev->dev, sizeof(*intc), GFP_KERNEL);
	if (!intc)
		return -ENOMEM;
	intc->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(intc->base))
		return (int)PTR_ERR(intc->base);
	intc->cpu = read_cpuid_mpidr() & 3;

	writel(0, timer_ctrl(intc));
	writel(0, (char __iomem *)intc->base + LOCAL_MAILBOX_INT_CONTROL0 + 4 * intc->cpu);
	/* The ARM controller's interrupts to this core, as IRQ (not FIQ). */
	writel(intc->cpu, (char __iomem *)intc->base + LOCAL_GPU_ROUTING);
	bcm2836_park_other_cores(intc);
	intc->domain = irq_domain_add_linear(pdev->dev.of_node, LOCAL_NR_LINES,
					     &bcm2836_domain_ops, intc);
	if (!intc->domain)
		return -ENOMEM;
	root_intc = intc;
	set_handle_irq(bcm2836_handle_irq);
	platform_set_drvdata(pdev, intc);
	dev_info(&pdev->dev, "BCM2836 local controller, core %u, %d lines, root controller\n",
		 intc->cpu, LOCAL_NR_LINES);
	return 0;
}

static int bcm2836_intc_remove(struct platform_device *pdev)
{
	struct bcm2836_intc *intc = platform_get_drvdata(pdev);

	writel(0, timer_ctrl(intc));
	set_handle_irq(NULL);
	root_intc = NULL;
	irq_domain_remove(intc->domain);
	return 0;
}

static const struct of_device_id bcm2836_intc_of_match[] = {
	{ .compatible = "brcm,bcm2836-l1-intc" },
	{ }
};

static struct platform_driver bcm2836_intc_driver = {
	.probe = bcm2836_intc_probe,
	.remove = bcm2836_intc_remove,
	.driver = {
		.name = "bcm2836-l1-intc",
		.of_match_table = bcm2836_intc_of_match,
	},
};
module_platform_driver(bcm2836_intc_driver);
