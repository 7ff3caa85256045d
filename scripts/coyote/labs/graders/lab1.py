# SPDX-License-Identifier: BSD-2-Clause
"""Lab 1's grader (docs/labs/lab1/README.md):
read the tree, then a board the student has not seen (orangepi-pc on
Debian's tree): every answer of that part is what the kernel says on the
board, asked in one boot (the boot log, `devices`, `whynot`)."""
import re
import shutil

from .common import (Boots, Coyote, Grader, I2C, answer_check, compile_lab_dts, fdtget,
                     have_files, indent, kept, ofdump_devices, read_answers, whynot)
from coyote.qemu import INITRD, KERNEL_BIN, board_tree

# Part 2's board: one the page's first part never boots, on its vendor's tree.
BOARD = "orangepi-pc"

TITLE = 'read the tree'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'answers.txt and lab1.dts exist': 1,
    'lab1.dts compiles': 1,
    'uart3_address: the CPU address of /fpga@10000000/serial@9000': 1,
    'i2c_address: the CPU address of /external-bus/i2c@1,0': 1,
    'flash_address: the CPU address of /external-bus/flash@2,0': 1,
    "uart3_irq: UART3's interrupt controller and line": 1,
    'rtc_driver: the driver of the RTC at 0x68': 1,
    'uart_devices: how many devices uart-pl011 binds': 1,
    'the command line carries "lab1" and keeps the console (/chosen bootargs in lab1.dts)': 1,
    'board_console: the driver that bound the console on %s' % BOARD: 1,
    'board_console_compatible: the compatible string it bound by': 1,
    'board_root_irqchip: the root interrupt controller on %s' % BOARD: 1,
    "board_unbound: a node that did not bind, and whynot's verdict": 1,
    'board_deferred: how many devices deferred on %s' % BOARD: 1,
}
BOARD_CHECKS = [c for c in RUBRIC if c.startswith("board_")]


def board_dtb(g):
    """BOARD's tree from Debian, or (None, why) when it is not there (the
    grade has no network to fetch it: `make corpus` first)."""
    tree = board_tree(BOARD)
    if not tree.is_file():
        return None, "%s not found: run `make corpus` first" % tree
    # A copy beside the grade: the tools' sandbox sees the grade's folder.
    dtb = g.out / ("%s.dtb" % BOARD)
    shutil.copy(tree, dtb)
    return dtb, None


def board_facts(g, dtb, unbound_path):
    """What the kernel says on BOARD booted on @dtb: [boot log, `devices`,
    the console's node and its `whynot`, the root controller's node] and
    `whynot`'s verdict on @unbound_path (None: not a path).  The same for
    every hand-in but the path's verdict, so kept (kept()): one boot,
    only for what is not kept yet."""
    def facts(board):
        log, devices = board.boot_log, board.run("devices")
        # The console: the UART whose driver said "console" as it took a tty.
        con = re.search(r"^(\S+) (\S+): tty\w+: .*\bconsole$", log, re.M)
        con_node = device_node(devices, con.group(2)) if con else None
        _, con_why = whynot(board, con_node) if con_node else ("?", "")
        root = re.search(r"^\S+ (\S+): .*\broot controller\b", log, re.M)
        root_node = device_node(devices, root.group(1)) if root else None
        return [log, devices, con_node, con_why, root_node]
    inputs = [KERNEL_BIN, INITRD, dtb]
    with Boots() as boots:
        known = kept(g, "board-facts", inputs, lambda: facts(boots(dtb, machine=BOARD)))
        verdict = kept(g, "board-whynot", inputs + [unbound_path],
                       lambda: whynot(boots(dtb, machine=BOARD), unbound_path)[0]) \
            if unbound_path.startswith("/") else None
    return known + [verdict]


def device_node(devices, dev):
    """The node of device @dev in `devices` output (None if not listed)."""
    for line in devices.splitlines():
        f = line.split()
        if len(f) > 1 and f[0].startswith("/") and f[1] == dev:
            return f[0]
    return None


