// SPDX-License-Identifier: BSD-2-Clause
/*
 * Addresses from the tree.  A "reg" entry is in the address space of the
 * node's parent bus; each bus's "ranges" maps its space into its parent's,
 * up to the root, whose space is the CPU's.  Empty "ranges" is a 1:1 map;
 * a bus without "ranges" is not reachable from the CPU (OF_BAD_ADDR).
 *
 * As in Linux (drivers/of/address.c), a bus type decides how cells are
 * counted and compared: the default bus, and PCI, whose 3-cell addresses
 * start with a cell of flags that select I/O or memory space.
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "of_private.h"

#define OF_CHECK_ADDR_COUNT(na) ((na) > 0 && (na) <= OF_MAX_ADDR_CELLS)
#define OF_CHECK_COUNTS(na, ns) (OF_CHECK_ADDR_COUNT(na) && (ns) > 0)

struct of_bus {
	const char *name;
	const char *addresses;          /* property holding the entries */
	bool (*match)(const struct device_node *parent);
	void (*count_cells)(const struct device_node *child, int *na, int *ns);
	u64 (*map)(const __be32 *addr, const __be32 *range, int na, int ns, int pna);
	int (*translate)(__be32 *addr, u64 offset, int na);
	unsigned int (*get_flags)(const __be32 *addr);
};

/* --- default bus --- */

static void default_count_cells(const struct device_node *child, int *na, int *ns)
{
	*na = of_n_addr_cells(child);
	*ns = of_n_size_cells(child);
}

static u64 default_map(const __be32 *addr, const __be32 *range, int na, int ns,
		       int pna)
{
	u64 cp = of_read_number(range, na);
	u64 s = of_read_number(range + na + pna, ns);
	u64 da = of_read_number(addr, na);

	if (da < cp || da - cp >= s)
		return OF_BAD_ADDR;
	return da - cp;
}

static int default_translate(__be32 *addr, u64 offset, int na)
{
	u64 a = of_read_number(addr, na) + offset;

	memset(addr, 0, (size_t)na * 4);
	addr[na - 1] = cpu_to_be32((u32)a);
	if (na > 1)
		addr[na - 2] = cpu_to_be32((u32)(a >> 32));
	return 0;
}

static unsigned int default_get_flags(const __be32 *addr)
{
	(void)addr;
	return IORESOURCE_MEM;
}

static bool default_match(const struct device_node *parent)
{
	(void)parent;
	return true;
}

/* --- PCI: phys.hi (flags), phys.mid, phys.lo; sizes are 2 cells --- */

static bool node_type_is(const struct device_node *np, const char *type)
{
	int len;
	const char *t = of_get_property(np, "device_type", &len);

	return t && of_value_streq(t, len, type);
}

static bool pci_match(const struct device_node *np)
{
	return node_type_is(np, "pci") || node_type_is(np, "pciex");
}

static void pci_count_cells(const struct device_node *child, int *na, int *ns)
{
	(void)child;
	*na = 3;
	*ns = 2;
}

static unsigned int pci_get_flags(const __be32 *addr)
{
	u32 w = be32_to_cpu(*addr);

	switch ((w >> 24) & 3) {
	case 1:
		return IORESOURCE_IO;
	case 2:
	case 3:
		return IORESOURCE_MEM | (w & 0x40000000 ? IORESOURCE_PREFETCH : 0);
	default:
		return 0;               /* configuration space: not translatable */
	}
}

static u64 pci_map(const __be32 *addr, const __be32 *range, int na, int ns,
		   int pna)
{
	unsigned int af = pci_get_flags(addr), rf = pci_get_flags(range);
	u64 cp, s, da;

	if ((af ^ rf) & (IORESOURCE_IO | IORESOURCE_MEM) || !af)
		return OF_BAD_ADDR;
	cp = of_read_number(range + 1, na - 1);
	s = of_read_number(range + na + pna, ns);
	da = of_read_number(addr + 1, na - 1);
	if (da < cp || da - cp >= s)
		return OF_BAD_ADDR;
	return da - cp;
}

static int pci_translate(__be32 *addr, u64 offset, int na)
{
	return default_translate(addr + 1, offset, na - 1);
}

static const struct of_bus of_busses[] = {
	{ "pci", "assigned-addresses", pci_match, pci_count_cells, pci_map,
	  pci_translate, pci_get_flags },
	{ "default", "reg", default_match, default_count_cells, default_map,
	  default_translate, default_get_flags },
};

static const struct of_bus *match_bus(const struct device_node *np)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(of_busses); i++)
		if (of_busses[i].match(np))
			return &of_busses[i];
	return &of_busses[ARRAY_SIZE(of_busses) - 1];
}

/* One level: @addr in @parent's child space to its parent's space. */
static int translate_one(const struct device_node *parent,
			 const struct of_bus *bus, const struct of_bus *pbus,
			 __be32 *addr, int na, int ns, int pna)
{
	const __be32 *ranges;
	int rlen, rone;
	u64 offset = OF_BAD_ADDR;

	ranges = of_get_property(parent, "ranges", &rlen);
	if (!ranges)
		return -ENOENT;
	if (!rlen) {
		offset = of_read_number(addr, na);
		memset(addr, 0, (size_t)pna * 4);
		return pbus->translate(addr, offset, pna);
	}
	rone = na + pna + ns;
	for (rlen /= 4; rlen >= rone; rlen -= rone, ranges += rone) {
		offset = bus->map(addr, ranges, na, ns, pna);
		if (offset != OF_BAD_ADDR)
			break;
	}
	if (offset == OF_BAD_ADDR)
		return -ENOENT;
	memcpy(addr, ranges + na, (size_t)pna * 4);
	return pbus->translate(addr, offset, pna);
}

