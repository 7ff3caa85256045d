/* SPDX-License-Identifier: BSD-2-Clause */
/* drivers/base/ internals shared between its files. */
#ifndef _DRIVERS_BASE_BASE_H
#define _DRIVERS_BASE_BASE_H

#include <linux/device.h>

/* Counts of devices per state on every bus (summary lines, tests). */
struct device_state_counts {
	int bound, deferred, failed, no_driver, waiting;
};
void device_count_states(struct device_state_counts *c);

/*
 * What became of the device @dev's deferred probe waits for, as " (that
 * node is disabled)"; "" when it names no supplier.
 */
void device_supplier_status(const struct device *dev, char *buf, size_t len);

/* Device links (links.c), for dd.c and core.c. */
bool device_links_blocked(struct device *dev);
void device_links_supplier_bound(struct device *dev);
/* @dev unbinds: its consumers' links wait again. */
void device_links_unbind_consumers(struct device *dev);
void device_links_supplier_unbound(struct device *dev);
void device_links_device_added(struct device *dev);
void device_links_purge(struct device *dev);
/* True when probing is blocked: @dev waits for device_unblock_probing(). */
bool device_links_defer_add(struct device *dev);
void device_links_add_and_attach(struct device *dev);
/* Relax one link per dependency cycle until none is left.
 * Return: links relaxed, or -ENOMEM. */
int fw_devlink_break_cycles(void);
int fw_devlink_binding_count(void);
/* " which waits for /b (clocks): no driver for \"x\"" behind supplier @sup. */
void device_links_chain(const struct device *sup, char *buf, size_t len);
/* One line per link of @dev that is not active (whynot). */
void device_links_explain(const struct device *dev, void (*out)(void *ctx, const char *line),
			  void *ctx);

#endif
