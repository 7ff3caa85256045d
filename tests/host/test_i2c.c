// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests of the I2C stack: the real i2c-core, i2c-algo-bit and
 * rtc-ds1338 code, driven over a simulated SBCON bus
 * (scripts/host/i2c-sim) with software DS1338/DS1307 chips behind it,
 * clients made from tests/dts/host/i2c.dts.
 *
 * Prints KTAP; exits non-zero when a check fails.  The tree is read from
 * $OF_TEST_DTB_DIR (default build/host/dts)/i2c.dtb.
 */
#include <stdio.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/i2c.h>
#include <linux/i2c-algo-bit.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/rtc.h>
#include <coyote/time.h>

#include "../../scripts/host/i2c-sim/i2c_sim.h"
#include "../../scripts/host/i2c-sim/ds1338_sim.h"
#include "ktap.h"

/* ---- the uptime the system clock counts from -------------------------------- */
/*
 * The kernel's uptime comes from the tick (kernel/time.c, not in the host
 * library); here the test moves it.
 */
static u64 test_uptime_ms = 5000;

u64 uptime_ms(void)
{
	return test_uptime_ms;
}

/* ---- a test controller: SBCON registers over the simulator --------------- */

static int64_t sim_now = 1700000000;   /* the simulated host clock */

struct sim_ctrl {
	struct i2c_sim sim;
	struct i2c_algo_bit_data bit;
	struct i2c_adapter adap;
};

static void ctrl_setsda(void *d, int state)
{
	i2c_sim_writel(&((struct sim_ctrl *)d)->sim, I2C_SIM_SDA, state ? 0 : 4);
}

static void ctrl_setscl(void *d, int state)
{
	i2c_sim_writel(&((struct sim_ctrl *)d)->sim, I2C_SIM_SCL, state ? 0 : 4);
}

static int ctrl_getsda(void *d)
{
	return !!(i2c_sim_readl(&((struct sim_ctrl *)d)->sim, 0) & I2C_SIM_SDA);
}

static int ctrl_getscl(void *d)
{
	return !!(i2c_sim_readl(&((struct sim_ctrl *)d)->sim, 0) & I2C_SIM_SCL);
}

static void ctrl_init(struct sim_ctrl *c)
{
	memset(c, 0, sizeof(*c));
	i2c_sim_init(&c->sim);
	/* As the versatile driver does: the latch starts low, release both. */
	i2c_sim_writel(&c->sim, I2C_SIM_SCL | I2C_SIM_SDA, 0);
	c->bit.data = c;
	c->bit.setsda = ctrl_setsda;
	c->bit.setscl = ctrl_setscl;
	c->bit.getsda = ctrl_getsda;
	c->bit.getscl = ctrl_getscl;
	c->bit.udelay = i2c_bit_udelay_for(100000);
	c->adap.algo_data = &c->bit;
}

static int ctrl_add(struct sim_ctrl *c, const char *path, const char *name)
{
	c->adap.dev.of_node = path ? of_find_node_by_path(path) : NULL;
	snprintf(c->adap.name, sizeof(c->adap.name), "%s", name);
	return i2c_bit_add_bus(&c->adap);
}

static void reset_counts(struct i2c_sim *s)
{
	s->starts = s->repeated_starts = s->stops = 0;
	s->addr_nacks = s->data_nacks = 0;
}

/* A target that ACKs its address and @nack_after data bytes, then NACKs. */
struct nacker {
	struct i2c_sim_target t;
	int bytes, nack_after;
};

static bool nacker_start(void *p, bool read)
{
	((struct nacker *)p)->bytes = 0;
	return true;
}

static bool nacker_send(void *p, uint8_t b)
{
	struct nacker *n = p;

	return n->bytes++ < n->nack_after;
}

/* ---- fixtures ------------------------------------------------------------ */

static struct sim_ctrl bus0, bad, bus2, bus3;
static struct ds1338_sim rtc68, rtc69;
static struct nacker nack20;
extern struct i2c_driver *const __host_i2c_driver_ds1307_driver;

static struct i2c_client *client_of(struct i2c_adapter *adap, u16 addr)
{
	struct i2c_client *c;

	for (c = adap->clients; c; c = c->next)
		if (c->addr == addr)
			return c;
	return NULL;
}

static int count_clients(struct i2c_adapter *adap)
{
	struct i2c_client *c;
	int n = 0;

	for (c = adap->clients; c; c = c->next)
		n++;
	return n;
}

/* 2024-02-29T23:59:58Z */
#define LEAP_EVE 1709251198LL

static time64_t tm_secs(int y, int mon, int d, int h, int mi, int s)
{
	struct rtc_time tm = {
		.tm_year = y - 1900, .tm_mon = mon - 1, .tm_mday = d,
		.tm_hour = h, .tm_min = mi, .tm_sec = s,
	};
	return rtc_tm_to_time64(&tm);
}

