# SPDX-License-Identifier: BSD-2-Clause
"""Every CPU the tree names (arch/arm/smp.c), one boot per scenario: virt
with -smp 4 brings all four up through PSCI, each counting its own ticks
and answering IPIs (`cpus`, `cpu N ipi`, `selftest smp`); maxcpus= and
nosmp leave the others off and say so; a tree with an unknown
enable-method, a reg that matches no core and a duplicate MPIDR boots on
the core it has, each other core off with its reason in `cpus` and
`whynot`; an ARMv5 board stays one CPU and
the suite skips there.  The Raspberry Pi 2 releases its cores through
the BCM2836's mailboxes (brcm,bcm2836-smp).  The Versatile Express tiles
(vexpress-a9 with -smp 4, vexpress-a15 with -smp 2, on Debian's upstream
trees, whose CPU nodes name no enable-method) release theirs through the
system flags register, the method the tree's SCU or A15 GIC beside the
system registers implies (arm,realview-smp); each secondary of the A9
ticks on its own TWD.  Started with one core, they leave the others off
at once: the SCU (or the GIC) counts one.  sabrelite's i.MX6Q (-smp 4)
starts its cores through the System Reset Controller, the method its A9
GIC beside the `fsl,imx6q-src` node implies (fsl,imx6q-smp), each
secondary ticking on its TWD."""
import re
import subprocess
import time

import pytest

from coyote.boards import fetch, upstream_dtb
from coyote.qemu import (BUILD, KERNEL_ELF, QEMU_BOARD, board_tree, compile_dts, free_tcp_port,
                         gdb_path, run_gdb)
from coyote import dumpdtb as qemu_dumpdtb
import qemu.test_raspi as raspi_test

SMP4 = ["-cpu", "cortex-a15", "-m", "128M", "-smp", "4"]
DTB_DIR = BUILD / "tests" / "smp"


def virt(boot, **kw):
    return boot(machine="virt", semihosting=False, extra=SMP4, **kw)


def assert_all_online(c, n):
    if "smp: %d of %d CPUs online" % (n, n) not in c.boot_log:
        pytest.fail("%s\n`cpus` says:\n%s" % (c.boot_log, c.run("cpus")))


def ticking(c, n, within=5):
    """`cpus` once each of the first @n CPUs has counted a tick, or as it
    is after @within seconds: a core brought up just before the prompt
    may not have seen its timer's first period end when the test asks."""
    end = time.monotonic() + within
    while True:
        out = c.run("cpus")
        if all(int(cpu_line(out, "cpu@%d" % k)[3]) > 0 for k in range(n)) or \
                time.monotonic() > end:
            return out
        time.sleep(0.02)


def cpu_line(out, node):
    m = re.search(r"^%s\s+(\S+)\s+(\S+)\s+(\S+)\s+(\d+)\s+(\d+)\s+(.*)$" % re.escape(node),
                  out, re.M)
    assert m, (node, out)
    return m.groups()   # MPIDR, cpu, method, ticks, IPIs, state (why)


def test_four_cpus_online_ticking_and_answering(boot):
    c = virt(boot)
    assert_all_online(c, 4)
    out = ticking(c, 4)
    for n in range(4):
        mpidr, cpu, method, ticks, _, state = cpu_line(out, "cpu@%d" % n)
        assert (int(mpidr, 16), int(cpu), method) == (n, n, "psci"), out
        assert int(ticks) > 0, out
        assert state.startswith("online (the boot CPU)" if n == 0 else
                                "online (started by psci)"), out
    assert "4 CPU(s) in the tree, 4 online" in out, out

    before = int(cpu_line(out, "cpu@2")[4])
    out = c.run("cpu 2 ipi")
    assert re.search(r"cpu 2: IPI received \(\d+ in all\)", out), out
    assert int(cpu_line(c.run("cpus"), "cpu@2")[4]) == before + 1

    out = c.run("whynot /cpus/cpu@2")
    assert 'enable-method "psci" starts it' in out, out
    assert "CPU 2: online: started by psci" in out and "verdict: cpu" in out, out

    out = c.run("selftest smp", timeout=120)
    assert re.search(r"^# Totals: pass:6 fail:0 skip:0", out, re.M), out
    assert re.search(r"# 4 CPUs, (\d+) increments counted, \1 made", out), out


