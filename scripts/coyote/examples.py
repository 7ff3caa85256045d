# SPDX-License-Identifier: BSD-2-Clause
"""docs-examples: run the commands README.md and docs/ show (the labs have
their graders), in a tree of your choice, and check what the text says
about them.  tests/docs/test_examples.py runs every one on a fresh copy of
the tree.

    scripts/docs-examples [--list] [--tree DIR] [PAGE[:LINE]...]

A transcript (scripts/docs) shows output the kernel printed.  An example
is a block of commands (fenced, or indented four spaces) with one HTML
comment above it saying how to check it:

    <!-- example expect='using built-in DTB' -->
    ```sh
    make run DTB=          # a comment after two spaces and # is text
    ```

Each line of the block is one command, run at the top of the tree:

  make run ...     booted on a terminal (as a user types it): it must
                   reach the prompt; the commands of type='a; b' are typed
                   there; then `reboot`, and make must exit 0.  With the
                   option ends, the last typed command ends QEMU itself
                   (a fault with panic=N, say): no reboot is typed.
  make debug ...   must stop GDB at start_kernel; then `quit`, exit 0.
  make ...         any other target: must exit 0 (stdin empty).
  coyote# CMD      typed into one boot of the board (options qemu='...',
                   append='...'); text after the command is the page's
                   description, not output.  CMD must not answer with
                   usage, an unknown command or an error code.

Options (shell words): expect='TEXT' (several allowed): each must be in
what the block's commands printed; reject='TEXT': must not be; file=PATH:
must exist afterwards (tree-relative); dry=TARGET,...: lines running
those make targets are checked with `make -n` only, because they take
minutes (`make test`, `make mutate`); the count says how many.

A synopsis (`<!-- synopsis -->` above the block) shows commands with
placeholders (`make lab-check LAB=N`): nothing runs, the test checks that
each make line names real targets, as it does for commands in the text.

Options of the lab pages: solution=N:FILE boots, for the block's coyote#
lines, a kernel built with lab N's model answer FILE
(tests/labs/solutions/labN/FILE, `make LAB_DRIVER=`): the commands a lab
shows need the driver the student writes.

Exits 1 naming each example that failed.
"""
import argparse
import os
import re
import shlex
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

import pexpect  # noqa: E402

from coyote.qemu import PROMPT, Coyote  # noqa: E402

PAGES = ["README.md", "docs/*.md", "docs/labs/README.md", "docs/labs/*/README.md"]
MARK = re.compile(r"^<!-- example(.*?) -->$")
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```\n", re.M | re.S)
LIST_ITEM = re.compile(r"^\s*([-*+]|\d+\.)\s")
# A fenced block in one of these languages (or none) that has such a line
# shows commands: it must be a transcript or an example.
SHELL_LANGS = ("", "sh", "shell", "console", "bash")
COMMAND_LINE = re.compile(r"^\s*(\$ |coyote# |make\b|build/|scripts/|sudo |git )")
ERROR_ANSWER = re.compile(r"^usage: |^unknown command|\((E[A-Z]+)\)$|: (error )?E[A-Z]+$", re.M)
BOOT_TIMEOUT = 600      # a fresh tree builds first
CMD_TIMEOUT = 120


class Example:
    def __init__(self, page, line, opts, commands):
        self.page, self.line, self.opts, self.commands = page, line, opts, commands

    @property
    def name(self):
        return "%s:%d" % (self.page, self.line)

    def dry(self, cmd):
        targets = self.opts.get("dry", [""])[0].split(",")
        words = shlex.split(cmd)
        return any(t and t in words[1:] for t in targets)


def parse_options(text):
    opts = {}
    for word in shlex.split(text):
        key, _, value = word.partition("=")
        opts.setdefault(key, []).append(value)
    return opts


def strip_comment(line):
    """The command without the page's `  # note` after it."""
    return re.split(r"\s{2,}#\s", line, maxsplit=1)[0].strip()