/* ---- tests: calendar --------------------------------------------------------- */

static void test_calendar(void)
{
	struct rtc_time tm;
	time64_t t;
	int wrong = 0;

	KUNIT_EXPECT_EQ_MSG(test, tm_secs(1970, 1, 1, 0, 0, 0), 0, "calendar: epoch is 0");
	KUNIT_EXPECT_EQ_MSG(test, tm_secs(2024, 2, 29, 23, 59, 58), LEAP_EVE, "calendar: 2024-02-29T23:59:58 in seconds");
	KUNIT_EXPECT_EQ_MSG(test, tm_secs(2000, 3, 1, 0, 0, 0) - tm_secs(2000, 2, 28, 0, 0, 0), 2 * 86400,
		 "calendar: 2000 is a leap year");
	KUNIT_EXPECT_EQ_MSG(test, tm_secs(2100, 3, 1, 0, 0, 0) - tm_secs(2100, 2, 28, 0, 0, 0), 86400,
		 "calendar: 2100 is not a leap year");
	KUNIT_EXPECT_EQ_MSG(test, rtc_month_days(1, 1900), 28, "calendar: February 1900 has 28 days");
	KUNIT_EXPECT_EQ_MSG(test, rtc_year_days(1, 2, 2024), 60, "calendar: 1 March 2024 is day 60 of a leap year");

	/* Every day for 300 years survives the round trip. */
	for (t = 0; t < 300LL * 366 * 86400 && !wrong; t += 86400 + 3671) {
		rtc_time64_to_tm(t, &tm);
		if (rtc_valid_tm(&tm) || rtc_tm_to_time64(&tm) != t)
			wrong = 1;
	}
	KUNIT_EXPECT_TRUE_MSG(test, !wrong, "calendar: time64 -> tm -> time64 round trip over 300 years");

	rtc_time64_to_tm(LEAP_EVE + 2, &tm);
	KUNIT_EXPECT_TRUE_MSG(test, tm.tm_year == 124 && tm.tm_mon == 2 && tm.tm_mday == 1 && tm.tm_hour == 0 &&
	      tm.tm_wday == 5, "calendar: two seconds later is Friday 2024-03-01 00:00:00");

	tm = (struct rtc_time){ .tm_year = 127, .tm_mon = 1, .tm_mday = 29 };
	KUNIT_EXPECT_EQ_MSG(test, rtc_valid_tm(&tm), -EINVAL, "calendar: 2027-02-29 is invalid");
	tm.tm_year = 128;
	KUNIT_EXPECT_EQ_MSG(test, rtc_valid_tm(&tm), 0, "calendar: 2028-02-29 is valid");
	tm = (struct rtc_time){ .tm_year = 124, .tm_mon = 3, .tm_mday = 31 };
	KUNIT_EXPECT_EQ_MSG(test, rtc_valid_tm(&tm), -EINVAL, "calendar: 31 April is invalid");
	tm = (struct rtc_time){ .tm_year = 124, .tm_mon = 0, .tm_mday = 1, .tm_sec = 60 };
	KUNIT_EXPECT_EQ_MSG(test, rtc_valid_tm(&tm), -EINVAL, "calendar: second 60 is invalid");
}

static void test_iso8601(void)
{
	struct rtc_time tm;
	char buf[24];

	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2027-01-01T00:00:00", &tm), 0, "iso8601: parse without Z");
	KUNIT_EXPECT_EQ_MSG(test, rtc_tm_to_time64(&tm), tm_secs(2027, 1, 1, 0, 0, 0), "iso8601: value");
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_wday, 5, "iso8601: weekday filled in (Friday)");
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2024-02-29T23:59:58Z", &tm), 0, "iso8601: parse with Z");
	rtc_format_iso8601(&tm, buf, sizeof(buf));
	KUNIT_EXPECT_TRUE_MSG(test, !strcmp(buf, "2024-02-29T23:59:58Z"), "iso8601: format round trip (%s)", buf);
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2027-02-30T00:00:00", &tm), -EINVAL, "iso8601: 30 February refused");
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2027-01-01T24:00:00", &tm), -EINVAL, "iso8601: hour 24 refused");
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2027-1-01T00:00:00", &tm), -EINVAL, "iso8601: one-digit month refused");
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2027-01-01 00:00:00", &tm), -EINVAL, "iso8601: space refused");
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2027-01-01T00:00:00ZZ", &tm), -EINVAL, "iso8601: trailing junk refused");
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("", &tm), -EINVAL, "iso8601: empty refused");
}

/* ---- tests: the bit-bang algorithm on bus 0 ---------------------------------- */

