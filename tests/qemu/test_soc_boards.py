# SPDX-License-Identifier: BSD-2-Clause
"""The same kernel.bin on vendors' SoC boards, each on the tree Debian's
armhf kernel package ships for it, unmodified (build/corpus/dtb, `make
corpus`): Raspberry Pi 2, Allwinner, i.MX, Aspeed and Calxeda boards and
the Cortex-A15 Versatile Express tile.

One QEMU per board (a module-scoped fixture), several checks per boot,
`reboot` last: a clean end-of-boot summary (0 failed), the root interrupt
controller and the tick bound, the console receiving by its interrupt,
`sleep` against the clocksource, ofdump's prediction against the kernel's
verdict for every node (so every node that is not bound has its reason in
`whynot`), ping through the board's NIC, and `reboot` ending QEMU.

SOC_BOARDS lists the boards that boot this far, with what each has; a
board QEMU emulates but coyote does not yet drive is not listed, and
docs/boards.md says what it lacks.
"""
import re
import subprocess
import time

import pytest

from coyote.qemu import BOARD_MEMS, CORPUS_DTB, KERNEL_BIN, TEST_BUILD, Coyote, board_tree
from coyote.boards import fetch
from tools.test_whynot import OFDUMP, check_agreement

# board -> {"nic": the NIC's module (ping 10.0.2.2 through it) or None,
#           "reboot": True where QEMU models a reset the tree describes,
#           "clocks": lines the clock providers print, with the rates worked
#           out by hand from the reset values of the registers QEMU models}
SOC_BOARDS = {
    # PSCI SYSTEM_RESET, which QEMU answers (the H3 watchdog binds too, but
    # QEMU 7.2 does not model it).
    "orangepi-pc": {"nic": "sun8i_emac", "reboot": True},
    # QEMU 7.2's A10 timer block keeps the watchdog's registers and never
    # resets: `reboot` leaves through semihosting, not through the tree.
    "cubieboard": {"nic": "sun4i_emac"},
    "ast2600-evb": {"nic": "ftgmac100", "reboot": True, "clocks": [
        # The tree names no crystal and the AST2600 straps none: the
        # datasheet's 25 MHz, and the log says where it came from.
        "clkin 25000000 Hz from the datasheet: the tree names no crystal",
        # HPLL 0x1000408F: 25 MHz x 144 / 3; APB1 HPLL / 32 (SEL1 0xF3940000);
        # MAC1/2 HPLL / 10, MAC3/4 HPLL / 8; UARTs 24 MHz (MISC_CTRL 0)
        "hpll 1200000000 Hz, apb1 37500000 Hz, mac 120000000/150000000 Hz, "
        "uart1-5 24000000 Hz"]},
    "highbank": {"nic": "calxeda_xgmac", "reboot": True, "clocks": [
        # 33.333 MHz x 96 (DIVF 0x5f) / 4, / 8, / 16 (DIVQ 2, 3, 4)
        "a9pll: 799992000 Hz from oscillator", "ddrpll: 399996000 Hz from oscillator",
        "emmcpll: 199998000 Hz from oscillator",
        # 0x104 = 2: peripheral clock / 4, bus clock / 3; 0x114 = 0: / 2
        "a9periphclk: 199998000 Hz from a9pll", "a9bclk: 266664000 Hz from a9pll",
        "eclk: 99999000 Hz from emmcpll", "pclk, 150000000 Hz"]},
    "vexpress-a15": {"nic": "smsc911x", "reboot": True, "clocks": [
        # Oscillators the tile's config bus does not answer for: rate 0
        "oscclk6: 0 Hz", "oscclk7: 0 Hz", "oscclk8: 0 Hz"]},
    "mcimx6ul-evk": {"nic": "fec", "reboot": True},
    "sabrelite": {"nic": "fec", "reboot": True},
    "raspi2b": {"nic": None, "reboot": True},
}


def qemu_edited_tree(name, dtb):
    """The tree as QEMU hands it to the kernel: QEMU edits the blob it
    loads (/chosen, /memory, and on a board whose CPUs take PSCI calls a
    /psci node of its own, as on highbank), so ofdump predicts from the
    blob the kernel reads (`-M BOARD,dumpdtb=FILE` writes it and exits)."""
    out = TEST_BUILD / ("qemu-%s.dtb" % name)
    out.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["qemu-system-arm", "-M", "%s,dumpdtb=%s" % (name, out), "-m", BOARD_MEMS[name],
                    "-nographic", "-net", "none", "-kernel", str(KERNEL_BIN), "-dtb", str(dtb)],
                   check=True, capture_output=True, timeout=30)
    return out


