// SPDX-License-Identifier: BSD-2-Clause
/*
 * Error names for log lines: "probe failed: -ENODEV" reads better than -19,
 * and a student can look the name up.  Portable (no kernel-only headers).
 */
#include <linux/errno.h>
#include <linux/export.h>

#define E(x) [x] = #x

static const char *const names[] = {
	E(EPERM), E(ENOENT), E(EINTR), E(EIO), E(ENXIO), E(E2BIG), E(ENOEXEC), E(EAGAIN),
	E(ENOMEM), E(EFAULT), E(EBUSY), E(EEXIST), E(ENODEV), E(EINVAL),
	E(ENOSPC), E(EROFS), E(ERANGE), E(ENOSYS), E(ENODATA), E(ETIME), E(EOVERFLOW),
	E(EILSEQ), E(EMSGSIZE), E(EOPNOTSUPP), E(EADDRINUSE), E(ENETUNREACH),
	E(ETIMEDOUT), E(EHOSTUNREACH), E(EALREADY), E(ENFILE), E(ENETDOWN),
};

/* Accepts -EINVAL or EINVAL; unknown values get a fixed placeholder. */
const char *errname(int err)
{
	unsigned int e = err < 0 ? -(unsigned int)err : (unsigned int)err;

	if (e == EPROBE_DEFER)
		return "EPROBE_DEFER";
	if (e < sizeof(names) / sizeof(names[0]) && names[e])
		return names[e];
	return "E???";
}
EXPORT_SYMBOL(errname);
