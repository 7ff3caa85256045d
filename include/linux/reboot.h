/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Restart handlers (kernel/reboot.c), with Linux's names: a driver that
 * knows how to reset its board registers one; `reboot` tries them, highest
 * priority first, then the resets the tree describes without a driver.
 */
#ifndef _LINUX_REBOOT_H
#define _LINUX_REBOOT_H

#include <linux/notifier.h>

/*
 * A restart handler's notifier_call resets the board (never returns) or
 * returns NOTIFY_DONE (not done); priority on Linux's scale, 128 the usual.
 */
#define SYS_RESTART		0x0001

/* Add @nb to the handlers `reboot` tries.  Return: 0; -EEXIST when it is already. */
int register_restart_handler(struct notifier_block *nb);
/* Remove @nb.  Return: 0, or -ENOENT when it was not registered. */
int unregister_restart_handler(struct notifier_block *nb);

/**
 * machine_restart() - reset the board: restart handlers, the tree's
 * syscon-reboot node, the Versatile/RealView system controller named by
 * compatible, then semihosting's exit (QEMU -semihosting).
 * Return: only when nothing reset the board: -ENODEV when nothing could be
 * tried, -EIO when every attempt returned.
 */
int machine_restart(void);

#endif
