/* SPDX-License-Identifier: BSD-2-Clause */
/* Inside the shell: the line editor, history and completion share these. */
#ifndef _KERNEL_SHELL_H
#define _KERNEL_SHELL_H

#include <linux/types.h>

#define SHELL_PROMPT	"coyote# "
#define SHELL_HISTORY	32	/* lines `history` and Up/Down remember */

/* The line being edited: @len characters in @buf, the cursor at @pos. */
struct line {
	char *buf;
	int len, pos, max;
};

bool line_insert(struct line *l, const char *s, int n);
/* Prompt and line again (after a list of completions, or Ctrl-L). */
void line_redraw(struct line *l, bool clear_screen);

/* Tab: complete the word before the cursor; @list: print the choices. */
void shell_complete(struct line *l, bool list);

void history_add(const char *line);
const char *history_get(unsigned int back);
unsigned int history_total(void);

extern const struct shell_command __shell_cmds_start[], __shell_cmds_end[];

/* The command called @name, or NULL. */
const struct shell_command *find_command(const char *name);

#endif
