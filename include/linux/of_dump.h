/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Print a live (sub)tree back as DTS source, the way `dtc -I dtb -O dts`
 * decompiles a blob.  Portable: no libc; the caller supplies the output.
 */
#ifndef _LINUX_OF_DUMP_H
#define _LINUX_OF_DUMP_H

#include <linux/types.h>

struct device_node;
struct property;

/* Receives @n bytes of output at @s (not NUL-terminated). */
typedef void (*of_put_fn)(void *ctx, const char *s, size_t n);

int of_print_dts(const struct device_node *np, of_put_fn put, void *ctx);
int of_print_property(const struct property *pp, of_put_fn put, void *ctx);

#endif
