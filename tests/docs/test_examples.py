# SPDX-License-Identifier: BSD-2-Clause
"""Every command README.md and docs/ show is either a transcript
(scripts/docs, tests/tools/test_docs.py) or an example that runs here
(scripts/docs-examples): each example on a fresh copy of the tree, as a
newcomer who has just cloned it would type it, checked for success and
for what the page says about its output.  A command block with
neither marker fails the suite, so a new one cannot drift unseen."""
import os
import shutil
import subprocess

import pytest

from coyote.qemu import ROOT
from coyote import examples as ex

SCRIPT = ROOT / "scripts" / "docs-examples"

EXAMPLES = [e for page in ex.all_pages(ROOT) for e in ex.examples(ROOT, page)]


@pytest.fixture(scope="module")
def fresh_tree(tmp_path_factory):
    """The tree's files (committed or not, nothing ignored) in a new
    directory with no build/; the corpus, a download, is linked in when
    this tree has it so the examples do not fetch it again."""
    tree = tmp_path_factory.mktemp("fresh") / "coyote"
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], cwd=str(ROOT), capture_output=True,
                           check=True).stdout.decode().split("\0")
    for f in filter(None, files):
        src = ROOT / f
        if src.is_file():
            (tree / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, tree / f)
    corpus = ROOT / "build" / "corpus" / "root"
    if corpus.is_dir():
        (tree / "build" / "corpus").mkdir(parents=True)
        subprocess.run(["cp", "-al", str(corpus), str(tree / "build" / "corpus" / "root")],
                       check=True)
        shutil.copy2(ROOT / "build" / "corpus" / ".unpacked", tree / "build" / "corpus")
    # The first example would build it too, one job at a time: two are
    # quicker, and a build that fails is named here rather than in it.
    res = subprocess.run(["make", "-j2", "-s", "--no-print-directory", "all"], cwd=str(tree),
                         capture_output=True, text=True, timeout=1200,
                         env={k: v for k, v in os.environ.items() if not k.startswith("MAKE")})
    assert res.returncode == 0, res.stdout + res.stderr
    yield tree
    shutil.rmtree(tree.parent, ignore_errors=True)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_example(fresh_tree, example):
    if "solution" in example.opts and not (ROOT / "tests" / "labs" / "solutions").is_dir():
        pytest.skip("a lab's hand-out has no model answers to boot")
    res = subprocess.run([str(fresh_tree / "scripts" / "docs-examples"), example.name],
                         cwd=str(fresh_tree), capture_output=True, text=True, timeout=1800,
                         env={k: v for k, v in os.environ.items() if not k.startswith("MAKE")})
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.parametrize("page", ex.all_pages(ROOT))
def test_no_unmarked_command_block(page):
    bad = ex.unmarked(ROOT, page)
    assert not bad, ("%s: command blocks at lines %s have neither `<!-- transcript ... -->` "
                     "nor `<!-- example ... -->` above them (scripts/docs-examples --help)"
                     % (page, ", ".join(map(str, bad))))


