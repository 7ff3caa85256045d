# SPDX-License-Identifier: BSD-2-Clause
"""Nothing a tree says can make a driver write over the kernel.
Device windows are claimed (request_mem_region, EBUSY as in Linux): never
two on one range, never over RAM, the image, the blob or the initrd, never
wrapping; ioremap() refuses the same and every caller checks it."""
import re
import time

import pytest

from coyote.qemu import BUILD, DEFAULT, Coyote, board_dts_source, compile_dts


def edited(name, *pairs):
    src = board_dts_source()
    for old, new in pairs:
        assert old in src, old
        src = src.replace(old, new, 1)
    return compile_dts(src, name)


@pytest.fixture(scope="module")
def bad_windows():
    """uart1 over the kernel image, uart2 over the initrd, a fourth UART
    over plain RAM, the I2C controller's chip select on the console UART."""
    dtb = edited(
        "bad-windows",
        ("reg = <0x101f2000 0x1000>;", "reg = <0x00010000 0x1000>;"),
        ("reg = <0x101f3000 0x1000>;", "reg = <0x04000000 0x1000>;"),
        ("1 0 0x10002000 0x1000", "1 0 0x101f1000 0x1000"),
        ("uart2: serial@101f3000 {", """uart9: serial@2000000 {
			compatible = "arm,pl011", "arm,primecell";
			reg = <0x02000000 0x1000>;
			interrupts = <15>;
			clocks = <&xtal24mhz>, <&pclk>;
			clock-names = "uartclk", "apb_pclk";
		};

		uart2: serial@101f3000 {"""))
    machine = Coyote(dtb=dtb)
    yield machine
    machine.close()


def test_window_over_the_kernel_image_is_refused(bad_windows):
    assert re.search(r"/amba/serial@101f2000: window \[mem 0x00010000-0x00010fff\] overlaps "
                     r"kernel image \[mem 0x00010000-0x[0-9a-f]{8}\]: refused \(EBUSY\)",
                     bad_windows.boot_log), bad_windows.boot_log


def test_window_over_the_initrd_is_refused(bad_windows):
    assert re.search(r"/amba/serial@101f3000: window \[mem 0x04000000-0x04000fff\] overlaps "
                     r"initrd \[mem 0x04000000-0x[0-9a-f]{8}\]: refused \(EBUSY\)",
                     bad_windows.boot_log), bad_windows.boot_log


def test_window_over_ram_is_refused(bad_windows):
    assert ("/amba/serial@2000000: window [mem 0x02000000-0x02000fff] overlaps RAM memory@0 "
            "[mem 0x00000000-0x07ffffff]: refused (EBUSY)") in bad_windows.boot_log


def test_two_devices_cannot_claim_one_window(bad_windows):
    assert ("/external-bus/i2c@1,0: window [mem 0x101f1000-0x101f1fff] overlaps "
            "101f1000.serial [mem 0x101f1000-0x101f1fff]: refused (EBUSY)") in bad_windows.boot_log
    iomem = bad_windows.run("iomem")
    assert re.search(r"^  101f1000-101f1fff  device +101f1000.serial$", iomem, re.M), iomem
    assert "101f1000.i2c" not in iomem
    # The refused drivers are failed devices, and the kernel still works.
    assert "coyote" in bad_windows.run("version")
    assert "halted" not in bad_windows.boot_log


def test_bus_without_cells_binds_nothing_at_zero(boot):
    """#address-cells/#size-cells deleted from the external bus: the
    windows come out empty at 0x0 and 0x1; nothing may bind there."""
    src = board_dts_source()
    i = src.index("external-bus {")
    j = src.index("ranges", i)
    head = src[i:j].replace("#address-cells = <2>;", "").replace("#size-cells = <1>;", "")
    c = boot(dtb=compile_dts(src[:i] + head + src[j:], "no-cells"))
    assert ("/external-bus/i2c@1,0: window at 0x00000001 is empty (size 0): refused (EINVAL)"
            in c.boot_log), c.boot_log
    assert ("/external-bus/ethernet@0,0: window at 0x00000000 is empty (size 0): refused "
            "(EINVAL)") in c.boot_log, c.boot_log
    iomem = c.run("iomem")
    assert not re.search(r"^  0000000[01]-\S+  device", iomem, re.M), iomem