class Board:
    def __init__(self, name):
        d, why = fetch("fetch-corpus", CORPUS_DTB.parent)
        if not d:
            pytest.skip("Debian's armhf trees not available: %s" % why)
        self.name = name
        self.has = SOC_BOARDS[name]
        self.dtb = board_tree(name)
        self.c = Coyote(dtb=self.dtb, machine=name)


@pytest.fixture(scope="module", params=sorted(SOC_BOARDS))
def board(request):
    b = Board(request.param)
    yield b
    b.c.close()


def test_boots_clean(board):
    log = board.c.boot_log
    assert re.search(r"driver core: \d+ device\(s\) bound, \d+ deferred, 0 failed", log), log
    assert "irq: IRQs enabled" in log, log
    assert re.search(r"^time: tick from \S+ at \d+ Hz", log, re.M), log
    assert re.search(r"^time: clocksource \S+ at \d+ Hz", log, re.M), log


def test_clock_rates(board):
    """Each clock provider read its registers as QEMU resets them."""
    if "clocks" not in board.has:
        pytest.skip("%s: its clock rates are checked by the tick and the console" % board.name)
    for line in board.has["clocks"]:
        assert line in board.c.boot_log, (line, board.c.boot_log)


def console_irq_count(c):
    """The receive interrupt count of the console's UART, from `irqs`
    (whose handler column names the device: the line its driver printed
    with the console's name)."""
    m = re.search(r"(?<!boot)console \[(\w+?)(\d+)\] enabled", c.boot_log)
    assert m, c.boot_log
    tty = m.group(1) + m.group(2)
    # `irqs` names the handler by the tty or by its device ("DEV: ttyX: ..." in the log).
    dev = re.search(r"^\S+ (\S+): %s: " % tty, c.boot_log, re.M)
    names = [tty] + ([dev.group(1)] if dev else [])
    rows = [l for l in c.run("irqs").splitlines() if any(n in l.split() for n in names)]
    assert rows, (m.group(0), c.run("irqs"))
    return int(rows[0].split()[-1])


def test_console_receives_by_interrupt(board):
    """Typing reaches the shell through the UART's interrupt: its count grows."""
    before = console_irq_count(board.c)
    board.c.run("echo " + "x" * 40)
    assert console_irq_count(board.c) > before


def test_sleep_by_the_clocksource(board):
    """The time self-test measures the tick against the clocksource."""
    out = board.c.run("selftest time", timeout=60)
    assert re.search(r"^# Totals: pass:[1-9]\d* fail:0", out, re.M), out


def uptime_seconds(c):
    m = re.search(r"^up (\d+)\.(\d\d) s ", c.run("uptime"), re.M)
    assert m, c.run("uptime")
    return int(m.group(1)) + int(m.group(2)) / 100


def test_uptime_follows_wall_time(board):
    """The clock rates are true ones: the tick and the clocksource, both
    read from the tree's clocks, keep the host's time (a rate read from
    the wrong register or a PLL taken as bypassed is off many times)."""
    t0, u0 = time.monotonic(), uptime_seconds(board.c)
    time.sleep(2)
    t1, u1 = time.monotonic(), uptime_seconds(board.c)
    wall, guest = t1 - t0, u1 - u0
    # Loose on purpose: QEMU's timer is virtual and the host is shared.
    assert 0.4 * wall < guest < 2.5 * wall + 0.5, (wall, guest)


def test_ofdump_predicts_binding(board):
    if not OFDUMP.exists():
        pytest.fail("%s missing: run `make ofdump`" % OFDUMP)
    check_agreement(board.c, qemu_edited_tree(board.name, board.dtb))


RING_BEATING = 40


