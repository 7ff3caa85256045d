# SPDX-License-Identifier: BSD-2-Clause
"""The in-kernel self-tests: one QEMU boot per board (its own tree) with
`selftest=all selftest.exit=1` (the kernel runs every suite at the end of
boot, then resets, and QEMU -no-reboot exits), its KTAP parsed by
scripts/coyote/ktap.py, every case its own pytest result named with the board
("test_case[vexpress-a9:of/phandle_args/index1_one_cell]") so a failure in
CI names the case and the board.  The boots happen once, when pytest
collects this file."""
import os
import re

import pexpect
import pytest

from coyote import ktap  # noqa: E402
from coyote.once import once_per_run, parallel_map  # noqa: E402
from coyote.qemu import BOARD_CPUS, BUILD, Coyote  # noqa: E402

# Each board with its own tree (build/dts/BOARD.dtb), virt with QEMU's.
# COYOTE_SELFTEST_BOARDS and COYOTE_SELFTEST_SUITES narrow a run (the
# mutation sets in tests/mutants/tests.map boot one board, a few suites).
BOARDS = tuple(os.environ.get("COYOTE_SELFTEST_BOARDS",
                              "versatilepb,realview-eb,vexpress-a9,virt").split(","))
SUITES = os.environ.get("COYOTE_SELFTEST_SUITES", "all")

# The board's modules plus the test modules `selftest module` loads
# (scripts/Makefile.selftest).
SELFTEST_INITRD = BUILD / "tests" / "selftest-initrd.cpio"

SELFTEST_TIMEOUT = 300   # every suite, on a loaded machine
EXIT_TIMEOUT = 30        # from the last line to QEMU's exit
_cache = {}


def selftest_boots(suites="all", boards=BOARDS):
    """selftest_boot() for each of @boards, the boots side by side, once
    per pytest run (every worker collects the same cases)."""
    missing = [b for b in boards if (suites, b) not in _cache]
    if missing:
        runs = once_per_run("selftest-%s-%s" % (suites, "-".join(missing)),
                            lambda: parallel_map(lambda b: boot_and_parse(suites, b), missing))
        for board, (cases, out) in zip(missing, runs):
            _cache[(suites, board)] = (cases, out)
            ktap.SUMMARY.append(("in-kernel selftest (%s, one boot, selftest=%s)" %
                                 (board, suites), cases))
    return [_cache[(suites, b)] for b in boards]


def selftest_boot(suites="all", board="versatilepb"):
    """The cases of one boot of @board running @suites, and the console output."""
    return selftest_boots(suites, [board])[0]


def boot_and_parse(suites, board):
    """Boot @board running @suites: its KTAP cases and the console output."""
    try:
        machine = Coyote(append="selftest=%s selftest.exit=1" % suites, wait_prompt=False,
                         initrd=SELFTEST_INITRD if SELFTEST_INITRD.exists() else None,
                         machine=board,
                         dtb=None if board in BOARD_CPUS else BUILD / "dts" / (board + ".dtb"))
    except Exception as e:  # no kernel built: one failed case says so
        return [ktap.Case("boot", "not ok", reason=str(e))], ""
    exited = True
    try:
        # The kernel's "# Totals:" line ends the tests; then it resets.  A
        # fault dump or a panic ends with "halted: ...": the KTAP is then
        # incomplete, and the parser names the case that was running.
        done = machine.child.expect([r"# Totals: [^\n]*\n", r"halted: [^\n]*\n", pexpect.EOF],
                                    timeout=SELFTEST_TIMEOUT)
        out = machine._clean(machine.child.before)
        if done < 2:
            out += machine._clean(machine.child.after)
        if done == 0:
            try:
                machine.wait_exit(timeout=EXIT_TIMEOUT)
                out += machine.output_at_exit
            except pexpect.TIMEOUT:
                exited = False
                out += machine._clean(machine.child.before or "")
    except pexpect.TIMEOUT:
        out = machine._clean(machine.child.before or "")
    finally:
        machine.close()
    cases = ktap.parse(out)
    if cases is None:
        cases = [ktap.Case("boot", "not ok", out.splitlines()[-60:], "no KTAP output")]
    if not exited:
        cases.append(ktap.Case("selftest.exit", "not ok", out.splitlines()[-20:],
                               "QEMU did not exit after the tests (selftest.exit=1 resets)"))
    return cases, out


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        params = [(b, c) for b, (cases, _) in zip(BOARDS, selftest_boots(SUITES)) for c in cases]
        metafunc.parametrize("board,case", params,
                             ids=["%s:%s" % (b, c.name) for b, c in params])
    elif "board" in metafunc.fixturenames:
        metafunc.parametrize("board", BOARDS)


