// SPDX-License-Identifier: BSD-2-Clause
/*
 * The hardware RNG core: sources register (virtio-rng), the first one
 * registered is current, and `rng [N]` prints N bytes from it.
 */
#define pr_fmt(fmt) "hwrng: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/hw_random.h>
#include <linux/kstrtox.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <coyote/shell.h>

#define RNG_DEFAULT_BYTES	16
#define RNG_MAX_BYTES		4096

static LIST_HEAD(rng_list);

static struct hwrng *current_rng(void)
{
	return list_empty(&rng_list) ? NULL : list_first_entry(&rng_list, struct hwrng, list);
}

int hwrng_register(struct hwrng *rng)
{
	struct hwrng *r;

	if (!rng->name || !rng->read)
		return -EINVAL;
	list_for_each_entry(r, &rng_list, list)
		if (!strcmp(r->name, rng->name))
			return -EEXIST;
	list_add_tail(&rng->list, &rng_list);
	pr_info("%s registered%s\n", rng->name, current_rng() == rng ? " (current)" : "");
	return 0;
}
EXPORT_SYMBOL(hwrng_register);

void hwrng_unregister(struct hwrng *rng)
{
	list_del(&rng->list);
	pr_info("%s unregistered\n", rng->name);
}
EXPORT_SYMBOL(hwrng_unregister);

int hwrng_read_bytes(void *buf, size_t len)
{
	struct hwrng *rng = current_rng();
	u8 *p = buf;

	if (!rng)
		return -ENODEV;
	while (len) {
		int n = rng->read(rng, p, len, true);

		if (n < 0)
			return n;
		if (!n)
			return -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}
EXPORT_SYMBOL(hwrng_read_bytes);

static int cmd_rng(int argc, char **argv)
{
	static u8 buf[RNG_MAX_BYTES];
	unsigned long n = RNG_DEFAULT_BYTES;
	int ret;

	if (argc > 2)
		return -EINVAL;
	if (argc == 2 && (kstrtoul(argv[1], 0, &n) || !n || n > RNG_MAX_BYTES)) {
		printf("rng: N is a byte count from 1 to %d\n", RNG_MAX_BYTES);
		return -EINVAL;
	}
	ret = hwrng_read_bytes(buf, n);
	if (ret == -ENODEV) {
		printf("rng: no hardware RNG (QEMU: -device virtio-rng-device)\n");
		return ret;
	}
	if (ret) {
		printf("rng: %s: %s\n", current_rng()->name, errname(ret));
		return ret;
	}
	for (unsigned long i = 0; i < n; i++)
		printf("%02x%s", buf[i], (i % 32 == 31 || i + 1 == n) ? "\n" : "");
	return 0;
}
SHELL_COMMAND(rng, cmd_rng, "rng [N]", "N random bytes (default 16) from the hardware RNG, in hex",
	      .topic = TOPIC_DEVICES, .example = "rng 32");
