# SPDX-License-Identifier: BSD-2-Clause
"""Lab 10's grader (docs/labs/lab10/README.md):
GDB: find a planted bug in a struct device."""
import re
from pathlib import Path

import pexpect

from coyote.qemu import HEAP_DEBUG, PROMPT_RE, heap_reports

from .common import (Coyote, Grader, PLANTED, ROOT, answer_check, bootargs_with, build_kernel,
                     check_build, compile_lab_dts, fdtget, have_files, heap_use, indent,
                     initrd_with, kept, read_answers, rel, settle, tail)

TITLE = 'GDB: find a planted bug in a struct device'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'widget.c and answers.txt exist': 1,
    'probe_caller: who calls widget_probe': 1,
    "drvdata_symbol: what widget-a's driver_data points at": 1,
    "widget_a_gain: the gain behind widget-a's driver_data": 1,
    'the kernel builds with your widget.c': 1,
    "fixed: each widget's driver_data holds its own gain": 2,
    "fixed for any number of widgets and any gain (the grader's tree: more widgets, "
    "their number and gains drawn for this grade)": 1,
    "no heap corruption: the heap debug mode (slub_debug) reports nothing in any boot of "
    "your kernel": 1,
    "no leak: unbinding the widgets gives back what they allocated (an overlay disables "
    "them, three times)": 1,
}

LAB10 = ROOT / "docs" / "labs" / "lab10"
WIDGETS = ("/widget-a", "/widget-b")
FIXED = "fixed: each widget's driver_data holds its own gain"
ANY = ("fixed for any number of widgets and any gain (the grader's tree: more widgets, "
       "their number and gains drawn for this grade)")
HEAP = ("no heap corruption: the heap debug mode (slub_debug) reports nothing in any boot of "
        "your kernel")
LEAK = ("no leak: unbinding the widgets gives back what they allocated (an overlay disables "
        "them, three times)")
# Disables each widget of the tree: applied, the widgets unbind and their
# devices go; removed, they come back and probe again.
OFF = "lab10-widgets-off"
OFF_DTS = '/dts-v1/;\n/plugin/;\n%s'
OFF_NODE = '\n&{%s} {\n\tstatus = "disabled";\n};\n'
ROUNDS = 3
# The grader's own tree, no student's: lab10.dts's two widgets and more,
# how many and their gains drawn per grade (Grader.rng): always more
# than a handful (a static pool sized to a count once shown fails), one
# gain past 16 bits, the u32's maximum, and one of lab10.dts's gains
# again (a state chosen by gain or by probe order is shared somewhere).
MORE_DTS = '#include "lab10.dts"\n\n/ {\n%s};\n'
MORE_NODE = '\t%s {\n\t\tcompatible = "coyote,lab10-widget";\n\t\tcoyote,gain = <%#x>;\n\t};\n'


def more_widgets(rng):
    """This grade's extra widgets: {path: gain}, 4 to 8 of them."""
    gains = [rng.randrange(0x10000, 0xffffffff), 0xffffffff, rng.choice((5, 7))]
    gains += [rng.randrange(1, 1 << 32) for _ in range(rng.randint(1, 5))]
    rng.shuffle(gains)
    return {"/widget-%s" % chr(ord("c") + i): n for i, n in enumerate(gains)}


# Run inside gdb at the shell prompt: each widget's struct device's
# driver_data and the gain behind it, read with the helpers of
# scripts/gdb/coyote.py (sourced by coyote.gdb); %r: the widgets' paths.
WIDGET_PROBE = (
    "python\n"
    "from coyote import buses, list_entries, node_path\n"
    "for bus in buses():\n"
    "    for dev in list_entries(bus['devices'], 'struct device', 'bus_node'):\n"
    "        path = node_path(dev['of_node']) if int(dev['of_node']) else ''\n"
    "        if path in %r:\n"
    "            w = dev['driver_data'].cast(gdb.lookup_type('struct widget').pointer())\n"
    "            sym = gdb.execute('info symbol %%#x' %% int(w), to_string=True).split()[0]\n"
    "            gdb.write('widget %%s %%#x %%d %%s\\n' %% (path, int(w), int(w['gain']) if int(w) else -1, sym))\n"
    "end")


def heap_debug(dtb):
    """Every boot of lab 10 with the heap debug mode, whatever the
    environment says (a memory lab): -append's bootargs for @dtb."""
    return bootargs_with(dtb, HEAP_DEBUG)


