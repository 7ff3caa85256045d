# SPDX-License-Identifier: BSD-2-Clause
"""One kernel.bin on three boards, each with coyote's own tree and with the
board's upstream Linux tree, unmodified.

One QEMU per board x tree (a module-scoped fixture), several checks per
boot, `reboot` last: the prompt and a clean end-of-boot summary, the tick
(`sleep 1` as `uptime` sees it), `date` from the board's RTC against QEMU's
-rtc base, ping through the board's NIC, modules autoloaded, ofdump's
prediction against the kernel's verdict for every node, every device the
own tree binds also bound on the upstream tree, and `reboot` ending QEMU.

Upstream trees: vexpress-v2p-ca9.dtb from Debian's armhf kernel package
(the corpus, scripts/fetch-corpus); versatile-pb and arm-realview-eb built
from Debian's linux-source package (scripts/fetch-upstream-dts).  Without
them those scenarios skip and say why.
"""
import datetime
import re

import pytest

from coyote.boards import BOARDS, NIC_MODULE, RTC_BASE, dtb_of
from coyote.qemu import BUILD, Coyote, board_dts_source, compile_dts
from tools.test_whynot import OFDUMP, check_agreement

SCENARIOS = [(b, tree) for b in BOARDS for tree in ("own", "upstream")]


class Scenario:
    def __init__(self, board, tree):
        self.machine, self.nic = board[0], board[3]
        self.tree = tree
        self.dtb = dtb_of(board, tree)
        self.c = Coyote(dtb=self.dtb, machine=self.machine, extra=["-rtc", "base=" + RTC_BASE])


@pytest.fixture(scope="module", params=SCENARIOS,
                ids=["%s-%s" % (b[0], t) for b, t in SCENARIOS])
def scenario(request):
    s = Scenario(*request.param)
    yield s
    s.c.close()


def bound_devices(log):
    """{(driver, address or device name)} from the boot log's "bound" lines."""
    out = set()
    for m in re.finditer(r"^(\S+) (\S+): bound \(", log, re.M):
        driver, name = m.groups()
        addr = re.match(r"([0-9a-f]+)(?:\.\d+)?\.", name) or re.match(r"\d+-([0-9a-f]{4})$", name)
        out.add((driver, addr.group(1) if addr else None))
    return out


OWN_BOUND = {}     # machine -> bound_devices() of its own-tree boot


def test_boots_to_prompt_clean(scenario):
    log = scenario.c.boot_log
    if scenario.tree == "own":
        OWN_BOUND[scenario.machine] = bound_devices(log)
    assert re.search(r"driver core: \d+ device\(s\) bound, 0 deferred, 0 failed", log), log
    assert "irq: IRQs enabled" in log, log


def test_clocks_take_their_output_names(scenario):
    """A clock is called what its node's clock-output-names says (own trees:
    xtal24mhz...; upstream vexpress: v2m:oscclk1...), else by its node."""
    clocks = re.findall(r"^(?:fixed-clock|fixed-factor-clock|vexpress-osc) (\S+): (\S+): \d+ Hz",
                        scenario.c.boot_log, re.M)
    assert clocks, scenario.c.boot_log
    names = {name for _, name in clocks}
    if scenario.tree == "own":
        assert names == {"xtal24mhz", "apb_pclk", "timclk"}, clocks
    elif scenario.machine == "vexpress-a9":
        assert {"v2m:clk24mhz", "v2m:oscclk1", "v2m:oscclk2"} <= names, clocks
    else:   # upstream Versatile and RealView name none: the node's name
        assert all(dev.endswith(name) for dev, name in clocks), clocks


def slept_by_uptime(c, seconds):
    """How long `sleep SECONDS` took by `uptime` (the tick's count)."""
    up = lambda: float(re.search(r"up ([\d.]+) s", c.run("uptime")).group(1))
    before = up()
    c.run("sleep %d" % seconds, timeout=10)
    return up() - before


def date_after_rtc_base(c):
    """`date` minus RTC_BASE in seconds (QEMU runs with -rtc base=RTC_BASE),
    and what `date` printed."""
    out = c.run("date")
    m = re.search(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)", out)
    assert m, out
    got = datetime.datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%S")
    return (got - datetime.datetime.strptime(RTC_BASE, "%Y-%m-%dT%H:%M:%S")).total_seconds(), out


def test_tick(scenario):
    elapsed = slept_by_uptime(scenario.c, 1)
    assert 1.0 <= elapsed < 2.5, elapsed


def test_date_is_rtc_base(scenario):
    delta, out = date_after_rtc_base(scenario.c)
    assert 0 <= delta <= 15, (out, delta)
    assert "rtc0: system clock set to 2024-02-29T23:59:5" in scenario.c.boot_log


