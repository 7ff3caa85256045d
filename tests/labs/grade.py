#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""The labs' autograder: `make lab-check LAB=N [LAB_SRC=DIR]`.

    tests/labs/grade.py N [--src DIR] [--out DIR] [--hand-in]

Grades the student's files for lab N (by default in docs/labs/labN/) and
prints each check of the lab's fixed rubric (RUBRICS): what passes, and
for what is still missing, a hint that says where to look (never the
answer).  Exit status 0 when every check passes, 1 otherwise, 2 for bad
usage or a grader that failed.

Checks that need an earlier one (booting needs a tree that compiles) are
shown as skipped, with what they wait for, at 0 points: every hand-in has
the same maximum.  A hand-in is untrusted (handin.py): its plain files are
copied into the grade's own build folder (build/labN/, or --out) and
graded there, in a sandbox, by this script again (--sandboxed); the
main build is never touched, and result.json lands in that folder.
"""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from qemu.coyote import Coyote, ROOT  # noqa: E402
import handin  # noqa: E402

BUILD = ROOT / "build"
HISTORY = ".history.jsonl"      # in the graded folder: one line per run
OFDUMP = BUILD / "host" / "ofdump"
I2C = "/external-bus/i2c@1,0"
VIC = "/amba/interrupt-controller@10140000"
DTC_FLAGS = ["-@", "-I", "dts", "-O", "dtb", "-W", "no-simple_bus_reg",
             "-W", "no-unit_address_vs_reg"]


class Grader:
    """One grade: the lab's fixed rubric (RUBRICS[lab]: every check, in
    order, with its points) and what this run found for each.  Every
    check of the rubric is reported, so the maximum is the same for every
    hand-in: one that could not run scores 0 and says what it waited for."""

    OUT = None          # main(): the grade's own build folder (build/labN)

    def __init__(self, lab, src):
        self.lab, self.title, self.src = lab, TITLES[lab], src
        self.rubric = RUBRICS[lab]
        self.found = {}         # check -> (status, hint)
        self.held = None        # why every check not run waits (refused hand-in)
        self.out = Grader.OUT or BUILD / ("lab%d" % lab)
        self.out.mkdir(parents=True, exist_ok=True)

    def _record(self, text, status, hint):
        if text not in self.rubric:
            raise RuntimeError("lab %d grader: %r is not in its rubric" % (self.lab, text))
        if text in self.found:
            raise RuntimeError("lab %d grader: %r reported twice" % (self.lab, text))
        self.found[text] = (status, hint)

    def check(self, text, ok, hint=""):
        self._record(text, "pass" if ok else "todo", "" if ok else hint)
        return ok

    def skip(self, text, needs):
        """@text (a check's name, or the start of one) not run: it waits
        for @needs."""
        names = [t for t in self.rubric if t == text] or \
            [t for t in self.rubric if t.startswith(text)]
        if len(names) != 1:
            raise RuntimeError("lab %d grader: %r names %d checks" % (self.lab, text, len(names)))
        self._record(names[0], "skip", "waits for: " + needs)
        return False

    def skip_all(self, texts, needs):
        """skip() each of @texts: the checks after a failed one they need."""
        for text in texts:
            self.skip(text, needs)

    @property
    def results(self):
        """(status, check, hint, points) for every check of the rubric, in
        its order: a check this run never reached waits for the first
        one that did not pass."""
        out, first = [], None
        for text, points in self.rubric.items():
            if text in self.found:
                status, hint = self.found[text]
                if status != "pass" and first is None:
                    first = text
            else:
                status, hint = "skip", "waits for: " + (
                    self.held or ("an earlier check (%s)" % first.strip() if first else
                                  "an earlier check"))
            out.append((status, text, hint, points))
        return out

    def score(self):
        results = self.results
        return sum(r[3] for r in results if r[0] == "pass"), sum(r[3] for r in results)

    def write_result(self, shown=None):
        """result.json in the grade's own folder: what grade-class and
        instructors read (@shown: the hand-in's folder, as the student
        knows it)."""
        got, total = self.score()
        (self.out / "result.json").write_text(json.dumps({
            "lab": self.lab, "title": self.title, "src": shown or str(self.src),
            "score": got, "max": total, "done": got == total,
            "checks": [{"check": t, "status": st, "points": p if st == "pass" else 0,
                        "max": p, "hint": h} for st, t, h, p in self.results]},
            indent=1) + "\n")

    def report(self, shown=None):
        """Print every check and the score, write result.json; the exit
        status (0: every check passes).  Paths of the grade's staged copy
        are shown as @shown, the folder the student knows."""
        results = self.results
        show = (lambda text: text) if shown is None else \
            (lambda text: show_paths(text, self.src, self.out, shown))
        print("Lab %d: %s  (files: %s)" % (self.lab, self.title, shown or rel(self.src)))
        for status, text, hint, points in results:
            print("  [%s] %s  (%d/%d)" % (status, text, points if status == "pass" else 0,
                                        points))
            for line in show(hint).splitlines():
                print("         " + line)
        done = sum(1 for r in results if r[0] == "pass")
        got, most = self.score()
        self.write_result(shown)
        print()
        print("Score: %d/%d points (%s)" % (got, most, rel(self.out / "result.json")))
        if done == len(results):
            print("All %d checks pass: lab %d is done. Well done!" % (done, self.lab))
            return 0
        print("%d of %d checks pass. Not there yet: start with the first [todo] above."
              % (done, len(results)))
        return 1


def show_paths(text, staged, out, shown):
    """@text with the grade's copies of the student's files (@staged, and
    the Makefile build's copy in @out/kbuild) named as the student knows
    them (@shown)."""
    for p in (Path(staged), Path(out) / "kbuild"):
        for form in (str(p), rel(p)):
            text = text.replace(form + "/", shown.rstrip("/") + "/")
    return text


def rel(p):
    try:
        return str(Path(p).resolve().relative_to(ROOT))
    except ValueError:
        return str(p)


# --- tools ----------------------------------------------------------------

def compile_lab_dts(src, out, include=()):
    """The board trees' rule: cpp (line markers kept, so dtc names the
    student's file and line), then dtc with warnings as errors; @include:
    more folders for #include after the file's own.
    Return (dtb or None, messages)."""
    pre = out.with_suffix(".pre")
    cpp = subprocess.run(
        ["cpp", "-E", "-nostdinc", "-x", "assembler-with-cpp", "-undef", "-D__DTS__",
         "-I", str(src.parent)] + ["-I%s" % d for d in include] + [
         "-I", str(ROOT / "dts"), "-I", str(ROOT / "include"),
         "-o", str(pre), str(src)], capture_output=True, text=True, timeout=60)
    if cpp.returncode:
        return None, cpp.stderr.strip()
    # dtc's own /include/ and /incbin/, written or made by a macro, may
    # not reach out of the hand-in either.
    refused = handin.include_problems(pre, dtc_only=True)
    if refused:
        return None, "\n".join(refused)
    dtc = subprocess.run(["dtc"] + DTC_FLAGS + ["-o", str(out), str(pre)],
                         capture_output=True, text=True, timeout=60)
    if dtc.returncode or dtc.stderr.strip():
        return None, dtc.stderr.strip()
    return out, ""


def dtbs_check(dtb, schema=None):
    """(clean?, findings): @dtb against the processed binding schema (the
    project's, built first, or @schema), as `make dtbs_check` checks the
    board (the board's waived findings stay waived)."""
    if schema is None:
        schema = ROOT / "build" / "bindings" / "processed-schema.json"
        res = subprocess.run(["make", "-s", "--no-print-directory", rel(schema)],
                             cwd=str(ROOT), capture_output=True, text=True, timeout=900)
        if res.returncode:
            return False, "(the schema does not build: %s)" % (res.stdout + res.stderr).strip()
    res = subprocess.run([str(ROOT / "scripts" / "dtbs-check"), "--waivers",
                          str(ROOT / "dts" / "bindings" / "dtbs_check.waivers"),
                          str(schema), str(dtb)],
                         capture_output=True, text=True, timeout=300)
    return res.returncode == 0 and not res.stderr.strip(), (res.stdout + res.stderr).strip()


def ofdump_devices(dtb):
    """{path: {"bus", "verdict", "driver", "module", "lines", "address", "irqs"}}."""
    res = subprocess.run([str(OFDUMP), "--devices", str(dtb)], capture_output=True,
                         text=True, timeout=60)
    if res.returncode:
        raise RuntimeError("ofdump --devices: " + res.stderr)
    nodes, cur = {}, None
    for line in res.stdout.splitlines():
        if line.startswith("/"):
            cur = nodes[line] = {"lines": [], "irqs": [], "address": None,
                                 "verdict": None, "driver": None, "module": None,
                                 "regs": []}
        elif line.startswith("  - "):
            cur["lines"].append(line[4:])
        elif line.startswith("  bus:"):
            cur["bus"] = line.split()[1]
        elif line.startswith("  address:"):
            cur["address"] = int(line.split()[1], 16)
        elif line.startswith("  reg["):
            cur["regs"].append(line.split(None, 1)[1])
        elif line.startswith("  irq["):
            cur["irqs"].append(line.split(None, 1)[1])
        elif line.startswith("  verdict:"):
            v = line.split(None, 1)[1].strip()
            # "would bind DRIVER", or "would bind (module NAME)" for a
            # driver built as a module (known by its module's name).
            m = re.match(r"(would bind|would defer)(?: ([^\s(]\S*))?(?: \(module (\S+)\))?$", v)
            cur["verdict"], cur["driver"], cur["module"] = m.groups() if m else (v, None, None)
    return nodes


def tail(text, n=15):
    return "\n".join(text.strip().splitlines()[-n:])


def first_errors(text, n=15):
    """The build log from the first error on (the first is the real one;
    later ones often follow from it), at most @n lines."""
    lines = text.strip().splitlines()
    first = next((i for i, l in enumerate(lines)
                  if re.search(r"\b(error|Error|undefined reference)\b|^modpost: (?!warning)", l)),
                 None)
    if first is None:
        return tail(text, n)
    # Keep gcc's "In function" line above the error.
    if first and re.search(r"In function|At top level", lines[first - 1]):
        first -= 1
    return "\n".join(lines[first:first + n])


def build_kernel(g, driver, var="LAB_DRIVER"):
    """make B=<the grade's folder> LAB_DRIVER=FILE (built in), or
    LAB_KBUILD=DIR: DIR's Makefile, read as text, says what is built in
    and what is a module, in the lab's own initrd; make builds a copy
    with a Makefile the grader writes (handin.kbuild_folder()), never the
    hand-in's: (kernel.bin or None, the build's log)."""
    if var == "LAB_KBUILD":
        objs, why = makefile_objs(Path(driver))
        if objs is None:
            return None, "error: the Makefile is refused: %s" % why
        driver = handin.kbuild_folder(Path(driver), objs, g.out / "kbuild")
    res = subprocess.run(["make", "-s", "-j2", "--no-print-directory", "B=" + rel(g.out),
                          var + "=" + str(Path(driver).resolve()), "all"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    if res.returncode:
        return None, res.stdout + res.stderr
    return g.out / "kernel.bin", ""


class QMP:
    """QEMU's machine protocol on a unix socket: qom-set and friends."""

    def __init__(self, path, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.settimeout(timeout)
                self.sock.connect(str(path))
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.buf = b""
        self._read()                       # greeting
        self.execute("qmp_capabilities")

    def _read(self):
        while b"\n" not in self.buf:
            data = self.sock.recv(4096)
            if not data:
                raise RuntimeError("QMP closed")
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def execute(self, cmd, **args):
        self.sock.sendall(json.dumps({"execute": cmd, "arguments": args}).encode() + b"\n")
        while True:
            msg = self._read()
            if "return" in msg:
                return msg["return"]
            if "error" in msg:
                raise RuntimeError("QMP %s: %s" % (cmd, msg["error"].get("desc")))

    def close(self):
        self.sock.close()


def whynot(c, path):
    out = c.run("whynot " + path)
    m = re.search(r"^verdict: (.+)$", out, re.M)
    return (m.group(1).strip() if m else "?"), out


def have_files(g, src, *names, hint=""):
    """The check that the student's files are there ("a, b and c exist");
    their paths in @src, or None after a failed check (@hint: more to say)."""
    paths = [src / n for n in names]
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    shown = [rel(p) for p in paths]
    if not g.check("%s exist%s" % (listed, "" if len(names) > 1 else "s"),
                   all(p.exists() for p in paths),
                   "Expected %s.%s" % (", ".join(shown[:-1]) + " and " + shown[-1]
                                       if len(shown) > 1 else shown[0],
                                       "\n" + hint if hint else "")):
        return None
    return paths


def indent(text):
    return "\n".join("  " + l for l in text.strip().splitlines())


# --- lab 0: a DTS primer ------------------------------------------------------

UART2 = "/amba/serial@101f3000"
FLASH = "/external-bus/flash@2,0"
DS1338 = I2C + "/rtc@68"


def fdtget(dtb, node, prop, kind="s"):
    """A property's value as fdtget prints it, or None when it is missing."""
    res = subprocess.run(["fdtget", "-t", kind, str(dtb), node, prop],
                         capture_output=True, text=True, timeout=30)
    return res.stdout.strip() if res.returncode == 0 else None


def cells_of(dtb, node, prop):
    value = fdtget(dtb, node, prop, "x")
    return len(value.split()) if value else 0


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
    g.check("1. UART2 (%s) is disabled" % UART2,
            ofdump_devices(dtb).get(UART2, {}).get("verdict") == "disabled",
            "Its status is %s.  Reopen the node by its label (see the board's\n"
            "serial@101f3000) and set status; \"disabled\" is the usual word."
            % ('"%s"' % status if status is not None else "not set (so: okay)"))
    label = fdtget(dtb, FLASH, "label")
    by_path = re.search(r"&\{\s*%s\s*\}" % re.escape(FLASH), text)
    g.check('2. the flash has label = "nor0", set through &{%s}' % FLASH,
            label == "nor0" and by_path,
            "The flash's label property is %s%s." %
            ('"%s"' % label if label is not None else "missing",
             "" if by_path else "; the flash has no DTS label, so reopen it with "
             "&{/full/path} { ... }"))
    alias = fdtget(dtb, "/aliases", "rtc0")
    g.check("3. /aliases has rtc0 for the RTC at 0x68", alias == DS1338,
            "/aliases/rtc0 is %s.  An alias is a path string, or &label, which dtc\n"
            "turns into the path." % ('"%s"' % alias if alias is not None else "missing"))
    compat = fdtget(dtb, DS1338, "compatible")
    deleted = compat is None and "/delete-property/" in text
    if not g.check("4. the RTC's compatible is deleted (/delete-property/)", deleted,
                   "The RTC's compatible is %s.  Inside the node (reopened by path or a\n"
                   "label of your own), /delete-property/ NAME; removes one property." %
                   ('"%s"' % compat if compat else "gone, but not with /delete-property/")):
        g.skip("   ... and the kernel says `no compatible` for it", "the deletion")
    else:
        with Coyote(dtb=dtb) as c:
            verdict, out = whynot(c, DS1338)
        g.check("   ... and the kernel says `no compatible` for it", verdict == "no compatible",
                "`whynot %s` says:\n%s" % (DS1338, indent(out)))
    answers = read_answers(ans_file)
    sic_cells = fdtget(BUILD / "dts" / "versatilepb.dtb",
                       "/amba/interrupt-controller@10003000", "#interrupt-cells", "u")
    answer_check(g, "5. sic_interrupt_cells: cells in one interrupt under the SIC",
                 answers.get("sic_interrupt_cells", ""), int(sic_cells),
                 "The controller says how many cells its consumers use: look for a\n"
                 "property starting with # in the SIC's node.")
    n = cells_of(BUILD / "dts" / "versatilepb.dtb", "/amba/timer@101e2000", "clocks")
    answer_check(g, "5. timer0_clocks: clocks /amba/timer@101e2000 references",
                 answers.get("timer0_clocks", ""), n,
                 "Count the phandles in its `clocks` (each provider here has\n"
                 "#clock-cells = <0>: no argument cells follow a phandle).")
    return g


# --- lab 1: read the tree -------------------------------------------------

def read_answers(path):
    """{key: value} from KEY = VALUE lines; a `# comment` after a value is
    the student's note, not part of the answer."""
    answers = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            k, _, v = line.partition("=")
            answers[k.strip()] = v.split("#", 1)[0].strip()
    return answers


def parse_number(text):
    """(value, format problem or None) for a number as a student writes it:
    0x hex, decimal, a trailing note in parentheses ("6 (SIC)")."""
    text = re.sub(r"\s*\(.*\)$", "", text.strip())
    if re.fullmatch(r"0[xX][0-9a-fA-F]+|\d+", text.replace("_", "")):
        return int(text.replace("_", ""), 0 if text[:2].lower() == "0x" else 10), None
    if re.fullmatch(r"[0-9a-fA-F]+[hH]?", text):
        return None, ("%r looks like hex without the 0x (write 0x%s); the grader reads "
                      "numbers without 0x as decimal." % (text, text.rstrip("hH")))
    return None, "%r is not a number (write it as 0x... or in decimal)." % text


def answer_check(g, what, given, want, hint, hex_answer=False):
    """One answer: "not answered", "wrong format" (with what was wrong) or
    "wrong value" (with where to look) are three different hints."""
    if not given:
        return g.check(what, False, "Not answered yet. " + hint)
    value, problem = parse_number(given)
    if problem:
        return g.check(what, False, "Wrong format: " + problem)
    if value == want:
        return g.check(what, True)
    digits = re.sub(r"\s*\(.*\)$", "", given).replace("_", "")
    if hex_answer and digits.isdigit() and int(digits, 16) == want:
        return g.check(what, False, "Wrong format: %s without 0x is the decimal number %d; "
                       "addresses are hex: write 0x%s." % (digits, value, digits))
    return g.check(what, False, "Wrong value: you wrote %s. %s" % (given, hint))


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
    # The expected answers come from the tools, on the student's own tree.
    nodes = ofdump_devices(dtb)

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
    with Coyote(dtb=dtb) as c:
        log = c.boot_log
        devs = c.run("devices")
        _, whynot_out = whynot(c, I2C + "/rtc@68")
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
    g.check('the command line carries "lab1" (/chosen bootargs in lab1.dts)',
            m and "lab1" in m.group(1).split(),
            "The kernel booted with bootargs %s.  The command line lives in\n"
            "/chosen; override it in lab1.dts below the #include." %
            ('"%s"' % m.group(1) if m else "(none)"))
    return g


# --- lab 2: describe hardware ---------------------------------------------

def find_sensor(nodes):
    for path, n in nodes.items():
        if path.startswith(I2C + "/") and n.get("bus") == "i2c" and n["address"] == 0x48:
            return path, n
    return None, None


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
    g.check("a node for the sensor under the I2C controller, at address 0x48", path,
            "Add a child node inside &i2c0 { ... } whose `reg` is the 7-bit address\n"
            "QEMU gives the sensor (-device tmp105,address=0x48); the RTC at 0x68 is an\n"
            "example.  Its unit address must be the reg value.  "
            "Check with: build/host/ofdump --devices")
    if not path:
        for t in ("its compatible is the TMP105's", "its node name is generic",
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


# --- lab 3: a TMP105 driver -------------------------------------------------

SENSOR = "/external-bus/i2c@1,0/temperature-sensor@48"


def read_temp(c, qmp, mdeg):
    qmp.execute("qom-set", path="/machine/peripheral/sensor", property="temperature",
                value=mdeg)
    out = c.run("temp")
    m = re.search(r"0-0048: (-?\d+\.\d+) C", out)
    return (float(m.group(1)) if m else None), out



def sensor_machine(g, kernel):
    """Labs 3 and 4: @kernel on the lab 3 tree with QEMU's TMP105 at 0x48
    and a QMP socket to set its temperature: (the Coyote, the socket path)."""
    dtb, err = compile_lab_dts(ROOT / "docs" / "labs" / "lab3" / "lab3.dts",
                               g.out / "lab3.dtb")
    if not dtb:
        raise RuntimeError("docs/labs/lab3/lab3.dts: " + err)
    sock = g.out / "qmp.sock"
    if sock.exists():
        sock.unlink()
    machine = Coyote(dtb=dtb, kernel=kernel,
                     extra=["-device", "tmp105,id=sensor,address=0x48",
                            "-qmp", "unix:%s,server=on,wait=off" % sock])
    return machine, sock


def check_build(g, text, kernel, log, later=(), more=""):
    """The check @text that the lab's kernel built, its hint the build's
    first error (and @more); @later skipped when it did not build."""
    if g.check(text, kernel, "The build said (from its first error):\n" +
               indent(first_errors(log)) + more):
        return True
    g.skip_all(later, "the build")
    return False


def build_with_driver(g, drv):
    """Labs 3 and 5: the student's @drv exists and a kernel builds with it
    built in (two checks); the kernel.bin, or None after a failed check."""
    if not g.check("%s exists" % drv.name, drv.exists(), "Expected %s." % rel(drv)):
        return None
    kernel, log = build_kernel(g, drv)
    if not check_build(g, "the kernel builds with %s (-Wall -Wextra -Werror)" % drv.name,
                       kernel, log):
        return None
    return kernel


def bind_hint(c, verdict):
    """Why a driver did not bind, from what the kernel said: a probe that
    ran and failed is not a matching problem."""
    if verdict == "failed":
        log = [l for l in c.run("dmesg").splitlines() if "0-0048" in l or "tmp105" in l]
        return ("Your driver matched and its probe ran, but probe returned an error.\n"
                "What the kernel logged about the sensor:\n%s\nA negative errno from an "
                "i2c_smbus_* call means the transfer failed:\ncheck the register "
                "pointer and the length you ask for." %
                indent("\n".join(log[-6:]) or "(nothing)"))
    if verdict in ("deferred", "waiting"):
        return "Probe returned -EPROBE_DEFER: it waits for something not there yet."
    if verdict == "no driver":
        return "No driver matched: a driver binds by a string in its of_device_id table."
    return "Read whynot's reasons above, in order."


def lab3(src):
    g = Grader(3, src)
    kernel = build_with_driver(g, src / "tmp105.c")
    if not kernel:
        return g
    machine, sock = sensor_machine(g, kernel)
    with machine as c:
        verdict, out = whynot(c, SENSOR)
        bound = g.check("the driver binds to the sensor node", verdict == "bound",
                        "`whynot %s` says:\n%s\n%s" % (SENSOR, indent(out),
                                                     bind_hint(c, verdict)))
        if not bound:
            return g
        qmp = QMP(sock)
        try:
            t, out = read_temp(c, qmp, 23500)
            g.check("temp shows QEMU's temperature (23.5 C)",
                    t is not None and abs(t - 23.5) <= 0.5,
                    "QEMU's sensor is at 23.500 C; `temp` printed:\n%s\nThe temperature "
                    "register is 16 bits, most significant byte first." % indent(out))
            t, out = read_temp(c, qmp, -12250)
            g.check("negative temperatures (-12.25 C)",
                    t is not None and abs(t + 12.25) <= 0.5,
                    "QEMU's sensor is at -12.250 C; `temp` printed:\n%s\nThe register "
                    "holds a two's complement number." % indent(out))
            t, out = read_temp(c, qmp, 27125)
            g.check("12-bit resolution (27.125 C read exactly)",
                    t is not None and abs(t - 27.125) < 0.06,
                    "QEMU's sensor is at 27.125 C; `temp` printed:\n%s\nAt power-on "
                    "the chip gives 9 bits (0.5 C steps): see the configuration\n"
                    "register's R1:R0 bits." % indent(out))
        finally:
            qmp.close()
    return g


# --- lab 4: make it a module ----------------------------------------------

def makefile_objs(folder):
    """{"obj-y": [...], "obj-m": [...]} from @folder's Makefile, read as
    text (handin.read_makefile()), or (None, why it cannot be read)."""
    objs, why = handin.read_makefile(folder / "Makefile")
    return objs, why or ""


def probe_reading(text):
    """The last temperature a probe logged for 0-0048, or None."""
    m = re.findall(r"0-0048: .*?(-?\d+\.\d+) C", text)
    return float(m[-1]) if m else None


def lab4(src):
    g = Grader(4, src)
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
             "rmmod tmp105 unbinds the sensor",
             "insmod tmp105 binds it again and reads the new temperature")
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
        c.run("rmmod tmp105")
        devs = c.run("devices")
        row = [l for l in devs.splitlines() if l.startswith(SENSOR + " ")]
        lsmod = c.run("lsmod")
        g.check(later[5], row and "no driver" in row[0] and
                not re.search(r"^tmp105\b", lsmod, re.M),
                "After rmmod, `devices` says: %s\n`lsmod` says:\n%s\nmodule_exit "
                "unregisters the driver, which unbinds its devices." %
                (row[0] if row else "(no line)", indent(lsmod)))
        qmp = QMP(sock)
        try:
            qmp.execute("qom-set", path="/machine/peripheral/sensor",
                        property="temperature", value=27125)
        finally:
            qmp.close()
        out = c.run("insmod tmp105")
        verdict, why = whynot(c, SENSOR)
        t = probe_reading(c.run("dmesg"))
        g.check(later[6] + " (27.125 C)", verdict == "bound" and t is not None and
                abs(t - 27.125) < 0.06,
                "`insmod tmp105` printed:\n%s\n`whynot %s` says:\n%s" %
                (indent(out), SENSOR, indent(why)))
    return g


# --- lab 6: debug a probe ---------------------------------------------------

UART1 = "/amba/serial@101f2000"
UART3 = "/fpga@10000000/serial@9000"
RTC = I2C + "/rtc@68"
FPGA = "/fpga@10000000"
# The faulty nodes (not what is wrong with them), and the nodes a fault
# log may name for each: a fault in a bus shows on its children.
FAULTS = (("the I2C controller", (I2C, RTC)),
          ("UART3's bus", (FPGA, UART3)),
          ("UART1", (UART1,)))
SHELL_CMDS = ("whynot", "devices", "dmesg", "irqs", "dt", "drivers", "ttys", "devlinks")


def read_fault_log(path):
    """[{"fault", "command", "saw", "fix"}] from the blocks of faults.txt."""
    blocks, cur = [], {}
    for line in path.read_text().splitlines():
        if line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if sep and key in ("fault", "command", "saw", "fix"):
            if key == "fault" and cur:
                blocks.append(cur)
                cur = {}
            cur[key] = value.strip()
    if cur:
        blocks.append(cur)
    return [b for b in blocks if any(b.values())]


def command_output(cmd, dtb, machine):
    """What @cmd prints on @dtb: a shell command on @machine (booted on
    @dtb), or ofdump on the host; None for a command the grader cannot run."""
    words = cmd.split()
    if not words:
        return None
    if words[0].endswith("ofdump"):
        res = subprocess.run([str(OFDUMP)] + [w for w in words[1:] if w.startswith("-")] +
                             [str(dtb)], capture_output=True, text=True, timeout=60)
        return res.stdout + res.stderr
    if words[0] in SHELL_CMDS:
        return machine.boot_log + "\n" + machine.run(cmd) if words[0] == "dmesg" \
            else machine.run(cmd)
    return None


def same_line(saw, output):
    norm = " ".join(saw.split())
    return bool(norm) and any(" ".join(l.split()) == norm or
                              (len(norm) > 20 and norm in " ".join(l.split()))
                              for l in output.splitlines())


def lab6(src):
    g = Grader(6, src)
    # The tree as handed out (prepare() kept it), never the working copy.
    broken_src = PRISTINE / "lab6" / "broken.dts"
    files = have_files(g, src, "lab6.dts", "faults.txt")
    if not files:
        return g
    dts, log_file = files
    # The student's folder may hold its own copy of broken.dts; the faults
    # are graded against the one handed out.
    g.check("lab6.dts starts from broken.dts (#include \"broken.dts\")",
            re.search(r'^\s*#include\s+"broken\.dts"', dts.read_text(), re.M),
            "Fix the faults below the #include of the tree you were given: a tree\n"
            "that starts from the board's own versatilepb.dts has nothing to debug.")
    own = src / "broken.dts"
    g.check("broken.dts is the one handed out (the fixes go in lab6.dts)",
            not own.exists() or own.read_bytes() == broken_src.read_bytes(),
            "%s differs from the broken.dts handed out (%s): leave it as it is and\n"
            "override in lab6.dts." % (rel(own), rel(broken_src)))
    dtb, err = compile_lab_dts(dts, g.out / "lab6.dtb", include=[broken_src.parent])
    if not g.check("lab6.dts compiles", dtb, "dtc said:\n" + indent(err)):
        return g
    broken, err = compile_lab_dts(broken_src, g.out / "broken.dtb")
    if not broken:
        raise RuntimeError("%s: %s" % (rel(broken_src), err))
    nodes, board = ofdump_devices(dtb), ofdump_devices(BUILD / "dts" / "versatilepb.dtb")
    missing = [p for p in (I2C, RTC, UART1, UART3) if p not in nodes]
    if not g.check("the faulty nodes are fixed, not deleted", not missing,
                   "These nodes are gone: %s.  The board needs them." % ", ".join(missing)):
        return g
    host_ok = [g.check(
        "fault 1: the I2C controller (and so its RTC) gets a driver",
        nodes[I2C]["verdict"] == "would bind" and nodes[RTC]["verdict"] == "would bind",
        "Boot the tree and ask: whynot %s\n(the RTC at 0x68 depends on it)." % RTC)]
    got, want = nodes[UART3]["regs"], board[UART3]["regs"]
    host_ok.append(g.check(
        "fault 2: UART3's registers are where the hardware is",
        got == want,
        "ofdump --devices puts UART3's registers at %s.  %s" %
        (got[0] if got else "(none)",
         "Reachable, but at the wrong place: which CPU address does the FPGA's\n"
         "UART3 answer at (the board's memory map, docs/driver-core.md)?"
         if got and "not reachable" not in got[0] else
         "whynot %s says why; compare its bus with /amba." % UART3)))
    irq = nodes[UART1]["irqs"][0] if nodes[UART1]["irqs"] else ""
    host_ok.append(g.check(
        "fault 3: UART1's interrupt goes to the right controller",
        irq == board[UART1]["irqs"][0],
        "UART1's probe fails: its `interrupts` are read through the controller its\n"
        "interrupt-parent names (now %s).  Compare with the other UARTs:\n"
        "`irqs`, ofdump --devices." % (irq or "none")))
    later = "the kernel binds every device, nothing deferred or failed"
    with Coyote(dtb=broken) as bad, Coyote() as good:
        entries = read_fault_log(log_file)
        for i, (what, paths) in enumerate(FAULTS, 1):
            title = "fault log: fault %d (%s) named, with the command that showed it" % (i, what)
            entry = next((e for e in entries if e.get("fault", "").rstrip("/") in paths), None)
            if not entry:
                g.check(title, False, hint="faults.txt has no block whose `fault:` is the path of "
                        "the node at fault\n(or, for a bus, of the device that shows it).")
                continue
            out_bad = command_output(entry.get("command", ""), broken, bad)
            if out_bad is None:
                g.check(title, False, hint="`command: %s` is not one the grader can run: use %s,\n"
                        "or ofdump --devices." % (entry.get("command", ""),
                                                   ", ".join(SHELL_CMDS)))
                continue
            out_good = command_output(entry["command"], BUILD / "dts" / "versatilepb.dtb",
                                      good)
            saw = entry.get("saw", "")
            g.check(title, same_line(saw, out_bad) and not same_line(saw, out_good),
                    ("`%s` on broken.dts does not print the line you copied:\n  %s\n"
                     "Copy one whole line of what it printed." % (entry["command"], saw))
                    if not same_line(saw, out_bad) else
                    ("`%s` prints that line for the healthy board too: it does not show "
                     "the fault." % entry["command"]))
        if not all(host_ok):
            g.skip(later, "the fixes")
            return g
    with Coyote(dtb=dtb) as c:
        log = c.boot_log
        v_rtc, _ = whynot(c, RTC)
    m = re.search(r"driver core: \d+ device\(s\) bound, (\d+) deferred, (\d+) failed", log)
    failed = re.findall(r"driver core: .*: probe of (\S+) failed: (\S+)", log)
    ok = m and m.group(1) == "0" and m.group(2) == "0" and v_rtc == "bound"
    g.check(later, ok,
            "Boot summary: %s\n%swhynot %s: %s" %
            (m.group(0) if m else "(none)",
             "".join("Probe of %s failed: %s (whynot tells why)\n" % f for f in failed),
             RTC, v_rtc))
    return g


# --- lab 7: interrupts ------------------------------------------------------

BUTTONS = {"/button-a": ("/amba/gpio@101e4000", 3, 1), "/button-b": ("/amba/gpio@101e5000", 5, 2)}
HEADER = "/expansion-header"
TRIGGER = {1: "edge-rising", 2: "edge-falling"}


def lab7_tree(g, src):
    """The student's tree, compiled and read back through the kernel's own
    interrupt translation (ofdump): the dtb when the buttons are right,
    else None after the failed checks."""
    later = ("button-a interrupts on gpio0's line 3, rising edge",
             "button-b reaches gpio1's line 5, falling edge, through the header's "
             "interrupt-map (and the header's pin 0 reaches gpio1's line 2)",
             "the tree passes dtbs_check (dts/bindings/coyote,lab-button.yaml)")
    dtb, err = compile_lab_dts(src / "lab7.dts", g.out / "lab7.dtb")
    if not g.check("lab7.dts compiles", dtb, "dtc said:\n" + indent(err)):
        g.skip_all(later, "lab7.dts to compile")
        return None
    nodes = ofdump_devices(dtb)

    def irq_of(node):
        return (nodes.get(node, {}).get("irqs") or ["(none)"])[0]

    want_a = "%s %d %d" % BUTTONS["/button-a"]
    ok_a = g.check(later[0], irq_of("/button-a") == want_a,
                   "ofdump --devices resolves /button-a's interrupt to: %s\n(controller, "
                   "line, trigger; %s would be right).  IRQ_TYPE_* are in\n"
                   "include/dt-bindings/interrupt-controller/irq.h." %
                   (irq_of("/button-a") if "/button-a" in nodes else "no node /button-a",
                    want_a))
    parent = fdtget(dtb, "/button-b", "interrupt-parent", "u")
    header = fdtget(dtb, HEADER, "phandle", "u")
    pin0 = None
    if header and fdtget(dtb, HEADER, "interrupt-map", "x"):
        var = g.out / "lab7-pin0.dts"
        var.write_text('#include "lab7.dts"\n&{/button-b} { interrupts = <0>; };\n')
        vdtb, _ = compile_lab_dts(var, g.out / "lab7-pin0.dtb", include=[src])
        pin0 = (ofdump_devices(vdtb).get("/button-b", {}).get("irqs") or ["(none)"])[0] \
            if vdtb else "(the tree with button-b on pin 0 does not compile)"
    want_b = "%s %d %d" % BUTTONS["/button-b"]
    want_pin0 = "/amba/gpio@101e5000 2 2"
    ok_b = g.check(later[1], parent is not None and parent == header and
                   irq_of("/button-b") == want_b and pin0 == want_pin0,
                   "/button-b's interrupt-parent is %s, %s's phandle %s;\n"
                   "ofdump --devices resolves button-b to: %s (want %s);\n"
                   "with button-b on pin 0 instead: %s (want %s).\n"
                   "A nexus has #interrupt-cells and interrupt-map, whose entries are\n"
                   "<child unit address (#address-cells of the nexus)> <child specifier>\n"
                   "<parent phandle> <parent unit address> <parent specifier>." %
                   (parent or "missing", HEADER, header or "missing (no node, or no label "
                    "used)", irq_of("/button-b"), want_b, pin0 or "(no interrupt-map)",
                    want_pin0))
    clean, findings = dtbs_check(dtb)
    g.check(later[2], clean, "dtbs_check said:\n" + indent(findings))
    return dtb if ok_a and ok_b else None


def dmesg_presses(c, name):
    """The press numbers @name's handler has logged so far."""
    return [int(n) for n in re.findall(r"lab-button %s: press (\d+)$" % name,
                                       c.run("dmesg"), re.M)]


def irq_row(out, domain, hw):
    """(trigger, handler, count) of @domain's line @hw in `irqs`, or None."""
    m = re.search(r"^%s +%d +\d+ +(\S+) +(\S+) +(\d+)$" % (re.escape(domain), hw), out, re.M)
    return (m.group(1), m.group(2), int(m.group(3))) if m else None


def edge(c, line, level):
    """Make GPIO @line an input that sees @level: QEMU's PL061 keeps what a
    line last drove as an output, so turning it back into an input shows
    the PL061 that level arriving, an edge if it changed."""
    c.run("gpio out %d %d" % (line, level))
    c.run("gpio in %d" % line)


def lab7_pulses(g, c, later):
    """The interrupt checks on a booted kernel; raises when it stops answering."""
    before = c.run("irqs")
    edge(c, 3, 1)
    on_rise = dmesg_presses(c, "button-a")
    edge(c, 3, 0)
    on_fall = dmesg_presses(c, "button-a")
    row = irq_row(c.run("irqs"), "gpio@101e4000", 3)
    if on_fall:
        why = ("The trigger comes from the tree: irq_set_type() programs GPIOIS, GPIOIBE\n"
               "and GPIOIEV.")
    elif row and row[2]:
        why = ("The interrupt arrived (`irqs` counts %d) but button-a logged no press:\n"
               "its handler counts and logs \"press N\" (lab-button.c, TODO 5)." % row[2])
    else:
        why = ("Nothing arrived (`irqs` counts %s): is the line unmasked (GPIOIE) when\n"
               "requested, the VIC line chained to your handler, and does the handler\n"
               "read GPIOMIS?" % (row[2] if row else "no line 3 of gpio@101e4000"))
    g.check(later[2], on_rise == [1] and on_fall == [1],
            "After a rising edge on line 3 button-a had logged presses %s, after the\n"
            "falling edge %s (want [1], then still [1]).\n%s" % (on_rise, on_fall, why))
    for _ in range(2):
        edge(c, 3, 1)
        edge(c, 3, 0)
    got = dmesg_presses(c, "button-a")
    row = irq_row(c.run("irqs"), "gpio@101e4000", 3)
    g.check(later[3], got == [1, 2, 3] and row and row[2] == 3,
            "After three pulses button-a logged presses %s (want [1, 2, 3]); `irqs` "
            "counts %s.\nAn edge is latched until acked (GPIOIC): ack it before the "
            "handler runs\n(handle_edge_irq does, through your irq_ack)." %
            (got, row[2] if row else "no line 3 of gpio@101e4000"))
    edge(c, 13, 1)
    rise = dmesg_presses(c, "button-b")
    edge(c, 13, 0)
    fall = dmesg_presses(c, "button-b")
    g.check(later[4], rise == [] and fall == [1],
            "Line 13 is gpio1's line 5.  After its rising edge button-b had logged %s,\n"
            "after the falling edge %s (want [] then [1]).  Each PL061 has its own\n"
            "domain and chained handler." % (rise, fall))
    spurious = re.search(r"spurious: (\d+)", before)
    edge(c, 4, 1)
    edge(c, 4, 0)
    alone = re.search(r"spurious: (\d+)", c.run("irqs"))
    edge(c, 3, 1)       # and button-a once more: line 4's edge is still latched
    edge(c, 3, 0)
    now = re.search(r"spurious: (\d+)", c.run("irqs"))
    presses = dmesg_presses(c, "button-a")
    counts = [m.group(1) if m else "?" for m in (spurious, alone, now)]
    g.check(later[5], len(set(counts)) == 1 and "?" not in counts and
            presses == [1, 2, 3, 4] and "no handler" not in c.run("dmesg"),
            "`irqs` counted spurious %s before edges on line 4 (which nobody requested),\n"
            "%s after them, %s after one more press of button-a (which logged %s; want\n"
            "[1, 2, 3, 4]).  A line stays masked (GPIOIE clear) until a consumer requests\n"
            "it (request_irq() unmasks it through your irq_unmask), and the chained\n"
            "handler dispatches the lines that are pending and enabled: GPIOMIS." %
            (counts[0], counts[1], counts[2], presses))


def lab7(src):
    g = Grader(7, src)
    if not have_files(g, src, "gpio-pl061.c", "lab-button.c", "lab7.dts", "Makefile",
                      hint="Lab 7 grows your lab 5 driver: copy your gpio-pl061.c here first."):
        return g
    dtb = lab7_tree(g, src)
    objs, err = makefile_objs(src)
    g.check("the Makefile builds both drivers into the kernel",
            objs and sorted(objs["obj-y"]) == ["gpio-pl061.o", "lab-button.o"],
            "make reads %s.  Keep obj-y += gpio-pl061.o and obj-y += lab-button.o." %
            (err or "obj-y %s, obj-m %s" % (" ".join(objs["obj-y"]) or "(none)",
                                          " ".join(objs["obj-m"]) or "(none)")))
    kernel, log = build_kernel(g, src, "LAB_KBUILD")
    later = ("gpio0 and gpio1 are interrupt controllers: their VIC lines are chained "
             "to the PL061 driver",
             "both buttons bind, and `irqs` shows their lines with the tree's triggers",
             "a rising edge on line 3 is one press of button-a, its falling edge none",
             "three pulses are three presses, in the log and in `irqs`",
             "button-b counts falling edges on line 13 (gpio1's line 5), not rising ones",
             "edges on a line nobody requested (line 4) reach nobody: nothing spurious, "
             "then or at the next press")
    if not check_build(g, "the kernel builds with both drivers", kernel, log, later):
        return g
    if not dtb:
        g.skip_all(later, "lab7.dts's buttons")
        return g
    try:
        with Coyote(dtb=dtb, kernel=kernel) as c:
            out = c.run("irqs")
            cascades = [re.search(r"^interrupt-controller@10140000 +%d +\d+ +\S+ +\(cascade\)"
                                  % hw, out, re.M) for hw in (6, 7)]
            g.check(later[0], all(cascades),
                    "`irqs` printed:\n%s\nVIC lines 6 and 7 are gpio0's and gpio1's "
                    "`interrupts`: give each a chained\nhandler "
                    "(irq_set_chained_handler_and_data) after registering the domain." %
                    indent(out))
            rows = {n: irq_row(out, BUTTONS[n][0].split("/")[-1], BUTTONS[n][1])
                    for n in BUTTONS}
            why = {n: whynot(c, n) for n in BUTTONS}
            ok = all(why[n][0] == "bound" and rows[n] and rows[n][1] == n[1:] and
                     rows[n][0] == TRIGGER[BUTTONS[n][2]] for n in BUTTONS)
            refused = [l for l in c.boot_log.splitlines() if "trigger type" in l]
            hint = ["`irqs` printed:\n" + indent(out)]
            hint += ["`whynot %s` says:\n%s" % (n, indent(why[n][1])) for n in BUTTONS
                     if why[n][0] != "bound"]
            if refused:
                hint.append("The boot log says:\n" + indent("\n".join(refused)))
            hint.append("A bound button whose line `irqs` does not list never asked for it\n"
                        "(lab-button.c, TODO 4); a trigger shown as - was refused by "
                        "irq_set_type.")
            g.check(later[1], ok, "\n".join(hint))
            try:
                lab7_pulses(g, c, later)
            except Exception as e:          # pexpect's TIMEOUT or EOF, most likely
                seen = g.found
                left = [t for t in later[2:] if t not in seen]
                lines = c._clean(str(c.child.before or "")).splitlines()
                fault = next((l for l in reversed(lines) if l.startswith("halted: ")), None)
                if fault:
                    why = ("The kernel stopped at a fault (%s): the backtrace above\n"
                           "shows the path from the interrupt to it." % fault[8:])
                else:
                    why = ("An interrupt that is never acked or masked fires again at once,\n"
                           "forever: the chained handler must dispatch only pending, enabled\n"
                           "lines (GPIOMIS), and each edge be acked (GPIOIC).")
                g.check(left[0], False, "The kernel stopped answering (%s); its last lines:"
                        "\n%s\n%s" % (type(e).__name__,
                                       indent("\n".join(lines[-(16 if fault else 8):])), why))
                g.skip_all(left[1:], "the kernel to answer again")
    except Exception as e:
        if later[0] not in g.found:
            g.check(later[0], False, "The kernel did not reach its prompt (%s)." %
                    type(e).__name__)
            g.skip_all(later[1:], "the kernel to boot")
    return g


# --- lab 8: clocks and dependencies ------------------------------------------

SAMPLER = "/sampler"
LABCLK = "/clock-controller"


def lab8_boot(g, kernel, dts_text, name, append=None):
    """Boot @kernel on the lab 8 tree with @dts_text appended (a variant):
    (boot log, devlinks, whynot output and verdict, probes)."""
    dts = g.out / (name + ".dts")
    dts.write_text('#include "lab8.dts"\n' + dts_text)
    dtb, err = compile_lab_dts(dts, g.out / (name + ".dtb"),
                               include=[ROOT / "docs" / "labs" / "lab8"])
    if not dtb:
        raise RuntimeError("lab 8 tree %s: %s" % (name, err))
    with Coyote(dtb=dtb, kernel=kernel, append=append) as c:
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
             "the values come from the tree (a tree with other values)",
             "without its supplier the consumer is not bound, and whynot shows the chain")
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
    boot2, _, _, _, _ = lab8_boot(g, kernel, "&labclk { clock-frequency = <1000000>; };\n"
                                  "&{/sampler} { coyote,sample-divider = <8>; };\n",
                                  "lab8-variant")
    got = said(boot2)
    g.check(later[2] + " (1000000 Hz / 8)", got == (1000000, 8, 125000),
            "With clock-frequency = <1000000> and coyote,sample-divider = <8> your\n"
            "probe logged %s.  Read both from the tree: clk_get_rate() and\n"
            "of_property_read_u32()." % (("%d Hz, divider %d: %d samples/s" % got)
                                         if got else "nothing"))
    _, links, verdict, why, _ = lab8_boot(g, kernel, "", "lab8-nosupplier",
                                          append="console=ttyAMA0,115200 modules.autoload=0")
    g.check(later[3] + " (modules.autoload=0)",
            verdict in ("deferred", "waiting") and LABCLK in why,
            "With the provider never loaded, `whynot %s` says:\n%s\n%s" %
            (SAMPLER, indent(why),
             "Your probe bound without its clock: return clk_get()'s error (it is\n"
             "-EPROBE_DEFER while the clock's provider is missing)." if verdict == "bound"
             else "The consumer should be left waiting or deferred, naming its supplier."))
    return g


# --- lab 10: GDB ---------------------------------------------------------------

WIDGETS = ("/widget-a", "/widget-b")
# Run inside gdb at the shell prompt: each widget's struct device's
# driver_data and the gain behind it, read with the helpers of
# scripts/gdb/coyote.py (sourced by coyote.gdb).
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
    "end" % (WIDGETS,))


def gdb_session(g, kernel, dtb):
    """Boot @kernel (its ELF beside it) halted, with QEMU's gdb stub; one
    batch gdb session: break in the widget's probe, then at the shell:
    (frame #1's function, {path: (driver_data, gain)}, gdb's output)."""
    from qemu.coyote import free_tcp_port, gdb_path, run_gdb
    if gdb_path() is None:
        raise RuntimeError("gdb-multiarch is not installed (scripts/install-deps)")
    script = g.out / "widgets.gdb"
    script.write_text(WIDGET_PROBE + "\n")
    port = free_tcp_port()
    with Coyote(dtb=dtb, kernel=kernel, wait_prompt=False,
                extra=["-S", "-gdb", "tcp:127.0.0.1:%d" % port]):
        out = run_gdb(port, ["coyote-break-probe coyote,lab10-widget", "continue",
                             "echo ==bt\\n", "bt 2", "delete", "break shell_run", "continue",
                             "source " + str(script)],
                      elf=Path(kernel).with_name("kernel.elf"), timeout=120)
    m = re.search(r"^==bt\n#0 .*\n#1 +(?:0x[0-9a-f]+ in )?(\w+)", out, re.M)
    widgets = {p: (int(a, 16), int(n), sym) for p, a, n, sym in
               re.findall(r"^widget (\S+) (0x[0-9a-f]+) (-?\d+) (\S+)$", out, re.M)}
    return (m.group(1) if m else None), widgets, out


PLANTED = BUILD / "lab10-planted"
PRISTINE = BUILD / "pristine"      # prepare(): starters as handed out


def pristine(path):
    """The text of the starter file @path (relative to the tree, under
    docs/labs/) as handed out, never the working copy the student edits:
    the copy `make lab-handout` puts in tests/labs/pristine/, else git's
    committed copy.  Raises RuntimeError when neither exists."""
    kept = ROOT / "tests" / "labs" / "pristine" / Path(path).relative_to("docs/labs")
    if kept.is_file():
        return kept.read_text()
    res = subprocess.run(["git", "show", "HEAD:" + str(path)], cwd=str(ROOT),
                         capture_output=True, text=True, timeout=60)
    if res.returncode:
        raise RuntimeError("no pristine copy of %s (neither %s nor git has one): %s" %
                           (path, rel(kept), res.stderr.strip()))
    return res.stdout


def keep_pristine(lab, name):
    """build/pristine/labN/NAME: the starter file as handed out
    (pristine()), rewritten only when it changed; its path."""
    kept = PRISTINE / ("lab%d" % lab) / name
    kept.parent.mkdir(parents=True, exist_ok=True)
    text = pristine("docs/labs/lab%d/%s" % (lab, name))
    if not kept.exists() or kept.read_text() != text:
        kept.write_text(text)
    return kept


def build_planted():
    """Lab 10's truth: the kernel with the widget.c handed out (pristine()),
    in build/lab10-planted: (kernel.bin or None, the build's log)."""
    PLANTED.mkdir(parents=True, exist_ok=True)
    drv = PLANTED / "widget.c"
    text = keep_pristine(10, "widget.c").read_text()
    if not drv.exists() or drv.read_text() != text:
        drv.write_text(text)
    res = subprocess.run(["make", "-s", "-j2", "--no-print-directory", "B=" + rel(PLANTED),
                          "LAB_DRIVER=" + str(drv), "all"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    return (PLANTED / "kernel.bin" if res.returncode == 0 else None), res.stdout + res.stderr


def lab10(src):
    g = Grader(10, src)
    files = have_files(g, src, "widget.c", "answers.txt")
    if not files:
        return g
    drv, ans_file = files
    dtb, err = compile_lab_dts(ROOT / "docs" / "labs" / "lab10" / "lab10.dts",
                               g.out / "lab10.dtb")
    if not dtb:
        raise RuntimeError("docs/labs/lab10/lab10.dts: " + err)
    # The truth for the answers: a batch gdb session on the kernel built
    # with the widget.c handed out (prepare() built it).
    kernel = PLANTED / "kernel.bin"
    if not kernel.exists():
        raise RuntimeError("%s missing: build_planted() first" % rel(kernel))
    caller, widgets, out = gdb_session(g, kernel, dtb)
    if caller is None or set(widgets) != set(WIDGETS):
        raise RuntimeError("the grader's gdb session failed:\n" + out)
    answers = read_answers(ans_file)
    given = answers.get("probe_caller", "")
    g.check("probe_caller: who calls widget_probe", given.rstrip("()") == caller,
            ("Not answered yet. " if not given else "Wrong value: you wrote %s. " % given) +
            "In GDB: coyote-break-probe coyote,lab10-widget, continue, bt.")
    given = answers.get("drvdata_symbol", "")
    g.check("drvdata_symbol: what widget-a's driver_data points at",
            given == widgets["/widget-a"][2],
            ("Not answered yet. " if not given else "Wrong value: you wrote %s. " % given) +
            "At the shell prompt (break shell_run), find widget-a's struct device\n"
            "(the platform bus's devices list holds it), print its driver_data, and ask\n"
            "GDB which symbol that address is: info symbol ADDRESS.")
    answer_check(g, "widget_a_gain: the gain behind widget-a's driver_data",
                 answers.get("widget_a_gain", ""), widgets["/widget-a"][1],
                 "print ((struct widget *)DEV->driver_data)->gain, where DEV is\n"
                 "widget-a's struct device; compare with lab10.dts and with widget-b.")
    kernel, log = build_kernel(g, drv)
    if not check_build(g, "the kernel builds with your widget.c", kernel, log):
        g.skip("fixed: each widget's driver_data holds its own gain", "the build")
        return g
    _, fixed, out = gdb_session(g, kernel, dtb)
    want = {p: int(fdtget(dtb, p, "coyote,gain", "u")) for p in WIDGETS}
    ok = (set(fixed) == set(WIDGETS) and
          fixed["/widget-a"][0] != fixed["/widget-b"][0] and
          all(fixed[p][1] == want[p] for p in WIDGETS))
    # Not what GDB saw: that is what answers 2 and 3 ask for.
    g.check("fixed: each widget's driver_data holds its own gain", ok,
            "With your widget.c, GDB at the shell prompt does not find each widget's own\n"
            "gain (%s) behind its struct device's driver_data.  Inspect them as\n"
            "answers 2 and 3 ask, then fix the driver." %
            ", ".join("%s: %d" % (p, n) for p, n in sorted(want.items())))
    return g


# --- lab 5: a PL061 GPIO platform driver -----------------------------------
# The grader drives lines with the `gpio` command and reads the hardware's
# registers through QEMU's monitor (QMP, `xp`), so a driver that only
# remembers values in software does not pass.

GPIO0 = "/amba/gpio@101e4000"
GPIO0_BASE = 0x101e4000        # the tree's address: tests may know it
GPIO_DIR, GPIO_DATA_ALL = 0x400, 0x3fc


def hw_reg(qmp, addr):
    out = qmp.execute("human-monitor-command", **{"command-line": "xp /1wx 0x%x" % addr})
    return int(out.split(":")[1].split()[0], 16)


def gpio_get(c, n):
    m = re.search(r"^%d: ([01])$" % n, c.run("gpio get %d" % n), re.M)
    return int(m.group(1)) if m else None


def lab5(src):
    g = Grader(5, src)
    kernel = build_with_driver(g, src / "gpio-pl061.c")
    if not kernel:
        return g
    later = ("`gpio` lists the four PL061s, 8 lines each, as lines 0-31",
             "`gpio out 3 1` makes line 3 an output and drives it high (DIR and DATA in "
             "the hardware)",
             "`gpio get` reads the line back, and `gpio out 3 0` drives it low",
             "one line's write leaves the others alone (DATA's address mask)",
             "`gpio in 3` makes it an input again")
    sock = g.out / "qmp.sock"
    if sock.exists():
        sock.unlink()
    with Coyote(kernel=kernel, extra=["-qmp", "unix:%s,server=on,wait=off" % sock]) as c:
        verdict, out = whynot(c, GPIO0)
        if not g.check("the driver binds to %s" % GPIO0, verdict == "bound",
                       "`whynot %s` says:\n%s" % (GPIO0, indent(out))):
            g.skip_all(later, "the driver to bind")
            return g
        qmp = QMP(sock)
        try:
            out = c.run("gpio")
            chips = re.findall(r"^(\S+) +lines (\d+)-(\d+)", out, re.M)
            g.check(later[0], [(a, int(b), int(e)) for a, b, e in chips] ==
                    [("101e%x000.gpio" % (4 + i), 8 * i, 8 * i + 7) for i in range(4)],
                    "`gpio` printed:\n%s\nEach controller has ngpio = 8 lines." % indent(out))
            c.run("gpio out 3 1")
            d, v = hw_reg(qmp, GPIO0_BASE + GPIO_DIR), hw_reg(qmp, GPIO0_BASE + GPIO_DATA_ALL)
            g.check(later[1], d & 8 and v & 8,
                    "After `gpio out 3 1` the hardware has DIR 0x%02x, DATA 0x%02x: bit 3 "
                    "should be set in both (a PL061 ignores DATA writes to input lines)."
                    % (d, v))
            high = gpio_get(c, 3)
            c.run("gpio out 3 0")
            v0 = hw_reg(qmp, GPIO0_BASE + GPIO_DATA_ALL)
            low = gpio_get(c, 3)
            g.check(later[2], high == 1 and low == 0 and not v0 & 8,
                    "`gpio get 3` printed %s while high, %s after `gpio out 3 0` (DATA 0x%02x "
                    "then).  Read DATA at offset (mask << 2)." % (high, low, v0))
            c.run("gpio out 2 1")
            c.run("gpio out 3 1")
            c.run("gpio out 3 0")
            v = hw_reg(qmp, GPIO0_BASE + GPIO_DATA_ALL)
            g.check(later[3], (v & 0xc) == 0x4,
                    "Line 2 high, then line 3 high and low: DATA reads 0x%02x, want bit 2 "
                    "only.  Write through the line's own mask." % v)
            c.run("gpio in 3")
            d = hw_reg(qmp, GPIO0_BASE + GPIO_DIR)
            g.check(later[4], not d & 8 and d & 4,
                    "After `gpio in 3`, DIR is 0x%02x: clear bit 3 only." % d)
        finally:
            qmp.close()
    return g


# --- lab 9: an overlay and its binding -------------------------------------

def lab9_overlay(g, src):
    """The student's overlay compiled as dts/overlays are (dtc -@): the
    .dtbo, or None after a failed check."""
    dtbo = g.out / "tmp105.dtbo"
    res = subprocess.run(["dtc", "-q", "-@", "-W", "no-unit_address_vs_reg", "-I", "dts",
                          "-O", "dtb", "-o", str(dtbo), str(src / "tmp105.dtso")],
                         capture_output=True, text=True, timeout=60)
    ok = g.check("tmp105.dtso compiles as an overlay (dtc -@)", res.returncode == 0,
                 "dtc said:\n" + indent(res.stderr.strip()))
    return dtbo if ok else None


def lab9_merged(g, dtbo, name, edit=None):
    """The board's blob with @dtbo applied by the kernel's own code on the
    host (ofdump --overlay), @edit applied to its DTS, compiled as
    @name/versatilepb.dtb (the board's waivers go by that name): (dtb or
    None, messages)."""
    res = subprocess.run([str(OFDUMP), "--overlay", str(BUILD / "dts" / "versatilepb.dtb"),
                          str(dtbo)], capture_output=True, text=True, timeout=60)
    if res.returncode:
        return None, res.stderr.strip()
    text = edit(res.stdout) if edit else res.stdout
    if edit and text == res.stdout:
        return None, "the edit changed nothing"
    out = g.out / name / "versatilepb.dtb"
    out.parent.mkdir(parents=True, exist_ok=True)
    res = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", str(out), "-"],
                         input=text, capture_output=True, text=True, timeout=60)
    return (out if res.returncode == 0 else None), res.stderr.strip()


def lab9_schema(g, binding):
    """dt_binding_check with the student's binding among the project's
    (make, with BINDINGS_DIR a copy of dts/bindings plus it, and with
    ti,tmp105 taken out of trivial-devices.yaml, so that the student's is
    the sensor's only binding): (the processed schema or None, what the
    tools said)."""
    import yaml
    schemas = g.out / "schemas"
    shutil.rmtree(schemas, ignore_errors=True)
    shutil.copytree(ROOT / "dts" / "bindings", schemas)
    trivial = schemas / "trivial-devices.yaml"
    text = trivial.read_text()
    left = re.sub(r"^\s*- ti,tmp105\s*(#.*)?\n", "", text, flags=re.M)
    if left == text:
        raise RuntimeError("lab 9: trivial-devices.yaml does not list ti,tmp105")
    # A list left empty is no schema at all: the file goes.
    if yaml.safe_load(left)["properties"]["compatible"]["items"][0]["enum"]:
        trivial.write_text(left)
    else:
        trivial.unlink()
    shutil.copy(binding, schemas / "ti,tmp105.yaml")
    res = subprocess.run(["make", "-s", "--no-print-directory", "B=" + rel(g.out),
                          "BINDINGS_DIR=" + rel(schemas), "dt_binding_check"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    if res.returncode:
        said = "\n".join(l for l in (res.stdout + res.stderr).splitlines()
                         if not re.match(r"\s*(CHECK|DOCCHK|SCHEMA|EXAMPLE|make)\b", l))
        return None, said.replace(str(schemas) + "/", "").strip()
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


# (check, hint: what the page says the chip allows, nodes the binding must
# refuse).  Each refusal must come from the student's binding itself.
LAB9_REFUSE = [
    ("your binding refuses a reg the chip cannot have (0x30, 0x47, 0x50, two addresses)",
     "A TMP105 answers at one I2C address from 0x48 to 0x4f, and nowhere else;\n"
     "a binding can say which values reg may take, not only how many.",
     [lab9_sensor("temperature-sensor@30", "reg = <0x30>;"),
      lab9_sensor("temperature-sensor@47", "reg = <0x47>;"),
      lab9_sensor("temperature-sensor@50", "reg = <0x50>;"),
      lab9_sensor("temperature-sensor@48", "reg = <0x48>, <0x49>;")]),
    ("your binding refuses a node name that names the chip (tmp105@48)",
     "Node names say what a device is (temperature-sensor@..., sensor@...), not\n"
     "which chip; a binding can hold a node's name to a pattern.",
     [lab9_sensor("tmp105@48", "reg = <0x48>;")]),
    ("your binding refuses two interrupts (the chip has one ALERT pin)",
     "The TMP105 has a single ALERT output: at most one interrupt.",
     [lab9_sensor("temperature-sensor@48", "reg = <0x48>;", "interrupts = <5>, <6>;")]),
    ("your binding refuses #thermal-sensor-cells other than 0",
     "The chip measures one temperature: a thermal zone names it with no\n"
     "argument cells, so #thermal-sensor-cells can only be 0.",
     [lab9_sensor("temperature-sensor@48", "reg = <0x48>;", "#thermal-sensor-cells = <1>;")]),
    ('your binding refuses a compatible list other than exactly "ti,tmp105"',
     'The TMP105\'s compatible is the one string "ti,tmp105", with no fallback\n'
     "after it.",
     [lab9_sensor("temperature-sensor@48", "reg = <0x48>;",
                  compatible='"ti,tmp105", "ti,tmp102"')]),
    ("your binding requires reg",
     "A node without reg says nothing about where the chip answers: the\n"
     "binding must say that reg (like compatible) is required.",
     [lab9_sensor("temperature-sensor@48")]),
]

LAB9_ACCEPTS = ("your binding accepts a TMP105 as the page describes it (reg 0x48 to 0x4f, "
                "the ALERT interrupt, #thermal-sensor-cells = <0>)")
LAB9_ACCEPT = [
    lab9_sensor("temperature-sensor@48", "reg = <0x48>;"),
    lab9_sensor("sensor@4f", "reg = <0x4f>;", "interrupts = <5>;",
                "#thermal-sensor-cells = <0>;"),
]


def lab9_probe(g, schema, node, n):
    """@node in the probe tree, compiled and checked against @schema:
    (clean?, findings, whether the student's binding found something)."""
    dts = g.out / "probes" / ("probe%d.dts" % n)
    dts.parent.mkdir(parents=True, exist_ok=True)
    dts.write_text(LAB9_PROBE_TREE % "\n".join("\t\t\t" + l for l in node.splitlines()))
    dtb = dts.with_suffix(".dtb")
    res = subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", str(dtb), str(dts)],
                         capture_output=True, text=True, timeout=60)
    if res.returncode:
        raise RuntimeError("lab 9: a probe tree does not compile: " + res.stderr)
    # (Without the board's waivers: the probe tree has none of its findings.)
    res = subprocess.run([str(ROOT / "scripts" / "dtbs-check"), str(schema), str(dtb)],
                         capture_output=True, text=True, timeout=300)
    clean = res.returncode == 0 and not res.stderr.strip()
    # (dtbs-check indents its findings by four spaces: taken off.)
    found = "\n".join(re.sub(r"^    ", "", l) for l in (res.stdout + res.stderr).splitlines()
                      if l.strip() and not l.strip().startswith("CHECK "))
    # Each finding ends with its "From schema: FILE" line.
    own = bool(re.search(r"^\s*From schema: \S*/ti,tmp105\.yaml$", found, re.M))
    found = found.replace(str(g.out / "schemas") + "/", "").replace(str(ROOT) + "/", "")
    return clean, found, own


def lab9_probes(g, schema):
    """The binding against small trees: it accepts the sensor as the page
    describes it, and each requirement the page states refuses a node
    that breaks it (refused by the student's binding, not another)."""
    n = 0
    refused = []
    for node in LAB9_ACCEPT:
        n += 1
        clean, found, _ = lab9_probe(g, schema, node, n)
        if not clean:
            refused.append("%s\ndt-validate said:\n%s" % (indent(node), indent(found)))
    g.check(LAB9_ACCEPTS, not refused,
            "Your binding refused:\n" + "\n".join(refused) +
            "\nEach of these is a TMP105 node the page allows.")
    for check, why, nodes in LAB9_REFUSE:
        accepted = []
        for node in nodes:
            n += 1
            clean, found, own = lab9_probe(g, schema, node, n)
            if not own:
                accepted.append(indent(node) + ("\n(dt-validate said, but not from your "
                                                "binding:\n%s)" % indent(found)
                                                if not clean else ""))
        g.check(check, not accepted,
                "Your binding accepted:\n%s\n%s" % ("\n".join(accepted), why))


def lab9_initrd(g, dtbo):
    """The board's initrd with lib/firmware/tmp105.dtbo added."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from mkinitrd import write_cpio
    files = [("lib/modules/" + k.name, k.read_bytes())
             for k in sorted((BUILD / "modules").glob("*.ko")) +
             [BUILD / "modules" / "modules.alias"]]
    files += [("lib/firmware/" + o.name, o.read_bytes())
              for o in sorted((BUILD / "overlays").glob("*.dtbo"))]
    files.append(("lib/firmware/tmp105.dtbo", dtbo.read_bytes()))
    out = g.out / "initrd.cpio"
    out.write_bytes(write_cpio(files))
    return out


def lab9(src):
    g = Grader(9, src)
    if not have_files(g, src, "tmp105.dtso", "ti,tmp105.yaml"):
        return g
    dtbo = lab9_overlay(g, src)
    later = ("applied on the host, it adds a device at 0x48 on the I2C bus "
             "(ofdump --devices --overlay)",
             "`overlay apply tmp105` makes the device 0-0048 on the running board",
             "`overlay rm tmp105` takes the node and the device away again")
    added = None
    if dtbo:
        res = subprocess.run([str(OFDUMP), "--devices", "--overlay",
                              str(BUILD / "dts" / "versatilepb.dtb"), str(dtbo)],
                             capture_output=True, text=True, timeout=60)
        said = (res.stdout + res.stderr).strip()
        m = re.search(r"^\+ (/external-bus/i2c@1,0/[^/\s]+@48)\n(?:  .*\n)*?  address: +0x48 "
                      r"on the I2C bus", res.stdout, re.M)
        added = m.group(1) if m else None
        g.check(later[0], res.returncode == 0 and added,
                "`ofdump --devices --overlay build/dts/versatilepb.dtb tmp105.dtbo` said:\n%s\n"
                "The fragment must target the I2C controller (by its label), and the\n"
                "node's reg is the chip's I2C address." % indent(said or "(nothing)"))
    else:
        g.skip(later[0], "the overlay to compile")
    schema, said = lab9_schema(g, src / "ti,tmp105.yaml")
    g.check("ti,tmp105.yaml passes dt_binding_check (dt-doc-validate, its example)",
            schema, "The tools said:\n" + indent(said))
    checks = ("the board with your overlay passes dtbs_check with your binding",
              "your binding refuses a sensor with a property it does not define")
    if schema and added:
        dtb, err = lab9_merged(g, dtbo, "merged")
        clean, found = dtbs_check(dtb, schema) if dtb else (False, err)
        g.check(checks[0], clean,
                "dtbs-check said:\n%s\nThe binding's compatible must name the string your "
                "node uses,\nand every property of the node must be allowed." % indent(found))
        leaf = added.rsplit("/", 1)[1]
        # (A node without reg is refused by the core and the I2C
        # controller's schemas already: only additionalProperties is the
        # binding's own to test on the board.)
        dtb, err = lab9_merged(g, dtbo, "extra", lambda t: t.replace(
            "%s {" % leaf, "%s {\n\t\t\t\tvendor,bogus = <1>;" % leaf))
        if not dtb:
            raise RuntimeError("lab 9: the variant with vendor,bogus does not compile: " + err)
        g.check(checks[1], not dtbs_check(dtb, schema)[0],
                "dtbs-check found nothing wrong with a sensor node with vendor,bogus = <1>.\n"
                "A binding lists the properties a node may have and forbids the others\n"
                "(additionalProperties: false).")
    else:
        g.skip_all(checks, "the overlay and the binding")
    if schema:
        lab9_probes(g, schema)
    else:
        g.skip(LAB9_ACCEPTS, "the binding")
        for check, _, _ in LAB9_REFUSE:
            g.skip(check, "the binding")
    if not added:
        g.skip_all(later[1:], "the overlay to add the device")
        return g
    with Coyote(initrd=lab9_initrd(g, dtbo),
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


# Each lab's rubric, declared once: every check in the order it is
# reported, and its points.  The graders report by these names (a name
# not here is a grader bug); the ones a run never reaches score 0.
RUBRICS = {
    0: {
        'lab0.dts and answers.txt exist': 1,
        'lab0.dts compiles': 1,
        '1. UART2 (/amba/serial@101f3000) is disabled': 1,
        '2. the flash has label = "nor0", set through &{/external-bus/flash@2,0}': 1,
        '3. /aliases has rtc0 for the RTC at 0x68': 1,
        "4. the RTC's compatible is deleted (/delete-property/)": 1,
        '   ... and the kernel says `no compatible` for it': 1,
        '5. sic_interrupt_cells: cells in one interrupt under the SIC': 1,
        '5. timer0_clocks: clocks /amba/timer@101e2000 references': 1,
    },
    1: {
        'answers.txt and lab1.dts exist': 1,
        'lab1.dts compiles': 1,
        'uart3_address: the CPU address of /fpga@10000000/serial@9000': 1,
        'i2c_address: the CPU address of /external-bus/i2c@1,0': 1,
        'flash_address: the CPU address of /external-bus/flash@2,0': 1,
        "uart3_irq: UART3's interrupt controller and line": 1,
        'rtc_driver: the driver of the RTC at 0x68': 1,
        'uart_devices: how many devices uart-pl011 binds': 1,
        'the command line carries "lab1" (/chosen bootargs in lab1.dts)': 1,
    },
    2: {
        'lab2.dts exists': 1,
        'lab2.dts compiles (dtc warnings count as errors)': 1,
        'a node for the sensor under the I2C controller, at address 0x48': 1,
        'its compatible is the TMP105\'s ("vendor,device")': 1,
        'its node name is generic (temperature-sensor@48 or sensor@48)': 1,
        "the tree follows the bindings (make dtbs_check's check)": 1,
        'the kernel made an I2C device 0-0048 for it, with no driver yet (whynot agrees)': 1,
        'the sensor answers at 0x48 (i2c scan 0)': 1,
    },
    3: {
        'tmp105.c exists': 1,
        'the kernel builds with tmp105.c (-Wall -Wextra -Werror)': 1,
        'the driver binds to the sensor node': 1,
        "temp shows QEMU's temperature (23.5 C)": 1,
        'negative temperatures (-12.25 C)': 1,
        '12-bit resolution (27.125 C read exactly)': 1,
    },
    4: {
        'tmp105.c (your lab 3 driver) and Makefile exist': 1,
        'the Makefile builds tmp105.o as a module (obj-m)': 1,
        'the module builds (modpost: only exported symbols)': 1,
        'modules.alias has ti,tmp105 for tmp105 (MODULE_DEVICE_TABLE)': 1,
        'modinfo shows its license and description': 1,
        'it autoloads at boot for the sensor node': 1,
        "probe reads QEMU's temperature (0 C at power-on)": 1,
        'rmmod tmp105 unbinds the sensor': 1,
        'insmod tmp105 binds it again and reads the new temperature (27.125 C)': 1,
    },
    5: {
        'gpio-pl061.c exists': 1,
        'the kernel builds with gpio-pl061.c (-Wall -Wextra -Werror)': 1,
        'the driver binds to /amba/gpio@101e4000': 1,
        '`gpio` lists the four PL061s, 8 lines each, as lines 0-31': 1,
        '`gpio out 3 1` makes line 3 an output and drives it high (DIR and DATA in the hardware)': 1,
        '`gpio get` reads the line back, and `gpio out 3 0` drives it low': 1,
        "one line's write leaves the others alone (DATA's address mask)": 1,
        '`gpio in 3` makes it an input again': 1,
    },
    6: {
        'lab6.dts and faults.txt exist': 1,
        'lab6.dts starts from broken.dts (#include "broken.dts")': 1,
        'broken.dts is the one handed out (the fixes go in lab6.dts)': 1,
        'lab6.dts compiles': 1,
        'the faulty nodes are fixed, not deleted': 1,
        'fault 1: the I2C controller (and so its RTC) gets a driver': 1,
        "fault 2: UART3's registers are where the hardware is": 1,
        "fault 3: UART1's interrupt goes to the right controller": 1,
        'fault log: fault 1 (the I2C controller) named, with the command that showed it': 2,
        "fault log: fault 2 (UART3's bus) named, with the command that showed it": 2,
        'fault log: fault 3 (UART1) named, with the command that showed it': 2,
        'the kernel binds every device, nothing deferred or failed': 1,
    },
    7: {
        'gpio-pl061.c, lab-button.c, lab7.dts and Makefile exist': 1,
        'lab7.dts compiles': 1,
        "button-a interrupts on gpio0's line 3, rising edge": 1,
        "button-b reaches gpio1's line 5, falling edge, through the header's interrupt-map (and the header's pin 0 reaches gpio1's line 2)": 1,
        'the tree passes dtbs_check (dts/bindings/coyote,lab-button.yaml)': 1,
        'the Makefile builds both drivers into the kernel': 1,
        'the kernel builds with both drivers': 1,
        'gpio0 and gpio1 are interrupt controllers: their VIC lines are chained to the PL061 driver': 1,
        "both buttons bind, and `irqs` shows their lines with the tree's triggers": 1,
        'a rising edge on line 3 is one press of button-a, its falling edge none': 1,
        'three pulses are three presses, in the log and in `irqs`': 1,
        "button-b counts falling edges on line 13 (gpio1's line 5), not rising ones": 1,
        'edges on a line nobody requested (line 4) reach nobody: nothing spurious, then or at the next press': 1,
    },
    8: {
        'lab-consumer.c, lab-clock.c and Makefile exist': 1,
        'the Makefile builds the provider as a module, the consumer in the image': 1,
        'the kernel and the provider module build': 1,
        'the consumer waits on its device link and probes once, after the clock': 1,
        "probe logs the clock's rate, the divider and the rate it gives (3686400 Hz / 64)": 1,
        'the values come from the tree (a tree with other values) (1000000 Hz / 8)': 1,
        'without its supplier the consumer is not bound, and whynot shows the chain (modules.autoload=0)': 1,
    },
    9: {
        'tmp105.dtso and ti,tmp105.yaml exist': 1,
        'tmp105.dtso compiles as an overlay (dtc -@)': 1,
        'applied on the host, it adds a device at 0x48 on the I2C bus (ofdump --devices --overlay)': 1,
        'ti,tmp105.yaml passes dt_binding_check (dt-doc-validate, its example)': 1,
        'the board with your overlay passes dtbs_check with your binding': 1,
        'your binding refuses a sensor with a property it does not define': 1,
        'your binding accepts a TMP105 as the page describes it (reg 0x48 to 0x4f, the ALERT interrupt, #thermal-sensor-cells = <0>)': 1,
        'your binding refuses a reg the chip cannot have (0x30, 0x47, 0x50, two addresses)': 1,
        'your binding refuses a node name that names the chip (tmp105@48)': 1,
        'your binding refuses two interrupts (the chip has one ALERT pin)': 1,
        'your binding refuses #thermal-sensor-cells other than 0': 1,
        'your binding refuses a compatible list other than exactly "ti,tmp105"': 1,
        'your binding requires reg': 1,
        '`overlay apply tmp105` makes the device 0-0048 on the running board': 1,
        '`overlay rm tmp105` takes the node and the device away again': 1,
    },
    10: {
        'widget.c and answers.txt exist': 1,
        'probe_caller: who calls widget_probe': 1,
        "drvdata_symbol: what widget-a's driver_data points at": 1,
        "widget_a_gain: the gain behind widget-a's driver_data": 1,
        'the kernel builds with your widget.c': 1,
        "fixed: each widget's driver_data holds its own gain": 2,
    },
}

LABS = {0: lab0, 1: lab1, 2: lab2, 3: lab3, 4: lab4, 5: lab5, 6: lab6, 7: lab7, 8: lab8, 9: lab9, 10: lab10}

TITLES = {
    0: "a device tree source primer",
    1: "read the tree",
    2: "describe hardware: a TMP105 on the I2C bus",
    3: "a TMP105 I2C driver",
    4: "make it a module",
    5: "an MMIO platform driver: the PL061 GPIO controller",
    6: "debug a probe: three planted faults",
    7: "interrupts: the PL061 as an interrupt controller",
    8: "clocks and dependencies",
    9: "overlays: the TMP105 added to the running board",
    10: "GDB: find a planted bug in a struct device",
}

# What a grade reads from the main build, made before the sandbox (where
# build/ is read-only): the kernel, its modules, the board's blobs and
# ofdump for every lab; the bindings' schema where the board's tree is
# checked against it.
SCHEMA = "build/bindings/processed-schema.json"
PREREQS = {2: [SCHEMA], 7: [SCHEMA]}


def prepare(lab):
    """Build what lab @lab's grade reads (PREREQS; lab 10's planted
    kernel): None, or what failed."""
    res = subprocess.run(["make", "-s", "-j2", "--no-print-directory", "all", "ofdump"] +
                         PREREQS.get(lab, []), cwd=str(ROOT), capture_output=True,
                         text=True, timeout=1800)
    if res.returncode:
        return "the kernel itself does not build:\n" + res.stdout + res.stderr
    try:
        if lab == 6:
            keep_pristine(6, "broken.dts")
    except RuntimeError as e:
        return str(e)
    if lab == 10:
        kernel, log = build_planted()
        if not kernel:
            return "the planted widget.c (lab 10's starter) does not build:\n" + log
    return None


def log_run(src, result):
    """Append this run's time and score to @src's .history.jsonl (the
    student's own record of the lab); a folder that cannot be written
    (a read-only hand-in) keeps none."""
    try:
        with open(Path(src) / HISTORY, "a") as f:
            f.write(json.dumps({"time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                                "score": result["score"], "max": result["max"]}) + "\n")
    except OSError:
        return False
    return True


def grade(lab, src, out):
    """Grade the hand-in in @src into @out: staged (handin.stage()), then
    graded in the sandbox by this script with --sandboxed.  Prints the
    report; (exit status, the result's dict or None)."""
    Grader.OUT = out
    out.mkdir(parents=True, exist_ok=True)
    result = out / "result.json"
    if result.exists():
        result.unlink()
    try:
        staged = handin.stage(src, out / "handin")
    except handin.Refused as e:
        print("lab-check: the hand-in is refused:\n" + indent(str(e)))
        g = Grader(lab, src)
        g.held = "a hand-in the grader accepts (refused, see above)"
        return g.report(shown=rel(src)), json.loads(result.read_text())
    argv = ["/usr/bin/python3", str(Path(__file__).resolve()), str(lab), "--src", str(staged),
            "--out", str(out), "--sandboxed", "--shown-as", rel(src)]
    # Hidden from the grade: the solutions (and git's history of them),
    # and other hand-ins' build folders.
    rc, stdout, stderr = handin.sandbox(argv, out, hide=[ROOT / "tests" / "labs" / "solutions",
                                                        ROOT / ".git", BUILD / "grade"])
    sys.stdout.write(show_paths(stdout, staged, out, rel(src)))
    if rc is None or rc not in (0, 1) or not result.exists():
        why = ("the grade took longer than %d s (the time limit)" % handin.TIME_LIMIT
               if rc is None else "the grader failed (exit status %s):\n%s" %
               (rc, show_paths(tail(stderr, 20), staged, out, rel(src))))
        print("lab-check: " + why, file=sys.stderr)
        if rc is None:
            g = Grader(lab, src)
            g.held = why
            g.report(shown=rel(src))
            return 1, json.loads(result.read_text())
        return 2, None
    sys.stderr.write(stderr)
    return rc, json.loads(result.read_text())


def main():
    ap = argparse.ArgumentParser(description="Grade a coyote lab.")
    ap.add_argument("lab", type=int)
    ap.add_argument("--src", help="the student's files (default docs/labs/labN)")
    ap.add_argument("--out", help="the grade's build folder, where result.json goes "
                    "(default build/labN)")
    ap.add_argument("--hand-in", action="store_true",
                    help="an instructor grading a hand-in: leave its history alone")
    ap.add_argument("--prepare", action="store_true",
                    help="only build what lab N's grades read (scripts/grade-class, "
                    "before grading hand-ins side by side with --prepared)")
    ap.add_argument("--prepared", action="store_true", help=argparse.SUPPRESS)
    # The grade itself, in the sandbox, on the staged copy (grade()).
    ap.add_argument("--sandboxed", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--shown-as", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.lab not in LABS:
        print("lab-check: no grader for lab %d (labs: %s)" %
              (a.lab, ", ".join(str(n) for n in sorted(LABS))), file=sys.stderr)
        return 2
    out = Path(a.out).resolve() if a.out else BUILD / ("lab%d" % a.lab)
    # The build folder reaches make's command line (B=...), where $ and
    # spaces mean something: plain names only.
    if not re.fullmatch(r"[A-Za-z0-9/._,+-]+", str(out)):
        print("lab-check: --out %s: use letters, digits and /._,+- only" % out,
              file=sys.stderr)
        return 2
    if a.sandboxed:
        Grader.OUT = out
        return LABS[a.lab](Path(a.src)).report(shown=a.shown_as)
    # Grading boots the main kernel with its modules (lab 1's RTC driver is
    # one) and asks ofdump: build them first, whatever ran before.
    err = None if a.prepared else prepare(a.lab)
    if err:
        print("lab-check: " + err, file=sys.stderr)
        return 2
    if a.prepare:
        return 0
    # (Not resolved: a hand-in folder that is a link is refused, not followed.)
    src = Path(os.path.abspath(a.src)) if a.src else ROOT / "docs" / "labs" / ("lab%d" % a.lab)
    rc, result = grade(a.lab, src, out)
    if result and not a.hand_in and log_run(src, result):
        print("This run is logged in %s: hand it in with your files." %
              rel(src / HISTORY))
    return rc


if __name__ == "__main__":
    sys.exit(main())
