# SPDX-License-Identifier: BSD-2-Clause
"""Lab 7's grader (docs/labs/lab7/README.md):
interrupts: the PL061 as an interrupt controller."""
import re

import pexpect

from .common import (PROMPT, QMP, Coyote, Grader, KernelStuck, bootargs_with, build_kernel,
                     check_build, compile_lab_dts, dtbs_check, fdtget, have_files, indent,
                     initrd_with, makefile_objs, ofdump_devices, tail, whynot)

TITLE = 'interrupts: the PL061 as an interrupt controller'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'gpio-pl061.c, lab-button.c, lab7.dts and Makefile exist': 1,
    'lab7.dts compiles': 1,
    "button-a interrupts on gpio0's line 3, rising edge": 1,
    "button-b reaches gpio1's line 5, falling edge, through the header's interrupt-map (and the header's pin 0 reaches gpio1's line 2)": 1,
    'the tree passes dtbs_check (dts/bindings/coyote,lab-button.yaml)': 1,
    'the Makefile builds both drivers into the kernel': 1,
    'the kernel builds with both drivers': 1,
    'gpio0 and gpio1 are interrupt controllers: their VIC lines are chained to the PL061 driver': 1,
    "both buttons bind, and `irqs` shows their lines with the tree's triggers": 1,
    'a rising edge on line 3 is one press of button-a, its falling edge none': 1,
    'three pulses are three presses, in the log and in `irqs`': 1,
    "button-b counts falling edges on line 13 (gpio1's line 5), not rising ones": 1,
    'edges on a line nobody requested (line 4) reach nobody: nothing spurious, then or at the next press': 1,
    "once button-a is released (an overlay disables it), line 3 is masked: GPIOIE's bit reads back clear, and its edges reach nobody, nothing spurious; gpio0's other requested line keeps working": 1,
    "each edge is acked alone: GPIOIC written with that line's bit only (QEMU's trace of the writes)": 1,
    "once gpio0 itself is unbound (an overlay disables it), its VIC line is no longer chained and its domain is gone": 1,
    "on QEMU's virt, gpio-keys binds to your PL061 and `system_powerdown` powers off through PSCI (QEMU exits with status 0)": 1,
}

BUTTONS = {"/button-a": ("/amba/gpio@101e4000", 3, 1), "/button-b": ("/amba/gpio@101e5000", 5, 2)}
HEADER = "/expansion-header"
TRIGGER = {1: "edge-rising", 2: "edge-falling"}
GPIOIE = 0x410
GPIOIC = 0x41c
ACK_CHECK = "each edge is acked alone: GPIOIC written with that line's bit only (QEMU's trace of the writes)"
# The grader's own overlays: button-a disabled, as a user takes a device
# away (`overlay apply`), its driver's remove frees the line; then gpio0
# itself, whose remove must undo what probe set up for its interrupts.
RELEASE = "lab7-release"
RELEASE_DTS = '/dts-v1/;\n/plugin/;\n&{/button-a} { status = "disabled"; };\n'
UNBIND = "lab7-unbind"
UNBIND_DTS = '/dts-v1/;\n/plugin/;\n&{/amba/gpio@101e4000} { status = "disabled"; };\n'
UNBIND_CHECK = ("once gpio0 itself is unbound (an overlay disables it), its VIC line is no longer "
                "chained and its domain is gone")
# The grader's own button, added to the student's tree: a second line
# requested on gpio0, so a mask or an ack that touches every line shows.
EXTRA = "/lab7-grader-c"
EXTRA_LINE = 6
EXTRA_DTS = ('#include "lab7.dts"\n/ {\n\tlab7-grader-c {\n\t\tcompatible = "coyote,lab-button";\n'
             '\t\tinterrupts-extended = <&{/amba/gpio@101e4000} %d 1>;\n\t};\n};\n' % EXTRA_LINE)
STALL_SECONDS = 3
VIRT = ("on QEMU's virt, gpio-keys binds to your PL061 and `system_powerdown` powers off "
        "through PSCI (QEMU exits with status 0)")


