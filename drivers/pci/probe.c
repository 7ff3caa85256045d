// SPDX-License-Identifier: BSD-2-Clause
/*
 * Enumeration: every bus, device and function behind a host bridge, found
 * by reading configuration space, as Linux's pci_scan_root_bus_bridge()
 * and pci_assign_unassigned_resources() do in one depth-first walk:
 *
 * - a function is there when its vendor ID is not 0xffff (a config space
 *   answering all-ones is an empty slot); function 0's header type says
 *   whether functions 1..7 exist;
 * - each BAR is sized (write all-ones, read back: the bits that stay zero
 *   are the size) and given an address from the host bridge's window of
 *   its kind, from the tree's "ranges" (I/O, 32-bit memory, prefetchable);
 *   a BAR that fits no window stays unassigned, with the reason, and its
 *   kind of decoding is never turned on (many host bridges have no I/O
 *   window, and drivers of modern devices need only memory);
 * - a PCI-to-PCI bridge gets the next bus number, its bus is walked at
 *   once, and its forwarding windows are set to what its children took;
 * - INTx: the pin is swizzled at each bridge on the way up (pin + slot, mod
 *   4, as the PCI-to-PCI bridge spec routes it) and the host bridge node's
 *   interrupt-map and interrupt-map-mask turn (bus/device/function, pin)
 *   into the interrupt controller's specifier (of_irq_parse_raw()).
 *
 * Addresses are assigned whatever firmware left in the BARs: QEMU starts
 * the kernel with no firmware, so they are all zero.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/irqdomain.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_irq.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

/* A bridge forwards memory in 1 MiB and I/O in 4 KiB granules. */
#define BRIDGE_MEM_ALIGN	0x100000
#define BRIDGE_IO_ALIGN		0x1000

static LIST_HEAD(host_bridges);

static u32 read32(struct pci_bus *bus, unsigned int devfn, int where)
{
	u32 v;

	if (pci_bus_read_config(bus, devfn, where, 4, &v))
		return ~0u;
	return v;
}

static u64 align_up(u64 v, u64 a)
{
	return (v + a - 1) & ~(a - 1);
}

/*
 * The window a BAR of @flags takes its address from: a prefetchable BAR
 * prefers a prefetchable window, any memory BAR takes a plain memory one.
 */
static struct pci_window *window_for(struct pci_host_bridge *host, u32 flags)
{
	struct pci_window *fallback = NULL;

	for (int i = 0; i < host->nr_windows; i++) {
		struct pci_window *w = &host->windows[i];

		if ((w->flags ^ flags) & (IORESOURCE_IO | IORESOURCE_MEM))
			continue;
		if ((w->flags & IORESOURCE_PREFETCH) == (flags & IORESOURCE_PREFETCH))
			return w;
		if (!(w->flags & IORESOURCE_PREFETCH))
			fallback = w;
	}
	return fallback;
}

/* Take @size bytes aligned to @align from @w.  Return: the bus address;
 * false when it does not fit. */
static bool window_take(struct pci_window *w, u64 size, u64 align, u64 *bus_addr)
{
	u64 start = align_up(w->next, align);

	if (start < w->next || start + size < start || start + size > w->bus_addr + w->size)
		return false;
	*bus_addr = start;
	w->next = start + size;
	return true;
}

/* Size BAR @i of @dev (at config offset @reg).  Return: the number of BAR
 * registers it takes (2 for a 64-bit BAR), with @res filled; 1 and an
 * empty @res for an unimplemented BAR. */
