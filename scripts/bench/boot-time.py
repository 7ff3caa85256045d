#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Boot-to-prompt wall time of the one kernel.bin on each board and tree.

For each board x tree (coyote's own, the upstream Linux tree; on virt the
one QEMU writes, "qemu"), boot RUNS times the way `make run` does (initrd,
NIC, -rtc left alone) and time from starting QEMU to the shell's prompt on
the serial line; print min, median and max.  A benchmark that prints figures (`make bench-boot`), not a test:
the goal in issue 12 is 0.15 s, which a loaded machine will not meet.

Usage: scripts/bench/boot-time.py [RUNS]      (default 5)
"""
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from qemu.coyote import BOARD_CPUS, Coyote  # noqa: E402
from qemu.test_boards import BOARDS, dtb_of  # noqa: E402


def bench(machine, tree, dtb, runs):
    times = []
    for _ in range(runs):
        with Coyote(dtb=dtb, machine=machine) as c:
            times.append(c.boot_seconds)
    print("%-12s %-9s %-24s %7.3fs %7.3fs %7.3fs" % (
        machine, tree, dtb.name if dtb else "(QEMU's, no -dtb)", min(times),
        statistics.median(times), max(times)))


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print("boot-to-prompt wall time, %d boots each (QEMU start to `coyote# `)" % runs)
    print("%-12s %-9s %-24s %8s %8s %8s" % ("board", "tree", "dtb", "min", "median", "max"))
    for board in BOARDS:
        for tree in ("own", "upstream"):
            try:
                dtb = dtb_of(board, tree)
            except BaseException as e:          # pytest.skip without the trees
                print("%-12s %-9s skipped: %s" % (board[0], tree, e))
                continue
            bench(board[0], tree, dtb, runs)
    for machine in BOARD_CPUS:              # boards whose tree QEMU writes
        bench(machine, "qemu", None, runs)


if __name__ == "__main__":
    main()
