/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * String helpers.  The kernel implements them in kernel/lib/string.c; on the
 * host the same prototypes resolve to libc, so portable code calls one API.
 */
#ifndef _LINUX_STRING_H
#define _LINUX_STRING_H

#include <linux/types.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t maxlen);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strncpy(char *dst, const char *src, size_t n);
/* Linux's strscpy: always terminates; -E2BIG when truncated. */
ssize_t strscpy(char *dst, const char *src, size_t size);

#endif
