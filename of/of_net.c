// SPDX-License-Identifier: BSD-2-Clause
/*
 * The station address a network device's node gives, by Linux's rule
 * (drivers/of/of_net.c, now net/core/of_net.c): three properties in order,
 * the first that holds a usable address wins.  Every driver asks here, so
 * two drivers never disagree about what a tree means.
 */
#define pr_fmt(fmt) "of: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/of.h>
#include <linux/of_net.h>
#include <linux/printk.h>
#include <linux/string.h>

/*
 * "mac-address" is what firmware last used, "local-mac-address" the
 * address assigned to the interface, "address" an obsolete spelling some
 * old trees use.  Firmware that did not fill one in leaves zeros there,
 * so an unusable entry means "look at the next", not "no address".
 */
static const char *const mac_props[] = { "mac-address", "local-mac-address", "address" };

/* @name's address when it is six bytes of a unicast, non-zero address. */
static int of_get_mac_addr(struct device_node *np, const char *name, u8 *addr)
{
	struct property *pp = of_find_property(np, name, NULL);
	const u8 *a;

	if (!pp)
		return -ENODEV;
	a = pp->value;
	if (pp->length != ETH_ALEN) {
		pr_warn("%pOF: %s is %d bytes, not %d: ignored\n", np, name, pp->length, ETH_ALEN);
		return -ENODEV;
	}
	if (!is_valid_ether_addr(a)) {
		pr_warn("%pOF: %s %pM is %s: ignored\n", np, name, a,
			is_zero_ether_addr(a) ? "all zeros" : "multicast");
		return -ENODEV;
	}
	memcpy(addr, a, ETH_ALEN);
	return 0;
}

/**
 * of_get_mac_address() - the station address @np gives, copied to @addr
 * (ETH_ALEN bytes): "mac-address", else "local-mac-address", else
 * "address", each used only when it is 6 bytes long and a valid unicast,
 * non-zero address (a property that is not is skipped, with a warning).
 * Linux would then try an nvmem cell; coyote has no nvmem.
 * Return: 0; -ENODEV when @np is NULL or none of the three holds a usable
 * address (@addr is then left alone).
 */
int of_get_mac_address(struct device_node *np, u8 *addr)
{
	size_t i;

	if (!np)
		return -ENODEV;
	for (i = 0; i < ARRAY_SIZE(mac_props); i++)
		if (!of_get_mac_addr(np, mac_props[i], addr))
			return 0;
	return -ENODEV;
}
EXPORT_SYMBOL(of_get_mac_address);
