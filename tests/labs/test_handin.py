# SPDX-License-Identifier: BSD-2-Clause
"""A hand-in is untrusted (scripts/coyote/labs/handin.py): each way one could run
or read something on the grading machine is refused, or contained by the
sandbox; the proof is a marker file that never appears and a file's
content that never reaches the grader's output."""
import os
import shutil
import subprocess

import pytest

from coyote.labs import grade, handin
from coyote.qemu import ROOT, BUILD

SOL = ROOT / "tests" / "labs" / "solutions"
PASSWD_LINE = open("/etc/passwd").readline().strip()        # root:x:0:0:...
HOSTNAME = open("/etc/hostname").read().strip()


def lab_check(lab, src):
    res = subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=%d" % lab,
                          "LAB_SRC=" + str(src)], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=900)
    return res.returncode, res.stdout + res.stderr


def refused(lab, src, why):
    """@src graded as lab @lab: refused before anything ran, saying @why,
    every check of the rubric reported at 0."""
    rc, out = lab_check(lab, src)
    assert rc != 0, out
    assert "the hand-in is refused" in out and why in out, out
    assert "[pass]" not in out and "Score: 0/" in out, out
    assert PASSWD_LINE not in out and HOSTNAME not in out, out
    return out


def test_makefile_shell_is_never_run(tmp_path):
    marker = tmp_path / "pwned"
    src = tmp_path / "lab4"
    src.mkdir()
    (src / "tmp105.c").write_bytes((SOL / "lab4" / "tmp105.c").read_bytes())
    (src / "Makefile").write_text("obj-m += tmp105.o\n$(shell touch %s)\n" % marker)
    rc, out = lab_check(4, src)
    assert rc != 0, out
    assert "may only list objects" in out and "$(shell touch" in out, out
    assert not marker.exists()
    assert not os.path.exists("/tmp/pwned")


@pytest.mark.parametrize("text, why", [
    ("obj-m += tmp105.o\n", None),
    ("# a comment\nobj-m := \\\n\ttmp105.o\n\nobj-y =\n", None),
    ("obj-m += tmp105.o\n$(shell touch /tmp/pwned)\n", "may only list objects"),
    ("obj-m += $(shell touch /tmp/pwned)\n", "is not an object"),
    ("include /etc/passwd\n", "may only list objects"),
    ("-include /etc/passwd\nobj-m += tmp105.o\n", "may only list objects"),
    ("obj-m += ../../etc/x.o\n", "is not an object"),
    ("obj-m += other.o\n", "there is no other.c"),
    ("tmp105.o: ; touch /tmp/pwned\n", "may only list objects"),
    ("obj-m += tmp105.o\nCFLAGS += -include /etc/passwd\n", "may only list objects"),
])
def test_makefile_is_read_as_text(tmp_path, text, why):
    (tmp_path / "tmp105.c").write_text("")
    (tmp_path / "Makefile").write_text(text)
    objs, err = handin.read_makefile(tmp_path / "Makefile")
    if why is None:
        assert objs == {"obj-y": [], "obj-m": ["tmp105.o"]} and err is None, err
    else:
        assert objs is None and why in err, err


# Every way the C preprocessor (and the assembler, and dtc) could be asked
# to read a file out of the hand-in: each must be refused by the scan.
ESCAPES = [
    '#include "/etc/passwd"\n',
    '#include </etc/passwd>\n',
    '#include "../../../../../../etc/passwd"\n',
    '#include "coyote/../../../../etc/passwd"\n',
    '  #  include_next "/etc/passwd"\n',
    '#inc\\\nlude "/etc/passwd"\n',
    '#/* a comment */include "/etc/passwd"\n',
    '%:include "/etc/passwd"\n',
    '??=include "/etc/passwd"\n',
    '#define F "/etc/passwd"\n#include F\n',
    '#import "/etc/passwd"\n',
    'asm(".incbin \\"/etc/passwd\\"");\n',
]


@pytest.mark.parametrize("line", ESCAPES)
def test_c_include_escapes_are_refused(tmp_path, line):
    f = tmp_path / "x.c"
    f.write_text("// SPDX\n" + line)
    assert handin.include_problems(f), line


