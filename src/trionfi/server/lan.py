"""This machine's address on its local network, for links a friend's phone on the same network can open.

A server started with ``--host 0.0.0.0`` is reached from other devices by this address, but a person who opens
its lobby on the machine itself types 127.0.0.1, and links made from that would open nowhere else.
"""

from __future__ import annotations

import ipaddress
import socket

# A UDP "connection" sends nothing: it only asks the system which of its addresses would carry traffic towards
# a network address (here a private one, so that a machine whose only route is its local network answers too).
PROBE = ("10.255.255.255", 1)


def lan_address() -> str | None:
    """The machine's IPv4 address that faces its network, or None (no network, or only loopback)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    return None if ip.is_loopback or ip.is_unspecified else address


def is_loopback(host: str | None) -> bool:
    """Whether a request's host name is this machine's own (127.x.x.x, ::1, localhost)."""
    if not host:
        return False
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
