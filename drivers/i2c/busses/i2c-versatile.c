// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARM Versatile/RealView SBCON I2C: no shifter, no interrupt, just a
 * register that drives and reads the two wires.  The protocol is done in
 * software by drivers/i2c/algos/i2c-algo-bit.c; this file only moves the
 * lines.  Where the block sits, its bus number and its clients all come
 * from the tree node ("arm,versatile-i2c").
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/i2c.h>
#include <linux/i2c-algo-bit.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <asm/io.h>

/* Registers */
#define I2C_CONTROL	0x00	/* read: bit 0 SCL as driven, bit 1 SDA on the bus */
#define I2C_CONTROLS	0x00	/* write: release the lines whose bits are set */
#define I2C_CONTROLC	0x04	/* write: drive low the lines whose bits are set */
#define SCL		(1u << 0)
#define SDA		(1u << 1)

#define DEFAULT_CLOCK_HZ 100000

struct i2c_versatile {
	u8 __iomem *base;
	struct i2c_adapter adap;
	struct i2c_algo_bit_data algo;
};

static void i2c_versatile_setsda(void *data, int state)
{
	struct i2c_versatile *i2c = data;

	writel(SDA, i2c->base + (state ? I2C_CONTROLS : I2C_CONTROLC));
}

static void i2c_versatile_setscl(void *data, int state)
{
	struct i2c_versatile *i2c = data;

	writel(SCL, i2c->base + (state ? I2C_CONTROLS : I2C_CONTROLC));
}

/* The SDA bit is refreshed by the controller on each write only; the
 * algorithm reads it right after the write that raised SCL. */
static int i2c_versatile_getsda(void *data)
{
	struct i2c_versatile *i2c = data;

	return !!(readl(i2c->base + I2C_CONTROL) & SDA);
}

static int i2c_versatile_getscl(void *data)
{
	struct i2c_versatile *i2c = data;

	return !!(readl(i2c->base + I2C_CONTROL) & SCL);
}

/*
 * Busy-wait about @us microseconds between line changes.  A plain loop:
 * at I2C speeds the bound only has to be safe, not exact, and 100 loop
 * iterations (two or more cycles each) last at least a microsecond on an
 * ARM926 up to 200 MHz.  QEMU's model needs no delay; the loop keeps the
 * driver honest for real boards.
 */
#define LOOPS_PER_US 100

static void i2c_versatile_delay(unsigned int us)
{
	volatile unsigned int n = us * LOOPS_PER_US;

	while (n)
		n--;
}

static int i2c_versatile_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct i2c_versatile *i2c;
	void __iomem *base;
	u32 hz = DEFAULT_CLOCK_HZ;
	int ret;

	i2c = devm_kzalloc(dev, sizeof(*i2c), GFP_KERNEL);
	if (!i2c)
		return -ENOMEM;
	base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(base))
		return dev_err_probe(dev, (int)PTR_ERR(base), "no registers in reg\n");
	i2c->base = base;

	/* The output latch starts with both lines driven low: release them
	 * together (SCL goes first, so this is a STOP, not a START). */
	writel(SCL | SDA, i2c->base + I2C_CONTROLS);

	if (of_property_read_u32(dev->of_node, "clock-frequency", &hz) || !hz)
		hz = DEFAULT_CLOCK_HZ;
	i2c->algo.data = i2c;
	i2c->algo.setsda = i2c_versatile_setsda;
	i2c->algo.setscl = i2c_versatile_setscl;
	i2c->algo.getsda = i2c_versatile_getsda;
	i2c->algo.getscl = i2c_versatile_getscl;
	i2c->algo.udelay = i2c_bit_udelay_for(hz);
	i2c->algo.delay = i2c_versatile_delay;

	i2c->adap.algo_data = &i2c->algo;
	i2c->adap.dev.parent = dev;
	i2c->adap.dev.of_node = dev->of_node;
	snprintf(i2c->adap.name, sizeof(i2c->adap.name), "versatile-i2c");
	platform_set_drvdata(pdev, i2c);

	dev_info(dev, "SBCON bit-banged I2C at %u Hz\n", hz);
	ret = i2c_bit_add_bus(&i2c->adap);
	if (ret)
		return dev_err_probe(dev, ret, "cannot add the I2C adapter\n");
	return 0;
}

static int i2c_versatile_remove(struct platform_device *pdev)
{
	struct i2c_versatile *i2c = platform_get_drvdata(pdev);

	i2c_del_adapter(&i2c->adap);
	return 0;
}

static const struct of_device_id i2c_versatile_match[] = {
	{ .compatible = "arm,versatile-i2c" },
	{ }
};
MODULE_DEVICE_TABLE(of, i2c_versatile_match);

static struct platform_driver i2c_versatile_driver = {
	.probe = i2c_versatile_probe,
	.remove = i2c_versatile_remove,
	.driver = {
		.name = "versatile-i2c",
		.of_match_table = i2c_versatile_match,
	},
};
module_platform_driver(i2c_versatile_driver);

MODULE_DESCRIPTION("ARM Versatile/RealView SBCON bit-banged I2C controller");
MODULE_LICENSE("Dual BSD/GPL");
