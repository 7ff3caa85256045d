# SPDX-License-Identifier: BSD-2-Clause
"""Device links as the shell shows them (`devices`, `devlinks`, `probes`
read into rows), the tree fragments that show each case, and the state a
round trip must give back: shared by tests/qemu/test_devlinks.py,
tests/tools/test_devgraph.py, scripts/docs-devlinks and the flip bench."""
import re

FPGA_UART = "/fpga@10000000/serial@9000"
RTC = "/external-bus/i2c@1,0/rtc@68"


def devices_rows(out):
    """`devices` as {node: (driver, order, state)}."""
    rows = {}
    for line in out.splitlines():
        if line.startswith("/"):
            path, _dev, _bus, driver, order, state = line.split(None, 5)
            rows[path] = (driver, order, state.strip())
    return rows


def devlinks_rows(out):
    """`devlinks` as [(supplier, consumer, property, state)]."""
    rows = []
    for line in out.splitlines()[1:-1]:
        m = re.match(r"(\S+) +(\S+) +(.+?) +(active|waiting|supplier-missing.*|relaxed.*)$",
                     line)
        assert m, line
        rows.append(m.groups())
    return rows


def probe_rows(out):
    """`probes` as [(device, driver, trigger, result)] in order."""
    rows = []
    for line in out.splitlines()[1:]:
        m = re.match(r"\d+ +\d+ +\d+ (\S+) +(\S+) +(.+?) {2,}(\S+)$", line)
        if m:
            rows.append(m.groups())
    return rows


CASES = """
&timclk { #power-domain-cells = <0>; };

/ {
	/* No driver for a fixed-factor clock is built. */
	clk_missing: clock-missing {
		compatible = "coyote,no-such-clock";
		#clock-cells = <0>;
		clocks = <&timclk>;
		clock-div = <1>;
		clock-mult = <1>;
	};
	clk_off: clock-off {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		clock-frequency = <1000>;
		status = "disabled";
	};
	/* No clock-frequency: its probe fails (EINVAL). */
	clk_bad: clock-bad {
		compatible = "fixed-clock";
		#clock-cells = <0>;
	};
	clock-user-a {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		clock-frequency = <11>;
		clocks = <&clk_missing>;
	};
	clock-user-b {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		clock-frequency = <12>;
		clocks = <&clk_off>;
	};
	clock-user-c {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		clock-frequency = <13>;
		clocks = <&clk_bad>;
	};

	/* Cycle of two: clocks one way, power-domains back. */
	cyc_a: clock-cycle-a {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		#power-domain-cells = <0>;
		clock-frequency = <21>;
		clocks = <&cyc_b>;
	};
	cyc_b: clock-cycle-b {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		clock-frequency = <22>;
		power-domains = <&cyc_a>;
	};

	/* Cycle of three: resets, pwms, and a pin state back. */
	cyc_c: clock-cycle-c {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		clock-frequency = <31>;
		resets = <&cyc_d 0>;
	};
	cyc_d: clock-cycle-d {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		#reset-cells = <1>;
		clock-frequency = <32>;
		pwms = <&cyc_e 0>;
	};
	cyc_e: clock-cycle-e {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		#pwm-cells = <1>;
		clock-frequency = <33>;
		pinctrl-0 = <&cyc_c>;
	};
};

/* A supplier whose driver is a module (autoloaded): UART3 waits for it. */
&i2c0 {
	rtc@68 {
		#power-domain-cells = <0>;
	};
};
&uart3 {
	power-domains = <&{/external-bus/i2c@1,0/rtc@68}>;
};
"""

NET = ["-netdev", "user,id=n0,restrict=on", "-net", "nic,model=smc91c111,netdev=n0"]


def machine_state(c):
    """What a round trip must give back: `irqs` without the counts,
    `devlinks` and `devices` as sets (a device made again is listed, and
    probed, later), and the heap's used bytes and allocations."""
    irqs = sorted(tuple(l.split()[:5]) for l in c.run("irqs").splitlines()[1:-1])
    links = sorted(devlinks_rows(c.run("devlinks")))
    devs = sorted((p, r[0], r[2]) for p, r in devices_rows(c.run("devices")).items())
    heap = re.search(r"used .* allocations", c.run("mem")).group(0)
    return irqs, links, devs, heap


# A consumer of the NIC, whose driver is a module.
NIC_CONSUMER = """
&eth0 { #power-domain-cells = <0>; };
/ {
	clock-nic-user {
		compatible = "fixed-clock";
		#clock-cells = <0>;
		clock-frequency = <41>;
		power-domains = <&eth0>;
	};
};
"""

# A UART that links to the RTC, whose driver is a module too.
RTC_SUPPLIES_UART3 = """
&i2c0 { rtc@68 { #power-domain-cells = <0>; }; };
&uart3 { power-domains = <&{/external-bus/i2c@1,0/rtc@68}>; };
"""
