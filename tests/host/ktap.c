// SPDX-License-Identifier: BSD-2-Clause
/* The host unit tests' harness: see ktap.h. */
#define _POSIX_C_SOURCE 200809L

#define _GNU_SOURCE	/* memmem() */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"

struct kunit {
	int unused;
};

struct kunit ktap_test;
static int count, failed;

bool kunit_report(struct kunit *t, bool ok, const char *file, int line, const char *detail,
		  const char *fmt, va_list ap)
{
	if (!count)
		printf("KTAP version 1\n");
	count++;
	if (!ok)
		failed++;
	printf("%sok %d - ", ok ? "" : "not ", count);
	vprintf(fmt, ap);
	if (!ok) {
		printf(" # %s:%d", file, line);
		if (detail)
			printf(" (%s)", detail);
	}
	printf("\n");
	fflush(stdout);
	return ok;
}

int ktap_done(void)
{
	if (!count)
		printf("KTAP version 1\n");
	printf("1..%d\n", count);
	if (failed)
		printf("# %d of %d checks failed\n", failed, count);
	fflush(stdout);
	return failed ? 1 : 0;
}

void *ktap_load(const char *name, size_t *size)
{
	const char *dir = getenv("OF_TEST_DTB_DIR");
	char path[512];
	FILE *f;
	long n;
	void *buf = NULL;

	snprintf(path, sizeof(path), "%s/%s", dir ? dir : "build/host/dts", name);
	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET)) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "load %s", path);
		if (f)
			fclose(f);
		return NULL;
	}
	/* Exactly n bytes: a sanitizer then catches any read past the blob. */
	if (posix_memalign(&buf, 8, (size_t)n) || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "read %s", path);
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*size = (size_t)n;
	return buf;
}

static FILE *capture_file;
static int capture_saved = -1;
static char capture_text[8192];
static char expect_text[512];

void ktap_stderr_begin(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	if (!capture_file)
		return;
	capture_saved = dup(2);
	dup2(fileno(capture_file), 2);
}

/* Stop capturing; what was written, at most 8 KiB. */
static const char *capture_end(void)
{
	size_t n = 0;

	capture_text[0] = '\0';
	if (!capture_file)
		return capture_text;
	fflush(stderr);
	dup2(capture_saved, 2);
	close(capture_saved);
	capture_saved = -1;
	rewind(capture_file);
	n = fread(capture_text, 1, sizeof(capture_text) - 1, capture_file);
	capture_text[n] = '\0';
	fclose(capture_file);
	capture_file = NULL;
	return capture_text;
}

/* Each line of @text, after @prefix; true when one of them holds @want
 * (as scripts/coyote/ktap.py reads the kernel's EXPECT blocks). */
static int print_lines(const char *text, const char *prefix, const char *want)
{
	int found = 0;

	for (const char *line = text; *line;) {
		const char *eol = strchr(line, '\n');
		int len = eol ? (int)(eol - line) : (int)strlen(line);

		printf("%s%.*s\n", prefix, len, line);
		if (want && memmem(line, (size_t)len, want, strlen(want)))
			found = 1;
		line += len + (eol != NULL);
	}
	return found;
}

const char *ktap_stderr_end(void)
{
	const char *text = capture_end();

	/* Shown as TAP comments too, so a failing check's log has it. */
	print_lines(text, "# stderr: ", NULL);
	return text;
}

void kunit_expect_begin(struct kunit *t, const char *text)
{
	snprintf(expect_text, sizeof(expect_text), "%s", text);
	ktap_stderr_begin();
	if (!capture_file)
		KUNIT_EXPECT_TRUE_MSG(test, 0, "capture stderr for: %s", text);
}

void kunit_expect_end(struct kunit *t)
{
	const char *text = capture_end();
	int found;

	printf("# EXPECT begin: %s\n", expect_text);
	found = print_lines(text, "", expect_text);
	printf("# EXPECT end\n");
	KUNIT_EXPECT_TRUE_MSG(test, found, "expected error: %s", expect_text);
}
