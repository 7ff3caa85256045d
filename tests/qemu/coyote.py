# SPDX-License-Identifier: BSD-2-Clause
"""Boot coyote under QEMU and drive its shell over the serial line.

    with Coyote(dtb=BOARD_DTB, extra=["-rtc", "base=2024-02-29T23:59:58"]) as c:
        out = c.run("mem")

The constructor boots and waits for the prompt; `run` sends one command and
returns what it printed (without the echoed command line and the prompt,
with "\\r" removed).  QEMU is always killed when the object is closed, also
when a test fails halfway; the `boot` fixture in tests/conftest.py closes
every machine it started.
"""
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
KERNEL_BIN = BUILD / "kernel.bin"
KERNEL_ELF = BUILD / "kernel.elf"
BOARD_DTB = BUILD / "dts" / "versatilepb.dtb"
INITRD = BUILD / "initrd.cpio"  # the modules (scripts/Makefile.modules)
TEST_BUILD = BUILD / "tests"  # DTBs and other files the tests generate
PROMPT = "coyote# "

BOOT_TIMEOUT = float(os.environ.get("COYOTE_BOOT_TIMEOUT", "30"))
CMD_TIMEOUT = float(os.environ.get("COYOTE_CMD_TIMEOUT", "15"))

# Use the argument 'dtb=None' to boot without -dtb (QEMU then passes ATAGs),
# 'initrd=None' to boot without the modules' initrd (as `make run`, the
# default passes build/initrd.cpio when it exists).
DEFAULT = object()


# QEMU machine -> its NIC model (scripts/Makefile.kernel has the same table).
BOARD_NICS = {"versatilepb": "smc91c111", "realview-eb": "smc91c111", "vexpress-a9": "lan9118"}


# The heap's debug mode (kernel/slab.c) for every boot of the test suite:
# tests/conftest.py sets COYOTE_HEAP_DEBUG, so `make run`, the docs and the
# graders boot as before.
HEAP_DEBUG = "slub_debug"


def fdt_bootargs(dtb):
    """/chosen/bootargs of a DTB, or None when it has none."""
    res = subprocess.run(["fdtget", "-t", "s", str(dtb), "/chosen", "bootargs"],
                         capture_output=True, text=True, timeout=30)
    return res.stdout.rstrip("\n") if res.returncode == 0 else None


def with_heap_debug(dtb, append):
    """@append with the heap debug option added; with no @append, the DTB's
    own bootargs (which -append would replace) plus the option.  A DTB
    without bootargs keeps none: the boots testing that path stay as they are."""
    if not os.environ.get("COYOTE_HEAP_DEBUG") or dtb is None:
        return append
    if append is None:
        append = fdt_bootargs(dtb)
        if append is None:
            return None
    return (append + " " + HEAP_DEBUG).strip()


def qemu_command(dtb=DEFAULT, initrd=DEFAULT, extra=(), append=None, kernel=None,
                 machine="versatilepb", semihosting=True, heap_debug=True):
    """The QEMU command line `make run` uses, as a list (kernel: another
    kernel.bin, e.g. a lab build's, whose own initrd is then the default;
    machine: the BOARD; heap_debug: add slub_debug when the test suite
    asks for it, see HEAP_DEBUG)."""
    cmd = [
        "qemu-system-arm", "-M", machine, "-m", "128M", "-nographic",
        "-no-reboot",
        "-audiodev", "none,id=snd0", "-global", "pl041.audiodev=snd0",
        "-kernel", str(kernel or KERNEL_BIN),
    ]
    extra = list(extra)
    if semihosting:         # the way out where a board has no reset (realview-eb)
        cmd.append("-semihosting")
    # The board's SMC91C111 on a user-mode network that never leaves QEMU,
    # as `make run` has it, unless the caller brings network options
    # (["-net", "none"] for a board without its NIC).
    if not any(a in ("-net", "-nic", "-netdev") for a in extra):
        cmd += ["-nic", "user,id=n0,model=%s,restrict=on" % BOARD_NICS[machine]]
    if dtb is DEFAULT:
        dtb = BOARD_DTB
    if dtb is not None:
        cmd += ["-dtb", str(dtb)]
    if heap_debug:
        append = with_heap_debug(dtb, append)
    if initrd is DEFAULT:
        # The modules in an initrd belong to the kernel built beside it.
        own = Path(kernel).parent / "initrd.cpio" if kernel else INITRD
        initrd = own if own.exists() else None
    if initrd is not None:
        cmd += ["-initrd", str(initrd)]
    if append is not None:
        cmd += ["-append", append]
    return cmd + extra