def code_blocks(text):
    """[(line, language, body, the line above)] of a page's code blocks:
    fenced ones, and those indented four spaces after a blank line (not a
    list item's continuation); line is the block's first, 1-based; the
    line above is the last non-blank one before it (its marker, if any)."""
    found = []
    for m in FENCE.finditer(text):
        before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        found.append((text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2), before))
    # Fenced blocks blanked (line numbers kept), then the indented ones.
    lines = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text).split("\n")
    i = 0
    while i < len(lines):
        above = next((l for l in reversed(lines[:i]) if l.strip()), "")
        if (lines[i].startswith("    ") and lines[i].strip() and i and not lines[i - 1].strip()
                and not above.startswith(" ") and not LIST_ITEM.match(above)):
            end = i
            while end < len(lines) and (lines[end].startswith("    ") or not lines[end].strip()):
                end += 1
            body = "".join(l[4:] + "\n" for l in lines[i:end]).rstrip("\n") + "\n"
            found.append((i + 1, "", body, above))
            i = end
        else:
            i += 1
    return sorted(found)


def marked_line(text, block_line, above):
    """The line number of the marker @above the block at @block_line."""
    lines = text.split("\n")
    return max(n for n in range(block_line) if lines[n - 1] == above) if block_line > 1 else 0


def examples(root, page):
    text = (root / page).read_text()
    found = []
    for line, _, body, above in code_blocks(text):
        m = MARK.match(above)
        if not m:
            continue
        cmds = [strip_comment(l) for l in body.splitlines() if strip_comment(l)]
        found.append(Example(page, marked_line(text, line, above), parse_options(m.group(1)),
                             cmds))
    return found


def synopses(root, page):
    """[(line, body)] of the blocks marked `<!-- synopsis -->`."""
    return [(line, body) for line, _, body, above in code_blocks((root / page).read_text())
            if above == "<!-- synopsis -->"]


def unmarked(root, page):
    """Line numbers of command blocks with no marker above."""
    bad = []
    for line, lang, body, above in code_blocks((root / page).read_text()):
        if lang not in SHELL_LANGS:
            continue
        if above.startswith(("<!-- example", "<!-- transcript", "<!-- synopsis")):
            continue
        if any(COMMAND_LINE.match(l) for l in body.splitlines()):
            bad.append(line)
    return bad


def all_pages(root):
    return sorted(str(p.relative_to(root)) for pat in PAGES for p in root.glob(pat))


def make(tree, args, timeout=CMD_TIMEOUT * 5):
    env = dict(os.environ)
    for var in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
        env.pop(var, None)
    return subprocess.run(["make", "--no-print-directory"] + args, cwd=str(tree), env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=timeout)


