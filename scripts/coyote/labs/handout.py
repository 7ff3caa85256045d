# SPDX-License-Identifier: BSD-2-Clause
"""lab-handout: the students' tarball, sealed: `make lab-handout LAB=N|ALL`.

    scripts/lab-handout N|ALL [-o DIR] [--starters FILE]

The tarball (DIR/coyote-labN.tar.gz, default build/handout) holds the
files of git's last commit (HEAD), never the working tree: a lab solved
or half-edited in the checkout cannot leak into it.  Left out: the
solutions (tests/labs/solutions/, with the right answers written
otherwise), the wrong answers made from them (tests/labs/mutants/), the
tests that need them (tests/labs/test_*), and for one lab the other labs' folders (lab 4 boots
lab 3's tree, lab 7 starts from lab 5's driver).  Each starter the
tarball holds (a lab folder's files but its pages) is also kept in
tests/labs/pristine/, where graders find the starter as handed out
(lab 10's truth) however the student edits theirs.

Sealed: the committed starters must be the pristine ones that
docs/labs/starters.sha256 (committed) lists, and no file handed out may
be a solution file; otherwise nothing is built and the differences are
named.  `--seal` rewrites docs/labs/starters.sha256 from HEAD's starters,
for an instructor who changed a starter on purpose (then commit it).
Prints what the tarball holds; the full listing goes beside it
(coyote-labN.txt).  Exit status 0, 1 when refused, 2 for bad usage.
"""
import argparse
import ast
import hashlib
import io
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
STARTERS = "docs/labs/starters.sha256"
SOLUTIONS = "tests/labs/solutions/"
MUTANTS = "tests/labs/mutants/"     # their lines quote the solutions
PRISTINE = "tests/labs/pristine/"
GRADERS = "scripts/coyote/labs/graders/"     # the real graders: their checks and test values
# The instructor's tools and pages: grading, the platforms' autograders,
# the hours, the catalogues' runner, and the pages that tell how.
INSTRUCTOR = ("scripts/grade-class", "scripts/coyote/labs/classroom.py",
              "scripts/lab-autograder", "scripts/coyote/labs/autograder.py",
              "scripts/lab-hours", "scripts/coyote/labs/hours.py",
              "scripts/mutate-labs", "scripts/coyote/labs/mutate.py",
              "scripts/bench/grading.py", "scripts/coyote/labs/bench.py",
              "docs/teaching.md", "docs/labs/README.md", "docs/adding-a-lab.md")
# The folders a lab's grader reads besides its own.
NEEDS = {4: ["lab3"], 7: ["lab5"]}


def git(*args):
    return subprocess.run(["git"] + list(args), cwd=str(ROOT), capture_output=True,
                          check=True, timeout=120).stdout


def committed():
    """{path: bytes} of every file in HEAD, and HEAD's short name."""
    tar = tarfile.open(fileobj=io.BytesIO(git("archive", "--format=tar", "HEAD")))
    files = {m.name: (m, tar.extractfile(m).read() if m.isfile() else None)
             for m in tar.getmembers() if not m.isdir()}
    return files, git("rev-parse", "--short", "HEAD").decode().strip()


def is_starter(path):
    """A lab folder's file that the student works from (its pages are not)."""
    parts = path.split("/")
    return (len(parts) == 4 and parts[:2] == ["docs", "labs"] and
            parts[2].startswith("lab") and not parts[3].endswith(".md"))


def sha(data):
    return hashlib.sha256(data).hexdigest()


def sealed(text):
    """{path: sha256} from starters.sha256's `HASH  PATH` lines."""
    out = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            h, _, p = line.partition("  ")
            out[p.strip()] = h.strip()
    return out


def instructors(path):
    """Whether @path is the instructor's own: a grader, a tool or a page."""
    return path.startswith(GRADERS) or path in INSTRUCTOR


