# SPDX-License-Identifier: BSD-2-Clause
"""The shell as a person at a terminal meets it: keys sent byte by byte over
the serial line (arrows as their escape sequences, Tab, Ctrl-C as 0x03),
the echo rendered as a VT100 would draw it, and the result of the command.

Most tests share one machine (one boot); a test that needs its own tree or
bootargs boots its own.
"""
import io
import re
import time

import pytest

from coyote.qemu import PROMPT, Coyote, board_dts_source, compile_dts

UP, DOWN, RIGHT, LEFT = "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D"
HOME, END, DELETE = "\x1b[H", "\x1b[F", "\x1b[3~"
# Under -nographic QEMU's serial mux takes Ctrl-A as its escape key:
# Ctrl-A twice sends one Ctrl-A to the guest (README says so).
CTRL_A = "\x01\x01"
CTRL = {k: chr(ord(k) - 0x40) for k in "CEKLUW"}


@pytest.fixture(scope="module")
def sh():
    c = Coyote()
    c.child.delaybeforesend = None
    c.log = io.StringIO()
    c.child.logfile_read = c.log
    yield c
    c.close()


def keys(c, text):
    """Send @text one byte at a time, as typed."""
    for ch in text:
        c.child.send(ch)
        time.sleep(0.002)


def render(text):
    """What a VT100 shows for @text: lines, with backspace moving left,
    printable bytes overwriting, and ESC[H ESC[2J clearing the screen."""
    text = text.split("\x1b[H\x1b[2J")[-1]
    lines, cur, col = [], [], 0
    for ch in text.replace("\r", ""):
        if ch == "\n":
            lines.append("".join(cur).rstrip())
            cur, col = [], 0
        elif ch == "\b":
            col = max(col - 1, 0)
        elif ch >= " ":
            if col < len(cur):
                cur[col] = ch
            else:
                cur.append(ch)
            col += 1
    lines.append("".join(cur).rstrip())
    return lines


def start(c):
    """Forget what the terminal showed so far: a new line is typed."""
    c.log.seek(0)
    c.log.truncate()


def enter(c, timeout=15):
    """Press Enter; return (the line as the terminal shows it, the output):
    everything since start(), rendered, the line being the last one that
    shows the prompt before the output."""
    c.child.send("\r")
    c.child.expect_exact(PROMPT, timeout=timeout)
    shown = render(PROMPT + c.log.getvalue())
    shown = shown[:len(shown) - 1]      # the new prompt
    at = max(i for i, l in enumerate(shown) if l.startswith(PROMPT))
    start(c)
    return shown[at], "\n".join(shown[at + 1:])


def typed(c, text, timeout=15):
    start(c)
    keys(c, text)
    return enter(c, timeout)


def tab(c, text, echoed):
    """Type @text (ending in Tab) and wait for the completion to echo @echoed."""
    keys(c, text)
    c.child.expect_exact(echoed)


def test_cursor_keys_edit_anywhere_in_the_line(sh):
    line, out = typed(sh, "ech wrld" + HOME + RIGHT * 3 + "o" + END + LEFT * 3 + "o")
    assert line == PROMPT + "echo world" and out == "world", (line, out)
    line, out = typed(sh, "cho x" + CTRL_A + "e" + CTRL["E"] + "y")
    assert line == PROMPT + "echo xy" and out == "xy", (line, out)
    # Backspace and Delete in the middle.
    line, out = typed(sh, "echo abXYc" + LEFT + "\x7f" + LEFT + DELETE)
    assert line == PROMPT + "echo abc" and out == "abc", (line, out)


