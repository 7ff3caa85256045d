// SPDX-License-Identifier: BSD-2-Clause
/*
 * Interrupt specifiers from the tree, as Linux's drivers/of/irq.c resolves
 * them: a node's "interrupts" are cells for its interrupt parent (its own
 * "interrupt-parent", else the nearest ancestor's, else the parent node that
 * has "#interrupt-cells"); "interrupts-extended" names the parent per entry;
 * and a nexus node's "interrupt-map" (masked by "interrupt-map-mask")
 * re-routes a child's unit address + specifier to another controller, level
 * after level, until an "interrupt-controller" is reached.
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/string.h>

#include "of_private.h"

/**
 * of_irq_find_parent() - the interrupt parent of @child: the node named by
 * the nearest "interrupt-parent" (on @child or an ancestor), or else the
 * nearest ancestor, that has "#interrupt-cells"
 * Return: the node with a reference (of_node_put() drops it), or NULL when
 * none is found.
 */
struct device_node *of_irq_find_parent(struct device_node *child)
{
	struct device_node *p;
	unsigned int steps = 0;
	u32 parent;

	if (!of_node_get(child))
		return NULL;
	do {
		if (of_property_read_u32(child, "interrupt-parent", &parent))
			p = of_get_parent(child);
		else
			p = of_find_node_by_phandle(parent);
		of_node_put(child);
		child = p;
		/* interrupt-parent links can form a cycle with no
		 * #interrupt-cells on it: never follow more links than there
		 * are nodes. */
		if (++steps > of_node_count) {
			of_node_put(p);
			return NULL;
		}
	} while (p && !of_get_property(p, "#interrupt-cells", NULL));
	return p;
}

/*
 * of_irq_find_parent() for a walk that only passes through: the node stays
 * in the tree while the walk looks at it, so the reference goes at once.
 */
static struct device_node *irq_parent_borrowed(struct device_node *child)
{
	struct device_node *p = of_irq_find_parent(child);

	of_node_put(p);
	return p;
}

/**
 * of_irq_is_root() - @np, an interrupt controller, is the root one: its
 * interrupt parent is itself (the root's interrupt-parent, inherited) or
 * nobody, Linux's rule in of_irq_init().  A root's own "interrupts", if it
 * has any (a GICv2's virtualization maintenance interrupt), are then no
 * cascade input.
 */
bool of_irq_is_root(struct device_node *np)
{
	struct device_node *parent = irq_parent_borrowed(np);

	return !parent || parent == np;
}

/**
 * of_irq_parse_raw() - resolve a specifier through interrupt-map nexus nodes
 * @addr:    the device's unit address ("reg" cells) for interrupt-map
 *           matching, or NULL
 * @out_irq: in: np (the interrupt parent to start at) and the specifier;
 *           out: the controller that finally handles it and its specifier
 * Return: 0; -EINVAL when no controller is reached, a specifier has the
 * wrong size, or a map entry's parent is missing; -EFAULT for a malformed
 * interrupt-map; -ENOENT when the walk ends without a controller.
 */
bool of_irq_is_nexus(const struct device_node *np)
{
	return of_get_property(np, "interrupt-map", NULL) != NULL;
}