def test_ping(board):
    if not board.has.get("nic"):
        pytest.skip("%s: no NIC driver for this board yet (docs/boards.md)" % board.name)
    # More replies than any of these NICs' receive rings holds (8 or 16):
    # a driver that never gives a used buffer back stops after one ring.
    out = board.c.run("ping -i 0 -c %d 10.0.2.2" % RING_BEATING, timeout=60)
    assert "%d packets transmitted, %d received, 0%% packet loss" % (RING_BEATING, RING_BEATING) \
        in out, out
    assert re.search(r"^%s\s" % board.has["nic"], board.c.run("lsmod"), re.M)


def test_reboot_ends_qemu(board):
    if not board.has.get("reboot"):
        pytest.skip("%s: QEMU models no reset this tree describes" % board.name)
    board.c.send("reboot\r")
    assert board.c.wait_exit(timeout=20) == 0, board.c.output_at_exit
    # The board's reset, not the kernel's last resort (semihosting's exit).
    assert "through semihosting" not in board.c.output_at_exit, board.c.output_at_exit


def copy_of_tree(name, what):
    """A copy of @name's Debian tree in build/tests, for a test to edit
    (@what names the edit)."""
    d, why = fetch("fetch-corpus", CORPUS_DTB.parent)
    if not d:
        pytest.skip("Debian's armhf trees not available: %s" % why)
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    dtb = TEST_BUILD / ("%s-%s.dtb" % (name, what))
    dtb.write_bytes(board_tree(name).read_bytes())
    return dtb


def test_ast2600_crystal_from_the_tree():
    """The AST2600's PLLs run from the crystal the tree names as the SCU's
    `clocks` when it names one (Debian's tree names none: the datasheet's
    25 MHz, said in the log): a 24 MHz crystal makes every PLL and divider
    24/25 of QEMU's reset rates, and the console (its own 24 MHz
    reference) and the tick keep working."""
    dtb = copy_of_tree("ast2600-evb", "xtal24")
    for args in (["-c", "/xtal"], ["-t", "s", "/xtal", "compatible", "fixed-clock"],
                 ["-t", "u", "/xtal", "#clock-cells", "0"],
                 ["-t", "u", "/xtal", "clock-frequency", "24000000"],
                 ["-t", "s", "/xtal", "clock-output-names", "xtal24"],
                 ["-t", "x", "/xtal", "phandle", "1000"],
                 ["-t", "x", "/ahb/apb/syscon@1e6e2000", "clocks", "1000"]):
        subprocess.run(["fdtput", str(dtb)] + args, check=True, timeout=30)
    c = Coyote(dtb=dtb, machine="ast2600-evb")
    try:
        log = c.boot_log
        assert "clkin 24000000 Hz: the tree's crystal xtal24" in log, log
        # HPLL 24 MHz x 144 / 3, APB1 / 32, MACs / 10 and / 8
        assert ("hpll 1152000000 Hz, apb1 36000000 Hz, mac 115200000/144000000 Hz, "
                "uart1-5 24000000 Hz") in log, log
        assert re.search(r"driver core: \d+ device\(s\) bound, \d+ deferred, 0 failed", log), log
        rows = {l.split()[0]: l.split()[1:3] for l in c.run("clk").splitlines()
                if len(l.split()) == 4 and l.split()[2].isdigit()}
        assert rows["clkin"] == ["xtal24", "24000000"], rows
        assert rows["hpll"] == ["clkin", "1152000000"], rows
        before = console_irq_count(c)
        c.run("echo " + "x" * 40)
        assert console_irq_count(c) > before
    finally:
        c.close()


def test_root_controller_with_bad_interrupt_cells():
    """The Orange Pi PC's GIC given #interrupt-cells = <2> (its binding
    says 3): the GIC refuses it, naming the property; every device behind
    it waits for it and says so; the boot still reaches the prompt and the
    console (polled) still answers."""
    dtb = copy_of_tree("orangepi-pc", "gic-cells")
    gic = "/soc/interrupt-controller@1c81000"
    subprocess.run(["fdtput", "-t", "u", str(dtb), gic, "#interrupt-cells", "2"], check=True,
                   timeout=30)
    c = Coyote(dtb=dtb, machine="orangepi-pc")
    try:
        assert "#interrupt-cells = <2>: the GIC binding's specifier is 3 cells" in c.boot_log, \
            c.boot_log
        why = c.run("whynot /soc/serial@1c28000")
        assert "waiting for interrupt parent %s (its probe failed: EINVAL)" % gic in why, why
        assert "coyote" in c.run("version")
    finally:
        c.close()