def lab7_tree(g, src):
    """The student's tree, compiled and read back through the kernel's own
    interrupt translation (ofdump): the dtb when the buttons are right,
    else None after the failed checks."""
    later = ("button-a interrupts on gpio0's line 3, rising edge",
             "button-b reaches gpio1's line 5, falling edge, through the header's "
             "interrupt-map (and the header's pin 0 reaches gpio1's line 2)",
             "the tree passes dtbs_check (dts/bindings/coyote,lab-button.yaml)")
    dtb, err = compile_lab_dts(src / "lab7.dts", g.out / "lab7.dtb")
    if not g.check("lab7.dts compiles", dtb, "dtc said:\n" + indent(err)):
        g.skip_all(later, "lab7.dts to compile")
        return None
    nodes = ofdump_devices(dtb)

    def irq_of(node):
        return (nodes.get(node, {}).get("irqs") or ["(none)"])[0]

    want_a = "%s %d %d" % BUTTONS["/button-a"]
    ok_a = g.check(later[0], irq_of("/button-a") == want_a,
                   "ofdump --devices resolves /button-a's interrupt to: %s\n(controller, "
                   "line, trigger; %s would be right).  IRQ_TYPE_* are in\n"
                   "include/dt-bindings/interrupt-controller/irq.h." %
                   (irq_of("/button-a") if "/button-a" in nodes else "no node /button-a",
                    want_a))
    # Button-b as the kernel resolves it, however the tree spells it
    # (interrupt-parent and interrupts, or interrupts-extended), in three
    # trees: the student's; the same with the header's interrupt-map
    # emptied (a button wired through the header then resolves to nothing,
    # one wired straight to gpio1 still resolves); and the header's pin 0
    # asked for by a node of the grader's, which checks the map's other
    # entry.
    header = fdtget(dtb, HEADER, "phandle", "u")
    unmapped = pin0 = None
    if header and fdtget(dtb, HEADER, "interrupt-map", "x"):
        var = g.out / "lab7-unmapped.dts"
        var.write_text('#include "lab7.dts"\n&{%s} { interrupt-map; };\n' % HEADER)
        vdtb, _ = compile_lab_dts(var, g.out / "lab7-unmapped.dtb", include=[src])
        unmapped = (ofdump_devices(vdtb).get("/button-b", {}).get("irqs") or ["(none)"])[0] \
            if vdtb else "(the tree with the header's interrupt-map emptied does not compile)"
        var = g.out / "lab7-pin0.dts"
        var.write_text('#include "lab7.dts"\n/ {\n\tlab7-grader-pin0 {\n'
                       '\t\tcompatible = "coyote,lab-button";\n'
                       '\t\tinterrupts-extended = <&{%s} 0>;\n\t};\n};\n' % HEADER)
        vdtb, _ = compile_lab_dts(var, g.out / "lab7-pin0.dtb", include=[src])
        pin0 = (ofdump_devices(vdtb).get("/lab7-grader-pin0", {}).get("irqs") or
                ["(none)"])[0] if vdtb else "(the tree with a node on pin 0 does not compile)"
    want_b = "%s %d %d" % BUTTONS["/button-b"]
    want_pin0 = "/amba/gpio@101e5000 2 2"
    parent = fdtget(dtb, "/button-b", "interrupt-parent", "u")
    through = unmapped is not None and unmapped != want_b
    ok_b = g.check(later[1], irq_of("/button-b") == want_b and through and pin0 == want_pin0,
                   "ofdump --devices resolves button-b to: %s (want %s);\n"
                   "with the header's interrupt-map emptied: %s (%s);\n"
                   "a node on the header's pin 0 instead: %s (want %s).\n"
                   "(/button-b's interrupt-parent is %s, %s's phandle %s.)\n"
                   "A nexus has #interrupt-cells and interrupt-map, whose entries are\n"
                   "<child unit address (#address-cells of the nexus)> <child specifier>\n"
                   "<parent phandle> <parent unit address> <parent specifier>." %
                   (irq_of("/button-b"), want_b,
                    unmapped or "(no interrupt-map)",
                    "it must change: button-b is wired to the header's pin, not to gpio1"
                    if not through else "it goes through the map",
                    pin0 or "(no interrupt-map)", want_pin0,
                    parent or "missing", HEADER, header or "missing (no node, or no label "
                    "used)"))
    clean, findings = dtbs_check(dtb)
    g.check(later[2], clean, "dtbs_check said:\n" + indent(findings))
    return dtb if ok_a and ok_b else None


