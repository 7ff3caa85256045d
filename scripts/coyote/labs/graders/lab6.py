# SPDX-License-Identifier: BSD-2-Clause
"""Lab 6's grader (docs/labs/lab6/README.md):
debug a probe: three planted faults."""
import hashlib
import re
from pathlib import Path

from .common import (BUILD, Boots, Coyote, Grader, I2C, OFDUMP, PRISTINE, compile_lab_dts,
                     fdtget, handin, have_files, indent, kept, ofdump_devices, read_answers,
                     rel, whynot)
from coyote.qemu import INITRD, KERNEL_BIN

TITLE = 'debug a probe: three planted faults'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'lab6.dts and faults.txt exist': 1,
    'lab6.dts starts from broken.dts (#include "broken.dts")': 1,
    'broken.dts is the one handed out (the fixes go in lab6.dts)': 1,
    'lab6.dts compiles': 1,
    'the faulty nodes are fixed, not deleted': 1,
    'fault 1: the I2C controller (and so its RTC) gets a driver': 1,
    "fault 2: UART3's registers are where the hardware is": 1,
    "fault 3: UART1's interrupt goes to the right controller": 1,
    'fault log: fault 1 (the I2C controller) named, with the command that showed it': 2,
    "fault log: fault 2 (UART3's bus) named, with the command that showed it": 2,
    'fault log: fault 3 (UART1) named, with the command that showed it': 2,
    'the kernel binds every device, nothing deferred or failed': 1,
}

UART1 = "/amba/serial@101f2000"
UART3 = "/fpga@10000000/serial@9000"
RTC = I2C + "/rtc@68"
FPGA = "/fpga@10000000"
# The faulty nodes (not what is wrong with them), and the nodes a fault
# log may name for each: a fault in a bus shows on its children.
FAULTS = (("the I2C controller", (I2C, RTC)),
          ("UART3's bus", (FPGA, UART3)),
          ("UART1", (UART1,)))
FIELDS = ("fault", "command", "saw", "fix")       # a block of faults.txt
SHELL_CMDS = ("whynot", "devices", "dmesg", "irqs", "dt", "drivers", "ttys", "devlinks")


def shell_output(g, boots, dtb, cmd):
    """What the shell command @cmd prints on the project's kernel booted
    on @dtb (the handed-out broken tree, the board's own, one fault
    alone), kept (kept()) by kernel, initrd, tree and command: a later
    grade asking the same boots nothing (@boots: Boots)."""
    def boot_and_run():
        machine = boots(dtb)
        return machine.boot_log + "\n" + machine.run(cmd) if cmd.split()[0] == "dmesg" \
            else machine.run(cmd)
    name = "lab6-" + hashlib.sha256(("%s\0%s" % (dtb, cmd)).encode()).hexdigest()[:16]
    return kept(g, name, [KERNEL_BIN, INITRD, Path(dtb), cmd], boot_and_run)


def command_output(g, cmd, dtb, boots):
    """What @cmd prints on @dtb: a shell command on the kernel booted on
    it (shell_output()), or ofdump on the host; None for a command the
    grader cannot run."""
    words = cmd.split()
    if not words:
        return None
    if words[0].endswith("ofdump"):
        res = handin.run_tool([OFDUMP] + [w for w in words[1:] if w.startswith("-")] + [dtb],
                              Path(dtb).parent, timeout=60)
        return res.stdout + res.stderr
    if words[0] in SHELL_CMDS:
        return shell_output(g, boots, dtb, cmd)
    return None


