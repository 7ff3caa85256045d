// SPDX-License-Identifier: BSD-2-Clause
/*
 * Addresses from the tree.  A "reg" entry is in the address space of the
 * node's parent bus; each bus's "ranges" maps its space into its parent's,
 * up to the root, whose space is the CPU's.  Empty "ranges" is a 1:1 map;
 * a bus without "ranges" is not reachable from the CPU (OF_BAD_ADDR).
 *
 * As in Linux (drivers/of/address.c), a bus type decides how cells are
 * counted and compared: the default bus; PCI, whose 3-cell addresses start
 * with a cell of flags that select I/O or memory space; and, since Linux
 * 6.7, any other bus with #address-cells = <3>, whose first cell is flags
 * too, compared exactly and carried through translation.
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/dma-map-ops.h>

#include "of_private.h"

#define OF_CHECK_ADDR_COUNT(na) ((na) > 0 && (na) <= OF_MAX_ADDR_CELLS)
/* Linux only asks for a positive size; the upper bound keeps a wild
 * #size-cells from overflowing the cell arithmetic. */
#define OF_CHECK_COUNTS(na, ns) (OF_CHECK_ADDR_COUNT(na) && (ns) > 0 && \
				 (ns) <= OF_MAX_ADDR_CELLS)

struct of_bus {
	const char *name;
	const char *addresses;          /* property holding the entries */
	int flag_cells;                 /* leading cells of flags, not address */
	bool (*match)(const struct device_node *parent);
	void (*count_cells)(const struct device_node *child, int *na, int *ns);
	u64 (*map)(const __be32 *addr, const __be32 *range, int na, int ns,
		   int pna, int fna);
	unsigned int (*get_flags)(const __be32 *addr);
	/* What the range parser reports as range.flags (Linux's get_flags). */
	unsigned int (*range_flags)(const __be32 *addr);
};

/* --- default bus --- */

static void default_count_cells(const struct device_node *child, int *na, int *ns)
{
	*na = of_n_addr_cells(child);
	*ns = of_n_size_cells(child);
}

/* The offset of @addr into @range, comparing the cells after @fna flags. */
static u64 default_map(const __be32 *addr, const __be32 *range, int na, int ns,
		       int pna, int fna)
{
	u64 cp = of_read_number(range + fna, na - fna);
	u64 s = of_read_number(range + na + pna, ns);
	u64 da = of_read_number(addr + fna, na - fna);

	if (da < cp || da - cp >= s)
		return OF_BAD_ADDR;
	return da - cp;
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

/*
 * --- default bus with flags (Linux 6.7 on): a non-PCI bus whose own
 * #address-cells is 3 puts a cell of flags before a 2-cell address.  The
 * flags must equal the range's exactly and are kept in the result.
 */
static bool default_flags_match(const struct device_node *np)
{
	int len;
	const __be32 *p = of_get_property(np, "#address-cells", &len);

	return p && len >= 4 && be32_to_cpu(*p) == 3;
}

/* The range parser's flags on such a bus: the flags cell itself, as
 * Linux's default-flags bus reports it.  Devices' resources stay memory. */
static unsigned int default_flags_get_flags(const __be32 *addr)
{
	return be32_to_cpu(*addr);
}

static u64 default_flags_map(const __be32 *addr, const __be32 *range, int na,
			     int ns, int pna, int fna)
{
	if (*addr != *range)
		return OF_BAD_ADDR;
	return default_map(addr, range, na, ns, pna, fna);
}

/* --- PCI: phys.hi (flags), phys.mid, phys.lo; sizes are 2 cells --- */

/**
 * of_node_is_type() - whether @np's device_type is @type
 * Return: true or false (false for a NULL @np).
 */
bool of_node_is_type(const struct device_node *np, const char *type)
{
	int len;
	const char *t = np ? of_get_property(np, "device_type", &len) : NULL;

	return t && of_value_streq(t, len, type);
}
EXPORT_SYMBOL(of_node_is_type);

static bool pci_match(const struct device_node *np)
{
	return of_node_is_type(np, "pci") || of_node_is_type(np, "pciex");
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
		   int pna, int fna)
{
	unsigned int af = pci_get_flags(addr), rf = pci_get_flags(range);

	if ((af ^ rf) & (IORESOURCE_IO | IORESOURCE_MEM) || !af)
		return OF_BAD_ADDR;
	return default_map(addr, range, na, ns, pna, fna);
}

static const struct of_bus of_busses[] = {
	{ "pci", "assigned-addresses", 1, pci_match, pci_count_cells, pci_map,
	  pci_get_flags, pci_get_flags },
	{ "default-flags", "reg", 1, default_flags_match, default_count_cells,
	  default_flags_map, default_get_flags, default_flags_get_flags },
	{ "default", "reg", 0, default_match, default_count_cells, default_map,
	  default_get_flags, default_get_flags },
};

static const struct of_bus *match_bus(const struct device_node *np)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(of_busses); i++)
		if (of_busses[i].match(np))
			return &of_busses[i];
	return &of_busses[ARRAY_SIZE(of_busses) - 1];
}

