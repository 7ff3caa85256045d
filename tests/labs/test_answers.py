# SPDX-License-Identifier: BSD-2-Clause
"""Each grader against answers a student could write: right variants (other
notations, other valid forms) must pass, wrong answers must fail at a named
check with a hint about what actually happened.  Each case is the
reference solution with one change, graded as `make lab-check` grades it."""
import functools
import re
import shutil
import subprocess

import pytest

from coyote.qemu import ROOT, BUILD
from coyote.labs import mutate as ML

SOL = ROOT / "tests" / "labs" / "solutions"


def sub(old, new, count=1):
    """An edit: replace @old by @new in a file's text (which must hold it)."""
    def edit(text):
        assert old in text, old
        return text.replace(old, new, count)
    return edit


def answer(key, value):
    """Lab 1: the line KEY = ... of answers.txt becomes KEY = VALUE."""
    def edit(text):
        new, n = re.subn(r"^%s\s*=.*$" % key, "%s = %s" % (key, value), text, flags=re.M)
        assert n == 1, key
        return new
    return edit


def hand_in(lab, edits, tmp_path):
    """The reference solution of lab @lab over its handed-out files, with
    @edits (file name: new text, or a function of the old text)."""
    src = tmp_path / ("lab%d" % lab)
    shutil.copytree(ROOT / "docs" / "labs" / ("lab%d" % lab), src,
                    ignore=shutil.ignore_patterns(".history.jsonl"))
    shutil.copytree(SOL / ("lab%d" % lab), src, dirs_exist_ok=True)
    for name, edit in edits.items():
        f = src / name
        # A file the solution does not have starts as the handed-out one.
        start = f if f.exists() else ROOT / "docs" / "labs" / ("lab%d" % lab) / name
        f.write_text(edit(start.read_text()) if callable(edit) else edit)
    return src


