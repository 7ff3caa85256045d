// SPDX-License-Identifier: BSD-2-Clause
/*
 * A generic PCI host bridge with ECAM (the PCI Express "enhanced
 * configuration access mechanism"): every function's 4 KiB of
 * configuration space sits in one memory window at
 * (bus << 20) | (device << 15) | (function << 12), so configuration
 * access is a plain load or store.  QEMU's virt board has one, described
 * by its "pcie" node: reg (the ECAM window), bus-range, and ranges with
 * three-cell PCI addresses (I/O, 32-bit and 64-bit memory windows).
 * Only the buses of bus-range are mapped: 1 MiB each.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <asm/io.h>

#define ECAM_BUS_SHIFT	20
#define ECAM_BUS_SIZE	(1u << ECAM_BUS_SHIFT)

struct gen_pci {
	struct pci_host_bridge host;
	void __iomem *ecam;
};

static void __iomem *ecam_addr(struct pci_bus *bus, unsigned int devfn, int where)
{
	struct gen_pci *pci = bus->host->sysdata;

	if (bus->number < bus->host->busnr_start || bus->number > bus->host->busnr_end)
		return NULL;
	return pci->ecam + ((u32)(bus->number - bus->host->busnr_start) << ECAM_BUS_SHIFT) +
	       (devfn << 12) + (unsigned int)where;
}

static int ecam_read(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val)
{
	void __iomem *p = ecam_addr(bus, devfn, where);

	if (!p) {
		*val = ~0u;
		return -ENODEV;
	}
	*val = size == 1 ? readb(p) : size == 2 ? readw(p) : readl(p);
	return 0;
}

static int ecam_write(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val)
{
	void __iomem *p = ecam_addr(bus, devfn, where);

	if (!p)
		return -ENODEV;
	if (size == 1)
		writeb((u8)val, p);
	else if (size == 2)
		writew((u16)val, p);
	else
		writel(val, p);
	return 0;
}

static const struct pci_ops ecam_ops = {
	.read = ecam_read,
	.write = ecam_write,
};

static const char *space_name(u32 flags)
{
	if (flags & IORESOURCE_IO)
		return "I/O";
	return flags & IORESOURCE_PREFETCH ? "prefetchable memory" : "memory";
}

/* The windows of "ranges".  A window the CPU cannot reach (beyond 4 GiB,
 * or not translated) is left out with a line saying so. */
static int parse_windows(struct device *dev, struct pci_host_bridge *host)
{
	struct of_range_parser parser;
	struct of_range range;
	int ret = of_pci_range_parser_init(&parser, dev->of_node);

	if (ret)
		return dev_err_probe(dev, ret, "no usable ranges property");
	for_each_of_pci_range(&parser, &range) {
		struct pci_window *w;
		char line[80];

		of_pci_range_print(line, sizeof(line), &range);
		dev_info(dev, "%s\n", line);
		if (!(range.flags & (IORESOURCE_IO | IORESOURCE_MEM))) {
			dev_warn(dev, "ranges: an entry of space code 0 (configuration) or unknown: skipped\n");
			continue;
		}
		if (range.cpu_addr == OF_BAD_ADDR || !range.size ||
		    range.cpu_addr + range.size > (1ull << 32)) {
			dev_info(dev, "%s window at PCI 0x%llx is beyond the CPU's 4 GiB: not used\n",
				 space_name(range.flags), range.bus_addr);
			continue;
		}
		for (int i = 0; i < host->nr_windows; i++) {
			struct pci_window *o = &host->windows[i];

			if (range.cpu_addr < o->cpu_addr + o->size &&
			    o->cpu_addr < range.cpu_addr + range.size)
				return dev_err_probe(dev, -EINVAL,
						     "ranges: windows at 0x%llx and 0x%llx overlap",
						     o->cpu_addr, range.cpu_addr);
		}
		if (host->nr_windows == PCI_HOST_WINDOWS) {
			dev_warn(dev, "more than %d windows in ranges: the rest are not used\n",
				 PCI_HOST_WINDOWS);
			break;
		}
		w = &host->windows[host->nr_windows++];
		w->flags = range.flags;
		w->bus_addr = range.bus_addr;
		w->cpu_addr = range.cpu_addr;
		w->size = range.size;
	}
	if (!host->nr_windows)
		return dev_err_probe(dev, -EINVAL, "ranges has no window the CPU can reach");
	return 0;
}

