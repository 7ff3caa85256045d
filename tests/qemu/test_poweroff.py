# SPDX-License-Identifier: BSD-2-Clause
"""`poweroff` on a board that cannot switch itself off (versatilepb: QEMU
models no power controller there) says so and how to get out, and the
kernel carries on: a user is never left at a board that ignores them."""
from coyote.qemu import Coyote


def test_poweroff_without_a_handler_says_how_to_leave():
    with Coyote() as c:
        said = c.run("poweroff")
        assert "cannot switch itself off" in said, said
        assert "Ctrl-A X" in said and "`reboot` ends QEMU" in said, said
        assert "usage: poweroff" in c.run("help poweroff"), "the shell no longer answers"