def grade(lab, edits, tmp_path):
    src = hand_in(lab, edits, tmp_path)
    # What `make lab-check LAB=N LAB_SRC=DIR` runs, without its make and
    # its prepare step each time: the lab's prepare ran once on this worker
    # (a grade paid 0.6 s for them).  tests/labs/test_labs.py grades
    # through make, as test_lab1_grades_where_modules_were_never_built
    # does, in a tree of its own.
    err = prepare(lab)
    assert err is None, err
    res = subprocess.run([ML.PY, str(ROOT / "scripts" / "lab-check"), str(lab), "--src", str(src),
                          "--prepared"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    return res.returncode, res.stdout + res.stderr, src


@functools.lru_cache(maxsize=None)
def prepare(lab):
    """Lab @lab's prepare step, once per worker: None, or what failed."""
    return ML.prepare(lab)


def first_todo(out):
    """(title, hint) of the first [todo]."""
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("  [todo] "):
            hint = []
            for h in lines[i + 1:]:
                if not h.startswith("         "):
                    break
                hint.append(h.strip())
            return line[len("  [todo] "):], "\n".join(hint)
    return None, None


LAB6_FIX_BY_LABELS = """// SPDX-License-Identifier: BSD-2-Clause
#include "broken.dts"

&i2c0 {
	compatible = "arm,versatile-i2c";
};

&uart1 {
	interrupt-parent = <&vic>;
};

&{/fpga@10000000} {
	ranges = <0x0 0x10000000 0x10000>;
};
"""

RIGHT = [
    # Lab 1's part 2: any node that did not bind, with its own verdict.
    (1, "board: another unbound node, its verdict after a colon", {"answers.txt": answer(
        "board_unbound", "/soc/timer@1c20c00: no driver")}),
    (3, "the reading in 1/16-degree steps, shifted first", {"tmp105.c": sub(
        "*mdeg = raw * 1000 / 256;", "*mdeg = (raw >> 4) * 625 / 10;")}),
    (5, "a line read through the all-lines address and masked", {"gpio-pl061.c": sub(
        "return !!readl(p->base + GPIODATA + ((1u << offset) << 2));",
        "return !!(readl(p->base + GPIODATA + (0xff << 2)) & (1u << offset));")}),
    (7, "interrupts-extended, numbers for the types, a wider map mask", {
        "lab7.dts": lambda t: t.replace(
            "interrupt-parent = <&gpio0>;\n\t\tinterrupts = <3 IRQ_TYPE_EDGE_RISING>;",
            "interrupts-extended = <&gpio0 3 1>;").replace(
            "interrupt-map-mask = <0x7>;", "interrupt-map-mask = <0xffffffff>;")}),
    (7, "a shared line, requested without devm and freed in remove", {
        "lab-button.c": lambda t: t.replace(
            "ret = devm_request_irq(dev, (unsigned int)irq, lab_button_irq, 0,",
            "ret = request_irq((unsigned int)irq, lab_button_irq, IRQF_SHARED,").replace(
            "struct device *dev;\n\tunsigned int presses;",
            "struct device *dev;\n\tunsigned int presses;\n\tint irq;").replace(
            "\tplatform_set_drvdata(pdev, b);\n\tdev_info(dev, \"waiting",
            "\tb->irq = irq;\n\tplatform_set_drvdata(pdev, b);\n\tdev_info(dev, \"waiting").replace(
            "\tdev_info(&pdev->dev, \"%u presses\\n\", b->presses);",
            "\tfree_irq((unsigned int)b->irq, b);\n"
            "\tdev_info(&pdev->dev, \"%u presses\\n\", b->presses);")}),
    (7, "button-b through the header by interrupts-extended", {"lab7.dts": sub(
        "interrupt-parent = <&header>;\n\t\tinterrupts = <1>;",
        "interrupts-extended = <&header 1>;")}),
    (7, "a BIT() macro of its own, which the kernel's headers also define", {
        "gpio-pl061.c": lambda t: t.replace(
            "#include <asm/io.h>\n", "#include <asm/io.h>\n\n#define BIT(n) (1u << (n))\n", 1
        ).replace("(1u << line)", "BIT(line)")}),
    (9, "target by path, another node name, compatible as an enum", {
        "tmp105.dtso": lambda t: t.replace("&i2c0 {", "&{/external-bus/i2c@1,0} {").replace(
            "temperature-sensor@48", "sensor@48"),
        "ti,tmp105.yaml": sub("    const: ti,tmp105", "    enum:\n      - ti,tmp105")}),
    (9, "reg as an enum of addresses", {"ti,tmp105.yaml": sub(
        "    items:\n      - minimum: 0x48\n        maximum: 0x4f",
        "    enum: [0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f]")}),
    (9, "reg limited without items, node name without the address part", {
        "ti,tmp105.yaml": lambda t: sub(
            "    items:\n      - minimum: 0x48\n        maximum: 0x4f",
            "    minimum: 72\n    maximum: 79")(t).replace(
            '"^(temperature-sensor|sensor)@[0-9a-f]+$"', '"^(temperature-)?sensor@"')}),
    (10, "caller with ()", {"answers.txt": sub("= really_probe", "= really_probe()")}),
    (0, "by path, alias as a string, hex and a comment", {
        "lab0.dts": lambda t: t.replace("&uart2 {", "&{/amba/serial@101f3000} {").replace(
            "rtc0 = &ds1338;", 'rtc0 = "/external-bus/i2c@1,0/rtc@68";'),
        "answers.txt": lambda t: t.replace("= 1", "= 0x1").replace("= 3", "= 3  # three")}),
    (1, "hex irq line", {"answers.txt": answer("uart3_irq",
                                               "/amba/interrupt-controller@10003000 0x6")}),
    (1, "note after the line", {"answers.txt": answer(
        "uart3_irq", "/amba/interrupt-controller@10003000 6 (SIC)")}),
    (1, "trailing comments, upper-case hex", {"answers.txt": lambda t: t.replace(
        "= 0x10009000", "= 0X10009000   # UART3, via the FPGA's ranges").replace(
        "rtc-ds1338", "rtc-ds1338 # from devices").replace("= 4", "= 4  # ttyAMA0..3")}),
    (2, "sensor@48, reg in decimal", {"lab2.dts": lambda t: t.replace(
        "temperature-sensor@48", "sensor@48").replace("<0x48>", "<72>")}),
    (4, "obj-m :=", {"Makefile": sub("obj-m += tmp105.o", "obj-m := tmp105.o")}),
    (4, "obj-m with a comment", {"Makefile": sub("obj-m += tmp105.o",
                                                 "obj-m += tmp105.o  # the TMP105 module")}),
    (6, "fixed with labels, other commands in the log", {
        "lab6.dts": LAB6_FIX_BY_LABELS,
        "faults.txt": lambda t: t.replace(
            "command: whynot /external-bus/i2c@1,0\n"
            "saw: did you mean \"arm,versatile-i2c\" (driver versatile-i2c)",
            "command: whynot /external-bus/i2c@1,0/rtc@68\n"
            "saw: its I2C controller /external-bus/i2c@1,0 has no bound driver "
            "(whynot /external-bus/i2c@1,0)").replace(
            "fault: /fpga@10000000\n", "fault: /fpga@10000000/serial@9000\n")}),
]

# (lab, name, edits, the first check that fails, words its hint must hold)
WRONG = [
    (9, "the fragment targets the external bus", {"tmp105.dtso": sub(
        "&i2c0 {", "&{/external-bus} {")},
     "applied on the host", "must target the I2C controller"),
    (9, "the binding documents another chip", {"ti,tmp105.yaml": lambda t: t.replace(
        "ti,tmp105", "ti,tmp102").replace("ti,tmp102.yaml#", "ti,tmp105.yaml#")},
     "the board with your overlay passes dtbs_check", "must name the string"),
    (9, "the binding allows any property", {"ti,tmp105.yaml": sub(
        "additionalProperties: false", "additionalProperties: true")},
     "your binding refuses", "with vendor,bogus"),
    (9, "a copy of trivial-devices.yaml", {"ti,tmp105.yaml": lambda t: (
        ROOT / "dts" / "bindings" / "trivial-devices.yaml").read_text().replace(
        "trivial-devices.yaml#", "ti,tmp105.yaml#")},
     "your binding accepts a TMP105 as the page describes it",
     "'#thermal-sensor-cells' does not match"),
    (9, "reg counted, not limited", {"ti,tmp105.yaml": sub(
        "    items:\n      - minimum: 0x48\n        maximum: 0x4f", "    maxItems: 1")},
     "your binding refuses a reg the chip cannot have", "temperature-sensor@47"),
    (9, "the range of another chip", {"ti,tmp105.yaml": sub(
        "maximum: 0x4f", "maximum: 0x4b")},
     "your binding accepts a TMP105 as the page describes it", "sensor@4f"),
    (9, "any node name", {"ti,tmp105.yaml": sub(
        '  $nodename:\n    pattern: "^(temperature-sensor|sensor)@[0-9a-f]+$"\n\n', "")},
     "your binding refuses a node name", "tmp105@48"),
    (9, "any number of interrupts", {"ti,tmp105.yaml": sub(
        "    description: The ALERT pin.\n    maxItems: 1", "    description: The ALERT pin.")},
     "your binding refuses two interrupts", "at most one interrupt"),
    (9, "any #thermal-sensor-cells", {"ti,tmp105.yaml": sub(
        '  "#thermal-sensor-cells":\n    const: 0',
        '  "#thermal-sensor-cells":\n    $ref: /schemas/types.yaml#/definitions/uint32')},
     "your binding refuses #thermal-sensor-cells", "#thermal-sensor-cells = <1>"),
    (9, "a fallback allowed after the string", {"ti,tmp105.yaml": sub(
        "    const: ti,tmp105",
        "    minItems: 1\n    items:\n      - const: ti,tmp105\n      - const: ti,tmp102")},
     "your binding refuses a compatible list", '"ti,tmp105", "ti,tmp102"'),
    (9, "reg not required", {"ti,tmp105.yaml": sub("  - compatible\n  - reg\n",
                                                   "  - compatible\n")},
     "your binding requires reg", "the\nbinding must say that reg"),
    (10, "the tree's gain, not what GDB shows", {"answers.txt": sub("= 7", "= 5")},
     "widget_a_gain", "Wrong value: you wrote 5"),
    (10, "the type, not the symbol", {"answers.txt": sub("= widget_state", "= struct widget")},
     "drvdata_symbol", "info symbol"),
    (10, "bug left in", {"widget.c": lambda t: (ROOT / "docs/labs/lab10/widget.c").read_text()},
     "fixed: each widget's", "Inspect them as"),
    (10, "kzalloc never freed", {"widget.c": sub("devm_kzalloc(dev, sizeof(*w), GFP_KERNEL)",
                                                 "kzalloc(sizeof(*w), GFP_KERNEL)")},
     "no leak", "remove() frees it"),
    # The grade's boot takes the driver's line for the shell's prompt:
    # the grade fails that check (it once crashed the grader instead).
    (10, "a driver that prints the shell's prompt", {"widget.c": sub(
        '\tdev_info(dev, "widget, gain %u\\n", (unsigned int)w->gain);\n',
        '\tdev_info(dev, "widget, gain %u\\n", (unsigned int)w->gain);\n'
        '\tpr_info("coyote# \\n");\n')},
     "no leak", "stopped answering"),
    (8, "values hard-coded", {"lab-consumer.c": sub("rate = clk_get_rate(clk);",
                                                   "rate = 3686400; div = 64;")},
     "the values come from the tree", "probe logged 3686400 Hz, divider 64"),
    (8, "clk_get's error ignored", {"lab-consumer.c": lambda t: t.replace(
        "\tif (IS_ERR(clk))\n\t\treturn dev_err_probe(dev, (int)PTR_ERR(clk), \"no clock\");\n",
        "").replace("rate = clk_get_rate(clk);", "rate = IS_ERR(clk) ? 0 : clk_get_rate(clk);")},
     "without its supplier", "return clk_get()'s error"),
    (8, "consumer built as a module", {"Makefile": sub("obj-y += lab-consumer.o",
                                                      "obj-m += lab-consumer.o")},
     "the Makefile builds the provider as a module", "obj-m lab-clock.o lab-consumer.o"),
    (0, "UART2 left okay", {"lab0.dts": sub('status = "disabled";', 'status = "okay";')},
     "1. UART2", 'Its status is "okay"'),
    (0, "flash reopened by its full node, not &{/path}", {"lab0.dts": sub(
        "&{/external-bus/flash@2,0} {\n\tlabel = \"nor0\";\n};",
        "/ {\n\texternal-bus {\n\t\tflash@2,0 {\n\t\t\tlabel = \"nor0\";\n\t\t};\n\t};\n};")},
     "2. the flash", "reopen it with &{/full/path}"),
    (0, "alias to the wrong node", {"lab0.dts": sub("rtc0 = &ds1338;", "rtc0 = &uart0;")},
     "3. /aliases", '/aliases/rtc0 is "/amba/serial@101f1000"'),
    (0, "compatible emptied, not deleted", {"lab0.dts": sub(
        "/delete-property/ compatible;", 'compatible = "none,none";')},
     "4. the RTC's compatible", '"none,none"'),
    (0, "cells counted in bytes", {"answers.txt": sub("= 1", "= 4")},
     "5. sic_interrupt_cells", "Wrong value"),
    (0, "a hedge: a wrong value, then the right one", {"answers.txt": sub(
        "sic_interrupt_cells = 1", "sic_interrupt_cells = 2\nsic_interrupt_cells = 1")},
     "5. sic_interrupt_cells", "sic_interrupt_cells is answered 2 times"),
    (1, "a list where one value is asked", {"answers.txt": answer(
        "rtc_driver", "ds1338, rtc-ds1338")},
     "rtc_driver", "rtc_driver = ds1338, rtc-ds1338 gives more than one answer"),
    (10, "a hedge: the tree's gain, then GDB's", {"answers.txt": sub(
        "widget_a_gain = 7", "widget_a_gain = 5\nwidget_a_gain = 7")},
     "widget_a_gain", "widget_a_gain is answered 2 times"),
    (6, "two lines copied into one block", {"faults.txt": sub(
        "saw: driver core: uart-pl011: probe of 101f2000.serial failed: EINVAL",
        "saw: uart1 is broken\n"
        "saw: driver core: uart-pl011: probe of 101f2000.serial failed: EINVAL")},
     "fault log: fault 3", "saw is answered 2 times"),
    (1, "hex without 0x", {"answers.txt": answer("uart3_address", "10009000")},
     "uart3_address", "Wrong format: 10009000 without 0x is the decimal number"),
    (1, "wrong address", {"answers.txt": answer("uart3_address", "0x9000")},
     "uart3_address", "Wrong value: you wrote 0x9000"),
    (1, "not a number", {"answers.txt": answer("i2c_address", "0x1000_2000h")},
     "i2c_address", "Wrong format"),
    (1, "irq by label", {"answers.txt": answer("uart3_irq", "sic 6")},
     "uart3_irq", "Wrong format"),
    (1, "irq on the VIC", {"answers.txt": answer(
        "uart3_irq", "/amba/interrupt-controller@10140000 6")},
     "uart3_irq", "Wrong controller"),
    (1, "irq line wrong", {"answers.txt": answer(
        "uart3_irq", "/amba/interrupt-controller@10003000 7")},
     "uart3_irq", "The controller is right"),
    (1, "module for driver", {"answers.txt": answer("rtc_driver", "ds1338")},
     "rtc_driver", "name of the module"),
    (1, "count in words", {"answers.txt": answer("uart_devices", "four")},
     "uart_devices", "Wrong format"),
    (1, "board: the console's tty for its driver", {"answers.txt": answer(
        "board_console", "ttyS0")}, "board_console", "the console's tty, not a driver"),
    (1, "board: a bound node as unbound", {"answers.txt": answer(
        "board_unbound", "/soc/ethernet@1c30000 no driver")}, "board_unbound", "is bound"),
    (1, "board: a node the board does not have", {"answers.txt": answer(
        "board_unbound", "/soc/spi@1c6a000 no driver")}, "board_unbound", "There is no node"),
    (1, "board: a path without its verdict", {"answers.txt": answer(
        "board_unbound", "/soc/pinctrl@1f02c00")}, "board_unbound", "Wrong format"),
    (1, "board: the chained controller for the root", {"answers.txt": answer(
        "board_root_irqchip", "/soc/interrupt-controller@1f00c00")},
     "board_root_irqchip", "Wrong value"),
    (1, "no lab1 in bootargs", {"lab1.dts": lambda t: t.replace(" lab1", "")},
     "the command line carries", "booted with bootargs"),
    (1, "dtc error names the file and line", {"lab1.dts": lambda t: t + "\n&uart0 {\n\tfoo\n};\n"},
     "lab1.dts compiles", "lab1.dts:"),
    (2, "vendor prefix misspelt", {"lab2.dts": sub('"ti,tmp105"', '"tj,tmp105"')},
     "its compatible", "vendor prefix (before the comma) is 'tj'"),
    (2, "right prefix, wrong chip", {"lab2.dts": sub('"ti,tmp105"', '"ti,tmp106"')},
     "its compatible", "The vendor prefix is right"),
    (2, "chip name as node name", {"lab2.dts": sub("temperature-sensor@48", "tmp105@48")},
     "its node name is generic", "Yours is tmp105@48"),
    (2, "property the binding does not have", {"lab2.dts": sub(
        "reg = <0x48>;", "reg = <0x48>;\n\t\tvendor-magic = <1>;")},
     "the tree follows the bindings", "'vendor-magic' does not match"),
    (2, "wrong address", {"lab2.dts": lambda t: t.replace("@48", "@49").replace(
        "<0x48>", "<0x49>")},
     "a node for the sensor", "7-bit address"),
    (2, "dtc error names the file and line", {"lab2.dts": sub("reg = <0x48>;", "reg = <0x48>")},
     "lab2.dts compiles", "lab2.dts:"),
    (3, "probe fails", {"tmp105.c": sub("ret = i2c_smbus_write_byte_data(client, "
                                        "TMP105_REG_CONF, TMP105_CONF_RES_12BIT);",
                                        "ret = -EIO;")},
     "the driver binds", "its probe ran, but probe returned an error"),
    (3, "compatible misspelt", {"tmp105.c": sub('{ .compatible = "ti,tmp105" }',
                                                '{ .compatible = "ti,tmp015" }')},
     "the driver binds", "No driver matched"),
    (5, "any other warning still fails the build", {"gpio-pl061.c": sub(
        "return !!readl(", "int unused;\n\n\treturn !!readl(")},
     "the kernel builds", "unused variable"),
    (3, "first compiler error shown", {"tmp105.c": lambda t: "#error first\n" + t + "\n#error last\n"},
     "the kernel builds", "tmp105.c:1:2: error: #error first"),
    (4, "built in", {"Makefile": sub("obj-m += tmp105.o", "obj-y += tmp105.o")},
     "the Makefile builds tmp105.o as a module", "make reads obj-y tmp105.o, obj-m (none)"),
    (4, "syntax error", {"tmp105.c": lambda t: "#error broken\n" + t},
     "the module builds", "tmp105.c:1:2: error: #error broken"),
    (4, "unexported symbol", {"tmp105.c": lambda t: re.sub(
        r"(\bi2c_smbus_write_byte_data)\(", r"i2c_secret(",
        "int i2c_secret(const void *c, int r, int v);\n" + t, count=1)},
     "the module builds", "EXPORT_SYMBOL"),
    (6, "started from the board instead", {"lab6.dts": sub('#include "broken.dts"',
                                                          '#include "versatilepb.dts"')},
     "lab6.dts starts from broken.dts", "nothing to debug"),
    (6, "broken.dts edited", {"broken.dts": lambda t: t.replace('"arm,versatile-i2cc"',
                                                               '"arm,versatile-i2c"')},
     "broken.dts is the one handed out", "differs"),
    (6, "the 1:1 ranges the kernel mentions", {"lab6.dts": sub(
        "ranges = <0 0x10000000 0x10000>;", "ranges;")},
     "fault 2", "Reachable, but at the wrong place"),
    (6, "children's reg rewritten to CPU addresses, the bus mapped 1:1", {"lab6.dts": sub(
        "ranges = <0 0x10000000 0x10000>;\n};",
        "ranges;\n};\n&{/fpga@10000000/system-controller@0} {\n\treg = <0x10000000 0x1000>;\n};\n"
        "&{/fpga@10000000/serial@9000} {\n\treg = <0x10009000 0x1000>;\n};")},
     "fault 2", "/fpga@10000000/serial@9000 <0x10009000 0x1000>, handed out <0x9000 0x1000>"),
    (6, "a line the command never printed", {"faults.txt": sub(
        "saw: driver core: uart-pl011: probe of 101f2000.serial failed: EINVAL",
        "saw: uart1 is broken")},
     "fault log: fault 3", "does not print the line you copied"),
    (6, "a line the healthy board prints too", {"faults.txt": sub(
        "saw: driver core: uart-pl011: probe of 101f2000.serial failed: EINVAL",
        "saw: init: late initcalls: 1 run, 0 failed")},
     "fault log: fault 3", "prints that line for the healthy board too"),
    (6, "a command the grader cannot run", {"faults.txt": sub("command: dmesg",
                                                              "command: cat /var/log/kern")},
     "fault log: fault 3", "not one the grader can run"),
    (6, "a fault left out of the log", {"faults.txt": lambda t: t.split("fault: /fpga")[0]},
     "fault log: fault 2", "no block whose `fault:`"),
    (7, "trigger ignored", {"gpio-pl061.c": sub(
        "\tpl061_update_bit(p, GPIOIS, line, level);\n"
        "\tpl061_update_bit(p, GPIOIBE, line, type == IRQ_TYPE_EDGE_BOTH);\n"
        "\tpl061_update_bit(p, GPIOIEV, line,\n"
        "\t\t\t type == IRQ_TYPE_EDGE_RISING || type == IRQ_TYPE_LEVEL_HIGH);\n", "")},
     "a rising edge on line 3", "irq_set_type() programs"),
    # Only gpio-keys asks for both edges: it sees no press on virt.
    (7, "both edges taken as falling", {"gpio-pl061.c": sub(
        "pl061_update_bit(p, GPIOIBE, line, type == IRQ_TYPE_EDGE_BOTH);",
        "pl061_update_bit(p, GPIOIBE, line, false);")},
     "on QEMU's virt", "a second after the button's press and release, no press logged"),
    (7, "edges never acked", {"gpio-pl061.c": lambda t: t.replace(
        "\twritel(1u << d->hwirq, p->base + GPIOIC);\n", "\t(void)p;\n").replace(
        "\twritel(1u << line, p->base + GPIOIC);\n\treturn 0;", "\treturn 0;")},
     "a rising edge on line 3", "stopped answering (a soft lockup)"),
    (7, "every line unmasked at probe", {"gpio-pl061.c": sub(
        "\twritel(0, p->base + GPIOIE);\n\twritel(0xff", "\twritel(0xff, p->base + GPIOIE);\n"
        "\twritel(0xff")},
     "edges on a line nobody requested", "stopped answering (a soft lockup)"),
    (7, "raw status dispatched", {"gpio-pl061.c": sub("pending = readl(p->base + GPIOMIS);",
                                                     "pending = readl(p->base + 0x414);")},
     "edges on a line nobody requested", "GPIOMIS"),
    (7, "handler follows a bad pointer", {"lab-button.c": sub(
        "\tb->presses++;\n",
        "\tb->presses++;\n\tb = (struct lab_button *)(unsigned long)b->presses;\n")},
     "a rising edge on line 3", "stopped at a fault (data abort in lab_button_irq"),
    (7, "falling edges refused by set_type", {"gpio-pl061.c": sub(
        "\tcase IRQ_TYPE_EDGE_FALLING:\n", "")},
     "both buttons bind", "trigger type 2 refused"),
    (7, "handler counts silently", {"lab-button.c": sub(
        '\tdev_info(b->dev, "press %u\\n", b->presses);\n', "")},
     "a rising edge on line 3", "The interrupt arrived"),
    (7, "button never requests its line", {"lab-button.c": sub(
        "\tret = devm_request_irq(", "\tret = 0 && devm_request_irq(")},
     "both buttons bind", "TODO 4"),
    (7, "falling edge for button-a", {"lab7.dts": sub(
        "<3 IRQ_TYPE_EDGE_RISING>", "<3 IRQ_TYPE_EDGE_FALLING>")},
     "button-a interrupts on gpio0's line 3", "/amba/gpio@101e4000 3 2"),
    (7, "button-b wired straight to gpio1", {"lab7.dts": sub(
        "interrupt-parent = <&header>;\n\t\tinterrupts = <1>;",
        "interrupt-parent = <&gpio1>;\n\t\tinterrupts = <5 IRQ_TYPE_EDGE_FALLING>;")},
     "button-b reaches gpio1's line 5", "interrupt-parent is"),
    (7, "button as a module", {"Makefile": sub("obj-y += lab-button.o", "obj-m += lab-button.o")},
     "the Makefile builds both drivers", "obj-m lab-button.o"),
]


@pytest.mark.parametrize("lab, name, edits", RIGHT, ids=["lab%d-%s" % c[:2] for c in RIGHT])
def test_right_answer_passes(lab, name, edits, tmp_path):
    rc, out, _ = grade(lab, edits, tmp_path)
    assert rc == 0 and "lab %d is done" % lab in out, out


@pytest.mark.parametrize("lab, name, edits, check, hint", WRONG,
                         ids=["lab%d-%s" % c[:2] for c in WRONG])
def test_wrong_answer_fails_with_its_hint(lab, name, edits, check, hint, tmp_path):
    rc, out, _ = grade(lab, edits, tmp_path)
    assert rc != 0, out
    title, said = first_todo(out)
    assert title and title.startswith(check), out
    if hint:
        assert hint in said, out


def copy_of_the_tree(dest):
    """The project's tracked files as they are now (edits included, no
    build/) copied to @dest: a tree nothing was built in."""
    names = subprocess.run(["git", "ls-files", "-z"], cwd=str(ROOT), capture_output=True,
                           check=True, timeout=60).stdout.decode().split("\0")
    for name in filter(None, names):
        src, dst = ROOT / name, dest / name
        if not src.is_symlink() and not src.exists():
            continue            # deleted in the working tree, not yet in git
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst, follow_symlinks=False)
    return dest


def test_lab1_grades_where_modules_were_never_built(tmp_path):
    """A tree where only lab-check ran: the grader builds the modules it
    boots with (lab 1's RTC driver is one) before it boots.  In a copy of
    the tree: the shared build/ stays whole for the tests beside this one
    (its initrd deleted under them, their boots failed).  Debian's trees
    are downloaded, not built: the copy reads the ones this tree fetched
    (lab 1 boots orangepi-pc on one)."""
    tree = copy_of_the_tree(tmp_path / "tree")
    (tree / "build").mkdir()
    (tree / "build" / "corpus").symlink_to(BUILD / "corpus")
    src = hand_in(1, {}, tmp_path)
    res = subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=1",
                          "LAB_SRC=" + str(src)], cwd=str(tree), capture_output=True, text=True,
                         timeout=900)
    out = res.stdout + res.stderr
    assert res.returncode == 0 and "lab 1 is done" in out, out
    assert (tree / "build" / "modules" / "ds1338.ko").exists(), out


def test_a_header_macro_defined_again_is_a_warning_in_the_report(tmp_path):
    """Style is not graded by the compiler: a hand-in that defines
    ARRAY_SIZE and min itself (the kernel's headers define both) builds
    and passes, and the report shows the warning under the build's check."""
    rc, out, _ = grade(5, {"gpio-pl061.c": sub(
        "#include <asm/io.h>\n",
        "#include <asm/io.h>\n\n#define ARRAY_SIZE(a) (sizeof(a) / sizeof(*(a)))\n"
        "#define min(a, b) ((a) < (b) ? (a) : (b))\n")}, tmp_path)
    assert rc == 0 and "lab 5 is done" in out, out
    assert re.search(r'\[pass\] the kernel builds .*\n +Built, with a warning \(not graded\):\n'
                     r' +\S*gpio-pl061\.c:\d+: warning: "ARRAY_SIZE" redefined, which the '
                     r"kernel's headers define too \(include/linux/kernel\.h:\d+\)", out), out
