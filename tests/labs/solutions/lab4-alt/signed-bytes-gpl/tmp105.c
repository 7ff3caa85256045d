// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 4 reference solution: lab 3's TMP105 driver as a loadable module.
 *
 * What changed from lab 3: MODULE_DEVICE_TABLE() (modpost turns the table
 * into modules.alias lines, so the kernel autoloads it for the node),
 * MODULE_LICENSE()/MODULE_DESCRIPTION(), and the reading goes to the log
 * at probe instead of a `temp` command: the shell's command table is
 * linked into the image, a module cannot add to it.
 *
 * The chip (TI TMP105 temperature sensor on I2C):
 *
 * Two registers matter: TEMP (0x00), a 16-bit big-endian two's complement
 * value whose top 12 bits are the temperature in 1/16 degree steps, and
 * CONF (0x01), whose R1:R0 bits choose 9 to 12 bits of resolution (9 at
 * power-on, 0.5 degree steps).  Probe asks for 12 and logs a reading.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/i2c.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <linux/module.h>

#define TMP105_REG_TEMP		0x00
#define TMP105_REG_CONF		0x01
#define TMP105_CONF_RES_12BIT	0x60	/* R1:R0 = 11 */

struct tmp105 {
	struct i2c_client *client;
};

/* The temperature in millidegrees Celsius into *@mdeg; 0 or the I2C error. */
static int tmp105_read_temp(struct tmp105 *t, int *mdeg)
{
	u8 buf[2];
	s32 ret;
	s16 raw;

	ret = i2c_smbus_read_i2c_block_data(t->client, TMP105_REG_TEMP, 2, buf);
	if (ret < 0)
		return ret;
	if (ret != 2)
		return -EIO;
	raw = (s16)((s8)buf[0] * 16 + (buf[1] >> 4));
	/* raw counts 1/16 degree steps: 62.5 mdeg each. */
	*mdeg = raw * 125 / 2;
	return 0;
}

static int tmp105_probe(struct i2c_client *client)
{
	struct device *dev = &client->dev;
	struct tmp105 *t;
	int mdeg, ret;

	t = devm_kzalloc(dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->client = client;
	/* Also the check that the chip answers at all. */
	ret = i2c_smbus_write_byte_data(client, TMP105_REG_CONF, TMP105_CONF_RES_12BIT);
	if (ret)
		return dev_err_probe(dev, ret, "no TMP105 answers at 0x%02x", client->addr);
	ret = tmp105_read_temp(t, &mdeg);
	if (ret)
		return dev_err_probe(dev, ret, "cannot read the temperature");
	i2c_set_clientdata(client, t);
	dev_info(dev, "TMP105, 12-bit resolution: %s%d.%03d C\n", mdeg < 0 ? "-" : "",
		 (mdeg < 0 ? -mdeg : mdeg) / 1000, (mdeg < 0 ? -mdeg : mdeg) % 1000);
	return 0;
}

static const struct of_device_id tmp105_of_match[] = {
	{ .compatible = "ti,tmp105" },
	{ }
};
MODULE_DEVICE_TABLE(of, tmp105_of_match);

static struct i2c_driver tmp105_driver = {
	.driver = {
		.name = "tmp105",
		.of_match_table = tmp105_of_match,
	},
	.probe = tmp105_probe,
};
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("TMP105 temperature sensor");
module_i2c_driver(tmp105_driver);
