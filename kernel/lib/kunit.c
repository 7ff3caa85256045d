// SPDX-License-Identifier: BSD-2-Clause
/*
 * The comparisons behind include/kunit/test.h's checks, written once for
 * both sides: each says what it compared and hands the verdict to the
 * side's kunit_report() (kernel/selftest.c, tests/host/ktap.c).
 *
 * Portable: the host unit tests link it too.
 */
#include <stdarg.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <kunit/test.h>

bool kunit_check(struct kunit *test, bool ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ok = kunit_report(test, ok, file, line, NULL, fmt, ap);
	va_end(ap);
	return ok;
}

bool kunit_check_int(struct kunit *test, bool want_equal, long long left, long long right,
		     const char *file, int line, const char *fmt, ...)
{
	bool ok = (left == right) == want_equal;
	char detail[96];
	va_list ap;

	if (want_equal)
		snprintf(detail, sizeof(detail), "got %lld (0x%llx), want %lld (0x%llx)", left,
			 (unsigned long long)left, right, (unsigned long long)right);
	else
		snprintf(detail, sizeof(detail), "both %lld (0x%llx)", left,
			 (unsigned long long)left);
	va_start(ap, fmt);
	ok = kunit_report(test, ok, file, line, detail, fmt, ap);
	va_end(ap);
	return ok;
}

bool kunit_check_str(struct kunit *test, const char *left, const char *right, const char *file,
		     int line, const char *fmt, ...)
{
	bool ok = left && right ? !strcmp(left, right) : left == right;
	char detail[256];
	va_list ap;

	snprintf(detail, sizeof(detail), "got \"%s\", want \"%s\"", left ? left : "(null)",
		 right ? right : "(null)");
	va_start(ap, fmt);
	ok = kunit_report(test, ok, file, line, detail, fmt, ap);
	va_end(ap);
	return ok;
}
