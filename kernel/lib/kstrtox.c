// SPDX-License-Identifier: BSD-2-Clause
/*
 * kstrtoul() and its family, as Linux has them: the whole string is one
 * number or it is refused, and a number that does not fit is -ERANGE, never
 * silently cut.  On an error *@res is left as it was.
 *
 * Portable: the host build of drivers/i2c and kernel/module links it too.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>

/* The compiler's own limits: no libc headers in a freestanding kernel. */
#define K_LLONG_MAX __LONG_LONG_MAX__
#define K_INT_MAX   __INT_MAX__

/* A digit's value, 99 for what is not a digit in any base up to 36. */
static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	return 99;
}

/* Base 0 picks the base from the prefix (Linux: "0x" only when a hex digit
 * follows); base 16 skips an "0x" prefix. */
static const char *fixup_radix(const char *s, unsigned int *base)
{
	bool hex_prefix = s[0] == '0' && (s[1] | 0x20) == 'x' && digit_value(s[2]) < 16;

	if (*base == 0)
		*base = hex_prefix ? 16 : s[0] == '0' ? 8 : 10;
	if (*base == 16 && hex_prefix)
		s += 2;
	return s;
}

/**
 * kstrtoull() - @s, an optional '+' and digits in @base (0, or 2..16), into
 * *@res
 *
 * Return: 0; -EINVAL when @s is empty, has no digits, has anything but one
 * trailing '\n' after them, or @base is not 0 or 2..16; -ERANGE when the
 * value does not fit in 64 bits.
 */
int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v = 0;
	bool overflow = false;
	const char *start;

	if (!s || base == 1 || base > 16)
		return -EINVAL;
	if (*s == '+')
		s++;
	s = fixup_radix(s, &base);
	for (start = s; digit_value(*s) < (int)base; s++) {
		if (__builtin_mul_overflow(v, base, &v) ||
		    __builtin_add_overflow(v, (unsigned int)digit_value(*s), &v))
			overflow = true;
	}
	if (s == start)
		return -EINVAL;
	if (overflow)
		return -ERANGE;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

/**
 * kstrtoll() - kstrtoull() with an optional leading '-'
 *
 * Return: 0; -EINVAL as kstrtoull(); -ERANGE when the value does not fit in
 * a long long.
 */
int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int ret;

	if (s && *s == '-') {
		ret = kstrtoull(s + 1, base, &v);
		if (ret)
			return ret;
		if (v > (unsigned long long)K_LLONG_MAX + 1)
			return -ERANGE;
		*res = (long long)(0 - v);
		return 0;
	}
	ret = kstrtoull(s, base, &v);
	if (ret)
		return ret;
	if (v > K_LLONG_MAX)
		return -ERANGE;
	*res = (long long)v;
	return 0;
}

/**
 * kstrtoul() - kstrtoull() into an unsigned long
 *
 * Return: 0; -EINVAL as kstrtoull(); -ERANGE when the value does not fit.
 */
int kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int ret = kstrtoull(s, base, &v);

	if (ret)
		return ret;
	if (v > (unsigned long)-1)
		return -ERANGE;
	*res = (unsigned long)v;
	return 0;
}

/**
 * kstrtouint() - kstrtoull() into an unsigned int
 *
 * Return: 0; -EINVAL as kstrtoull() (a '-' included); -ERANGE when the value
 * does not fit.
 */
int kstrtouint(const char *s, unsigned int base, unsigned int *res)
{
	unsigned long long v;
	int ret = kstrtoull(s, base, &v);

	if (ret)
		return ret;
	if (v > (unsigned int)-1)
		return -ERANGE;
	*res = (unsigned int)v;
	return 0;
}

/**
 * kstrtoint() - kstrtoll() into an int
 *
 * Return: 0; -EINVAL as kstrtoull(); -ERANGE when the value does not fit.
 */
int kstrtoint(const char *s, unsigned int base, int *res)
{
	long long v;
	int ret = kstrtoll(s, base, &v);

	if (ret)
		return ret;
	if (v > K_INT_MAX || v < -K_INT_MAX - 1)
		return -ERANGE;
	*res = (int)v;
	return 0;
}
