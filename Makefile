# coyote: top-level Makefile.  Each folder lists its own objects in a small
# Makefile fragment (obj-y += foo.o); this file only collects them.
# `make help` lists the targets.

CROSS_COMPILE ?= arm-none-eabi-
CC      := $(CROSS_COMPILE)gcc
OBJCOPY := $(CROSS_COMPILE)objcopy
NM      := $(CROSS_COMPILE)nm
READELF := $(CROSS_COMPILE)readelf
HOSTCC  ?= cc
DTC     ?= dtc
PYTHON  ?= /usr/bin/python3
B       := build

ifeq ($(V),1)
Q :=
else
Q := @
endif

# Kernel folders, in link order.  Each has a Makefile fragment with obj-y.
KDIRS := arch/arm kernel kernel/irq of drivers/base drivers/clk drivers/irqchip drivers/clocksource \
         drivers/tty/serial
# Host-built library folders: portable C only (of/, drivers/base/).
HOSTDIRS := of drivers/base kernel/irq drivers/clk
# I2C and RTC (issue 5): busses/ is MMIO, so kernel only.
KDIRS += drivers/i2c drivers/i2c/algos drivers/i2c/busses drivers/rtc
HOSTDIRS += drivers/i2c drivers/i2c/algos drivers/rtc scripts/host/i2c-sim
# Ethernet and IPv4 (issue 6).
KDIRS += drivers/net kernel/net kernel/net/lib
HOSTDIRS += kernel/net/lib
# Modules (issue 7): the loader and the initrd; portable.
KDIRS += kernel/module
HOSTDIRS += kernel/module
# Three boards (issue 12): vexpress config bus, its reset functions.
KDIRS += drivers/bus drivers/power/reset drivers/clk/versatile drivers/gpio
# QEMU's virt board (issue 28): PSCI firmware calls.
KDIRS += drivers/firmware/psci
# virtio (issue 28): the bus, split rings, the virtio-mmio transport, and
# the drivers (modules, by virtio device ID) with their shell commands.
KDIRS += drivers/virtio drivers/char/hw_random block drivers/block
# The rest of virt's tree (issue 28): the power button, QEMU's fw_cfg files.
KDIRS += drivers/input/keyboard drivers/firmware

include scripts/Makefile.build

# Targets, one fragment per area (each appends its lines to HELP and may add
# prerequisites to test-prereqs, which `make test` builds before pytest).
include scripts/Makefile.kernel
include scripts/Makefile.modules
include scripts/Makefile.host
include scripts/Makefile.tools
include scripts/Makefile.bindings
include scripts/Makefile.labs
# Device links: pictures and the probe benchmark (issue 13).
include scripts/Makefile.devlinks
# Device-tree overlays (issue 14).
include scripts/Makefile.overlays
include scripts/Makefile.conformance
include scripts/Makefile.sanitize
include scripts/Makefile.boards
include scripts/Makefile.selftest
# Transcripts in the pages, regenerated from real runs (issue 17).
include scripts/Makefile.docs
