/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console output for shell commands: printf() writes straight to the
 * consoles, not to the dmesg ring (that is printk's job).
 */
#ifndef _COYOTE_CONSOLE_H
#define _COYOTE_CONSOLE_H

#include <linux/kernel.h>

int printf(const char *fmt, ...) __printf(1, 2);
int vprintf(const char *fmt, va_list args);
int puts(const char *s);	/* adds a newline, as in C */

/* Print the dmesg ring buffer to the consoles. */
void log_buf_print(void);
/* The ring's lines whose level has its bit set in @mask (1 << KERN level). */
void log_buf_print_levels(unsigned int mask);

/*
 * Ctrl-C.  A console driver's receive interrupt calls console_intr() when
 * the console's user types Ctrl-C; a running command checks
 * intr_pending() at its loop points (Linux: signal_pending(current)) and
 * returns -EINTR, or prints what it has (ping's statistics).  The first
 * intr_pending() that sees it echoes "^C", as a terminal would; the shell
 * clears it when the command returns.
 */
void console_intr(void);
bool intr_pending(void);
void intr_clear(void);

/* Console verbosity: messages with a level below this reach the console. */
extern int console_loglevel;

#endif
