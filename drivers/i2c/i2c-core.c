// SPDX-License-Identifier: BSD-2-Clause
/*
 * The I2C bus: adapters register here, clients are made from the children
 * of an adapter's tree node, drivers bind to clients by compatible, and
 * transfers go through the adapter's algorithm.  Portable C: it builds for
 * the host too, where tests run it over a simulated bus.
 */
#define pr_fmt(fmt) "i2c: " fmt

#include <linux/export.h>
#include <linux/i2c.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/of.h>
#include <linux/of_device.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/whynot.h>

/* Registered adapters, sorted by bus number. */
static struct i2c_adapter *adapters;

/* ---- bus type ---------------------------------------------------------- */

/* The entry of @id (ended by an empty name) named as @client, or NULL. */
const struct i2c_device_id *i2c_match_id(const struct i2c_device_id *id,
					 const struct i2c_client *client)
{
	if (!id || !client)
		return NULL;
	for (; id->name[0]; id++)
		if (!strcmp(id->name, client->name))
			return id;
	return NULL;
}
EXPORT_SYMBOL(i2c_match_id);

/* When the driver core's table match found nothing: the id_table by the
 * client's name, the weakest match. */
static int i2c_device_match(struct device *dev, struct device_driver *drv)
{
	struct i2c_client *client = i2c_verify_client(dev);

	return client && i2c_match_id(to_i2c_driver(drv)->id_table, client) != NULL;
}

static int i2c_device_probe(struct device *dev)
{
	struct i2c_client *client = i2c_verify_client(dev);
	struct i2c_driver *driver = to_i2c_driver(dev->driver);

	if (!client || !driver->probe)
		return -ENODEV;
	return driver->probe(client);
}

static void i2c_device_remove(struct device *dev)
{
	struct i2c_client *client = i2c_verify_client(dev);
	struct i2c_driver *driver = to_i2c_driver(dev->driver);

	if (client && driver->remove)
		driver->remove(client);
}

struct bus_type i2c_bus_type = {
	.name = "i2c",
	.match = i2c_device_match,
	.probe = i2c_device_probe,
	.remove = i2c_device_remove,
};
EXPORT_SYMBOL(i2c_bus_type);

static void i2c_client_release(struct device *dev)
{
	of_node_put(dev->of_node);      /* taken by i2c_new_client_device() */
	kfree(to_i2c_client(dev));
}

/* Only clients sit on the bus (adapters are not bus devices here); the
 * release function tells them apart from anything else put there. */
struct i2c_client *i2c_verify_client(struct device *dev)
{
	if (!dev || dev->bus != &i2c_bus_type || dev->release != i2c_client_release)
		return NULL;
	return to_i2c_client(dev);
}
EXPORT_SYMBOL(i2c_verify_client);

/* The .data of the of_device_id entry the probe was run with (the driver
 * core keeps it in dev->match), else the id_table entry's driver_data;
 * NULL when unbound or none. */
const void *i2c_get_match_data(const struct i2c_client *client)
{
	const struct i2c_device_id *id;

	if (!client || !client->dev.driver)
		return NULL;
	if (client->dev.match)
		return client->dev.match->data;
	id = i2c_match_id(to_i2c_driver(client->dev.driver)->id_table, client);
	return id ? (const void *)id->driver_data : NULL;
}
EXPORT_SYMBOL(i2c_get_match_data);

/* ---- clients ----------------------------------------------------------- */

static struct i2c_client *client_at(struct i2c_adapter *adap, u16 addr)
{
	struct i2c_client *c;

	for (c = adap->clients; c; c = c->next)
		if (c->addr == addr)
			return c;
	return NULL;
}

/* Clients stay in tree order: `i2c scan` and the log list them so. */
static void link_client(struct i2c_adapter *adap, struct i2c_client *client)
{
	struct i2c_client **pp = &adap->clients;

	while (*pp)
		pp = &(*pp)->next;
	client->next = NULL;
	*pp = client;
}

static void unlink_client(struct i2c_adapter *adap, struct i2c_client *client)
{
	struct i2c_client **pp;

	for (pp = &adap->clients; *pp; pp = &(*pp)->next) {
		if (*pp == client) {
			*pp = client->next;
			return;
		}
	}
}

