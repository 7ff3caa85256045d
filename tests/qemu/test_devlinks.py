# SPDX-License-Identifier: BSD-2-Clause
"""Device links on the board: links from the tree, probe in dependency order,
cycles, suppliers that never bind, and the shell's `devlinks`, `whynot`,
`probes` and `devices` order column.

Three boots: the board tree; the board tree with every node's children in
reverse order (each consumer before its suppliers: still no deferral and
one probe call per device); and the board tree plus a set of nodes that
show each case (a supplier without driver, disabled, failing, two cycles,
and a supplier whose driver is a module).
"""
import os
import re
import subprocess

import pytest

from coyote.devlinks import (CASES, FPGA_UART, NET, NIC_CONSUMER, RTC, RTC_SUPPLIES_UART3,
                             devices_rows, devlinks_rows, machine_state, probe_rows)
from coyote.qemu import BOARD_DTB, board_dts_source, compile_dts


def reverse_children(dts):
    """dtc's decompiled DTS with the children of every node in reverse
    order (properties stay first; phandles are numbers, so nothing breaks)."""
    lines = dts.splitlines()

    def node(i):
        """Parse the node opening at lines[i]; return (lines, next index)."""
        head, props, children = [lines[i]], [], []
        i += 1
        while not lines[i].strip().startswith("};"):
            if lines[i].rstrip().endswith("{"):
                child, i = node(i)
                children.append(child)
            elif lines[i].strip():
                props.append(lines[i])
                i += 1
            else:
                i += 1
        out = head + props
        for child in reversed(children):
            out += [""] + child
        return out + [lines[i]], i + 1

    start = next(i for i, l in enumerate(lines) if l.startswith("/ {"))
    root, _ = node(start)
    return "\n".join(lines[:start] + root) + "\n"


def check_order(c):
    """Every link active, each supplier bound before its consumer, one
    probe call per bound device and none deferred."""
    rows = devices_rows(c.run("devices"))
    links = devlinks_rows(c.run("devlinks"))
    assert links
    for sup, con, prop, state in links:
        assert state == "active", (sup, con, prop, state)
        if rows[con][2] == "bound":
            assert int(rows[sup][1]) < int(rows[con][1]), (sup, con, rows[sup], rows[con])
    probes = probe_rows(c.run("probes"))
    bound = [p for p, r in rows.items() if r[2] == "bound"]
    assert len(probes) == len(bound), (probes, bound)
    assert all(p[3] == "bound" for p in probes), probes
    return rows, links, probes


def test_board_probes_in_link_order(coyote):
    log = coyote.boot_log
    assert re.search(r"fw_devlink: 30 link\(s\) among 21 new device\(s\), from \d+ supplier "
                     r"properties", log), log
    assert " deferred: " not in log
    rows, links, probes = check_order(coyote)
    assert ("/amba/interrupt-controller@10003000", FPGA_UART, "interrupt-parent",
            "active") in links
    assert ("/clock-24000000", "/amba/serial@101f1000", "clocks", "active") in links
    assert ("/amba/interrupt-controller@10140000", "/amba/serial@101f1000",
            "interrupt-parent (inherited)", "active") in links
    # The modules' devices probe when their module registers its driver.
    assert ("0-0068", "rtc-ds1338", "module loaded", "bound") in probes
    out = coyote.run("devlinks /clock-apb")
    assert out.splitlines()[-1] == "11 of 30 link(s)", out


def test_worst_order_tree_still_needs_no_deferral(boot):
    dts = subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", str(BOARD_DTB)],
                         capture_output=True, text=True, check=True).stdout
    rev = reverse_children(dts)
    assert rev.index("rtc@101e8000 {") < rev.index("interrupt-controller@10140000 {")
    c = boot(dtb=compile_dts(rev, "devlinks-reversed"))
    log = c.boot_log
    assert " deferred: " not in log, log
    assert re.search(r"driver core: 15 device\(s\) bound, 0 deferred, 0 failed", log), log
    rows, links, probes = check_order(c)
    assert len(links) == 30
    # Listed last, needed first: the VIC binds before everything it serves,
    # which waited for it without a probe call.
    names = [p[0] for p in probes]
    assert names.index("10140000.interrupt-controller") < names.index("101f1000.serial")
    assert any(p[2] == "link satisfied" for p in probes), probes