def gdb_session(g, kernel, dtb, paths=WIDGETS):
    """Boot @kernel (its ELF beside it) halted, with QEMU's gdb stub and
    the heap debug mode; one batch gdb session: break in the widget's
    probe, then at the shell: (frame #1's function, {path: (driver_data,
    gain)}, gdb's output, the heap debug mode's reports)."""
    from coyote.qemu import free_tcp_port, gdb_path, run_gdb
    if gdb_path() is None:
        raise RuntimeError("gdb-multiarch is not installed (scripts/install-deps)")
    script = g.out / "widgets.gdb"
    script.write_text(WIDGET_PROBE % (tuple(paths),) + "\n")
    port = free_tcp_port()
    with Coyote(dtb=dtb, kernel=kernel, wait_prompt=False, append=heap_debug(dtb),
                heap_debug=False, extra=["-S", "-gdb", "tcp:127.0.0.1:%d" % port]) as c:
        out = run_gdb(port, ["coyote-break-probe coyote,lab10-widget", "continue",
                             "echo ==bt\\n", "bt 2", "delete", "break shell_run", "continue",
                             "source " + str(script)],
                      elf=Path(kernel).with_name("kernel.elf"), timeout=120)
        # gdb left the kernel at shell_run: its prompt ends the boot, and
        # what the heap debug mode reported came before it.
        try:
            c.expect(PROMPT_RE, timeout=3)
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass
        heap = heap_reports(c.printed.getvalue())
        c.close(check_heap=False)
    m = re.search(r"^==bt\n#0 .*\n#1 +(?:0x[0-9a-f]+ in )?(\w+)", out, re.M)
    widgets = {p: (int(a, 16), int(n), sym) for p, a, n, sym in
               re.findall(r"^widget (\S+) (0x[0-9a-f]+) (-?\d+) (\S+)$", out, re.M)}
    return (m.group(1) if m else None), widgets, out, heap


def planted_truth(g, kernel, dtb):
    """(probe's caller, {path: (driver_data, gain, symbol)}) on the
    planted @kernel and @dtb: the same for every hand-in, so one gdb
    session's, kept (kept()) by what it was read from: the kernel, its
    ELF, the tree and the session's script."""
    def session():
        caller, widgets, out, heap = gdb_session(g, kernel, dtb)
        if caller is None or set(widgets) != set(WIDGETS) or heap:
            raise RuntimeError("the grader's gdb session failed:\n" + out + "\n".join(heap))
        return {"caller": caller, "widgets": widgets}
    truth = kept(g, "planted-truth", [Path(kernel), Path(kernel).with_name("kernel.elf"),
                                      Path(dtb), WIDGET_PROBE], session)
    return truth["caller"], {p: tuple(w) for p, w in truth["widgets"].items()}


def symbol_named(given):
    """The symbol an answer names: a bare name, &name, or info symbol's
    whole line ("NAME in section .bss"); an offset (NAME + 4) is not the
    symbol itself."""
    m = re.fullmatch(r"&?(\w+)(?:\s+in section\s+\S+)?", given.strip())
    return m.group(1) if m else None


def lab10(src):
    g = Grader(10, src)
    files = have_files(g, src, "widget.c", "answers.txt")
    if not files:
        return g
    drv, ans_file = files
    dtb, err = compile_lab_dts(LAB10 / "lab10.dts",
                               g.out / "lab10.dtb")
    if not dtb:
        raise RuntimeError("docs/labs/lab10/lab10.dts: " + err)
    # The truth for the answers: a batch gdb session on the kernel built
    # with the widget.c handed out (prepare() built it).
    kernel = PLANTED / "kernel.bin"
    if not kernel.exists():
        raise RuntimeError("%s missing: build_planted() first" % rel(kernel))
    caller, widgets = planted_truth(g, kernel, dtb)
    answers = read_answers(ans_file)
    what = "probe_caller: who calls widget_probe"
    given = answers.given(g, what, "probe_caller")
    if given is not None:
        g.check(what, given.rstrip("()") == caller,
                ("Not answered yet. " if not given else "Wrong value: you wrote %s. " % given) +
                "In GDB: coyote-break-probe coyote,lab10-widget, continue, bt.")
    what = "drvdata_symbol: what widget-a's driver_data points at"
    given = answers.given(g, what, "drvdata_symbol")
    if given is not None:
        g.check(what, symbol_named(given) == widgets["/widget-a"][2],
                ("Not answered yet. " if not given else "Wrong value: you wrote %s. " % given) +
                "At the shell prompt (break shell_run), find widget-a's struct device\n"
                "(the platform bus's devices list holds it), print its driver_data, and ask\n"
                "GDB which symbol that address is: info symbol ADDRESS.")
    what = "widget_a_gain: the gain behind widget-a's driver_data"
    answer_check(g, what, answers.given(g, what, "widget_a_gain"), widgets["/widget-a"][1],
                 "print ((struct widget *)DEV->driver_data)->gain, where DEV is\n"
                 "widget-a's struct device; compare with lab10.dts and with widget-b.")
    kernel, log = build_kernel(g, drv)
    if not check_build(g, "the kernel builds with your widget.c", kernel, log, later=(FIXED, ANY, HEAP, LEAK)):
        return g
    # Not what GDB saw: that is what answers 2 and 3 ask for.
    heap = []           # the heap debug mode's reports, every boot of this kernel
    ok, want = own_gains(g, kernel, dtb, WIDGETS, heap)
    fixed = g.check(FIXED, ok,
                    "With your widget.c, GDB at the shell prompt does not find each widget's "
                    "own\ngain (%s) behind its struct device's driver_data.  Inspect them as\n"
                    "answers 2 and 3 ask, then fix the driver." % want)
    more_gains = more_widgets(g.rng)
    more = g.out / "lab10-more.dts"
    more.write_text(MORE_DTS % "".join(MORE_NODE % (p[1:], n) for p, n in more_gains.items()))
    dtb, err = compile_lab_dts(more, g.out / "lab10-more.dtb", include=[LAB10])
    if not dtb:
        raise RuntimeError("lab 10: the grader's tree does not compile: " + err)
    ok, _ = own_gains(g, kernel, dtb, WIDGETS + tuple(more_gains), heap)
    fixed &= g.check(ANY, ok,
                     "With your widget.c on a tree of the grader's with more widgets (how "
                     "many,\nand their gains, drawn for this grade), GDB at the shell prompt "
                     "does not\nfind each widget's own gain behind its own struct device's "
                     "driver_data.\nA driver must work for as many devices as a tree has, "
                     "and for any value\nits property can hold (a u32: 0 to 0xffffffff).")
    # A driver without state of its own per device allocates nothing to
    # overrun or leak: these would be points for the bug.
    if not fixed:
        g.skip_all((HEAP, LEAK), "the fix (each widget its own state, on both trees)")
        return g
    leak_check(g, kernel, dtb, WIDGETS + tuple(more_gains), heap)
    g.check(HEAP, not heap,
            "With your widget.c the heap debug mode (slub_debug: red zones after each\n"
            "allocation, checked when it is freed; freed memory poisoned) reported:\n%s\n"
            "Each report names the allocation: how many bytes does it ask for, and how\n"
            "many does your driver write? Is anything freed twice, or used after kfree()?"
            % indent(shown(heap)))
    return g