def keep(path, lab, kit=False):
    """Whether @path goes into lab @lab's hand-out; @kit: the instructor's
    kit (the Gradescope bundle's), which keeps the graders and tools."""
    if path.startswith((SOLUTIONS, MUTANTS)) or path.startswith("tests/labs/test_"):
        return False
    if instructors(path) and not kit:
        return False
    parts = path.split("/")
    if lab != "ALL" and len(parts) > 3 and parts[:2] == ["docs", "labs"] and \
            parts[2].startswith("lab"):
        return parts[2] in ["lab%s" % lab] + NEEDS.get(int(lab), [])
    return True


def normal(text):
    return " ".join(text.split())


def grader_values(files):
    """[(what, normalised source)] a student's hand-out must not hold, from
    HEAD's graders: each definition at a grader's top level (a constant, a
    draw, a check), and each constant's value that holds a number other
    than 0 or 1 (a draw space, a table of test values), however named."""
    out = []
    for path, (m, data) in sorted(files.items()):
        if not (path.startswith(GRADERS) and path.endswith(".py") and data):
            continue
        text = data.decode()
        for node in ast.parse(text).body:
            names = [t.id for t in getattr(node, "targets", []) if isinstance(t, ast.Name)]
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            if not names or set(names) & {"TITLE", "RUBRIC"}:
                continue
            where = "%s's %s" % (path, names[0])
            out.append((where, normal(ast.get_source_segment(text, node))))
            value = getattr(node, "value", None)
            if value is not None and any(
                    isinstance(c, ast.Constant) and type(c.value) in (int, float) and
                    c.value not in (0, 1) for c in ast.walk(value)):
                seg = normal(ast.get_source_segment(text, value))
                if len(seg) >= 16:
                    out.append((where + " (its value)", seg))
    return out


def leaks(files, chosen):
    """Why the files @chosen for a student's hand-out would give a grade
    away: an instructor's file, a grader's bytes, a grader's definition
    or test values in any other file.  One line per file, naming it."""
    graders = {d: p for p, (m, d) in files.items() if p.startswith(GRADERS) and d}
    values = grader_values(files)
    out = []
    for p in chosen:
        data = files[p][1]
        if instructors(p):
            out.append("%s: an instructor's file (a grader, a grading tool or page)" % p)
        elif data and data in graders:
            out.append("%s: the same bytes as %s" % (p, graders[data]))
        elif data:
            text = normal(data.decode("utf-8", "replace"))
            held = next((w for w, v in values if v in text), None)
            if held:
                out.append("%s: holds %s" % (p, held))
    return out


def problems(files, manifest):
    """Why HEAD cannot be handed out: starters that differ from the sealed
    ones (or that the seal does not know), solution files handed out."""
    out = []
    starters = {p: d for p, (m, d) in files.items() if is_starter(p)}
    for p in sorted(set(starters) | set(manifest)):
        if p not in starters:
            out.append("%s: sealed in %s but not committed" % (p, STARTERS))
        elif p not in manifest:
            out.append("%s: committed but not sealed in %s" % (p, STARTERS))
        elif sha(starters[p]) != manifest[p]:
            out.append("%s: the committed copy differs from the sealed starter" % p)
    solutions = {d for p, (m, d) in files.items() if p.startswith(SOLUTIONS) and d}
    out += ["%s: the same bytes as a file of %s" % (p, SOLUTIONS)
            for p, (m, d) in sorted(files.items())
            if d and d in solutions and not p.startswith(SOLUTIONS) and keep(p, "ALL")]
    return out