def test_case(board, case):
    if case.status == "skip":
        pytest.skip(case.reason)
    assert not case.failed, ktap.report(case)


def test_totals_line_matches(board):
    """The kernel's own count agrees with the parser's, and there are many."""
    cases, out = selftest_boot(board=board)
    totals = [line for line in out.splitlines() if line.startswith("# Totals:")]
    assert totals, out[-3000:]
    total = int(totals[-1].rsplit("total:", 1)[1])
    leaves = [c for c in cases if not c.name.endswith(("/plan", "/incomplete"))]
    assert total == len(leaves), (total, len(leaves))
    assert total > 100, total
    suites = {c.name.split("/")[0] for c in leaves}
    assert {"of", "drvcore", "irq", "module", "time", "overlay", "lifetime"} <= suites, suites


def test_shell_command(boot):
    """`selftest` in the shell: the list of suites, a run of two of them, a
    refused unknown name, and every suite twice in one boot (a suite
    leaves the kernel as it found it, so it can run again)."""
    c = boot(initrd=SELFTEST_INITRD if SELFTEST_INITRD.exists() else None)
    listed = c.run("selftest")
    assert listed.startswith("suites:"), listed
    for suite in ("of", "drvcore", "irq", "module", "time", "overlay", "lifetime"):
        assert " " + suite in listed, listed
    out = c.run("selftest drvcore,time", timeout=120)
    cases = ktap.parse(out)
    assert cases, out
    assert {x.name.split("/")[0] for x in cases} == {"drvcore", "time"}, out
    out = c.run("selftest nosuch")
    assert 'no suite "nosuch"' in out and "ENOENT" in out, out
    assert "KTAP" not in out, out
    runs = [ktap.parse(c.run("selftest all", timeout=120)) for _ in range(2)]
    assert [x.name for x in runs[0]] == [x.name for x in runs[1]]
    failed = [ktap.report(x) for run in runs for x in run if x.failed]
    assert not failed, "\n".join(failed)


def _user_state(c):
    """What a user made and can see: overlays, devices, links, UARTs (their
    receive counts aside: typing the commands moves them) and the heap."""
    ttys = [re.sub(r"^(\S+\s+\S+\s+\S+\s+\S+)\s+\d+", r"\1 -", line)
            for line in c.run("ttys").splitlines()]
    heap = [line for line in c.run("mem").splitlines() if line.startswith("Heap:")]
    return {"overlay list": c.run("overlay list"), "devices": c.run("devices"),
            "devlinks": c.run("devlinks"), "ttys": ttys, "heap": heap}


def test_selftest_leaves_user_state(boot):
    """A user's overlays survive `selftest all`: the overlay suite swaps in a
    tree of its own and must neither remove the user's overlays nor revert
    them onto its tree (`overlay apply uart2-disable` then
    `selftest overlay` failed 8 cases, lost the overlay and ttyAMA2)."""
    # The selftest initrd (the board's plus the test modules): the module
    # suite loads and unloads its modules beside the user's too.
    c = boot(extra=["-device", "ds1338,address=0x69"],
             initrd=SELFTEST_INITRD if SELFTEST_INITRD.exists() else None)
    for name in ("rtc-ds1307-69", "uart2-disable"):
        out = c.run("overlay apply " + name)
        assert "applied" in out, out
    before = _user_state(c)
    assert "rtc-ds1307-69" in before["overlay list"], before
    cases = ktap.parse(c.run("selftest all", timeout=SELFTEST_TIMEOUT))
    assert cases
    failed = [ktap.report(x) for x in cases if x.failed]
    assert not failed, "\n".join(failed)
    after = _user_state(c)
    for what in before:
        assert after[what] == before[what], "%s changed:\n%s\n---\n%s" % (
            what, before[what], after[what])
    # The ids go on from the user's: the next overlay is number 3.
    out = c.run("overlay apply clk32k")
    assert "overlay: 3: clk32k applied" in out, out
