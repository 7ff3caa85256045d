# SPDX-License-Identifier: BSD-2-Clause
"""A hand-in is untrusted: what the graders may take from it, and the
sandbox they grade it in.

Nothing in a hand-in is executed or read on the host.  stage() copies the
folder's plain files (no links, no special files, nothing oversized) into
the grade's own build folder, and every grader reads that copy; the C and
DTS files' #include, /include/ and /incbin/ may name only files inside the
hand-in or the project's include folders (include_problems()); a lab
Makefile is read, never run by make: only obj-y and obj-m lines
(read_makefile()).  sandbox() then runs the grade under bubblewrap with no
network, the project read-only (the solutions hidden), only the grade's
build folder writable, and time, memory and file-size limits; where
bubblewrap cannot make its namespaces the grade runs without it, with a
warning, and every other protection holds.
"""
import os
import re
import resource
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
BUILD = ROOT / "build"

MAX_FILE = 256 * 1024           # bytes: a lab file is a few KiB
MAX_FILES = 32
HIDDEN = ".history.jsonl"       # the student's log: read by the trusted side only
# Names a grader may be asked to read: letters, digits and ._,+- (the
# binding is ti,tmp105.yaml); anything else is left behind, unread.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._,+-]*")
# Files whose includes reach cpp or dtc.
C_LIKE = (".c", ".h", ".dts", ".dtsi", ".dtso")
DTS_LIKE = (".dts", ".dtsi", ".dtso")

# The limits of one grade (each process in it: setrlimit is per process).
TIME_LIMIT = int(os.environ.get("COYOTE_GRADE_TIME", "1500"))     # seconds, wall
CPU_LIMIT = 900                                                    # seconds, one process
MEM_LIMIT = 3 << 30                                                # address space
FSIZE_LIMIT = 64 << 20                                             # largest file written


class Refused(Exception):
    """The hand-in cannot be graded as it is: the message says why."""