/**
 * i2c_check_7bit_addr_validity_strict() - may a target sit at 7-bit @addr?
 *
 * The one address rule of the I2C core, its shell command and whynot.  The
 * I2C specification reserves 0x00-0x07 (general call, CBUS, other bus
 * formats, Hs-mode controller codes) and 0x78-0x7f (10-bit addressing,
 * future use); i2cdetect scans what is left.
 * Return: 0 for 0x08..0x77; -EINVAL otherwise.
 */
int i2c_check_7bit_addr_validity_strict(unsigned short addr)
{
	if (addr < 0x08 || addr > 0x77)
		return -EINVAL;
	return 0;
}

/**
 * i2c_new_client_device() - make a client on @adap and register it
 * @np:   its tree node (may be NULL)
 * @type: its name, matched against drivers' id tables ("ds1338")
 * @addr: 7-bit address
 *
 * Return: the client, or ERR_PTR(-EINVAL) for an address outside
 * 0x08..0x77, ERR_PTR(-EBUSY) when a client already sits at @addr,
 * ERR_PTR(-ENOMEM), or device registration's error.
 */
struct i2c_client *i2c_new_client_device(struct i2c_adapter *adap,
					 struct device_node *np,
					 const char *type, u16 addr)
{
	struct i2c_client *client;
	int ret;

	if (i2c_check_7bit_addr_validity_strict(addr))
		return ERR_PTR(-EINVAL);
	if (client_at(adap, addr))
		return ERR_PTR(-EBUSY);

	client = kzalloc(sizeof(*client), GFP_KERNEL);
	if (!client)
		return ERR_PTR(-ENOMEM);
	client->addr = addr;
	client->adapter = adap;
	strscpy(client->name, type ? type : "", sizeof(client->name));

	device_initialize(&client->dev);
	client->dev.parent = &adap->dev;
	client->dev.bus = &i2c_bus_type;
	client->dev.of_node = of_node_get(np);
	client->dev.release = i2c_client_release;
	snprintf(client->dev.name, sizeof(client->dev.name), "%d-%04x", adap->nr, addr);

	/* On the adapter's list before probing, so a duplicate is caught
	 * even if the driver's probe registers more clients. */
	link_client(adap, client);

	ret = device_add(&client->dev);
	if (ret)
		goto err_unlink;
	return client;

err_unlink:
	unlink_client(adap, client);
	of_node_put(np);
	kfree(client);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL(i2c_new_client_device);

/* Unregister a client made by i2c_new_client_device() and free it. */
void i2c_unregister_device(struct i2c_client *client)
{
	if (IS_ERR_OR_NULL(client))
		return;
	unlink_client(client->adapter, client);
	/* Unbinds the driver, then the release function frees the client. */
	device_unregister(&client->dev);
}
EXPORT_SYMBOL(i2c_unregister_device);

/* "dallas,ds1338" -> "ds1338", as Linux's of_modalias does. */
static void client_type(struct device_node *np, char *buf, size_t size)
{
	const char *compat = of_get_property(np, "compatible", NULL);
	const char *comma;

	buf[0] = '\0';
	if (!compat)
		return;
	comma = strchr(compat, ',');
	strscpy(buf, comma ? comma + 1 : compat, size);
}

int of_i2c_client_addr(const struct device_node *np, u16 *addr, char *why, size_t whylen)
{
	u32 reg;

	if (of_property_read_u32(np, "reg", &reg)) {
		return why_fail(why, whylen, -EINVAL, "no valid reg (the 7-bit address)");
	}
	if (reg & I2C_TEN_BIT_ADDRESS) {
		return why_fail(why, whylen, -EOPNOTSUPP, "10-bit address 0x%x not supported",
				(unsigned int)(reg & ~I2C_TEN_BIT_ADDRESS));
	}
	if (reg & I2C_OWN_SLAVE_ADDRESS) {
		return why_fail(why, whylen, -EOPNOTSUPP,
				"own (target-mode) address not supported");
	}
	if (reg > 0xffff || i2c_check_7bit_addr_validity_strict((unsigned short)reg)) {
		return why_fail(why, whylen, -EINVAL,
				"reg 0x%x is not a 7-bit target address (0x08..0x77)",
				(unsigned int)reg);
	}
	*addr = (u16)reg;
	return 0;
}

bool of_i2c_node_is_controller(const struct device_node *np)
{
	return of_node_name_eq(np, "i2c") || of_node_name_prefix(np, "i2c-");
}

/*
 * One child node: check its reg and make its client.  Every refusal names
 * the node and the reason, and the caller goes on with the next child.
 */
static int of_i2c_register_child(struct i2c_adapter *adap, struct device_node *np)
{
	struct i2c_client *client, *other;
	char type[I2C_NAME_SIZE], why[64];
	u16 addr;
	u32 reg;
	int ret;

	/* As in Linux (its modalias failure): nothing to match a driver by. */
	if (!of_get_property(np, "compatible", NULL)) {
		pr_err("%s: %pOF: no compatible: EINVAL, skipped\n", dev_name(&adap->dev), np);
		return -EINVAL;
	}
	ret = of_i2c_client_addr(np, &addr, why, sizeof(why));
	if (ret) {
		pr_err("%s: %pOF: %s: %s, skipped\n", dev_name(&adap->dev), np, why,
		       errname(ret));
		return ret;
	}
	reg = addr;
	other = client_at(adap, (u16)reg);
	if (other) {
		pr_err("%s: %pOF: address 0x%02x already used by %s: EBUSY, skipped\n",
		       dev_name(&adap->dev), np, (unsigned int)reg,
		       other->dev.of_node ? other->dev.of_node->full_name : dev_name(&other->dev));
		return -EBUSY;
	}

	client_type(np, type, sizeof(type));
	client = i2c_new_client_device(adap, np, type, (u16)reg);
	if (IS_ERR(client)) {
		ret = (int)PTR_ERR(client);
		pr_err("%s: %pOF: cannot add client at 0x%02x: %s\n",
		       dev_name(&adap->dev), np, (unsigned int)reg, errname(ret));
		return ret;
	}
	of_node_set_flag(np, OF_POPULATED);
	return 0;
}

static void of_i2c_register_devices(struct i2c_adapter *adap)
{
	struct device_node *np = adap->dev.of_node, *child;
	int found = 0, made = 0;

	if (!np) {
		pr_info("%s: %s, no tree node: no clients\n", dev_name(&adap->dev), adap->name);
		return;
	}
	for_each_available_child_of_node(np, child) {
		found++;
		if (!of_i2c_register_child(adap, child))
			made++;
	}
	if (made == found)
		pr_info("%s: %s, %d client(s) from %s\n", dev_name(&adap->dev),
			adap->name, made, np->full_name);
	else
		pr_info("%s: %s, %d client(s) from %s, %d refused\n", dev_name(&adap->dev),
			adap->name, made, np->full_name, found - made);
}

/* The client @adap made from @np, or NULL. */
static struct i2c_client *client_of_node(struct i2c_adapter *adap, const struct device_node *np)
{
	struct i2c_client *client;

	for (client = adap->clients; client; client = client->next)
		if (client->dev.of_node == np)
			return client;
	return NULL;
}

/*
 * The tree changed (an overlay, or a direct property change): a node that
 * appears, is enabled, or gains a compatible under an adapter's node
 * becomes a client (probed at once); one that goes, is disabled, or loses
 * its compatible loses it (its driver's remove runs); one whose compatible
 * changes is bound again by the new match (device_reprobe()).
 */
static int of_i2c_notify(struct notifier_block *nb, unsigned long action, void *arg)
{
	struct of_reconfig_data *rd = arg;
	struct device_node *np = rd->dn;
	struct i2c_adapter *adap;
	struct i2c_client *client;

	for (adap = adapters; adap; adap = adap->next)
		if (adap->dev.of_node && adap->dev.of_node == np->parent)
			break;
	if (!adap)
		return NOTIFY_DONE;
	switch (of_reconfig_get_state_change(action, rd)) {
	case OF_RECONFIG_CHANGE_ADD:
		if (!of_node_check_flag(np, OF_POPULATED))
			of_i2c_register_child(adap, np);        /* says why when it cannot */
		return NOTIFY_OK;
	case OF_RECONFIG_CHANGE_REMOVE:
		client = client_of_node(adap, np);
		if (!client)
			return NOTIFY_DONE;
		i2c_unregister_device(client);
		of_node_clear_flag(np, OF_POPULATED);
		return NOTIFY_OK;
	default:
		break;
	}
	if (!of_reconfig_compatible_changed(action, rd))
		return NOTIFY_DONE;
	client = client_of_node(adap, np);
	if (!client)
		return NOTIFY_DONE;
	/* Its name comes from the compatible, as when it was made: a match
	 * by id_table must see the new one. */
	client_type(np, client->name, sizeof(client->name));
	dev_info(&client->dev, "%pOF: compatible changed: binding again by the new match\n", np);
	device_reprobe(&client->dev);
	return NOTIFY_OK;
}

static struct notifier_block i2c_of_notifier = {
	.notifier_call = of_i2c_notify,
};

/* ---- adapters ---------------------------------------------------------- */

/* Dynamic bus numbers start above every "i2cN" alias, as in Linux. */
static int first_dynamic_nr(void)
{
	int highest = of_alias_get_highest_id("i2c");

	return highest < 0 ? 0 : highest + 1;
}

static void link_adapter(struct i2c_adapter *adap)
{
	struct i2c_adapter **pp = &adapters;

	while (*pp && (*pp)->nr < adap->nr)
		pp = &(*pp)->next;
	adap->next = *pp;
	*pp = adap;
}

static void unlink_adapter(struct i2c_adapter *adap)
{
	struct i2c_adapter **pp;

	for (pp = &adapters; *pp; pp = &(*pp)->next) {
		if (*pp == adap) {
			*pp = adap->next;
			return;
		}
	}
}

/**
 * i2c_add_adapter() - register a bus master and the clients its node lists
 * @adap: with .algo set; .dev.parent and .dev.of_node from the controller
 *
 * The bus number comes from an "i2cN" alias of the node, else the first
 * free number above every alias.  Children of the node become clients;
 * a child with a bad reg is reported and skipped.
 * Return: 0; -EINVAL without an algorithm; -EBUSY when the alias's number
 * is taken.
 */
int i2c_add_adapter(struct i2c_adapter *adap)
{
	int nr = -1;

	if (!adap || !adap->algo || !adap->algo->master_xfer) {
		pr_err("adapter without a transfer algorithm: EINVAL\n");
		return -EINVAL;
	}
	if (adap->dev.of_node)
		nr = of_alias_get_id(adap->dev.of_node, "i2c");
	if (nr >= 0) {
		if (i2c_get_adapter(nr)) {
			pr_err("%pOF: bus number %d from alias i2c%d already taken: EBUSY\n",
			       adap->dev.of_node, nr, nr);
			return -EBUSY;
		}
	} else {
		for (nr = first_dynamic_nr(); i2c_get_adapter(nr); nr++)
			;
	}
	adap->nr = nr;
	adap->clients = NULL;
	if (!adap->name[0])
		snprintf(adap->name, sizeof(adap->name), "i2c-%d", nr);

	/* The adapter's device only names the bus and parents its clients;
	 * it is not a device on a bus, so `devices` lists its clients. */
	snprintf(adap->dev.name, sizeof(adap->dev.name), "i2c-%d", nr);
	link_adapter(adap);

	of_i2c_register_devices(adap);
	return 0;
}
EXPORT_SYMBOL(i2c_add_adapter);

/* Unregister every client of @adap, then @adap itself. */
/* Unregister every client of @adap (their drivers' remove runs), then
 * forget @adap; its bus number is free again. */
void i2c_del_adapter(struct i2c_adapter *adap)
{
	struct device_node *np;

	if (!adap)
		return;
	while (adap->clients) {
		np = adap->clients->dev.of_node;
		i2c_unregister_device(adap->clients);
		if (np)
			of_node_clear_flag(np, OF_POPULATED);
	}
	unlink_adapter(adap);
	adap->dev.name[0] = '\0';
}
EXPORT_SYMBOL(i2c_del_adapter);

/* The adapter with bus number @nr, or NULL. */
struct i2c_adapter *i2c_get_adapter(int nr)
{
	struct i2c_adapter *a;

	for (a = adapters; a; a = a->next)
		if (a->nr == nr)
			return a;
	return NULL;
}
EXPORT_SYMBOL(i2c_get_adapter);

/* The adapter made for controller node @np, or NULL. */
struct i2c_adapter *of_find_i2c_adapter_by_node(const struct device_node *np)
{
	struct i2c_adapter *a;

	for (a = adapters; a; a = a->next)
		if (np && a->dev.of_node == np)
			return a;
	return NULL;
}

/* The adapter after @prev in bus-number order (NULL: the first), or NULL. */
struct i2c_adapter *i2c_next_adapter(struct i2c_adapter *prev)
{
	return prev ? prev->next : adapters;
}

/* ---- transfers ---------------------------------------------------------- */

/*
 * A fault injected by i2c_inject_nack(): the transfer fails before it
 * reaches the wire, as it would had the target not acknowledged.
 */
static bool nack_injected(struct i2c_adapter *adap, const struct i2c_msg *msgs, int num)
{
	int i;

	if (!adap->nack_count)
		return false;
	for (i = 0; i < num && msgs[i].addr != adap->nack_addr; i++)
		;
	if (i == num)
		return false;
	adap->nack_count--;
	pr_info("%s: 0x%02x: NACK injected (%u more to come)\n", dev_name(&adap->dev),
		adap->nack_addr, adap->nack_count);
	return true;
}

/**
 * i2c_inject_nack() - make the next @count transfers to @addr on @adap
 * fail with -ENXIO, as if the target had not acknowledged its address
 *
 * Fault injection, for tests and for graders: a driver's error path runs on
 * a chip that never fails.  A transfer with several messages counts once.
 * @count 0 takes an injection back; a new one replaces the old.
 * Return: 0; -EINVAL for an address outside 0x08..0x77.
 */
int i2c_inject_nack(struct i2c_adapter *adap, u16 addr, unsigned int count)
{
	if (i2c_check_7bit_addr_validity_strict(addr))
		return -EINVAL;
	adap->nack_addr = addr;
	adap->nack_count = count;
	return 0;
}
EXPORT_SYMBOL(i2c_inject_nack);

/**
 * i2c_transfer() - run messages as one transfer, joined by repeated STARTs
 * Return: @num on success; -EINVAL for bad arguments or an address outside
 * 0x08..0x77; -EOPNOTSUPP for I2C_M_TEN; the algorithm's -ENXIO (address not
 * acknowledged, or injected by i2c_inject_nack()), -EIO (data not
 * acknowledged), -EBUSY (bus stuck low).
 */
int i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
	int i, ret, tries;

	if (!adap || !msgs || num <= 0)
		return -EINVAL;
	for (i = 0; i < num; i++) {
		if (msgs[i].flags & I2C_M_TEN) {
			pr_err("%s: 10-bit address 0x%x: not supported: EOPNOTSUPP\n",
			       dev_name(&adap->dev), msgs[i].addr);
			return -EOPNOTSUPP;
		}
		if (i2c_check_7bit_addr_validity_strict(msgs[i].addr) ||
		    (msgs[i].len && !msgs[i].buf))
			return -EINVAL;
	}
	if (nack_injected(adap, msgs, num))
		return -ENXIO;
	for (tries = 0;; tries++) {
		ret = adap->algo->master_xfer(adap, msgs, num);
		if (ret != -EAGAIN || tries >= adap->retries)
			return ret;
	}
}
EXPORT_SYMBOL(i2c_transfer);