def test_devm_claims_are_released_on_unbind(coyote):
    """The claim and the mapping both go with the driver (rmmod unbinds)."""
    mapped = re.compile(r"^  0x10010000-0x1001ffff +64 KiB  rwx  device$", re.M)
    assert re.search(r"^  10010000-1001ffff  device +10010000.ethernet$", coyote.run("iomem"),
                     re.M)
    assert mapped.search(coyote.run("mem"))
    coyote.run("rmmod smc91x")
    assert "10010000.ethernet" not in coyote.run("iomem")
    assert "0x10010000" not in coyote.run("mem")
    coyote.run("insmod smc91x")
    assert "10010000.ethernet" in coyote.run("iomem")
    assert mapped.search(coyote.run("mem"))


def reboot_syscon_at(reg):
    """The board with its reboot syscon moved to @reg on a 2-cell bus."""
    return edited(
        "syscon-" + reg.replace(" ", "-"),
        ('compatible = "syscon-reboot";', 'compatible = "syscon-reboot";\nregmap = <&hisys>;'),
        ("external-bus {", """hibus {
		compatible = "simple-bus";
		#address-cells = <2>;
		#size-cells = <1>;
		ranges;
		hisys: system-controller@1,0 {
			reg = <%s 0x1000>;
		};
	};

	external-bus {""" % reg))


def test_reboot_checks_ioremap(boot):
    """The reboot syscon's window over RAM (the vectors' page): ioremap()
    refuses it and reboot must not write there (it once wrote the
    undefined-instruction vector)."""
    c = boot(dtb=reboot_syscon_at("0 0"), semihosting=False)   # no way out: the shell goes on
    out = c.run("reboot", timeout=60)
    assert "reboot: system-controller@1,0: cannot map [mem " in out, out
    assert "reboot: error ENOMEM" in out, out
    assert "coyote" in c.run("version")


def test_reboot_syscon_past_4gib_is_refused(boot):
    """At a 2-cell address past 4 GiB: translation refuses to wrap it to a
    low address, so reboot has no window at all."""
    c = boot(dtb=reboot_syscon_at("1 0"), semihosting=False)
    out = c.run("reboot", timeout=60)
    assert "of: /hibus: ranges: 0x0 + 0x100000000 wraps past the parent's 32-bit " \
           "address space" in out, out
    assert "reboot: system-controller@1,0: no usable reg" in out, out
    assert "reboot: error ENODEV" in out, out
    assert "coyote" in c.run("version")


# --- item 8: the smaller ones --------------------------------------------------

def test_memreserve_over_all_ram_is_ignored_not_a_panic(boot):
    src = board_dts_source().replace("/dts-v1/;",
                                     "/dts-v1/;\n/memreserve/ 0x00000000 0x08000000;")
    c = boot(dtb=compile_dts(src, "memreserve-all"))
    assert ("mem: /memreserve/ 0x00000000-0x07ffffff (128 MiB) would leave no free RAM; ignored"
            in c.boot_log), c.boot_log
    assert re.search(r"Heap: [\d.]+ MiB in \d+ ranges", c.run("mem"))


def test_initrd_is_used_with_the_builtin_blob(boot):
    """No -dtb: QEMU passes boot tags, the kernel falls back to its built-in
    blob, and the -initrd is found through ATAG_INITRD2 (it was ignored)."""
    c = boot(dtb=None)
    assert re.search(r"fdt: initrd 0x04000000-0x[0-9a-f]{8} from the boot tags at 0x00000100",
                     c.boot_log), c.boot_log
    assert re.search(r"initrd: \d+ bytes at 0x04000000: cpio newc", c.boot_log), c.boot_log
    assert "lib/modules/smc91x.ko" in c.run("ls")
    assert re.search(r"^smc91x\s", c.run("lsmod"), re.M)


# An initrd /chosen places where no initrd can be: refused with the reason,
# the boot goes on without it (it used to crash in initrd_init).
BAD_INITRDS = [
    ("outside-ram", 0x90000000, 0x90010000, "it is not in RAM (a device window or nothing)"),
    ("on-mmio", 0x101f1000, 0x101f2000, "it is not in RAM (a device window or nothing)"),
    ("page-0", 0x00000000, 0x00001000, "it lies on page 0"),
    ("over-the-image", 0x00010000, 0x00020000, "it overlaps the kernel image at 0x00010000-"),
    # Only its end on the image: a check of the start address alone lets it by.
    ("end-on-the-image", 0x00008000, 0x00012000, "it overlaps the kernel image at 0x00010000-"),
]