def dmesg_presses(c, name):
    """The press numbers @name's handler has logged so far."""
    return [int(n) for n in re.findall(r"lab-button %s: press (\d+)$" % name,
                                       c.run("dmesg"), re.M)]


def irq_row(out, domain, hw):
    """(trigger, handler, count) of @domain's line @hw in `irqs`, or None."""
    m = re.search(r"^%s +%d +\d+ +(\S+) +(\S+) +(\d+)$" % (re.escape(domain), hw), out, re.M)
    return (m.group(1), m.group(2), int(m.group(3))) if m else None


def edge(c, line, level):
    """Make GPIO @line an input that sees @level: QEMU's PL061 keeps what a
    line last drove as an output, so turning it back into an input shows
    the PL061 that level arriving, an edge if it changed."""
    c.run("gpio out %d %d" % (line, level))
    c.run("gpio in %d" % line)


def lab7_pulses(g, c, later):
    """The interrupt checks on a booted kernel; raises when it stops answering."""
    before = c.run("irqs")
    edge(c, 3, 1)
    on_rise = dmesg_presses(c, "button-a")
    edge(c, 3, 0)
    on_fall = dmesg_presses(c, "button-a")
    row = irq_row(c.run("irqs"), "gpio@101e4000", 3)
    if on_fall:
        why = ("The trigger comes from the tree: irq_set_type() programs GPIOIS, GPIOIBE\n"
               "and GPIOIEV.")
    elif row and row[2]:
        why = ("The interrupt arrived (`irqs` counts %d) but button-a logged no press:\n"
               "its handler counts and logs \"press N\" (lab-button.c, TODO 5)." % row[2])
    else:
        why = ("Nothing arrived (`irqs` counts %s): is the line unmasked (GPIOIE) when\n"
               "requested, the VIC line chained to your handler, and does the handler\n"
               "read GPIOMIS?" % (row[2] if row else "no line 3 of gpio@101e4000"))
    g.check(later[2], on_rise == [1] and on_fall == [1],
            "After a rising edge on line 3 button-a had logged presses %s, after the\n"
            "falling edge %s (want [1], then still [1]).\n%s" % (on_rise, on_fall, why))
    for _ in range(2):
        edge(c, 3, 1)
        edge(c, 3, 0)
    got = dmesg_presses(c, "button-a")
    row = irq_row(c.run("irqs"), "gpio@101e4000", 3)
    g.check(later[3], got == [1, 2, 3] and row and row[2] == 3,
            "After three pulses button-a logged presses %s (want [1, 2, 3]); `irqs` "
            "counts %s.\nAn edge is latched until acked (GPIOIC): ack it before the "
            "handler runs\n(handle_edge_irq does, through your irq_ack)." %
            (got, row[2] if row else "no line 3 of gpio@101e4000"))
    edge(c, 13, 1)
    rise = dmesg_presses(c, "button-b")
    edge(c, 13, 0)
    fall = dmesg_presses(c, "button-b")
    g.check(later[4], rise == [] and fall == [1],
            "Line 13 is gpio1's line 5.  After its rising edge button-b had logged %s,\n"
            "after the falling edge %s (want [] then [1]).  Each PL061 has its own\n"
            "domain and chained handler." % (rise, fall))
    spurious = re.search(r"spurious: (\d+)", before)
    edge(c, 4, 1)
    edge(c, 4, 0)
    alone = re.search(r"spurious: (\d+)", c.run("irqs"))
    edge(c, 3, 1)       # and button-a once more: line 4's edge is still latched
    edge(c, 3, 0)
    now = re.search(r"spurious: (\d+)", c.run("irqs"))
    presses = dmesg_presses(c, "button-a")
    counts = [m.group(1) if m else "?" for m in (spurious, alone, now)]
    g.check(later[5], len(set(counts)) == 1 and "?" not in counts and
            presses == [1, 2, 3, 4] and "no handler" not in c.run("dmesg"),
            "`irqs` counted spurious %s before edges on line 4 (which nobody requested),\n"
            "%s after them, %s after one more press of button-a (which logged %s; want\n"
            "[1, 2, 3, 4]).  A line stays masked (GPIOIE clear) until a consumer requests\n"
            "it (request_irq() unmasks it through your irq_unmask), and the chained\n"
            "handler dispatches the lines that are pending and enabled: GPIOMIS." %
            (counts[0], counts[1], counts[2], presses))


