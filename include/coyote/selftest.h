/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * In-kernel self-tests, printed in KTAP version 1.  Each suite lives in one
 * file next to the code it tests and registers itself through a linker
 * section, like initcalls and shell commands:
 *
 *   static void test_lookup(struct kunit *t)
 *   {
 *           KUNIT_EXPECT_NOT_NULL(t, of_find_node_by_path("/"));
 *   }
 *   static const struct selftest_case of_cases[] = {
 *           SELFTEST_CASE(test_lookup),
 *           { }
 *   };
 *   SELFTEST_SUITE(of, of_cases, of_suite_init, of_suite_exit);
 *
 * `selftest [SUITE|all]` runs suites from the shell; `selftest=SUITE,...`
 * in the bootargs runs them at the end of boot, and `selftest.exit=1` then
 * resets the board (QEMU -no-reboot exits).  Every suite ends with a
 * heap_unchanged case: the heap's used bytes before init and after exit
 * must be equal.  Nothing here runs unless asked.  The checks are
 * include/kunit/test.h's, as in the host unit tests; a failed one prints
 * "# CASE: EXPECTATION FAILED at FILE:LINE: ..." and fails the case.
 */
#ifndef _COYOTE_SELFTEST_H
#define _COYOTE_SELFTEST_H

#include <linux/types.h>
#include <kunit/test.h>

struct selftest_case {
	const char *name;
	void (*run)(struct kunit *t);
	/*
	 * A parameterised case runs once per parameter (0 .. nparams-1,
	 * t->param) and prints as a nested subtest, one result per
	 * parameter, named by param_name().
	 */
	unsigned int nparams;
	const char *(*param_name)(unsigned int i);
	/* Or as many parameters as this says at run time (the board's
	 * interrupt controllers, say); none: the case is skipped. */
	unsigned int (*count_params)(void);
};

struct selftest_suite {
	const char *name;
	const struct selftest_case *cases;	/* ends with an empty entry */
	/* 0, or a negative errno: every case then fails (or is skipped with
	 * the reason in t->skip_reason when init sets it). */
	int (*init)(struct kunit *t);
	void (*exit)(struct kunit *t);
};

/* State of the case being run (KUnit's name); suites may keep their own
 * in priv. */
struct kunit {
	const struct selftest_suite *suite;
	const char *case_name;
	unsigned int param;
	bool failed;
	const char *skip_reason;	/* set by selftest_skip() */
	int depth;			/* KTAP nesting (2 spaces a level) */
	const char *expect;		/* kunit_expect_begin()'s text */
	void *priv;
};

#define SELFTEST_CASE(fn) { .name = #fn, .run = fn }
#define SELFTEST_PARAM_CASE(fn, n, namefn) \
	{ .name = #fn, .run = fn, .nparams = (n), .param_name = namefn }

#define SELFTEST_BOARD_PARAM_CASE(fn, countfn, namefn) \
	{ .name = #fn, .run = fn, .count_params = countfn, .param_name = namefn }

#define SELFTEST_SUITE(id, case_table, initfn, exitfn) \
	static const struct selftest_suite __selftest_suite_##id \
	__attribute__((used, section(".selftest_suites"), aligned(4))) = \
	{ .name = #id, .cases = case_table, .init = initfn, .exit = exitfn }

/* A "# " diagnostic line at the current case's depth. */
void selftest_diag(struct kunit *t, const char *fmt, ...) __printf(2, 3);
/* Ends the case as "ok ... # SKIP @reason" (unless a check already failed). */
void selftest_skip(struct kunit *t, const char *reason);
/* The heap's used bytes now: what heap_unchanged compares. */
size_t selftest_heap_used(void);
struct device_node;
/* Whether @path names @np now (NULL: no node there); the lookup's
 * reference is dropped, so checking leaves an overlay's node free to go. */
bool selftest_path_is(const char *path, const struct device_node *np);
/* The same for of_find_node_by_phandle(@ph). */
bool selftest_phandle_is(u32 ph, const struct device_node *np);

/*
 * Runs the suite named @name ("all": every suite) and prints KTAP.
 * Return: the number of failed cases, or -ENOENT for an unknown suite.
 */
int selftest_run(const char *names);

/* Boot step: runs what "selftest=" names, then resets if "selftest.exit=1". */
void selftest_boot(void);

#endif
