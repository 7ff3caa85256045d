// SPDX-License-Identifier: BSD-2-Clause
/*
 * Host tests of the IPv4 stack's pure parts (kernel/net/lib/inet.c): the
 * Internet checksum against known headers, dotted-quad and `ip=` parsing,
 * and the ARP cache's learning, replacement and timeout.
 *
 * Prints KTAP; exits non-zero when a check fails.
 */
#include <string.h>

#include <linux/device.h>
#include <linux/errno.h>
#include <coyote/net.h>

#include "ktap.h"

static void test_checksum(void)
{
	/* An IPv4 header from RFC 1071's usual example (checksum 0xb861). */
	u8 hdr[20] = { 0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
		       0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7 };
	const u8 odd[3] = { 0x01, 0x02, 0x03 };
	const u8 zeros[4] = { 0 };

	KUNIT_EXPECT_EQ_MSG(test, ip_compute_csum(hdr, sizeof(hdr)), 0xb861, "IPv4 header checksum");
	put_unaligned_be16(0xb861, hdr + 10);
	KUNIT_EXPECT_EQ_MSG(test, ip_compute_csum(hdr, sizeof(hdr)), 0, "a header with its checksum sums to 0");
	hdr[15] ^= 1;
	KUNIT_EXPECT_TRUE_MSG(test, ip_compute_csum(hdr, sizeof(hdr)) != 0, "one flipped bit is noticed");
	/* Odd length: the last byte is the high half of a word. */
	KUNIT_EXPECT_EQ_MSG(test, ip_compute_csum(odd, 3), (u16)~(0x0102 + 0x0300), "odd length pads with zero");
	KUNIT_EXPECT_EQ_MSG(test, ip_compute_csum(zeros, 4), 0xffff, "all zeros");
	KUNIT_EXPECT_EQ_MSG(test, ip_compute_csum(NULL, 0), 0xffff, "empty");
	/* 0xffff + 0xffff + 0x0001 = 0x1ffff; one fold gives 0x10000, which
	 * needs a second fold to become 0x0001. */
	{
		const u8 carry[6] = { 0xff, 0xff, 0xff, 0xff, 0x00, 0x01 };

		KUNIT_EXPECT_EQ_MSG(test, ip_compute_csum(carry, sizeof(carry)), 0xfffe,
			  "a carry out of the first fold is folded again");
	}
}

/* Frame fields sit at any alignment: odd addresses, and nothing around them
 * is touched. */
static void test_unaligned(void)
{
	u8 buf[8] = { 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee };

	put_unaligned_be32(0x0a00020f, buf + 1);
	KUNIT_EXPECT_TRUE_MSG(test, buf[0] == 0xee && buf[1] == 0x0a && buf[2] == 0x00 && buf[3] == 0x02 &&
	      buf[4] == 0x0f && buf[5] == 0xee, "put_unaligned_be32 at an odd address");
	KUNIT_EXPECT_EQ_MSG(test, get_unaligned_be32(buf + 1), 0x0a00020f, "get_unaligned_be32 reads it back");
	put_unaligned_be16(0x0806, buf + 5);
	KUNIT_EXPECT_TRUE_MSG(test, buf[4] == 0x0f && buf[5] == 0x08 && buf[6] == 0x06 && buf[7] == 0xee,
	      "put_unaligned_be16 at an odd address");
	KUNIT_EXPECT_EQ_MSG(test, get_unaligned_be16(buf + 5), 0x0806, "get_unaligned_be16 reads it back");
	KUNIT_EXPECT_EQ_MSG(test, get_unaligned_be32(buf + 4), 0x0f0806ee, "bytes in network order");
}

/* A managed netdev is freed with the device's other resources, newest
 * first, and a probe that fails after taking it just returns. */
