// SPDX-License-Identifier: BSD-2-Clause
/*
 * 8250/16550 UARTs: "ns16550a", "ns16550" and Synopsys DesignWare's
 * "snps,dw-apb-uart" (Allwinner, Aspeed, and most SoCs since).
 *
 * The same eight registers on every SoC, spaced and sized as the tree
 * says: register n sits at n << reg-shift and is reg-io-width bytes wide
 * (1, 2 or 4).  The input clock is clock-frequency, else the clocks
 * phandle's rate; without either the divisor firmware set stays.
 *
 * Two parts, as amba-pl011.c: the early console (polled, before the heap),
 * then the platform driver, ttyS<n> with interrupt receive into the serial
 * core's ring, which takes the console over from the early console.
 */
#define pr_fmt(fmt) "8250: " fmt

#include <linux/clk.h>
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/of_fdt.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/serial_core.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <asm/io.h>

/* Registers, by number (the byte offset is number << reg-shift). */
#define UART_RX			0	/* receive buffer (read) */
#define UART_TX			0	/* transmit holding (write) */
#define UART_DLL		0	/* divisor latch low, with LCR.DLAB */
#define UART_IER		1
#define UART_DLM		1	/* divisor latch high, with LCR.DLAB */
#define UART_IIR		2	/* interrupt identification (read) */
#define UART_FCR		2	/* FIFO control (write) */
#define UART_LCR		3
#define UART_MCR		4
#define UART_LSR		5
#define UART_MSR		6
#define UART_SCR		7	/* scratch: nothing but a byte of storage */
#define DW_UART_USR		31	/* DesignWare: UART status, reading it clears busy */

#define UART_IER_RDI		0x01	/* receive data (and timeout) */
#define UART_IER_RLSI		0x04	/* receive line status */
#define UART_IIR_NO_INT		0x01
#define UART_IIR_ID		0x0e
#define UART_IIR_MSI		0x00
#define UART_IIR_BUSY		0x07	/* DesignWare: LCR written while busy */
#define UART_FCR_ENABLE_FIFO	0x01
#define UART_FCR_CLEAR_RCVR	0x02
#define UART_FCR_CLEAR_XMIT	0x04
#define UART_LCR_WLEN8		0x03
#define UART_LCR_DLAB		0x80
#define UART_MCR_DTR		0x01
#define UART_MCR_RTS		0x02
#define UART_MCR_OUT2		0x08	/* gates the IRQ line on PC-style boards */
#define UART_LSR_DR		0x01
#define UART_LSR_OE		0x02
#define UART_LSR_PE		0x04
#define UART_LSR_FE		0x08
#define UART_LSR_BI		0x10
#define UART_LSR_THRE		0x20

/* A transmitter that stays busy this long is broken: drop the char. */
#define TX_SPIN_LIMIT		100000
/* Interrupt causes handled per IRQ before giving the CPU back. */
#define IRQ_PASS_LIMIT		256
/* A DesignWare LCR write that does not stick is retried this often. */
#define DW_LCR_RETRIES		10

/* How the registers are reached: the tree's reg-shift and reg-io-width. */
struct uart_8250_io {
	void __iomem *base;
	unsigned int regshift;
	unsigned int iowidth;		/* 1, 2 or 4 */
	bool dw;			/* DesignWare: USR and the busy-detect quirk */
};

static u32 serial_in(const struct uart_8250_io *io, int reg)
{
	void __iomem *a = io->base + ((unsigned int)reg << io->regshift);

	if (io->iowidth == 4)
		return readl(a);
	if (io->iowidth == 2)
		return readw(a);
	return readb(a);
}

static void serial_raw_out(const struct uart_8250_io *io, int reg, u32 val)
{
	void __iomem *a = io->base + ((unsigned int)reg << io->regshift);

	if (io->iowidth == 4)
		writel(val, a);
	else if (io->iowidth == 2)
		writew((u16)val, a);
	else
		writeb((u8)val, a);
}

/*
 * DesignWare's busy-detect quirk: with characters moving, an LCR write is
 * ignored (and raises the "busy" interrupt).  Empty the FIFOs and write it
 * again until it sticks, as Linux's 8250_dw does.  QEMU's 16550 model is
 * never busy, so there the first write sticks.
 */
static void serial_out(const struct uart_8250_io *io, int reg, u32 val)
{
	serial_raw_out(io, reg, val);
	if (!io->dw || reg != UART_LCR)
		return;
	for (int i = 0; i < DW_LCR_RETRIES && (serial_in(io, UART_LCR) & 0xff) != (val & 0xff); i++) {
		serial_raw_out(io, UART_FCR, UART_FCR_ENABLE_FIFO | UART_FCR_CLEAR_RCVR |
			       UART_FCR_CLEAR_XMIT);
		serial_in(io, UART_RX);
		serial_raw_out(io, reg, val);
	}
}

