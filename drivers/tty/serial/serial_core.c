// SPDX-License-Identifier: BSD-2-Clause
/*
 * What every UART driver shares once it has a device: the tty name from
 * the serialN alias, the baud rate and console role from bootargs and
 * /chosen/stdout-path, the receive ring between the IRQ handler and the
 * console, and the `ttys` command listing every UART of every driver
 * (and writing a line out of one, polled, as its console would).
 * The drivers (amba-pl011.c, 8250_of.c) keep only their registers.
 */
#define pr_fmt(fmt) "serial: " fmt

#include <linux/device.h>
#include <linux/errno.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/serial_core.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/shell.h>

#define UART_CTRL_C		0x03

static LIST_HEAD(uart_ports);

static struct uart_port *uart_find_line(const char *prefix, int line)
{
	struct uart_port *p;

	list_for_each_entry(p, &uart_ports, list)
		if (p->line == line && !strcmp(p->prefix, prefix))
			return p;
	return NULL;
}

unsigned int uart_parse_baud(const char *opt)
{
	unsigned int baud = 0;

	while (opt && *opt >= '0' && *opt <= '9' && baud < 10000000)
		baud = baud * 10 + (unsigned int)(*opt++ - '0');
	return baud;
}

/* The alias number when free, else the first number no alias claims. */
static int uart_pick_line(struct uart_port *port)
{
	int line = of_alias_get_id(port->dev->of_node, "serial");

	if (line >= 0 && line < UART_MAX_LINES && !uart_find_line(port->prefix, line))
		return line;
	for (line = of_alias_get_highest_id("serial") + 1; line < UART_MAX_LINES; line++)
		if (line >= 0 && !uart_find_line(port->prefix, line))
			return line;
	return -ENOSPC;
}

/**
 * uart_console_baud() - the console and rate the boot asks of a UART
 * @np: the UART's node
 * @name: its tty name ("ttyS0")
 * @is_console: set true when bootargs or /chosen/stdout-path names it
 *
 * "console=<name>[,<baud>]" in bootargs wins; else the options of
 * /chosen/stdout-path when it names @np.
 * Return: the rate asked for, 0 when neither gives one (no error).
 */
unsigned int uart_console_baud(const struct device_node *np, const char *name,
			       bool *is_console)
{
	const char *path = NULL, *opts = NULL, *args = NULL, *p;
	unsigned int baud = 0;
	size_t len = strlen(name);

	if (of_chosen)
		of_property_read_string(of_chosen, "stdout-path", &path);
	if (path) {
		struct device_node *out = of_find_node_opts_by_path(path, &opts);

		if (out == np) {
			*is_console = true;
			baud = uart_parse_baud(opts);
		}
		of_node_put(out);
	}
	if (of_chosen)
		of_property_read_string(of_chosen, "bootargs", &args);
	/* Each space-separated word; "console=ttyAMA0,115200" names us. */
	for (p = args; p && *p; ) {
		const char *word = p;

		while (*p && *p != ' ')
			p++;
		if (!strncmp(word, "console=", 8) && !strncmp(word + 8, name, len) &&
		    (word + 8 + len == p || word[8 + len] == ',')) {
			*is_console = true;
			if (word[8 + len] == ',')
				baud = uart_parse_baud(word + 9 + len);
		}
		while (*p == ' ')
			p++;
	}
	return baud;
}

int uart_setup_port(struct uart_port *port, phys_addr_t mapbase, bool *is_console)
{
	unsigned int baud;

	*is_console = false;
	port->line = uart_pick_line(port);
	if (port->line < 0)
		return port->line;
	snprintf(port->name, sizeof(port->name), "%s%d", port->prefix, port->line);
	baud = uart_console_baud(port->dev->of_node, port->name, is_console);
	/* What the console asks wins; then what the tree says the line runs at. */
	if (!baud && of_property_read_u32(port->dev->of_node, "current-speed", &baud))
		baud = 0;
	port->baud = baud ? baud : UART_DEFAULT_BAUD;
	/* Neither names a console: the UART the early console found (serial0
	 * alias, first UART) takes over, as Linux hands a boot console over. */
	if (!*is_console && earlycon_mapbase() && mapbase == earlycon_mapbase())
		*is_console = true;
	return 0;
}

