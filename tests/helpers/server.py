"""A real ``footfall serve`` in a child process, and what it holds: memory, descriptors, CPU.

Shared by the tests that need a real server (tests/api/test_memory.py, test_balance.py) and
the benchmarks (bench/bench_load.py, bench/bench_stress.py import it as ``helpers.server``
with ``tests`` on ``sys.path``). Linux: the figures are read from ``/proc``. Standard library
only, so that a benchmark needs nothing the tests do not.
"""

from __future__ import annotations

import http.client
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

__all__ = [
    "cpu_by_pid",
    "cpu_seconds",
    "descriptors",
    "free_port",
    "health",
    "rss_kib",
    "serving",
    "start_server",
    "stop_server",
    "workers_of",
]


def free_port() -> int:
    """Return a loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    """Return the resident memory of process `pid`, in KiB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def descriptors(pid: int) -> int:
    """Return how many file descriptors process `pid` holds (-1 when it is gone)."""
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def workers_of(pid: int) -> list[int]:
    """Return the worker processes of the server `pid`: its children started by uvicorn's
    supervisor (``spawn_main``), not multiprocessing's resource tracker."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            kids = (task / "children").read_text().split()
        except OSError:
            continue
        for child in kids:
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in command:
                found.append(int(child))
    return sorted(found)


def cpu_by_pid(pid: int) -> dict[int, float]:
    """Return the CPU time (user + system, s) used so far by `pid` and by each of its workers."""
    times: dict[int, float] = {}
    for p in [pid, *workers_of(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        times[p] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return times


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user + system, s) used so far by `pid` and its workers."""
    return sum(cpu_by_pid(pid).values())


def health(port: int, timeout: float = 5) -> int:
    """Ask ``GET /api/health`` on a new connection; return the status."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/api/health")
        return conn.getresponse().status
    finally:
        conn.close()


def start_server(
    port: int,
    workers: int = 1,
    fd_limit: int | None = None,
    stderr: int | IO[bytes] | None = subprocess.DEVNULL,
    extra: Sequence[str] = (),
    seconds: float = 60,
    env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """Start ``footfall serve --workers N`` on loopback `port`; return once it answers.

    `fd_limit` bounds the server's descriptors (``RLIMIT_NOFILE``); `extra` adds options;
    `env` adds environment variables.
    """

    def limit() -> None:
        if fd_limit is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (fd_limit, fd_limit))

    cmd = [sys.executable, "-m", "footfall", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--workers", str(workers), *extra]
    environ = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    server = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=stderr, preexec_fn=limit, env=environ
    )
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if health(port, timeout=1) == 200:
                return server
        except OSError:
            pass
        if server.poll() is not None:
            break
        time.sleep(0.1)
    stop_server(server)
    raise RuntimeError(f"footfall serve did not start on port {port}")


def stop_server(server: subprocess.Popen[bytes], seconds: float = 30) -> None:
    """End `server` with SIGTERM (its graceful shutdown), killing it after `seconds`."""
    server.terminate()
    try:
        server.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@contextmanager
def serving(
    workers: int = 1, fd_limit: int | None = None, env: dict[str, str] | None = None
) -> Iterator[tuple[int, int]]:
    """Run ``footfall serve --workers N`` on a free port for the block: (port, pid)."""
    port = free_port()
    server = start_server(port, workers, fd_limit, env=env)
    try:
        yield port, server.pid
    finally:
        stop_server(server)
