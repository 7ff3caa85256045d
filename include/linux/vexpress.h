/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Versatile Express configuration bus (drivers/bus/vexpress-config.c):
 * oscillators, voltages, reset and shutdown on the motherboard and the
 * daughterboards are "functions" reached through two system registers.
 * A node under an `arm,vexpress,config-bus` names its function with
 * `arm,vexpress-sysreg,func = <function device>`; the bus's
 * `arm,vexpress,config-bridge` names the system registers that carry it.
 */
#ifndef _LINUX_VEXPRESS_H
#define _LINUX_VEXPRESS_H

#include <linux/types.h>

struct device_node;

/**
 * vexpress_config_read() - read the function @np describes
 * vexpress_config_write() - write @data to it
 * Return: 0; -EPROBE_DEFER while the bridge's driver has not probed;
 * -EINVAL when @np has no function or its bus no bridge; -EIO when the
 * board reports an error (a function it does not implement); -ETIMEDOUT.
 */
int vexpress_config_read(struct device_node *np, u32 *data);
int vexpress_config_write(struct device_node *np, u32 data);

/**
 * vexpress_sysreg_set_flags() - the system flags register (SYS_FLAGS) of
 * the first bound `arm,vexpress-sysreg` becomes @value: the address the
 * parked cores' boot firmware jumps to once woken.
 * Return: 0; -ENODEV when no system registers are bound; -EIO when the
 * register does not read back @value.
 */
int vexpress_sysreg_set_flags(u32 value);

#endif
