# SPDX-License-Identifier: BSD-2-Clause
"""Commands the pages give in their text, in backticks, other than make
(tests/docs/test_examples.py checks those name real targets): a program
of the tree (`scripts/docs --help`, `scripts/lab-check N --rubric`)
must exist and be executable; one the build makes (`build/host/ofdump
--devices FILE.dtb`) must be a file make knows how to build; and each
--option they use must be one the program's source still handles.  They
are not run: they take the page's placeholders (FILE.dtb, N)."""
import os
import re
import subprocess

import pytest

from coyote.qemu import ROOT
from coyote import examples as ex


# A program the build makes, and the source that reads its options.
BUILT = {"build/host/ofdump": "scripts/ofdump.c"}
SPAN = re.compile(r"(?<!`)`((?:scripts|tests|build)/[\w./-]+)((?: [^`]*)?)`(?!`)")


def prose_commands():
    """(page, program, its words) for each command span in the text."""
    found = []
    for page in ex.all_pages(ROOT):
        text = re.sub(r"^(`{3,}).*?^\1\n", "", (ROOT / page).read_text(), flags=re.M | re.S)
        for m in SPAN.finditer(text):
            prog, args = m.group(1), m.group(2).split()
            # A source file named with an option is prose about its code.
            if prog.endswith((".c", ".h", ".S", ".dts", ".md")) or not args:
                continue
            found.append((page, prog, args))
    return found


COMMANDS = prose_commands()


def test_found_some():
    assert len(COMMANDS) >= 10, COMMANDS


def built_by_make(path):
    res = subprocess.run(["make", "--no-print-directory", "-n", path], cwd=str(ROOT),
                         capture_output=True, text=True, timeout=120)
    return res.returncode == 0


@pytest.mark.parametrize("page,prog,args", COMMANDS,
                         ids=["%s:%s" % (p, prog) for p, prog, _ in COMMANDS])
def test_prose_command_exists_with_its_options(page, prog, args):
    if prog.startswith("build/"):
        assert built_by_make(prog), "%s: `%s`: make does not build it" % (page, prog)
        source = BUILT.get(prog)
    else:
        path = ROOT / prog
        assert path.is_file() and os.access(path, os.X_OK), (
            "%s: `%s` is not an executable of the tree" % (page, prog))
        source = prog
    if not source:
        return
    text = (ROOT / source).read_text()
    # A thin entry point: its options are read by the package module it runs.
    entry = re.search(r"^from (coyote[\w.]*) import main$", text, re.M)
    if entry:
        source = "scripts/%s.py" % entry.group(1).replace(".", "/")
        text += (ROOT / source).read_text()
    for opt in (a.split("=")[0] for a in args if a.startswith("--") and len(a) > 2):
        if opt == "--help" and "argparse" in text:
            continue        # argparse answers it
        assert opt in text, "%s: `%s %s`: %s no longer handles %s" % (
            page, prog, " ".join(args), source, opt)
