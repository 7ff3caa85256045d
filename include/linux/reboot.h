/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Restart and power-off handlers (kernel/reboot.c), with Linux's names: a
 * driver that knows how to reset its board, or switch it off, registers
 * one; `reboot` and `poweroff` try them, highest priority first (`reboot`
 * then the resets the tree describes without a driver).
 */
#ifndef _LINUX_REBOOT_H
#define _LINUX_REBOOT_H

#include <linux/notifier.h>

/*
 * A restart handler's notifier_call resets the board (never returns) or
 * returns NOTIFY_DONE (not done); priority on Linux's scale, 128 the usual.
 */
#define SYS_RESTART		0x0001
#define SYS_POWER_OFF		0x0003

/* Add @nb to the handlers `reboot` tries.  Return: 0. */
int register_restart_handler(struct notifier_block *nb);
/* Remove @nb.  Return: 0, or -ENOENT when it was not registered. */
int unregister_restart_handler(struct notifier_block *nb);

/* Add @nb to the handlers `poweroff` tries (PSCI's SYSTEM_OFF).  Return: 0. */
int register_power_off_handler(struct notifier_block *nb);
/* Remove @nb.  Return: 0, or -ENOENT when it was not registered. */
int unregister_power_off_handler(struct notifier_block *nb);

/**
 * machine_power_off() - switch the board off through the power-off
 * handlers, highest priority first.
 * Return: only when the board stayed on: -ENODEV when no handler is
 * registered, -EIO when every handler returned.
 */
int machine_power_off(void);

/**
 * machine_restart() - reset the board: restart handlers, the tree's
 * syscon-reboot node, the Versatile/RealView system controller named by
 * compatible, then semihosting's exit (QEMU -semihosting).
 * Return: only when nothing reset the board: -ENODEV when nothing could be
 * tried, -EIO when every attempt returned.
 */
int machine_restart(void);

#endif
