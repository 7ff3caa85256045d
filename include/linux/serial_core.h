/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Early consoles found through /chosen/stdout-path in the flat blob
 * (drivers/tty/serial/earlycon.c).  A UART driver declares its early part
 * with OF_EARLYCON_DECLARE(name, compatible, setup); the earlycon core finds
 * the node, checks its compatible, translates its reg and calls setup.
 */
#ifndef _LINUX_SERIAL_CORE_H
#define _LINUX_SERIAL_CORE_H

#include <linux/types.h>
#include <linux/console.h>
#include <asm/io.h>

struct earlycon_device {
	struct console *con;	/* set by setup */
	phys_addr_t mapbase;	/* translated reg */
	void __iomem *membase;
	const void *fdt;	/* the blob and node the UART came from */
	int node;
	const char *options;	/* after ':' in stdout-path ("115200n8"), or "" */
};

struct earlycon_id {
	char name[16];
	char compatible[128];
	int (*setup)(struct earlycon_device *dev, const char *options);
};

#define OF_EARLYCON_DECLARE(_name, compat, fn) \
	static const struct earlycon_id __earlycon_##_name \
	__attribute__((used, section("__earlycon_table"), aligned(4))) = \
	{ .name = #_name, .compatible = compat, .setup = fn }

/**
 * early_init_dt_scan_stdout() - start the console named by /chosen/stdout-path
 * @fdt: a checked blob
 * @why: a reason on failure (for the log once some console works)
 *
 * Return: 0 with the console registered; -ENOENT when there is no
 * stdout-path or the node it names; -ENODEV when no early console driver
 * matches or the device does not answer (setup's error); -EINVAL when its
 * reg cannot be translated.
 */
int early_init_dt_scan_stdout(const void *fdt, char *why, size_t whylen);

/**
 * earlycon_from_cmdline() - the early console for "console=ttyAMA<n>[,opts]":
 * the node of alias serial<n>.
 * Return: 0; -EINVAL (no number); -ENOENT (no such alias); or as for
 * early_init_dt_scan_stdout().
 */
int earlycon_from_cmdline(const void *fdt, const char *console, char *why, size_t whylen);

/* The early console on the node @alias names ("serial0"); errors as above. */
int earlycon_from_alias(const void *fdt, const char *alias, char *why, size_t whylen);

/**
 * earlycon_first_uart() - the first enabled node, in blob order, that has an
 * early console driver and answers its ID check.
 * Return: 0, or -ENODEV when none answers (the last error otherwise).
 */
int earlycon_first_uart(const void *fdt, char *why, size_t whylen);

/* The MMIO address of the early console's UART; 0 when there is none. */
phys_addr_t earlycon_mapbase(void);

/* "pl011 at MMIO 0x101f1000 (options '115200n8')" of the running earlycon. */
const char *earlycon_description(void);

#endif