/*
 * Adds @offset to the address after @pbus's flag cells (which stay as
 * they are).  -ERANGE when the sum does not fit the address's cells: a
 * window that wraps past 4 GiB must not land on a low address.
 */
static int bus_translate(const struct of_bus *pbus, __be32 *addr, u64 offset,
			 int pna)
{
	int cells = pna - pbus->flag_cells;
	__be32 *a = addr + pbus->flag_cells;
	u64 base = of_read_number(a, cells), sum = base + offset;

	if (sum < base || (cells == 1 && sum > 0xffffffffull))
		return -ERANGE;
	memset(a, 0, (size_t)cells * 4);
	a[cells - 1] = cpu_to_be32((u32)sum);
	if (cells > 1)
		a[cells - 2] = cpu_to_be32((u32)(sum >> 32));
	return 0;
}

/* Warns, each time it is read, that a ranges value ends in a partial entry. */
static void check_whole_entries(const struct device_node *np, const char *rprop,
				int rlen, int na, int pna, int ns)
{
	int one = (na + pna + ns) * 4;

	if (rlen % one)
		pr_warn("%pOF: %s: last %d bytes are not a whole entry (%d cells: %d child, %d parent, %d size); ignored\n",
			np, rprop, rlen % one, na + pna + ns, na, pna, ns);
}

/* One level: @addr in @parent's child space to its parent's space. */
static int translate_one(const struct device_node *parent,
			 const struct of_bus *bus, const struct of_bus *pbus,
			 __be32 *addr, int na, int ns, int pna, const char *rprop)
{
	const __be32 *ranges;
	int rlen, rone, err;
	u64 offset = OF_BAD_ADDR;

	ranges = of_get_property(parent, rprop, &rlen);
	/* A bus without "ranges" is closed to the CPU; one without
	 * "dma-ranges" passes DMA addresses through unchanged (Linux). */
	if (!ranges && strcmp(rprop, "dma-ranges"))
		return -ENOENT;
	if (!ranges || !rlen) {
		/* 1:1; flags pass through only between two buses with flags */
		offset = of_read_number(addr + bus->flag_cells, na - bus->flag_cells);
		if (!(bus->flag_cells && pbus->flag_cells))
			addr[0] = 0;
		memset(addr + pbus->flag_cells, 0, (size_t)(pna - pbus->flag_cells) * 4);
	} else {
		check_whole_entries(parent, rprop, rlen, na, pna, ns);
		rone = na + pna + ns;
		for (rlen /= 4; rlen >= rone; rlen -= rone, ranges += rone) {
			offset = bus->map(addr, ranges, na, ns, pna, bus->flag_cells);
			if (offset != OF_BAD_ADDR)
				break;
		}
		if (offset == OF_BAD_ADDR)
			return -ENOENT;
		memcpy(addr, ranges + na, (size_t)pna * 4);
	}
	err = bus_translate(pbus, addr, offset, pna);
	if (err)
		pr_err("%pOF: %s: 0x%llx + 0x%llx wraps past the parent's %d-bit address space\n",
		       parent, rprop,
		       of_read_number(addr + pbus->flag_cells, pna - pbus->flag_cells),
		       offset, 32 * (pna - pbus->flag_cells));
	return err;
}

static u64 translate_address(struct device_node *dev, const __be32 *in_addr,
			     const char *rprop)
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
			return of_read_number(addr + bus->flag_cells,
					      na - bus->flag_cells);
		pbus = match_bus(parent);
		pbus->count_cells(dev, &pna, &pns);
		if (!OF_CHECK_COUNTS(pna, pns) || pna < pbus->flag_cells + 1)
			return OF_BAD_ADDR;
		if (translate_one(dev, bus, pbus, addr, na, ns, pna, rprop))
			return OF_BAD_ADDR;
		na = pna;
		ns = pns;
		bus = pbus;
	}
}

