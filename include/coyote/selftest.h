/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * In-kernel self-tests, printed in KTAP version 1.  Each suite lives in one
 * file next to the code it tests and registers itself through a linker
 * section, like initcalls and shell commands:
 *
 *   static void test_lookup(struct selftest *t)
 *   {
 *           ST_EXPECT(t, of_find_node_by_path("/") != NULL, "root found");
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
 * must be equal.  Nothing here runs unless asked.
 */
#ifndef _COYOTE_SELFTEST_H
#define _COYOTE_SELFTEST_H

#include <linux/types.h>

struct selftest;

struct selftest_case {
	const char *name;
	void (*run)(struct selftest *t);
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
	int (*init)(struct selftest *t);
	void (*exit)(struct selftest *t);
};

/* State of the case being run; suites may keep their own in priv. */
struct selftest {
	const struct selftest_suite *suite;
	const char *case_name;
	unsigned int param;
	bool failed;
	const char *skip_reason;	/* set by selftest_skip() */
	int depth;			/* KTAP nesting (2 spaces a level) */
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
void selftest_diag(struct selftest *t, const char *fmt, ...) __printf(2, 3);
/* Records a failed check (with where and why) unless @ok. Returns @ok. */
bool selftest_check(struct selftest *t, bool ok, const char *file, int line,
		    const char *fmt, ...) __printf(5, 6);
bool selftest_check_int(struct selftest *t, long long got, long long want,
			const char *file, int line, const char *what);
bool selftest_check_str(struct selftest *t, const char *got, const char *want,
			const char *file, int line, const char *what);
/* Ends the case as "ok ... # SKIP @reason" (unless a check already failed). */
void selftest_skip(struct selftest *t, const char *reason);
/*
 * Brackets kernel lines the test provokes on purpose (an error a function
 * prints for bad input): "# EXPECT begin: TEXT" / "# EXPECT end: TEXT".
 * The host runner checks that TEXT appeared between the two.
 */
void selftest_expect_begin(struct selftest *t, const char *text);
void selftest_expect_end(struct selftest *t, const char *text);

#define ST_EXPECT(t, cond, ...) \
	selftest_check((t), !!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define ST_EXPECT_EQ(t, got, want) \
	selftest_check_int((t), (long long)(got), (long long)(want), __FILE__, __LINE__, #got)
#define ST_EXPECT_STREQ(t, got, want) \
	selftest_check_str((t), (got), (want), __FILE__, __LINE__, #got)
/* Stop the case at the first failure of a precondition. */
#define ST_ASSERT(t, cond, ...) \
	do { if (!ST_EXPECT(t, cond, __VA_ARGS__)) return; } while (0)

/* The heap's used bytes now: what heap_unchanged compares. */
size_t selftest_heap_used(void);

/*
 * Runs the suite named @name ("all": every suite) and prints KTAP.
 * Return: the number of failed cases, or -ENOENT for an unknown suite.
 */
int selftest_run(const char *names);

/* Boot step: runs what "selftest=" names, then resets if "selftest.exit=1". */
void selftest_boot(void);

#endif