def release_initrd(g):
    """The lab build's initrd (its modules, the board's overlays) with the
    grader's overlays more, lib/firmware/lab7-release.dtbo and
    lab7-unbind.dtbo: (path or None, why)."""
    files = []
    for name, text in ((RELEASE, RELEASE_DTS), (UNBIND, UNBIND_DTS)):
        src = g.out / (name + ".dts")
        src.write_text(text)
        dtbo, err = compile_lab_dts(src, g.out / (name + ".dtbo"))
        if not dtbo:
            return None, "the grader's overlay %s does not compile: %s" % (name, err)
        files.append(("lib/firmware/%s.dtbo" % name, dtbo.read_bytes()))
    return initrd_with(g, files, g.out), ""


def gpioie(qmp, dtb, node):
    """@node's GPIOIE as QEMU's PL061 holds it (the monitor's `xp` reads
    the register, not the kernel's idea of it), or None."""
    reg = (fdtget(dtb, node, "reg", "x") or "").split()
    if not reg:
        return None
    out = qmp.execute("human-monitor-command",
                      **{"command-line": "xp /1wx 0x%x" % (int(reg[0], 16) + GPIOIE)})
    m = re.search(r":\s*(0x[0-9a-f]+)", out)
    return int(m.group(1), 16) if m else None


def lab7_release(g, c, text, qmp, dtb):
    """Button-a released as a user releases a device (an overlay disables
    its node; the driver core unbinds it and devres frees its interrupt):
    the core masks the line when its last handler goes, and the PL061's
    GPIOIE must say so."""
    gpio0, line = BUTTONS["/button-a"][:2]
    gpio1, line_b = BUTTONS["/button-b"][:2]
    extra = EXTRA[1:]
    out = c.run("overlay apply " + RELEASE)
    gone = whynot(c, "/button-a")[0] != "bound"
    ie0, ie1 = gpioie(qmp, dtb, gpio0), gpioie(qmp, dtb, gpio1)
    before = re.search(r"spurious: (\d+)", c.run("irqs"))
    presses, others = dmesg_presses(c, "button-a"), dmesg_presses(c, extra)
    edge(c, line, 1)
    edge(c, line, 0)
    edge(c, EXTRA_LINE, 1)
    after = re.search(r"spurious: (\d+)", c.run("irqs"))
    since, others_since = dmesg_presses(c, "button-a"), dmesg_presses(c, extra)
    counts = [m.group(1) if m else "?" for m in (before, after)]
    masked = ie0 is not None and not ie0 & (1 << line)
    kept = ie0 is not None and ie0 & (1 << EXTRA_LINE) and ie1 is not None and ie1 & (1 << line_b)
    g.check(text, gone and masked and kept and counts[0] == counts[1] and "?" not in counts
            and since == presses and others_since == others + [len(others) + 1]
            and "no handler" not in c.run("dmesg"),
            "`overlay apply %s` (button-a's status \"disabled\") said:\n%s\n"
            "button-a is %s; then gpio0's GPIOIE read 0x%s (line %d's bit must be "
            "clear, line %d's\nstill set: the grader's own button %s keeps it), gpio1's "
            "0x%s (line %d's bit still set).\n"
            "Edges on line %d then: button-a's presses %s -> %s, spurious %s -> %s; "
            "a rising edge\non line %d: %s's presses %s -> %s.\n"
            "When its last handler is freed (free_irq()), the kernel masks the line "
            "through\nyour irq_mask: that line, and only that one, must stop interrupting." %
            (RELEASE, indent(out) or "  (nothing)", "unbound" if gone else "still bound",
             "%02x" % ie0 if ie0 is not None else "?", line, EXTRA_LINE, EXTRA,
             "%02x" % ie1 if ie1 is not None else "?", line_b, line, presses, since,
             counts[0], counts[1], EXTRA_LINE, EXTRA, others, others_since))