static int bar_size(struct pci_dev *dev, int reg, struct resource *res, u64 *size)
{
	u32 orig, mask, orig_hi = 0, mask_hi = ~0u;
	bool is64;

	*size = 0;
	pci_read_config_dword(dev, reg, &orig);
	pci_write_config_dword(dev, reg, ~0u);
	pci_read_config_dword(dev, reg, &mask);
	pci_write_config_dword(dev, reg, orig);
	if (!mask || mask == ~0u)
		return 1;
	if (orig & PCI_BASE_ADDRESS_SPACE_IO) {
		u32 m = mask & PCI_BASE_ADDRESS_IO_MASK & 0xffff;

		if (!m)
			return 1;
		*size = (u64)(~m & 0xffff) + 1;
		res->flags = IORESOURCE_IO;
		return 1;
	}
	is64 = orig & PCI_BASE_ADDRESS_MEM_TYPE_64;
	if (is64) {
		pci_read_config_dword(dev, reg + 4, &orig_hi);
		pci_write_config_dword(dev, reg + 4, ~0u);
		pci_read_config_dword(dev, reg + 4, &mask_hi);
		pci_write_config_dword(dev, reg + 4, orig_hi);
	}
	mask &= PCI_BASE_ADDRESS_MEM_MASK;
	*size = (~(((u64)mask_hi << 32) | mask)) + 1;
	if (!is64)
		*size &= 0xffffffffull;
	res->flags = IORESOURCE_MEM | (orig & PCI_BASE_ADDRESS_MEM_PREFETCH ? IORESOURCE_PREFETCH : 0);
	return is64 ? 2 : 1;
}

/* Size and place every BAR of @dev (@nbars: 6 for a device, 2 for a
 * bridge).  A BAR that fits no window is left out, and said so. */
static void assign_bars(struct pci_dev *dev, int nbars)
{
	struct pci_host_bridge *host = dev->bus->host;
	u16 cmd;

	/* No decoding while a BAR holds all-ones (it would claim everything). */
	pci_read_config_word(dev, PCI_COMMAND, &cmd);
	pci_write_config_word(dev, PCI_COMMAND, cmd & ~(PCI_COMMAND_IO | PCI_COMMAND_MEMORY));
	for (int i = 0; i < nbars;) {
		int reg = PCI_BASE_ADDRESS_0 + 4 * i;
		struct resource *res = &dev->resource[i];
		struct pci_window *w;
		u64 size, bus_addr;
		int n = bar_size(dev, reg, res, &size);

		if (!size) {
			i += n;
			continue;
		}
		w = window_for(host, (u32)res->flags);
		if (!w || !window_take(w, size, size, &bus_addr)) {
			size_t used = strlen(dev->unassigned);

			snprintf(dev->unassigned + used, sizeof(dev->unassigned) - used,
				 "%sBAR %d (%s, %llu bytes)", used ? ", " : "", i,
				 res->flags & IORESOURCE_IO ? "I/O" : "memory",
				 (unsigned long long)size);
			res->flags = 0;
			i += n;
			continue;
		}
		pci_write_config_dword(dev, reg, (u32)bus_addr |
				       (res->flags & IORESOURCE_IO ? PCI_BASE_ADDRESS_SPACE_IO : 0));
		if (n == 2)
			pci_write_config_dword(dev, reg + 4, (u32)(bus_addr >> 32));
		res->start = (resource_size_t)(w->cpu_addr + (bus_addr - w->bus_addr));
		res->end = res->start + (resource_size_t)size - 1;
		res->name = dev_name(&dev->dev);
		i += n;
	}
	pci_write_config_word(dev, PCI_COMMAND, cmd);
}

/*
 * INTx of @dev: swizzled up to the root bus, then through the host
 * bridge node's interrupt-map.  Records the route (or why there is none)
 * in dev->irq_route.
 */