/**
 * of_translate_address() - a bus address from @dev's "reg" (or another
 * property in its parent's address space) as a CPU physical address
 * @addr: the address cells, #address-cells of @dev's parent of them
 *
 * Walks up through every bus's "ranges": empty "ranges" maps 1:1, a bus
 * without "ranges" stops the walk.  On a bus with flags (PCI, or any bus
 * whose #address-cells is 3) only ranges with the same flags match.
 * Return: the CPU address, or OF_BAD_ADDR when a bus has no "ranges", no
 * range covers the address, the result wraps past what the parent's cells
 * hold (an error line names the bus), or a bus's cell counts are out of
 * range (address 1..4 cells, size at least 1).
 */
u64 of_translate_address(struct device_node *dev, const __be32 *in_addr)
{
	return translate_address(dev, in_addr, "ranges");
}
EXPORT_SYMBOL(of_translate_address);

/**
 * of_translate_dma_address() - a DMA address as seen by @dev's children
 * (the parent-side cells of a "dma-ranges" entry, say) as a CPU physical
 * address, through every bus's "dma-ranges"
 *
 * As of_translate_address(), except that a bus without "dma-ranges"
 * passes addresses through unchanged.
 * Return: the CPU address, or OF_BAD_ADDR when no entry covers it, the
 * result wraps, or a cell count is out of range.
 */
u64 of_translate_dma_address(struct device_node *dev, const __be32 *in_addr)
{
	return translate_address(dev, in_addr, "dma-ranges");
}
EXPORT_SYMBOL(of_translate_dma_address);

/* of_get_address(), also telling how many cells the address has. */
static const __be32 *get_address(struct device_node *dev, int index, u64 *size,
				 unsigned int *flags, int *nap)
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
			if (nap)
				*nap = na;
			return prop;
		}
	}
	return NULL;
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
	return get_address(dev, index, size, flags, NULL);
}
EXPORT_SYMBOL(of_get_address);

/**
 * of_property_read_reg() - entry @idx of @np's "reg", untranslated
 * Return: 0 with *@addr (and *@size when not NULL) set; -EINVAL when there
 * is no such entry.
 */
int of_property_read_reg(struct device_node *np, int idx, u64 *addr, u64 *size)
{
	int na;
	const __be32 *prop = get_address(np, idx, size, NULL, &na);

	if (!prop)
		return -EINVAL;
	*addr = of_read_number(prop, na);
	return 0;
}
EXPORT_SYMBOL(of_property_read_reg);

/*
 * Does [@start, @start + @size) run past the CPU's address space (32 bits
 * when the root's #address-cells is 1)?  Says so, naming @np.
 */
static bool window_wraps(const struct device_node *np, const char *what,
			 int index, u64 start, u64 size)
{
	u64 last = start + size - 1;
	bool cpu32 = of_bus_n_addr_cells(of_root) == 1;

	if (!size || (last >= start && !(cpu32 && last > 0xffffffffull)))
		return false;
	pr_err("%pOF: %s %d: 0x%llx + 0x%llx wraps past the CPU's %d-bit address space\n",
	       np, what, index, start, size, cpu32 ? 32 : 64);
	return true;
}

/**
 * of_address_to_resource() - entry @index of @dev's "reg", translated, as a
 * resource named after "reg-names" (or the node's full name)
 * Return: 0 and *@r filled; -EINVAL when there is no such entry, it is not
 * memory or I/O space, it cannot be translated, or the window runs past the
 * end of the CPU's address space (an error line says so).
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
	if (window_wraps(dev, "reg", index, taddr, size))
		return -EINVAL;
	memset(r, 0, sizeof(*r));
	r->start = taddr;
	r->end = taddr + size - 1;
	r->flags = flags;
	r->name = name ? name : dev->full_name;
	return 0;
}
EXPORT_SYMBOL(of_address_to_resource);

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
EXPORT_SYMBOL(of_address_count);

/* --- "ranges" and "dma-ranges", entry by entry --- */

