/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * coyote's small IPv4 stack (kernel/net/): Ethernet framing, ARP with a
 * cache, IPv4 without fragments, ICMP echo.  One address for the one
 * interface, from bootargs `ip=ADDR/LEN,gw=GW`, from `ifconfig`, or QEMU's
 * user-mode defaults.
 *
 * The pure parts (checksum, address parsing, the ARP cache) are portable
 * C in kernel/net/lib/inet.c, built for the host and unit-tested there.
 * Addresses are host-order u32 throughout (10.0.2.15 is 0x0a00020f).
 */
#ifndef _COYOTE_NET_H
#define _COYOTE_NET_H

#include <linux/netdevice.h>
#include <linux/types.h>
#include <linux/unaligned.h>

/* QEMU's user-mode network (slirp) as it comes without options. */
#define NET_DEFAULT_ADDR	0x0a00020f	/* 10.0.2.15 */
#define NET_DEFAULT_PREFIX	24
#define NET_DEFAULT_GW		0x0a000202	/* 10.0.2.2 */

struct ip_config {
	u32 addr;
	unsigned int prefix;	/* 0..32 */
	u32 gw;			/* 0: none */
};

static inline u32 inet_mask(unsigned int prefix)
{
	return prefix ? 0xffffffffu << (32 - prefix) : 0;
}

/**
 * ip_compute_csum() - the Internet checksum (RFC 1071) of @len bytes, as
 * a host-order value to store big-endian.  Over data that already holds
 * its checksum the result is 0.
 */
u16 ip_compute_csum(const void *buf, unsigned int len);

/**
 * in4_parse() - a dotted quad at @s ("10.0.2.15") into @addr.
 * Return: the number of characters used; -EINVAL when @s does not start
 * with four decimal numbers 0..255 separated by dots.
 */
int in4_parse(const char *s, u32 *addr);

/* "10.0.2.15" into @buf (at least 16 bytes); returns @buf. */
char *in4_format(u32 addr, char *buf);

/**
 * ip_config_parse() - "ADDR[/LEN][,gw=GW]" (the bootargs `ip=` value) into
 * @cfg; LEN defaults to 24 and the gateway to none.
 * Return: 0; -EINVAL for anything else (@cfg is then unchanged).
 */
int ip_config_parse(const char *s, struct ip_config *cfg);

/* ARP cache: a few entries, each valid ARP_TIMEOUT_MS after it was learnt. */
#define ARP_CACHE_SIZE	8
#define ARP_TIMEOUT_MS	60000

struct arp_entry {
	u32 ip;			/* 0: free */
	u8 mac[ETH_ALEN];
	u64 updated_ms;
};

struct arp_cache {
	struct arp_entry e[ARP_CACHE_SIZE];
};

/* The live entry for @ip at time @now_ms, or NULL (expired ones are freed). */
struct arp_entry *arp_cache_lookup(struct arp_cache *c, u32 ip, u64 now_ms);
/* Learn or refresh @ip → @mac; replaces the oldest entry when full. */
void arp_cache_update(struct arp_cache *c, u32 ip, const u8 *mac, u64 now_ms);
/* Free entries older than ARP_TIMEOUT_MS; returns how many went. */
int arp_cache_expire(struct arp_cache *c, u64 now_ms);

#endif
