// SPDX-License-Identifier: BSD-2-Clause
/*
 * Maxim (Dallas) DS1338 real-time clock on I2C, and its older sibling the
 * DS1307: seven BCD time registers, a control register, NVRAM.  The match
 * entry's .data picks the chip variant, as Linux's rtc-ds1307 does.
 *
 * The address, the bus and the chip all come from the tree: a child node
 * of an I2C controller, with `compatible` naming the chip and `reg` its
 * 7-bit address (dts/versatilepb.dts has one).
 */
#include <linux/bcd.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/rtc.h>

/* Registers */
#define DS1307_REG_SECS		0x00	/* 00-59, bit 7: clock halt */
#define DS1307_BIT_CH		0x80
#define DS1307_REG_MIN		0x01	/* 00-59 */
#define DS1307_REG_HOUR		0x02	/* 00-23, or 1-12 with AM/PM */
#define DS1307_BIT_12HR		0x40
#define DS1307_BIT_PM		0x20
#define DS1307_REG_WDAY		0x03	/* 1-7 */
#define DS1307_REG_MDAY		0x04	/* 1-31 */
#define DS1307_REG_MONTH	0x05	/* 1-12 */
#define DS1307_REG_YEAR		0x06	/* 00-99 */
#define DS1307_REG_CONTROL	0x07
#define DS1338_BIT_OSF		0x20	/* oscillator stopped since last cleared */
#define DS1307_NUM_TIME_REGS	7

/* The chips count 00..99 with no century bit: 2000..2099. */
#define DS1307_FIRST_YEAR	100	/* tm_year of 2000 */
#define DS1307_LAST_YEAR	199

/* What differs between the chips this file drives. */
struct ds1307_chip {
	const char *name;
	u8 osf_bit;             /* control-register OSF flag, 0 if none */
};

static const struct ds1307_chip chip_ds1307 = { .name = "DS1307", .osf_bit = 0 };
static const struct ds1307_chip chip_ds1338 = { .name = "DS1338", .osf_bit = DS1338_BIT_OSF };

struct ds1307 {
	struct i2c_client *client;
	const struct ds1307_chip *chip;
	struct rtc_device *rtc;
};

/* ---- helpers ------------------------------------------------------------- */

static int ds1307_read_regs(struct ds1307 *ds, u8 reg, u8 len, u8 *buf)
{
	int ret = i2c_smbus_read_i2c_block_data(ds->client, reg, len, buf);

	if (ret < 0)
		return ret;
	return ret == len ? 0 : -EIO;
}

/* Decode one BCD field, masking flag bits; -EINVAL if not decimal. */
static int bcd_field(const u8 *regs, int reg, u8 mask, int *out)
{
	u8 v = regs[reg] & mask;

	if (!bcd_is_valid(v))
		return -EINVAL;
	*out = (int)bcd2bin(v);
	return 0;
}

static int ds1307_decode_hour(u8 reg, int *hour)
{
	if (reg & DS1307_BIT_12HR) {
		u8 v = reg & 0x1f;

		if (!bcd_is_valid(v) || bcd2bin(v) < 1 || bcd2bin(v) > 12)
			return -EINVAL;
		/* 12 AM is midnight, 12 PM is noon. */
		*hour = (int)bcd2bin(v) % 12 + ((reg & DS1307_BIT_PM) ? 12 : 0);
		return 0;
	}
	if (!bcd_is_valid(reg & 0x3f))
		return -EINVAL;
	*hour = (int)bcd2bin(reg & 0x3f);
	return 0;
}

/* ---- RTC operations ------------------------------------------------------ */

