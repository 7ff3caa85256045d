# SPDX-License-Identifier: BSD-2-Clause
"""A peer on the guest's wire (QEMU's UDP socket netdev) and the frames it
sends: used by tests/qemu/test_net.py, test_harden.py and the network
bench."""
import re
import struct

from coyote.qemu import free_udp_port


def csum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def ifconfig_mac(out):
    m = re.search(r"^eth0: HWaddr ([0-9a-f:]{17}) UP$", out, re.M)
    assert m, out
    return m.group(1)


PEER_MAC = bytes.fromhex("02aabbccddee")
PEER_IP = bytes([10, 0, 2, 77])
GUEST_IP = bytes([10, 0, 2, 15])


class Peer:
    def __init__(self):
        import socket
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.qemu_port = free_udp_port()
        self.sock.settimeout(5)

    def args(self):
        return ["-netdev", "socket,id=n0,udp=127.0.0.1:%d,localaddr=127.0.0.1:%d"
                % (self.port, self.qemu_port),
                "-net", "nic,model=smc91c111,netdev=n0"]

    def send(self, frame):
        self.sock.sendto(frame, ("127.0.0.1", self.qemu_port))

    def recv(self, want, what):
        """The first frame for which want(frame) holds (5 s at most)."""
        import socket
        seen = []
        try:
            while True:
                f, _ = self.sock.recvfrom(4096)
                if want(f):
                    return f
                seen.append(f.hex())
        except socket.timeout:
            raise AssertionError("no %s from the guest; saw %s" % (what, seen))

    def close(self):
        self.sock.close()


def eth(dst, etype, payload):
    return dst + PEER_MAC + struct.pack("!H", etype) + payload


def ipv4(payload, proto=1, flags=0x4000, bad_csum=False):
    hdr = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), 7, flags, 64,
                                proto, 0, PEER_IP, GUEST_IP))
    struct.pack_into("!H", hdr, 10, csum(bytes(hdr)) ^ (1 if bad_csum else 0))
    return bytes(hdr) + payload


def echo_request(ident, seq, data):
    icmp = bytearray(struct.pack("!BBHHH", 8, 0, 0, ident, seq) + data)
    struct.pack_into("!H", icmp, 2, csum(bytes(icmp)))
    return bytes(icmp)
