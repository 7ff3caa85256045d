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
import io
import os
import random
import re
import shutil
import signal
import socket
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
# Under pytest-xdist (`make test` runs JOBS workers) each worker writes its
# generated files into a folder of its own and takes TCP/UDP ports from a
# range of its own: tests on two workers never share a file or a port.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")      # "gw0", "gw1", ... or ""
TEST_BUILD = BUILD / "tests" / WORKER if WORKER else BUILD / "tests"  # DTBs and other files the tests generate
PROMPT = "coyote# "

BOOT_TIMEOUT = float(os.environ.get("COYOTE_BOOT_TIMEOUT", "30"))
CMD_TIMEOUT = float(os.environ.get("COYOTE_CMD_TIMEOUT", "15"))

# Use the argument 'dtb=None' to boot without -dtb (QEMU then passes ATAGs),
# 'initrd=None' to boot without the modules' initrd (as `make run`, the
# default passes build/initrd.cpio when it exists).
DEFAULT = object()


def read_make_vars(path):
    """The `NAME := VALUE` lines of a make fragment, as a dict; $(NAME) in
    a VALUE is replaced by that earlier variable, as make's := does."""
    out = {}
    for line in Path(path).read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.-]+)\s*:=\s*(.*?)\s*$", line)
        if m:
            out[m.group(1)] = re.sub(r"\$\(([A-Za-z0-9_.-]+)\)",
                                     lambda r: out.get(r.group(1), ""), m.group(2))
    return out


# The machine `make run` starts (scripts/Makefile.kernel includes it too).
QEMU_BOARD = read_make_vars(ROOT / "scripts" / "qemu-boards.mk")
BOARDS = QEMU_BOARD["QEMU_BOARDS"].split()
# Board -> NIC model; None: no NIC (`-net none`).
BOARD_NICS = {b: QEMU_BOARD.get("QEMU_NIC_" + b) or None for b in BOARDS}
# Boards whose tree QEMU writes itself (no -dtb), with the CPU they get.
BOARD_CPUS = {b: QEMU_BOARD["QEMU_CPU_" + b] for b in BOARDS if QEMU_BOARD.get("QEMU_CPU_" + b)}
# Vendors' SoC boards, each with the file name of its tree in Debian's
# armhf kernel package (build/corpus/dtb after `make corpus`).
SOC_BOARDS = QEMU_BOARD["QEMU_SOC_BOARDS"].split()
BOARD_TREES = {b: QEMU_BOARD["QEMU_TREE_" + b] for b in SOC_BOARDS}
CORPUS_DTB = BUILD / "corpus" / "dtb"
# Board -> the RAM QEMU gives it.
BOARD_MEMS = {b: QEMU_BOARD.get("QEMU_MEM_" + b) or QEMU_BOARD["QEMU_MEM"] for b in BOARDS}


def machine_options(machine):
    """@machine ("virt" or "virt,virtualization=on") with the board's own
    options from scripts/qemu-boards.mk (QEMU_MACHINE_virt) put first."""
    board = machine.split(",")[0]
    return QEMU_BOARD.get("QEMU_MACHINE_" + board, board) + machine[len(board):]


def board_tree(board):
    """The tree a board boots on by default: its own build/dts/BOARD.dtb,
    Debian's for a vendor's board, None where QEMU writes it (virt)."""
    if board in BOARD_CPUS:
        return None
    if board in BOARD_TREES:
        return CORPUS_DTB / BOARD_TREES[board]
    return BUILD / "dts" / (board + ".dtb")


# The heap's debug mode (kernel/slab.c) for every boot of the test suite:
# tests/conftest.py sets COYOTE_HEAP_DEBUG, so `make run`, the docs and the
# graders boot as before.
HEAP_DEBUG = "slub_debug"
# What kernel/slab.c's debug mode prints when it finds a corruption.
HEAP_REPORT = re.compile(r"^\s*(?:heap: )?(?:kfree\(\S+\) from .*; block not freed|use after free: |"
                         r".*: owner record overwritten|.* written past the end of |"
                         r"free block at \S+ is corrupted|corrupted block header at )", re.M)


def heap_reports(text):
    """The heap debug mode's reports in @text, less those a self-test
    planted and awaited between its "# EXPECT begin" and "# EXPECT end"."""
    found, expected = [], False
    for line in text.replace("\r", "").splitlines():
        mark = line.strip()
        if mark.startswith("# EXPECT begin"):
            expected = True
        elif mark.startswith("# EXPECT end"):
            expected = False
        elif not expected and HEAP_REPORT.match(line):
            found.append(line)
    return found