def grade_board(g, answers):
    """Part 2: the console's driver and compatible, the root interrupt
    controller, one node that did not bind with whynot's verdict, and the
    count of deferred devices, each against the kernel on BOARD."""
    dtb, why = board_dtb(g)
    if dtb is None:
        g.skip_all(BOARD_CHECKS, "Debian's armhf trees (`make corpus`): %s" % why)
        return
    what_unbound = "board_unbound: a node that did not bind, and whynot's verdict"
    unbound = answers.given(g, what_unbound, "board_unbound")
    unbound_path, _, unbound_said = (unbound or "").partition(" ")
    unbound_path = unbound_path.rstrip(":")
    log, devices, con_node, con_why, root_node, verdict = board_facts(g, dtb, unbound_path)
    bound = re.search(r'bound to driver (\S+?)(?: \(module \S+\))?,? by table entry "([^"]+)"',
                      con_why)
    if not (con_node and bound and root_node):
        raise RuntimeError("%s: the kernel's console or root controller not found:\n%s"
                           % (BOARD, log))
    follow = ("Follow /chosen's stdout-path (`dt /chosen`, `dt /aliases`) to the UART's\n"
              "node; `whynot` on it says which driver bound it, by which table entry.")
    what = 'board_console: the driver that bound the console on %s' % BOARD
    given = answers.given(g, what, "board_console")
    if given is not None:
        g.check(what, given == bound.group(1),
                ("Not answered yet. " if not given else
                 "You wrote %r: that is the console's tty, not a driver. " % given
                 if given.startswith("tty") else "Wrong value: you wrote %r. " % given)
                + follow)
    what = 'board_console_compatible: the compatible string it bound by'
    given = answers.given(g, what, "board_console_compatible")
    if given is not None:
        given = given.strip('"')
        g.check(what, given == bound.group(2),
                ("Not answered yet. " if not given else "Wrong value: you wrote %r. " % given)
                + "A node may list several compatible strings, a driver several entries.\n"
                + follow)
    what = 'board_root_irqchip: the root interrupt controller on %s' % BOARD
    given = answers.given(g, what, "board_root_irqchip")
    given = given.rstrip("/") if given and given != "/" else given
    hint = ("The root controller has no interrupt-parent above it: follow `interrupt-parent`\n"
            "from / with `dt` (a phandle: the node whose `phandle` has that value), and\n"
            "a chained controller's own `interrupts` to the controller it feeds.")
    if given is not None:
        g.check(what, given == root_node,
                "Not answered yet. " + hint if not given else
                "Wrong format: you wrote %r; write the controller's full path (/...)." % given
                if not given.startswith("/") else "Wrong value: you wrote %s. %s" % (given, hint))
    what = what_unbound
    hint = ("Pick a node `devices` does not list as bound; write its full path, a space,\n"
            "then what `whynot PATH` prints after \"verdict:\".")
    if unbound is None:
        pass
    elif not unbound_path:
        g.check(what, False, "Not answered yet. " + hint)
    elif not unbound_path.startswith("/") or not unbound_said.strip():
        g.check(what, False, "Wrong format: you wrote %r. %s" % (answers["board_unbound"], hint))
    elif verdict in (None, "?"):
        g.check(what, False, "There is no node %s on %s. %s" % (unbound_path, BOARD, hint))
    elif verdict == "container":
        g.check(what, False, "%s is a bus: a container of devices, which no driver binds.\n"
                "Pick one of its devices. %s" % (unbound_path, hint))
    elif verdict == "bound":
        g.check(what, False, "%s is bound on %s (`whynot` says which driver). %s"
                % (unbound_path, BOARD, hint))
    else:
        g.check(what, unbound_said.strip() == verdict,
                "%s did not bind, right; but `whynot` gives another verdict than %r:\n"
                "run it and read its last line." % (unbound_path, unbound_said.strip()))
    m = re.search(r"^\d+ bound, (\d+) deferred", devices, re.M)
    if not m:
        raise RuntimeError("%s: no summary line in `devices`:\n%s" % (BOARD, devices))
    what = 'board_deferred: how many devices deferred on %s' % BOARD
    answer_check(g, what, answers.given(g, what, "board_deferred"), int(m.group(1)),
                 "`devices` lists each device's state; `whynot` says what a deferred one\n"
                 "waits for.")


def board_truth(g, board):
    """(`devices`, `whynot` of the RTC at 0x68) of the project's kernel
    booted on the board's own tree @board: the same for every hand-in,
    so one boot's, kept (kept()) by the kernel, initrd and tree it ran."""
    def boot():
        with Coyote(dtb=board) as c:
            return [c.run("devices"), whynot(c, I2C + "/rtc@68")[1]]
    return kept(g, "board-truth", [KERNEL_BIN, INITRD, board, I2C], boot)


