# scripts/qemu-boards.mk: the QEMU machine coyote boots, in one place.
# scripts/Makefile.kernel includes it (make run, make debug) and
# tests/qemu/coyote.py reads it (every test boot), so `make run` and the
# tests start the same machine.  Plain `NAME := VALUE` lines only: the
# tests read them without make.

# The boards: the same kernel.bin and initrd on each, the tree picks.
QEMU_BOARDS := versatilepb realview-eb vexpress-a9 virt

# RAM unless the command line says otherwise (virt takes 128M to 1G).
QEMU_MEM := 128M

# Every board: serial on the terminal, sound card silenced.
# -no-reboot makes `reboot` end QEMU with status 0; -semihosting lets the
# kernel leave QEMU where the board has no reset QEMU models (realview-eb),
# and end a boot that found no console.
QEMU_COMMON := -nographic -no-reboot -semihosting -audiodev none,id=snd0 -global pl041.audiodev=snd0

# The board's NIC on QEMU's user-mode network with restrict=on: nothing
# leaves QEMU; the gateway 10.0.2.2 answers ping.
QEMU_NET := user,id=n0,restrict=on
QEMU_NIC_versatilepb := smc91c111
QEMU_NIC_realview-eb := smc91c111
QEMU_NIC_vexpress-a9 := lan9118
# virt: virtio-net in a virtio-mmio slot, which -nic cannot name (a
# *-device model gets a -netdev and a -device instead).
QEMU_NIC_virt := virtio-net-device

# Boards whose tree QEMU writes at start (no -dtb of ours), with their CPU.
QEMU_CPU_virt := cortex-a15

# Where QEMU loads the image minus where it is linked (RAM + 0x10000 vs
# 0x10000): GDB needs it to place the symbols.
QEMU_LOAD_OFFSET_vexpress-a9 := 0x60000000
QEMU_LOAD_OFFSET_virt := 0x40000000
