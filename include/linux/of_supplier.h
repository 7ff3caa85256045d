/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which nodes a node depends on, from its phandle properties (of/supplier.c):
 * the one table of "properties that name a supplier", as Linux's
 * of_supplier_bindings[] in drivers/of/property.c.  The driver core turns
 * each answer into a device link (drivers/base/links.c); whynot and
 * `ofdump --graph` read the same table.
 */
#ifndef _LINUX_OF_SUPPLIER_H
#define _LINUX_OF_SUPPLIER_H

#include <linux/types.h>

struct device_node;

/* How a table row reads its property. */
enum of_supplier_kind {
	OF_SUP_LIST,            /* phandle + #cells arguments, repeated */
	OF_SUP_PHANDLES,        /* bare phandles, one or more */
	OF_SUP_IRQ_PARENT,      /* "interrupts": the interrupt parent, own or inherited */
	OF_SUP_IRQ_MAP,         /* "interrupt-map": each entry's parent */
};

struct of_supplier_binding {
	const char *prop;       /* property name, or its suffix when @suffix */
	const char *cells;      /* OF_SUP_LIST: "#clock-cells" */
	enum of_supplier_kind kind;
	bool suffix;            /* "-gpios" matches "reset-gpios" */
	bool numbered;          /* "pinctrl-" matches "pinctrl-0", "pinctrl-1"... */
	/*
	 * How essential the link is, for breaking a dependency cycle: the
	 * cycle's link with the lowest rank is relaxed.  A clock is needed to
	 * touch a register at all; a remote endpoint only to stream data.
	 */
	int rank;
};

/* What one supplier reference is: the row, and whether it was inherited. */
struct of_supplier_ref {
	const struct of_supplier_binding *binding;
	struct device_node *supplier;   /* the node the property names */
	struct device_node *from;       /* the node holding the property */
	const char *prop;               /* its name: "reset-gpios", "pinctrl-0" */
	bool inherited;                 /* interrupt-parent found on an ancestor */
};

/* "clocks", or "interrupt-parent (inherited)": for logs and tables. */
const char *of_supplier_ref_name(const struct of_supplier_ref *ref, char *buf, size_t len);

/* The reference's rank (an inherited interrupt parent ranks below its row). */
int of_supplier_ref_rank(const struct of_supplier_ref *ref);

typedef int (*of_supplier_fn)(void *ctx, const struct of_supplier_ref *ref);

/**
 * of_for_each_supplier() - call @fn for each supplier reference of @np, and
 * of its descendants that have no compatible (ports, endpoints, pin states:
 * their references are their device's).  A reference to @np, an ancestor
 * or a descendant is skipped: parent before child is implicit, and a
 * descendant is the node's own.  A malformed property is skipped, as the kernel's parsers do.
 * Return: 0, or the first non-zero value @fn returned (which stops the walk).
 */
int of_for_each_supplier(struct device_node *np, of_supplier_fn fn, void *ctx);

/* The rows, ended by an empty one (tests, `devlinks -t`). */
extern const struct of_supplier_binding of_supplier_bindings[];

#endif
