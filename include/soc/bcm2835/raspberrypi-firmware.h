/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Raspberry Pi firmware's property interface
 * (drivers/firmware/raspberrypi.c), with Linux's names: a driver that
 * needs something only the VideoCore knows (a clock rate, the board's
 * MAC address) asks through rpi_firmware_property().
 */
#ifndef __SOC_RASPBERRY_FIRMWARE_H__
#define __SOC_RASPBERRY_FIRMWARE_H__

#include <linux/types.h>

struct device_node;
struct rpi_firmware;

enum rpi_firmware_property_status {
	RPI_FIRMWARE_STATUS_REQUEST = 0,
	RPI_FIRMWARE_STATUS_SUCCESS = 0x80000000,
	RPI_FIRMWARE_STATUS_ERROR = 0x80000001,
};

enum rpi_firmware_property_tag {
	RPI_FIRMWARE_PROPERTY_END = 0,
	RPI_FIRMWARE_GET_FIRMWARE_REVISION = 0x00000001,
	RPI_FIRMWARE_GET_BOARD_MODEL = 0x00010001,
	RPI_FIRMWARE_GET_BOARD_REVISION = 0x00010002,
	RPI_FIRMWARE_GET_BOARD_MAC_ADDRESS = 0x00010003,
	RPI_FIRMWARE_GET_BOARD_SERIAL = 0x00010004,
	RPI_FIRMWARE_GET_ARM_MEMORY = 0x00010005,
	RPI_FIRMWARE_GET_VC_MEMORY = 0x00010006,
	RPI_FIRMWARE_GET_CLOCK_RATE = 0x00030002,
};

/* The firmware's clock ids (RPI_FIRMWARE_GET_CLOCK_RATE). */
enum rpi_firmware_clk_id {
	RPI_FIRMWARE_EMMC_CLK_ID = 1,
	RPI_FIRMWARE_UART_CLK_ID,
	RPI_FIRMWARE_ARM_CLK_ID,
	RPI_FIRMWARE_CORE_CLK_ID,
	RPI_FIRMWARE_V3D_CLK_ID,
	RPI_FIRMWARE_H264_CLK_ID,
	RPI_FIRMWARE_ISP_CLK_ID,
	RPI_FIRMWARE_SDRAM_CLK_ID,
	RPI_FIRMWARE_PIXEL_CLK_ID,
	RPI_FIRMWARE_PWM_CLK_ID,
	RPI_FIRMWARE_NUM_CLK_ID,
};

/**
 * rpi_firmware_property() - one tag's request to the firmware: @data (@len
 * bytes) goes out as the tag's value buffer and comes back with the answer.
 * Return: 0; -EINVAL (no firmware, @len too big); -EIO (the firmware
 * refused the tag or the request); -ETIMEDOUT (the mailbox did not answer
 * in time); -EBUSY (the mailbox is full); -EOVERFLOW (the answer is longer
 * than @len: the first @len bytes are in @data).
 */
int rpi_firmware_property(struct rpi_firmware *fw, u32 tag, void *data, size_t len);

/**
 * rpi_firmware_get() - the firmware @firmware_node describes, once its
 * driver has bound.  Return: it, or NULL (not bound yet, or not a firmware
 * node): the caller defers.
 */
struct rpi_firmware *rpi_firmware_get(struct device_node *firmware_node);

#endif
