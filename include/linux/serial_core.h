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
#include <linux/list.h>
#include <asm/io.h>

struct device;

struct earlycon_device {
	struct console *con;	/* set by setup */
	phys_addr_t mapbase;	/* translated reg */
	unsigned long mapsize;	/* and its size */
	void __iomem *membase;
	const void *fdt;	/* the blob and node the UART came from */
	int node;
	const char *options;	/* after ':' in stdout-path ("115200n8"), or "" */
	const char *reason;	/* set by a setup that refuses the node: why */
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

/* ===================== the UART drivers' common part ===================== */

#define UART_RX_RING		1024	/* a power of two */
#define UART_MAX_LINES		32	/* per tty name: ttyAMA0..31, ttyS0..31 */
#define UART_DEFAULT_BAUD	115200	/* when neither bootargs nor the tree say */

/*
 * One UART as every driver shares it (Linux's struct uart_port, the part
 * coyote needs): its tty name, the receive ring the IRQ handler fills and
 * the console reads, and the counts `ttys` lists.  The driver embeds it.
 */
struct uart_port {
	struct device *dev;
	const char *prefix;		/* "ttyAMA", "ttyS": set by the driver */
	char name[16];			/* "ttyAMA0" */
	int line;
	int irq;
	unsigned int baud;
	unsigned long uartclk;
	unsigned long rx_chars, rx_errors, rx_overruns, rx_throttled;
	unsigned long overruns_reported;
	bool throttled;			/* receive interrupt masked: the ring is full */
	/* Unmask receive and take what the FIFO holds (IRQs off). */
	void (*unthrottle)(struct uart_port *port);
	struct console con;		/* registered when this UART is the console */
	struct list_head list;
	/* The IRQ handler moves head, the console reader moves tail. */
	volatile unsigned int head, tail;
	u8 ring[UART_RX_RING];
};

/**
 * uart_setup_port() - name a UART and pick its baud rate and console role
 * @port: with dev and prefix set
 * @mapbase: the UART's MMIO address: the early console's UART becomes the
 *	console when neither bootargs nor stdout-path name one
 * @is_console: set when this UART is to be the console
 *
 * The line is the serialN alias's number when free, else the first number
 * no alias claims.  The baud rate: "console=<name>,<baud>" in bootargs,
 * else stdout-path's options when it names this UART, else the node's
 * current-speed (Linux's serial binding), else 115200.
 * Return: 0; -ENOSPC when no line number is free.
 */
int uart_setup_port(struct uart_port *port, phys_addr_t mapbase, bool *is_console);

/**
 * uart_add_one_port() - list a probed UART in `ttys`, and register its
 * console (con.write set by the driver) when @is_console.
 * Return: 0; -EBUSY when its line is taken.
 */
int uart_add_one_port(struct uart_port *port, bool is_console);

/* Undo uart_add_one_port(): the console goes, the line is free. */
void uart_remove_one_port(struct uart_port *port);

/* Room in the receive ring: false means throttle (mask receive). */
static inline bool uart_rx_room(const struct uart_port *port)
{
	return port->head - port->tail < UART_RX_RING;
}

/* One received character into the ring (the console's Ctrl-C interrupts). */
void uart_insert_char(struct uart_port *port, u8 ch);

/* Mark @port throttled after its driver masked receive. */
static inline void uart_throttled(struct uart_port *port)
{
	port->throttled = true;
	port->rx_throttled++;
}

/* The console's getc: a character from the ring, or -EAGAIN. */
int uart_console_getc(struct console *co);

/* "115200n8" -> 115200; 0 when @opt does not start with a number. */
unsigned int uart_parse_baud(const char *opt);

struct device_node;
unsigned int uart_console_baud(const struct device_node *np, const char *name,
			       bool *is_console);

#endif
