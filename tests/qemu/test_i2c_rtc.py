# SPDX-License-Identifier: BSD-2-Clause
"""I2C and the DS1338 RTC under QEMU: the board's tree alone binds the RTC
on bus 0; `date`, `date -s`, `i2c scan/get/set/fault`; a second client where
nothing answers fails its probe with ENXIO and harms nothing else."""

import datetime
import re
import shutil
import subprocess
import time

import pytest

from coyote.qemu import BOARD_DTB, TEST_BUILD, Coyote

RTC_BASE = "2024-02-29T23:59:58"
ISO = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)Z\s*$", re.M)


def utc(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S")


def date_of(machine):
    out = machine.run("date")
    m = ISO.search(out)
    assert m, "`date` printed no ISO 8601 time: %r" % out
    return utc(m.group(1))


@pytest.fixture(scope="module")
def board():
    """One boot for the tests that share a clock, run in file order."""
    machine = Coyote(extra=["-rtc", "base=" + RTC_BASE])
    yield machine
    machine.close()


def i2c_node_path(dtb):
    """Path of the arm,versatile-i2c node, read from the blob itself."""
    dts = subprocess.run(["dtc", "-q", "-I", "dtb", "-O", "dts", str(dtb)],
                         check=True, capture_output=True, text=True).stdout
    path = []
    for line in dts.splitlines():
        line = line.strip()
        m = re.match(r"^(?:[\w-]+:\s*)?([^\s{]+)\s*\{$", line)
        if m:
            path.append("" if m.group(1) == "/" else m.group(1))
        elif line.startswith("};"):
            path.pop()
        elif "arm,versatile-i2c" in line and line.startswith("compatible"):
            return "/".join(path) or "/"
    raise AssertionError("board tree has no arm,versatile-i2c node")


# --- the board's own tree ----------------------------------------------------

def test_boot_binds_rtc_from_tree(board):
    log = board.boot_log
    assert re.search(r"i2c-0: versatile-i2c, 1 client\(s\) from i2c@", log), log
    # The PL031 (built in) probes first and is rtc0; the DS1338 module follows.
    assert re.search(r"rtc\d: DS1338 on 0-0068", log), log
    m = re.search(r"rtc0: system clock set to (\S+)Z", log)
    assert m, log
    assert 0 <= (utc(m.group(1)) - utc(RTC_BASE)).total_seconds() <= 5


def test_date_shows_rtc_base(board):
    delta = (date_of(board) - utc(RTC_BASE)).total_seconds()
    assert 0 <= delta <= 8, f"date is {delta} s from the -rtc base"


def test_date_rolls_into_march(board):
    deadline = time.monotonic() + 15
    while True:
        now = date_of(board)
        if now >= utc("2024-03-01T00:00:00") or time.monotonic() > deadline:
            break
        time.sleep(1)
    # 2024 is a leap year: 29 February, then 1 March, not 30 February.
    assert utc("2024-03-01T00:00:00") <= now <= utc("2024-03-01T00:00:20"), now


def test_i2c_scan_finds_only_the_rtc(board):
    out = board.run("i2c scan 0")
    rows = re.findall(r"^([0-7]0):((?:\s+(?:--|[0-9a-f]{2})|\s{3})+)\s*$", out, re.M)
    assert len(rows) == 8, out
    found = []
    for base, cells in rows:
        for i, cell in enumerate(re.findall(r".{3}", cells)):
            if cell.strip() not in ("--", ""):
                found.append(int(base, 16) + i)
    assert found == [0x68], out
    assert "1 address(es) answered: 0x68" in out


def test_i2c_get_set_nvram(board):
    assert board.run("i2c set 0 0x68 0x08 0x5a").strip() == ""
    assert board.run("i2c get 0 0x68 0x08").strip() == "0x5a"
    assert board.run("i2c set 0 0x68 0x3f 0xa5").strip() == ""
    assert board.run("i2c get 0 0x68 63").strip() == "0xa5"


def test_i2c_errors_by_name(board):
    assert "ENXIO" in board.run("i2c get 0 0x69 0x00")
    assert "ENODEV" in board.run("i2c scan 7")
    out = board.run("i2c get 0 0x68")
    assert "usage" in out, out


def test_i2c_fault_injects_nacks_then_the_chip_answers(board):
    """`i2c fault`: the next N transfers to one address fail as a NACK
    would (a driver's error path, tested on a chip that never fails);
    other addresses are not touched and 0 takes it back."""
    assert board.run("i2c set 0 0x68 0x09 0x3c").strip() == ""
    out = board.run("i2c fault 0 0x68 2")
    assert "next 2 transfer(s) to 0x68 fail with ENXIO" in out, out
    for left in (1, 0):
        out = board.run("i2c get 0 0x68 0x09")
        assert "ENXIO" in out and "0x68: NACK injected (%d more to come)" % left in out, out
    assert board.run("i2c get 0 0x68 0x09").strip() == "0x3c"
    board.run("i2c fault 0 0x50 1")
    assert board.run("i2c get 0 0x68 0x09").strip() == "0x3c"
    assert "no fault injected" in board.run("i2c fault 0 0x50 0")
    assert "usage: i2c fault" in board.run("i2c fault 0 0x05")


def test_date_set_reads_back(board):
    out = board.run("date -s 2027-01-01T00:00:00")
    assert "2027-01-01T00:00:0" in out, out
    delta = (date_of(board) - utc("2027-01-01T00:00:00")).total_seconds()
    assert 0 <= delta <= 5, delta


def test_date_set_with_z_and_month_end(board):
    # From February, 31 March: the chip applies each register as it comes,
    # so the day must not be written while the month is still February
    # (31 February would roll over to 3 March).
    board.run("date -s 2027-02-10T10:00:00Z")
    board.run("date -s 2027-03-31T10:00:00")
    delta = (date_of(board) - utc("2027-03-31T10:00:00")).total_seconds()
    assert 0 <= delta <= 5, delta
    board.run("date -s 2027-01-01T00:00:00")


@pytest.mark.parametrize("bad", ["2027-02-30T00:00:00", "2027-13-01T00:00:00",
                                 "2027-01-01T24:00:00", "yesterday",
                                 "2027-01-01 00:00:00"])
def test_invalid_date_refused_clock_unchanged(board, bad):
    before = date_of(board)
    out = board.run(f"date -s {bad}")
    assert "usage" in out and "unchanged" in out, out
    delta = (date_of(board) - before).total_seconds()
    assert 0 <= delta <= 3, f"clock moved by {delta} s"


def test_date_outside_rtc_range_refused(board):
    """rtc0 is the PL031 (a 32-bit count of seconds, to 2106); the DS1338's
    own century limit is tested on the host (tests/host/test_i2c.c)."""
    before = date_of(board)
    out = board.run("date -s 2107-01-01T00:00:00")
    assert "EINVAL" in out and "unchanged" in out, out
    assert 0 <= (date_of(board) - before).total_seconds() <= 3


# --- a test tree with a client nothing answers ---------------------------------

@pytest.fixture(scope="module")
def ghost_dtb():
    """The board's blob plus a DS1338 at 0x69, where nothing answers."""
    TEST_BUILD.mkdir(parents=True, exist_ok=True)
    dtb = TEST_BUILD / "i2c-ghost-rtc.dtb"
    shutil.copyfile(BOARD_DTB, dtb)
    node = i2c_node_path(BOARD_DTB) + "/rtc@69"
    subprocess.run(["fdtput", "-c", str(dtb), node], check=True)
    subprocess.run(["fdtput", "-t", "s", str(dtb), node, "compatible", "dallas,ds1338"],
                   check=True)
    subprocess.run(["fdtput", "-t", "x", str(dtb), node, "reg", "69"], check=True)
    return dtb


def test_absent_client_fails_with_enxio(boot, ghost_dtb):
    b = boot(dtb=ghost_dtb, extra=["-rtc", "base=" + RTC_BASE])
    log = b.boot_log
    assert re.search(r"0-0069.*ENXIO", log), log
    assert "i2c-0: versatile-i2c, 2 client(s)" in log, log
    devices = b.run("devices")
    assert re.search(r"rtc@69\s+0-0069\s+i2c\s+rtc-ds1338\s+-\s+failed \(ENXIO\)", devices), devices
    assert re.search(r"rtc@68\s+0-0068\s+i2c\s+rtc-ds1338\s+\d+\s+bound", devices), devices
    # The real RTC still works.
    delta = (date_of(b) - utc(RTC_BASE)).total_seconds()
    assert 0 <= delta <= 8, delta
    out = b.run("i2c scan 0")
    assert "1 address(es) answered: 0x68" in out, out


def test_whynot_quotes_the_drivers_error_line(boot):
    """A probe that fails with dev_err() and no dev_err_probe(): `whynot`
    quotes the driver's last error line for the device instead of "the
    driver gave no reason".  No chip at 0x69 here."""
    c = boot()
    out = c.run("overlay apply rtc-ds1307-69")
    assert "probe of 0-0069 failed: ENXIO" in out, out
    out = c.run("whynot /external-bus/i2c@1,0/rtc@69")
    assert ("failed: ENXIO: DS1307 at 0x69 on i2c-0 does not answer: ENXIO" in out), out
    assert "gave no reason" not in out, out
