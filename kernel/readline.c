// SPDX-License-Identifier: BSD-2-Clause
/*
 * The shell's line editor, for a VT100-style terminal on the serial line:
 * cursor keys, Home/End, editing anywhere in the line, the readline
 * control keys, history and Tab completion (kernel/shell_complete.c).
 *
 * The cursor moves left with a backspace, which a terminal does not
 * erase with; anything redrawn is written again from the cursor, padded
 * with blanks over what it replaces, then walked back.
 *
 *   Left/Right, Ctrl-B/Ctrl-F   one character
 *   Home/End, Ctrl-A/Ctrl-E     start/end of the line
 *   Backspace, Delete/Ctrl-D    the character before/under the cursor
 *   Ctrl-U, Ctrl-K              everything before/from the cursor
 *   Ctrl-W                      the word before the cursor
 *   Ctrl-L                      clear the screen, redraw the line
 *   Up/Down, Ctrl-P/Ctrl-N      history
 *   Tab                         complete; a second Tab lists the choices
 *   Ctrl-C                      abandon the line
 */
#include <linux/console.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/shell.h>
#include <asm/irq.h>

#include "shell.h"

#define CTRL(c)		((c) & 0x1f)
#define ESC		0x1b
#define DEL		0x7f

/* Keys that arrive as escape sequences, mapped past the byte range. */
enum {
	KEY_UP = 0x100, KEY_DOWN, KEY_RIGHT, KEY_LEFT, KEY_HOME, KEY_END, KEY_DELETE,
	KEY_NONE,
};

/*
 * Static, not from the heap: typing commands must not change what `mem`
 * reports (the modules' leak tests compare it before and after).
 */
static char history[SHELL_HISTORY][SHELL_LINE_MAX + 1];
static unsigned int history_count;	/* lines ever added; the newest is count - 1 */

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

/*
 * After ESC: "[A".."[D", "[H", "[F", "[1~" (Home), "[4~" (End),
 * "[3~" (Delete), "OH"/"OF".  A byte that starts no sequence is not
 * swallowed: ESC alone is dropped and that byte is the key (*pending).
 */
static int read_escape(int *pending)
{
	int c = getc_wait(), param = 0;

	if (c != '[' && c != 'O') {
		*pending = c;
		return KEY_NONE;
	}
	/* A parameter past any key's number stays there: typed or pasted
	 * digits never overflow it. */
	while ((c = getc_wait()) >= '0' && c <= '9')
		if (param < 1000)
			param = param * 10 + (c - '0');
	while (c < 0x40 || c > 0x7e)	/* any other parameter bytes */
		c = getc_wait();
	switch (c) {
	case 'A': return KEY_UP;
	case 'B': return KEY_DOWN;
	case 'C': return KEY_RIGHT;
	case 'D': return KEY_LEFT;
	case 'H': return KEY_HOME;
	case 'F': return KEY_END;
	case '~':
		if (param == 1 || param == 7)
			return KEY_HOME;
		if (param == 4 || param == 8)
			return KEY_END;
		if (param == 3)
			return KEY_DELETE;
		return KEY_NONE;
	default:
		return KEY_NONE;
	}
}

static void put_n(char ch, int n)
{
	while (n-- > 0)
		console_write(&ch, 1);
}

/* Rewrite from the cursor to the end, blank @erase stale cells, walk back. */
static void redraw_tail(const struct line *l, int erase)
{
	console_write(l->buf + l->pos, (unsigned int)(l->len - l->pos));
	put_n(' ', erase);
	put_n('\b', l->len - l->pos + erase);
}

static void move_to(struct line *l, int pos)
{
	if (pos < l->pos)
		put_n('\b', l->pos - pos);
	else
		console_write(l->buf + l->pos, (unsigned int)(pos - l->pos));
	l->pos = pos;
}

/* Remove @n characters starting at @from (from <= pos) and redraw. */
static void delete_range(struct line *l, int from, int n)
{
	move_to(l, from);
	memmove(l->buf + from, l->buf + from + n, (size_t)(l->len - from - n));
	l->len -= n;
	redraw_tail(l, n);
}

/* Insert @s at the cursor; false (and nothing inserted) when it will not fit. */
bool line_insert(struct line *l, const char *s, int n)
{
	if (l->len + n > l->max)
		return false;
	memmove(l->buf + l->pos + n, l->buf + l->pos, (size_t)(l->len - l->pos));
	memcpy(l->buf + l->pos, s, (size_t)n);
	l->len += n;
	console_write(s, (unsigned int)n);
	l->pos += n;
	redraw_tail(l, 0);
	return true;
}

/* Replace the whole line with @s (history recall). */
static void line_set(struct line *l, const char *s)
{
	int old = l->len, n = (int)strlen(s);

	if (n > l->max)
		n = l->max;
	move_to(l, 0);
	memcpy(l->buf, s, (size_t)n);
	l->len = n;
	console_write(l->buf, (unsigned int)n);
	l->pos = n;
	if (old > n) {
		put_n(' ', old - n);
		put_n('\b', old - n);
	}
}

