// SPDX-License-Identifier: BSD-2-Clause
/*
 * Bit-banged I2C master: START, repeated START, STOP, bytes out with the
 * target's ACK checked, bytes in with our ACK or NACK, all by driving and
 * reading two open-drain wires through the controller's callbacks.
 *
 * The wires only ever get "release" (1) or "drive low" (0); a line reads
 * high only when nobody drives it.  SDA changes only while SCL is low,
 * except for START (SDA falls while SCL is high) and STOP (SDA rises while
 * SCL is high).  SDA is read only after a write that raised SCL: on the
 * versatile SBCON the SDA input is refreshed only by a write.
 *
 * Portable C: no MMIO here, so host tests run it against a simulated bus.
 */
#define pr_fmt(fmt) "i2c-algo-bit: " fmt

#include <linux/export.h>
#include <linux/i2c.h>
#include <linux/i2c-algo-bit.h>
#include <linux/errno.h>
#include <linux/printk.h>

/* How many times a raised SCL is re-read before the target's clock
 * stretching counts as a stuck bus. */
#define SCL_STRETCH_TRIES 1000

/* "i2c-0" once registered, the controller's name before. */
static const char *bus_name(const struct i2c_adapter *adap)
{
	return adap->dev.name[0] ? dev_name(&adap->dev) : adap->name;
}

static inline void bit_delay(const struct i2c_algo_bit_data *bit)
{
	if (bit->delay)
		bit->delay((unsigned int)bit->udelay);
}

static inline void sdalo(const struct i2c_algo_bit_data *bit)
{
	bit->setsda(bit->data, 0);
	bit_delay(bit);
}

static inline void sdahi(const struct i2c_algo_bit_data *bit)
{
	bit->setsda(bit->data, 1);
	bit_delay(bit);
}

static inline void scllo(const struct i2c_algo_bit_data *bit)
{
	bit->setscl(bit->data, 0);
	bit_delay(bit);
}

/* Raise SCL and, when the controller can read it, wait while a target
 * stretches the clock.  -ETIMEDOUT when it never comes up. */
static int sclhi(const struct i2c_algo_bit_data *bit)
{
	int tries = SCL_STRETCH_TRIES;

	bit->setscl(bit->data, 1);
	if (bit->getscl) {
		while (!bit->getscl(bit->data)) {
			if (--tries == 0)
				return -ETIMEDOUT;
			bit_delay(bit);
		}
	}
	bit_delay(bit);
	return 0;
}

static int i2c_start(const struct i2c_algo_bit_data *bit)
{
	/* Bus idle: both lines high.  SDA falls while SCL is high. */
	sdalo(bit);
	scllo(bit);
	return 0;
}

static int i2c_repstart(const struct i2c_algo_bit_data *bit)
{
	int ret;

	/* SCL is low here: release SDA first, then SCL, then a START. */
	sdahi(bit);
	ret = sclhi(bit);
	if (ret)
		return ret;
	return i2c_start(bit);
}

static void i2c_stop(const struct i2c_algo_bit_data *bit)
{
	/* SCL is low: SDA low, SCL up, then SDA rises while SCL is high. */
	sdalo(bit);
	sclhi(bit);
	sdahi(bit);
}

/* Clock one bit out: SDA set while SCL is low, then one SCL pulse.
 * -ETIMEDOUT when SCL never rose. */
static int outbit(const struct i2c_algo_bit_data *bit, int sda)
{
	int ret;

	bit->setsda(bit->data, sda);
	bit_delay(bit);
	ret = sclhi(bit);
	if (ret)
		return ret;
	scllo(bit);
	return 0;
}

/* Clock one byte out, MSB first.  Return 1 on ACK, 0 on NACK, or a
 * negative errno when SCL never rose. */
static int i2c_outb(const struct i2c_algo_bit_data *bit, u8 c)
{
	int i, ret, ack;

	for (i = 7; i >= 0; i--) {
		ret = outbit(bit, (c >> i) & 1);
		if (ret)
			return ret;
	}
	/* Ninth clock: release SDA, the target pulls it low to ACK. */
	sdahi(bit);
	ret = sclhi(bit);
	if (ret)
		return ret;
	ack = !bit->getsda(bit->data);
	scllo(bit);
	return ack;
}

/* Clock one byte in, MSB first, then ACK it (more to come) or NACK it
 * (last byte).  Return the byte or a negative errno. */