static int parser_init(struct of_range_parser *parser, struct device_node *node,
		       const char *name)
{
	int rlen;

	memset(parser, 0, sizeof(*parser));
	if (!node)
		return -EINVAL;
	parser->node = node;
	parser->bus = match_bus(node);
	parser->na = of_bus_n_addr_cells(node);
	parser->ns = of_bus_n_size_cells(node);
	parser->pna = of_n_addr_cells(node);
	parser->dma = !strcmp(name, "dma-ranges");
	if (parser->na < parser->bus->flag_cells + 1 ||
	    !OF_CHECK_COUNTS(parser->na, parser->ns) ||
	    !OF_CHECK_ADDR_COUNT(parser->pna))
		return -EINVAL;
	parser->range = of_get_property(node, name, &rlen);
	if (!parser->range)
		return -ENOENT;
	check_whole_entries(node, name, rlen, parser->na, parser->pna, parser->ns);
	parser->end = parser->range + rlen / 4;
	return 0;
}

/**
 * of_range_parser_init() - start reading @node's "ranges" with
 * for_each_of_range()
 * Return: 0; -ENOENT when @node has no "ranges"; -EINVAL for a NULL node
 * or cell counts out of range (address 1..4 cells, size 1..4).
 */
int of_range_parser_init(struct of_range_parser *parser, struct device_node *node)
{
	return parser_init(parser, node, "ranges");
}
EXPORT_SYMBOL(of_range_parser_init);

/**
 * of_pci_dma_range_parser_init() - as of_range_parser_init(), for
 * "dma-ranges" (Linux's name; nothing in it is PCI-specific)
 * Return: 0; -ENOENT when @node has no "dma-ranges"; -EINVAL.
 */
int of_pci_dma_range_parser_init(struct of_range_parser *parser,
				 struct device_node *node)
{
	return parser_init(parser, node, "dma-ranges");
}
EXPORT_SYMBOL(of_pci_dma_range_parser_init);

/* Entry at @cells into @range's fields. */
static void read_range(struct of_range_parser *parser, const __be32 *cells,
		       struct of_range *range)
{
	int na = parser->na, fna = parser->bus->flag_cells;

	range->flags = parser->bus->range_flags(cells);
	range->bus_addr = of_read_number(cells + fna, na - fna);
	range->parent_bus_addr = of_read_number(cells + na, parser->pna);
	if (parser->dma)
		range->cpu_addr = of_translate_dma_address(parser->node, cells + na);
	else
		range->cpu_addr = of_translate_address(parser->node, cells + na);
	range->size = of_read_number(cells + na + parser->pna, parser->ns);
}

/**
 * of_range_parser_one() - the next range of @parser into @range; entries
 * that continue the previous one (same flags, bus and CPU addresses
 * contiguous) are merged into it, as Linux does
 * Return: @range, or NULL after the last entry (or for a NULL @range).
 * A range that cannot be translated has cpu_addr OF_BAD_ADDR.
 */
struct of_range *of_range_parser_one(struct of_range_parser *parser,
				     struct of_range *range)
{
	int one = parser->na + parser->pna + parser->ns;
	struct of_range next;

	if (!range || !parser->range || parser->end - parser->range < one)
		return NULL;
	read_range(parser, parser->range, range);
	parser->range += one;
	while (parser->end - parser->range >= one) {
		read_range(parser, parser->range, &next);
		if (next.flags != range->flags ||
		    range->cpu_addr == OF_BAD_ADDR ||
		    next.bus_addr != range->bus_addr + range->size ||
		    next.cpu_addr != range->cpu_addr + range->size)
			break;
		range->size += next.size;
		parser->range += one;
	}
	return range;
}
EXPORT_SYMBOL(of_range_parser_one);

/**
 * of_range_count() - how many entries @parser has left (before merging)
 * Return: the count; 0 for a NULL or empty parser.
 */
int of_range_count(const struct of_range_parser *parser)
{
	if (!parser || !parser->node || !parser->range || parser->range >= parser->end)
		return 0;
	return (int)(parser->end - parser->range) /
	       (parser->na + parser->pna + parser->ns);
}
EXPORT_SYMBOL(of_range_count);

/**
 * of_pci_range_print() - @range of a PCI bridge's "ranges" in the words
 * Linux's host bridge code logs it: its space, the CPU addresses, then the
 * PCI address ("MEM 0x0010000000..0x003efeffff -> 0x0010000000").
 * Return: the length, as snprintf().
 */
