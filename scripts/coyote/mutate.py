# SPDX-License-Identifier: BSD-2-Clause
"""make mutate: plant each mutant of tests/mutants/catalogue.txt in turn,
rebuild, run the tests that cover the mutated file, and record whether a
test failed (killed) or all passed (survived).

The tree is always restored: the original of the mutated file is saved in
build/mutate/journal before the mutant is written, restored in a `finally`,
on SIGINT/SIGTERM, and, if this process was killed outright, by the next run
before it does anything else.

Usage: scripts/mutate [--list] [--only ID[,ID...]] [--file PREFIX]
                      [--check]
Writes build/mutate/report.txt; prints a table and the kill rate.
"""
import argparse
import os
import pathlib
import re
import signal
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The environment may point elsewhere (tests/tools/test_mutate.py does).
CATALOGUE = pathlib.Path(os.environ.get("MUTATE_CATALOGUE", ROOT / "tests" / "mutants" / "catalogue.txt"))
TESTMAP = pathlib.Path(os.environ.get("MUTATE_TESTMAP", ROOT / "tests" / "mutants" / "tests.map"))
OUT = pathlib.Path(os.environ.get("MUTATE_OUT", ROOT / "build" / "mutate"))
JOURNAL = OUT / "journal"
PY = "/usr/bin/python3"
BUILD_TIMEOUT = 300
TEST_TIMEOUT = 600


class CatalogueError(Exception):
    pass


def parse_catalogue(text):
    """Blocks of `key: value` lines, each opened by `[ID] FILE`.

    Keys: find (one line of the file, matched as a substring; it must occur
    exactly once unless `nth` says which), replace, why, tests (a test set
    of tests.map, overriding the file's), equivalent (why the mutant cannot
    change behaviour: it is listed, not run)."""
    mutants, cur = [], None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = re.match(r"^\[([A-Za-z0-9_.-]+)\]\s+(\S+)\s*$", line)
        if m:
            cur = {"id": m.group(1), "file": m.group(2), "line": lineno}
            mutants.append(cur)
            continue
        m = re.match(r"^\s+(find|replace|why|tests|nth|equivalent):\s?(.*)$", line)
        if not m or cur is None:
            raise CatalogueError(f"{CATALOGUE.name}:{lineno}: cannot read {line!r}")
        cur[m.group(1)] = m.group(2)
    seen = set()
    for mu in mutants:
        where = f"{CATALOGUE.name}:{mu['line']}: [{mu['id']}]"
        if mu["id"] in seen:
            raise CatalogueError(f"{where} duplicate id")
        seen.add(mu["id"])
        for key in ("find", "replace", "why"):
            if key not in mu:
                raise CatalogueError(f"{where} has no `{key}:`")
        if mu["find"] == mu["replace"]:
            raise CatalogueError(f"{where} replaces a line with itself")
    return mutants


def parse_testmap(text):
    """`set NAME: COMMAND` lines define test sets; `PREFIX: SET [SET...]`
    lines map a path prefix to sets (the longest prefix wins)."""
    sets, routes = {}, []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"^set\s+([a-z0-9-]+):\s*(.+)$", line)
        if m:
            sets[m.group(1)] = m.group(2)
            continue
        m = re.match(r"^(\S+):\s*(.+)$", line)
        if not m:
            raise CatalogueError(f"{TESTMAP.name}:{lineno}: cannot read {line!r}")
        routes.append((m.group(1), m.group(2).split()))
    for prefix, names in routes:
        for n in names:
            if n not in sets:
                raise CatalogueError(f"{TESTMAP.name}: {prefix} names unknown set {n}")
    return sets, routes


def sets_for(mutant, sets, routes):
    if "tests" in mutant:
        names = mutant["tests"].split()
    else:
        best = None
        for prefix, names_ in routes:
            if mutant["file"].startswith(prefix) and (best is None or len(prefix) > len(best[0])):
                best = (prefix, names_)
        names = best[1] if best else ["all"]
    for n in names:
        if n not in sets:
            raise CatalogueError(f"[{mutant['id']}] names unknown test set {n}")
    return names


# --- restoring the tree ----------------------------------------------------

def journal_write(path, original):
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = JOURNAL.with_suffix(".tmp")
    tmp.write_bytes(str(path).encode() + b"\0" + original)
    os.replace(tmp, JOURNAL)


