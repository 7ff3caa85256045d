# SPDX-License-Identifier: BSD-2-Clause
"""Shared fixtures.  `boot(...)` starts coyote under QEMU (see
scripts/coyote/qemu.py for the arguments) and kills every QEMU it started when
the test ends, whatever happened."""
import os
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

# Tests that run `make` themselves must not inherit the jobserver of the
# `make test` that started pytest: its pipe is not passed down, and make warns
# on every such call.
for var in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKE_TERMOUT", "MAKE_TERMERR"):
    os.environ.pop(var, None)

# Every boot of the suite runs the heap's debug mode (scripts/coyote/qemu.py).
os.environ.setdefault("COYOTE_HEAP_DEBUG", "1")

from coyote.qemu import Coyote  # noqa: E402


@pytest.fixture
def boot():
    machines = []

    def start(**kwargs):
        machine = Coyote(**kwargs)
        machines.append(machine)
        return machine

    yield start
    for m in machines:
        m.close()


@pytest.fixture
def coyote(boot):
    """coyote booted on the board DTB, at its prompt."""
    return boot()


# --- `make test` on several workers (pytest-xdist, --dist loadgroup) -------
# Any test may run on any worker, in any order, beside any other, except the
# tests of one group: they run on one worker, in file order.  A group is
#  - a file whose tests share one thing they change: one boot a test leaves
#    in a state the next expects, or one `make` into the main build;
#  - files that write and read one folder: test_dtbs_check.py adds a lab
#    tree's blob to build/dts/labs/ and removes it, the fuzz replay reads
#    every blob there;
#  - one board scenario of tests/qemu/test_boards.py (one boot each);
#  - any other file of tests/qemu/ or tests/gdb/: a module-scoped boot is
#    made once per worker, so tests that follow each other on one machine
#    (insmod, then rmmod; reboot last) must stay on one worker;
#  - one lab: its grader builds into build/labN (lab 2 goes with lab 1:
#    tests/labs/test_kit.py grades both in one test and reads lab 1's).
# Files and TCP/UDP ports are per worker already (scripts/coyote/qemu.py).
SHARED_FILES = {
    "qemu/test_i2c_rtc.py": "qemu/test_i2c_rtc.py",
    "qemu/test_modules.py": "qemu/test_modules.py",
    "qemu/test_overlays.py": "qemu/test_overlays.py",
    "qemu/test_shell.py": "qemu/test_shell.py",
    "bindings/test_dtbs_check.py": "build/dts/labs",
    "fuzz/test_fuzz_regressions.py": "build/dts/labs",
    # Grades in build/mutate-labs/labN/<worker> (no other test writes
    # there): any worker may take any catalogue entry.
    "labs/test_lab_mutants.py": None,
    # One browser for the file (chromium takes seconds to start).
    "explore/test_explore.py": "explore/test_explore.py",
}
LAB_GROUP = {2: 1}


def xdist_group(item):
    """The group @item must run in, or None when any worker may take it."""
    rel = Path(str(item.fspath)).relative_to(TESTS).as_posix()
    params = item.callspec.params if hasattr(item, "callspec") else {}
    if rel in SHARED_FILES:
        return SHARED_FILES[rel]
    if rel.startswith("labs/"):
        m = re.search(r"lab(\d+)", item.name)
        lab = 1 if rel == "labs/test_kit.py" else params.get("lab")
        if lab is None and m:
            lab = int(m.group(1))
        # Lab 0 is a lab too: its grades share build/lab0.
        return None if lab is None else "lab%d" % LAB_GROUP.get(lab, lab)
    if "scenario" in params:
        board, tree = params["scenario"]
        return "boards-%s-%s" % (board[0], tree)
    if rel.startswith(("qemu/", "gdb/")) and rel != "qemu/test_selftest.py":
        return rel
    return None


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "edit_sensitive: fails on any edit of the tree, whatever it does "
        "(a stale check, not a behaviour): scripts/mutate does not run it")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        group = xdist_group(item)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))


# --- the KTAP summary --------------------------------------------------------
def ktap_module():
    from coyote import ktap
    return ktap


def pytest_sessionfinish(session):
    """On a worker: hand the KTAP counts to the controller."""
    out = getattr(session.config, "workeroutput", None)
    if out is not None:
        out["ktap"] = ktap_module().summary_counts()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """On the controller: a worker's KTAP counts join the summary."""
    ktap_module().merge_counts(getattr(node, "workeroutput", {}).get("ktap", []))


def pytest_terminal_summary(terminalreporter):
    """How many KTAP cases the in-kernel self-tests printed (scripts/coyote/ktap.py)."""
    for line in ktap_module().summary_lines():
        terminalreporter.write_line(line)
