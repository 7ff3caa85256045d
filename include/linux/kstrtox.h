/* SPDX-License-Identifier: BSD-2-Clause */
/* Number parsing with Linux's names (kernel/lib/kstrtox.c). */
#ifndef _LINUX_KSTRTOX_H
#define _LINUX_KSTRTOX_H

#include <linux/types.h>

/**
 * kstrtoull() - parse all of @s as an unsigned number in @base (0: "0x"
 * means hex, else decimal) into @res.
 * Return: 0; -EINVAL (empty, a stray character, or a bad base); -ERANGE
 * (does not fit in 64 bits).
 */
int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
/* The same for an unsigned long; -ERANGE when it does not fit one. */
int kstrtoul(const char *s, unsigned int base, unsigned long *res);

#endif