/*
 * The register layout the tree gives, checked: a width the 8250 does not
 * have, or registers beyond the node's reg window, is refused with @why.
 */
static int uart_8250_check_io(const struct uart_8250_io *io, unsigned long mapsize,
			      char *why, size_t whylen)
{
	unsigned long end;

	if (io->iowidth != 1 && io->iowidth != 2 && io->iowidth != 4) {
		why_set(why, whylen, "reg-io-width = <%u>: an 8250 register is 1, 2 or 4 bytes",
			io->iowidth);
		return -EINVAL;
	}
	if (io->regshift > 8) {
		why_set(why, whylen, "reg-shift = <%u> is not a register spacing", io->regshift);
		return -EINVAL;
	}
	end = ((unsigned long)UART_SCR << io->regshift) + io->iowidth;
	if (end > mapsize) {
		why_set(why, whylen,
			"reg-shift = <%u> and reg-io-width = <%u> put the registers up to 0x%lx, beyond reg's 0x%lx bytes",
			io->regshift, io->iowidth, end, mapsize);
		return -EINVAL;
	}
	return 0;
}

/*
 * Is there a 16550 here?  The scratch register keeps what is written to
 * it; unmapped space (QEMU reads it as zeros) and other UARTs do not.
 */
static bool uart_8250_answers(const struct uart_8250_io *io)
{
	u32 saved = serial_in(io, UART_SCR);
	bool ok;

	serial_out(io, UART_SCR, 0x55);
	ok = (serial_in(io, UART_SCR) & 0xff) == 0x55;
	serial_out(io, UART_SCR, 0xaa);
	ok = ok && (serial_in(io, UART_SCR) & 0xff) == 0xaa;
	serial_out(io, UART_SCR, saved);
	return ok;
}

/* 8N1, FIFOs on and empty; the divisor for @baud when the clock is known. */
static void uart_8250_set_line(const struct uart_8250_io *io, unsigned long uartclk,
			       unsigned int baud)
{
	if (uartclk && baud) {
		u32 div = (u32)((uartclk + 8UL * baud) / (16UL * baud));

		serial_out(io, UART_LCR, UART_LCR_WLEN8 | UART_LCR_DLAB);
		serial_out(io, UART_DLL, div & 0xff);
		serial_out(io, UART_DLM, (div >> 8) & 0xff);
	}
	serial_out(io, UART_LCR, UART_LCR_WLEN8);
	serial_out(io, UART_FCR, UART_FCR_ENABLE_FIFO | UART_FCR_CLEAR_RCVR | UART_FCR_CLEAR_XMIT);
}

static void uart_8250_putc(const struct uart_8250_io *io, char c)
{
	for (int spin = 0; !(serial_in(io, UART_LSR) & UART_LSR_THRE); spin++)
		if (spin == TX_SPIN_LIMIT)
			return;
	serial_out(io, UART_TX, (u8)c);
}

static void uart_8250_write(const struct uart_8250_io *io, const char *s, unsigned int n)
{
	for (; n; n--, s++) {
		if (*s == '\n')
			uart_8250_putc(io, '\r');
		uart_8250_putc(io, *s);
	}
}

/* ===================== early console ===================== */

static struct uart_8250_io early_io;

static void early_8250_write(struct console *co, const char *s, unsigned int n)
{
	uart_8250_write(&early_io, s, n);
}

static int early_8250_getc(struct console *co)
{
	if (!(serial_in(&early_io, UART_LSR) & UART_LSR_DR))
		return -EAGAIN;
	return (int)(serial_in(&early_io, UART_RX) & 0xff);
}

static struct console early_8250_console = {
	.name = "uart",
	.write = early_8250_write,
	.getc = early_8250_getc,
	.flags = CON_BOOT | CON_PRINTBUFFER,
	.index = -1,
};

/* A u32 property of the blob's node, or @def when it has none. */
static u32 fdt_read_u32(const void *fdt, int node, const char *name, u32 def)
{
	int len;
	const void *p = of_fdt_getprop(fdt, node, name, &len);

	return p && len == 4 ? get_unaligned_be32(p) : def;
}

static bool fdt_is_compatible(const void *fdt, int node, const char *compat)
{
	int len;
	const char *s = of_fdt_getprop(fdt, node, "compatible", &len);

	while (s && len > 0) {
		int n = (int)strnlen(s, (size_t)len) + 1;

		if (!strcmp(s, compat))
			return true;
		s += n;
		len -= n;
	}
	return false;
}

