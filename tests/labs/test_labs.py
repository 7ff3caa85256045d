# SPDX-License-Identifier: BSD-2-Clause
"""Every lab's grader must fail on the starter files (docs/labs/labN/) and
pass on the reference solution (tests/labs/solutions/labN/), through the
instructors' own entry point, `make lab-check LAB=N`.  The starter runs
also pin what the student is told first, so a grader that stops saying
what is missing fails here too."""
import re
import shutil
import subprocess

import pytest

from coyote.qemu import ROOT

# Every lab a grader exists for (scripts/coyote/labs/graders/labN.py), not only the
# ones listed below: a lab added without its line here fails.
GRADED = sorted(int(p.stem[3:]) for p in (ROOT / "scripts" / "coyote" / "labs" / "graders").glob("lab*.py")
                if p.stem[3:].isdigit())

# lab: (checks passing on the starter, first thing still to do)
LABS = {
    0: (2, "1. UART2 (/amba/serial@101f3000) is disabled"),
    1: (2, "uart3_address: the CPU address of /fpga@10000000/serial@9000"),
    2: (2, "a node for the sensor under the I2C controller, at address 0x48"),
    3: (2, "the driver binds to the sensor node"),
    4: (0, "tmp105.c (your lab 3 driver) and Makefile exist"),
    5: (2, "the driver binds to /amba/gpio@101e4000"),
    7: (0, "gpio-pl061.c, lab-button.c, lab7.dts and Makefile exist"),
    9: (2, "applied on the host, it adds a device at 0x48 on the I2C bus "
        "(ofdump --devices --overlay)"),
    10: (2, "probe_caller: who calls widget_probe"),
    8: (4, "probe logs the clock's rate, the divider and the rate it gives (3686400 Hz / 64)"),
    6: (5, "fault 1: the I2C controller (and so its RTC) gets a driver"),
    11: (3, "modules.alias has virtio:d00000012v* for lab-keyboard (MODULE_DEVICE_TABLE)"),
    13: (3, "modules.alias has pci:v00001234d000011E8sv*sd*bc*sc*i* for lab-edu "
         "(MODULE_DEVICE_TABLE)"),
    12: (2, "its fragments target the base tree's labels: a second Pi tree, the same labels on "
         "nodes at other paths, takes it too (ofdump --overlay)"),
}


def rubric_max(lab):
    """The lab's maximum, from its rubric (coyote.labs.grade.RUBRICS)."""
    from coyote.labs import grade
    return sum(grade.RUBRICS[lab].values())


