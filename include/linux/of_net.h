/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Network helpers for the tree (of/of_net.c), with Linux's names: which
 * station address the tree gives a network device.
 */
#ifndef _LINUX_OF_NET_H
#define _LINUX_OF_NET_H

#include <linux/of.h>

int of_get_mac_address(struct device_node *np, u8 *addr);

#endif