def test_kill_keys_and_clear_screen(sh):
    line, out = typed(sh, "garbage here" + CTRL["U"] + "echo u")
    assert line == PROMPT + "echo u" and out == "u", (line, out)
    # Ctrl-U kills only what is before the cursor.
    line, out = typed(sh, "xx echo keep" + LEFT * 9 + CTRL["U"])
    assert line == PROMPT + "echo keep" and out == "keep", (line, out)
    line, out = typed(sh, "echo one two" + CTRL["W"] + "three")
    assert line == PROMPT + "echo one three" and out == "one three", (line, out)
    line, out = typed(sh, "echo keep drop" + LEFT * 5 + CTRL["K"])
    assert line == PROMPT + "echo keep" and out == "keep", (line, out)
    keys(sh, "echo cleared" + CTRL["L"])
    sh.child.expect_exact("\x1b[H\x1b[2J" + PROMPT + "echo cleared")
    line, out = enter(sh)
    assert out == "cleared", out


def test_lone_escape_does_not_eat_the_next_key(sh):
    line, out = typed(sh, "\x1becho esc")
    assert out == "esc", (line, out)
    # An unknown sequence is dropped whole, not typed into the line.
    line, out = typed(sh, "echo a\x1b[99zb")
    assert out == "ab", (line, out)


def test_history_recall_and_bang_bang(sh):
    typed(sh, "echo first")
    typed(sh, "echo second")
    line, out = typed(sh, UP + UP)
    assert line == PROMPT + "echo first" and out == "first", (line, out)
    # Up, Down brings back what was being typed.
    line, out = typed(sh, "echo draft" + UP + UP + DOWN + DOWN)
    assert line == PROMPT + "echo draft" and out == "draft", (line, out)
    line, out = typed(sh, "!!")
    assert out == "echo draft\ndraft", out
    hist = sh.run("history")
    rows = re.findall(r"^ +(\d+)  (.*)$", hist, re.M)
    assert [r[1] for r in rows[-4:]] == ["echo second", "echo first", "echo draft",
                                         "history"], hist
    n = [num for num, text in rows if text == "echo second"][-1]
    line, out = typed(sh, "!" + n)
    assert out == "echo second\nsecond", out
    assert "!9999: event not found" in typed(sh, "!9999")[1]


def test_history_keeps_the_last_32(sh):
    for i in range(40):
        sh.run("echo h%d" % i)
    rows = re.findall(r"^ +\d+  (.*)$", sh.run("history"), re.M)
    assert len(rows) == 32 and rows[-1] == "history" and rows[0] == "echo h9", rows


def test_tab_completes_a_path_three_levels_deep(sh):
    start(sh)
    tab(sh, "whyn\t", "ot ")
    tab(sh, "/ext\t", "ernal-bus")
    tab(sh, "\t", "/")          # the node has children: the next Tab adds the '/'
    tab(sh, "i\t", "2c@1,0")
    tab(sh, "/r\t", "tc@68 ")
    line, out = enter(sh)
    assert line == PROMPT + "whynot /external-bus/i2c@1,0/rtc@68", line
    assert out.startswith("/external-bus/i2c@1,0/rtc@68:") and "verdict: bound" in out, out


def test_tab_lists_candidates_on_the_second_press(sh):
    start(sh)
    tab(sh, "dt /amba/se\t", "rial@101f")
    keys(sh, "\t")
    sh.child.expect_exact(PROMPT + "dt /amba/serial@101f")
    listed = sh.child.before
    assert re.search(r"serial@101f1000 +serial@101f2000 +serial@101f3000", listed), listed
    keys(sh, "2\t")
    line, out = enter(sh)
    assert line == PROMPT + "dt /amba/serial@101f2000", line
    assert 'reg = <0x101f2000 0x1000>;' in out, out


def test_tab_completes_aliases_and_modules(sh):
    start(sh)
    tab(sh, "whynot i2\t", "c0")
    tab(sh, "\trt\t", "c@68 ")
    line, out = enter(sh)
    assert line == PROMPT + "whynot i2c0/rtc@68" and "verdict: bound" in out, (line, out)
    line, out = typed(sh, "modinfo ds\t")
    assert line == PROMPT + "modinfo ds1338" and "license:" in out, (line, out)
    line, out = typed(sh, "help whyn\t")
    assert line == PROMPT + "help whynot" and "example: whynot" in out, (line, out)
    # A completer that looks at the word before: dmesg -l LEVEL.
    line, out = typed(sh, "dmesg -\tcr\t")
    assert line == PROMPT + "dmesg -l crit", line
    line, out = typed(sh, "rmmod s\t")
    assert line == PROMPT + "rmmod smc91x" and "unloaded" in out, (line, out)
    assert "loaded" in sh.run("insmod smc91x")