/*
 * The early console on the node the earlycon core found: its layout from
 * the tree, then the scratch test.  Only clock-frequency gives a rate this
 * early (clocks need their provider's driver); without it, or without a
 * baud rate in the options, firmware's divisor stays.
 */
static int early_8250_setup(struct earlycon_device *dev, const char *options)
{
	static char why[128];
	struct uart_8250_io io = {
		.base = dev->membase,
		.regshift = fdt_read_u32(dev->fdt, dev->node, "reg-shift", 0),
		.iowidth = fdt_read_u32(dev->fdt, dev->node, "reg-io-width", 1),
		.dw = fdt_is_compatible(dev->fdt, dev->node, "snps,dw-apb-uart"),
	};
	int ret = uart_8250_check_io(&io, dev->mapsize, why, sizeof(why));

	if (ret) {
		dev->reason = why;
		return ret;
	}
	if (!uart_8250_answers(&io))
		return -ENODEV;
	early_io = io;
	serial_out(&io, UART_IER, 0);
	uart_8250_set_line(&io, fdt_read_u32(dev->fdt, dev->node, "clock-frequency", 0),
			   uart_parse_baud(options));
	serial_out(&io, UART_MCR, UART_MCR_DTR | UART_MCR_RTS);
	dev->con = &early_8250_console;
	return 0;
}
OF_EARLYCON_DECLARE(ns16550, "ns16550", early_8250_setup);
OF_EARLYCON_DECLARE(ns16550a, "ns16550a", early_8250_setup);
OF_EARLYCON_DECLARE(dw_apb_uart, "snps,dw-apb-uart", early_8250_setup);

/* ===================== platform driver ===================== */

struct uart_8250_port {
	struct uart_port port;
	struct uart_8250_io io;
	const char *type;		/* "16550A", "DesignWare" */
};

static void uart_8250_rx_irq(struct uart_8250_port *up, bool on)
{
	serial_out(&up->io, UART_IER, on ? UART_IER_RDI | UART_IER_RLSI : 0);
}

/* Moves what the receive FIFO holds into the ring; returns how many. */
static unsigned int uart_8250_drain_rx(struct uart_8250_port *up)
{
	struct uart_port *port = &up->port;
	unsigned int n = 0;
	u32 lsr;

	while ((lsr = serial_in(&up->io, UART_LSR)) & UART_LSR_DR) {
		u8 ch;

		if (!uart_rx_room(port)) {
			uart_8250_rx_irq(up, false);
			uart_throttled(port);
			break;
		}
		ch = (u8)serial_in(&up->io, UART_RX);
		n++;
		if (lsr & UART_LSR_OE)
			port->rx_overruns++;
		if (lsr & (UART_LSR_BI | UART_LSR_PE | UART_LSR_FE)) {
			port->rx_errors++;
			continue;
		}
		uart_insert_char(port, ch);
	}
	return n;
}

/*
 * The 16550 holds its interrupt line while IIR names a cause: serve each
 * (receive by draining, modem status by reading MSR, DesignWare busy by
 * reading USR) until IIR says none is left.
 */
static irqreturn_t uart_8250_interrupt(int irq, void *dev_id)
{
	struct uart_8250_port *up = dev_id;
	bool handled = false;

	for (int pass = 0; pass < IRQ_PASS_LIMIT; pass++) {
		u32 iir = serial_in(&up->io, UART_IIR);

		if (up->io.dw && (iir & 0x0f) == UART_IIR_BUSY) {
			serial_in(&up->io, DW_UART_USR);
			handled = true;
			continue;
		}
		if (iir & UART_IIR_NO_INT)
			break;
		handled = true;
		if ((iir & UART_IIR_ID) == UART_IIR_MSI)
			serial_in(&up->io, UART_MSR);
		uart_8250_drain_rx(up);
		if (up->port.throttled)
			break;
	}
	return handled ? IRQ_HANDLED : IRQ_NONE;
}

/* Half the ring read: take the FIFO again and let it interrupt. */
static void uart_8250_unthrottle(struct uart_port *port)
{
	struct uart_8250_port *up = container_of(port, struct uart_8250_port, port);

	uart_8250_rx_irq(up, true);
	uart_8250_interrupt(port->irq, up);
}

static void uart_8250_console_write(struct console *co, const char *s, unsigned int n)
{
	struct uart_8250_port *up = container_of(co, struct uart_8250_port, port.con);

	uart_8250_write(&up->io, s, n);
}

/*
 * The input clock: clock-frequency, else the clock named "baudclk"
 * (DesignWare's binding), else the first one.  0 when the tree gives none.
 * Return: 0, or -EPROBE_DEFER while the clock's provider is not bound.
 */
