# SPDX-License-Identifier: BSD-2-Clause
"""build/host/ofdump: the kernel's live tree printed back as DTS.

Each value kind dtc distinguishes when it decompiles (empty, string lists
with escapes, cells, bytes), /memreserve/ entries, phandles, deep nesting,
--stats, and the error path for broken blobs.
"""
import os
import struct
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OFDUMP = os.path.join(ROOT, "build", "host", "ofdump")

TREE = r"""
/dts-v1/;
/memreserve/ 0x1000 0x2000;
/memreserve/ 0x8000000000 0x10;
/ {
	#address-cells = <1>;
	#size-cells = <1>;
	model = "coyote test";
	compatible = "coyote,a", "coyote,b";
	empty;
	escapes = "tab\there", "nl\n", "quote\"back\\slash", "bell\a\b\v\f\r";
	cells = <0 1 0xdeadbeef 0xffffffff>;
	bytes = [01 02 03];
	mostly-nul = [61 00 00];
	two-nul = [61 62 00 00];
	one-nul = [00];
	not-printable = [7f 00];
	cell-string = "abc";
	sixty-four = /bits/ 64 <0x123456789>;

	intc: interrupt-controller@1000 {
		compatible = "coyote,intc";
		reg = <0x1000 0x100>;
		interrupt-controller;
		#interrupt-cells = <1>;
	};

	bus@2000 {
		compatible = "simple-bus";
		#address-cells = <1>;
		#size-cells = <1>;
		ranges = <0 0x2000 0x1000>;
		interrupt-parent = <&intc>;

		dev@10 {
			reg = <0x10 4>;
			interrupts = <3>;
			a { b { c { d { e { deep = "yes"; }; }; }; }; };
		};
		dev@20 { reg = <0x20 4>; status = "disabled"; };
	};
	leaf { };
};
"""


def dtc(args, data):
    r = subprocess.run(["dtc", "-q"] + args, input=data, capture_output=True)
    assert r.returncode == 0, r.stderr.decode()
    return r.stdout


@pytest.fixture(scope="module")
def tool():
    assert os.access(OFDUMP, os.X_OK), "%s missing: run `make host`" % OFDUMP
    return OFDUMP


@pytest.fixture(scope="module")
def blob(tmp_path_factory):
    path = tmp_path_factory.mktemp("ofdump") / "tree.dtb"
    path.write_bytes(dtc(["-I", "dts", "-O", "dtb"], TREE.encode()))
    return path


def ofdump(tool, *args):
    return subprocess.run([tool] + [str(a) for a in args], capture_output=True)


def test_output_is_what_dtc_decompiles(tool, blob):
    r = ofdump(tool, blob)
    assert r.returncode == 0, r.stderr
    assert r.stdout == dtc(["-I", "dtb", "-O", "dts", str(blob)], b"")


def test_output_compiles_back_to_the_same_tree(tool, blob):
    ours = ofdump(tool, blob).stdout
    again = dtc(["-I", "dts", "-O", "dtb"], ours)
    assert dtc(["-I", "dtb", "-O", "dts"], again) == \
        dtc(["-I", "dtb", "-O", "dts", str(blob)], b"")


def test_value_kinds(tool, blob):
    text = ofdump(tool, blob).stdout.decode()
    assert '\tcompatible = "coyote,a\\0coyote,b";\n' in text
    assert "\tempty;\n" in text
    assert '\tescapes = "tab\\there\\0nl\\n\\0quote\\"back\\\\slash\\0bell\\a\\b\\v\\f\\r";\n' in text
    assert "\tcells = <0x00 0x01 0xdeadbeef 0xffffffff>;\n" in text
    assert "\tbytes = [01 02 03];\n" in text
    assert "\tmostly-nul = [61 00 00];\n" in text
    assert '\ttwo-nul = "ab\\0";\n' in text
    assert "\tone-nul = [00];\n" in text
    assert "\tnot-printable = [7f 00];\n" in text
    assert '\tcell-string = "abc";\n' in text
    assert "\tsixty-four = <0x01 0x23456789>;\n" in text
    assert "\t\tphandle = <0x01>;\n" in text
    assert "\t\t\t\t\t\t\t\tdeep = \"yes\";\n" in text


