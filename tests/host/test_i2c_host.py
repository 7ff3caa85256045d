# SPDX-License-Identifier: BSD-2-Clause
"""build/host/tests/test_i2c: i2c-core, i2c-algo-bit and the DS1338 driver
on the host, over the simulated SBCON bus and DS1338 (scripts/host/i2c-sim).
The binary prints KTAP; every "not ok" line is a failure shown here."""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "build", "host", "tests", "test_i2c")


def test_i2c_host_unit_tests():
    assert os.path.exists(BINARY), "%s missing: `make host` builds it" % BINARY
    res = subprocess.run([BINARY], cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = res.stdout.splitlines()
    failed = [l for l in lines if l.startswith("not ok")]
    plan = [l for l in lines if re.match(r"^1\.\.\d+$", l)]
    assert not failed and res.returncode == 0, "\n".join(failed) + "\n" + res.stderr[-2000:]
    assert plan, res.stdout[-2000:]
    # Every check ran: the plan matches the "ok" lines, and there are many.
    count = int(plan[-1][3:])
    assert count == sum(1 for l in lines if l.startswith("ok ")) and count >= 100, plan
