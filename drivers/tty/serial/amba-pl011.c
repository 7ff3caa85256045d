// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM PrimeCell PL011 UART.
 *
 * For now this file holds only the early console: polled output and
 * polled input on the UART that /chosen/stdout-path names, started before
 * the heap or the driver core exist.  The platform driver (probe, IRQ
 * receive, one device per UART) goes in its own section below it.
 */
#define pr_fmt(fmt) "pl011: " fmt

#include <linux/console.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/serial_core.h>
#include <asm/io.h>

/* Registers (PL011 TRM), offsets from the block's base. */
#define UART01x_DR		0x00
#define UART01x_FR		0x18
#define UART011_CR		0x30
#define UART_PERIPHID0		0xfe0	/* four registers, one byte each */
#define UART_CELLID0		0xff0

#define UART01x_FR_TXFF		0x20
#define UART01x_FR_RXFE		0x10
#define UART011_CR_UARTEN	0x0001
#define UART011_CR_TXE		0x0100
#define UART011_CR_RXE		0x0200

/* PrimeCell identification: part 0x011 from designer 0x41 ('A', ARM). */
#define AMBA_CID		0xb105f00d
#define PL011_PART		0x011
#define ARM_DESIGNER		0x41

/* A TX FIFO that stays full this long is broken: drop the char, don't hang. */
#define TX_SPIN_LIMIT		100000

static u32 amba_read_id(void __iomem *base, unsigned int off)
{
	u32 id = 0;

	for (int i = 0; i < 4; i++)
		id |= (readl(base + off + 4 * i) & 0xff) << (8 * i);
	return id;
}

/* ===================== early console ===================== */

static void __iomem *early_base;

static void pl011_early_putc(char c)
{
	for (int spin = 0; readl(early_base + UART01x_FR) & UART01x_FR_TXFF; spin++)
		if (spin == TX_SPIN_LIMIT)
			return;
	writel((u8)c, early_base + UART01x_DR);
}

static void pl011_early_write(struct console *co, const char *s, unsigned int n)
{
	for (; n; n--, s++) {
		if (*s == '\n')
			pl011_early_putc('\r');
		pl011_early_putc(*s);
	}
}

static int pl011_early_getc(struct console *co)
{
	if (readl(early_base + UART01x_FR) & UART01x_FR_RXFE)
		return -EAGAIN;
	return readl(early_base + UART01x_DR) & 0xff;
}

static struct console pl011_early_console = {
	.name = "pl011",
	.write = pl011_early_write,
	.getc = pl011_early_getc,
	.flags = CON_BOOT | CON_PRINTBUFFER,
	.index = -1,	/* "pl011", not "pl0110" */
};

/*
 * The tree said "arm,pl011" at this address; believe it only if the block
 * identifies itself as one (QEMU reads unmapped space as zeros).  Firmware
 * has set the baud rate; we only make sure transmit and receive are on.
 */
static int pl011_early_setup(struct earlycon_device *dev, const char *options)
{
	void __iomem *base = dev->membase;
	u32 cid = amba_read_id(base, UART_CELLID0);
	u32 pid = amba_read_id(base, UART_PERIPHID0);

	if (cid != AMBA_CID || (pid & 0xfff) != PL011_PART || ((pid >> 12) & 0xff) != ARM_DESIGNER)
		return -ENODEV;
	early_base = base;
	writel(readl(base + UART011_CR) | UART011_CR_UARTEN | UART011_CR_TXE | UART011_CR_RXE,
	       base + UART011_CR);
	dev->con = &pl011_early_console;
	return 0;
}
OF_EARLYCON_DECLARE(pl011, "arm,pl011", pl011_early_setup);

/* ===================== platform driver ===================== */
/* (comes with the driver core: probe, IRQ receive, ttyAMA0..3) */
