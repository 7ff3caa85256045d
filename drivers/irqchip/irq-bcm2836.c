// SPDX-License-Identifier: BSD-2-Clause
/*
 * BCM2836 per-core interrupt controller ("ARM local" block of the
 * Raspberry Pi 2, `brcm,bcm2836-l1-intc`): the root controller.  Each core
 * has a pending register naming what interrupts it: its four generic timer
 * outputs (bits 0-3), four mailboxes (4-7, the IPIs), the whole BCM2835
 * ARM controller as one line (8, "GPU interrupt") and the PMU (9).  The
 * hardware number in the tree's two-cell specifier is that bit.
 *
 * The timer lines are enabled per core in a timer control register (each
 * core writes its own: the registers of the core that runs the code); the
 * GPU line reaches the boot core, which the routing register names.
 * Mailbox 0 of each core carries the IPIs (one bit per message, written to
 * the target core's set register, read and cleared by the target); the
 * PMU is refused when a device asks for it.
 *
 * The other cores wait for work on their mailbox 3 (the CPUs'
 * `enable-method = "brcm,bcm2836-smp"`): on hardware the firmware's stub
 * sleeps in WFE between looks, but QEMU's polls the mailbox in a tight
 * loop, three threads taking QEMU's I/O lock all the time, which slows
 * every device access of the running core several times over on a busy
 * host.  So the probe hands each other core the address of a WFI loop
 * that looks at the mailbox only when woken: its mailbox 3 interrupt is
 * enabled (a pending interrupt ends WFI even with IRQs masked), and the
 * kernel's bring-up (bcm2836_smp_boot_secondary()) writes the entry point
 * there, as Linux's writes secondary_startup to the stub's mailbox.
 */
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/cpuhotplug.h>
#include <linux/irqchip/irq-bcm2836.h>
#include <linux/smp.h>
#include <asm/barrier.h>
#include <asm/cputype.h>
#include <asm/io.h>
#include <asm/smp.h>

#define LOCAL_GPU_ROUTING		0x00c	/* 1:0 = the core taking GPU IRQs */
#define LOCAL_TIMER_INT_CONTROL0	0x040	/* + 4 * core: 3:0 IRQ enables */
#define LOCAL_MAILBOX_INT_CONTROL0	0x050
#define LOCAL_IRQ_PENDING0		0x060	/* + 4 * core */
#define LOCAL_MBOX_IRQ(n)		(1u << (n))	/* MAILBOX_INT_CONTROL: IRQ for mailbox n */

#define LOCAL_IRQ_CNTPSIRQ		0
#define LOCAL_IRQ_CNTVIRQ		3
#define LOCAL_IRQ_MAILBOX0		4
#define LOCAL_IRQ_GPU_FAST		8
#define LOCAL_IRQ_PMU_FAST		9
#define LOCAL_NR_LINES			10

struct bcm2836_intc {
	void __iomem *base;
	struct irq_domain *domain;
	unsigned int cpu;
};

static struct bcm2836_intc *root_intc;
/* Each logical CPU's core number (MPIDR Aff0): where its IPIs go. */
static u8 bcm2836_cpu_core[NR_CPUS];
/* Where a parked core reads its mailbox 3 (base + LOCAL_MAILBOX3_CLR0). */
u32 bcm2836_park_mailbox;

/* The core running this code: each core has its own registers here. */
static unsigned int this_core(void)
{
	return read_cpuid_mpidr() & 3;
}

static char __iomem *timer_ctrl(struct bcm2836_intc *intc)
{
	return (char __iomem *)intc->base + LOCAL_TIMER_INT_CONTROL0 + 4 * this_core();
}

static char __iomem *mbox_ctrl(struct bcm2836_intc *intc, unsigned int core)
{
	return (char __iomem *)intc->base + LOCAL_MAILBOX_INT_CONTROL0 + 4 * core;
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

/* Mailbox 0's bits are the IPI numbers: each cleared, then handled. */
static void bcm2836_handle_ipis(struct bcm2836_intc *intc)
{
	char __iomem *clr = (char __iomem *)intc->base + LOCAL_MAILBOX0_CLR0 + 16 * this_core();
	u32 msgs = readl(clr);

	writel(msgs, clr);
	while (msgs) {
		unsigned int ipi = (unsigned int)__builtin_ctz(msgs);

		msgs &= msgs - 1;
		handle_IPI(ipi);
	}
}

/* IPI @ipinr to the logical CPUs in @cpumask: a bit in each one's mailbox 0. */
static void bcm2836_raise_ipi(unsigned long cpumask, unsigned int ipinr)
{
	dsb();		/* what the IPI announces is in memory before it lands */
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpumask & (1ul << cpu))
			writel(1u << ipinr, (char __iomem *)root_intc->base + LOCAL_MAILBOX0_SET0 +
			       16 * bcm2836_cpu_core[cpu]);
}

/* A secondary coming up: its IPIs on (and the wake-up from the park off),
 * its timer lines off until the timer's own callback enables them. */
static int bcm2836_starting_cpu(unsigned int cpu)
{
	struct bcm2836_intc *intc = root_intc;

	if (!intc)
		return -ENODEV;
	bcm2836_cpu_core[cpu] = (u8)this_core();
	writel(0, timer_ctrl(intc));
	writel(LOCAL_MBOX_IRQ(0), mbox_ctrl(intc, this_core()));
	return 0;
}

