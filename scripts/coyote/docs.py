# SPDX-License-Identifier: BSD-2-Clause
"""docs: every transcript in README.md, docs/ and the lab pages, rewritten
from real runs (`make docs`), or checked against them (`make docs-check`).

    scripts/docs [--check] [--list] [PAGE...]

A transcript is a fenced block between two HTML comments that say how to
make it; the page shows only the block:

    <!-- transcript run log=all: help; mem; reboot -->
    ```
    ...
    ```
    <!-- /transcript -->

The recipe after "transcript" is KIND [OPTIONS]: BODY.

  run      boot the board under QEMU (as `make run`), then type each of
           BODY's `;`-separated commands at the prompt and show them with
           what they printed.  A command written -CMD is typed but not
           shown (traffic before a counter, say).  `reboot` ends the run
           and shows QEMU's exit status.  Options: log=all (the boot log
           under "$ make run"), log=REGEX (only the boot log's matching
           lines), dtb=PATH, qemu='QEMU OPTIONS', append='BOOTARGS',
           board=MACHINE (virt: QEMU writes the tree).
           session=NAME: the page's blocks with the same NAME share one
           boot, in page order (a walk told between paragraphs); the
           first of them says how to boot.  timeout=S: seconds a
           command may take (a long stress loop).
  host     run BODY in a shell at the top of the tree; shown as "$ BODY"
           and its output.  Option fails: BODY must exit non-zero (an
           error shown on purpose); its standard error is shown too.
  script   run scripts/BODY (a generator of its own, e.g. docs-devlinks
           --print boot); its standard output is the block.

Option nocheck (any kind): rewritten by `make docs`, never compared (a
benchmark's figures).  Adding a transcript is adding the comments around a
block: nothing to register here.

--check compares what each block says now with what it would say, apart
from timestamps, build ids, dates and times in ms (see NORMALISE), and
exits 1 naming every stale block; `make docs` rewrites them.
"""
import argparse
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from coyote.qemu import Coyote  # noqa: E402

PAGES = ["README.md", "docs/*.md", "docs/labs/*.md", "docs/labs/*/README.md"]
BEGIN = re.compile(r"^<!-- transcript (.*?) -->\n", re.M)
END = "<!-- /transcript -->"

# What may differ between two runs of the same kernel on the same tree.
NORMALISE = [
    (re.compile(r"^coyote [0-9a-f]{7,}\S*", re.M), "coyote BUILD"),            # build id
    (re.compile(r"[A-Z][a-z]{2} [ \d]\d \d{4} \d\d:\d\d:\d\d"), "DATE"),         # build date
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ?"), "DATE"),              # clocks
    (re.compile(r"\[ *\d+\.\d+\]"), "[TIME]"),                               # log stamps
    (re.compile(r"(\d+(\.\d+)?/)*\d+(\.\d+)? (ms|us)\b"), r"N \4"),             # durations
    (re.compile(r"up \d+(\.\d+)? s \(\d+ jiffies"), "up N s (N jiffies"),        # uptime
    (re.compile(r"\btime \d+ms\b"), "time Nms"),                               # ping's total
    (re.compile(r"^(cpu@\S+ +0x[0-9a-f]+ +\d+ +\S+) +\d+ +\d+(?=  )", re.M), r"\1 N N"),  # `cpus`: ticks, IPIs
    (re.compile(r"\d+ Hz \(measured"), "N Hz (measured"),                      # a rate timed at boot
]


def normalise(text):
    for pattern, repl in NORMALISE:
        text = pattern.sub(repl, text)
    return text


def parse_recipe(text):
    """KIND [OPTIONS]: BODY -> (kind, options, body); the colon that ends
    the options is the first one outside quotes."""
    quote = None
    for i, ch in enumerate(text):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == ":":
            kind, _, opts = text[:i].strip().partition(" ")
            return kind, parse_options(opts), text[i + 1:].strip()
    raise RuntimeError("transcript recipe %r has no ':'" % text)


def parse_options(text):
    opts = {}
    for word in shlex.split(text):
        key, _, value = word.partition("=")
        opts[key] = value if _ else True
    return opts


def boot(opts):
    extra = shlex.split(opts.get("qemu", "")) if opts.get("qemu") else []
    kwargs = {"extra": extra}
    if opts.get("dtb"):
        kwargs["dtb"] = ROOT / opts["dtb"]
    if opts.get("append"):
        kwargs["append"] = opts["append"]
    if opts.get("board"):
        kwargs["machine"] = opts["board"]
    return Coyote(**kwargs)


def run_block(opts, body, sessions):
    """A `run` block; one in a session the page has booted already types
    its commands into that boot (sessions: NAME -> Coyote, closed by the
    caller)."""
    name = opts.get("session")
    if name and name in sessions:
        return type_commands(sessions[name], opts, body)
    c = boot(opts)
    if name:
        sessions[name] = c
        return type_commands(c, opts, body)
    with c:
        return type_commands(c, opts, body)


