# SPDX-License-Identifier: BSD-2-Clause
"""virtio on QEMU's virt board: the virtio-mmio transport, the virtio bus,
and the rng, blk and net drivers, each a module autoloaded by device ID.

QEMU writes the tree and fills its 32 virtio-mmio slots from the highest
address down, one per -device virtio-*-device, in command-line order; the
kernel must find exactly those devices in exactly those slots.  Each
scenario boots QEMU once and checks everything it is there for.
"""
import re

import pytest

from coyote.qemu import TEST_BUILD, Coyote
from qemu.test_net import check_ping, icmp_echoes, read_pcap

DISK_SECTORS = 128


def disk_image(name):
    """build/tests/NAME.img: 64 KiB whose sectors are told apart by their bytes
    (sector 0 starts with a signature, then counts; sector N starts "SECTOR"
    and N)."""
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    data = bytearray()
    for n in range(DISK_SECTORS):
        sector = bytearray(b"SECTOR%04d" % n) + bytes((n + i) & 0xff for i in range(502))
        data += sector
    data[0:16] = b"COYOTE-VIRTIO-BL"
    path = TEST_BUILD / (name + ".img")
    path.write_bytes(bytes(data))
    return path, bytes(data)


# What each short name adds to QEMU's command line, and the driver it gets.
def device_args(kind, tag):
    if kind == "rng":
        return ["-device", "virtio-rng-device"], "virtio_rng"
    if kind in ("blk", "blk-rw"):
        path, _ = disk_image("virtio-" + tag)
        ro = ",readonly=on" if kind == "blk" else ""
        return (["-device", "virtio-blk-device,drive=%s" % tag,
                 "-drive", "if=none,id=%s,file=%s,format=raw%s" % (tag, path, ro)],
                "virtio_blk")
    if kind == "net":
        return (["-device", "virtio-net-device,netdev=%s" % tag,
                 "-netdev", "user,id=%s,restrict=on" % tag], "virtio_net")
    raise ValueError(kind)


def boot_virt(kinds, extra=()):
    """Boot virt with the devices @kinds in this order; return the machine and
    the driver each device should get, in command-line order."""
    # No NIC of the board's unless the scenario adds one.
    args, drivers = list(extra) + ([] if "net" in kinds else ["-net", "none"]), []
    for i, kind in enumerate(kinds):
        a, drv = device_args(kind, "d%d" % i)
        args += a
        drivers.append(drv)
    return Coyote(machine="virt", extra=args), drivers


def device_rows(c):
    """{device name: (node, bus, driver, state)} from `devices`."""
    rows = {}
    for line in c.run("devices").splitlines()[1:-1]:
        f = line.split()
        rows[f[1]] = (f[0], f[2], f[3], " ".join(f[5:]))
    return rows


def slots(rows):
    """The virtio-mmio transports' nodes, highest address first."""
    nodes = [node for node, bus, drv, _ in rows.values() if drv == "virtio-mmio"]
    return sorted(nodes, key=lambda n: int(n.split("@")[1], 16), reverse=True)


def check_slots(c, expected_drivers):
    """Exactly one virtio device per -device, bound to its driver, in the
    slot QEMU gave it; every transport bound, the rest empty."""
    rows = device_rows(c)
    transports = slots(rows)
    assert len(transports) == 32, rows
    assert all(rows[d][3] == "bound" for d in rows if rows[d][2] == "virtio-mmio"), rows
    virtio = {node: (drv, state) for node, bus, drv, state in rows.values() if bus == "virtio"}
    want = {transports[i]: (drv, "bound") for i, drv in enumerate(expected_drivers)}
    assert virtio == want, (virtio, want)
    n = len(expected_drivers)
    assert "virtio-mmio: 32 slots, %d with a device, %d empty" % (n, 32 - n) in c.boot_log
    # An empty slot is passed over quietly: no line of the boot names one.
    for node in transports[n:]:
        addr = node.split("@")[1]
        assert not re.search(r"%s\.virtio_mmio: (?!bound)" % addr, c.boot_log), c.boot_log
    return transports


