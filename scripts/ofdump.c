// SPDX-License-Identifier: BSD-2-Clause
/*
 * ofdump: what the kernel will see in a blob, on the host.
 *
 * It runs the kernel's own of/ code (build/host/libof.a): the blob is
 * checked, unflattened into the live tree, and printed back as DTS source
 * with of_print_dts(), so `dtc` compiles the output into the same tree.
 *
 *   ofdump FILE.dtb            the tree as DTS source
 *   ofdump --stats FILE.dtb    nodes, properties, blob and live-tree bytes
 *
 * A blob the kernel would refuse: exit status 1 and the checker's reason.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/of.h>
#include <linux/of_dump.h>
#include <linux/of_fdt.h>

static const char *prog = "ofdump";

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [--stats] FILE.dtb\n"
		"\n"
		"Check and unflatten FILE.dtb with coyote's of/ library, as the kernel\n"
		"does at boot, and print the live tree back as DTS source (dtc's\n"
		"decompiler format: `dtc -I dts` compiles it into the same tree).\n"
		"\n"
		"  --stats   print node, property and phandle counts, blob bytes and\n"
		"            live-tree bytes (as the 32-bit kernel allocates them, and\n"
		"            on this host) instead of the tree\n"
		"  --help    this text\n"
		"\n"
		"Exit status: 0 ok, 1 unreadable or invalid blob (reason on stderr),\n"
		"2 bad usage.\n", prog);
}

/* The whole file in one malloc'd buffer (the live tree points into it). */
static void *read_file(const char *path, size_t *sizep)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, len = 0, n;
	char *buf = NULL, *nbuf;

	if (!f)
		return NULL;
	for (;;) {
		nbuf = realloc(buf, cap);
		if (!nbuf)
			goto err_free_buf;
		buf = nbuf;
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (len < cap)
			break;
		cap *= 2;
	}
	if (ferror(f))
		goto err_free_buf;
	fclose(f);
	*sizep = len;
	return buf;

err_free_buf:
	free(buf);
	fclose(f);
	if (!errno)
		errno = EIO;
	return NULL;
}

static void put_stdout(void *ctx, const char *s, size_t n)
{
	fwrite(s, 1, n, ctx);
}

static void print_dts(const void *blob)
{
	u64 addr, size;
	int i;

	printf("/dts-v1/;\n\n");
	for (i = 0; of_fdt_get_mem_rsv(blob, i, &addr, &size) == 0; i++)
		printf("/memreserve/\t0x%016llx 0x%016llx;\n",
		       (unsigned long long)addr, (unsigned long long)size);
	fflush(stdout);
	of_print_dts(of_root, put_stdout, stdout);
}

static void print_stats(void)
{
	struct of_fdt_stats st;

	of_fdt_get_stats(&st);
	printf("nodes: %u\n", st.nodes);
	printf("properties: %u\n", st.properties);
	printf("phandles: %u\n", st.phandles);
	printf("blob bytes: %zu\n", st.blob_bytes);
	/* The figure that matters is the kernel's: 32-bit pointers. */
	printf("live-tree bytes: %zu\n", st.tree_bytes_ilp32);
	printf("live-tree bytes on this host: %zu\n", st.tree_bytes);
}

enum mode { MODE_DTS, MODE_STATS };

int main(int argc, char **argv)
{
	enum mode mode = MODE_DTS;
	const char *file = NULL;
	size_t size;
	void *blob;
	int i, err;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--stats")) {
			mode = MODE_STATS;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "%s: unknown option %s\n", prog, argv[i]);
			usage(stderr);
			return 2;
		} else if (!file) {
			file = argv[i];
		} else {
			fprintf(stderr, "%s: one FILE only\n", prog);
			return 2;
		}
	}
	if (!file) {
		usage(stderr);
		return 2;
	}

	errno = 0;
	blob = read_file(file, &size);
	if (!blob) {
		fprintf(stderr, "%s: %s: %s\n", prog, file, strerror(errno));
		return 1;
	}
	/* Unflatten checks the whole blob first and says what is wrong. */
	err = of_fdt_unflatten(blob, size);
	if (err) {
		const char *why = of_fdt_unflatten_error();

		fprintf(stderr, "%s: %s: %s\n", prog, file,
			why && why[0] ? why : strerror(-err));
		free(blob);
		return 1;
	}

	if (mode == MODE_STATS)
		print_stats();
	else
		print_dts(blob);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		return 1;
	}
	/* The live tree stays until exit: it points into blob. */
	return 0;
}
