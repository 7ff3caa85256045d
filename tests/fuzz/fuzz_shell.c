// SPDX-License-Identifier: BSD-2-Clause
/*
 * libFuzzer harness for the shell: the input is what a user types on the
 * console, byte for byte.  The real line editor (kernel/readline.c: escape
 * sequences, history, Tab completion), history expansion and the splitter
 * (kernel/shell.c: shell_run(), split_args()) and every command the host
 * build carries (help, history, echo, and the portable subsystems' own:
 * devices, whynot, lsmod, i2c, clk ... on an empty tree) run on it; a `num`
 * command checks the number converters the commands parse their arguments
 * with (kstrto*) against the C library's strtoull.
 *
 * The console is the input: console_getc() hands out its bytes and, once
 * they are used up, leaves shell_run() (which never returns) by longjmp.
 *
 * Build and run: `make fuzz FUZZ_ONLY=fuzz_shell FUZZ_TIME=60`.  Replaying
 * saved inputs: build/fuzz/fuzz_shell FILE...
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kernel.h>
#include <coyote/console.h>
#include <coyote/shell.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static const u8 *in;
static size_t in_len, in_pos;
static jmp_buf out;
static bool intr;

static void invariant_failed(const char *what, const char *word)
{
	fprintf(stderr, "fuzz_shell: invariant broken: %s (%s)\n", what, word);
	abort();
}

int console_getc(void)
{
	if (in_pos == in_len)
		longjmp(out, 1);
	if (in[in_pos] == 0x03)	/* what the receive interrupt sees */
		intr = true;
	return in[in_pos++];
}

void console_write(const char *s, size_t n)
{
	volatile char sink;

	while (n--)
		sink = s[n];
	(void)sink;
}

int vprintf(const char *fmt, va_list args)
{
	char buf[1024];
	int n = vscnprintf(buf, sizeof(buf), fmt, args);

	console_write(buf, (size_t)n);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int puts(const char *s)
{
	console_write(s, strlen(s));
	console_write("\n", 1);
	return 0;
}

bool intr_pending(void)
{
	return intr;
}

void intr_clear(void)
{
	intr = false;
}

/* One word through the converters; each agrees with strtoull/strtoll
 * (Linux's rules: the whole word, one trailing newline allowed, no sign
 * but '+' for the unsigned ones, "0x" only before a hex digit). */
static void check_word(const char *w)
{
	static const unsigned int bases[] = { 0, 8, 10, 16 };

	for (size_t b = 0; b < ARRAY_SIZE(bases); b++) {
		unsigned long long u = 7, ref;
		long long s = 7;
		unsigned int ui;
		int si;
		char *end;
		int ret = kstrtoull(w, bases[b], &u);

		if (ret == 0) {
			errno = 0;
			ref = strtoull(w, &end, (int)bases[b]);
			if (errno || (*end && strcmp(end, "\n")) || ref != u)
				invariant_failed("kstrtoull disagrees with strtoull", w);
		} else if (u != 7) {
			invariant_failed("kstrtoull wrote its result on an error", w);
		} else if (ret != -EINVAL && ret != -ERANGE) {
			invariant_failed("kstrtoull: an error other than -EINVAL/-ERANGE", w);
		}
		if (kstrtoll(w, bases[b], &s) == 0 && w[0] != '-' && (u64)s != u)
			invariant_failed("kstrtoll and kstrtoull disagree", w);
		if (kstrtouint(w, bases[b], &ui) == 0 && (ret || ui != u))
			invariant_failed("kstrtouint and kstrtoull disagree", w);
		if (kstrtoint(w, bases[b], &si) == 0 && kstrtoll(w, bases[b], &s) == 0 && si != s)
			invariant_failed("kstrtoint and kstrtoll disagree", w);
	}
}

static int cmd_num(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		check_word(argv[i]);
	return 0;
}
SHELL_COMMAND(num, cmd_num, "num WORD...", "the fuzzer's: every word through kstrto*");

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	in = data;
	in_len = size;
	in_pos = 0;
	intr = false;
	if (!setjmp(out))
		shell_run();
	return 0;
}
