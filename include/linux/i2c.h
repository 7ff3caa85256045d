/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * I2C: adapters (bus masters), clients (targets at an address on one
 * adapter) and the drivers that bind to clients, with Linux's names.
 *
 * An adapter is registered by its controller's driver with
 * i2c_add_adapter(); when the adapter's device has a tree node, every
 * available child node becomes a client: `reg` is its 7-bit address and
 * `compatible` the key a driver's of_match_table matches.
 */
#ifndef _LINUX_I2C_H
#define _LINUX_I2C_H

#include <linux/types.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/init.h>
#include <linux/module.h>

/* One segment of a transfer; consecutive segments are joined by a
 * repeated START, the last one ends with a STOP. */
struct i2c_msg {
	u16 addr;          /* 7-bit target address */
	u16 flags;
#define I2C_M_RD	0x0001	/* read from the target */
#define I2C_M_TEN	0x0010	/* 10-bit address: refused with -EOPNOTSUPP */
	u16 len;           /* bytes in @buf; 0 is a "quick" address-only probe */
	u8 *buf;
};

/* Flag bits of a tree node's `reg` (as in Linux's dt-bindings/i2c/i2c.h). */
#define I2C_TEN_BIT_ADDRESS	(1u << 31)
#define I2C_OWN_SLAVE_ADDRESS	(1u << 30)

/* client->flags */
#define I2C_CLIENT_TEN		0x10

struct i2c_adapter;
struct i2c_client;

/**
 * struct i2c_algorithm - how an adapter moves bytes
 * @master_xfer: run @num messages as one transfer (START, repeated STARTs,
 *               STOP); return @num on success or a negative errno
 *               (-ENXIO address NACK, -EIO data NACK, -EBUSY bus stuck).
 * @functionality: I2C_FUNC_* bits the adapter supports.
 */
struct i2c_algorithm {
	int (*master_xfer)(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
	u32 (*functionality)(struct i2c_adapter *adap);
};

#define I2C_FUNC_I2C			0x00000001
#define I2C_FUNC_10BIT_ADDR		0x00000002
#define I2C_FUNC_SMBUS_QUICK		0x00010000
#define I2C_FUNC_SMBUS_BYTE_DATA	0x00180000
#define I2C_FUNC_SMBUS_I2C_BLOCK	0x0c000000
#define I2C_FUNC_SMBUS_EMUL		(I2C_FUNC_SMBUS_QUICK | \
					 I2C_FUNC_SMBUS_BYTE_DATA | \
					 I2C_FUNC_SMBUS_I2C_BLOCK)

/* Largest block an SMBus block call moves (Linux's I2C_SMBUS_BLOCK_MAX). */
#define I2C_SMBUS_BLOCK_MAX	32

struct i2c_adapter {
	struct device dev;                  /* "i2c-N", child of the controller */
	const struct i2c_algorithm *algo;
	void *algo_data;                    /* the algorithm's state (algo-bit) */
	int nr;                             /* bus number: alias i2cN, else dynamic */
	int retries;                        /* extra attempts after -EAGAIN */
	char name[48];
	struct i2c_adapter *next;           /* registered adapters, by number */
	struct i2c_client *clients;         /* clients made from the tree */
	u16 nack_addr;                      /* i2c_inject_nack(): the address, */
	unsigned int nack_count;            /* and how many transfers fail */
};
#define to_i2c_adapter(d) container_of(d, struct i2c_adapter, dev)

#define I2C_NAME_SIZE 20

struct i2c_client {
	unsigned short flags;
	unsigned short addr;                /* 7-bit address */
	char name[I2C_NAME_SIZE];           /* first compatible, vendor prefix dropped */
	struct i2c_adapter *adapter;
	struct device dev;                  /* "N-00AA", child of the adapter */
	struct i2c_client *next;            /* on adapter->clients */
};
#define to_i2c_client(d) container_of(d, struct i2c_client, dev)

struct i2c_device_id {
	char name[I2C_NAME_SIZE];
	unsigned long driver_data;
};

struct i2c_driver {
	int (*probe)(struct i2c_client *client);
	void (*remove)(struct i2c_client *client);
	struct device_driver driver;        /* .name, .of_match_table */
	const struct i2c_device_id *id_table;
};
#define to_i2c_driver(d) container_of(d, struct i2c_driver, driver)

extern struct bus_type i2c_bus_type;

