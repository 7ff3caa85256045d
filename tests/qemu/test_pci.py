# SPDX-License-Identifier: BSD-2-Clause
"""PCI on QEMU's `virt` board, from its tree: the ECAM host bridge
(pci-host-ecam-generic), enumeration behind a PCI-to-PCI bridge, BARs
placed in the windows of the bridge node's `ranges`, INTx through its
`interrupt-map` with the swizzle, and virtio over PCI.

One boot with a virtio-rng, an `edu` device, and a virtio-net behind a
PCI-to-PCI bridge.  The expected interrupt of each function is computed
here, by hand, from the interrupt-map QEMU wrote for the same command line
(the bridge swizzle: pin + slot, mod 4, at each bridge on the way up), and
compared with what `lspci -v` says.  Then trees with a broken `ranges` or
`interrupt-map`, and the ECAM window above 4 GiB (highmem=on): each boots
to the prompt with the reason printed.
"""
import re
import subprocess

import pytest

from coyote.qemu import TEST_BUILD, Coyote, machine_options
from qemu.test_virtio import DISK_SECTORS, disk_image, hexdump_bytes
from tools.test_whynot import OFDUMP, check_agreement

DEVICES = ["-device", "virtio-rng-pci,addr=1",
           "-device", "pci-bridge,id=br1,chassis_nr=1,addr=3",
           "-device", "virtio-net-pci,netdev=n0,bus=br1,addr=2",
           "-device", "edu,addr=4",
           "-netdev", "user,id=n0,restrict=on"]
CPU = ["-cpu", "cortex-a15", "-m", "256M"]
# (bus, slot, function) -> (vendor:device, the slots of the bridges above it)
FUNCTIONS = {
    (0, 0, 0): ("1b36:0008", []),    # the host bridge itself
    (0, 1, 0): ("1af4:1005", []),    # virtio-rng (transitional ID)
    (0, 3, 0): ("1b36:0001", []),    # PCI-to-PCI bridge
    (0, 4, 0): ("1234:11e8", []),    # edu
    (1, 2, 0): ("1af4:1000", [3]),   # virtio-net behind the bridge in slot 3
}


def dump_tree(name, machine="virt"):
    dtb = TEST_BUILD / ("pci-%s.dtb" % name)
    dtb.parent.mkdir(parents=True, exist_ok=True)
    dtb.unlink(missing_ok=True)
    subprocess.run(["qemu-system-arm", "-M", machine_options("%s,dumpdtb=%s" % (machine, dtb))] +
                   CPU + DEVICES + ["-nographic", "-monitor", "none", "-serial", "none"],
                   capture_output=True, timeout=60)
    assert dtb.exists(), "QEMU wrote no tree"
    return dtb