def stage(src, dest):
    """Copy @src's plain files into @dest (emptied first): the only copy
    graders read.  Subfolders and hidden files stay behind (no grader
    reads them).  Raises Refused for a symbolic link, a special file, a
    file over MAX_FILE bytes, more than MAX_FILES files, or an include
    that leaves the hand-in (include_problems())."""
    src = Path(src)
    if src.is_symlink():
        raise Refused("%s is a symbolic link (to %s): hand in the folder itself" %
                      (src, os.readlink(src)))
    if not src.is_dir():
        raise Refused("%s is not a folder" % src)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    problems, names = [], []
    for entry in sorted(os.scandir(src), key=lambda e: e.name):
        if entry.name.startswith(".") or entry.is_dir(follow_symlinks=False):
            continue
        st = entry.stat(follow_symlinks=False)
        if stat.S_ISLNK(st.st_mode):
            problems.append("%s is a symbolic link (to %s): hand in the file itself" %
                            (entry.name, os.readlink(entry.path)))
        elif not stat.S_ISREG(st.st_mode):
            problems.append("%s is not a plain file" % entry.name)
        elif st.st_size > MAX_FILE:
            problems.append("%s has %d bytes, more than the %d KiB a lab file may have" %
                            (entry.name, st.st_size, MAX_FILE // 1024))
        elif NAME.fullmatch(entry.name):
            names.append(entry.name)
    if len(names) > MAX_FILES:
        problems.append("%d files, more than the %d a lab folder may have" %
                        (len(names), MAX_FILES))
    if problems:
        raise Refused("\n".join(problems))
    for name in names:
        # O_NOFOLLOW: a file swapped for a link since the scan is not read.
        fd = os.open(os.path.join(src, name), os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as f:
            data = f.read(MAX_FILE + 1)
        if len(data) > MAX_FILE:
            raise Refused("%s grew past %d KiB while it was read" % (name, MAX_FILE // 1024))
        (dest / name).write_bytes(data)
    for name in names:
        if name.endswith(C_LIKE):
            problems += include_problems(dest / name)
    if problems:
        raise Refused("\n".join(problems))
    return dest


# --- includes ---------------------------------------------------------------

def c_text(text):
    """@text as the C preprocessor sees its directives: trigraphs
    replaced, continued lines joined, comments a space (string and
    character literals kept); one line of output per logical line."""
    for tri, ch in (("??=", "#"), ("??/", "\\"), ("??(", "["), ("??)", "]"),
                    ("??<", "{"), ("??>", "}"), ("??'", "^"), ("??!", "|"), ("??-", "~")):
        text = text.replace(tri, ch)
    text = re.sub(r"\\[ \t]*\n", "", text)
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            out.append(" ")
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] not in (c, "\n"):
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


# cpp's directives that read a file (%: is the digraph of #).
CPP_INCLUDE = re.compile(r"^[ \t]*(?:#|%:)[ \t]*(include_next|include|import|embed)\b[ \t]*(.*)$",
                         re.M)
# dtc's own: /include/ "FILE" and /incbin/("FILE"...).
# (Not inside a path: a folder may be called include.)
DTC_INCLUDE = re.compile(r"(?<![\w./-])/(include|incbin)/\s*\(?\s*(\"[^\"\n]*\"|\S*)")
LINE_MARKER = re.compile(r'^#\s*\d+\s+"[^"\n]*"[ \d]*$', re.M)


def bad_name(name):
    """Why an included file name may leave the folders it is searched in,
    or None."""
    if name.startswith("/") or name.startswith("~"):
        return "an absolute path"
    if ".." in re.split(r"[/\\]", name):
        return "a path out of the folder (..)"
    if "\\" in name:
        return "a backslash"
    return None


def include_problems(path, dtc_only=False):
    """What in @path (a C or DTS file, or cpp's output with @dtc_only)
    would read a file outside the hand-in and the project's include
    folders: a list of "FILE:LINE: ..." refusals."""
    text = path.read_text(errors="replace")
    problems = []

    def refuse(pos, what):
        line = text.count("\n", 0, pos) + 1 if not dtc_only else "?"
        problems.append("%s:%s: %s" % (path.name, line, what))

    if not dtc_only:
        text = c_text(text)
        for m in CPP_INCLUDE.finditer(text):
            arg = m.group(2).strip()
            q = re.fullmatch(r'"([^"]*)"|<([^>]*)>', arg)
            if not q:
                refuse(m.start(), "#%s %s: only #%s \"FILE\" or <FILE> (no macro)" %
                       (m.group(1), arg, m.group(1)))
                continue
            why = bad_name(q.group(1) if q.group(1) is not None else q.group(2))
            if why:
                refuse(m.start(), "#%s %s is %s: a hand-in includes its own files and "
                       "the project's headers only" % (m.group(1), arg, why))
        # The assembler's way in (asm(".incbin ...")): no lab needs it.
        # (gas reads its directives in any case.  A word scan is the
        # second line only: the tools' sandbox holds nothing to read.)
        for m in re.finditer(r"\.(incbin|include)\b", text, re.I):
            if path.suffix == ".c" or path.suffix == ".h":
                refuse(m.start(), "the assembler's .%s: a lab driver reads no file at "
                       "build time" % m.group(1))
    if dtc_only or path.suffix in DTS_LIKE:
        # cpp's line markers name the files it read, in quotes: not dtc's.
        text = LINE_MARKER.sub("", text) if dtc_only else text
        for m in DTC_INCLUDE.finditer(text):
            arg = m.group(2)
            name = arg[1:-1] if arg.startswith('"') and arg.endswith('"') else None
            why = "not a plain \"FILE\"" if name is None else bad_name(name)
            if why:
                refuse(m.start(), "/%s/ %s is %s: a hand-in includes its own files and "
                       "the project's only" % (m.group(1), arg, why))
    return problems


# --- Makefiles ---------------------------------------------------------------

def read_makefile(path):
    """({"obj-y": [...], "obj-m": [...]}, None) from a lab Makefile, read
    as text, never by make: comments, blank lines and obj-y/obj-m
    assignments (+=, := or =) of NAME.o objects whose NAME.c is in the
    folder; or (None, why) for anything else."""
    objs = {"obj-y": [], "obj-m": []}
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as e:
        return None, "cannot read it (%s)" % e
    text = re.sub(r"\\\n", " ", text)
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"(obj-[ym])\s*(\+=|:=|=)\s*(.*)", line)
        if not m:
            return None, ("line %d, `%s`: a lab Makefile may only list objects "
                          "(obj-y += x.o, obj-m += x.o); nothing else is read" % (n, line))
        kind, op, words = m.group(1), m.group(2), m.group(3).split()
        for w in words:
            if not re.fullmatch(r"[A-Za-z0-9_-]+\.o", w):
                return None, "line %d: %s is not an object of this folder (NAME.o)" % (n, w)
            if not (path.parent / (w[:-2] + ".c")).is_file():
                return None, "line %d: %s, but there is no %s.c" % (n, w, w[:-2])
        objs[kind] = (objs[kind] if op == "+=" else []) + words
    return objs, None


def kbuild_folder(src, objs, dest):
    """@dest: @objs' sources copied from @src with a Makefile the grader
    writes itself from @objs (what make includes: never the hand-in's)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    lines = ["# Written by the lab grader from the hand-in's Makefile "
             "(scripts/coyote/labs/handin.py)."]
    for kind in ("obj-y", "obj-m"):
        for o in objs[kind]:
            lines.append("%s += %s" % (kind, o))
            shutil.copy(src / (o[:-2] + ".c"), dest / (o[:-2] + ".c"))
    (dest / "Makefile").write_text("\n".join(lines) + "\n")
    return dest


# --- the sandbox -------------------------------------------------------------

def system_view():
    """bubblewrap's options for what every sandbox sees of the system:
    /usr and the folders that link there, read-only, and from /etc only
    what programs need to start (no passwd, no hostname)."""
    cmd = ["--ro-bind", "/usr", "/usr"]
    for d in ("bin", "lib", "lib32", "lib64", "sbin"):
        p = Path("/" + d)
        if p.is_symlink():
            cmd += ["--symlink", os.readlink(p), "/" + d]
        elif p.is_dir():
            cmd += ["--ro-bind", "/" + d, "/" + d]
    for f in ("/etc/alternatives", "/etc/ld.so.cache", "/etc/ld.so.conf",
              "/etc/ld.so.conf.d"):
        if os.path.exists(f):
            cmd += ["--ro-bind", f, f]
    return cmd


def bwrap_command(argv, out, hide=()):
    """bubblewrap's command line for @argv: /usr and the project read-only
    (@hide: project folders replaced by empty ones), @out the only place
    written, a /tmp of its own, no network, its own PID and IPC space.
    (The grader itself runs here; every tool it gives the hand-in's files
    runs in tool_command()'s narrower view.)"""
    cmd = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session"] + system_view()
    cmd += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
            "--ro-bind", str(ROOT), str(ROOT)]
    for h in hide:
        if Path(h).is_dir():
            cmd += ["--tmpfs", str(h)]
    # Debian's trees (lab 1 boots one) where build/corpus links to a corpus
    # shared between checkouts: its target, read-only.
    corpus = ROOT / "build" / "corpus"
    if corpus.is_symlink() and corpus.resolve().is_dir():
        cmd += ["--ro-bind", str(corpus.resolve()), str(corpus.resolve())]
    out.mkdir(parents=True, exist_ok=True)
    cmd += ["--bind", str(out), str(out), "--chdir", str(ROOT),
            "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp",
            "--setenv", "PYTHONDONTWRITEBYTECODE", "1", "--setenv", NESTED, "1", "--"]
    return cmd + list(argv)


# --- the tools' sandbox --------------------------------------------------
# What a tool given a hand-in's files sees (cpp, gcc and gas, dtc, make,
# the binding tools, ofdump, QEMU running the student's kernel): the
# hand-in (staged in the grade's folder, the only place written), the
# sources a kernel build reads, the starters, and the prepared build (the
# main build's objects, trees, modules and schema, made before the grade).
# Never tests/ (the solutions, the catalogues), scripts/coyote/ (the
# graders), git's history, the scripts that read solutions, or another
# grade's folder:
# whatever a hand-in names, in whatever spelling, is not there to read.
TOOL_SOURCES = ("Makefile", "arch", "block", "drivers", "include", "kernel", "of", "dts",
                "docs/labs", "scripts/host")
# Of scripts/, what the build and the tree tools run (lab-cc compiles a
# hand-in; not mutate-labs, lab-handout, lab-autograder, bench/: they
# read the solutions).
TOOL_SCRIPTS = re.compile(r"Makefile\.\w+|[\w-]+\.mk|kallsyms\.py|mkinitrd\.py|modpost\.py|"
                          r"modules\.config|dts-cpp|dtbs-check|dts-relabel|lab-cc")
# Of the package, the modules those programs run (scripts/mkinitrd.py is
# coyote.mkinitrd's entry), file by file: never the graders beside them.
TOOL_MODULES = ("scripts/coyote/mkinitrd.py",)
# Of build/, the main build's own folders and files (not the grades',
# build/lab*, build/grade, build/mutate-labs, build/tests).
TOOL_BUILD = ("arch", "block", "drivers", "include", "kernel", "of", "dts", "mod", "modules",
              "overlays", "bindings", "host", "pristine", "lab10-planted")
NESTED = "COYOTE_GRADE_SANDBOX"     # set inside the grade's sandbox


def tool_command(argv, out, cwd=ROOT, net=False):
    """bubblewrap's command line for a tool @argv run on a hand-in's
    files in @cwd: the view above, @out (the grade's folder, where the
    staged hand-in is) the only place written, no network (@net: the
    caller's, for QEMU's gdb stub on the loopback; the grade's own
    sandbox has none to give).  Inside the grade's own sandbox (nested)
    there is no /proc: the grade's processes are not the tool's to look
    into."""
    cmd = ["bwrap", "--unshare-all"] + (["--share-net"] if net else []) + \
        ["--die-with-parent", "--new-session"] + system_view()
    if not os.environ.get(NESTED):
        cmd += ["--proc", "/proc"]
    cmd += ["--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", str(ROOT)]
    for name in TOOL_SOURCES:
        if (ROOT / name).exists():
            cmd += ["--ro-bind", str(ROOT / name), str(ROOT / name)]
    for f in sorted((ROOT / "scripts").iterdir()):
        if f.is_file() and TOOL_SCRIPTS.fullmatch(f.name):
            cmd += ["--ro-bind", str(f), str(f)]
    for name in TOOL_MODULES:
        cmd += ["--ro-bind", str(ROOT / name), str(ROOT / name)]
    if BUILD.is_dir():
        for f in sorted(BUILD.iterdir()):
            if (f.name in TOOL_BUILD and f.is_dir()) or \
                    (f.is_file() and not f.name.startswith(".")):
                cmd += ["--ro-bind", str(f), str(f)]
    out = Path(out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    cmd += ["--bind", str(out), str(out), "--chdir", str(cwd),
            "--setenv", "HOME", "/tmp", "--setenv", "TMPDIR", "/tmp",
            "--setenv", "CCACHE_DISABLE", "1", "--setenv", "PYTHONDONTWRITEBYTECODE", "1",
            "--"]
    return cmd + [str(a) for a in argv]


_tool_usable = None


def tools_sandboxed():
    """True when tool_command() can run here (asked once); else the
    tools run as they are, as the grade does (sandbox_usable())."""
    global _tool_usable
    if _tool_usable is None:
        if os.environ.get("COYOTE_NO_SANDBOX") or not shutil.which("bwrap"):
            _tool_usable = False
        else:
            try:
                with tempfile.TemporaryDirectory() as probe:
                    res = subprocess.run(tool_command(["true"], probe), capture_output=True,
                                         timeout=30)
                _tool_usable = res.returncode == 0
            except (OSError, subprocess.TimeoutExpired):
                _tool_usable = False
    return _tool_usable


def tool_argv(argv, out, cwd=ROOT, net=False):
    """@argv as it runs on a hand-in's files: in tool_command()'s view
    where the sandbox works, else as it is."""
    return tool_command(argv, out, cwd, net) if tools_sandboxed() else [str(a) for a in argv]


def run_tool(argv, out, cwd=ROOT, timeout=900, input=None):
    """subprocess.run() of @argv in the tools' sandbox (tool_argv()),
    text in and out: the CompletedProcess."""
    return subprocess.run(tool_argv(argv, out, cwd), cwd=str(cwd), capture_output=True,
                          text=True, timeout=timeout, input=input)


# A report quotes a tool's output in a bounded slice: never a file a
# tool was made to print whole.
SLICE_LINES = 40
SLICE_WIDTH = 240


def bounded(text, lines=SLICE_LINES, width=SLICE_WIDTH):
    """@text cut to its first @lines lines of at most @width characters
    each, saying what was left out."""
    rows = text.splitlines()
    out = [r if len(r) <= width else r[:width] + " [...]" for r in rows[:lines]]
    if len(rows) > lines:
        out.append("[... %d more lines not shown]" % (len(rows) - lines))
    return "\n".join(out)


_usable = None


def sandbox_usable():
    """(True, "") when bubblewrap can make its namespaces here, else
    (False, why); asked once.  COYOTE_NO_SANDBOX=1 says no (to see the
    degraded grade, as on a machine without user namespaces)."""
    global _usable
    if _usable is None:
        if os.environ.get("COYOTE_NO_SANDBOX"):
            _usable = (False, "COYOTE_NO_SANDBOX is set")
        elif not shutil.which("bwrap"):
            _usable = (False, "bwrap is not installed (Debian: bubblewrap)")
        else:
            try:
                res = subprocess.run(bwrap_command(["true"], BUILD / ".sandbox-probe"),
                                     capture_output=True, text=True, timeout=30)
                _usable = (res.returncode == 0, res.stderr.strip())
            except (OSError, subprocess.TimeoutExpired) as e:
                _usable = (False, str(e))
    return _usable


def limits():
    """In the grade's first process (inherited by all it starts): CPU
    time, address space and file size limits, and no core files."""
    for res, value in ((resource.RLIMIT_CPU, CPU_LIMIT), (resource.RLIMIT_AS, MEM_LIMIT),
                       (resource.RLIMIT_FSIZE, FSIZE_LIMIT), (resource.RLIMIT_CORE, 0)):
        resource.setrlimit(res, (value, value))


def sandbox(argv, out, hide=(), timeout=TIME_LIMIT):
    """Run @argv in the sandbox (bwrap_command()) with limits(), at most
    @timeout seconds: (exit status or None after the time limit, stdout,
    stderr).  Without a usable bubblewrap, @argv runs as it is, with the
    limits, after a warning on stderr."""
    ok, why = sandbox_usable()
    if ok:
        cmd = bwrap_command(argv, out, hide)
    else:
        print("WARNING: NO SANDBOX: bubblewrap cannot run here (%s).\n"
              "WARNING: the hand-in is graded with its files checked and its Makefile\n"
              "WARNING: read as text, but the grade runs with the network and the files\n"
              "WARNING: of this user.  Grade untrusted hand-ins where bwrap works." %
              (why or "no reason given"), file=sys.stderr)
        cmd = list(argv)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=limits, start_new_session=True)
    try:
        stdout, stderr = p.communicate(timeout=timeout)
        return p.returncode, stdout, stderr
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, 9)
        stdout, stderr = p.communicate()
        return None, stdout, stderr