def test_links_cases(boot):
    c = boot(dtb=compile_dts(board_dts_source() + CASES, "devlinks-cases"))
    log = c.boot_log
    # Cycles: printed whole when links are made, before any probe.
    for line in (
        "fw_devlink: dependency cycle of 2 devices:",
        "fw_devlink:   /clock-cycle-a waits for /clock-cycle-b (clocks, rank 9)",
        "fw_devlink:   /clock-cycle-b waits for /clock-cycle-a (power-domains, rank 8): "
        "relaxed",
        "fw_devlink: relaxed /clock-cycle-b -> /clock-cycle-a (power-domains): the least "
        "essential link in the cycle; /clock-cycle-b probes first",
        "fw_devlink: dependency cycle of 3 devices:",
        "fw_devlink:   /clock-cycle-c waits for /clock-cycle-d (resets, rank 7)",
        "fw_devlink:   /clock-cycle-d waits for /clock-cycle-e (pwms, rank 4)",
        "fw_devlink:   /clock-cycle-e waits for /clock-cycle-c (pinctrl-0, rank 3): relaxed",
        # End of boot: suppliers that never bound, each consumer probed anyway.
        "fw_devlink: /clock-user-b probes without /clock-off (clocks): that node is disabled",
        'fw_devlink: /clock-user-a probes without /clock-missing (clocks): no driver for '
        '"coyote,no-such-clock"',
        "fw_devlink: /clock-user-c probes without /clock-bad (clocks): its probe failed: "
        "EINVAL",
    ):
        assert line + "\n" in log, (line, log)
    assert " deferred: " not in log, log
    # The module's RTC binds, then UART3, which waited for it.
    rtc = log.index("rtc-ds1338 0-0068: bound")
    assert log.index("uart-pl011 10009000.serial: bound") > rtc, log
    probes = probe_rows(c.run("probes"))
    names = [p[0] for p in probes]
    assert names.index("10009000.serial") == names.index("0-0068") + 1, probes
    assert probes[names.index("10009000.serial")][2] == "link satisfied", probes
    assert probes[names.index("clock-user-a")][2] == "supplier missing", probes
    assert names.index("clock-cycle-b") < names.index("clock-cycle-a"), probes
    assert names.index("clock-cycle-e") < names.index("clock-cycle-d") < \
        names.index("clock-cycle-c"), probes

    out = c.run("devlinks /clock-user-a")
    assert out.splitlines()[1].split() == [
        "/clock-missing", "/clock-user-a", "clocks", "supplier-missing:", "no", "driver",
        "for", '"coyote,no-such-clock"'], out
    links = devlinks_rows(c.run("devlinks"))
    assert ("/clock-off", "/clock-user-b", "clocks",
            "supplier-missing: that node is disabled") in links
    assert ("/clock-bad", "/clock-user-c", "clocks",
            "supplier-missing: its probe failed: EINVAL") in links
    assert ("/clock-cycle-a", "/clock-cycle-b", "power-domains",
            "relaxed: ends a cycle of 2: the least essential link in it (rank 8)") in links
    assert ("/clock-cycle-c", "/clock-cycle-e", "pinctrl-0",
            "relaxed: ends a cycle of 3: the least essential link in it (rank 3)") in links
    assert ("/clock-cycle-b", "/clock-cycle-a", "clocks", "active") in links
    assert (RTC, FPGA_UART, "power-domains", "active") in links

    out = c.run("whynot /clock-user-a")
    assert out.splitlines()[1:] == [
        '  bound to driver fixed-clock, by table entry "fixed-clock" (string 1 of 1 in '
        'compatible)',
        "  device clock-user-a on the platform bus",
        '  link to /clock-missing (clocks) supplier-missing: no driver for '
        '"coyote,no-such-clock"',
        "verdict: bound"], out
    out = c.run("whynot /clock-user-b")
    assert out.splitlines()[-2:] == [
        "  link to /clock-off (clocks) supplier-missing: that node is disabled",
        "verdict: bound"], out
    out = c.run("whynot /clock-user-c")
    assert out.splitlines()[-2:] == [
        "  link to /clock-bad (clocks) supplier-missing: its probe failed: EINVAL",
        "verdict: bound"], out
    out = c.run("whynot /clock-bad")
    assert out.splitlines()[1:] == [
        "  probe by driver fixed-clock failed: EINVAL: no clock-frequency",
        "verdict: failed"], out
    out = c.run("whynot /clock-cycle-b")
    assert "  link to /clock-cycle-a (power-domains) relaxed: ends a cycle of 2: the least " \
        "essential link in it (rank 8)" in out, out
    rows = devices_rows(c.run("devices"))
    assert rows["/clock-bad"][2] == "failed (EINVAL)"
    assert int(rows[RTC][1]) + 1 == int(rows[FPGA_UART][1]), rows