/* Write @count bytes to @client.  Return: @count or i2c_transfer()'s error. */
int i2c_master_send(const struct i2c_client *client, const char *buf, int count)
{
	struct i2c_msg msg = {
		.addr = client->addr, .flags = 0, .len = (u16)count, .buf = (u8 *)buf,
	};
	int ret = i2c_transfer(client->adapter, &msg, 1);

	return ret == 1 ? count : ret;
}
EXPORT_SYMBOL(i2c_master_send);

/* Read @count bytes from @client.  Return: @count or i2c_transfer()'s error. */
int i2c_master_recv(const struct i2c_client *client, char *buf, int count)
{
	struct i2c_msg msg = {
		.addr = client->addr, .flags = I2C_M_RD, .len = (u16)count, .buf = (u8 *)buf,
	};
	int ret = i2c_transfer(client->adapter, &msg, 1);

	return ret == 1 ? count : ret;
}
EXPORT_SYMBOL(i2c_master_recv);

/* Register @command, then read it back after a repeated START.
 * Return: the byte (0..255) or i2c_transfer()'s error. */
s32 i2c_smbus_read_byte_data(const struct i2c_client *client, u8 command)
{
	u8 val;
	int ret = i2c_smbus_read_i2c_block_data(client, command, 1, &val);

	return ret < 0 ? ret : val;
}
EXPORT_SYMBOL(i2c_smbus_read_byte_data);

