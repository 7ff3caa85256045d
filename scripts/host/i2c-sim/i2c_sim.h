/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated I2C bus behind an SBCON-style register, for host tests and
 * lab graders.  The master side is the versatile controller's register:
 * a write to SET releases lines, a write to CLEAR drives them low (SCL is
 * applied before SDA in one write), a read returns SCL as driven and SDA
 * as latched at the last write.  The wires are open-drain: SDA is the AND
 * of the master, every target and an optional fault.  Targets see START,
 * repeated START and STOP, sample SDA on SCL rising, change it on SCL
 * falling, and ACK on the ninth clock, as real ones do.
 */
#ifndef COYOTE_I2C_SIM_H
#define COYOTE_I2C_SIM_H

#include <stdbool.h>
#include <stdint.h>

#define I2C_SIM_SCL 0x1
#define I2C_SIM_SDA 0x2
#define I2C_SIM_MAX_TARGETS 8

struct i2c_sim_target {
	uint8_t addr;                                   /* 7-bit */
	/* START (or repeated START) addressed to us; return true to ACK. */
	bool (*start)(void *priv, bool read);
	/* A byte written to us; return true to ACK. */
	bool (*send)(void *priv, uint8_t byte);
	/* The next byte the master reads. */
	uint8_t (*recv)(void *priv);
	void (*stop)(void *priv);
	void *priv;
};

enum i2c_sim_state {
	SIM_IDLE,          /* no transfer, or addressed elsewhere: clocks ignored */
	SIM_RX_BITS,       /* master sends a byte (address or data) */
	SIM_ACK_OUT,       /* we drive ACK/NACK during the ninth clock */
	SIM_TX_BITS,       /* target sends a byte */
	SIM_TX_ACKIN,      /* master's ACK/NACK on the ninth clock */
};

struct i2c_sim {
	/* SBCON register state */
	uint8_t out;          /* master's drive latch: 1 = released; starts 0 */
	int sda_latch;        /* SDA as read, refreshed by each write */
	/* wire state */
	int scl, sda;         /* bus levels after the last write */
	int t_sda;            /* target drive (1 = released) */
	int stuck_sda;        /* fault: SDA held low for this many more SCL
	                         pulses (-1: for ever, 0: no fault) */
	bool stuck_scl;       /* fault: SCL held low for ever */
	/* protocol */
	enum i2c_sim_state state;
	int bits;
	uint8_t shift;
	bool is_addr, read, acked, in_transfer;
	struct i2c_sim_target *cur;
	struct i2c_sim_target *targets[I2C_SIM_MAX_TARGETS];
	int ntargets;
	/* what happened, for tests to check */
	unsigned starts, repeated_starts, stops, addr_nacks, data_nacks;
	unsigned writes, scl_rises;
};

void i2c_sim_init(struct i2c_sim *sim);
int i2c_sim_add_target(struct i2c_sim *sim, struct i2c_sim_target *t);
/* The controller's registers: offset 0 read/SET, offset 4 CLEAR. */
void i2c_sim_writel(struct i2c_sim *sim, uint32_t val, unsigned int offset);
uint32_t i2c_sim_readl(struct i2c_sim *sim, unsigned int offset);

#endif
