# SPDX-License-Identifier: BSD-2-Clause
"""Lab 2's grader (docs/labs/lab2/README.md):
describe hardware: a TMP105 on the I2C bus."""
import re

from .common import (BOARD_DTB, Coyote, Grader, I2C, board_changes, compile_lab_dts,
                     dtbs_check, indent, ofdump_devices, rel, whynot)

TITLE = 'describe hardware: a TMP105 on the I2C bus'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'lab2.dts exists': 1,
    'lab2.dts compiles (dtc warnings count as errors)': 1,
    'a node for the sensor under the I2C controller, at address 0x48': 1,
    'its compatible is the TMP105\'s ("vendor,device")': 1,
    'its node name is generic (temperature-sensor@48 or sensor@48)': 1,
    "the tree follows the bindings (make dtbs_check's check)": 1,
    'the rest of the board is as it was (the RTC at 0x68, every other device, the aliases)': 1,
    'the kernel made an I2C device 0-0048 for it, with no driver yet (whynot agrees)': 1,
    'the sensor answers at 0x48 (i2c scan 0)': 1,
}

def find_sensor(nodes):
    for path, n in nodes.items():
        if path.startswith(I2C + "/") and n.get("bus") == "i2c" and n["address"] == 0x48:
            return path, n
    return None, None


def seen(dev):
    """A device as ofdump --devices sees it, in a few words."""
    if dev["address"] is not None:
        return "at address 0x%x, %s" % (dev["address"], dev["verdict"])
    return "%s (%s)" % (dev["verdict"], dev["lines"][0] if dev["lines"] else "no reason given")


def lab2(src):
    g = Grader(2, src)
    dts = src / "lab2.dts"
    if not g.check("lab2.dts exists", dts.exists(), "Expected %s." % rel(dts)):
        return g
    dtb, err = compile_lab_dts(dts, g.out / "lab2.dtb")
    if not g.check("lab2.dts compiles (dtc warnings count as errors)", dtb,
                   "dtc said:\n" + indent(err)):
        return g
    nodes = ofdump_devices(dtb)
    path, n = find_sensor(nodes)
    # What the student added under the controller, as the kernel sees it:
    # a node at the wrong address, or one the kernel never reaches.
    board = ofdump_devices(BOARD_DTB)
    added = ["%s: %s" % (p, seen(d)) for p, d in nodes.items()
             if p.startswith(I2C + "/") and p not in board]
    g.check("a node for the sensor under the I2C controller, at address 0x48", path,
            "Add a child node inside &i2c0 { ... } whose `reg` is the 7-bit address\n"
            "QEMU gives the sensor (-device tmp105,address=0x48); the RTC at 0x68 is an\n"
            "example.  Its unit address must be the reg value.  "
            "Check with: build/host/ofdump --devices" +
            ("\nofdump --devices sees what you added as:\n" + indent("\n".join(added))
             if added else ""))
    if not path:
        for t in ("its compatible is the TMP105's", "its node name is generic",
                  "the rest of the board is as it was",
                  "the kernel made an I2C device 0-0048 for it, with no driver yet",
                  "the sensor answers at 0x48"):
            g.skip(t, "the node")
        return g
    strings = [l.strip().strip('"') for l in n["lines"] if l.startswith('  "')]
    good = strings == ["ti,tmp105"]
    vendor = strings[0].partition(",")[0] if strings else ""
    if not strings:
        hint = "The node has no compatible."
    elif vendor != "ti":
        hint = ("The vendor prefix (before the comma) is %r: Texas Instruments' is\n"
                "another.  dts/bindings/trivial-devices.yaml lists the TMP105's string." % vendor)
    elif len(strings) > 1:
        hint = ("The first string is %r; the binding allows exactly one string, with\n"
                "no fallback after it." % strings[0])
    else:
        hint = ("The vendor prefix is right; the part after the comma, %r, is not the\n"
                "chip's name as the binding spells it." % strings[0].partition(",")[2])
    g.check('its compatible is the TMP105\'s ("vendor,device")', good,
            "ofdump sees compatible %s.  %s" %
            (", ".join('"%s"' % s for s in strings) or "missing", hint))
    name = path.rsplit("/", 1)[1]
    g.check("its node name is generic (temperature-sensor@48 or sensor@48)",
            re.match(r"^(temperature-sensor|sensor)@48$", name),
            "Node names say what a device is, not which chip (the devicetree\n"
            "specification's generic names, such as the board's rtc@68).  Yours is %s." % name)
    ok, findings = dtbs_check(dtb)
    g.check("the tree follows the bindings (make dtbs_check's check)", ok,
            "dt-validate said, for your tree:\n%s\nThe binding, dts/bindings/trivial-devices.yaml, "
            "lists every property the node\nmay have." % indent(findings))
    # The sensor is added to the board, nothing of the board taken away
    # or changed: the RTC beside it is the example, not a template.
    changed = board_changes(dtb, {path: "new"})
    g.check("the rest of the board is as it was (the RTC at 0x68, every other device, the "
            "aliases)", not changed,
            "Compared with the board's own tree (ofdump --devices, /aliases, /chosen):\n%s\n"
            "Add your node inside &i2c0 { ... }; leave what the board has as it is." %
            indent("\n".join(changed[:8])))
    if not good:
        g.skip("the kernel made an I2C device 0-0048 for it, with no driver yet",
               "the compatible")
        g.skip("the sensor answers at 0x48", "the compatible")
        return g
    with Coyote(dtb=dtb, extra=["-device", "tmp105,address=0x48"]) as c:
        scan = c.run("i2c scan 0")
        verdict, out = whynot(c, path)
        devs = c.run("devices")
    row = [l for l in devs.splitlines() if l.startswith(path + " ")]
    ok = bool(row) and "0-0048" in row[0] and "no driver" in row[0] and verdict == "no driver"
    g.check("the kernel made an I2C device 0-0048 for it, with no driver yet (whynot agrees)",
            ok, "`devices` says: %s\n`whynot %s` says:\n%s" %
            (row[0] if row else "(no line for %s)" % path, path, indent(out)))
    g.check("the sensor answers at 0x48 (i2c scan 0)", re.search(r"\b48\b", scan),
            "i2c scan 0 printed:\n" + indent(scan))
    return g
