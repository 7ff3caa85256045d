# SPDX-License-Identifier: BSD-2-Clause
"""Lab 9's grader (docs/labs/lab9/README.md):
overlays: the TMP105 added to the running board."""
import os
import re
import shutil
import subprocess
from pathlib import Path

from .common import (BUILD, Coyote, Grader, OFDUMP, ROOT, check_overlay, dtbs_check_each,
                     handin, have_files, indent, initrd_with, rel, said, whynot)

TITLE = 'overlays: the TMP105 added to the running board'

# Every check, in the order reported, and its points: declared once.
RUBRIC = {
    'tmp105.dtso and ti,tmp105.yaml exist': 1,
    'tmp105.dtso compiles as an overlay (dtc -@)': 1,
    'applied on the host, it adds a device at 0x48 on the I2C bus (ofdump --devices --overlay)': 1,
    'ti,tmp105.yaml passes dt_binding_check (dt-doc-validate, its example)': 1,
    'the board with your overlay passes dtbs_check with your binding': 1,
    'your binding refuses a sensor with a property it does not define': 1,
    'your binding accepts a TMP105 as the page describes it (reg 0x48 to 0x4f, the ALERT interrupt, #thermal-sensor-cells = <0>)': 1,
    'your binding refuses a reg the chip cannot have (just below and above the range, '
    'one drawn for this grade, two addresses)': 1,
    'your binding refuses a node name the page does not allow (tmp105@48, tmp105-sensor@48, no unit address)': 1,
    'your binding refuses two interrupts (the chip has one ALERT pin)': 1,
    'your binding refuses #thermal-sensor-cells other than 0': 1,
    'your binding refuses a compatible list other than exactly "ti,tmp105"': 1,
    'your binding requires reg': 1,
    '`overlay apply tmp105` makes the device 0-0048 on the running board': 1,
    '`overlay rm tmp105` takes the node and the device away again': 1,
}

def lab9_merged(g, dtbo, name, edit=None):
    """The board's blob with @dtbo applied by the kernel's own code on the
    host (ofdump --overlay), @edit applied to its DTS, compiled as
    @name/versatilepb.dtb (the board's waivers go by that name): (dtb or
    None, messages)."""
    res = handin.run_tool([OFDUMP, "--overlay", BUILD / "dts" / "versatilepb.dtb", dtbo],
                          g.out, timeout=60)
    if res.returncode:
        return None, said(res.stderr)
    text = edit(res.stdout) if edit else res.stdout
    if edit and text == res.stdout:
        return None, "the edit changed nothing"
    out = g.out / name / "versatilepb.dtb"
    out.parent.mkdir(parents=True, exist_ok=True)
    res = handin.run_tool(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", out, "-"], g.out,
                          input=text, timeout=60)
    return (out if res.returncode == 0 else None), said(res.stderr)


# What make's dt_binding_check leaves for one binding: its verdict and its
# example's blob (scripts/Makefile.bindings).
CHECKED = (".doc-ok", ".example.dtb")


def seed_checked(out, schemas, want):
    """A grade folder's first dt_binding_check: for each binding of @want
    the project holds byte for byte, the main build's verdict and example
    blob (the grade's prepare step made them) copied into @out, newer than
    its copy in @schemas, so make checks only what the hand-in changed
    (as a folder graded before does).  A folder that has them already,
    or a binding the main build has not checked since its last edit,
    is left to make."""
    bindings, made = ROOT / "dts" / "bindings", BUILD / "bindings"
    for name, data in want.items():
        own = bindings / name
        if not own.is_file() or own.read_bytes() != data:
            continue
        for suffix in CHECKED:
            kept, dest = made / (str(name)[:-5] + suffix), out / (str(name)[:-5] + suffix)
            if dest.exists() or not kept.is_file() or \
                    kept.stat().st_mtime_ns < own.stat().st_mtime_ns:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(kept, dest)
            # (Newer than the copy just written: make keeps it.)
            t = (schemas / name).stat().st_mtime_ns + 1_000_000_000
            os.utime(dest, ns=(t, t))