void line_redraw(struct line *l, bool clear_screen)
{
	int pos = l->pos;

	if (clear_screen)
		console_write("\x1b[H\x1b[2J", 7);
	console_write(SHELL_PROMPT, sizeof(SHELL_PROMPT) - 1);
	console_write(l->buf, (unsigned int)l->len);
	l->pos = l->len;
	move_to(l, pos);
}

static void kill_word(struct line *l)
{
	int from = l->pos;

	while (from > 0 && l->buf[from - 1] == ' ')
		from--;
	while (from > 0 && l->buf[from - 1] != ' ')
		from--;
	delete_range(l, from, l->pos - from);
}

/* History entry @back lines ago (1 = the newest), or NULL. */
const char *history_get(unsigned int back)
{
	if (!back || back > history_count || back > SHELL_HISTORY)
		return NULL;
	return history[(history_count - back) % SHELL_HISTORY];
}

unsigned int history_total(void)
{
	return history_count;
}

/* Keep @line unless it repeats the newest entry (as bash's ignoredups). */
void history_add(const char *line)
{
	const char *last = history_get(1);

	if (!*line || (last && !strcmp(last, line)))
		return;
	strscpy(history[history_count % SHELL_HISTORY], line, sizeof(history[0]));
	history_count++;
}

/*
 * Up/Down walk the history; the line being typed is kept aside and comes
 * back below the newest entry.
 */
static void history_step(struct line *l, int dir, unsigned int *back, char *saved)
{
	unsigned int to = *back + (unsigned int)(dir > 0 ? 1 : -1);

	if (dir < 0 && !*back)
		return;
	if (dir > 0 && !history_get(to))
		return;
	if (!*back) {
		memcpy(saved, l->buf, (size_t)l->len);
		saved[l->len] = '\0';
	}
	*back = to;
	line_set(l, to ? history_get(to) : saved);
}

/*
 * shell_readline() - read one edited line into @buf (@size bytes)
 *
 * A line longer than @size - 1 is not cut: the rest of it is read and
 * dropped, and the line refused whole.
 * Return: its length, -EINTR on Ctrl-C, -E2BIG for a line too long.
 */
int shell_readline(char *buf, int size)
{
	static char saved[SHELL_LINE_MAX + 1];
	struct line l = { .buf = buf, .max = min(size - 1, SHELL_LINE_MAX) };
	unsigned int back = 0;
	int c, pending = -1, prev = 0, tabs = 0;
	bool overflow = false;

	for (;; prev = c) {
		c = pending >= 0 ? pending : getc_wait();
		pending = -1;
		if (c == ESC)
			c = read_escape(&pending);
		if (c == '\n' && prev == '\r')
			continue;	/* CR LF ends one line, not two */
		tabs = c == '\t' ? tabs + 1 : 0;
		switch (c) {
		case '\r':
		case '\n':
			move_to(&l, l.len);
			console_write("\n", 1);
			buf[l.len] = '\0';
			if (overflow) {
				printf("line too long: more than %d characters, refused (nothing ran)\n",
				       l.max);
				return -E2BIG;
			}
			return l.len;
		case CTRL('C'):
			intr_clear();
			move_to(&l, l.len);
			console_write("^C\n", 3);
			buf[0] = '\0';
			return -EINTR;
		case '\b':
		case DEL:
			if (l.pos)
				delete_range(&l, l.pos - 1, 1);
			break;
		case KEY_DELETE:
		case CTRL('D'):
			if (l.pos < l.len)
				delete_range(&l, l.pos, 1);
			break;
		case KEY_LEFT:
		case CTRL('B'):
			if (l.pos)
				move_to(&l, l.pos - 1);
			break;
		case KEY_RIGHT:
		case CTRL('F'):
			if (l.pos < l.len)
				move_to(&l, l.pos + 1);
			break;
		case KEY_HOME:
		case CTRL('A'):
			move_to(&l, 0);
			break;
		case KEY_END:
		case CTRL('E'):
			move_to(&l, l.len);
			break;
		case CTRL('U'):
			delete_range(&l, 0, l.pos);
			/* Emptied: what overflowed went with the rest. */
			if (!l.len)
				overflow = false;
			break;
		case CTRL('K'):
			delete_range(&l, l.pos, l.len - l.pos);
			break;
		case CTRL('W'):
			kill_word(&l);
			break;
		case CTRL('L'):
			line_redraw(&l, true);
			break;
		case KEY_UP:
		case CTRL('P'):
			history_step(&l, 1, &back, saved);
			break;
		case KEY_DOWN:
		case CTRL('N'):
			history_step(&l, -1, &back, saved);
			break;
		case '\t':
			shell_complete(&l, tabs > 1);
			break;
		default:
			if (c < 0x20 || c >= DEL)
				break;	/* other control keys, unknown sequences */
			if (!overflow) {
				char ch = (char)c;

				overflow = !line_insert(&l, &ch, 1);
			}
			break;
		}
	}
}