def test_date_set_reads_back(scenario):
    """`date -s` sets the board's RTC (rtc0) to the second: read at once it
    gives the time set, or the next second if one began in between, which
    three tries in a row cannot all meet."""
    c = scenario.c
    fmt = "%Y-%m-%dT%H:%M:%S"
    exact = 0
    for t in ("2031-05-06T07:08:09", "2032-02-29T23:59:30", "2033-12-31T10:00:00"):
        out = c.run("date -s " + t)
        m = re.search(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)", c.run("date"))
        assert m, out
        delta = (datetime.datetime.strptime(m.group(1), fmt) -
                 datetime.datetime.strptime(t, fmt)).total_seconds()
        assert 0 <= delta <= 1, (t, m.group(1), out)
        exact += delta == 0
    assert exact >= 1, "the time read back was always a second late"


def test_ping(scenario):
    out = scenario.c.run("ping -c 3 10.0.2.2", timeout=20)
    assert "3 packets transmitted, 3 received, 0% packet loss" in out, out


def test_modules_autoload(scenario):
    log = scenario.c.boot_log
    module = NIC_MODULE[scenario.nic]
    assert re.search(r"module: \S+ \(smsc,lan\w+\) pulls in %s" % module, log), log
    assert re.search(r"^%s\s" % module, scenario.c.run("lsmod"), re.M)


def test_ofdump_predicts_binding(scenario):
    if not OFDUMP.exists():
        pytest.fail("%s missing: run `make ofdump`" % OFDUMP)
    check_agreement(scenario.c, scenario.dtb)


def test_device_names_unique(scenario):
    """Linux's rule: the translated address and node name, an ancestor's
    name before a node without one, a `mask` bit for nodes sharing a
    register (upstream versatile-pb's eight LEDs at 0x10000008)."""
    names = [l.split()[1] for l in scenario.c.run("devices").splitlines()
             if l.startswith("/")]
    assert names and len(names) == len(set(names)), sorted(
        n for n in set(names) if names.count(n) > 1)
    if scenario.machine == "versatilepb" and scenario.tree == "upstream":
        assert {"10000008.%d.led" % i for i in range(8)} <= set(names), names


def test_upstream_binds_what_own_binds(scenario):
    """Own tree's bound devices, by driver and address, all bound upstream
    too (devices without an address: by driver)."""
    if scenario.tree != "upstream":
        # The own tree is the reference: it must bind the board's basics.
        drivers = {d for d, _ in OWN_BOUND.get(scenario.machine, bound_devices(scenario.c.boot_log))}
        assert {"uart-pl011", "sp804", "rtc-pl031"} <= drivers, drivers
        return
    mine = OWN_BOUND.get(scenario.machine)
    if mine is None:        # this scenario run alone: boot the own tree once
        board = next(b for b in BOARDS if b[0] == scenario.machine)
        with Coyote(dtb=dtb_of(board, "own"), machine=scenario.machine) as own:
            mine = bound_devices(own.boot_log)
    theirs = bound_devices(scenario.c.boot_log)
    drivers = {d for d, _ in theirs}
    missing = sorted(k for k in mine if (k not in theirs if k[1] else k[0] not in drivers))
    assert not missing, missing


def test_reboot_ends_qemu(scenario):
    scenario.c.send("reboot\r")
    assert scenario.c.wait_exit(timeout=20) == 0, scenario.c.output_at_exit


def test_no_console_anywhere_ends_qemu_with_status_1(tmp_path):
    """vexpress-a9 with a tree that has no UART an early console driver
    knows: the built-in blob's UART (versatilepb's) does not answer on this
    board either, so the kernel leaves QEMU through semihosting, status 1,
    rather than run silent."""
    src = board_dts_source("vexpress-a9")
    dtb = compile_dts(src.replace('"arm,pl011"', '"arm,pl011-unknown"'), "vexpress-no-uart")
    c = Coyote(dtb=dtb, machine="vexpress-a9", wait_prompt=False)
    try:
        assert c.wait_exit(timeout=30) == 1, c.output_at_exit
        assert c.output_at_exit.strip() == "", c.output_at_exit
    finally:
        c.close()


def test_poweroff_vexpress_through_the_config_bus(boot):
    """vexpress-a9: `poweroff` is the shutdown function (8) of the config
    bus, as Linux's vexpress-poweroff; QEMU runs without -semihosting, so
    nothing else could end it."""
    c = boot(dtb=BUILD / "dts" / "vexpress-a9.dtb", machine="vexpress-a9", semihosting=False)
    c.send("poweroff\r")
    assert c.wait_exit(timeout=20) == 0, c.output_at_exit
    assert "switching off through the config bus" in c.output_at_exit, c.output_at_exit