@pytest.mark.parametrize("line", ESCAPES[:-1] + [
    '/include/ "/etc/hostname"\n',
    '/include/ "../../../../../../etc/hostname"\n',
    '/ { x = /incbin/("/etc/hostname"); };\n',
    '#define H "/etc/hostname"\n/include/ H\n',
])
def test_dts_include_escapes_are_refused(tmp_path, line):
    f = tmp_path / "x.dts"
    f.write_text("/dts-v1/;\n" + line)
    assert handin.include_problems(f), line


@pytest.mark.parametrize("text", [
    '#include "versatilepb.dts"\n#include <dt-bindings/interrupt-controller/irq.h>\n',
    '#include <coyote/device.h>\n#include "local.h"\n/* #include "/etc/passwd" */\n'
    'static const char *s = "#include \\"/etc/passwd\\"";\n',
    '#include "sub/include/x.h"\n/include/ "local.dtsi"\n',
])
def test_project_includes_are_accepted(tmp_path, text):
    for name in ("x.c", "x.dts"):
        f = tmp_path / name
        f.write_text(text)
        assert handin.include_problems(f) == [], name


def test_c_include_of_a_host_file_is_refused(tmp_path):
    src = tmp_path / "lab3"
    src.mkdir()
    (src / "tmp105.c").write_text('#include "/etc/passwd"\n' +
                                  (SOL / "lab3" / "tmp105.c").read_text())
    out = refused(3, src, 'tmp105.c:1: #include "/etc/passwd" is an absolute path')
    assert "Score: 0/%d" % sum(grade.RUBRICS[3].values()) in out, out


@pytest.mark.parametrize("line, why", [
    ('#include "/etc/passwd"\n', 'lab2.dts:2: #include "/etc/passwd" is an absolute path'),
    ('/include/ "/etc/hostname"\n', 'lab2.dts:2: /include/ "/etc/hostname" is an absolute'),
    ('/ { leak = /incbin/("/etc/hostname"); };\n', '/incbin/ "/etc/hostname" is an absolute'),
])
def test_dts_include_of_a_host_file_is_refused(tmp_path, line, why):
    src = tmp_path / "lab2"
    src.mkdir()
    text = (SOL / "lab2" / "lab2.dts").read_text().splitlines(True)
    (src / "lab2.dts").write_text(text[0] + line + "".join(text[1:]))
    out = refused(2, src, why)
    assert "Score: 0/%d" % sum(grade.RUBRICS[2].values()) in out, out


@pytest.mark.parametrize("text", [
    '/include/ "/etc/hostname"\n',
    '#define H "/etc/hostname"\n/include/ H\n',
    '#define INC /include/\nINC "/etc/hostname"\n',
    '/ { x = /incbin/("/etc/hostname"); };\n',
])
def test_dtc_include_is_refused_in_cpps_output(tmp_path, text):
    """The second line of defence: compile_lab_dts() reads cpp's output
    and refuses a /include/ or /incbin/ out of the folders, whatever
    macros made it, before dtc reads it (here without the scan of the
    staged hand-in)."""
    dts = tmp_path / "x.dts"
    dts.write_text("/dts-v1/;\n" + text + "/ { };\n")
    dtb, err = grade.compile_lab_dts(dts, tmp_path / "x.dtb")
    assert dtb is None and '"/etc/hostname" is an absolute path' in err, err
    assert HOSTNAME not in err


def test_symlink_out_of_the_hand_in_is_refused(tmp_path):
    src = tmp_path / "lab3"
    src.mkdir()
    os.symlink("/etc/passwd", src / "tmp105.c")
    refused(3, src, "tmp105.c is a symbolic link (to /etc/passwd)")


def test_oversized_file_is_refused(tmp_path):
    src = tmp_path / "lab3"
    src.mkdir()
    (src / "tmp105.c").write_bytes((SOL / "lab3" / "tmp105.c").read_bytes())
    (src / "notes.txt").write_bytes(b"x" * (handin.MAX_FILE + 1))
    refused(3, src, "notes.txt has %d bytes" % (handin.MAX_FILE + 1))