@pytest.mark.parametrize("name,start,end,why", BAD_INITRDS, ids=[b[0] for b in BAD_INITRDS])
def test_bad_initrd_range_is_refused_and_the_boot_goes_on(boot, name, start, end, why):
    chosen = 'bootargs = "console=ttyAMA0,115200";'
    src = board_dts_source()
    assert chosen in src
    src = src.replace(chosen, chosen + " linux,initrd-start = <0x%x>; linux,initrd-end = <0x%x>;"
                      % (start, end), 1)
    c = boot(dtb=compile_dts(src, "initrd-" + name), initrd=None)
    assert ("initrd 0x%08x-0x%08x refused: %s" % (start, end - 1, why)) in c.boot_log, c.boot_log
    assert "booting without it" in c.boot_log
    assert "initrd" not in c.run("mem")
    assert "coyote" in c.run("version")


# --- no silent hang: a tick that never ticks ---------------------------------------

def test_dead_tick_is_reported_and_sleep_uses_the_clocksource(boot):
    """The tick's timer wired (by its interrupts property) to a VIC line
    nothing raises: reported after IRQs are on, and sleep/uptime count the
    clocksource (the same SP804's free-running half) instead of waiting
    forever for jiffies."""
    src = board_dts_source()
    old = re.search(r"reg = <0x101e2000 0x1000>;\s*interrupts = <4>;", src)
    assert old, src
    dtb = compile_dts(src.replace(old.group(0), "reg = <0x101e2000 0x1000>; interrupts = <1>;"),
                      "dead-tick")
    c = boot(dtb=dtb)
    assert re.search(r"time: tick from 101e2000\.timer: no tick in 5 periods with IRQs on: "
                     r"check its interrupts property .*sleep and uptime count the clocksource "
                     r"instead", c.boot_log), c.boot_log
    up = c.run("uptime")
    assert "by the clocksource: the tick from 101e2000.timer never ticked" in up, up
    start = time.monotonic()
    assert c.run("sleep 1", timeout=10) == ""
    assert time.monotonic() - start >= 0.9
    later = c.run("uptime")
    secs = [float(re.search(r"up ([\d.]+) s", x).group(1)) for x in (up, later)]
    assert secs[1] - secs[0] >= 1.0, (up, later)


# --- no silent hang: the soft-lockup watchdog -------------------------------------

def test_soft_lockup_is_reported_once_with_where(boot):
    c = boot(append="watchdog_thresh=2", initrd=None)
    assert "watchdog: soft-lockup detector: 2 s without going idle" in c.boot_log
    c.send("fault lockup\r")
    out = c.expect(r"\] _start\+0x[0-9a-f]+/0x[0-9a-f]+", timeout=20)
    assert re.search(r"watchdog: BUG: soft lockup - CPU stuck for [23]s!", out), out
    assert re.search(r"watchdog: stuck in fault_lockup\+0x[0-9a-f]+/0x[0-9a-f]+", out), out
    assert re.search(r"pc : \[<[0-9a-f]{8}>\] fault_lockup\+", out), out
    assert re.search(r"Backtrace \(frame pointers\):\n  \[<[0-9a-f]{8}>\] cmd_fault\+", out), out
    # The CPU is still stuck: the report ends with the way out of QEMU.
    out = c.expect(r"[^\n]*Ctrl-A X[^\n]*\n", timeout=10)
    assert "QEMU: quit with Ctrl-A X" in out, out
    # Once per stall: nothing more in the next three thresholds.
    import pexpect
    with pytest.raises(pexpect.TIMEOUT):
        c.expect("soft lockup", timeout=6)


def test_default_threshold_and_idle_shell_is_no_lockup(boot):
    c = boot(initrd=None)
    assert "watchdog: soft-lockup detector: 10 s without going idle" in c.boot_log
    # Asleep is idle, not stuck: a sleep past the threshold (2 s here,
    # not the default's 10: the same rule, 8 s less waiting).
    c = boot(append="watchdog_thresh=2", initrd=None)
    c.run("sleep 3", timeout=30)
    assert "soft lockup" not in c.run("dmesg")


# --- the MMU ------------------------------------------------------------------------

def fault(machine, kind):
    machine.send("fault %s\r" % kind)
    return machine.expect(r"halted: [^\n]*\n", timeout=30)


