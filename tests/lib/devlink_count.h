/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * count_links(): how many device links the platform bus's devices have,
 * counted once each, from the consumer's side.  For the host test
 * (tests/host/test_devlink.c) and the probe benchmark
 * (scripts/bench/probebench.c), which both build the kernel's driver core
 * for the host.
 */
#ifndef COYOTE_TESTS_DEVLINK_COUNT_H
#define COYOTE_TESTS_DEVLINK_COUNT_H

#include <linux/device.h>
#include <linux/platform_device.h>

static inline int count_links(void)
{
	struct device *dev;
	struct device_link *link;
	int n = 0;

	list_for_each_entry(dev, &platform_bus_type.devices, bus_node)
		list_for_each_entry(link, &dev->links_suppliers, c_node)
			n++;
	return n;
}

#endif
