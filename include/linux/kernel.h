/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>
#include <linux/bits.h>
#include <linux/kstrtox.h>
#include <stdarg.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define ALIGN(x, a) (((x) + ((a) - 1)) & ~((__typeof__(x))(a) - 1))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define __unused __attribute__((unused))
#define __printf(a, b) __attribute__((format(printf, a, b)))
#define __noreturn __attribute__((noreturn))

static inline u32 be32_to_cpu(__be32 v) { return __builtin_bswap32(v); }
static inline __be32 cpu_to_be32(u32 v) { return __builtin_bswap32(v); }
static inline u64 be64_to_cpu(__be64 v) { return __builtin_bswap64(v); }
static inline u16 be16_to_cpu(__be16 v) { return __builtin_bswap16(v); }
static inline __be16 cpu_to_be16(u16 v) { return __builtin_bswap16(v); }

#if defined(COYOTE_HOST) && !defined(snprintf)
/* Host builds print with the kernel's own vsnprintf (kernel/lib/vsprintf.c
 * knows %pOF); these names keep libc's printf family intact beside it
 * (tests/lib renames them its own way). */
#define snprintf coyote_snprintf
#define vsnprintf coyote_vsnprintf
#define scnprintf coyote_scnprintf
#define vscnprintf coyote_vscnprintf
#endif
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
/* Linux's scnprintf: returns what was stored, not what would have been. */
int scnprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args);

/*
 * One way to return a reason with an error.  A function that can say why
 * it failed returns a negative errno and takes the caller's buffer as its
 * last two parameters, `char *why, size_t whylen`, where it writes one line
 * (no newline) on failure; @why may be NULL (@whylen 0) when the caller
 * wants only the errno.  Nothing keeps a "last error" of its own, with one
 * exception: of_overlay_error(), since Linux's of_overlay_fdt_apply() and
 * of_overlay_remove() have no room for a buffer.
 *
 * why_fail() - write the reason (if @why) and return @err, so failures
 * read `return why_fail(why, whylen, -EINVAL, "...", ...);`.
 */
int why_fail(char *why, size_t whylen, int err, const char *fmt, ...) __printf(4, 5);
/*
 * why_set() - write the reason (if @why) and return nothing: for a function
 * whose failure is not an errno (a NULL, a false) or that only explains.
 */
void why_set(char *why, size_t whylen, const char *fmt, ...) __printf(3, 4);

/* Print why, a backtrace, and stop the machine (kernel/panic.c; on the
 * host, scripts/host/shim.c: the message and abort()). */
void panic(const char *fmt, ...) __printf(1, 2) __noreturn;
#ifndef COYOTE_HOST
/*
 * panic_halt() - the end of every panic and fatal fault: reset as the
 * bootargs' panic=N says (N > 0: after N seconds; N < 0: at once), else
 * halt for good, saying how to leave QEMU.  panic_setup() reads panic=N.
 */
void panic_halt(void) __noreturn;
void panic_setup(void);
/* The line every halt ends with: the key that quits QEMU, and panic=N. */
void panic_say_how_to_leave(void);
#endif

#endif