int of_pci_range_print(char *buf, size_t len, const struct of_range *range)
{
	const char *type = range->flags & IORESOURCE_IO ? "IO" :
			   range->flags & IORESOURCE_MEM ? "MEM" : "err";

	if (range->cpu_addr == OF_BAD_ADDR)
		return snprintf(buf, len, "%6s (no CPU address) -> 0x%010llx", type,
				(unsigned long long)range->bus_addr);
	return snprintf(buf, len, "%6s 0x%010llx..0x%010llx -> 0x%010llx", type,
			(unsigned long long)range->cpu_addr,
			(unsigned long long)(range->cpu_addr + range->size - 1),
			(unsigned long long)range->bus_addr);
}
EXPORT_SYMBOL(of_pci_range_print);

/**
 * of_pci_range_to_resource() - @range as a CPU memory resource named after
 * @np
 * Return: 0; -EINVAL when the range has no CPU address (res's start and end
 * are then OF_BAD_ADDR) or is I/O space (coyote has no port I/O).
 */
int of_pci_range_to_resource(const struct of_range *range,
			     const struct device_node *np, struct resource *res)
{
	memset(res, 0, sizeof(*res));
	res->flags = range->flags;
	res->name = np->full_name;
	if (range->cpu_addr == OF_BAD_ADDR || (range->flags & IORESOURCE_IO)) {
		res->start = (resource_size_t)OF_BAD_ADDR;
		res->end = (resource_size_t)OF_BAD_ADDR;
		return -EINVAL;
	}
	res->start = range->cpu_addr;
	res->end = range->cpu_addr + range->size - 1;
	return 0;
}
EXPORT_SYMBOL(of_pci_range_to_resource);

/**
 * of_range_to_resource() - range @index of @np's "ranges" (counted after
 * merging, as for_each_of_range() sees them) as a resource
 * Return: 0; -ENOENT when @np has no "ranges" or no range @index; -EINVAL
 * for bad cell counts or a range with no CPU address.
 */
int of_range_to_resource(struct device_node *np, int index, struct resource *res)
{
	struct of_range_parser parser;
	struct of_range range;
	int ret, i = 0;

	ret = of_range_parser_init(&parser, np);
	if (ret)
		return ret;
	for_each_of_range(&parser, &range)
		if (i++ == index)
			return of_pci_range_to_resource(&range, np, res);
	return -ENOENT;
}
EXPORT_SYMBOL(of_range_to_resource);

/**
 * of_dma_get_range() - the DMA windows of devices below bus node @np, from
 * the nearest non-empty "dma-ranges" at or above it
 * @map: set to a kcalloc'd array of regions, ended by one of size 0; the
 *       caller kfree()s it
 *
 * Empty "dma-ranges" means "no translation here" and the walk goes on up;
 * above the first node, a missing "dma-ranges" means the bus cannot do
 * DMA at all.
 * Return: 0 and *@map set; -ENODEV when no node has a non-empty
 * "dma-ranges" or one on the way up has none; -EINVAL when none of the
 * entries translates to a CPU address (each one that does not is named in
 * an error line) or the cell counts are bad; -ENOMEM.
 */
int of_dma_get_range(struct device_node *np, const struct bus_dma_region **map)
{
	struct device_node *node = np;
	struct of_range_parser parser;
	struct of_range range;
	struct bus_dma_region *r;
	const void *ranges = NULL;
	bool found = false;
	int len = 0, n = 0, ret;

	for (; node; node = node->parent) {
		ranges = of_get_property(node, "dma-ranges", &len);
		if (ranges && len > 0)
			break;
		if (found && !ranges)
			return -ENODEV;
		found = true;
	}
	if (!node)
		return -ENODEV;
	ret = of_pci_dma_range_parser_init(&parser, node);
	if (ret)
		return ret;
	for_each_of_range(&parser, &range) {
		if (range.cpu_addr == OF_BAD_ADDR)
			pr_err("%pOF: dma-ranges: bus address 0x%llx has no CPU address\n",
			       node, range.bus_addr);
		else
			n++;
	}
	if (!n)
		return -EINVAL;
	r = kcalloc((size_t)n + 1, sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	*map = r;
	of_pci_dma_range_parser_init(&parser, node);
	for_each_of_range(&parser, &range) {
		if (range.cpu_addr == OF_BAD_ADDR)
			continue;
		r->cpu_start = range.cpu_addr;
		r->dma_start = range.bus_addr;
		r->size = range.size;
		r++;
	}
	return 0;
}
EXPORT_SYMBOL(of_dma_get_range);
