# SPDX-License-Identifier: BSD-2-Clause
"""make dtbs_check: the bindings in dts/bindings/ and every tree checked
against them with Debian's dt-schema.

The first test is the check itself on the project's trees.  The others prove
it can fail: each broken tree below differs from a clean one by a single
fault, and the check must name that fault, both through scripts/dtbs-check
and through the make target (a lab tree in a LAB_DIR under build/).
"""
import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA = os.path.join(ROOT, "build", "bindings", "processed-schema.json")
CHECK = os.path.join(ROOT, "scripts", "dtbs-check")
WORK = os.path.join(ROOT, "build", "tests", "bindings")

def make(*args):
	return subprocess.run(["make", "-C", ROOT, "--no-print-directory", *args],
			      capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def checked():
	"""Run `make dtbs_check` once: the tests below use its processed schema."""
	return make("dtbs_check")


def test_dtbs_check_is_clean(checked):
	out = checked.stdout + checked.stderr
	assert checked.returncode == 0, out
	assert "CHECK   build/dts/versatilepb.dtb" in out, out
	summary = re.search(r"dtbs_check: (\d+) bindings, (\d+) examples", out)
	assert summary, out
	assert int(summary.group(1)) >= 10 and summary.group(1) == summary.group(2), out
	# Clean means silent: no finding lines, only the tool's progress lines.
	noise = [l for l in checked.stderr.splitlines() if l.strip()]
	assert not noise, out


# A small tree using the board's devices, each node in a good and a bad form.
# {nodes} is filled with one good form of every node, except the one under
# test, which is bad.
TREE = """/dts-v1/;
/ {{
	model = "dtbs_check test";
	compatible = "arm,versatile-pb";
	#address-cells = <1>;
	#size-cells = <1>;
	interrupt-parent = <&vic>;

	pclk: clock-apb {{
		compatible = "fixed-clock";
		#clock-cells = <0>;
		clock-frequency = <24000000>;
	}};

	amba-bus {{
		compatible = "arm,amba-bus", "simple-bus";
		#address-cells = <1>;
		#size-cells = <1>;
		ranges;
{nodes}
	}};
}};
"""

GOOD = {
	"vic": """
		vic: interrupt-controller@10140000 {
			compatible = "arm,versatile-vic", "arm,pl190-vic";
			reg = <0x10140000 0x1000>;
			interrupt-controller;
			#address-cells = <0>;
			#interrupt-cells = <1>;
		};""",
	"uart": """
		serial@101f1000 {
			compatible = "arm,pl011", "arm,primecell";
			reg = <0x101f1000 0x1000>;
			interrupts = <12>;
			clocks = <&pclk>, <&pclk>;
			clock-names = "uartclk", "apb_pclk";
		};""",
	"timer": """
		timer@101e2000 {
			compatible = "arm,sp804", "arm,primecell";
			reg = <0x101e2000 0x1000>;
			interrupts = <4>;
			clocks = <&pclk>;
			clock-names = "timer0clk";
		};""",
	"i2c": """
		i2c@10002000 {
			compatible = "arm,versatile-i2c";
			reg = <0x10002000 0x1000>;
			#address-cells = <1>;
			#size-cells = <0>;

			rtc@68 {
				compatible = "dallas,ds1338", "maxim,ds1338";
				reg = <0x68>;
			};
		};""",
	"eth": """
		ethernet@10010000 {
			compatible = "smsc,lan91c111", "smc,smc91c111";
			reg = <0x10010000 0x10000>;
			interrupts = <25>;
			local-mac-address = [52 54 00 12 34 56];
		};""",
}

# (case, node, bad form, what the report must say)
BROKEN = [
	("uart-no-reg", "uart", """
		serial@101f1000 {
			compatible = "arm,pl011", "arm,primecell";
			interrupts = <12>;
		};""", r"serial@101f1000: 'reg' is a required property"),
	("uart-string-interrupts", "uart", """
		serial@101f1000 {
			compatible = "arm,pl011", "arm,primecell";
			reg = <0x101f1000 0x1000>;
			interrupts = "twelve";
		};""", r"serial@101f1000: interrupts: .*is not of type 'array'"),
	("uart-unknown-property", "uart", """
		serial@101f1000 {
			compatible = "arm,pl011", "arm,primecell";
			reg = <0x101f1000 0x1000>;
			interrupts = <12>;
			baud = <115200>;
		};""", r"serial@101f1000: Unevaluated properties are not allowed \('baud' was unexpected\)"),
	("rtc-wrong-compatible", "i2c", """
		i2c@10002000 {
			compatible = "arm,versatile-i2c";
			reg = <0x10002000 0x1000>;
			#address-cells = <1>;
			#size-cells = <0>;

			rtc@68 {
				compatible = "dallas,ds1339x";
				reg = <0x68>;
			};
		};""", r"rtc@68: failed to match any schema with compatible: \['dallas,ds1339x'\]"),
	("vic-not-a-controller", "vic", """
		vic: interrupt-controller@10140000 {
			compatible = "arm,versatile-vic", "arm,pl190-vic";
			reg = <0x10140000 0x1000>;
			#address-cells = <0>;
			#interrupt-cells = <1>;
		};""", r"'interrupt-controller' is a required property"),
	("timer-clock-name-typo", "timer", """
		timer@101e2000 {
			compatible = "arm,sp804", "arm,primecell";
			reg = <0x101e2000 0x1000>;
			interrupts = <4>;
			clocks = <&pclk>;
			clock-names = "timerclk";
		};""", r"timer@101e2000: clock-names:0: 'timerclk' is not one of"),
	("eth-short-mac", "eth", """
		ethernet@10010000 {
			compatible = "smsc,lan91c111", "smc,smc91c111";
			reg = <0x10010000 0x10000>;
			interrupts = <25>;
			local-mac-address = [52 54 00 12 34];
		};""", r"ethernet@10010000: local-mac-address:[\s\S]*is too short"),
]


def tree(bad_node=None, bad_text=None):
	nodes = [bad_text if n == bad_node else GOOD[n] for n in GOOD]
	return TREE.format(nodes="\n".join(nodes))


def compile_tree(name, text):
	os.makedirs(WORK, exist_ok=True)
	dts = os.path.join(WORK, name + ".dts")
	dtb = os.path.join(WORK, name + ".dtb")
	with open(dts, "w") as f:
		f.write(text)
	subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb, dts], check=True)
	return dtb


