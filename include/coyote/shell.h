/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shell commands register themselves, like initcalls, through a linker
 * section: each subsystem adds its own commands in its own file.
 *
 *   static int cmd_uptime(int argc, char **argv) { ... return 0; }
 *   SHELL_COMMAND(uptime, cmd_uptime, "uptime", "time since boot");
 *
 * A command returns 0, or a negative errno which the shell reports.
 */
#ifndef _COYOTE_SHELL_H
#define _COYOTE_SHELL_H

#include <coyote/console.h>	/* printf() for command output */

struct shell_command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;   /* "i2c get BUS ADDR REG" */
	const char *help;    /* one line for `help` */
};

#define SHELL_COMMAND(id, func, use, text) \
	static const struct shell_command __shell_cmd_##id \
	__attribute__((used, section(".shell_cmds"), aligned(4))) = \
	{ .name = #id, .fn = func, .usage = use, .help = text }

/* Read one line from the console with editing; returns its length or -EINTR-like error. */
int shell_readline(char *buf, int size);

/* Run one command line as if typed; returns the command's result. */
int shell_exec(char *line);

/* Read and run commands on the console forever. */
void __attribute__((noreturn)) shell_run(void);

#endif
