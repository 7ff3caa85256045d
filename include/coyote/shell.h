/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shell commands register themselves, like initcalls, through a linker
 * section: each subsystem adds its own commands in its own file.
 *
 * Where a command lives (one convention, docs/adding-a-driver.md says it
 * too): in the folder of what it drives.
 *  - A command that reads or drives one file's private state (a driver's
 *    own devices, printk's ring, the tick) ends that file, beside the
 *    state it reads: `ttys` in drivers/tty/serial/amba-pl011.c, `rng` in
 *    drivers/char/hw_random/core.c.  What the shell itself stands on
 *    (printk, the memory map) does not include it: `dmesg` and `mem` are
 *    kernel/printk-cmd.c and kernel/memory-cmd.c.
 *  - A command that drives a subsystem through its API has a file of its
 *    own in that subsystem's folder, named `<what>-cmd.c` for what it
 *    drives: drivers/i2c/i2c-cmd.c, drivers/rtc/rtc-cmd.c,
 *    drivers/base/driver-core-cmd.c, kernel/irq/irq-cmd.c,
 *    kernel/module/module-cmd.c, kernel/overlay-cmd.c (of/ is portable
 *    and has no shell), arch/arm/cpus-cmd.c.
 * `git grep SHELL_COMMAND\(` lists them all.
 *
 *   static int cmd_uptime(int argc, char **argv) { ... return 0; }
 *   SHELL_COMMAND(uptime, cmd_uptime, "uptime", "time since boot",
 *                 .topic = TOPIC_TIME, .example = "uptime");
 *
 * After the one-line help come optional fields: the `help` topic, an
 * example for `help CMD`, and what the arguments complete to on Tab
 * (.complete = complete_dt_path, complete_module, ...; a subsystem with
 * its own names, overlays say, writes a shell_completer of its own).
 *
 * A command returns 0, or a negative errno which the shell reports
 * (-EINTR, a Ctrl-C the command obeyed, silently).
 */
#ifndef _COYOTE_SHELL_H
#define _COYOTE_SHELL_H

#include <coyote/console.h>	/* printf() for command output */

/* `help` groups commands under these headings, in this order. */
enum shell_topic {
	TOPIC_OTHER,		/* a command that names none */
	TOPIC_DT,
	TOPIC_DEVICES,
	TOPIC_MODULES,
	TOPIC_NETWORK,
	TOPIC_TIME,
	TOPIC_SYSTEM,
	TOPIC_COUNT
};

struct shell_compl;

/*
 * What a command's argument @argi (1 = the first) completes to: call
 * shell_compl_add() for every name that could stand there; the shell keeps
 * those that start with the word typed so far.
 */
typedef void shell_completer(struct shell_compl *c, int argi);

/*
 * shell_compl_add() - offer @cand as a completion of the current word
 * @more: the word can go on (a node with children): no space is added
 * after it, a Tab on the finished word adds @sep instead.
 */
void shell_compl_add(struct shell_compl *c, const char *cand, bool more, char sep);
/* The word being completed (what the completer may use to narrow down). */
const char *shell_compl_word(const struct shell_compl *c);
/*
 * Word @i of the line (0: the command) into @buf, "" past the end: a
 * command with subcommands completes by what came before
 * ("overlay rm" Tab: applied overlays; "overlay apply" Tab: files).
 */
void shell_compl_arg(const struct shell_compl *c, int i, char *buf, size_t size);
/* Offer the names of files @dir*@suffix in the initrd, without both. */
void complete_initrd_files(struct shell_compl *c, const char *dir, const char *suffix);

/* Completers the shell's commands share. */
shell_completer complete_command;	/* command names (help CMD) */
shell_completer complete_dt_path;	/* tree paths one level at a time, aliases */
shell_completer complete_module;	/* modules in the initrd or loaded */
shell_completer complete_module_loaded;	/* loaded modules only (rmmod) */

struct shell_command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *usage;   /* "i2c get BUS ADDR REG" */
	const char *help;    /* one line for `help` */
	enum shell_topic topic;
	const char *example; /* a line to try, shown by `help CMD` */
	shell_completer *complete;
};

/* The entries are walked as one array: AddressSanitizer's red zones
 * between globals must not come between them (the fuzzer's shell). */
#if defined(__clang__) && defined(COYOTE_HOST)
#define __shell_cmd_attr __attribute__((no_sanitize("address")))
#else
#define __shell_cmd_attr
#endif

#define SHELL_COMMAND(id, func, use, text, ...) \
	static const struct shell_command __shell_cmd_##id \
	__attribute__((used, section(".shell_cmds"), aligned(4))) __shell_cmd_attr = \
	{ .name = #id, .fn = func, .usage = use, .help = text, __VA_ARGS__ }

/* The longest line the shell takes; a longer one is refused whole. */
#define SHELL_LINE_MAX	1024
/* The most words in a line; a line with more is refused. */
#define SHELL_ARGS_MAX	64

/* Read one line from the console with editing; returns its length or -EINTR. */
int shell_readline(char *buf, int size);

/*
 * @len bytes as hex, 16 a line: the offset (counted from @base), the
 * bytes, and the printable ones; stops early on Ctrl-C.
 */
void shell_hexdump(const u8 *p, size_t len, u64 base);

/* Run one command line as if typed; returns the command's result. */
int shell_exec(char *line);

/* Read and run commands on the console forever. */
void __attribute__((noreturn)) shell_run(void);

#endif
