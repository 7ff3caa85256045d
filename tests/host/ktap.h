/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A tiny KTAP harness for the host unit tests, the host's backend of
 * include/kunit/test.h: the first check prints the "KTAP version 1" line,
 * every check prints "ok N - name" or "not ok N - name # file:line
 * (details)", the plan comes last, and the exit status is non-zero when
 * any check failed.  scripts/coyote/ktap.py parses it, as it parses the
 * in-kernel self-tests.  The checks are KUnit's:
 *
 *   KUNIT_EXPECT_EQ_MSG(test, of_property_read_u32(np, "x", &v), -EINVAL, "missing x");
 *
 * where `test` is the host's one test context, below.
 */
#ifndef _TESTS_HOST_KTAP_H
#define _TESTS_HOST_KTAP_H

#include <stddef.h>
#include <kunit/test.h>

/* What a host check names as its test: the whole binary is one run. */
extern struct kunit ktap_test;
static struct kunit *const test __attribute__((unused)) = &ktap_test;

/* Prints the plan; returns the process exit status. */
int ktap_done(void);
/* Reads a test blob into an 8-byte aligned buffer of exactly its size;
 * a missing file is a failed check and a NULL return. */
void *ktap_load(const char *name, size_t *size);

/*
 * kunit_expect_begin()/kunit_expect_end() on the host: whatever the code
 * prints between them (printk goes to stderr on the host) is caught,
 * echoed between "# EXPECT begin: TEXT" and "# EXPECT end" on stdout, and
 * checked to hold a line with TEXT in it (a caller's address may follow):
 * an expected error that never comes fails.
 */
/* Everything written to stderr between the two calls (the host printk's
 * lines), at most 8 KiB; valid until the next ktap_stderr_end(). */
void ktap_stderr_begin(void);
const char *ktap_stderr_end(void);

#endif
