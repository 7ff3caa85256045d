// SPDX-License-Identifier: BSD-2-Clause
/*
 * ARP, IPv4 and ICMP echo, enough to ping and to be pinged, and the shell
 * commands `ifconfig`, `arp` and `ping`.
 *
 * Received frames arrive in the driver's interrupt handler and are
 * answered there (ARP replies, echo replies).  The shell side (ping, ARP
 * requests) builds its frames with IRQs masked, so both share one
 * transmit buffer and the ARP cache without locks.
 */
#define pr_fmt(fmt) "net: " fmt

#include <linux/errno.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/irq.h>
#include <coyote/net.h>
#include <coyote/setup.h>
#include <coyote/shell.h>
#include <coyote/time.h>

#define ARP_HLEN	28
#define ARPOP_REQUEST	1
#define ARPOP_REPLY	2

#define IP_HLEN		20
#define IP_MF		0x2000
#define IP_OFFSET	0x1fff
#define IPPROTO_ICMP	1
#define IP_TTL		64

#define ICMP_HLEN	8
#define ICMP_ECHOREPLY	0
#define ICMP_ECHO	8

#define PING_ID		0xc07e
#define PING_DATA	56
#define PING_WAIT_MS	1000	/* -W: how long a reply may take */
#define PING_COUNT_MAX	100000
#define ARP_WAIT_MS	500
#define ARP_TRIES	3

static struct ip_config inet = {
	.addr = NET_DEFAULT_ADDR, .prefix = NET_DEFAULT_PREFIX, .gw = NET_DEFAULT_GW,
};
static struct arp_cache arp_cache;

/* Protocol counters, shown by `ifconfig`. */
static struct {
	unsigned long ip_in, ip_out, ip_hdr_errors, ip_frag_refused, ip_other;
	unsigned long icmp_in, icmp_out, icmp_errors;
	unsigned long arp_in, arp_out;
} stats;

/* The echo reply `ping` waits for, filled in by the IRQ handler. */
static volatile struct {
	u16 seq;		/* waiting for this one; 0: none */
	bool got;
	u8 ttl;
	u64 at_ns;		/* ktime_get_ns() when it arrived */
} ping_wait;

/* One frame being built; only touched with IRQs masked. */
static u8 tx_frame[ETH_FRAME_LEN];

static u64 now_ms(void)
{
	return uptime_ms();
}

/* ---- sending --------------------------------------------------------- */

/* Prepend the Ethernet header to @len bytes already at tx_frame + 14. */
static int eth_send(struct net_device *dev, const u8 *dst, u16 type, unsigned int len)
{
	struct sk_buff skb = { .dev = dev, .data = tx_frame, .len = ETH_HLEN + len };

	memcpy(tx_frame, dst, ETH_ALEN);
	memcpy(tx_frame + 6, dev->dev_addr, ETH_ALEN);
	put_unaligned_be16(type, tx_frame + 12);
	return dev_queue_xmit(&skb);
}

static int arp_send(struct net_device *dev, u16 op, const u8 *tha, u32 tip)
{
	static const u8 bcast[ETH_ALEN] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	u8 *a = tx_frame + ETH_HLEN;

	put_unaligned_be16(1, a);	/* Ethernet */
	put_unaligned_be16(ETH_P_IP, a + 2);
	a[4] = ETH_ALEN;
	a[5] = 4;
	put_unaligned_be16(op, a + 6);
	memcpy(a + 8, dev->dev_addr, ETH_ALEN);
	put_unaligned_be32(inet.addr, a + 14);
	if (tha)
		memcpy(a + 18, tha, ETH_ALEN);
	else
		memset(a + 18, 0, ETH_ALEN);
	put_unaligned_be32(tip, a + 24);
	stats.arp_out++;
	return eth_send(dev, op == ARPOP_REQUEST ? bcast : tha, ETH_P_ARP, ARP_HLEN);
}

static int ip_rcv(struct sk_buff *skb);

/*
 * A datagram to our own address never reaches the wire (the NIC would not
 * hear itself): it is received at once, as Linux's loopback does.  From a
 * copy, so the answer can be built in tx_frame; an echo's reply comes back
 * the same way, one level deeper.
 */