/* Return: 0 or i2c_transfer()'s error. */
s32 i2c_smbus_write_byte_data(const struct i2c_client *client, u8 command, u8 value)
{
	return i2c_smbus_write_i2c_block_data(client, command, 1, &value);
}
EXPORT_SYMBOL(i2c_smbus_write_byte_data);

/* Read @length (1..32) registers from @command on.
 * Return: @length, -EINVAL for a bad length, or i2c_transfer()'s error. */
s32 i2c_smbus_read_i2c_block_data(const struct i2c_client *client, u8 command,
				  u8 length, u8 *values)
{
	struct i2c_msg msgs[2] = {
		{ .addr = client->addr, .flags = 0, .len = 1, .buf = &command },
		{ .addr = client->addr, .flags = I2C_M_RD, .len = length, .buf = values },
	};
	int ret;

	if (length == 0 || length > I2C_SMBUS_BLOCK_MAX)
		return -EINVAL;
	ret = i2c_transfer(client->adapter, msgs, 2);
	return ret == 2 ? length : ret;
}
EXPORT_SYMBOL(i2c_smbus_read_i2c_block_data);

/* Write @length (1..32) registers from @command on.
 * Return: 0, -EINVAL for a bad length, or i2c_transfer()'s error. */
s32 i2c_smbus_write_i2c_block_data(const struct i2c_client *client, u8 command,
				   u8 length, const u8 *values)
{
	u8 buf[I2C_SMBUS_BLOCK_MAX + 1];
	struct i2c_msg msg = {
		.addr = client->addr, .flags = 0, .len = (u16)(length + 1), .buf = buf,
	};
	int ret;

	if (length == 0 || length > I2C_SMBUS_BLOCK_MAX)
		return -EINVAL;
	buf[0] = command;
	memcpy(buf + 1, values, length);
	ret = i2c_transfer(client->adapter, &msg, 1);
	return ret == 1 ? 0 : ret;
}
EXPORT_SYMBOL(i2c_smbus_write_i2c_block_data);