def lab1(src):
    g = Grader(1, src)
    files = have_files(g, src, "answers.txt", "lab1.dts")
    if not files:
        return g
    ans_file, dts = files
    answers = read_answers(ans_file, commas=("board_console_compatible",))
    dtb, err = compile_lab_dts(dts, g.out / "lab1.dtb")
    if not g.check("lab1.dts compiles", dtb, "dtc said:\n" + indent(err)):
        return g
    # The expected answers come from the tools, on the board's tree (the
    # starter includes it unchanged): a student's tree edited to fit the
    # answers proves nothing.
    board_src = g.out / "board.dts"
    board_src.write_text('#include "versatilepb.dts"\n')
    board, err = compile_lab_dts(board_src, g.out / "board.dtb")
    if not board:
        raise RuntimeError("the board's tree does not compile: " + err)
    nodes = ofdump_devices(board)

    def start(path):
        regs = nodes.get(path, {}).get("regs") or ["?"]
        m = re.match(r"0x([0-9a-f]+)\.\.", regs[0])
        return int(m.group(1), 16) if m else None

    tool = "Look it up with `dt` in the shell or build/host/ofdump --devices;\n" \
           "the CPU address is the one after every parent's `ranges`."
    for key, path in (("uart3_address", "/fpga@10000000/serial@9000"),
                      ("i2c_address", I2C), ("flash_address", "/external-bus/flash@2,0")):
        what = "%s: the CPU address of %s" % (key, path)
        answer_check(g, what, answers.given(g, what, key), start(path), tool, hex_answer=True)
    irq = (nodes.get("/fpga@10000000/serial@9000", {}).get("irqs") or [""])[0].split()
    what = "uart3_irq: UART3's interrupt controller and line"
    given = answers.given(g, what, "uart3_irq")
    hint = ("`interrupt-parent` is inherited from the parents when a node has none;\n"
            "ofdump --devices prints the controller it resolves to.")
    ctl, _, line = (given or "").partition(" ")
    if given is None:
        pass
    elif not given:
        g.check(what, False, "Not answered yet. " + hint)
    elif not ctl.startswith("/") or not line.strip():
        g.check(what, False, "Wrong format: you wrote %r; write the controller's full path "
                "(/...), a space, then the line number." % given)
    elif ctl.rstrip("/") != irq[0]:
        g.check(what, False, "Wrong controller: you wrote %s. %s" % (ctl, hint))
    else:
        answer_check(g, what, line.strip(), int(irq[1], 0),
                     "The controller is right; the line is the first cell of UART3's\n"
                     "`interrupts` (see the controller's #interrupt-cells).")
    # The kernel's answer: the RTC's driver is a module (ofdump names only
    # the module), autoloaded at boot.
    devs, whynot_out = board_truth(g, board)
    with Coyote(dtb=dtb) as c:
        log = c.boot_log
    row = [l.split() for l in devs.splitlines() if l.startswith(I2C + "/rtc@68 ")]
    rtc = row[0][3] if row and len(row[0]) > 3 else None
    what = "rtc_driver: the driver of the RTC at 0x68"
    given = answers.given(g, what, "rtc_driver")
    module = re.search(r"\(module (\S+)\)", whynot_out)
    if given is not None:
        g.check(what, given == rtc,
                ("Not answered yet. " if not given else
                 "You wrote %r: that is the name of the module that holds the driver "
                 "(lsmod);\nthe question asks for the driver's own name. " % given
                 if module and given == module.group(1) else
                 "Wrong value: you wrote %r. " % given)
                + "`devices` in the shell lists each device with its driver.")
    n = sum(1 for l in devs.splitlines() if l.startswith("/") and
            l.split()[3] == "uart-pl011" and l.split()[5] == "bound")
    what = "uart_devices: how many devices uart-pl011 binds"
    answer_check(g, what, answers.given(g, what, "uart_devices"), n,
                 "`devices` in the shell lists each device with its driver and state.")
    m = re.search(r'bootargs "([^"]*)"', log)
    words = m.group(1).split() if m else []
    keep = (fdtget(board, "/chosen", "bootargs") or "").split()
    g.check('the command line carries "lab1" and keeps the console (/chosen bootargs in '
            'lab1.dts)', "lab1" in words and all(w in words for w in keep),
            "The kernel booted with bootargs %s; the board's are \"%s\", and the page\n"
            "says to keep them (the console) and add the word lab1.  The command line\n"
            "lives in /chosen; override it in lab1.dts below the #include." %
            ('"%s"' % m.group(1) if m else "(none)", " ".join(keep)))
    grade_board(g, answers)
    return g