def hexdump_bytes(out):
    """The bytes of a `blk read` dump, with the offset of its first line."""
    data, first = bytearray(), None
    for line in out.splitlines():
        m = re.match(r"^([0-9a-f]{8})  ((?:[0-9a-f]{2} ){15}[0-9a-f]{2})  \|.{16}\|$", line)
        assert m, line
        if first is None:
            first = int(m.group(1), 16)
        data += bytes.fromhex(m.group(2))
    return first, bytes(data)


@pytest.fixture(scope="module")
def full():
    """rng, a read-only disk and a NIC (recorded to a pcap), legacy transport."""
    pcap = TEST_BUILD / "virtio-net.pcap"
    c, drivers = boot_virt(["rng", "blk", "net"],
                           ["-object", "filter-dump,id=f0,netdev=d2,file=%s" % pcap])
    c.pcap = pcap
    c.drivers = drivers
    yield c
    c.close()


def test_three_devices_in_their_slots(full):
    transports = check_slots(full, full.drivers)
    # Autoload by device ID: the modalias Linux's udev would see.
    for dev_id, mod in ((4, "virtio_rng"), (2, "virtio_blk"), (1, "virtio_net")):
        assert re.search(r"module: virtio\d \(virtio:d%08Xv[0-9A-F]{8}\) pulls in %s$"
                         % (dev_id, mod), full.boot_log, re.M), full.boot_log
        assert re.search(r"^%s virtio\d: bound \(virtio:d%08Xv[0-9A-F]{8}\)$"
                         % (mod, dev_id), full.boot_log, re.M), full.boot_log
    assert "virtio-mmio v1 (legacy)" in full.boot_log
    out = full.run("whynot " + transports[0])
    assert re.search(r"its device virtio\d \(virtio bus\): bound to driver virtio_rng, "
                     r"module virtio_rng", out), out
    out = full.run("whynot " + transports[5])
    assert "virtio transport: an empty slot (device ID 0)" in out, out
    assert "verdict: bound" in out, out


def test_rng_differs_between_calls(full):
    a, b = full.run("rng 16").strip(), full.run("rng").strip()
    assert re.fullmatch(r"[0-9a-f]{32}", a) and re.fullmatch(r"[0-9a-f]{32}", b), (a, b)
    assert a != b
    long = full.run("rng 100").split()
    assert [len(x) for x in long] == [64, 64, 64, 8], long
    assert "rng: N is a byte count" in full.run("rng 0")


def test_blk_reads_the_image(full):
    _, data = disk_image("virtio-d1")
    info = full.run("blk info")
    assert re.search(r"^vda: %d sectors of 512 bytes \(64 KiB\), logical block 512 bytes, "
                     r"read-only, device virtio\d$" % DISK_SECTORS, info, re.M), info
    first, got = hexdump_bytes(full.run("blk read 0"))
    assert (first, got) == (0, data[:512])
    first, got = hexdump_bytes(full.run("blk read 126 2"))
    assert (first, got) == (126 * 512, data[126 * 512:])
    out = full.run("blk read %d" % DISK_SECTORS)
    assert "blk: vda has 128 sectors (0 to 127)" in out, out
    out = full.run("blk write 3 0x55")
    assert "blk: vda is read-only" in out, out
    _, got = hexdump_bytes(full.run("blk read 3"))
    assert got == data[3 * 512:4 * 512]


def test_ping_over_virtio_net(full):
    out = full.run("ifconfig")
    m = re.search(r"^eth0: HWaddr ([0-9a-f:]{17}) UP$", out, re.M)
    assert m, out
    check_ping(full, "10.0.2.2", 5)
    # On the wire, from the MAC the device's config space gave.
    frames = read_pcap(full.pcap)
    assert len(icmp_echoes(frames, m.group(1), 8)) == 5, len(frames)
    # More replies than the 16 receive buffers: each used one is lent again.
    out = full.run("ping -i 0 -c 40 10.0.2.2", timeout=60)
    assert "40 packets transmitted, 40 received, 0% packet loss" in out, out