def fdt_bootargs(dtb):
    """/chosen/bootargs of a DTB, or None when it has none."""
    res = subprocess.run(["fdtget", "-t", "s", str(dtb), "/chosen", "bootargs"],
                         capture_output=True, text=True, timeout=30)
    return res.stdout.rstrip("\n") if res.returncode == 0 else None


def with_heap_debug(dtb, append, qemu_writes_tree=False):
    """@append with the heap debug option added; with no @append, the DTB's
    own bootargs (which -append would replace) plus the option.  A DTB
    without bootargs keeps none: the boots testing that path stay as they
    are.  Where QEMU writes the tree (virt) -append is the only source of
    bootargs, so the option goes there."""
    if not os.environ.get("COYOTE_HEAP_DEBUG"):
        return append
    if qemu_writes_tree:
        return ((append or "") + " " + HEAP_DEBUG).strip()
    if dtb is None:
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
    machine: the BOARD, with QEMU's machine options if any:
    "virt,virtualization=on"; semihosting=False: no way out of QEMU but a
    reset the board has; heap_debug: add slub_debug when the test suite asks
    for it, see HEAP_DEBUG)."""
    board = machine.split(",")[0]
    if board not in BOARDS:
        raise ValueError("machine %r: one of %s" % (machine, " ".join(BOARDS)))
    extra = list(extra)
    # The board's own machine options first (virt: highmem=off), then the
    # caller's ("virt,virtualization=on").
    cmd = ["qemu-system-arm", "-M", machine_options(machine)]
    # -m and -cpu in @extra replace the defaults (virt: 128M to 1G, A15 or A7).
    if "-m" not in extra:
        cmd += ["-m", BOARD_MEMS[board]]
    if board in BOARD_CPUS and "-cpu" not in extra:
        cmd += ["-cpu", BOARD_CPUS[board]]
    common = QEMU_BOARD["QEMU_COMMON"].split()
    if not semihosting:
        common.remove("-semihosting")
    cmd += common + QEMU_BOARD.get("QEMU_SERIAL_" + board, "").split()
    cmd += ["-kernel", str(kernel or KERNEL_BIN)]
    # The board's NIC on a user-mode network that never leaves QEMU, as
    # `make run` has it, unless the caller brings network options
    # (["-net", "none"] for a board without its NIC).  A *-device model
    # sits on a bus -nic cannot name: a -netdev and a -device instead.
    if not any(a in ("-net", "-nic", "-netdev") for a in extra):
        model = BOARD_NICS[board]
        if model and model.endswith("-device"):
            cmd += ["-netdev", QEMU_BOARD["QEMU_NET"], "-device", model + ",netdev=n0"]
        elif model:
            cmd += ["-nic", "%s,model=%s" % (QEMU_BOARD["QEMU_NET"], model)]
        else:
            cmd += ["-net", "none"]
    if dtb is DEFAULT:
        dtb = board_tree(board) if board in BOARD_TREES or board in BOARD_CPUS else BOARD_DTB
    if dtb is not None:
        cmd += ["-dtb", str(dtb)]
    if heap_debug:
        append = with_heap_debug(dtb, append, board in BOARD_CPUS and dtb is None)
    if initrd is DEFAULT:
        # The modules in an initrd belong to the kernel built beside it.
        own = Path(kernel).parent / "initrd.cpio" if kernel else INITRD
        initrd = own if own.exists() else None
    if initrd is not None:
        cmd += ["-initrd", str(initrd)]
    if append is not None:
        cmd += ["-append", append]
    return cmd + extra


def compile_dts(source, name, symbols=False):
    """Compile DTS text into build/tests/NAME.dtb (warnings are errors);
    with @symbols, its labels kept in __symbols__ (dtc -@) for overlays."""
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    dts = TEST_BUILD / (name + ".dts")
    dtb = TEST_BUILD / (name + ".dtb")
    dts.write_text(source)
    res = subprocess.run(["dtc", "-I", "dts", "-O", "dtb"] + (["-@"] if symbols else []) +
                         ["-o", str(dtb), str(dts)],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return dtb


def dts_cpp(source, *options):
    """scripts/dts-cpp (every .dts's preprocessor rule) on @source with
    @options first (-o, -P, -I...); returns the CompletedProcess."""
    return subprocess.run([str(ROOT / "scripts" / "dts-cpp")] + [str(o) for o in options] +
                          [str(source)], capture_output=True, text=True, timeout=60)


def board_dts_source(board="versatilepb"):
    """The board DTS after the C preprocessor, for tests that edit it."""
    res = dts_cpp(ROOT / "dts" / (board + ".dts"), "-P")
    assert res.returncode == 0, res.stderr
    return res.stdout


class QemuEnded(pexpect.EOF):
    """QEMU ended where a prompt was awaited; the message says how and
    what it printed last (an EOF still, for callers that expect one)."""


class KernelHalted(pexpect.TIMEOUT):
    """The kernel halted for good where a prompt was awaited (a panic or a
    fatal fault, without panic=N: kernel/panic.c); the message gives its
    last lines.  A TIMEOUT still, for callers that handle one, raised
    when the halt is printed instead of a timeout later."""


class KernelStuck(pexpect.TIMEOUT):
    """The kernel reported a soft lockup where a prompt was awaited (its
    CPU has not gone idle for watchdog_thresh seconds: kernel/watchdog.c),
    and this Coyote counts that as an answer that will not come
    (STUCK_ENDS_WAIT); the message gives the report's first lines.  A
    TIMEOUT still, raised when the report is printed."""


class EchoLost(pexpect.TIMEOUT, AssertionError):
    """A command's echo is not the command typed: the kernel printed the
    prompt's text itself (a driver's line, say), so the prompt awaited
    came early and the command's answer cannot be told from the rest.  A
    failed assertion for the suite; for a grader, which cannot trust
    anything this kernel answers, a TIMEOUT as a kernel that stopped
    answering is (a hand-in once crashed lab 10's grade this way)."""


# A halt for good: its "halted: ..." line, then the way out of QEMU that
# panic_halt() prints only when no reset follows.  (A soft lockup's report
# ends with the way out too, but has no "halted:" line: that CPU may yet
# come back.)
HALTED = re.compile(r"halted: [^\n]*\n[^\n]*QEMU: quit with Ctrl-A X[^\n]*\n")
# A soft lockup's whole report, from its BUG line to the way out.
SOFT_LOCKUP = re.compile(r"BUG: soft lockup[^\n]*\n(?:[^\n]*\n)*?[^\n]*QEMU: quit with Ctrl-A X"
                         r"[^\n]*\n")
PROMPT_RE = re.compile(re.escape(PROMPT))


class Coyote:
    """One QEMU running coyote, booted to its prompt."""

    # A function the QEMU command line goes through before it runs, or
    # None.  Only a subclass sets it (the lab graders' Coyote: QEMU in the
    # hand-in tools' sandbox), so a grade run inside the test suite leaves
    # the suite's own QEMUs, which read build/tests, as they were.
    WRAP = None
    # True: a soft lockup's report ends a wait for the prompt (KernelStuck)
    # instead of the timeout.  The lab graders' Coyote sets it: a hand-in
    # stuck in an interrupt storm is reported once it is seen stuck.  The
    # suite's own boots keep waiting: some watch a stuck CPU come back.
    STUCK_ENDS_WAIT = False

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
        wrap = type(self).WRAP      # the class's: a plain function, not a method
        argv = wrap(self.cmdline) if wrap else self.cmdline
        self.child = pexpect.spawn(argv[0], argv[1:], cwd=str(ROOT),
                                   encoding="utf-8", codec_errors="replace",
                                   timeout=CMD_TIMEOUT)
        # pexpect sleeps 50 ms before each send, for programs that drop
        # what is typed before they turn echo off; a command here goes
        # after its prompt and QEMU holds what the UART cannot take yet.
        self.child.delaybeforesend = None
        # Everything the kernel printed, for the heap check at close().
        self.heap_debug = any(HEAP_DEBUG in a.split() for a in self.cmdline)
        self.printed = io.StringIO()
        self.child.logfile_read = self.printed
        try:
            if wait_prompt:
                self._prompt_or_halt(boot_timeout, "before its prompt")
                self.boot_seconds = time.monotonic() - self._start
                self.boot_log = self._clean(self.child.before)
        except pexpect.EOF:
            why = self.ended("before its prompt")
            self.close(check_heap=False)
            raise QemuEnded(why) from None
        except BaseException:
            self.close(check_heap=False)
            raise

    def ended(self, when):
        """One line on QEMU having ended @when (its exit status or the
        signal that killed it: 9 is the OOM killer's), then its last
        lines: what a failing test's one-line summary should show."""
        try:
            self.child.close()
        except pexpect.ExceptionPexpect:
            pass
        status = ("killed by signal %s" % self.child.signalstatus
                  if self.child.signalstatus is not None
                  else "exit status %s" % self.child.exitstatus)
        tail = self._clean(self.printed.getvalue()).strip().splitlines()[-8:]
        return "QEMU ended %s (%s, %.1f s after start): %s\n%s" % (
            when, status, time.monotonic() - self._start, " ".join(self.cmdline[:3]),
            "\n".join(tail) or "(it printed nothing)")

    def _prompt_or_halt(self, timeout, when):
        """Wait for the prompt; KernelHalted at once if the kernel halts for
        good instead (@when: where, for the message), KernelStuck at its
        soft-lockup report where STUCK_ENDS_WAIT says so; either way
        child.before holds all it printed, report included, as a timeout
        leaves it (graders look there for the fault)."""
        stuck = [SOFT_LOCKUP] if type(self).STUCK_ENDS_WAIT else []
        seen = self.child.expect([PROMPT_RE, HALTED] + stuck, timeout=timeout)
        if not seen:
            return
        self.child.before += self.child.after
        after = "%s (%.1f s after start)" % (when, time.monotonic() - self._start)
        if seen == 2:
            report = self._clean(self.child.after).strip().splitlines()[:2]
            raise KernelStuck("the kernel reported a soft lockup %s:\n%s" % (
                after, "\n".join(report)))
        tail = self._clean(self.child.before).strip().splitlines()[-12:]
        raise KernelHalted("the kernel halted %s:\n%s" % (after, "\n".join(tail)))

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
        try:
            self._prompt_or_halt(timeout, "during %r" % cmd)
        except pexpect.EOF:
            raise QemuEnded(self.ended("during %r" % cmd)) from None
        out = self._clean(self.child.before)
        first, _, rest = out.partition("\n")
        if first.strip() != cmd.strip():
            raise EchoLost("echo %r is not the command %r" % (first, cmd))
        return rest

    def wait_exit(self, timeout=CMD_TIMEOUT):
        """Wait for QEMU to end; return its exit status."""
        self.child.expect(pexpect.EOF, timeout=timeout)
        self.output_at_exit = self._clean(self.child.before)
        self.child.close()
        return self.child.exitstatus

    def close(self, check_heap=True):
        """Kill QEMU (idempotent).  With the heap debug mode on, a
        corruption it reported during this boot (and no self-test awaited)
        fails the test that booted it: AssertionError."""
        if self.child is None or getattr(self, "_closed", False):
            return
        self._closed = True
        end_child(self.child)
        reports = heap_reports(self.printed.getvalue()) if self.heap_debug else []
        if check_heap and reports:
            raise AssertionError("the heap debug mode (slub_debug) reported during this "
                                 "boot:\n" + "\n".join(reports))

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc):
        self.close(check_heap=exc_type is None)


