#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Boot-to-prompt wall time of the one kernel.bin on each board and tree.

For each board x tree (coyote's own, the upstream Linux tree; on virt the
one QEMU writes, "qemu"; on the vendors' SoC boards, QEMU_SOC_BOARDS in
scripts/qemu-boards.mk, the tree Debian ships, "debian"), boot RUNS times the way `make run` does (initrd,
NIC, -rtc left alone) and time from starting QEMU to the shell's prompt on
the serial line; print min, median and max.  A benchmark that prints figures (`make bench-boot`), not a test:
the goal is 0.15 s, which a loaded machine will not meet.

Usage: scripts/bench/boot-time.py [RUNS] [BOARD...]   (default 5, every board)
docs/boards.md shows its figures (a `make docs` transcript).
"""
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
from coyote.boards import BOARDS, dtb_of, fetch
from coyote.qemu import BOARD_CPUS, CORPUS_DTB, SOC_BOARDS, Coyote, board_tree


def bench(machine, tree, dtb, runs):
    times = []
    for _ in range(runs):
        with Coyote(dtb=dtb, machine=machine) as c:
            times.append(c.boot_seconds)
    print("%-12s %-9s %-25s %7.3fs %7.3fs %7.3fs" % (
        machine, tree, dtb.name if dtb else "(QEMU's, no -dtb)", min(times),
        statistics.median(times), max(times)))


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    only = set(sys.argv[2:])
    print("boot-to-prompt wall time, %d boots each (QEMU start to `coyote# `)" % runs)
    print("%-12s %-9s %-25s %8s %8s %8s" % ("board", "tree", "dtb", "min", "median", "max"))
    for board in BOARDS:
        if only and board[0] not in only:
            continue
        for tree in ("own", "upstream"):
            try:
                dtb = dtb_of(board, tree)
            except BaseException as e:          # pytest.skip without the trees
                print("%-12s %-9s skipped: %s" % (board[0], tree, e))
                continue
            bench(board[0], tree, dtb, runs)
    for machine in BOARD_CPUS:              # boards whose tree QEMU writes
        if not only or machine in only:
            bench(machine, "qemu", None, runs)
    corpus, why = None, None
    for machine in SOC_BOARDS:              # on Debian's trees, unmodified
        if only and machine not in only:
            continue
        if corpus is None and why is None:
            corpus, why = fetch("fetch-corpus", CORPUS_DTB.parent)
        if not corpus:
            print("%-12s %-9s skipped: Debian's armhf trees not available: %s" % (
                machine, "debian", why))
            continue
        bench(machine, "debian", board_tree(machine), runs)


if __name__ == "__main__":
    main()