# --- managed links: a supplier's consumers unbind first --------------------

ROUNDS = int(os.environ.get("COYOTE_FLIP_ROUNDS", "50"))
GATEWAY = "10.0.2.2"


def pings(c):
    out = c.run("ping -i 0.2 -c 2 %s" % GATEWAY, timeout=20)
    assert "2 packets transmitted, 2 received" in out, out


def test_sic_flip_unbinds_consumers_first_and_gives_everything_back(boot):
    c = boot(extra=NET)
    before = machine_state(c)
    out = c.run("overlay apply flip-sic")
    # Last bound first, each naming the supplier, all before the SIC goes.
    eth = out.index("fw_devlink: /external-bus/ethernet@0,0 unbinds before its supplier "
                    "/amba/interrupt-controller@10003000 (interrupt-parent)")
    uart = out.index("fw_devlink: %s unbinds before its supplier "
                     "/amba/interrupt-controller@10003000 (interrupt-parent)" % FPGA_UART)
    # Unbound, not left with a handler on a line that goes.
    assert "still requested" not in out, out
    assert eth < out.index("10010000.ethernet: unbound") < uart < \
        out.index("10009000.serial: unbound") < \
        out.index("10003000.interrupt-controller: unbound"), out
    why = c.run("whynot /external-bus/ethernet@0,0")
    assert "  waits for /amba/interrupt-controller@10003000 (interrupt-parent): that node " \
        "is disabled" in why and why.splitlines()[-1] == "verdict: waiting", why
    assert ("/amba/interrupt-controller@10003000", FPGA_UART, "interrupt-parent",
            "waiting") in devlinks_rows(c.run("devlinks"))
    out = c.run("overlay rm flip-sic")
    assert out.index("10003000.interrupt-controller: bound") < \
        out.index("10009000.serial: bound"), out
    assert machine_state(c) == before
    pings(c)
    out = c.run("overlay cycle %d flip-sic" % ROUNDS, timeout=60 + ROUNDS)
    assert "%d rounds of 1 overlay applied and removed: ok" % ROUNDS in out, out
    assert machine_state(c) == before
    pings(c)


def test_bus_flip_gives_the_nic_back(boot):
    c = boot(extra=NET)
    before = machine_state(c)
    out = c.run("overlay cycle %d flip-extbus" % ROUNDS, timeout=60 + 2 * ROUNDS)
    assert "%d rounds of 1 overlay applied and removed: ok" % ROUNDS in out, out
    assert machine_state(c) == before
    pings(c)


def test_clock_flip_keeps_its_links(boot):
    c = boot()
    c.run("overlay apply clk32k")
    c.run("overlay apply clk32k-user")
    before = machine_state(c)
    assert ("/clock-32768", "/clock-16384", "clocks", "active") in before[1]
    out = c.run("overlay apply flip-clk32k")
    assert out.index("fw_devlink: /clock-16384 unbinds before its supplier /clock-32768 "
                     "(clocks)") < out.index("clock-16384: unbound") < \
        out.index("clock-32768: unbound"), out
    assert devices_rows(c.run("devices"))["/clock-16384"][2] == "waiting"
    c.run("overlay rm flip-clk32k")
    assert machine_state(c) == before
    out = c.run("overlay cycle %d flip-clk32k" % ROUNDS, timeout=60 + ROUNDS)
    assert "%d rounds of 1 overlay applied and removed: ok" % ROUNDS in out, out
    assert machine_state(c) == before