def test_sandbox_contains_what_runs_in_it(tmp_path):
    """What runs in the sandbox sees no host file outside /usr and the
    project, writes nowhere but its folder, and has no network."""
    if not handin.sandbox_usable()[0]:
        pytest.skip("bubblewrap cannot run here: " + handin.sandbox_usable()[1])
    out = BUILD / "tests" / "sandbox"
    marker = tmp_path / "pwned"
    inside = ROOT / "sandbox-pwned"
    script = ("cat /etc/passwd /etc/hostname; ls %s; touch %s %s; touch %s/ok; "
              "exec 3<>/dev/tcp/127.0.0.1/1 || echo NONET; "
              "getent hosts example.com || echo NODNS" % (SOL, marker, inside, out))
    rc, stdout, stderr = handin.sandbox(["bash", "-c", script], out, hide=[SOL])
    assert PASSWD_LINE not in stdout + stderr and HOSTNAME not in stdout + stderr
    assert not marker.exists() and not inside.exists()
    assert (out / "ok").exists()            # its own folder is writable
    assert "ANSWERS.md" not in stdout       # the solutions are hidden
    assert "NODNS" in stdout, stdout + stderr


def test_sandbox_limits_time(tmp_path):
    rc, _, _ = handin.sandbox(["sleep", "30"], BUILD / "tests" / "sandbox", timeout=2)
    assert rc is None


def test_hand_in_folder_that_is_a_link_is_refused(tmp_path):
    os.symlink("/etc", tmp_path / "lab0")
    refused(0, tmp_path / "lab0", "is a symbolic link (to /etc)")


def test_without_bubblewrap_the_grade_warns_and_still_refuses(tmp_path):
    """The degraded grade (no namespaces here): a loud warning, and the
    checks of the hand-in hold."""
    src = tmp_path / "lab0"
    src.mkdir()
    (src / "lab0.dts").write_text('#include "/etc/passwd"\n')
    (src / "answers.txt").write_text("")
    res = subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=0",
                          "LAB_SRC=" + str(src)], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=900, env=dict(os.environ, COYOTE_NO_SANDBOX="1"))
    assert "the hand-in is refused" in res.stdout and PASSWD_LINE not in res.stdout
    (src / "lab0.dts").write_text('#include "versatilepb.dts"\n')
    res = subprocess.run(["make", "-s", "--no-print-directory", "lab-check", "LAB=0",
                          "LAB_SRC=" + str(src)], cwd=str(ROOT), capture_output=True,
                         text=True, timeout=900, env=dict(os.environ, COYOTE_NO_SANDBOX="1"))
    assert "WARNING: NO SANDBOX" in res.stderr and "Score: 2/10" in res.stdout, \
        res.stdout + res.stderr


