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

/**
 * module_address_lookup() - the symbol an address falls in inside a loaded
 * module; weak default in kernel/kallsyms.c returns NULL (the module loader
 * overrides it).  *@modname is set to the module's name.
 */
const char *module_address_lookup(unsigned long addr, unsigned long *size, unsigned long *offset,
				  const char **modname);

/* "name+0x1c/0x80", "name+0x8/0x40 [mod]" in a module, else the bare hex
 * address; returns the length. */
int sprint_symbol(char *buf, unsigned long addr);

#endif
