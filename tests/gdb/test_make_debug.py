# SPDX-License-Identifier: BSD-2-Clause
"""`make debug` as a GDB user drives it, on a real terminal (a pty): stop
at start_kernel, `continue`, Ctrl-C (the terminal's interrupt character,
so the kernel's tty driver sends SIGINT to the foreground process group)
interrupts the target instead of killing QEMU and make, `continue`
resumes it, and `quit` ends GDB, QEMU and make with status 0."""
import os
import time

import pexpect
import pytest

from coyote.qemu import ROOT, free_tcp_port, gdb_path

GDB_PROMPT = r"\(gdb\) "


def qemu_pids(port):
    """QEMUs whose command line has our gdb port (no other test uses it)."""
    mark = b"tcp:127.0.0.1:%d" % port
    pids = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"qemu-system-arm") and mark in argv:
            pids.append(int(pid))
    return pids


def jiffies(child):
    child.sendline('printf "jiffies=%u\\n", jiffies')
    child.expect(r"jiffies=(\d+)")
    value = int(child.match.group(1))
    child.expect(GDB_PROMPT)
    return value


def interrupt(child):
    """Ctrl-C on the terminal, and GDB's report that the target stopped."""
    child.sendintr()
    child.expect(r"received signal SIGINT", timeout=30)
    child.expect(GDB_PROMPT)


@pytest.mark.skipif(gdb_path() is None, reason="gdb-multiarch not installed")
def test_make_debug_ctrl_c_interrupts_and_continue_resumes():
    port = free_tcp_port()
    child = pexpect.spawn("make", ["-s", "--no-print-directory", "debug", "GDB_PORT=%d" % port,
                                   "DEBUG_CONSOLE_PORT=%d" % free_tcp_port()],
                          cwd=str(ROOT), encoding="utf-8", codec_errors="replace",
                          timeout=120, dimensions=(50, 200))
    try:
        child.expect("coyote: stopped at start_kernel")
        child.expect(GDB_PROMPT)
        assert qemu_pids(port), "no QEMU with the gdb port"
        # Before the driver core is up the helpers say so, not an empty list.
        child.sendline("coyote-devices")
        child.expect("not far enough in boot: driver_init")
        child.expect(GDB_PROMPT)

        child.sendline("continue")
        child.expect("Continuing.")
        time.sleep(3)           # the kernel boots to its shell meanwhile
        interrupt(child)
        first = jiffies(child)
        assert qemu_pids(port), "Ctrl-C killed QEMU:\n" + child.before

        child.sendline("continue")
        child.expect("Continuing.")
        time.sleep(1)
        interrupt(child)
        second = jiffies(child)
        assert second > first, "the target did not run between the interrupts"
        # The helpers read the live kernel, now at its shell.
        child.sendline("coyote-devices")
        child.expect(r"/amba/serial@101f1000 +101f1000\.serial +platform +uart-pl011 +bound")
        child.expect(GDB_PROMPT)

        child.sendline("quit")
        child.expect(pexpect.EOF, timeout=30)
        child.close()
        assert child.exitstatus == 0, (child.exitstatus, child.signalstatus, child.before)
        deadline = time.time() + 10
        while qemu_pids(port) and time.time() < deadline:
            time.sleep(0.2)
        assert not qemu_pids(port), "QEMU outlived GDB"
    finally:
        if child.isalive():
            child.terminate(force=True)
        for pid in qemu_pids(port):
            os.kill(pid, 9)
