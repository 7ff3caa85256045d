# SPDX-License-Identifier: BSD-2-Clause
"""The corpus round trip: every DTB of Debian's armhf kernel package.

For each blob: ofdump prints coyote's live tree as DTS; dtc compiles that
back into a blob; dtc decompiles it.  The result must be identical to dtc's
own decompilation of the original blob.  Also counted (not required): how
many ofdump outputs are byte-identical to dtc's text.

Run directly for the figures:  /usr/bin/python3 scripts/coyote/corpus.py
"""
import concurrent.futures
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OFDUMP = os.path.join(ROOT, "build", "host", "ofdump")
FETCH = os.path.join(ROOT, "scripts", "fetch-corpus")
CORPUS_DIR = os.path.join(ROOT, "build", "corpus")
DTC = os.environ.get("DTC", "dtc")
JOBS = 2


class FetchError(Exception):
    pass


def fetch():
    """The directory holding the blobs (fetched once, then cached)."""
    r = subprocess.run([FETCH, CORPUS_DIR], capture_output=True, text=True)
    if r.returncode != 0:
        raise FetchError(r.stderr.strip() or "fetch-corpus exit %d" % r.returncode)
    return r.stdout.strip().splitlines()[-1]


def blobs(directory):
    out = []
    for dirpath, _, files in os.walk(directory):
        out += [os.path.join(dirpath, f) for f in files if f.endswith(".dtb")]
    return sorted(out)


def _run(args, data=None):
    return subprocess.run(args, input=data, capture_output=True)


def round_trip(path):
    """(path, error or None, ofdump text identical to dtc's)."""
    ref = _run([DTC, "-q", "-I", "dtb", "-O", "dts", path])
    if ref.returncode:
        return path, "dtc cannot decompile the original: " + ref.stderr.decode(errors="replace"), False
    ours = _run([OFDUMP, path])
    if ours.returncode:
        return path, "ofdump failed: " + ours.stderr.decode(errors="replace").strip(), False
    blob = _run([DTC, "-q", "-I", "dts", "-O", "dtb", "-"], ours.stdout)
    if blob.returncode:
        return path, "dtc rejects ofdump's output: " + blob.stderr.decode(errors="replace").strip(), False
    back = _run([DTC, "-q", "-I", "dtb", "-O", "dts", "-"], blob.stdout)
    if back.returncode:
        return path, "dtc cannot decompile the round-tripped blob", False
    if back.stdout != ref.stdout:
        return path, "round trip differs from dtc's decompilation", False
    return path, None, ours.stdout == ref.stdout


def run(files, jobs=JOBS):
    """Returns (failures [(path, why)], text_identical count, seconds)."""
    t0 = time.monotonic()
    failures, same = [], 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for path, err, text_same in pool.map(round_trip, files, chunksize=8):
            if err:
                failures.append((path, err))
            same += text_same
    return failures, same, time.monotonic() - t0


def summary(n, failures, same, secs):
    return ("corpus: %d/%d identical after ofdump -> dtc round trip "
            "(%d/%d ofdump texts byte-identical to dtc's), %.1f s"
            % (n - len(failures), n, same, n, secs))


def main():
    try:
        directory = fetch()
    except FetchError as e:
        print("corpus: SKIPPED, cannot fetch Debian's armhf kernel package: %s" % e)
        return 0
    files = blobs(directory)
    failures, same, secs = run(files)
    for path, why in failures[:20]:
        print("FAIL %s: %s" % (os.path.basename(path), why))
    print(summary(len(files), failures, same, secs))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
