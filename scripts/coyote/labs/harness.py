# SPDX-License-Identifier: BSD-2-Clause
"""What every lab's grader (scripts/coyote/labs/graders/labN.py) and self-check
(scripts/coyote/labs/selfcheck/labN.py) share: the Grader and its fixed rubric,
the tools (cpp and dtc, ofdump, dtbs_check, kernel builds, QEMU's
monitor, whynot), the answers' parsing, and the starters as handed out
(pristine()).  scripts/lab-check is the entry.  The hand-out ships this
file: it holds no check's test value (those stay in graders/)."""
import hashlib
import importlib
import json
import random
import re
import shutil
import subprocess
import time
from pathlib import Path

import pexpect

from coyote.qemu import PROMPT, ROOT, KernelStuck, connect_unix, dts_cpp  # noqa: E402,F401
from coyote import qemu as _qemu  # noqa: E402
from coyote.labs import handin  # noqa: E402
from coyote.ofdump import devices as ofdump_devices  # noqa: E402,F401

BUILD = ROOT / "build"
HISTORY = ".history.jsonl"      # in the graded folder: one line per run
OFDUMP = BUILD / "host" / "ofdump"
I2C = "/external-bus/i2c@1,0"
VIC = "/amba/interrupt-controller@10140000"
DTC_FLAGS = ["-@", "-I", "dts", "-O", "dtb", "-W", "no-simple_bus_reg",
             "-W", "no-unit_address_vs_reg"]


REPORT_LINES = 150     # the most a check's hint prints

SELFCHECK_BANNER = """\
SELF-CHECK, NOT THE GRADE: lab %(lab)d's self-check runs %(n)d checks a student can
run (the build, the boot, what your own tree and kernel show, the page's
example values).  Your instructor grades with the full rubric on the lab's
page, with test values of its own that this copy does not hold."""


class Coyote(_qemu.Coyote):
    """QEMU as a grade runs it: in the tools' sandbox of the grade now
    running (Grader() sets WRAP), which sees no build/tests; without
    semihosting, so the student's kernel asks QEMU for no file (it could
    write the grade's folder, which a later grade there reads); a soft
    lockup ends a wait for the prompt (KernelStuck)."""
    WRAP = None
    STUCK_ENDS_WAIT = True

    def __init__(self, *args, semihosting=False, **kwargs):
        super().__init__(*args, semihosting=semihosting, **kwargs)


class Grader:
    """One grade: the lab's fixed rubric (graders/labN.py's RUBRIC: every
    check, in order, with its points) and what this run found for each.
    Every check of the rubric is reported, so the maximum is the same for
    every hand-in: one that could not run scores 0 and says what it
    waited for."""

    OUT = None          # main(): the grade's own build folder (build/labN)
    SEED = None         # main(): --seed, to grade again as a recorded grade did

    def __init__(self, lab, src, kind="graders"):
        """@kind: "graders" (the grade) or "selfcheck" (the student's
        self-check: its own subset of checks, with other test values)."""
        mine = importlib.import_module("coyote.labs.%s.lab%d" % (kind, lab))
        self.lab, self.title, self.src = lab, mine.TITLE, src
        self.rubric = mine.RUBRIC
        self.selfcheck = kind == "selfcheck"
        self.found = {}         # check -> (status, hint)
        self.held = None        # why every check not run waits (refused hand-in)
        self.out = Grader.OUT or BUILD / ("lab%d" % lab)
        self.out.mkdir(parents=True, exist_ok=True)
        # The test values this grade draws (temperatures, addresses, counts)
        # come from one seed the student never sees: result.json records
        # it, and `grade.py --seed` grades again with the same values.
        self.seed = Grader.SEED if Grader.SEED is not None else random.SystemRandom().getrandbits(32)
        self.rng = random.Random(self.seed)
        # QEMU runs the student's kernel: in the tools' sandbox, with the
        # rest (on the grade's loopback: lab 10's gdb reaches QEMU's stub
        # there), and without semihosting (Coyote).
        Coyote.WRAP = lambda argv: handin.tool_argv(argv, self.out, net=True)

    def _record(self, text, status, hint):
        if text not in self.rubric:
            raise RuntimeError("lab %d grader: %r is not in its rubric" % (self.lab, text))
        if text in self.found:
            raise RuntimeError("lab %d grader: %r reported twice" % (self.lab, text))
        self.found[text] = (status, hint)

    def check(self, text, ok, hint="", note=""):
        """The check @text: passed when @ok, else its @hint is shown;
        @note: what a passed check still tells (a warning)."""
        self._record(text, "pass" if ok else "todo", note if ok else hint)
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
            "kind": "self-check" if self.selfcheck else "grade",
            "seed": self.seed,
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
        if self.selfcheck:
            print(SELFCHECK_BANNER % {"lab": self.lab, "n": len(results)})
        print("Lab %d%s: %s  (files: %s)" % (self.lab, " self-check" if self.selfcheck else "",
                                            self.title, shown or rel(self.src)))
        for status, text, hint, points in results:
            print("  [%s] %s  (%d/%d)" % (status, text, points if status == "pass" else 0,
                                        points))
            # (Each tool's output is a slice already: this bounds them all.)
            for line in handin.bounded(show(hint), REPORT_LINES).splitlines():
                print("         " + line)
        done = sum(1 for r in results if r[0] == "pass")
        got, most = self.score()
        self.write_result(shown)
        print()
        print("Score: %d/%d points (%s)" % (got, most, rel(self.out / "result.json")))
        if done == len(results) and self.selfcheck:
            print("All %d checks of the self-check pass.  This is not your grade: the\n"
                  "instructor's grader checks more (the page's whole rubric), with test\n"
                  "values of its own." % done)
            return 0
        if done == len(results):
            print("All %d checks pass: lab %d is done. Well done!" % (done, self.lab))
            return 0
        print("%d of %d checks pass. Not there yet: start with the first [todo] above."
              % (done, len(results)))
        return 1


