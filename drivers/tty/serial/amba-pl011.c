// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM PrimeCell PL011 UART.
 *
 * Two parts: the early console (polled output and input on the UART that
 * /chosen/stdout-path names, started before the heap or the driver core
 * exist), then the platform driver: one device per UART in the tree,
 * interrupt-driven receive, and the console handed over from the early
 * console when the stdout-path UART probes.
 */
#define pr_fmt(fmt) "pl011: " fmt

#include <linux/amba/bus.h>
#include <linux/clk.h>
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/serial_core.h>
#include <linux/string.h>
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
#define PL011_PART		0x011
#define ARM_DESIGNER		0x41

/* A TX FIFO that stays full this long is broken: drop the char, don't hang. */
#define TX_SPIN_LIMIT		100000

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

/*
 * Each PL011 in the tree gets a device and a name, ttyAMA<n> (n from its
 * "serialN" alias), receives by interrupt into a ring buffer, and the one
 * /chosen/stdout-path names takes the console over from the early console
 * (register_console() logs the switch).  Transmit stays polled: the QEMU
 * model raises its TX interrupt after every write and never clears it, so
 * only the RX interrupt is unmasked.
 */
#define UART011_IBRD		0x24
#define UART011_FBRD		0x28
#define UART011_LCRH		0x2c
#define UART011_IMSC		0x38
#define UART011_ICR		0x44

#define UART01x_FR_BUSY		0x08
#define UART011_DR_ERRORS	0xf00	/* overrun, break, parity, framing */
#define UART011_DR_OE		0x800
#define UART01x_LCRH_WLEN_8	0x60
#define UART01x_LCRH_FEN	0x10
#define UART011_RTIM		0x40	/* receive timeout */
#define UART011_RXIM		0x10	/* receive */
#define UART011_ICR_ALL		0x7ff

struct pl011_port {
	struct uart_port port;		/* first: the core's ring, name and counts */
	void __iomem *base;
};

static void pl011_throttle(struct pl011_port *up)
{
	writel(0, up->base + UART011_IMSC);
	uart_throttled(&up->port);
}

/* Moves what the receive FIFO holds into the ring; returns how many words. */
static unsigned int pl011_drain_rx(struct pl011_port *up)
{
	struct uart_port *port = &up->port;
	unsigned int n = 0;

	while (!(readl(up->base + UART01x_FR) & UART01x_FR_RXFE)) {
		u32 ch;

		if (!uart_rx_room(port)) {
			pl011_throttle(up);
			break;
		}
		ch = readl(up->base + UART01x_DR);
		n++;
		if (ch & UART011_DR_OE)
			port->rx_overruns++;	/* this one arrived, the one before it did not */
		if (ch & UART011_DR_ERRORS & ~UART011_DR_OE) {
			port->rx_errors++;
			continue;
		}
		uart_insert_char(port, (u8)ch);
	}
	return n;
}

/*
 * Drain, acknowledge, and look again: a character that lands between the
 * last FIFO check and the acknowledge would otherwise sit there with its
 * interrupt already cleared (the model raises RX only when the FIFO goes
 * from empty to one), and a paste would lose its last key until the next.
 */
static irqreturn_t pl011_rx_interrupt(int irq, void *dev_id)
{
	struct pl011_port *up = dev_id;
	unsigned int n = 0;

	do {
		n += pl011_drain_rx(up);
		writel(UART011_RXIM | UART011_RTIM, up->base + UART011_ICR);
	} while (!up->port.throttled && !(readl(up->base + UART01x_FR) & UART01x_FR_RXFE));
	return n ? IRQ_HANDLED : IRQ_NONE;
}

/* Half the ring read: take the FIFO again and let it interrupt. */
static void pl011_unthrottle(struct uart_port *port)
{
	struct pl011_port *up = container_of(port, struct pl011_port, port);

	writel(UART011_RXIM | UART011_RTIM, up->base + UART011_IMSC);
	pl011_rx_interrupt(port->irq, up);
}

static void pl011_putc(void __iomem *base, char c)
{
	for (int spin = 0; readl(base + UART01x_FR) & UART01x_FR_TXFF; spin++)
		if (spin == TX_SPIN_LIMIT)
			return;
	writel((u8)c, base + UART01x_DR);
}

