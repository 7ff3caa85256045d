// SPDX-License-Identifier: BSD-2-Clause
/*
 * Freescale/NXP i.MX UART (i.MX21 family: i.MX6Q, i.MX6UL and the others
 * whose trees say "fsl,imx21-uart" or "fsl,imx6q-uart").
 *
 * Two parts, as in amba-pl011.c: the early console (polled, on the UART
 * /chosen/stdout-path names, before the heap or the driver core), then the
 * platform driver: one device per UART in the tree, ttymxc<n> (n from its
 * serialN alias), receive by interrupt into a ring buffer, and the console
 * handed over from the early console when the stdout-path UART probes.
 *
 * The block has no ID register: the early console believes the tree once
 * the control registers it writes read back (QEMU reads unmapped space as
 * zeros).  Unlike a PL011 left on by firmware, QEMU resets the i.MX UART
 * disabled with its transmitter off, so the early console turns them on.
 */
#define pr_fmt(fmt) "imx-uart: " fmt

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

/* Registers (i.MX6 reference manuals, "UART"), offsets from the base. */
#define URXD0			0x00	/* receive: data and status of one char */
#define URTX0			0x40	/* transmit */
#define UCR1			0x80
#define UCR2			0x84
#define UCR3			0x88
#define UCR4			0x8c
#define UFCR			0x90
#define USR1			0x94
#define USR2			0x98
#define UBIR			0xa4	/* baud rate: increment ... */
#define UBMR			0xa8	/* ... and modulator */
#define UTS			0xb4	/* test: FIFO state */

#define URXD_CHARRDY		BIT(15)
#define URXD_ERR		BIT(14)
#define URXD_OVRRUN		BIT(13)
#define UCR1_UARTEN		BIT(0)
#define UCR1_RRDYEN		BIT(9)	/* interrupt: receiver ready */
#define UCR1_TRDYEN		BIT(13)
#define UCR1_IDEN		BIT(12)
#define UCR1_TXMPTYEN		BIT(6)
#define UCR2_SRST		BIT(0)	/* 0 resets the block */
#define UCR2_RXEN		BIT(1)
#define UCR2_TXEN		BIT(2)
#define UCR2_WS			BIT(5)	/* 8-bit words */
#define UCR2_IRTS		BIT(14)	/* ignore RTS */
#define UCR3_RXDMUXSEL		BIT(2)	/* i.MX6: must be set */
#define UCR4_DREN		BIT(0)	/* interrupt: receive data ready */
#define UFCR_RXTL_SHIFT		0	/* receiver interrupts at this many chars */
#define UFCR_RFDIV_SHIFT	7
#define UFCR_RFDIV_2		(4 << UFCR_RFDIV_SHIFT)	/* ref clock = per clock / 2 */
#define UFCR_TXTL_SHIFT		10
#define USR2_RDR		BIT(0)	/* receive data ready */
#define UTS_TXFULL		BIT(4)

/* A TX FIFO that stays full this long is broken: drop the char, don't hang. */
#define TX_SPIN_LIMIT		100000

#define IMX_UCR2_ON		(UCR2_SRST | UCR2_RXEN | UCR2_TXEN | UCR2_WS | UCR2_IRTS)

/* ===================== early console ===================== */

static void __iomem *early_base;

static void imx_uart_putc(void __iomem *base, char c)
{
	for (int spin = 0; readl(base + UTS) & UTS_TXFULL; spin++)
		if (spin == TX_SPIN_LIMIT)
			return;
	writel((u8)c, base + URTX0);
}

static void imx_uart_early_write(struct console *co, const char *s, unsigned int n)
{
	for (; n; n--, s++) {
		if (*s == '\n')
			imx_uart_putc(early_base, '\r');
		imx_uart_putc(early_base, *s);
	}
}

static int imx_uart_early_getc(struct console *co)
{
	u32 rx;

	if (!(readl(early_base + USR2) & USR2_RDR))
		return -EAGAIN;
	rx = readl(early_base + URXD0);
	if (!(rx & URXD_CHARRDY) || (rx & URXD_ERR))
		return -EAGAIN;
	return rx & 0xff;
}

static struct console imx_uart_early_console = {
	.name = "imxuart",
	.write = imx_uart_early_write,
	.getc = imx_uart_early_getc,
	.flags = CON_BOOT | CON_PRINTBUFFER,
	.index = -1,
};

/*
 * Transmitter and receiver on, 8 bits, no flow control; the baud rate is
 * whatever firmware (or QEMU's reset, which ignores it) left.  The UART
 * must answer: the enable bits read back, else there is no UART here.
 */