static void assign_irq(struct pci_dev *dev)
{
	struct device_node *host_np = dev->bus->host->dev->of_node;
	struct of_phandle_args out = { 0 };
	struct pci_bus *bus = dev->bus;
	unsigned int devfn = dev->devfn;
	u8 pin = dev->pin;
	__be32 laddr[3];
	int ret;

	if (!pin)
		return;
	if (pin > 4) {
		snprintf(dev->irq_route, sizeof(dev->irq_route), "interrupt pin %u is not INTA..INTD",
			 pin);
		return;
	}
	for (; bus->self; bus = bus->parent) {
		pin = (u8)(((pin - 1 + PCI_SLOT(devfn)) % 4) + 1);
		devfn = bus->self->devfn;
	}
	laddr[0] = cpu_to_be32((u32)bus->number << 16 | devfn << 8);
	laddr[1] = laddr[2] = 0;
	out.np = host_np;
	out.args_count = 1;
	out.args[0] = pin;
	ret = of_irq_parse_raw(laddr, &out);
	if (ret) {
		/* -EFAULT: the map (or its mask) ends inside an entry. */
		snprintf(dev->irq_route, sizeof(dev->irq_route),
			 "INT%c at %02x:%02x.%d: interrupt-map %s (%s)", 'A' + pin - 1,
			 bus->number, PCI_SLOT(devfn), PCI_FUNC(devfn),
			 ret == -EFAULT ? "is cut short inside an entry" : "has no entry",
			 errname(ret));
		return;
	}
	dev->irq = irq_create_of_mapping(&out);
	if (!dev->irq) {
		snprintf(dev->irq_route, sizeof(dev->irq_route),
			 "INT%c at %02x:%02x.%d: %pOF does not translate the specifier",
			 'A' + pin - 1, bus->number, PCI_SLOT(devfn), PCI_FUNC(devfn), out.np);
		return;
	}
	ret = snprintf(dev->irq_route, sizeof(dev->irq_route), "INT%c at %02x:%02x.%d -> %pOFn <",
		       'A' + pin - 1, bus->number, PCI_SLOT(devfn), PCI_FUNC(devfn), out.np);
	for (int i = 0; i < out.args_count && ret < (int)sizeof(dev->irq_route); i++)
		ret += snprintf(dev->irq_route + ret, sizeof(dev->irq_route) - (size_t)ret, "%s%u",
				i ? " " : "", out.args[i]);
	if (ret < (int)sizeof(dev->irq_route))
		snprintf(dev->irq_route + ret, sizeof(dev->irq_route) - (size_t)ret, ">");
}

static void pci_release_dev(struct device *dev)
{
	kfree(dev->dma_range_map);
	kfree(to_pci_dev(dev));
}

static struct pci_bus *pci_alloc_bus(struct pci_host_bridge *host, struct pci_bus *parent,
				     struct pci_dev *self, u8 number)
{
	struct pci_bus *b = kzalloc(sizeof(*b), GFP_KERNEL);

	if (!b)
		return NULL;
	b->host = host;
	b->parent = parent;
	b->self = self;
	b->number = number;
	b->primary = parent ? parent->number : number;
	INIT_LIST_HEAD(&b->devices);
	INIT_LIST_HEAD(&b->children);
	if (parent)
		list_add_tail(&b->node, &parent->children);
	return b;
}

static u8 scan_bus(struct pci_bus *bus, u8 next_busnr);

/* Window @w's cursor rounded up to @align: where a bridge's window starts. */
static u64 window_align(struct pci_window *w, u64 align)
{
	if (!w)
		return 0;
	w->next = align_up(w->next, align);
	return w->next;
}

/*
 * Bridge @dev: number its secondary bus, walk it, and open its memory and
 * I/O forwarding windows over what its children took.  Return: the
 * highest bus number used.
 */
