// SPDX-License-Identifier: BSD-2-Clause
/*
 * Raspberry Pi firmware (`raspberrypi,bcm2835-firmware`): the VideoCore
 * answers "property" requests sent through the mailbox its `mboxes` names,
 * on VideoCore channel 8.  A request is a buffer in RAM, 16-byte aligned:
 * its size, a request code, then tags (id, value buffer size, request /
 * response code, the value buffer), then an end tag; the mailbox carries
 * its bus address.  The VideoCore sees RAM through the bus the firmware
 * node sits on: its `dma-ranges` (0xc0000000 for the ARM's RAM on the
 * BCM2836, the uncached alias) give the address.  The firmware rewrites
 * the buffer in place with its answers.
 *
 * A request waits for the answer by polling the mailbox with IRQs masked
 * (probes run before IRQs are on), at most RPI_FIRMWARE_TIMEOUT_MS: a
 * firmware that does not answer is an error, never a hang.
 *
 * `firmware` shows what the firmware says about the board.
 */
#include <linux/errno.h>
#include <linux/irqflags.h>
#include <linux/mailbox_client.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/barrier.h>
#include <coyote/shell.h>
#include <coyote/time.h>
#include <soc/bcm2835/raspberrypi-firmware.h>

#define MBOX_CHAN_PROPERTY	8
#define MBOX_MSG(chan, data28)	(((data28) & ~0xfu) | ((chan) & 0xfu))
#define RPI_FIRMWARE_TIMEOUT_MS	100
/* Without a clocksource ktime stands still: a bound on the polls too. */
#define RPI_FIRMWARE_MAX_POLLS	2000000
#define RPI_FIRMWARE_BUF_SIZE	256	/* bytes, tags included */
#define RPI_TAG_RESPONSE	(1u << 31)

struct rpi_firmware {
	struct device *dev;
	struct mbox_client cl;
	struct mbox_chan *chan;
	u32 *buf;			/* RPI_FIRMWARE_BUF_SIZE, 16-byte aligned */
	void *buf_alloc;
	u32 bus_addr;			/* of buf, as the VideoCore sees it */
	volatile bool answered;
	u32 answer;
};

static struct rpi_firmware *the_firmware;

static void rpi_firmware_rx(struct mbox_client *cl, void *mssg)
{
	struct rpi_firmware *fw = container_of(cl, struct rpi_firmware, cl);

	fw->answer = *(u32 *)mssg;
	fw->answered = true;
}

/* Send the buffer on channel 8 and wait for the VideoCore to hand it back. */
static int rpi_firmware_transaction(struct rpi_firmware *fw)
{
	u32 msg = MBOX_MSG(MBOX_CHAN_PROPERTY, fw->bus_addr);
	u64 deadline = ktime_get_ns() + RPI_FIRMWARE_TIMEOUT_MS * 1000000ull;
	unsigned long flags;
	int ret;

	fw->answered = false;
	mb();
	ret = mbox_send_message(fw->chan, &msg);
	if (ret)
		return ret;
	for (unsigned int polls = 0;; polls++) {
		local_irq_save(flags);
		mbox_client_peek_data(fw->chan);
		local_irq_restore(flags);
		if (fw->answered && fw->answer == msg)
			break;
		fw->answered = false;	/* a word for another channel */
		if (ktime_get_ns() > deadline || polls >= RPI_FIRMWARE_MAX_POLLS) {
			dev_err(fw->dev, "the mailbox did not answer in %d ms (ETIMEDOUT)\n",
				RPI_FIRMWARE_TIMEOUT_MS);
			return -ETIMEDOUT;
		}
	}
	mb();
	return 0;
}

int rpi_firmware_property(struct rpi_firmware *fw, u32 tag, void *data, size_t len)
{
	size_t words = (len + 3) / 4;
	u32 *buf;
	int ret;

	if (!fw || !data || 6 * 4 + words * 4 > RPI_FIRMWARE_BUF_SIZE)
		return -EINVAL;
	buf = fw->buf;
	memset(buf, 0, RPI_FIRMWARE_BUF_SIZE);
	buf[0] = (u32)(6 + words) * 4;
	buf[1] = RPI_FIRMWARE_STATUS_REQUEST;
	buf[2] = tag;
	buf[3] = (u32)words * 4;
	buf[4] = 0;
	memcpy(&buf[5], data, len);
	buf[5 + words] = RPI_FIRMWARE_PROPERTY_END;
	ret = rpi_firmware_transaction(fw);
	if (ret)
		return ret;
	if (buf[1] != RPI_FIRMWARE_STATUS_SUCCESS || !(buf[4] & RPI_TAG_RESPONSE)) {
		dev_err(fw->dev, "request %08x refused (status %08x, tag code %08x)\n",
			(unsigned int)tag, (unsigned int)buf[1], (unsigned int)buf[4]);
		return -EIO;
	}
	memcpy(data, &buf[5], len);
	return (buf[4] & ~RPI_TAG_RESPONSE) > len ? -EOVERFLOW : 0;
}