def bootargs_with(dtb, words):
    """@dtb's own bootargs (/chosen, which -append replaces) with @words
    added: -append's value for a boot that needs a kernel option more."""
    return ((fdtget(dtb, "/chosen", "bootargs") or "") + " " + words).strip()


class Boots:
    """QEMUs booted on first use, one per tree and set of Coyote()
    arguments, all closed together (the heap check included): for a
    grader whose answers may all be kept() already, so boots nothing."""

    def __init__(self):
        self.booted = {}

    def __call__(self, dtb, **qemu):
        """The Coyote booted on @dtb with @qemu, booting it the first time."""
        key = (str(dtb), tuple(sorted(qemu.items())))
        if key not in self.booted:
            self.booted[key] = Coyote(dtb=dtb, **qemu)
        return self.booted[key]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for machine in self.booted.values():
            machine.close()


def kept(g, name, inputs, compute):
    """compute()'s result (JSON: lists, not tuples), kept in the grade's
    folder as @name.json with a digest of @inputs (a Path: its bytes;
    anything else: its text): a later grade whose inputs are the same
    reads it instead.  Only for what its inputs alone decide, where no
    hand-in's code runs (the project's own kernel on the grader's trees,
    asked a read-only command): the folder is written by no hand-in,
    whose tools write only what they are told to and whose kernel runs
    without semihosting (Coyote).  compute() raising keeps nothing."""
    key = hashlib.sha256()
    for part in inputs:
        key.update(part.read_bytes() if isinstance(part, Path) else str(part).encode())
        key.update(b"\0")
    path = g.out / (name + ".json")
    try:
        known = json.loads(path.read_text())
        if known["key"] == key.hexdigest():
            return known["value"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    value = compute()
    path.write_text(json.dumps({"key": key.hexdigest(), "value": value}))
    return value


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
    # Both in the tools' sandbox, in the file's own folder: what an
    # include or an incbin names is looked for there and in the prepared
    # tree, never in the grader's files.
    cpp = handin.run_tool([ROOT / "scripts" / "dts-cpp", "-I", src.parent] +
                          ["-I%s" % d for d in include] + ["-o", pre, src],
                          out.parent, cwd=src.parent, timeout=60)
    if cpp.returncode:
        return None, said(cpp.stderr)
    # dtc's own /include/ and /incbin/, written or made by a macro, may
    # not reach out of the hand-in either.
    refused = handin.include_problems(pre, dtc_only=True)
    if refused:
        return None, said("\n".join(refused))
    dtc = handin.run_tool(["dtc"] + DTC_FLAGS + ["-o", out, pre], out.parent,
                          cwd=src.parent, timeout=60)
    if dtc.returncode or dtc.stderr.strip():
        return None, said(dtc.stderr)
    return out, ""


def said(text):
    """What a tool printed, as a report may quote it: a bounded slice."""
    return handin.bounded(text.strip())


def dtbs_check(dtb, schema=None, out=None):
    """(clean?, findings): @dtb against the processed binding schema (the
    project's, built first, or @schema), as `make dtbs_check` checks the
    board (the board's waived findings stay waived); in the tools'
    sandbox, @out (by default @dtb's folder) holding both."""
    if schema is None:
        schema = ROOT / "build" / "bindings" / "processed-schema.json"
        if not schema.exists():
            return False, "(the schema is not built: the grade's prepare step makes it)"
    res = handin.run_tool([ROOT / "scripts" / "dtbs-check", "--waivers",
                           ROOT / "dts" / "bindings" / "dtbs_check.waivers", schema, dtb],
                          out or Path(dtb).parent, timeout=300)
    return res.returncode == 0 and not res.stderr.strip(), said(res.stdout + res.stderr)


def dtbs_check_each(dtbs, schema, out, waivers=True):
    """dtbs-check of @dtbs (absolute paths) against @schema in one run
    (dt-validate loads the schema once), the board's waivers applied
    unless @waivers is false: (exit status, [(clean?, findings)] for each
    blob, in order).  A finding names its blob first; a line that names
    none (a stale waiver) is every blob's."""
    args = [ROOT / "scripts" / "dtbs-check"]
    if waivers:
        args += ["--waivers", ROOT / "dts" / "bindings" / "dtbs_check.waivers"]
    res = handin.run_tool(args + [schema] + [str(d) for d in dtbs], out, timeout=300)
    # (dtbs-check prints findings on stderr, four spaces in; each starts
    # with its blob's name and ends with its "From schema: FILE" line.)
    per = {str(d): [] for d in dtbs}
    every = []
    cur = every
    for line in res.stderr.splitlines():
        if not line.strip():
            continue
        m = re.match(r"^\s*(\S+\.dtb)(?::\d+:\d+)?: ", line)
        if m and m.group(1) in per:
            cur = per[m.group(1)]
            line = line[m.end():]
        cur.append(re.sub(r"^    ", "", line))
    return res.returncode, [(not (every + per[str(d)]), "\n".join(every + per[str(d)]))
                            for d in dtbs]


def tail(text, n=15):
    return "\n".join(text.strip().splitlines()[-n:])


def first_errors(text, n=15):
    """The build log from the first error on (the first is the real one;
    later ones often follow from it), at most @n lines (each bounded)."""
    lines = text.strip().splitlines()
    first = next((i for i, l in enumerate(lines)
                  if re.search(r"\b(error|Error|undefined reference)\b|^modpost: (?!warning)", l)),
                 None)
    if first is None:
        return said(tail(text, n))
    # Keep gcc's "In function" line above the error.
    if first and re.search(r"In function|At top level", lines[first - 1]):
        first -= 1
    return said("\n".join(lines[first:first + n]))


# The main build's parts a hand-in's kernel is linked from (the prepared
# tree): its objects, modules and trees, copied into the grade's folder
# with their times, so make compiles the student's files only and links
# them with the rest.  Never what a link makes (kernel.elf, kernel.bin,
# the symbol tables): copied with the main build's newer time, they would
# stand for a kernel without the student's objects.
PREBUILT = ("arch", "block", "drivers", "include", "kernel", "of", "dts", "mod", "modules",
            "overlays")


def prepare_tree(out):
    """Copy the main build's objects (PREBUILT's folders) into @out,
    each only when it differs, times kept: what the student's objects
    link against."""
    def sync(src, dest):
        if src.is_dir():
            dest.mkdir(parents=True, exist_ok=True)
            for child in src.iterdir():
                sync(child, dest / child.name)
        elif src.is_file():
            st = src.stat()
            try:
                d = dest.stat()
                if d.st_mtime_ns == st.st_mtime_ns and d.st_size == st.st_size:
                    return
            except FileNotFoundError:
                pass
            shutil.copy2(src, dest)
    for name in PREBUILT:
        sync(BUILD / name, out / name)


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
    # Against the main build (prepare_tree()): make compiles the
    # student's files, in the tools' sandbox, and links.
    prepare_tree(g.out)
    res = handin.run_tool(["make", "-s", "-j2", "--no-print-directory", "B=" + rel(g.out),
                           var + "=" + str(Path(driver).resolve()), "all"], g.out)
    if res.returncode:
        return None, res.stdout + res.stderr
    return g.out / "kernel.bin", style_warnings(res.stdout + res.stderr)


def style_warnings(log):
    """The warnings a build that passed still printed: scripts/lab-cc's,
    a macro of the kernel's headers defined again (style, not an error)."""
    return "\n".join(l for l in log.splitlines() if ": warning: " in l)


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


class Answers:
    """A student's written answers, one per question: {key: value}, and
    the keys refused (answered on more than one line, or with a list
    where one value is asked), each with why.  read_answers() makes them;
    a grader reads a key with given() (one check per key)."""

    def __init__(self, values, refused, lines):
        self.values, self.refused, self.lines = values, refused, lines

    def get(self, key, default=""):
        return self.values.get(key, default)

    def __getitem__(self, key):
        return self.values[key]

    def given(self, g, what, key):
        """@key's answer (\"\" when not answered), or None after the check
        @what failed because @key is refused (its hint names the key)."""
        if key in self.refused:
            g.check(what, False, "Refused: %s  One answer per question: the grader "
                    "never picks\nthe right one out of several." % self.refused[key])
            return None
        return self.get(key)


def _is_list(value):
    """Whether @value gives several answers: two values joined by a comma,
    a semicolon, a bar or the word or/and.  A note in parentheses is a
    note; a path (/...) may hold commas (a unit address's)."""
    top = re.sub(r"\([^)]*\)", " ", value)
    words = top.split()
    return any(not w.startswith("/") and re.search(r"[,;|]", w) for w in words) or \
        any(w.lower() in ("or", "and", "/") for w in words)


def read_answers(path, sep="=", block=None, keys=None, lists=True, commas=()):
    """A student's answers in @path, one per question (Answers), from
    KEY = VALUE lines (@sep "="), or KEY: VALUE lines in blocks (@block:
    the key that starts each, as lab 6's fault log; a list of Answers, one
    per block with an answer).  A `#` line is a comment, and after an "="
    value the student's note; @keys: the only keys read (others are text);
    @lists: refuse a value that is a list (where one value is asked),
    except for the keys in @commas, whose one value holds commas of its own
    (a compatible string).  A key answered on two lines of one block is
    refused, not read twice."""
    blocks, seen, values, lines = [], {}, {}, {}

    def close():
        refused = {}
        for key, where in seen.items():
            if len(where) > 1:
                refused[key] = "%s is answered %d times in %s (lines %s)." % (
                    key, len(where), Path(path).name, ", ".join(str(n) for n in where))
            elif lists and key not in commas and _is_list(values[key]):
                refused[key] = "%s %s %s gives more than one answer; the question asks " \
                    "for one value." % (key, sep, values[key])
        if seen:
            blocks.append(Answers(dict(values), refused, dict(lines)))

    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        if line.lstrip().startswith("#") or sep not in line:
            continue
        k, _, v = line.partition(sep)
        key = k.strip() if sep == "=" else k.strip().lower()
        if keys is not None and key not in keys:
            continue
        value = v.split("#", 1)[0].strip() if sep == "=" else v.strip()
        if block and key == block and seen:
            close()
            seen, values, lines = {}, {}, {}
        if not value:
            continue    # a blank left as handed out is no answer
        seen.setdefault(key, []).append(n)
        values[key], lines[key] = value, n
    close()
    if block:
        return [b for b in blocks if any(b.values.values())]
    return blocks[0] if blocks else Answers({}, {}, {})


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
    "wrong value" (with where to look) are three different hints; @given
    None: refused (Answers.given() failed the check already)."""
    if given is None:
        return False
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



def sensor_machine(g, kernel, more="", chips=()):
    """Labs 3 and 4: @kernel on the lab 3 tree with QEMU's TMP105 at 0x48
    and a QMP socket to set its temperature: (the Coyote, the socket path).
    @more: DTS the grader adds to that tree (nodes no student wrote);
    @chips: (QOM id, address) of more TMP105s QEMU models.  QEMU traces
    the bus's traffic into i2c_log(g) (what the chips saw: tmp105_seen())."""
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
                     extra=["-device", "tmp105,id=sensor,address=0x48"] +
                     [a for qid, addr in chips
                      for a in ("-device", "tmp105,id=%s,address=0x%02x" % (qid, addr))] +
                     ["-qmp", "unix:%s,server=on,wait=off" % sock,
                      "-trace", "i2c_send", "-trace", "i2c_event",
                      "-D", str(i2c_log(g))])
    return machine, sock


