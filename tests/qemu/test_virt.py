# SPDX-License-Identifier: BSD-2-Clause
"""QEMU's `virt` board, whose tree QEMU writes itself from its command
line: no DTS of ours, no -dtb.  One boot per configuration of
scripts/qemu-dumpdtb.py (Cortex-A15, Cortex-A7, 1 GiB, two CPUs, entered
in HYP mode), several
checks per boot, `reboot` last: the prompt with nothing deferred or
failed, the GIC and the generic timer (`sleep 2` is two seconds by
`uptime`), the PL031 against -rtc base, PSCI by the tree's method, the CPU
nodes (`cpus`), all of RAM in the heap, `ofdump --devices` agreeing with
the kernel on QEMU's own blob (dumped again for each run, never edited),
`selftest all` with 0 failed, and `reboot` ending QEMU with status 0 through PSCI: QEMU runs without
-semihosting here, so nothing else could end it.  `poweroff` is tested
once.
"""
import re
import subprocess

import pytest

from coyote.qemu import BUILD, Coyote, compile_dts
from coyote.boards import RTC_BASE
from qemu.test_boards import date_after_rtc_base, slept_by_uptime
from coyote import dumpdtb as qemu_dumpdtb
from tools.test_whynot import OFDUMP, check_agreement

CONFIGS = qemu_dumpdtb.CONFIGS
DTB_DIR = BUILD / "tests" / "virt"


def fdtget(dtb, node, prop, kind=None):
    """A property of QEMU's blob, as fdtget prints it (None: absent)."""
    cmd = ["fdtget"] + (["-t", kind] if kind else []) + [str(dtb), node, prop]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    return r.stdout.strip() if r.returncode == 0 else None


class Virt:
    def __init__(self, name):
        self.name = name
        self.dtb = qemu_dumpdtb.dump(name, DTB_DIR)
        self.c = Coyote(machine="virt", semihosting=False,
                        extra=CONFIGS[name] + ["-rtc", "base=" + RTC_BASE])


@pytest.fixture(scope="module", params=list(CONFIGS))
def virt(request):
    v = Virt(request.param)
    yield v
    v.c.close()


def test_boots_to_prompt_clean(virt):
    log = virt.c.boot_log
    # Nothing deferred but the power button, which waits for the students'
    # GPIO driver (tests/qemu/test_virt_extras.py loads lab 7's).
    assert re.search(r"driver core: \d+ device\(s\) bound, 1 deferred, 0 failed", log), log
    assert re.findall(r"(\S+) still deferred at end of boot", log) == ["/gpio-keys"], log
    assert "irq: IRQs enabled" in log, log
    assert re.search(r"gic \S+: GICv2, \d+ interrupt IDs, root controller", log), log
    assert "gic 8000000.intc: bound (arm,cortex-a15-gic)" in log, log
    # The CPU QEMU was asked for, by the tree's compatible.
    cpu = CONFIGS[virt.name][CONFIGS[virt.name].index("-cpu") + 1]
    assert fdtget(virt.dtb, "/cpus/cpu@0", "compatible") == "arm," + cpu


def test_generic_timer_drives_the_tick(virt):
    """Linux's choice: the virtual timer when the kernel was not entered in
    HYP mode, else the physical one (on virt, non-secure: PPI 14, GIC ID
    30); the rate from CNTFRQ (QEMU's tree has no clock-frequency)."""
    log = virt.c.boot_log
    hyp = "virtualization=on" in CONFIGS[virt.name]
    assert fdtget(virt.dtb, "/timer", "clock-frequency") is None
    m = re.search(r"arch_timer timer: (\d+) Hz, (\w+) timer, tick every (\d+) counts", log)
    assert m, log
    assert m.group(2) == ("physical" if hyp else "virtual"), m.group(0)
    assert int(m.group(1)) == 62500000 and int(m.group(3)) == 625000, m.group(0)
    assert "time: tick from timer at 100 Hz" in log, log
    irqs = virt.c.run("irqs")
    # The virtual timer: the tree's third specifier, PPI 11 = GIC ID 27.
    hwirq = 30 if hyp else 27
    assert re.search(r"^intc@8000000\s+%d\s+\d+\s+level-high\s+timer\s+[1-9]\d*$" % hwirq,
                     irqs, re.M), irqs


def test_sleep_2_takes_two_seconds(virt):
    elapsed = slept_by_uptime(virt.c, 2)
    assert 2.0 <= elapsed < 3.0, elapsed


def test_date_is_rtc_base(virt):
    delta, out = date_after_rtc_base(virt.c)
    assert 0 <= delta <= 15, (out, delta)


def test_psci_by_the_trees_method(virt):
    method = fdtget(virt.dtb, "/psci", "method")
    assert method in ("hvc", "smc"), method
    assert re.search(r"psci psci: PSCIv1\.\d+ through %s" % method, virt.c.boot_log), \
        virt.c.boot_log


