# SPDX-License-Identifier: BSD-2-Clause
"""What every lab's grader (tests/labs/graders/labN.py) shares: the
Grader and its fixed rubric, the tools (cpp and dtc, ofdump, dtbs_check,
kernel builds, QEMU's monitor, whynot), the answers' parsing, and the
starters as handed out (pristine()).  tests/labs/grade.py is the entry."""
import importlib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TESTS))
sys.path.insert(0, str(TESTS / "labs"))

from qemu.coyote import Coyote, ROOT, connect_unix, dts_cpp  # noqa: E402,F401
import handin  # noqa: E402
sys.path.insert(0, str(TESTS / "lib"))
from ofdump import devices as ofdump_devices  # noqa: E402,F401

BUILD = ROOT / "build"
HISTORY = ".history.jsonl"      # in the graded folder: one line per run
OFDUMP = BUILD / "host" / "ofdump"
I2C = "/external-bus/i2c@1,0"
VIC = "/amba/interrupt-controller@10140000"
DTC_FLAGS = ["-@", "-I", "dts", "-O", "dtb", "-W", "no-simple_bus_reg",
             "-W", "no-unit_address_vs_reg"]


class Grader:
    """One grade: the lab's fixed rubric (graders/labN.py's RUBRIC: every
    check, in order, with its points) and what this run found for each.
    Every check of the rubric is reported, so the maximum is the same for
    every hand-in: one that could not run scores 0 and says what it
    waited for."""

    OUT = None          # main(): the grade's own build folder (build/labN)

    def __init__(self, lab, src):
        mine = importlib.import_module("graders.lab%d" % lab)
        self.lab, self.title, self.src = lab, mine.TITLE, src
        self.rubric = mine.RUBRIC
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



def compile_lab_dts(src, out, include=()):
    """The board trees' rule: cpp (line markers kept, so dtc names the
    student's file and line), then dtc with warnings as errors; @include:
    more folders for #include after the file's own.
    Return (dtb or None, messages)."""
    pre = out.with_suffix(".pre")
    cpp = dts_cpp(src, "-I", src.parent, *["-I%s" % d for d in include], "-o", pre)
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
        self.sock = connect_unix(path, timeout)
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


def fdtget(dtb, node, prop, kind="s"):
    """A property's value as fdtget prints it, or None when it is missing."""
    res = subprocess.run(["fdtget", "-t", kind, str(dtb), node, prop],
                         capture_output=True, text=True, timeout=30)
    return res.stdout.strip() if res.returncode == 0 else None


def cells_of(dtb, node, prop):
    value = fdtget(dtb, node, prop, "x")
    return len(value.split()) if value else 0



BOARD_DTB = BUILD / "dts" / "versatilepb.dtb"


def _verdict(dev):
    return " ".join(v for v in (dev["verdict"], dev["driver"], dev["module"]) if v)


# What a device is, in the order a difference is reported: one line per
# device, its first difference (its reasons only when nothing else differs).
DEVICE_FIELDS = (("bus", lambda d: d["bus"]), ("address", lambda d: d["address"]),
                 ("reg", lambda d: "; ".join(d["regs"]) or "(none)"),
                 ("interrupts", lambda d: "; ".join(d["irqs"]) or "(none)"),
                 ("verdict", _verdict), ("reasons", lambda d: "; ".join(d["lines"])))


