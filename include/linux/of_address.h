/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Addresses from the tree (of/address.c): a node's "reg" entries, translated
 * through every parent bus's "ranges" into CPU physical addresses; a bus's
 * "ranges" and "dma-ranges" read entry by entry; DMA windows for devices.
 * Each function's comment in of/address.c lists what it returns.
 */
#ifndef _LINUX_OF_ADDRESS_H
#define _LINUX_OF_ADDRESS_H

#include <linux/of.h>

/* Address cells the translator handles (PCI uses 3). */
#define OF_MAX_ADDR_CELLS 4

struct bus_dma_region;

/*
 * of_translate_address(): OF_BAD_ADDR when a bus has no "ranges", no range
 * covers the address, the result wraps past the parent's cells, or cell
 * counts are bad.  of_translate_dma_address(): the same through
 * "dma-ranges", where a missing property maps 1:1.
 */
u64 of_translate_address(struct device_node *np, const __be32 *addr);
u64 of_translate_dma_address(struct device_node *np, const __be32 *addr);
/* NULL when there is no entry @index or #address-cells is out of range. */
const __be32 *of_get_address(struct device_node *dev, int index, u64 *size,
			     unsigned int *flags);
/* -EINVAL: no such entry, not MEM/IO, untranslatable, or wrapping. */
int of_address_to_resource(struct device_node *dev, int index,
			   struct resource *r);
/* -EINVAL: no such entry. */
int of_property_read_reg(struct device_node *np, int idx, u64 *addr, u64 *size);
int of_address_count(struct device_node *np);

/*
 * A bus's "ranges" (or "dma-ranges"), one window at a time:
 *
 *	struct of_range_parser parser;
 *	struct of_range range;
 *
 *	if (of_range_parser_init(&parser, np))
 *		return;
 *	for_each_of_range(&parser, &range)
 *		pr_info("0x%llx -> 0x%llx, 0x%llx bytes\n", range.bus_addr,
 *			range.cpu_addr, range.size);
 *
 * Entries that continue each other are merged into one range.  Linux's
 * names: the PCI ones are aliases of the same thing.
 */
struct of_range_parser {
	struct device_node *node;
	const struct of_bus *bus;
	const __be32 *range;     /* next entry */
	const __be32 *end;
	int na;                  /* child address cells (the node's own) */
	int ns;                  /* size cells (the node's own) */
	int pna;                 /* parent address cells */
	bool dma;                /* "dma-ranges": translate with them */
};

struct of_range {
	u64 bus_addr;            /* child side, without the flags cell */
	u64 parent_bus_addr;     /* parent side, untranslated */
	u64 cpu_addr;            /* parent side translated; OF_BAD_ADDR if not */
	u64 size;
	u32 flags;               /* IORESOURCE_MEM or _IO */
};

#define of_pci_range_parser of_range_parser
#define of_pci_range of_range

/* -ENOENT: no such property; -EINVAL: NULL node or bad cell counts. */
int of_range_parser_init(struct of_range_parser *parser, struct device_node *node);
int of_pci_dma_range_parser_init(struct of_range_parser *parser,
				 struct device_node *node);
#define of_pci_range_parser_init of_range_parser_init
#define of_dma_range_parser_init of_pci_dma_range_parser_init
/* NULL after the last range. */
struct of_range *of_range_parser_one(struct of_range_parser *parser,
				     struct of_range *range);
#define of_pci_range_parser_one of_range_parser_one
#define for_each_of_range(parser, range) \
	for (; of_range_parser_one(parser, range);)
#define for_each_of_pci_range for_each_of_range
/* Entries left, before merging; 0 for NULL or empty. */
int of_range_count(const struct of_range_parser *parser);
/* Whether @np's device_type is @type ("pci", "memory"). */
bool of_node_is_type(const struct device_node *np, const char *type);
/* One line of @range as Linux logs a host bridge's windows.  Return: as
 * snprintf(). */
int of_pci_range_print(char *buf, size_t len, const struct of_range *range);
/* -EINVAL: no CPU address, or I/O space. */
int of_pci_range_to_resource(const struct of_range *range,
			     const struct device_node *np, struct resource *res);
/* -ENOENT: no "ranges" or no range @index; -EINVAL: as above. */
int of_range_to_resource(struct device_node *np, int index, struct resource *res);

/*
 * -ENODEV: no non-empty "dma-ranges" at or above @np, or a node on the way
 * up lacks one; -EINVAL: no entry translates; -ENOMEM.
 */
int of_dma_get_range(struct device_node *np, const struct bus_dma_region **map);

#endif
