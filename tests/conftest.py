# SPDX-License-Identifier: BSD-2-Clause
"""Shared fixtures.  `boot(...)` starts coyote under QEMU (see
tests/qemu/coyote.py for the arguments) and kills every QEMU it started when
the test ends, whatever happened."""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

# Tests that run `make` themselves must not inherit the jobserver of the
# `make test` that started pytest: its pipe is not passed down, and make warns
# on every such call.
for var in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKE_TERMOUT", "MAKE_TERMERR"):
    os.environ.pop(var, None)

# Every boot of the suite runs the heap's debug mode (tests/qemu/coyote.py).
os.environ.setdefault("COYOTE_HEAP_DEBUG", "1")

from qemu.coyote import Coyote  # noqa: E402


@pytest.fixture
def boot():
    machines = []

    def start(**kwargs):
        machine = Coyote(**kwargs)
        machines.append(machine)
        return machine

    yield start
    for m in machines:
        m.close()


@pytest.fixture
def coyote(boot):
    """coyote booted on the board DTB, at its prompt."""
    return boot()


def pytest_terminal_summary(terminalreporter):
    """How many KTAP cases the in-kernel self-tests printed (tests/lib/ktap.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "lib"))
    import ktap
    for line in ktap.summary_lines():
        terminalreporter.write_line(line)
