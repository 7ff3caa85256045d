# SPDX-License-Identifier: BSD-2-Clause
"""Lab 9's self-check (docs/labs/lab9/README.md): the files, and the
overlay compiles as dts/overlays are."""
from harness import Grader, handin, have_files, indent, said

TITLE = 'overlays: the TMP105 added to the running board'

RUBRIC = {
    'tmp105.dtso and ti,tmp105.yaml exist': 1,
    'tmp105.dtso compiles as an overlay (dtc -@)': 1,
}


def lab9_overlay(g, src):
    """The student's overlay compiled as dts/overlays are (dtc -@): the
    .dtbo, or None after a failed check."""
    dtbo = g.out / "tmp105.dtbo"
    res = handin.run_tool(["dtc", "-q", "-@", "-W", "no-unit_address_vs_reg", "-I", "dts",
                           "-O", "dtb", "-o", dtbo, src / "tmp105.dtso"], g.out, cwd=src,
                          timeout=60)
    ok = g.check("tmp105.dtso compiles as an overlay (dtc -@)", res.returncode == 0,
                 "dtc said:\n" + indent(said(res.stderr)))
    return dtbo if ok else None


def lab9(src):
    g = Grader(9, src, "selfcheck")
    if have_files(g, src, "tmp105.dtso", "ti,tmp105.yaml"):
        lab9_overlay(g, src)
    return g