static int i2c_inb(const struct i2c_algo_bit_data *bit, bool ack)
{
	int i, ret;
	u8 c = 0;

	sdahi(bit);
	for (i = 0; i < 8; i++) {
		ret = sclhi(bit);
		if (ret)
			return ret;
		c = (u8)((c << 1) | (bit->getsda(bit->data) ? 1 : 0));
		scllo(bit);
	}
	ret = outbit(bit, ack ? 0 : 1);
	if (ret)
		return ret;
	sdahi(bit);
	return c;
}

static bool bus_idle(const struct i2c_algo_bit_data *bit)
{
	/* Release SDA before SCL, so a half-finished byte gets no new START. */
	bit->setsda(bit->data, 1);
	bit->setscl(bit->data, 1);
	bit_delay(bit);
	if (bit->getscl && !bit->getscl(bit->data))
		return false;
	/* The write above refreshed the SDA input. */
	return bit->getsda(bit->data) != 0;
}

/*
 * A target left in the middle of a byte holds SDA low until it has clocked
 * out the rest: up to nine clocks free it, then a STOP resets every target.
 */
static int i2c_recover(struct i2c_adapter *adap, const struct i2c_algo_bit_data *bit)
{
	int i;

	pr_warn("%s: bus not idle (SDA or SCL low), recovering with nine clocks and a STOP\n",
		bus_name(adap));
	for (i = 0; i < 9; i++) {
		scllo(bit);
		if (sclhi(bit))
			break;
		if (bit->getsda(bit->data))
			break;
	}
	scllo(bit);
	i2c_stop(bit);
	if (!bus_idle(bit)) {
		pr_err("%s: bus stuck low after recovery: EBUSY\n", bus_name(adap));
		return -EBUSY;
	}
	pr_info("%s: bus recovered\n", bus_name(adap));
	return 0;
}

static int xfer_msg(const struct i2c_algo_bit_data *bit, struct i2c_msg *msg)
{
	u8 addr = (u8)((msg->addr << 1) | ((msg->flags & I2C_M_RD) ? 1 : 0));
	int ret, i;

	ret = i2c_outb(bit, addr);
	if (ret < 0)
		return ret;
	if (!ret)
		return -ENXIO;

	for (i = 0; i < msg->len; i++) {
		if (msg->flags & I2C_M_RD) {
			ret = i2c_inb(bit, i + 1 < msg->len);
			if (ret < 0)
				return ret;
			msg->buf[i] = (u8)ret;
		} else {
			ret = i2c_outb(bit, msg->buf[i]);
			if (ret < 0)
				return ret;
			if (!ret)
				return -EIO;
		}
	}
	return 0;
}

static int bit_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	const struct i2c_algo_bit_data *bit = adap->algo_data;
	int i, ret;

	for (i = 0; i < num; i++) {
		if (msgs[i].flags & I2C_M_TEN)
			return -EOPNOTSUPP;
		/* Ending a read without a byte would leave the target
		 * driving SDA with bit 7 while we try to STOP. */
		if ((msgs[i].flags & I2C_M_RD) && msgs[i].len == 0)
			return -EINVAL;
	}

	if (!bus_idle(bit)) {
		ret = i2c_recover(adap, bit);
		if (ret)
			return ret;
	}

	ret = i2c_start(bit);
	for (i = 0; i < num && !ret; i++) {
		if (i > 0) {
			ret = i2c_repstart(bit);
			if (ret)
				break;
		}
		ret = xfer_msg(bit, &msgs[i]);
	}
	i2c_stop(bit);
	if (ret == -ETIMEDOUT)
		ret = -EBUSY;
	return ret ? ret : num;
}

static u32 bit_func(struct i2c_adapter *adap)
{
	return I2C_FUNC_I2C | I2C_FUNC_SMBUS_EMUL;
}

const struct i2c_algorithm i2c_bit_algo = {
	.master_xfer = bit_xfer,
	.functionality = bit_func,
};

int i2c_bit_add_bus(struct i2c_adapter *adap)
{
	struct i2c_algo_bit_data *bit = adap->algo_data;

	if (!bit || !bit->setsda || !bit->setscl || !bit->getsda) {
		pr_err("%s: line callbacks missing: EINVAL\n", bus_name(adap));
		return -EINVAL;
	}
	adap->algo = &i2c_bit_algo;
	if (!bus_idle(bit))
		i2c_recover(adap, bit);
	return i2c_add_adapter(adap);
}
EXPORT_SYMBOL(i2c_bit_add_bus);
