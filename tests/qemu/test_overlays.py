# SPDX-License-Identifier: BSD-2-Clause
"""Device-tree overlays under QEMU: `overlay apply` adds the
DS1307 at 0x69 (its module autoloaded), `date -f rtc2` reads it, `whynot`
explains it, `overlay rm` takes it away; a UART disabled and given back;
labels across overlays; every broken overlay refused with its own reason
and the tree (`dt`) unchanged; N apply/remove cycles leave the heap line
of `mem` unchanged (COYOTE_OVERLAY_CYCLES, default 1000, run in the
kernel by `overlay cycle`); overlays= in bootargs applies before populate."""

import os
import re
import time
from pathlib import Path

import pytest

from coyote.qemu import BUILD, PROMPT, Coyote

OVERLAYS = Path(__file__).resolve().parents[2] / "dts" / "overlays"
BROKEN = sorted(p.stem for p in OVERLAYS.glob("broken-*.dts"))
# The Raspberry Pi's (their root says compatible = "brcm,bcm2835", as the
# Pi's overlays do) are for raspi2b: tests/qemu/test_raspi_overlay.py.
GOOD = sorted(p.stem for p in OVERLAYS.glob("*.dts")
              if not p.stem.startswith(("broken-", "fatal-", "flip-")) and
              'compatible = "brcm,bcm2835";' not in p.read_text())
CYCLES = int(os.environ.get("COYOTE_OVERLAY_CYCLES", "1000"))
RTC69 = ["-device", "ds1338,address=0x69"]

# The reason each broken overlay must be refused with (its error class).
REASONS = {
    "broken-unknown-label": "unknown label 'no_such_label'",
    "broken-target-missing": "target /amba/serial@deadbeef is not in the tree",
    "broken-phandle-clash": "phandle clash",
    "broken-address-cells": "would change /external-bus/i2c@1,0's #address-cells from 1 to 2",
    "broken-no-target": "no target or target-path",
    "broken-duplicate": "an earlier fragment adds it",
}


def heap_line(out):
    m = re.search(r"^Heap:.*$", out, re.M)
    assert m, out
    return m.group(0)


@pytest.fixture(scope="module")
def board():
    machine = Coyote(extra=RTC69 + ["-rtc", "base=2024-02-29T23:59:58"])
    yield machine
    machine.close()


def test_every_broken_overlay_has_a_reason():
    assert sorted(REASONS) == BROKEN


def test_rtc_overlay_apply_autoload_date_whynot_rm(board):
    # The module goes first, so the overlay's device must pull it in again.
    board.run("rmmod ds1338")
    assert "ds1338" not in board.run("lsmod")
    out = board.run("overlay apply rtc-ds1307-69")
    assert "pulls in ds1338" in out, out
    assert "rtc2: DS1307 on 0-0069" in out, out
    assert "device 0-0069: rtc-ds1338" in out, out
    # A node the overlay adds comes with its compatible: bound once, not rebound.
    assert "compatible changed" not in out and out.count("0-0069: bound") == 1, out
    devs = board.run("devices")
    assert re.search(r"/external-bus/i2c@1,0/rtc@69\s+0-0069\s+i2c\s+rtc-ds1338\s+\d+\s+bound", devs), devs
    assert re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", board.run("date -f rtc2").strip())
    why = board.run("whynot /external-bus/i2c@1,0/rtc@69")
    assert "rtc-ds1338" in why and "dallas,ds1307" in why, why
    listed = board.run("overlay list")
    assert re.search(r"^\d+  rtc-ds1307-69  .*targets /external-bus/i2c@1,0$", listed, re.M), listed
    out = board.run("overlay rm rtc-ds1307-69")
    assert "0-0069: unbound" in out and "removed" in out, out
    assert "compatible changed" not in out and out.count("0-0069: unbound") == 1, out
    assert "rtc@69" not in board.run("devices")
    assert "no rtc2" in board.run("date -f rtc2")
    assert board.run("overlay list").strip() == "no overlays applied"


def test_uart_disabled_and_given_back(board):
    out = board.run("overlay apply uart2-disable")
    assert "101f3000.serial: unbound" in out, out
    assert "101f3000.serial" not in board.run("devices")
    out = board.run("overlay rm uart2-disable")
    assert "101f3000.serial: bound" in out, out
    assert re.search(r"101f3000\.serial\s+platform\s+uart-pl011\s+\d+\s+bound", board.run("devices"))