static void test_algo(void)
{
	struct i2c_adapter *a = &bus0.adap;
	struct i2c_sim *s = &bus0.sim;
	u8 wr[4] = { 0x10, 0xa5, 0x5a, 0xc3 }, rd[3] = { 0 }, reg = 0x10;
	struct i2c_msg msgs[2] = {
		{ .addr = 0x68, .flags = 0, .len = 1, .buf = &reg },
		{ .addr = 0x68, .flags = I2C_M_RD, .len = 3, .buf = rd },
	};
	struct i2c_msg w = { .addr = 0x68, .flags = 0, .len = 4, .buf = wr };
	int ret;

	reset_counts(s);
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, &w, 1), 1, "algo: write 4 bytes to NVRAM 0x10");
	KUNIT_EXPECT_TRUE_MSG(test, rtc68.regs[0x10] == 0xa5 && rtc68.regs[0x11] == 0x5a && rtc68.regs[0x12] == 0xc3,
	      "algo: the chip holds the bytes written");
	KUNIT_EXPECT_TRUE_MSG(test, s->starts == 1 && s->stops == 1 && s->repeated_starts == 0,
	      "algo: a write is one START and one STOP");

	reset_counts(s);
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, msgs, 2), 2, "algo: write pointer, repeated START, read 3");
	KUNIT_EXPECT_TRUE_MSG(test, rd[0] == 0xa5 && rd[1] == 0x5a && rd[2] == 0xc3, "algo: read back %02x %02x %02x",
	      rd[0], rd[1], rd[2]);
	KUNIT_EXPECT_TRUE_MSG(test, s->starts == 1 && s->repeated_starts == 1 && s->stops == 1,
	      "algo: combined transfer has one repeated START (%u/%u/%u)",
	      s->starts, s->repeated_starts, s->stops);

	reset_counts(s);
	w.addr = 0x50;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, &w, 1), -ENXIO, "algo: nobody at 0x50: address NACK is ENXIO");
	KUNIT_EXPECT_TRUE_MSG(test, s->addr_nacks == 1 && s->stops == 1, "algo: address NACK then STOP");
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, msgs, 2), 2, "algo: the bus works after a NACK");

	nack20.nack_after = 1;
	w.addr = 0x20;
	reset_counts(s);
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, &w, 1), -EIO, "algo: second data byte NACKed: EIO");
	KUNIT_EXPECT_TRUE_MSG(test, s->data_nacks == 1 && s->stops == 1, "algo: data NACK then STOP");
	nack20.nack_after = 4;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, &w, 1), 1, "algo: same target, all bytes ACKed");

	w.addr = 0x68;
	w.flags = I2C_M_TEN;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, &w, 1), -EOPNOTSUPP, "algo: 10-bit message refused: EOPNOTSUPP");
	w.flags = 0;
	w.addr = 0x80;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, &w, 1), -EINVAL, "algo: address 0x80 refused: EINVAL");
	msgs[1].len = 0;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, msgs, 2), -EINVAL, "algo: zero-length read refused: EINVAL");
	msgs[1].len = 3;

	/* A target stuck mid-byte for five clocks: nine clocks free it. */
	s->stuck_sda = 5;
	reset_counts(s);
	ret = i2c_transfer(a, msgs, 2);
	KUNIT_EXPECT_EQ_MSG(test, ret, 2, "algo: SDA held low for 5 clocks: recovered, transfer done");
	KUNIT_EXPECT_TRUE_MSG(test, s->stuck_sda == 0, "algo: recovery clocked the stuck target free");

	s->stuck_sda = -1;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, msgs, 2), -EBUSY, "algo: SDA stuck low for ever: EBUSY");
	s->stuck_sda = 0;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, msgs, 2), 2, "algo: works again once SDA is free");

	s->stuck_scl = true;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, msgs, 2), -EBUSY, "algo: SCL stuck low: EBUSY");
	s->stuck_scl = false;
	KUNIT_EXPECT_EQ_MSG(test, i2c_transfer(a, msgs, 2), 2, "algo: works again once SCL is free");
}