def test_cpus_lists_every_cpu_node(virt):
    """One line per CPU node of QEMU's blob, reg and enable-method as the
    blob has them; every one online (the boot CPU, the others through
    PSCI), each counting ticks of its own."""
    nodes = subprocess.run(["fdtget", "-l", str(virt.dtb), "/cpus"], capture_output=True,
                           text=True, timeout=30, check=True).stdout.split()
    cpus = [n for n in nodes if n.startswith("cpu@")]
    smp = int(CONFIGS[virt.name][CONFIGS[virt.name].index("-smp") + 1]) \
        if "-smp" in CONFIGS[virt.name] else 1
    assert len(cpus) == smp, nodes
    assert "smp: %d of %d CPU%s online" % (smp, smp, "s" if smp > 1 else "") in \
        virt.c.boot_log, virt.c.boot_log
    out = virt.c.run("cpus")
    for i, n in enumerate(cpus):
        reg = int(fdtget(virt.dtb, "/cpus/" + n, "reg", "x"), 16)
        method = fdtget(virt.dtb, "/cpus/" + n, "enable-method") or "-"
        state = "online (the boot CPU), this CPU" if n == "cpu@0" else \
            "online (started by %s)" % method
        assert re.search(r"^%s\s+0x%08x\s+%d\s+%s\s+[1-9]\d*\s+\d+\s+%s$" % (
            re.escape(n), reg, i, re.escape(method), re.escape(state)), out, re.M), (n, out)
    assert "%d CPU(s) in the tree, %d online" % (smp, smp) in out, out
    assert len(re.findall(r"^cpu@", out, re.M)) == smp, out


def test_all_ram_is_used(virt):
    """RAM from QEMU's /memory node (at 0x40000000, 128 MiB or 1 GiB),
    mapped and in the heap: most of it free after boot."""
    size = fdtget(virt.dtb, "/memory@40000000", "reg", "x").split()
    mib = int(size[3], 16) >> 20
    log = virt.c.boot_log
    assert "mem: RAM 0x40000000-0x%08x (%d MiB) from /memory@40000000" % (
        0x40000000 + (mib << 20) - 1, mib) in log, log
    m = re.search(r"heap: ([\d.]+) MiB free", log)
    assert m and float(m.group(1)) > mib - 8, log


def test_ofdump_agrees_on_qemus_blob(virt):
    if not OFDUMP.exists():
        pytest.fail("%s missing: run `make ofdump`" % OFDUMP)
    host = check_agreement(virt.c, virt.dtb)
    assert host["/intc@8000000"][:2] == ("would bind", "gic")
    assert host["/timer"][:2] == ("would bind", "arch_timer")
    assert host["/psci"][:2] == ("would bind", "psci")


def test_selftests_pass(virt):
    """Every suite at the prompt (tests/qemu/test_selftest.py boots the
    default configuration with the test modules too): the GIC and the
    generic timer under each CPU, RAM size and CPU count."""
    out = virt.c.run("selftest all", timeout=120)
    m = re.search(r"^# Totals: pass:(\d+) fail:(\d+) skip:(\d+)", out, re.M)
    assert m and int(m.group(2)) == 0 and int(m.group(1)) > 100, out


def test_reboot_ends_qemu_through_psci(virt):
    virt.c.send("reboot\r")
    assert virt.c.wait_exit(timeout=20) == 0, virt.c.output_at_exit
    assert "psci psci: SYSTEM_RESET" in virt.c.output_at_exit, virt.c.output_at_exit


def test_clock_frequency_overrides_cntfrq(boot):
    """The binding's rule (and Linux's): a `clock-frequency` in the timer
    node wins over CNTFRQ (for firmware that left CNTFRQ wrong).  QEMU's
    tree has none, so a variant of it gets one: decompiled, one property
    added, booted with -dtb (QEMU then passes that blob instead of its
    own)."""
    src = subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts",
                          str(qemu_dumpdtb.dump("a15", DTB_DIR))],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    timer = 'compatible = "arm,armv7-timer";'
    assert src.count(timer) == 1, src
    dtb = compile_dts(src.replace(timer, timer + " clock-frequency = <31250000>;"),
                      "virt-timer-clock-frequency")
    c = boot(machine="virt", dtb=dtb)
    assert "arch_timer timer: 31250000 Hz, virtual timer, tick every 312500 counts" in \
        c.boot_log, c.boot_log


def test_poweroff_ends_qemu_through_psci(boot):
    c = boot(machine="virt", semihosting=False)
    c.send("poweroff\r")
    assert c.wait_exit(timeout=20) == 0, c.output_at_exit
    assert "psci psci: SYSTEM_OFF" in c.output_at_exit, c.output_at_exit


def test_poweroff_without_psci_says_so(boot):
    """versatilepb has no power-off handler: an error, and the shell goes on."""
    c = boot()
    out = c.run("poweroff")
    assert "no power-off handler registered" in out, out
    assert c.run("echo still here").strip() == "still here"

