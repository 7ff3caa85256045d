// SPDX-License-Identifier: BSD-2-Clause
/*
 * The shell on the console: a prompt, a line editor, and commands that
 * each subsystem registers in its own file with SHELL_COMMAND().
 *
 * Input is polled for now (console_getc); interrupt-driven input only
 * changes what console_getc finds, not this file.
 */
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <coyote/shell.h>
#include <asm/irq.h>

#define PROMPT		"coyote# "
#define LINE_MAX	256
#define ARGS_MAX	16

#define CTRL(c)		((c) & 0x1f)
#define DEL		0x7f

extern const struct shell_command __shell_cmds_start[], __shell_cmds_end[];

/*
 * Waiting for a key.  While input is polled nothing can wake a sleeping
 * CPU, so the default idle does nothing; once console input raises an
 * interrupt, the IRQ code overrides arch_cpu_idle() with cpu_do_idle()
 * (wait for interrupt) and QEMU stops burning a host core at the prompt.
 */
__attribute__((weak)) void arch_cpu_idle(void)
{
}

static int getc_wait(void)
{
	int c;

	while ((c = console_getc()) < 0)
		arch_cpu_idle();
	return c;
}

static void erase_chars(int n)
{
	while (n-- > 0)
		console_write("\b \b", 3);
}

/*
 * Line editing: printable characters, backspace/DEL, ^U kills the line,
 * ^C abandons it.  Escape sequences (arrow keys) are swallowed so they do
 * not end up as garbage in the line.
 */
int shell_readline(char *buf, int size)
{
	int len = 0;

	for (;;) {
		int c = getc_wait();

		if (c == '\r' || c == '\n') {
			console_write("\n", 1);
			buf[len] = '\0';
			return len;
		}
		if (c == '\b' || c == DEL) {
			if (len) {
				len--;
				erase_chars(1);
			}
		} else if (c == CTRL('U')) {
			erase_chars(len);
			len = 0;
		} else if (c == CTRL('C')) {
			console_write("^C\n", 3);
			buf[0] = '\0';
			return -EINTR;
		} else if (c == 0x1b) {
			/* ESC [ ... final byte in 0x40..0x7e */
			c = getc_wait();
			if (c == '[' || c == 'O')
				while ((c = getc_wait()) < 0x40 || c > 0x7e)
					;
		} else if (c >= 0x20 && c < DEL && len < size - 1) {
			char ch = (char)c;

			buf[len++] = ch;
			console_write(&ch, 1);
		}
	}
}

/* Split on blanks; "double quotes" group words. Returns argc. */
static int split_args(char *line, char **argv)
{
	int argc = 0;

	while (*line && argc < ARGS_MAX) {
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line)
			break;
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
	return argc;
}

static const struct shell_command *find_command(const char *name)
{
	for (const struct shell_command *c = __shell_cmds_start; c < __shell_cmds_end; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

int shell_exec(char *line)
{
	char *argv[ARGS_MAX + 1];
	const struct shell_command *cmd;
	int argc, ret;

	argc = split_args(line, argv);
	if (!argc)
		return 0;
	argv[argc] = NULL;
	cmd = find_command(argv[0]);
	if (!cmd) {
		printf("unknown command: %s (try help)\n", argv[0]);
		return -ENOENT;
	}
	ret = cmd->fn(argc, argv);
	if (ret < 0)
		printf("%s: error %s\n", argv[0], errname(ret));
	return ret;
}

void shell_run(void)
{
	char line[LINE_MAX];

	for (;;) {
		console_write(PROMPT, sizeof(PROMPT) - 1);
		if (shell_readline(line, sizeof(line)) > 0)
			shell_exec(line);
	}
}

/* help: every command, alphabetically, with its usage and one line. */
static int cmd_help(int argc, char **argv)
{
	const struct shell_command *last = NULL;

	if (argc > 1) {
		const struct shell_command *c = find_command(argv[1]);

		if (!c)
			return -ENOENT;
		printf("usage: %s\n  %s\n", c->usage, c->help);
		return 0;
	}
	/* Selection by name, one pass per command: the table is small. */
	for (;;) {
		const struct shell_command *next = NULL;

		for (const struct shell_command *c = __shell_cmds_start; c < __shell_cmds_end; c++)
			if ((!last || strcmp(c->name, last->name) > 0) &&
			    (!next || strcmp(c->name, next->name) < 0))
				next = c;
		if (!next)
			return 0;
		printf("  %-24s %s\n", next->usage, next->help);
		last = next;
	}
}
SHELL_COMMAND(help, cmd_help, "help [COMMAND]", "list commands, or show one command's usage");