def acks(trace, start):
    """The values written to GPIOIC after byte @start of QEMU's trace of
    PL061 writes (the chip's side of the bus)."""
    text = trace.read_text()[start:] if trace.exists() else ""
    return [int(v, 16) for v in re.findall(r"^pl061_write \S+ offset 0x%x value (0x[0-9a-f]+)$"
                                           % GPIOIC, text, re.M)]


def lab7_acks(g, written):
    """Between the first press and the unbind every GPIOIC write the
    PL061s saw (@written) must clear one line: an ack that clears all
    eight forgets an edge latched on another line meanwhile."""
    wide = sorted({v for v in written if bin(v).count("1") != 1})
    g.check(ACK_CHECK, written and not wide,
            "While the grader pressed the buttons, QEMU saw %d write(s) to GPIOIC%s.\n"
            "irq_ack clears the latched edge of the line being handled (1 << hwirq):\n"
            "another line's edge, latched meanwhile, must still be there for its own\n"
            "dispatch." % (len(written), ", clearing more than one line: %s" %
                           ", ".join("0x%02x" % v for v in wide) if wide else
                           " (none: is irq_ack set, and does it write GPIOIC?)"))


def lab7_unbind(g, c, text):
    """gpio0 unbound (an overlay disables it): its consumers go first
    (their device links), then its remove must take back the chained
    handler from its VIC line and remove its domain; `irqs` shows both."""
    gpio0 = BUTTONS["/button-a"][0]
    out = c.run("overlay apply " + UNBIND)
    gone = whynot(c, gpio0)[0] != "bound"
    irqs = c.run("irqs")
    chained = re.search(r"^interrupt-controller@10140000 +6 +\d+ +\S+ +\(cascade\)", irqs, re.M)
    domain = [l for l in irqs.splitlines() if l.startswith(gpio0.split("/")[-1] + " ")]
    g.check(text, gone and not chained and not domain and "no handler" not in c.run("dmesg"),
            "`overlay apply %s` (gpio0's status \"disabled\") said:\n%s\ngpio0 is %s; "
            "then `irqs` printed:\n%s\nWhat probe set up for the interrupts, remove "
            "undoes: the VIC line's chained\nhandler (irq_set_chained_handler_and_data() "
            "with NULL) and the domain\n(irq_domain_remove()), or a devm action that does "
            "both." %
            (UNBIND, indent(out) or "  (nothing)", "unbound" if gone else "still bound",
             indent(irqs)))


def powerdown(c, sock):
    """QEMU's `system_powerdown` on virt: (QEMU's exit status, or why there
    is none; what the kernel printed meanwhile).  QEMU raises the button's
    line before it answers and drops it 100 ms later (virtual time), so a
    press gpio-keys can see is taken before the shell reads its next
    command.  The shell sleeps a second (ten pulses): a kernel still
    answering then, with no press logged, will never log one, and the
    grade goes on at once.  One that logged the press is given the time
    a power-off may take."""
    mark = len(c.printed.getvalue())

    def said():         # the kernel's lines, not the grader's command and prompt
        return "\n".join(l for l in c._clean(c.printed.getvalue()[mark:]).splitlines()
                         if l.strip() not in ("sleep 1", PROMPT.strip()))
    qmp = QMP(sock)
    qmp.execute("system_powerdown")
    qmp.close()
    c.send("sleep 1\r")
    try:
        answered = c.child.expect([PROMPT, pexpect.EOF]) == 0
        if not answered or "KEY_POWER" in said():
            return c.wait_exit(timeout=30), said()
        why = "a second after the button's press and release, no press logged"
    except pexpect.TIMEOUT as e:    # the sleep never ended, or no power-off came
        why = type(e).__name__
    return "none (still running: %s)" % why, said()


