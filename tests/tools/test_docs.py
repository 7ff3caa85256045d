# SPDX-License-Identifier: BSD-2-Clause
"""The pages' transcripts (scripts/docs): every block is what the kernel
prints now, and the check does fail on a stale block while it lets
timestamps and build ids differ."""
import os
import subprocess

import pytest

from coyote.qemu import ROOT

DOCS = ROOT / "scripts" / "docs"


def docs(*args):
    # The pages show what `make run` prints: without the heap debug mode the
    # test suite turns on for its own boots (its red zones move the heap).
    env = {k: v for k, v in os.environ.items() if k != "COYOTE_HEAP_DEBUG"}
    return subprocess.run([str(DOCS)] + [str(a) for a in args], cwd=str(ROOT), env=env,
                          capture_output=True, text=True, timeout=900)


# Any edit that moves the kernel's code fails it (a transcript shows where
# the vectors are), whatever the edit does.
@pytest.mark.edit_sensitive
def test_every_transcript_is_current():
    res = docs("--check")
    assert res.returncode == 0, res.stderr + "\nrun `make docs` and commit the pages"


def page(tmp_path, block):
    p = tmp_path / "page.md"
    p.write_text("Text.\n\n<!-- transcript run: version; uptime -->\n```\n%s\n```\n"
                 "<!-- /transcript -->\n\nMore text.\n" % block)
    return p


def test_check_fails_on_a_stale_block_and_docs_rewrites_it(tmp_path):
    p = page(tmp_path, "coyote# version\nsomething the kernel never printed")
    res = docs("--check", p)
    assert res.returncode == 1 and "page.md" in res.stderr, res.stdout + res.stderr
    res = docs(p)
    assert res.returncode == 0, res.stderr
    text = p.read_text()
    assert text.startswith("Text.\n") and text.endswith("More text.\n"), text
    assert "coyote# version\ncoyote " in text and "coyote# uptime" in text, text
    assert docs("--check", p).returncode == 0


def test_check_ignores_build_ids_and_times(tmp_path):
    p = page(tmp_path, "x")
    docs(p)
    text = p.read_text()
    # Another build of the same kernel, another second.
    lines = text.splitlines()
    i = lines.index("coyote# version") + 1
    lines[i] = "coyote 0123abc"
    i = next(n for n, l in enumerate(lines) if l.startswith("built:"))
    lines[i] = "built:    Jan  1 2030 00:00:00"
    p.write_text("\n".join(lines) + "\n")
    res = docs("--check", p)
    assert res.returncode == 0, res.stderr


def test_a_session_carries_one_boot_across_blocks(tmp_path):
    p = tmp_path / "page.md"
    p.write_text("<!-- transcript run session=s: overlay apply uart2-disable -->\n```\n```\n"
                 "<!-- /transcript -->\nBetween.\n"
                 "<!-- transcript run session=s: overlay list -->\n```\n```\n"
                 "<!-- /transcript -->\n")
    res = docs(p)
    assert res.returncode == 0, res.stderr
    second = p.read_text().split("Between.\n")[1]
    assert "uart2-disable" in second, second


def test_host_fails_shows_the_error_and_insists_on_it(tmp_path):
    p = tmp_path / "page.md"
    p.write_text("<!-- transcript host fails: ls /nonexistent-coyote -->\n```\n```\n"
                 "<!-- /transcript -->\n")
    res = docs(p)
    assert res.returncode == 0, res.stderr
    assert "No such file" in p.read_text()
    p.write_text("<!-- transcript host fails: true -->\n```\n```\n<!-- /transcript -->\n")
    res = docs(p)
    assert res.returncode != 0 and "did not fail" in res.stderr, res.stderr