def journal_restore():
    """Put back a file a killed run left mutated.  Return its path or None."""
    if not JOURNAL.exists():
        return None
    data = JOURNAL.read_bytes()
    name, _, original = data.partition(b"\0")
    path = pathlib.Path(name.decode())
    path.write_bytes(original)
    JOURNAL.unlink()
    return path


def on_signal(signum, _frame):
    journal_restore()
    print(f"\nmutate: signal {signum}: tree restored", file=sys.stderr)
    sys.exit(130)


# --- running ---------------------------------------------------------------

# Tests that fail on any edit at all (a stale-check, not a behaviour: the
# catalogue's own `find:` lines, the pages' transcripts) would count every
# mutant as killed: the sets run without them.  tests/conftest.py
# registers the marker.
NOT_EDIT_SENSITIVE = '-m "not edit_sensitive"'


def run(cmd, timeout):
    env = dict(os.environ)
    for var in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
        env.pop(var, None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTEST_ADDOPTS"] = (env.get("PYTEST_ADDOPTS", "") + " " + NOT_EDIT_SENSITIVE).strip()
    try:
        p = subprocess.run(cmd, shell=True, cwd=ROOT, env=env, timeout=timeout,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, errors="replace")
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout or ""
        if isinstance(out, bytes):
            out = out.decode(errors="replace")
        return None, out


def first_failure(output):
    """The name of the first failing test in pytest's or KTAP's output."""
    m = re.search(r"^(?:FAILED|ERROR) (.+?)(?: - |$)", output, re.M)
    if m:
        return m.group(1)
    m = re.search(r"^\s*not ok \d+ (.+)$", output, re.M)
    if m:
        return m.group(1).strip()
    m = re.search(r"^(\S+::\S+) FAILED", output, re.M)
    if m:
        return m.group(1)
    return None


def running_test(output):
    """The test a verbose (-v) pytest run had started and not finished."""
    last = None
    for m in re.finditer(r"^(\S+::\S+)(?: (PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\b)?",
                         output, re.M):
        last = None if m.group(2) else m.group(1)
    return last


def run_sets(names, sets):
    """Run the test sets in order; stop at the first that fails.
    Return (verdict, detail): detail names the set and the test that
    failed (or hung).  A set that ran no test at all (pytest's status 5)
    is an error, not a kill."""
    for n in names:
        rc, out = run(sets[n], TEST_TIMEOUT)
        if rc is None:
            return "killed", f"{n}: timed out in {running_test(out) or '?'}"
        if rc == 5:
            return "error", f"{n}: ran no test"
        if rc != 0:
            return "killed", f"{n}: {first_failure(out) or 'exit ' + str(rc)}"
    return "survived", ""


# What the test sets need: `make all test-prereqs` (the benchmarks and
# every other program a test runs, relinked after each mutant), but for
# the sanitizer and fuzzer builds, which no set runs and which would
# otherwise be rebuilt for every mutant (make test runs them).
BUILD = os.environ.get("MUTATE_BUILD", "make -s -j2 all test-prereqs "
                       "-o host-san -o build/fuzz/fuzz_fdt >/dev/null")


def apply_mutant(mu):
    path = ROOT / mu["file"]
    if not path.exists():
        return None, None, f"{mu['file']} does not exist"
    text = path.read_text()
    count = text.count(mu["find"])
    nth = int(mu.get("nth", "0"))
    if nth == 0 and count != 1:
        return None, None, f"`find` occurs {count} times in {mu['file']}"
    if nth and count < nth:
        return None, None, f"`find` occurs {count} times, nth {nth}"
    idx = -1
    for _ in range(max(nth, 1)):
        idx = text.index(mu["find"], idx + 1)
    mutated = text[:idx] + mu["replace"] + text[idx + len(mu["find"]):]
    return path, text.encode(), mutated


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="list the catalogue and exit")
    ap.add_argument("--only", help="comma-separated mutant ids")
    ap.add_argument("--file", help="only mutants of files under this prefix")
    ap.add_argument("--check", action="store_true",
                    help="check every mutant still applies, run nothing")
    args = ap.parse_args()

    restored = journal_restore()
    if restored:
        print(f"mutate: restored {restored} left mutated by an interrupted run")
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    try:
        mutants = parse_catalogue(CATALOGUE.read_text())
        sets, routes = parse_testmap(TESTMAP.read_text())
        for mu in mutants:
            mu["sets"] = sets_for(mu, sets, routes)
    except CatalogueError as e:
        print(f"mutate: {e}", file=sys.stderr)
        return 2
    if args.only:
        wanted = set(args.only.split(","))
        mutants = [m for m in mutants if m["id"] in wanted]
    if args.file:
        mutants = [m for m in mutants if m["file"].startswith(args.file)]

    if args.list or args.check:
        bad = 0
        for mu in mutants:
            path, _, problem = apply_mutant(mu)
            if "equivalent" in mu:
                status = "equiv"
            elif path:
                status = "ok"
            else:
                status, bad = f"STALE ({problem})", bad + 1
            print(f"{status:6} {mu['id']:9} {mu['file']:36} {' '.join(mu['sets']):24} {mu['why']}")
        return 1 if (args.check and bad) else 0

    OUT.mkdir(parents=True, exist_ok=True)
    print("mutate: baseline build and tests on the unmutated tree")
    rc, out = run(BUILD, BUILD_TIMEOUT)
    if rc != 0:
        print(out[-3000:])
        print("mutate: the unmutated tree does not build", file=sys.stderr)
        return 2
    needed = []
    for mu in mutants:
        for n in mu["sets"]:
            if n not in needed:
                needed.append(n)
    for n in needed:
        verdict, detail = run_sets([n], sets)
        if verdict != "survived":
            print(f"mutate: test set {n} fails on the unmutated tree ({detail})", file=sys.stderr)
            return 2

    rows, t_start = [], time.monotonic()
    for i, mu in enumerate(mutants, 1):
        t0 = time.monotonic()
        if "equivalent" in mu:
            rows.append((mu, "equivalent", mu["equivalent"], 0.0))
            continue
        path, original, mutated = apply_mutant(mu)
        if path is None:
            rows.append((mu, "stale", mutated, 0.0))
            continue
        journal_write(path, original)
        try:
            path.write_text(mutated)
            rc, out = run(BUILD, BUILD_TIMEOUT)
            if rc != 0:
                verdict, detail = "no-build", (out.strip().splitlines() or ["?"])[-1][:80]
            else:
                verdict, detail = run_sets(mu["sets"], sets)
        finally:
            journal_restore()
        dt = time.monotonic() - t0
        rows.append((mu, verdict, detail, dt))
        print(f"[{i}/{len(mutants)}] {mu['id']:8} {verdict:9} {dt:6.1f}s  {detail}", flush=True)

    # Leave the build matching the restored tree.
    run(BUILD, BUILD_TIMEOUT)
    return report(rows, time.monotonic() - t_start)


