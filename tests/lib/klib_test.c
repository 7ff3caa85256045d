// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host test of kernel/lib (vsnprintf, string functions) and the heap
 * (kernel/slab.c), built from the kernel's own sources by
 * tests/lib/test_klib.py.  The kernel's functions are renamed with k_ (see
 * the -D flags there) so they can be compared with the C library's.
 * Prints "ok N name" / "not ok N name: detail" lines and exits 1 on failure.
 * With the argument "heap-debug" it tests the heap's debug mode instead,
 * on a heap of its own (the mode is chosen before the first allocation).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;
typedef u64 phys_addr_t;

int k_snprintf(char *buf, size_t size, const char *fmt, ...);
void *k_memcpy(void *d, const void *s, size_t n);
void *k_memmove(void *d, const void *s, size_t n);
void *k_memset(void *d, int c, size_t n);
int k_memcmp(const void *a, const void *b, size_t n);
size_t k_strlen(const char *s);
int k_strcmp(const char *a, const char *b);
int k_strncmp(const char *a, const char *b, size_t n);
char *k_strchr(const char *s, int c);
char *k_strrchr(const char *s, int c);
long k_strscpy(char *d, const char *s, size_t n);

int kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int kstrtouint(const char *s, unsigned int base, unsigned int *res);
int kstrtoint(const char *s, unsigned int base, int *res);

void *kmalloc(size_t size, unsigned int flags);
void kfree(const void *p);
void kmem_add_region(phys_addr_t base, phys_addr_t size);
int kmem_check(void);
struct heap_stats {
	size_t total, used, free, largest_free;
	unsigned int allocs, regions, free_blocks;
};
void kmem_get_stats(struct heap_stats *st);
int kmem_debug_enable(void);
unsigned int kmem_debug_reports(void);

static int failures, tests;
static char last_log[1024], uaf_log[1024];
static int keep_uaf;

/* The heap reports through printk; keep the last line for the tests (and
 * with keep_uaf, the use-after-free report a repair message follows). */
int printk(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_log, sizeof(last_log), fmt, ap);
	va_end(ap);
	if (keep_uaf && strstr(last_log, "use after free"))
		snprintf(uaf_log, sizeof(uaf_log), "%s", last_log);
	return 0;
}

int sprint_symbol(char *buf, unsigned long addr)
{
	return sprintf(buf, "sym_%lx", addr);
}

static void result(int ok, const char *name, const char *detail)
{
	tests++;
	if (ok) {
		printf("ok %d %s\n", tests, name);
	} else {
		failures++;
		printf("not ok %d %s: %s\n", tests, name, detail);
	}
}

#define CHECK_FMT(fmt, ...)                                                       \
	do {                                                                      \
		char a[128], b[128], d[300];                                      \
		int ra = k_snprintf(a, sizeof(a), fmt, __VA_ARGS__);              \
		int rb = snprintf(b, sizeof(b), fmt, __VA_ARGS__);                \
		snprintf(d, sizeof(d), "kernel \"%s\" (%d), libc \"%s\" (%d)", a, \
			 ra, b, rb);                                              \
		result(ra == rb && !strcmp(a, b), "vsnprintf " fmt, d);           \
	} while (0)