def lab9_schema(g, binding):
    """dt_binding_check with the student's binding among the project's
    (make, with BINDINGS_DIR a copy of dts/bindings plus it, and with
    ti,tmp105 taken out of trivial-devices.yaml, so that the student's is
    the sensor's only binding): (the processed schema or None, what the
    tools said)."""
    import yaml
    bindings = ROOT / "dts" / "bindings"
    want = {f.relative_to(bindings): f.read_bytes() for f in bindings.rglob("*") if f.is_file()}
    trivial = Path("trivial-devices.yaml")
    text = want[trivial].decode()
    left = re.sub(r"^\s*- ti,tmp105\s*(#.*)?\n", "", text, flags=re.M)
    if left == text:
        raise RuntimeError("lab 9: trivial-devices.yaml does not list ti,tmp105")
    # A list left empty is no schema at all: the file goes.
    if yaml.safe_load(left)["properties"]["compatible"]["items"][0]["enum"]:
        want[trivial] = left.encode()
    else:
        del want[trivial]
    want[Path("ti,tmp105.yaml")] = binding.read_bytes()
    # The folder of the last grade kept where it holds the same files:
    # make checks again only the bindings that changed (the student's).
    schemas = g.out / "schemas"
    for f in sorted(schemas.rglob("*"), reverse=True) if schemas.is_dir() else ():
        if f.is_symlink() or (f.is_file() and f.relative_to(schemas) not in want):
            f.unlink()
        elif f.is_dir() and not any(f.iterdir()):
            f.rmdir()
    for name, data in want.items():
        f = schemas / name
        if f.is_symlink() or f.is_dir():
            shutil.rmtree(f) if f.is_dir() else f.unlink()
        if not f.is_file() or f.read_bytes() != data:
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_bytes(data)
    seed_checked(g.out / "bindings", schemas, want)
    # In the tools' sandbox: the binding's examples go through cpp and
    # dtc there, where nothing but the hand-in and the prepared tree is.
    res = handin.run_tool(["make", "-s", "--no-print-directory", "B=" + rel(g.out),
                           "BINDINGS_DIR=" + rel(schemas), "dt_binding_check"], g.out)
    if res.returncode:
        told = "\n".join(l for l in (res.stdout + res.stderr).splitlines()
                         if not re.match(r"\s*(CHECK|DOCCHK|SCHEMA|EXAMPLE|make)\b", l))
        return None, said(told.replace(str(schemas) + "/", ""))
    return g.out / "bindings" / "processed-schema.json", ""


# A small tree for one sensor node: the board's I2C controller and VIC
# (the root's interrupt parent), so only the sensor can draw a finding.
LAB9_PROBE_TREE = """/dts-v1/;
/ {
	model = "lab 9 binding probe";
	compatible = "arm,versatile-pb";
	#address-cells = <1>;
	#size-cells = <1>;
	interrupt-parent = <&vic>;

	amba-bus {
		compatible = "arm,amba-bus", "simple-bus";
		#address-cells = <1>;
		#size-cells = <1>;
		ranges;

		vic: interrupt-controller@10140000 {
			compatible = "arm,versatile-vic", "arm,pl190-vic";
			reg = <0x10140000 0x1000>;
			interrupt-controller;
			#address-cells = <0>;
			#interrupt-cells = <1>;
		};

		i2c@10002000 {
			compatible = "arm,versatile-i2c";
			reg = <0x10002000 0x1000>;
			#address-cells = <1>;
			#size-cells = <0>;

%s
		};
	};
};
"""


def lab9_sensor(name, *props, compatible='"ti,tmp105"'):
    """A sensor node's text: NAME { compatible = COMPATIBLE; PROPS }."""
    body = ["compatible = %s;" % compatible] + list(props)
    return "%s {\n%s};" % (name, "".join("    %s\n" % p for p in body))


LAB9_REG = ("your binding refuses a reg the chip cannot have (just below and above "
            "the range, one drawn for this grade, two addresses)")
LAB9_ACCEPTS = ("your binding accepts a TMP105 as the page describes it (reg 0x48 to 0x4f, "
                "the ALERT interrupt, #thermal-sensor-cells = <0>)")
# Addresses a TMP105 cannot have, besides the two either side of its range
# (0x30 is the one earlier grades always showed: a binding could list it).
FAR = [a for a in range(0x08, 0x78) if not 0x47 <= a <= 0x50 and a != 0x30]


