// SPDX-License-Identifier: BSD-2-Clause
/*
 * libFuzzer harness for the initrd's cpio "newc" reader
 * (kernel/module/initrd.c): the check the boot runs once over the whole
 * archive, and the lookups that trust it afterwards.
 *
 * The archive is copied into a buffer of exactly its size so ASan sees any
 * read past its end.  Invariants: initrd_init() and cpio_check() agree on
 * the entry count; when the archive was taken, initrd_next() walks exactly
 * that many entries, each name terminated and each file's data inside the
 * archive, and initrd_find() finds every name (the first entry of that
 * name); a refusal always says why.
 *
 * Build and run: `make fuzz FUZZ_ONLY=fuzz_cpio FUZZ_TIME=60`.  Replaying
 * saved inputs: build/fuzz/fuzz_cpio FILE...
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <coyote/module.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static void invariant_failed(const char *what, const char *name)
{
	fprintf(stderr, "fuzz_cpio: invariant broken: %s (%s)\n", what, name);
	abort();
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static u8 *taken;
	struct cpio_entry e, found;
	char why[96];
	size_t pos = 0;
	int n, m = 0;
	u8 *buf;

	buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	why[0] = '\0';
	n = cpio_check(buf, size, why, sizeof(why));
	if (n < 0 && !why[0])
		invariant_failed("refused without a reason", "");
	if (initrd_init(buf, size) != n)
		invariant_failed("initrd_init and cpio_check disagree", why);
	if (n >= 0) {
		while (initrd_next(&pos, &e)) {
			const u8 *d = e.data;

			if (++m > n)
				invariant_failed("more entries than checked", e.name);
			if (d < buf || d > buf + size || e.size > (size_t)(buf + size - d))
				invariant_failed("data outside the archive", e.name);
			if (e.size)
				(void)(volatile u8){ d[e.size - 1] };
			if (initrd_find(e.name, &found) || strcmp(found.name, e.name))
				invariant_failed("initrd_find misses an entry", e.name);
		}
		if (m != n)
			invariant_failed("fewer entries than checked", "");
	}
	/* The initrd points into its buffer: keep that one until replaced. */
	free(taken);
	taken = buf;
	return 0;
}
