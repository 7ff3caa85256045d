// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PCI bus in the driver core: configuration space accessors through
 * the host bridge's ops, the match of a function against a driver's ID
 * table (vendor, device, subsystem, class under a mask, as Linux's
 * pci_match_one_device()), the modalias a module is found by, and what a
 * driver calls to use its function: enable the decoders, master the bus,
 * map a BAR.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/string.h>

/* ---- configuration space ---------------------------------------------- */

int pci_bus_read_config(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val)
{
	if (where < 0 || where & (size - 1) || where + size > 4096) {
		*val = ~0u;
		return -EINVAL;
	}
	return bus->host->ops->read(bus, devfn, where, size, val);
}
EXPORT_SYMBOL(pci_bus_read_config);

int pci_bus_write_config(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val)
{
	if (where < 0 || where & (size - 1) || where + size > 4096)
		return -EINVAL;
	return bus->host->ops->write(bus, devfn, where, size, val);
}
EXPORT_SYMBOL(pci_bus_write_config);

int pci_read_config_byte(const struct pci_dev *dev, int where, u8 *val)
{
	u32 v;
	int ret = pci_bus_read_config(dev->bus, dev->devfn, where, 1, &v);

	*val = (u8)v;
	return ret;
}
EXPORT_SYMBOL(pci_read_config_byte);

int pci_read_config_word(const struct pci_dev *dev, int where, u16 *val)
{
	u32 v;
	int ret = pci_bus_read_config(dev->bus, dev->devfn, where, 2, &v);

	*val = (u16)v;
	return ret;
}
EXPORT_SYMBOL(pci_read_config_word);

int pci_read_config_dword(const struct pci_dev *dev, int where, u32 *val)
{
	return pci_bus_read_config(dev->bus, dev->devfn, where, 4, val);
}
EXPORT_SYMBOL(pci_read_config_dword);

int pci_write_config_byte(const struct pci_dev *dev, int where, u8 val)
{
	return pci_bus_write_config(dev->bus, dev->devfn, where, 1, val);
}
EXPORT_SYMBOL(pci_write_config_byte);

int pci_write_config_word(const struct pci_dev *dev, int where, u16 val)
{
	return pci_bus_write_config(dev->bus, dev->devfn, where, 2, val);
}
EXPORT_SYMBOL(pci_write_config_word);

int pci_write_config_dword(const struct pci_dev *dev, int where, u32 val)
{
	return pci_bus_write_config(dev->bus, dev->devfn, where, 4, val);
}
EXPORT_SYMBOL(pci_write_config_dword);

/* At most this many entries: a list that points back into itself ends. */
#define PCI_CAP_MAX 48

u8 pci_find_next_capability(const struct pci_dev *dev, u8 pos, int cap)
{
	u16 status;
	u8 id;
	int ttl = PCI_CAP_MAX;

	if (!pos) {
		if (pci_read_config_word(dev, PCI_STATUS, &status) ||
		    !(status & PCI_STATUS_CAP_LIST))
			return 0;
		pci_read_config_byte(dev, PCI_CAPABILITY_LIST, &pos);
	} else {
		pci_read_config_byte(dev, pos + 1, &pos);
	}
	while (ttl-- && pos >= 0x40) {
		pos &= ~3;
		if (pci_read_config_byte(dev, pos, &id) || id == 0xff)
			return 0;
		if (id == cap)
			return pos;
		pci_read_config_byte(dev, pos + 1, &pos);
	}
	return 0;
}
EXPORT_SYMBOL(pci_find_next_capability);

u8 pci_find_capability(const struct pci_dev *dev, int cap)
{
	return pci_find_next_capability(dev, 0, cap);
}
EXPORT_SYMBOL(pci_find_capability);

/* ---- what a driver calls ------------------------------------------------ */

static void command_update(struct pci_dev *dev, u16 set, u16 clear)
{
	u16 cmd;

	pci_read_config_word(dev, PCI_COMMAND, &cmd);
	pci_write_config_word(dev, PCI_COMMAND, (u16)((cmd & ~clear) | set));
}

int pci_enable_device(struct pci_dev *dev)
{
	u16 set = 0;

	if (dev->refused[0])
		return -EINVAL;
	for (int i = 0; i < PCI_STD_NUM_BARS; i++) {
		if (dev->resource[i].flags & IORESOURCE_IO)
			set |= PCI_COMMAND_IO;
		if (dev->resource[i].flags & IORESOURCE_MEM)
			set |= PCI_COMMAND_MEMORY;
	}
	command_update(dev, set, PCI_COMMAND_INTX_DISABLE);
	dev->enabled = true;
	return 0;
}
EXPORT_SYMBOL(pci_enable_device);

