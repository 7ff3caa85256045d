/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Whole-string number parsing with Linux's names and rules (lib/kstrtox.c):
 * an optional '+' (and '-' for the signed ones), digits in @base (0 picks
 * 16 for "0x", 8 for a leading "0", else 10), one optional trailing newline,
 * nothing else.  Every shell command and module parameter reads its numbers
 * through these.
 */
#ifndef _LINUX_KSTRTOX_H
#define _LINUX_KSTRTOX_H

int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoll(const char *s, unsigned int base, long long *res);
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
int kstrtoint(const char *s, unsigned int base, int *res);

#endif