static int uart_8250_get_clock(struct uart_8250_port *up)
{
	struct device *dev = up->port.dev;
	struct clk *clk;
	u32 freq;

	if (!of_property_read_u32(dev->of_node, "clock-frequency", &freq)) {
		up->port.uartclk = freq;
		return 0;
	}
	clk = devm_clk_get(dev, "baudclk");
	if (PTR_ERR(clk) == -ENOENT)
		clk = devm_clk_get(dev, NULL);
	if (PTR_ERR(clk) == -EPROBE_DEFER)
		return -EPROBE_DEFER;
	if (!IS_ERR(clk)) {
		clk_prepare_enable(clk);
		up->port.uartclk = clk_get_rate(clk);
	}
	return 0;
}

static int uart_8250_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct device_node *np = dev->of_node;
	struct uart_8250_port *up;
	struct uart_port *port;
	struct resource *res;
	char why[128];
	bool is_console;
	u32 val;
	int ret;

	up = devm_kzalloc(dev, sizeof(*up), GFP_KERNEL);
	if (!up)
		return -ENOMEM;
	port = &up->port;
	port->dev = dev;
	port->prefix = "ttyS";
	up->type = of_device_get_match_data(dev);
	up->io.dw = !strcmp(up->type, "DesignWare");
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return dev_err_probe(dev, -EINVAL, "no reg");
	up->io.regshift = of_property_read_u32(np, "reg-shift", &val) ? 0 : val;
	up->io.iowidth = of_property_read_u32(np, "reg-io-width", &val) ? 1 : val;
	if (of_property_read_bool(np, "big-endian"))
		return dev_err_probe(dev, -EINVAL, "big-endian registers are not supported");
	ret = uart_8250_check_io(&up->io, (unsigned long)resource_size(res), why, sizeof(why));
	if (ret)
		return dev_err_probe(dev, ret, "%s", why);
	up->io.base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(up->io.base))
		return (int)PTR_ERR(up->io.base);
	if (!uart_8250_answers(&up->io))
		return dev_err_probe(dev, -ENODEV, "no 16550 answers at 0x%08llx (scratch register)",
				     (unsigned long long)res->start);

	ret = uart_8250_get_clock(up);
	if (ret)
		return ret;
	port->irq = platform_get_irq(pdev, 0);
	if (port->irq < 0)
		return port->irq;
	ret = uart_setup_port(port, res->start, &is_console);
	if (ret)
		return dev_err_probe(dev, ret, "no free ttyS number");

	serial_out(&up->io, UART_IER, 0);
	if (!port->uartclk)
		dev_warn(dev, "no clock in the tree: keeping the divisor already set\n");
	uart_8250_set_line(&up->io, port->uartclk, port->baud);
	serial_out(&up->io, UART_MCR, UART_MCR_DTR | UART_MCR_RTS | UART_MCR_OUT2);
	/* Whatever was pending before us is stale. */
	serial_in(&up->io, UART_LSR);
	serial_in(&up->io, UART_IIR);
	serial_in(&up->io, UART_MSR);
	if (up->io.dw)
		serial_in(&up->io, DW_UART_USR);

	/* Named by its tty, as Linux's 8250 does in /proc/interrupts. */
	ret = devm_request_irq(dev, (unsigned int)port->irq, uart_8250_interrupt, 0,
			       port->name, up);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request IRQ %d", port->irq);
	port->unthrottle = uart_8250_unthrottle;
	uart_8250_rx_irq(up, true);

	platform_set_drvdata(pdev, up);
	dev_info(dev, "%s: %s, reg-shift %u, %u-byte registers, virq %d, %u baud (%lu Hz clock)%s\n",
		 port->name, up->type, up->io.regshift, up->io.iowidth, port->irq, port->baud,
		 port->uartclk, is_console ? ", console" : "");
	port->con.write = uart_8250_console_write;
	return uart_add_one_port(port, is_console);
}

static int uart_8250_remove(struct platform_device *pdev)
{
	struct uart_8250_port *up = platform_get_drvdata(pdev);

	uart_8250_rx_irq(up, false);
	uart_remove_one_port(&up->port);
	return 0;
}

static const struct of_device_id uart_8250_of_match[] = {
	{ .compatible = "ns16550a", .data = "16550A" },
	{ .compatible = "ns16550", .data = "16550" },
	{ .compatible = "snps,dw-apb-uart", .data = "DesignWare" },
	{ }
};

static struct platform_driver uart_8250_driver = {
	.probe = uart_8250_probe,
	.remove = uart_8250_remove,
	.driver = {
		.name = "of_serial",
		.of_match_table = uart_8250_of_match,
	},
};
module_platform_driver(uart_8250_driver);
