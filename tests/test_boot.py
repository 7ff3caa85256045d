# SPDX-License-Identifier: BSD-2-Clause
"""The foundation: boot to the shell, the shell's commands, the fallback
blob, reboot, and fault dumps."""
import re
import time

import pexpect
import pytest

from coyote.qemu import (DEFAULT, Coyote, EchoLost, KernelHalted, KernelStuck, board_dts_source,
                         compile_dts, TEST_BUILD)

COMMANDS = ["bootargs", "dmesg", "fault", "help", "mem", "reboot", "version"]


def test_boot_reaches_prompt(coyote):
    log = coyote.boot_log
    assert "bootconsole [pl011] enabled" in log
    assert re.search(r"fdt: blob at 0x0[0-9a-f]{7}: \d+ bytes, version 17, valid", log)
    assert "mem: RAM 0x00000000-0x07ffffff (128 MiB)" in log
    assert re.search(r"mem: reserved 0x00010000-0x[0-9a-f]{8} .* kernel image", log)
    assert "device tree blob" in log
    assert re.search(r"heap: [\d.]+ MiB free", log)
    # Every step before the shell logged; nothing went wrong on the way.
    assert "halted" not in log and "panic" not in log.lower()


def test_help_lists_every_command_once(coyote):
    out = coyote.run("help")
    # Commands by topic: a heading, then one indented line each, sorted.
    groups = out.split("\n\n")[:-1]
    lines = [l for g in groups for l in g.splitlines()[1:]]
    names = [l.split()[0] for l in lines]
    for cmd in COMMANDS:
        assert names.count(cmd) == 1, out
    # One line each, with a description after the usage.
    assert all(l.startswith("  ") and len(l.split()) >= 2 for l in lines)
    for g in groups:
        heading, *rows = g.splitlines()
        assert heading.endswith(":") and not heading.startswith(" "), out
        assert [r.split()[0] for r in rows] == sorted(r.split()[0] for r in rows), out


def test_help_for_one_command(coyote):
    assert "usage: mem" in coyote.run("help mem")
    assert "help: error ENOENT" in coyote.run("help nosuchcommand")


def test_version(coyote):
    out = coyote.run("version")
    assert re.search(r"^coyote \S+$", out, re.M), out
    assert "arm-none-eabi-gcc" in out
    assert re.search(r"built: +\w{3} +\d+ \d{4} \d\d:\d\d:\d\d", out)


def test_unknown_command(coyote):
    assert coyote.run("frobnicate now").strip() == "unknown command: frobnicate (try help)"
    # ... and the shell still works afterwards.
    assert "coyote" in coyote.run("version")


def test_dmesg_shows_boot_log(coyote):
    out = coyote.run("dmesg")
    assert "bootconsole [pl011] enabled" in out
    assert "fdt: blob at 0x" in out
    assert "heap: " in out
    assert re.search(r"of: unflattened \d+ nodes, \d+ properties into \d+ bytes", out), out
    # The ring holds what the console showed before the prompt.
    assert out.strip().splitlines()[0] in coyote.boot_log


def test_bootargs_from_dts(boot):
    c = boot(heap_debug=False)      # no slub_debug added: the DTB's own bootargs
    assert c.run("bootargs").strip() == "console=ttyAMA0,115200"


def test_bootargs_from_qemu_append(boot):
    c = boot(append="loglevel=7 hello=world", heap_debug=False)
    assert c.run("bootargs").strip() == "loglevel=7 hello=world"


def test_mem_shows_regions_and_heap(coyote):
    out = coyote.run("mem")
    assert re.search(r"0x00000000-0x07ffffff +128 MiB +memory@0", out), out
    for what in ("exception vectors", "kernel image", "device tree blob"):
        assert what in out
    m = re.search(r"Heap: ([\d.]+ \w+) in \d+ ranges?: used .* in (\d+) allocations?, "
                  r"free ([\d.]+ \w+) \(largest ([\d.]+ \w+), \d+ blocks?\)$", out, re.M)
    assert m, out
    assert "CORRUPTED" not in out


def test_initrd_is_reserved(boot):
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    initrd = TEST_BUILD / "dummy-initrd.bin"
    initrd.write_bytes(b"coyote" * 4000)
    c = boot(initrd=initrd)
    out = c.run("mem")
    m = re.search(r"0x([0-9a-f]{8})-0x([0-9a-f]{8}) +[\d.]+ \w+ +initrd", out)
    assert m, out
    assert int(m.group(2), 16) - int(m.group(1), 16) + 1 == 24000