def test_a_false_claim_fails(tmp_path):
    """The runner checks what a page says: an expected text that the
    command does not print, a failing command and an unmarked block each
    fail it."""
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "page.md"
    page.write_text("<!-- example expect='no such text anywhere' -->\n```sh\nmake help\n```\n"
                    "\n<!-- example -->\n```sh\nmake no-such-target\n```\n"
                    "\n```sh\nmake help\n```\n")
    for name in ("Makefile", "scripts"):
        (tmp_path / name).symlink_to(ROOT / name)
    for name in ("arch", "drivers", "dts", "include", "kernel", "of", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    res = subprocess.run([str(SCRIPT), "--tree", str(tmp_path), "docs/page.md"],
                         capture_output=True, text=True, timeout=300,
                         env={k: v for k, v in os.environ.items() if not k.startswith("MAKE")})
    assert res.returncode == 1, res.stdout + res.stderr
    assert "FAIL docs/page.md:1" in res.stdout and "no such text anywhere" in res.stdout, res.stdout
    assert "FAIL docs/page.md:6" in res.stdout, res.stdout
    assert "FAIL docs/page.md:11: a command block without" in res.stdout, res.stdout
    assert "3 failed" in res.stdout, res.stdout


def test_count():
    """How many commands the pages show as examples, and how many run for
    real (the rest with make -n: they take minutes); printed for the record."""
    res = subprocess.run([str(SCRIPT), "--list"], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    last = res.stdout.strip().splitlines()[-1]
    print(last)
    assert last.startswith("docs-examples: %d command lines" % sum(len(e.commands)
                                                                    for e in EXAMPLES)), last


def test_modules_list_in_the_docs_is_the_build_one():
    """docs/modules.md shows scripts/modules.config's MODULES line: the
    same modules (the page listed two of three)."""
    import re
    line = re.compile(r"^MODULES \?= .*$", re.M)
    config = line.search((ROOT / "scripts" / "modules.config").read_text()).group(0)
    shown = line.search((ROOT / "docs" / "modules.md").read_text()).group(0)
    assert shown == config
    names = [w.split("=")[-1] for w in config.split()[2:]]
    readme = (ROOT / "README.md").read_text()
    for name in names:
        assert "`%s`" % name in readme.split("## Modules")[1].split("##")[0], name


def _inline_make_spans():
    """(page, span) for every inline `make ...` in the pages' text (fenced
    blocks aside: those are examples or transcripts)."""
    import re
    spans = []
    for page in ex.all_pages(ROOT):
        text = re.sub(r"^```.*?^```\n", "", (ROOT / page).read_text(), flags=re.M | re.S)
        spans += [(page, m.group(1)) for m in re.finditer(r"`(make(?: [^`]*)?)`", text)]
        # A synopsis block's make lines, up to their description.
        spans += [(page, re.split(r"\s{2,}", l.strip())[0]) for _, body in ex.synopses(ROOT, page)
                  for l in body.splitlines() if l.startswith("make ")]
    return spans


INLINE_MAKE = _inline_make_spans()


def _make_targets():
    import re
    db = subprocess.run(["make", "--no-print-directory", "-p", "-n", "help"], cwd=str(ROOT),
                        capture_output=True, text=True, timeout=120).stdout
    targets = set()
    for line in re.findall(r"^\.PHONY: (.*)$", db, re.M):
        targets |= set(line.split())
    return targets


def test_inline_make_commands_name_real_targets():
    """Every `make TARGET ...` the pages mention in their text names a
    target the Makefiles have (`make host-tests-san` did not
    exist), and so does every make line of a synopsis block; the variables
    and placeholders around it (`LAB=N|ALL`) are the page's."""
    import re
    import shlex
    targets = _make_targets()
    wrong = []
    for page, span in INLINE_MAKE:
        words = shlex.split(re.sub(r"[][]|\|\S*|<[^>]*>", "", span))[1:]
        words = words[:words.index("&&")] if "&&" in words else words
        for w in words:
            if "=" in w or w.startswith("-"):
                continue
            if w not in targets:
                wrong.append("%s: `%s`: no target %s" % (page, span, w))
    assert not wrong, "\n".join(wrong)


def test_indented_blocks_count(tmp_path):
    """An indented command block is an example or a synopsis like a fenced
    one, or fails; a list item's indented continuation is not a block."""
    page = tmp_path / "page.md"
    page.write_text("Text.\n\n    make help\n\n<!-- example expect=Targets -->\n\n"
                    "    make help\n\n<!-- synopsis -->\n\n    make lab-check LAB=N   grade\n\n"
                    "- a list item:\n\n    make not-a-block\n")
    assert ex.unmarked(tmp_path, "page.md") == [3]
    [found] = ex.examples(tmp_path, "page.md")
    assert (found.line, found.commands, found.opts) == (5, ["make help"], {"expect": ["Targets"]})
    assert ex.synopses(tmp_path, "page.md") == [(11, "make lab-check LAB=N   grade\n")]