def lab7_virt(g, kernel):
    """QEMU's virt, its own tree: gpio-keys waits for a driver of the
    PL061 (the student's); `system_powerdown` pulses its line 3."""
    sock = g.out / "virt-qmp.sock"
    if sock.exists():
        sock.unlink()
    try:
        with Coyote(machine="virt", kernel=kernel,
                    extra=["-qmp", "unix:%s,server=on,wait=off" % sock]) as c:
            verdict, why = whynot(c, "/gpio-keys")
            if verdict != "bound":
                return g.check(VIRT, False,
                               "On virt QEMU's tree has gpio-keys on its PL061's line 3 "
                               "(both edges).\n`whynot /gpio-keys` says:\n%s\nThe boot log "
                               "says:\n%s" % (indent(why), indent("\n".join(
                                   l for l in c.boot_log.splitlines()
                                   if "gpio" in l or "pl061" in l) or "(nothing)")))
            status, out = powerdown(c, sock)
            said = [l for l in out.splitlines() if "KEY_POWER" in l or "psci" in l]
            return g.check(VIRT, status == 0 and any("KEY_POWER" in l for l in said) and
                           any("SYSTEM_OFF" in l for l in said),
                           "After `system_powerdown` QEMU's exit status was %s (want 0); the "
                           "kernel said:\n%s\nThe button's interrupt comes from your domain "
                           "(gpiod_to_irq()): both edges\nof line 3, as gpio-keys asks." %
                           (status, indent("\n".join(said) or tail(out, 8) or "(nothing)")))
    except Exception as e:
        if VIRT not in g.found:
            g.check(VIRT, False, "The kernel did not reach its prompt on virt (%s)." %
                    type(e).__name__)


def lab7(src):
    g = Grader(7, src)
    if not have_files(g, src, "gpio-pl061.c", "lab-button.c", "lab7.dts", "Makefile",
                      hint="Lab 7 grows your lab 5 driver: copy your gpio-pl061.c here first."):
        return g
    dtb = lab7_tree(g, src)
    objs, err = makefile_objs(src)
    g.check("the Makefile builds both drivers into the kernel",
            objs and sorted(objs["obj-y"]) == ["gpio-pl061.o", "lab-button.o"],
            "make reads %s.  Keep obj-y += gpio-pl061.o and obj-y += lab-button.o." %
            (err or "obj-y %s, obj-m %s" % (" ".join(objs["obj-y"]) or "(none)",
                                          " ".join(objs["obj-m"]) or "(none)")))
    kernel, log = build_kernel(g, src, "LAB_KBUILD")
    later = ("gpio0 and gpio1 are interrupt controllers: their VIC lines are chained "
             "to the PL061 driver",
             "both buttons bind, and `irqs` shows their lines with the tree's triggers",
             "a rising edge on line 3 is one press of button-a, its falling edge none",
             "three pulses are three presses, in the log and in `irqs`",
             "button-b counts falling edges on line 13 (gpio1's line 5), not rising ones",
             "edges on a line nobody requested (line 4) reach nobody: nothing spurious, "
             "then or at the next press",
             "once button-a is released (an overlay disables it), line 3 is masked: "
             "GPIOIE's bit reads back clear, and its edges reach nobody, nothing spurious; "
             "gpio0's other requested line keeps working",
             ACK_CHECK,
             UNBIND_CHECK)
    if not check_build(g, "the kernel builds with both drivers", kernel, log,
                       later + (VIRT,)):
        return g
    if not dtb:
        g.skip_all(later, "lab7.dts's buttons")
    else:
        board = g.out / "lab7-board.dts"
        board.write_text(EXTRA_DTS)
        board_dtb, err = compile_lab_dts(board, g.out / "lab7-board.dtb", include=[src])
        if not board_dtb:
            raise RuntimeError("lab7.dts with the grader's button does not compile: " + err)
        lab7_board(g, kernel, board_dtb, later)
    lab7_virt(g, kernel)
    return g


def stall_bootargs(dtb):
    """@dtb's bootargs with the soft-lockup watchdog at 3 s: a handler
    stormed by an edge never acked is reported stuck then, not waited
    out for the command timeout.  The grader's commands each take
    milliseconds and go idle between them, so a right answer is never
    near it."""
    return bootargs_with(dtb, "watchdog_thresh=%d" % STALL_SECONDS)


