# coyote: top-level Makefile.  Each folder lists its own objects in a small
# Makefile fragment (obj-y += foo.o); this file only collects them.
# `make help` lists the targets.

CROSS_COMPILE ?= arm-none-eabi-
# ccache, where it is installed (scripts/install-deps does): a build
# repeated (a clean tree, a fresh clone, CI) compiles from its cache.
# CCACHE= builds without it.
CCACHE  ?= $(shell command -v ccache 2>/dev/null)
CC      := $(CCACHE) $(CROSS_COMPILE)gcc
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

# The folders, by the layers of the design (docs/adding-a-driver.md says
# where a new one goes).  KDIRS: the kernel's, each with a Makefile
# fragment (obj-y += foo.o), in link order: initcalls of one level, and so
# driver registration, run in this order, and of two drivers that match a
# device equally well the first registered wins.  HOSTDIRS: the portable
# ones, also built for the host library (host tests run the kernel's own
# code); a folder with MMIO or assembly is kernel only.

# Architecture: entry, exceptions, MMU, the CPU nodes.
KDIRS    := arch/arm
# Core kernel: printk, heap, shell, time; the IRQ core; the module loader
# and initrd; the IPv4 stack (its pure parts in kernel/net/lib); the block
# layer.
KDIRS    += kernel kernel/irq kernel/module kernel/net kernel/net/lib block
HOSTDIRS := kernel/irq kernel/module kernel/net/lib
# Device-tree library: flat blob, unflatten, lookups, overlays.
KDIRS    += of
HOSTDIRS += of
# Driver core: buses, devices, drivers, links, probe order.
KDIRS    += drivers/base
HOSTDIRS += drivers/base
# Drivers, in folders as Linux groups them.  Clocks, interrupt controllers
# and the timer register first: the console and everything after need them.
KDIRS    += drivers/clk drivers/irqchip drivers/clocksource drivers/tty/serial
HOSTDIRS += drivers/clk
KDIRS    += drivers/pinctrl
HOSTDIRS += drivers/pinctrl
KDIRS    += drivers/i2c drivers/i2c/algos drivers/i2c/busses drivers/rtc
HOSTDIRS += drivers/i2c drivers/i2c/algos drivers/rtc
KDIRS    += drivers/net drivers/bus drivers/power/reset drivers/clk/versatile
KDIRS    += drivers/clk/sunxi-ng
KDIRS    += drivers/clk/imx drivers/soc/imx
KDIRS    += drivers/clk/bcm drivers/mailbox drivers/pinctrl/bcm
KDIRS    += drivers/gpio drivers/firmware/psci
KDIRS    += drivers/virtio drivers/char/hw_random drivers/block
KDIRS    += drivers/input/keyboard drivers/firmware drivers/watchdog
KDIRS    += drivers/thermal
# PCI: the bus, enumeration and `lspci`, then the host bridges.
KDIRS    += drivers/pci drivers/pci/controller
# Host only: the simulated I2C devices the host tests drive.
HOSTDIRS += scripts/host/i2c-sim

include scripts/Makefile.build

# Targets, one fragment per area (each appends its lines to HELP and may add
# prerequisites to test-prereqs, which `make test` builds before pytest).
include scripts/Makefile.kernel
include scripts/Makefile.modules
include scripts/Makefile.host
include scripts/Makefile.tools
include scripts/Makefile.bindings
include scripts/Makefile.labs
# Device links: pictures and the probe benchmark.
include scripts/Makefile.devlinks
# Device-tree overlays.
include scripts/Makefile.overlays
include scripts/Makefile.conformance
# Each board's tree, devices and probe order as one HTML page.
include scripts/Makefile.explore
include scripts/Makefile.sanitize
include scripts/Makefile.boards
include scripts/Makefile.selftest
# Transcripts in the pages, regenerated from real runs.
include scripts/Makefile.docs
