// SPDX-License-Identifier: BSD-2-Clause
/*
 * Lab 3 reference solution: TI TMP105 temperature sensor on I2C.
 *
 * Two registers matter: TEMP (0x00), a 16-bit big-endian two's complement
 * value whose top 12 bits are the temperature in 1/16 degree steps, and
 * CONF (0x01), whose R1:R0 bits choose 9 to 12 bits of resolution (9 at
 * power-on, 0.5 degree steps).  Probe asks for 12.  `temp` prints every
 * sensor bound to this driver.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/i2c.h>
#include <linux/of.h>
#include <linux/printk.h>
#include <coyote/shell.h>

#define TMP105_REG_TEMP		0x00
#define TMP105_REG_CONF		0x01
#define TMP105_CONF_R0		(1 << 5)
#define TMP105_CONF_R1		(1 << 6)
#define TMP105_CONF_RES_12BIT	(TMP105_CONF_R1 | TMP105_CONF_R0)

#define TMP105_MAX_SENSORS	4

struct tmp105 {
	struct i2c_client *client;
};

static struct tmp105 *sensors[TMP105_MAX_SENSORS];

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
	raw = (s16)((buf[0] << 8) | buf[1]);
	/* One degree is 256 in this register; the low 4 bits are always 0. */
	*mdeg = raw * 1000 / 256;
	return 0;
}

static int tmp105_probe(struct i2c_client *client)
{
	struct device *dev = &client->dev;
	struct tmp105 *t;
	int i, ret;

	for (i = 0; i < TMP105_MAX_SENSORS && sensors[i]; i++)
		;
	if (i == TMP105_MAX_SENSORS)
		return dev_err_probe(dev, -ENOSPC, "more than %d sensors", TMP105_MAX_SENSORS);
	t = devm_kzalloc(dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->client = client;
	/* Also the check that the chip answers at all. */
	ret = i2c_smbus_write_byte_data(client, TMP105_REG_CONF, TMP105_CONF_RES_12BIT);
	if (ret)
		return dev_err_probe(dev, ret, "no TMP105 answers at 0x%02x", client->addr);
	i2c_set_clientdata(client, t);
	sensors[i] = t;
	dev_info(dev, "TMP105, 12-bit resolution\n");
	return 0;
}

static void tmp105_remove(struct i2c_client *client)
{
	struct tmp105 *t = i2c_get_clientdata(client);
	int i;

	for (i = 0; i < TMP105_MAX_SENSORS; i++)
		if (sensors[i] == t)
			sensors[i] = NULL;
}

static int cmd_temp(int argc, char **argv)
{
	int i, mdeg, ret, n = 0;

	for (i = 0; i < TMP105_MAX_SENSORS; i++) {
		if (!sensors[i])
			continue;
		n++;
		ret = tmp105_read_temp(sensors[i], &mdeg);
		if (ret) {
			printf("%s: read failed: %s\n", dev_name(&sensors[i]->client->dev),
			       errname(ret));
			continue;
		}
		printf("%s: %s%d.%03d C\n", dev_name(&sensors[i]->client->dev),
		       mdeg < 0 ? "-" : "", (mdeg < 0 ? -mdeg : mdeg) / 1000,
		       (mdeg < 0 ? -mdeg : mdeg) % 1000);
	}
	if (!n)
		printf("temp: no TMP105 bound\n");
	return 0;
}
SHELL_COMMAND(temp, cmd_temp, "temp", "every TMP105's temperature (lab 3)");

static const struct of_device_id tmp105_of_match[] = {
	{ .compatible = "ti,tmp105" },
	{ }
};

static struct i2c_driver tmp105_driver = {
	.driver = {
		.name = "tmp105",
		.of_match_table = tmp105_of_match,
	},
	.probe = tmp105_probe,
	.remove = tmp105_remove,
};
module_i2c_driver(tmp105_driver);
