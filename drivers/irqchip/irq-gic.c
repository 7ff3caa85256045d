// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM Generic Interrupt Controller, architecture v1 and v2 (PL390 on
 * realview-eb, the Cortex-A9 MPCore's own on vexpress-a9, the Cortex-A15's
 * and Cortex-A7's GICv2 on QEMU's virt): a distributor (reg 0) that routes
 * and enables lines, and a CPU interface (reg 1) the CPU reads to learn
 * which line interrupted it and writes when it has handled it.
 *
 * Interrupt IDs: 0-15 SGIs (software), 16-31 PPIs (per CPU: the A9's
 * timers, the A15's generic timer), 32 and up SPIs (devices).  The tree's
 * specifier has three cells: <type number flags>, type 0 = SPI (ID =
 * number + 32), 1 = PPI (ID = number + 16); the ID is our hardware number
 * in the irq domain.  Flags 3:0 are the trigger; for a PPI, bits 15:8 name
 * the CPU interfaces the line is wired to (0: the tree does not say).
 *
 * Every SPI goes to the boot CPU's interface, all in Group 0, one
 * priority.  Which interface is a CPU's own the distributor tells:
 * ITARGETSR0-7 read back the reading CPU's own bit (read-as-zero on a
 * uniprocessor GIC, whose only interface is 0).  Each secondary sets up
 * its own CPU interface and banked SGI/PPI registers as it comes up (a
 * CPU hotplug starting callback); SGIs are the IPIs (GICD_SGIR names the
 * target interfaces), PPIs take the per-CPU flow.  As in Linux, a GIC whose
 * interrupt parent is itself or nobody is the root controller; its own
 * `interrupts`, if any, are the virtualization extensions' maintenance
 * interrupt (QEMU's virt with virtualization=on), which coyote leaves
 * alone.  Cascaded GICs are not supported.
 */
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/irqchip/arm-gic.h>
#include <asm/io.h>
#include <linux/cpuhotplug.h>
#include <linux/smp.h>
#include <asm/barrier.h>
#include <asm/irqflags.h>
#include <asm/smp.h>

#define GICD_CTLR		0x000
#define GICD_TYPER		0x004	/* 4:0 = lines / 32 - 1, 7:5 = CPUs - 1 */
#define GICD_ISENABLER(n)	(0x100 + 4 * (n))
#define GICD_ICENABLER(n)	(0x180 + 4 * (n))
#define GICD_ISPENDR(n)		(0x200 + 4 * (n))
#define GICD_ICPENDR(n)		(0x280 + 4 * (n))
#define GICD_IPRIORITYR		0x400	/* one byte per ID */
#define GICD_ITARGETSR		0x800	/* one byte per ID */
#define GICD_ICFGR(n)		(0xc00 + 4 * (n))
#define GICD_SGIR		0xf00	/* 23:16 target interfaces, 3:0 SGI */
#define GICD_PIDR2		0xfe8	/* 7:4 = architecture version */

#define GICC_CTLR		0x000
#define GICC_PMR		0x004	/* signalled when priority < PMR */
#define GICC_IAR		0x00c
#define GICC_EOIR		0x010
#define GICC_IIDR		0x0fc	/* implementer: read only to see something answers */

#define GIC_SPI			0
#define GIC_PPI			1
#define GIC_SPI_BASE		32
#define GIC_NR_SGIS		16
#define GIC_PPI_BASE		16
#define GIC_SPURIOUS		1023
#define GIC_MAX_LINES		1020
#define GIC_PRIO_DEFAULT	0xa0
#define GIC_PMR_UNMASK		0xf0
#define GIC_PPI_CPU_MASK(flags)	(((flags) >> 8) & 0xff)
#define GICD_ICFGR_EDGE(id)	(2u << (2 * ((id) % 16)))

struct gic {
	void __iomem *dist;
	void __iomem *cpu;
	unsigned int nr_lines;
	u8 cpu_mask;			/* our CPU interface, one bit */
	struct irq_domain *domain;
};

static struct gic *root_gic;
/* Each logical CPU's interface bit (GICD_SGIR's target list). */
static u8 gic_cpu_map[NR_CPUS];

static void gic_mask(struct irq_data *d)
{
	struct gic *gic = irq_data_get_irq_chip_data(d);

	writel(1u << (d->hwirq % 32), (char __iomem *)gic->dist + GICD_ICENABLER(d->hwirq / 32));
}

static void gic_unmask(struct irq_data *d)
{
	struct gic *gic = irq_data_get_irq_chip_data(d);

	writel(1u << (d->hwirq % 32), (char __iomem *)gic->dist + GICD_ISENABLER(d->hwirq / 32));
}

/* End of interrupt: the CPU interface may signal this ID again. */
static void gic_eoi(struct irq_data *d)
{
	struct gic *gic = irq_data_get_irq_chip_data(d);

	writel((u32)d->hwirq, (char __iomem *)gic->cpu + GICC_EOIR);
}

/*
 * Set or clear an ID's pending latch.  The latch holds until the CPU
 * acknowledges the ID (IAR): a raised line is taken once, and a handler
 * that wants it again raises it again.  SGIs (IDs 0-15) ignore ISPENDR.
 * A raise is read back with IRQs masked (so it cannot be taken in
 * between): QEMU's GIC with more than one CPU interface drops a PPI set
 * pending from software (it latches it for the PPI's target, which it
 * leaves empty), and a line that cannot be raised must say so.
 */
static int gic_set_irqchip_state(struct irq_data *d, enum irqchip_irq_state which, bool state)
{
	struct gic *gic = irq_data_get_irq_chip_data(d);
	unsigned int reg = (unsigned int)(d->hwirq / 32);
	u32 bit = 1u << (d->hwirq % 32);
	unsigned long flags;
	bool latched;

	if (which != IRQCHIP_STATE_PENDING)
		return -EINVAL;
	if (d->hwirq < GIC_PPI_BASE)
		return -EINVAL;
	if (!state) {
		writel(bit, (char __iomem *)gic->dist + GICD_ICPENDR(reg));
		return 0;
	}
	local_irq_save(flags);
	writel(bit, (char __iomem *)gic->dist + GICD_ISPENDR(reg));
	latched = readl((char __iomem *)gic->dist + GICD_ISPENDR(reg)) & bit;
	local_irq_restore(flags);
	return latched ? 0 : -EINVAL;
}

/*
 * The GIC senses a line by level (high) or by its rising edge, one bit per
 * ID in ICFGR.  SGIs are always edges; an SPI is level-high or
 * rising-edge, anything else is the tree asking for an inverter the GIC
 * has not got.  A PPI's sense may be fixed by the CPU (Linux: "PPI is
 * secure or misconfigured"): the bit then reads back unchanged, the line
 * keeps the flow of what it senses, and that is only worth a warning.
 */
static int gic_set_type(struct irq_data *d, unsigned int type)
{
	struct gic *gic = irq_data_get_irq_chip_data(d);
	char __iomem *reg = (char __iomem *)gic->dist + GICD_ICFGR(d->hwirq / 16);
	u32 bit = GICD_ICFGR_EDGE(d->hwirq), cfg;
	bool edge = type & IRQ_TYPE_EDGE_BOTH;

	if (d->hwirq < GIC_PPI_BASE)
		return type == IRQ_TYPE_EDGE_RISING ? 0 : -EINVAL;
	if (d->hwirq >= GIC_SPI_BASE && type != IRQ_TYPE_LEVEL_HIGH &&
	    type != IRQ_TYPE_EDGE_RISING)
		return -EINVAL;
	cfg = readl(reg);
	writel(edge ? cfg | bit : cfg & ~bit, reg);
	if (!!(readl(reg) & bit) != edge) {
		if (d->hwirq >= GIC_SPI_BASE)
			return -EINVAL;
		pr_warn("GIC: PPI %lu senses %s only\n", d->hwirq - GIC_PPI_BASE,
			edge ? "levels" : "edges");
		edge = !edge;
	}
	if (d->hwirq >= GIC_SPI_BASE)
		irq_set_handler_locked(d, edge ? handle_edge_irq : handle_level_irq);
	return 0;
}

static struct irq_chip gic_chip = {
	.name = "GIC",
	.irq_mask = gic_mask,
	.irq_unmask = gic_unmask,
	.irq_eoi = gic_eoi,
	.irq_set_irqchip_state = gic_set_irqchip_state,
	.irq_set_type = gic_set_type,
};

static int gic_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	struct gic *gic = d->host_data;

	writeb(GIC_PRIO_DEFAULT, (char __iomem *)gic->dist + GICD_IPRIORITYR + hw);
	/* SGI and PPI targets are fixed (each CPU has its own). */
	if (hw >= GIC_SPI_BASE)
		writeb(gic->cpu_mask, (char __iomem *)gic->dist + GICD_ITARGETSR + hw);
	irq_set_chip_and_handler(virq, &gic_chip,
				 hw < GIC_SPI_BASE ? handle_percpu_irq : handle_level_irq);
	return irq_set_chip_data(virq, gic);
}