MMU_BOARDS = [("versatilepb", "ARMv5", 0x0), ("realview-eb", "ARMv5", 0x0),
              ("vexpress-a9", "ARMv7 (XN)", 0x60000000)]


@pytest.fixture(params=MMU_BOARDS, ids=[b[0] for b in MMU_BOARDS])
def mmu_board(request):
    machine, arch, ram = request.param
    m = Coyote(machine=machine, dtb=BUILD / "dts" / (machine + ".dtb"))
    m.arch, m.ram = arch, ram
    yield m
    m.close()


def test_mmu_layout_in_mem(mmu_board):
    m = mmu_board
    assert re.search(r"mmu: on \(%s short descriptors\): page 0 unmapped, text read-only"
                     % re.escape(m.arch), m.boot_log), m.boot_log
    out = m.run("mem")
    assert "MMU: on, %s short descriptors" % m.arch in out, out
    runs = re.findall(r"^  0x([0-9a-f]{8})-0x([0-9a-f]{8}) +\S+ \S+  (\S{3})  (\w+)", out, re.M)
    perms = {int(a, 16): (p, kind) for a, b, p, kind in runs}
    x = "x" if m.arch == "ARMv5" else "-"          # ARMv5 has no XN
    assert perms[m.ram + 0x10000] == ("r-x", "memory"), out          # kernel text
    if m.arch != "ARMv5":
        assert ("r--", "memory") in perms.values(), out               # rodata
    assert ("rw" + x, "memory") in perms.values(), out               # data, heap
    assert ("rw" + x, "device") in perms.values(), out               # ioremap()ed windows
    assert 0 not in perms, out                                       # page 0
    if m.arch == "ARMv5":
        assert re.search(r"0xffff0000-0xffff0fff +4 KiB  r-x  memory -> 0x", out), out
        assert perms[0x1000] == ("rwx", "memory"), out                # RAM from page 1
        # The autoloaded modules' code: read-only pages in the heap.
        assert [a for a, (p, k) in perms.items() if p == "r-x" and a < 0x10000], out


@pytest.mark.parametrize("kind,hint,where", [
    ("null", "at virtual address 00000000: NULL pointer dereference", "fault_null"),
    ("text", ": the kernel's text and rodata are read-only", "fault_text"),
    ("stack", ": stack overflow: the guard page under the SVC stack", "fault_stack"),
    ("kallsyms", ": the kernel's symbol table (kallsyms) is read-only", "fault_kallsyms"),
])
def test_mmu_faults_are_caught_and_named(mmu_board, kind, hint, where):
    out = fault(mmu_board, kind)
    assert "Unable to handle kernel access " in out and hint in out, out
    assert re.search(r"pc : \[<[0-9a-f]{8}>\] %s[.\w]*\+0x" % where, out), out
    assert re.search(r"halted: data abort in %s[.\w]*\+0x" % where, out), out


def test_ioremap_maps_device_windows_only(coyote):
    out = coyote.run("mem")
    # Windows of bound devices are mapped, the NIC's 64 KiB among them;
    # the GPIO blocks' (no driver) are not.
    assert re.search(r"0x10010000-0x1001ffff +64 KiB  rwx  device", out), out
    assert re.search(r"0x101f1000-0x101f3fff +12 KiB  rwx  device", out), out
    assert "0x101e4000" not in out and "whynot" not in out, out
    assert "no driver" in coyote.run("whynot /amba/gpio@101e4000")


# --- smc91x: a TX-buffer shortage is counted, not logged per frame --------------

