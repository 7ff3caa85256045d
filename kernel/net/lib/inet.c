// SPDX-License-Identifier: BSD-2-Clause
/*
 * The pure parts of the IPv4 stack: no device, no clock, no globals, so
 * the host unit tests (tests/host/test_net.c) run exactly this code.
 */
#include <linux/errno.h>
#include <linux/string.h>
#include <coyote/net.h>

u16 ip_compute_csum(const void *buf, unsigned int len)
{
	const u8 *p = buf;
	u32 sum = 0;

	for (; len > 1; p += 2, len -= 2)
		sum += get_unaligned_be16(p);
	if (len)
		sum += (u32)p[0] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

int in4_parse(const char *s, u32 *addr)
{
	const char *p = s;
	u32 a = 0;
	int part;

	for (part = 0; part < 4; part++) {
		unsigned int v = 0, digits = 0;

		if (part && *p++ != '.')
			return -EINVAL;
		while (*p >= '0' && *p <= '9' && digits < 4) {
			v = v * 10 + (unsigned int)(*p++ - '0');
			digits++;
		}
		if (!digits || digits > 3 || v > 255)
			return -EINVAL;
		a = a << 8 | v;
	}
	*addr = a;
	return (int)(p - s);
}

char *in4_format(u32 addr, char *buf)
{
	char *p = buf;
	int shift;

	for (shift = 24; shift >= 0; shift -= 8) {
		unsigned int v = (addr >> shift) & 0xff;

		if (v >= 100)
			*p++ = (char)('0' + v / 100);
		if (v >= 10)
			*p++ = (char)('0' + v / 10 % 10);
		*p++ = (char)('0' + v % 10);
		if (shift)
			*p++ = '.';
	}
	*p = '\0';
	return buf;
}

int ip_config_parse(const char *s, struct ip_config *cfg)
{
	struct ip_config c = { .prefix = 24 };
	int n = in4_parse(s, &c.addr);

	if (n < 0)
		return n;
	s += n;
	if (*s == '/') {
		unsigned int v = 0, digits = 0;

		for (s++; *s >= '0' && *s <= '9' && digits < 3; s++, digits++)
			v = v * 10 + (unsigned int)(*s - '0');
		if (!digits || v > 32)
			return -EINVAL;
		c.prefix = v;
	}
	if (!strncmp(s, ",gw=", 4)) {
		n = in4_parse(s + 4, &c.gw);
		if (n < 0)
			return n;
		s += 4 + n;
	}
	if (*s)
		return -EINVAL;
	if (!c.addr || c.addr == 0xffffffffu)
		return -EINVAL;
	*cfg = c;
	return 0;
}

static bool arp_entry_live(const struct arp_entry *e, u64 now_ms)
{
	return e->ip && now_ms - e->updated_ms < ARP_TIMEOUT_MS;
}

struct arp_entry *arp_cache_lookup(struct arp_cache *c, u32 ip, u64 now_ms)
{
	unsigned int i;

	for (i = 0; i < ARP_CACHE_SIZE; i++) {
		struct arp_entry *e = &c->e[i];

		if (!e->ip || e->ip != ip)
			continue;
		if (arp_entry_live(e, now_ms))
			return e;
		e->ip = 0;
	}
	return NULL;
}

void arp_cache_update(struct arp_cache *c, u32 ip, const u8 *mac, u64 now_ms)
{
	struct arp_entry *slot = NULL;
	unsigned int i;

	if (!ip)
		return;
	for (i = 0; i < ARP_CACHE_SIZE; i++) {
		struct arp_entry *e = &c->e[i];

		if (e->ip == ip) {
			slot = e;
			break;
		}
		if (!slot || (slot->ip && (!e->ip || e->updated_ms < slot->updated_ms)))
			slot = e;
	}
	slot->ip = ip;
	memcpy(slot->mac, mac, ETH_ALEN);
	slot->updated_ms = now_ms;
}

int arp_cache_expire(struct arp_cache *c, u64 now_ms)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < ARP_CACHE_SIZE; i++) {
		if (c->e[i].ip && !arp_entry_live(&c->e[i], now_ms)) {
			c->e[i].ip = 0;
			n++;
		}
	}
	return n;
}
