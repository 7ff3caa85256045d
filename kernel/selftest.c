// SPDX-License-Identifier: BSD-2-Clause
/*
 * The self-test runner: suites registered with SELFTEST_SUITE() (one file
 * next to the code each tests), run on demand and reported in KTAP
 * version 1 (Linux's Documentation/dev-tools/ktap.rst): a version line, a
 * plan, one result line per test, subtests indented by two spaces, "# "
 * diagnostics, "# SKIP" for what the board cannot do.  Every suite's last
 * case compares the heap's used bytes before and after the suite.
 */
#define pr_fmt(fmt) "selftest: " fmt

#include <stdarg.h>
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/memory.h>
#include <coyote/selftest.h>
#include <coyote/setup.h>
#include <coyote/shell.h>

extern const struct selftest_suite __selftest_suites_start[], __selftest_suites_end[];

enum result { PASS, FAIL, SKIP };

struct tally {
	unsigned int pass, fail, skip;
};

static void indent(int depth)
{
	for (int i = 0; i < depth; i++)
		console_write("  ", 2);
}

static void vline(int depth, const char *fmt, va_list ap)
{
	indent(depth);
	vprintf(fmt, ap);
	console_write("\n", 1);
}

static __printf(2, 3) void line(int depth, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(depth, fmt, ap);
	va_end(ap);
}

