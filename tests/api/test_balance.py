"""Issue 10, item 8: ``footfall serve --workers 2`` spreads connections over its workers.

With one listening socket shared by all workers, the worker that woke first accepted every
waiting connection: 8 kept-alive connections opened together all went to one worker, which did
99 % of the work while the other idled (docs/benchmarks-api.md). Each worker now listens on a
socket of its own (``SO_REUSEPORT``, `footfall.api.serving.own_listener`) and the kernel
spreads new connections over them. Linux only (elsewhere the workers share one socket).
"""

from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path

import pytest

from footfall.api.serving import REUSE_PORT
from helpers.server import serving, workers_of

pytestmark = pytest.mark.skipif(not REUSE_PORT, reason="SO_REUSEPORT balances on Linux only")

#: Connections opened at once: the chance that the kernel's hash gives either of two workers
#: none of them is 2 / 2**16.
CONNECTIONS = 16


def _socket_inodes(pid: int) -> set[str]:
    """Return the inodes of the sockets process `pid` holds."""
    found = set()
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{name}")
        except OSError:
            continue
        if link.startswith("socket:["):
            found.add(link[8:-1])
    return found


def _listening(port: int) -> set[str]:
    """Return the inodes of the TCP sockets listening on loopback `port` (``/proc/net/tcp``)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, state, inode = fields[1], fields[3], fields[9]
        if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port:
            found.add(inode)
    return found


def _both_up(port: int, pid: int, seconds: float = 120) -> list[int]:
    """Wait until the server `pid` has two workers and two sockets listen; return the workers."""
    deadline = time.monotonic() + seconds
    while len(workers_of(pid)) < 2 or len(_listening(port)) < 2:
        assert time.monotonic() < deadline, "two workers did not start listening"
        time.sleep(0.2)
    time.sleep(0.5)  # the health checks' connections are closed
    return workers_of(pid)


def test_each_worker_listens_on_a_socket_of_its_own() -> None:
    """Two workers: two listening sockets on the port, one in each worker, none in the parent."""
    with serving(workers=2) as (port, pid):
        workers = _both_up(port, pid)
        assert len(workers) == 2
        listening = _listening(port)
        assert len(listening) == 2
        for worker in workers:
            assert len(listening & _socket_inodes(worker)) == 1
        assert not listening & _socket_inodes(pid)


def test_connections_opened_together_reach_both_workers() -> None:
    """16 connections opened at once: each of two workers accepts some of them."""
    with serving(workers=2) as (port, pid):
        workers = _both_up(port, pid)
        before = {w: len(_socket_inodes(w)) for w in workers}
        conns = []
        try:
            for _ in range(CONNECTIONS):
                conns.append(socket.create_connection(("127.0.0.1", port), timeout=10))
            deadline = time.monotonic() + 60  # a loaded machine's workers accept late
            while True:
                held = {w: len(_socket_inodes(w)) - before[w] for w in workers}
                if sum(held.values()) >= CONNECTIONS or time.monotonic() > deadline:
                    break
                time.sleep(0.1)
        finally:
            for conn in conns:
                conn.close()
        assert sum(held.values()) >= CONNECTIONS, held
        assert min(held.values()) >= 1, held


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