static void test_smbus_and_probe(void)
{
	struct i2c_adapter *a = &bus0.adap;
	struct i2c_client c = { .adapter = a, .addr = 0x68 };
	u8 buf[4], vals[3] = { 1, 2, 3 };
	unsigned caps;
	char b;

	KUNIT_EXPECT_EQ_MSG(test, i2c_smbus_write_byte_data(&c, 0x20, 0x77), 0, "smbus: write byte data");
	KUNIT_EXPECT_EQ_MSG(test, i2c_smbus_read_byte_data(&c, 0x20), 0x77, "smbus: read byte data");
	KUNIT_EXPECT_EQ_MSG(test, i2c_smbus_write_i2c_block_data(&c, 0x21, 3, vals), 0, "smbus: write block");
	KUNIT_EXPECT_EQ_MSG(test, i2c_smbus_read_i2c_block_data(&c, 0x21, 3, buf), 3, "smbus: read block");
	KUNIT_EXPECT_TRUE_MSG(test, buf[0] == 1 && buf[1] == 2 && buf[2] == 3, "smbus: block read back");
	KUNIT_EXPECT_EQ_MSG(test, i2c_smbus_read_i2c_block_data(&c, 0x21, 33, buf), -EINVAL, "smbus: 33-byte block refused");

	/* The pointer wraps 0x3f -> 0x00, and the wrap recaptures the time. */
	rtc68.regs[0x3e] = 0x3e;
	rtc68.regs[0x3f] = 0x3f;
	caps = rtc68.captures;
	KUNIT_EXPECT_EQ_MSG(test, i2c_smbus_read_i2c_block_data(&c, 0x3e, 4, buf), 4, "ds1338 sim: read across the wrap");
	KUNIT_EXPECT_TRUE_MSG(test, buf[0] == 0x3e && buf[1] == 0x3f && buf[2] == rtc68.regs[0] && buf[3] == rtc68.regs[1],
	      "ds1338 sim: 0x3e, 0x3f, then seconds and minutes");
	KUNIT_EXPECT_EQ_MSG(test, rtc68.captures - caps, 2, "ds1338 sim: captured at read START and at the wrap");

	/* i2cdetect's quick write leaves the register pointer alone. */
	KUNIT_EXPECT_EQ_MSG(test, i2c_master_send(&c, "\x30", 1), 1, "probe: pointer set to 0x30");
	rtc68.regs[0x30] = 0x42;
	KUNIT_EXPECT_EQ_MSG(test, i2c_probe_address(a, 0x68), 0, "probe: 0x68 answers a quick write");
	KUNIT_EXPECT_EQ_MSG(test, i2c_master_recv(&c, &b, 1), 1, "probe: current-address read");
	KUNIT_EXPECT_EQ_MSG(test, (u8)b, 0x42, "probe: pointer unchanged by the quick write");
	KUNIT_EXPECT_EQ_MSG(test, i2c_probe_address(a, 0x50), -ENXIO, "probe: 0x50 (read-byte range) empty: ENXIO");
	KUNIT_EXPECT_EQ_MSG(test, i2c_probe_address(a, 0x6c), -ENXIO, "probe: 0x6c empty: ENXIO");
}

/* ---- tests: clients from the tree ------------------------------------------ */

static void test_tree_clients(void)
{
	struct i2c_client *c;

	KUNIT_EXPECT_EQ_MSG(test, bus0.adap.nr, 0, "tree: alias i2c0 gives bus 0");
	KUNIT_EXPECT_EQ_MSG(test, bus2.adap.nr, 2, "tree: alias i2c2 gives bus 2");
	KUNIT_EXPECT_EQ_MSG(test, bus3.adap.nr, 3, "tree: a bus without alias gets 3 (above every alias)");
	KUNIT_EXPECT_EQ_MSG(test, bad.adap.nr, 4, "tree: the next one 4");
	KUNIT_EXPECT_TRUE_MSG(test, i2c_get_adapter(2) == &bus2.adap && i2c_get_adapter(1) == NULL,
	      "tree: i2c_get_adapter by number");

	KUNIT_EXPECT_EQ_MSG(test, count_clients(&bus0.adap), 4, "tree: bus 0 has 4 clients (the disabled node has none)");
	c = client_of(&bus0.adap, 0x68);
	KUNIT_EXPECT_TRUE_MSG(test, c && !strcmp(c->name, "ds1338") && !strcmp(dev_name(&c->dev), "0-0068"),
	      "tree: rtc@68 is client 0-0068 named ds1338");
	KUNIT_EXPECT_TRUE_MSG(test, client_of(&bus0.adap, 0x6a) == NULL, "tree: status = \"disabled\" makes no client");

	/* bad@2000: noreg, big@80, zero@0, ten@80000050 and dup are refused. */
	KUNIT_EXPECT_EQ_MSG(test, count_clients(&bad.adap), 1, "tree: of 6 bad-bus children only ok@50 came up");
	KUNIT_EXPECT_TRUE_MSG(test, client_of(&bad.adap, 0x50) != NULL, "tree: ok@50 is a client");

	/* The same rule for a client made by code, not by the tree, and for a
	 * transfer: its edges are the reserved blocks' edges. */
	KUNIT_EXPECT_EQ_MSG(test, i2c_check_7bit_addr_validity_strict(0x07), -EINVAL, "rule: 0x07 is reserved");
	KUNIT_EXPECT_EQ_MSG(test, i2c_check_7bit_addr_validity_strict(0x08), 0, "rule: 0x08 is a target address");
	KUNIT_EXPECT_EQ_MSG(test, i2c_check_7bit_addr_validity_strict(0x77), 0, "rule: 0x77 is a target address");
	KUNIT_EXPECT_EQ_MSG(test, i2c_check_7bit_addr_validity_strict(0x78), -EINVAL, "rule: 0x78 is reserved");
	KUNIT_EXPECT_EQ_MSG(test, i2c_check_7bit_addr_validity_strict(0x150), -EINVAL, "rule: 0x150 is not 7-bit");
	KUNIT_EXPECT_TRUE_MSG(test, PTR_ERR(i2c_new_client_device(&bad.adap, NULL, "x", 0x07)) == -EINVAL,
	      "new client at 0x07 (Hs-mode code): EINVAL");
	KUNIT_EXPECT_TRUE_MSG(test, PTR_ERR(i2c_new_client_device(&bad.adap, NULL, "x", 0x78)) == -EINVAL,
	      "new client at 0x78 (10-bit prefix): EINVAL");
	KUNIT_EXPECT_EQ_MSG(test, i2c_probe_address(&bad.adap, 0x78), -EINVAL, "no transfer to 0x78");
	KUNIT_EXPECT_TRUE_MSG(test, PTR_ERR(i2c_new_client_device(&bad.adap, NULL, "x", 0)) == -EINVAL,
	      "new client at 0x00 (general call): EINVAL");
	KUNIT_EXPECT_TRUE_MSG(test, PTR_ERR(i2c_new_client_device(&bad.adap, NULL, "x", 0x80)) == -EINVAL,
	      "new client at 0x80: EINVAL");
	KUNIT_EXPECT_TRUE_MSG(test, PTR_ERR(i2c_new_client_device(&bad.adap, NULL, "x", 0x50)) == -EBUSY,
	      "new client where ok@50 sits: EBUSY");
	KUNIT_EXPECT_EQ_MSG(test, count_clients(&bad.adap), 1, "refused clients leave the bus as it was");
}