void pci_disable_device(struct pci_dev *dev)
{
	command_update(dev, 0, PCI_COMMAND_IO | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	dev->enabled = false;
}
EXPORT_SYMBOL(pci_disable_device);

void pci_set_master(struct pci_dev *dev)
{
	command_update(dev, PCI_COMMAND_MASTER, 0);
}
EXPORT_SYMBOL(pci_set_master);

void pci_clear_master(struct pci_dev *dev)
{
	command_update(dev, 0, PCI_COMMAND_MASTER);
}
EXPORT_SYMBOL(pci_clear_master);

void __iomem *pcim_iomap(struct pci_dev *dev, int bar)
{
	if (bar < 0 || bar >= PCI_STD_NUM_BARS || !pci_resource_len(dev, bar) ||
	    !(pci_resource_flags(dev, bar) & IORESOURCE_MEM))
		return ERR_PTR(-EINVAL);
	return devm_ioremap_resource(&dev->dev, &dev->resource[bar]);
}
EXPORT_SYMBOL(pcim_iomap);

/* ---- the bus -------------------------------------------------------------- */

static bool id_field(u32 want, u32 have)
{
	return want == PCI_ANY_ID || want == have;
}

static const struct pci_device_id *pci_match_id(const struct pci_device_id *id,
						const struct pci_dev *dev)
{
	for (; id && (id->vendor || id->subvendor || id->class_mask); id++)
		if (id_field(id->vendor, dev->vendor) && id_field(id->device, dev->device) &&
		    id_field(id->subvendor, dev->subsystem_vendor) &&
		    id_field(id->subdevice, dev->subsystem_device) &&
		    !((id->class ^ dev->class) & id->class_mask))
			return id;
	return NULL;
}

static int pci_bus_match(struct device *dev, struct device_driver *drv)
{
	return pci_match_id(to_pci_driver(drv)->id_table, to_pci_dev(dev)) != NULL;
}

static int pci_bus_probe(struct device *dev)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	struct pci_driver *drv = to_pci_driver(dev->driver);

	if (pdev->refused[0]) {
		dev_err(dev, "%s\n", pdev->refused);
		return -ENODEV;
	}
	return drv->probe(pdev, pci_match_id(drv->id_table, pdev));
}

static void pci_bus_remove(struct device *dev)
{
	struct pci_dev *pdev = to_pci_dev(dev);
	struct pci_driver *drv = to_pci_driver(dev->driver);

	if (drv->remove)
		drv->remove(pdev);
	/* Whatever the driver left on: the function goes quiet. */
	if (pdev->enabled)
		pci_disable_device(pdev);
}

/* Linux's uevent MODALIAS for a function. */
static int pci_modalias(const struct device *dev, char *buf, size_t len)
{
	const struct pci_dev *p = container_of(dev, struct pci_dev, dev);

	return snprintf(buf, len, "pci:v%08Xd%08Xsv%08Xsd%08Xbc%02Xsc%02Xi%02X", p->vendor,
			p->device, p->subsystem_vendor, p->subsystem_device,
			(unsigned int)(p->class >> 16), (unsigned int)(p->class >> 8) & 0xff,
			(unsigned int)p->class & 0xff);
}

struct bus_type pci_bus_type = {
	.name = "pci",
	.match = pci_bus_match,
	.probe = pci_bus_probe,
	.remove = pci_bus_remove,
	.modalias = pci_modalias,
};
EXPORT_SYMBOL(pci_bus_type);

int pci_register_driver(struct pci_driver *drv)
{
	if (!drv->name || !drv->probe || !drv->id_table)
		return -EINVAL;
	drv->driver.name = drv->name;
	drv->driver.bus = &pci_bus_type;
	return driver_register(&drv->driver);
}
EXPORT_SYMBOL(pci_register_driver);

void pci_unregister_driver(struct pci_driver *drv)
{
	driver_unregister(&drv->driver);
}
EXPORT_SYMBOL(pci_unregister_driver);

/* ---- names ------------------------------------------------------------------ */

static const struct {
	u16 class;		/* base << 8 | sub */
	const char *name;
} class_names[] = {
	{ 0x0100, "SCSI storage controller" },
	{ 0x0106, "SATA controller" },
	{ 0x0108, "Non-Volatile memory controller" },
	{ 0x0200, "Ethernet controller" },
	{ 0x0300, "VGA compatible controller" },
	{ 0x0403, "Audio device" },
	{ 0x0600, "Host bridge" },
	{ 0x0604, "PCI bridge" },
	{ 0x0780, "Communication controller" },
	{ 0x0880, "System peripheral" },
	{ 0x0c03, "USB controller" },
	{ 0x1000, "Network and computing encryption device" },
};

const char *pci_class_name(u32 class)
{
	u16 c = (u16)(class >> 8);

	for (size_t i = 0; i < ARRAY_SIZE(class_names); i++)
		if (class_names[i].class == c)
			return class_names[i].name;
	if ((c >> 8) == 0xff)
		return "Unassigned class";
	return (c >> 8) == 0x00 ? "Unclassified device" : "Device";
}
EXPORT_SYMBOL(pci_class_name);