def run_check(*args):
	return subprocess.run([CHECK, *args], capture_output=True, text=True, timeout=300)


def test_good_tree_is_clean(checked):
	"""The base of every broken case passes, so each failure below is its fault's."""
	res = run_check(SCHEMA, compile_tree("good", tree()))
	assert res.returncode == 0, res.stderr
	assert res.stderr == "", res.stderr


@pytest.mark.parametrize("case,node,bad,expect", BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_tree_is_reported(checked, case, node, bad, expect):
	res = run_check(SCHEMA, compile_tree(case, tree(node, bad)))
	assert res.returncode == 1, res.stdout + res.stderr
	assert re.search(expect, res.stderr), res.stderr


def test_waivers(checked):
	"""A waiver hides exactly its finding; a waiver matching nothing fails."""
	dtb = compile_tree("rtc-wrong-compatible", tree(*BROKEN[3][1:3]))
	waivers = os.path.join(WORK, "waivers")
	with open(waivers, "w") as f:
		f.write("# test\nrtc-wrong-compatible.dtb failed to match any schema with compatible\n")
	res = run_check("--waivers", waivers, SCHEMA, dtb)
	assert res.returncode == 0, res.stderr
	assert "WAIVED  1 finding" in res.stdout, res.stdout

	with open(waivers, "a") as f:
		f.write("rtc-wrong-compatible.dtb nothing says this\n")
	res = run_check("--waivers", waivers, SCHEMA, dtb)
	assert res.returncode == 1, res.stderr
	assert "stale waiver" in res.stderr, res.stderr


def test_make_target_fails_on_broken_lab_tree(checked):
	"""The make target itself fails, naming the fault, on a broken lab tree;
	the same tree marked as a planted fault is shown but does not fail."""
	labs = os.path.join(WORK, "labs")
	shutil.rmtree(labs, ignore_errors=True)
	os.makedirs(os.path.join(labs, "dtbs-check-selftest"))
	src = os.path.join(labs, "dtbs-check-selftest", "starter.dts")
	case, node, bad, expect = BROKEN[0]
	with open(src, "w") as f:
		f.write(tree(node, bad))

	res = make("dtbs_check", "LAB_DIR=" + labs)
	out = res.stdout + res.stderr
	assert res.returncode != 0, out
	assert "CHECK   build/dts/labs/dtbs-check-selftest/starter.dtb" in out, out
	assert re.search(expect, res.stderr), out

	with open(src, "w") as f:
		f.write("// dtbs_check: planted-fault (missing reg)\n" + tree(node, bad))
	res = make("dtbs_check", "LAB_DIR=" + labs)
	out = res.stdout + res.stderr
	assert res.returncode == 0, out
	assert "planted fault" in out and re.search(expect, res.stdout), out
	shutil.rmtree(labs)
	shutil.rmtree(os.path.join(ROOT, "build", "dts", "labs", "dtbs-check-selftest"))


def test_bad_binding_is_reported():
	"""dt-doc-validate (step 1) rejects a binding whose $id does not match its
	file name, and one with a property the meta-schema does not allow."""
	d = os.path.join(WORK, "schemas")
	os.makedirs(d, exist_ok=True)
	path = os.path.join(d, "acme,widget.yaml")
	with open(path, "w") as f:
		f.write("""%YAML 1.2
---
$id: http://devicetree.org/schemas/acme,gadget.yaml#
$schema: http://devicetree.org/meta-schemas/core.yaml#
title: Acme widget
maintainers:
  - The coyote authors <coyote@example.org>
properties:
  compatible:
    const: acme,widget
  acme,speed:
    description: no type given
required:
  - compatible
additionalProperties: false
""")
	res = subprocess.run(["dt-doc-validate", "-u", d, path], capture_output=True,
			     text=True, timeout=120)
	assert "doesn't match actual path or filename" in res.stderr, res.stderr
	assert "acme,speed" in res.stderr, res.stderr
