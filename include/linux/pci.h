/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PCI with Linux's names (include/linux/pci.h): a host bridge found in the
 * tree (drivers/pci/controller/), the buses, devices and functions behind
 * it found by reading configuration space (drivers/pci/probe.c), and a
 * bus in the driver core whose drivers match by vendor/device/class IDs
 * (drivers/pci/pci.c), as virtio drivers match by device ID.  A function
 * has no tree node: its modalias "pci:v...d...sv...sd...bc..sc..i.." is
 * what the module loader looks up in modules.alias.
 */
#ifndef _LINUX_PCI_H
#define _LINUX_PCI_H

#include <linux/compiler_types.h>
#include <linux/device.h>
#include <linux/ioport.h>
#include <linux/list.h>
#include <linux/types.h>

/* ---- configuration space (the PCI Local Bus spec's offsets) ----------- */
#define PCI_VENDOR_ID		0x00
#define PCI_DEVICE_ID		0x02
#define PCI_COMMAND		0x04
#define  PCI_COMMAND_IO		0x1
#define  PCI_COMMAND_MEMORY	0x2
#define  PCI_COMMAND_MASTER	0x4
#define  PCI_COMMAND_INTX_DISABLE 0x400
#define PCI_STATUS		0x06
#define  PCI_STATUS_CAP_LIST	0x10
#define PCI_CLASS_REVISION	0x08	/* class << 8 | revision */
#define PCI_HEADER_TYPE		0x0e
#define  PCI_HEADER_TYPE_MASK	0x7f
#define  PCI_HEADER_TYPE_NORMAL	0
#define  PCI_HEADER_TYPE_BRIDGE	1
#define  PCI_HEADER_TYPE_MFD	0x80
#define PCI_BASE_ADDRESS_0	0x10
#define  PCI_BASE_ADDRESS_SPACE_IO	0x1
#define  PCI_BASE_ADDRESS_MEM_TYPE_64	0x4
#define  PCI_BASE_ADDRESS_MEM_PREFETCH	0x8
#define  PCI_BASE_ADDRESS_MEM_MASK	(~0x0fu)
#define  PCI_BASE_ADDRESS_IO_MASK	(~0x03u)
#define PCI_SUBSYSTEM_VENDOR_ID	0x2c
#define PCI_SUBSYSTEM_ID	0x2e
#define PCI_CAPABILITY_LIST	0x34
#define PCI_INTERRUPT_LINE	0x3c
#define PCI_INTERRUPT_PIN	0x3d	/* 1..4: INTA..INTD; 0: none */

/* Type 1 (PCI-to-PCI bridge) header */
#define PCI_PRIMARY_BUS		0x18
#define PCI_SECONDARY_BUS	0x19
#define PCI_SUBORDINATE_BUS	0x1a
#define PCI_IO_BASE		0x1c
#define PCI_IO_LIMIT		0x1d
#define PCI_MEMORY_BASE		0x20
#define PCI_MEMORY_LIMIT	0x22
#define PCI_PREF_MEMORY_BASE	0x24
#define PCI_PREF_MEMORY_LIMIT	0x26
#define PCI_IO_BASE_UPPER16	0x30
#define PCI_IO_LIMIT_UPPER16	0x32
#define PCI_BRIDGE_CONTROL	0x3e

#define PCI_CAP_ID_VNDR		0x09	/* vendor specific (virtio's) */
#define PCI_CAP_ID_EXP		0x10	/* PCI Express */
#define PCI_CAP_ID_MSIX		0x11

#define PCI_SLOT(devfn)		(((devfn) >> 3) & 0x1f)
#define PCI_FUNC(devfn)		((devfn) & 0x07)
#define PCI_DEVFN(slot, func)	((((slot) & 0x1f) << 3) | ((func) & 0x07))

#define PCI_ANY_ID		(~0u)
#define PCI_STD_NUM_BARS	6

struct pci_dev;
struct pci_bus;

/* How a host bridge reaches configuration space (ECAM, or another way). */
struct pci_ops {
	/* Return: 0; -ENODEV when the bus is outside the bridge's bus range. */
	int (*read)(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val);
	int (*write)(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val);
};

/* One address window of the host bridge, from its "ranges". */
struct pci_window {
	u32 flags;		/* IORESOURCE_MEM or IORESOURCE_IO (| _PREFETCH) */
	u64 bus_addr;		/* where devices decode it (BAR values) */
	u64 cpu_addr;		/* where the CPU reaches it */
	u64 size;
	u64 next;		/* allocation cursor, a bus address */
};

#define PCI_HOST_WINDOWS	4

struct pci_host_bridge {
	struct device *dev;		/* the bridge's platform device */
	const struct pci_ops *ops;
	void *sysdata;			/* the ops' own state (the ECAM mapping) */
	u8 busnr_start, busnr_end;	/* "bus-range" */
	struct pci_window windows[PCI_HOST_WINDOWS];
	int nr_windows;
	struct pci_bus *bus;		/* the root bus */
	struct list_head node;		/* on the list of host bridges */
	int nr_devices, nr_refused;
};

struct pci_bus {
	struct pci_host_bridge *host;
	struct pci_bus *parent;		/* NULL for the root bus */
	struct pci_dev *self;		/* the bridge leading here, NULL for the root */
	u8 number, primary, subordinate;
	struct list_head devices;	/* struct pci_dev, bus_list */
	struct list_head children;	/* struct pci_bus, node */
	struct list_head node;
};

