# SPDX-License-Identifier: BSD-2-Clause
"""A scripted gdb-multiarch session against QEMU's gdb stub, with the same
gdb script `make debug` uses: stop at start_kernel, check that the DTB
argument points at a blob (0xd00dfeed), continue to the shell."""

import re

import pytest

from coyote.qemu import free_tcp_port, gdb_path, run_gdb


@pytest.mark.skipif(gdb_path() is None, reason="gdb-multiarch not installed")
def test_gdb_breaks_at_start_kernel_with_dtb(boot):
    port = free_tcp_port()
    qemu = boot(wait_prompt=False, extra=["-S", "-gdb", "tcp:127.0.0.1:%d" % port])
    out = run_gdb(port, [
        # Stopped at the first instruction of start_kernel: r2 is the blob.
        "printf \"r1=%#x\\n\", $r1",
        "printf \"magic=%02x%02x%02x%02x\\n\", *(unsigned char *)$r2, "
        "*((unsigned char *)$r2 + 1), *((unsigned char *)$r2 + 2), "
        "*((unsigned char *)$r2 + 3)",
        "break shell_run",
        "continue",
        "printf \"reached shell_run\\n\"",
        "delete",
        "detach",
    ])
    assert "start_kernel" in out, out
    assert "r1=0x183" in out, out
    assert "magic=d00dfeed" in out, out
    assert "reached shell_run" in out, out
    # What the kernel printed while gdb let it run.
    log = qemu.expect("coyote# ")
    assert "fdt: blob at 0x" in log
    assert "coyote" in qemu.run("version")


# board -> r1 (the machine id, hex and decimal), the blob's address prefix:
# after the initrd, at RAM + 64 MiB (RAM at 0x60000000, at 0x40000000).
DEBUG_BOARDS = {
    "vexpress-a9": ("0x8e0", 2272, "0x640"),
    "virt": ("0xffffffff", 4294967295, "0x440"),
}


@pytest.mark.skipif(gdb_path() is None, reason="gdb-multiarch not installed")
@pytest.mark.parametrize("board", sorted(DEBUG_BOARDS))
def test_make_debug_board_places_the_symbols(board):
    """`make debug BOARD=vexpress-a9` (or virt): QEMU loads the image at
    RAM + 0x10000 (0x60010000, 0x40010000), so GDB gets the symbols the
    RAM base further on and the script still stops at start_kernel (gdb
    ends at EOF on its input, QEMU with it)."""
    import subprocess
    from coyote.qemu import ROOT
    machid, machid_dec, dtb = DEBUG_BOARDS[board]
    res = subprocess.run(["make", "-s", "--no-print-directory", "debug", "BOARD=" + board,
                          "GDB_PORT=%d" % free_tcp_port(),
                          "DEBUG_CONSOLE_PORT=%d" % free_tcp_port()],
                         cwd=str(ROOT), stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=120)
    out = res.stdout + res.stderr
    assert "coyote: stopped at start_kernel" in out, out
    assert re.search(r"r1 \(machine id\) = %s, r2 \(dtb\) = %s[0-9a-f]{5}" % (machid, dtb), out), out
    assert "start_kernel (r0=0, machid=%d" % machid_dec in out, out
