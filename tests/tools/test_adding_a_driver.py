# SPDX-License-Identifier: BSD-2-Clause
"""docs/adding-a-driver.md, followed to the letter: the page's marked
blocks are its steps, and this test does what each says on a throw-away
copy of the tree (one build, one boot of versatilepb), then checks that
the page's example driver bound to its device.  A step the page leaves out
(the Makefile line, the binding, the node) makes the build, the binding
test or the bind fail; the page and the test cannot drift, as the test has
no copy of the steps.

    <!-- step: create PATH -->             the block is a new file
    <!-- step: append PATH -->             the block goes at PATH's end
    <!-- step: before PATH 'LINE' -->      the block goes before LINE
    <!-- step: run -->                     each line is a command, run at
                                           the top of the tree; must exit 0
    <!-- step: shell expect='TEXT' ... --> each `coyote# CMD` is typed into
                                           the boot; each TEXT must appear
"""
import os
import re
import shlex
import shutil
import subprocess

import pytest

from bindings.test_driver_bindings import binding_strings, driver_strings
from coyote.qemu import ROOT, Coyote

PAGE = ROOT / "docs" / "adding-a-driver.md"
STEP = re.compile(r"^<!-- step: (.*?) -->\n```[a-z]*\n(.*?)^```\n", re.M | re.S)
# What the page's example must end with: its node bound to its driver.
NODE = "/hello@10007000"
DRIVER = "hello"


def steps(text):
    """[(action, args, options, block)] in page order."""
    out = []
    for m in STEP.finditer(text):
        words = shlex.split(m.group(1))
        opts = [w.partition("=")[::2] for w in words[1:] if "=" in w]
        args = [w for w in words[1:] if "=" not in w]
        out.append((words[0], args, opts, m.group(2)))
    return out


def copy_tree(dest):
    """The working tree as git sees it (tracked and new files, no build/)."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for rel in filter(None, files):
        src = ROOT / rel
        if not src.is_file() or rel.startswith("build/"):
            continue
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest / rel)


def edit(tree, action, args, block):
    path = tree / args[0]
    if action == "create":
        assert not path.exists(), "%s: the page creates a file that exists" % args[0]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block)
    elif action == "append":
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a") as f:
            f.write(block)
    elif action == "before":
        text = path.read_text()
        lines = text.splitlines(keepends=True)
        at = [i for i, l in enumerate(lines) if l.rstrip("\n") == args[1]]
        assert at, "%s has no line %r (the page is stale)" % (args[0], args[1])
        lines.insert(at[0], block)
        path.write_text("".join(lines))
    else:
        raise AssertionError("unknown step %r in %s" % (action, PAGE.name))


def run_lines(tree, block):
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    for line in filter(None, (l.strip() for l in block.splitlines())):
        res = subprocess.run(line, shell=True, cwd=tree, env=env, capture_output=True,
                             text=True, timeout=900)
        assert res.returncode == 0, "%s:\n%s%s" % (line, res.stdout[-3000:], res.stderr[-3000:])


def test_page_has_every_step():
    """The kinds of step a driver needs, each at least once."""
    found = steps(PAGE.read_text())
    have = [(a, args[0] if args else "") for a, args, _, _ in found]
    need = {
        "a source file in drivers/": lambda a, p: a == "create" and re.match(r"drivers/.*\.c$", p),
        "its Makefile fragment line": lambda a, p: a in ("append", "before")
        and p.endswith("Makefile") and p != "Makefile",
        "a binding schema": lambda a, p: a == "create" and re.match(r"dts/bindings/.*\.yaml$", p),
        "a tree node or an overlay": lambda a, p: a in ("create", "append", "before")
        and re.match(r"dts/.*\.dtsi?$", p),
        "a build": lambda a, p: a == "run",
        "a boot": lambda a, p: a == "shell",
    }
    missing = [what for what, ok in need.items() if not any(ok(a, p) for a, p in have)]
    assert not missing, "%s has no step for: %s" % (PAGE.name, ", ".join(missing))
    typed = " ".join(b for a, _, _, b in found if a == "shell")
    assert "coyote# devices" in typed and "coyote# whynot" in typed


def test_following_the_page_adds_a_driver_that_binds(tmp_path):
    tree = tmp_path / "tree"
    copy_tree(tree)
    shells, sources = [], []
    for action, args, opts, block in steps(PAGE.read_text()):
        if action == "create" and args[0].endswith(".c"):
            sources.append(block)
        if action == "run":
            run_lines(tree, block)
        elif action == "shell":
            shells.append((opts, block))
        else:
            edit(tree, action, args, block)
    # The rule tests/bindings/test_driver_bindings.py holds every driver to.
    strings = set().union(*(driver_strings(s) for s in sources))
    missing = sorted(strings - binding_strings(tree))
    assert strings and not missing, "no dts/bindings/*.yaml names: %s" % missing
    assert len(shells) == 1, "the page boots once"
    opts, block = shells[0]
    with Coyote(kernel=tree / "build" / "kernel.bin",
                dtb=tree / "build" / "dts" / "versatilepb.dtb") as c:
        said = {}
        for line in block.splitlines():
            if line.startswith("coyote# "):
                cmd = line[len("coyote# "):].strip()
                said[cmd] = c.run(cmd, timeout=60)
        said["dmesg"] = c.run("dmesg")
    everything = "\n".join(said.values())
    for key, text in opts:
        if key == "expect":
            assert text in everything, "%r not printed:\n%s" % (text, everything)
    devices = said["devices"]
    row = [l.split() for l in devices.splitlines() if l.startswith(NODE + " ")]
    assert row and row[0][3] == DRIVER and row[0][-1] == "bound", devices
    whynot = [v for k, v in said.items() if k.startswith("whynot")]
    assert whynot and DRIVER in whynot[0] and "coyote,hello" in whynot[0], whynot
