// SPDX-License-Identifier: BSD-2-Clause
/*
 * The shell on the console: a prompt, the line editor (kernel/readline.c),
 * and commands that each subsystem registers in its own file with
 * SHELL_COMMAND().
 *
 * Ctrl-C while a command runs reaches it through the console's receive
 * interrupt (intr_pending(), coyote/console.h); when the command returns,
 * what was typed ahead is dropped with the interrupt, as a terminal flushes
 * its input on an interrupt.
 */
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <coyote/shell.h>

#include "shell.h"

static const char *const topic_names[TOPIC_COUNT] = {
	[TOPIC_DT] = "device tree",
	[TOPIC_DEVICES] = "devices and drivers",
	[TOPIC_MODULES] = "modules",
	[TOPIC_NETWORK] = "network",
	[TOPIC_TIME] = "time",
	[TOPIC_SYSTEM] = "system",
	[TOPIC_OTHER] = "other",
};

/*
 * Split on blanks; "double quotes" group words.
 * Return: argc, or -E2BIG when there are more than SHELL_ARGS_MAX words.
 */
static int split_args(char *line, char **argv)
{
	int argc = 0;

	for (;;) {
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line)
			return argc;
		if (argc == SHELL_ARGS_MAX)
			return -E2BIG;
		if (*line == '"') {
			argv[argc++] = ++line;
			while (*line && *line != '"')
				line++;
		} else {
			argv[argc++] = line;
			while (*line && *line != ' ' && *line != '\t')
				line++;
		}
		if (*line)
			*line++ = '\0';
	}
}