def test_tx_shortage_in_a_storm_is_counted_not_logged_per_frame(boot):
    """A peer floods the guest with echo requests: every one wants a reply,
    RX fills the chip's packet memory and transmit allocations fail.  Each
    failure used to poll 10,000 times and print a line (a storm silenced
    the guest); now the frame is dropped and counted, one line per 5 s."""
    import struct
    import threading
    import time

    import pexpect

    from coyote.net import (GUEST_IP, PEER_IP, PEER_MAC, Peer, echo_request, eth,
                            ifconfig_mac, ipv4)
    peer = Peer()
    try:
        c = boot(extra=peer.args(), initrd=DEFAULT)
        guest_mac = bytes.fromhex(ifconfig_mac(c.run("ifconfig")).replace(":", ""))
        peer.send(eth(b"\xff" * 6, 0x0806, struct.pack("!HHBBH6s4s6s4s", 1, 0x0800, 6, 4, 1,
                                                       PEER_MAC, PEER_IP, b"\0" * 6, GUEST_IP)))
        frame = eth(guest_mac, 0x0800, ipv4(echo_request(0x1234, 1, b"q" * 1000)))
        stop = threading.Event()

        def flood():
            while not stop.is_set():
                peer.sock.sendto(frame, ("127.0.0.1", peer.qemu_port))

        def drain():
            peer.sock.settimeout(0.2)
            while not stop.is_set():
                try:
                    peer.sock.recvfrom(4096)
                except OSError:
                    pass

        threads = [threading.Thread(target=flood), threading.Thread(target=drain)]
        storm_s = 5
        for t in threads:
            t.start()
        time.sleep(storm_s)
        stop.set()
        for t in threads:
            t.join()
        t0, log = time.monotonic(), ""
        while time.monotonic() - t0 < 90:       # until the console is quiet for 3 s
            try:
                log += c.child.read_nonblocking(65536, timeout=3).replace("\r", "")
            except pexpect.TIMEOUT:
                break
        quiet_after = time.monotonic() - t0 - 3
        out = c.run("ifconfig", timeout=60)
        tx = re.search(r"TX packets (\d+) bytes \d+ errors (\d+) dropped (\d+)", out)
        lost = int(tx.group(2)) + int(tx.group(3))
        lines = log.count("no packet memory")
        print("\nTX shortage: %s frames sent, %d lost, %d console line(s), quiet %.1f s "
              "after the storm" % (tx.group(1), lost, lines, quiet_after))
        assert lost > 0, "no shortage happened: " + out
        assert 1 <= lines <= 1 + (storm_s + quiet_after) / 5 + 1, log[-2000:]
        assert re.search(r"eth0: no packet memory \(MMU allocation pending\): \d+ frames? "
                         r"dropped \(tx_dropped \d+\); next report in 5 s", log), log[-2000:]
    finally:
        peer.close()


# --- faults in firmware calls and device probes contained -----------------------

import subprocess  # noqa: E402

from coyote.qemu import TEST_BUILD  # noqa: E402
from coyote import dumpdtb as qemu_dumpdtb  # noqa: E402
from coyote.mkinitrd import write_cpio  # noqa: E402

VIRT = qemu_dumpdtb.CONFIGS["a15"]
NOTHING = 0x09500000        # inside virt's device space, nothing decodes it: external abort


@pytest.fixture(scope="module")
def poke_initrd():
    """The build's initrd plus tests/modules/modpoke.c."""
    files = [("lib/modules/" + p.name, p.read_bytes())
             for p in sorted((BUILD / "modules").iterdir()) if p.suffix in (".ko", ".alias")]
    files.append(("lib/modules/modpoke.ko",
                  (BUILD / "tests" / "modules" / "modpoke.ko").read_bytes()))
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    path = TEST_BUILD / "initrd-modpoke.cpio"
    path.write_bytes(write_cpio(files))
    return path


def virt_source():
    dtb = qemu_dumpdtb.dump("a15", TEST_BUILD / "virt")
    return subprocess.run(["dtc", "-I", "dtb", "-O", "dts", str(dtb)], capture_output=True,
                          text=True, check=True, timeout=60).stdout


def virt_with(name, *pairs):
    src = virt_source()
    for old, new in pairs:
        assert old in src, old
        src = src.replace(old, new, 1)
    return compile_dts(src, name)


@pytest.mark.parametrize("method", ["hvc", "smc"])
def test_psci_without_firmware_fails_the_device_not_the_boot(boot, method):
    """vexpress-a9 has no PSCI firmware: hvc is undefined on its A9, smc
    enters a Monitor mode with no code.  Both once halted psci_probe()."""
    src = board_dts_source("vexpress-a9")
    src += '/ { psci { compatible = "arm,psci-0.2"; method = "%s"; }; };\n' % method
    c = boot(dtb=compile_dts(src, "psci-" + method), machine="vexpress-a9")
    assert "halted" not in c.boot_log, c.boot_log
    reason = "no PSCI firmware answered (`%s #0` trapped" % method
    assert "psci psci: error ENODEV: " + reason in c.boot_log, c.boot_log
    out = c.run("whynot /psci")
    assert "probe by driver psci failed: ENODEV: " + reason in out, out
    assert "coyote" in c.run("version")


