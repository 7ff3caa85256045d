# SPDX-License-Identifier: BSD-2-Clause
"""Driver core on the board: devices from the tree, drivers by compatible,
deferred probe, interrupts, the tick and the interrupt-driven PL011.

Runs on the board DTB and on variants of the board DTS generated here
(under build/tests/): a disabled UART, an unknown compatible, and the SIC
moved to the end of the tree so that UART3, which it serves, comes first.
"""
import os
import re
import subprocess
import time

from coyote.qemu import board_dts_source, compile_dts

UARTS = {
    "/amba/serial@101f1000": "ttyAMA0",
    "/amba/serial@101f2000": "ttyAMA1",
    "/amba/serial@101f3000": "ttyAMA2",
    "/fpga@10000000/serial@9000": "ttyAMA3",
}
VIC = "/amba/interrupt-controller@10140000"
SIC = "/amba/interrupt-controller@10003000"
TICK_TIMER = "/amba/timer@101e2000"


def devices_table(out):
    """`devices` output as {node path: (device, bus, driver, state)}."""
    rows = {}
    for line in out.splitlines():
        if not line.startswith("/"):
            continue
        path, dev, bus, driver, _order, state = line.split(None, 5)
        rows[path] = (dev, bus, driver, state.strip())
    return rows


def variant(name, extra):
    """The board DTS with @extra appended, compiled to build/tests/NAME.dtb."""
    return compile_dts(board_dts_source() + "\n" + extra + "\n", name)


def test_board_boot_log_shows_probing(coyote):
    log = coyote.boot_log
    assert re.search(r"vic \S+: PL190 VIC \(id 00041190\), 32 lines, root controller", log)
    assert re.search(r"versatile-sic \S+: versatile SIC, 32 lines, cascaded into "
                     r"interrupt-controller@10140000 line 31", log), log
    assert "time: tick from 101e2000.timer at 100 Hz" in log
    # The reload is exactly rate / HZ counts: one count more is a 0.01%
    # slow tick no wall clock would see (the tree's clock is 1 MHz).
    m = re.search(r"sp804 101e2000\.timer: (\d+) Hz clock, tick every (\d+) counts", log)
    assert m and int(m.group(1)) == 1000000 and int(m.group(2)) == 1000000 // 100, log
    for tty in UARTS.values():
        assert re.search(r"uart-pl011 \S+: %s: PL011" % tty, log), tty
    # The console moves from the early console to the driver in one line.
    assert "console [ttyAMA0] enabled, bootconsole [pl011] disabled" in log
    assert re.search(r"of: populated \d+ platform devices", log)
    assert re.search(r"driver core: \d+ device\(s\) bound, 0 deferred, 0 failed", log)
    assert "irq: IRQs enabled" in log


def test_devices_all_bound(coyote):
    rows = devices_table(coyote.run("devices"))
    assert rows[VIC][2:] == ("vic", "bound")
    assert rows[SIC][2:] == ("versatile-sic", "bound")
    assert rows[TICK_TIMER][2:] == ("sp804", "bound")
    for path in UARTS:
        assert rows[path][1:] == ("platform", "uart-pl011", "bound"), path
    # Nodes nobody drives yet are listed as such, not hidden.
    assert rows["/amba/gpio@101e4000"][2:] == ("-", "no driver")
    # Bus nodes are containers, nodes without compatible are not devices.
    assert "/amba" not in rows and "/chosen" not in rows and "/cpus" not in rows


def test_drivers_list_compatibles(coyote):
    out = coyote.run("drivers")
    assert re.search(r"^uart-pl011 +platform +arm,pl011$", out, re.M), out
    assert re.search(r"^vic +platform +arm,versatile-vic arm,pl190-vic$", out, re.M), out
    assert re.search(r"^sp804 +platform +arm,sp804$", out, re.M), out
    assert re.search(r"^fixed-clock +platform +fixed-clock$", out, re.M), out


def test_irqs_count_the_tick(coyote):
    first = coyote.run("irqs")
    time.sleep(0.5)
    second = coyote.run("irqs")

    def tick_count(out):
        m = re.search(r"^interrupt-controller@10140000 +4 +\d+ +- +101e2000\.timer +(\d+)$",
                      out, re.M)
        assert m, out
        return int(m.group(1))

    assert tick_count(second) > tick_count(first)
    assert re.search(r"^interrupt-controller@10140000 +31 +\d+ +- +\(cascade\)", first, re.M)
    assert re.search(r"^interrupt-controller@10003000 +6 +\d+ +- +10009000\.serial", first, re.M)
    assert re.search(r"^spurious: \d+, deepest dispatch nesting: [01]$", first, re.M)