const struct shell_command *find_command(const char *name)
{
	for (const struct shell_command *c = __shell_cmds_start; c < __shell_cmds_end; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/* Edits (insert, delete, substitute, swap two neighbours) from @a to @b. */
static unsigned int edit_distance(const char *a, const char *b)
{
	unsigned int prev2[33], prev[33], cur[33];
	size_t la = strlen(a), lb = strlen(b);

	if (la > 32 || lb > 32)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = (unsigned int)j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = (unsigned int)i;
		for (size_t j = 1; j <= lb; j++) {
			unsigned int v = prev[j - 1] + (a[i - 1] != b[j - 1]);

			v = min(v, prev[j] + 1);
			v = min(v, cur[j - 1] + 1);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
				v = min(v, prev2[j - 2] + 1);
			cur[j] = v;
		}
		memcpy(prev2, prev, sizeof(prev));
		memcpy(prev, cur, sizeof(cur));
	}
	return prev[lb];
}

/* The command nearest @name, when it is a typo away (at most 2 edits). */
static const struct shell_command *nearest_command(const char *name)
{
	const struct shell_command *best = NULL;
	unsigned int best_d = 3;

	for (const struct shell_command *c = __shell_cmds_start; c < __shell_cmds_end; c++) {
		unsigned int d = edit_distance(name, c->name);

		if (d < best_d) {
			best_d = d;
			best = c;
		}
	}
	return best;
}

int shell_exec(char *line)
{
	char *argv[SHELL_ARGS_MAX + 1];
	const struct shell_command *cmd;
	int argc, ret;

	argc = split_args(line, argv);
	if (argc == -E2BIG) {
		printf("too many arguments: at most %d words in a line, refused (nothing ran)\n",
		       SHELL_ARGS_MAX);
		return argc;
	}
	if (!argc)
		return 0;
	argv[argc] = NULL;
	cmd = find_command(argv[0]);
	if (!cmd) {
		const struct shell_command *near = nearest_command(argv[0]);

		if (near)
			printf("unknown command: %s (did you mean %s?)\n", argv[0], near->name);
		else
			printf("unknown command: %s (try help)\n", argv[0]);
		return -ENOENT;
	}
	ret = cmd->fn(argc, argv);
	if (ret < 0 && ret != -EINTR)
		printf("%s: error %s\n", argv[0], errname(ret));
	return ret;
}

/*
 * "!!" is the previous line, "!N" history line N: replaced in @line
 * (@size bytes) and shown, as bash shows what it runs.
 * Return: 0, or -ENOENT when there is no such line (reported).
 */
static int history_expand(char *line, size_t size)
{
	const char *p = line, *hit;
	unsigned int n = 0, total = history_total();

	while (*p == ' ')
		p++;
	if (p[0] != '!' || !p[1])
		return 0;
	if (!strcmp(p, "!!")) {
		hit = history_get(1);
	} else {
		if (p[1] < '0' || p[1] > '9' || kstrtouint(p + 1, 10, &n))
			return 0;	/* not ours: run as typed */
		hit = n && n <= total ? history_get(total - n + 1) : NULL;
	}
	if (!hit) {
		printf("%s: event not found\n", p);
		return -ENOENT;
	}
	strscpy(line, hit, size);
	printf("%s\n", line);
	return 0;
}

/* Drop what was typed ahead of (and with) a Ctrl-C the command obeyed. */
static void flush_interrupted_input(void)
{
	if (!intr_pending())
		return;
	while (console_getc() >= 0)
		;
	intr_clear();
}

void shell_run(void)
{
	static char line[SHELL_LINE_MAX + 1];

	for (;;) {
		console_write(SHELL_PROMPT, sizeof(SHELL_PROMPT) - 1);
		if (shell_readline(line, sizeof(line)) <= 0)
			continue;
		if (history_expand(line, sizeof(line)))
			continue;
		history_add(line);
		shell_exec(line);
		flush_interrupted_input();
	}
}

/* help: commands by topic, alphabetically; help CMD: usage and example. */
static int cmd_help(int argc, char **argv)
{
	int width = 0;

	if (argc > 2)
		return -EINVAL;
	if (argc == 2) {
		const struct shell_command *c = find_command(argv[1]);

		if (!c) {
			const struct shell_command *near = nearest_command(argv[1]);

			printf("help: no command %s%s%s%s\n", argv[1], near ? " (did you mean " : "",
			       near ? near->name : "", near ? "?)" : "");
			return -ENOENT;
		}
		printf("usage: %s\n  %s\n", c->usage, c->help);
		if (c->example)
			printf("example: %s\n", c->example);
		return 0;
	}
	/* The usage column fits the longest usage. */
	for (const struct shell_command *c = __shell_cmds_start; c < __shell_cmds_end; c++)
		width = max(width, (int)strlen(c->usage));
	for (int t = 1; t <= TOPIC_COUNT; t++) {
		enum shell_topic topic = t % TOPIC_COUNT;	/* "other" last */
		const struct shell_command *last = NULL;
		bool header = false;

		/* Selection by name, one pass per command: the table is small. */
		for (;;) {
			const struct shell_command *next = NULL;

			for (const struct shell_command *c = __shell_cmds_start; c < __shell_cmds_end; c++)
				if (c->topic == topic && (!last || strcmp(c->name, last->name) > 0) &&
				    (!next || strcmp(c->name, next->name) < 0))
					next = c;
			if (!next)
				break;
			if (!header)
				printf("%s%s:\n", t > 1 ? "\n" : "", topic_names[topic]);
			header = true;
			printf("  %-*s  %s\n", width, next->usage, next->help);
			last = next;
		}
	}
	printf("\n`help CMD` shows a command's usage with an example. Keys: Tab completes,\n"
	       "Up/Down recall, Ctrl-C interrupts; README.md lists them all.\n");
	return 0;
}
SHELL_COMMAND(help, cmd_help, "help [COMMAND]", "list commands, or show one command's usage",
	      .topic = TOPIC_SYSTEM, .example = "help whynot", .complete = complete_command);

static int cmd_history(int argc, char **argv)
{
	unsigned int total = history_total();

	if (argc != 1)
		return -EINVAL;
	for (unsigned int back = min(total, (unsigned int)SHELL_HISTORY); back; back--)
		printf("%5u  %s\n", total - back + 1, history_get(back));
	return 0;
}
SHELL_COMMAND(history, cmd_history, "history",
	      "the last 32 lines (Up/Down recall them, !! and !N run them again)",
	      .topic = TOPIC_SYSTEM, .example = "history");

static int cmd_echo(int argc, char **argv)
{
	/* Written as is: a word may be longer than printf's buffer. */
	for (int i = 1; i < argc; i++) {
		console_write(argv[i], strlen(argv[i]));
		if (i + 1 < argc)
			console_write(" ", 1);
	}
	console_write("\n", 1);
	return 0;
}
SHELL_COMMAND(echo, cmd_echo, "echo [WORD ...]", "print the words, separated by one space",
	      .topic = TOPIC_SYSTEM, .example = "echo hello \"two  spaces\"");

void shell_hexdump(const u8 *p, size_t len, u64 base)
{
	for (size_t off = 0; off < len && !intr_pending(); off += 16) {
		size_t n = min(len - off, (size_t)16);

		printf("%08llx ", (unsigned long long)(base + off));
		for (size_t i = 0; i < 16; i++)
			printf(i < n ? " %02x" : "   ", p[off + min(i, n - 1)]);
		printf("  |");
		for (size_t i = 0; i < n; i++)
			printf("%c", p[off + i] >= 0x20 && p[off + i] < 0x7f ? p[off + i] : '.');
		printf("|\n");
	}
}
