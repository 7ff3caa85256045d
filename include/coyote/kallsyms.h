/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Symbol names for addresses, from the table the build links into the image
 * (scripts/kallsyms.py, two-pass link in scripts/Makefile.kernel).
 */
#ifndef _COYOTE_KALLSYMS_H
#define _COYOTE_KALLSYMS_H

#include <linux/types.h>

#define KSYM_NAME_LEN		64
#define KSYM_SYMBOL_LEN		(KSYM_NAME_LEN + 32)

/**
 * kallsyms_lookup() - the symbol an address falls in
 * @addr:   any address
 * @size:   set to the symbol's size (distance to the next symbol); may be NULL
 * @offset: set to @addr minus the symbol's start; may be NULL
 * Return: the symbol's name, or NULL when @addr is outside the image.
 */
const char *kallsyms_lookup(unsigned long addr, unsigned long *size, unsigned long *offset);

/**
 * kallsyms_lookup_name() - the address of a symbol by name
 * Return: the address, or 0 when there is no such symbol.
 */
unsigned long kallsyms_lookup_name(const char *name);

/* "name+0x1c/0x80", or the bare hex address outside the image; returns length. */
int sprint_symbol(char *buf, unsigned long addr);

#endif