def end_child(child, grace=5):
    """Stop pexpect's @child and reap it.  pexpect's own terminate() and
    close() sleep 0.1 s after each signal and again after closing the pty
    whether or not the child is gone, 0.2 s every boot; QEMU ends at once
    on SIGTERM, so that is sent and the child reaped as soon as it exits
    (SIGKILL after @grace seconds)."""
    if child.isalive():
        child.kill(signal.SIGTERM)
        end = time.monotonic() + grace
        while child.isalive() and time.monotonic() < end:
            time.sleep(0.002)
    if not child.isalive():
        child.ptyproc.delayafterclose = 0
    child.close(force=True)


def connect_unix(path, timeout=10):
    """A socket connected to the unix socket @path that QEMU is still
    creating (-qmp/-monitor unix:...,server): retried until @timeout."""
    deadline = time.monotonic() + timeout
    while True:
        sock = socket.socket(socket.AF_UNIX)
        sock.settimeout(timeout)
        try:
            sock.connect(str(path))
            return sock
        except OSError:
            sock.close()
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)



def received(sock, want, timeout=10):
    """What @sock (a serial port QEMU serves) brings until @want is among
    it, it closes, or @timeout seconds pass."""
    data, deadline = b"", time.monotonic() + timeout
    sock.settimeout(0.5)
    while want not in data and time.monotonic() < deadline:
        try:
            chunk = sock.recv(4096)
        except OSError:
            continue
        if not chunk:
            break
        data += chunk
    return data

PORTS_PER_WORKER = 1000
# Where in its range this process starts: another test run on the machine
# (another checkout's) is unlikely to start at the same place.
_next_port = [random.randrange(PORTS_PER_WORKER)]


def _free_port(kind):
    """A port on 127.0.0.1 that nothing holds now, from this worker's own
    range (20000 up, below Linux's ephemeral ports), so another worker
    cannot take it between this check and QEMU's bind."""
    import socket
    worker = int(WORKER[2:]) if WORKER[2:].isdigit() else 0
    base = 20000 + PORTS_PER_WORKER * worker
    for _ in range(PORTS_PER_WORKER):
        port = base + _next_port[0] % PORTS_PER_WORKER
        _next_port[0] += 1
        with socket.socket(socket.AF_INET, kind) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in %d..%d" % (base, base + PORTS_PER_WORKER - 1))


def free_tcp_port():
    import socket
    return _free_port(socket.SOCK_STREAM)


def free_udp_port():
    import socket
    return _free_port(socket.SOCK_DGRAM)


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
