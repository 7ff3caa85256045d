#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Benchmark: N rmmod+insmod cycles of each boot module with the MMU on.

    /usr/bin/python3 scripts/bench/modcycle.py [CYCLES]   (default 1000)

Prints, per module: the load time the kernel logs (ktime_get_ns: linking,
relocating, making the text read-only, init), the guest uptime the whole
run took, the second-level tables in use and the heap line before and
after.  Figures, not assertions: it exits 1 only when the bytes or
allocations in use or the table count changed (a leak).
"""
import re
import statistics
import sys

from coyote.qemu import Coyote  # noqa: E402

LOADED = re.compile(r"module: (\w+) loaded at 0x[0-9a-f]+, (\d+) bytes, \d+ relocations, "
                    r"in (\d+\.\d{3}) ms")


def run(c, cmd):
    """c.run() without QEMU's own stderr lines (slirp complains when the
    restricted network drops what the guest sends)."""
    c.send(cmd + "\r")
    c.child.expect_exact("coyote# ", timeout=30)
    lines = c._clean(c.child.before).split("\n")
    return "\n".join(l for l in lines[1:] if not l.startswith("qemu-system-arm:"))


def heap(c):
    return re.search(r"^Heap: .*$", run(c, "mem"), re.M).group(0)


def used(heap_line):
    """Bytes and allocations in use: what a leak changes (free blocks may
    differ when the first-fit heap merges holes differently)."""
    return re.search(r"used .* allocations", heap_line).group(0)


def tables(c):
    return re.search(r"(\d+) of \d+ second-level tables", run(c, "mem")).group(1)


def uptime(c):
    return float(re.search(r"up ([\d.]+) s", run(c, "uptime")).group(1))


def main():
    cycles = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    ok = True
    with Coyote() as c:
        assert "mmu: on" in c.boot_log, "the MMU is not on"
        # One warm-up cycle each: the boot interleaved their blocks.
        for mod in ("ds1338", "smc91x"):
            run(c, "rmmod " + mod)
            run(c, "insmod " + mod)
        for mod in ("ds1338", "smc91x"):
            before, t_before = heap(c), tables(c)
            t0 = uptime(c)
            ms = []
            for _ in range(cycles):
                run(c, "rmmod " + mod)
                m = LOADED.search(run(c, "insmod " + mod))
                assert m, mod
                ms.append(float(m.group(3)))
            t1 = uptime(c)
            after, t_after = heap(c), tables(c)
            print("%s: %d rmmod+insmod cycles in %.2f s of guest uptime (%.2f ms a cycle, "
                  "shell round trips included)" % (mod, cycles, t1 - t0, (t1 - t0) * 1000 / cycles))
            print("  load (kernel's figure): median %.3f ms, min %.3f, max %.3f" %
                  (statistics.median(ms), min(ms), max(ms)))
            print("  second-level tables: %s before, %s after" % (t_before, t_after))
            print("  before: %s\n  after:  %s" % (before, after))
            ok = ok and used(before) == used(after) and t_before == t_after
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
