# SPDX-License-Identifier: BSD-2-Clause
"""Lab 8's grader (docs/labs/lab8/README.md):
clocks and dependencies."""
import re

from .common import (Coyote, Grader, ROOT, build_kernel, check_build, compile_lab_dts,
                     have_files, heap_use, indent, makefile_objs, whynot)

TITLE = 'clocks and dependencies'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'lab-consumer.c, lab-clock.c and Makefile exist': 1,
    'the Makefile builds the provider as a module, the consumer in the image': 1,
    'the kernel and the provider module build': 1,
    'the consumer waits on its device link and probes once, after the clock': 1,
    "probe logs the clock's rate, the divider and the rate it gives (3686400 Hz / 64)": 1,
    'the values come from the tree (trees with other values) (1000000 Hz / 8, 4000000000 Hz / 3)': 1,
    'a divider of 0 in the tree is refused: probe fails': 1,
    'a tree without the divider is refused: probe fails': 1,
    'without its supplier the consumer is not bound, and whynot shows the chain (modules.autoload=0)': 1,
    'rmmod of the provider unbinds the consumer first, and its clock is put (the heap as before)': 1,
}

SAMPLER = "/sampler"
MODULE = "lab-clock"
LABCLK = "/clock-controller"


def lab8_tree(g, dts_text, name):
    """The lab 8 tree with @dts_text appended (a variant), compiled."""
    dts = g.out / (name + ".dts")
    dts.write_text('#include "lab8.dts"\n' + dts_text)
    dtb, err = compile_lab_dts(dts, g.out / (name + ".dtb"),
                               include=[ROOT / "docs" / "labs" / "lab8"])
    if not dtb:
        raise RuntimeError("lab 8 tree %s: %s" % (name, err))
    return dtb


def lab8_boot(g, kernel, dts_text, name, append=None):
    """Boot @kernel on the lab 8 tree with @dts_text appended (a variant):
    (boot log, devlinks, whynot output and verdict, probes)."""
    with Coyote(dtb=lab8_tree(g, dts_text, name), kernel=kernel, append=append) as c:
        links = c.run("devlinks " + SAMPLER)
        verdict, why = whynot(c, SAMPLER)
        return c.boot_log, links, verdict, why, c.run("probes")


