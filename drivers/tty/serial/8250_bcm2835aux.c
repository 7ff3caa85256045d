// SPDX-License-Identifier: BSD-2-Clause
/*
 * The BCM2835 mini UART (`brcm,bcm2835-aux-uart`, the Pi's "uart1"): a
 * cut-down 16550 with its registers four bytes apart, an 8-deep FIFO each
 * way, no scratch register that keeps a value, and a baud rate set by one
 * 16-bit register: baud = clock / (8 * (AUX_MU_BAUD + 1)).  Its clock and
 * its enable bit come from the `brcm,bcm2835-aux` block
 * (drivers/clk/bcm/clk-bcm2835-aux.c): enabling the clock is what makes
 * the registers answer at all.  A clock at 0 Hz (the VPU divider firmware
 * did not set: QEMU 7.2's cprman leaves it at 0) falls back to the node's
 * clock-frequency, as Linux's driver does, else keeps firmware's divisor.
 *
 * Two parts, as amba-pl011.c: the early console (polled, on the UART
 * /chosen/stdout-path names, firmware's baud rate kept), then the platform
 * driver, ttyS<n> with interrupt receive into the serial core's ring,
 * which takes the console over from the early console.
 */
#define pr_fmt(fmt) "bcm2835aux: " fmt

#include <linux/clk.h>
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/serial_core.h>
#include <asm/io.h>

/* Registers, offsets from the mini UART's reg (the aux block's 0x40). */
#define AUX_MU_IO		0x00
#define AUX_MU_IER		0x04
#define AUX_MU_IIR		0x08
#define AUX_MU_LCR		0x0c
#define AUX_MU_LSR		0x14
#define AUX_MU_CNTL		0x20
#define AUX_MU_BAUD		0x28

/*
 * Receive is bit 0, as on a 16550 (the datasheet says bit 1; its errata,
 * Linux's 8250 core on the chip and QEMU 7.2 say bit 0), and per the
 * errata bits 2-3 must be set too or no interrupt reaches the line.
 */
#define AUX_MU_IER_RX		0x0d
#define AUX_MU_IIR_CLEAR_RX	0x02	/* written: empty the receive FIFO */
#define AUX_MU_IIR_CLEAR_TX	0x04
#define AUX_MU_IIR_FIFOS_ON	0xc0	/* "always read as 1": our signature */
#define AUX_MU_LCR_8BIT		0x03
#define AUX_MU_LSR_DR		0x01
#define AUX_MU_LSR_OE		0x02
#define AUX_MU_LSR_THRE		0x20
#define AUX_MU_CNTL_RX		0x01
#define AUX_MU_CNTL_TX		0x02
#define AUX_MU_BAUD_MAX		0xffff

/* A transmitter that stays busy this long is broken: drop the char. */
#define TX_SPIN_LIMIT		100000

/*
 * QEMU reads unmapped space as zeros, and a gated mini UART reads as
 * zeros on the chip: the two IIR bits the hardware fixes at 1 tell us one
 * answers.
 */
static bool bcm2835aux_answers(void __iomem *base)
{
	return (readl(base + AUX_MU_IIR) & AUX_MU_IIR_FIFOS_ON) == AUX_MU_IIR_FIFOS_ON;
}

static void bcm2835aux_putc(void __iomem *base, char c)
{
	for (int spin = 0; !(readl(base + AUX_MU_LSR) & AUX_MU_LSR_THRE); spin++)
		if (spin == TX_SPIN_LIMIT)
			return;
	writel((u8)c, base + AUX_MU_IO);
}

static void bcm2835aux_write(void __iomem *base, const char *s, unsigned int n)
{
	for (; n; n--, s++) {
		if (*s == '\n')
			bcm2835aux_putc(base, '\r');
		bcm2835aux_putc(base, *s);
	}
}

/* ===================== early console ===================== */

static void __iomem *early_base;

static void bcm2835aux_early_write(struct console *co, const char *s, unsigned int n)
{
	bcm2835aux_write(early_base, s, n);
}

static int bcm2835aux_early_getc(struct console *co)
{
	if (!(readl(early_base + AUX_MU_LSR) & AUX_MU_LSR_DR))
		return -EAGAIN;
	return (int)(readl(early_base + AUX_MU_IO) & 0xff);
}

