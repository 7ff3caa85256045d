# SPDX-License-Identifier: BSD-2-Clause
"""The Python side has one home: the package scripts/coyote/ (the QEMU
harness, the KTAP and ofdump readers, the board and case tables, the lab
graders and their sandbox).  Tests find it through pytest.ini's
`pythonpath`, programs of scripts/ through their own folder, which Python
puts first on the import path.  So no file edits `sys.path`, no program
imports a module of tests/, nothing imports a program or loads one as a
module, and a program of scripts/ is a thin entry point (its logic is in
the package, where tests import it), but for the named build steps,
transcripts and benchmarks below.

scripts/gdb/ is the exception: it runs inside gdb's own Python, started
by gdb with no environment of ours, where adding the folder to sys.path
is the documented way for a sourced script to import its neighbours.
"""
import ast
import os
import re

import pytest

from coyote.qemu import ROOT

GDB = "scripts/gdb/"
SELF = "tests/tools/test_package.py"      # its planted faults are strings
SYS_PATH_EDIT = re.compile(r"\bsys\.path\s*(\.\s*(insert|append|extend)\b|\+?=|\[)")
IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))", re.M)
LOADERS = re.compile(r"\b(SourceFileLoader|spec_from_file_location|spec_from_loader)\b")
PACKAGE = "scripts/coyote/"

# The programs of scripts/ that keep their logic, each with its reason.
# None is imported by a test or another program (test_no_program_is_imported):
# one that is, or grows into a tool of its own, moves into the package.
BUILD_STEP = "a build step make runs, as Linux keeps its own in scripts/"
TRANSCRIPT = ("a page's transcript script (scripts/docs runs it): the boots and "
              "commands it runs are the story the page tells, read beside it")
BENCH = "a benchmark (make bench-*): one measurement that prints figures"
STANDALONE = {
    "scripts/kallsyms.py": BUILD_STEP + " (the kernel's symbol table, filled in after the link)",
    "scripts/modpost.py": BUILD_STEP + " (the modules' symbol check and alias table)",
    "scripts/explore/embed.py": BUILD_STEP + " (the explore page as a C string for ofdump)",
    "scripts/dts-relabel": BUILD_STEP + " (a filter in lab 6's broken-tree rule)",
    "scripts/lab-cc": BUILD_STEP + " (the compiler wrapper of each hand-in object)",
    "scripts/dtbs-check": BUILD_STEP + " (make dtbs-check; its test runs its command line)",
    "scripts/debug-session": "make debug's terminal: QEMU and gdb side by side",
    "scripts/explore/boot": "make explore's boot of one board, its log kept",
    "scripts/boards-transcript.py": TRANSCRIPT,
    "scripts/protection-transcript.py": TRANSCRIPT,
    "scripts/docs-devlinks": TRANSCRIPT,
    "scripts/bench/boot-time.py": BENCH,
    "scripts/bench/flipcycle.py": BENCH,
    "scripts/bench/modcycle.py": BENCH,
    "scripts/bench/net-bench.py": BENCH,
}
THIN_END = ast.dump(ast.parse("sys.exit(main())").body[0])


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


def imports_named(root, tops, names):
    """["FILE:LINE: TEXT"] of every import, in the Python files of @tops
    (gdb's scripts excepted), of a module whose first name is in @names."""
    found = []
    for top in tops:
        for path, text in sorted(python_files(root, top).items()):
            if path.startswith(GDB):
                continue
            for m in IMPORT.finditer(text):
                if (m.group(1) or m.group(2)).split(".")[0] in names:
                    line = text.count("\n", 0, m.start()) + 1
                    found.append("%s:%d: %s" % (path, line, m.group(0).strip()))
    return found


def imports_of_tests(root):
    """["FILE:LINE: TEXT"] of every import, in scripts/, of a module of tests/."""
    return imports_named(root, ("scripts",), modules_of_tests(root))


def script_loaders(root):
    """The files that load a program as a module themselves."""
    return sorted(p for top in ("scripts", "tests")
                  for p, text in python_files(root, top).items() if LOADERS.search(text))


def programs(root):
    """{path: text} of the Python programs of scripts/ (the package and
    gdb's scripts are modules, not programs)."""
    return {p: text for p, text in python_files(root, "scripts").items()
            if not p.startswith((PACKAGE, GDB))}