@pytest.mark.parametrize("module,tree,consumer,cdev,supplier,sdev", [
    ("smc91x", NIC_CONSUMER, "/clock-nic-user", "clock-nic-user",
     "/external-bus/ethernet@0,0", "10010000.ethernet"),
    ("ds1338", RTC_SUPPLIES_UART3, FPGA_UART, "10009000.serial", RTC, "0-0068"),
])
def test_rmmod_unbinds_the_consumer_first_insmod_binds_it_again(boot, module, tree, consumer,
                                                                cdev, supplier, sdev):
    c = boot(extra=NET, dtb=compile_dts(board_dts_source() + tree, "devlinks-" + module))
    before = machine_state(c)
    assert (supplier, consumer, "power-domains", "active") in before[1]
    out = c.run("rmmod " + module)
    assert out.index("fw_devlink: %s unbinds before its supplier %s (power-domains)"
                     % (consumer, supplier)) < out.index("%s: unbound" % cdev) < \
        out.index("%s: unbound" % sdev), out
    why = c.run("whynot " + consumer)
    assert "verdict: bound" not in why and "waits for %s" % supplier in why, why
    out = c.run("insmod " + module)
    assert out.index("%s: bound" % sdev) < out.index("%s: bound" % cdev), out
    assert machine_state(c) == before
    for _ in range(ROUNDS):
        c.run("rmmod " + module)
        c.run("insmod " + module)
    assert machine_state(c) == before
    pings(c)


# UART2 needs the RTC, whose driver is the ds1338 module.
RTC_SUPPLIES_UART2 = """
&i2c0 { rtc@68 { #power-domain-cells = <0>; }; };
&uart2 { power-domains = <&{/external-bus/i2c@1,0/rtc@68}>; };
"""


def test_consumer_added_while_its_suppliers_module_is_out_waits_for_it(boot):
    """UART2 taken away (an overlay), the RTC's module removed, UART2
    brought back: it waits for the RTC, whose module is known, instead of
    binding without it; insmod binds both, supplier first."""
    c = boot(dtb=compile_dts(board_dts_source() + RTC_SUPPLIES_UART2, "devlinks-later",
                             symbols=True))
    assert "101f3000.serial: bound" in c.boot_log, c.boot_log
    assert "applied" in c.run("overlay apply uart2-disable")
    assert "ds1338 unloaded" in c.run("rmmod ds1338")
    out = c.run("overlay rm uart2-disable")
    assert "101f3000.serial: bound" not in out, out
    why = c.run("whynot /amba/serial@101f3000")
    assert "verdict: bound" not in why and "waits for %s" % RTC in why, why
    assert "module ds1338 is not loaded (insmod ds1338)" in c.run("whynot " + RTC)
    out = c.run("insmod ds1338")
    assert out.index("0-0068: bound") < out.index("101f3000.serial: bound"), out


@pytest.mark.parametrize("name,why", [
    ("fatal-console", "ttyAMA0 (console) goes with this change: the machine would be lost"),
    ("fatal-uartclk", "ttyAMA0 (console) depends on clock-24000000 via clocks, which goes "
                      "with this change: the machine would be lost"),
    ("fatal-vic", "10140000.interrupt-controller (root interrupt controller) goes with this "
                  "change: the machine would be lost"),
    ("fatal-root", "it would disable the root node /: every device would go"),
])
def test_overlay_that_loses_the_machine_is_refused(coyote, name, why):
    before = coyote.run("dt")
    out = coyote.run("overlay apply " + name)
    assert "%s refused, tree unchanged: %s (EBUSY)" % (name, why) in out, out
    assert coyote.run("dt") == before
    assert coyote.run("overlay list").strip() == "no overlays applied"


def test_cycle_made_by_an_overlay_is_reported_and_broken_as_at_boot(coyote):
    before = heap_of(coyote)
    out = coyote.run("overlay apply cycle-pair")
    for line in (
        "fw_devlink: 2 link(s) among 2 new device(s)",
        "fw_devlink: dependency cycle of 2 devices:",
        "fw_devlink:   /clock-pair-a waits for /clock-pair-b (clocks, rank 9)",
        "fw_devlink:   /clock-pair-b waits for /clock-pair-a (power-domains, rank 8): relaxed",
    ):
        assert line in out, (line, out)
    assert "supplier-missing" not in coyote.run("devlinks /clock-pair-a")
    assert out.index("clock-pair-b: bound") < out.index("clock-pair-a: bound"), out
    assert "removed" in coyote.run("overlay rm cycle-pair")
    assert heap_of(coyote) == before


def heap_of(c):
    return re.search(r"used .* allocations", c.run("mem")).group(0)
