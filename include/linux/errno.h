/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Error numbers with Linux's values, so a returned -EPROBE_DEFER or -ENXIO
 * means what it means in Linux.  Functions return them negated.
 */
#ifndef _LINUX_ERRNO_H
#define _LINUX_ERRNO_H

#define EPERM        1
#define ENOENT       2
#define EINTR        4
#define EIO          5
#define ENXIO        6
#define E2BIG        7
#define ENOEXEC      8
#define EAGAIN      11
#define ENOMEM      12
#define EFAULT      14
#define EBUSY       16
#define EEXIST      17
#define ENODEV      19
#define EINVAL      22
#define ENFILE      23
#define ENOSPC      28
#define EROFS       30
#define ERANGE      34
#define ENOSYS      38
#define ENODATA     61
#define ETIME       62
#define EOVERFLOW   75
#define EILSEQ      84
#define EMSGSIZE    90
#define EOPNOTSUPP  95
#define EADDRINUSE  98
#define ENETDOWN   100
#define ENETUNREACH 101
#define ETIMEDOUT  110
#define EHOSTUNREACH 113
#define EALREADY   114
/* Kernel-internal, never seen by user space in Linux either. */
#define EPROBE_DEFER 517

#define MAX_ERRNO 4095
#define IS_ERR_VALUE(x) ((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error) { return (void *)error; }
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
static inline int IS_ERR(const void *ptr) { return IS_ERR_VALUE(ptr); }
static inline int IS_ERR_OR_NULL(const void *ptr) { return !ptr || IS_ERR_VALUE(ptr); }

/* "EINVAL" for -22: log lines name errors, students look them up. */
const char *errname(int err);

#endif