def is_thin(text):
    """Whether a program is a thin entry point: a docstring, imports, and
    one statement after them, `sys.exit(main())`, with `main` imported from
    the package.  Any other statement (a def, a class, an assignment, a
    loop, an `if __name__ == ...`) is logic, whose home is the package."""
    body = ast.parse(text).body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if not body or ast.dump(body[-1]) != THIN_END:
        return False
    imports = body[:-1]
    if not all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in imports):
        return False
    return any(isinstance(s, ast.ImportFrom) and (s.module or "").split(".")[0] == "coyote"
               and [(a.name, a.asname) for a in s.names] == [("main", None)] for s in imports)


def whole_programs(root):
    """The programs of scripts/ that are more than a thin entry point and
    not named in STANDALONE."""
    return sorted(p for p, text in programs(root).items()
                  if p not in STANDALONE and not is_thin(text))


def imports_of_programs(root):
    """["FILE:LINE: TEXT"] of every import, in scripts/ or tests/, of a
    program of scripts/ by its name (scripts/ is on pytest's path, so
    `from mkinitrd import write_cpio` would work): import the package."""
    names = {os.path.basename(p)[:-3] for p in programs(root) if p.endswith(".py")}
    return imports_named(root, ("scripts", "tests"), names)


def test_no_sys_path_edit():
    found = sys_path_edits(ROOT)
    assert not found, "sys.path edited (the package is on the path already):\n" + \
        "\n".join(found)


def test_no_program_imports_tests():
    found = imports_of_tests(ROOT)
    assert not found, "programs import test modules (move what they need into " \
        "scripts/coyote/):\n" + "\n".join(found)


def test_no_program_is_loaded_as_a_module():
    assert script_loaders(ROOT) == [], "import the package module the program runs"


def test_no_program_is_imported():
    found = imports_of_programs(ROOT)
    assert not found, "programs of scripts/ imported (import their package module):\n" + \
        "\n".join(found)


def test_programs_are_thin_entry_points():
    found = whole_programs(ROOT)
    assert not found, "programs of scripts/ with logic of their own (move it into a " \
        "module of scripts/coyote/ and leave `sys.exit(main())`, or name it in " \
        "STANDALONE with why):\n" + "\n".join(found)


def test_the_standalone_list_is_current():
    """Each named exception exists and still has logic of its own."""
    progs = programs(ROOT)
    assert not [p for p in STANDALONE if p not in progs], "STANDALONE names no program"
    assert not [p for p in STANDALONE if is_thin(progs[p])], "thin now: drop it from STANDALONE"


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


THIN = '#!/usr/bin/python3\n"""Doc."""\nimport sys\n\nfrom coyote.x import main\n\nsys.exit(main())\n'


@pytest.mark.parametrize("text, thin", [
    (THIN, True),
    (THIN.replace('"""Doc."""\n', ""), True),
    (THIN.replace("import sys\n", "import sys\nX = 1\n"), False),
    (THIN.replace("sys.exit(main())", "sys.exit(main(sys.argv))"), False),
    (THIN.replace("sys.exit(main())", "if __name__ == '__main__':\n    sys.exit(main())"), False),
    (THIN.replace("from coyote.x import main", "from x import main"), False),
    (THIN.replace("import sys\n", "import sys\n\ndef f():\n    pass\n"), False),
    (THIN + "print(1)\n", False),
    ('"""Doc."""\nimport sys\n', False),
])
def test_thin_is_what_it_says(text, thin):
    assert is_thin(text) == thin


def test_the_program_checks_find_what_is_planted(tmp_path):
    """A whole program, a thin one, a named exception, a test that imports
    a program by its name."""
    (tmp_path / "scripts" / "coyote").mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    (tmp_path / "scripts" / "thin").write_text(THIN)
    (tmp_path / "scripts" / "whole").write_text(
        "#!/usr/bin/python3\nimport sys\n\ndef main():\n    return 0\n\nsys.exit(main())\n")
    (tmp_path / "scripts" / "kallsyms.py").write_text("#!/usr/bin/python3\ndef f():\n    pass\n")
    (tmp_path / "scripts" / "coyote" / "x.py").write_text("def main():\n    return 0\n")
    (tmp_path / "tests" / "test_x.py").write_text("from kallsyms import f\nimport coyote.x\n")
    assert whole_programs(tmp_path) == ["scripts/whole"]
    assert imports_of_programs(tmp_path) == ["tests/test_x.py:1: from kallsyms import"]