def test_compatible_change_unbinds_and_removal_binds_again(board):
    # A bound device whose compatible changes is unbound and matched again
    # (device_reprobe()): no driver has the new string, so it stays unbound
    # and whynot says so; the overlay's removal binds the old driver again.
    def bindings():  # the devices table without its bind-order column
        return re.sub(r"(platform|i2c|virtio)(\s+\S+\s+)\d+\s+", r"\1\2# ", board.run("devices"))

    before = bindings()
    out = board.run("overlay apply uart2-compatible")
    assert "applied" in out and "101f3000.serial: unbound" in out, out
    assert re.search(r"101f3000\.serial\s+platform\s+-\s+-\s+no driver", board.run("devices"))
    why = board.run("whynot /amba/serial@101f3000")
    assert '"coyote,no-such-uart"' in why and "verdict: no driver" in why, why
    out = board.run("overlay rm uart2-compatible")
    assert "removed" in out and "101f3000.serial: bound (arm,pl011)" in out, out
    assert bindings() == before
    assert "verdict: bound" in board.run("whynot /amba/serial@101f3000")


def test_node_given_a_compatible_becomes_a_device_and_loses_it(board):
    # A node with no compatible is no device.  An overlay that gives it one
    # makes it a device, bound as a node that appears would be (the one
    # reconfig notifier); the overlay's removal takes the device away.
    assert "spare-clock applied" in board.run("overlay apply spare-clock")
    before = board.run("devices")
    assert "clock-4096" not in before, before
    assert "verdict: no compatible" in board.run("whynot /clock-4096")
    out = board.run("overlay apply spare-clock-compatible")
    assert "applied" in out and "device clock-4096: fixed-clock" in out, out
    assert out.count("clock-4096: bound") == 1, out
    devs = board.run("devices")
    assert re.search(r"/clock-4096\s+clock-4096\s+platform\s+fixed-clock\s+\d+\s+bound", devs), devs
    out = board.run("overlay rm spare-clock-compatible")
    assert "removed" in out and "clock-4096: unbound" in out, out
    assert board.run("devices") == before
    assert "removed" in board.run("overlay rm spare-clock")
    assert board.run("overlay list").strip() == "no overlays applied"


def test_label_from_one_overlay_used_by_the_next(board):
    out = board.run("overlay apply clk32k-user")
    assert "unknown label 'clk32k'" in out, out
    out = board.run("overlay apply clk32k")
    assert "device clock-32768: fixed-clock" in out, out
    assert "clk32k-user applied" in board.run("overlay apply clk32k-user")
    dt = board.run("dt /clock-16384")
    clk = re.search(r"clocks = <(0x[0-9a-f]+)>", dt)
    own = re.search(r"phandle = <(0x[0-9a-f]+)>", board.run("dt /clock-32768"))
    assert clk and own and clk.group(1) == own.group(1), dt
    # The DS1338 at 0x68 got a reference too (a local fixup, same phandle).
    assert "clocks = <%s>" % own.group(1) in board.run("dt /external-bus/i2c@1,0/rtc@68")
    # clk32k-user points at clk32k's node: that one may not go first.
    out = board.run("overlay rm clk32k")
    assert "overlay rm" not in out and re.search(r"clk32k-user\), applied later, changes or uses /clock-32768: remove \d+ first", out), out
    assert "removed" in board.run("overlay rm clk32k-user")
    assert "removed" in board.run("overlay rm clk32k")
    assert "clocks" not in board.run("dt /external-bus/i2c@1,0/rtc@68")


def test_node_with_a_later_child_may_not_go_first(board):
    # clk32k-child hangs a node under clk32k's by path: removing clk32k
    # would free its node with that child attached (a use after free that
    # the next `overlay list` tripped over).
    board.run("overlay apply clk32k")
    assert "clk32k-child applied" in board.run("overlay apply clk32k-child")
    assert "comment" in board.run("dt /clock-32768/trim")
    out = board.run("overlay rm clk32k")
    assert re.search(r"overlay (\d+) \(clk32k-child\), applied later, changes or uses "
                     r"/clock-32768/trim: remove \1 first", out), out
    listed = board.run("overlay list")
    assert re.search(r"^\d+  clk32k  ", listed, re.M) and "clk32k-child" in listed, listed
    assert "comment" in board.run("dt /clock-32768/trim")
    assert "removed" in board.run("overlay rm clk32k-child")
    assert "removed" in board.run("overlay rm clk32k")
    assert board.run("overlay list").strip() == "no overlays applied"


