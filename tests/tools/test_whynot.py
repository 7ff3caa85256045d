# SPDX-License-Identifier: BSD-2-Clause
"""`whynot` in the kernel and `ofdump --devices` on the host: the same code
(drivers/base/whynot.c) must give the same verdict for every node with a
compatible, on the board DTB and on generated variants that plant each kind
of fault: a disabled node, a compatible with a typo and one with a wrong
vendor prefix, a bus without `ranges`, a node whose parent is not a bus, a
disabled bus, an I2C child with a bad address, a failing probe, and (no
VIC) deferred probes.  The host runs the kernel's driver catalogue,
generated from build/kernel.elf, so this also proves the catalogue is right.
"""
import re
import subprocess

import pytest

from coyote import ofdump  # noqa: E402
from coyote.qemu import BUILD, BOARD_DTB, board_dts_source, compile_dts  # noqa: E402

OFDUMP = ofdump.OFDUMP

FAULTS = """
&uart2 { reg = <0x101f9000 0x1000>; };          /* probe fails: ENODEV */
&{/amba/gpio@101e5000} { status = "disabled"; };
&{/amba} {
	typo@10180000 {
		compatible = "arm,pl0ll";              /* l for 1 */
		reg = <0x10180000 0x1000>;
	};
	vendor@10190000 {
		compatible = "acme,pl011";             /* wrong vendor prefix */
		reg = <0x10190000 0x1000>;
	};
};
/ {
	noranges {
		compatible = "simple-bus";
		#address-cells = <1>;
		#size-cells = <1>;
		uart@101f1000 {
			compatible = "arm,pl011";
			reg = <0x101f1000 0x1000>;
		};
	};
	notabus {
		compatible = "acme,board-control";
		#address-cells = <1>;
		#size-cells = <1>;
		serial@0 {
			compatible = "arm,pl011";
			reg = <0 0x1000>;
		};
	};
	offbus {
		compatible = "simple-bus";
		status = "disabled";
		#address-cells = <1>;
		#size-cells = <1>;
		ranges;
		serial@101f1000 {
			compatible = "arm,pl011";
			reg = <0x101f1000 0x1000>;
		};
	};
};
&i2c0 {
	rtc@80 {
		compatible = "dallas,ds1338";
		reg = <0x80>;                          /* not 7-bit */
	};
	sensor@48 {
		compatible = "ti,tmp105";              /* no driver built in */
		reg = <0x48>;
	};
};
"""


def host_report(dtb):
    """{path: (verdict, driver or None, [reason lines], module or None)} from
    ofdump --devices."""
    return {p: (n["verdict"], n["driver"], n["lines"], n["module"])
            for p, n in ofdump.devices(dtb).items()}


def kernel_report(c, path):
    out = c.run("whynot " + path)
    lines = [l[2:] for l in out.splitlines() if l.startswith("  ")]
    m = re.search(r"^verdict: (.+)$", out, re.M)
    assert m, out
    d = re.search(r"driver ([\w.-]+)", out)
    mod = re.search(r"driver [\w.-]+ \(module (\S+)\)", out)
    return m.group(1).strip(), d.group(1) if d else None, lines, mod.group(1) if mod else None


# The one reason the kernel words differently from the prediction, both
# true: a node under an I2C controller with no driver ("has no bound driver"
# where the kernel knows the controller's device, "would get no driver" off
# it).  Aspeed's I2C buses carry sensors and EEPROMs.
I2C_UNBOUND = re.compile(r"^(its I2C controller \S+) (?:has no bound driver \(whynot|"
                         r"would get no driver \(see) (\S+)\)$")


def same_reasons(lines):
    return [I2C_UNBOUND.sub(r"\1 is not bound (\2)", l) for l in lines]


def check_agreement(c, dtb):
    host = host_report(dtb)
    assert host, "ofdump --devices printed no nodes"
    for path, (hv, hdrv, hlines, hmod) in host.items():
        kv, kdrv, klines, kmod = kernel_report(c, path)
        if hv == "would bind" and hmod:
            # Autoload loaded it at boot: the kernel names the same module.
            assert kv == "bound" and kmod == hmod, (path, hmod, kv, klines)
        elif hv == "would bind":
            assert kv in ("bound", "failed"), (path, kv, klines)
            assert kdrv == hdrv and kmod is None, (path, hdrv, kdrv, kmod)
        elif hv == "would defer":
            assert kv == "deferred", (path, kv, hlines, klines)
            if hmod:
                assert kmod == hmod, (path, hmod, kmod, klines)
            else:
                assert kdrv == hdrv and kmod is None, (path, hdrv, kdrv, kmod)
            # The same supplier and what became of it, in the same words.
            why = hlines[-1].split("waiting for ", 1)[1]
            assert any(why in l for l in klines), (path, hlines, klines)
        else:
            assert kv == hv, (path, hv, kv, hlines, klines)
            # The tree's reasons are the same words (the same code).
            if hv in ("disabled", "no bus", "no compatible", "no driver", "container"):
                assert same_reasons(klines) == same_reasons(hlines), (path, hlines, klines)
    return host