static struct console bcm2835aux_early_console = {
	.name = "bcm2835aux",
	.write = bcm2835aux_early_write,
	.getc = bcm2835aux_early_getc,
	.flags = CON_BOOT | CON_PRINTBUFFER,
	.index = -1,
};

/*
 * No clock this early: firmware enabled the block (enable_uart=1 on a Pi)
 * and set the baud rate; we only make sure 8 bits, transmit and receive.
 */
static int bcm2835aux_early_setup(struct earlycon_device *dev, const char *options)
{
	void __iomem *base = dev->membase;

	if (!bcm2835aux_answers(base)) {
		dev->reason = "IIR's FIFO bits read 0: not a mini UART, or its aux enable is off";
		return -ENODEV;
	}
	early_base = base;
	writel(0, base + AUX_MU_IER);
	writel(AUX_MU_LCR_8BIT, base + AUX_MU_LCR);
	writel(AUX_MU_CNTL_RX | AUX_MU_CNTL_TX, base + AUX_MU_CNTL);
	dev->con = &bcm2835aux_early_console;
	return 0;
}
OF_EARLYCON_DECLARE(bcm2835aux, "brcm,bcm2835-aux-uart", bcm2835aux_early_setup);

/* ===================== platform driver ===================== */

struct bcm2835aux_port {
	struct uart_port port;		/* first: the core's ring, name and counts */
	void __iomem *base;
	struct clk *clk;
	u32 baud_reg;			/* what AUX_MU_BAUD was set to */
};

static void bcm2835aux_rx_irq(struct bcm2835aux_port *up, bool on)
{
	writel(on ? AUX_MU_IER_RX : 0, up->base + AUX_MU_IER);
}

/* Moves what the receive FIFO holds into the ring; returns how many. */
static unsigned int bcm2835aux_drain_rx(struct bcm2835aux_port *up)
{
	struct uart_port *port = &up->port;
	unsigned int n = 0;
	u32 lsr;

	while ((lsr = readl(up->base + AUX_MU_LSR)) & AUX_MU_LSR_DR) {
		if (!uart_rx_room(port)) {
			bcm2835aux_rx_irq(up, false);
			uart_throttled(port);
			break;
		}
		if (lsr & AUX_MU_LSR_OE)
			port->rx_overruns++;
		uart_insert_char(port, (u8)readl(up->base + AUX_MU_IO));
		n++;
	}
	return n;
}

/* The line stays up while the receive FIFO holds anything: empty it. */
static irqreturn_t bcm2835aux_interrupt(int irq, void *dev_id)
{
	return bcm2835aux_drain_rx(dev_id) ? IRQ_HANDLED : IRQ_NONE;
}

/* Half the ring read: take the FIFO again and let it interrupt. */
static void bcm2835aux_unthrottle(struct uart_port *port)
{
	struct bcm2835aux_port *up = container_of(port, struct bcm2835aux_port, port);

	bcm2835aux_rx_irq(up, true);
	bcm2835aux_drain_rx(up);
}

static void bcm2835aux_console_write(struct console *co, const char *s, unsigned int n)
{
	struct bcm2835aux_port *up = container_of(co, struct bcm2835aux_port, port.con);

	bcm2835aux_write(up->base, s, n);
}

/*
 * baud = clock / (8 * (AUX_MU_BAUD + 1)), rounded to the nearest divisor.
 * Return: 0; -ERANGE when the clock cannot give @baud with 16 bits.
 */
static int bcm2835aux_set_baud(struct bcm2835aux_port *up)
{
	unsigned long clk = up->port.uartclk, per = 8UL * up->port.baud;
	unsigned long div = (clk + per / 2) / per;

	if (div < 1 || div - 1 > AUX_MU_BAUD_MAX)
		return -ERANGE;
	writel(0, up->base + AUX_MU_CNTL);
	writel(AUX_MU_LCR_8BIT, up->base + AUX_MU_LCR);
	up->baud_reg = (u32)(div - 1);
	writel(up->baud_reg, up->base + AUX_MU_BAUD);
	writel(AUX_MU_CNTL_RX | AUX_MU_CNTL_TX, up->base + AUX_MU_CNTL);
	return 0;
}

static void bcm2835aux_clk_off(void *clk)
{
	clk_disable_unprepare(clk);
}