void selftest_diag(struct kunit *t, const char *fmt, ...)
{
	va_list ap;

	indent(t->depth);
	console_write("# ", 2);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	console_write("\n", 1);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* A passed check prints nothing: the case's result line speaks for it. */
bool kunit_report(struct kunit *t, bool ok, const char *file, int lineno, const char *detail,
		  const char *fmt, va_list ap)
{
	if (ok)
		return true;
	t->failed = true;
	indent(t->depth);
	printf("# %s: EXPECTATION FAILED at %s:%d: ", t->case_name, base_name(file), lineno);
	vprintf(fmt, ap);
	if (detail)
		printf(" (%s)", detail);
	console_write("\n", 1);
	return false;
}

void selftest_skip(struct kunit *t, const char *reason)
{
	t->skip_reason = reason;
}

/* The markers only: the host's parser (scripts/coyote/ktap.py) checks that the
 * text came between them. */
void kunit_expect_begin(struct kunit *t, const char *text)
{
	t->expect = text;
	selftest_diag(t, "EXPECT begin: %s", text);
}

void kunit_expect_end(struct kunit *t)
{
	selftest_diag(t, "EXPECT end: %s", t->expect ? t->expect : "");
	t->expect = NULL;
}

static void count(struct tally *tl, enum result r)
{
	if (r == PASS)
		tl->pass++;
	else if (r == FAIL)
		tl->fail++;
	else
		tl->skip++;
}

static void print_result(int depth, unsigned int num, const char *name, enum result r,
			 const char *skip_reason)
{
	if (r == SKIP)
		line(depth, "ok %u %s # SKIP %s", num, name, skip_reason ? skip_reason : "");
	else
		line(depth, "%s %u %s", r == FAIL ? "not ok" : "ok", num, name);
}

/* One run of @c (one parameter); the result line is the caller's. */
static enum result run_once(struct kunit *t, const struct selftest_case *c, unsigned int param)
{
	t->case_name = c->name;
	t->param = param;
	t->failed = false;
	t->skip_reason = NULL;
	c->run(t);
	if (t->failed)
		return FAIL;
	return t->skip_reason ? SKIP : PASS;
}

/* A parameterised case: a nested test with one result per parameter. */
static enum result run_params(struct kunit *t, const struct selftest_case *c,
			      unsigned int nparams, unsigned int num, struct tally *tl)
{
	unsigned int failed = 0, skipped = 0;
	const char *skip_reason = NULL;
	enum result r;

	line(t->depth + 1, "KTAP version 1");
	line(t->depth + 1, "# Subtest: %s", c->name);
	line(t->depth + 1, "1..%u", nparams);
	t->depth++;
	for (unsigned int i = 0; i < nparams; i++) {
		r = run_once(t, c, i);
		count(tl, r);
		failed += r == FAIL;
		if (r == SKIP) {
			skipped++;
			skip_reason = t->skip_reason;
		}
		print_result(t->depth, i + 1, c->param_name(i), r, t->skip_reason);
	}
	t->depth--;
	r = failed ? FAIL : skipped == nparams ? SKIP : PASS;
	print_result(t->depth, num, c->name, r, skip_reason);
	return r;
}

static enum result run_case(struct kunit *t, const struct selftest_case *c, unsigned int num,
			    struct tally *tl)
{
	unsigned int nparams = c->count_params ? c->count_params() : c->nparams;
	enum result r;

	if (c->count_params && !nparams) {
		count(tl, SKIP);
		print_result(t->depth, num, c->name, SKIP, "nothing of the kind on this board");
		return SKIP;
	}
	if (nparams)
		return run_params(t, c, nparams, num, tl);
	r = run_once(t, c, 0);
	count(tl, r);
	print_result(t->depth, num, c->name, r, t->skip_reason);
	return r;
}

bool selftest_path_is(const char *path, const struct device_node *np)
{
	struct device_node *found = of_find_node_by_path(path);

	of_node_put(found);
	return found == np;
}

bool selftest_phandle_is(u32 ph, const struct device_node *np)
{
	struct device_node *found = of_find_node_by_phandle(ph);

	of_node_put(found);
	return found == np;
}

size_t selftest_heap_used(void)
{
	struct heap_stats st;

	kmem_get_stats(&st);
	return st.used;
}

static unsigned int count_cases(const struct selftest_suite *s)
{
	unsigned int n = 0;

	while (s->cases[n].name)
		n++;
	return n;
}

static enum result run_suite(const struct selftest_suite *s, unsigned int num, struct tally *all)
{
	struct kunit t = { .suite = s, .depth = 1 };
	struct tally tl = { 0 };
	unsigned int n = count_cases(s), i;
	size_t before, after;
	bool failed = false;
	int ret = 0;

	line(1, "KTAP version 1");
	line(1, "# Subtest: %s", s->name);
	line(1, "1..%u", n + 1);
	before = selftest_heap_used();
	if (s->init) {
		t.case_name = "init";
		ret = s->init(&t);
		if (ret && !t.skip_reason)
			selftest_diag(&t, "%s: init failed: %d (%s)", s->name, ret, errname(ret));
	}
	for (i = 0; i < n; i++) {
		if (ret) {
			enum result r = t.skip_reason ? SKIP : FAIL;

			count(&tl, r);
			failed |= r == FAIL;
			print_result(1, i + 1, s->cases[i].name, r, t.skip_reason);
			continue;
		}
		failed |= run_case(&t, &s->cases[i], i + 1, &tl) == FAIL;
	}
	if (s->exit && !ret)
		s->exit(&t);
	after = selftest_heap_used();
	t.case_name = "heap_unchanged";
	selftest_diag(&t, "heap: used %lu bytes before, %lu after", (unsigned long)before,
		      (unsigned long)after);
	if (before != after) {
		failed = true;
		tl.fail++;
		selftest_diag(&t, "heap_unchanged: %ld bytes %s", (long)(after - before),
			      after > before ? "leaked" : "freed twice or too much");
	} else {
		tl.pass++;
	}
	print_result(1, n + 1, "heap_unchanged", before == after ? PASS : FAIL, NULL);
	line(0, "# %s: pass:%u fail:%u skip:%u total:%u", s->name, tl.pass, tl.fail, tl.skip,
	     tl.pass + tl.fail + tl.skip);
	all->pass += tl.pass;
	all->fail += tl.fail;
	all->skip += tl.skip;
	print_result(0, num, s->name, failed ? FAIL : PASS, NULL);
	return failed ? FAIL : PASS;
}

/* Length of the name at @p in a comma-separated list. */
static size_t word_len(const char *p)
{
	size_t n = 0;

	while (p[n] && p[n] != ',')
		n++;
	return n;
}

static const struct selftest_suite *find_suite(const char *name, size_t len)
{
	for (const struct selftest_suite *s = __selftest_suites_start; s < __selftest_suites_end; s++)
		if (strlen(s->name) == len && !strncmp(s->name, name, len))
			return s;
	return NULL;
}

/* Is @s named in the comma-separated @names ("all" names every suite)? */
static bool selected(const struct selftest_suite *s, const char *names)
{
	const char *p = names;

	while (*p) {
		size_t len = word_len(p);

		if ((len == 3 && !strncmp(p, "all", 3)) ||
		    (len == strlen(s->name) && !strncmp(p, s->name, len)))
			return true;
		p += len;
		if (*p)
			p++;
	}
	return false;
}

int selftest_run(const char *names)
{
	struct tally all = { 0 };
	unsigned int n = 0, num = 0, failed = 0;
	const char *p = names;

	/* Refuse the whole list for one unknown name: a typo in CI must
	 * not pass as "nothing failed". */
	while (*p) {
		size_t len = word_len(p);

		if (len && !(len == 3 && !strncmp(p, "all", 3)) && !find_suite(p, len)) {
			pr_err("no suite \"%.*s\" (the suites:", (int)len, p);
			for (const struct selftest_suite *s = __selftest_suites_start;
			     s < __selftest_suites_end; s++)
				printk(KERN_CONT " %s", s->name);
			printk(KERN_CONT ")\n");
			return -ENOENT;
		}
		p += len;
		if (*p)
			p++;
	}
	for (const struct selftest_suite *s = __selftest_suites_start; s < __selftest_suites_end; s++)
		n += selected(s, names);
	line(0, "KTAP version 1");
	line(0, "1..%u", n);
	for (const struct selftest_suite *s = __selftest_suites_start; s < __selftest_suites_end; s++)
		if (selected(s, names))
			failed += run_suite(s, ++num, &all) == FAIL;
	line(0, "# Totals: pass:%u fail:%u skip:%u total:%u", all.pass, all.fail, all.skip,
	     all.pass + all.fail + all.skip);
	return (int)failed;
}

void selftest_boot(void)
{
	char names[128], val[4];
	int ret;

	if (cmdline_find_option("selftest", names, sizeof(names)) <= 0)
		return;
	pr_info("running %s\n", names);
	ret = selftest_run(names);
	if (ret >= 0)
		pr_info("%d suite%s failed\n", ret, ret == 1 ? "" : "s");
	if (cmdline_find_option("selftest.exit", val, sizeof(val)) == 1 && val[0] == '1') {
		pr_info("selftest.exit=1: resetting the board\n");
		machine_restart();
	}
}

static int cmd_selftest(int argc, char **argv)
{
	if (argc > 2)
		return -EINVAL;
	if (argc == 1) {
		printf("suites:");
		for (const struct selftest_suite *s = __selftest_suites_start;
		     s < __selftest_suites_end; s++)
			printf(" %s", s->name);
		printf("\n");
		return 0;
	}
	return selftest_run(argv[1]) < 0 ? -ENOENT : 0;
}
SHELL_COMMAND(selftest, cmd_selftest, "selftest [SUITE[,SUITE...]|all]",
	      "run in-kernel self-tests, printed in KTAP (no argument: list the suites)");