static int gen_pci_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pci_host_bridge *host;
	struct resource cfg = { 0 };
	struct gen_pci *pci;
	u32 busr[2] = { 0, 0xff };
	u64 addr, size, want;
	int ret;

	pci = devm_kzalloc(dev, sizeof(*pci), GFP_KERNEL);
	if (!pci)
		return -ENOMEM;
	host = &pci->host;
	host->dev = dev;
	host->ops = &ecam_ops;
	host->sysdata = pci;
	/* Without bus-range, Linux assumes 0-255. */
	if (of_property_read_u32_array(dev->of_node, "bus-range", busr, 2) == 0 &&
	    (busr[0] > busr[1] || busr[1] > 0xff))
		return dev_err_probe(dev, -EINVAL, "bus-range <%u %u> is not a range of 0..255",
				     busr[0], busr[1]);
	host->busnr_start = (u8)busr[0];
	host->busnr_end = (u8)busr[1];

	ret = of_property_read_reg(dev->of_node, 0, &addr, &size);
	if (ret)
		return dev_err_probe(dev, ret, "no reg for the ECAM window");
	addr = of_translate_address(dev->of_node, of_get_address(dev->of_node, 0, NULL, NULL));
	want = (u64)(busr[1] - busr[0] + 1) << ECAM_BUS_SHIFT;
	if (size < want)
		return dev_err_probe(dev, -EINVAL,
				     "ECAM window of %llu MiB is short of bus-range's %llu MiB",
				     size >> 20, want >> 20);
	if (addr == OF_BAD_ADDR || addr + want > (1ull << 32))
		return dev_err_probe(dev, -ERANGE,
				     "ECAM window at 0x%llx is beyond the CPU's 4 GiB (this kernel has no LPAE)",
				     addr);
	ret = parse_windows(dev, host);
	if (ret)
		return ret;
	cfg.start = (resource_size_t)addr;
	cfg.end = (resource_size_t)(addr + want - 1);
	cfg.flags = IORESOURCE_MEM;
	cfg.name = dev_name(dev);
	pci->ecam = devm_ioremap_resource(dev, &cfg);
	if (IS_ERR(pci->ecam))
		return (int)PTR_ERR(pci->ecam);
	dev_info(dev, "ECAM at 0x%08llx for buses %02x-%02x\n", addr, host->busnr_start,
		 host->busnr_end);
	platform_set_drvdata(pdev, pci);
	ret = pci_host_probe(host);
	if (ret)
		return ret;
	dev_info(dev, "%d function(s) on buses %02x-%02x, %d refused\n", host->nr_devices,
		 host->busnr_start, host->bus->subordinate, host->nr_refused);
	return 0;
}

static int gen_pci_remove(struct platform_device *pdev)
{
	struct gen_pci *pci = platform_get_drvdata(pdev);

	pci_host_remove(&pci->host);
	return 0;
}

static const struct of_device_id gen_pci_of_match[] = {
	{ .compatible = "pci-host-ecam-generic" },
	{ }
};
MODULE_DEVICE_TABLE(of, gen_pci_of_match);

static struct platform_driver gen_pci_driver = {
	.probe = gen_pci_probe,
	.remove = gen_pci_remove,
	.driver = {
		.name = "pci-host-generic",
		.of_match_table = gen_pci_of_match,
	},
};
module_platform_driver(gen_pci_driver);