def board_changes(dtb, free=None, board=BOARD_DTB):
    """What the tree @dtb changed of the board's tree @board, where a lab
    keeps the board as it is: every device as the kernel would make it
    (ofdump --devices: its bus, address, registers, interrupts and
    verdict) and every property of /aliases and /chosen the board has.
    @free: {path: what the lab asks to change there}: "status" (its
    verdict and reasons may change), "gone" (it may stop being a device),
    "new" (a node the lab adds).  One line per difference; none when the
    board is kept."""
    free = free or {}
    mine, theirs = ofdump_devices(dtb), ofdump_devices(board)
    out = []
    for path, dev in theirs.items():
        allowed = free.get(path, "")
        if path not in mine:
            if allowed != "gone":
                out.append("%s: gone (the board has it: %s)" % (path, _verdict(dev)))
            continue
        fields = DEVICE_FIELDS[:4] if allowed in ("status", "gone") else DEVICE_FIELDS
        diff = next(((name, get(mine[path]), get(dev)) for name, get in fields
                     if get(mine[path]) != get(dev)), None)
        if diff:
            out.append("%s: %s %s; the board's: %s" % ((path,) + diff))
    out += ["%s: a device the board does not have" % p for p in mine
            if p not in theirs and free.get(p) != "new"]
    for node in ("/aliases", "/chosen"):
        for prop in props(board, node):
            want, got = fdtget(board, node, prop), fdtget(dtb, node, prop)
            if got != want:
                out.append("%s/%s: %s; the board's: \"%s\"" % (
                    node, prop, '"%s"' % got if got is not None else "missing", want))
    return out


def props(dtb, node):
    """The names of @node's properties in @dtb (fdtget -p)."""
    res = subprocess.run(["fdtget", "-p", str(dtb), node], capture_output=True, text=True,
                         timeout=30)
    return res.stdout.split() if res.returncode == 0 else []


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



SENSOR = "/external-bus/i2c@1,0/temperature-sensor@48"



def sensor_machine(g, kernel, more=""):
    """Labs 3 and 4: @kernel on the lab 3 tree with QEMU's TMP105 at 0x48
    and a QMP socket to set its temperature: (the Coyote, the socket path).
    @more: DTS the grader adds to that tree (nodes no student wrote)."""
    lab3 = ROOT / "docs" / "labs" / "lab3"
    src = lab3 / "lab3.dts"
    if more:
        src = g.out / "lab3-variant.dts"
        src.write_text('#include "lab3.dts"\n' + more)
    dtb, err = compile_lab_dts(src, g.out / "lab3.dtb", include=[lab3])
    if not dtb:
        raise RuntimeError("docs/labs/lab3/lab3.dts: " + err)
    sock = g.out / "qmp.sock"
    if sock.exists():
        sock.unlink()
    machine = Coyote(dtb=dtb, kernel=kernel,
                     extra=["-device", "tmp105,id=sensor,address=0x48",
                            "-qmp", "unix:%s,server=on,wait=off" % sock])
    return machine, sock


def heap_use(c):
    """`mem`'s heap use on the running @c: what it holds, in how many
    allocations ("?" when mem says no such thing): equal in two states
    when nothing leaked between them."""
    m = re.search(r"^Heap: .*?(used .+? in \d+ allocations?)", c.run("mem"), re.M)
    return m.group(1) if m else "?"


def initrd_with(g, extra, build=BUILD):
    """@build's initrd (its modules and modules.alias, the board's overlays
    in lib/firmware) with @extra added, [(name in the archive, bytes)]:
    @g.out/grader-initrd.cpio (not initrd.cpio: the folder may be a
    kernel build's, whose own initrd that is)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from mkinitrd import write_cpio
    files = [("lib/modules/" + k.name, k.read_bytes())
             for k in sorted((build / "modules").glob("*.ko")) +
             [build / "modules" / "modules.alias"]]
    files += [("lib/firmware/" + o.name, o.read_bytes())
              for o in sorted((build / "overlays").glob("*.dtbo"))]
    out = g.out / "grader-initrd.cpio"
    out.write_bytes(write_cpio(files + list(extra)))
    return out


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



def makefile_objs(folder):
    """{"obj-y": [...], "obj-m": [...]} from @folder's Makefile, read as
    text (handin.read_makefile()), or (None, why it cannot be read)."""
    objs, why = handin.read_makefile(folder / "Makefile")
    return objs, why or ""


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