def test_line_editing(coyote):
    # Backspace (DEL and ^H) erases, ^U kills the line.
    coyote.send("verx\x7fsiom\x08n\r")
    out = coyote.expect("coyote# ")
    assert "compiler:" in out
    coyote.send("garbage\x15version\r")
    assert "compiler:" in coyote.expect("coyote# ")
    # ^C abandons the line: nothing runs.
    coyote.send("reboot\x03")
    assert "^C" in coyote.expect("coyote# ")
    assert "coyote" in coyote.run("version")


def test_reboot_exits_qemu_with_status_0(coyote):
    coyote.send("reboot\r")
    assert coyote.wait_exit() == 0
    assert "resetting through system-controller@0" in coyote.output_at_exit


def test_without_dtb_falls_back_to_builtin(boot):
    c = boot(dtb=None)
    assert re.search(r"fdt: blob at 0x00000100 rejected: bad magic.*; using built-in DTB",
                     c.boot_log), c.boot_log
    assert "device tree blob" not in c.run("mem")   # the built-in one is in the image
    assert c.run("bootargs").strip() == "console=ttyAMA0,115200"


def test_console_path_through_ranges(boot):
    """stdout-path naming UART3 by full path: its address only exists after
    the fpga bus's ranges translate it."""
    src = board_dts_source().replace('stdout-path = "serial0:115200n8";',
                                     'stdout-path = "/fpga@10000000/serial@9000:115200n8";')
    dtb = compile_dts(src, "console-uart3")
    c = boot(dtb=dtb, extra=["-serial", "null", "-serial", "null", "-serial", "null",
                             "-serial", "mon:stdio"],
             )
    assert "bootconsole [pl011] enabled" in c.boot_log
    assert "coyote" in c.run("version")


def test_blob_without_stdout_path_uses_console_option(boot):
    """The tests boot with console=ttyAMA0,115200: alias serial0."""
    src = board_dts_source().replace('stdout-path = "serial0:115200n8";', "")
    dtb = compile_dts(src, "no-stdout-path")
    c = boot(dtb=dtb)
    assert "console: pl011 at MMIO 0x101f1000 (options '115200'), from console= in bootargs " \
        "(no stdout-path in /chosen)" in c.boot_log, c.boot_log


def test_blob_without_stdout_path_nor_console_uses_serial0_alias(boot):
    src = board_dts_source().replace('stdout-path = "serial0:115200n8";', "")
    dtb = compile_dts(src, "no-stdout-path")
    c = boot(dtb=dtb, append="loglevel=7")
    assert "console: pl011 at MMIO 0x101f1000 (options ''), from the serial0 alias " \
        "(no stdout-path in /chosen)" in c.boot_log, c.boot_log


def test_blob_without_any_uart_uses_builtin_console(boot):
    """No stdout-path, no serial0 alias, no pl011 node: the built-in blob's
    UART, which answers its ID check on this board."""
    src = board_dts_source().replace('stdout-path = "serial0:115200n8";', "")
    src = re.sub(r'serial0 = [^;]*;', "", src)
    src = src.replace('"arm,pl011"', '"arm,pl011-not"')
    dtb = compile_dts(src, "no-uart")
    c = boot(dtb=dtb)
    assert re.search(r"no console from this blob \(no stdout-path in /chosen; "
                     r"console=ttyAMA0,115200: no alias serial0; no serial0 alias; "
                     r"no enabled node has an early console driver\); console from the built-in DTB",
                     c.boot_log), c.boot_log


def _fault(coyote, kind):
    coyote.send("fault %s\r" % kind)
    return coyote.expect(r"halted: [^\n]*\n")


def test_undefined_instruction_dump(coyote):
    out = _fault(coyote, "undef")
    assert "Unhandled undefined instruction e7f000f0 at address" in out
    assert re.search(r"pc : \[<[0-9a-f]{8}>\] fault_undef\+0x[0-9a-f]+/0x[0-9a-f]+", out), out
    assert re.search(r"lr : \[<[0-9a-f]{8}>\] cmd_fault\+", out)
    assert re.search(r"\] shell_exec\+", out)          # the backtrace
    assert "halted: undefined instruction in fault_undef+" in out


