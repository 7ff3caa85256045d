// SPDX-License-Identifier: BSD-2-Clause
/*
 * QEMU's fw_cfg: named files QEMU hands the guest (`-fw_cfg
 * name=opt/...,file=PATH` or `,string=TEXT`), read through two registers
 * (QEMU's docs/specs/fw_cfg.rst).  Writing an item's 16-bit selector
 * (big-endian) to the selector register rewinds the data register to the
 * item's first byte; each read of the data register returns the next one.
 * Item 0 is the signature "QEMU"; item 0x19 the file directory: a
 * big-endian count, then per file its size, selector and 56-byte name.
 * The DMA interface is not used.  `fwcfg ls` lists the files and `fwcfg
 * cat NAME` prints one.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/shell.h>
#include <asm/io.h>

/* The MMIO binding (qemu,fw-cfg-mmio): data at +0, selector at +8. */
#define FW_CFG_DATA		0x00
#define FW_CFG_SELECTOR		0x08

#define FW_CFG_SIGNATURE	0x00
#define FW_CFG_FILE_DIR		0x19
#define FW_CFG_MAX_FILE_PATH	56
#define FW_CFG_CAT_MAX		4096	/* bytes `fwcfg cat` prints */

struct fw_cfg_file {		/* one directory entry, as QEMU lays it out */
	__be32 size;
	__be16 select;
	u16 reserved;
	char name[FW_CFG_MAX_FILE_PATH];
};

/* One fw_cfg device at a time: QEMU gives a machine one. */
static void __iomem *fw_cfg_base;

static void fw_cfg_select(void __iomem *base, u16 key)
{
	writew(cpu_to_be16(key), base + FW_CFG_SELECTOR);
}

static void fw_cfg_read(void __iomem *base, void *buf, size_t len)
{
	u8 *p = buf;

	while (len--)
		*p++ = readb(base + FW_CFG_DATA);
}

/* Each entry of the file directory, in order, until @fn returns non-zero. */
static int fw_cfg_for_each_file(int (*fn)(const struct fw_cfg_file *f, void *ctx), void *ctx)
{
	struct fw_cfg_file f;
	__be32 count;
	int ret = 0;

	fw_cfg_select(fw_cfg_base, FW_CFG_FILE_DIR);
	fw_cfg_read(fw_cfg_base, &count, sizeof(count));
	for (u32 i = 0, n = be32_to_cpu(count); i < n && !ret; i++) {
		fw_cfg_read(fw_cfg_base, &f, sizeof(f));
		f.name[FW_CFG_MAX_FILE_PATH - 1] = '\0';
		ret = fn(&f, ctx);
	}
	return ret;
}

static int fw_cfg_ls_one(const struct fw_cfg_file *f, void *ctx)
{
	printf("0x%04x  %8u  %s\n", be16_to_cpu(f->select), be32_to_cpu(f->size), f->name);
	return 0;
}

static int fw_cfg_find_one(const struct fw_cfg_file *f, void *ctx)
{
	struct fw_cfg_file *want = ctx;

	if (strcmp(f->name, want->name))
		return 0;
	*want = *f;
	return 1;
}

static bool is_text(const u8 *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((p[i] < 0x20 || p[i] >= 0x7f) && p[i] != '\n' && p[i] != '\t' && p[i] != '\r')
			return false;
	return true;
}

/* Text as it is; anything else as hex; at most FW_CFG_CAT_MAX bytes. */
static int fw_cfg_cat(const char *name)
{
	struct fw_cfg_file f = { 0 };
	size_t size, len;
	u8 *buf;

	if (strlen(name) >= FW_CFG_MAX_FILE_PATH) {
		printf("fwcfg: a name has at most %d characters\n", FW_CFG_MAX_FILE_PATH - 1);
		return -EINVAL;
	}
	memcpy(f.name, name, strlen(name) + 1);
	if (!fw_cfg_for_each_file(fw_cfg_find_one, &f)) {
		printf("fwcfg: no file %s (`fwcfg ls` lists them)\n", name);
		return -ENOENT;
	}
	size = be32_to_cpu(f.size);
	len = min(size, (size_t)FW_CFG_CAT_MAX);
	buf = kmalloc(len + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	fw_cfg_select(fw_cfg_base, be16_to_cpu(f.select));
	fw_cfg_read(fw_cfg_base, buf, len);
	if (is_text(buf, len)) {
		buf[len] = '\0';
		printf("%s%s", buf, len && buf[len - 1] != '\n' ? "\n" : "");
	} else {
		shell_hexdump(buf, len, 0);
	}
	if (len < size)
		printf("fwcfg: %zu of %zu bytes shown\n", len, size);
	kfree(buf);
	return 0;
}

static int cmd_fwcfg(int argc, char **argv)
{
	if (!fw_cfg_base) {
		printf("fwcfg: no fw_cfg device bound (a qemu,fw-cfg-mmio node: QEMU's virt)\n");
		return -ENODEV;
	}
	if (argc == 2 && !strcmp(argv[1], "ls")) {
		printf("%-6s  %8s  %s\n", "select", "size", "name");
		return fw_cfg_for_each_file(fw_cfg_ls_one, NULL);
	}
	if (argc == 3 && !strcmp(argv[1], "cat"))
		return fw_cfg_cat(argv[2]);
	return -EINVAL;
}
SHELL_COMMAND(fwcfg, cmd_fwcfg, "fwcfg ls | fwcfg cat NAME",
	      "QEMU's fw_cfg files (-fw_cfg name=opt/...): list them, print one",
	      .topic = TOPIC_DEVICES, .example = "fwcfg ls");

static int fw_cfg_probe(struct platform_device *pdev)
{
	void __iomem *base;
	char sig[4];
	__be32 count;

	if (fw_cfg_base)
		return dev_err_probe(&pdev->dev, -EBUSY, "a fw_cfg device is already bound");
	base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(base))
		return dev_err_probe(&pdev->dev, (int)PTR_ERR(base), "no registers");
	fw_cfg_select(base, FW_CFG_SIGNATURE);
	fw_cfg_read(base, sig, sizeof(sig));
	if (memcmp(sig, "QEMU", 4))
		return dev_err_probe(&pdev->dev, -ENODEV, "no \"QEMU\" signature");
	fw_cfg_select(base, FW_CFG_FILE_DIR);
	fw_cfg_read(base, &count, sizeof(count));
	dev_info(&pdev->dev, "QEMU fw_cfg, %u files\n", be32_to_cpu(count));
	fw_cfg_base = base;
	return 0;
}

static int fw_cfg_remove(struct platform_device *pdev)
{
	fw_cfg_base = NULL;
	return 0;
}

static const struct of_device_id fw_cfg_sysfs_mmio_match[] = {
	{ .compatible = "qemu,fw-cfg-mmio" },
	{ }
};

static struct platform_driver fw_cfg_sysfs_driver = {
	.probe = fw_cfg_probe,
	.remove = fw_cfg_remove,
	.driver = {
		.name = "fw_cfg",
		.of_match_table = fw_cfg_sysfs_mmio_match,
	},
};
module_platform_driver(fw_cfg_sysfs_driver);