def test_tab_completes_overlay_names(sh):
    # Subcommand, then a file from the initrd, then an applied overlay.
    line, out = typed(sh, "overlay ap\tuart2-d\t")
    assert line == PROMPT + "overlay apply uart2-disable" and "uart2-disable applied" in out, (line, out)
    line, out = typed(sh, "overlay rm u\t")
    assert line == PROMPT + "overlay rm uart2-disable" and "removed" in out, (line, out)


def test_ctrl_c_at_the_prompt_clears_the_line(sh):
    keys(sh, "echo never")
    sh.child.send("\x03")
    sh.child.expect_exact("^C")
    sh.child.expect_exact(PROMPT)
    assert "never" not in typed(sh, "echo next")[1]


def test_ctrl_c_stops_sleep(sh):
    sh.child.send("sleep 60\r")
    sh.child.expect_exact("sleep 60")
    time.sleep(0.5)
    start = time.monotonic()
    sh.child.send("\x03")
    sh.child.expect_exact(PROMPT, timeout=5)
    elapsed = time.monotonic() - start
    assert "^C" in sh.child.before
    assert elapsed < 0.5, elapsed       # wall time, generous
    # Typed ahead of the Ctrl-C is flushed with it; the shell is fine after.
    assert sh.run("echo alive") == "alive\n"


def test_ctrl_c_stops_a_long_dt(sh):
    # The tree prints faster than a test can react: Ctrl-C typed right
    # behind the Enter is there before the first node is printed.
    sh.child.send("dt\r\x03")
    sh.child.expect_exact(PROMPT, timeout=5)
    assert "^C" in sh.child.before
    # Far from the end of the tree: the last node was never printed.
    assert "flash@2,0" not in sh.child.before, sh.child.before
    sh.child.send("dmesg\r\x03")
    sh.child.expect_exact(PROMPT, timeout=5)
    assert "^C" in sh.child.before and "driver core:" not in sh.child.before, sh.child.before


def test_ctrl_c_stops_ping_with_iputils_statistics(sh):
    start(sh)
    sh.child.send("ping -c 100 10.0.2.2\r")
    sh.child.expect(r"icmp_seq=3 ttl=\d+ time=", timeout=10)
    sh.child.send("\x03")
    sh.child.expect_exact(PROMPT, timeout=5)
    text = "\n".join(render(sh.log.getvalue()))
    replies = [int(s) for s in re.findall(r"^64 bytes from 10\.0\.2\.2: icmp_seq=(\d+) ttl=\d+ "
                                          r"time=\d+\.\d{3} ms$", text, re.M)]
    assert replies[:3] == [1, 2, 3] and replies == list(range(1, len(replies) + 1)), text
    assert "^C" in text and "--- 10.0.2.2 ping statistics ---" in text, text
    m = re.search(r"^(\d+) packets transmitted, (\d+) received, 0% packet loss, time (\d+)ms$",
                  text, re.M)
    assert m and int(m.group(1)) == int(m.group(2)) == len(replies), text
    # One request a second: the run lasted about (n - 1) seconds.
    assert 900 * (len(replies) - 1) <= int(m.group(3)) < 1100 * len(replies), text
    m = re.search(r"^rtt min/avg/max/mdev = (\d+\.\d{3})/(\d+\.\d{3})/(\d+\.\d{3})/(\d+\.\d{3}) ms$",
                  text, re.M)
    assert m, text
    lo, avg, hi, mdev = (float(x) for x in m.groups())
    assert 0 < lo <= avg <= hi and 0 <= mdev <= hi - lo, text


