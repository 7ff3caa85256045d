#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""The labs' autograder: `make lab-check LAB=N [LAB_SRC=DIR]`.

    tests/labs/grade.py N [--src DIR]

Grades the student's files for lab N (by default in docs/labs/labN/) and
prints each check: what passes, and for what is still missing, a hint that
says where to look (never the answer).  Exit status 0 when every check
passes, 1 otherwise, 2 for bad usage.

Checks that need an earlier one (booting needs a tree that compiles) are
shown as skipped, with what they wait for.  Each lab builds into
build/labN/ so the main build is never touched.
"""
import argparse
import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(TESTS))

from qemu.coyote import Coyote, ROOT  # noqa: E402

BUILD = ROOT / "build"
OFDUMP = BUILD / "host" / "ofdump"
I2C = "/external-bus/i2c@1,0"
VIC = "/amba/interrupt-controller@10140000"
DTC_FLAGS = ["-@", "-I", "dts", "-O", "dtb", "-W", "no-simple_bus_reg",
             "-W", "no-unit_address_vs_reg"]


class Grader:
    def __init__(self, lab, title, src):
        self.lab, self.title, self.src = lab, title, src
        self.results = []       # (status, text, hint)
        self.out = BUILD / ("lab%d" % lab)
        self.out.mkdir(parents=True, exist_ok=True)

    def check(self, text, ok, hint=""):
        self.results.append(("pass" if ok else "todo", text, "" if ok else hint))
        return ok

    def skip(self, text, needs):
        self.results.append(("skip", text, "waits for: " + needs))
        return False

    def report(self):
        print("Lab %d: %s  (files: %s)" % (self.lab, self.title, rel(self.src)))
        for status, text, hint in self.results:
            print("  [%s] %s" % (status, text))
            for line in hint.splitlines():
                print("         " + line)
        done = sum(1 for r in self.results if r[0] == "pass")
        total = len(self.results)
        print()
        if done == total:
            print("All %d checks pass: lab %d is done. Well done!" % (total, self.lab))
            return 0
        print("%d of %d checks pass. Not there yet: start with the first [todo] above."
              % (done, total))
        return 1


def rel(p):
    try:
        return str(Path(p).resolve().relative_to(ROOT))
    except ValueError:
        return str(p)


# --- tools ----------------------------------------------------------------

def compile_lab_dts(src, out):
    """The board trees' rule: cpp, then dtc with warnings as errors.
    Return (dtb or None, messages)."""
    pre = out.with_suffix(".pre")
    cpp = subprocess.run(
        ["cpp", "-E", "-P", "-nostdinc", "-x", "assembler-with-cpp", "-undef", "-D__DTS__",
         "-I", str(src.parent), "-I", str(ROOT / "dts"), "-I", str(ROOT / "include"),
         "-o", str(pre), str(src)], capture_output=True, text=True, timeout=60)
    if cpp.returncode:
        return None, cpp.stderr.strip()
    dtc = subprocess.run(["dtc"] + DTC_FLAGS + ["-o", str(out), str(pre)],
                         capture_output=True, text=True, timeout=60)
    if dtc.returncode or dtc.stderr.strip():
        return None, dtc.stderr.strip()
    return out, ""


def ofdump_devices(dtb):
    """{path: {"bus", "verdict", "driver", "module", "lines", "address", "irqs"}}."""
    res = subprocess.run([str(OFDUMP), "--devices", str(dtb)], capture_output=True,
                         text=True, timeout=60)
    if res.returncode:
        raise RuntimeError("ofdump --devices: " + res.stderr)
    nodes, cur = {}, None
    for line in res.stdout.splitlines():
        if line.startswith("/"):
            cur = nodes[line] = {"lines": [], "irqs": [], "address": None,
                                 "verdict": None, "driver": None, "module": None,
                                 "regs": []}
        elif line.startswith("  - "):
            cur["lines"].append(line[4:])
        elif line.startswith("  bus:"):
            cur["bus"] = line.split()[1]
        elif line.startswith("  address:"):
            cur["address"] = int(line.split()[1], 16)
        elif line.startswith("  reg["):
            cur["regs"].append(line.split(None, 1)[1])
        elif line.startswith("  irq["):
            cur["irqs"].append(line.split(None, 1)[1])
        elif line.startswith("  verdict:"):
            v = line.split(None, 1)[1].strip()
            # "would bind DRIVER", or "would bind (module NAME)" for a
            # driver built as a module (known by its module's name).
            m = re.match(r"(would bind|would defer)(?: ([^\s(]\S*))?(?: \(module (\S+)\))?$", v)
            cur["verdict"], cur["driver"], cur["module"] = m.groups() if m else (v, None, None)
    return nodes


def tail(text, n=15):
    return "\n".join(text.strip().splitlines()[-n:])


def build_kernel(g, driver, var="LAB_DRIVER"):
    """make B=build/labN LAB_DRIVER=driver (or LAB_MODULE=, which builds it
    as a module into the lab's own initrd): Return (kernel.bin or None, log)."""
    res = subprocess.run(["make", "-s", "-j2", "--no-print-directory", "B=" + rel(g.out),
                          var + "=" + str(Path(driver).resolve()), "all"],
                         cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    if res.returncode:
        return None, res.stdout + res.stderr
    return g.out / "kernel.bin", ""


class QMP:
    """QEMU's machine protocol on a unix socket: qom-set and friends."""

    def __init__(self, path, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.settimeout(timeout)
                self.sock.connect(str(path))
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.buf = b""
        self._read()                       # greeting
        self.execute("qmp_capabilities")

    def _read(self):
        while b"\n" not in self.buf:
            data = self.sock.recv(4096)
            if not data:
                raise RuntimeError("QMP closed")
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def execute(self, cmd, **args):
        self.sock.sendall(json.dumps({"execute": cmd, "arguments": args}).encode() + b"\n")
        while True:
            msg = self._read()
            if "return" in msg:
                return msg["return"]
            if "error" in msg:
                raise RuntimeError("QMP %s: %s" % (cmd, msg["error"].get("desc")))

    def close(self):
        self.sock.close()


def whynot(c, path):
    out = c.run("whynot " + path)
    m = re.search(r"^verdict: (.+)$", out, re.M)
    return (m.group(1).strip() if m else "?"), out


def indent(text):
    return "\n".join("  " + l for l in text.strip().splitlines())


# --- lab 1: read the tree -------------------------------------------------

def read_answers(path):
    answers = {}
    for line in path.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith("#"):
            k, _, v = line.partition("=")
            answers[k.strip()] = v.strip()
    return answers


def same_number(given, want):
    try:
        return int(given, 0) == want
    except ValueError:
        return False


def lab1(src):
    g = Grader(1, "read the tree", src)
    ans_file, dts = src / "answers.txt", src / "lab1.dts"
    if not g.check("answers.txt and lab1.dts exist", ans_file.exists() and dts.exists(),
                   "Expected %s and %s." % (rel(ans_file), rel(dts))):
        return g
    answers = read_answers(ans_file)
    dtb, err = compile_lab_dts(dts, g.out / "lab1.dtb")
    if not g.check("lab1.dts compiles", dtb, "dtc said:\n" + indent(err)):
        return g
    # The expected answers come from the tools, on the student's own tree.
    nodes = ofdump_devices(dtb)

    def start(path):
        regs = nodes.get(path, {}).get("regs") or ["?"]
        m = re.match(r"0x([0-9a-f]+)\.\.", regs[0])
        return int(m.group(1), 16) if m else None

    tool = "Look it up with `dt` in the shell or build/host/ofdump --devices;\n" \
           "the CPU address is the one after every parent's `ranges`."
    for key, path in (("uart3_address", "/fpga@10000000/serial@9000"),
                      ("i2c_address", I2C), ("flash_address", "/external-bus/flash@2,0")):
        given = answers.get(key, "")
        g.check("%s: the CPU address of %s" % (key, path), same_number(given, start(path)),
                ("You wrote %r. " % given if given else "Not answered yet. ") + tool)
    irq = (nodes.get("/fpga@10000000/serial@9000", {}).get("irqs") or [""])[0]
    given = " ".join(answers.get("uart3_irq", "").split())
    g.check("uart3_irq: UART3's interrupt controller and line", given == irq,
            ("You wrote %r. " % given if given else "Not answered yet. ") +
            "`interrupt-parent` is inherited from the parents when a node has none;\n"
            "ofdump --devices prints the controller it resolves to.")
    # The kernel's answer: the RTC's driver is a module (ofdump names only
    # the module), autoloaded at boot.
    with Coyote(dtb=dtb) as c:
        log = c.boot_log
        devs = c.run("devices")
    row = [l.split() for l in devs.splitlines() if l.startswith(I2C + "/rtc@68 ")]
    rtc = row[0][3] if row and len(row[0]) > 3 else None
    given = answers.get("rtc_driver", "")
    g.check("rtc_driver: the driver of the RTC at 0x68", given == rtc,
            ("You wrote %r. " % given if given else "Not answered yet. ") +
            "`devices` in the shell lists each device with its driver.")
    n = sum(1 for l in devs.splitlines() if l.startswith("/") and
            l.split()[3] == "uart-pl011" and l.split()[5] == "bound")
    given = answers.get("uart_devices", "")
    g.check("uart_devices: how many devices uart-pl011 binds", given == str(n),
            ("You wrote %r. " % given if given else "Not answered yet. ") +
            "`devices` in the shell lists each device with its driver and state.")
    m = re.search(r'bootargs "([^"]*)"', log)
    g.check('the command line carries "lab1" (/chosen bootargs in lab1.dts)',
            m and "lab1" in m.group(1).split(),
            "The kernel booted with bootargs %s.  The command line lives in\n"
            "/chosen; override it in lab1.dts below the #include." %
            ('"%s"' % m.group(1) if m else "(none)"))
    return g


# --- lab 2: describe hardware ---------------------------------------------

def find_sensor(nodes):
    for path, n in nodes.items():
        if path.startswith(I2C + "/") and n.get("bus") == "i2c" and n["address"] == 0x48:
            return path, n
    return None, None


def lab2(src):
    g = Grader(2, "describe hardware: a TMP105 on the I2C bus", src)
    dts = src / "lab2.dts"
    if not g.check("lab2.dts exists", dts.exists(), "Expected %s." % rel(dts)):
        return g
    dtb, err = compile_lab_dts(dts, g.out / "lab2.dtb")
    if not g.check("lab2.dts compiles (dtc warnings count as errors)", dtb,
                   "dtc said:\n" + indent(err)):
        return g
    nodes = ofdump_devices(dtb)
    path, n = find_sensor(nodes)
    g.check("a node for the sensor under the I2C controller, at address 0x48", path,
            "Add a child node inside &i2c0 { ... } whose `reg` is the 7-bit address\n"
            "QEMU gives the sensor (-device tmp105,address=0x48); the RTC at 0x68 is an\n"
            "example.  Its unit address must be the reg value.  "
            "Check with: build/host/ofdump --devices")
    if not path:
        for t in ("its compatible is the TMP105's", "its node name is generic",
                  "the kernel made an I2C device 0-0048 for it, with no driver yet",
                  "the sensor answers at 0x48"):
            g.skip(t, "the node")
        return g
    strings = [l.strip().strip('"') for l in n["lines"] if l.startswith('  "')]
    good = strings == ["ti,tmp105"] or n["verdict"] == "would bind"
    g.check('its compatible is the TMP105\'s ("vendor,device")', good,
            "ofdump sees compatible %s.  The vendor prefix of Texas Instruments is\n"
            "\"ti\"; dts/bindings/ti,tmp105.yaml is the binding the node must follow."
            % (", ".join('"%s"' % s for s in strings) or "missing"))
    name = path.rsplit("/", 1)[1]
    g.check("its node name is generic (temperature-sensor@48 or sensor@48)",
            re.match(r"^(temperature-sensor|sensor)@48$", name),
            "Node names say what a device is, not which chip: see $nodename in\n"
            "dts/bindings/ti,tmp105.yaml.  Yours is %s." % name)
    if not good:
        g.skip("the kernel made an I2C device 0-0048 for it, with no driver yet",
               "the compatible")
        g.skip("the sensor answers at 0x48", "the compatible")
        return g
    with Coyote(dtb=dtb, extra=["-device", "tmp105,address=0x48"]) as c:
        scan = c.run("i2c scan 0")
        verdict, out = whynot(c, path)
        devs = c.run("devices")
    row = [l for l in devs.splitlines() if l.startswith(path + " ")]
    ok = bool(row) and "0-0048" in row[0] and "no driver" in row[0] and verdict == "no driver"
    g.check("the kernel made an I2C device 0-0048 for it, with no driver yet (whynot agrees)",
            ok, "`devices` says: %s\n`whynot %s` says:\n%s" %
            (row[0] if row else "(no line for %s)" % path, path, indent(out)))
    g.check("the sensor answers at 0x48 (i2c scan 0)", re.search(r"\b48\b", scan),
            "i2c scan 0 printed:\n" + indent(scan))
    return g


# --- lab 3: a TMP105 driver -------------------------------------------------

SENSOR = "/external-bus/i2c@1,0/temperature-sensor@48"


def read_temp(c, qmp, mdeg):
    qmp.execute("qom-set", path="/machine/peripheral/sensor", property="temperature",
                value=mdeg)
    out = c.run("temp")
    m = re.search(r"0-0048: (-?\d+\.\d+) C", out)
    return (float(m.group(1)) if m else None), out



def sensor_machine(g, kernel):
    """Labs 3 and 4: @kernel on the lab 3 tree with QEMU's TMP105 at 0x48
    and a QMP socket to set its temperature: (the Coyote, the socket path)."""
    dtb, err = compile_lab_dts(ROOT / "docs" / "labs" / "lab3" / "lab3.dts",
                               g.out / "lab3.dtb")
    if not dtb:
        raise RuntimeError("docs/labs/lab3/lab3.dts: " + err)
    sock = g.out / "qmp.sock"
    if sock.exists():
        sock.unlink()
    machine = Coyote(dtb=dtb, kernel=kernel,
                     extra=["-device", "tmp105,id=sensor,address=0x48",
                            "-qmp", "unix:%s,server=on,wait=off" % sock])
    return machine, sock


def build_with_driver(g, drv):
    """Labs 3 and 5: the student's @drv exists and a kernel builds with it
    built in (two checks); the kernel.bin, or None after a failed check."""
    if not g.check("%s exists" % drv.name, drv.exists(), "Expected %s." % rel(drv)):
        return None
    kernel, log = build_kernel(g, drv)
    if not g.check("the kernel builds with %s (-Wall -Wextra -Werror)" % drv.name, kernel,
                   "The build said (last lines):\n" + indent(tail(log))):
        return None
    return kernel


def lab3(src):
    g = Grader(3, "a TMP105 I2C driver", src)
    kernel = build_with_driver(g, src / "tmp105.c")
    if not kernel:
        return g
    machine, sock = sensor_machine(g, kernel)
    with machine as c:
        verdict, out = whynot(c, SENSOR)
        bound = g.check("the driver binds to the sensor node", verdict == "bound",
                        "`whynot %s` says:\n%s\nA driver binds by a string in its "
                        "of_device_id table." % (SENSOR, indent(out)))
        if not bound:
            for t in ("temp shows QEMU's temperature (23.5 C)", "negative temperatures",
                      "12-bit resolution (1/16 degree)"):
                g.skip(t, "the driver to bind")
            return g
        qmp = QMP(sock)
        try:
            t, out = read_temp(c, qmp, 23500)
            g.check("temp shows QEMU's temperature (23.5 C)",
                    t is not None and abs(t - 23.5) <= 0.5,
                    "QEMU's sensor is at 23.500 C; `temp` printed:\n%s\nThe temperature "
                    "register is 16 bits, most significant byte first." % indent(out))
            t, out = read_temp(c, qmp, -12250)
            g.check("negative temperatures (-12.25 C)",
                    t is not None and abs(t + 12.25) <= 0.5,
                    "QEMU's sensor is at -12.250 C; `temp` printed:\n%s\nThe register "
                    "holds a two's complement number." % indent(out))
            t, out = read_temp(c, qmp, 27125)
            g.check("12-bit resolution (27.125 C read exactly)",
                    t is not None and abs(t - 27.125) < 0.06,
                    "QEMU's sensor is at 27.125 C; `temp` printed:\n%s\nAt power-on "
                    "the chip gives 9 bits (0.5 C steps): see the configuration\n"
                    "register's R1:R0 bits." % indent(out))
        finally:
            qmp.close()
    return g


# --- lab 4: make it a module ----------------------------------------------

def makefile_objs(path):
    """{"obj-y": [...], "obj-m": [...]} from a folder Makefile's += lines."""
    objs = {"obj-y": [], "obj-m": []}
    for line in path.read_text().splitlines():
        m = re.match(r"\s*(obj-[ym])\s*\+?=\s*(.*)$", line.split("#", 1)[0])
        if m:
            objs[m.group(1)] += m.group(2).split()
    return objs


def probe_reading(text):
    """The last temperature a probe logged for 0-0048, or None."""
    m = re.findall(r"0-0048: .*?(-?\d+\.\d+) C", text)
    return float(m[-1]) if m else None


def lab4(src):
    g = Grader(4, "make it a module", src)
    drv, mk = src / "tmp105.c", src / "Makefile"
    if not g.check("tmp105.c (your lab 3 driver) and Makefile exist",
                   drv.exists() and mk.exists(),
                   "Expected %s and %s: copy your lab 3 tmp105.c next to the Makefile."
                   % (rel(drv), rel(mk))):
        return g
    objs = makefile_objs(mk)
    later = ("the module builds (modpost: only exported symbols)",
             "modules.alias has ti,tmp105 for tmp105 (MODULE_DEVICE_TABLE)",
             "modinfo shows its license and description",
             "it autoloads at boot for the sensor node",
             "probe reads QEMU's temperature",
             "rmmod tmp105 unbinds the sensor",
             "insmod tmp105 binds it again and reads the new temperature")
    if not g.check("the Makefile builds tmp105.o as a module (obj-m)",
                   objs["obj-m"] == ["tmp105.o"] and not objs["obj-y"],
                   "Your Makefile says obj-y %s, obj-m %s.  obj-y links an object into\n"
                   "the image; a module is listed with obj-m (see drivers/rtc/Makefile\n"
                   "and scripts/modules.config)." %
                   (" ".join(objs["obj-y"]) or "(none)", " ".join(objs["obj-m"]) or "(none)")):
        for t in later:
            g.skip(t, "obj-m")
        return g
    kernel, log = build_kernel(g, drv, "LAB_MODULE")
    if not g.check(later[0], kernel,
                   "The build said (last lines):\n" + indent(tail(log)) +
                   "\nA module may call only what the kernel exports (EXPORT_SYMBOL)."):
        for t in later[1:]:
            g.skip(t, "the build")
        return g
    alias = g.out / "modules" / "modules.alias"
    lines = alias.read_text().splitlines() if alias.exists() else []
    g.check(later[1], "alias of:N*T*Cti,tmp105 tmp105" in lines,
            "%s has no line for ti,tmp105.  modpost reads the table that\n"
            "MODULE_DEVICE_TABLE(of, your_table) names." % rel(alias))
    # The lab's own initrd (build/lab4/initrd.cpio) goes with its kernel.
    machine, sock = sensor_machine(g, kernel)
    with machine as c:
        info = c.run("modinfo tmp105")
        g.check(later[2], re.search(r"^license: +\S", info, re.M) and
                re.search(r"^description: +\S", info, re.M),
                "`modinfo tmp105` says:\n%s\nMODULE_LICENSE() and MODULE_DESCRIPTION() "
                "go in the module's .modinfo." % indent(info))
        pulled = re.search(r"0-0048 \(ti,tmp105\) pulls in tmp105", c.boot_log)
        verdict, out = whynot(c, SENSOR)
        ok = pulled and verdict == "bound" and "(module tmp105)" in out
        if not g.check(later[3], ok,
                       "The boot log %s.\n`whynot %s` says:\n%s" %
                       ("says the sensor pulled in tmp105" if pulled else
                        "has no line \"0-0048 (ti,tmp105) pulls in tmp105\"",
                        SENSOR, indent(out))):
            for t in later[4:]:
                g.skip(t, "autoload")
            return g
        t = probe_reading(c.boot_log)
        g.check(later[4] + " (0 C at power-on)", t is not None and abs(t) <= 0.5,
                "Probe should log the reading (dev_info), e.g. \"0-0048: TMP105 ... 0.000 C\":\n"
                "a module cannot add shell commands, so there is no `temp`.  "
                "Boot log:\n%s" % indent(tail(c.boot_log, 8)))
        c.run("rmmod tmp105")
        devs = c.run("devices")
        row = [l for l in devs.splitlines() if l.startswith(SENSOR + " ")]
        lsmod = c.run("lsmod")
        g.check(later[5], row and "no driver" in row[0] and
                not re.search(r"^tmp105\b", lsmod, re.M),
                "After rmmod, `devices` says: %s\n`lsmod` says:\n%s\nmodule_exit "
                "unregisters the driver, which unbinds its devices." %
                (row[0] if row else "(no line)", indent(lsmod)))
        qmp = QMP(sock)
        try:
            qmp.execute("qom-set", path="/machine/peripheral/sensor",
                        property="temperature", value=27125)
        finally:
            qmp.close()
        out = c.run("insmod tmp105")
        verdict, why = whynot(c, SENSOR)
        t = probe_reading(c.run("dmesg"))
        g.check(later[6] + " (27.125 C)", verdict == "bound" and t is not None and
                abs(t - 27.125) < 0.06,
                "`insmod tmp105` printed:\n%s\n`whynot %s` says:\n%s" %
                (indent(out), SENSOR, indent(why)))
    return g


# --- lab 6: debug a probe ---------------------------------------------------

UART1 = "/amba/serial@101f2000"
UART3 = "/fpga@10000000/serial@9000"
RTC = I2C + "/rtc@68"


def lab6(src):
    g = Grader(6, "debug a probe: three planted faults", src)
    dts = src / "lab6.dts"
    if not g.check("lab6.dts exists", dts.exists(), "Expected %s." % rel(dts)):
        return g
    dtb, err = compile_lab_dts(dts, g.out / "lab6.dtb")
    if not g.check("lab6.dts compiles", dtb, "dtc said:\n" + indent(err)):
        return g
    nodes = ofdump_devices(dtb)
    missing = [p for p in (I2C, RTC, UART1, UART3) if p not in nodes]
    if not g.check("the faulty nodes are fixed, not deleted", not missing,
                   "These nodes are gone: %s.  The board needs them." % ", ".join(missing)):
        return g
    host_ok = []
    host_ok.append(g.check(
        "fault 1: the I2C controller (and so its RTC) gets a driver",
        nodes[I2C]["verdict"] == "would bind" and nodes[RTC]["verdict"] == "would bind",
        "Boot the tree and ask: whynot %s\n(the RTC at 0x68 depends on it)." % RTC))
    host_ok.append(g.check(
        "fault 2: UART3's registers reach the CPU",
        nodes[UART3]["regs"] and "not reachable" not in nodes[UART3]["regs"][0],
        "UART3's probe fails.  whynot %s says why; compare its bus with /amba." % UART3))
    irq = nodes[UART1]["irqs"][0] if nodes[UART1]["irqs"] else ""
    host_ok.append(g.check(
        "fault 3: UART1's interrupt goes to the right controller",
        irq == VIC + " 13",
        "UART1 binds, but does its interrupt ever arrive?  Compare `irqs` for\n"
        "ttyAMA1 with the other UARTs, and the board's interrupt map\n"
        "(docs/driver-core.md, ofdump --devices)."))
    if not all(host_ok):
        g.skip("the kernel binds every device, nothing deferred or failed", "the fixes")
        return g
    with Coyote(dtb=dtb) as c:
        log = c.boot_log
        irqs = c.run("irqs")
        v_rtc, _ = whynot(c, RTC)
    m = re.search(r"driver core: \d+ device\(s\) bound, (\d+) deferred, (\d+) failed", log)
    ok = (m and m.group(1) == "0" and m.group(2) == "0" and v_rtc == "bound" and
          re.search(r"^interrupt-controller@10140000 +13 +\d+ +101f2000\.serial", irqs, re.M))
    g.check("the kernel binds every device, nothing deferred or failed", ok,
            "Boot summary: %s\nwhynot %s: %s" % (m.group(0) if m else "(none)", RTC, v_rtc))
    return g


# --- lab 5: a PL031 RTC platform driver ------------------------------------

PL031 = "/amba/rtc@101e8000"
RTC_BASE = "2024-02-29T23:59:58"


def parse_date(text):
    from datetime import datetime
    m = re.search(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)Z?", text)
    return datetime.strptime(m.group(1), "%Y-%m-%dT%H:%M:%S") if m else None


def lab5(src):
    from datetime import datetime
    g = Grader(5, "an MMIO platform driver: the PL031 RTC", src)
    kernel = build_with_driver(g, src / "rtc-pl031.c")
    if not kernel:
        return g
    later = ("it is rtc0, and `date` reads QEMU's clock (-rtc base=%s)" % RTC_BASE,
             "`date -s` sets it")
    with Coyote(kernel=kernel, extra=["-rtc", "base=" + RTC_BASE]) as c:
        t0 = time.monotonic()
        verdict, out = whynot(c, PL031)
        if not g.check("the driver binds to %s" % PL031, verdict == "bound",
                       "`whynot %s` says:\n%s" % (PL031, indent(out))):
            for t in later:
                g.skip(t, "the driver to bind")
            return g
        first = re.search(r"rtc: rtc0: .* on 101e8000\.rtc", c.boot_log)
        out = c.run("date")
        got = parse_date(out)
        base = datetime.strptime(RTC_BASE, "%Y-%m-%dT%H:%M:%S")
        # The boot took a few seconds of QEMU's clock; allow for a slow host.
        ok = first and got and 0 <= (got - base).total_seconds() <= 30 + time.monotonic() - t0
        g.check(later[0], ok,
                "%s\n`date` printed: %s\nDR counts seconds since 1970; rtc_time64_to_tm() "
                "converts." % ("rtc0 is the PL031." if first else
                                "rtc0 is not the PL031: did probe register it?",
                                out.strip()))
        c.run("date -s 2031-05-06T07:08:09")
        out = c.run("date")
        got = parse_date(out)
        want = datetime(2031, 5, 6, 7, 8, 9)
        g.check(later[1], got and 0 <= (got - want).total_seconds() <= 5,
                "After `date -s 2031-05-06T07:08:09`, `date` printed: %s\nLR loads the "
                "counter." % out.strip())
    return g


LABS = {1: lab1, 2: lab2, 3: lab3, 4: lab4, 5: lab5, 6: lab6}


def main():
    ap = argparse.ArgumentParser(description="Grade a coyote lab.")
    ap.add_argument("lab", type=int)
    ap.add_argument("--src", help="the student's files (default docs/labs/labN)")
    a = ap.parse_args()
    if a.lab not in LABS:
        print("lab-check: no grader for lab %d (labs: %s)" %
              (a.lab, ", ".join(str(n) for n in sorted(LABS))), file=sys.stderr)
        return 2
    if not OFDUMP.exists():
        subprocess.run(["make", "-s", "--no-print-directory", "ofdump"], cwd=str(ROOT),
                       check=True, timeout=900)
    src = Path(a.src).resolve() if a.src else ROOT / "docs" / "labs" / ("lab%d" % a.lab)
    return LABS[a.lab](src).report()


if __name__ == "__main__":
    sys.exit(main())
