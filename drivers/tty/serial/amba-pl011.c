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
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/serial_core.h>
#include <linux/string.h>
#include <asm/io.h>
#include <coyote/console.h>
#include <coyote/shell.h>

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

#define PL011_DEFAULT_BAUD	115200	/* when neither bootargs nor the tree say */
#define PL011_RX_RING		1024	/* a power of two */
#define PL011_MAX_LINES		32
#define PL011_CTRL_C		0x03

struct pl011_port {
	void __iomem *base;
	struct device *dev;
	struct console con;
	char name[16];			/* "ttyAMA0" */
	int line;
	unsigned long uartclk;
	unsigned int baud;
	int irq;
	unsigned long rx_chars, rx_errors, rx_overruns, rx_throttled;
	unsigned long overruns_reported;
	bool throttled;			/* receive interrupt masked: the ring is full */
	/* The IRQ handler moves head, the console reader moves tail. */
	volatile unsigned int head, tail;
	u8 ring[PL011_RX_RING];
};

static struct pl011_port *pl011_ports[PL011_MAX_LINES];	/* by ttyAMA number */

/*
 * Flow control: a full ring masks the receive interrupt and leaves the
 * rest in the FIFO, and QEMU then holds what follows (a real line would
 * need RTS, the FIFO being only 16 deep).  Nothing is dropped here; a
 * character the UART itself lost is counted as an overrun.
 */
static void pl011_throttle(struct pl011_port *port)
{
	writel(0, port->base + UART011_IMSC);
	port->throttled = true;
	port->rx_throttled++;
}

