// SPDX-License-Identifier: BSD-2-Clause
/*
 * The few kernel services of/ needs, mapped onto libc for host builds (unit
 * tests, fuzzer, ofdump, benchmark).  Nothing else differs between the host
 * and the kernel build of of/.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <coyote/kallsyms.h>
#include <coyote/shell.h>
#include <coyote/time.h>
#include <asm/io.h>

void *kmalloc(size_t size, gfp_t flags)
{
	return malloc(size ? size : 1);
}

void *kzalloc(size_t size, gfp_t flags)
{
	return calloc(1, size ? size : 1);
}

void *kcalloc(size_t n, size_t size, gfp_t flags)
{
	return calloc(n ? n : 1, size ? size : 1);
}

void kfree(const void *p)
{
	free((void *)p);
}

char *kstrdup(const char *s, gfp_t flags)
{
	size_t n;
	char *d;

	if (!s)
		return NULL;
	n = strlen(s) + 1;
	d = malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t n;

	if (!size)
		return -E2BIG;
	n = strnlen(src, size);
	if (n == size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, n + 1);
	return (ssize_t)n;
}

/*
 * Host lines go to stderr, formatted by the kernel's vsnprintf (%pOF); the
 * KERN_<level> prefix is dropped.
 */
int vprintk(const char *fmt, va_list args)
{
	char text[1024];
	int n;

	if (fmt[0] == KERN_SOH[0] && fmt[1])
		fmt += 2;
	n = vscnprintf(text, sizeof(text), fmt, args);
	fputs(text, stderr);
	return n;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

const char *errname(int err)
{
	static const struct { int err; const char *name; } names[] = {
		{ EPERM, "EPERM" }, { ENOENT, "ENOENT" }, { EIO, "EIO" },
		{ ENXIO, "ENXIO" }, { E2BIG, "E2BIG" }, { ENOEXEC, "ENOEXEC" },
		{ EAGAIN, "EAGAIN" }, { ENOMEM, "ENOMEM" }, { EFAULT, "EFAULT" },
		{ EBUSY, "EBUSY" }, { EEXIST, "EEXIST" }, { ENODEV, "ENODEV" },
		{ EINVAL, "EINVAL" }, { ENOSPC, "ENOSPC" }, { ERANGE, "ERANGE" },
		{ ENOSYS, "ENOSYS" }, { ENODATA, "ENODATA" }, { ETIME, "ETIME" },
		{ EOVERFLOW, "EOVERFLOW" }, { EILSEQ, "EILSEQ" },
		{ EMSGSIZE, "EMSGSIZE" }, { EOPNOTSUPP, "EOPNOTSUPP" },
		{ EADDRINUSE, "EADDRINUSE" }, { ENETUNREACH, "ENETUNREACH" },
		{ ETIMEDOUT, "ETIMEDOUT" }, { EHOSTUNREACH, "EHOSTUNREACH" },
		{ EALREADY, "EALREADY" }, { EPROBE_DEFER, "EPROBE_DEFER" },
	};
	size_t i;

	if (err < 0)
		err = -err;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].err == err)
			return names[i].name;
	return "E?";
}

/* A kernel bug the host build reached: say it and stop, as the kernel does. */
void panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("Kernel panic: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}

/* No symbol table on the host: %pS prints the bare address. */
int sprint_symbol(char *buf, unsigned long addr)
{
	return snprintf(buf, KSYM_SYMBOL_LEN, "0x%lx", addr);
}

/* The host's monotonic clock stands in for the clocksource. */
u64 ktime_get_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000u + (u64)ts.tv_nsec;
}

/*
 * drivers/base/driver-core-cmd.c and kernel/module/module-cmd.c come along
 * in host builds; the host has no console to type Ctrl-C on and no shell to complete in.
 * Weak: the fuzzer's shell (tests/fuzz/fuzz_shell.c) links the real ones.
 */
__attribute__((weak)) bool intr_pending(void)
{
	return false;
}

__attribute__((weak)) void shell_compl_add(struct shell_compl *c, const char *cand, bool more,
					   char sep)
{
}

__attribute__((weak)) const char *shell_compl_word(const struct shell_compl *c)
{
	return "";
}

/* The host has no device memory: ioremap()'s checks run, the mapping is
 * the identity (host tests compare addresses, never dereference them). */
void __iomem *arch_ioremap(phys_addr_t phys, size_t size)
{
	return (void __iomem *)(uintptr_t)phys;
}

void iounmap(volatile void __iomem *addr)
{
}

/* No device answers on the host: every guarded read says so (the drivers
 * built here are only ever matched, never probed against hardware). */
int readl_nofault(const volatile void __iomem *addr, u32 *val)
{
	(void)addr;
	*val = ~0u;
	return -EFAULT;
}