static int imx_uart_early_setup(struct earlycon_device *dev, const char *options)
{
	void __iomem *base = dev->membase;

	writel(readl(base + UCR2) | IMX_UCR2_ON, base + UCR2);
	writel(readl(base + UCR1) | UCR1_UARTEN, base + UCR1);
	if ((readl(base + UCR2) & IMX_UCR2_ON) != IMX_UCR2_ON ||
	    !(readl(base + UCR1) & UCR1_UARTEN))
		return -ENODEV;
	early_base = base;
	dev->con = &imx_uart_early_console;
	return 0;
}
OF_EARLYCON_DECLARE(imx21, "fsl,imx21-uart", imx_uart_early_setup);
OF_EARLYCON_DECLARE(imx6q, "fsl,imx6q-uart", imx_uart_early_setup);

/* ===================== platform driver ===================== */

#define IMX_DEFAULT_BAUD	115200	/* when neither bootargs nor the tree say */
#define IMX_RX_RING		1024	/* a power of two */
#define IMX_MAX_LINES		8
#define IMX_CTRL_C		0x03

struct imx_port {
	void __iomem *base;
	struct device *dev;
	struct console con;
	char name[16];			/* "ttymxc0" */
	int line;
	unsigned long uartclk;		/* the "per" clock */
	unsigned int baud;
	int irq;
	unsigned long rx_chars, rx_errors, rx_overruns, rx_throttled;
	unsigned long overruns_reported;
	bool throttled;			/* receive interrupt masked: the ring is full */
	/* The IRQ handler moves head, the console reader moves tail. */
	volatile unsigned int head, tail;
	u8 ring[IMX_RX_RING];
};

static struct imx_port *imx_ports[IMX_MAX_LINES];	/* by ttymxc number */

static void imx_uart_rx_irq(struct imx_port *port, bool on)
{
	u32 ucr1 = readl(port->base + UCR1);

	writel(on ? ucr1 | UCR1_RRDYEN : ucr1 & ~UCR1_RRDYEN, port->base + UCR1);
}

/* Moves what the receiver holds into the ring; returns how many chars. */
static unsigned int imx_uart_drain_rx(struct imx_port *port)
{
	unsigned int n = 0;

	while (readl(port->base + USR2) & USR2_RDR) {
		unsigned int head = port->head;
		u32 rx;

		if (head - port->tail >= IMX_RX_RING) {
			/* Full: mask receive and leave the rest in the FIFO. */
			imx_uart_rx_irq(port, false);
			port->throttled = true;
			port->rx_throttled++;
			break;
		}
		rx = readl(port->base + URXD0);
		n++;
		if (rx & URXD_OVRRUN)
			port->rx_overruns++;
		if (rx & URXD_ERR && !(rx & URXD_OVRRUN)) {
			port->rx_errors++;
			continue;
		}
		if ((u8)rx == IMX_CTRL_C && (port->con.flags & CON_ENABLED))
			console_intr();
		port->ring[head % IMX_RX_RING] = (u8)rx;
		port->head = head + 1;
		port->rx_chars++;
	}
	return n;
}

/* The receive-ready status clears itself when the FIFO is read empty. */
static irqreturn_t imx_uart_rx_interrupt(int irq, void *dev_id)
{
	return imx_uart_drain_rx(dev_id) ? IRQ_HANDLED : IRQ_NONE;
}

static int imx_uart_console_getc(struct console *co)
{
	struct imx_port *port = co->data;
	unsigned int tail = port->tail;
	u8 ch;

	if (port->rx_overruns != port->overruns_reported) {
		port->overruns_reported = port->rx_overruns;
		pr_warn("%s: input lost: %lu receive overrun(s) so far\n", port->name,
			port->rx_overruns);
	}
	if (port->throttled && port->head - tail <= IMX_RX_RING / 2) {
		unsigned long flags;

		local_irq_save(flags);
		port->throttled = false;
		imx_uart_rx_irq(port, true);
		imx_uart_drain_rx(port);
		local_irq_restore(flags);
	}
	if (tail == port->head)
		return -EAGAIN;
	ch = port->ring[tail % IMX_RX_RING];
	port->tail = tail + 1;
	return ch;
}

static void imx_uart_console_write(struct console *co, const char *s, unsigned int n)
{
	struct imx_port *port = co->data;

	for (; n; n--, s++) {
		if (*s == '\n')
			imx_uart_putc(port->base, '\r');
		imx_uart_putc(port->base, *s);
	}
}

/* The alias number when free, else the first number no alias claims. */
static int imx_uart_pick_line(struct device_node *np)
{
	int line = of_alias_get_id(np, "serial");

	if (line >= 0 && line < IMX_MAX_LINES && !imx_ports[line])
		return line;
	for (line = of_alias_get_highest_id("serial") + 1; line < IMX_MAX_LINES; line++)
		if (line >= 0 && !imx_ports[line])
			return line;
	return -ENOSPC;
}