def test_memreserve(tool, blob):
    text = ofdump(tool, blob).stdout.decode()
    assert text.startswith("/dts-v1/;\n\n"
                           "/memreserve/\t0x0000000000001000 0x0000000000002000;\n"
                           "/memreserve/\t0x0000008000000000 0x0000000000000010;\n"
                           "/ {\n")


def test_stats(tool, blob):
    r = ofdump(tool, "--stats", blob)
    assert r.returncode == 0, r.stderr
    stats = dict(line.split(": ") for line in r.stdout.decode().splitlines())
    text = dtc(["-I", "dtb", "-O", "dts", str(blob)], b"").decode()
    nodes = text.count("{\n")
    props = sum(1 for l in text.splitlines() if l.rstrip().endswith(";")
                and not l.strip().startswith(("}", "/memreserve/", "/dts-v1/")))
    assert int(stats["nodes"]) == nodes == 11
    assert int(stats["properties"]) == props
    assert int(stats["phandles"]) == 1
    assert int(stats["blob bytes"]) == os.path.getsize(blob)
    assert 0 < int(stats["live-tree bytes"]) < 100 * nodes + 50 * props
    assert int(stats["live-tree bytes"]) <= int(stats["live-tree bytes on this host"])


def test_bad_magic_exits_1_with_reason(tool, blob, tmp_path):
    bad = tmp_path / "bad.dtb"
    data = bytearray(blob.read_bytes())
    data[0:4] = b"\x00\x00\x00\x00"
    bad.write_bytes(bytes(data))
    r = ofdump(tool, bad)
    assert r.returncode == 1
    assert r.stdout == b""
    err = r.stderr.decode()
    assert err.startswith("ofdump: %s: " % bad) and "magic" in err


def test_truncated_blob_exits_1(tool, blob, tmp_path):
    bad = tmp_path / "short.dtb"
    data = blob.read_bytes()
    bad.write_bytes(data[:len(data) // 2])
    r = ofdump(tool, bad)
    assert r.returncode == 1
    assert r.stderr.decode().startswith("ofdump: %s: " % bad)


def test_missing_file(tool, tmp_path):
    r = ofdump(tool, tmp_path / "nope.dtb")
    assert r.returncode == 1
    assert b"No such file" in r.stderr


def test_help_and_usage(tool):
    r = ofdump(tool, "--help")
    assert r.returncode == 0 and b"--stats" in r.stdout
    assert ofdump(tool).returncode == 2
    assert ofdump(tool, "--bogus", "x.dtb").returncode == 2


def test_header_totalsize_beyond_file(tool, blob, tmp_path):
    bad = tmp_path / "big.dtb"
    data = bytearray(blob.read_bytes())
    struct.pack_into(">I", data, 4, len(data) + 4096)
    bad.write_bytes(bytes(data))
    r = ofdump(tool, bad)
    assert r.returncode == 1
    assert r.stderr.decode().startswith("ofdump: %s: " % bad)


def test_nul_before_octal_digit_round_trips(tool, tmp_path):
    # dtc 1.6 itself prints "red\03G", which it then reads back as \03.
    path = tmp_path / "octal.dtb"
    path.write_bytes(dtc(["-I", "dts", "-O", "dtb"],
                         b'/dts-v1/;\n/ { names = "red", "3G", "8", "x"; };\n'))
    ours = ofdump(tool, path).stdout
    assert b'\tnames = "red\\x003G\\08\\0x";\n' in ours
    again = dtc(["-I", "dts", "-O", "dtb"], ours)
    assert again == path.read_bytes()
