# SPDX-License-Identifier: BSD-2-Clause
"""Lab 1's grader (docs/labs/lab1/README.md):
read the tree."""
import re

from .common import (Coyote, Grader, I2C, answer_check, compile_lab_dts, fdtget, have_files,
                     indent, ofdump_devices, read_answers, whynot)

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
}

def lab1(src):
    g = Grader(1, src)
    files = have_files(g, src, "answers.txt", "lab1.dts")
    if not files:
        return g
    ans_file, dts = files
    answers = read_answers(ans_file)
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
        answer_check(g, "%s: the CPU address of %s" % (key, path), answers.get(key, ""),
                     start(path), tool, hex_answer=True)
    irq = (nodes.get("/fpga@10000000/serial@9000", {}).get("irqs") or [""])[0].split()
    given = answers.get("uart3_irq", "")
    what = "uart3_irq: UART3's interrupt controller and line"
    hint = ("`interrupt-parent` is inherited from the parents when a node has none;\n"
            "ofdump --devices prints the controller it resolves to.")
    ctl, _, line = given.partition(" ")
    if not given:
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
    with Coyote(dtb=board) as c:
        devs = c.run("devices")
        _, whynot_out = whynot(c, I2C + "/rtc@68")
    with Coyote(dtb=dtb) as c:
        log = c.boot_log
    row = [l.split() for l in devs.splitlines() if l.startswith(I2C + "/rtc@68 ")]
    rtc = row[0][3] if row and len(row[0]) > 3 else None
    given = answers.get("rtc_driver", "")
    module = re.search(r"\(module (\S+)\)", whynot_out)
    g.check("rtc_driver: the driver of the RTC at 0x68", given == rtc,
            ("Not answered yet. " if not given else
             "You wrote %r: that is the name of the module that holds the driver (lsmod);\n"
             "the question asks for the driver's own name. " % given
             if module and given == module.group(1) else "Wrong value: you wrote %r. " % given)
            + "`devices` in the shell lists each device with its driver.")
    n = sum(1 for l in devs.splitlines() if l.startswith("/") and
            l.split()[3] == "uart-pl011" and l.split()[5] == "bound")
    answer_check(g, "uart_devices: how many devices uart-pl011 binds",
                 answers.get("uart_devices", ""), n,
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
    return g
