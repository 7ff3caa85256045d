# SPDX-License-Identifier: BSD-2-Clause
"""A scripted gdb-multiarch session against QEMU's gdb stub, with the same
gdb script `make debug` uses: stop at start_kernel, check that the DTB
argument points at a blob (0xd00dfeed), continue to the shell."""

import re

import pytest

from qemu.coyote import free_tcp_port, gdb_path, run_gdb


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


@pytest.mark.skipif(gdb_path() is None, reason="gdb-multiarch not installed")
def test_make_debug_board_vexpress_places_the_symbols():
    """`make debug BOARD=vexpress-a9`: QEMU loads the image at 0x60010000,
    so GDB gets the symbols 0x60000000 further on and the script still
    stops at start_kernel (gdb ends at EOF on its input, QEMU with it)."""
    import subprocess
    from qemu.coyote import ROOT
    res = subprocess.run(["make", "-s", "--no-print-directory", "debug", "BOARD=vexpress-a9",
                          "GDB_PORT=%d" % free_tcp_port(),
                          "DEBUG_CONSOLE_PORT=%d" % free_tcp_port()],
                         cwd=str(ROOT), stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=120)
    out = res.stdout + res.stderr
    assert "coyote: stopped at start_kernel" in out, out
    # RAM at 0x60000000: the blob sits after the initrd, at 0x6400xxxx.
    assert re.search(r"r1 \(machine id\) = 0x8e0, r2 \(dtb\) = 0x6400[0-9a-f]{4}", out), out
    assert "start_kernel (r0=0, machid=2272" in out, out