struct pci_dev {
	struct device dev;
	struct pci_bus *bus;		/* the bus it sits on */
	struct pci_bus *subordinate;	/* a bridge's secondary bus */
	unsigned int devfn;
	u16 vendor, device;
	u16 subsystem_vendor, subsystem_device;
	u32 class;			/* base class << 16 | sub class << 8 | prog-if */
	u8 revision, hdr_type, pin;
	bool is_bridge;
	unsigned int irq;		/* Linux IRQ number; 0: none */
	struct resource resource[PCI_STD_NUM_BARS];
	/* How the IRQ was found (the interrupt-map entry), or why none. */
	char irq_route[96];
	/* Why it was left unusable (an unknown header, no bus number left),
	 * "" if it was not. */
	char refused[96];
	/* The BARs no window could hold, left unassigned (and their decoder
	 * off), "" if none. */
	char unassigned[96];
	struct list_head bus_list;
	bool enabled;
};

#define to_pci_dev(d) container_of(d, struct pci_dev, dev)

struct pci_device_id {
	u32 vendor, device;		/* PCI_ANY_ID matches any */
	u32 subvendor, subdevice;
	u32 class, class_mask;
	unsigned long driver_data;
};

#define PCI_DEVICE(vend, dev) \
	.vendor = (vend), .device = (dev), .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID

struct pci_driver {
	const char *name;
	const struct pci_device_id *id_table;
	int (*probe)(struct pci_dev *dev, const struct pci_device_id *id);
	void (*remove)(struct pci_dev *dev);
	struct device_driver driver;
};

#define to_pci_driver(d) container_of(d, struct pci_driver, driver)

extern struct bus_type pci_bus_type;

/* Return: 0; -EINVAL without a name, probe or id_table; as driver_register(). */
int pci_register_driver(struct pci_driver *drv);
void pci_unregister_driver(struct pci_driver *drv);

/* One line per driver file, as module_platform_driver(). */
#ifdef MODULE
#define module_pci_driver(__drv) \
	static int __drv##_init(void) { return pci_register_driver(&(__drv)); } \
	static void __drv##_exit(void) { pci_unregister_driver(&(__drv)); } \
	module_init(__drv##_init); \
	module_exit(__drv##_exit)
#else
#define module_pci_driver(__drv) \
	static int __init __drv##_init(void) { return pci_register_driver(&(__drv)); } \
	device_initcall(__drv##_init)
#endif

/* Configuration space of @dev.  Return: 0; -ENODEV when the host refuses the
 * access (bus outside its range); -EINVAL for a misaligned @where. */
int pci_read_config_byte(const struct pci_dev *dev, int where, u8 *val);
int pci_read_config_word(const struct pci_dev *dev, int where, u16 *val);
int pci_read_config_dword(const struct pci_dev *dev, int where, u32 *val);
int pci_write_config_byte(const struct pci_dev *dev, int where, u8 val);
int pci_write_config_word(const struct pci_dev *dev, int where, u16 val);
int pci_write_config_dword(const struct pci_dev *dev, int where, u32 val);
/* The same on a bus (for enumeration, before a pci_dev exists). */
int pci_bus_read_config(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val);
int pci_bus_write_config(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val);

/* Offset of capability @cap in @dev's list, 0 when absent.  The walk is
 * bounded: a looping list ends it. */
u8 pci_find_capability(const struct pci_dev *dev, int cap);
/* The next capability with ID @cap after offset @pos (0: from the start). */
u8 pci_find_next_capability(const struct pci_dev *dev, u8 pos, int cap);

/* Turn on the decoders of the BARs the core assigned @dev (I/O, memory).
 * Return: 0; -EINVAL when the core refused the function. */
int pci_enable_device(struct pci_dev *dev);
void pci_disable_device(struct pci_dev *dev);
/* Let @dev master the bus (DMA): PCI_COMMAND_MASTER. */
void pci_set_master(struct pci_dev *dev);
void pci_clear_master(struct pci_dev *dev);

static inline resource_size_t pci_resource_start(const struct pci_dev *dev, int bar)
{
	return dev->resource[bar].start;
}

static inline resource_size_t pci_resource_len(const struct pci_dev *dev, int bar)
{
	const struct resource *r = &dev->resource[bar];

	return r->end > r->start ? r->end - r->start + 1 : 0;
}

static inline unsigned long pci_resource_flags(const struct pci_dev *dev, int bar)
{
	return dev->resource[bar].flags;
}

/* Map BAR @bar (memory only: coyote has no port I/O) for @dev, claimed in
 * its name and undone when the driver unbinds.  Return: the mapping, or
 * an ERR_PTR: -EINVAL for an empty or I/O BAR; as devm_ioremap_resource(). */
void __iomem *pcim_iomap(struct pci_dev *dev, int bar);

static inline void pci_set_drvdata(struct pci_dev *dev, void *data)
{
	dev_set_drvdata(&dev->dev, data);
}

static inline void *pci_get_drvdata(struct pci_dev *dev)
{
	return dev_get_drvdata(&dev->dev);
}

/* Host bridges (drivers/pci/controller/): scan everything behind @host and
 * register what it finds.  Return: 0; -ENOMEM. */
int pci_host_probe(struct pci_host_bridge *host);
/* Unregister every function behind @host and free its buses. */
void pci_host_remove(struct pci_host_bridge *host);
/* Call @fn for every function of every host bridge, in bus order. */
void pci_for_each_dev(void (*fn)(struct pci_dev *dev, void *ctx), void *ctx);

/* A short name for @class's base/sub class ("Ethernet controller"). */
const char *pci_class_name(u32 class);

#endif /* _LINUX_PCI_H */
