# SPDX-License-Identifier: BSD-2-Clause
"""Lab 0's grader (docs/labs/lab0/README.md):
a device tree source primer."""
import re

from .common import (BOARD_DTB, Coyote, Grader, I2C, answer_check, board_changes, cells_of,
                     compile_lab_dts, fdtget, have_files, indent, ofdump_devices,
                     read_answers, whynot)

TITLE = 'a device tree source primer'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'lab0.dts and answers.txt exist': 1,
    'lab0.dts compiles': 1,
    '1. UART2 (/amba/serial@101f3000) is disabled': 1,
    '2. the flash has label = "nor0", set through &{/external-bus/flash@2,0}': 1,
    '3. /aliases has rtc0 for the RTC at 0x68': 1,
    "4. the RTC's compatible is deleted (/delete-property/)": 1,
    '   ... and the kernel says `no compatible` for it': 1,
    '1-4. the rest of the board is as it was (its devices, aliases and /chosen)': 1,
    '5. sic_interrupt_cells: cells in one interrupt under the SIC': 1,
    '5. timer0_clocks: clocks /amba/timer@101e2000 references': 1,
}

UART2 = "/amba/serial@101f3000"
FLASH = "/external-bus/flash@2,0"
DS1338 = I2C + "/rtc@68"


def lab0(src):
    g = Grader(0, src)
    files = have_files(g, src, "lab0.dts", "answers.txt")
    if not files:
        return g
    dts, ans_file = files
    dtb, err = compile_lab_dts(dts, g.out / "lab0.dtb")
    if not g.check("lab0.dts compiles", dtb, "dtc said:\n" + indent(err)):
        return g
    text = re.sub(r"/\*.*?\*/|//[^\n]*", "", dts.read_text(), flags=re.S)
    # The kernel's own rule (of_device_is_available(), which ofdump runs):
    # any status but "okay" (or "ok") disables the node.
    status = fdtget(dtb, UART2, "status")
    verdict = ofdump_devices(dtb).get(UART2, {}).get("verdict")
    uart_off = g.check(
        "1. UART2 (%s) is disabled" % UART2, verdict == "disabled",
        "Its status is %s (ofdump --devices: %s).  Reopen the node by its label\n"
        "(see the board's serial@101f3000) and set status; \"disabled\" is the\n"
        "usual word." % ('"%s"' % status if status is not None else "not set (so: okay)",
                         verdict or "no device"))
    label = fdtget(dtb, FLASH, "label")
    by_path = re.search(r"&\{\s*%s\s*\}" % re.escape(FLASH), text)
    flash_label = g.check(
        '2. the flash has label = "nor0", set through &{%s}' % FLASH,
        label == "nor0" and by_path,
        "The flash's label property is %s%s." %
        ('"%s"' % label if label is not None else "missing",
         "" if by_path else "; the flash has no DTS label, so reopen it with "
         "&{/full/path} { ... }"))
    alias = fdtget(dtb, "/aliases", "rtc0")
    rtc_alias = g.check(
        "3. /aliases has rtc0 for the RTC at 0x68", alias == DS1338,
        "/aliases/rtc0 is %s.  An alias is a path string, or &label, which dtc\n"
        "turns into the path." % ('"%s"' % alias if alias is not None else "missing"))
    compat = fdtget(dtb, DS1338, "compatible")
    deleted = g.check(
        "4. the RTC's compatible is deleted (/delete-property/)",
        compat is None and "/delete-property/" in text,
        "The RTC's compatible is %s.  Inside the node (reopened by path or a\n"
        "label of your own), /delete-property/ NAME; removes one property." %
        ('"%s"' % compat if compat else "gone, but not with /delete-property/"))
    if not deleted:
        g.skip("   ... and the kernel says `no compatible` for it", "the deletion")
    else:
        with Coyote(dtb=dtb) as c:
            verdict, out = whynot(c, DS1338)
        g.check("   ... and the kernel says `no compatible` for it", verdict == "no compatible",
                "`whynot %s` says:\n%s" % (DS1338, indent(out)))
    # Each exercise changes one thing: every other device, alias and
    # /chosen property stays the board's (an override is not a rewrite).
    # Asked once the four are done: the starter, the board itself, earns
    # nothing here.
    if not (uart_off and flash_label and rtc_alias and deleted):
        g.skip("1-4. the rest of the board is as it was", "exercises 1 to 4")
    else:
        changed = board_changes(dtb, {UART2: "status", DS1338: "gone"})
        g.check("1-4. the rest of the board is as it was (its devices, aliases and /chosen)",
                not changed,
                "Compared with the board's own tree (ofdump --devices, /aliases, /chosen):\n"
                "%s\nEach exercise changes one property of one node; reopen a node to\n"
                "change it, never rewrite or delete what the board has." %
                indent("\n".join(changed[:8])))
    answers = read_answers(ans_file)
    sic_cells = fdtget(BOARD_DTB,
                       "/amba/interrupt-controller@10003000", "#interrupt-cells", "u")
    what = "5. sic_interrupt_cells: cells in one interrupt under the SIC"
    answer_check(g, what, answers.given(g, what, "sic_interrupt_cells"), int(sic_cells),
                 "The controller says how many cells its consumers use: look for a\n"
                 "property starting with # in the SIC's node.")
    n = cells_of(BOARD_DTB, "/amba/timer@101e2000", "clocks")
    what = "5. timer0_clocks: clocks /amba/timer@101e2000 references"
    answer_check(g, what, answers.given(g, what, "timer0_clocks"), n,
                 "Count the phandles in its `clocks` (each provider here has\n"
                 "#clock-cells = <0>: no argument cells follow a phandle).")
    return g