/* %pM: Linux's MAC format, every nibble in place, width like %s. */
static void test_mac(void)
{
	static const unsigned char mac[6] = { 0x52, 0x54, 0x00, 0xab, 0xcd, 0xef };
	static const unsigned char ones[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	char buf[64];
	int n;

	n = k_snprintf(buf, sizeof(buf), "MAC %pM from the tree", mac);
	result(n == 35 && !strcmp(buf, "MAC 52:54:00:ab:cd:ef from the tree"), "vsnprintf %pM",
	       buf);
	k_snprintf(buf, sizeof(buf), "%pM", ones);
	result(!strcmp(buf, "ff:ff:ff:ff:ff:ff"), "vsnprintf %pM broadcast", buf);
	k_snprintf(buf, sizeof(buf), "[%20pM] [%-18pM]", mac, mac);
	result(!strcmp(buf, "[   52:54:00:ab:cd:ef] [52:54:00:ab:cd:ef ]"), "vsnprintf %pM width",
	       buf);
	k_snprintf(buf, sizeof(buf), "%pM", (void *)0);
	result(!strcmp(buf, "(null)"), "vsnprintf %pM NULL", buf);
	n = k_snprintf(buf, 8, "%pMx", mac);
	result(n == 18 && !strcmp(buf, "52:54:0"), "vsnprintf %pM truncates, the M is consumed",
	       buf);
}

static void test_vsnprintf(void)
{
	char small[8];
	int n;

	CHECK_FMT("%d %i %u", -42, 17, 4000000000u);
	CHECK_FMT("%x %X %o", 0xbeefu, 0xbeefu, 8u);
	CHECK_FMT("[%5d] [%-5d] [%05d] [%+d] [% d]", 42, 42, -42, 7, 7);
	CHECK_FMT("[%08x] [%#x] [%#o] [%.3d] [%8.3d]", 0x1234u, 0xffu, 8u, 5, -5);
	CHECK_FMT("%ld %lu %lx", -123456789L, 123456789UL, 0xdeadbeefUL);
	CHECK_FMT("%lld %llu %llx", -1234567890123LL, 18446744073709551615ULL,
		  0x123456789abcdefULL);
	CHECK_FMT("%zu %zd %zx", (size_t)99, (ssize_t)-99, (size_t)255);
	CHECK_FMT("[%s] [%10s] [%-10s] [%.3s] [%*s]", "abc", "right", "left", "truncate", 6,
		  "w");
	CHECK_FMT("[%c%c] [%3c] [%-3c] %%", 'o', 'k', 'x', 'y');
	CHECK_FMT("[%*d] [%-*d] [%.*s]", 5, 1, 5, 2, 2, "abcdef");
	CHECK_FMT("%hhu %hu %d", 255, 65535, 0);
	CHECK_FMT("[%.0d] [%x]", 0, 0u);

	n = k_snprintf(small, sizeof(small), "%s", "0123456789");
	result(n == 10 && !strcmp(small, "0123456"), "vsnprintf truncates, returns full length",
	       small);
	n = k_snprintf(NULL, 0, "%d", 12345);
	result(n == 5, "vsnprintf size 0 counts only", "");
	k_snprintf(small, sizeof(small), "%s", (char *)NULL);
	result(!strcmp(small, "(null)"), "vsnprintf %s NULL", small);
	{
		char buf[64];

		k_snprintf(buf, sizeof(buf), "%p", (void *)0x1234);
		result(!strcmp(buf, "0x00001234"), "vsnprintf %p", buf);
		k_snprintf(buf, sizeof(buf), "%pS", (void *)0x10a00);
		result(!strcmp(buf, "sym_10a00"), "vsnprintf %pS uses kallsyms", buf);
	}
	test_mac();
}

#define EINVAL 22
#define ERANGE 34

/* One kstrto* call: its return and, on success, its value; on failure the
 * result must be left alone (it starts as 7). */
#define CHECK_KSTRTO(fn, type, s, base, want_ret, want)                            \
	do {                                                                       \
		type v = 7;                                                        \
		int r = fn(s, base, &v);                                           \
		char d[160];                                                       \
		snprintf(d, sizeof(d), "returned %d, value %lld", r, (long long)v);  \
		result(r == (want_ret) && v == (r ? (type)7 : (type)(want)),       \
		       #fn "(\"" s "\", " #base ")", d);                            \
	} while (0)

static void test_kstrtox(void)
{
	char big[32];

	CHECK_KSTRTO(kstrtoul, unsigned long, "42", 0, 0, 42);
	CHECK_KSTRTO(kstrtoul, unsigned long, "0x1F", 0, 0, 31);
	CHECK_KSTRTO(kstrtoul, unsigned long, "0X1f", 16, 0, 31);
	CHECK_KSTRTO(kstrtoul, unsigned long, "1f", 16, 0, 31);
	CHECK_KSTRTO(kstrtoul, unsigned long, "010", 0, 0, 8);
	CHECK_KSTRTO(kstrtoul, unsigned long, "010", 10, 0, 10);
	CHECK_KSTRTO(kstrtoul, unsigned long, "0", 0, 0, 0);
	CHECK_KSTRTO(kstrtoul, unsigned long, "+5", 10, 0, 5);
	CHECK_KSTRTO(kstrtoul, unsigned long, "5\n", 10, 0, 5);
	CHECK_KSTRTO(kstrtoul, unsigned long, "5\n\n", 10, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoul, unsigned long, "", 0, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoul, unsigned long, "0x", 0, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoul, unsigned long, "12a", 10, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoul, unsigned long, "09", 0, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoul, unsigned long, " 1", 10, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoul, unsigned long, "-1", 10, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoull, unsigned long long, "18446744073709551615", 10, 0,
		     18446744073709551615ULL);
	CHECK_KSTRTO(kstrtoull, unsigned long long, "18446744073709551616", 10, -ERANGE, 0);
	CHECK_KSTRTO(kstrtoull, unsigned long long, "0x10000000000000000", 0, -ERANGE, 0);
	CHECK_KSTRTO(kstrtoull, unsigned long long, "99999999999999999999", 10, -ERANGE, 0);
	/* One past unsigned long, whatever its width on this host. */
	snprintf(big, sizeof(big), "%llu", (unsigned long long)(unsigned long)-1);
	{
		unsigned long v = 7;

		result(kstrtoul(big, 10, &v) == 0 && v == (unsigned long)-1, "kstrtoul ULONG_MAX",
		       big);
		big[strlen(big) - 1]++;         /* ...5 becomes ...6 */
		v = 7;
		result(kstrtoul(big, 10, &v) == -ERANGE && v == 7,
		       "kstrtoul ULONG_MAX + 1: -ERANGE", big);
	}
	CHECK_KSTRTO(kstrtouint, unsigned int, "4294967295", 10, 0, 4294967295u);
	CHECK_KSTRTO(kstrtouint, unsigned int, "4294967296", 10, -ERANGE, 0);
	CHECK_KSTRTO(kstrtouint, unsigned int, "0x100000000", 0, -ERANGE, 0);
	CHECK_KSTRTO(kstrtouint, unsigned int, "-0", 10, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoint, int, "-2147483648", 10, 0, -2147483647 - 1);
	CHECK_KSTRTO(kstrtoint, int, "2147483647", 10, 0, 2147483647);
	CHECK_KSTRTO(kstrtoint, int, "2147483648", 10, -ERANGE, 0);
	CHECK_KSTRTO(kstrtoint, int, "-2147483649", 10, -ERANGE, 0);
	CHECK_KSTRTO(kstrtoint, int, "-0x10", 0, 0, -16);
	CHECK_KSTRTO(kstrtoint, int, "--1", 10, -EINVAL, 0);
	CHECK_KSTRTO(kstrtoint, int, "-", 10, -EINVAL, 0);
}

static void test_string(void)
{
	char a[64], b[64];

	for (int off = 0; off < 4; off++) {
		for (size_t n = 0; n < 20; n++) {
			memset(a, 'x', sizeof(a));
			memset(b, 'x', sizeof(b));
			k_memcpy(a + off, "abcdefghijklmnopqrstuvwxyz", n);
			memcpy(b + off, "abcdefghijklmnopqrstuvwxyz", n);
			if (memcmp(a, b, sizeof(a))) {
				result(0, "memcpy", "differs");
				return;
			}
		}
	}
	result(1, "memcpy at every alignment and length", "");
	strcpy(a, "0123456789");
	k_memmove(a + 2, a, 8);
	result(!strcmp(a, "0101234567"), "memmove overlap forward", a);
	strcpy(a, "0123456789");
	k_memmove(a, a + 2, 8);
	result(!memcmp(a, "23456789", 8), "memmove overlap backward", a);
	memset(a, 0, sizeof(a));
	k_memset(a + 1, 0xab, 13);
	result(a[0] == 0 && (unsigned char)a[1] == 0xab && (unsigned char)a[13] == 0xab &&
		       a[14] == 0, "memset bounds", "");
	result(k_memcmp("abc", "abd", 3) < 0 && k_memcmp("abc", "abc", 3) == 0, "memcmp", "");
	result(k_strlen("") == 0 && k_strlen("hello") == 5, "strlen", "");
	result(k_strcmp("a", "b") < 0 && k_strcmp("b", "a") > 0 && !k_strcmp("x", "x") &&
		       k_strcmp("\xff", "a") > 0, "strcmp (unsigned)", "");
	result(!k_strncmp("abcX", "abcY", 3) && k_strncmp("ab", "abc", 3) < 0, "strncmp", "");
	{
		const char *s = "a:b:c";

		result(k_strchr(s, ':') == s + 1 && k_strrchr(s, ':') == s + 3 &&
			       k_strchr(s, '\0') == s + 5 && !k_strchr(s, 'z'),
		       "strchr/strrchr", "");
	}
	result(k_strscpy(a, "hello", 6) == 5 && !strcmp(a, "hello"), "strscpy fits", a);
	result(k_strscpy(a, "hello", 3) == -7 && !strcmp(a, "he"), "strscpy truncates with -E2BIG",
	       a);
}

/*
 * 20000 random allocations (below @max bytes) and frees over @p[0..n): 0,
 * 1 when a block lost its contents (an overlap), 2 for a failed or
 * misaligned allocation.
 */
static int stress(void **p, size_t *sz, int n, unsigned int *seed, size_t max)
{
	int bad = 0;

	for (int round = 0; round < 20000; round++) {
		int i = rand_r(seed) % n;

		if (p[i]) {
			for (size_t k = 0; k < sz[i]; k++)
				if (((unsigned char *)p[i])[k] != (unsigned char)i)
					bad = 1;
			kfree(p[i]);
			p[i] = NULL;
		} else {
			sz[i] = rand_r(seed) % max;
			p[i] = kmalloc(sz[i], 0);
			if (!p[i] || ((uintptr_t)p[i] & 7))
				bad = 2;
			else
				memset(p[i], i, sz[i]);
		}
	}
	return bad;
}

static void test_heap(void)
{
	enum { REGION = 1 << 20, N = 400 };
	static _Alignas(8) unsigned char arena1[REGION], arena2[REGION / 4];
	struct heap_stats st0, st;
	void *p[N] = { 0 };
	size_t sz[N];
	unsigned int seed = 12345;
	int bad = 0;

	kmem_add_region((uintptr_t)arena1 + 3, REGION - 3);	/* misaligned start */
	kmem_add_region((uintptr_t)arena2, sizeof(arena2));
	kmem_get_stats(&st0);
	result(st0.regions == 2 && st0.used == 0 && st0.free_blocks == 2, "heap regions", "");

	/* Random allocations and frees: results aligned, inside, never overlapping. */
	bad = stress(p, sz, N, &seed, 3000);
	result(!bad, "heap random alloc/free keeps contents, 8-byte aligned", bad == 1 ? "overlap" : "");
	result(kmem_check() == 0, "heap headers sound after stress", last_log);
	for (int i = 0; i < N; i++)
		kfree(p[i]);
	kmem_get_stats(&st);
	result(st.used == 0 && st.allocs == 0 && st.free_blocks == 2 &&
		       st.largest_free == st0.largest_free,
	       "heap coalesces back to one block per region", "");

	/* Too big for any region: NULL and a message, not a crash. */
	result(kmalloc(REGION * 2, 0) == NULL && strstr(last_log, "out of memory"),
	       "heap out of memory is NULL with a message", last_log);

	{
		char *x = kmalloc(40, 0);
		unsigned int before = kmem_debug_reports();

		kfree(x);
		last_log[0] = 0;
		kfree(x);
		result(strstr(last_log, "double free") != NULL, "heap reports double free", last_log);
		kmem_get_stats(&st);
		result(st.used == 0, "double free changes nothing", "");
		result(kmem_debug_reports() == before + 1, "a double free is counted", "");
	}
	{
		/* The first word of a freed block is the free-list
		 * link.  A write there once sent kmalloc to a wild pointer
		 * (a fault), or round a loop with IRQs off (a hang). */
		static const uintptr_t wild[] = { 0xdead0000u, 0, 1 /* itself */ };

		for (unsigned int i = 0; i < sizeof(wild) / sizeof(wild[0]); i++) {
			char *x = kmalloc(40, 0), *y = kmalloc(40, 0), *z;
			unsigned int before = kmem_debug_reports();

			kfree(x);
			*(uintptr_t *)x = wild[i] == 1 ? (uintptr_t)(x - 8) : wild[i];
			last_log[0] = 0;
			z = kmalloc(100, 0);	/* walks past x's block */
			result(z && strstr(last_log, "free list rebuilt") &&
				       kmem_debug_reports() == before + 1,
			       "heap: a write over a free block's link is caught, counted, repaired",
			       last_log);
			kfree(z);
			kfree(y);
			result(kmem_check() == 0, "heap sound after the repair", last_log);
		}
		kmem_get_stats(&st);
		result(st.used == 0 && st.free_blocks == 2 && st.largest_free == st0.largest_free,
		       "heap coalesces back after the repairs", "");
	}
	{
		char *x = kmalloc(40, 0), *y = kmalloc(40, 0);

		memset(x, 'A', 56);	/* overruns into y's header */
		last_log[0] = 0;
		kfree(y);
		result(strstr(last_log, "corrupted block header") != NULL,
		       "heap reports corrupted header", last_log);
		result(kmem_check() != 0, "kmem_check finds the corruption", "");
		/* Repair for the remaining checks is not possible; stop here. */
		(void)x;
	}
	last_log[0] = 0;
	kfree((void *)0x10);
	result(strstr(last_log, "not a heap pointer") != NULL, "heap rejects foreign pointer",
	       last_log);
}

/* slub_debug: overflows, writes after free and double frees named. */
static void test_heap_debug(void)
{
	static _Alignas(8) unsigned char arena[1 << 18];
	enum { N = 300 };
	void *p[N] = { 0 };
	size_t sz[N];
	unsigned int seed = 777;
	int bad = 0;

	kmem_add_region((uintptr_t)arena, sizeof(arena));
	result(kmem_debug_enable() == 0, "debug mode on an unused heap", "");

	{
		char *x = kmalloc(13, 0);

		memset(x, 'x', 13);
		last_log[0] = 0;
		kfree(x);
		result(!last_log[0] && kmem_debug_reports() == 0, "13 bytes written in 13: nothing",
		       last_log);
		x = kmalloc(13, 0);
		x[13] = '!';
		kfree(x);
		result(strstr(last_log, "1 byte written past the end of 13 bytes allocated by") &&
			       kmem_debug_reports() == 1,
		       "one byte past the end: reported with the allocation", last_log);
	}
	{
		char *x = kmalloc(64, 0), *y;

		kfree(x);
		last_log[0] = 0;
		y = kmalloc(64, 0);     /* first fit: the same memory */
		result(y == x && !last_log[0], "freed memory reused untouched: nothing", last_log);
		kfree(y);
		x[20] = 0;
		x[21] = 0;
		y = kmalloc(64, 0);
		result(y == x && strstr(last_log, "use after free: 2 bytes written after kfree") &&
			       strstr(last_log, "allocated by") && strstr(last_log, "freed by") &&
			       kmem_debug_reports() == 2,
		       "write after free: reported when reused, owner and freer named", last_log);
		kfree(y);
	}
	{
		/* A write after free to the first word (the free-list link):
		 * reported as one, with the block's owner, whatever it wrote. */
		static const uintptr_t wild[] = { 0xdead0000u, 0, 1 /* itself */, 2 /* mapped */ };

		for (unsigned int i = 0; i < sizeof(wild) / sizeof(wild[0]); i++) {
			char *x = kmalloc(40, 0), *y = kmalloc(40, 0), *z;
			unsigned int before = kmem_debug_reports();
			uintptr_t v = wild[i] == 1 ? (uintptr_t)(x - 8) :
				      wild[i] == 2 ? (uintptr_t)(y - 8) : wild[i];

			kfree(x);
			*(uintptr_t *)x = v;
			last_log[0] = 0;
			z = kmalloc(100, 0);
			result(z && kmem_debug_reports() == before + 1,
			       "debug: a write over a free block's link is counted once", last_log);
			kfree(z);
			kfree(y);
		}
		/* The report itself, kept from the walk that found it. */
		{
			char *x = kmalloc(40, 0), *y = kmalloc(40, 0), *z;

			kfree(x);
			*(uintptr_t *)x = 0x12345678u;
			uaf_log[0] = 0;
			keep_uaf = 1;
			z = kmalloc(100, 0);
			keep_uaf = 0;
			result(strstr(uaf_log, "use after free: the free-list link at ") &&
				       strstr(uaf_log, "overwritten (0x12345678) after kfree, in a ") &&
				       strstr(uaf_log, "allocated by ") &&
				       strstr(uaf_log, ", freed by ") &&
				       strstr(uaf_log, "found by kmalloc from "),
			       "debug: the link's write after free names owner and freer", uaf_log);
			kfree(z);
			kfree(y);
		}
		result(kmem_check() == 0, "debug: heap sound after the repairs", last_log);
	}
	{
		char *a = kmalloc(40, 0), *b = kmalloc(40, 0), *c = kmalloc(40, 0);

		kfree(a);
		kfree(b);       /* merged into a's block: its header is poison now */
		last_log[0] = 0;
		kfree(b);
		result(strstr(last_log, "double free (freed before by") != NULL,
		       "double free of a merged block named as such", last_log);
		kfree(c);
	}

	bad = stress(p, sz, N, &seed, 700);
	result(!bad && kmem_debug_reports() == 8 && kmem_check() == 0,
	       "stress in debug mode: contents kept, nothing reported", last_log);
	result(kmem_debug_enable() != 0, "debug mode cannot start under live blocks", "");
	for (int i = 0; i < N; i++)
		kfree(p[i]);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "heap-debug")) {
		test_heap_debug();
		printf("# %d tests, %d failed\n", tests, failures);
		return failures ? 1 : 0;
	}
	test_vsnprintf();
	test_kstrtox();
	test_string();
	test_heap();
	printf("# %d tests, %d failed\n", tests, failures);
	return failures ? 1 : 0;
}
