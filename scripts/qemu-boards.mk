# scripts/qemu-boards.mk: the QEMU machine coyote boots, in one place.
# scripts/Makefile.kernel includes it (make run, make debug) and
# scripts/coyote/qemu.py reads it (every test boot), so `make run` and the
# tests start the same machine.  Plain `NAME := VALUE` lines only, where a
# VALUE may name an earlier variable as $(NAME): the tests read them
# without make.

# Vendors' SoC boards: coyote has no tree of its own for them; each boots on
# the tree Debian's armhf kernel package ships for it, unmodified (make
# corpus unpacks them into build/corpus/dtb).
QEMU_SOC_BOARDS := raspi2b orangepi-pc mcimx6ul-evk sabrelite cubieboard ast2600-evb highbank vexpress-a15
QEMU_TREE_raspi2b := bcm2836-rpi-2-b.dtb
QEMU_TREE_orangepi-pc := sun8i-h3-orangepi-pc.dtb
QEMU_TREE_mcimx6ul-evk := imx6ul-14x14-evk.dtb
QEMU_TREE_sabrelite := imx6q-sabrelite.dtb
QEMU_TREE_cubieboard := sun4i-a10-cubieboard.dtb
QEMU_TREE_ast2600-evb := aspeed-ast2600-evb.dtb
QEMU_TREE_highbank := highbank.dtb
QEMU_TREE_vexpress-a15 := vexpress-v2p-ca15-tc1.dtb

# The boards: the same kernel.bin and initrd on each, the tree picks.
QEMU_BOARDS := versatilepb realview-eb vexpress-a9 virt $(QEMU_SOC_BOARDS)

# RAM unless the command line says otherwise (virt takes 128M to 1G).
QEMU_MEM := 128M
# Boards QEMU builds with a fixed amount of RAM refuse any other.
QEMU_MEM_raspi2b := 1G
QEMU_MEM_orangepi-pc := 1G
QEMU_MEM_ast2600-evb := 1G
QEMU_MEM_cubieboard := 1G

# Every board: serial on the terminal, sound card silenced.
# -no-reboot makes `reboot` end QEMU with status 0; -semihosting lets the
# kernel leave QEMU where the board has no reset QEMU models (realview-eb),
# and end a boot that found no console.
QEMU_COMMON := -nographic -no-reboot -semihosting -audiodev none,id=snd0 -global pl041.audiodev=snd0

# Boards whose tree's console UART is not the one QEMU wires to the
# terminal (its first serial port): sabrelite's stdout-path is UART2, as
# on the real board, and QEMU's serial0 is UART1.
QEMU_SERIAL_sabrelite := -serial null -serial mon:stdio

# The board's NIC on QEMU's user-mode network with restrict=on: nothing
# leaves QEMU; the gateway 10.0.2.2 answers ping.
QEMU_NET := user,id=n0,restrict=on
QEMU_NIC_versatilepb := smc91c111
QEMU_NIC_realview-eb := smc91c111
QEMU_NIC_vexpress-a9 := lan9118
QEMU_NIC_cubieboard := allwinner-emac
QEMU_NIC_orangepi-pc := allwinner-sun8i-emac
QEMU_NIC_vexpress-a15 := lan9118
QEMU_NIC_highbank := xgmac
QEMU_NIC_ast2600-evb := ftgmac100
# virt: virtio-net in a virtio-mmio slot, which -nic cannot name (a
# *-device model gets a -netdev and a -device instead).
QEMU_NIC_virt := virtio-net-device
# i.MX: the SoC's own ENETs (QEMU ignores the model name); the first -nic
# goes to ENET1, which the trees call ethernet0.
QEMU_NIC_mcimx6ul-evk := imx.enet
QEMU_NIC_sabrelite := imx.enet

# Boards whose tree QEMU writes at start (no -dtb of ours), with their CPU.
QEMU_CPU_virt := cortex-a15
# The machine with its options, where a board needs some.  virt puts its
# PCIe configuration window (ECAM) above 4 GiB unless highmem=off, and this
# kernel has no LPAE: with it off, ECAM sits at 0x3f000000 and PCI works
# (RAM stays below 4 GiB, at most 3 GiB).
QEMU_MACHINE_virt := virt,highmem=off

# Where QEMU loads the image minus where it is linked (RAM + 0x10000 vs
# 0x10000): GDB needs it to place the symbols.
QEMU_LOAD_OFFSET_vexpress-a9 := 0x60000000
QEMU_LOAD_OFFSET_virt := 0x40000000
