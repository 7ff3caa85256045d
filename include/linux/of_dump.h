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

/**
 * of_dts_unwritable() - can the subtree at @np be written as DTS that dtc
 * compiles back into the same tree?
 * @np:  the subtree's top node
 * @why: gets the first obstacle ("node /a: two children named b@1: DTS
 *       would merge them"); may be NULL
 * @len: size of @why
 *
 * A blob may hold what DTS cannot say: a name with a character dtc's names
 * lack, two siblings or properties with one name, a "name" property (dtc
 * drops or refuses it), a "phandle" dtc refuses (not one cell, 0 or ~0, or
 * another node's).
 * Return: 0 when it can; -EINVAL and a reason when it cannot.
 */
int of_dts_unwritable(const struct device_node *np, char *why, size_t whylen);

#endif
