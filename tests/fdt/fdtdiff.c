// SPDX-License-Identifier: BSD-2-Clause
/*
 * coyote's blob checker (of_fdt_check, the kernel's own code) and libfdt's
 * fdt_check_full side by side, on files or on every one-byte damage of a
 * file.  Host only: libfdt never goes near the kernel.
 *
 *   fdtdiff FILE...           one line per file: NAME TAB coyote TAB libfdt
 *   fdtdiff --mutate FILE...  every byte XORed with 0xff, 0x01 and 0x80 (as
 *                             test_fdt_check's corruption test does); one
 *                             line per blob on which the two disagree, then
 *                             "# FILE: N blobs, D disagree"
 *
 * coyote's column is "ok", "ok nops-after-end=N" (passed, warned) or
 * "refused: WHY"; libfdt's is "ok" or the FDT_ERR_ name.  The verdicts are
 * judged by tests/fdt/test_conformance.py against docs/fdt-conformance.md.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libfdt.h>

#include <linux/of_fdt.h>
#include "../../of/of_private.h"

struct verdict {
	char coyote[200];
	int libfdt;
};

#define LIBFDT_CRASHED 1000

/*
 * libfdt 1.6.1's fdt_check_full() dies of SIGSEGV on some blobs older than
 * version 16 (its legacy path for full-path node names): those run in a
 * child, and a crash is a verdict of its own.
 */
static int libfdt_check(const void *blob, size_t size)
{
	int status;
	pid_t pid;

	if (size < 24 || fdt_version(blob) >= 16)
		return fdt_check_full(blob, size);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return fdt_check_full(blob, size);
	if (!pid)
		_exit(-fdt_check_full(blob, size));
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -LIBFDT_CRASHED;
	return -WEXITSTATUS(status);
}

static void judge(const void *blob, size_t size, struct verdict *v)
{
	struct of_fdt_counts cnt;
	char why[160];

	int n;

	if (of_fdt_check_counts(blob, size, why, sizeof(why), &cnt)) {
		snprintf(v->coyote, sizeof(v->coyote), "refused: %s", why);
	} else {
		/* What libfdt may read differently is named: the test
		 * matches a disagreement to the table's row by it. */
		n = snprintf(v->coyote, sizeof(v->coyote), "ok");
		if (cnt.nops_after_root)
			n += snprintf(v->coyote + n, sizeof(v->coyote) - (size_t)n,
				      " nops-after-root=%u", cnt.nops_after_root);
		if (cnt.nops_after_end)
			snprintf(v->coyote + n, sizeof(v->coyote) - (size_t)n,
				 " nops-after-end=%u", cnt.nops_after_end);
	}
	v->libfdt = libfdt_check(blob, size);
}

static const char *libfdt_name(int err)
{
	if (err == -LIBFDT_CRASHED)
		return "crashed";
	return err ? fdt_strerror(err) : "ok";
}

static bool agree(const struct verdict *v)
{
	return !strncmp(v->coyote, "ok", 2) == !v->libfdt;
}

/* The file in a buffer of exactly its size (8-byte aligned, as dtc's). */
static void *load(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	void *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    posix_memalign(&buf, 8, (size_t)n + 1) ||
	    fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*size = (size_t)n;
	return buf;
}

static int mutate(const char *path, const void *good, size_t size)
{
	static const unsigned char flips[] = { 0xff, 0x01, 0x80 };
	unsigned char *copy;
	size_t i, n = 0, bad = 0;
	unsigned int f;

	if (posix_memalign((void **)&copy, 8, size ? size : 1))
		return 1;
	for (i = 0; i < size; i++) {
		for (f = 0; f < sizeof(flips); f++) {
			struct verdict v;

			memcpy(copy, good, size);
			copy[i] ^= flips[f];
			judge(copy, size, &v);
			n++;
			if (agree(&v))
				continue;
			bad++;
			printf("%s@%zu^0x%02x\t%s\t%s\n", path, i, flips[f], v.coyote,
			       libfdt_name(v.libfdt));
		}
	}
	printf("# %s: %zu blobs, %zu disagree\n", path, n, bad);
	free(copy);
	return 0;
}

int main(int argc, char **argv)
{
	bool do_mutate = argc > 1 && !strcmp(argv[1], "--mutate");
	int i, ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: fdtdiff [--mutate] FILE...\n");
		return 2;
	}
	for (i = do_mutate ? 2 : 1; i < argc; i++) {
		struct verdict v;
		size_t size;
		void *blob = load(argv[i], &size);

		if (!blob) {
			fprintf(stderr, "fdtdiff: cannot read %s\n", argv[i]);
			ret = 2;
			continue;
		}
		if (do_mutate) {
			ret |= mutate(argv[i], blob, size);
		} else {
			judge(blob, size, &v);
			printf("%s\t%s\t%s\n", argv[i], v.coyote, libfdt_name(v.libfdt));
		}
		free(blob);
	}
	return ret;
}
