#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""Network figures for each board's NIC: ping round trip and bulk throughput.

For each NIC (the SMC91C111 on versatilepb, the LAN9118 on vexpress-a9,
virtio-net on virt with the legacy and the 1.0 transport):

  rtt   `ping -i 0 -c N 10.0.2.2` over QEMU's user network, as `make run`:
        the guest's own min/avg/max and the run's wall time per reply;
  bulk  this script as a peer on QEMU's UDP socket netdev: echo requests
        of 1400 bytes of data, W in flight, answered by the guest's stack
        from its receive interrupt; ICMP data bytes per second each way
        (and frames lost, which the window resends nothing for).

A benchmark that prints figures (`make bench-net`), never a test.

Usage: scripts/bench/net-bench.py [PINGS [BULK_FRAMES [WINDOW]]]
       (default 200 2000 4)
"""
import re
import socket
import struct
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
from coyote.net import (GUEST_IP, PEER_IP, PEER_MAC, Peer, echo_request, eth, ifconfig_mac,
                        ipv4)
from coyote.qemu import BOARD_CPUS, BUILD, Coyote

PAYLOAD = 1400

# name, machine, how the NIC is attached to netdev n0, extra QEMU options
NICS = [
    ("SMC91C111", "versatilepb", ["-net", "nic,model=smc91c111,netdev=n0"], []),
    ("LAN9118", "vexpress-a9", ["-net", "nic,model=lan9118,netdev=n0"], []),
    ("virtio-net v1", "virt", ["-device", "virtio-net-device,netdev=n0"], []),
    ("virtio-net v2", "virt", ["-device", "virtio-net-device,netdev=n0"],
     ["-global", "virtio-mmio.force-legacy=false"]),
]


def boot(machine, extra):
    """@machine on its own tree (virt: QEMU's) with @extra."""
    if machine in BOARD_CPUS:
        return Coyote(machine=machine, extra=extra)
    return Coyote(machine=machine, dtb=BUILD / "dts" / (machine + ".dtb"), extra=extra)


def rtt(machine, nic, extra, n):
    with boot(machine, ["-netdev", "user,id=n0,restrict=on"] + nic + extra) as c:
        out = c.run("ping -i 0 -c %d 10.0.2.2" % n, timeout=30 + n)
    m = re.search(r"(\d+) packets transmitted, (\d+) received, .* time (\d+)ms", out)
    r = re.search(r"rtt min/avg/max/mdev = ([\d.]+)/([\d.]+)/([\d.]+)/", out)
    if not m or not r:
        return "ping failed: %s" % out.strip().splitlines()[-1:]
    return "rtt min/avg/max %s/%s/%s ms, %d/%d answered, %.3f ms per reply (wall)" % (
        r.group(1), r.group(2), r.group(3), int(m.group(2)), n, int(m.group(3)) / n)


def bulk(machine, nic, extra, frames, window):
    peer = Peer()
    netdev = ["-netdev", "socket,id=n0,udp=127.0.0.1:%d,localaddr=127.0.0.1:%d"
              % (peer.port, peer.qemu_port)]
    try:
        with boot(machine, netdev + nic + extra) as c:
            guest = bytes.fromhex(ifconfig_mac(c.run("ifconfig")).replace(":", ""))
            # The guest learns the peer from its ARP request.
            peer.send(eth(b"\xff" * 6, 0x0806, struct.pack(
                "!HHBBH6s4s6s4s", 1, 0x0800, 6, 4, 1, PEER_MAC, PEER_IP, b"\0" * 6, GUEST_IP)))
            peer.recv(lambda f: f[12:14] == b"\x08\x06", "ARP reply")
            data = bytes(i & 0xff for i in range(PAYLOAD))
            pkts = [eth(guest, 0x0800, ipv4(echo_request(0x4242, s & 0xffff, data)))
                    for s in range(frames)]
            peer.sock.settimeout(0.5)
            sent = got = lost = 0
            t0 = time.monotonic()
            while got + lost < frames:
                while sent < frames and sent - got - lost < window:
                    peer.send(pkts[sent])
                    sent += 1
                try:
                    f, _ = peer.sock.recvfrom(4096)
                except socket.timeout:
                    lost += sent - got - lost      # the window's frames are gone
                    continue
                if f[12:14] == b"\x08\x00" and len(f) > 34 and f[34] == 0:
                    got += 1
            secs = time.monotonic() - t0
    finally:
        peer.close()
    return "bulk %d x %d data bytes, window %d: %.2f MB/s each way, %d frames/s, %d lost" % (
        frames, PAYLOAD, window, got * PAYLOAD / secs / 1e6, got / secs, lost)


def main():
    pings = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    window = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    print("network figures per NIC (QEMU user net for ping, a UDP socket peer for bulk)")
    for name, machine, nic, extra in NICS:
        print("%-14s %-12s %s" % (name, machine, rtt(machine, nic, extra, pings)))
        print("%-14s %-12s %s" % (name, machine, bulk(machine, nic, extra, frames, window)))


if __name__ == "__main__":
    main()