def test_ping_interval_zero_and_decimal(sh):
    out = sh.run("ping -c 5 -i 0 10.0.2.2", timeout=20)
    assert "5 packets transmitted, 5 received, 0% packet loss" in out, out
    start = time.monotonic()
    out = sh.run("ping -c 3 -i 0.5 10.0.2.2", timeout=20)
    assert 0.9 < time.monotonic() - start, out
    assert "3 packets transmitted, 3 received" in out, out
    assert "bad option or value: -i x" in sh.run("ping -i x 10.0.2.2")


def test_a_2k_paste_is_refused_whole(sh):
    start(sh)
    sh.child.send("echo " + "x" * 2043 + "\r")
    sh.child.expect_exact("line too long: more than 1024 characters, refused (nothing ran)")
    sh.child.expect_exact(PROMPT)
    echoed, after = sh.log.getvalue().split("line too long")
    assert echoed.count("x") == 1024 - 5 and "x" not in after, sh.log.getvalue()
    assert sh.run("echo after") == "after\n"


def test_ctrl_u_clears_an_overlong_line(sh):
    start(sh)
    sh.child.send("echo " + "x" * 1100)
    sh.child.expect_exact("x" * 32)
    sh.child.send(CTRL["U"] + "echo fresh\r")
    sh.child.expect_exact(PROMPT)
    out = sh.child.before.replace("\r", "")
    assert "too long" not in out and "\nfresh\n" in out, out


def test_a_long_line_runs_whole(sh):
    # 300 characters: more than the old 255, which ran a cut line.
    word = "".join("%03d," % i for i in range(75))
    assert sh.run("echo " + word) == word + "\n"
    # Exactly 1024 characters are taken.
    word = "y" * (1024 - 5)
    assert sh.run("echo " + word) == word + "\n"


def test_many_arguments_are_kept_or_refused(sh):
    words = " ".join(str(i) for i in range(1, 41))
    assert sh.run("echo " + words) == words + "\n"
    out = sh.run("echo " + " ".join(str(i) for i in range(1, 70)))
    assert out == "too many arguments: at most 64 words in a line, refused (nothing ran)\n", out


def test_unknown_command_suggests(sh):
    assert sh.run("whynt") == "unknown command: whynt (did you mean whynot?)\n"
    assert sh.run("xyzzyplugh") == "unknown command: xyzzyplugh (try help)\n"


def test_help_by_topic_and_with_an_example(sh):
    out = sh.run("help")
    heads = re.findall(r"^(\S[^:]*):$", out, re.M)
    assert heads[:6] == ["device tree", "devices and drivers", "modules", "network", "time",
                         "system"], out
    dt = out.split("device tree:")[1].split("\n\n")[0]
    assert "whynot PATH|ALIAS" in dt and "ping" not in dt, out
    out = sh.run("help whynot")
    assert out.startswith("usage: whynot PATH|ALIAS\n") and "example: whynot /" in out, out


@pytest.mark.parametrize("cmd,columns", [
    ("devices", ["node", "device", "bus", "driver", "state"]),
    ("drivers", ["driver", "bus", "compatible"]),
    ("irqs", ["controller", "handler"]),
    ("lsmod", ["Module", "Address"]),
])
def test_tables_fit_their_longest_entry(sh, cmd, columns):
    out = sh.run(cmd)
    rows = [l for l in out.splitlines() if l and not re.match(r"^\d+ bound|^spurious", l)]
    head = rows[0]
    starts = [head.index(c) for c in columns]
    # Every left-aligned column starts where its heading does, in every row.
    for row in rows[1:]:
        for s in starts:
            assert (s == 0 or row[s - 1] == " ") and row[s] != " ", (cmd, head, row)


def test_dmesg_levels(sh):
    out = sh.run("dmesg -l warn,err")
    full = sh.run("dmesg")
    assert len(out) < len(full)
    assert "console [ttyAMA0] enabled" not in out and "console [ttyAMA0] enabled" in full
    assert "unknown level in 'loud'" in sh.run("dmesg -l loud")


