// SPDX-License-Identifier: BSD-2-Clause
/*
 * The `i2c` shell command, for labs: scan a bus as i2cdetect does, read and
 * write one register of a target.
 *
 *   i2c scan BUS               which addresses answer on bus BUS
 *   i2c get BUS ADDR REG       one register of the target at ADDR
 *   i2c set BUS ADDR REG VAL   (docs/i2c.md has examples for the board)
 *   i2c fault BUS ADDR [N]     the next N transfers to ADDR are not
 *                              acknowledged (fault injection; 0 clears)
 */
#include <linux/errno.h>
#include <linux/i2c.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/shell.h>

#define I2C_USAGE "i2c scan|get|set|fault BUS [ADDR [REG [VAL]]]"

/* A number (decimal, 0x hex or 0 octal, as i2c-tools read them) up to @max. */
static int parse_num(const char *s, unsigned long max, unsigned long *out)
{
	unsigned long v;
	int ret = kstrtoul(s, 0, &v);

	if (ret)
		return ret;
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

static const char *i2c_err_hint(int err)
{
	switch (err) {
	case -ENXIO:
		return "no target acknowledged the address";
	case -EIO:
		return "the target refused a data byte";
	case -EBUSY:
		return "bus stuck low, recovery failed";
	default:
		return "transfer failed";
	}
}

static struct i2c_adapter *get_bus(const char *arg)
{
	struct i2c_adapter *adap;
	unsigned long nr;

	if (parse_num(arg, 1000, &nr)) {
		printf("i2c: bad bus number '%s'\n", arg);
		return NULL;
	}
	adap = i2c_get_adapter((int)nr);
	if (!adap)
		printf("i2c: no bus %lu (ENODEV); buses come from the tree's I2C controllers\n", nr);
	return adap;
}

/* The table is built a row at a time, one printf per row. */
static int cmd_i2c_scan(struct i2c_adapter *adap)
{
	struct i2c_client *c;
	char row[64], found[128];
	size_t used = 0, len = 0;
	int addr, ret, n = 0;

	printf("     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f\n");
	found[0] = '\0';
	for (addr = 0; addr < 0x78; addr++) {
		if (addr % 16 == 0)
			len = (size_t)snprintf(row, sizeof(row), "%02x:", addr);
		/* Reserved addresses are not probed, as i2cdetect leaves them. */
		if (i2c_check_7bit_addr_validity_strict((unsigned short)addr)) {
			len += (size_t)snprintf(row + len, sizeof(row) - len, "   ");
			continue;
		}
		ret = i2c_probe_address(adap, (u16)addr);
		if (ret == 0) {
			len += (size_t)snprintf(row + len, sizeof(row) - len, " %02x", addr);
			n++;
			if (used < sizeof(found) - 6)
				used += (size_t)snprintf(found + used, sizeof(found) - used,
							 " 0x%02x", addr);
		} else if (ret == -ENXIO) {
			len += (size_t)snprintf(row + len, sizeof(row) - len, " --");
		} else {
			printf("%s\ni2c: scan of %s stopped at 0x%02x: %s (%s)\n", row,
			       dev_name(&adap->dev), addr, errname(ret), i2c_err_hint(ret));
			return ret;
		}
		if (addr % 16 == 15 || addr == 0x77)
			printf("%s\n", row);
	}
	printf("%s: %d address(es) answered:%s\n", dev_name(&adap->dev), n,
	       n ? found : " none");
	for (c = adap->clients; c; c = c->next)
		printf("  client 0x%02x: %s, %s\n", c->addr, dev_name(&c->dev),
		       c->dev.driver ? c->dev.driver->name : dev_state_name(c->dev.state));
	return 0;
}

/* i2c fault BUS ADDR [N]: what the driver at ADDR sees next is a NACK. */
static int cmd_i2c_fault(struct i2c_adapter *adap, int argc, char **argv)
{
	unsigned long addr, n = 1;

	if (parse_num(argv[3], 0x7f, &addr) || (argc == 5 && parse_num(argv[4], 1000, &n)) ||
	    i2c_inject_nack(adap, (u16)addr, (unsigned int)n)) {
		printf("usage: i2c fault BUS ADDR [N]: ADDR 0x08..0x77, N 0..1000 (default 1)\n");
		return -EINVAL;
	}
	if (n)
		printf("%s: the next %lu transfer(s) to 0x%02lx fail with ENXIO "
		       "(address not acknowledged)\n", dev_name(&adap->dev), n, addr);
	else
		printf("%s: no fault injected\n", dev_name(&adap->dev));
	return 0;
}

static int cmd_i2c(int argc, char **argv)
{
	struct i2c_adapter *adap;
	struct i2c_client client;
	unsigned long addr, reg, val;
	int ret;

	if (argc < 3)
		goto usage;
	adap = get_bus(argv[2]);
	if (!adap)
		return -ENODEV;
	if (!strcmp(argv[1], "scan") && argc == 3)
		return cmd_i2c_scan(adap);

	if (!strcmp(argv[1], "fault") && (argc == 4 || argc == 5))
		return cmd_i2c_fault(adap, argc, argv);
	if (argc < 5 || parse_num(argv[3], 0x7f, &addr) ||
	    i2c_check_7bit_addr_validity_strict((unsigned short)addr) ||
	    parse_num(argv[4], 0xff, &reg))
		goto usage;
	memset(&client, 0, sizeof(client));
	client.adapter = adap;
	client.addr = (u16)addr;

	if (!strcmp(argv[1], "get") && argc == 5) {
		ret = i2c_smbus_read_byte_data(&client, (u8)reg);
		if (ret < 0)
			goto err;
		printf("0x%02x\n", ret);
		return 0;
	}
	if (!strcmp(argv[1], "set") && argc == 6) {
		if (parse_num(argv[5], 0xff, &val))
			goto usage;
		ret = i2c_smbus_write_byte_data(&client, (u8)reg, (u8)val);
		if (ret < 0)
			goto err;
		return 0;
	}
usage:
	printf("usage: i2c scan BUS | i2c get BUS ADDR REG | i2c set BUS ADDR REG VAL |\n"
	       "       i2c fault BUS ADDR [N]\n"
	       "  BUS, ADDR (0x08..0x77), REG and VAL (0..0xff) in decimal or 0x hex\n");
	return -EINVAL;
err:
	printf("i2c: %s 0x%02lx on %s: %s (%s)\n", argv[1], addr, dev_name(&adap->dev),
	       errname(ret), i2c_err_hint(ret));
	return ret;
}
SHELL_COMMAND(i2c, cmd_i2c, I2C_USAGE, "scan an I2C bus; read or write a register; inject a NACK",
	      .topic = TOPIC_DEVICES,
	      .example = "i2c scan 0");