def cells(dtb, node, prop):
    r = subprocess.run(["fdtget", "-t", "u", str(dtb), node, prop], capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return [int(x) for x in r.stdout.split()]


def expected_spi(dtb, bus, slot, fn, pin, bridges):
    """The GIC SPI of INT<pin> of bus:slot.fn, by hand: swizzle at each
    bridge, then look the (address, pin) up in interrupt-map under its mask."""
    for bridge_slot in reversed(bridges):
        pin = (pin - 1 + slot) % 4 + 1
        slot, bus, fn = bridge_slot, 0, 0
    mask = cells(dtb, "/pcie@10000000", "interrupt-map-mask")
    imap = cells(dtb, "/pcie@10000000", "interrupt-map")
    key = [(bus << 16 | slot << 11 | fn << 8) & mask[0], 0, 0, pin & mask[3]]
    for i in range(0, len(imap), 10):     # 3 + 1 child cells, phandle, 2 + 3 parent cells
        if imap[i:i + 4] == key:
            assert imap[i + 7] == 0, "not an SPI"
            return imap[i + 8]
    raise AssertionError("no interrupt-map entry for %s" % key)


@pytest.fixture(scope="module")
def pci():
    dtb = dump_tree("ok")
    c = Coyote(machine="virt", extra=CPU + DEVICES)
    yield c, dtb
    c.close()


def lspci(c):
    """{(bus, slot, fn): (ids, the -v block)} from `lspci -v`."""
    out, found = c.run("lspci -v"), {}
    for block in out.strip().split("\n\n"):
        m = re.match(r"([0-9a-f]{2}):([0-9a-f]{2})\.(\d) .*: ([0-9a-f]{4}:[0-9a-f]{4})", block)
        assert m, block
        found[(int(m.group(1), 16), int(m.group(2), 16), int(m.group(3)))] = (m.group(4), block)
    return found


def test_host_bridge_binds_and_counts(pci):
    c, _ = pci
    log = c.boot_log
    assert "pci-host-generic 3f000000.pcie: bound (pci-host-ecam-generic)" in log, log
    assert re.search(r"3f000000.pcie: 5 function\(s\) on buses 00-01, 0 refused", log), log
    assert re.search(r"driver core: \d+ device\(s\) bound, 1 deferred, 0 failed", log), log


def test_every_function_listed(pci):
    found = lspci(pci[0])
    assert {k: v[0] for k, v in found.items()} == {k: v[0] for k, v in FUNCTIONS.items()}


def test_interrupts_follow_the_map_and_the_swizzle(pci):
    c, dtb = pci
    for addr, (ids, block) in lspci(c).items():
        m = re.search(r"Interrupt: pin ([A-D]) routed to IRQ \d+ \(.* -> intc <0 (\d+) 4>\)", block)
        if addr == (0, 0, 0):
            assert not m, block          # QEMU's host bridge has no pin
            continue
        assert m, block
        pin = "ABCD".index(m.group(1)) + 1
        want = expected_spi(dtb, *addr, pin, FUNCTIONS[addr][1])
        assert int(m.group(2)) == want, (addr, block, want)
    # The function behind the bridge took INTC of slot 3 (A + slot 2).
    assert "INTC at 00:03.0" in lspci(c)[(1, 2, 0)][1]


def test_bars_inside_the_windows_aligned_and_apart(pci):
    c, dtb = pci
    ranges = cells(dtb, "/pcie@10000000", "ranges")
    mem = [(ranges[i + 3] << 32 | ranges[i + 4], ranges[i + 5] << 32 | ranges[i + 6])
           for i in range(0, len(ranges), 7) if ranges[i] >> 24 & 3 == 2]
    assert mem, ranges
    taken = []
    found = lspci(c)
    for addr, (_, block) in found.items():
        for start, kib in re.findall(r"Memory at ([0-9a-f]+) \(.*\) \[size=(\d+)K\]", block):
            start, size = int(start, 16), int(kib) * 1024
            assert start % size == 0, (addr, block)
            assert any(w <= start and start + size <= w + n for w, n in mem), (addr, block, mem)
            taken.append((start, size, addr))
    taken.sort()
    for (a, n, x), (b, _, y) in zip(taken, taken[1:]):
        assert a + n <= b, (x, y)
    # What sits behind the bridge lies in the window it forwards.
    m = re.search(r"Memory behind bridge: ([0-9a-f]+)-([0-9a-f]+)", found[(0, 3, 0)][1])
    assert m, found[(0, 3, 0)][1]
    lo, hi = int(m.group(1), 16), int(m.group(2), 16)
    behind = [(s, n) for s, n, a in taken if a[0] == 1]
    assert behind and all(lo <= s and s + n - 1 <= hi for s, n in behind), (behind, m.group(0))


def test_virtio_over_pci_drivers_bind_unchanged(pci):
    c, _ = pci
    log = c.boot_log
    assert re.search(r"module: virtio\d \(virtio:d00000001v00001AF4\) pulls in virtio_net", log)
    assert re.search(r"virtio-pci 0000:01:02\.0: virtio\d: network card .* virtio-pci \(modern\)",
                     log), log
    # More replies than virtio-net's 16 receive buffers.
    out = c.run("ping -i 0 -c 40 10.0.2.2", timeout=60)
    assert "40 packets transmitted, 40 received, 0% packet loss" in out, out
    assert re.fullmatch(r"[0-9a-f]{32}", c.run("rng").strip())


def test_ofdump_predicts_binding(pci):
    if not OFDUMP.exists():
        pytest.fail("%s missing: run `make ofdump`" % OFDUMP)
    check_agreement(pci[0], pci[1])


def test_unbind_and_rebind_the_nic(pci):
    """rmmod and insmod of virtio_net over PCI: the same line again, ping."""
    c, _ = pci
    c.run("rmmod virtio_net")
    assert "virtio_net" not in c.run("lsmod")
    c.run("insmod virtio_net")
    out = c.run("ping -c 2 10.0.2.2", timeout=20)
    assert "2 received" in out, out


def test_blk_over_pci_reads_the_image(boot):
    """virtio-blk over PCI, unchanged as net and rng are: the driver binds
    by its virtio ID through the PCI transport and reads the image's
    sectors (told apart by their bytes) as it does over MMIO."""
    img, data = disk_image("pci-blk")
    c = boot(machine="virt", extra=CPU + [
        "-device", "virtio-blk-pci,drive=d0,addr=6",
        "-drive", "if=none,id=d0,file=%s,format=raw,readonly=on" % img])
    assert re.search(r"virtio-pci 0000:00:06\.0: virtio\d: .*virtio-pci \(modern\)",
                     c.boot_log), c.boot_log
    info = c.run("blk info")
    assert re.search(r"^vda: %d sectors of 512 bytes .* device virtio\d$" % DISK_SECTORS,
                     info, re.M), info
    assert hexdump_bytes(c.run("blk read 0")) == (0, data[:512])
    assert hexdump_bytes(c.run("blk read 126 2")) == (126 * 512, data[126 * 512:])


def edited_tree(name, edit):
    """QEMU's tree for DEVICES with @edit applied to its DTS text."""
    dtb = dump_tree("src-" + name)
    dts = subprocess.run(["dtc", "-I", "dtb", "-O", "dts", str(dtb)], capture_output=True,
                         text=True, timeout=30).stdout
    new = edit(dts)
    assert new != dts
    out = TEST_BUILD / ("pci-%s.dtb" % name)
    r = subprocess.run(["dtc", "-I", "dts", "-O", "dtb", "-o", str(out), "-"], input=new,
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return out


def boot_edited(boot, dtb):
    return boot(machine="virt", dtb=dtb, extra=CPU + DEVICES)


def test_overlapping_windows_refused_boot_goes_on(boot):
    """The 32-bit memory window made to overlap the I/O window: the bridge
    refuses the tree, says why, and the rest of the board comes up."""
    def overlap(dts):
        return re.sub(r"(ranges = <0x1000000 0x00 0x00 0x00 )0x3eff0000",
                      r"\g<1>0x10000000", dts)
    c = boot_edited(boot, edited_tree("overlap", overlap))
    assert re.search(r"3f000000.pcie: .*windows at 0x\w+ and 0x\w+ overlap", c.boot_log), \
        c.boot_log
    assert "no PCI functions" in c.run("lspci")
    assert "windows at" in c.run("whynot /pcie@10000000")


def test_interrupt_map_to_a_missing_controller(boot):
    """Slot 1's entries point at a phandle no node has: that function gets
    no interrupt and says why; the others keep theirs."""
    def bad_map(dts):
        return re.sub(r"0x800 0x00 0x00 0x01 0x8002", "0x800 0x00 0x00 0x01 0x7777", dts)
    c = boot_edited(boot, edited_tree("badmap", bad_map))
    found = lspci(c)
    assert "pin A not routed: INTA at 00:01.0: interrupt-map has no entry" in found[(0, 1, 0)][1]
    assert "routed to IRQ" in found[(0, 4, 0)][1]
    assert re.search(r"virtio-pci 0000:00:01\.0: .*no interrupt", c.boot_log), c.boot_log


def test_interrupt_map_cut_short(boot):
    """The map cut inside its first entry (child address, pin, phandle and
    one of the parent's five cells): no function gets an interrupt, each
    says the map is short, and every function is still listed and the
    boot goes on (no read past the property)."""
    def short_map(dts):
        return re.sub(r"interrupt-map = <([^>]*)>",
                      lambda m: "interrupt-map = <%s>" % " ".join(m.group(1).split()[:6]),
                      dts, count=1)
    c = boot_edited(boot, edited_tree("shortmap", short_map))
    found = lspci(c)
    assert set(found) == set(FUNCTIONS), found
    assert "cut short" in found[(0, 1, 0)][1] and "cut short" in found[(0, 4, 0)][1], found
    assert not [b for _, b in found.values() if "routed to IRQ" in b], found
    assert re.search(r"3f000000.pcie: 5 function\(s\)", c.boot_log), c.boot_log


def test_ecam_above_4gib_is_refused_with_the_reason(boot):
    """highmem=on puts ECAM at 0x4010000000: no LPAE, so the bridge says so
    and the boot goes on."""
    c = boot(machine="virt,highmem=on", extra=CPU)
    assert re.search(r"pcie: .*ECAM window at 0x4010000000 is beyond the CPU's 4 GiB", c.boot_log)
    assert "no PCI functions" in c.run("lspci")


def test_ofdump_prints_the_windows_as_the_kernel_logs_them(pci):
    """ofdump --devices decodes the three-cell ranges of the PCI node in the
    same words as the host bridge's boot lines (one formatter, of/)."""
    c, dtb = pci
    r = subprocess.run([str(OFDUMP), "--devices", str(dtb)], capture_output=True, text=True,
                       timeout=60)
    host = re.findall(r"^  ranges\[\d\]: (.*)$", r.stdout, re.M)
    kernel = re.findall(r"^pci-host-generic 3f000000\.pcie: (\s*(?:IO|MEM) .*)$", c.boot_log, re.M)
    assert host == kernel == ["    IO 0x003eff0000..0x003effffff -> 0x0000000000",
                              "   MEM 0x0010000000..0x003efeffff -> 0x0010000000"], (host, kernel)


def test_bad_space_code_leaves_the_io_bars_out(boot):
    """The I/O window's space code made 0 (configuration space, which no
    ranges entry may map): that window is skipped with a line, the I/O BARs
    stay unassigned with the reason, and the devices still work through
    their memory BARs (virtio's modern interface)."""
    def no_io(dts):
        return re.sub(r"ranges = <0x1000000 ", "ranges = <0x00 ", dts)
    c = boot_edited(boot, edited_tree("space0", no_io))
    log = c.boot_log
    assert "pcie: ranges: an entry of space code 0 (configuration) or unknown: skipped" in log, log
    assert re.search(r"0000:01:02\.0: no window of the bridge's ranges holds BAR 0 \(I/O, \d+ bytes\)",
                     log), log
    assert "Unassigned: BAR 0 (I/O" in lspci(c)[(1, 2, 0)][1]
    out = c.run("ping -c 2 10.0.2.2", timeout=20)
    assert "2 received" in out, out
