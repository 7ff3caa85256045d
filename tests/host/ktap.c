// SPDX-License-Identifier: BSD-2-Clause
/* The host unit tests' harness: see ktap.h. */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"

static int count, failed;

static void report(int ok, const char *file, int line, const char *detail,
		   const char *fmt, va_list ap)
{
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
}

void ktap_check(int ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(ok, file, line, NULL, fmt, ap);
	va_end(ap);
}

void ktap_check_int(long long got, long long want, const char *file, int line,
		    const char *fmt, ...)
{
	char detail[96];
	va_list ap;

	snprintf(detail, sizeof(detail), "got %lld (0x%llx), want %lld (0x%llx)",
		 got, (unsigned long long)got, want, (unsigned long long)want);
	va_start(ap, fmt);
	report(got == want, file, line, detail, fmt, ap);
	va_end(ap);
}

void ktap_check_str(const char *got, const char *want, const char *file,
		    int line, const char *fmt, ...)
{
	char detail[512];
	va_list ap;
	int ok = got && want ? !strcmp(got, want) : got == want;

	snprintf(detail, sizeof(detail), "got \"%s\", want \"%s\"",
		 got ? got : "(null)", want ? want : "(null)");
	va_start(ap, fmt);
	report(ok, file, line, detail, fmt, ap);
	va_end(ap);
}

int ktap_done(void)
{
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
		ktap_check(0, __FILE__, __LINE__, "load %s", path);
		if (f)
			fclose(f);
		return NULL;
	}
	/* Exactly n bytes: a sanitizer then catches any read past the blob. */
	if (posix_memalign(&buf, 8, (size_t)n) || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		ktap_check(0, __FILE__, __LINE__, "read %s", path);
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*size = (size_t)n;
	return buf;
}

static FILE *expect_file;
static int expect_saved_fd = -1;
static char expect_text[512];

void ktap_expect_begin(const char *text)
{
	snprintf(expect_text, sizeof(expect_text), "%s", text);
	fflush(stderr);
	expect_file = tmpfile();
	expect_saved_fd = dup(2);
	if (!expect_file || expect_saved_fd < 0 || dup2(fileno(expect_file), 2) < 0)
		ktap_check(0, __FILE__, __LINE__, "capture stderr for: %s", text);
}

void ktap_expect_end(void)
{
	char line[1024];
	int found = 0;

	fflush(stderr);
	if (expect_saved_fd >= 0) {
		dup2(expect_saved_fd, 2);
		close(expect_saved_fd);
		expect_saved_fd = -1;
	}
	printf("# EXPECT begin: %s\n", expect_text);
	if (expect_file) {
		rewind(expect_file);
		while (fgets(line, sizeof(line), expect_file)) {
			fputs(line, stdout);
			line[strcspn(line, "\n")] = '\0';
			if (!strcmp(line, expect_text))
				found = 1;
		}
		fclose(expect_file);
		expect_file = NULL;
	}
	printf("# EXPECT end\n");
	ktap_check(found, __FILE__, __LINE__, "expected error: %s", expect_text);
}
