// SPDX-License-Identifier: BSD-2-Clause
/*
 * panic(): the kernel cannot go on; say why and where, then stop.  Every
 * halt (a panic, a fatal fault) ends in panic_halt(): `panic=N` in the
 * bootargs resets the board as in Linux (N > 0 after N seconds, N < 0 at
 * once, 0, the default, never), else it says how to leave QEMU.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <asm/smp.h>
#include <coyote/kallsyms.h>
#include <coyote/setup.h>
#include <coyote/time.h>
#include <asm/irq.h>
#include <asm/irqflags.h>

/* Longer waits are refused, as `sleep` refuses them. */
#define PANIC_TIMEOUT_MAX 3600

/* Seconds before a reset after a panic; Linux's name. */
static int panic_timeout;

void panic_setup(void)
{
	char val[12];
	const char *p = val;
	bool neg = false;
	int n = 0;

	if (cmdline_find_option("panic", val, sizeof(val)) <= 0)
		return;
	if (*p == '-') {
		neg = true;
		p++;
	}
	for (; *p >= '0' && *p <= '9' && n <= PANIC_TIMEOUT_MAX; p++)
		n = n * 10 + (*p - '0');
	if (*p || p == val + neg || n > PANIC_TIMEOUT_MAX) {
		pr_err("panic=%s is not -%d..%d; a panic halts\n", val, PANIC_TIMEOUT_MAX,
		       PANIC_TIMEOUT_MAX);
		return;
	}
	panic_timeout = neg ? -n : n;
}

/* Wait with IRQs off: the clocksource counts without them. */
static void wait_seconds(int s)
{
	u64 end = ktime_get_ns() + (u64)s * 1000000000ull;

	if (!clocksource_get()) {
		pr_emerg("no clocksource yet: not waiting\n");
		return;
	}
	while (ktime_get_ns() < end)
		;
}

void panic_say_how_to_leave(void)
{
	pr_emerg("QEMU: quit with Ctrl-A X; panic=N in the bootargs resets the board N seconds after a halt\n");
}

void panic_halt(void)
{
	local_irq_disable();
	if (panic_timeout) {
		if (panic_timeout > 0) {
			pr_emerg("rebooting in %d seconds (panic=%d)\n", panic_timeout, panic_timeout);
			wait_seconds(panic_timeout);
		} else {
			pr_emerg("rebooting (panic=%d)\n", panic_timeout);
		}
		machine_restart();
		pr_emerg("the reset failed; staying halted\n");
	}
	panic_say_how_to_leave();
	arch_halt();
}

/*
 * Before it prints, a panic stops the other CPUs (one may be about to
 * print, or stuck holding the printk lock with IRQs masked, deaf to the
 * stop) and busts the printk lock: what it says reaches the console
 * whatever the others hold.  A second CPU that panics meanwhile parks.
 */
void panic(const char *fmt, ...)
{
	static DEFINE_SPINLOCK(panic_lock);
	static volatile int panic_cpu = -1;
	char buf[256];
	char sym[KSYM_SYMBOL_LEN];
	unsigned int stuck = 0;
	va_list args;

	local_irq_disable();
	if (panic_cpu != (int)smp_processor_id()) {
		if (!spin_trylock(&panic_lock))
			arch_halt();
		panic_cpu = (int)smp_processor_id();
		stuck = smp_send_stop();
		bust_spinlocks(1);
	}
	va_start(args, fmt);
	vscnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	sprint_symbol(sym, (unsigned long)__builtin_return_address(0));
	pr_emerg("Kernel panic: %s\n", buf);
	pr_emerg("  called from %s\n", sym);
	if (stuck)
		pr_emerg("  %u other CPU(s) did not stop within a second: the printk lock is not waited for\n",
			 stuck);
	pr_emerg("halted: panic\n");
	panic_halt();
}