void uart_insert_char(struct uart_port *port, u8 ch)
{
	unsigned int head = port->head;

	if ((u8)ch == UART_CTRL_C && (port->con.flags & CON_ENABLED))
		console_intr();
	port->ring[head % UART_RX_RING] = ch;
	port->head = head + 1;
	port->rx_chars++;
}

/*
 * Flow control: a full ring masks the receive interrupt and leaves the
 * rest in the FIFO, and QEMU then holds what follows.  Half the ring read
 * lets the driver take the FIFO again.
 */
int uart_console_getc(struct console *co)
{
	struct uart_port *port = co->data;
	unsigned int tail = port->tail;
	u8 ch;

	if (port->rx_overruns != port->overruns_reported) {
		port->overruns_reported = port->rx_overruns;
		pr_warn("%s: input lost: %lu receive overrun(s) so far\n", port->name,
			port->rx_overruns);
	}
	if (port->throttled && port->head - tail <= UART_RX_RING / 2) {
		unsigned long flags;

		local_irq_save(flags);
		port->throttled = false;
		port->unthrottle(port);
		local_irq_restore(flags);
	}
	if (tail == port->head)
		return -EAGAIN;
	ch = port->ring[tail % UART_RX_RING];
	port->tail = tail + 1;
	return ch;
}

int uart_add_one_port(struct uart_port *port, bool is_console)
{
	struct uart_port *p;
	struct list_head *before = &uart_ports;

	if (uart_find_line(port->prefix, port->line))
		return -EBUSY;
	/* Kept in name order, so `ttys` lists ttyAMA0 before ttyAMA1. */
	list_for_each_entry(p, &uart_ports, list) {
		int c = strcmp(p->prefix, port->prefix);

		if (c > 0 || (!c && p->line > port->line)) {
			before = &p->list;
			break;
		}
	}
	list_add_tail(&port->list, before);
	if (is_console) {
		strscpy(port->con.name, port->prefix, sizeof(port->con.name));
		port->con.getc = uart_console_getc;
		port->con.index = (short)port->line;
		port->con.data = port;
		register_console(&port->con);
		device_set_essential(port->dev, "console", port->name);
	}
	return 0;
}

void uart_remove_one_port(struct uart_port *port)
{
	if (port->con.data) {
		device_clear_essential(port->dev, "console");
		unregister_console(&port->con);
		port->con.data = NULL;
	}
	list_del(&port->list);
}

/* `ttys write NAME TEXT...`: the words and a line end, out of that UART. */
static int ttys_write(int argc, char **argv)
{
	struct uart_port *p;

	list_for_each_entry(p, &uart_ports, list) {
		if (strcmp(p->name, argv[2]))
			continue;
		if (!p->con.write) {
			printf("ttys: %s: its driver cannot write outside the console\n", p->name);
			return -EOPNOTSUPP;
		}
		for (int i = 3; i < argc; i++) {
			p->con.write(&p->con, argv[i], (unsigned int)strlen(argv[i]));
			p->con.write(&p->con, i + 1 < argc ? " " : "\n", 1);
		}
		return 0;
	}
	printf("ttys: no %s (see ttys)\n", argv[2]);
	return -ENODEV;
}

static int cmd_ttys(int argc, char **argv)
{
	struct uart_port *p;

	if (argc >= 4 && !strcmp(argv[1], "write"))
		return ttys_write(argc, argv);
	if (argc > 1) {
		printf("usage: ttys [write NAME TEXT...]\n");
		return -EINVAL;
	}
	printf("%-8s %-18s %5s %7s %10s %6s %8s %9s %s\n", "tty", "device", "virq", "baud",
	       "rx", "errors", "overruns", "throttled", "console");
	list_for_each_entry(p, &uart_ports, list)
		printf("%-8s %-18s %5d %7u %10lu %6lu %8lu %9lu %s\n", p->name, dev_name(p->dev),
		       p->irq, p->baud, p->rx_chars, p->rx_errors, p->rx_overruns, p->rx_throttled,
		       p->con.data ? "yes" : "-");
	return 0;
}
SHELL_COMMAND(ttys, cmd_ttys, "ttys [write NAME TEXT...]",
	      "UARTs of every driver: tty name, device, IRQ, baud, receive counts; or write a line to one",
	      .topic = TOPIC_DEVICES, .example = "ttys");
