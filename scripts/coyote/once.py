# SPDX-License-Identifier: BSD-2-Clause
"""Work that test collection does once per pytest run, however many
workers collect (`make test` runs JOBS of them, pytest-xdist).

Some files turn what a run prints into test names (the host unit binaries'
KTAP, the in-kernel self-tests' boots).  Every worker must collect the same
tests, and two boots on a loaded machine need not print the same: so the
first worker to ask computes, the others wait for it and read its result
(build/tests/once/RUN/NAME.pickle).  Without workers it simply computes.
"""
import fcntl
import os
import pickle
import shutil
import time
from pathlib import Path

ONCE = Path(__file__).resolve().parents[2] / "build" / "tests" / "once"
KEEP_SECONDS = 3600     # an older run's results are removed


def once_per_run(name, compute):
    """compute()'s result, computed by one worker of this run (it must
    pickle)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return compute()
    folder = ONCE / run
    folder.mkdir(parents=True, exist_ok=True)
    forget_other_runs(run)
    with open(folder / (name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = folder / (name + ".pickle")
        if done.exists():
            return pickle.loads(done.read_bytes())
        value = compute()
        tmp = done.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(value))
        os.replace(tmp, done)
        return value


def forget_other_runs(run):
    for old in ONCE.iterdir():
        try:
            if old.name != run and time.time() - old.stat().st_mtime > KEEP_SECONDS:
                shutil.rmtree(old, ignore_errors=True)
        except FileNotFoundError:
            pass            # another worker removed it first


def parallel_map(fn, items):
    """[fn(x) for x in items], run on as many threads as there are CPUs
    (each item's work is a process of its own: a QEMU, a test binary)."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(fn, items))