static void pl011_console_write(struct console *co, const char *s, unsigned int n)
{
	struct pl011_port *up = container_of(co, struct pl011_port, port.con);

	for (; n; n--, s++) {
		if (*s == '\n')
			pl011_putc(up->base, '\r');
		pl011_putc(up->base, *s);
	}
}

/* Divisor in 64ths: IBRD takes the integer part, FBRD the fraction. */
static void pl011_set_baud(struct pl011_port *up)
{
	u32 div = (u32)((up->port.uartclk * 4 + up->port.baud / 2) / up->port.baud);

	for (int spin = 0; readl(up->base + UART01x_FR) & UART01x_FR_BUSY; spin++)
		if (spin == TX_SPIN_LIMIT)
			break;
	writel(0, up->base + UART011_CR);
	writel(div >> 6, up->base + UART011_IBRD);
	writel(div & 0x3f, up->base + UART011_FBRD);
	writel(UART01x_LCRH_WLEN_8 | UART01x_LCRH_FEN, up->base + UART011_LCRH);
}

static int pl011_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pl011_port *up;
	struct uart_port *port;
	bool is_console;
	struct clk *clk;
	u32 cid, pid;
	int ret;

	up = devm_kzalloc(dev, sizeof(*up), GFP_KERNEL);
	if (!up)
		return -ENOMEM;
	port = &up->port;
	port->dev = dev;
	port->prefix = "ttyAMA";
	up->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(up->base))
		return (int)PTR_ERR(up->base);
	cid = amba_read_id(up->base, UART_CELLID0);
	pid = amba_read_id(up->base, UART_PERIPHID0);
	if (cid != AMBA_CID || (pid & 0xfff) != PL011_PART || ((pid >> 12) & 0xff) != ARM_DESIGNER)
		return dev_err_probe(dev, -ENODEV, "ID %08x/%08x is not a PL011", pid, cid);

	clk = devm_clk_get(dev, "uartclk");
	if (PTR_ERR(clk) == -ENOENT)
		clk = devm_clk_get(dev, NULL);
	if (PTR_ERR(clk) == -EPROBE_DEFER)
		return -EPROBE_DEFER;
	port->uartclk = IS_ERR(clk) ? 0 : clk_get_rate(clk);

	port->irq = platform_get_irq(pdev, 0);
	if (port->irq < 0)
		return port->irq;

	ret = uart_setup_port(port, platform_get_resource(pdev, IORESOURCE_MEM, 0)->start,
			      &is_console);
	if (ret)
		return dev_err_probe(dev, ret, "no free ttyAMA number");

	writel(0, up->base + UART011_IMSC);
	if (port->uartclk)
		pl011_set_baud(up);
	else
		dev_warn(dev, "no clock in the tree: keeping the divisor already set\n");
	writel(UART011_CR_UARTEN | UART011_CR_TXE | UART011_CR_RXE, up->base + UART011_CR);
	writel(UART011_ICR_ALL, up->base + UART011_ICR);

	ret = devm_request_irq(dev, (unsigned int)port->irq, pl011_rx_interrupt, 0,
			       dev_name(dev), up);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request IRQ %d", port->irq);
	port->unthrottle = pl011_unthrottle;
	writel(UART011_RXIM | UART011_RTIM, up->base + UART011_IMSC);

	platform_set_drvdata(pdev, up);
	dev_info(dev, "%s: PL011 rev %u, virq %d, %u baud (%lu Hz clock)%s\n", port->name,
		 (pid >> 20) & 0xf, port->irq, port->baud, port->uartclk,
		 is_console ? ", console" : "");
	port->con.write = pl011_console_write;
	return uart_add_one_port(port, is_console);
}

static int pl011_remove(struct platform_device *pdev)
{
	struct pl011_port *up = platform_get_drvdata(pdev);

	writel(0, up->base + UART011_IMSC);
	uart_remove_one_port(&up->port);
	return 0;
}

static const struct of_device_id pl011_of_match[] = {
	{ .compatible = "arm,pl011" },
	{ }
};

static struct platform_driver pl011_driver = {
	.probe = pl011_probe,
	.remove = pl011_remove,
	.driver = {
		.name = "uart-pl011",
		.of_match_table = pl011_of_match,
	},
};
module_platform_driver(pl011_driver);