def report(rows, seconds):
    counts = {}
    for _, verdict, _, _ in rows:
        counts[verdict] = counts.get(verdict, 0) + 1
    killed = counts.get("killed", 0)
    survived = counts.get("survived", 0)
    scored = killed + survived
    rate = 100.0 * killed / scored if scored else 0.0
    lines = [f"{'id':8} {'file':34} {'verdict':10} {'caught by (set: test) / why':s}"]
    for mu, verdict, detail, _ in rows:
        lines.append(f"{mu['id']:8} {mu['file']:34} {verdict:10} {detail}")
    lines.append("")
    for mu, verdict, detail, _ in rows:
        if verdict == "survived":
            lines.append(f"SURVIVED {mu['id']} {mu['file']}: {mu['why']}")
    summary = (f"mutants: {len(rows)}; killed {killed}, survived {survived}, "
               f"equivalent {counts.get('equivalent', 0)}, stale {counts.get('stale', 0)}, "
               f"no-build {counts.get('no-build', 0)}, error {counts.get('error', 0)}; "
               f"kill rate {rate:.1f}% ({killed}/{scored}) in {seconds / 60:.1f} min")
    lines.append("kills are behavioural: tests marked edit_sensitive (failing on any "
                 "edit) were not run")
    lines.append(summary)
    text = "\n".join(lines) + "\n"
    (OUT / "report.txt").write_text(text)
    print()
    print(text, end="")
    print(f"report: {OUT / 'report.txt'}")
    bad = counts.get("stale", 0) + counts.get("no-build", 0) + counts.get("error", 0)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