static void test_devm_netdev(void)
{
	struct device dev;
	struct net_device *nd;
	int *after;

	memset(&dev, 0, sizeof(dev));
	device_initialize(&dev);
	nd = devm_alloc_etherdev(&dev, 48);
	KUNIT_EXPECT_TRUE_MSG(test, nd && netdev_priv(nd) && ((unsigned long)netdev_priv(nd) & 7) == 0,
	      "devm_alloc_etherdev: a netdev, its state 8-byte aligned");
	KUNIT_EXPECT_TRUE_MSG(test, nd && nd->mtu == ETH_DATA_LEN, "devm_alloc_etherdev: Ethernet MTU");
	KUNIT_EXPECT_EQ_MSG(test, devres_count(&dev), 1, "devm_alloc_etherdev: one resource on the device");
	after = devm_kzalloc(&dev, sizeof(*after), GFP_KERNEL);
	KUNIT_EXPECT_TRUE_MSG(test, after != NULL, "a later resource");
	devres_release_all(&dev);
	KUNIT_EXPECT_EQ_MSG(test, devres_count(&dev), 0, "unbind frees the netdev with the rest");
}

static void test_in4(void)
{
	char buf[16];
	u32 a = 1;

	KUNIT_EXPECT_EQ_MSG(test, in4_parse("10.0.2.15", &a), 9, "10.0.2.15 is 9 characters");
	KUNIT_EXPECT_EQ_MSG(test, a, 0x0a00020f, "10.0.2.15");
	KUNIT_EXPECT_EQ_MSG(test, in4_parse("255.255.255.255/24", &a), 15, "stops at the slash");
	KUNIT_EXPECT_EQ_MSG(test, a, 0xffffffff, "255.255.255.255");
	a = 7;
	KUNIT_EXPECT_EQ_MSG(test, in4_parse("10.0.2", &a), -EINVAL, "three parts");
	KUNIT_EXPECT_EQ_MSG(test, in4_parse("10.0.2.256", &a), -EINVAL, "a part above 255");
	KUNIT_EXPECT_EQ_MSG(test, in4_parse("10..2.1", &a), -EINVAL, "empty part");
	KUNIT_EXPECT_EQ_MSG(test, in4_parse("10.0.2.0015", &a), -EINVAL, "four digits");
	KUNIT_EXPECT_EQ_MSG(test, in4_parse("", &a), -EINVAL, "empty");
	KUNIT_EXPECT_EQ_MSG(test, a, 7, "failures leave the address alone");
	KUNIT_EXPECT_STREQ_MSG(test, in4_format(0x0a00020f, buf), "10.0.2.15", "format 10.0.2.15");
	KUNIT_EXPECT_STREQ_MSG(test, in4_format(0xc0a800ff, buf), "192.168.0.255", "format 192.168.0.255");
	KUNIT_EXPECT_STREQ_MSG(test, in4_format(0, buf), "0.0.0.0", "format 0.0.0.0");
	KUNIT_EXPECT_EQ_MSG(test, inet_mask(24), 0xffffff00, "/24");
	KUNIT_EXPECT_EQ_MSG(test, inet_mask(0), 0, "/0");
	KUNIT_EXPECT_EQ_MSG(test, inet_mask(32), 0xffffffff, "/32");
}