def shown(lines, n=6):
    """The first @n of @lines, and how many more."""
    more = len(lines) - n
    return "\n".join(lines[:n] + (["(and %d more)" % more] if more > 0 else []))


def leak_check(g, kernel, dtb, paths, heap):
    """@kernel on @dtb with an initrd holding OFF, the overlay that
    disables every widget of @paths: one `overlay cycle` first (what a
    first unbind allocates for good is not the driver's), then the heap
    compared around ROUNDS more.  The LEAK check; the boot's heap debug
    reports go to @heap."""
    src = g.out / (OFF + ".dts")
    src.write_text(OFF_DTS % "".join(OFF_NODE % p for p in paths))
    dtbo, err = compile_lab_dts(src, g.out / (OFF + ".dtbo"))
    if not dtbo:
        raise RuntimeError("lab 10: the grader's overlay does not compile: " + err)
    initrd = initrd_with(g, [("lib/firmware/%s.dtbo" % OFF, dtbo.read_bytes())],
                         build=Path(kernel).parent)
    cycle = "overlay cycle %%d %s" % OFF
    with Coyote(dtb=dtb, kernel=kernel, initrd=initrd, append=heap_debug(dtb),
                heap_debug=False) as c:
        try:
            said = c.run(cycle % 1)
            before = heap_use(c)
            said += c.run(cycle % ROUNDS)
            after = heap_use(c)
        except (pexpect.TIMEOUT, pexpect.EOF):
            said = None
        printed = settle(c, quiet=0.2, limit=3).replace("\r", "")
        heap += heap_reports(printed)
        c.close(check_heap=False)
    if said is None:
        return g.check(LEAK, False, "Your kernel stopped answering while its widgets were "
                       "unbound and bound again\n(%s applied, then removed). It printed "
                       "last:\n%s" % (OFF, indent(tail(printed))))
    hint = ("`mem` before and after %d rounds of unbinding your widgets and binding them\n"
            "again (%s applied, then removed):\n  %s\n  %s\nEach round probes every widget "
            "again: what probe allocates, unbinding\nmust give back (remove() frees it, or "
            "devm_* frees it for you)." % (ROUNDS, OFF, before, after))
    if said.count(": ok") != 2:
        hint += "\n`%s` said:\n%s" % (cycle % ROUNDS, indent(said))
    if heap:
        hint += "\n(The heap debug mode reported a corruption too: see that check first.)"
    return g.check(LEAK, before == after and before != "?" and said.count(": ok") == 2, hint)


def own_gains(g, kernel, dtb, paths, heap):
    """@kernel booted on @dtb: whether GDB finds, for each widget of
    @paths, a driver_data of its own (no other widget's) with the gain of
    its node; (that, the gains wanted as text).  The boot's heap debug
    reports go to @heap."""
    _, found, _, reports = gdb_session(g, kernel, dtb, paths)
    heap += reports
    want = {p: int(fdtget(dtb, p, "coyote,gain", "u")) for p in paths}
    ok = (set(found) == set(paths) and
          len(set(found[p][0] for p in paths)) == len(paths) and
          all(found[p][1] == want[p] for p in paths))
    return ok, ", ".join("%s: %d" % (p, n) for p, n in sorted(want.items()))