def test_quiet_boot_keeps_the_log(boot):
    c = boot(append="console=ttyAMA0,115200 quiet")
    assert "of: unflattened" not in c.boot_log, c.boot_log
    assert "of: unflattened" in c.run("dmesg")
    c = boot(append="console=ttyAMA0,115200 loglevel=3")
    assert "init:" not in c.boot_log and "of: unflattened" in c.run("dmesg -l info")


def test_typed_ahead_paste_during_sleep_all_runs(boot):
    """300 lines pasted while `sleep 3` runs: the 1 KiB ring fills, the
    driver masks its receive interrupt instead of dropping, QEMU holds the
    rest, and every line runs."""
    c = boot()
    c.child.delaybeforesend = None
    c.child.send("sleep 3\r")
    c.child.expect_exact("sleep 3")
    log = io.StringIO()
    c.child.logfile_read = log
    c.child.send("".join("echo line-%03d\r" % i for i in range(300)))
    c.child.expect_exact("\nline-299", timeout=60)
    c.child.expect_exact(PROMPT)
    ran = re.findall(r"^line-(\d{3})$", log.getvalue().replace("\r", ""), re.M)
    assert [int(n) for n in ran] == list(range(300)), ran
    m = re.search(r"^ttyAMA0 .* (\d+) +(\d+) +(\d+) +yes$", c.run("ttys"), re.M)
    assert m, c.run("ttys")
    errors, overruns, throttled = (int(x) for x in m.groups())
    assert errors == 0 and overruns == 0 and throttled >= 1, m.group(0)


@pytest.mark.parametrize("name,edit", [
    ("no-stdout-path", "/ { chosen { /delete-property/ stdout-path; /delete-property/ bootargs; }; };"),
    ("serial0-a-timer", "/ { chosen { /delete-property/ bootargs; }; "
                        "aliases { serial0 = \"/amba/timer@101e2000\"; }; };"),
])
def test_console_hears_when_nothing_names_it(boot, name, edit):
    """The console comes from the built-in blob (or stays the boot console):
    keys must still reach the shell, not a ring nobody reads."""
    dtb = compile_dts(board_dts_source() + "\n" + edit + "\n", "shell-" + name)
    c = boot(dtb=dtb)
    c.child.delaybeforesend = None
    assert c.run("echo heard", timeout=10) == "heard\n"
    assert re.search(r"^ttyAMA\d+ +101f1000\.serial .* yes$", c.run("ttys"), re.M)


def test_gpio_without_controllers_says_where_they_would_come_from(coyote):
    """`gpio` on a kernel without a GPIO driver names the tree's
    controllers no driver serves and the lab that writes one (it once
    said only "no GPIO controllers")."""
    out = coyote.run("gpio")
    assert out.startswith("no GPIO controllers registered"), out
    for addr in ("101e4000", "101e5000", "101e6000", "101e7000"):
        assert re.search(r"^  /amba/gpio@%s +arm,pl061$" % addr, out, re.M), out
    assert "lab 5 writes the PL061's on versatilepb (docs/labs/lab5/README.md)" in out, out
    assert "on QEMU's virt board (make run BOARD=virt)" in out, out


def test_console_reason_for_a_bus_without_size_cells(boot):
    """#size-cells = <0> on the UARTs' bus: reg has no size, and the
    console's reason says so (it used to claim "beyond 4 GiB").  The console
    lands on the UART outside that bus, QEMU's fourth serial port."""
    dtb = compile_dts(board_dts_source() + "\n/ { amba { #size-cells = <0>; }; };\n",
                      "console-size-cells-0")
    c = boot(dtb=dtb, extra=["-serial", "null"] * 3 + ["-serial", "mon:stdio"])
    assert ("stdout-path: reg of serial@101f1000 gives no size (#size-cells = <0> on its "
            "bus?): no window to map") in c.boot_log, c.boot_log
    assert "beyond 4 GiB" not in c.boot_log, c.boot_log
