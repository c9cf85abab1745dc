"""Free loopback ports for the servers the tests and benches start.

A port bound to 0 comes from the kernel's ephemeral range, the same range every outgoing connection
takes its local port from: between the probe's release and the server's bind, a test's own client
connection can take it, and the server then fails with EADDRINUSE. Ports below that range are never
handed to outgoing connections, so they are picked there, at random, each checked by a bind, and never
one this process handed out before.
"""
import random
import socket

_handed_out = set()


def _ephemeral_low():
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port(host="127.0.0.1"):
    high = max(_ephemeral_low(), 12000)
    for _ in range(256):
        port = random.randrange(10000, high)
        if port in _handed_out:
            continue
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise OSError("no free loopback port below the ephemeral range")