/* Moves what the receive FIFO holds into the ring; returns how many words. */
static unsigned int pl011_drain_rx(struct pl011_port *port)
{
	unsigned int n = 0;

	while (!(readl(port->base + UART01x_FR) & UART01x_FR_RXFE)) {
		unsigned int head = port->head;
		u32 ch;

		if (head - port->tail >= PL011_RX_RING) {
			pl011_throttle(port);
			break;
		}
		ch = readl(port->base + UART01x_DR);
		n++;
		if (ch & UART011_DR_OE)
			port->rx_overruns++;	/* this one arrived, the one before it did not */
		if (ch & UART011_DR_ERRORS & ~UART011_DR_OE) {
			port->rx_errors++;
			continue;
		}
		/* The console's Ctrl-C interrupts the running command. */
		if ((u8)ch == PL011_CTRL_C && (port->con.flags & CON_ENABLED))
			console_intr();
		port->ring[head % PL011_RX_RING] = (u8)ch;
		port->head = head + 1;
		port->rx_chars++;
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
	struct pl011_port *port = dev_id;
	unsigned int n = 0;

	do {
		n += pl011_drain_rx(port);
		writel(UART011_RXIM | UART011_RTIM, port->base + UART011_ICR);
	} while (!port->throttled && !(readl(port->base + UART01x_FR) & UART01x_FR_RXFE));
	return n ? IRQ_HANDLED : IRQ_NONE;
}

/* Half the ring read: take the FIFO again and let it interrupt. */
static void pl011_unthrottle(struct pl011_port *port)
{
	unsigned long flags;

	local_irq_save(flags);
	port->throttled = false;
	writel(UART011_RXIM | UART011_RTIM, port->base + UART011_IMSC);
	pl011_rx_interrupt(port->irq, port);
	local_irq_restore(flags);
}

static int pl011_console_getc(struct console *co)
{
	struct pl011_port *port = co->data;
	unsigned int tail = port->tail;
	u8 ch;

	if (port->rx_overruns != port->overruns_reported) {
		port->overruns_reported = port->rx_overruns;
		pr_warn("%s: input lost: %lu receive overrun(s) so far\n", port->name,
			port->rx_overruns);
	}
	if (port->throttled && port->head - tail <= PL011_RX_RING / 2)
		pl011_unthrottle(port);
	if (tail == port->head)
		return -EAGAIN;
	ch = port->ring[tail % PL011_RX_RING];
	port->tail = tail + 1;
	return ch;
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
	struct pl011_port *port = co->data;

	for (; n; n--, s++) {
		if (*s == '\n')
			pl011_putc(port->base, '\r');
		pl011_putc(port->base, *s);
	}
}

/* "115200n8" → 115200; 0 when @opt does not start with a number. */
static unsigned int pl011_parse_baud(const char *opt)
{
	unsigned int baud = 0;

	while (opt && *opt >= '0' && *opt <= '9' && baud < 10000000)
		baud = baud * 10 + (unsigned int)(*opt++ - '0');
	return baud;
}

/*
 * Baud rate and console: "console=ttyAMA<n>[,<baud>]" in bootargs wins;
 * else the options of /chosen/stdout-path when it names this UART; else
 * the default.  Either one naming this UART makes it the console.
 */
static unsigned int pl011_pick_baud(struct pl011_port *port, bool *is_console)
{
	const char *path = NULL, *opts = NULL, *args = NULL, *p;
	unsigned int baud = 0;
	size_t len = strlen(port->name);

	*is_console = false;
	if (of_chosen)
		of_property_read_string(of_chosen, "stdout-path", &path);
	if (path && of_find_node_opts_by_path(path, &opts) == port->dev->of_node) {
		*is_console = true;
		baud = pl011_parse_baud(opts);
	}
	if (of_chosen)
		of_property_read_string(of_chosen, "bootargs", &args);
	/* Each space-separated word; "console=ttyAMA0,115200" names us. */
	for (p = args; p && *p; ) {
		const char *word = p;

		while (*p && *p != ' ')
			p++;
		if (!strncmp(word, "console=", 8) && !strncmp(word + 8, port->name, len) &&
		    (word + 8 + len == p || word[8 + len] == ',')) {
			*is_console = true;
			if (word[8 + len] == ',')
				baud = pl011_parse_baud(word + 9 + len);
		}
		while (*p == ' ')
			p++;
	}
	return baud ? baud : PL011_DEFAULT_BAUD;
}

/* The alias number when free, else the first number no alias claims. */
static int pl011_pick_line(struct device_node *np)
{
	int line = of_alias_get_id(np, "serial");

	if (line >= 0 && line < PL011_MAX_LINES && !pl011_ports[line])
		return line;
	for (line = of_alias_get_highest_id("serial") + 1; line < PL011_MAX_LINES; line++)
		if (line >= 0 && !pl011_ports[line])
			return line;
	return -ENOSPC;
}

/* Divisor in 64ths: IBRD takes the integer part, FBRD the fraction. */
static void pl011_set_baud(struct pl011_port *port)
{
	u32 div = (u32)((port->uartclk * 4 + port->baud / 2) / port->baud);

	for (int spin = 0; readl(port->base + UART01x_FR) & UART01x_FR_BUSY; spin++)
		if (spin == TX_SPIN_LIMIT)
			break;
	writel(0, port->base + UART011_CR);
	writel(div >> 6, port->base + UART011_IBRD);
	writel(div & 0x3f, port->base + UART011_FBRD);
	writel(UART01x_LCRH_WLEN_8 | UART01x_LCRH_FEN, port->base + UART011_LCRH);
}

static int pl011_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct pl011_port *port;
	bool is_console;
	struct clk *clk;
	u32 cid, pid;
	int ret;

	port = devm_kzalloc(dev, sizeof(*port), GFP_KERNEL);
	if (!port)
		return -ENOMEM;
	port->dev = dev;
	port->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(port->base))
		return (int)PTR_ERR(port->base);
	cid = amba_read_id(port->base, UART_CELLID0);
	pid = amba_read_id(port->base, UART_PERIPHID0);
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

	port->line = pl011_pick_line(dev->of_node);
	if (port->line < 0)
		return dev_err_probe(dev, port->line, "no free ttyAMA number");
	snprintf(port->name, sizeof(port->name), "ttyAMA%d", port->line);
	port->baud = pl011_pick_baud(port, &is_console);
	/* Neither names a console: the UART the early console found (serial0
	 * alias, first UART) takes over, as Linux hands a boot console over. */
	if (!is_console && earlycon_mapbase() &&
	    platform_get_resource(pdev, IORESOURCE_MEM, 0)->start == earlycon_mapbase())
		is_console = true;

	writel(0, port->base + UART011_IMSC);
	if (port->uartclk)
		pl011_set_baud(port);
	else
		dev_warn(dev, "no clock in the tree: keeping the divisor already set\n");
	writel(UART011_CR_UARTEN | UART011_CR_TXE | UART011_CR_RXE, port->base + UART011_CR);
	writel(UART011_ICR_ALL, port->base + UART011_ICR);

	ret = devm_request_irq(dev, (unsigned int)port->irq, pl011_rx_interrupt, 0,
			       dev_name(dev), port);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request IRQ %d", port->irq);
	writel(UART011_RXIM | UART011_RTIM, port->base + UART011_IMSC);

	pl011_ports[port->line] = port;
	platform_set_drvdata(pdev, port);
	dev_info(dev, "%s: PL011 rev %u, virq %d, %u baud (%lu Hz clock)%s\n", port->name,
		 (pid >> 20) & 0xf, port->irq, port->baud, port->uartclk,
		 is_console ? ", console" : "");
	if (is_console) {
		strscpy(port->con.name, "ttyAMA", sizeof(port->con.name));
		port->con.write = pl011_console_write;
		port->con.getc = pl011_console_getc;
		port->con.index = (short)port->line;
		port->con.data = port;
		register_console(&port->con);
		device_set_essential(dev, "console", port->name);
	}
	return 0;
}

static int pl011_remove(struct platform_device *pdev)
{
	struct pl011_port *port = platform_get_drvdata(pdev);

	writel(0, port->base + UART011_IMSC);
	if (port->con.data) {
		device_clear_essential(&pdev->dev, "console");
		unregister_console(&port->con);
	}
	pl011_ports[port->line] = NULL;
	return 0;
}

static int cmd_ttys(int argc, char **argv)
{
	printf("%-8s %-18s %5s %7s %10s %6s %8s %9s %s\n", "tty", "device", "virq", "baud",
	       "rx", "errors", "overruns", "throttled", "console");
	for (int i = 0; i < PL011_MAX_LINES; i++) {
		struct pl011_port *p = pl011_ports[i];

		if (!p)
			continue;
		printf("%-8s %-18s %5d %7u %10lu %6lu %8lu %9lu %s\n", p->name, dev_name(p->dev),
		       p->irq, p->baud, p->rx_chars, p->rx_errors, p->rx_overruns, p->rx_throttled,
		       p->con.data ? "yes" : "-");
	}
	return 0;
}
SHELL_COMMAND(ttys, cmd_ttys, "ttys", "PL011 UARTs: ttyAMA name, device, IRQ, baud, receive counts",
	      .topic = TOPIC_DEVICES, .example = "ttys");

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