def test_data_abort_dump(coyote):
    out = _fault(coyote, "data")
    m = re.search(r"Unhandled data abort at address ([0-9a-f]{8}): FSR [0-9a-f]{8} "
                  r"\(alignment fault", out)
    assert m, out
    assert int(m.group(1), 16) % 4 != 0
    assert re.search(r"pc : \[<[0-9a-f]{8}>\] fault_data_abort\+", out)
    assert "halted: data abort in fault_data_abort+" in out


def test_prefetch_abort_and_swi_dump(boot):
    c = boot()
    out = _fault(c, "prefetch")
    assert "halted: prefetch abort in fault_prefetch_abort+" in out
    c = boot()
    out = _fault(c, "swi")
    assert "halted: software interrupt (SWI) in fault_swi+" in out


def test_panic_halts_with_reason(coyote):
    out = _fault(coyote, "panic")
    assert "Kernel panic: requested from the shell" in out
    assert "called from cmd_fault+" in out
    assert "halted: panic" in out


@pytest.mark.parametrize("kind", ["null", "panic"])
def test_halt_says_how_to_leave(coyote, kind):
    """Without panic=N a halt is for good, and its last line says how to
    leave QEMU (`fault null` left the user with no way out)."""
    _fault(coyote, kind)
    out = coyote.expect(r"[^\n]*\n")
    assert "quit with Ctrl-A X" in out and "panic=N" in out, out
    with pytest.raises(pexpect.TIMEOUT):
        coyote.child.expect(pexpect.EOF, timeout=3)


def test_a_halt_ends_the_wait_for_the_prompt(boot):
    """run() on a command that halts the kernel for good says so when the
    halt is printed (a grader once waited out the 15 s timeout on every
    wrong answer that faults), with the fault in the message and in
    child.before, where a timeout leaves it; with panic=N the reset
    brings the prompt back, and run() waits for it."""
    c = boot()
    with pytest.raises(KernelHalted) as e:      # not the TIMEOUT of 60 s later
        c.run("fault null", timeout=60)
    assert re.search(r"halted: [^\n]* in fault_null\+", str(e.value)), str(e.value)
    assert "halted: " in c.child.before
    assert isinstance(e.value, pexpect.TIMEOUT)
    c = boot(append="console=ttyAMA0,115200 panic=1")
    c.send("fault panic\r")
    with pytest.raises(pexpect.EOF):        # QEMU -no-reboot exits at the reset
        c.run("version", timeout=30)


class StuckEndsWait(Coyote):
    STUCK_ENDS_WAIT = True


def test_a_soft_lockup_ends_the_wait_where_asked():
    """With STUCK_ENDS_WAIT (the lab graders' Coyote) run() on a command
    that leaves the CPU busy for good says so at the soft-lockup report
    (a grader once waited out the 15 s timeout on every hand-in stuck in
    an interrupt storm), with the report's first lines in the message and
    the whole report in child.before."""
    with StuckEndsWait(append="watchdog_thresh=1", initrd=None) as c:
        with pytest.raises(KernelStuck) as e:       # not the TIMEOUT of 60 s later
            c.run("fault lockup", timeout=60)
    assert re.search(r"BUG: soft lockup - CPU stuck for \d+s!\n"
                     r"watchdog: stuck in fault_lockup\+", str(e.value)), str(e.value)
    assert "QEMU: quit with Ctrl-A X" in c.child.before
    assert isinstance(e.value, pexpect.TIMEOUT)


def test_prompt_text_in_the_output_is_a_lost_echo(coyote):
    """Output holding the prompt's text (here the command's own echo)
    ends the wait for the prompt early: run() says so with EchoLost, a
    failed assertion for the suite and a TIMEOUT for the graders, which
    count it as a kernel that stopped answering (a hand-in whose driver
    printed "coyote# " once crashed lab 10's grade with a bare
    AssertionError)."""
    with pytest.raises(EchoLost) as e:
        coyote.run("echo coyote# is not a prompt")
    assert isinstance(e.value, AssertionError) and isinstance(e.value, pexpect.TIMEOUT)
    assert "is not the command 'echo coyote# is not a prompt'" in str(e.value), str(e.value)


@pytest.mark.parametrize("arg,kind,wait", [("panic=1", "panic", True), ("panic=-1", "null", False),
                                           ("panic=2", "data", True)])