static int ip_loopback(struct net_device *dev, unsigned int len)
{
	static u8 lo_frame[ETH_FRAME_LEN];
	struct sk_buff skb = { .dev = dev, .data = lo_frame, .len = ETH_HLEN + len };

	memcpy(lo_frame, dev->dev_addr, ETH_ALEN);
	memcpy(lo_frame + 6, dev->dev_addr, ETH_ALEN);
	put_unaligned_be16(ETH_P_IP, lo_frame + 12);
	memcpy(lo_frame + ETH_HLEN, tx_frame + ETH_HLEN, len);
	ip_rcv(&skb);
	return 0;
}

/* IPv4 header in front of @len bytes at tx_frame + 14 + 20, then send. */
static int ip_send(struct net_device *dev, const u8 *dst_mac, u32 dst, u8 proto,
		   unsigned int len)
{
	static u16 ip_id;
	u8 *ip = tx_frame + ETH_HLEN;

	ip[0] = 0x45;
	ip[1] = 0;
	put_unaligned_be16((u16)(IP_HLEN + len), ip + 2);
	put_unaligned_be16(++ip_id, ip + 4);
	put_unaligned_be16(0x4000, ip + 6);	/* don't fragment */
	ip[8] = IP_TTL;
	ip[9] = proto;
	put_unaligned_be16(0, ip + 10);
	put_unaligned_be32(inet.addr, ip + 12);
	put_unaligned_be32(dst, ip + 16);
	put_unaligned_be16(ip_compute_csum(ip, IP_HLEN), ip + 10);
	stats.ip_out++;
	if (dst == inet.addr)
		return ip_loopback(dev, IP_HLEN + len);
	return eth_send(dev, dst_mac, ETH_P_IP, IP_HLEN + len);
}

/* ---- receiving (IRQ context) ----------------------------------------- */

static int arp_rcv(struct sk_buff *skb)
{
	const u8 *a = skb->data + ETH_HLEN;
	u32 sip, tip;
	u16 op;

	stats.arp_in++;
	if (skb->len < ETH_HLEN + ARP_HLEN || get_unaligned_be16(a) != 1 ||
	    get_unaligned_be16(a + 2) != ETH_P_IP || a[4] != ETH_ALEN || a[5] != 4) {
		skb->dev->stats.rx_dropped++;
		return -EINVAL;
	}
	op = get_unaligned_be16(a + 6);
	sip = get_unaligned_be32(a + 14);
	tip = get_unaligned_be32(a + 24);
	if (tip != inet.addr)
		return 0;
	arp_cache_update(&arp_cache, sip, a + 8, now_ms());
	if (op == ARPOP_REQUEST)
		arp_send(skb->dev, ARPOP_REPLY, a + 8, sip);
	return 0;
}

static int icmp_rcv(struct sk_buff *skb, const u8 *ip, unsigned int ihl, unsigned int tot)
{
	const u8 *icmp = ip + ihl;
	unsigned int len = tot - ihl;
	u8 *out = tx_frame + ETH_HLEN + IP_HLEN;

	stats.icmp_in++;
	if (len < ICMP_HLEN || ip_compute_csum(icmp, len)) {
		stats.icmp_errors++;
		return -EINVAL;
	}
	if (icmp[0] == ICMP_ECHO && len <= ETH_DATA_LEN - IP_HLEN) {
		memcpy(out, icmp, len);
		out[0] = ICMP_ECHOREPLY;
		put_unaligned_be16(0, out + 2);
		put_unaligned_be16(ip_compute_csum(out, len), out + 2);
		stats.icmp_out++;
		/* Back to the frame's sender: it is on our link. */
		return ip_send(skb->dev, skb->data + 6, get_unaligned_be32(ip + 12), IPPROTO_ICMP,
			       len);
	}
	if (icmp[0] == ICMP_ECHOREPLY && get_unaligned_be16(icmp + 4) == PING_ID &&
	    ping_wait.seq && get_unaligned_be16(icmp + 6) == ping_wait.seq && !ping_wait.got) {
		ping_wait.at_ns = ktime_get_ns();
		ping_wait.ttl = ip[8];
		ping_wait.got = true;
	}
	return 0;
}

