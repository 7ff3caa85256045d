# SPDX-License-Identifier: BSD-2-Clause
"""ofdump --overlay (the kernel's of/overlay.c on the host) against Debian's
fdtoverlay: every shipped overlay on every board tree (dts/*.dts), both
merged trees decompiled by dtc with sorting, must be identical.  Broken
overlays are refused with their reason; a base without __symbols__ is
refused by both; --devices --overlay predicts what the kernel's buses do."""
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
OFDUMP = BUILD / "host" / "ofdump"
BOARDS = sorted((BUILD / "dts" / (p.stem + ".dtb")) for p in (ROOT / "dts").glob("*.dts"))
DTBO = BUILD / "overlays"
SHIPPED = sorted(p.stem for p in (ROOT / "dts" / "overlays").glob("*.dts")
                 if not p.stem.startswith("broken-"))
# Overlays applied together, in order (clk32k-user needs clk32k's label,
# spare-clock-compatible the node spare-clock adds).
NEEDS = {"clk32k-user": "clk32k", "spare-clock-compatible": "spare-clock"}
SETS = [[n] for n in SHIPPED if n not in NEEDS] + [[NEEDS[n], n] for n in sorted(NEEDS)]
SETS.append([n for n in SHIPPED if n != "clk32k-user"] + ["clk32k-user"])


def run(cmd, **kw):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                          timeout=60, **kw)


def sorted_dts(path_or_text, fmt):
    """dtc's sorted DTS for a blob file (fmt dtb) or DTS text (fmt dts)."""
    if fmt == "dtb":
        res = run(["dtc", "-q", "-s", "-I", "dtb", "-O", "dts", path_or_text])
    else:
        res = run(["dtc", "-q", "-s", "-I", "dts", "-O", "dts", "-"], input=path_or_text)
    assert res.returncode == 0, res.stderr
    return res.stdout


def files(names):
    return [DTBO / (n + ".dtbo") for n in names]


@pytest.mark.parametrize("board", BOARDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("names", SETS, ids=lambda s: "+".join(s))
def test_same_tree_as_fdtoverlay(board, names, tmp_path):
    merged = tmp_path / "merged.dtb"
    res = run(["fdtoverlay", "-i", board, "-o", merged] + files(names))
    ours = run([OFDUMP, "--overlay", board] + files(names))
    if res.returncode != 0:
        # A board without the overlay's labels or paths: both must refuse.
        assert ours.returncode == 1 and ours.stdout == "", ours.stderr
        return
    assert ours.returncode == 0, ours.stderr
    assert sorted_dts(ours.stdout, "dts") == sorted_dts(merged, "dtb")


@pytest.mark.parametrize("name,reason", [
    ("broken-unknown-label", "fragment@0: property target: unknown label 'no_such_label'"),
    ("broken-target-missing", "fragment@0: property target-path: target /amba/serial@deadbeef is not in the tree"),
    ("broken-phandle-clash", "fragment@0: property phandle: phandle clash: /external-bus/i2c@1,0 has phandle 0x10"),
    ("broken-address-cells", "fragment@0: property #address-cells: would change /external-bus/i2c@1,0's #address-cells from 1 to 2"),
    ("broken-no-target", "fragment@0: no target or target-path property"),
    ("broken-duplicate", "fragment@1: node rtc@6a: an earlier fragment adds it to /external-bus/i2c@1,0 too"),
])
def test_broken_overlay_refused(name, reason):
    res = run([OFDUMP, "--overlay", BUILD / "dts" / "versatilepb.dtb"] + files([name]))
    assert res.returncode == 1 and reason in res.stderr, res.stderr
    assert res.stdout == ""


def test_base_without_symbols_refused(tmp_path):
    """Debian's DTBs are built without -@: labels cannot be resolved."""
    plain = tmp_path / "plain.dtb"
    src = run(["dtc", "-q", "-I", "dtb", "-O", "dts", BUILD / "dts" / "versatilepb.dtb"]).stdout
    # Drop __symbols__ as a base built without -@ has none.
    start = src.index("\t__symbols__ {")
    src = src[:start] + src[src.index("\t};\n", start) + 4:]
    assert run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", plain, "-"], input=src).returncode == 0
    res = run([OFDUMP, "--overlay", plain] + files(["rtc-ds1307-69"]))
    assert res.returncode == 1
    assert "label 'i2c0': the base tree has no __symbols__ (compile it with dtc -@)" in res.stderr
    assert run(["fdtoverlay", "-i", plain, "-o", tmp_path / "x.dtb"]
               + files(["rtc-ds1307-69"])).returncode != 0


def test_truncated_overlay_refused(tmp_path):
    cut = tmp_path / "cut.dtbo"
    cut.write_bytes((DTBO / "rtc-ds1307-69.dtbo").read_bytes()[:100])
    res = run([OFDUMP, "--overlay", BUILD / "dts" / "versatilepb.dtb", cut])
    assert res.returncode == 1 and "exceeds buffer 100" in res.stderr, res.stderr


def test_devices_dry_run():
    res = run([OFDUMP, "--devices", "--overlay", BUILD / "dts" / "versatilepb.dtb"]
              + files(["rtc-ds1307-69", "uart2-disable", "clk32k"]))
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "+ /external-bus/i2c@1,0/rtc@69\n  bus:       i2c\n  address:   0x69 on the I2C bus" in out
    assert "verdict:   would bind (module ds1338)" in out
    assert "- /amba/serial@101f3000\n  its device would be removed (status \"disabled\")" in out
    assert "+ /clock-32768\n  bus:       platform" in out
    assert "verdict:   would bind fixed-clock" in out
    # Only what changes: the board's own devices are not listed.
    assert "/amba/serial@101f1000" not in out


def test_devices_dry_run_compatible_change():
    # The kernel unbinds UART2 and matches its new compatible: no driver.
    res = run([OFDUMP, "--devices", "--overlay", BUILD / "dts" / "versatilepb.dtb"]
              + files(["uart2-compatible"]))
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "~ /amba/serial@101f3000\n  bus:       platform" in out, out
    assert '"coyote,no-such-uart"' in out and "verdict:   no driver" in out, out


def test_devices_dry_run_compatible_gained():
    # A node with no compatible is no device; given one it is, as a new
    # node is.  A node an overlay adds is listed once, not once more for
    # the compatible it comes with.
    res = run([OFDUMP, "--devices", "--overlay", BUILD / "dts" / "versatilepb.dtb"]
              + files(["spare-clock", "spare-clock-compatible", "clk32k"]))
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "spare-clock.dtbo\nno device added or removed\n" in out, out
    assert "spare-clock-compatible.dtbo\n+ /clock-4096\n  bus:       platform" in out, out
    assert out.count("+ /clock-32768\n") == 1, out


def test_parameters_belong_to_the_overlay_before_them():
    """NAME=VALUE sets a parameter of the overlay named before it (the
    Pi's __overrides__); one before any overlay is bad usage, and one the
    overlay does not define is the kernel's refusal."""
    base = BUILD / "dts" / "versatilepb.dtb"
    res = run([OFDUMP, "--overlay", base, "speed=1"] + files(["rtc-ds1307-69"]))
    assert res.returncode == 2 and "speed=1: a parameter belongs after its overlay" in res.stderr, \
        res.stderr
    res = run([OFDUMP, "--overlay", base] + files(["rtc-ds1307-69"]) + ["speed=1"])
    assert res.returncode == 1 and res.stdout == "", res.stdout
    assert "no parameter 'speed' in the overlay's __overrides__ (it defines none)" in res.stderr, \
        res.stderr