static int bcm2835aux_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct bcm2835aux_port *up;
	struct uart_port *port;
	struct resource *res;
	bool is_console;
	u32 freq;
	int ret;

	up = devm_kzalloc(dev, sizeof(*up), GFP_KERNEL);
	if (!up)
		return -ENOMEM;
	port = &up->port;
	port->dev = dev;
	port->prefix = "ttyS";
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return dev_err_probe(dev, -EINVAL, "no reg");
	up->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(up->base))
		return (int)PTR_ERR(up->base);

	/* The clock is the enable: without it the registers do not answer. */
	up->clk = devm_clk_get(dev, NULL);
	if (IS_ERR(up->clk))
		return dev_err_probe(dev, (int)PTR_ERR(up->clk),
				     "no clock: the aux block's gate gives the baud rate and the enable");
	clk_prepare_enable(up->clk);
	ret = devm_add_action_or_reset(dev, bcm2835aux_clk_off, up->clk);
	if (ret)
		return ret;
	port->uartclk = clk_get_rate(up->clk);
	if (!port->uartclk && !of_property_read_u32(dev->of_node, "clock-frequency", &freq))
		port->uartclk = freq;
	if (!bcm2835aux_answers(up->base))
		return dev_err_probe(dev, -ENODEV, "no mini UART answers at 0x%08llx (IIR reads 0x%x)",
				     (unsigned long long)res->start, readl(up->base + AUX_MU_IIR));

	port->irq = platform_get_irq(pdev, 0);
	if (port->irq < 0)
		return port->irq;
	ret = uart_setup_port(port, res->start, &is_console);
	if (ret)
		return dev_err_probe(dev, ret, "no free ttyS number");
	if (port->uartclk) {
		ret = bcm2835aux_set_baud(up);
		if (ret)
			return dev_err_probe(dev, ret, "%u baud is out of reach of %lu Hz",
					     port->baud, port->uartclk);
	} else {
		dev_warn(dev, "clock %s runs at 0 Hz (its VPU divider is not set up) and no clock-frequency: keeping the divisor already set\n",
			 __clk_get_name(up->clk));
	}
	/* Whatever was pending before us is stale. */
	writel(0, up->base + AUX_MU_IER);
	writel(AUX_MU_IIR_CLEAR_RX | AUX_MU_IIR_CLEAR_TX, up->base + AUX_MU_IIR);

	/* Named by its tty, as Linux's 8250 does in /proc/interrupts. */
	ret = devm_request_irq(dev, (unsigned int)port->irq, bcm2835aux_interrupt, 0,
			       port->name, up);
	if (ret)
		return dev_err_probe(dev, ret, "cannot request IRQ %d", port->irq);
	port->unthrottle = bcm2835aux_unthrottle;
	bcm2835aux_rx_irq(up, true);

	platform_set_drvdata(pdev, up);
	if (port->uartclk)
		dev_info(dev, "%s: mini UART, virq %d, %u baud (%lu Hz clock, AUX_MU_BAUD %u)%s\n",
			 port->name, port->irq, port->baud, port->uartclk, up->baud_reg,
			 is_console ? ", console" : "");
	else
		dev_info(dev, "%s: mini UART, virq %d, divisor as firmware set it%s\n",
			 port->name, port->irq, is_console ? ", console" : "");
	port->con.write = bcm2835aux_console_write;
	ret = uart_add_one_port(port, is_console);
	if (ret)
		bcm2835aux_rx_irq(up, false);
	return ret;
}

static int bcm2835aux_remove(struct platform_device *pdev)
{
	struct bcm2835aux_port *up = platform_get_drvdata(pdev);

	bcm2835aux_rx_irq(up, false);
	uart_remove_one_port(&up->port);
	return 0;
}

static const struct of_device_id bcm2835aux_of_match[] = {
	{ .compatible = "brcm,bcm2835-aux-uart" },
	{ }
};

static struct platform_driver bcm2835aux_driver = {
	.probe = bcm2835aux_probe,
	.remove = bcm2835aux_remove,
	.driver = {
		.name = "bcm2835-aux-uart",
		.of_match_table = bcm2835aux_of_match,
	},
};
module_platform_driver(bcm2835aux_driver);