static int ip_rcv(struct sk_buff *skb)
{
	const u8 *ip = skb->data + ETH_HLEN;
	unsigned int len = skb->len - ETH_HLEN, ihl, tot;

	stats.ip_in++;
	if (len < IP_HLEN || (ip[0] >> 4) != 4)
		goto bad;
	ihl = (ip[0] & 0xf) * 4u;
	tot = get_unaligned_be16(ip + 2);
	if (ihl < IP_HLEN || tot < ihl || tot > len || ip_compute_csum(ip, ihl))
		goto bad;
	if (get_unaligned_be16(ip + 6) & (IP_MF | IP_OFFSET)) {
		stats.ip_frag_refused++;	/* no reassembly here */
		return -EOPNOTSUPP;
	}
	if (get_unaligned_be32(ip + 16) != inet.addr || ip[9] != IPPROTO_ICMP) {
		stats.ip_other++;
		return -ENOENT;
	}
	return icmp_rcv(skb, ip, ihl, tot);
bad:
	stats.ip_hdr_errors++;	/* the frame was fine: not a device error */
	return -EINVAL;
}

static struct packet_type arp_packet_type = { .type = ETH_P_ARP, .func = arp_rcv };
static struct packet_type ip_packet_type = { .type = ETH_P_IP, .func = ip_rcv };

/* Before the drivers (device_initcall) open their interfaces. */
static int inet_init(void)
{
	dev_add_pack(&arp_packet_type);
	dev_add_pack(&ip_packet_type);
	return 0;
}
fs_initcall(inet_init);

/* ---- shell side ------------------------------------------------------ */

static bool on_link(u32 dst)
{
	u32 mask = inet_mask(inet.prefix);

	return (dst & mask) == (inet.addr & mask);
}

/* Wait until @done() or @ms pass or a Ctrl-C, asleep between interrupts. */
static bool wait_for(bool (*done)(void *), void *arg, unsigned int ms)
{
	unsigned long end = jiffies + msecs_to_jiffies(ms) + 1;

	while (!done(arg)) {
		if (!tick_source() || time_after_eq(jiffies, end) || intr_pending())
			return done(arg);
		cpu_do_idle();
	}
	return true;
}

static bool arp_known(void *ip)
{
	unsigned long flags;
	bool known;

	local_irq_save(flags);
	known = arp_cache_lookup(&arp_cache, *(u32 *)ip, now_ms()) != NULL;
	local_irq_restore(flags);
	return known;
}

/* The MAC of @ip's next hop into @mac: from the cache, else by asking. */
static int arp_resolve(struct net_device *dev, u32 ip, u8 *mac)
{
	u32 hop = on_link(ip) ? ip : inet.gw;
	struct arp_entry *e;
	unsigned long flags;
	int try, ret = 0;

	if (ip == inet.addr) {          /* ourselves: no need to ask */
		memcpy(mac, dev->dev_addr, ETH_ALEN);
		return 0;
	}
	if (!hop)
		return -ENETUNREACH;
	for (try = 0; try < ARP_TRIES; try++) {
		if (arp_known(&hop))
			break;
		local_irq_save(flags);
		ret = arp_send(dev, ARPOP_REQUEST, NULL, hop);
		local_irq_restore(flags);
		if (ret)
			return ret;
		if (wait_for(arp_known, &hop, ARP_WAIT_MS))
			break;
		if (intr_pending())
			return -EINTR;
	}
	local_irq_save(flags);
	e = arp_cache_lookup(&arp_cache, hop, now_ms());
	if (e)
		memcpy(mac, e->mac, ETH_ALEN);
	local_irq_restore(flags);
	return e ? 0 : -EHOSTUNREACH;
}