/* ---- tests: the DS1338 driver --------------------------------------------- */

static void test_rtc_driver(void)
{
	struct i2c_client *c68 = client_of(&bus0.adap, 0x68), *c69 = client_of(&bus0.adap, 0x69);
	struct i2c_client *c6b = client_of(&bus0.adap, 0x6b), *c48 = client_of(&bus0.adap, 0x48);
	struct rtc_device *rtc0 = rtc_class_find(0), *rtc1 = rtc_class_find(1);
	struct rtc_time tm;
	time64_t before;

	KUNIT_EXPECT_TRUE_MSG(test, c68 && c68->dev.state == DEVICE_BOUND, "driver: 0-0068 bound");
	KUNIT_EXPECT_TRUE_MSG(test, c69 && c69->dev.state == DEVICE_BOUND, "driver: 0-0069 (dallas,ds1307) bound");
	KUNIT_EXPECT_TRUE_MSG(test, c6b && c6b->dev.state == DEVICE_FAILED && c6b->dev.probe_err == -ENXIO,
	      "driver: 0-006b (nothing answers) failed with ENXIO");
	KUNIT_EXPECT_TRUE_MSG(test, c48 && c48->dev.state == DEVICE_NO_DRIVER, "driver: 0-0048 has no driver");
	KUNIT_EXPECT_TRUE_MSG(test, c68 && c69 && i2c_get_match_data(c68) != i2c_get_match_data(c69) &&
	      i2c_get_match_data(c68) != NULL, "driver: .data picks a chip variant per compatible");
	KUNIT_EXPECT_TRUE_MSG(test, !rtc68.halted, "driver: the halted clock was started at probe");
	KUNIT_EXPECT_TRUE_MSG(test, rtc0 && rtc0->parent == &c68->dev && rtc1 && rtc1->parent == &c69->dev,
	      "driver: rtc0 is 0-0068, rtc1 is 0-0069");
	KUNIT_EXPECT_EQ_MSG(test, ktime_get_real_seconds(), ds1338_sim_time(&rtc68),
		 "driver: the first RTC set the system clock");
	test_uptime_ms += 61500;
	KUNIT_EXPECT_EQ_MSG(test, ktime_get_real_seconds(), ds1338_sim_time(&rtc68) + 61,
		 "driver: the system clock runs with the uptime");
	if (!rtc0 || !rtc1)
		return;

	ds1338_sim_set_time(&rtc68, LEAP_EVE);
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc0, &tm), 0, "read: ok");
	KUNIT_EXPECT_EQ_MSG(test, rtc_tm_to_time64(&tm), LEAP_EVE, "read: 2024-02-29T23:59:58");
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_wday, 4, "read: weekday Thursday");
	sim_now += 3;
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc0, &tm), 0, "read: three seconds later");
	KUNIT_EXPECT_TRUE_MSG(test, tm.tm_year == 124 && tm.tm_mon == 2 && tm.tm_mday == 1 && tm.tm_sec == 1,
	      "read: rolled over into 2024-03-01T00:00:01");

	/* Set 31 January from a February: day 1 first, or the chip rolls. */
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2027-01-31T12:34:56", &tm), 0, "set: parse");
	ds1338_sim_set_time(&rtc68, tm_secs(2024, 2, 10, 8, 0, 0));
	KUNIT_EXPECT_EQ_MSG(test, rtc_set_time(rtc0, &tm), 0, "set: 2027-01-31T12:34:56");
	KUNIT_EXPECT_EQ_MSG(test, ds1338_sim_time(&rtc68), tm_secs(2027, 1, 31, 12, 34, 56), "set: the chip holds it");
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc0, &tm), 0, "set: read back");
	KUNIT_EXPECT_EQ_MSG(test, rtc_tm_to_time64(&tm), tm_secs(2027, 1, 31, 12, 34, 56), "set: read back equal");
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_wday, 0, "set: weekday register is Sunday");

	before = ds1338_sim_time(&rtc68);
	tm = (struct rtc_time){ .tm_year = 127, .tm_mon = 1, .tm_mday = 30 };
	KUNIT_EXPECT_EQ_MSG(test, rtc_set_time(rtc0, &tm), -EINVAL, "set: 2027-02-30 refused: EINVAL");
	tm = (struct rtc_time){ .tm_year = 200, .tm_mon = 0, .tm_mday = 1 };
	KUNIT_EXPECT_EQ_MSG(test, rtc_set_time(rtc0, &tm), -EINVAL, "set: 2100 (beyond the chip's century) refused");
	tm = (struct rtc_time){ .tm_year = 99, .tm_mon = 0, .tm_mday = 1 };
	KUNIT_EXPECT_EQ_MSG(test, rtc_set_time(rtc0, &tm), -EINVAL, "set: 1999 refused");
	KUNIT_EXPECT_EQ_MSG(test, ds1338_sim_time(&rtc68), before, "set: the chip is unchanged after refusals");

	/* 12-hour mode written by someone else is read right. */
	ds1338_sim_set_time(&rtc68, tm_secs(2025, 6, 1, 15, 4, 5));
	ds1338_sim_set_12h(&rtc68, true);
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc0, &tm), 0, "12h: read");
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_hour, 15, "12h: 3 PM is hour 15");
	ds1338_sim_set_time(&rtc68, tm_secs(2025, 6, 1, 0, 30, 0));
	ds1338_sim_set_12h(&rtc68, true);
	rtc_read_time(rtc0, &tm);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_hour, 0, "12h: 12:30 AM is hour 0");
	ds1338_sim_set_time(&rtc68, tm_secs(2025, 6, 1, 12, 30, 0));
	ds1338_sim_set_12h(&rtc68, true);
	rtc_read_time(rtc0, &tm);
	KUNIT_EXPECT_EQ_MSG(test, tm.tm_hour, 12, "12h: 12:30 PM is hour 12");
	KUNIT_EXPECT_EQ_MSG(test, rtc_set_time(rtc0, &tm), 0, "12h: set");
	KUNIT_EXPECT_TRUE_MSG(test, !(rtc68.regs[2] & 0x40) && !rtc68.hour12, "12h: the driver writes 24-hour mode");

	/* Garbage in the time registers is refused, not believed. */
	ds1338_sim_set_time(&rtc68, tm_secs(2025, 6, 1, 12, 30, 0));
	ds1338_sim_corrupt(&rtc68, 5, 0x13);
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc0, &tm), -EINVAL, "read: month 13 in the chip: EINVAL");
	ds1338_sim_corrupt(&rtc68, 4, 0x3a);
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc0, &tm), -EINVAL, "read: day 0x3a (not BCD): EINVAL");

	/* Oscillator stop flag: the DS1338 has it, the DS1307 does not. */
	ds1338_sim_set_time(&rtc68, LEAP_EVE);
	ds1338_sim_set_osf(&rtc68);
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc0, &tm), -EINVAL, "osf: DS1338 with OSF set: time invalid");
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2026-12-03T05:42:10Z", &tm), 0, "osf: parse");
	KUNIT_EXPECT_EQ_MSG(test, rtc_set_time(rtc0, &tm), 0, "osf: set the time");
	KUNIT_EXPECT_TRUE_MSG(test, !(rtc68.regs[7] & 0x20), "osf: setting the time cleared OSF");
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc0, &tm), 0, "osf: time valid again");
	ds1338_sim_set_time(&rtc69, LEAP_EVE);
	rtc69.regs[7] = 0x20;            /* bit 5 means nothing on a DS1307 */
	KUNIT_EXPECT_EQ_MSG(test, rtc_read_time(rtc1, &tm), 0, "ds1307: control bit 5 is no OSF there");
	KUNIT_EXPECT_EQ_MSG(test, rtc_tm_to_time64(&tm), LEAP_EVE, "ds1307: reads its own time");

	/* A chip that ACKs the write and keeps its old time. */
	ds1338_sim_set_time(&rtc68, LEAP_EVE);
	rtc68.ignore_writes = true;
	KUNIT_EXPECT_EQ_MSG(test, rtc_parse_iso8601("2027-01-01T00:00:00", &tm), 0, "readback: parse");
	KUNIT_EXPECT_EQ_MSG(test, rtc_set_time(rtc0, &tm), -EIO, "readback: a chip that kept its time: EIO");
	KUNIT_EXPECT_EQ_MSG(test, ds1338_sim_time(&rtc68), LEAP_EVE, "readback: it did keep it");
	rtc68.ignore_writes = false;
	KUNIT_EXPECT_EQ_MSG(test, rtc_set_time(rtc0, &tm), 0, "readback: a working chip: 0");
}

