# SPDX-License-Identifier: BSD-2-Clause
"""Lab 4's grader (docs/labs/lab4/README.md):
make it a module."""
import re

from . import lab3
from coyote.labs.selfcheck.lab4 import probe_reading
from .common import (Grader, QMP, SENSOR, build_kernel, check_build, indent, makefile_objs,
                     rel, sensor_machine, tail, tmp105_seen, whynot)

TITLE = 'make it a module'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'tmp105.c (your lab 3 driver) and Makefile exist': 1,
    'the Makefile builds tmp105.o as a module (obj-m)': 1,
    'the module builds (modpost: only exported symbols)': 1,
    'modules.alias has ti,tmp105 for tmp105 (MODULE_DEVICE_TABLE)': 1,
    'modinfo shows its license and description': 1,
    'it autoloads at boot for the sensor node': 1,
    "probe reads QEMU's temperature (0 C at power-on)": 1,
    "the chip is at 12 bits before probe's first read (the chip's side of the bus)": 1,
    'rmmod tmp105 unbinds the sensor': 1,
    'insmod tmp105 binds it again and reads the new temperature (one drawn for this grade)': 1,
    'insmod at other temperatures reads each exactly (-55 C to 127.9375 C, 1/16 C steps)': 1,
}


# The space insmod's temperature is drawn from, in mdeg: whole degrees
# (1 C to 99 C), then an odd number of 1/8 C added.
FRESH = range(1000, 100000, 1000)
EIGHTHS = (125, 375, 625, 875)


def drawn(rng):
    """This grade's test values from @rng, in mdeg: the temperature insmod
    reads (whole degrees and an odd number of 1/8 C: what 10 bits
    cannot give), and an odd 1/16 C step (what 11 bits cannot)."""
    fresh = rng.choice(FRESH) + rng.choice(EIGHTHS)
    return fresh, lab3.sixteenth(rng)