static int ping_send(struct net_device *dev, const u8 *mac, u32 dst, u16 seq)
{
	u8 *icmp = tx_frame + ETH_HLEN + IP_HLEN;
	unsigned long flags;
	unsigned int i;
	int ret;

	local_irq_save(flags);
	icmp[0] = ICMP_ECHO;
	icmp[1] = 0;
	put_unaligned_be16(0, icmp + 2);
	put_unaligned_be16(PING_ID, icmp + 4);
	put_unaligned_be16(seq, icmp + 6);
	for (i = 0; i < PING_DATA; i++)
		icmp[ICMP_HLEN + i] = (u8)i;
	put_unaligned_be16(ip_compute_csum(icmp, ICMP_HLEN + PING_DATA), icmp + 2);
	ping_wait.got = false;
	ping_wait.seq = seq;
	stats.icmp_out++;
	ret = ip_send(dev, mac, dst, IPPROTO_ICMP, ICMP_HLEN + PING_DATA);
	local_irq_restore(flags);
	return ret;
}

static bool ping_answered(void *unused)
{
	return ping_wait.got;
}

/* A count: 1..PING_COUNT_MAX. */
static int parse_count(const char *s, unsigned int *n)
{
	unsigned int v;

	if (kstrtouint(s, 10, &v) || !v || v > PING_COUNT_MAX)
		return -EINVAL;
	*n = v;
	return 0;
}

/* Seconds with up to three decimals ("0.2", "1", "0") into @ms, at most an hour. */
static int parse_seconds(const char *s, unsigned int *ms)
{
	unsigned int v = 0, frac = 0, scale = 1000;

	if (!*s || *s == '.')
		return -EINVAL;
	for (; *s && *s != '.'; s++) {
		if (*s < '0' || *s > '9' || v > 3600)
			return -EINVAL;
		v = v * 10 + (unsigned int)(*s - '0');
	}
	if (*s == '.' && !*++s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || scale == 1)
			return -EINVAL;
		scale /= 10;
		frac += (unsigned int)(*s - '0') * scale;
	}
	if (v > 3600 || (v == 3600 && frac))
		return -EINVAL;
	*ms = v * 1000 + frac;
	return 0;
}

static u64 isqrt64(u64 x)
{
	u64 r = 0, bit = 1ull << 62;

	while (bit > x)
		bit >>= 2;
	for (; bit; bit >>= 2) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
	}
	return r;
}

struct ping_opts {
	unsigned int count;		/* 0: until Ctrl-C */
	unsigned int interval_ms, timeout_ms;
	bool outstanding;		/* -O: say so when a reply is missing */
	u32 dst;
};

static int ping_parse(int argc, char **argv, struct ping_opts *o)
{
	int i;

	*o = (struct ping_opts){ .interval_ms = 1000, .timeout_ms = PING_WAIT_MS };
	for (i = 1; i < argc - 1; i++) {
		const char *opt = argv[i], *val = argv[i + 1];
		int ret;

		if (!strcmp(opt, "-O")) {
			o->outstanding = true;
			continue;
		}
		if (!strcmp(opt, "-c"))
			ret = parse_count(val, &o->count);
		else if (!strcmp(opt, "-i"))
			ret = parse_seconds(val, &o->interval_ms);
		else if (!strcmp(opt, "-W"))
			ret = parse_seconds(val, &o->timeout_ms) ?: (o->timeout_ms ? 0 : -EINVAL);
		else
			ret = -EINVAL;
		if (ret) {
			printf("ping: bad option or value: %s %s\n", opt, val);
			return ret;
		}
		i++;
	}
	if (i != argc - 1 || in4_parse(argv[i], &o->dst) != (int)strlen(argv[i]))
		return -EINVAL;
	return 0;
}

/* Sleep until @until_ns (ktime), or a Ctrl-C; false on Ctrl-C. */
static bool ping_pause(u64 until_ns)
{
	while (ktime_get_ns() < until_ns) {
		if (intr_pending())
			return false;
		cpu_do_idle();
	}
	return !intr_pending();
}

/*
 * As iputils' ping: one request per interval, each reply on a line, and at
 * the end (or at Ctrl-C) the statistics, with the mean deviation of the
 * round trips (mdev, the square root of the variance).
 */