/*
 * <type number flags>: SPI n is ID 32 + n, PPI n is ID 16 + n.  A PPI
 * whose CPU mask leaves out our interface is wired to other CPUs only: it
 * can never fire here.
 */
static int gic_xlate(struct irq_domain *d, struct device_node *node, const u32 *intspec,
		     unsigned int intsize, unsigned long *out_hwirq, unsigned int *out_type)
{
	struct gic *gic = d->host_data;
	unsigned long hw;

	if (intsize < 3)
		return -EINVAL;
	if (intspec[0] == GIC_SPI)
		hw = intspec[1] + GIC_SPI_BASE;
	else if (intspec[0] == GIC_PPI && intspec[1] < 16)
		hw = intspec[1] + GIC_PPI_BASE;
	else
		return -EINVAL;
	if (intspec[0] == GIC_PPI && GIC_PPI_CPU_MASK(intspec[2]) &&
	    !(GIC_PPI_CPU_MASK(intspec[2]) & gic->cpu_mask))
		return -EINVAL;
	if (hw >= gic->nr_lines)
		return -EINVAL;
	*out_hwirq = hw;
	*out_type = intspec[2] & 0xf;
	return 0;
}

/*
 * A line of a controller stacked on this one (the i.MX GPC): the child
 * hands down the GIC specifier it was given, and the line is set up here
 * as map() would.
 */