def only_fault(g, broken_src, board, dtb, keep):
    """The handed-out tree with every fault but fault @keep (1-3) put back
    as the board has it (from the board's own blob @dtb and its ofdump
    @board): the tree where only that fault shows.  Its dtb."""
    fixes = {
        1: '&{%s} {\n\tcompatible = %s;\n};\n' % (
            I2C, ", ".join('"%s"' % s for s in fdtget(dtb, I2C, "compatible").split())),
        2: '&{%s} {\n\tranges = <%s>;\n};\n' % (
            FPGA, " ".join("0x" + c for c in fdtget(dtb, FPGA, "ranges", "x").split())),
        3: '&{%s} {\n\tinterrupt-parent = <&{%s}>;\n};\n' % (
            UART1, board[UART1]["irqs"][0].split()[0]),
    }
    src = g.out / ("only-fault-%d.dts" % keep)
    src.write_text('#include "broken.dts"\n' + "".join(f for i, f in sorted(fixes.items())
                                                      if i != keep))
    out, err = compile_lab_dts(src, g.out / ("only-fault-%d.dtb" % keep),
                               include=[broken_src.parent])
    if not out:
        raise RuntimeError("the grader's tree %s: %s" % (src.name, err))
    return out


def same_line(saw, output):
    norm = " ".join(saw.split())
    return bool(norm) and any(" ".join(l.split()) == norm or
                              (len(norm) > 20 and norm in " ".join(l.split()))
                              for l in output.splitlines())


