// SPDX-License-Identifier: BSD-2-Clause
/*
 * vsnprintf for the kernel: %d %i %u %x %X %o %p %s %c %%, with the length
 * modifiers hh h l ll z t, flags '-' '0' '+' ' ' '#', width and precision
 * (also '*').  %pS prints the symbol an address falls in ("foo+0x1c/0x40");
 * %pOF prints a device-tree node, with Linux's modifiers (see
 * device_node_string()); %pM a 6-byte MAC address ("52:54:00:12:34:56").
 * Return values follow C: the length the full output would have had.
 *
 * The host build of the portable layers links this file too (printk and
 * snprintf there must know %pOF), under the coyote_ names <linux/kernel.h>
 * gives it so that libc's own printf family stays untouched; %pS has no
 * symbol table there (the host shim's sprint_symbol() prints the address).
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/string.h>
#include <coyote/kallsyms.h>

struct out {
	char *buf;
	size_t size;
	size_t pos;
};

static void put(struct out *o, char c)
{
	if (o->pos + 1 < o->size)
		o->buf[o->pos] = c;
	o->pos++;
}

static void put_padding(struct out *o, int n, char c)
{
	while (n-- > 0)
		put(o, c);
}

enum { F_LEFT = 1, F_ZERO = 2, F_PLUS = 4, F_SPACE = 8, F_ALT = 16, F_UPPER = 32 };

static void put_number(struct out *o, unsigned long long v, bool negative, unsigned base,
		       int flags, int width, int precision)
{
	const char *digits = (flags & F_UPPER) ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0, len, zeros;
	char sign = 0;
	const char *prefix = "";

	if (negative)
		sign = '-';
	else if (flags & F_PLUS)
		sign = '+';
	else if (flags & F_SPACE)
		sign = ' ';
	if ((flags & F_ALT) && base == 16 && v)
		prefix = (flags & F_UPPER) ? "0X" : "0x";
	else if ((flags & F_ALT) && base == 8 && v)
		prefix = "0";

	if (v == 0 && precision != 0)
		tmp[n++] = '0';
	while (v) {
		tmp[n++] = digits[v % base];
		v /= base;
	}
	zeros = precision > n ? precision - n : 0;
	len = n + zeros + (sign != 0) + (int)strlen(prefix);
	/* The C rule: with a precision, the '0' flag is ignored. */
	if ((flags & F_ZERO) && !(flags & F_LEFT) && precision < 0 && width > len) {
		zeros += width - len;
		len = width;
	}
	if (!(flags & F_LEFT))
		put_padding(o, width - len, ' ');
	if (sign)
		put(o, sign);
	for (; *prefix; prefix++)
		put(o, *prefix);
	put_padding(o, zeros, '0');
	while (n)
		put(o, tmp[--n]);
	if (flags & F_LEFT)
		put_padding(o, width - len, ' ');
}

static void put_string(struct out *o, const char *s, int flags, int width, int precision)
{
	int len;

	if (!s)
		s = "(null)";
	len = (int)strnlen(s, precision < 0 ? (size_t)-1 : (size_t)precision);
	if (!(flags & F_LEFT))
		put_padding(o, width - len, ' ');
	for (int i = 0; i < len; i++)
		put(o, s[i]);
	if (flags & F_LEFT)
		put_padding(o, width - len, ' ');
}

/* Width and alignment for output made by @fn: one counting pass, then the
 * real one, so nothing needs a buffer. */
static void put_padded(struct out *o, int flags, int width,
		       void (*fn)(struct out *o, const void *arg, const char *mods),
		       const void *arg, const char *mods)
{
	struct out count = { .buf = NULL, .size = 0, .pos = 0 };
	int len;

	fn(&count, arg, mods);
	len = (int)count.pos;
	if (!(flags & F_LEFT))
		put_padding(o, width - len, ' ');
	fn(o, arg, mods);
	if (flags & F_LEFT)
		put_padding(o, width - len, ' ');
}

static void put_str(struct out *o, const char *s)
{
	while (*s)
		put(o, *s++);
}

/*
 * "/", or "/a/b@1/c" from the root down.  Each component is found by
 * walking up again from @dn: quadratic in the depth (a few levels), but no
 * array on the stack, which matters when printk runs on the IRQ stack.
 */
static void put_node_path(struct out *o, const struct device_node *dn)
{
	const struct device_node *np;
	int depth = 0, up, i;

	if (!dn->parent) {
		put(o, '/');
		return;
	}
	for (np = dn; np->parent; np = np->parent)
		depth++;
	for (up = depth - 1; up >= 0; up--) {
		for (np = dn, i = 0; i < up; i++)
			np = np->parent;
		put(o, '/');
		put_str(o, np->full_name);
	}
}

#define OF_MODIFIERS "fnpPFcC"

