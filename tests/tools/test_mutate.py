# SPDX-License-Identifier: BSD-2-Clause
"""The mutation harness (scripts/mutate, `make mutate`): the catalogue still
applies to the tree, bad catalogues are refused, and the tree is restored
however a run ends."""
import os
import pathlib
import re
import signal
import subprocess
import time

import pytest

from coyote import mutate

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "mutate"


# A planted mutant is an edit its own `find:` no longer matches.
@pytest.mark.edit_sensitive
def test_every_mutant_still_applies():
    p = subprocess.run([str(SCRIPT), "--check"], cwd=ROOT, capture_output=True, text=True)
    stale = [l for l in p.stdout.splitlines() if l.startswith("STALE")]
    assert p.returncode == 0 and not stale, p.stdout + p.stderr
    assert len(p.stdout.splitlines()) >= 60, "the catalogue needs at least 60 mutants"


@pytest.mark.parametrize("text, message", [
    ("[a] f.c\n  find: x\n  replace: y\n", "has no `why:`"),
    ("[a] f.c\n  find: x\n  replace: x\n  why: w\n", "replaces a line with itself"),
    ("[a] f.c\n  find: x\n  replace: y\n  why: w\n[a] g.c\n  find: x\n  replace: y\n  why: w\n",
     "duplicate id"),
    ("  find: x\n", "cannot read"),
])
def test_bad_catalogue_refused(text, message):
    mod = mutate
    with pytest.raises(mod.CatalogueError, match=message.replace("`", ".")):
        mod.parse_catalogue(text)


def test_longest_prefix_picks_the_sets():
    mod = mutate
    sets, routes = mod.parse_testmap("set a: true\nset b: false\nof/: a\nof/fdt.c: b\n")
    assert mod.sets_for({"id": "m", "file": "of/fdt.c"}, sets, routes) == ["b"]
    assert mod.sets_for({"id": "m", "file": "of/base.c"}, sets, routes) == ["a"]
    with pytest.raises(mod.CatalogueError):
        mod.parse_testmap("set a: true\nof/: nosuch\n")


def harness(tmp_path, find, command):
    target = tmp_path / "victim.c"
    target.write_text("int x = 1;\nint y = 2;\n")
    cat = tmp_path / "catalogue.txt"
    cat.write_text(f"[m1] {target}\n  find: {find}\n  replace: int y = 3;\n  why: test\n")
    tmap = tmp_path / "tests.map"
    tmap.write_text(f"set t: {command}\n/: t\n")
    env = dict(os.environ, MUTATE_CATALOGUE=str(cat), MUTATE_TESTMAP=str(tmap),
               MUTATE_OUT=str(tmp_path / "out"), MUTATE_BUILD="true")
    return target, env


def test_killed_and_survived_are_told_apart(tmp_path):
    # The "test" fails exactly when the mutant is in place.
    target, env = harness(tmp_path, "int y = 2;", "")
    tmap = tmp_path / "tests.map"
    tmap.write_text(f"set t: ! grep -q 'y = 3' {target}\n/: t\n")
    p = subprocess.run([str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert "kill rate 100.0% (1/1)" in p.stdout, p.stdout + p.stderr
    tmap.write_text("set t: true\n/: t\n")
    p = subprocess.run([str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert "kill rate 0.0% (0/1)" in p.stdout and "SURVIVED m1" in p.stdout, p.stdout
    assert target.read_text() == "int x = 1;\nint y = 2;\n"


EDIT_SENSITIVE_TESTS = """import pytest
TARGET = %r

@pytest.mark.edit_sensitive
def test_fails_on_any_edit():
    assert "y = 3" not in open(TARGET).read()

def test_behaviour():
    assert %s
"""


@pytest.mark.parametrize("behaviour, verdict", [
    ("True", "kill rate 0.0% (0/1)"),
    ('"y = 3" not in open(TARGET).read()', "kill rate 100.0% (1/1)"),
])
def test_only_behavioural_tests_kill(tmp_path, behaviour, verdict):
    """A test that fails on any edit (marked edit_sensitive) never counts as
    the kill; the report names the behavioural test that does."""
    target, env = harness(tmp_path, "int y = 2;", "")
    tests = tmp_path / "test_victim.py"
    tests.write_text(EDIT_SENSITIVE_TESTS % (str(target), behaviour))
    (tmp_path / "tests.map").write_text(
        f"set t: /usr/bin/python3 -m pytest -v -x -p no:cacheprovider {tests}\n/: t\n")
    p = subprocess.run([str(SCRIPT)], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=120)
    assert verdict in p.stdout, p.stdout + p.stderr
    if "100.0%" in verdict:
        assert re.search(r"^m1 .* killed +t: \S*test_victim.py::test_behaviour$", p.stdout,
                         re.M), p.stdout


def test_interrupted_run_restores_the_tree(tmp_path):
    target, env = harness(tmp_path, "int y = 2;", "")
    tmap = tmp_path / "tests.map"
    # Slow only under the mutant, so the baseline passes at once.
    tmap.write_text(f"set t: if grep -q 'y = 3' {target}; then sleep 30; fi\n/: t\n")
    proc = subprocess.Popen([str(SCRIPT)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 20
    while "y = 3" not in target.read_text():
        assert time.monotonic() < deadline, "the mutant was never written"
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=20)
    assert target.read_text() == "int x = 1;\nint y = 2;\n", out
    assert "tree restored" in out


def test_killed_run_is_restored_by_the_next(tmp_path, monkeypatch):
    mod = mutate
    target = tmp_path / "victim.c"
    target.write_text("original\n")
    monkeypatch.setattr(mod, "OUT", tmp_path / "out")
    monkeypatch.setattr(mod, "JOURNAL", mod.OUT / "journal")
    mod.journal_write(target, b"original\n")
    target.write_text("mutated\n")
    assert mod.journal_restore() == target
    assert target.read_text() == "original\n"
    assert mod.journal_restore() is None
