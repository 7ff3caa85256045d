// SPDX-License-Identifier: BSD-2-Clause
/*
 * `lspci [-v]`: every function behind every host bridge, as pciutils'
 * lspci prints it: bus:device.function, class, vendor:device; with -v its
 * BARs, its interrupt and the interrupt-map route that gave it, the
 * capabilities, the driver, or why the core refused it.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/shell.h>

static const char *cap_name(u8 id)
{
	switch (id) {
	case 0x01: return "Power Management";
	case 0x04: return "Slot ID";
	case 0x05: return "MSI";
	case PCI_CAP_ID_VNDR: return "Vendor Specific";
	case 0x0c: return "Hot-plug";
	case 0x0d: return "Subsystem";
	case PCI_CAP_ID_EXP: return "Express";
	case PCI_CAP_ID_MSIX: return "MSI-X";
	default: return "?";
	}
}

/* Memory at its CPU address; I/O as the port number the BAR holds (the
 * bus address), as lspci prints them. */
static void show_bars(const struct pci_dev *dev)
{
	for (int i = 0; i < PCI_STD_NUM_BARS; i++) {
		const struct resource *r = &dev->resource[i];
		unsigned long long kib = (pci_resource_len(dev, i) + 1023) / 1024;
		u32 bar;

		if (!r->flags)
			continue;
		if (r->flags & IORESOURCE_IO) {
			pci_read_config_dword(dev, PCI_BASE_ADDRESS_0 + 4 * i, &bar);
			printf("\tRegion %d: I/O ports at %04x [size=%lluK]\n", i,
			       bar & PCI_BASE_ADDRESS_IO_MASK, kib);
			continue;
		}
		printf("\tRegion %d: Memory at %08llx (%s) [size=%lluK]\n", i,
		       (unsigned long long)r->start,
		       r->flags & IORESOURCE_PREFETCH ? "prefetchable" : "non-prefetchable", kib);
	}
}

/* What a bridge forwards, read back from its registers (base > limit:
 * none), the bus addresses lspci prints. */
static void show_bridge(const struct pci_dev *dev)
{
	u16 mb, ml, iob16, iol16;
	u8 iob, iol;

	printf("\tBus: primary=%02x, secondary=%02x, subordinate=%02x\n",
	       dev->subordinate->primary, dev->subordinate->number,
	       dev->subordinate->subordinate);
	pci_read_config_byte(dev, PCI_IO_BASE, &iob);
	pci_read_config_byte(dev, PCI_IO_LIMIT, &iol);
	pci_read_config_word(dev, PCI_IO_BASE_UPPER16, &iob16);
	pci_read_config_word(dev, PCI_IO_LIMIT_UPPER16, &iol16);
	if ((iob & 0xf0) <= (iol & 0xf0) || iob16 < iol16)
		printf("\tI/O behind bridge: %08x-%08x\n", (u32)iob16 << 16 | (iob & 0xf0u) << 8,
		       (u32)iol16 << 16 | (iol & 0xf0u) << 8 | 0xfff);
	pci_read_config_word(dev, PCI_MEMORY_BASE, &mb);
	pci_read_config_word(dev, PCI_MEMORY_LIMIT, &ml);
	if ((mb & 0xfff0) <= (ml & 0xfff0))
		printf("\tMemory behind bridge: %08x-%08x\n", (u32)(mb & 0xfff0) << 16,
		       (u32)(ml & 0xfff0) << 16 | 0xfffff);
}

static void show_caps(const struct pci_dev *dev)
{
	u8 pos = 0, id, next;
	int n = 0;
	u16 status;

	if (pci_read_config_word(dev, PCI_STATUS, &status) || !(status & PCI_STATUS_CAP_LIST))
		return;
	pci_read_config_byte(dev, PCI_CAPABILITY_LIST, &next);
	while (next >= 0x40 && n++ < 48) {
		pos = next & ~3;
		pci_read_config_byte(dev, pos, &id);
		pci_read_config_byte(dev, pos + 1, &next);
		printf("\tCapabilities: [%02x] %s\n", pos, cap_name(id));
	}
}

static void show_one(struct pci_dev *dev, void *ctx)
{
	bool verbose = *(bool *)ctx;

	printf("%s %s [%04x]: %04x:%04x (rev %02x)\n", dev_name(&dev->dev) + 5,
	       pci_class_name(dev->class), (unsigned int)(dev->class >> 8), dev->vendor,
	       dev->device, dev->revision);
	if (!verbose)
		return;
	if (dev->subsystem_vendor)
		printf("\tSubsystem: %04x:%04x\n", dev->subsystem_vendor, dev->subsystem_device);
	if (dev->irq)
		printf("\tInterrupt: pin %c routed to IRQ %u (%s)\n", 'A' + dev->pin - 1, dev->irq,
		       dev->irq_route);
	else if (dev->pin)
		printf("\tInterrupt: pin %c not routed: %s\n", 'A' + dev->pin - 1, dev->irq_route);
	if (dev->subordinate)
		show_bridge(dev);
	show_bars(dev);
	show_caps(dev);
	if (dev->unassigned[0])
		printf("\tUnassigned: %s (no window of the bridge's ranges holds it)\n",
		       dev->unassigned);
	if (dev->refused[0])
		printf("\tRefused: %s\n", dev->refused);
	if (dev->dev.driver)
		printf("\tKernel driver in use: %s\n", dev->dev.driver->name);
	printf("\n");
}

static void count_one(struct pci_dev *dev, void *ctx)
{
	(void)dev;
	++*(int *)ctx;
}

static int cmd_lspci(int argc, char **argv)
{
	bool verbose = false;
	int n = 0;

	if (argc > 2 || (argc == 2 && strcmp(argv[1], "-v")))
		return -EINVAL;
	verbose = argc == 2;
	pci_for_each_dev(count_one, &n);
	if (!n) {
		printf("no PCI functions: no host bridge bound (whynot on its node says why)\n");
		return 0;
	}
	pci_for_each_dev(show_one, &verbose);
	return 0;
}
SHELL_COMMAND(lspci, cmd_lspci, "lspci [-v]",
	      "PCI functions: address, class, IDs (-v: BARs, IRQ and its interrupt-map route, driver)",
	      .topic = TOPIC_DEVICES, .example = "lspci -v");