@pytest.mark.skipif(gdb_path() is None, reason="gdb-multiarch not installed")
def test_a_core_given_up_on_stays_failed_when_it_comes_up_late(boot):
    """CPU 1 held by GDB at its first starting step (only CPU 0 runs, GDB's
    scheduler-locking) until CPU 0 has given up on its check-in and
    finished booting; then let go.  The boot CPU's verdict stands: CPU 1
    parks, failed, ticking nothing, its timer switched off by its
    teardown (it once marked itself online over the verdict, and `cpus`
    counted 2 online after "1 of 2 CPUs online")."""
    port = free_tcp_port()
    c = boot(machine="virt", semihosting=False, wait_prompt=False,
             extra=["-cpu", "cortex-a15", "-m", "128M", "-smp", "2", "-S",
                    "-gdb", "tcp:127.0.0.1:%d" % port])
    out = run_gdb(port, [
        "symbol-file -o %s %s" % (QEMU_BOARD["QEMU_LOAD_OFFSET_virt"], KERNEL_ELF),
        "break cpuhp_invoke_starting", "break selftest_boot",
        "continue",                     # CPU 1 at its first starting step: all stop
        "set scheduler-locking on", "thread 1",
        "continue",                     # CPU 0 alone, through smp_init()
        "printf \"cpu0 past smp_init\\n\"",
        "delete", "set scheduler-locking off", "detach",
    ], script=False, timeout=90)
    assert re.search(r"hit Breakpoint 1, cpuhp_invoke_starting \(cpu=(cpu@entry=)?1\b", out), out
    assert "cpu0 past smp_init" in out, out
    log = c.expect(r"coyote# ", timeout=60)
    assert "smp: 1 of 2 CPUs online" in log, log
    first = c.run("cpus")
    time.sleep(0.5)
    out = c.run("cpus")
    for o in (first, out):
        assert cpu_line(o, "cpu@1")[5] == \
            "failed (psci started it, but it did not check in within 5000 ms)", o
        assert "2 CPU(s) in the tree, 1 online" in o, o
    assert cpu_line(out, "cpu@1")[3] == cpu_line(first, "cpu@1")[3] == "0", (first, out)
    assert "cpu 1: no IPI sent: not online" in c.run("cpu 1 ipi")
    # Parked, it undid its starting steps: its generic timer is off (a
    # timer left running would wake its wfi forever); CPU 0's ticks on.
    out = run_gdb(port, ["thread 1", "info registers CNTV_CTL CNTP_CTL",
                         "thread 2", "info registers CNTV_CTL CNTP_CTL", "detach"],
                  script=False, timeout=60)
    ctl = [int(v, 16) for v in re.findall(r"^CNT[VP]_CTL\s+(0x[0-9a-f]+)", out, re.M)]
    assert len(ctl) == 4, out
    assert any(v & 1 for v in ctl[:2]) and not any(v & 1 for v in ctl[2:]), out


@pytest.mark.parametrize("arg,online,why", [
    ("maxcpus=2", 2, "maxcpus=2 on the command line"),
    ("nosmp", 1, "nosmp on the command line"),
])
def test_command_line_limits_the_cpus(boot, arg, online, why):
    c = virt(boot, append=arg)
    assert "smp: %d of 4 CPUs online (`cpus` says why the others are not)" % online in \
        c.boot_log, c.boot_log
    out = c.run("cpus")
    for n in range(4):
        state = cpu_line(out, "cpu@%d" % n)[5]
        assert state.startswith("online") == (n < online), out
        if n >= online:
            assert state == "off (%s)" % why, out
    out = c.run("cpu 3 ipi")
    assert "cpu 3: no IPI sent: not online" in out, out
    out = c.run("whynot /cpus/cpu@3")
    assert "CPU 3: off: %s" % why in out, out
    out = c.run("selftest smp", timeout=60)
    if online == 1:
        assert "SKIP one CPU online" in out, out
    else:
        assert re.search(r"^# Totals: pass:6 fail:0 skip:0", out, re.M), out


def smp4_source():
    dtb = qemu_dumpdtb.dump("a15", DTB_DIR, extra=["-smp", "4"], stem="virt-smp4")
    return subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", str(dtb)],
                          capture_output=True, text=True, timeout=60, check=True).stdout


def edit_node(src, node, old, new):
    """Replace @old by @new inside the body of node @node (first match)."""
    start = src.index("\t%s {" % node)
    end = src.index("\n\t\t};", start)
    body = src[start:end]
    assert old in body, (node, old, body)
    return src[:start] + body.replace(old, new, 1) + src[end:]