def test_dt_prints_a_subtree(coyote):
    out = coyote.run("dt /amba/serial@101f1000")
    assert out.startswith("serial@101f1000 {"), out
    # dtc's decompiler style: string lists joined by \0, cells in hex.
    assert re.search(r'compatible = "arm,pl011(\\0|", ")arm,primecell";', out), out
    assert re.search(r"interrupts = <0x0?c>;", out), out
    assert "dt: error ENOENT" in coyote.run("dt /no/such/node")


def test_dt_whole_tree_compiles_back(coyote, tmp_path):
    out = coyote.run("dt", timeout=30)
    assert out.startswith("/dts-v1/;")
    src = tmp_path / "live.dts"
    src.write_text(out)
    res = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", os.devnull, str(src)],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert "serial@101f1000 {" in out and "interrupt-controller@10003000 {" in out


def test_disabled_uart_gets_no_device(boot):
    dtb = variant("drvcore-uart2-disabled", '&uart2 { status = "disabled"; };')
    c = boot(dtb=dtb)
    assert "ttyAMA2" not in c.boot_log
    assert re.search(r"of: populated \d+ platform devices \(1 disabled", c.boot_log)
    rows = devices_table(c.run("devices"))
    assert "/amba/serial@101f3000" not in rows
    for path in ("/amba/serial@101f1000", "/amba/serial@101f2000",
                 "/fpga@10000000/serial@9000"):
        assert rows[path][3] == "bound", path


def test_unknown_compatible_shows_no_driver(boot):
    dtb = variant("drvcore-unknown", """&{/amba} {
	mystery@10180000 {
		compatible = "coyote,no-such-device";
		reg = <0x10180000 0x1000>;
	};
};""")
    c = boot(dtb=dtb)
    rows = devices_table(c.run("devices"))
    assert rows["/amba/mystery@10180000"] == ("10180000.mystery", "platform", "-",
                                              "no driver")


def test_interrupt_parent_declared_later_waits_then_binds(boot):
    """The SIC moved to the end of the tree: UART3 comes first, but its
    device link to the SIC (interrupt-parent) holds it back without a probe
    call, and it is probed right after the SIC binds: no deferral."""
    src = board_dts_source()
    start = src.index("sic: interrupt-controller@10003000 {")
    end = src.index("};", start) + 2
    sic_node = src[start:end]
    src = src[:start] + src[end:]
    src += "\n/ {\n" + sic_node + "\n};\n"
    c = boot(dtb=compile_dts(src, "drvcore-sic-last"))
    log = c.boot_log
    assert " deferred: " not in log, log
    sic = log.find("versatile-sic 10003000.interrupt-controller: bound")
    uart3 = log.find("uart-pl011 10009000.serial: bound")
    assert 0 < sic < uart3, log
    assert re.search(r"driver core: \d+ device\(s\) bound, 0 deferred", log)
    rows = devices_table(c.run("devices"))
    assert rows["/fpga@10000000/serial@9000"][2:] == ("uart-pl011", "bound")
    assert rows["/interrupt-controller@10003000"][2:] == ("versatile-sic", "bound")
    probes = c.run("probes")
    assert re.search(r"10009000\.serial +uart-pl011 +link satisfied +bound", probes), probes
    assert "EPROBE_DEFER" not in probes, probes


def uart0_irq_count(c):
    m = re.search(r"^interrupt-controller@10140000 +12 +\d+ +- +101f1000\.serial +(\d+)$",
                  c.run("irqs"), re.M)
    assert m
    return int(m.group(1))


def test_pasted_line_arrives_complete(coyote):
    line = "".join(chr(ord("a") + i % 26) for i in range(200))
    before = uart0_irq_count(coyote)
    out = coyote.run(line)          # one write: all 200 characters at once
    assert out.strip() == "unknown command: %s (try help)" % line
    # They came in through the receive interrupt (each one drains the FIFO,
    # so there are fewer interrupts than characters).
    assert uart0_irq_count(coyote) > before
    # Twice more, to be sure nothing was left behind in the ring.
    for _ in range(2):
        assert coyote.run(line).strip() == "unknown command: %s (try help)" % line


def uptime_seconds(c):
    m = re.search(r"^up (\d+)\.(\d\d) s \((\d+) jiffies at 100 Hz, tick from 101e2000\.timer\)$",
                  c.run("uptime"), re.M)
    assert m
    return int(m.group(1)) + int(m.group(2)) / 100


def test_uptime_follows_wall_time(coyote):
    t0, u0 = time.monotonic(), uptime_seconds(coyote)
    time.sleep(2)
    t1, u1 = time.monotonic(), uptime_seconds(coyote)
    wall, guest = t1 - t0, u1 - u0
    # Loose on purpose: QEMU's timer is virtual and the host is shared.
    assert 0.4 * wall < guest < 2.5 * wall + 0.5, (wall, guest)


def test_sleep_waits(coyote):
    u0 = uptime_seconds(coyote)
    t0 = time.monotonic()
    assert coyote.run("sleep 1", timeout=30).strip() == ""
    assert time.monotonic() - t0 >= 0.5
    assert uptime_seconds(coyote) - u0 >= 1.0
    assert "sleep: error EINVAL" in coyote.run("sleep soon")


def test_failing_probe_is_isolated(boot):
    """UART2's reg moved to an empty address: its ID check fails, the error
    is named, and everything else still binds."""
    dtb = variant("drvcore-uart2-wrong-reg", "&uart2 { reg = <0x101f9000 0x1000>; };")
    c = boot(dtb=dtb)
    assert re.search(r"uart-pl011: probe of 101f9000\.serial failed: ENODEV", c.boot_log)
    rows = devices_table(c.run("devices"))
    assert rows["/amba/serial@101f3000"][2:] == ("uart-pl011", "failed (ENODEV)")
    assert rows[TICK_TIMER][3] == "bound" and rows[VIC][3] == "bound"
    assert rows["/fpga@10000000/serial@9000"][3] == "bound"


def test_no_interrupt_controller_still_boots(boot):
    """Without a VIC everything with an interrupt waits, the end-of-boot
    report says why, and the kernel reaches its shell on the early console
    with IRQs masked: no hang, no silent failure."""
    dtb = variant("drvcore-no-vic", '&vic { status = "disabled"; };')
    c = boot(dtb=dtb)
    log = c.boot_log
    assert re.search(r"driver core: /amba/timer@101e2000 still deferred at end of boot: "
                     r"waiting for interrupt parent /amba/interrupt-controller@10140000 "
                     r"\(that node is disabled\)", log), log
    # UART3 waits for the SIC, which waits for the VIC: the report says so.
    assert re.search(r"/fpga@10000000/serial@9000 still deferred at end of boot: "
                     r"waiting for interrupt parent /amba/interrupt-controller@10003000 "
                     r"\(itself deferred\)", log), log
    assert "irq: no root interrupt controller probed: IRQs stay masked" in log
    rows = devices_table(c.run("devices"))
    assert rows[TICK_TIMER][3].startswith("deferred (waiting for interrupt parent")
    assert rows[SIC][3].startswith("deferred (waiting for interrupt parent")
    assert "no tick timer has probed" in c.run("sleep 1")


def ttys_table(out):
    rows = {}
    for line in out.splitlines()[1:]:
        f = line.split()
        if len(f) == 9:
            rows[f[0]] = {"device": f[1], "virq": int(f[2]), "baud": int(f[3]),
                          "rx": int(f[4]), "overruns": int(f[6]), "console": f[8]}
    return rows


def test_every_uart_named_by_alias(coyote):
    rows = ttys_table(coyote.run("ttys"))
    assert {t: r["device"] for t, r in rows.items()} == {
        "ttyAMA0": "101f1000.serial", "ttyAMA1": "101f2000.serial",
        "ttyAMA2": "101f3000.serial", "ttyAMA3": "10009000.serial"}
    assert rows["ttyAMA0"]["console"] == "yes" and rows["ttyAMA1"]["console"] == "-"
    assert all(r["baud"] == 115200 for r in rows.values())
    line = "x" * 150
    coyote.run(line)
    after = ttys_table(coyote.run("ttys"))["ttyAMA0"]
    assert after["rx"] >= rows["ttyAMA0"]["rx"] + 150 and after["overruns"] == 0


def test_aliases_decide_tty_numbers(boot):
    dtb = variant("drvcore-aliases-swapped",
                  "&{/aliases} { serial1 = &uart2; serial2 = &uart1; };")
    c = boot(dtb=dtb)
    rows = ttys_table(c.run("ttys"))
    assert rows["ttyAMA1"]["device"] == "101f3000.serial"
    assert rows["ttyAMA2"]["device"] == "101f2000.serial"


def test_board_without_its_nic_fails_only_the_ethernet_probe(boot):
    # -net none: QEMU has no SMC91C111, its window reads zeros, and the
    # driver refuses it by name; everything else still binds.
    c = boot(extra=["-net", "none"])
    log = c.run("dmesg")
    assert re.search(r"smc91x: probe of 10010000\.ethernet failed: ENODEV", log), log
    assert re.search(r"driver core: \d+ device\(s\) bound, 0 deferred, 1 failed", log), log
    assert "coyote" in c.run("version")
