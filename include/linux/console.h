/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Consoles, as in Linux: printk output goes to every registered console.
 * An early ("boot") console is replaced when a real one registers: the
 * boot console is unregistered and the log is not printed twice.
 * coyote adds a polled getc hook so the shell can read from the console.
 */
#ifndef _LINUX_CONSOLE_H
#define _LINUX_CONSOLE_H

#include <linux/types.h>

#define CON_PRINTBUFFER	(1 << 0)	/* print the log so far when registered */
#define CON_ENABLED	(1 << 2)
#define CON_BOOT	(1 << 3)	/* early console, replaced by a real one */

struct console {
	char name[16];
	/* Write @n bytes; the console turns '\n' into "\r\n" itself. */
	void (*write)(struct console *co, const char *s, unsigned int n);
	/* One received character, or -EAGAIN when none is waiting. */
	int (*getc)(struct console *co);
	short flags;
	short index;
	void *data;
	struct console *next;
};

void register_console(struct console *co);
int unregister_console(struct console *co);

/* Write to every enabled console (no ring buffer, no level). */
void console_write(const char *s, unsigned int n);
/* A character from the first console that has one, or -EAGAIN. */
int console_getc(void);

#endif