/* Lowest pending bit first, until this core's pending register is clear. */
static void bcm2836_handle_irq(struct pt_regs *regs)
{
	struct bcm2836_intc *intc = root_intc;
	char __iomem *pending = (char __iomem *)intc->base + LOCAL_IRQ_PENDING0 + 4 * this_core();
	u32 stat = readl(pending);

	if (!stat) {
		irq_count_spurious();
		return;
	}
	while (stat) {
		unsigned int hw = (unsigned int)__builtin_ctz(stat);

		stat &= stat - 1;
		if (hw == LOCAL_IRQ_MAILBOX0)
			bcm2836_handle_ipis(intc);
		else
			generic_handle_domain_irq(intc->domain, hw);
	}
}

/*
 * ARM code at its physical address (identity mapped, MMU off): the stub
 * jumps here with bx.  Sleep until mailbox 3 holds an address, clear it,
 * jump there (what QEMU's stub does, with WFI between the looks).
 */
static void __attribute__((naked, used)) bcm2836_park_core(void)
{
	__asm__ volatile("	mrc p15, 0, r0, c0, c0, 5\n"	/* MPIDR */
			 "	and r0, r0, #3\n"
			 "	ldr r1, =bcm2836_park_mailbox\n"
			 "	ldr r1, [r1]\n"
			 "	add r1, r1, r0, lsl #4\n"
			 "1:	.word 0xe320f003\n"		/* wfi (ARMv7) */
			 "	ldr r2, [r1]\n"
			 "	cmp r2, #0\n"
			 "	beq 1b\n"
			 "	str r2, [r1]\n"
			 "	bx r2\n"
			 "	.ltorg\n");
}

/*
 * How long a core may take to leave its firmware stub for the park: QEMU
 * runs a core's stub only when the host gives its thread time, on a busy
 * host tens of milliseconds after the probe wrote the park address.
 */
#define PARK_TAKE_TRIES		50000	/* of PARK_TAKE_US: one second */
#define PARK_TAKE_US		20

/**
 * bcm2836_smp_boot_secondary() - release core @core from its park to
 * @entry (physical, MMU off), through its mailbox 3.
 * Return: 0; -ENODEV when no BCM2836 local controller is bound; -EINVAL
 * for a core the block has not got, or the core running this code;
 * -EBUSY when the mailbox still holds what it was given before (the park
 * address, not taken within a second): nothing is written.
 */
int bcm2836_smp_boot_secondary(unsigned int core, unsigned long entry)
{
	struct bcm2836_intc *intc = root_intc;
	char __iomem *mbox;

	if (!intc)
		return -ENODEV;
	if (core >= LOCAL_NR_CORES || core == this_core())
		return -EINVAL;
	/*
	 * A mailbox is written by OR: the entry written over a park address
	 * the core has not taken yet made an address that was neither, and
	 * the core jumped there (into the kernel's text, MMU off, on no
	 * stack of its own: a boot that crashed on a busy host).  The core
	 * empties it when it takes it.
	 */
	mbox = (char __iomem *)intc->base + LOCAL_MAILBOX3_CLR0 + 16 * core;
	for (int tries = 0; readl(mbox); tries++) {
		if (tries == PARK_TAKE_TRIES)
			return -EBUSY;
		udelay(PARK_TAKE_US);
	}
	dsb();
	writel((u32)entry, (char __iomem *)intc->base + LOCAL_MAILBOX3_SET0 + 16 * core);
	return 0;
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
		writel(LOCAL_MBOX_IRQ(3), mbox_ctrl(intc, reg & 0xff));
		writel((u32)(uintptr_t)bcm2836_park_core,
		       (char __iomem *)intc->base + LOCAL_MAILBOX3_SET0 + 16 * (reg & 0xff));
		parked++;
	}
	of_node_put(cpus);
	dsb();
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
	writel(LOCAL_MBOX_IRQ(0), mbox_ctrl(intc, intc->cpu));
	/* The ARM controller's interrupts to this core, as IRQ (not FIQ). */
	writel(intc->cpu, (char __iomem *)intc->base + LOCAL_GPU_ROUTING);
	bcm2836_park_mailbox = (u32)(uintptr_t)intc->base + LOCAL_MAILBOX3_CLR0;
	bcm2836_park_other_cores(intc);
	intc->domain = irq_domain_add_linear(pdev->dev.of_node, LOCAL_NR_LINES,
					     &bcm2836_domain_ops, intc);
	if (!intc->domain)
		return -ENOMEM;
	root_intc = intc;
	bcm2836_cpu_core[smp_processor_id()] = (u8)intc->cpu;
	set_handle_irq(bcm2836_handle_irq);
	set_smp_cross_call(bcm2836_raise_ipi);
	cpuhp_setup_state_nocalls(CPUHP_AP_IRQ_BCM2836_STARTING, "irqchip/bcm2836:starting",
				  bcm2836_starting_cpu, NULL);
	platform_set_drvdata(pdev, intc);
	dev_info(&pdev->dev, "BCM2836 local controller, core %u, %d lines, root controller\n",
		 intc->cpu, LOCAL_NR_LINES);
	return 0;
}

static int bcm2836_intc_remove(struct platform_device *pdev)
{
	struct bcm2836_intc *intc = platform_get_drvdata(pdev);

	cpuhp_remove_state(CPUHP_AP_IRQ_BCM2836_STARTING);
	set_smp_cross_call(NULL);
	writel(0, timer_ctrl(intc));
	writel(0, mbox_ctrl(intc, intc->cpu));
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