int of_irq_parse_raw(const __be32 *addr, struct of_phandle_args *out_irq)
{
	struct device_node *ipar, *newpar = NULL;
	__be32 initial[MAX_PHANDLE_ARGS];
	const __be32 *match_array = initial, *tmp, *imap, *imask;
	u32 intsize = 1, addrsize, newintsize = 0, newaddrsize = 0;
	unsigned int levels = 0;
	int imaplen, masklen, i;
	bool match, intc;

	ipar = out_irq->np;
	/* The specifier's size: #interrupt-cells of the parent, or of its
	 * interrupt parent, and so on up (a bounded number of times: a
	 * malformed #interrupt-cells could make this go round in circles). */
	while (ipar) {
		if (!of_property_read_u32(ipar, "#interrupt-cells", &intsize))
			break;
		if (++levels > of_node_count)
			return -EINVAL;
		ipar = irq_parent_borrowed(ipar);
	}
	levels = 0;
	if (!ipar || out_irq->args_count != (int)intsize)
		return -EINVAL;

	/* #address-cells of the parent, or of the nearest ancestor; 2 if none
	 * (the old Linux rule some trees rely on). */
	tmp = NULL;
	for (newpar = ipar; newpar && !tmp; newpar = newpar->parent) {
		int len;

		tmp = of_get_property(newpar, "#address-cells", &len);
		if (tmp && len < 4)
			tmp = NULL;
	}
	addrsize = tmp ? be32_to_cpu(*tmp) : 2;
	if (addrsize > MAX_PHANDLE_ARGS || intsize > MAX_PHANDLE_ARGS ||
	    addrsize + intsize > MAX_PHANDLE_ARGS)
		return -EFAULT;
	for (i = 0; i < (int)addrsize; i++)
		initial[i] = addr ? addr[i] : 0;
	for (i = 0; i < (int)intsize; i++)
		initial[addrsize + i] = cpu_to_be32(out_irq->args[i]);

	while (ipar) {
		/* Maps and parents can point in a circle. */
		if (++levels > of_node_count)
			return -EINVAL;
		intc = of_property_read_bool(ipar, "interrupt-controller");
		if (intc && !of_irq_is_nexus(ipar))
			return 0;
		imap = of_get_property(ipar, "interrupt-map", &imaplen);
		if (addrsize && !addr)
			return -EINVAL;         /* a map needs the unit address */
		if (!imap) {
			newpar = irq_parent_borrowed(ipar);
			goto skiplevel;
		}
		imaplen /= 4;
		imask = of_get_property(ipar, "interrupt-map-mask", &masklen);
		if (imask && masklen < (int)(addrsize + intsize) * 4)
			return -EFAULT;

		match = false;
		while (imaplen > (int)(addrsize + intsize + 1) && !match) {
			match = true;
			for (i = 0; i < (int)(addrsize + intsize); i++, imaplen--) {
				u32 m = imask ? be32_to_cpu(imask[i]) : 0xffffffffu;

				if ((be32_to_cpu(match_array[i]) ^ be32_to_cpu(*imap++)) & m)
					match = false;
			}
			newpar = __of_find_node_by_phandle(be32_to_cpu(*imap));
			imap++;
			imaplen--;
			if (!newpar)
				return -EINVAL;
			if (!of_device_is_available(newpar))
				match = false;
			if (of_property_read_u32(newpar, "#interrupt-cells", &newintsize))
				return -EINVAL;
			if (of_property_read_u32(newpar, "#address-cells", &newaddrsize))
				newaddrsize = 0;
			if (newaddrsize > MAX_PHANDLE_ARGS ||
			    newintsize > MAX_PHANDLE_ARGS ||
			    newaddrsize + newintsize > MAX_PHANDLE_ARGS ||
			    imaplen < (int)(newaddrsize + newintsize))
				return -EFAULT;
			imap += newaddrsize + newintsize;
			imaplen -= (int)(newaddrsize + newintsize);
		}
		if (!match)
			return intc ? 0 : -EINVAL;

		/* The matched entry's parent specifier becomes the input of
		 * the next level. */
		match_array = imap - newaddrsize - newintsize;
		for (i = 0; i < (int)newintsize; i++)
			out_irq->args[i] = be32_to_cpu(*(imap - newintsize + i));
		out_irq->args_count = (int)newintsize;
		intsize = newintsize;
		addrsize = newaddrsize;
		if (ipar == newpar)
			return 0;               /* a map entry to itself */
		/* Later levels match against cells from the map itself. */
		addr = match_array;
skiplevel:
		out_irq->np = newpar;
		ipar = newpar;
		newpar = NULL;
	}
	return -ENOENT;
}

/**
 * of_irq_parse_one() - interrupt @index of @device, resolved to the
 * controller that handles it
 *
 * "interrupts-extended" wins over "interrupts" + interrupt parent; either is
 * then passed through interrupt-map nexus nodes (of_irq_parse_raw()).
 * Return: 0 and *@out_irq filled (np: the controller, borrowed: no
 * reference, unlike Linux's; args: its specifier);
 * -EINVAL when there is no interrupt parent, it lacks #interrupt-cells, the
 * property has no entry @index, or resolving fails (see of_irq_parse_raw()).
 */
int of_irq_parse_one(struct device_node *device, int index,
		     struct of_phandle_args *out_irq)
{
	__be32 addr_buf[MAX_PHANDLE_ARGS] = { 0 };
	struct device_node *p;
	const __be32 *addr;
	u32 intsize;
	int addr_len = 0, res, i;

	if (!device || index < 0)
		return -EINVAL;
	addr = of_get_property(device, "reg", &addr_len);
	if (addr_len > (int)sizeof(addr_buf))
		addr_len = (int)sizeof(addr_buf);
	if (addr)
		memcpy(addr_buf, addr, (size_t)addr_len);

	res = of_parse_phandle_with_args(device, "interrupts-extended",
					 "#interrupt-cells", index, out_irq);
	if (!res) {
		of_node_put(out_irq->np);	/* out_irq->np is borrowed here */
		return of_irq_parse_raw(addr_buf, out_irq);
	}

	p = irq_parent_borrowed(device);
	if (!p)
		return -EINVAL;
	/* 0 cells would make every index valid and of_irq_count() endless. */
	if (of_property_read_u32(p, "#interrupt-cells", &intsize) ||
	    !intsize || intsize > MAX_PHANDLE_ARGS)
		return -EINVAL;
	out_irq->np = p;
	out_irq->args_count = (int)intsize;
	for (i = 0; i < (int)intsize; i++) {
		res = of_property_read_u32_index(device, "interrupts",
						 (u32)index * intsize + (u32)i,
						 out_irq->args + i);
		if (res)
			return -EINVAL;
	}
	return of_irq_parse_raw(addr_buf, out_irq);
}
EXPORT_SYMBOL(of_irq_parse_one);

/**
 * of_irq_count() - how many interrupts of @dev resolve
 * Return: the count (0 when none).
 */
int of_irq_count(struct device_node *dev)
{
	struct of_phandle_args irq;
	int nr = 0;

	while (of_irq_parse_one(dev, nr, &irq) == 0)
		nr++;
	return nr;
}
EXPORT_SYMBOL(of_irq_count);