def lab_check(lab, src=None):
    cmd = ["make", "-s", "--no-print-directory", "lab-check", "LAB=%d" % lab]
    if src:
        cmd.append("LAB_SRC=" + src)
    res = subprocess.run(cmd, cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    return res.returncode, res.stdout


@pytest.mark.parametrize("lab", GRADED)
def test_starter_fails_kindly(lab):
    assert lab in LABS, "tests/labs/test_labs.py: LABS has no line for lab %d's starter" % lab
    rc, out = lab_check(lab)
    assert rc != 0, out
    passing, first_todo = LABS[lab]
    todos = [l for l in out.splitlines() if l.startswith("  [todo] ")]
    assert todos and todos[0].startswith("  [todo] " + first_todo + "  ("), out
    # Each [todo] comes with a hint line under it.
    lines = out.splitlines()
    i = lines.index(todos[0])
    assert lines[i + 1].startswith("         ") and lines[i + 1].strip(), out
    assert "%d of " % passing in out and "Not there yet" in out, out
    assert re.search(r"^Score: \d+/%d points" % rubric_max(lab), out, re.M), out


def solved(lab, tmp_path):
    """The student's folder once done: the starter with the solution's
    files over it (a solution folder holds only what the student writes)."""
    import shutil
    dst = tmp_path / ("lab%d" % lab)
    shutil.copytree(ROOT / "docs" / "labs" / ("lab%d" % lab), dst,
                    ignore=shutil.ignore_patterns(".history.jsonl"))
    shutil.copytree(ROOT / "tests" / "labs" / "solutions" / ("lab%d" % lab), dst,
                    dirs_exist_ok=True)
    return str(dst)


@pytest.mark.parametrize("lab", GRADED)
def test_solution_passes(lab, tmp_path):
    rc, out = lab_check(lab, solved(lab, tmp_path))
    assert rc == 0, out
    assert "[todo]" not in out and "[skip]" not in out
    assert "lab %d is done" % lab in out, out
    assert "Score: %d/%d points" % (rubric_max(lab), rubric_max(lab)) in out, out


@pytest.mark.parametrize("lab", GRADED)
def test_empty_hand_in_has_the_same_maximum(lab, tmp_path):
    """The fixed rubric: an empty folder scores 0 of the lab's maximum,
    every check reported (those that could not run say what they wait
    for)."""
    from coyote.labs import grade
    rc, out = lab_check(lab, str(tmp_path))
    assert rc != 0, out
    assert "Score: 0/%d points" % rubric_max(lab) in out, out
    lines = [l for l in out.splitlines() if re.match(r"  \[(pass|todo|skip)\] ", l)]
    assert len(lines) == len(grade.RUBRICS[lab]), out
    assert all(l.startswith("  [todo]") or l.startswith("  [skip]") for l in lines), out


def test_build_failure_has_the_same_maximum(tmp_path):
    (tmp_path / "tmp105.c").write_text("this is not C;\n")
    rc, out = lab_check(3, str(tmp_path))
    assert rc != 0 and "[todo] the kernel builds with tmp105.c" in out, out
    assert "Score: 1/%d points" % rubric_max(3) in out, out
    assert "waits for: an earlier check (the kernel builds with tmp105.c" in out, out


@pytest.mark.parametrize("makefile, first_todo", [
    ("docs/labs/lab4/Makefile", "the Makefile builds tmp105.o as a module (obj-m)"),
    ("tests/labs/solutions/lab4/Makefile",
     "modules.alias has ti,tmp105 for tmp105 (MODULE_DEVICE_TABLE)"),
])
def test_lab4_lab3_driver_is_not_yet_a_module(tmp_path, makefile, first_todo):
    """Where a student starts lab 4: the lab 3 driver, built in (the
    starter Makefile) and then listed with obj-m but without the module's
    tables: the grader says what is missing at each step."""
    import shutil
    shutil.copy(ROOT / "tests/labs/solutions/lab3/tmp105.c", tmp_path / "tmp105.c")
    shutil.copy(ROOT / makefile, tmp_path / "Makefile")
    rc, out = lab_check(4, str(tmp_path))
    assert rc != 0, out
    todos = [l for l in out.splitlines() if l.startswith("  [todo] ")]
    assert todos and todos[0].startswith("  [todo] " + first_todo + "  ("), out


def test_unknown_lab_is_refused():
    rc, out = lab_check(99)
    assert rc != 0


@pytest.mark.parametrize("lab", [1, 2, 6])
def test_solution_trees_pass_dtbs_check(lab):
    """The fixed trees follow the bindings (the starters are checked by
    `make dtbs_check`, which reads docs/labs/)."""
    from coyote.labs import grade
    schema = ROOT / "build" / "bindings" / "processed-schema.json"
    res = subprocess.run(["make", "-s", "--no-print-directory", str(schema.relative_to(ROOT))],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    out = ROOT / "build" / ("lab%d" % lab)
    out.mkdir(parents=True, exist_ok=True)
    # Copied into the grade's folder: the tools' sandbox never sees tests/.
    src = out / ("lab%d-solution.dts" % lab)
    shutil.copy(ROOT / "tests" / "labs" / "solutions" / ("lab%d" % lab) / ("lab%d.dts" % lab), src)
    dtb, err = grade.compile_lab_dts(src, out / ("lab%d-solution.dtb" % lab),
                                     include=[ROOT / "docs" / "labs" / ("lab%d" % lab)])
    assert dtb, err
    res = subprocess.run([str(ROOT / "scripts" / "dtbs-check"), "--waivers",
                          str(ROOT / "dts" / "bindings" / "dtbs_check.waivers"),
                          str(schema), str(dtb)],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and not res.stderr.strip(), res.stdout + res.stderr


CACHE = "static int lab5_cache[64];\n\nstatic int pl061_get("


@pytest.mark.parametrize("edits, first_todo", [
    # Values kept in software only: `gpio get` agrees, the hardware does not.
    ([("static int pl061_get(", CACHE),
      ("\treturn !!readl(p->base + GPIODATA + ((1u << offset) << 2));",
       "\t(void)p;\n\treturn lab5_cache[offset];"),
      ("\twritel(value ? 1u << offset : 0, p->base + GPIODATA + ((1u << offset) << 2));",
       "\t(void)p;\n\tlab5_cache[offset] = value;")],
     "`gpio out 3 1` makes line 3 an output and drives it high (DIR and DATA in the "
     "hardware)"),
    # One line written through the all-lines address: the others are lost.
    ([("\twritel(value ? 1u << offset : 0, p->base + GPIODATA + ((1u << offset) << 2));",
       "\twritel(value ? 1u << offset : 0, p->base + GPIODATA + (0xff << 2));")],
     "one line's write leaves the others alone (DATA's address mask)"),
])
def test_lab5_grader_catches_wrong_drivers(tmp_path, edits, first_todo):
    src = (ROOT / "tests/labs/solutions/lab5/gpio-pl061.c").read_text()
    for old, new in edits:
        assert old in src, old
        src = src.replace(old, new, 1)
    (tmp_path / "gpio-pl061.c").write_text(src)
    rc, out = lab_check(5, str(tmp_path))
    assert rc != 0, out
    todos = [re.sub(r"  \(\d+/\d+\)$", "", l) for l in out.splitlines()
             if l.startswith("  [todo] ")]
    assert todos and todos[0] == "  [todo] " + first_todo, out
def test_lab6_starter_is_current(tmp_path):
    """docs/labs/lab6/broken.dts is what `make lab6-starter` makes from the
    board and tests/labs/solutions/lab6/plant.dts now."""
    out = tmp_path / "broken.dts"
    res = subprocess.run(["make", "-s", "--no-print-directory", "lab6-starter",
                          "LAB6_BROKEN=" + str(out)], cwd=str(ROOT),
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert out.read_text() == (ROOT / "docs/labs/lab6/broken.dts").read_text(), \
        "docs/labs/lab6/broken.dts is stale: run make lab6-starter"


def test_lab3_values_are_drawn_hidden_and_replayed(tmp_path):
    """Lab 3's temperatures and the grader's own addresses come from the
    grade's seed: result.json records it, --seed grades again with the
    same values, and no hint of a failed grade shows them."""
    import random
    import json
    from pathlib import Path
    from coyote.labs.graders.lab3 import drawn, register
    src = Path(solved(3, tmp_path))
    drv = src / "tmp105.c"
    # Wrong everywhere a drawn value is checked: bytes swapped, and
    # probe binds whatever answers.
    drv.write_text(drv.read_text()
                   .replace("raw = (s16)((buf[0] << 8) | buf[1]);",
                            "raw = (s16)((buf[1] << 8) | buf[0]);")
                   .replace("	if (ret)\n		return dev_err_probe(dev, ret, \"no TMP105",
                            "	if (ret > 0)\n		return dev_err_probe(dev, ret, \"no TMP105"))
    seed = 20261205
    said, trees = [], []
    for n in (1, 2):
        out = ROOT / "build" / "tests" / ("lab3-seed-%d" % n)
        res = subprocess.run(["/usr/bin/python3", "scripts/lab-check", "3", "--src", str(src),
                              "--out", str(out), "--seed", str(seed)],
                             cwd=str(ROOT), capture_output=True, text=True, timeout=900)
        assert json.loads((out / "result.json").read_text())["seed"] == seed, res.stdout
        said.append(res.stdout)
        trees.append((out / "lab3-variant.dts").read_text())
    assert trees[0] == trees[1]
    warm, cold, step, other, present, absent = drawn(random.Random(seed))
    assert "@%x" % present in trees[0] and "@%x" % absent in trees[0]
    report = said[0]
    assert "[todo] temp shows" in report and "[todo] probe follows the bus" in report, report
    for value in ("%.3f" % (warm / 1000), "%.3f" % (cold / 1000), "%.4f" % register(step),
                  "%.3f" % (other / 1000), "@%x" % present, "@%x" % absent,
                  "0-00%02x" % present, "0x%02x" % absent):
        assert not re.search(r"(?<![\w.-])%s(?![\w])" % re.escape(value), report), \
            (value, report)


def test_lab9_and_lab11_values_come_from_the_seed():
    """Lab 9's probe nodes (the far address, the names, the interrupts) and
    lab 11's devices and keys are drawn from the grade's seed: the same seed
    gives the same values (a grade replayed with --seed), and seeds differ
    in what a fitted answer would have to know."""
    import random
    from coyote.labs.graders.lab9 import lab9_cases
    from coyote.labs.graders.lab11 import Drawn

    def lab11(seed):
        d = Drawn(random.Random(seed))
        return d.devices, d.serials, d.one_key, d.many

    seeds = range(1, 25)
    assert all(lab9_cases(random.Random(s)) == lab9_cases(random.Random(s)) for s in seeds)
    assert all(lab11(s) == lab11(s) for s in seeds)
    far = {re.search(r"reg = <(0x\w+)>", lab9_cases(random.Random(s))[1][0][2][2]).group(1)
           for s in seeds}
    assert len(far) > 5 and "0x30" not in far, far
    assert len({str(lab9_cases(random.Random(s))[0]) for s in seeds}) == len(seeds)
    orders = {tuple(lab11(s)[0]) for s in seeds}
    assert len(orders) == 6, orders            # balloon, maybe a console, either input first
    assert len({lab11(s)[2] for s in seeds}) > 3
    assert len({tuple(lab11(s)[3]) for s in seeds}) == len(seeds)
    assert len({str(lab11(s)[1]) for s in seeds}) == len(seeds)