static int cmd_ping(int argc, char **argv)
{
	struct net_device *dev = first_net_device();
	unsigned int sent = 0, got = 0, errors = 0, us, min = ~0u, max = 0, seq;
	u64 first = 0, end = 0, sum = 0, sum2 = 0;
	struct ping_opts o;
	char buf[16];
	u8 mac[ETH_ALEN];
	int ret;

	if (ping_parse(argc, argv, &o))
		return -EINVAL;
	if (!dev) {
		printf("ping: no network interface\n");
		return -ENODEV;
	}
	if (!tick_source()) {
		printf("ping: no tick: cannot time replies\n");
		return -ENODEV;
	}
	in4_format(o.dst, buf);
	ret = arp_resolve(dev, o.dst, mac);
	if (ret == -ENETUNREACH) {
		printf("ping: %s: off the link and no gateway: %s\n", buf, errname(ret));
		return ret;
	}
	if (ret) {
		printf("ping: %s: no ARP reply from the next hop: %s\n", buf, errname(ret));
		return ret;
	}
	printf("PING %s (%s) %d(%d) bytes of data.\n", buf, buf, PING_DATA,
	       IP_HLEN + ICMP_HLEN + PING_DATA);
	for (seq = 1; !o.count || seq <= o.count; seq++) {
		u64 start = ktime_get_ns();
		bool answered;

		if (seq == 1)
			first = start;
		ret = ping_send(dev, mac, o.dst, (u16)seq);
		end = start;
		if (ret) {
			printf("ping: sendmsg: %s\n", errname(ret));
			errors++;
		} else {
			sent++;
			answered = wait_for(ping_answered, NULL, o.timeout_ms);
			end = answered ? ping_wait.at_ns : ktime_get_ns();
			if (answered) {
				us = (unsigned int)((ping_wait.at_ns - start) / 1000);
				got++;
				sum += us;
				sum2 += (u64)us * us;
				min = min(min, us);
				max = max(max, us);
				printf("%d bytes from %s: icmp_seq=%u ttl=%u time=%u.%03u ms\n",
				       ICMP_HLEN + PING_DATA, buf, seq, ping_wait.ttl, us / 1000,
				       us % 1000);
			} else if (o.outstanding) {
				printf("no answer yet for icmp_seq=%u\n", seq);
			}
		}
		if (intr_pending() || (o.count && seq == o.count))
			break;
		if (!ping_pause(start + (u64)o.interval_ms * 1000000))
			break;
	}
	ping_wait.seq = 0;
	/* After a Ctrl-C its echo ended the line, as a terminal's does. */
	printf("%s--- %s ping statistics ---\n", intr_pending() ? "" : "\n", buf);
	printf("%u packets transmitted, %u received, ", sent, got);
	if (errors)
		printf("+%u errors, ", errors);
	printf("%u%% packet loss, time %ums\n", sent ? (sent - got) * 100 / sent : 0,
	       (unsigned int)((end - first) / 1000000));
	if (got) {
		u64 avg = sum / got;
		u64 var = sum2 / got - avg * avg;
		unsigned int mdev = (unsigned int)isqrt64(var);

		printf("rtt min/avg/max/mdev = %u.%03u/%u.%03u/%u.%03u/%u.%03u ms\n",
		       min / 1000, min % 1000, (unsigned int)avg / 1000, (unsigned int)avg % 1000,
		       max / 1000, max % 1000, mdev / 1000, mdev % 1000);
	}
	return got ? 0 : -ETIMEDOUT;
}
SHELL_COMMAND(ping, cmd_ping, "ping [-c COUNT] [-i SECONDS] [-W SECONDS] [-O] ADDR",
	      "ICMP echo, as iputils' ping: -i interval (0.2, 0 back to back), -W wait for a reply, -O report misses; Ctrl-C stops",
	      .topic = TOPIC_NETWORK,
	      .example = "ping -c 3 -i 0.2 10.0.2.2");

static int cmd_arp(int argc, char **argv)
{
	u64 now = now_ms();
	unsigned int i, n = 0;
	char buf[16];

	arp_cache_expire(&arp_cache, now);
	printf("%-16s %-18s %s\n", "address", "hwaddr", "age");
	for (i = 0; i < ARP_CACHE_SIZE; i++) {
		const struct arp_entry *e = &arp_cache.e[i];

		if (!e->ip)
			continue;
		printf("%-16s %pM  %lu s\n", in4_format(e->ip, buf), e->mac,
		       (unsigned long)((now - e->updated_ms) / 1000));
		n++;
	}
	printf("%u entries (each kept %u s)\n", n, ARP_TIMEOUT_MS / 1000);
	return 0;
}
SHELL_COMMAND(arp, cmd_arp, "arp", "the ARP cache",
	      .topic = TOPIC_NETWORK,
	      .example = "arp");

