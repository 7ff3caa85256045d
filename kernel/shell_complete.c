// SPDX-License-Identifier: BSD-2-Clause
/*
 * Tab completion.  The first word completes to a command name; later words
 * to whatever the command's SHELL_COMMAND declares (.complete).  A Tab
 * inserts what every candidate shares; a unique candidate gets a space, or
 * nothing when it can go on (a node with children: the next Tab adds the
 * '/', one level at a time, as a shell completes directories); a second
 * Tab in a row lists the candidates.
 */
#include <linux/console.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/shell.h>

#include "shell.h"

#define LIST_WIDTH	78

struct shell_compl {
	const char *word;
	size_t wlen;
	int count;
	char common[SHELL_LINE_MAX + 1];	/* what all candidates share */
	size_t clen;
	bool more;				/* of the only candidate */
	char sep;
	bool list;				/* print candidates as they come */
	size_t show_from;			/* listed: from here (after a '/') */
	int col;
	const char *line;			/* the line up to the word */
	size_t start;
};

const char *shell_compl_word(const struct shell_compl *c)
{
	return c->word;
}

void shell_compl_arg(const struct shell_compl *c, int i, char *buf, size_t size)
{
	const char *p = c->line, *end = c->line + c->start;
	size_t n;

	for (;;) {
		while (p < end && *p == ' ')
			p++;
		for (n = 0; p + n < end && p[n] != ' '; n++)
			;
		if (!n || !i--)
			break;
		p += n;
	}
	snprintf(buf, size, "%.*s", (int)n, p);
}

void shell_compl_add(struct shell_compl *c, const char *cand, bool more, char sep)
{
	size_t n = strlen(cand), i;

	if (n < c->wlen || strncmp(cand, c->word, c->wlen) || n > SHELL_LINE_MAX)
		return;
	if (c->count++ == 0) {
		memcpy(c->common, cand, n + 1);
		c->clen = n;
		c->more = more;
		c->sep = sep;
	} else {
		for (i = 0; i < c->clen && c->common[i] == cand[i]; i++)
			;
		c->clen = i;
	}
	if (c->list) {
		const char *show = cand + (c->show_from <= n ? c->show_from : 0);
		int w = (int)strlen(show) + 2;

		if (c->col && c->col + w > LIST_WIDTH) {
			console_write("\n", 1);
			c->col = 0;
		}
		printf("%s%s%s", c->col ? "  " : "", show, more && sep ? (char[2]){ sep, 0 } : "");
		c->col += w;
	}
}

void complete_command(struct shell_compl *c, int argi)
{
	for (const struct shell_command *cmd = __shell_cmds_start; cmd < __shell_cmds_end; cmd++)
		shell_compl_add(c, cmd->name, false, 0);
}

/* Run the word's completer with @c set up for @word. */
static bool run_completer(struct shell_compl *c, const struct line *l, size_t start)
{
	static char word[SHELL_LINE_MAX + 1], name[SHELL_LINE_MAX + 1];
	const struct shell_command *cmd;
	int argi = 0;

	memcpy(word, l->buf + start, (size_t)l->pos - start);
	word[l->pos - start] = '\0';
	c->word = word;
	c->wlen = strlen(word);
	c->line = l->buf;
	c->start = start;
	c->show_from = strrchr(word, '/') ? (size_t)(strrchr(word, '/') - word) + 1 : 0;

	/* The words before this one: the first names the command. */
	for (size_t i = 0; i < start; i++)
		if (l->buf[i] != ' ' && (!i || l->buf[i - 1] == ' '))
			argi++;
	if (!argi) {
		complete_command(c, 0);
		return true;
	}
	shell_compl_arg(c, 0, name, sizeof(name));
	cmd = find_command(name);
	if (!cmd || !cmd->complete)
		return false;
	cmd->complete(c, argi);
	return true;
}

void shell_complete(struct line *l, bool list)
{
	static struct shell_compl c;
	size_t start = (size_t)l->pos;

	while (start > 0 && l->buf[start - 1] != ' ')
		start--;
	c = (struct shell_compl){ 0 };
	if (!run_completer(&c, l, start) || !c.count)
		return;
	if (c.count == 1) {
		if (c.clen > c.wlen)
			line_insert(l, c.common + c.wlen, (int)(c.clen - c.wlen));
		else if (c.more && c.sep)
			line_insert(l, &c.sep, 1);
		if (!c.more)
			line_insert(l, " ", 1);
		return;
	}
	if (c.clen > c.wlen) {
		line_insert(l, c.common + c.wlen, (int)(c.clen - c.wlen));
		return;
	}
	if (!list)
		return;
	console_write("\n", 1);
	c = (struct shell_compl){ .list = true };
	run_completer(&c, l, start);
	console_write("\n", 1);
	line_redraw(l, false);
}