static u8 scan_bridge(struct pci_dev *dev, u8 next_busnr)
{
	struct pci_host_bridge *host = dev->bus->host;
	struct pci_window *mem = window_for(host, IORESOURCE_MEM);
	struct pci_window *io = window_for(host, IORESOURCE_IO);
	u64 mem_start, io_start, mem_end, io_end;
	struct pci_bus *child;
	u8 last;

	if (next_busnr > host->busnr_end || next_busnr == 0) {
		snprintf(dev->refused, sizeof(dev->refused),
			 "no bus number left for its secondary bus (bus-range ends at %u)",
			 host->busnr_end);
		return (u8)(next_busnr - 1);
	}
	child = pci_alloc_bus(host, dev->bus, dev, next_busnr);
	if (!child)
		return (u8)(next_busnr - 1);
	dev->subordinate = child;
	pci_write_config_byte(dev, PCI_PRIMARY_BUS, dev->bus->number);
	pci_write_config_byte(dev, PCI_SECONDARY_BUS, next_busnr);
	pci_write_config_byte(dev, PCI_SUBORDINATE_BUS, host->busnr_end);

	mem_start = window_align(mem, BRIDGE_MEM_ALIGN);
	io_start = window_align(io, BRIDGE_IO_ALIGN);
	last = scan_bus(child, (u8)(next_busnr + 1));
	mem_end = window_align(mem, BRIDGE_MEM_ALIGN);
	io_end = window_align(io, BRIDGE_IO_ALIGN);

	child->subordinate = last;
	pci_write_config_byte(dev, PCI_SUBORDINATE_BUS, last);
	/* An empty window is base > limit. */
	if (mem_end > mem_start) {
		pci_write_config_word(dev, PCI_MEMORY_BASE, (u16)((mem_start >> 16) & 0xfff0));
		pci_write_config_word(dev, PCI_MEMORY_LIMIT, (u16)(((mem_end - 1) >> 16) & 0xfff0));
	} else {
		pci_write_config_word(dev, PCI_MEMORY_BASE, 0xfff0);
		pci_write_config_word(dev, PCI_MEMORY_LIMIT, 0);
	}
	pci_write_config_word(dev, PCI_PREF_MEMORY_BASE, 0xfff0);
	pci_write_config_word(dev, PCI_PREF_MEMORY_LIMIT, 0);
	if (io_end > io_start) {
		pci_write_config_byte(dev, PCI_IO_BASE, (u8)((io_start >> 8) & 0xf0));
		pci_write_config_byte(dev, PCI_IO_LIMIT, (u8)(((io_end - 1) >> 8) & 0xf0));
		pci_write_config_word(dev, PCI_IO_BASE_UPPER16, (u16)(io_start >> 16));
		pci_write_config_word(dev, PCI_IO_LIMIT_UPPER16, (u16)((io_end - 1) >> 16));
	} else {
		pci_write_config_byte(dev, PCI_IO_BASE, 0xf0);
		pci_write_config_byte(dev, PCI_IO_LIMIT, 0);
	}
	/* A bridge forwards only what it may decode, and its children master
	 * through it. */
	pci_write_config_word(dev, PCI_COMMAND,
			      PCI_COMMAND_IO | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
	return last;
}

/* Read function @devfn's IDs into a new pci_dev (not registered yet). */
static struct pci_dev *pci_scan_function(struct pci_bus *bus, unsigned int devfn, u32 id)
{
	struct pci_dev *dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	u32 class, sub;

	if (!dev)
		return NULL;
	dev->bus = bus;
	dev->devfn = devfn;
	dev->vendor = (u16)id;
	dev->device = (u16)(id >> 16);
	class = read32(bus, devfn, PCI_CLASS_REVISION);
	dev->class = class >> 8;
	dev->revision = (u8)class;
	dev->hdr_type = (u8)(read32(bus, devfn, PCI_HEADER_TYPE & ~3) >> 16) & PCI_HEADER_TYPE_MASK;
	dev->is_bridge = dev->hdr_type == PCI_HEADER_TYPE_BRIDGE;
	if (dev->hdr_type == PCI_HEADER_TYPE_NORMAL) {
		sub = read32(bus, devfn, PCI_SUBSYSTEM_VENDOR_ID);
		dev->subsystem_vendor = (u16)sub;
		dev->subsystem_device = (u16)(sub >> 16);
	}
	dev->pin = (u8)(read32(bus, devfn, PCI_INTERRUPT_LINE) >> 8);
	device_initialize(&dev->dev);
	dev->dev.bus = &pci_bus_type;
	dev->dev.parent = bus->host->dev;
	dev->dev.release = pci_release_dev;
	/* The host bridge node's dma-ranges, if any, say where its devices
	 * see memory (none: 1:1, as on QEMU's virt). */
	if (of_dma_get_range(bus->host->dev->of_node, &dev->dev.dma_range_map))
		dev->dev.dma_range_map = NULL;
	snprintf(dev->dev.name, sizeof(dev->dev.name), "0000:%02x:%02x.%d", bus->number,
		 PCI_SLOT(devfn), PCI_FUNC(devfn));
	INIT_LIST_HEAD(&dev->bus_list);
	return dev;
}

/* Walk @bus; its bridges take bus numbers from @next_busnr on.
 * Return: the highest bus number used on or below @bus. */
static u8 scan_bus(struct pci_bus *bus, u8 next_busnr)
{
	u8 last = bus->number;

	for (unsigned int devfn = 0; devfn < 256; devfn++) {
		u32 id = read32(bus, devfn, PCI_VENDOR_ID);
		struct pci_dev *dev;

		if ((id & 0xffff) == 0xffff || (id & 0xffff) == 0) {
			/* No function 0: no device in this slot at all. */
			if (!PCI_FUNC(devfn))
				devfn += 7;
			continue;
		}
		dev = pci_scan_function(bus, devfn, id);
		if (!dev)
			break;
		list_add_tail(&dev->bus_list, &bus->devices);
		bus->host->nr_devices++;
		if (dev->hdr_type > PCI_HEADER_TYPE_BRIDGE) {
			snprintf(dev->refused, sizeof(dev->refused), "header type %u is not handled",
				 dev->hdr_type);
		} else {
			assign_bars(dev, dev->is_bridge ? 2 : PCI_STD_NUM_BARS);
			if (dev->is_bridge && !dev->refused[0]) {
				/* max() evaluates its arguments twice: scan once. */
				u8 below = scan_bridge(dev, (u8)max(next_busnr, last + 1));

				last = max(last, below);
			}
			assign_irq(dev);
		}
		if (dev->refused[0])
			bus->host->nr_refused++;
		/* A single-function device: functions 1..7 are not there. */
		if (!PCI_FUNC(devfn) && !(read32(bus, devfn, PCI_HEADER_TYPE & ~3) >> 16 &
					  PCI_HEADER_TYPE_MFD))
			devfn += 7;
	}
	return last;
}

/* Register the functions of @bus and of the buses below, in bus order. */
static void add_devices(struct pci_bus *bus)
{
	struct pci_dev *dev;
	struct pci_bus *child;

	list_for_each_entry(dev, &bus->devices, bus_list) {
		if (dev->refused[0])
			dev_warn(dev->dev.parent, "%s: %s\n", dev_name(&dev->dev), dev->refused);
		if (dev->unassigned[0])
			dev_warn(dev->dev.parent, "%s: no window of the bridge's ranges holds %s: left unassigned\n",
				 dev_name(&dev->dev), dev->unassigned);
		if (device_add(&dev->dev))
			dev_err(dev->dev.parent, "%s: not added\n", dev_name(&dev->dev));
	}
	list_for_each_entry(child, &bus->children, node)
		add_devices(child);
}

int pci_host_probe(struct pci_host_bridge *host)
{
	for (int i = 0; i < host->nr_windows; i++)
		host->windows[i].next = host->windows[i].bus_addr;
	host->bus = pci_alloc_bus(host, NULL, NULL, host->busnr_start);
	if (!host->bus)
		return -ENOMEM;
	host->bus->subordinate = scan_bus(host->bus, (u8)(host->busnr_start + 1));
	list_add_tail(&host->node, &host_bridges);
	add_devices(host->bus);
	return 0;
}
EXPORT_SYMBOL(pci_host_probe);

static void remove_bus(struct pci_bus *bus)
{
	struct pci_dev *dev, *dn;
	struct pci_bus *child, *cn;

	list_for_each_entry_safe(child, cn, &bus->children, node)
		remove_bus(child);
	list_for_each_entry_safe(dev, dn, &bus->devices, bus_list) {
		list_del(&dev->bus_list);
		if (dev->irq)
			irq_dispose_mapping(dev->irq);
		if (dev->dev.registered)
			device_unregister(&dev->dev);
		else
			pci_release_dev(&dev->dev);
	}
	if (bus->parent)
		list_del(&bus->node);
	kfree(bus);
}

void pci_host_remove(struct pci_host_bridge *host)
{
	if (!host->bus)
		return;
	list_del(&host->node);
	remove_bus(host->bus);
	host->bus = NULL;
	host->nr_devices = host->nr_refused = 0;
}
EXPORT_SYMBOL(pci_host_remove);

static void for_each_on(struct pci_bus *bus, void (*fn)(struct pci_dev *, void *), void *ctx)
{
	struct pci_dev *dev;
	struct pci_bus *child;

	list_for_each_entry(dev, &bus->devices, bus_list)
		fn(dev, ctx);
	list_for_each_entry(child, &bus->children, node)
		for_each_on(child, fn, ctx);
}

void pci_for_each_dev(void (*fn)(struct pci_dev *dev, void *ctx), void *ctx)
{
	struct pci_host_bridge *host;

	list_for_each_entry(host, &host_bridges, node)
		for_each_on(host->bus, fn, ctx);
}
EXPORT_SYMBOL(pci_for_each_dev);
