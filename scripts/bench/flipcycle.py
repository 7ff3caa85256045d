#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Benchmark: N rounds of taking a supplier away and giving it back, one
boot per scenario (the round trips).

    /usr/bin/python3 scripts/bench/flipcycle.py [ROUNDS]   (default 1000)

Scenarios: the SIC (an interrupt controller with the FPGA UART and the NIC
behind it), the external bus (the NIC, the I2C controller, a module's RTC),
a clock with a consumer (clk32k and clk32k-user, then flip-clk32k), and
each boot module that supplies another device (rmmod+insmod of smc91x with
a clock that links to the NIC; of ds1338 with UART3 linked to the RTC).
Prints per scenario the guest uptime the rounds took, the time per round
and whether `irqs`, `devlinks`, `devices` and the heap's bytes and
allocations came back as they were, and whether the NIC still pings.
Figures, not assertions: it exits 1 only when something did not come back.
"""
import re
import sys

from coyote.devlinks import NET, NIC_CONSUMER, RTC_SUPPLIES_UART3, machine_state
from coyote.qemu import Coyote, board_dts_source, compile_dts


def uptime(c):
    return float(re.search(r"up ([\d.]+) s", c.run("uptime")).group(1))


def pings(c):
    return "2 packets transmitted, 2 received" in c.run("ping -i 0.2 -c 2 10.0.2.2",
                                                        timeout=20)


def overlay_rounds(name, rounds, setup=()):
    def body(c):
        for cmd in setup:
            c.run(cmd)
        before = machine_state(c)
        t0 = uptime(c)
        out = c.run("overlay cycle %d %s" % (rounds, name), timeout=120 + rounds)
        return before, uptime(c) - t0, ": ok" in out
    return body


def module_rounds(module, rounds):
    def body(c):
        before = machine_state(c)
        t0 = uptime(c)
        ok = True
        for _ in range(rounds):
            ok &= "unloaded" in c.run("rmmod " + module)
            c.run("insmod " + module)
        return before, uptime(c) - t0, ok
    return body


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    scenarios = [
        ("SIC (flip-sic)", {}, overlay_rounds("flip-sic", rounds)),
        ("external bus (flip-extbus)", {}, overlay_rounds("flip-extbus", rounds)),
        ("clock clk32k (flip-clk32k)", {},
         overlay_rounds("flip-clk32k", rounds, ("overlay apply clk32k",
                                                "overlay apply clk32k-user"))),
        ("module smc91x (supplies clock-nic-user)",
         {"dtb": compile_dts(board_dts_source() + NIC_CONSUMER, "flipcycle-nic")},
         module_rounds("smc91x", rounds)),
        ("module ds1338 (supplies UART3)",
         {"dtb": compile_dts(board_dts_source() + RTC_SUPPLIES_UART3, "flipcycle-rtc")},
         module_rounds("ds1338", rounds)),
    ]
    failed = False
    print("%-42s %7s %9s %10s %6s" % ("scenario", "rounds", "uptime s", "ms/round",
                                      "same"), "ping")
    for name, kw, body in scenarios:
        with Coyote(extra=NET, **kw) as c:
            before, secs, ok = body(c)
            same = ok and machine_state(c) == before
            ping = pings(c)
        failed |= not (same and ping)
        print("%-42s %7d %9.2f %10.2f %6s" % (name, rounds, secs, 1000 * secs / rounds,
                                              "yes" if same else "NO"),
              "yes" if ping else "NO")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
