// SPDX-License-Identifier: BSD-2-Clause
/* Number parsing with Linux's names and rules: the whole string or nothing. */
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kstrtox.h>

static int digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v = 0;

	if (base == 0 || base == 16) {
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
			s += 2;
			base = 16;
		}
	}
	if (base == 0)
		base = 10;
	if (base < 2 || base > 16 || !*s)
		return -EINVAL;
	for (; *s; s++) {
		unsigned int d = (unsigned int)digit(*s);

		if (d >= base)
			return -EINVAL;
		/* v * base + d must not wrap. */
		if (v > (~0ull - d) / base)
			return -ERANGE;
		v = v * base + d;
	}
	*res = v;
	return 0;
}
EXPORT_SYMBOL(kstrtoull);

int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int ret = kstrtoull(s, base, &v);

	if (ret)
		return ret;
	if (v != (unsigned long)v)
		return -ERANGE;
	*res = (unsigned long)v;
	return 0;
}
EXPORT_SYMBOL(kstrtoul);