def compile_dts(source, name):
    """Compile DTS text into build/tests/NAME.dtb (warnings are errors)."""
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    dts = TEST_BUILD / (name + ".dts")
    dtb = TEST_BUILD / (name + ".dtb")
    dts.write_text(source)
    res = subprocess.run(["dtc", "-I", "dts", "-O", "dtb", "-o", str(dtb), str(dts)],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return dtb


def board_dts_source():
    """The board DTS after the C preprocessor, for tests that edit it."""
    res = subprocess.run(
        ["cpp", "-E", "-P", "-nostdinc", "-x", "assembler-with-cpp", "-undef",
         "-I", str(ROOT / "dts"), "-I", str(ROOT / "include"),
         str(ROOT / "dts" / "versatilepb.dts")],
        capture_output=True, text=True, timeout=60, check=True)
    return res.stdout


class Coyote:
    """One QEMU running coyote, booted to its prompt."""

    def __init__(self, dtb=DEFAULT, initrd=DEFAULT, extra=(), append=None,
                 wait_prompt=True, boot_timeout=BOOT_TIMEOUT, kernel=None,
                 machine="versatilepb", semihosting=True, heap_debug=True):
        if not Path(kernel or KERNEL_BIN).exists():
            raise RuntimeError("%s missing: run `make` first" % (kernel or KERNEL_BIN))
        self.cmdline = qemu_command(dtb, initrd, extra, append, kernel, machine, semihosting,
                                    heap_debug)
        self.boot_log = ""
        self.boot_seconds = None
        self.child = None
        self._start = time.monotonic()
        self.child = pexpect.spawn(self.cmdline[0], self.cmdline[1:], cwd=str(ROOT),
                                   encoding="utf-8", codec_errors="replace",
                                   timeout=CMD_TIMEOUT)
        try:
            if wait_prompt:
                self.child.expect_exact(PROMPT, timeout=boot_timeout)
                self.boot_seconds = time.monotonic() - self._start
                self.boot_log = self._clean(self.child.before)
        except BaseException:
            self.close()
            raise

    @staticmethod
    def _clean(text):
        return text.replace("\r", "")

    def expect(self, pattern, timeout=CMD_TIMEOUT):
        """Wait for a regex; returns the text before it (cleaned)."""
        self.child.expect(pattern, timeout=timeout)
        return self._clean(self.child.before + self.child.after)

    def send(self, text):
        self.child.send(text)

    def run(self, cmd, timeout=CMD_TIMEOUT):
        """Run one shell command; return its output without echo and prompt."""
        self.child.send(cmd + "\r")
        self.child.expect_exact(PROMPT, timeout=timeout)
        out = self._clean(self.child.before)
        first, _, rest = out.partition("\n")
        if first.strip() != cmd.strip():
            raise AssertionError("echo %r is not the command %r" % (first, cmd))
        return rest

    def wait_exit(self, timeout=CMD_TIMEOUT):
        """Wait for QEMU to end; return its exit status."""
        self.child.expect(pexpect.EOF, timeout=timeout)
        self.output_at_exit = self._clean(self.child.before)
        self.child.close()
        return self.child.exitstatus

    def close(self):
        """Kill QEMU (idempotent)."""
        if self.child is not None:
            if self.child.isalive():
                self.child.terminate(force=True)
            self.child.close(force=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def free_tcp_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def gdb_path():
    return shutil.which("gdb-multiarch")


def run_gdb(port, commands, script=True, timeout=60, cwd=None, elf=None):
    """gdb-multiarch in batch mode on build/kernel.elf, attached to the QEMU
    gdb stub at @port, with scripts/gdb/coyote.gdb first when @script, then
    each of @commands as an -ex; @elf: another kernel's ELF (a lab
    build's).  Returns what it printed (stdout, then stderr); a session
    that outlives @timeout fails the test."""
    import pytest

    cmd = [gdb_path(), "-q", "-nx", "-batch", str(elf or KERNEL_ELF),
           "-ex", "target remote 127.0.0.1:%d" % port]
    if script:
        cmd += ["-x", str(ROOT / "scripts" / "gdb" / "coyote.gdb")]
    for c in commands:
        cmd += ["-ex", c]
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd)
    except subprocess.TimeoutExpired as e:
        pytest.fail("gdb session timed out: %s" % (e.stdout,))
    return res.stdout + res.stderr


ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