def test_gic_where_nothing_answers_fails_with_the_address(boot):
    """virt's GIC distributor moved where nothing decodes: the first read
    of PIDR2 takes an external abort, which once killed the boot."""
    dtb = virt_with("virt-gic-nothing",
                    ("reg = <0x00 0x8000000 0x00 0x10000 0x00 0x8010000",
                     "reg = <0x00 0x%x 0x00 0x10000 0x00 0x8010000" % NOTHING))
    c = boot(dtb=dtb, machine="virt", semihosting=False, extra=VIRT)
    assert "halted" not in c.boot_log, c.boot_log
    out = c.run("whynot /intc@8000000")
    assert ("probe by driver gic failed: ENODEV: nothing at 0x%08x (distributor PIDR2)"
            % (NOTHING + 0xfe8)) in out, out
    assert "coyote" in c.run("version")


def test_second_generic_timer_node_leaves_the_tick_alone(boot):
    """Two arm,armv7-timer nodes name one CPU's timer: the first probed
    keeps the tick, the second says it is idle and touches nothing (it
    once switched the shared timer off, and the dead-tick report blamed
    the interrupts property)."""
    src = virt_source()
    node = re.search(r"\ttimer \{.*?\n\t\};\n", src, re.S)
    assert node, src
    copy = node.group(0).replace("timer {", "timer-b {", 1)
    c = boot(dtb=compile_dts(src.replace(node.group(0), copy + node.group(0), 1),
                             "virt-two-timers"), machine="virt", semihosting=False, extra=VIRT)
    assert "time: tick from timer-b at 100 Hz" in c.boot_log, c.boot_log
    assert re.search(r"arch_timer timer: \d+ Hz, idle \(the tick runs elsewhere\)",
                     c.boot_log), c.boot_log
    assert "no tick in 5 periods" not in c.boot_log, c.boot_log
    up = c.run("uptime")
    assert "never ticked" not in up, up


def test_primecell_and_virtio_where_nothing_answers(boot):
    """The PL031's ID registers and a virtio-mmio slot's magic value are
    their probes' first reads: where nothing answers, a reason, no halt."""
    dtb = virt_with("virt-windows-nothing",
                    ("reg = <0x00 0x9010000 0x00 0x1000>;",
                     "reg = <0x00 0x%x 0x00 0x1000>;" % NOTHING),
                    ("reg = <0x00 0xa000000 0x00 0x200>;",
                     "reg = <0x00 0x%x 0x00 0x200>;" % (NOTHING + 0x100000)))
    c = boot(dtb=dtb, machine="virt", semihosting=False, extra=VIRT)
    assert "halted" not in c.boot_log, c.boot_log
    assert "amba: nothing at 0x%08x" % (NOTHING + 0xfe0) in c.boot_log, c.boot_log
    out = c.run("whynot /pl031@9010000")
    assert "ID 00000000/00000000 is not a PL031" in out, out
    out = c.run("whynot /virtio_mmio@a000000")
    assert "nothing at 0x%08x" % (NOTHING + 0x100000) in out, out
    assert "coyote" in c.run("version")


def test_external_abort_is_named_not_blamed_on_xn(boot, poke_initrd):
    """An unguarded read where nothing answers still halts, but says why."""
    c = boot(machine="virt", semihosting=False, extra=VIRT, initrd=poke_initrd)
    c.send("insmod modpoke read=1 addr=0x%x\r" % NOTHING)
    out = c.expect(r"halted: [^\n]*\n", timeout=30)
    assert ("at virtual address %08x: external abort: nothing answered at this address"
            % NOTHING) in out, out
    assert "XN" not in out, out
    assert re.search(r"halted: data abort in modpoke_init\+0x", out), out


def test_write_to_the_vectors_is_named(boot, poke_initrd):
    c = boot(initrd=poke_initrd)
    c.send("insmod modpoke write=1 addr=0xffff0000\r")
    out = c.expect(r"halted: [^\n]*\n", timeout=30)
    assert ("at virtual address ffff0000: the exception vectors are read-only "
            "(arch/arm/mmu.c owns them)") in out, out
    assert "module's text" not in out, out


# --- mappings bounded -----------------------------------------------------------------