def on_terminal(tree, args, until, then, timeout=BOOT_TIMEOUT):
    """make ARGS on a pty until the regex @until; send @then (a list of
    (text, regex-to-wait-for)); returns (output, exit status)."""
    child = pexpect.spawn("make", ["--no-print-directory"] + args, cwd=str(tree),
                          encoding="utf-8", codec_errors="replace", timeout=timeout,
                          env={k: v for k, v in os.environ.items()
                               if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")})
    out = []
    try:
        child.expect(until)
        out.append(child.before + child.after)
        for text, wait in then:
            child.send(text)
            child.expect(wait, timeout=CMD_TIMEOUT)
            out.append(child.before + (child.after if isinstance(child.after, str) else ""))
        child.close()
        return "".join(out).replace("\r", ""), child.exitstatus
    except pexpect.ExceptionPexpect as e:
        raise RuntimeError("`make %s`: %s\n%s" % (" ".join(args), type(e).__name__,
                                                  "".join(out) + (child.before or "")))
    finally:
        if child.isalive():
            child.terminate(force=True)


def run_line(tree, ex, cmd):
    """Run one command line of @ex; return what it printed."""
    words = shlex.split(cmd)
    if words[0] != "make":
        raise RuntimeError("%s: %r: only make and coyote# lines run here" % (ex.name, cmd))
    args = words[1:]
    if ex.dry(cmd):
        res = make(tree, ["-n"] + args)
        if res.returncode:
            raise RuntimeError("`make -n %s` exited %d:\n%s" % (" ".join(args), res.returncode,
                                                                res.stdout + res.stderr))
        return ""
    target = next((a for a in args if "=" not in a and not a.startswith("-")), "all")
    if target == "run":
        typed = [c.strip() for c in ex.opts.get("type", [""])[0].split(";") if c.strip()]
        steps = [(c + "\r", re.escape(PROMPT)) for c in typed]
        if "ends" in ex.opts and steps:
            steps[-1] = (steps[-1][0], pexpect.EOF)
        else:
            steps.append(("reboot\r", pexpect.EOF))
        out, status = on_terminal(tree, args, re.escape(PROMPT), steps)
    elif target == "debug":
        out, status = on_terminal(tree, args, r"coyote: stopped at start_kernel[^\n]*\n"
                                  r"[^\n]*\n[^(]*\(gdb\) ", [("quit\r", pexpect.EOF)])
    else:
        res = make(tree, args)
        out, status = res.stdout + res.stderr, res.returncode
    if status != 0:
        raise RuntimeError("`%s` exited %s:\n%s" % (cmd, status, out[-3000:]))
    return out


def solution_kernel(tree, spec):
    """solution=N:FILE: the kernel built with lab N's model answer FILE
    built in, as the lab's grader builds a hand-in (its own build dir)."""
    lab, _, name = spec.partition(":")
    answer = Path("tests") / "labs" / "solutions" / ("lab" + lab) / name
    build = "build/docs-lab" + lab
    res = make(tree, ["-j2", "-s", "B=" + build, "LAB_DRIVER=" + str(answer), "all"])
    if res.returncode:
        raise RuntimeError("building lab %s's answer %s failed:\n%s"
                           % (lab, answer, (res.stdout + res.stderr)[-3000:]))
    return tree / build / "kernel.bin"


def run_shell(tree, ex):
    """The block's coyote# lines, typed into one boot."""
    opts = ex.opts
    kwargs = {"extra": shlex.split(opts["qemu"][0])} if "qemu" in opts else {}
    if "append" in opts:
        kwargs["append"] = opts["append"][0]
    if "solution" in opts:
        kwargs["kernel"] = solution_kernel(tree, opts["solution"][0])
    out = []
    with Coyote(**kwargs) as c:
        for cmd in ex.commands:
            # "coyote# date    what it shows": the command ends at two spaces.
            cmd = re.split(r"\s{2,}", cmd[len("coyote# "):], maxsplit=1)[0]
            said = c.run(cmd)
            bad = ERROR_ANSWER.search(said)
            if bad:
                raise RuntimeError("%s: `%s` answered %r:\n%s" % (ex.name, cmd, bad.group(0), said))
            out.append("coyote# %s\n%s" % (cmd, said))
    return "\n".join(out)


def run_example(tree, ex):
    """Run @ex in @tree; raise RuntimeError saying what differs from the page."""
    if all(c.startswith("coyote# ") for c in ex.commands):
        out = run_shell(tree, ex)
    else:
        out = "\n".join(run_line(tree, ex, c) for c in ex.commands)
    for want in ex.opts.get("expect", []):
        if want not in out:
            raise RuntimeError("%s: the page says the output has %r; it does not:\n%s"
                               % (ex.name, want, out[-3000:]))
    for unwanted in ex.opts.get("reject", []):
        if unwanted in out:
            raise RuntimeError("%s: %r in the output:\n%s" % (ex.name, unwanted, out[-3000:]))
    for f in ex.opts.get("file", []):
        if not (tree / f).exists():
            raise RuntimeError("%s: no %s afterwards" % (ex.name, f))
    return out


def main():
    ap = argparse.ArgumentParser(description="Run the commands the pages show.")
    ap.add_argument("--list", action="store_true", help="list the examples, run nothing")
    ap.add_argument("--tree", default=str(ROOT), help="the tree to run them in (default: this)")
    ap.add_argument("pages", nargs="*", help="PAGE or PAGE:LINE")
    a = ap.parse_args()
    tree = Path(a.tree).resolve()
    wanted = a.pages or all_pages(tree)
    failed, lines, dry = [], 0, 0
    for spec in wanted:
        page, _, line = spec.partition(":")
        for ex in examples(tree, page):
            if line and int(line) != ex.line:
                continue
            lines += len(ex.commands)
            dry += sum(1 for c in ex.commands if ex.dry(c))
            if a.list:
                print("%s: %s" % (ex.name, " | ".join(ex.commands)))
                continue
            try:
                run_example(tree, ex)
                print("ok   %s" % ex.name)
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                failed.append(ex.name)
                print("FAIL %s\n%s" % (ex.name, e))
        for n in unmarked(tree, page):
            failed.append("%s:%d" % (page, n))
            print("FAIL %s:%d: a command block without a transcript or example marker"
                  % (page, n))
    print("docs-examples: %d command lines, %d run, %d checked with make -n%s"
          % (lines, lines - dry, dry, "" if a.list else ", %d failed" % len(failed)))
    return 1 if failed else 0
