# SPDX-License-Identifier: BSD-2-Clause
"""Every test boot runs with the heap debug mode (slub_debug); Coyote.close()
fails the test whose boot it reported in, except what a self-test planted
between its EXPECT markers.  This checks the reading of the reports."""
from coyote.qemu import heap_reports

PLANTED = """\
    # EXPECT begin: 2 bytes written past the end of 13 bytes allocated by overflow_reported+0x1c
heap: kfree(0x4012a0) from overflow_reported+0x40: 2 bytes written past the end of 13 bytes allocated by overflow_reported+0x1c (first at +13: 0x41)
    # EXPECT end: 2 bytes written past the end of 13 bytes allocated by overflow_reported+0x1c
    ok 1 overflow_reported
"""


def test_a_planted_report_is_not_one():
    assert heap_reports(PLANTED) == []


def test_every_kind_of_report_is_found():
    lines = [
        "heap: kfree(0x4012a0) from foo+0x4: 3 bytes written past the end of 8 bytes allocated by bar+0x8 (first at +8: 0x00)",
        "heap: use after free: 4 bytes written after kfree, first at 0x401000 (0x00), in a 16-byte block allocated by a+0x4, freed by b+0x8; found by kmalloc(16) from c+0xc",
        "kfree(0x401000) from foo+0x4: owner record overwritten (an overflow past the red zone of a 8-byte block)",
        "free block at 0x401000 is corrupted (size 0x10, check 0x0); allocation of 16 bytes refused",
        "corrupted block header at 0x401000 (size 0x10, check 0x0)",
        "kfree(0x401000) from foo+0x4: not a block the heap handed out; block not freed",
    ]
    text = PLANTED + "\r\n".join(["coyote# overlay rm 1"] + lines + ["coyote# "])
    assert heap_reports(text) == lines


def test_an_unclosed_expect_does_not_hide_what_follows_its_end():
    text = "# EXPECT begin: x\n# EXPECT end: x\nuse after free: 1 byte written after kfree\n"
    assert heap_reports(text) == ["use after free: 1 byte written after kfree"]
