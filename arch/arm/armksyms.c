// SPDX-License-Identifier: BSD-2-Clause
/*
 * The ARM EABI's helpers that modules may link against.
 *
 * The compiler emits calls to these itself: the division helpers for / and
 * % (this CPU may lack a divide instruction), the unwind personality
 * routines through the R_ARM_NONE relocations that unwind tables
 * (-funwind-tables, .ARM.exidx) carry.  Every other export sits beside its
 * definition; the division helpers are defined in libgcc, outside the
 * tree, so they are declared and exported here (as Linux's armksyms.c does
 * for arch/arm/lib).
 */
#include <linux/export.h>

extern int __aeabi_idiv(int, int);
extern unsigned __aeabi_uidiv(unsigned, unsigned);
extern void __aeabi_idivmod(void);
extern void __aeabi_uidivmod(void);
extern void __aeabi_ldivmod(void);
extern void __aeabi_uldivmod(void);
EXPORT_SYMBOL(__aeabi_idiv);
EXPORT_SYMBOL(__aeabi_uidiv);
EXPORT_SYMBOL(__aeabi_idivmod);
EXPORT_SYMBOL(__aeabi_uidivmod);
EXPORT_SYMBOL(__aeabi_ldivmod);
EXPORT_SYMBOL(__aeabi_uldivmod);

/*
 * coyote backtraces by frame pointer and never unwinds, so these are never
 * called; they exist so that a module's unwind tables resolve.
 */
void __aeabi_unwind_cpp_pr0(void);
void __aeabi_unwind_cpp_pr1(void);
void __aeabi_unwind_cpp_pr2(void);

void __aeabi_unwind_cpp_pr0(void)
{
}
EXPORT_SYMBOL(__aeabi_unwind_cpp_pr0);

void __aeabi_unwind_cpp_pr1(void)
{
}
EXPORT_SYMBOL(__aeabi_unwind_cpp_pr1);

void __aeabi_unwind_cpp_pr2(void)
{
}
EXPORT_SYMBOL(__aeabi_unwind_cpp_pr2);