/**
 * i2c_probe_address() - does anything answer at @addr?
 *
 * As i2cdetect: an address-only write ("quick") leaves register pointers
 * alone; in the ranges where a quick write can lock up EEPROMs and
 * write-protect chips (0x30..0x37, 0x50..0x5f) one byte is read instead.
 * Return: 0 when a target acknowledged; -ENXIO when none did; -EBUSY.
 */
int i2c_probe_address(struct i2c_adapter *adap, u16 addr)
{
	u8 byte;
	struct i2c_msg msg = { .addr = addr, .flags = 0, .len = 0, .buf = NULL };
	int ret;

	if ((addr >= 0x30 && addr <= 0x37) || (addr >= 0x50 && addr <= 0x5f)) {
		msg.flags = I2C_M_RD;
		msg.len = 1;
		msg.buf = &byte;
	}
	ret = i2c_transfer(adap, &msg, 1);
	return ret == 1 ? 0 : ret;
}

/* ---- drivers ------------------------------------------------------------ */

/**
 * i2c_register_driver() - put @driver on the I2C bus; it binds to every
 * matching client, now and later.
 * Return: 0 or driver_register()'s error.
 */
int i2c_register_driver(struct i2c_driver *driver)
{
	driver->driver.bus = &i2c_bus_type;
	return driver_register(&driver->driver);
}
EXPORT_SYMBOL(i2c_register_driver);