def test_sandbox_limits_memory_and_file_size():
    out = BUILD / "tests" / "sandbox"
    rc, stdout, stderr = handin.sandbox(
        ["/usr/bin/python3", "-c", "x = bytearray(%d)" % (handin.MEM_LIMIT + (1 << 20))], out)
    assert rc != 0 and "MemoryError" in stderr, stderr
    big = out / "big"
    rc, stdout, stderr = handin.sandbox(
        ["dd", "if=/dev/zero", "of=%s" % big, "bs=1M", "count=%d" %
         (handin.FSIZE_LIMIT // (1 << 20) + 8)], out)
    assert rc != 0 and big.stat().st_size <= handin.FSIZE_LIMIT
    big.unlink()


# --- reads out of the hand-in that a scan of words cannot see -------------
# The tools a grade runs on a hand-in (cpp, gcc and gas, dtc, the binding
# tools, QEMU) see the hand-in and the prepared tree only
# (handin.tool_command()): whatever spelling names a grader's file, the
# file is not there.  Each hand-in below reads lab 3's catalogue of wrong
# answers, the answer key's neighbour.
CATALOGUE3 = ROOT / "tests" / "labs" / "mutants" / "lab3.txt"
CATALOGUE9 = ROOT / "tests" / "labs" / "mutants" / "lab9.txt"
REL3 = "tests/labs/mutants/lab3.txt"          # from the project's top, gas's folder once
LEAKS = {
    "split string": '__asm__(".pushsection .rodata\\n.inc" "bin \\"%s\\"\\n.popsection");' % REL3,
    "escaped letter": '__asm__(".pushsection .rodata\\n.inc\\x62in \\"%s\\"\\n.popsection");' % REL3,
    "token pasting": ('#define CAT(a, b) a##b\n#define STR(x) #x\n#define XSTR(x) STR(x)\n'
                      '__asm__(".pushsection .rodata\\n." XSTR(CAT(inc, bin)) " \\"%s\\"\\n'
                      '.popsection");' % CATALOGUE3),
    "upper case": '__asm__(".pushsection .rodata\\n.INCBIN \\"%s\\"\\n.popsection");' % REL3,
    "gas macro": ('__asm__(".macro grab kind\\n.inc\\\\kind \\"%s\\"\\n.endm\\n'
                  '.pushsection .rodata\\ngrab bin\\n.popsection");' % CATALOGUE3),
}


def lab_grade(lab, src, out):
    res = subprocess.run(["/usr/bin/python3", str(ROOT / "scripts" / "lab-check"),
                          str(lab), "--src", str(src), "--out", str(out), "--hand-in"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    return res.returncode, res.stdout + res.stderr


def leaked(text, catalogue):
    """The lines of @catalogue (a few words or more) that @text quotes."""
    return [l for l in catalogue.read_text().splitlines()
            if len(l) > 12 and not l.startswith("#") and l.strip() in text]


@pytest.mark.parametrize("name", sorted(LEAKS))
def test_assembler_reads_nothing_of_the_graders(tmp_path, name):
    """A lab 3 driver whose inline assembly pulls in the catalogue, in a
    spelling the scan's words miss: gas finds no such file (or the scan
    refuses it), and neither the report nor the kernel holds a line."""
    src = tmp_path / "lab3"
    src.mkdir()
    (src / "tmp105.c").write_text((SOL / "lab3" / "tmp105.c").read_text() + "\n" +
                                  LEAKS[name] + "\n")
    out = BUILD / "tests" / ("leak-lab3-" + name.replace(" ", "-"))
    rc, said = lab_grade(3, src, out)
    assert rc != 0, said
    assert "file not found" in said or "the hand-in is refused" in said, said
    assert not leaked(said, CATALOGUE3), said
    kernel = out / "kernel.bin"
    if kernel.exists():
        assert b"[l3-scale-off-by-one]" not in kernel.read_bytes()


def test_yaml_example_incbin_reads_nothing_of_the_graders():
    """Lab 9's binding example goes through cpp and dtc: an /incbin/ of
    the catalogue there (by a path from where the example is compiled)
    finds nothing, and no blob the grade made holds the file."""
    from coyote.labs.graders import common, lab9
    out = BUILD / "tests" / "leak-lab9"
    shutil.rmtree(out, ignore_errors=True)
    common.Grader.OUT = out
    try:
        g = common.Grader(9, out / "handin")
    finally:
        common.Grader.OUT = None
    where = os.path.relpath(CATALOGUE9, out / "bindings")
    binding = out / "ti,tmp105.yaml"
    binding.write_text((SOL / "lab9" / "ti,tmp105.yaml").read_text().replace(
        "reg = <0x48>;", 'reg = /incbin/("%s", 0, 16);' % where))
    schema, told = lab9.lab9_schema(g, binding)
    head = CATALOGUE9.read_bytes()[:16]
    assert not [f for f in out.rglob("*") if f.is_file() and head in f.read_bytes()], told
    # (dtc's warnings would quote it a cell at a time.)
    cells = ["0x%08x" % int.from_bytes(head[i:i + 4], "big") for i in range(0, 16, 4)]
    assert not [c for c in cells if c in told], told
    assert schema is None and not leaked(told, CATALOGUE9), told



def test_a_grade_in_the_suite_leaves_the_suites_qemu_alone(boot):
    """A grader made in the suite's own process (as the tests above make
    them) puts the graders' QEMU in the tools' sandbox, which does not see
    build/tests; the suite's later boots on that worker, from trees they
    compiled there, must still start (they once all ended at once, each
    with "Couldn't open dtb file")."""
    from coyote.labs.graders import common
    from coyote.qemu import board_dts_source, compile_dts
    out = BUILD / "tests" / "leak-wrap"
    common.Grader.OUT = out
    try:
        common.Grader(3, out / "handin")
    finally:
        common.Grader.OUT = None
    assert common.Coyote.WRAP is not None
    c = boot(dtb=compile_dts(board_dts_source(), "after-a-grade"))
    assert "coyote" in c.run("version")

# ARM semihosting from the kernel: a call to QEMU, which (given
# -semihosting) opens, reads and writes its own files for the caller.
SEMIHOST = r"""
#include <linux/init.h>
#include <linux/printk.h>

static long semihost(long op, void *arg)
{
	register long r0 __asm__("r0") = op;
	register void *r1 __asm__("r1") = arg;

	__asm__ volatile("svc 0x123456" : "+r"(r0) : "r"(r1) : "lr", "memory", "cc");
	return r0;
}
"""
# SYS_OPEN, SYS_READ of a file QEMU can see.
SEMIHOSTING_READ = SEMIHOST + r"""

static char leak_buf[64];

static int leak_init(void)
{
	static const char name[] = "%s";
	long open[3] = { (long)name, 0, sizeof(name) - 1 };
	long fd = semihost(0x01, open);
	long rd[3] = { fd, (long)leak_buf, sizeof(leak_buf) - 1 };

	if (fd < 0) {
		pr_info("leak: no file\n");
		return 0;
	}
	semihost(0x06, rd);
	pr_info("leak: %%s\n", leak_buf);
	return 0;
}
device_initcall(leak_init);
"""


def boot_driver(name, source):
    """What the kernel said, built with @source as a lab 3 hand-in's
    driver (build/tests/@name) and booted as a grade boots it."""
    from coyote.labs.graders import common
    out = BUILD / "tests" / name
    common.Grader.OUT = out
    try:
        g = common.Grader(3, out / "handin")
    finally:
        common.Grader.OUT = None
    drv = out / "handin" / "driver.c"
    drv.parent.mkdir(parents=True, exist_ok=True)
    drv.write_text(source)
    kernel, log = common.build_kernel(g, drv)
    assert kernel, log
    try:
        with common.Coyote(kernel=kernel) as c:
            return c.boot_log + c.run("dmesg")
    finally:
        common.Coyote.WRAP = None


def test_kernel_reads_nothing_of_the_graders_through_qemu():
    """A driver that asks QEMU for the catalogue (semihosting) gets no
    file."""
    said = boot_driver("leak-qemu", SEMIHOSTING_READ % CATALOGUE3)
    assert "leak: no file" in said, said
    assert not leaked(said, CATALOGUE3) and "Lab 3's wrong answers" not in said, said


# SYS_OPEN ("w"), SYS_WRITE of a file in the grade's own folder, which
# the tools may write.
SEMIHOSTING_WRITE = SEMIHOST + r"""

static int forge_init(void)
{
	static const char name[] = "%s";
	static const char text[] = "forged by the hand-in's kernel\n";
	long open[3] = { (long)name, 4, sizeof(name) - 1 };
	long fd = semihost(0x01, open);
	long wr[3] = { fd, (long)text, sizeof(text) - 1 };

	if (fd < 0) {
		pr_info("forge: no file\n");
		return 0;
	}
	semihost(0x05, wr);
	pr_info("forge: written\n");
	return 0;
}
device_initcall(forge_init);
"""


def test_kernel_writes_nothing_through_qemu():
    """The student's kernel runs without semihosting: a driver that asks
    QEMU to write a file in the grade's folder (what a later grade in it
    reads: lab 10's truth, the gdb session's script) gets none."""
    forged = BUILD / "tests" / "forge-qemu" / "forged.txt"
    if forged.exists():
        forged.unlink()
    said = boot_driver("forge-qemu", SEMIHOSTING_WRITE % forged)
    assert "forge: no file" in said, said
    assert not forged.exists(), forged.read_text()


def test_report_quotes_a_bounded_slice_of_the_build(tmp_path):
    """A build that prints a file's worth (here gcc quoting a line of
    20,000 characters, many times): the report shows a slice of it."""
    src = tmp_path / "lab3"
    src.mkdir()
    noise = "x" * 20000
    (src / "tmp105.c").write_text("".join('#error %s%d\n' % (noise, n) for n in range(50)))
    rc, said = lab_grade(3, src, BUILD / "tests" / "leak-lab3-slice")
    assert rc != 0 and "the kernel builds" in said, said[:2000]
    assert max(len(l) for l in said.splitlines()) <= handin.SLICE_WIDTH + 40, \
        max(len(l) for l in said.splitlines())
    assert len(said) < 20000, len(said)
