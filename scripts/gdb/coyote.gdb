# SPDX-License-Identifier: BSD-2-Clause
# gdb-multiarch script for coyote, used by `make debug` and tests/gdb.
# The caller has loaded build/kernel.elf and connected to QEMU's stub.
set pagination off
set confirm off
set print pretty on

# The Python helpers (scripts/gdb/coyote.py): coyote-dt, coyote-devices,
# coyote-drivers, coyote-dmesg, coyote-break-probe, and lsmod, modsyms.  Found next to the
# source tree of the loaded kernel.elf (build/kernel.elf, build/lab3/...),
# or in the current directory.
python
import os, sys
def _coyote_gdb_dir():
    d = os.path.dirname(os.path.abspath(gdb.current_progspace().filename or "."))
    for _ in range(4):
        if os.path.isfile(os.path.join(d, "scripts", "gdb", "coyote.py")):
            return os.path.join(d, "scripts", "gdb")
        d = os.path.dirname(d)
    return os.path.abspath(os.path.join("scripts", "gdb"))
sys.path.insert(0, _coyote_gdb_dir())
import coyote
# lsmod, modsyms: loadable modules (scripts/gdb/modules.py, docs/modules.md).
gdb.execute("source " + os.path.join(_coyote_gdb_dir(), "modules.py"))
end

# Stop at the first instruction of start_kernel: r0 = 0, r1 = machine id,
# r2 = the DTB address (its first word reads 0xd00dfeed big-endian).
break *start_kernel
continue

# dmesg: print the kernel log ring (kernel/printk.c) from the target.
define dmesg
	set $i = log_first
	while $i != log_next
		set $c = log_buf[$i & (sizeof(log_buf) - 1)]
		if $c != 1
			printf "%c", $c
		else
			set $i = $i + 1
		end
		set $i = $i + 1
	end
end
document dmesg
Print the kernel log ring buffer (what the shell's dmesg prints).
end

echo \ncoyote: stopped at start_kernel(r0, machid, dtb); `dmesg` prints the log.\n
printf "coyote: r1 (machine id) = %#x, r2 (dtb) = %#x\n", $r1, $r2