/*
 * The strings of @dn's "compatible", each terminated inside the value, one
 * after another ('c' stops after the first).  Read straight from the
 * properties, so this file needs nothing from of/ but the structures.
 */
static void put_compatibles(struct out *o, const struct device_node *dn, bool all)
{
	const struct property *pp;
	const char *p, *end;
	size_t n;

	for (pp = dn->properties; pp && strcmp(pp->name, "compatible"); pp = pp->next)
		;
	if (!pp || !pp->value)
		return;
	end = (const char *)pp->value + pp->length;
	for (p = pp->value; p < end; p += n + 1) {
		n = strnlen(p, (size_t)(end - p));
		if (p + n == end)
			return;         /* not terminated: not a string */
		if (!all) {
			put_str(o, p);
			return;
		}
		if (p != pp->value)
			put(o, ',');
		put(o, '"');
		put_str(o, p);
		put(o, '"');
	}
}

/*
 * The modifiers after "%pOF", each printed in turn and separated by ':', as
 * Linux's printk-formats.rst describes: f full path (the default), n name
 * without unit address, p phandle (decimal), P the last path component
 * ("uart@1000"; "/" for the root), F flags (D dynamic, d detached, P
 * populated, B populated bus; - for each one not set), c first
 * compatible, C every compatible, quoted and comma-separated.
 */
static void device_node_string(struct out *o, const void *arg, const char *mods)
{
	const struct device_node *dn = arg;
	const char *p, *at;
	bool first = true;

	if (!*mods)
		mods = "f";
	for (; *mods && strchr(OF_MODIFIERS, *mods); mods++) {
		if (!first)
			put(o, ':');
		first = false;
		switch (*mods) {
		case 'f':
			put_node_path(o, dn);
			break;
		case 'n':
			at = strchr(dn->full_name, '@');
			for (p = dn->full_name; *p && p != at; p++)
				put(o, *p);
			break;
		case 'p':
			put_number(o, dn->phandle, false, 10, 0, -1, -1);
			break;
		case 'P':
			put_str(o, dn->parent ? dn->full_name : "/");
			break;
		case 'F':
			put(o, dn->_flags & (1ul << OF_DYNAMIC) ? 'D' : '-');
			put(o, dn->_flags & (1ul << OF_DETACHED) ? 'd' : '-');
			put(o, dn->_flags & (1ul << OF_POPULATED) ? 'P' : '-');
			put(o, dn->_flags & (1ul << OF_POPULATED_BUS) ? 'B' : '-');
			break;
		case 'c':
		case 'C':
			put_compatibles(o, dn, *mods == 'C');
			break;
		}
	}
}

/* %pO...: *@fmt at the 'O'; leaves it at the last character used. */
static void put_kobject(struct out *o, const void *ptr, const char **fmt,
			int flags, int width, int precision)
{
	char mods[sizeof(OF_MODIFIERS)];
	const char *f = *fmt + 1;
	size_t n = 0;

	if (*f != 'F') {
		put_string(o, "(%pO?)", flags, width, precision);
	} else if (!ptr) {
		put_string(o, "(null)", flags, width, precision);
	} else {
		for (f++; *f && strchr(OF_MODIFIERS, *f) && n < sizeof(mods) - 1; f++)
			mods[n++] = *f;
		mods[n] = '\0';
		put_padded(o, flags, width, device_node_string, ptr, mods);
	}
	/* Linux's rule: every letter or digit after %p belongs to it. */
	while ((f[0] >= 'a' && f[0] <= 'z') || (f[0] >= 'A' && f[0] <= 'Z') ||
	       (f[0] >= '0' && f[0] <= '9'))
		f++;
	*fmt = f - 1;
}

/* %pM: six bytes as lower-case hex pairs joined by ':', as Linux prints them. */
static void put_mac(struct out *o, const void *addr, int flags, int width)
{
	const u8 *a = addr;
	char s[18];

	if (!a) {
		put_string(o, NULL, flags, width, -1);
		return;
	}
	for (int i = 0; i < 6; i++) {
		s[3 * i] = "0123456789abcdef"[a[i] >> 4];
		s[3 * i + 1] = "0123456789abcdef"[a[i] & 0xf];
		s[3 * i + 2] = i < 5 ? ':' : '\0';
	}
	put_string(o, s, flags, width, -1);
}