def test_newest_of_overlapping_overlays_goes_first(board):
    board.run("overlay apply uart2-disable")
    board.run("overlay apply uart2-disable")
    out = board.run("overlay list")
    first, second = [int(m) for m in re.findall(r"^(\d+)  uart2-disable", out, re.M)]
    out = board.run("overlay rm %d" % first)
    assert "remove %d first" % second in out, out
    # NAME means the newest from that file.
    assert "%d: uart2-disable removed" % second in board.run("overlay rm uart2-disable")
    assert "%d: uart2-disable removed" % first in board.run("overlay rm uart2-disable")


@pytest.mark.parametrize("name", BROKEN)
def test_broken_overlay_refused_tree_unchanged(board, name):
    before = board.run("dt")
    out = board.run("overlay apply " + name)
    assert "refused, tree unchanged" in out and REASONS[name] in out, out
    assert board.run("dt") == before
    assert board.run("overlay list").strip() == "no overlays applied"


def used_part(line):
    """'used 28.5 KiB in 93 allocations': what a leak would change."""
    return re.search(r"used .* allocations", line).group(0)


def test_apply_remove_cycles_leave_heap_unchanged(board):
    # clk32k before clk32k-user, which uses its label; spare-clock before
    # spare-clock-compatible, which makes its node a device each round.
    # uart2-compatible's UART is unbound and bound again each round
    # (device_reprobe()).
    names = sorted(GOOD, key=lambda n: (n == "clk32k-user", n))
    cmd = "overlay cycle %d " + " ".join(names)
    first = heap_line(board.run("mem"))
    # Warm-up rounds: the UART's device and its device links, removed and
    # made again, land at other first-fit addresses, which moves the free
    # blocks until the pattern repeats.
    assert ": ok" in board.run(cmd % 2)
    warm = heap_line(board.run("mem"))
    assert used_part(warm) == used_part(first)
    out = board.run(cmd % CYCLES, timeout=60 + CYCLES)
    assert "%d rounds of %d overlays applied and removed: ok" % (CYCLES, len(names)) in out, out
    # Everything but the free-block count: which first-fit holes the
    # devices' and links' allocations land in is not a leak.
    after = heap_line(board.run("mem"))
    assert re.sub(r", \d+ blocks\)", ")", after) == re.sub(r", \d+ blocks\)", ")", warm), (after, warm)


@pytest.mark.parametrize("args", ["", "x clk32k", "0 clk32k", "5"])
def test_cycle_with_bad_arguments_prints_its_usage(board, args):
    out = board.run(("overlay cycle " + args).strip())
    assert "usage: overlay cycle N NAME..." in out, out
    assert "rounds of" not in out, out


def test_long_cycle_stops_at_ctrl_c_and_is_no_lockup(boot):
    # A 1 s soft-lockup threshold: a cycle that runs for 3 s is work, not
    # a CPU stuck, and Ctrl-C ends it between rounds.
    c = boot(append="console=ttyAMA0,115200 watchdog_thresh=1")
    c.send("overlay cycle 1000000 uart2-disable\r")
    c.expect("overlay cycle 1000000 uart2-disable")
    time.sleep(3)
    c.send("\x03")
    out = c.expect(r"(\d+) rounds of 1 overlay applied and removed: interrupted", timeout=10)
    assert int(c.child.match.group(1)) > 0, out
    c.expect(re.escape(PROMPT))
    assert "soft lockup" not in out, out
    assert c.run("overlay list").strip() == "no overlays applied"


def test_overlays_in_bootargs_apply_before_populate(boot):
    c = boot(extra=RTC69, append="overlays=rtc-ds1307-69,uart2-disable,nosuch")
    log = c.boot_log
    assert "boot: 2 applied, 1 refused (overlays=)" in log, log
    assert log.index("rtc-ds1307-69 applied") < log.index("populated")
    devs = c.run("devices")
    assert re.search(r"rtc@69\s+0-0069\s+i2c\s+rtc-ds1338\s+\d+\s+bound", devs), devs
    assert "101f3000.serial" not in devs