static void ifconfig_show(struct net_device *dev)
{
	const struct net_device_stats *s = &dev->stats;
	const u8 *a = dev->dev_addr;
	char ip[16], gw[16];

	printf("%s: HWaddr %pM %s\n", dev->name, a, dev->up ? "UP" : "DOWN");
	printf("    inet %s/%u gw %s\n", in4_format(inet.addr, ip), inet.prefix,
	       inet.gw ? in4_format(inet.gw, gw) : "none");
	printf("    RX packets %lu bytes %lu errors %lu dropped %lu (crc %lu length %lu frame %lu overrun %lu)\n",
	       s->rx_packets, s->rx_bytes, s->rx_errors, s->rx_dropped, s->rx_crc_errors,
	       s->rx_length_errors, s->rx_frame_errors, s->rx_over_errors);
	printf("    TX packets %lu bytes %lu errors %lu dropped %lu\n",
	       s->tx_packets, s->tx_bytes, s->tx_errors, s->tx_dropped);
	printf("    ip in %lu out %lu bad %lu fragments refused %lu not for us %lu\n",
	       stats.ip_in, stats.ip_out, stats.ip_hdr_errors, stats.ip_frag_refused,
	       stats.ip_other);
	printf("    icmp in %lu out %lu errors %lu; arp in %lu out %lu\n",
	       stats.icmp_in, stats.icmp_out, stats.icmp_errors, stats.arp_in, stats.arp_out);
}

static int cmd_ifconfig(int argc, char **argv)
{
	struct net_device *dev;
	struct ip_config c;
	char buf[48];

	if (argc == 1) {
		dev = first_net_device();
		if (!dev) {
			printf("no network interface\n");
			return 0;
		}
		ifconfig_show(dev);
		return 0;
	}
	dev = dev_get_by_name(argv[1]);
	if (!dev) {
		printf("ifconfig: %s: no such interface\n", argv[1]);
		return -ENODEV;
	}
	if (argc == 2) {
		ifconfig_show(dev);
		return 0;
	}
	if (argc != 3 && !(argc == 5 && !strcmp(argv[3], "gw")))
		return -EINVAL;
	snprintf(buf, sizeof(buf), "%s%s%s", argv[2], argc == 5 ? ",gw=" : "",
		 argc == 5 ? argv[4] : "");
	if (ip_config_parse(buf, &c))
		return -EINVAL;
	if (argc == 3)
		c.gw = inet.gw;		/* only the address changes */
	inet = c;
	memset(&arp_cache, 0, sizeof(arp_cache));
	ifconfig_show(dev);
	return 0;
}
SHELL_COMMAND(ifconfig, cmd_ifconfig, "ifconfig [IF [ADDR/LEN [gw GW]]]",
	      "show interfaces, or set the address",
	      .topic = TOPIC_NETWORK,
	      .example = "ifconfig eth0 10.0.2.15/24 gw 10.0.2.2");

/* bootargs `ip=ADDR/LEN,gw=GW`, else QEMU's user-mode network. */
static int inet_config_init(void)
{
	char arg[48], a[16], g[16];
	int ret = cmdline_find_option("ip", arg, sizeof(arg));

	if (ret >= 0 && ip_config_parse(arg, &inet)) {
		pr_err("ip=%s: not ADDR[/LEN][,gw=GW]: using the defaults\n", arg);
		ret = -EINVAL;
	}
	pr_info("inet %s/%u gw %s (%s)\n", in4_format(inet.addr, a), inet.prefix,
		inet.gw ? in4_format(inet.gw, g) : "none",
		ret >= 0 ? "from bootargs ip=" : "QEMU user-mode defaults");
	return 0;
}
late_initcall(inet_config_init);
