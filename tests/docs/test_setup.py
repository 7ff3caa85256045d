# SPDX-License-Identifier: BSD-2-Clause
"""What the pages tell a user to run is what the set-up installs:
scripts/install-deps (a user's machine) and .ci/run (CI's) install the
same Debian packages, and every host program a page or `make`'s own
messages send the user to (`telnet` for `make debug`'s console, say) is
one of them.  And `make run`'s banner says how the board gets its tree."""
import re
import subprocess

from coyote.qemu import ROOT
from coyote import examples as ex


# Host programs a page may send a user to, beyond make and the tree's own:
# each must be installed by the set-up (the program as `have` checks it).
HOST_PROGRAMS = ("telnet", "nc", "netcat", "socat", "screen", "minicom", "picocom",
                 "gdb-multiarch", "qemu-system-arm", "dtc", "dot", "dt-validate", "chromium",
                 "ccache", "bwrap", "clang", "xz", "git", "cpio")


def install_deps():
    """{package: program or module it checks} from scripts/install-deps."""
    text = (ROOT / "scripts" / "install-deps").read_text()
    return {m.group(1): m.group(3) for m in
            re.finditer(r"^need (\S+)\s+(have|pymod|test -\w|pkg_installed) ?(\S*)", text, re.M)}


def ci_packages():
    text = (ROOT / ".ci" / "run").read_text()
    return set(re.search(r"^packages=\((.*?)^\)", text, re.M | re.S).group(1).split())


def test_install_deps_and_ci_install_the_same_packages():
    assert set(install_deps()) == ci_packages(), (
        "only scripts/install-deps: %s; only .ci/run: %s"
        % (sorted(set(install_deps()) - ci_packages()), sorted(ci_packages() - set(install_deps()))))


def told_to_run():
    """{program: where} for each HOST_PROGRAMS word that starts a command
    in backticks, in a command block, or in a message make prints."""
    texts = {page: (ROOT / page).read_text() for page in ex.all_pages(ROOT)}
    texts.update({str(p.relative_to(ROOT)): p.read_text()
                  for p in sorted((ROOT / "scripts").glob("Makefile*"))})
    found = {}
    for where, text in texts.items():
        for prog in HOST_PROGRAMS:
            if re.search(r"(`|^\s*|\$ |interactive: )%s\s" % re.escape(prog), text, re.M):
                found.setdefault(prog, where)
    return found


def test_every_program_the_pages_name_is_installed():
    have = set(install_deps().values())
    missing = ["%s (%s)" % (prog, where) for prog, where in told_to_run().items()
               if prog not in have]
    assert not missing, ("pages or make send users to programs scripts/install-deps does "
                         "not install: %s" % ", ".join(missing))


def test_debug_console_tool_is_found():
    """`make debug` names telnet for its console (the check above would
    pass vacuously if the scan missed it)."""
    assert told_to_run().get("telnet"), "no page or make message names telnet any more"


def run_banner(*args):
    out = subprocess.run(["make", "--no-print-directory", "-n", "run"] + list(args),
                         cwd=str(ROOT), capture_output=True, text=True, timeout=120).stdout
    return next(l for l in out.splitlines() if "QEMU: quit with Ctrl-A X" in l)


def test_run_banner_says_how_the_board_gets_its_tree():
    """virt's tree is written by QEMU (no -dtb, and no ATAGs); an empty
    DTB= on versatilepb boots on ATAGs and the built-in tree."""
    virt = run_banner("BOARD=virt")
    assert "ATAGs" not in virt and "QEMU writes the device tree" in virt, virt
    assert "boots on ATAGs" in run_banner("DTB="), run_banner("DTB=")
    assert "ATAGs" not in run_banner(), run_banner()


def fuzz_artifacts(*args):
    out = subprocess.run(["make", "--no-print-directory", "-n", "fuzz", "FUZZ_ONLY=fuzz_fdt"]
                         + list(args), cwd=str(ROOT), capture_output=True, text=True,
                         timeout=300).stdout
    return set(re.findall(r"-artifact_prefix=(\S+?)\$h/", out))


def test_fuzz_writes_crashers_under_build_unless_asked():
    """`make fuzz` leaves the source tree as it was: a crashing input goes
    to build/fuzz/crashes/, into tests/fuzz/regressions/ only with
    FUZZ_KEEP=1 (keep it as a regression); of.md says the same."""
    assert fuzz_artifacts() == {"build/fuzz/crashes/"}, fuzz_artifacts()
    assert fuzz_artifacts("FUZZ_KEEP=1") == {"tests/fuzz/regressions/"}
    text = re.sub(r"\s+", " ", (ROOT / "docs" / "of.md").read_text())
    assert "build/fuzz/crashes/" in text and "FUZZ_KEEP=1" in text