/**
 * of_translate_address() - a bus address from @dev's "reg" (or another
 * property in its parent's address space) as a CPU physical address
 * @addr: the address cells, #address-cells of @dev's parent of them
 *
 * Walks up through every bus's "ranges": empty "ranges" maps 1:1, a bus
 * without "ranges" stops the walk.
 * Return: the CPU address, or OF_BAD_ADDR when a bus has no "ranges", no
 * range covers the address, or a bus's cell counts are out of range
 * (address 1..4 cells, size at least 1).
 */
u64 of_translate_address(struct device_node *dev, const __be32 *in_addr)
{
	__be32 addr[OF_MAX_ADDR_CELLS];
	const struct of_bus *bus, *pbus;
	struct device_node *parent;
	int na, ns, pna, pns;

	if (!dev || !in_addr || !dev->parent)
		return OF_BAD_ADDR;
	parent = dev->parent;
	bus = match_bus(parent);
	bus->count_cells(dev, &na, &ns);
	if (!OF_CHECK_COUNTS(na, ns))
		return OF_BAD_ADDR;
	memcpy(addr, in_addr, (size_t)na * 4);
	for (;;) {
		dev = parent;
		parent = dev->parent;
		if (!parent)
			return of_read_number(addr, na);
		pbus = match_bus(parent);
		pbus->count_cells(dev, &pna, &pns);
		if (!OF_CHECK_COUNTS(pna, pns))
			return OF_BAD_ADDR;
		if (translate_one(dev, bus, pbus, addr, na, ns, pna))
			return OF_BAD_ADDR;
		na = pna;
		ns = pns;
		bus = pbus;
	}
}

/**
 * of_get_address() - entry @index of @dev's "reg" ("assigned-addresses" on
 * PCI), untranslated
 * @size:  when not NULL, set to the entry's size
 * @flags: when not NULL, set to its IORESOURCE_* type
 * Return: the entry's address cells, or NULL when there is no such entry or
 * the parent's #address-cells is out of range.
 */
const __be32 *of_get_address(struct device_node *dev, int index, u64 *size,
			     unsigned int *flags)
{
	const struct of_bus *bus;
	const __be32 *prop;
	int na, ns, psize, onesize, i;

	if (!dev || !dev->parent || index < 0)
		return NULL;
	bus = match_bus(dev->parent);
	bus->count_cells(dev, &na, &ns);
	if (!OF_CHECK_ADDR_COUNT(na) || ns < 0 || ns > 2)
		return NULL;
	prop = of_get_property(dev, bus->addresses, &psize);
	if (!prop)
		return NULL;
	onesize = na + ns;
	for (psize /= 4, i = 0; psize >= onesize; psize -= onesize, prop += onesize, i++) {
		if (i == index) {
			if (size)
				*size = of_read_number(prop + na, ns);
			if (flags)
				*flags = bus->get_flags(prop);
			return prop;
		}
	}
	return NULL;
}

/**
 * of_property_read_reg() - entry @idx of @np's "reg", untranslated
 * Return: 0 with *@addr (and *@size when not NULL) set; -EINVAL when there
 * is no such entry.
 */
int of_property_read_reg(struct device_node *np, int idx, u64 *addr, u64 *size)
{
	const __be32 *prop = of_get_address(np, idx, size, NULL);

	if (!prop)
		return -EINVAL;
	*addr = of_read_number(prop, of_n_addr_cells(np));
	return 0;
}

/**
 * of_address_to_resource() - entry @index of @dev's "reg", translated, as a
 * resource named after "reg-names" (or the node's full name)
 * Return: 0 and *@r filled; -EINVAL when there is no such entry, it is not
 * memory or I/O space, or it cannot be translated.
 */
int of_address_to_resource(struct device_node *dev, int index,
			   struct resource *r)
{
	const __be32 *addrp;
	const char *name = NULL;
	unsigned int flags;
	u64 size, taddr;

	addrp = of_get_address(dev, index, &size, &flags);
	if (!addrp || !(flags & (IORESOURCE_MEM | IORESOURCE_IO)))
		return -EINVAL;
	if (of_property_read_string_index(dev, "reg-names", index, &name))
		name = NULL;
	taddr = of_translate_address(dev, addrp);
	if (taddr == OF_BAD_ADDR)
		return -EINVAL;
	memset(r, 0, sizeof(*r));
	r->start = taddr;
	r->end = taddr + size - 1;
	r->flags = flags;
	r->name = name ? name : dev->full_name;
	return 0;
}

/**
 * of_address_count() - how many "reg" entries of @np translate
 * Return: the count (0 when none).
 */
int of_address_count(struct device_node *np)
{
	struct resource res;
	int count = 0;

	while (of_address_to_resource(np, count, &res) == 0)
		count++;
	return count;
}
