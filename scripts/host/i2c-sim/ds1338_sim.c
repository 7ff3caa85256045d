// SPDX-License-Identifier: BSD-2-Clause
/* Software DS1338: see ds1338_sim.h.  Its calendar code is its own, so a
 * bug in the kernel's does not hide itself. */
#include "ds1338_sim.h"

#include <string.h>

#define CH    0x80
#define H12   0x40
#define PM    0x20
#define OSF   0x20

static uint8_t to_bcd(int v) { return (uint8_t)(((v / 10) << 4) | (v % 10)); }
static int from_bcd(uint8_t v) { return (v >> 4) * 10 + (v & 0xf); }

static bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int mdays(int y, int m)
{
	static const int d[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	return d[m] + (m == 1 && leap(y));
}

/* Fields to seconds, normalising overflowing days as mktimegm() does. */
static int64_t fields_to_secs(int y, int mon, int mday, int h, int mi, int s)
{
	int64_t days = 0;
	int i;

	for (i = 1970; i < y; i++)
		days += leap(i) ? 366 : 365;
	for (i = 0; i < mon; i++)
		days += mdays(y, i);
	days += mday - 1;
	return days * 86400 + h * 3600 + mi * 60 + s;
}

struct fields { int y, mon, mday, h, mi, s, wday; };

static void secs_to_fields(int64_t t, struct fields *f)
{
	int64_t days = t / 86400, rem = t % 86400;

	f->wday = (int)((days + 4) % 7);     /* 1970-01-01: Thursday */
	f->y = 1970;
	while (days >= (leap(f->y) ? 366 : 365)) {
		days -= leap(f->y) ? 366 : 365;
		f->y++;
	}
	for (f->mon = 0; days >= mdays(f->y, f->mon); f->mon++)
		days -= mdays(f->y, f->mon);
	f->mday = (int)days + 1;
	f->h = (int)(rem / 3600);
	f->mi = (int)(rem / 60 % 60);
	f->s = (int)(rem % 60);
}

int64_t ds1338_sim_time(const struct ds1338_sim *ds)
{
	return ds->halted ? ds->halted_at : *ds->now + ds->offset;
}

static void capture(struct ds1338_sim *ds)
{
	struct fields f;

	secs_to_fields(ds1338_sim_time(ds), &f);
	ds->regs[0] = (uint8_t)(to_bcd(f.s) | (ds->halted ? CH : 0));
	ds->regs[1] = to_bcd(f.mi);
	if (ds->hour12) {
		int h = f.h % 12 ? f.h % 12 : 12;
		ds->regs[2] = (uint8_t)(H12 | (f.h >= 12 ? PM : 0) | to_bcd(h));
	} else {
		ds->regs[2] = to_bcd(f.h);
	}
	ds->regs[3] = (uint8_t)((f.wday + ds->wday_offset) % 7 + 1);
	ds->regs[4] = to_bcd(f.mday);
	ds->regs[5] = to_bcd(f.mon + 1);
	ds->regs[6] = to_bcd(f.y - 2000);
	if (ds->bad_reg >= 0 && ds->bad_reg < 7)
		ds->regs[ds->bad_reg] = ds->bad_val;
	ds->captures++;
}

static void set_clock(struct ds1338_sim *ds, int64_t t)
{
	if (ds->halted)
		ds->halted_at = t;
	else
		ds->offset = t - *ds->now;
}

/* A time register was written: the clock jumps, as in QEMU's model. */
static void write_time_reg(struct ds1338_sim *ds, uint8_t reg, uint8_t v)
{
	struct fields f;
	int h;

	if (ds->ignore_writes)
		return;
	secs_to_fields(ds1338_sim_time(ds), &f);
	switch (reg) {
	case 0:
		f.s = from_bcd(v & 0x7f);
		if ((v & CH) && !ds->halted) {
			ds->halted_at = ds1338_sim_time(ds);
			ds->halted = true;
		} else if (!(v & CH) && ds->halted) {
			ds->halted = false;
			ds->offset = ds->halted_at - *ds->now;
		}
		break;
	case 1:
		f.mi = from_bcd(v & 0x7f);
		break;
	case 2:
		ds->hour12 = v & H12;
		if (ds->hour12) {
			h = from_bcd(v & 0x1f) % 12;
			f.h = h + ((v & PM) ? 12 : 0);
		} else {
			f.h = from_bcd(v & 0x3f);
		}
		break;
	case 3:
		ds->wday_offset = ((v & 7) - 1 - f.wday + 7) % 7;
		return;
	case 4:
		f.mday = from_bcd(v & 0x3f);
		break;
	case 5:
		f.mon = from_bcd(v & 0x1f) - 1;
		break;
	case 6:
		f.y = 2000 + from_bcd(v);
		break;
	}
	/* Months past December are not normalised by the arithmetic; the
	 * driver never writes them. */
	if (f.mon < 0 || f.mon > 11)
		f.mon = 0;
	set_clock(ds, fields_to_secs(f.y, f.mon, f.mday, f.h, f.mi, f.s));
}

static void advance(struct ds1338_sim *ds)
{
	ds->ptr = (ds->ptr + 1) & 0x3f;
	if (ds->ptr == 0)
		capture(ds);
}

static bool sim_start(void *priv, bool read)
{
	struct ds1338_sim *ds = priv;

	if (read)
		capture(ds);
	else
		ds->addr_byte = true;
	return true;
}

static bool sim_send(void *priv, uint8_t v)
{
	struct ds1338_sim *ds = priv;

	if (ds->addr_byte) {
		ds->ptr = v & 0x3f;
		ds->addr_byte = false;
		return true;
	}
	if (ds->ptr < 7) {
		write_time_reg(ds, ds->ptr, v);
	} else if (ds->ptr == 7) {
		if (ds->ds1307) {
			ds->regs[7] = v & 0x93;
		} else {
			/* Bits 2, 3, 6 read 0; OSF can be cleared, never set. */
			v &= 0xb3;
			v = (uint8_t)((v & ~OSF) | (v & ds->regs[7] & OSF));
			ds->regs[7] = v;
		}
	} else {
		ds->regs[ds->ptr] = v;
	}
	advance(ds);
	return true;
}

static uint8_t sim_recv(void *priv)
{
	struct ds1338_sim *ds = priv;
	uint8_t v = ds->regs[ds->ptr];

	advance(ds);
	return v;
}

void ds1338_sim_init(struct ds1338_sim *ds, uint8_t addr, const int64_t *now, bool ds1307)
{
	memset(ds, 0, sizeof(*ds));
	ds->ds1307 = ds1307;
	ds->now = now;
	ds->target.addr = addr;
	ds->target.start = sim_start;
	ds->target.send = sim_send;
	ds->target.recv = sim_recv;
	ds->target.priv = ds;
	ds->bad_reg = -1;
	capture(ds);
}

void ds1338_sim_set_time(struct ds1338_sim *ds, int64_t secs)
{
	ds->halted = false;
	ds->hour12 = false;
	ds->wday_offset = 0;
	ds->bad_reg = -1;
	ds->regs[7] &= (uint8_t)~OSF;
	ds->offset = secs - *ds->now;
	capture(ds);
}

void ds1338_sim_halt(struct ds1338_sim *ds)
{
	ds->halted_at = ds1338_sim_time(ds);
	ds->halted = true;
	capture(ds);
}

void ds1338_sim_set_osf(struct ds1338_sim *ds)
{
	if (!ds->ds1307)
		ds->regs[7] |= OSF;
}

void ds1338_sim_set_12h(struct ds1338_sim *ds, bool on)
{
	ds->hour12 = on;
	capture(ds);
}

void ds1338_sim_corrupt(struct ds1338_sim *ds, int reg, uint8_t val)
{
	ds->bad_reg = reg;
	ds->bad_val = val;
	capture(ds);
}