def test_broken_cpu_nodes_stay_off_with_reasons(boot):
    src = smp4_source()
    src = edit_node(src, "cpu@1", 'enable-method = "psci";', 'enable-method = "spin-table";')
    src = edit_node(src, "cpu@2", "reg = <0x02>;", "reg = <0x05>;")
    src = edit_node(src, "cpu@3", "reg = <0x03>;", "reg = <0x01>;")
    c = virt(boot, dtb=compile_dts(src, "virt-smp4-broken-cpus"))
    assert "smp: 1 of 4 CPUs online (`cpus` says why the others are not)" in c.boot_log, \
        c.boot_log
    out = c.run("cpus")
    expect = {
        "cpu@1": 'off (enable-method "spin-table" is not one this kernel knows (brcm,bcm2836-smp, arm,realview-smp, fsl,imx6q-smp, psci))',
        "cpu@2": "failed (psci: PSCI CPU_ON(MPIDR 0x5) answered -2 INVALID_PARAMETERS)",
        "cpu@3": "failed (duplicate MPIDR 0x1: /cpus/cpu@1 has it too)",
    }
    for node, state in expect.items():
        assert cpu_line(out, node)[5] == state, (node, out)
    assert "4 CPU(s) in the tree, 1 online" in out, out
    out = c.run("whynot /cpus/cpu@1")
    assert 'a CPU: no driver binds it; enable-method "spin-table" starts it' in out, out
    assert 'CPU 1: off: enable-method "spin-table" is not one this kernel knows' in out, out
    out = c.run("whynot /cpus/cpu@3")
    assert "no CPU number: failed: duplicate MPIDR 0x1" in out, out
    # The kernel goes on, on the CPU it has.
    assert c.run("echo still here").strip() == "still here"


def test_raspi2b_cores_released_through_their_mailboxes(boot):
    """enable-method = "brcm,bcm2836-smp" (on /cpus, for every core): each
    core leaves its park when its mailbox 3 holds secondary_startup; IPIs
    travel through mailbox 0, each core's timer through its own routing;
    `selftest bcm2836` plants a value in a core's mailbox 3: a release
    waits for it to be taken, never ORs the entry into it."""
    c = boot(dtb=raspi_test.pi_tree(), machine="raspi2b")
    assert_all_online(c, 4)
    out = ticking(c, 4)
    for n in range(1, 4):
        mpidr, cpu, method, ticks, _, state = cpu_line(out, "cpu@%d" % n)
        assert (int(mpidr, 16), int(cpu), method) == (0xf00 + n, n, "brcm,bcm2836-smp"), out
        assert int(ticks) > 0 and state == "online (started by brcm,bcm2836-smp)", out
    assert re.search(r"cpu 1: IPI received", c.run("cpu 1 ipi"))
    out = c.run("selftest smp", timeout=120)
    assert re.search(r"^# Totals: pass:6 fail:0 skip:0", out, re.M), out
    # A release never writes over what a core has not taken (mailboxes
    # are set by OR): the value planted is still there, alone.
    out = c.run("selftest bcm2836", timeout=60)
    assert re.search(r"^# Totals: pass:3 fail:0 skip:0", out, re.M), out
    assert "mailbox 3 held 0x00c0ffee after the release" in out, out


def test_raspi2b_core_the_block_has_not_got(boot):
    tree = raspi_test.edited_tree("smp-reg", ["-t", "x", "/cpus/cpu@3", "reg", "f07"])
    c = boot(dtb=tree, machine="raspi2b")
    assert "smp: 3 of 4 CPUs online" in c.boot_log, c.boot_log
    assert cpu_line(c.run("cpus"), "cpu@3")[5] == \
        "failed (brcm,bcm2836-smp: reg 0xf07 is no core of the BCM2836's four)"


def test_armv5_board_stays_one_cpu(boot):
    c = boot()
    assert "smp: 1 of 1 CPU online" in c.boot_log, c.boot_log
    out = c.run("cpus")
    assert cpu_line(out, "cpu@0")[5] == "online (the boot CPU), this CPU", out
    out = c.run("selftest smp")
    assert "SKIP one CPU online" in out, out


# tile -> (its board, its tree, -smp, what implies the method)
TILES = {
    "vexpress-a9": ("vexpress-a9", lambda: board_tree("vexpress-a9"), 4,
                    "arm,cortex-a9-scu + arm,vexpress-sysreg"),
    "vexpress-a9-upstream": ("vexpress-a9", lambda: upstream_dtb("vexpress-v2p-ca9.dtb"), 4,
                             "arm,cortex-a9-scu + arm,vexpress-sysreg"),
    "vexpress-a15": ("vexpress-a15", lambda: board_tree("vexpress-a15"), 2,
                     "arm,cortex-a15-gic + arm,vexpress-sysreg"),
}
SOC_SMP = {
    "sabrelite": (4, "fsl,imx6q-smp", "arm,cortex-a9-gic + fsl,imx6q-src"),
}