/* Unbind @driver from its clients and take it off the bus. */
void i2c_del_driver(struct i2c_driver *driver)
{
	driver_unregister(&driver->driver);
}
EXPORT_SYMBOL(i2c_del_driver);

/* Live: the kernel knows a controller by its adapter; off the kernel, the
 * tree's naming rule is all there is. */
static bool i2c_whynot_controller(const struct device_node *np, bool live)
{
	return (live && of_find_i2c_adapter_by_node(np)) || of_i2c_node_is_controller(np);
}

/* The checks of_i2c_register_child() makes before it adds a client. */
static bool i2c_whynot_child(const struct device_node *np, char *why, size_t whylen)
{
	u16 addr;

	return !of_i2c_client_addr(np, &addr, why, whylen);
}

struct whynot_bus i2c_whynot_bus = {
	.name = "i2c",
	.label = "I2C",
	.is_controller = i2c_whynot_controller,
	.child_ok = i2c_whynot_child,
};

/* The bus exists before any controller driver probes, follows the tree's
 * changes and explains its children to `whynot`.  Return: 0, or
 * bus_register()'s -EINVAL. */
int i2c_init(void)
{
	of_reconfig_notifier_register(&i2c_of_notifier);       /* -EEXIST when again */
	whynot_bus_register(&i2c_whynot_bus);                  /* -EEXIST when again */
	return bus_register(&i2c_bus_type);
}
#ifndef COYOTE_HOST
postcore_initcall(i2c_init);
#endif