static inline void *i2c_get_clientdata(const struct i2c_client *client)
{
	return dev_get_drvdata(&client->dev);
}
static inline void i2c_set_clientdata(struct i2c_client *client, void *data)
{
	dev_set_drvdata(&client->dev, data);
}
static inline void *i2c_get_adapdata(const struct i2c_adapter *adap)
{
	return dev_get_drvdata(&adap->dev);
}
static inline void i2c_set_adapdata(struct i2c_adapter *adap, void *data)
{
	dev_set_drvdata(&adap->dev, data);
}

/* The client a device is, or NULL when @dev is not on the I2C bus. */
struct i2c_client *i2c_verify_client(struct device *dev);

int i2c_add_adapter(struct i2c_adapter *adap);
void i2c_del_adapter(struct i2c_adapter *adap);
struct i2c_adapter *i2c_get_adapter(int nr);
/* The adapter registered for controller node @np, or NULL. */
struct i2c_adapter *of_find_i2c_adapter_by_node(const struct device_node *np);
/* Walk registered adapters in bus-number order (NULL starts). */
struct i2c_adapter *i2c_next_adapter(struct i2c_adapter *prev);

/* 0 for a 7-bit target address (0x08..0x77), else -EINVAL: the one rule. */
int i2c_check_7bit_addr_validity_strict(unsigned short addr);

struct i2c_client *i2c_new_client_device(struct i2c_adapter *adap,
					 struct device_node *np,
					 const char *type, u16 addr);
void i2c_unregister_device(struct i2c_client *client);

int i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num);
int i2c_master_send(const struct i2c_client *client, const char *buf, int count);
int i2c_master_recv(const struct i2c_client *client, char *buf, int count);

s32 i2c_smbus_read_byte_data(const struct i2c_client *client, u8 command);
s32 i2c_smbus_write_byte_data(const struct i2c_client *client, u8 command, u8 value);
s32 i2c_smbus_read_i2c_block_data(const struct i2c_client *client, u8 command,
				  u8 length, u8 *values);
s32 i2c_smbus_write_i2c_block_data(const struct i2c_client *client, u8 command,
				   u8 length, const u8 *values);
/* Address-only write, as i2cdetect's default probe: 0 when a target ACKs. */
int i2c_probe_address(struct i2c_adapter *adap, u16 addr);
int i2c_inject_nack(struct i2c_adapter *adap, u16 addr, unsigned int count);

const struct i2c_device_id *i2c_match_id(const struct i2c_device_id *id,
					 const struct i2c_client *client);
/* The of_device_id .data (or id_table driver_data) the client matched. */
const void *i2c_get_match_data(const struct i2c_client *client);

/**
 * of_i2c_client_addr() - the address of I2C child @np, checked as the I2C
 * core checks it before it adds a client (the one copy: whynot calls it).
 * Return: 0 and *@addr; -EINVAL without a reg or outside 0x08..0x77;
 * -EOPNOTSUPP for a 10-bit or own (target-mode) address; @why says which.
 */
int of_i2c_client_addr(const struct device_node *np, u16 *addr, char *why, size_t whylen);

/*
 * Whether @np is named as an I2C controller ("i2c", "i2c-N": dt-schema's
 * rule).  For predictions from the tree alone (whynot off the kernel,
 * ofdump): the kernel itself knows a controller by its adapter.
 */
bool of_i2c_node_is_controller(const struct device_node *np);

/* Registers the bus type (postcore initcall; host tests call it). */
int i2c_init(void);
/* What the I2C core tells `whynot` (i2c_init() registers it; ofdump too). */
extern struct whynot_bus i2c_whynot_bus;

int i2c_register_driver(struct i2c_driver *driver);
void i2c_del_driver(struct i2c_driver *driver);
#define i2c_add_driver(d) i2c_register_driver(d)

/*
 * One line per driver file, as module_platform_driver.  On the host the
 * tests register the driver themselves, through a pointer this makes.
 */
#if defined(COYOTE_HOST)
#define module_i2c_driver(__drv) \
	struct i2c_driver *const __host_i2c_driver_##__drv = &(__drv)
#elif defined(MODULE)
#define module_i2c_driver(__drv) \
	static int __drv##_init(void) { return i2c_register_driver(&(__drv)); } \
	static void __drv##_exit(void) { i2c_del_driver(&(__drv)); } \
	module_init(__drv##_init); \
	module_exit(__drv##_exit)
#else
#define module_i2c_driver(__drv) \
	static int __init __drv##_init(void) { return i2c_register_driver(&(__drv)); } \
	device_initcall(__drv##_init)
#endif

#endif