/*
 * A bound client whose compatible changes (an overlay): unbound, named by
 * the new string, left without a driver when none matches; the old string
 * back binds the old driver again.
 */
static void test_compatible_change_rebinds(void)
{
	static char other[] = "ti,tmp105", back[] = "dallas,ds1307";
	static struct property to_other = { .name = "compatible", .value = other,
					    .length = sizeof(other) };
	static struct property to_back = { .name = "compatible", .value = back,
					   .length = sizeof(back) };
	struct device_node *np = of_find_node_by_path("/i2c@1000/rtc@69");
	struct i2c_client *c = client_of(&bus0.adap, 0x69);

	if (!np || !c || !c->dev.driver) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "rebind: rtc@69 is a bound client");
		return;
	}
	of_update_property(np, &to_other);
	KUNIT_EXPECT_TRUE_MSG(test, !c->dev.driver && c->dev.state == DEVICE_NO_DRIVER &&
			      !strcmp(c->name, "tmp105"),
			      "rebind: a compatible no driver has leaves it unbound, named tmp105");
	of_update_property(np, &to_back);
	KUNIT_EXPECT_TRUE_MSG(test, c->dev.driver && c->dev.state == DEVICE_BOUND &&
			      !strcmp(c->name, "ds1307"), "rebind: its old compatible binds it again");
	of_node_put(np);
}