def lab9_cases(rng):
    """This grade's probe nodes, drawn from @rng: (every address the chip
    can have, under both names, each with or without the interrupt and the
    thermal cells; [(check, hint: what the page says the chip allows,
    nodes the binding must refuse)]).  Each refusal must come from the
    student's binding itself."""
    def name(a):
        return "%s@%x" % (rng.choice(("temperature-sensor", "sensor")), a)

    # Half the nodes with the interrupt, half with the cells: never none.
    irq, cells = rng.sample(range(0x48, 0x50), 4), rng.sample(range(0x48, 0x50), 4)
    accept = [lab9_sensor(name(a), "reg = <%#x>;" % a,
                          *(["interrupts = <%d>;" % rng.randrange(1, 32)] if a in irq else []) +
                          (["#thermal-sensor-cells = <0>;"] if a in cells else []))
              for a in range(0x48, 0x50)]
    here = rng.randrange(0x48, 0x50)
    pair = sorted(rng.sample(range(0x48, 0x50), 2))
    far = rng.choice(FAR)
    refuse = [
        (LAB9_REG,
         "A TMP105 answers at one I2C address from 0x48 to 0x4f, and nowhere else;\n"
         "a binding can say which values reg may take, not only how many.",
         [lab9_sensor("temperature-sensor@%x" % a, "reg = <%#x>;" % a)
          for a in (0x47, 0x50, far)] +
         [lab9_sensor("temperature-sensor@%x" % pair[0], "reg = <%#x>, <%#x>;" % tuple(pair))]),
        ("your binding refuses a node name the page does not allow (tmp105@48, "
         "tmp105-sensor@48, no unit address)",
         "Node names say what a device is (temperature-sensor@..., sensor@...), not\n"
         "which chip, and carry the unit address; a binding can hold a node's whole\n"
         "name to a pattern.",
         [lab9_sensor("tmp105@48", "reg = <0x48>;"),
          lab9_sensor("tmp105-sensor@48", "reg = <0x48>;"),
          lab9_sensor("temperature-sensor", "reg = <0x48>;")]),
        ("your binding refuses two interrupts (the chip has one ALERT pin)",
         "The TMP105 has a single ALERT output: at most one interrupt.",
         [lab9_sensor(name(here), "reg = <%#x>;" % here, "interrupts = <%d>, <%d>;" %
                      tuple(rng.sample(range(1, 32), 2)))]),
        ("your binding refuses #thermal-sensor-cells other than 0",
         "The chip measures one temperature: a thermal zone names it with no\n"
         "argument cells, so #thermal-sensor-cells can only be 0.",
         [lab9_sensor(name(here), "reg = <%#x>;" % here, "#thermal-sensor-cells = <%d>;" % n)
          for n in (1, rng.randrange(2, 5))]),
        ('your binding refuses a compatible list other than exactly "ti,tmp105"',
         'The TMP105\'s compatible is the one string "ti,tmp105", with no other string\n'
         "before or after it.",
         [lab9_sensor(name(here), "reg = <%#x>;" % here,
                      compatible='"ti,tmp105", "ti,tmp102"'),
          lab9_sensor(name(here), "reg = <%#x>;" % here,
                      compatible='"ti,tmp102", "ti,tmp105"')]),
        ("your binding requires reg",
         "A node without reg says nothing about where the chip answers: the\n"
         "binding must say that reg (like compatible) is required.",
         [lab9_sensor(name(here))]),
    ]
    return accept, refuse


def lab9_check_probes(g, schema, trees):
    """Each of @trees (nodes to put on the probe tree's I2C bus) compiled
    and checked against @schema in one dt-validate run: for each, (clean?,
    findings, whether the student's binding found something)."""
    dtbs = []
    for n, nodes in enumerate(trees):
        dts = g.out / "probes" / ("probe%d.dts" % n)
        dts.parent.mkdir(parents=True, exist_ok=True)
        dts.write_text(LAB9_PROBE_TREE % "\n".join("\t\t\t" + l for node in nodes
                                                  for l in node.splitlines()))
        dtb = dts.with_suffix(".dtb")
        # The grader's own text, nothing of the hand-in's: dtc needs no
        # sandbox of its own (a bubblewrap is most of a small compile).
        res = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", str(dtb), str(dts)],
                             capture_output=True, text=True, timeout=60)
        if res.returncode:
            raise RuntimeError("lab 9: a probe tree does not compile: " + res.stderr)
        dtbs.append(str(dtb))
    # (Without the board's waivers: the probe tree has none of its findings.)
    status, each = dtbs_check_each(dtbs, schema, g.out, waivers=False)
    if status not in (0, 1):
        raise RuntimeError("lab 9: dtbs-check failed: " + "\n".join(f for _, f in each))
    out = []
    for _, found in each:
        own = bool(re.search(r"^\s*From schema: \S*/ti,tmp105\.yaml$", found, re.M))
        found = said(found.replace(str(g.out / "schemas") + "/", "").replace(str(ROOT) + "/", ""))
        out.append((not found, found, own))
    return out


def lab9_probes(g, schema, accept, refuse):
    """The binding against small trees: it accepts the sensor as the page
    describes it (@accept), and each requirement the page states refuses a
    node that breaks it (@refuse; refused by the student's binding, not
    another).  The hints quote the nodes: they change with every grade."""
    trees = [accept] + [[node] for _, _, nodes in refuse for node in nodes]
    verdicts = iter(lab9_check_probes(g, schema, trees))
    clean, found, _ = next(verdicts)
    # (The nodes a finding names, else all of them.)
    named = [n for n in accept if re.search(r"(^|/)%s: " % re.escape(n.split(" {")[0]),
                                            found, re.M)] or accept
    g.check(LAB9_ACCEPTS, clean,
            "Your binding refused:\n%s\ndt-validate said:\n%s\n"
            "Each of these is a TMP105 node the page allows." %
            (indent("\n".join(named)), indent(found)))
    for check, why, nodes in refuse:
        accepted = []
        for node in nodes:
            clean, found, own = next(verdicts)
            if not own:
                accepted.append(indent(node) + ("\n(dt-validate said, but not from your "
                                                "binding:\n%s)" % indent(found)
                                                if not clean else ""))
        g.check(check, not accepted,
                "Your binding accepted:\n%s\n%s" % ("\n".join(accepted), why))