@pytest.mark.parametrize("kinds", [[], ["blk-rw", "rng"], ["net", "rng", "blk", "blk-rw"]],
                         ids=["none", "disk-then-rng", "four"])
def test_exactly_what_was_added(kinds):
    c, drivers = boot_virt(kinds)
    try:
        check_slots(c, drivers)
        disks = re.findall(r"^(vd[a-z]): .*(read-only|read-write)", c.run("blk info"), re.M)
        # Named in probe order, lowest slot first: the last -device is vda.
        want = [k for k in reversed(kinds) if k.startswith("blk")]
        assert [m for _, m in disks] == ["read-only" if k == "blk" else "read-write"
                                         for k in want], disks
        if "blk-rw" in kinds:
            # Written through and read back (the image is the test's own copy).
            disk = disks[[m for _, m in disks].index("read-write")][0]
            assert c.run("blk %s write 7 0xa5" % disk) == ""
            _, got = hexdump_bytes(c.run("blk %s read 7" % disk))
            assert got == b"\xa5" * 512
    finally:
        c.close()


def test_version_2_transport_and_module_removal():
    """virtio 1.0 registers (force-legacy=false), and a driver taken away and
    given back: the device waits on its bus, whynot names the module."""
    c, drivers = boot_virt(["rng", "net"], ["-global", "virtio-mmio.force-legacy=false"])
    try:
        transports = check_slots(c, drivers)
        assert "virtio-mmio v2" in c.boot_log and "virtio-mmio v1" not in c.boot_log
        check_ping(c, "10.0.2.2", 3)
        rows = device_rows(c)
        rng = next(d for d, r in rows.items() if r[1] == "virtio" and r[0] == transports[0])
        before = c.run("rng 32")
        assert "virtio_rng.%s unregistered" % rng[6:] in c.run("rmmod virtio_rng")
        assert "rng: no hardware RNG" in c.run("rng")
        out = c.run("whynot " + transports[0])
        assert re.search(r"its device %s \(virtio bus\): no driver; "
                         r"virtio:d00000004v[0-9A-F]{8} is module virtio_rng, not loaded"
                         % rng, out), out
        assert device_rows(c)[rng][2:] == ("-", "no driver")
        c.run("insmod virtio_rng")
        after = c.run("rng 32")
        assert re.fullmatch(r"[0-9a-f]{64}\n", after) and after != before, (before, after)
        assert device_rows(c)[rng][2:] == ("virtio_rng", "bound")
        # The NIC the same: gone and back, and it still answers.
        c.run("rmmod virtio_net")
        assert "eth0" not in c.run("ifconfig")
        c.run("insmod virtio_net")
        check_ping(c, "10.0.2.2", 3)
    finally:
        c.close()


def test_ofdump_knows_only_the_transport():
    """Off the machine, the blob says where the slots are and nothing of what
    sits in them: ofdump --devices says so for each one, and the same
    blob boots to a kernel that binds every slot (test_virt's agreement)."""
    from coyote import dumpdtb as qemu_dumpdtb
    from tools.test_whynot import OFDUMP, host_report
    if not OFDUMP.exists():
        pytest.fail("%s missing: run `make ofdump`" % OFDUMP)
    dtb = qemu_dumpdtb.dump("a15", TEST_BUILD, extra=["-device", "virtio-rng-device"],
                            stem="virtio-rng")
    nodes = {p: v for p, v in host_report(dtb).items() if p.startswith("/virtio_mmio@")}
    assert len(nodes) == 32, nodes
    for path, (verdict, driver, lines, mod) in nodes.items():
        assert (verdict, driver, mod) == ("would bind", "virtio-mmio", None), (path, verdict)
        assert lines[-1] == "virtio transport: device known at run time", (path, lines)