def test_huge_window_is_refused_once_with_node_and_size(boot):
    """A virtio-mmio slot 512 MiB long (a size in the wrong cell): once
    mapped, then unmapped page by page, printing "out of second-level
    tables" for each page, for minutes."""
    dtb = virt_with("virt-huge-window", ("reg = <0x00 0xa000000 0x00 0x200>;",
                                         "reg = <0x00 0xa000000 0x00 0x20000000>;"))
    c = boot(dtb=dtb, machine="virt", semihosting=False, extra=VIRT)
    log = c.boot_log
    assert "out of second-level tables" not in log, log
    refusal = ("mmu: ioremap of [mem 0x0a000000-0x29ffffff] (512 MiB) refused: larger than "
               "the 256 MiB a window may be")
    assert log.count(refusal) == 1, log
    assert ("/virtio_mmio@a000000: window [mem 0x0a000000-0x29ffffff] (512 MiB) cannot be "
            "mapped: refused (ENOMEM)") in log, log
    out = c.run("whynot /virtio_mmio@a000000")
    assert "failed: ENOMEM: /virtio_mmio@a000000: window" in out, out


def test_big_window_is_unmapped_in_bounded_time(boot):
    """256 MiB (the most a window may be) for a PL031 that is not there:
    mapped in sections, the failed probe unmaps it in sections too."""
    dtb = virt_with("virt-big-window", ("reg = <0x00 0x9010000 0x00 0x1000>;",
                                        "reg = <0x00 0x20000000 0x00 0x10000000>;"))
    c = boot(dtb=dtb, machine="virt", semihosting=False, extra=VIRT)
    assert "out of second-level tables" not in c.boot_log, c.boot_log
    assert "is not a PL031" in c.run("whynot /pl031@9010000")
    assert not re.search(r"^  0x2\w{7}-", c.run("mem"), re.M)


def test_ioremap_of_3_5_gib_is_refused_at_once(boot, poke_initrd):
    c = boot(initrd=poke_initrd)
    out = c.run("insmod modpoke map=1 addr=0x10000000 size=0xe0000000", timeout=10)
    assert ("mmu: ioremap of [mem 0x10000000-0xefffffff] (3584 MiB) refused: larger than the "
            "256 MiB a window may be") in out, out
    assert "modpoke: ioremap(0x10000000, 0xe0000000) = 0x00000000" in out, out
    assert "coyote" in c.run("version")


def kernel_tables(c):
    """The page tables (from iomem) and, on ARMv5, the vector page's RAM
    alias (from mem), as addresses a module might write to."""
    tables = [int(a, 16) for a in re.findall(r"^  ([0-9a-f]{8})-[0-9a-f]{8}  reserved  page tables$",
                                             c.run("iomem"), re.M)]
    alias = re.search(r"^  0xffff0000-0xffff0fff .* -> 0x([0-9a-f]{8})$", c.run("mem"), re.M)
    return tables, int(alias.group(1), 16) if alias else None


@pytest.mark.parametrize("machine", ["versatilepb", "vexpress-a9"])
def test_module_cannot_write_the_page_tables(boot, poke_initrd, machine):
    c = boot(initrd=poke_initrd, machine=machine, dtb=BUILD / "dts" / (machine + ".dtb"))
    tables, _ = kernel_tables(c)
    assert len(tables) == 2, tables
    c.send("insmod modpoke write=1 addr=0x%x\r" % (max(tables) + 0x10))
    out = c.expect(r"halted: [^\n]*\n", timeout=30)
    assert ("at virtual address %08x: the page tables are read-only (arch/arm/mmu.c owns them)"
            % (max(tables) + 0x10)) in out, out
    assert "modpoke: wrote" not in out, out


def test_module_cannot_write_the_vector_page_through_its_ram_alias(boot, poke_initrd):
    c = boot(initrd=poke_initrd)
    _, alias = kernel_tables(c)
    c.send("insmod modpoke write=1 addr=0x%x\r" % alias)
    out = c.expect(r"halted: [^\n]*\n", timeout=30)
    assert ("at virtual address %08x: the exception vectors are read-only (arch/arm/mmu.c "
            "owns them)" % alias) in out, out


# --- the heap debug mode catches what slub_debug catches ------------------------