def lab6(src):
    g = Grader(6, src)
    # The tree as handed out (prepare() kept it), never the working copy.
    broken_src = PRISTINE / "lab6" / "broken.dts"
    files = have_files(g, src, "lab6.dts", "faults.txt")
    if not files:
        return g
    dts, log_file = files
    # The student's folder may hold its own copy of broken.dts; the faults
    # are graded against the one handed out.
    g.check("lab6.dts starts from broken.dts (#include \"broken.dts\")",
            re.search(r'^\s*#include\s+"broken\.dts"', dts.read_text(), re.M),
            "Fix the faults below the #include of the tree you were given: a tree\n"
            "that starts from the board's own versatilepb.dts has nothing to debug.")
    own = src / "broken.dts"
    g.check("broken.dts is the one handed out (the fixes go in lab6.dts)",
            not own.exists() or own.read_bytes() == broken_src.read_bytes(),
            "%s differs from the broken.dts handed out (%s): leave it as it is and\n"
            "override in lab6.dts." % (rel(own), rel(broken_src)))
    dtb, err = compile_lab_dts(dts, g.out / "lab6.dtb", include=[broken_src.parent])
    if not g.check("lab6.dts compiles", dtb, "dtc said:\n" + indent(err)):
        return g
    broken, err = compile_lab_dts(broken_src, g.out / "broken.dtb")
    if not broken:
        raise RuntimeError("%s: %s" % (rel(broken_src), err))
    nodes, board = ofdump_devices(dtb), ofdump_devices(BUILD / "dts" / "versatilepb.dtb")
    missing = [p for p in (I2C, RTC, UART1, UART3) if p not in nodes]
    if not g.check("the faulty nodes are fixed, not deleted", not missing,
                   "These nodes are gone: %s.  The board needs them." % ", ".join(missing)):
        return g
    host_ok = [g.check(
        "fault 1: the I2C controller (and so its RTC) gets a driver",
        nodes[I2C]["verdict"] == "would bind" and nodes[RTC]["verdict"] == "would bind",
        "Boot the tree and ask: whynot %s\n(the RTC at 0x68 depends on it)." % RTC)]
    got, want = nodes[UART3]["regs"], board[UART3]["regs"]
    # The fault is in the bus: the fix gives its children, their reg as
    # handed out (offsets on the bus), the board's CPU addresses, as the
    # kernel translates them through the student's tree (ofdump).  A
    # child's reg rewritten to a CPU address reaches the UART too, but
    # fixes the symptom, not the bus.
    kids = sorted(p for p in board if p.startswith(FPGA + "/"))
    def reg(tree, path):
        return " ".join("0x" + c for c in (fdtget(tree, path, "reg", "x") or "").split())
    rewritten = [(p, reg(dtb, p), reg(broken, p)) for p in kids if reg(dtb, p) != reg(broken, p)]
    moved = [p for p in kids if nodes.get(p, {}).get("regs") != board[p]["regs"]]
    if rewritten:
        hint = ("You rewrote a child's reg: %s.\nA child's reg is an address on "
                "its parent's bus, and the bus maps it to the CPU's:\nfix the bus "
                "(whynot %s says what it lacks), not its children." % (
                    "; ".join("%s <%s>, handed out <%s>" % r for r in rewritten[:3]), UART3))
    elif got == want and moved:
        hint = ("UART3 is right, but not every device on its bus: %s (ofdump --devices)."
                % ", ".join("%s at %s" % (p, (nodes.get(p, {}).get("regs") or ["(none)"])[0])
                            for p in moved[:3]))
    else:
        hint = "ofdump --devices puts UART3's registers at %s.  %s" % (
            got[0] if got else "(none)",
            "Reachable, but at the wrong place: which CPU address does the FPGA's\n"
            "UART3 answer at (the board's memory map, docs/driver-core.md)?"
            if got and "not reachable" not in got[0] else
            "whynot %s says why; compare its bus with /amba." % UART3)
    host_ok.append(g.check(
        "fault 2: UART3's registers are where the hardware is",
        got == want and not moved and not rewritten, hint))
    irq = nodes[UART1]["irqs"][0] if nodes[UART1]["irqs"] else ""
    host_ok.append(g.check(
        "fault 3: UART1's interrupt goes to the right controller",
        irq == board[UART1]["irqs"][0],
        "UART1's probe fails: its `interrupts` are read through the controller its\n"
        "interrupt-parent names (now %s).  Compare with the other UARTs:\n"
        "`irqs`, ofdump --devices." % (irq or "none")))
    later = "the kernel binds every device, nothing deferred or failed"
    with Boots() as boots:
        entries = read_answers(log_file, sep=":", block="fault", keys=FIELDS, lists=False)
        for i, (what, paths) in enumerate(FAULTS, 1):
            title = "fault log: fault %d (%s) named, with the command that showed it" % (i, what)
            entry = next((e for e in entries if e.get("fault").rstrip("/") in paths), None)
            if not entry:
                g.check(title, False, hint="faults.txt has no block whose `fault:` is the path of "
                        "the node at fault\n(or, for a bus, of the device that shows it).")
                continue
            if any(entry.given(g, title, key) is None for key in FIELDS):
                continue
            out_bad = command_output(g, entry.get("command", ""), broken, boots)
            if out_bad is None:
                g.check(title, False, hint="`command: %s` is not one the grader can run: use %s,\n"
                        "or ofdump --devices." % (entry.get("command", ""),
                                                   ", ".join(SHELL_CMDS)))
                continue
            out_good = command_output(g, entry["command"], BUILD / "dts" / "versatilepb.dtb",
                                      boots)
            saw = entry.get("saw", "")
            if not same_line(saw, out_bad):
                hint = ("`%s` on broken.dts does not print the line you copied:\n  %s\n"
                        "Copy one whole line of what it printed." % (entry["command"], saw))
            elif same_line(saw, out_good):
                hint = ("`%s` prints that line for the healthy board too: it does not show "
                        "the fault." % entry["command"])
            else:
                # Each fault its own evidence: the line must show on a
                # tree where this fault is the only one.
                alone = only_fault(g, broken_src, board, BUILD / "dts" / "versatilepb.dtb", i)
                out_one = command_output(g, entry["command"], alone, boots)
                hint = None if same_line(saw, out_one) else (
                    "On a tree where %s is the only fault, `%s` no longer prints that "
                    "line:\nit shows another fault, or all of them at once.  Copy a line "
                    "that shows this one." % (what, entry["command"]))
            g.check(title, hint is None, hint or "")
        if not all(host_ok):
            g.skip(later, "the fixes")
            return g
    with Coyote(dtb=dtb) as c:
        log = c.boot_log
        v_rtc, _ = whynot(c, RTC)
    m = re.search(r"driver core: \d+ device\(s\) bound, (\d+) deferred, (\d+) failed", log)
    failed = re.findall(r"driver core: .*: probe of (\S+) failed: (\S+)", log)
    ok = m and m.group(1) == "0" and m.group(2) == "0" and v_rtc == "bound"
    g.check(later, ok,
            "Boot summary: %s\n%swhynot %s: %s" %
            (m.group(0) if m else "(none)",
             "".join("Probe of %s failed: %s (whynot tells why)\n" % f for f in failed),
             RTC, v_rtc))
    return g
