# SPDX-License-Identifier: BSD-2-Clause
"""docs/adding-a-lab.md, followed to the letter on a throw-away copy of the
tree (a git checkout of its own: the hand-out is sealed from commits): its
marked blocks are the steps, as docs/adding-a-driver.md's are, plus

    <!-- step: replace PATH -->    the block's first line, in PATH, becomes
                                   its second line

The page's last step grades the new lab's reference answer, its starter and
its catalogue, and runs the suite's lab tests on the copy: a place the page
forgets makes one of them fail.  The test has no copy of the steps."""
import os
import re
import shlex
import subprocess

from coyote.qemu import ROOT
from tools.test_adding_a_driver import copy_tree, edit, run_lines

PAGE = ROOT / "docs" / "adding-a-lab.md"
# A fence of three backticks, or more around a page that holds fences.
STEP = re.compile(r"^<!-- step: (.*?) -->\n(```+)[a-z]*\n(.*?)^\2\n", re.M | re.S)


def steps(text):
    """[(action, args, block)] in page order."""
    out = []
    for m in STEP.finditer(text):
        words = shlex.split(m.group(1))
        out.append((words[0], words[1:], m.group(3)))
    return out


def replace(tree, path, block):
    old, new = block.rstrip("\n").split("\n")
    f = tree / path
    text = f.read_text()
    assert old in text, "%s has no %r (the page is stale)" % (path, old)
    f.write_text(text.replace(old, new, 1))


def test_page_touches_every_place():
    """The places a lab lives in, each a step of the page."""
    touched = {args[0] for action, args, _ in steps(PAGE.read_text()) if args}
    need = {
        "the student's page": r"docs/labs/lab\d+/README\.md",
        "a starter file": r"docs/labs/lab\d+/(?!README).*",
        "the grader": r"scripts/coyote/labs/graders/lab\d+\.py",
        "the self-check": r"scripts/coyote/labs/selfcheck/lab\d+\.py",
        "the reference answer": r"tests/labs/solutions/lab\d+/.*",
        "the wrong answers": r"tests/labs/mutants/lab\d+\.txt",
        "the starters' expectations": r"tests/labs/test_labs\.py",
        "the instructors' table": r"docs/labs/README\.md",
        "the list of labs": r"docs/teaching\.md",
    }
    missing = [what for what, pat in need.items()
               if not any(re.fullmatch(pat, p) for p in touched)]
    assert not missing, "%s has no step for: %s" % (PAGE.name, ", ".join(missing))
    run = " ".join(b for a, _, b in steps(PAGE.read_text()) if a == "run")
    for command in ("lab-handout --seal", "mutate-labs --lab", "lab-check"):
        assert command in run, "the page never runs %s" % command


def test_following_the_page_adds_a_lab_that_grades(tmp_path, monkeypatch):
    tree = tmp_path / "tree"
    copy_tree(tree)
    for var, value in (("GIT_AUTHOR_NAME", "coyote"), ("GIT_COMMITTER_NAME", "coyote"),
                       ("GIT_AUTHOR_EMAIL", "coyote@example.invalid"),
                       ("GIT_COMMITTER_EMAIL", "coyote@example.invalid")):
        monkeypatch.setenv(var, value)
    # The page's own pytest run is a suite of its own, not this worker's.
    for var in [v for v in os.environ if v.startswith("PYTEST_")]:
        monkeypatch.delenv(var)
    # The corpus (a download) as this tree has it, linked: the copy's lab
    # tests must not fetch it again.
    corpus = ROOT / "build" / "corpus"
    if corpus.is_dir():
        (tree / "build").mkdir(exist_ok=True)
        os.symlink(corpus.resolve(), tree / "build" / "corpus")
    run_lines(tree, "git init -q\ngit add -A\ngit commit -q -m 'the tree as checked out'")
    ran = False
    for action, args, block in steps(PAGE.read_text()):
        if action == "run":
            run_lines(tree, block)
            ran = True
        elif action == "replace":
            replace(tree, args[0], block)
        else:
            edit(tree, action, args, block)
    assert ran, "the page never checks what it added"
    # Nothing the page added is left unsealed or uncommitted.
    status = subprocess.run(["git", "status", "--porcelain", "--", "docs", "tests/labs",
                             "scripts/coyote/labs"],
                            cwd=tree, capture_output=True, text=True, check=True).stdout
    assert not status, status
