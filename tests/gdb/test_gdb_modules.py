# SPDX-License-Identifier: BSD-2-Clause
"""GDB and loadable modules: attach to a booted kernel whose ds1338 was
autoloaded, list the modules from the target (lsmod) and load their
symbols at the addresses they have (modsyms): a module function then has
an address inside the module's core and a source line."""
import re

import pytest

from coyote.qemu import free_tcp_port, gdb_path, ROOT, run_gdb


@pytest.mark.skipif(gdb_path() is None, reason="gdb-multiarch not installed")
def test_gdb_lsmod_and_modsyms(boot):
    port = free_tcp_port()
    qemu = boot(extra=["-gdb", "tcp:127.0.0.1:%d" % port])
    lsmod = qemu.run("lsmod")
    m = re.search(r"^ds1338 +(\d+) +\d+ +0x([0-9a-f]{8})", lsmod, re.M)
    assert m, lsmod
    size, core = int(m.group(1)), int(m.group(2), 16)
    out = run_gdb(port, [
        "source scripts/gdb/modules.py",
        "lsmod",
        "modsyms",
        "printf \"read_time=%#x\\n\", &ds1307_read_time",
        "info line ds1307_read_time",
        "detach",
    ], script=False, cwd=ROOT)
    assert re.search(r"^ds1338 +0x%08x +%d 0$" % (core, size), out, re.M), out
    assert re.search(r"modsyms: ds1338 at 0x[0-9a-f]{8} \(\d+ sections\)", out), out
    addr = int(re.search(r"read_time=0x([0-9a-f]+)", out).group(1), 16)
    assert core <= addr < core + size, (hex(addr), hex(core), out)
    assert re.search(r'Line \d+ of "drivers/rtc/rtc-ds1338.c"', out), out
    assert "coyote" in qemu.run("version")