struct rpi_firmware *rpi_firmware_get(struct device_node *firmware_node)
{
	struct rpi_firmware *fw = the_firmware;

	return fw && fw->dev->of_node == firmware_node ? fw : NULL;
}

/*
 * @phys as the firmware's bus sees it: through the parent bus's
 * `dma-ranges` (none: the same address).  Return: 0, or -EINVAL when no
 * entry covers it or it lands above 4 GiB.
 */
static int rpi_firmware_bus_addr(struct device *dev, u64 phys, u32 *bus)
{
	struct device_node *parent = of_get_parent(dev->of_node);
	struct of_range_parser parser;
	struct of_range range;
	int ret = -EINVAL;

	if (!parent || of_pci_dma_range_parser_init(&parser, parent)) {
		of_node_put(parent);
		*bus = (u32)phys;
		return phys >> 32 ? -EINVAL : 0;
	}
	for_each_of_range(&parser, &range) {
		if (range.cpu_addr != OF_BAD_ADDR && phys >= range.cpu_addr &&
		    phys - range.cpu_addr < range.size &&
		    !((range.bus_addr + (phys - range.cpu_addr)) >> 32)) {
			*bus = (u32)(range.bus_addr + (phys - range.cpu_addr));
			ret = 0;
			break;
		}
	}
	of_node_put(parent);
	return ret;
}

static int rpi_firmware_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct rpi_firmware *fw;
	u32 rev = 0;
	int ret;

	if (the_firmware)
		return dev_err_probe(dev, -EBUSY, "a second firmware node");
	fw = devm_kzalloc(dev, sizeof(*fw), GFP_KERNEL);
	if (!fw)
		return -ENOMEM;
	fw->dev = dev;
	fw->buf_alloc = devm_kzalloc(dev, RPI_FIRMWARE_BUF_SIZE + 15, GFP_KERNEL);
	if (!fw->buf_alloc)
		return -ENOMEM;
	fw->buf = (u32 *)(((uintptr_t)fw->buf_alloc + 15) & ~(uintptr_t)15);
	/* The kernel's RAM is mapped at its physical address. */
	ret = rpi_firmware_bus_addr(dev, (uintptr_t)fw->buf, &fw->bus_addr);
	if (ret)
		return dev_err_probe(dev, ret, "no dma-ranges entry covers the buffer at %p",
				     fw->buf);
	fw->cl.dev = dev;
	fw->cl.rx_callback = rpi_firmware_rx;
	fw->chan = mbox_request_channel(&fw->cl, 0);
	if (IS_ERR(fw->chan))
		return dev_err_probe(dev, (int)PTR_ERR(fw->chan), "no mailbox (mboxes)");
	ret = rpi_firmware_property(fw, RPI_FIRMWARE_GET_FIRMWARE_REVISION, &rev, sizeof(rev));
	if (ret) {
		mbox_free_channel(fw->chan);
		return dev_err_probe(dev, ret, "the firmware did not answer its revision");
	}
	platform_set_drvdata(pdev, fw);
	the_firmware = fw;
	dev_info(dev, "firmware revision %u, buffer at bus address %08x\n", (unsigned int)rev,
		 (unsigned int)fw->bus_addr);
	return 0;
}

static int rpi_firmware_remove(struct platform_device *pdev)
{
	struct rpi_firmware *fw = platform_get_drvdata(pdev);

	the_firmware = NULL;
	mbox_free_channel(fw->chan);
	return 0;
}

static const struct of_device_id rpi_firmware_of_match[] = {
	{ .compatible = "raspberrypi,bcm2835-firmware" },
	{ }
};

static struct platform_driver rpi_firmware_driver = {
	.probe = rpi_firmware_probe,
	.remove = rpi_firmware_remove,
	.driver = {
		.name = "raspberrypi-firmware",
		.of_match_table = rpi_firmware_of_match,
	},
};
module_platform_driver(rpi_firmware_driver);

