# SPDX-License-Identifier: BSD-2-Clause
"""coyote's blob checker against the DT spec's flat-format chapter and
against libfdt's fdt_check_full (docs/fdt-conformance.md).

- the table in docs/ is what scripts/fdt-conformance makes today (real
  verdicts, one generated blob per row, each tripping its own check);
- on every DTB of Debian's armhf kernel package, and on every one-byte
  damage of the test and board blobs and the fuzzer's saved inputs, each
  disagreement between the two checkers has the shape of a row of the
  table that names the clause making coyote right.
"""
import glob
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from coyote import corpus  # noqa: E402
from coyote import conformance as conf  # noqa: E402

DOC = os.path.join(ROOT, "docs", "fdt-conformance.md")


@pytest.fixture(scope="module")
def rows():
    assert os.access(conf.FDTDIFF, os.X_OK), \
        "%s missing: run `make host` (make test builds it)" % conf.FDTDIFF
    assert os.path.exists(conf.GOOD), "%s missing: run `make host-tests`" % conf.GOOD
    return conf.verdicts()


def test_table_is_current(rows):
    with open(DOC) as fp:
        assert fp.read() == conf.document(rows) + "\n" + \
            conf.unwritable_section(conf.unwritable_examples()), \
            "docs/fdt-conformance.md is stale: run `make fdt-conformance`"


def test_named_root_refused_naming_it(rows):
    got = {r[0]: c for r, c, _ in rows}
    assert 'root node named "foo"' in got["root-named"]


def unexplained(rows, lines):
    bad = []
    for name, (coyote, libfdt) in lines.items():
        if conf.coyote_ok(coyote) == (libfdt == "ok"):
            continue
        if not conf.explained(rows, coyote, libfdt):
            bad.append("%s: coyote \"%s\", libfdt %s" % (name, coyote, libfdt))
    return bad


def test_corpus_agrees(rows, capsys):
    try:
        directory = corpus.fetch()
    except corpus.FetchError as e:
        pytest.skip("corpus: cannot fetch Debian's armhf kernel package: %s" % e)
    files = corpus.blobs(directory)
    lines = conf.fdtdiff(files)
    bad = unexplained(rows, lines)
    differ = sum(conf.coyote_ok(c) != (l == "ok") for c, l in lines.values())
    with capsys.disabled():
        print("\nfdt conformance: corpus %d blobs, %d disagree, %d unexplained"
              % (len(files), differ, len(bad)))
    assert not bad, "\n".join(bad[:20])


def mutated_sources():
    files = glob.glob(os.path.join(ROOT, "build", "host", "dts", "*.dtb"))
    files += glob.glob(os.path.join(ROOT, "build", "dts", "*.dtb"))
    # The blob harness's saved inputs (each harness keeps its own folder).
    files += [f for f in glob.glob(os.path.join(ROOT, "tests", "fuzz", "regressions", "fuzz_fdt",
                                                 "*"))
              if os.path.isfile(f) and not f.endswith(".md")]
    return sorted(files)


def test_mutated_blobs_agree(rows, capsys):
    files = mutated_sources()
    r = subprocess.run([conf.FDTDIFF, "--mutate"] + files, capture_output=True,
                       text=True, check=True)
    lines, total = {}, 0
    for line in r.stdout.splitlines():
        if line.startswith("# "):
            total += int(line.rsplit(":", 1)[1].split()[0])
            continue
        name, coyote, libfdt = line.split("\t")
        lines[name] = (coyote, libfdt)
    bad = unexplained(rows, lines)
    with capsys.disabled():
        print("\nfdt conformance: %d mutated blobs from %d files, %d disagree, "
              "%d unexplained" % (total, len(files), len(lines), len(bad)))
    assert total > 1000
    assert not bad, "\n".join(bad[:20])
