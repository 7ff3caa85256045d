// SPDX-License-Identifier: BSD-2-Clause
/*
 * The initrd as a cpio "newc" archive (what Linux's initramfs reads), and
 * the files in it.  coyote has no file system: the archive stays where the
 * boot loader put it (reserved from the heap, kernel/setup.c) and a file
 * is a pointer into it.  The whole archive is checked once, before any
 * file is used, so the lookups after that can trust it.
 *
 * newc entry: "070701" (or "070702", with a checksum we do not verify),
 * 13 fields of 8 hex digits (ino mode uid gid nlink mtime filesize
 * devmajor devminor rdevmajor rdevminor namesize check), the name with its
 * NUL, padding to 4, the data, padding to 4.  "TRAILER!!!" ends it.
 */
#define pr_fmt(fmt) "initrd: " fmt

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/module.h>

#define CPIO_HDR	110
#define F_MODE		1
#define F_FILESIZE	6
#define F_NAMESIZE	11

static const u8 *initrd;
static size_t initrd_len;

static int hex8(const char *p, u32 *out)
{
	u32 v = 0;

	for (int i = 0; i < 8; i++) {
		char c = p[i];

		if (c >= '0' && c <= '9')
			v = v << 4 | (u32)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v << 4 | (u32)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = v << 4 | (u32)(c - 'A' + 10);
		else
			return -EINVAL;
	}
	*out = v;
	return 0;
}

static size_t pad4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

int cpio_next(const void *buf, size_t len, size_t *pos, struct cpio_entry *e, char *why,
	      size_t whylen)
{
	const char *p = (const char *)buf + *pos;
	u32 f[13];
	size_t name_end, data_end;

	if (*pos > len || len - *pos < CPIO_HDR) {
		return why_fail(why, whylen, -EINVAL,
				"offset %zu: archive ends without TRAILER!!!", *pos);
	}
	if (memcmp(p, "07070", 5) || (p[5] != '1' && p[5] != '2')) {
		return why_fail(why, whylen, -EINVAL,
				"offset %zu: bad magic (not a newc cpio archive)", *pos);
	}
	for (int i = 0; i < 13; i++) {
		if (hex8(p + 6 + 8 * i, &f[i])) {
			return why_fail(why, whylen, -EINVAL,
					"offset %zu: header field %d is not hex", *pos, i);
		}
	}
	if (f[F_NAMESIZE] < 2 || f[F_NAMESIZE] > len - *pos - CPIO_HDR) {
		return why_fail(why, whylen, -EINVAL,
				"offset %zu: name size %u out of bounds", *pos,
				f[F_NAMESIZE]);
	}
	if (strnlen(p + CPIO_HDR, f[F_NAMESIZE]) != f[F_NAMESIZE] - 1) {
		return why_fail(why, whylen, -EINVAL,
				"offset %zu: name is not %u bytes with its NUL", *pos,
				f[F_NAMESIZE]);
	}
	name_end = pad4(*pos + CPIO_HDR + f[F_NAMESIZE]);
	if (name_end > len || f[F_FILESIZE] > len - name_end) {
		return why_fail(why, whylen, -EINVAL,
				"%s: %u bytes of data beyond the end of the archive",
				p + CPIO_HDR, f[F_FILESIZE]);
	}
	data_end = pad4(name_end + f[F_FILESIZE]);
	e->name = p + CPIO_HDR;
	e->data = (const char *)buf + name_end;
	e->size = f[F_FILESIZE];
	e->mode = f[F_MODE];
	*pos = data_end < len ? data_end : len;
	return strcmp(e->name, "TRAILER!!!") ? 1 : 0;
}

int cpio_check(const void *buf, size_t len, char *why, size_t whylen)
{
	struct cpio_entry e;
	size_t pos = 0;
	int n = 0, ret;

	while ((ret = cpio_next(buf, len, &pos, &e, why, whylen)) == 1)
		n++;
	return ret < 0 ? ret : n;
}

int initrd_init(const void *buf, size_t len)
{
	char err[96];
	int n = cpio_check(buf, len, err, sizeof(err));

	initrd = NULL;
	initrd_len = 0;
	if (n < 0) {
		pr_err("refused (%zu bytes at 0x%08lx): %s\n", len, (unsigned long)(uintptr_t)buf, err);
		return n;
	}
	initrd = buf;
	initrd_len = len;
	pr_info("%zu bytes at 0x%08lx: cpio newc, %d entr%s\n", len, (unsigned long)(uintptr_t)buf,
		n, n == 1 ? "y" : "ies");
	return n;
}

int initrd_next(size_t *pos, struct cpio_entry *e)
{
	char err[8];

	if (!initrd)
		return 0;
	return cpio_next(initrd, initrd_len, pos, e, err, sizeof(err)) == 1;
}

int initrd_find(const char *name, struct cpio_entry *e)
{
	size_t pos = 0;

	while (initrd_next(&pos, e))
		if (!strcmp(e->name, name))
			return 0;
	return -ENOENT;
}
