// SPDX-License-Identifier: BSD-2-Clause
/*
 * The console list.  printk writes to every enabled console; the shell
 * reads characters from the first console that has one.  When the first
 * real (non-boot) console registers, the early console goes away, so a
 * student sees the switch in one log line and no line twice.
 */
#define pr_fmt(fmt) "console: " fmt

#include <linux/console.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <asm/irqflags.h>

void log_buf_replay(struct console *co);

static struct console *console_list;

static void console_unlink(struct console *co)
{
	struct console **pp;

	for (pp = &console_list; *pp; pp = &(*pp)->next) {
		if (*pp == co) {
			*pp = co->next;
			co->next = NULL;
			co->flags &= ~CON_ENABLED;
			return;
		}
	}
}

/*
 * register_console() - add @co and start printing to it
 *
 * A real console replaces every boot console (which typically drives the
 * same UART): they are unregistered first and the log is not replayed, as
 * it has already been printed on that UART.
 */
void register_console(struct console *co)
{
	char replaced[64] = "";
	unsigned long flags;
	bool replay = co->flags & CON_PRINTBUFFER;

	local_irq_save(flags);
	if (!(co->flags & CON_BOOT)) {
		struct console *c = console_list, *next;

		for (; c; c = next) {
			next = c->next;
			if (c->flags & CON_BOOT) {
				scnprintf(replaced, sizeof(replaced), ", bootconsole [%s] disabled",
					  c->name);
				console_unlink(c);
				replay = false;
			}
		}
	}
	co->flags |= CON_ENABLED;
	co->next = console_list;
	console_list = co;
	local_irq_restore(flags);

	if (replay)
		log_buf_replay(co);
	if (co->index >= 0)
		pr_info("%sconsole [%s%d] enabled%s\n", (co->flags & CON_BOOT) ? "boot" : "",
			co->name, co->index, replaced);
	else
		pr_info("%sconsole [%s] enabled%s\n", (co->flags & CON_BOOT) ? "boot" : "",
			co->name, replaced);
}

/**
 * unregister_console() - stop printing to @co
 * Return: 0, or -ENODEV when @co was not registered.
 */
int unregister_console(struct console *co)
{
	unsigned long flags;
	struct console *c;

	local_irq_save(flags);
	for (c = console_list; c && c != co; c = c->next)
		;
	if (c)
		console_unlink(co);
	local_irq_restore(flags);
	return c ? 0 : -ENODEV;
}

void console_write(const char *s, unsigned int n)
{
	for (struct console *c = console_list; c; c = c->next)
		if ((c->flags & CON_ENABLED) && c->write)
			c->write(c, s, n);
}

int console_getc(void)
{
	for (struct console *c = console_list; c; c = c->next) {
		if ((c->flags & CON_ENABLED) && c->getc) {
			int ch = c->getc(c);

			if (ch >= 0)
				return ch;
		}
	}
	return -EAGAIN;
}

/* 0: none; 1: typed; 2: a command has seen it (and "^C" was echoed). */
static volatile int intr_state;

void console_intr(void)
{
	if (!intr_state)
		intr_state = 1;
}

bool intr_pending(void)
{
	if (!intr_state)
		return false;
	if (intr_state == 1) {
		intr_state = 2;
		console_write("^C\n", 3);
	}
	return true;
}

void intr_clear(void)
{
	intr_state = 0;
}

int vprintf(const char *fmt, va_list args)
{
	char buf[512];
	int n = vscnprintf(buf, sizeof(buf), fmt, args);

	console_write(buf, n);
	return n;
}
EXPORT_SYMBOL(vprintf);

int printf(const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vprintf(fmt, args);
	va_end(args);
	return n;
}
EXPORT_SYMBOL(printf);

int puts(const char *s)
{
	console_write(s, strlen(s));
	console_write("\n", 1);
	return 0;
}
EXPORT_SYMBOL(puts);
