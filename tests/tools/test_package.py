# SPDX-License-Identifier: BSD-2-Clause
"""The Python side has one home: the package scripts/coyote/ (the QEMU
harness, the KTAP and ofdump readers, the board and case tables, the lab
graders and their sandbox).  Tests find it through pytest.ini's
`pythonpath`, programs of scripts/ through their own folder, which Python
puts first on the import path.  So no file edits `sys.path`, no program
imports a module of tests/, and one helper loads a program as a module.

scripts/gdb/ is the exception: it runs inside gdb's own Python, started
by gdb with no environment of ours, where adding the folder to sys.path
is the documented way for a sourced script to import its neighbours.
"""
import os
import re

from coyote.qemu import ROOT

GDB = "scripts/gdb/"
SELF = "tests/tools/test_package.py"      # its planted faults are strings
SYS_PATH_EDIT = re.compile(r"\bsys\.path\s*(\.\s*(insert|append|extend)\b|\+?=|\[)")
IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))", re.M)
LOADERS = re.compile(r"\b(SourceFileLoader|spec_from_file_location|spec_from_loader)\b")


def python_files(root, top):
    """{path relative to @root: text} of every Python file under @root/@top:
    *.py, and the programs without an ending whose first line runs Python.
    Links are not followed (scripts/bench/coyote is the package again)."""
    out = {}
    for folder, dirs, files in os.walk(root / top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in files:
            path = os.path.join(folder, name)
            if os.path.islink(path) or os.path.relpath(path, root) == SELF:
                continue
            try:
                text = open(path, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            if name.endswith(".py") or (
                    "." not in name and re.match(r"#!.*python", text.split("\n", 1)[0])):
                out[os.path.relpath(path, root)] = text
    return out


def sys_path_edits(root):
    """["FILE:LINE: TEXT"] of every sys.path edit in scripts/ and tests/
    (gdb's scripts excepted)."""
    found = []
    for top in ("scripts", "tests"):
        for path, text in sorted(python_files(root, top).items()):
            if path.startswith(GDB):
                continue
            for n, line in enumerate(text.splitlines(), 1):
                if SYS_PATH_EDIT.search(line.split("#", 1)[0]):
                    found.append("%s:%d: %s" % (path, n, line.strip()))
    return found


def modules_of_tests(root):
    """The names a module of tests/ is imported by: each folder of tests/
    (qemu, labs...) and each Python file's stem (pytest puts a test's
    folder on the path, so test_net is one too)."""
    names = {d.name for d in (root / "tests").iterdir() if d.is_dir()}
    names |= {os.path.basename(p)[:-3] for p in python_files(root, "tests") if p.endswith(".py")}
    return names


def imports_of_tests(root):
    """["FILE:LINE: TEXT"] of every import, in scripts/, of a module of tests/."""
    forbidden = modules_of_tests(root)
    found = []
    for path, text in sorted(python_files(root, "scripts").items()):
        if path.startswith(GDB):
            continue
        for m in IMPORT.finditer(text):
            name = (m.group(1) or m.group(2)).split(".")[0]
            if name in forbidden:
                line = text.count("\n", 0, m.start()) + 1
                found.append("%s:%d: %s" % (path, line, m.group(0).strip()))
    return found


def script_loaders(root):
    """The files that load a program as a module themselves."""
    return sorted(p for top in ("scripts", "tests")
                  for p, text in python_files(root, top).items() if LOADERS.search(text))


def test_no_sys_path_edit():
    found = sys_path_edits(ROOT)
    assert not found, "sys.path edited (the package is on the path already):\n" + \
        "\n".join(found)


def test_no_program_imports_tests():
    found = imports_of_tests(ROOT)
    assert not found, "programs import test modules (move what they need into " \
        "scripts/coyote/):\n" + "\n".join(found)


def test_one_helper_loads_a_program():
    assert script_loaders(ROOT) == ["scripts/coyote/scriptmod.py"]


def test_the_checks_find_what_is_planted(tmp_path):
    """Each check on a small tree with one of each fault: a program that
    edits sys.path and imports a test module, a test that appends to it,
    gdb's script (allowed), and a second loader."""
    (tmp_path / "scripts" / "gdb").mkdir(parents=True)
    (tmp_path / "tests" / "qemu").mkdir(parents=True)
    (tmp_path / "tests" / "qemu" / "test_net.py").write_text("import sys\n")
    (tmp_path / "tests" / "conftest.py").write_text("sys.path += ['x']  # planted\n")
    (tmp_path / "scripts" / "tool").write_text(
        "#!/usr/bin/python3\nimport sys\nsys.path.insert(0, 'tests')\n"
        "from qemu.test_net import Peer\nimport test_net\nfrom coyote.net import Peer\n")
    (tmp_path / "scripts" / "tool.sh").write_text("#!/bin/sh\nimport qemu\n")
    (tmp_path / "scripts" / "gdb" / "helpers.py").write_text(
        "import sys\nsys.path.insert(0, HERE)\nimport qemu\n")
    (tmp_path / "scripts" / "load.py").write_text(
        "import importlib.util\nimportlib.util.spec_from_file_location('m', 'p')\n")
    assert sys_path_edits(tmp_path) == [
        "scripts/tool:3: sys.path.insert(0, 'tests')",
        "tests/conftest.py:1: sys.path += ['x']  # planted"]
    assert imports_of_tests(tmp_path) == [
        "scripts/tool:4: from qemu.test_net import",
        "scripts/tool:5: import test_net"]
    assert script_loaders(tmp_path) == ["scripts/load.py"]
