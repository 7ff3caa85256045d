/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A tiny KTAP harness for the host unit tests: the first check prints the
 * "KTAP version 1" line, every check prints "ok N - name" or
 * "not ok N - name # file:line (details)", the plan comes last, and the
 * exit status is non-zero when any check failed.  tests/lib/ktap.py parses
 * it, as it parses the in-kernel self-tests.
 */
#ifndef _TESTS_HOST_KTAP_H
#define _TESTS_HOST_KTAP_H

#include <stddef.h>

void ktap_check(int ok, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void ktap_check_int(long long got, long long want, const char *file, int line,
		    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void ktap_check_str(const char *got, const char *want, const char *file,
		    int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Prints the plan; returns the process exit status. */
int ktap_done(void);
/* Reads a test blob into an 8-byte aligned buffer of exactly its size;
 * a missing file is a failed check and a NULL return. */
void *ktap_load(const char *name, size_t *size);

/*
 * Expected error lines, as Linux's of unittest brackets them: between
 * ktap_expect_begin() and ktap_expect_end() whatever the code prints
 * (printk goes to stderr on the host) is caught, echoed between
 * "# EXPECT begin: TEXT" and "# EXPECT end" on stdout, and checked to
 * hold the line TEXT exactly: an expected error that never comes fails.
 */
void ktap_expect_begin(const char *text);
void ktap_expect_end(void);
/* Everything written to stderr between the two calls (the host printk's
 * lines), at most 8 KiB; valid until the next ktap_stderr_end(). */
void ktap_stderr_begin(void);
const char *ktap_stderr_end(void);

#define CHECK(cond, ...) ktap_check(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define CHECK_INT(got, want, ...) \
	ktap_check_int((long long)(got), (long long)(want), __FILE__, __LINE__, __VA_ARGS__)
#define CHECK_STR(got, want, ...) \
	ktap_check_str((got), (want), __FILE__, __LINE__, __VA_ARGS__)

#endif
