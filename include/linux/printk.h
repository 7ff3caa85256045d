/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * printk with Linux's levels.  Each file may define pr_fmt before including
 * this header to prefix its lines ("of: ").  In the kernel the lines go to the
 * console and the dmesg ring (kernel/printk.c); on the host, to stderr.
 */
#ifndef _LINUX_PRINTK_H
#define _LINUX_PRINTK_H

#include <linux/kernel.h>

#define KERN_SOH     "\001"
#define KERN_EMERG   KERN_SOH "0"
#define KERN_ALERT   KERN_SOH "1"
#define KERN_CRIT    KERN_SOH "2"
#define KERN_ERR     KERN_SOH "3"
#define KERN_WARNING KERN_SOH "4"
#define KERN_NOTICE  KERN_SOH "5"
#define KERN_INFO    KERN_SOH "6"
#define KERN_DEBUG   KERN_SOH "7"
#define KERN_CONT    KERN_SOH "c"

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list args);
/*
 * bust_spinlocks(1): a panic speaks, whoever holds the printk lock.  From
 * then on this CPU prints without taking it (the others are stopped, or
 * stuck holding it) and the other CPUs print nothing; 0 undoes it.
 */
void bust_spinlocks(int yes);
/* `fault printk-lock`: take the printk lock on this CPU and never let go,
 * as a CPU stuck in a console write would.  Never returns. */
void printk_hold_lock(void *unused);

#define pr_emerg(fmt, ...)  printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)  printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)   printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)    printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)   printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...) printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)   printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)  printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)   printk(KERN_CONT fmt, ##__VA_ARGS__)

#endif