static int gic_irq_domain_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr_irqs,
				void *arg)
{
	struct of_phandle_args *spec = arg;
	struct gic *gic = d->host_data;
	unsigned long hw;
	unsigned int type;
	int ret;

	if (nr_irqs != 1)
		return -EINVAL;
	ret = gic_xlate(d, spec->np, spec->args, (unsigned int)spec->args_count, &hw, &type);
	if (ret)
		return ret;
	writeb(GIC_PRIO_DEFAULT, (char __iomem *)gic->dist + GICD_IPRIORITYR + hw);
	if (hw >= GIC_SPI_BASE)
		writeb(gic->cpu_mask, (char __iomem *)gic->dist + GICD_ITARGETSR + hw);
	irq_domain_set_info(d, virq, hw, &gic_chip, gic,
			    hw < GIC_SPI_BASE ? handle_percpu_irq : handle_level_irq, NULL, NULL);
	return 0;
}

static const struct irq_domain_ops gic_domain_ops = {
	.map = gic_map,
	.xlate = gic_xlate,
	.alloc = gic_irq_domain_alloc,
};

/* Handle pending IDs until the CPU interface has none (spurious, 1023). */
static void gic_handle_irq(struct pt_regs *regs)
{
	struct gic *gic = root_gic;

	for (;;) {
		u32 iar = readl((char __iomem *)gic->cpu + GICC_IAR);
		u32 id = iar & 0x3ff;

		if (id == GIC_SPURIOUS) {
			return;
		}
		/* An IPI: EOI first, so the next one can be taken after it. */
		if (id < GIC_NR_SGIS) {
			writel(iar, (char __iomem *)gic->cpu + GICC_EOIR);
			handle_IPI(id);
			continue;
		}
		/* An ID with no mapping has no chip to EOI it: do it here. */
		if (generic_handle_domain_irq(gic->domain, id) < 0) {
			irq_count_spurious();
			writel(iar, (char __iomem *)gic->cpu + GICC_EOIR);
		}
	}
}