def type_commands(c, opts, body):
    out = []
    log = opts.get("log")
    lines = c.boot_log.rstrip("\n").splitlines()
    if log is True or log == "all":
        out.append("$ make run")
        out += lines
    elif log:
        out += [l for l in lines if re.search(log, l)]
    for cmd in [w.strip() for w in body.split(";") if w.strip()]:
        hidden = cmd.startswith("-")
        cmd = cmd.lstrip("-")
        if cmd == "reboot":
            c.send("reboot\r")
            status = c.wait_exit()
            said = c.output_at_exit.splitlines()
            out.append("coyote# reboot")
            out += [l for l in said if l.strip() and l.strip() != "reboot"]
            out += ["$ echo $?", str(status)]
            break
        said = c.run(cmd, **({"timeout": int(opts["timeout"])} if "timeout" in opts else {}))
        if not hidden:
            out.append("coyote# " + cmd)
            out += said.rstrip("\n").splitlines()
    return "\n".join(out)


def make_block(kind, opts, body, sessions):
    if kind == "run":
        return run_block(opts, body, sessions)
    if kind == "host":
        res = subprocess.run(body, shell=True, cwd=str(ROOT), capture_output=True,
                             text=True, timeout=600)
        if bool(res.returncode) != bool(opts.get("fails")):
            raise RuntimeError("`%s` %s:\n%s" % (body, "exited %d" % res.returncode
                                                 if res.returncode else "did not fail",
                                                 res.stdout + res.stderr))
        said = res.stdout + (res.stderr if opts.get("fails") else "")
        return "$ %s\n%s" % (body, said.rstrip("\n"))
    if kind == "script":
        words = shlex.split(body)
        res = subprocess.run([str(ROOT / "scripts" / words[0])] + words[1:], cwd=str(ROOT),
                             capture_output=True, text=True, timeout=900)
        if res.returncode:
            raise RuntimeError("scripts/%s failed:\n%s" % (body, res.stdout + res.stderr))
        return res.stdout.rstrip("\n")
    raise RuntimeError("unknown transcript kind %r (run, host, script)" % kind)


# A page that shows a whole page (docs/adding-a-lab.md's new lab) fences
# it with four backticks: the transcripts inside are that page's, not
# this one's.
QUOTED = re.compile(r"^(````+)[a-z]*\n.*?^\1\n", re.M | re.S)


def blocks(text):
    """[(start, end, kind, opts, body, current block text)] of a page."""
    found = []
    quoted = [m.span() for m in QUOTED.finditer(text)]
    for m in BEGIN.finditer(text):
        if any(a <= m.start() < b for a, b in quoted):
            continue
        end = text.find(END, m.end())
        if end < 0:
            raise RuntimeError("a transcript at offset %d has no %s" % (m.start(), END))
        inner = text[m.end():end]
        fence = re.fullmatch(r"```\n(.*?)\n?```\n", inner, re.S)
        kind, opts, body = parse_recipe(m.group(1))
        found.append((m.end(), end, kind, opts, body, fence.group(1) if fence else None))
    return found


def pages(args):
    if args:
        return [ROOT / p for p in args]
    return sorted(p for pat in PAGES for p in ROOT.glob(pat))


def main():
    ap = argparse.ArgumentParser(description="Rewrite or check the pages' transcripts.")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--list", action="store_true", help="list the transcripts, run nothing")
    ap.add_argument("pages", nargs="*")
    a = ap.parse_args()
    stale, count = [], 0
    for page in pages(a.pages):
        text = page.read_text()
        found = blocks(text)
        if not found:
            continue
        name = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page
        new = text
        # In page order (a session's blocks follow each other), then
        # rewritten from the last block back, so earlier offsets stay right.
        made, sessions = [], {}
        try:
            for start, end, kind, opts, body, old in found:
                count += 1
                line = text.count("\n", 0, start)
                if a.list:
                    print("%s:%d: %s %s" % (name, line, kind, body))
                    continue
                if a.check and opts.get("nocheck"):
                    continue
                made.append((start, end, kind, body, old, line,
                             make_block(kind, opts, body, sessions)))
        finally:
            for c in sessions.values():
                c.close()
        for start, end, kind, body, old, line, now in reversed(made):
            if a.check:
                if old is None or normalise(old) != normalise(now):
                    stale.append("%s:%d: transcript `%s %s` differs from a run now"
                                 % (name, line, kind, body))
            elif old is None or normalise(old) != normalise(now):
                # A block that differs only in times keeps its old text.
                new = new[:start] + "```\n" + now + "\n```\n" + new[end:]
        if not a.check and not a.list and new != text:
            page.write_text(new)
            print("docs: rewrote %s" % name)
    if stale:
        print("\n".join(stale) + "\nRun `make docs` to rewrite them from the kernel as it "
              "is now.", file=sys.stderr)
        return 1
    if a.check:
        print("docs-check: %d transcripts match the kernel" % count)
    return 0