static const char *const rpi_clk_names[RPI_FIRMWARE_NUM_CLK_ID] = {
	[RPI_FIRMWARE_EMMC_CLK_ID] = "emmc", [RPI_FIRMWARE_UART_CLK_ID] = "uart",
	[RPI_FIRMWARE_ARM_CLK_ID] = "arm", [RPI_FIRMWARE_CORE_CLK_ID] = "core",
	[RPI_FIRMWARE_V3D_CLK_ID] = "v3d", [RPI_FIRMWARE_H264_CLK_ID] = "h264",
	[RPI_FIRMWARE_ISP_CLK_ID] = "isp", [RPI_FIRMWARE_SDRAM_CLK_ID] = "sdram",
	[RPI_FIRMWARE_PIXEL_CLK_ID] = "pixel", [RPI_FIRMWARE_PWM_CLK_ID] = "pwm",
};

/* One line: what @tag answers into @v, or why it did not. */
static int firmware_show(struct rpi_firmware *fw, const char *what, u32 tag, u32 *v,
			 size_t len)
{
	int ret = rpi_firmware_property(fw, tag, v, len);

	if (ret)
		printf("%-16s %s\n", what, errname(ret));
	return ret;
}

static int cmd_firmware(int argc, char **argv)
{
	struct rpi_firmware *fw = the_firmware;
	u32 v[2];
	u8 mac[8];
	int err = 0;

	if (argc > 1) {
		printf("usage: firmware\n");
		return -EINVAL;
	}
	if (!fw) {
		printf("firmware: no Raspberry Pi firmware bound (ENODEV)\n");
		return -ENODEV;
	}
	v[0] = 0;
	if (!(err |= firmware_show(fw, "revision", RPI_FIRMWARE_GET_FIRMWARE_REVISION, v, 4)))
		printf("%-16s %u\n", "revision", (unsigned int)v[0]);
	v[0] = 0;
	if (!(err |= firmware_show(fw, "board model", RPI_FIRMWARE_GET_BOARD_MODEL, v, 4)))
		printf("%-16s 0x%08x\n", "board model", (unsigned int)v[0]);
	v[0] = 0;
	if (!(err |= firmware_show(fw, "board revision", RPI_FIRMWARE_GET_BOARD_REVISION, v, 4)))
		printf("%-16s 0x%08x\n", "board revision", (unsigned int)v[0]);
	v[0] = v[1] = 0;
	if (!(err |= firmware_show(fw, "serial", RPI_FIRMWARE_GET_BOARD_SERIAL, v, 8)))
		printf("%-16s 0x%08x%08x\n", "serial", (unsigned int)v[1], (unsigned int)v[0]);
	memset(mac, 0, sizeof(mac));
	if (!(err |= firmware_show(fw, "MAC", RPI_FIRMWARE_GET_BOARD_MAC_ADDRESS, (u32 *)mac, 8)))
		printf("%-16s %02x:%02x:%02x:%02x:%02x:%02x\n", "MAC", mac[0], mac[1], mac[2],
		       mac[3], mac[4], mac[5]);
	v[0] = v[1] = 0;
	if (!(err |= firmware_show(fw, "ARM memory", RPI_FIRMWARE_GET_ARM_MEMORY, v, 8)))
		printf("%-16s 0x%08x + 0x%08x (%u MiB)\n", "ARM memory", (unsigned int)v[0],
		       (unsigned int)v[1], (unsigned int)(v[1] >> 20));
	v[0] = v[1] = 0;
	if (!(err |= firmware_show(fw, "VC memory", RPI_FIRMWARE_GET_VC_MEMORY, v, 8)))
		printf("%-16s 0x%08x + 0x%08x (%u MiB)\n", "VC memory", (unsigned int)v[0],
		       (unsigned int)v[1], (unsigned int)(v[1] >> 20));
	for (unsigned int id = 1; id < RPI_FIRMWARE_NUM_CLK_ID; id++) {
		char what[24];

		snprintf(what, sizeof(what), "clock %s", rpi_clk_names[id]);
		v[0] = id;
		v[1] = 0;
		if (!(err |= firmware_show(fw, what, RPI_FIRMWARE_GET_CLOCK_RATE, v, 8)))
			printf("%-16s %u Hz\n", what, (unsigned int)v[1]);
	}
	return err ? -EIO : 0;
}
SHELL_COMMAND(firmware, cmd_firmware, "firmware",
	      "what the Raspberry Pi firmware answers: board, serial, MAC, memory split, clocks",
	      .topic = TOPIC_DEVICES, .example = "firmware");