/*
 * A node with no compatible is no client; given one (of_add_property()) it
 * becomes one and is probed; losing it (of_remove_property()) removes the
 * client, its driver's remove first.  A bound client given its compatible
 * back is bound again, its RTC back.
 */
static void test_compatible_gained_and_lost(void)
{
	static char sensor[] = "ti,tmp105";
	static struct property gained = { .name = "compatible", .value = sensor,
					  .length = sizeof(sensor) };
	struct device_node *np = of_find_node_by_path("/i2c@1000/sensor@4c");
	struct device_node *rtc = of_find_node_by_path("/i2c@1000/rtc@69");
	struct property *compat = of_find_property(rtc, "compatible", NULL);
	struct i2c_client *c;

	KUNIT_EXPECT_TRUE_MSG(test, np && !of_node_check_flag(np, OF_POPULATED) &&
			      !client_of(&bus0.adap, 0x4c), "gain: a node with no compatible is no client");
	KUNIT_EXPECT_EQ(test, of_add_property(np, &gained), 0);
	c = client_of(&bus0.adap, 0x4c);
	KUNIT_EXPECT_TRUE_MSG(test, c && !strcmp(c->name, "tmp105") && c->dev.of_node == np &&
			      c->dev.state == DEVICE_NO_DRIVER,
			      "gain: given a compatible it becomes a client, named and probed by it");
	KUNIT_EXPECT_EQ(test, of_remove_property(np, &gained), 0);
	KUNIT_EXPECT_TRUE_MSG(test, !client_of(&bus0.adap, 0x4c) && !of_node_check_flag(np, OF_POPULATED),
			      "lose: without its compatible it is no client again");

	KUNIT_EXPECT_EQ(test, of_remove_property(rtc, compat), 0);
	KUNIT_EXPECT_TRUE_MSG(test, !client_of(&bus0.adap, 0x69) && !rtc_class_find(1),
			      "lose: a bound client losing its compatible is removed, its RTC with it");
	KUNIT_EXPECT_EQ(test, of_add_property(rtc, compat), 0);
	c = client_of(&bus0.adap, 0x69);
	KUNIT_EXPECT_TRUE_MSG(test, c && c->dev.driver && !strcmp(c->name, "ds1307") && rtc_class_find(1),
			      "gain: given it back, it is a client bound again, its RTC back");
	of_node_put(rtc);
	of_node_put(np);
}