static void test_ip_config(void)
{
	struct ip_config c = { .addr = 1, .prefix = 2, .gw = 3 };

	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("10.0.2.15/24,gw=10.0.2.2", &c), 0, "full form");
	KUNIT_EXPECT_TRUE_MSG(test, c.addr == 0x0a00020f && c.prefix == 24 && c.gw == 0x0a000202, "full form values");
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("192.168.1.9", &c), 0, "address only");
	KUNIT_EXPECT_TRUE_MSG(test, c.addr == 0xc0a80109 && c.prefix == 24 && c.gw == 0, "prefix 24, no gateway");
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("10.1.2.3/8", &c), 0, "with prefix");
	KUNIT_EXPECT_EQ_MSG(test, c.prefix, 8, "prefix 8");
	c.prefix = 99;
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("10.1.2.3/33", &c), -EINVAL, "prefix above 32");
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("10.1.2.3/", &c), -EINVAL, "empty prefix");
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("10.1.2.3/24,gw=10.0.2", &c), -EINVAL, "bad gateway");
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("10.1.2.3/24,dns=1.1.1.1", &c), -EINVAL, "unknown option");
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("10.1.2.3 ", &c), -EINVAL, "trailing space");
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("0.0.0.0/24", &c), -EINVAL, "0.0.0.0");
	KUNIT_EXPECT_EQ_MSG(test, ip_config_parse("dhcp", &c), -EINVAL, "dhcp is not supported");
	KUNIT_EXPECT_EQ_MSG(test, c.prefix, 99, "failures leave the config alone");
}

static void test_arp_cache(void)
{
	static const u8 m1[ETH_ALEN] = { 0x52, 0x55, 0x0a, 0x00, 0x02, 0x02 };
	static const u8 m2[ETH_ALEN] = { 0x02, 0, 0, 0, 0, 2 };
	struct arp_cache c;
	struct arp_entry *e;
	unsigned int i;

	memset(&c, 0, sizeof(c));
	KUNIT_EXPECT_TRUE_MSG(test, !arp_cache_lookup(&c, 0x0a000202, 0), "empty cache");
	arp_cache_update(&c, 0x0a000202, m1, 1000);
	e = arp_cache_lookup(&c, 0x0a000202, 1000 + ARP_TIMEOUT_MS - 1);
	KUNIT_EXPECT_TRUE_MSG(test, e && !memcmp(e->mac, m1, ETH_ALEN), "learnt, alive until the timeout");
	arp_cache_update(&c, 0x0a000202, m2, 2000);
	e = arp_cache_lookup(&c, 0x0a000202, 2000);
	KUNIT_EXPECT_TRUE_MSG(test, e && !memcmp(e->mac, m2, ETH_ALEN), "an update replaces the MAC");
	KUNIT_EXPECT_TRUE_MSG(test, !arp_cache_lookup(&c, 0x0a000202, 2000 + ARP_TIMEOUT_MS), "gone at the timeout");
	KUNIT_EXPECT_TRUE_MSG(test, !arp_cache_lookup(&c, 0x0a000202, 2000), "an expired entry was freed");

	/* Full: the oldest entry makes room. */
	for (i = 0; i < ARP_CACHE_SIZE; i++)
		arp_cache_update(&c, 0x0a000010 + i, m1, 5000 + i);
	arp_cache_update(&c, 0x0a0000ff, m2, 6000);
	KUNIT_EXPECT_TRUE_MSG(test, !arp_cache_lookup(&c, 0x0a000010, 6000), "the oldest went");
	KUNIT_EXPECT_TRUE_MSG(test, arp_cache_lookup(&c, 0x0a000011, 6000), "the second oldest stayed");
	KUNIT_EXPECT_TRUE_MSG(test, arp_cache_lookup(&c, 0x0a0000ff, 6000), "the new one is in");
	KUNIT_EXPECT_EQ_MSG(test, arp_cache_expire(&c, 5001 + ARP_TIMEOUT_MS), 1, "expire frees one (5001 + 5000 gone)");
	KUNIT_EXPECT_EQ_MSG(test, arp_cache_expire(&c, 6000 + ARP_TIMEOUT_MS), ARP_CACHE_SIZE - 1, "then the rest");
	arp_cache_update(&c, 0, m1, 0);
	KUNIT_EXPECT_TRUE_MSG(test, !arp_cache_lookup(&c, 0, 0), "0.0.0.0 is never learnt");
}

int main(void)
{
	test_checksum();
	test_unaligned();
	test_devm_netdev();
	test_in4();
	test_ip_config();
	test_arp_cache();
	return ktap_done();
}
