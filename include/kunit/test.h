/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one assertion vocabulary, KUnit's names, for the in-kernel suites
 * (include/coyote/selftest.h) and the host unit tests (tests/host/ktap.h)
 * alike, so a case written once runs on both sides:
 *
 *   static void range_count(struct kunit *test)
 *   {
 *           KUNIT_ASSERT_EQ(test, of_range_parser_init(&p, np), 0);
 *           KUNIT_EXPECT_EQ_MSG(test, of_range_count(&p), 3, "%pOF", np);
 *   }
 *
 * EXPECT records a failure and goes on; it is an expression, true when the
 * check held.  ASSERT also ends the case: it returns from the (void)
 * function it is written in.  Without _MSG a check is named by its source
 * text.  Each side has its backend: kernel/selftest.c prints a failure
 * under the running case and fails it; tests/host/ktap.c prints every check
 * as a KTAP result of its own, named by its message.
 */
#ifndef _KUNIT_TEST_H
#define _KUNIT_TEST_H

#include <stdarg.h>
#include <linux/types.h>

#define KUNIT_PRINTF(a, b) __attribute__((format(printf, a, b)))

struct kunit;

/*
 * The backend: records one check, passed unless !@ok; @detail (or NULL)
 * says what was compared, @fmt names the check.  Returns @ok.
 */
bool kunit_report(struct kunit *test, bool ok, const char *file, int line, const char *detail,
		  const char *fmt, va_list ap);

/* kernel/lib/kunit.c: the comparisons, then kunit_report(). */
bool kunit_check(struct kunit *test, bool ok, const char *file, int line,
		 const char *fmt, ...) KUNIT_PRINTF(5, 6);
bool kunit_check_int(struct kunit *test, bool want_equal, long long left, long long right,
		     const char *file, int line, const char *fmt, ...) KUNIT_PRINTF(7, 8);
bool kunit_check_str(struct kunit *test, const char *left, const char *right,
		     const char *file, int line, const char *fmt, ...) KUNIT_PRINTF(6, 7);

/*
 * Brackets an error the case provokes on purpose: the printk line @text
 * must come between the two calls ("# EXPECT begin: TEXT" / "# EXPECT end"
 * in the output), or the check fails.
 */
void kunit_expect_begin(struct kunit *test, const char *text);
void kunit_expect_end(struct kunit *test);

#define KUNIT_EXPECT_TRUE_MSG(test, cond, ...) \
	kunit_check((test), !!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define KUNIT_EXPECT_FALSE_MSG(test, cond, ...) \
	kunit_check((test), !(cond), __FILE__, __LINE__, __VA_ARGS__)
#define KUNIT_EXPECT_EQ_MSG(test, left, right, ...) \
	kunit_check_int((test), true, (long long)(left), (long long)(right), __FILE__, __LINE__, \
			__VA_ARGS__)
#define KUNIT_EXPECT_NE_MSG(test, left, right, ...) \
	kunit_check_int((test), false, (long long)(left), (long long)(right), __FILE__, __LINE__, \
			__VA_ARGS__)
#define KUNIT_EXPECT_STREQ_MSG(test, left, right, ...) \
	kunit_check_str((test), (left), (right), __FILE__, __LINE__, __VA_ARGS__)
#define KUNIT_EXPECT_NULL_MSG(test, ptr, ...) \
	KUNIT_EXPECT_TRUE_MSG(test, (ptr) == NULL, __VA_ARGS__)
#define KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, ...) \
	KUNIT_EXPECT_TRUE_MSG(test, (ptr) != NULL, __VA_ARGS__)

#define KUNIT_EXPECT_TRUE(test, cond) KUNIT_EXPECT_TRUE_MSG(test, cond, "%s", #cond)
#define KUNIT_EXPECT_FALSE(test, cond) KUNIT_EXPECT_FALSE_MSG(test, cond, "!(%s)", #cond)
#define KUNIT_EXPECT_EQ(test, left, right) \
	KUNIT_EXPECT_EQ_MSG(test, left, right, "%s == %s", #left, #right)
#define KUNIT_EXPECT_NE(test, left, right) \
	KUNIT_EXPECT_NE_MSG(test, left, right, "%s != %s", #left, #right)
#define KUNIT_EXPECT_STREQ(test, left, right) \
	KUNIT_EXPECT_STREQ_MSG(test, left, right, "%s == %s", #left, #right)
#define KUNIT_EXPECT_NULL(test, ptr) KUNIT_EXPECT_NULL_MSG(test, ptr, "%s == NULL", #ptr)
#define KUNIT_EXPECT_NOT_NULL(test, ptr) \
	KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, "%s != NULL", #ptr)

/* Each ASSERT is its EXPECT that returns from the case when it fails. */
#define KUNIT_ASSERT_(check) do { if (!(check)) return; } while (0)
#define KUNIT_ASSERT_TRUE(test, cond) KUNIT_ASSERT_(KUNIT_EXPECT_TRUE(test, cond))
#define KUNIT_ASSERT_TRUE_MSG(test, cond, ...) \
	KUNIT_ASSERT_(KUNIT_EXPECT_TRUE_MSG(test, cond, __VA_ARGS__))
#define KUNIT_ASSERT_FALSE(test, cond) KUNIT_ASSERT_(KUNIT_EXPECT_FALSE(test, cond))
#define KUNIT_ASSERT_FALSE_MSG(test, cond, ...) \
	KUNIT_ASSERT_(KUNIT_EXPECT_FALSE_MSG(test, cond, __VA_ARGS__))
#define KUNIT_ASSERT_EQ(test, left, right) KUNIT_ASSERT_(KUNIT_EXPECT_EQ(test, left, right))
#define KUNIT_ASSERT_EQ_MSG(test, left, right, ...) \
	KUNIT_ASSERT_(KUNIT_EXPECT_EQ_MSG(test, left, right, __VA_ARGS__))
#define KUNIT_ASSERT_NE(test, left, right) KUNIT_ASSERT_(KUNIT_EXPECT_NE(test, left, right))
#define KUNIT_ASSERT_NE_MSG(test, left, right, ...) \
	KUNIT_ASSERT_(KUNIT_EXPECT_NE_MSG(test, left, right, __VA_ARGS__))
#define KUNIT_ASSERT_STREQ(test, left, right) \
	KUNIT_ASSERT_(KUNIT_EXPECT_STREQ(test, left, right))
#define KUNIT_ASSERT_STREQ_MSG(test, left, right, ...) \
	KUNIT_ASSERT_(KUNIT_EXPECT_STREQ_MSG(test, left, right, __VA_ARGS__))
#define KUNIT_ASSERT_NULL(test, ptr) KUNIT_ASSERT_(KUNIT_EXPECT_NULL(test, ptr))
#define KUNIT_ASSERT_NULL_MSG(test, ptr, ...) \
	KUNIT_ASSERT_(KUNIT_EXPECT_NULL_MSG(test, ptr, __VA_ARGS__))
#define KUNIT_ASSERT_NOT_NULL(test, ptr) KUNIT_ASSERT_(KUNIT_EXPECT_NOT_NULL(test, ptr))
#define KUNIT_ASSERT_NOT_NULL_MSG(test, ptr, ...) \
	KUNIT_ASSERT_(KUNIT_EXPECT_NOT_NULL_MSG(test, ptr, __VA_ARGS__))

#endif
