// SPDX-License-Identifier: BSD-2-Clause
/*
 * include/linux/bits.h, checked where it is compiled (tests/lib/test_bits.py):
 * the constant cases at compile time for the target's 32-bit long and the
 * host's 64-bit one, the same and variable arguments at run time on the
 * host.  Prints "ok N name" / "not ok N name: detail"; exits 1 on failure.
 * -DWRONG_WAY compiles a GENMASK with its bounds swapped, which must fail.
 */
#include <linux/bits.h>

#ifdef RUN
#include <stdio.h>
#endif

#define LONG_ONES (~0UL)

_Static_assert(BIT(0) == 1UL && BIT(5) == 0x20UL, "BIT");
_Static_assert(BIT(BITS_PER_LONG - 1) == (LONG_ONES ^ (LONG_ONES >> 1)), "top BIT");
_Static_assert(sizeof(BIT(0)) == sizeof(long), "BIT is an unsigned long");
_Static_assert(sizeof(BIT_ULL(0)) == 8 && BIT_ULL(63) == 0x8000000000000000ULL, "BIT_ULL");
_Static_assert(GENMASK(0, 0) == 1UL, "one bit");
_Static_assert(GENMASK(7, 4) == 0xf0UL, "a nibble");
_Static_assert(GENMASK(31, 0) == 0xffffffffUL, "32 bits");
_Static_assert(GENMASK(BITS_PER_LONG - 1, 0) == LONG_ONES, "every bit of a long");
_Static_assert(GENMASK(BITS_PER_LONG - 1, BITS_PER_LONG - 1) == BIT(BITS_PER_LONG - 1),
	       "the top bit alone");
_Static_assert(sizeof(GENMASK(3, 1)) == sizeof(long), "GENMASK is an unsigned long");
_Static_assert(GENMASK_ULL(63, 0) == ~0ULL && GENMASK_ULL(39, 32) == 0xff00000000ULL,
	       "GENMASK_ULL");
_Static_assert(BIT_WORD(BITS_PER_LONG + 3) == 1 && BIT_MASK(BITS_PER_LONG + 3) == BIT(3),
	       "BIT_WORD and BIT_MASK");

#ifdef WRONG_WAY
unsigned long wrong = GENMASK(0, 3);
#endif

#ifdef RUN
static int failures, tests;

static void expect(const char *name, unsigned long long got, unsigned long long want)
{
	tests++;
	if (got == want) {
		printf("ok %d %s\n", tests, name);
		return;
	}
	failures++;
	printf("not ok %d %s: 0x%llx, want 0x%llx\n", tests, name, got, want);
}

/* Bits l..h one by one: what GENMASK must equal for any bounds. */
static unsigned long long ones(int h, int l)
{
	unsigned long long m = 0;

	for (int i = l; i <= h; i++)
		m |= 1ULL << i;
	return m;
}

int main(void)
{
	char name[64];
	int wrong = 0;

	/* Variable bounds: no compile-time check, the same values. */
	for (volatile int h = 0; h < BITS_PER_LONG; h++) {
		for (volatile int l = 0; l <= h; l++) {
			if (GENMASK(h, l) != ones(h, l)) {
				snprintf(name, sizeof(name), "GENMASK(%d, %d)", h, l);
				expect(name, GENMASK(h, l), ones(h, l));
				wrong++;
			}
		}
		if (BIT(h) != 1ULL << h) {
			snprintf(name, sizeof(name), "BIT(%d)", h);
			expect(name, BIT(h), 1ULL << h);
			wrong++;
		}
	}
	for (volatile int h = 0; h < 64; h++)
		for (volatile int l = 0; l <= h; l++)
			if (GENMASK_ULL(h, l) != ones(h, l))
				wrong++;
	expect("GENMASK and BIT for every variable h >= l", wrong, 0);
	expect("GENMASK(15, 8) | BIT(0)", GENMASK(15, 8) | BIT(0), 0xff01);
	return failures ? 1 : 0;
}
#endif