def test_panic_timeout_resets(boot, arg, kind, wait):
    """panic=N as in Linux: N > 0 resets N seconds after a panic or a fatal
    fault, N < 0 at once (QEMU -no-reboot then exits with status 0)."""
    c = boot(append="console=ttyAMA0,115200 " + arg)
    assert arg in c.run("bootargs").split()
    _fault(c, kind)
    n = int(arg.split("=")[1])
    start = time.monotonic()
    out = c.expect(r"rebooting[^\n]*\n")
    assert ("rebooting in %d seconds" % n if wait else "rebooting (panic=-1)") in out, out
    assert c.wait_exit(timeout=30) == 0, c.output_at_exit
    if wait:                # figures, not a timing assertion: at least N seconds
        assert time.monotonic() - start >= n - 0.5
    assert "Ctrl-A X" not in c.output_at_exit


def test_bad_panic_timeout_is_refused(boot):
    c = boot(append="console=ttyAMA0,115200 panic=soon")
    assert "panic=soon is not -3600..3600; a panic halts" in c.boot_log, c.boot_log


def test_reboot_that_does_nothing_says_so(boot):
    """A syscon-reboot node pointing at a register that does not reset
    (the read-only ID register): the kernel must say so, not hang; then it
    leaves QEMU through semihosting (the tests run QEMU as `make run` does,
    with -semihosting)."""
    src = board_dts_source().replace("offset = <0x40>;", "offset = <0x0>;")
    dtb = compile_dts(src, "reboot-noop")
    c = boot(dtb=dtb)
    c.send("reboot\r")
    assert c.wait_exit(timeout=60) == 0
    out = c.output_at_exit
    assert "the reset register was written but the board did not reset" in out, out
    assert "leaving QEMU through semihosting (SYS_EXIT)" in out, out


def test_reboot_without_reset_or_semihosting_says_so(boot):
    """No reset in the tree and QEMU without -semihosting: an error, and the
    shell goes on (the SVC returns -1 through the kernel's own SWI vector)."""
    src = board_dts_source().replace('compatible = "syscon-reboot";', 'compatible = "none";')
    dtb = compile_dts(src, "reboot-none")
    c = boot(dtb=dtb, semihosting=False)
    out = c.run("reboot", timeout=60)
    assert "leaving QEMU through semihosting (SYS_EXIT)" in out, out
    assert "reboot: error ENODEV" in out, out
    assert "coyote" in c.run("version")


def test_memreserve_is_kept_out_of_the_heap(boot):
    src = board_dts_source().replace("/dts-v1/;", "/dts-v1/;\n/memreserve/ 0x01000000 0x00100000;")
    dtb = compile_dts(src, "memreserve")
    c = boot(dtb=dtb, initrd=None)  # the initrd would split RAM once more
    assert "mem: reserved 0x01000000-0x010fffff (1 MiB) /memreserve/" in c.boot_log
    out = c.run("mem")
    assert re.search(r"0x01000000-0x010fffff +1 MiB +/memreserve/", out), out
    # RAM is split around it: one more free range than on the board DTB.
    assert re.search(r"Heap: [\d.]+ MiB in 4 ranges", out), out


def test_loglevel_limits_console_not_dmesg(boot):
    """loglevel=4 keeps info lines off the console; dmesg still has them."""
    c = boot(append="loglevel=4 other=1", heap_debug=False)
    assert "fdt: blob at" not in c.boot_log
    assert "heap:" not in c.boot_log
    out = c.run("dmesg")
    assert "fdt: blob at 0x" in out and "heap: " in out
    assert c.run("bootargs").strip() == "loglevel=4 other=1"


def test_bad_blob_that_qemu_accepts_is_rejected_with_reason(boot):
    """QEMU edits blobs with libfdt and refuses most broken ones, but not one
    nested deeper than coyote's checker allows: the kernel must print the
    checker's reason and boot on the built-in blob."""
    src = board_dts_source()
    deep = "".join("d%d {\n" % i for i in range(80)) + "};\n" * 80
    assert " cpus {" in src
    dtb = compile_dts(src.replace(" cpus {", deep + " cpus {", 1), "too-deep")
    c = boot(dtb=dtb)
    assert re.search(r"fdt: blob at 0x[0-9a-f]{8} rejected: nesting deeper than \d+ at /d0/d1/.*; "
                     r"using built-in DTB", c.boot_log), c.boot_log
    assert "of: unflattened" in c.boot_log