def lab4(src):
    g = Grader(4, src)
    fresh, step = drawn(g.rng)
    drv, mk = src / "tmp105.c", src / "Makefile"
    if not g.check("tmp105.c (your lab 3 driver) and Makefile exist",
                   drv.exists() and mk.exists(),
                   "Expected %s and %s: copy your lab 3 tmp105.c next to the Makefile."
                   % (rel(drv), rel(mk))):
        return g
    objs, err = makefile_objs(src)
    later = ("the module builds (modpost: only exported symbols)",
             "modules.alias has ti,tmp105 for tmp105 (MODULE_DEVICE_TABLE)",
             "modinfo shows its license and description",
             "it autoloads at boot for the sensor node",
             "probe reads QEMU's temperature",
             "the chip is at 12 bits before probe's first read",
             "rmmod tmp105 unbinds the sensor",
             "insmod tmp105 binds it again and reads the new temperature",
             "insmod at other temperatures reads each exactly (-55 C to 127.9375 C, "
             "1/16 C steps)")
    if objs is None:
        hint = "The grader cannot read your Makefile:\n" + indent(err)
    else:
        hint = ("make reads obj-y %s, obj-m %s from your Makefile.  obj-y links an object\n"
                "into the image; a module is listed with obj-m (as kbuild has it:\n"
                "obj-m += x.o or obj-m := x.o)." %
                (" ".join(objs["obj-y"]) or "(none)", " ".join(objs["obj-m"]) or "(none)"))
    if not g.check("the Makefile builds tmp105.o as a module (obj-m)",
                   objs and objs["obj-m"] == ["tmp105.o"] and not objs["obj-y"], hint):
        g.skip_all(later, "obj-m")
        return g
    kernel, log = build_kernel(g, src, "LAB_KBUILD")
    modpost = "is not exported by the kernel" in log
    if not check_build(g, later[0], kernel, log, later[1:],
                       "\nA module may call only what the kernel exports (EXPORT_SYMBOL)."
                       if modpost else ""):
        return g
    alias = g.out / "modules" / "modules.alias"
    lines = alias.read_text().splitlines() if alias.exists() else []
    g.check(later[1], "alias of:N*T*Cti,tmp105 tmp105" in lines,
            "%s has no line for ti,tmp105.  modpost reads the table that\n"
            "MODULE_DEVICE_TABLE(of, your_table) names." % rel(alias))
    # The lab's own initrd (build/lab4/initrd.cpio) goes with its kernel.
    machine, sock = sensor_machine(g, kernel)
    with machine as c:
        info = c.run("modinfo tmp105")
        g.check(later[2], re.search(r"^license: +\S", info, re.M) and
                re.search(r"^description: +\S", info, re.M),
                "`modinfo tmp105` says:\n%s\nMODULE_LICENSE() and MODULE_DESCRIPTION() "
                "go in the module's .modinfo." % indent(info))
        pulled = re.search(r"0-0048 \(ti,tmp105\) pulls in tmp105", c.boot_log)
        verdict, out = whynot(c, SENSOR)
        ok = pulled and verdict == "bound" and "(module tmp105)" in out
        if not g.check(later[3], ok,
                       "The boot log %s.\n`whynot %s` says:\n%s" %
                       ("says the sensor pulled in tmp105" if pulled else
                        "has no line \"0-0048 (ti,tmp105) pulls in tmp105\"",
                        SENSOR, indent(out))):
            g.skip_all(later[4:], "autoload")
            return g
        t = probe_reading(c.boot_log)
        g.check(later[4] + " (0 C at power-on)", t is not None and abs(t) <= 0.5,
                "Probe should log the reading (dev_info), e.g. \"0-0048: TMP105 ... 0.000 C\":\n"
                "a module cannot add shell commands, so there is no `temp`.  "
                "Boot log:\n%s" % indent(tail(c.boot_log, 8)))
        # The order, as the chip saw it: the log shows a value, not when
        # the resolution was set.
        reads = [conf for what, conf in tmp105_seen(g) if what == "read"]
        g.check(later[5] + " (the chip's side of the bus)",
                reads and reads[0] & 0x60 == 0x60,
                "The chip saw %s.\nAt power-on it converts with 9 bits: a reading "
                "taken before CONF\nasks for 12 is a 9-bit one, whatever the log says "
                "after." % ("no read of its temperature" if not reads else
                            "its first temperature read at %d bits" % (9 + ((reads[0] >> 5) & 3))))
        c.run("rmmod tmp105")
        devs = c.run("devices")
        row = [l for l in devs.splitlines() if l.startswith(SENSOR + " ")]
        lsmod = c.run("lsmod")
        g.check(later[6], row and "no driver" in row[0] and
                not re.search(r"^tmp105\b", lsmod, re.M),
                "After rmmod, `devices` says: %s\n`lsmod` says:\n%s\nmodule_exit "
                "unregisters the driver, which unbinds its devices." %
                (row[0] if row else "(no line)", indent(lsmod)))
        qmp = QMP(sock)
        try:
            qmp.execute("qom-set", path="/machine/peripheral/sensor",
                        property="temperature", value=fresh)
            out = c.run("insmod tmp105")
            verdict, why = whynot(c, SENSOR)
            t = probe_reading(c.run("dmesg"))
            if not g.check(later[7] + " (one drawn for this grade)",
                           verdict == "bound" and t is not None and abs(t - fresh / 1000) < 0.06,
                           "QEMU's sensor was set to a new temperature (drawn for this grade),\n"
                           "then `insmod tmp105` printed:\n%s\n`whynot %s` says:\n%s\nand "
                           "probe logged %s, not that temperature." %
                           (indent(out), SENSOR, indent(why),
                            "%.3f C" % t if t is not None else "no reading")):
                g.skip(later[8], "insmod to bind")
                return g
            wrong = []
            for mdeg, why in lab3.RANGE + ((step, None),):
                c.run("rmmod tmp105")
                qmp.execute("qom-set", path="/machine/peripheral/sensor",
                            property="temperature", value=mdeg)
                c.run("insmod tmp105")
                t, want = probe_reading(c.run("dmesg")), lab3.register(mdeg)
                if t is None or abs(t - want) > 0.0011:
                    # The drawn step is named, never shown.
                    at = ("at an odd number of 1/16 C drawn for this grade (12 bits, "
                          "not 11)" if why is None else "at %.4f C (%s)" % (want, why))
                    wrong.append("%s probe logged %s" % (at, t))
            g.check(later[8], not wrong,
                    "rmmod, a temperature set in QEMU, insmod, each time:\n%s\nThe page's "
                    "range is -55 C to 125 C: does each step of your arithmetic\nand your "
                    "printing hold a negative value, a fraction below 1 and the\nlargest "
                    "one, in 1/16 C steps?" % indent("\n".join(wrong)))
        finally:
            qmp.close()
    return g