def i2c_log(g):
    return g.out / "i2c.log"


def tmp105_seen(g, addr=0x48):
    """What the TMP105 at @addr saw, from QEMU's trace of the bus (the
    chip's side, whatever the kernel printed): [(what, CONF then)], what
    "conf" for a write of its configuration register, "read" for a read
    of its temperature."""
    seen, conf, pointer, sent = [], 0, None, []
    text = i2c_log(g).read_text() if i2c_log(g).exists() else ""
    for m in re.finditer(r"^i2c_(event|send) (\w+)\(addr:0x([0-9a-f]+)\)(?: data:0x([0-9a-f]+))?",
                         text, re.M):
        kind, what, at, data = m.group(1), m.group(2), int(m.group(3), 16), m.group(4)
        if at != addr:
            continue
        if kind == "send":
            sent.append(int(data, 16))
            continue
        if what in ("start", "finish", "start_async") and sent:
            # A write ends: its first byte is the pointer, the rest the register.
            pointer = sent[0] & 3
            if pointer == 1 and len(sent) > 1:
                conf = sent[1]
                seen.append(("conf", conf))
            sent = []
        if what == "start_async" and pointer == 0:
            seen.append(("read", conf))
    return seen


def settle(c, quiet=0.4, limit=10):
    """Read @c's console until it has been quiet for @quiet seconds
    (@limit at most): what the kernel prints on its own (a driver logging
    from its interrupt, the heap debug mode's late report) is then in
    c.printed, and the next command's echo does not come amid it.
    Returns all @c printed."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            c.child.read_nonblocking(65536, timeout=quiet)
        except (pexpect.TIMEOUT, pexpect.EOF, OSError):
            break
    return c.printed.getvalue()


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
    from coyote.mkinitrd import write_cpio
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
    first error (and @more); @later skipped when it did not build.  A
    build that passed with warnings (@log: style_warnings()) shows them."""
    if g.check(text, kernel, "The build said (from its first error):\n" +
               indent(first_errors(log)) + more,
               note="Built, with a warning (not graded):\n" + indent(said(log))
               if kernel and log else ""):
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
    prepare_tree(PLANTED)
    res = subprocess.run(["make", "-s", "-j2", "--no-print-directory", "B=" + rel(PLANTED),
                          "LAB_DRIVER=" + str(drv), "all"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    return (PLANTED / "kernel.bin" if res.returncode == 0 else None), res.stdout + res.stderr


# --- what the self-checks check (scripts/coyote/labs/selfcheck/) -----------------------

def check_boots(g, text, later=(), **qemu):
    """The check @text that a kernel boots to its shell's prompt, QEMU
    started with @qemu (Coyote's arguments); @later skipped when not."""
    try:
        with Coyote(**qemu):
            pass
    except Exception as e:      # QEMU ended, timed out, or its heap check failed
        g.check(text, False, "It did not reach the shell's prompt:\n" + indent(said(str(e))))
        g.skip_all(later, "the boot")
        return False
    return g.check(text, True)



def check_overlay(g, src, name):
    """The check that the student's @name.dtso compiles as dts/overlays are
    (dtc -@): the .dtbo in the grade's folder, or None after a failed check."""
    dtbo = g.out / (name + ".dtbo")
    res = handin.run_tool(["dtc", "-q", "-@", "-W", "no-unit_address_vs_reg", "-I", "dts",
                           "-O", "dtb", "-o", dtbo, src / (name + ".dtso")], g.out, cwd=src,
                          timeout=60)
    ok = g.check("%s.dtso compiles as an overlay (dtc -@)" % name, res.returncode == 0,
                 "dtc said:\n" + indent(said(res.stderr)))
    return dtbo if ok else None

def check_answered(g, text, path):
    """The check @text that each question of the lab's answers.txt as
    handed out (kept by the grade's prepare step) has one answer in @path.
    Whether an answer is right is the grade's: a self-check never says."""
    starter = (PRISTINE / ("lab%d" % g.lab) / "answers.txt").read_text()
    keys = re.findall(r"^\s*([A-Za-z_][A-Za-z_0-9]*)\s*=", starter, re.M)
    answers = read_answers(path, keys=keys, lists=False)
    problems = [answers.refused.get(k) or "%s is not answered yet." % k
                for k in keys if k in answers.refused or not answers.get(k)]
    return g.check(text, not problems,
                   "\n".join(problems) + "\nOne answer per question, after its \"=\" "
                   "(whether it is right, the grade says).")


def check_kbuild(g, text, src, later=()):
    """The check @text that @src's Makefile (read as text: obj-y, obj-m)
    builds into a kernel and its modules: the kernel.bin, or None after a
    failed check (@later skipped)."""
    objs, why = makefile_objs(src)
    if objs is None:
        g.check(text, False, "The grader cannot read your Makefile:\n" + indent(why))
        g.skip_all(later, "the build")
        return None
    kernel, log = build_kernel(g, src, "LAB_KBUILD")
    return kernel if check_build(g, text, kernel, log, later) else None
