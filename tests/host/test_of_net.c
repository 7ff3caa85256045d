// SPDX-License-Identifier: BSD-2-Clause
/*
 * of/of_net.c: of_get_mac_address() takes "mac-address", then
 * "local-mac-address", then "address", skipping any that is not 6 bytes of
 * a unicast, non-zero address, and says -ENODEV when none is usable.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/of_net.h>

#include "ktap.h"

static const u8 untouched[6] = { 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };

/* The address @path gives ends in @last (02:00:00:00:00:@last); @warn, if
 * not NULL, is a warning the lookup must print on the way. */
static void mac_is(const char *path, u8 last, const char *warn)
{
	u8 want[6] = { 0x02, 0, 0, 0, 0, last }, got[6];
	const char *err;
	int ret;

	memcpy(got, untouched, sizeof(got));
	ktap_stderr_begin();
	ret = of_get_mac_address(of_find_node_by_path(path), got);
	err = ktap_stderr_end();
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s: found", path);
	KUNIT_EXPECT_TRUE_MSG(test, !memcmp(got, want, sizeof(want)), "%s: 02:00:00:00:00:%02x", path, last);
	if (warn)
		KUNIT_EXPECT_TRUE_MSG(test, strstr(err, warn) != NULL, "%s: warns \"%s\"", path, warn);
	else
		KUNIT_EXPECT_TRUE_MSG(test, !*err, "%s: no warning", path);
}

/* @path gives no usable address: -ENODEV, the buffer untouched. */
static void no_mac(const char *path)
{
	u8 got[6];

	memcpy(got, untouched, sizeof(got));
	KUNIT_EXPECT_EQ_MSG(test, of_get_mac_address(path ? of_find_node_by_path(path) : NULL, got), -ENODEV,
		  "%s: -ENODEV", path ? path : "NULL node");
	KUNIT_EXPECT_TRUE_MSG(test, !memcmp(got, untouched, sizeof(got)), "%s: buffer left alone",
	      path ? path : "NULL node");
}

int main(void)
{
	size_t size;
	void *blob = ktap_load("mac.dtb", &size);

	if (!blob)
		return ktap_done();
	KUNIT_EXPECT_EQ_MSG(test, of_fdt_unflatten(blob, size, NULL, 0), 0, "unflatten mac.dtb");

	/* each property on its own */
	mac_is("/mac-only", 1, NULL);
	mac_is("/local-only", 2, NULL);
	mac_is("/address-only", 3, NULL);
	/* precedence, whatever the order in the node */
	mac_is("/all-three", 1, NULL);
	mac_is("/local-and-address", 2, NULL);
	/* an unusable mac-address falls through to local-mac-address */
	mac_is("/multicast-mac", 2,
	       "of: /multicast-mac: mac-address 01:00:5e:00:00:01 is multicast: ignored");
	mac_is("/zero-mac", 2,
	       "of: /zero-mac: mac-address 00:00:00:00:00:00 is all zeros: ignored");
	mac_is("/short-mac", 2, "of: /short-mac: mac-address is 5 bytes, not 6: ignored");
	mac_is("/long-mac", 2, "of: /long-mac: mac-address is 7 bytes, not 6: ignored");
	/* and an unusable local-mac-address to "address" */
	mac_is("/broadcast-local", 3,
	       "of: /broadcast-local: local-mac-address ff:ff:ff:ff:ff:ff is multicast: ignored");
	/* none usable, none at all, no node */
	kunit_expect_begin(test, "of: /all-bad: address is 4 bytes, not 6: ignored");
	no_mac("/all-bad");
	kunit_expect_end(test);
	no_mac("/none");
	no_mac(NULL);
	free(blob);
	return ktap_done();
}
