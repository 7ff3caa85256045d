// SPDX-License-Identifier: BSD-2-Clause
/*
 * printk: every message goes into a 16 KiB ring buffer (what `dmesg`
 * prints) and, when its level is below console_loglevel, to the consoles.
 * Messages printed before any console exists wait in the ring and are
 * printed when the first console registers, so nothing from early boot is
 * lost.
 *
 * Each line is stored with a two-byte level marker (KERN_SOH + digit) so a
 * late console can replay the ring with the right filtering.
 */
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/console.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <asm/irqflags.h>

#define LOG_BUF_LEN	(16 * 1024)	/* a power of two: indices wrap with a mask */
#define LOG_MASK	(LOG_BUF_LEN - 1)
#define DEFAULT_MESSAGE_LOGLEVEL 4	/* printk() without a level: KERN_WARNING */

int console_loglevel = 7;		/* everything but KERN_DEBUG */

/* The ring and the console output of one printk, whichever CPU prints. */
static DEFINE_SPINLOCK(logbuf_lock);
static char log_buf[LOG_BUF_LEN];
EXPORT_SYMBOL(console_loglevel);
static u32 log_first;			/* oldest byte, monotonic index */
static u32 log_next;			/* one past the newest byte */
static bool log_line_open;		/* last line has no '\n' yet */
static int log_line_level = DEFAULT_MESSAGE_LOGLEVEL;
static volatile int oops_cpu = -1;	/* bust_spinlocks()'s CPU, -1: none */

void bust_spinlocks(int yes)
{
	oops_cpu = yes ? (int)smp_processor_id() : -1;
}

void printk_hold_lock(void *unused)
{
	unsigned long flags;

	spin_lock_irqsave(&logbuf_lock, flags);
	(void)flags;
	for (;;)
		;
}

/* Drop the oldest line (or at least one byte) to make room. */
static void log_drop_oldest(void)
{
	while (log_first != log_next) {
		char c = log_buf[log_first++ & LOG_MASK];

		if (c == '\n')
			return;
	}
}

static void log_store_char(char c)
{
	if (log_next - log_first >= LOG_BUF_LEN)
		log_drop_oldest();
	log_buf[log_next++ & LOG_MASK] = c;
}

static void log_store(int level, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (!log_line_open) {
			log_store_char(KERN_SOH[0]);
			log_store_char((char)('0' + level));
			log_line_open = true;
		}
		log_store_char(text[i]);
		if (text[i] == '\n')
			log_line_open = false;
	}
}

int vprintk(const char *fmt, va_list args)
{
	char text[512];
	const char *p = text;
	unsigned long flags;
	int len, level;

	int busted = oops_cpu;

	/* In a panic only its CPU speaks, and takes no lock to. */
	if (busted >= 0 && busted != (int)smp_processor_id())
		return 0;
	len = vscnprintf(text, sizeof(text), fmt, args);

	if (busted < 0)
		spin_lock_irqsave(&logbuf_lock, flags);
	else
		local_irq_save(flags);
	level = log_line_open ? log_line_level : DEFAULT_MESSAGE_LOGLEVEL;
	if (p[0] == KERN_SOH[0] && p[1]) {
		if (p[1] >= '0' && p[1] <= '7') {
			level = p[1] - '0';
			/* A new level while a line is open starts a new line. */
			if (log_line_open) {
				log_store(log_line_level, "\n", 1);
				if (log_line_level < console_loglevel)
					console_write("\n", 1);
			}
		}
		p += 2;
		len -= 2;
	}
	if (!log_line_open)
		log_line_level = level;
	log_store(level, p, len);
	if (level < console_loglevel)
		console_write(p, len);
	if (busted < 0)
		spin_unlock_irqrestore(&logbuf_lock, flags);
	else
		local_irq_restore(flags);
	return len;
}
EXPORT_SYMBOL(vprintk);

int printk(const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vprintk(fmt, args);
	va_end(args);
	return n;
}
EXPORT_SYMBOL(printk);

/*
 * Walk the ring line by line; @emit gets each line's level and text
 * (level markers removed).  Lines are copied out first so the ring may be
 * written (by an interrupt's printk) while the caller prints.
 */
static void log_walk(void (*emit)(int level, const char *s, unsigned int n))
{
	char line[256];
	u32 pos = log_first;

	while (pos != log_next) {
		unsigned int n = 0;
		int level = DEFAULT_MESSAGE_LOGLEVEL;
		unsigned long flags;

		spin_lock_irqsave(&logbuf_lock, flags);
		if (pos - log_first > LOG_BUF_LEN)	/* overwritten meanwhile */
			pos = log_first;
		if (log_buf[pos & LOG_MASK] == KERN_SOH[0] && pos + 1 != log_next) {
			level = log_buf[(pos + 1) & LOG_MASK] - '0';
			pos += 2;
		}
		while (pos != log_next && n < sizeof(line)) {
			char c = log_buf[pos++ & LOG_MASK];

			line[n++] = c;
			if (c == '\n')
				break;
		}
		spin_unlock_irqrestore(&logbuf_lock, flags);
		emit(level, line, n);
	}
}

/* After a Ctrl-C the walk goes on, silent: printing is what takes time. */
static void emit_all(int level, const char *s, unsigned int n)
{
	(void)level;
	if (!intr_pending())
		console_write(s, n);
}

static struct console *replay_target;

static void emit_filtered(int level, const char *s, unsigned int n)
{
	if (level < console_loglevel)
		replay_target->write(replay_target, s, n);
}

void log_buf_print(void)
{
	log_walk(emit_all);
}

/* Called by register_console() for a console with CON_PRINTBUFFER. */
void log_buf_replay(struct console *co);
void log_buf_replay(struct console *co)
{
	replay_target = co;
	log_walk(emit_filtered);
	replay_target = NULL;
}

static unsigned int print_levels;	/* bit per level log_buf_print_levels() wants */

static void emit_levels(int level, const char *s, unsigned int n)
{
	if (level >= 0 && level < 8 && (print_levels & (1u << level)))
		emit_all(level, s, n);
}

void log_buf_print_levels(unsigned int mask)
{
	print_levels = mask;
	log_walk(emit_levels);
}