def lab7_board(g, kernel, dtb, later):
    """The checks on versatilepb with the student's tree (and the grader's
    button, EXTRA)."""
    initrd, err = release_initrd(g)
    if not initrd:
        raise RuntimeError(err)
    sock, trace = g.out / "qmp.sock", g.out / "pl061.log"
    for f in (sock, trace):
        if f.exists():
            f.unlink()
    try:
        with Coyote(dtb=dtb, kernel=kernel, initrd=initrd, append=stall_bootargs(dtb),
                    extra=["-qmp", "unix:%s,server=on,wait=off" % sock,
                           "-trace", "pl061_write", "-D", str(trace)]) as c:
            out = c.run("irqs")
            cascades = [re.search(r"^interrupt-controller@10140000 +%d +\d+ +\S+ +\(cascade\)"
                                  % hw, out, re.M) for hw in (6, 7)]
            g.check(later[0], all(cascades),
                    "`irqs` printed:\n%s\nVIC lines 6 and 7 are gpio0's and gpio1's "
                    "`interrupts`: give each a chained\nhandler "
                    "(irq_set_chained_handler_and_data) after registering the domain." %
                    indent(out))
            rows = {n: irq_row(out, BUTTONS[n][0].split("/")[-1], BUTTONS[n][1])
                    for n in BUTTONS}
            why = {n: whynot(c, n) for n in BUTTONS}
            ok = all(why[n][0] == "bound" and rows[n] and rows[n][1] == n[1:] and
                     rows[n][0] == TRIGGER[BUTTONS[n][2]] for n in BUTTONS)
            refused = [l for l in c.boot_log.splitlines() if "trigger type" in l]
            hint = ["`irqs` printed:\n" + indent(out)]
            hint += ["`whynot %s` says:\n%s" % (n, indent(why[n][1])) for n in BUTTONS
                     if why[n][0] != "bound"]
            if refused:
                hint.append("The boot log says:\n" + indent("\n".join(refused)))
            hint.append("A bound button whose line `irqs` does not list never asked for it\n"
                        "(lab-button.c, TODO 4); a trigger shown as - was refused by "
                        "irq_set_type.")
            g.check(later[1], ok, "\n".join(hint))
            try:
                start = len(trace.read_text()) if trace.exists() else 0
                lab7_pulses(g, c, later)
                qmp = QMP(sock)
                lab7_release(g, c, later[6], qmp, dtb)
                qmp.close()
                lab7_acks(g, acks(trace, start))
                lab7_unbind(g, c, later[8])
            except Exception as e:          # pexpect's TIMEOUT or EOF, most likely
                seen = g.found
                left = [t for t in later[2:] if t not in seen]
                lines = c._clean(str(c.child.before or "")).splitlines()
                fault = next((l for l in reversed(lines) if l.startswith("halted: ")), None)
                # A soft lockup: what ran until then, the report's BUG line
                # and where the CPU was stuck (not its registers).
                bug = next((i for i in range(len(lines) - 1, -1, -1)
                            if "BUG: soft lockup" in lines[i]), None)
                if bug is not None:
                    lines = lines[:bug + 2]
                if fault:
                    why = ("The kernel stopped at a fault (%s): the backtrace above\n"
                           "shows the path from the interrupt to it." % fault[8:])
                else:
                    why = ("An interrupt that is never acked or masked fires again at once,\n"
                           "forever: the chained handler must dispatch only pending, enabled\n"
                           "lines (GPIOMIS), and each edge be acked (GPIOIC).")
                how = "a soft lockup" if isinstance(e, KernelStuck) else type(e).__name__
                g.check(left[0], False, "The kernel stopped answering (%s); its last lines:"
                        "\n%s\n%s" % (how,
                                       indent("\n".join(lines[-(16 if fault else 8):])), why))
                g.skip_all(left[1:], "the kernel to answer again")
    except Exception as e:
        if later[0] not in g.found:
            g.check(later[0], False, "The kernel did not reach its prompt (%s)." %
                    type(e).__name__)
            g.skip_all(later[1:], "the kernel to boot")