def lab9(src):
    g = Grader(9, src)
    if not have_files(g, src, "tmp105.dtso", "ti,tmp105.yaml"):
        return g
    dtbo = check_overlay(g, src, "tmp105")
    later = ("applied on the host, it adds a device at 0x48 on the I2C bus "
             "(ofdump --devices --overlay)",
             "`overlay apply tmp105` makes the device 0-0048 on the running board",
             "`overlay rm tmp105` takes the node and the device away again")
    added = None
    if dtbo:
        res = handin.run_tool([OFDUMP, "--devices", "--overlay",
                               BUILD / "dts" / "versatilepb.dtb", dtbo], g.out, timeout=60)
        shown = said(res.stdout + res.stderr)
        m = re.search(r"^\+ (/external-bus/i2c@1,0/[^/\s]+@48)\n(?:  .*\n)*?  address: +0x48 "
                      r"on the I2C bus", res.stdout, re.M)
        added = m.group(1) if m else None
        g.check(later[0], res.returncode == 0 and added,
                "`ofdump --devices --overlay build/dts/versatilepb.dtb tmp105.dtbo` said:\n%s\n"
                "The fragment must target the I2C controller (by its label), and the\n"
                "node's reg is the chip's I2C address." % indent(shown or "(nothing)"))
    else:
        g.skip(later[0], "the overlay to compile")
    schema, told = lab9_schema(g, src / "ti,tmp105.yaml")
    g.check("ti,tmp105.yaml passes dt_binding_check (dt-doc-validate, its example)",
            schema, "The tools said:\n" + indent(told))
    checks = ("the board with your overlay passes dtbs_check with your binding",
              "your binding refuses a sensor with a property it does not define")
    if schema and added:
        dtb, err = lab9_merged(g, dtbo, "merged")
        leaf = added.rsplit("/", 1)[1]
        # (A node without reg is refused by the core and the I2C
        # controller's schemas already: only additionalProperties is the
        # binding's own to test on the board.)
        extra, why = lab9_merged(g, dtbo, "extra", lambda t: t.replace(
            "%s {" % leaf, "%s {\n\t\t\t\tvendor,bogus = <1>;" % leaf))
        if not extra:
            raise RuntimeError("lab 9: the variant with vendor,bogus does not compile: " + why)
        # Both boards in one dtbs-check run, each with the board's waivers.
        status, each = dtbs_check_each([dtb, extra] if dtb else [extra], schema, g.out)
        if status not in (0, 1):
            each = [(False, said("\n".join(f for _, f in each)))] * 2
        clean, found = each[0] if dtb else (False, err)
        g.check(checks[0], clean,
                "dtbs-check said:\n%s\nThe binding's compatible must name the string your "
                "node uses,\nand every property of the node must be allowed." % indent(said(found)))
        g.check(checks[1], not each[-1][0],
                "dtbs-check found nothing wrong with a sensor node with vendor,bogus = <1>.\n"
                "A binding lists the properties a node may have and forbids the others\n"
                "(additionalProperties: false).")
    else:
        g.skip_all(checks, "the overlay and the binding")
    accept, refuse = lab9_cases(g.rng)
    if schema:
        lab9_probes(g, schema, accept, refuse)
    else:
        g.skip(LAB9_ACCEPTS, "the binding")
        for check, _, _ in refuse:
            g.skip(check, "the binding")
    if not added:
        g.skip_all(later[1:], "the overlay to add the device")
        return g
    with Coyote(initrd=initrd_with(g, [("lib/firmware/tmp105.dtbo", dtbo.read_bytes())]),
                extra=["-device", "tmp105,address=0x48"]) as c:
        before = c.run("i2c scan 0")
        applied = c.run("overlay apply tmp105")
        scan = c.run("i2c scan 0")
        client = re.search(r"client 0x48: 0-0048\b.*", scan)
        g.check(later[1], "applied" in applied and client,
                "`overlay apply tmp105` said:\n%s\n`i2c scan 0` then said:\n%s" %
                (indent(applied), indent(scan)))
        removed = c.run("overlay rm tmp105")
        verdict, why = whynot(c, added)
        after = c.run("i2c scan 0")
        g.check(later[2], "removed" in removed and "no node" in why and after == before,
                "`overlay rm tmp105` said:\n%s\n`whynot %s` then said:\n%s\n"
                "`i2c scan 0` before the overlay and after its removal:\n%s\n%s" %
                (indent(removed), added, indent(why), indent(before), indent(after)))
    return g