/* Our CPU interface's bit: the first non-zero ITARGETSR of IDs 0-31. */
static u8 gic_cpu_mask(struct gic *gic)
{
	unsigned int i;

	for (i = 0; i < GIC_SPI_BASE; i++) {
		u8 mask = readb((char __iomem *)gic->dist + GICD_ITARGETSR + i);

		if (mask)
			return mask;
	}
	return 1;	/* uniprocessor GIC: interface 0 */
}

/* A CPU's own (banked) registers: SGIs on, PPIs off until their drivers
 * enable them on that CPU, one priority, the CPU interface on. */
static void gic_cpu_init(struct gic *gic)
{
	char __iomem *dist = gic->dist;

	writel(~0u, dist + GICD_ICENABLER(0));
	writel(~0u, dist + GICD_ICPENDR(0));
	for (unsigned int i = 0; i < GIC_SPI_BASE; i++)
		writeb(GIC_PRIO_DEFAULT, dist + GICD_IPRIORITYR + i);
	writel((1u << GIC_NR_SGIS) - 1, dist + GICD_ISENABLER(0));
	writel(GIC_PMR_UNMASK, (char __iomem *)gic->cpu + GICC_PMR);
	writel(1, (char __iomem *)gic->cpu + GICC_CTLR);
}

/* A secondary coming up (cpuhp starting callback, on that CPU). */
static int gic_starting_cpu(unsigned int cpu)
{
	struct gic *gic = root_gic;

	if (!gic)
		return -ENODEV;
	gic_cpu_map[cpu] = gic_cpu_mask(gic);
	gic_cpu_init(gic);
	return 0;
}

int gic_get_cpu_count(void)
{
	if (!root_gic)
		return -ENODEV;
	return (int)((readl((char __iomem *)root_gic->dist + GICD_TYPER) >> 5) & 7) + 1;
}

/* IPI @ipinr to the logical CPUs in @cpumask, through their interfaces. */
static void gic_raise_softirq(unsigned long cpumask, unsigned int ipinr)
{
	u32 targets = 0;

	/* A core not yet up has not read its interface's bit: all get it
	 * (Linux's 0xff), and head.S's holding pen sorts them out. */
	for (unsigned int cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpumask & (1ul << cpu))
			targets |= gic_cpu_map[cpu] ? gic_cpu_map[cpu] : 0xff;
	dsb();		/* what the IPI announces is in memory before it lands */
	writel(targets << 16 | ipinr, (char __iomem *)root_gic->dist + GICD_SGIR);
}

static void gic_hw_init(struct gic *gic)
{
	char __iomem *dist = gic->dist;
	unsigned int i;

	writel(0, dist + GICD_CTLR);
	for (i = 0; i < gic->nr_lines / 32; i++) {
		writel(~0u, dist + GICD_ICENABLER(i));
		writel(~0u, dist + GICD_ICPENDR(i));
	}
	/* SPIs level-sensitive, as every device on these boards is. */
	for (i = GIC_SPI_BASE / 16; i < gic->nr_lines / 16; i++)
		writel(0, dist + GICD_ICFGR(i));
	writel(1, dist + GICD_CTLR);
	gic_cpu_init(gic);
}

#define GIC_CELLS "the GIC binding's specifier is 3 cells (type, number, flags)"

