/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A software DS1338 (or DS1307) behind i2c_sim: 64 registers, BCD time,
 * a 6-bit register pointer set by the first byte written and advanced by
 * every byte read or written, wrapping 0x3f -> 0x00 (which recaptures the
 * time), the time captured into registers 0..6 at each read START.
 *
 * Time is kept as seconds since 1970 relative to *now (the test moves it),
 * as QEMU's model does relative to the host clock: each time register
 * written shifts the clock at once (an impossible date rolls over, as in
 * QEMU), the weekday is an offset of its own.  Unlike QEMU's model it also
 * keeps the clock-halt bit (CH stops the clock) and 12-hour mode, and the
 * test can raise OSF as a power loss would.
 */
#ifndef COYOTE_DS1338_SIM_H
#define COYOTE_DS1338_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include "i2c_sim.h"

struct ds1338_sim {
	struct i2c_sim_target target;
	bool ds1307;            /* control register has no OSF */
	const int64_t *now;     /* the simulated host clock, seconds */
	int64_t offset;         /* chip time = *now + offset while running */
	int64_t halted_at;      /* chip time while CH is set */
	bool halted, hour12;
	int wday_offset;
	uint8_t regs[64];
	uint8_t ptr;
	bool addr_byte;         /* next byte written sets the pointer */
	unsigned captures;      /* how often registers 0..6 were refreshed */
	int bad_reg;            /* a time register with corrupt contents, or -1 */
	uint8_t bad_val;        /* what it holds */
	bool ignore_writes;     /* time registers ACK writes but keep counting */
};

void ds1338_sim_init(struct ds1338_sim *ds, uint8_t addr, const int64_t *now, bool ds1307);
/* Set the chip's clock to @secs since 1970 (running, 24-hour, OSF clear). */
void ds1338_sim_set_time(struct ds1338_sim *ds, int64_t secs);
/* The chip's clock now, seconds since 1970. */
int64_t ds1338_sim_time(const struct ds1338_sim *ds);
/* Faults and modes a test puts the chip in. */
void ds1338_sim_halt(struct ds1338_sim *ds);
void ds1338_sim_set_osf(struct ds1338_sim *ds);
void ds1338_sim_set_12h(struct ds1338_sim *ds, bool on);
/* Time register @reg (0..6) reads @val until the time is set again, as a
 * chip with corrupt counters would. */
void ds1338_sim_corrupt(struct ds1338_sim *ds, int reg, uint8_t val);

#endif