def test_heap_reports_are_counted_and_a_looped_link_does_not_hang(poke_initrd):
    """A module frees a block twice, then writes a link to itself over a
    freed block's first word: once "0 errors reported" and a kmalloc that
    looped with IRQs off; now each is reported, counted in `mem`, and the
    list rebuilt."""
    c = Coyote(initrd=poke_initrd, append="console=ttyAMA0 slub_debug")
    try:
        out = c.run("insmod modpoke dfree=1", timeout=20)
        assert re.search(r"heap: kfree\(\S+\) from modpoke_\w+\+0x\w+/0x\w+ \[modpoke\]: "
                         r"double free", out), out
        assert "Heap debug (slub_debug): 1 error reported" in c.run("mem")
        c.run("rmmod modpoke")
        out = c.run("insmod modpoke link=1", timeout=20)
        assert re.search(r"heap: use after free: the free-list link at \S+ overwritten "
                         r"\(0x\w+\) after kfree, in a \d+-byte block allocated by "
                         r"modpoke_\w+\+0x\w+/0x\w+ \[modpoke\], freed by modpoke_\w+\+", out), out
        assert "heap: free list rebuilt from the block headers" in out, out
        assert "modpoke: kmalloc past a looped link: 00000000" in out, out
        mem = c.run("mem")
        assert "Heap debug (slub_debug): 2 errors reported" in mem, mem
        assert "CORRUPTED" not in mem, mem
        assert "coyote" in c.run("version")
    finally:
        c.close(check_heap=False)


# --- wrong words: an empty disk --------------------------------------------------------

def test_empty_disk_is_called_empty(boot):
    """A 0-byte image: `blk read 0` once said "0 to 18446744073709551615"."""
    img = TEST_BUILD / "empty-disk.img"
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    img.write_bytes(b"")
    c = boot(machine="virt", extra=["-net", "none", "-device", "virtio-blk-device,drive=d0",
                                    "-drive", "if=none,id=d0,file=%s,format=raw" % img])
    assert "block: vda: 0 sectors, read-write" in c.boot_log, c.boot_log
    for cmd in ("blk read 0", "blk write 3 1"):
        out = c.run(cmd)
        assert "blk: vda is empty (0 sectors): there is no sector %s" % cmd.split()[2] in out, out
        assert "18446744073709551615" not in out, out


# --- a device whose node an overlay removal restores ----------------------------------

@pytest.fixture(scope="module")
def bad_irq_initrd():
    """The build's initrd plus an overlay that gives the NIC an interrupt
    its controller does not have."""
    dts = TEST_BUILD / "eth0-bad-irq.dts"
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    dts.write_text('/dts-v1/;\n/plugin/;\n\n&eth0 {\n\tinterrupts = <99>;\n};\n')
    dtbo = TEST_BUILD / "eth0-bad-irq.dtbo"
    subprocess.run(["dtc", "-@", "-I", "dts", "-O", "dtb", "-o", str(dtbo), str(dts)],
                   check=True, capture_output=True, timeout=60)
    files = [("lib/modules/" + p.name, p.read_bytes())
             for p in sorted((BUILD / "modules").iterdir()) if p.suffix in (".ko", ".alias")]
    files += [("lib/firmware/" + p.name, p.read_bytes())
              for p in sorted((BUILD / "overlays").glob("*.dtbo"))]
    files.append(("lib/firmware/eth0-bad-irq.dtbo", dtbo.read_bytes()))
    path = TEST_BUILD / "initrd-bad-irq.cpio"
    path.write_bytes(write_cpio(files))
    return path


def test_overlay_removal_that_restores_a_failed_device_probes_it_again(boot, bad_irq_initrd):
    """The NIC's driver away, an overlay breaks its interrupts, the driver
    comes back and fails; removing the overlay puts the property back and
    once left the device failed (and the heap short what it kept)."""
    c = boot(initrd=bad_irq_initrd)
    c.run("rmmod smc91x")
    out = c.run("overlay apply eth0-bad-irq")
    assert "error" not in out, out
    out = c.run("insmod smc91x")
    assert "probe of 10010000.ethernet failed" in out, out
    assert "failed" in c.run("whynot ethernet0")
    out = c.run("overlay rm 1")
    assert "10010000.ethernet: /external-bus/ethernet@0,0: property interrupts changed: " \
           "probing again" in out, out
    assert "smc91x 10010000.ethernet: bound (smsc,lan91c111)" in out, out
    assert "verdict: bound" in c.run("whynot ethernet0")
    assert "1 packets transmitted, 1 received" in c.run("ping -c 1 10.0.2.2")
