// SPDX-License-Identifier: BSD-2-Clause
/*
 * modules.alias matching (kernel/module/autoload.c, used by autoload and
 * whynot): the right answers, and the inputs that made the old recursive
 * matcher backtrack for ever or run off the stack finish at once.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <coyote/module.h>

#include "ktap.h"

/* The textbook definition, for small inputs only: exponential. */
static int reference(const char *p, size_t n, const char *s)
{
	if (!n)
		return !*s;
	if (*p == '*')
		return reference(p + 1, n - 1, s) || (*s && reference(p, n, s + 1));
	return *s && *s == *p && reference(p + 1, n - 1, s + 1);
}

static int match(const char *p, const char *s)
{
	return modalias_match(p, strlen(p), s);
}

static void test_answers(void)
{
	KUNIT_EXPECT_EQ_MSG(test, match("of:N*T*Carm,pl011", "of:NuartT<NULL>Carm,pl011"), 1, "Linux's form");
	KUNIT_EXPECT_EQ_MSG(test, match("of:N*T*Carm,pl011C*", "of:NuartT<NULL>Carm,pl011C"), 1, "trailing C*");
	KUNIT_EXPECT_EQ_MSG(test, match("of:N*T*Carm,pl011", "of:NuartT<NULL>Carm,pl011x"), 0, "no suffix slack");
	KUNIT_EXPECT_EQ_MSG(test, match("of:N*T*Carm,pl011", "xof:NuartT<NULL>Carm,pl011"), 0, "no prefix slack");
	KUNIT_EXPECT_EQ_MSG(test, match("*", ""), 1, "* matches empty");
	KUNIT_EXPECT_EQ_MSG(test, match("", ""), 1, "empty matches empty");
	KUNIT_EXPECT_EQ_MSG(test, match("", "a"), 0, "empty matches only empty");
	KUNIT_EXPECT_EQ_MSG(test, match("a*a", "a"), 0, "prefix and suffix may not share");
	KUNIT_EXPECT_EQ_MSG(test, match("ab*ab*ab", "abababab"), 1, "overlapping pieces");
	KUNIT_EXPECT_EQ_MSG(test, match("*aab*", "aaab"), 1, "KMP fallback inside a piece");
}

/* Every pattern and text over {a, b, *} up to a few characters. */
static void test_against_reference(void)
{
	static const char alpha[] = "ab*";
	unsigned int seed = 1, i, bad = 0, n = 0;
	char p[9], s[9];

	for (i = 0; i < 200000; i++) {
		size_t pl, sl, k;

		seed = seed * 1103515245u + 12345u;
		pl = (seed >> 8) % 9;
		seed = seed * 1103515245u + 12345u;
		sl = (seed >> 8) % 9;
		for (k = 0; k < pl; k++) {
			seed = seed * 1103515245u + 12345u;
			p[k] = alpha[(seed >> 8) % 3];
		}
		p[pl] = '\0';
		for (k = 0; k < sl; k++) {
			seed = seed * 1103515245u + 12345u;
			s[k] = alpha[(seed >> 8) % 2];
		}
		s[sl] = '\0';
		n++;
		if (match(p, s) != reference(p, pl, s)) {
			if (!bad++)
				printf("# differs: pattern \"%s\" text \"%s\"\n", p, s);
		}
	}
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "%u random cases agree with the textbook matcher", n);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/*
 * "a*a*a*...b" against "aaa...a": the old matcher tried every way of
 * splitting the text among the stars (C(190, 60) ways, years); this one
 * reads the text once per piece.  No timed assertion: hanging is the
 * failure, and pytest's timeout catches it.
 */
static void test_hostile(void)
{
	char pat[MODALIAS_PATTERN_MAX + 2], text[200];
	size_t n = 0;
	double t0 = now();
	int i;

	n += (size_t)snprintf(pat, sizeof(pat), "of:N*T*C");
	for (i = 0; i < 60; i++) {
		pat[n++] = 'a';
		pat[n++] = '*';
	}
	pat[n++] = 'b';
	pat[n] = '\0';
	memset(text, 'a', sizeof(text) - 1);
	memcpy(text, "of:NxT<NULL>C", 13);
	text[sizeof(text) - 1] = '\0';
	KUNIT_EXPECT_EQ_MSG(test, match(pat, text), 0, "60 stars, no final b: no match");
	text[sizeof(text) - 2] = 'b';
	KUNIT_EXPECT_EQ_MSG(test, match(pat, text), 1, "60 stars, final b: match");
	printf("# hostile patterns: %.6f s\n", now() - t0);

	/* The old matcher recursed once per '*': MAX stars were MAX frames. */
	memset(pat, '*', MODALIAS_PATTERN_MAX);
	pat[MODALIAS_PATTERN_MAX] = '\0';
	KUNIT_EXPECT_EQ_MSG(test, match(pat, text), 1, "%d stars match", MODALIAS_PATTERN_MAX);
	pat[MODALIAS_PATTERN_MAX] = '*';
	pat[MODALIAS_PATTERN_MAX + 1] = '\0';
	KUNIT_EXPECT_EQ_MSG(test, match(pat, text), -E2BIG, "%d characters refused", MODALIAS_PATTERN_MAX + 1);
}

/* A too-long line is skipped (with a warning naming its module); the next
 * line still matches. */
static void test_alias_file(void)
{
	static struct device_node np = { .name = "uart", .full_name = "uart@0" };
	char text[2048], mod[MODULE_NAME_LEN];
	const char *got;
	size_t n = 0;

	n += (size_t)snprintf(text + n, sizeof(text) - n, "alias of:N*T*C");
	memset(text + n, '*', 600);
	n += 600;
	n += (size_t)snprintf(text + n, sizeof(text) - n, "arm,pl011 hugemod\n");
	n += (size_t)snprintf(text + n, sizeof(text) - n, "alias of:N*T*Carm,pl011 pl011mod\n");
	got = module_alias_find(text, n, &np, "arm,pl011", mod, sizeof(mod));
	KUNIT_EXPECT_STREQ_MSG(test, got ? got : "(none)", "pl011mod", "the long line is skipped");
}

int main(void)
{
	printf("KTAP version 1\n");
	test_answers();
	test_against_reference();
	test_hostile();
	test_alias_file();
	return ktap_done();
}
