/* SPDX-License-Identifier: BSD-2-Clause */
/* drivers/base/ internals shared between its files. */
#ifndef _DRIVERS_BASE_BASE_H
#define _DRIVERS_BASE_BASE_H

#include <linux/device.h>

/* Counts of devices per state on every bus (summary lines, tests). */
struct device_state_counts {
	int bound, deferred, failed, no_driver;
};
void device_count_states(struct device_state_counts *c);

/*
 * What became of the device @dev's deferred probe waits for, as " (that
 * node is disabled)"; "" when it names no supplier.
 */
void device_supplier_status(const struct device *dev, char *buf, size_t len);

#endif