static int gic_probe(struct platform_device *pdev)
{
	struct gic *gic;
	u32 typer, arch, pidr2, iidr, cells;

	if (!of_irq_is_root(pdev->dev.of_node)) {
		struct device_node *parent = of_irq_find_parent(pdev->dev.of_node);
		int ret = dev_err_probe(&pdev->dev, -EINVAL,
					"a cascaded GIC (interrupt parent %pOF) is not supported",
					parent);

		of_node_put(parent);
		return ret;
	}
	if (root_gic)
		return dev_err_probe(&pdev->dev, -EBUSY, "a second root GIC");
	/* Every consumer's specifier is cut by this count: a wrong one would
	 * fail each of them with a reason that never names the cause. */
	if (of_property_read_u32(pdev->dev.of_node, "#interrupt-cells", &cells))
		return dev_err_probe(&pdev->dev, -EINVAL, "no #interrupt-cells: %s", GIC_CELLS);
	if (cells != 3)
		return dev_err_probe(&pdev->dev, -EINVAL, "#interrupt-cells = <%u>: %s",
				     (unsigned int)cells, GIC_CELLS);
	gic = devm_kzalloc(&pdev->dev, sizeof(*gic), GFP_KERNEL);
	if (!gic)
		return -ENOMEM;
	gic->dist = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(gic->dist))
		return (int)PTR_ERR(gic->dist);
	gic->cpu = devm_platform_ioremap_resource(pdev, 1);
	if (IS_ERR(gic->cpu))
		return (int)PTR_ERR(gic->cpu);
	/* The first reads of each window are guarded: the tree may point
	 * at an address where nothing answers (an external abort). */
	if (readl_nofault((char __iomem *)gic->dist + GICD_PIDR2, &pidr2))
		return dev_err_probe(&pdev->dev, -ENODEV, "nothing at 0x%08lx (distributor PIDR2)",
				     (unsigned long)gic->dist + GICD_PIDR2);
	if (readl_nofault((char __iomem *)gic->cpu + GICC_IIDR, &iidr))
		return dev_err_probe(&pdev->dev, -ENODEV, "nothing at 0x%08lx (CPU interface IIDR)",
				     (unsigned long)gic->cpu + GICC_IIDR);
	arch = (pidr2 >> 4) & 0xf;
	typer = readl((char __iomem *)gic->dist + GICD_TYPER);
	if (arch != 1 && arch != 2)
		return dev_err_probe(&pdev->dev, -ENODEV,
				     "PIDR2 says architecture %u, not a GICv1/v2 (wrong reg?)",
				     (unsigned int)arch);
	gic->nr_lines = ((typer & 0x1f) + 1) * 32;
	if (gic->nr_lines > GIC_MAX_LINES)
		gic->nr_lines = GIC_MAX_LINES;

	gic->cpu_mask = gic_cpu_mask(gic);
	gic_hw_init(gic);
	gic->domain = irq_domain_add_linear(pdev->dev.of_node, gic->nr_lines, &gic_domain_ops,
					    gic);
	if (!gic->domain)
		return -ENOMEM;
	root_gic = gic;
	gic_cpu_map[smp_processor_id()] = gic->cpu_mask;
	set_handle_irq(gic_handle_irq);
	set_smp_cross_call(gic_raise_softirq);
	cpuhp_setup_state_nocalls(CPUHP_AP_IRQ_GIC_STARTING, "irqchip/arm/gic:starting",
				  gic_starting_cpu, NULL);
	platform_set_drvdata(pdev, gic);
	dev_info(&pdev->dev, "GICv%u, %u interrupt IDs, root controller\n", (unsigned int)arch,
		 gic->nr_lines);
	return 0;
}

static int gic_remove(struct platform_device *pdev)
{
	struct gic *gic = platform_get_drvdata(pdev);

	cpuhp_remove_state(CPUHP_AP_IRQ_GIC_STARTING);
	set_smp_cross_call(NULL);
	writel(0, (char __iomem *)gic->dist + GICD_CTLR);
	set_handle_irq(NULL);
	root_gic = NULL;
	irq_domain_remove(gic->domain);
	return 0;
}

static const struct of_device_id gic_of_match[] = {
	{ .compatible = "arm,pl390" },
	{ .compatible = "arm,cortex-a9-gic" },
	{ .compatible = "arm,cortex-a15-gic" },
	{ .compatible = "arm,cortex-a7-gic" },
	{ .compatible = "arm,gic-400" },
	{ }
};

static struct platform_driver gic_driver = {
	.probe = gic_probe,
	.remove = gic_remove,
	.driver = {
		.name = "gic",
		.of_match_table = gic_of_match,
	},
};
module_platform_driver(gic_driver);