@pytest.fixture(scope="module")
def ofdump_built():
    if not OFDUMP.exists():
        pytest.fail("%s missing: run `make ofdump`" % OFDUMP)


def test_board_agrees(boot, ofdump_built):
    c = boot()
    host = check_agreement(c, BOARD_DTB)
    assert host["/amba/serial@101f1000"][:2] == ("would bind", "uart-pl011")
    assert host["/amba/rtc@101e8000"][:2] == ("would bind", "rtc-pl031")
    assert host["/amba/gpio@101e4000"][0] == "no driver"
    # DS1338 is a module (scripts/modules.config): known from modules.alias.
    assert host["/external-bus/i2c@1,0/rtc@68"][0::3] == ("would bind", "ds1338")
    # The boot summary points at whynot because some devices have no driver.
    assert re.search(r"driver core: \d+ device\(s\) bound, 0 deferred, 0 failed, "
                     r"\d+ without driver; `whynot PATH` explains", c.boot_log)


def test_planted_faults_agree(boot, ofdump_built):
    dtb = compile_dts(board_dts_source() + FAULTS, "whynot-faults")
    c = boot(dtb=dtb)
    host = check_agreement(c, dtb)
    assert host["/amba/gpio@101e5000"][0] == "disabled"
    assert any('did you mean "arm,pl011"' in l for l in host["/amba/typo@10180000"][2])
    assert any('did you mean "arm,pl011"' in l for l in host["/amba/vendor@10190000"][2])
    assert any("/noranges has no `ranges`" in l for l in host["/noranges/uart@101f1000"][2])
    assert host["/notabus/serial@0"][0] == "no bus"
    assert host["/offbus/serial@101f1000"][0] == "no bus"
    assert host["/external-bus/i2c@1,0/rtc@80"][0] == "no device"
    assert host["/external-bus/i2c@1,0/sensor@48"][0] == "no driver"
    out = c.run("whynot /amba/serial@101f3000")
    assert "probe by driver uart-pl011 failed: ENODEV: ID" in out, out
    assert "verdict: failed" in out
    # An alias works as well as a path.
    assert c.run("whynot serial2") == out
    assert "whynot: error ENOENT" in c.run("whynot /no/such")


def test_module_not_loaded(boot, ofdump_built):
    """A node whose driver is a module that is not loaded: whynot names
    the module and how to load it; loading it binds the node again."""
    c = boot()
    rtc = "/external-bus/i2c@1,0/rtc@68"
    assert "bound to driver rtc-ds1338 (module ds1338)" in c.run("whynot " + rtc)
    c.run("rmmod ds1338")
    out = c.run("whynot " + rtc)
    assert '"dallas,ds1338": module ds1338 is not loaded (insmod ds1338)' in out, out
    assert "verdict: module not loaded" in out, out
    c.run("insmod ds1338")
    assert "verdict: bound" in c.run("whynot " + rtc)


def test_deferred_agree(boot, ofdump_built):
    dtb = compile_dts(board_dts_source() + '\n&vic { status = "disabled"; };\n',
                      "whynot-no-vic")
    c = boot(dtb=dtb)
    check_agreement(c, dtb)
    out = c.run("whynot /amba/timer@101e2000")
    assert re.search(r"probe deferred by driver sp804: waiting for interrupt parent "
                     r"/amba/interrupt-controller@10140000 \(that node is disabled\)", out), out


def test_ofdump_modules_option(ofdump_built, tmp_path):
    """modules.alias decides the module prediction: none (--modules '') and
    the RTC has no driver; another file names another module."""
    rtc = "/external-bus/i2c@1,0/rtc@68"
    res = subprocess.run([str(OFDUMP), "--devices", "--modules", "", str(BOARD_DTB)],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    block = res.stdout.split(rtc + "\n", 1)[1].split("\n/", 1)[0]
    assert "verdict:   no driver" in block, block
    alias = tmp_path / "modules.alias"
    alias.write_text("alias of:N*T*Cdallas,ds1338 myrtc\n")
    res = subprocess.run([str(OFDUMP), "--devices", "--modules", str(alias), str(BOARD_DTB)],
                         capture_output=True, text=True, timeout=60)
    block = res.stdout.split(rtc + "\n", 1)[1].split("\n/", 1)[0]
    assert "verdict:   would bind (module myrtc)" in block, block
    res = subprocess.run([str(OFDUMP), "--devices", "--modules", str(tmp_path / "none"),
                          str(BOARD_DTB)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 1 and "No such file" in res.stderr