static void test_remove(void)
{
	struct i2c_driver *drv = __host_i2c_driver_ds1307_driver;

	i2c_del_driver(drv);
	KUNIT_EXPECT_TRUE_MSG(test, rtc_class_find(0) == NULL && rtc_class_find(1) == NULL,
	      "remove: unbinding the driver unregistered both RTCs");
	KUNIT_EXPECT_EQ_MSG(test, i2c_register_driver(drv), 0, "remove: register the driver again");
	KUNIT_EXPECT_TRUE_MSG(test, rtc_class_find(0) != NULL, "remove: rtc0 is back");
	i2c_del_adapter(&bus0.adap);
	KUNIT_EXPECT_TRUE_MSG(test, i2c_get_adapter(0) == NULL && rtc_class_find(0) == NULL,
	      "remove: deleting the adapter removed its clients and their RTCs");
}

/* Buses, simulated chips and the driver, in the order a boot makes them. */
static void setup(void)
{
	i2c_init();
	ctrl_init(&bus0);
	/* SBCON applies SCL before SDA: releasing both from low/low is a
	 * STOP, never a START that would address someone. */
	KUNIT_EXPECT_TRUE_MSG(test, bus0.sim.stops == 1 && bus0.sim.starts == 0,
	      "sbcon: SET 0x3 from the reset latch is a STOP (%u STOP, %u START)",
	      bus0.sim.stops, bus0.sim.starts);
	KUNIT_EXPECT_EQ_MSG(test, i2c_bit_udelay_for(100000), 5, "timing: 100 kHz is 5 us per half period");
	KUNIT_EXPECT_EQ_MSG(test, i2c_bit_udelay_for(400000), 2, "timing: 400 kHz rounds up to 2 us");
	KUNIT_EXPECT_EQ_MSG(test, i2c_bit_udelay_for(0), 5, "timing: no clock-frequency means 100 kHz");
	ds1338_sim_init(&rtc68, 0x68, &sim_now, false);
	ds1338_sim_init(&rtc69, 0x69, &sim_now, true);
	ds1338_sim_set_time(&rtc68, LEAP_EVE);
	ds1338_sim_set_time(&rtc69, LEAP_EVE + 100);
	ds1338_sim_halt(&rtc68);          /* the driver must start it */
	nack20.t.addr = 0x20;
	nack20.t.start = nacker_start;
	nack20.t.send = nacker_send;
	nack20.t.priv = &nack20;
	i2c_sim_add_target(&bus0.sim, &rtc68.target);
	i2c_sim_add_target(&bus0.sim, &rtc69.target);
	i2c_sim_add_target(&bus0.sim, &nack20.t);
	ctrl_init(&bus2);
	ctrl_init(&bus3);
	ctrl_init(&bad);

	KUNIT_EXPECT_TRUE_MSG(test, ctrl_add(&bus0, "/i2c@1000", "sim0") == 0, "bus0 added");
	KUNIT_EXPECT_TRUE_MSG(test, ctrl_add(&bus2, "/i2c@3000", "sim2") == 0, "bus2 added");
	KUNIT_EXPECT_TRUE_MSG(test, ctrl_add(&bus3, "/i2c@4000", "sim3") == 0, "bus3 added");
	KUNIT_EXPECT_TRUE_MSG(test, ctrl_add(&bad, "/bad@2000", "simbad") == 0, "bad bus added");
	KUNIT_EXPECT_EQ_MSG(test, i2c_register_driver(__host_i2c_driver_ds1307_driver), 0, "ds1338 driver registered");
}

int main(void)
{
	struct device_node *dup;
	struct property *reg;
	size_t size;
	void *blob = ktap_load("i2c.dtb", &size);

	if (!blob || of_fdt_unflatten(blob, size, NULL, 0)) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "unflatten i2c.dtb");
		return ktap_done();
	}
	/* dtc will not compile two siblings at one unit address: make the
	 * duplicate here, in the live tree. */
	dup = of_find_node_by_path("/bad@2000/dup@51");
	reg = dup ? of_find_property(dup, "reg", NULL) : NULL;
	if (!reg || reg->length != 4) {
		KUNIT_EXPECT_TRUE_MSG(test, 0, "i2c.dtb has /bad@2000/dup@51 with a one-cell reg");
		return ktap_done();
	}
	((u8 *)reg->value)[3] = 0x50;

	test_calendar();
	test_iso8601();
	setup();
	test_tree_clients();
	test_algo();
	test_smbus_and_probe();
	test_rtc_driver();
	test_compatible_change_rebinds();
	test_compatible_gained_and_lost();
	test_remove();
	return ktap_done();
}
