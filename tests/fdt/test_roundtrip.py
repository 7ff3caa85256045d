# SPDX-License-Identifier: BSD-2-Clause
"""ofdump -> dtc -> ofdump prints the same text, for every blob ofdump
accepts: the armhf corpus, a compiled overlay (__fixups__,
__local_fixups__, __symbols__), the generated fault blobs the checker lets
through, and one-byte damages of a test blob.  A blob ofdump refuses must
say why (exit 1 and a message), never print half a tree."""
import concurrent.futures
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from coyote import corpus  # noqa: E402

OFDUMP = os.path.join(ROOT, "build", "host", "ofdump")
DTC = os.environ.get("DTC", "dtc")
OVERLAY = os.path.join(ROOT, "tests", "dts", "roundtrip", "overlay.dtso")
FAULTS = os.path.join(ROOT, "build", "fdt-faults")


# dtc 1.6.1's binding checks (warnings, silenced by -q but still run) die
# on values a damaged blob can hold: an assertion in propval_cell() for a
# #interrupt-cells longer than a cell, a segfault for #address-cells =
# <0x80000001>.  They judge bindings, not the format, so they are off; dtc's
# structural checks (names, duplicates, phandles) stay on.
DTC_BINDING_CHECKS_OFF = [
    "-W", "no-interrupts_property", "-W", "no-interrupt_provider",
    "-W", "no-reg_format", "-W", "no-ranges_format", "-W", "no-avoid_default_addr_size",
    "-W", "no-unit_address_vs_reg", "-W", "no-simple_bus_reg",
    "-W", "no-avoid_unnecessary_addr_size", "-W", "no-unique_unit_address",
]


def ofdump(path_or_stdin, data=None):
    args = [OFDUMP, "--modules", "", path_or_stdin]
    return subprocess.run(args, input=data, capture_output=True)


def round_trip(path):
    """None when ofdump refuses (with a reason) or the trip is exact;
    else what went wrong."""
    first = ofdump(path)
    if first.returncode:
        if first.returncode == 1 and first.stderr.strip() and not first.stdout:
            return None
        return "ofdump exit %d: %s" % (first.returncode, first.stderr.decode(errors="replace"))
    blob = subprocess.run([DTC, "-q"] + DTC_BINDING_CHECKS_OFF + ["-I", "dts", "-O", "dtb", "-"],
                          input=first.stdout,
                          capture_output=True)
    if blob.returncode:
        return "dtc rejects ofdump's output: " + blob.stderr.decode(errors="replace")[:500]
    second = ofdump("/dev/stdin", blob.stdout)
    if second.returncode:
        return "ofdump refuses dtc's blob: " + second.stderr.decode(errors="replace")
    if second.stdout != first.stdout:
        return "second ofdump differs from the first"
    return None


def check_all(paths):
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        bad = [(p, e) for p, e in zip(paths, pool.map(round_trip, paths)) if e]
    assert not bad, "\n".join("%s: %s" % (os.path.basename(p), e) for p, e in bad[:10])


@pytest.fixture(scope="module")
def tool():
    assert os.access(OFDUMP, os.X_OK), "%s missing: run `make host`" % OFDUMP
    return OFDUMP


def test_overlay(tool, tmp_path):
    dtbo = str(tmp_path / "overlay.dtbo")
    subprocess.run([DTC, "-q", "-@", "-I", "dts", "-O", "dtb", "-o", dtbo, OVERLAY], check=True)
    text = ofdump(dtbo).stdout.decode()
    assert "__fixups__" in text and "__local_fixups__" in text and "__symbols__" in text
    assert round_trip(dtbo) is None, round_trip(dtbo)


def test_corpus(tool):
    try:
        directory = corpus.fetch()
    except corpus.FetchError as e:
        pytest.skip("corpus: cannot fetch Debian's armhf kernel package: %s" % e)
    check_all(corpus.blobs(directory))


def test_fault_blobs_ofdump_accepts(tool):
    if not os.path.isdir(FAULTS):
        pytest.skip("no %s: tests/fdt/test_conformance.py makes it" % FAULTS)
    check_all(sorted(os.path.join(FAULTS, f) for f in os.listdir(FAULTS)))


def test_damaged_blobs(tool, tmp_path):
    """Every 7th one-byte damage of api.dtb (three ways, as fdtdiff
    --mutate): whatever ofdump prints, dtc reads back the same."""
    good = open(os.path.join(ROOT, "build", "host", "dts", "api.dtb"), "rb").read()
    paths = []
    for k, (i, flip) in enumerate((i, f) for i in range(len(good)) for f in (0xff, 0x01, 0x80)):
        if k % 7:
            continue
        b = bytearray(good)
        b[i] ^= flip
        p = tmp_path / ("api-%d-%02x.dtb" % (i, flip))
        p.write_bytes(bytes(b))
        paths.append(str(p))
    check_all(paths)
