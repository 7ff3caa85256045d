/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * EXPORT_SYMBOL(name): put name and address in the image's (or a module's)
 * table of symbols that modules may link against.  A module can use only
 * what is exported; everything else in the kernel is private to it.
 *
 * The table is one section per symbol, "___ksymtab+NAME", which the linker
 * script sorts by name (arch/arm/kernel.lds), so the loader finds a symbol
 * by binary search.  A module keeps its exports in "__ksymtab" in link
 * order.  The host build has no loader: EXPORT_SYMBOL is nothing there.
 */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

struct kernel_symbol {
	unsigned long value;
	const char *name;
};

#if defined(COYOTE_HOST)
#define EXPORT_SYMBOL(sym)
#else
#ifdef MODULE
#define __KSYMTAB_SECTION(sym) "__ksymtab"
#else
#define __KSYMTAB_SECTION(sym) "___ksymtab+" #sym
#endif
#define EXPORT_SYMBOL(sym) \
	extern __typeof__(sym) sym; \
	static const char __kstrtab_##sym[] \
	__attribute__((section("__ksymtab_strings"), used, aligned(1))) = #sym; \
	static const struct kernel_symbol __ksymtab_##sym \
	__attribute__((section(__KSYMTAB_SECTION(sym)), used, aligned(4))) = \
	{ (unsigned long)&sym, __kstrtab_##sym }
#endif

/* Linux distinguishes GPL-only exports; coyote has one kind. */
#define EXPORT_SYMBOL_GPL(sym) EXPORT_SYMBOL(sym)

#endif