def lab8(src):
    g = Grader(8, src)
    if not have_files(g, src, "lab-consumer.c", "lab-clock.c", "Makefile"):
        return g
    objs, err = makefile_objs(src)
    g.check("the Makefile builds the provider as a module, the consumer in the image",
            objs and objs["obj-m"] == ["lab-clock.o"] and objs["obj-y"] == ["lab-consumer.o"],
            "make reads %s.  The lab is about a consumer that is ready before its\n"
            "supplier: keep obj-m += lab-clock.o and obj-y += lab-consumer.o." %
            (err or "obj-y %s, obj-m %s" % (" ".join(objs["obj-y"]) or "(none)",
                                          " ".join(objs["obj-m"]) or "(none)")))
    kernel, log = build_kernel(g, src, "LAB_KBUILD")
    later = ("the consumer waits on its device link and probes once, after the clock",
             "probe logs the clock's rate, the divider and the rate it gives",
             "the values come from the tree (trees with other values)",
             "a divider of 0 in the tree is refused: probe fails",
             "a tree without the divider is refused: probe fails",
             "without its supplier the consumer is not bound, and whynot shows the chain",
             "rmmod of the provider unbinds the consumer first, and its clock is put")
    if not check_build(g, "the kernel and the provider module build", kernel, log, later):
        return g
    boot, links, verdict, why, probes = lab8_boot(g, kernel, "", "lab8-board")
    rows = [l.split() for l in probes.splitlines() if re.match(r"\d+ ", l)]
    mine = [r for r in rows if r[3:4] == ["sampler"]]
    clock = [i for i, r in enumerate(rows) if r[3:4] == ["clock-controller"]]
    ok = (verdict == "bound" and re.search(r"%s +%s +clocks +active" % (LABCLK, SAMPLER), links)
          and len(mine) == 1 and clock and rows.index(mine[0]) > clock[0])
    g.check(later[0], ok,
            "`whynot %s` says:\n%s\n`devlinks %s` says:\n%s\nThe probes timeline:\n%s" %
            (SAMPLER, indent(why), SAMPLER, indent(links),
             indent("\n".join(l for l in probes.splitlines()
                              if "sampler" in l or "clock-controller" in l) or "(none)")))

    def said(text):
        m = re.search(r"lab-consumer sampler: labclk at (\d+) Hz, divider (\d+): "
                      r"(\d+) samples/s", text)
        return tuple(int(x) for x in m.groups()) if m else None

    got = said(boot)
    g.check(later[1] + " (3686400 Hz / 64)", got == (3686400, 64, 57600),
            "Probe should log \"labclk at N Hz, divider D: R samples/s\" (see the top of\n"
            "lab-consumer.c).  The boot log's lines from the consumer:\n%s" %
            indent("\n".join(l for l in boot.splitlines() if "sampler" in l) or "(none)"))
    # Other values, up to the largest rate a u32 clock-frequency gives
    # (no room for a product), and a divider that is no power of two.
    seen = []
    for rate, div in ((1000000, 8), (4000000000, 3)):
        boot2, _, _, _, _ = lab8_boot(g, kernel, "&labclk { clock-frequency = <%d>; };\n"
                                      "&{/sampler} { coyote,sample-divider = <%d>; };\n"
                                      % (rate, div), "lab8-variant")
        seen.append(((rate, div), said(boot2)))
    g.check(later[2] + " (1000000 Hz / 8, 4000000000 Hz / 3)",
            all(got == (rate, div, rate // div) for (rate, div), got in seen),
            "In trees with other values your probe logged:\n%s\nRead both from the tree: "
            "clk_get_rate() and of_property_read_u32();\nthe rate is an unsigned long: "
            "print and divide it as one." %
            indent("\n".join("clock-frequency = <%d>, coyote,sample-divider = <%d>: %s" %
                             (rate, div, ("probe logged %d Hz, divider %d: %d samples/s" % got)
                              if got else "nothing") for (rate, div), got in seen)))
    verdict, hint = refused_boot(g, kernel, "&{/sampler} { coyote,sample-divider = <0>; };\n",
                                 "lab8-zero", "coyote,sample-divider = <0>")
    g.check(later[3], verdict == "failed",
            hint + "\nA divider of 0 is the tree's mistake: probe must refuse it "
            "(an error, not a division).")
    verdict, hint = refused_boot(g, kernel,
                                 "&{/sampler} { /delete-property/ coyote,sample-divider; };\n",
                                 "lab8-missing", "no coyote,sample-divider")
    g.check(later[4], verdict == "failed",
            hint + "\nA missing divider is the tree's mistake too: of_property_read_u32()'s "
            "error\nsays so, and probe must return one (no divider made up).")
    _, links, verdict, why, _ = lab8_boot(g, kernel, "", "lab8-nosupplier",
                                          append="console=ttyAMA0,115200 modules.autoload=0")
    g.check(later[5] + " (modules.autoload=0)",
            verdict in ("deferred", "waiting") and LABCLK in why,
            "With the provider never loaded, `whynot %s` says:\n%s\n%s" %
            (SAMPLER, indent(why),
             "Your probe bound without its clock: return clk_get()'s error (it is\n"
             "-EPROBE_DEFER while the clock's provider is missing)." if verdict == "bound"
             else "The consumer should be left waiting or deferred, naming its supplier."))
    if got:
        provider_removed(g, kernel, later[6])
    else:
        g.skip(later[6], "probe to get its clock and log its rate (the check above)")
    return g


def refused_boot(g, kernel, dts_text, name, what):
    """The lab tree with @dts_text (@what the change, for the hint):
    (the consumer's whynot verdict or None when the boot died, a hint)."""
    try:
        _, _, verdict, why, _ = lab8_boot(g, kernel, dts_text, name)
    except Exception as e:          # pexpect's TIMEOUT or EOF: a fault at boot
        return None, "With %s the kernel did not reach its prompt (%s)." % (
            what, type(e).__name__)
    return verdict, "With %s, `whynot %s` says:\n%s" % (what, SAMPLER, indent(why))


def provider_removed(g, kernel, text):
    """rmmod of the clock's module: the driver core unbinds the consumer
    first (its device link), whose clock goes back with it.  The heap is
    compared between two unloaded states (rmmod, insmod, rmmod): a
    consumer that never puts its clock keeps one more allocation per
    cycle."""
    with Coyote(dtb=lab8_tree(g, "", "lab8-rmmod"), kernel=kernel) as c:
        out = c.run("rmmod " + MODULE)
        unbound = whynot(c, SAMPLER)[0] != "bound"
        first = heap_use(c)
        again = c.run("insmod " + MODULE)
        rebound = whynot(c, SAMPLER)[0] == "bound"
        c.run("rmmod " + MODULE)
        second = heap_use(c)
    hint = []
    if not unbound:
        hint.append("After `rmmod %s` the consumer is still bound; rmmod said:\n%s" %
                    (MODULE, indent(out)))
    if not rebound:
        hint.append("After `insmod %s` the consumer did not bind again; insmod said:\n%s" %
                    (MODULE, indent(again)))
    if first != second or first == "?":
        hint.append("`mem` after rmmod, insmod, rmmod:\n  %s\n  %s\nWhat probe takes "
                    "(clk_get()) remove must give back (clk_put()), or let devm do it." %
                    (first, second))
    g.check(text + " (the heap as before)", not hint, "\n".join(hint))