static int ds1307_read_time(struct device *dev, struct rtc_time *tm)
{
	struct ds1307 *ds = dev_get_drvdata(dev);
	u8 regs[DS1307_NUM_TIME_REGS + 1];
	int ret, wday, mon, year;

	/* One transfer from register 0: the chip captured the time at its
	 * START, so the fields are consistent with each other. */
	ret = ds1307_read_regs(ds, DS1307_REG_SECS, sizeof(regs), regs);
	if (ret)
		return ret;
	if (regs[DS1307_REG_SECS] & DS1307_BIT_CH) {
		dev_warn(dev, "clock halted: time not valid\n");
		return -EINVAL;
	}
	if (ds->chip->osf_bit && (regs[DS1307_REG_CONTROL] & ds->chip->osf_bit)) {
		dev_warn(dev, "oscillator stopped at some point: set the time\n");
		return -EINVAL;
	}
	if (bcd_field(regs, DS1307_REG_SECS, 0x7f, &tm->tm_sec) ||
	    bcd_field(regs, DS1307_REG_MIN, 0x7f, &tm->tm_min) ||
	    ds1307_decode_hour(regs[DS1307_REG_HOUR], &tm->tm_hour) ||
	    bcd_field(regs, DS1307_REG_WDAY, 0x07, &wday) ||
	    bcd_field(regs, DS1307_REG_MDAY, 0x3f, &tm->tm_mday) ||
	    bcd_field(regs, DS1307_REG_MONTH, 0x1f, &mon) ||
	    bcd_field(regs, DS1307_REG_YEAR, 0xff, &year)) {
		dev_err(dev, "time registers are not BCD: EINVAL\n");
		return -EINVAL;
	}
	tm->tm_wday = wday - 1;
	tm->tm_mon = mon - 1;
	tm->tm_year = year + DS1307_FIRST_YEAR;
	return rtc_valid_tm(tm);
}

static int ds1307_set_time(struct device *dev, struct rtc_time *tm)
{
	struct ds1307 *ds = dev_get_drvdata(dev);
	u8 regs[DS1307_NUM_TIME_REGS];
	int ret, ctrl;

	if (rtc_valid_tm(tm))
		return -EINVAL;
	if (tm->tm_year < DS1307_FIRST_YEAR || tm->tm_year > DS1307_LAST_YEAR) {
		dev_err(dev, "year %d outside the chip's 2000..2099: EINVAL\n",
			tm->tm_year + 1900);
		return -EINVAL;
	}

	/*
	 * The chip (and QEMU's model of it) applies each register as it
	 * arrives.  The old month with the new day could make 31 February
	 * on the way and roll into March, and a weekday written before the
	 * date is kept relative to the old date.  So: the date with day 1
	 * (which every month has), then the real day, then the time and the
	 * weekday.  Always 24-hour mode; CH clear keeps the clock running.
	 */
	regs[DS1307_REG_MDAY] = 0x01;
	regs[DS1307_REG_MONTH] = bin2bcd((unsigned int)tm->tm_mon + 1);
	regs[DS1307_REG_YEAR] = bin2bcd((unsigned int)(tm->tm_year - DS1307_FIRST_YEAR));
	ret = i2c_smbus_write_i2c_block_data(ds->client, DS1307_REG_MDAY, 3,
					     &regs[DS1307_REG_MDAY]);
	if (ret)
		return ret;
	ret = i2c_smbus_write_byte_data(ds->client, DS1307_REG_MDAY,
					bin2bcd((unsigned int)tm->tm_mday));
	if (ret)
		return ret;
	regs[DS1307_REG_SECS] = bin2bcd((unsigned int)tm->tm_sec);
	regs[DS1307_REG_MIN] = bin2bcd((unsigned int)tm->tm_min);
	regs[DS1307_REG_HOUR] = bin2bcd((unsigned int)tm->tm_hour);
	regs[DS1307_REG_WDAY] = bin2bcd((unsigned int)tm->tm_wday + 1);
	ret = i2c_smbus_write_i2c_block_data(ds->client, DS1307_REG_SECS, 4, regs);
	if (ret)
		return ret;

	/* The time is valid again: clear the oscillator-stop flag. */
	if (ds->chip->osf_bit) {
		ctrl = i2c_smbus_read_byte_data(ds->client, DS1307_REG_CONTROL);
		if (ctrl < 0)
			return ctrl;
		if (ctrl & ds->chip->osf_bit) {
			ret = i2c_smbus_write_byte_data(ds->client, DS1307_REG_CONTROL,
							(u8)(ctrl & ~ds->chip->osf_bit));
			if (ret)
				return ret;
		}
	}
	return 0;
}

