// SPDX-License-Identifier: BSD-2-Clause
/*
 * The Allwinner "R" interrupt controller ("allwinner,sun6i-a31-r-intc",
 * H3's "allwinner,sun8i-h3-r-intc"): it sits between the devices of the
 * always-on domain and the GIC.  Its specifiers are the GIC's three cells
 * (<GIC_SPI n flags>): every line but the NMI passes straight through to
 * GIC SPI n, which Linux models as a level of an interrupt hierarchy.
 *
 * coyote has no hierarchical domains: each line mapped here takes the
 * GIC's SPI n with a chained handler that runs the line of this domain,
 * and mask, unmask and the trigger type go to the GIC's line.  The NMI
 * (<GIC_SPI 0 ...>, the external NMI pin through the controller's own
 * registers, for a PMIC) is refused: QEMU 7.2 does not model the block's
 * registers, and no tree coyote boots wires a PMIC to it.
 */
#define pr_fmt(fmt) "sun6i-r-intc: " fmt

#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqchip/chained_irq.h>
#include <linux/irqdomain.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/platform_device.h>
#include <linux/printk.h>

#define R_INTC_NR_LINES		1020	/* the GIC's SPI numbers, as specifiers give them */
#define R_INTC_NMI		0
#define GIC_SPI			0

struct r_intc {
	struct irq_domain *domain;
	struct device_node *parent;	/* the GIC */
	unsigned int parent_irq;	/* our own output: the NMI line */
	unsigned int *gic_virq;		/* per line: the GIC line it rides on */
};

static struct irq_data *r_intc_parent_data(struct irq_data *d)
{
	struct r_intc *ri = irq_data_get_irq_chip_data(d);

	return irq_get_irq_data(ri->gic_virq[d->hwirq]);
}

static void r_intc_mask(struct irq_data *d)
{
	struct irq_data *p = r_intc_parent_data(d);

	p->chip->irq_mask(p);
}

static void r_intc_unmask(struct irq_data *d)
{
	struct irq_data *p = r_intc_parent_data(d);

	p->chip->irq_unmask(p);
}

static int r_intc_set_type(struct irq_data *d, unsigned int type)
{
	struct r_intc *ri = irq_data_get_irq_chip_data(d);

	return irq_set_irq_type(ri->gic_virq[d->hwirq], type);
}

static struct irq_chip r_intc_chip = {
	.name = "sun6i-r-intc",
	.irq_mask = r_intc_mask,
	.irq_unmask = r_intc_unmask,
	.irq_set_type = r_intc_set_type,
};

/* The GIC line fired: run ours. */
static void r_intc_forward(struct irq_desc *desc)
{
	struct irq_data *d = desc->handler_data;
	struct irq_chip *chip = irq_desc_get_chip(desc);

	chained_irq_enter(chip, desc);
	generic_handle_domain_irq(d->domain, d->hwirq);
	chained_irq_exit(chip, desc);
}

static int r_intc_xlate(struct irq_domain *d, struct device_node *node, const u32 *spec,
			unsigned int size, unsigned long *hwirq, unsigned int *type)
{
	if (size != 3 || spec[0] != GIC_SPI || spec[1] >= R_INTC_NR_LINES) {
		pr_warn("%pOF: specifier must be <GIC_SPI n flags> (3 cells, SPI)\n", node);
		return -EINVAL;
	}
	*hwirq = spec[1];
	*type = spec[2] & IRQ_TYPE_SENSE_MASK;
	return 0;
}

static int r_intc_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	struct r_intc *ri = d->host_data;
	struct of_phandle_args spec = {
		.np = ri->parent, .args_count = 3,
		.args = { GIC_SPI, (u32)hw, IRQ_TYPE_LEVEL_HIGH },
	};
	unsigned int gic;

	if (hw == R_INTC_NMI) {
		pr_warn("NMI line: the controller's NMI registers are not driven\n");
		return -EINVAL;
	}
	gic = irq_create_of_mapping(&spec);
	if (!gic)
		return -EINVAL;
	ri->gic_virq[hw] = gic;
	irq_set_chip_and_handler(virq, &r_intc_chip, handle_level_irq);
	irq_set_chip_data(virq, ri);
	irq_set_chained_handler_and_data(gic, r_intc_forward, irq_get_irq_data(virq));
	return 0;
}

static void r_intc_unmap(struct irq_domain *d, unsigned int virq)
{
	struct r_intc *ri = d->host_data;
	struct irq_data *data = irq_get_irq_data(virq);
	unsigned int gic = ri->gic_virq[data->hwirq];

	irq_set_chained_handler_and_data(gic, NULL, NULL);
	irq_dispose_mapping(gic);
	ri->gic_virq[data->hwirq] = 0;
}

static const struct irq_domain_ops r_intc_domain_ops = {
	.map = r_intc_map,
	.unmap = r_intc_unmap,
	.xlate = r_intc_xlate,
};

static int r_intc_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct r_intc *ri;
	int irq;

	ri = devm_kzalloc(dev, sizeof(*ri), GFP_KERNEL);
	if (!ri)
		return -ENOMEM;
	ri->gic_virq = devm_kzalloc(dev, R_INTC_NR_LINES * sizeof(*ri->gic_virq), GFP_KERNEL);
	if (!ri->gic_virq)
		return -ENOMEM;
	/* Our own output, on the GIC: defers until the GIC is there. */
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	ri->parent_irq = (unsigned int)irq;
	ri->parent = of_irq_find_parent(dev->of_node);	/* held until remove */
	if (!ri->parent)
		return dev_err_probe(dev, -EINVAL, "no interrupt parent");
	ri->domain = irq_domain_add_linear(dev->of_node, R_INTC_NR_LINES, &r_intc_domain_ops, ri);
	if (!ri->domain) {
		of_node_put(ri->parent);
		return -ENOMEM;
	}
	platform_set_drvdata(pdev, ri);
	dev_info(dev, "lines pass through to %pOF's SPIs (NMI on virq %u not driven)\n",
		 ri->parent, ri->parent_irq);
	return 0;
}

static int r_intc_remove(struct platform_device *pdev)
{
	struct r_intc *ri = platform_get_drvdata(pdev);

	irq_domain_remove(ri->domain);
	of_node_put(ri->parent);
	return 0;
}

static const struct of_device_id r_intc_of_match[] = {
	{ .compatible = "allwinner,sun6i-a31-r-intc" },
	{ }
};

static struct platform_driver r_intc_driver = {
	.probe = r_intc_probe,
	.remove = r_intc_remove,
	.driver = {
		.name = "sun6i-r-intc",
		.of_match_table = r_intc_of_match,
	},
};
module_platform_driver(r_intc_driver);
