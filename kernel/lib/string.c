// SPDX-License-Identifier: BSD-2-Clause
/*
 * The string and memory functions of include/linux/string.h.  The compiler
 * may also call memcpy/memset/memmove itself (struct copies), so these must
 * exist and must not be turned back into calls to themselves: loop pattern
 * recognition is switched off for this file's functions.
 */
#include <linux/export.h>
#include <linux/string.h>
#include <linux/errno.h>

#define NO_LIBCALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

NO_LIBCALL void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	/* Word copies when both are aligned: the console and heap copy a lot. */
	if ((((uintptr_t)d | (uintptr_t)s) & 3) == 0) {
		for (; n >= 4; n -= 4, d += 4, s += 4)
			*(u32 *)(void *)d = *(const u32 *)(const void *)s;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}
EXPORT_SYMBOL(memcpy);

NO_LIBCALL void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d == s || n == 0)
		return dst;
	if (d < s || d >= s + n)
		return memcpy(dst, src, n);
	while (n--)
		d[n] = s[n];
	return dst;
}
EXPORT_SYMBOL(memmove);

NO_LIBCALL void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	if (((uintptr_t)d & 3) == 0) {
		u32 w = (unsigned char)c * 0x01010101u;

		for (; n >= 4; n -= 4, d += 4)
			*(u32 *)(void *)d = w;
	}
	while (n--)
		*d++ = (unsigned char)c;
	return dst;
}
EXPORT_SYMBOL(memset);

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}
EXPORT_SYMBOL(memcmp);

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)p;
	return NULL;
}
EXPORT_SYMBOL(memchr);

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}
EXPORT_SYMBOL(strlen);

size_t strnlen(const char *s, size_t maxlen)
{
	size_t n = 0;

	while (n < maxlen && s[n])
		n++;
	return n;
}
EXPORT_SYMBOL(strnlen);

int strcmp(const char *a, const char *b)
{
	for (; *a && *a == *b; a++, b++)
		;
	return (unsigned char)*a - (unsigned char)*b;
}
EXPORT_SYMBOL(strcmp);

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			break;
	}
	return 0;
}
EXPORT_SYMBOL(strncmp);

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}
EXPORT_SYMBOL(strchr);

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}
EXPORT_SYMBOL(strrchr);

char *strncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i]; i++)
		dst[i] = src[i];
	for (; i < n; i++)
		dst[i] = '\0';
	return dst;
}
EXPORT_SYMBOL(strncpy);

/* Linux semantics: copies what fits, always terminates when size > 0. */
ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t i;

	if (!size)
		return -E2BIG;
	for (i = 0; i < size - 1 && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
	return src[i] ? -E2BIG : (ssize_t)i;
}
EXPORT_SYMBOL(strscpy);