def tile_tree(tile):
    if not tile.startswith("vexpress-a9"):
        d, why = fetch("fetch-corpus", BUILD / "corpus")
        if not d:
            pytest.skip("Debian's armhf trees not available: %s" % why)
    return TILES[tile][1]() if tile in TILES else board_tree(tile)


@pytest.mark.parametrize("tile", sorted(TILES))
def test_vexpress_cores_released_through_the_system_flags(boot, tile):
    """No enable-method in the tree (coyote's own or upstream's): the SCU
    (A9) or the A15 GIC beside the system registers imply
    arm,realview-smp; SYS_FLAGS takes the entry, an IPI wakes each core
    out of QEMU's boot stub."""
    board, _, n, implied = TILES[tile]
    c = boot(dtb=tile_tree(tile), machine=board, extra=["-smp", str(n)])
    assert_all_online(c, n)
    out = ticking(c, n)
    for cpu in range(1, n):
        mpidr, num, method, ticks, _, state = cpu_line(out, "cpu@%d" % cpu)
        assert (int(mpidr, 16), int(num), method) == (cpu, cpu, "arm,realview-smp"), out
        assert int(ticks) > 0, out
        assert state == "online (started by arm,realview-smp, implied by %s)" % implied, out
    for cpu in range(1, n):
        assert re.search(r"cpu %d: IPI received \(1 in all\)" % cpu,
                         c.run("cpu %d ipi" % cpu)), cpu
    out = c.run("whynot /cpus/cpu@1")
    assert "its node names no enable-method" in out, out
    assert "CPU 1: online: started by arm,realview-smp, implied by %s" % implied in out, out
    out = c.run("selftest smp", timeout=120)
    assert re.search(r"^# Totals: pass:6 fail:0 skip:0", out, re.M), out
    assert "# %d CPUs x" % n in out, out


@pytest.mark.parametrize("tile,counter", [("vexpress-a9", "SCU"), ("vexpress-a15", "GIC")])
def test_vexpress_started_with_one_core(boot, tile, counter):
    """The tree names more cores than QEMU made: off at once, the SCU's
    (or the GIC's) count the reason, no wait for a core that is not there."""
    board, _, n, _ = TILES[tile]
    c = boot(dtb=tile_tree(tile), machine=board)
    assert "smp: 1 of %d CPUs online" % n in c.boot_log, c.boot_log
    out = c.run("cpus")
    assert cpu_line(out, "cpu@1")[5] == \
        "off (arm,realview-smp (implied): reg 0x1 is no core of the 1 the %s reports)" % counter


@pytest.mark.parametrize("board", sorted(SOC_SMP))
def test_soc_cores_released_by_the_reset_controller(boot, board):
    """i.MX6Q: no enable-method, no SCU node; the A9 GIC beside the SRC
    imply fsl,imx6q-smp: the core's GPR takes the entry, its enable bit
    in SRC_SCR starts it; the GIC counts the cores."""
    n, method, implied = SOC_SMP[board]
    c = boot(dtb=tile_tree(board), machine=board, extra=["-smp", str(n)])
    assert_all_online(c, n)
    out = ticking(c, n)
    for cpu in range(1, n):
        mpidr, num, got, ticks, _, state = cpu_line(out, "cpu@%d" % cpu)
        assert (int(mpidr, 16), int(num), got) == (cpu, cpu, method), out
        assert int(ticks) > 0, out
        assert state == "online (started by %s, implied by %s)" % (method, implied), out
        assert re.search(r"cpu %d: IPI received" % cpu, c.run("cpu %d ipi" % cpu)), cpu
    out = c.run("selftest smp", timeout=120)
    assert re.search(r"^# Totals: pass:6 fail:0 skip:0", out, re.M), out


def test_panic_speaks_while_another_cpu_holds_the_printk_lock(boot):
    """`fault printk-lock`: CPU 1 takes the printk lock and never lets go
    (IRQs masked, deaf to the stop IPI); CPU 0 then panics.  The panic
    stops the others, waits a second for them, busts the lock and says
    its piece; without that it would spin on the lock for good."""
    c = virt(boot)
    c.send("fault printk-lock\r")
    out = c.expect(r"halted: [^\n]*\n", timeout=30)
    assert "Kernel panic: requested from the shell, CPU 1 holding the printk lock" in out, out
    assert "3 other CPU(s) did not stop" not in out, out
    assert "1 other CPU(s) did not stop within a second" in out, out