static const struct rtc_class_ops ds1307_rtc_ops = {
	.read_time = ds1307_read_time,
	.set_time = ds1307_set_time,
};

/* ---- probe and remove ---------------------------------------------------- */

/* Start a halted clock, keeping its seconds; report a stopped oscillator. */
static int ds1307_check_clock(struct ds1307 *ds)
{
	struct device *dev = &ds->client->dev;
	int secs, ctrl, ret;

	secs = i2c_smbus_read_byte_data(ds->client, DS1307_REG_SECS);
	if (secs < 0)
		return secs;
	if (secs & DS1307_BIT_CH) {
		ret = i2c_smbus_write_byte_data(ds->client, DS1307_REG_SECS,
						(u8)(secs & ~DS1307_BIT_CH));
		if (ret)
			return ret;
		dev_warn(dev, "clock was halted (CH set): started it; set the time\n");
	}
	if (!ds->chip->osf_bit)
		return 0;
	ctrl = i2c_smbus_read_byte_data(ds->client, DS1307_REG_CONTROL);
	if (ctrl < 0)
		return ctrl;
	if (ctrl & ds->chip->osf_bit)
		dev_warn(dev, "oscillator stopped at some point (OSF): time invalid until set\n");
	return 0;
}

static int ds1307_probe(struct i2c_client *client)
{
	struct device *dev = &client->dev;
	struct ds1307 *ds;
	int ret;

	ds = devm_kzalloc(dev, sizeof(*ds), GFP_KERNEL);
	if (!ds)
		return -ENOMEM;
	ds->client = client;
	ds->chip = i2c_get_match_data(client);
	if (!ds->chip)
		ds->chip = &chip_ds1338;
	i2c_set_clientdata(client, ds);

	/* The first transfer is also the check that the chip answers. */
	ret = ds1307_check_clock(ds);
	if (ret) {
		dev_err(dev, "%s at 0x%02x on %s does not answer: %s\n", ds->chip->name,
			client->addr, dev_name(&client->adapter->dev), errname(ret));
		return ret;
	}

	/* The class logs the registration, and sets the system clock
	 * from the first RTC. */
	ds->rtc = rtc_device_register(ds->chip->name, dev, &ds1307_rtc_ops);
	if (IS_ERR(ds->rtc))
		return (int)PTR_ERR(ds->rtc);
	return 0;
}

static void ds1307_remove(struct i2c_client *client)
{
	struct ds1307 *ds = i2c_get_clientdata(client);

	rtc_device_unregister(ds->rtc);
}

static const struct of_device_id ds1307_of_match[] = {
	{ .compatible = "dallas,ds1338", .data = &chip_ds1338 },
	{ .compatible = "maxim,ds1338", .data = &chip_ds1338 },
	{ .compatible = "dallas,ds1307", .data = &chip_ds1307 },
	{ }
};
MODULE_DEVICE_TABLE(of, ds1307_of_match);

static const struct i2c_device_id ds1307_id[] = {
	{ "ds1338", (unsigned long)&chip_ds1338 },
	{ "ds1307", (unsigned long)&chip_ds1307 },
	{ }
};

static struct i2c_driver ds1307_driver = {
	.driver = {
		.name = "rtc-ds1338",
		.of_match_table = ds1307_of_match,
	},
	.probe = ds1307_probe,
	.remove = ds1307_remove,
	.id_table = ds1307_id,
};
module_i2c_driver(ds1307_driver);

MODULE_DESCRIPTION("Dallas/Maxim DS1338 and DS1307 I2C real-time clock");
MODULE_LICENSE("Dual BSD/GPL");