/*
 * The reference clock is the per clock / 2 (RFDIV); the baud rate is
 * ref / (16 * (UBMR + 1) / (UBIR + 1)): UBIR + 1 = 16 makes UBMR + 1 the
 * plain divisor ref / baud.
 */
static void imx_uart_set_baud(struct imx_port *port)
{
	unsigned long ref = port->uartclk / 2;
	u32 ubmr = (u32)((ref + port->baud / 2) / port->baud);

	writel(UFCR_RFDIV_2 | (2 << UFCR_TXTL_SHIFT) | (1 << UFCR_RXTL_SHIFT), port->base + UFCR);
	writel(15, port->base + UBIR);
	writel(ubmr ? ubmr - 1 : 0, port->base + UBMR);
}

static int imx_uart_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct imx_port *port;
	bool is_console;
	struct clk *ipg, *per;
	int ret;

	port = devm_kzalloc(dev, sizeof(*port), GFP_KERNEL);
	if (!port)
		return -ENOMEM;
	port->dev = dev;
	port->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(port->base))
		return (int)PTR_ERR(port->base);

	/* "ipg" clocks the registers, "per" the baud rate generator. */
	ipg = devm_clk_get(dev, "ipg");
	if (IS_ERR(ipg))
		return dev_err_probe(dev, (int)PTR_ERR(ipg), "no ipg clock");
	per = devm_clk_get(dev, "per");
	if (IS_ERR(per))
		return dev_err_probe(dev, (int)PTR_ERR(per), "no per clock");
	port->uartclk = clk_get_rate(per);

	port->irq = platform_get_irq(pdev, 0);
	if (port->irq < 0)
		return port->irq;

	port->line = imx_uart_pick_line(dev->of_node);
	if (port->line < 0)
		return dev_err_probe(dev, port->line, "no free ttymxc number");
	snprintf(port->name, sizeof(port->name), "ttymxc%d", port->line);
	/* Bootargs' console= or stdout-path, as for every UART. */
	is_console = false;
	port->baud = uart_console_baud(dev->of_node, port->name, &is_console);
	if (!port->baud)
		port->baud = IMX_DEFAULT_BAUD;
	if (!is_console && earlycon_mapbase() &&
	    platform_get_resource(pdev, IORESOURCE_MEM, 0)->start == earlycon_mapbase())
		is_console = true;

	writel(readl(port->base + UCR1) & ~(UCR1_RRDYEN | UCR1_TRDYEN | UCR1_TXMPTYEN | UCR1_IDEN),
	       port->base + UCR1);
	writel(0, port->base + UCR4);
	writel(readl(port->base + UCR2) | IMX_UCR2_ON, port->base + UCR2);
	writel(readl(port->base + UCR3) | UCR3_RXDMUXSEL, port->base + UCR3);
	if (port->uartclk)
		imx_uart_set_baud(port);
	else
		dev_warn(dev, "per clock has no rate: keeping the divisor already set\n");
	writel(readl(port->base + UCR1) | UCR1_UARTEN, port->base + UCR1);

	/* Named by its tty, as `irqs` shows it. */
	ret = devm_request_irq(dev, (unsigned int)port->irq, imx_uart_rx_interrupt, 0,
			       port->name, port);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request IRQ %d", port->irq);
	imx_uart_rx_irq(port, true);

	imx_ports[port->line] = port;
	platform_set_drvdata(pdev, port);
	dev_info(dev, "%s: virq %d, %u baud (%lu Hz per clock)%s\n", port->name, port->irq,
		 port->baud, port->uartclk, is_console ? ", console" : "");
	if (is_console) {
		strscpy(port->con.name, "ttymxc", sizeof(port->con.name));
		port->con.write = imx_uart_console_write;
		port->con.getc = imx_uart_console_getc;
		port->con.index = (short)port->line;
		port->con.data = port;
		register_console(&port->con);
		device_set_essential(dev, "console", port->name);
	}
	return 0;
}

static int imx_uart_remove(struct platform_device *pdev)
{
	struct imx_port *port = platform_get_drvdata(pdev);

	imx_uart_rx_irq(port, false);
	if (port->con.data) {
		device_clear_essential(&pdev->dev, "console");
		unregister_console(&port->con);
	}
	imx_ports[port->line] = NULL;
	return 0;
}

static const struct of_device_id imx_uart_dt_ids[] = {
	{ .compatible = "fsl,imx6q-uart" },
	{ .compatible = "fsl,imx21-uart" },
	{ }
};

static struct platform_driver imx_uart_platform_driver = {
	.probe = imx_uart_probe,
	.remove = imx_uart_remove,
	.driver = {
		.name = "imx-uart",
		.of_match_table = imx_uart_dt_ids,
	},
};
module_platform_driver(imx_uart_platform_driver);