static int read_int(const char **fmt)
{
	int n = 0;

	while (**fmt >= '0' && **fmt <= '9')
		n = n * 10 + (*(*fmt)++ - '0');
	return n;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	struct out o = { .buf = buf, .size = size, .pos = 0 };

	for (; *fmt; fmt++) {
		int flags = 0, width = -1, precision = -1, lng = 0;
		unsigned long long uv;
		long long sv;
		unsigned base = 10;
		bool is_signed = false;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '-')
				flags |= F_LEFT;
			else if (*fmt == '0')
				flags |= F_ZERO;
			else if (*fmt == '+')
				flags |= F_PLUS;
			else if (*fmt == ' ')
				flags |= F_SPACE;
			else if (*fmt == '#')
				flags |= F_ALT;
			else
				break;
		}
		if (*fmt == '*') {
			width = va_arg(args, int);
			if (width < 0) {
				flags |= F_LEFT;
				width = -width;
			}
			fmt++;
		} else if (*fmt >= '0' && *fmt <= '9') {
			width = read_int(&fmt);
		}
		if (*fmt == '.') {
			fmt++;
			if (*fmt == '*') {
				precision = va_arg(args, int);
				fmt++;
			} else {
				precision = read_int(&fmt);
			}
			if (precision < 0)
				precision = -1;
		}
		/* Length: hh/h promote to int anyway; l = 1, ll = 2, z/t = 3. */
		for (;; fmt++) {
			if (*fmt == 'h')
				continue;
			if (*fmt == 'l')
				lng++;
			else if (*fmt == 'z' || *fmt == 't')
				lng = 3;
			else
				break;
		}

		switch (*fmt) {
		case '\0':
			fmt--;	/* a lone '%' at the end: print nothing more */
			continue;
		case '%':
			put(&o, '%');
			continue;
		case 'c':
			if (!(flags & F_LEFT))
				put_padding(&o, width - 1, ' ');
			put(&o, (char)va_arg(args, int));
			if (flags & F_LEFT)
				put_padding(&o, width - 1, ' ');
			continue;
		case 's':
			put_string(&o, va_arg(args, const char *), flags, width, precision);
			continue;
		case 'p': {
			unsigned long p = (unsigned long)va_arg(args, void *);

			if (fmt[1] == 'O') {
				fmt++;
				put_kobject(&o, (const void *)p, &fmt, flags, width,
					    precision);
				continue;
			}
			if (fmt[1] == 'M') {
				fmt++;
				put_mac(&o, (const void *)p, flags, width);
				continue;
			}
			if (fmt[1] == 'S' || fmt[1] == 's') {
				char sym[KSYM_SYMBOL_LEN];

				fmt++;
				sprint_symbol(sym, p);
				put_string(&o, sym, flags, width, precision);
				continue;
			}
			put_number(&o, p, false, 16, F_ALT | F_ZERO, 10, -1);
			continue;
		}
		case 'd':
		case 'i':
			is_signed = true;
			break;
		case 'u':
			break;
		case 'X':
			flags |= F_UPPER;
			base = 16;
			break;
		case 'x':
			base = 16;
			break;
		case 'o':
			base = 8;
			break;
		default:
			/* Unknown conversion: show it so the bug is visible. */
			put(&o, '%');
			put(&o, *fmt);
			continue;
		}

		if (is_signed) {
			if (lng >= 2)
				sv = va_arg(args, long long);
			else if (lng == 1)
				sv = va_arg(args, long);
			else if (lng == 3)
				sv = va_arg(args, ssize_t);
			else
				sv = va_arg(args, int);
			uv = sv < 0 ? -(unsigned long long)sv : (unsigned long long)sv;
			put_number(&o, uv, sv < 0, base, flags, width, precision);
		} else {
			if (lng >= 2 && lng != 3)
				uv = va_arg(args, unsigned long long);
			else if (lng == 1)
				uv = va_arg(args, unsigned long);
			else if (lng == 3)
				uv = va_arg(args, size_t);
			else
				uv = va_arg(args, unsigned int);
			put_number(&o, uv, false, base, flags, width, precision);
		}
	}
	if (size)
		buf[o.pos < size ? o.pos : size - 1] = '\0';
	return (int)o.pos;
}
EXPORT_SYMBOL(vsnprintf);

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsnprintf(buf, size, fmt, args);
	va_end(args);
	return n;
}
EXPORT_SYMBOL(snprintf);

static void vwhy_set(char *why, size_t whylen, const char *fmt, va_list args)
{
	if (why && whylen)
		vsnprintf(why, whylen, fmt, args);
}

int why_fail(char *why, size_t whylen, int err, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vwhy_set(why, whylen, fmt, args);
	va_end(args);
	return err;
}

void why_set(char *why, size_t whylen, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vwhy_set(why, whylen, fmt, args);
	va_end(args);
}

/* Linux's scnprintf: the number of characters actually stored. */
int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int n = vsnprintf(buf, size, fmt, args);

	if (!size)
		return 0;
	return n < (int)size ? n : (int)size - 1;
}
EXPORT_SYMBOL(vscnprintf);

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vscnprintf(buf, size, fmt, args);
	va_end(args);
	return n;
}
EXPORT_SYMBOL(scnprintf);
