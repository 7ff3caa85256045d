/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bit-banged I2C: an adapter whose controller only lets software drive and
 * read the two open-drain wires.  The controller driver fills in the line
 * callbacks; drivers/i2c/algos/i2c-algo-bit.c makes the protocol.
 */
#ifndef _LINUX_I2C_ALGO_BIT_H
#define _LINUX_I2C_ALGO_BIT_H

#include <linux/i2c.h>

/**
 * struct i2c_algo_bit_data - the wires of one bit-banged bus
 * @data:   passed back to every callback
 * @setsda: release (1) or drive low (0) SDA
 * @setscl: release (1) or drive low (0) SCL
 * @getsda: the level on SDA (may only change on the controller's terms:
 *          SBCON updates it on a write, so read after setting SCL)
 * @getscl: the level on SCL, or NULL when the controller cannot read it
 * @udelay: half a clock period in microseconds (5 for 100 kHz)
 * @delay:  busy-wait hook for @udelay; NULL means no waiting (host tests)
 */
struct i2c_algo_bit_data {
	void *data;
	void (*setsda)(void *data, int state);
	void (*setscl)(void *data, int state);
	int (*getsda)(void *data);
	int (*getscl)(void *data);
	int udelay;
	void (*delay)(unsigned int us);
};

/* Half period in microseconds for a bus clock in Hz (rounded up, >= 1). */
static inline int i2c_bit_udelay_for(u32 hz)
{
	if (!hz)
		hz = 100000;
	return (int)((500000u + hz - 1) / hz);
}

/**
 * i2c_bit_add_bus() - register @adap as a bit-banged adapter
 * @adap: adap->algo_data points at a filled struct i2c_algo_bit_data
 *
 * Releases both lines and checks the bus is idle (recovering it if not),
 * then calls i2c_add_adapter().
 * Return: 0; -EINVAL when callbacks are missing; i2c_add_adapter()'s errors.
 * A bus stuck low is logged but not fatal: transfers then report -EBUSY.
 */
int i2c_bit_add_bus(struct i2c_adapter *adap);

/* The algorithm itself, for adapters registered by hand (tests). */
extern const struct i2c_algorithm i2c_bit_algo;

#endif
