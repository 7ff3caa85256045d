# SPDX-License-Identifier: BSD-2-Clause
"""The Python gdb helpers (scripts/gdb/coyote.py), in one batch session
against QEMU, loaded by the same coyote.gdb `make debug` uses: break in the
probe of a compatible, list devices mid-boot, then at the shell list
devices, drivers, a subtree and the log, and compare them with what the
kernel's own shell prints afterwards."""
import re

import pytest

from coyote.qemu import free_tcp_port, gdb_path, run_gdb


def table(text, start):
    """Rows after the header line starting with @start: {node: (driver, state)}."""
    rows, on = {}, False
    for line in text.splitlines():
        if line.startswith(start):
            on = True
            continue
        if on and line.startswith("/"):
            f = line.split(None, 4)
            rows[f[0]] = (f[3], f[4].strip())
        elif on and rows and not line.startswith("/"):
            break
    return rows


@pytest.mark.skipif(gdb_path() is None, reason="gdb-multiarch not installed")
def test_gdb_helpers(boot):
    port = free_tcp_port()
    qemu = boot(wait_prompt=False, extra=["-S", "-gdb", "tcp:127.0.0.1:%d" % port])
    out = run_gdb(port, [
        "coyote-break-probe arm,sp804",
        "continue",
        "echo ==probe-bt\\n", "bt 1",
        "echo ==mid-devices\\n", "coyote-devices",
        "delete",
        "break shell_run", "continue",
        "echo ==devices\\n", "coyote-devices",
        "echo ==drivers\\n", "coyote-drivers",
        "echo ==dt\\n", "coyote-dt /amba/serial@101f1000",
        "echo ==dmesg\\n", "coyote-dmesg",
        "echo ==bad\\n", "coyote-break-probe acme,nothing",
        "delete", "detach",
    ], timeout=90, cwd="/")
    # A built-in driver: the DS1338's is a module, loaded after probing.
    assert 'breakpoint in sp804_probe (driver sp804, platform bus) for "arm,sp804"' \
        in out, out
    probe_bt = out.split("==probe-bt")[1].split("==mid-devices")[0]
    assert "sp804_probe" in probe_bt, out
    mid = table(out.split("==mid-devices")[1], "node ")
    assert mid["/amba/timer@101e2000"] == ("sp804", "probing"), mid
    assert mid["/amba/serial@101f1000"] == ("uart-pl011", "bound"), mid

    gdb_devices = table(out.split("==devices")[1], "node ")
    # Columns as wide as their longest entry (the reboot child's device
    # name is 33 characters): every row's bus starts under "bus".
    listing = out.split("==devices")[1].split("==drivers")[0].splitlines()
    header = next(l for l in listing if l.startswith("node "))
    rows = [l for l in listing if l.startswith("/")]
    assert any("10000000.system-controller:reboot" in r for r in rows), listing
    for r in rows:
        assert r[header.index("bus"):].split()[0] in ("platform", "i2c"), (header, r)
    drivers = out.split("==drivers")[1].split("==dt")[0]
    assert re.search(r"^vic +platform +arm,versatile-vic arm,pl190-vic$", drivers, re.M), out
    # A module's driver is listed once registered (ds1338, autoloaded).
    assert re.search(r"^rtc-ds1338 +i2c +dallas,ds1338", drivers, re.M), out
    dt = out.split("==dt")[1].split("==dmesg")[0]
    assert 'compatible = "arm,pl011", "arm,primecell";' in dt, out
    assert "reg = <0x101f1000 0x1000>;" in dt, out
    dmesg = out.split("==dmesg")[1].split("==bad")[0]
    assert re.search(r"driver core: \d+ device\(s\) bound, 0 deferred", dmesg), out
    assert 'no built-in driver has "acme,nothing"' in out.split("==bad")[1], out

    # The kernel's own view, once gdb has let it go, is the same.
    qemu.expect("coyote# ")
    shell = {}
    for line in qemu.run("devices").splitlines():
        if line.startswith("/"):
            f = line.split(None, 5)   # node device bus driver order state
            shell[f[0]] = (f[3], f[5].strip())
    assert gdb_devices == shell, (gdb_devices, shell)


@pytest.mark.skipif(gdb_path() is None, reason="gdb-multiarch not installed")
def test_gdb_helpers_without_a_live_target():
    """GDB on the ELF alone (QEMU gone or never there): each helper says
    there is no live target instead of printing the file's initial values
    (an empty device list)."""
    import subprocess
    from coyote.qemu import KERNEL_ELF, ROOT
    cmd = [gdb_path(), "-q", "-nx", "-batch", str(KERNEL_ELF),
           "-ex", "source %s" % (ROOT / "scripts" / "gdb" / "coyote.py"),
           "-ex", "source %s" % (ROOT / "scripts" / "gdb" / "modules.py")]
    helpers = ("coyote-devices", "coyote-drivers", "coyote-dt", "coyote-dmesg", "lsmod")
    for h in helpers:
        cmd += ["-ex", h]
    env = dict(__import__("os").environ, PYTHONPATH=str(ROOT / "scripts" / "gdb"))
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=env)
    out = res.stdout + res.stderr
    for h in helpers:
        assert "%s: no live target" % h in out, out