def main():
    ap = argparse.ArgumentParser(description="Build the students' sealed tarball.")
    ap.add_argument("lab", nargs="?", help="a lab number, or ALL")
    ap.add_argument("-o", "--output", default=str(ROOT / "build" / "handout"))
    ap.add_argument("--starters", help="the seal to check against (default: HEAD's %s)"
                    % STARTERS)
    ap.add_argument("--seal", action="store_true",
                    help="rewrite %s from HEAD's starters" % STARTERS)
    ap.add_argument("--kit", action="store_true",
                    help="the instructor's kit (coyote-labN-kit.tar.gz): the hand-out with "
                    "the graders and the grading tools (never the solutions)")
    a = ap.parse_args()
    files, head = committed()
    if a.seal:
        (ROOT / STARTERS).write_text(
            "# The pristine lab starters: scripts/lab-handout refuses a HEAD whose\n"
            "# starters differ.  Rewritten by scripts/lab-handout --seal.\n" +
            "".join("%s  %s\n" % (sha(d), p) for p, (m, d) in sorted(files.items())
                    if is_starter(p)))
        print("lab-handout: %s sealed from %s's starters: commit it" % (STARTERS, head))
        return 0
    if a.lab is None:
        ap.error("say which lab: N or ALL")
    if a.lab != "ALL" and not (a.lab.isdigit() and
                               any(p.startswith("docs/labs/lab%s/" % a.lab) for p in files)):
        print("lab-handout: no docs/labs/lab%s in %s" % (a.lab, head), file=sys.stderr)
        return 2
    if a.starters:
        manifest = sealed(Path(a.starters).read_text())
    elif STARTERS in files:
        manifest = sealed(files[STARTERS][1].decode())
    else:
        print("lab-handout: %s is not committed: scripts/lab-handout --seal, then commit"
              % STARTERS, file=sys.stderr)
        return 1
    bad = problems(files, manifest)
    if bad:
        print("lab-handout: refused: %s is not a pristine hand-out:\n%s\n"
              "(a starter changed on purpose: scripts/lab-handout --seal and commit)" %
              (head, "\n".join("  " + b for b in bad)), file=sys.stderr)
        return 1
    name = "coyote-lab%s" % a.lab + ("-kit" if a.kit else "")
    chosen = [p for p in sorted(files) if keep(p, a.lab, a.kit)]
    bad = [] if a.kit else leaks(files, chosen)
    if bad:
        print("lab-handout: refused: a student's hand-out of %s would give the grade away:\n%s"
              % (head, "\n".join("  " + b for b in bad)), file=sys.stderr)
        return 1
    out = Path(a.output)
    out.mkdir(parents=True, exist_ok=True)
    extra = [(PRISTINE + p[len("docs/labs/"):], p) for p in chosen if is_starter(p)]
    tar_path = out / (name + ".tar.gz")
    with tarfile.open(tar_path, "w:gz") as tar:
        for p in chosen:
            member, data = files[p]
            member.name = "%s/%s" % (name, p)
            tar.addfile(member, io.BytesIO(data) if data is not None else None)
        for kept, p in extra:
            member, data = files[p]
            info = tarfile.TarInfo("%s/%s" % (name, kept))
            info.size, info.mode, info.mtime = len(data), 0o444, member.mtime
            tar.addfile(info, io.BytesIO(data))
    listing = chosen + [k for k, _ in extra]
    (out / (name + ".txt")).write_text("".join(p + "\n" for p in listing))
    print("  %s %s: %d files from commit %s (not the working tree), no solutions%s" %
          ("KIT" if a.kit else "HANDOUT",
           tar_path.relative_to(ROOT) if tar_path.is_relative_to(ROOT) else tar_path,
           len(listing), head, "" if a.kit else ", no graders (lab-check: the self-check)"))
    tops = {}
    for p in chosen:
        top = p.split("/")[0] + "/" if "/" in p else "(top level)"
        tops[top] = tops.get(top, 0) + 1
    print("  " + ", ".join("%s %d" % t for t in sorted(tops.items())))
    print("  the lab folders' starters (as sealed in %s; copies in %s):" % (STARTERS, PRISTINE))
    for p in chosen:
        if is_starter(p):
            print("    " + p)
    print("  full listing: %s" % (out / (name + ".txt")))
    return 0
