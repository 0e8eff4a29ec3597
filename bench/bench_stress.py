"""Stress of ``footfall serve`` (issue 10, item 4): half-open connections and a chunk flood.

Not a test (tests/api/test_server.py has the fast versions): it starts ``footfall serve`` in a
child process on a free loopback port and, while a probe thread asks ``GET /api/health`` every
50 ms on its own connection, runs two attacks one after the other:

- **half-open**: `--connections` (2,000) connections each send half a request's headers and
  wait; the server closes each after ``header_seconds`` (10 s);
- **chunk flood**: one request whose chunked body is `--chunks` (1,000,000) one-byte chunks,
  sent as fast as loopback takes them; the server answers 413 after ``body_chunks`` (10,000)
  pieces and closes the connection.

It prints one table: per attack, the health checks' latency (p50, p99, max), how many failed,
the server's descriptors and resident memory at the peak and after, and what the attack saw.

    python bench/bench_stress.py                       # both attacks, 1 worker
    python bench/bench_stress.py --fd-limit 1024       # the server with 1,024 descriptors

With ``--fd-limit`` below the connections, the server runs out of descriptors: asyncio's
accept loop logs the error and stops accepting for a second, connections wait in the listen
backlog, and accepting resumes as descriptors are freed (docs/deploy.md).
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.server import (  # the tests' own server helpers (tests/api/test_memory.py)
    cpu_seconds,
    descriptors,
    free_port,
    health,
    rss_kib,
    start_server,
    stop_server,
)


class Probe(threading.Thread):
    """Ask for ``/api/health`` every 50 ms, recording each latency and failure."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.latencies: list[float] = []
        self.failures: list[str] = []
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            start = time.perf_counter()
            try:
                status = health(self.port)
                if status != 200:
                    self.failures.append(str(status))
            except OSError as exc:
                self.failures.append(type(exc).__name__)
            self.latencies.append(1000 * (time.perf_counter() - start))
            self.stopped.wait(0.05)

    def report(self) -> dict[str, Any]:
        lat = sorted(self.latencies) or [0.0]
        return {
            "checks": len(self.latencies),
            "p50_ms": round(statistics.median(lat), 1),
            "p99_ms": round(lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1),
            "max_ms": round(lat[-1], 1),
            "failed": len(self.failures),
            "why": ", ".join(f"{n} {k}" for k, n in Counter(self.failures).most_common(3)),
        }


def half_open(port: int, pid: int, count: int, hold: float) -> dict[str, Any]:
    """Open `count` connections sending half a request's headers; wait `hold` s."""
    socks: list[socket.socket] = []
    refused = 0
    for _ in range(count):
        s = socket.socket()
        s.settimeout(5)
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(b"POST /api/reach HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le")
            socks.append(s)
        except OSError:
            refused += 1
            s.close()
    peak_fds = descriptors(pid)
    peak_rss = rss_kib(pid)
    time.sleep(hold)
    closed = 0
    for s in socks:
        s.setblocking(False)
        try:
            if s.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
        s.close()
    return {
        "attack": f"{count} half-open connections, held {hold:.0f} s",
        "seen": f"{len(socks)} opened, {refused} refused, {closed} closed by the server",
        "peak_fds": peak_fds,
        "peak_rss_kib": peak_rss,
    }


def chunk_flood(port: int, pid: int, chunks: int) -> dict[str, Any]:
    """Send one request whose body is `chunks` one-byte chunks; return what came back."""
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    s.sendall(
        b"POST /api/reach HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        b"transfer-encoding: chunked\r\n\r\n"
    )
    batch = b"1\r\n \r\n" * 10_000
    sent = 0
    start = time.perf_counter()
    try:
        while sent < chunks:
            s.sendall(batch)
            sent += 10_000
        s.sendall(b"0\r\n\r\n")
    except OSError:
        pass  # the server closed the connection
    answer = b""
    try:
        s.settimeout(30)
        while True:
            part = s.recv(65536)
            if not part:
                break
            answer += part
    except OSError:
        pass
    took = time.perf_counter() - start
    s.close()
    status = answer.split(b"\r\n", 1)[0].decode("latin-1") if answer else "no answer"
    return {
        "attack": f"{chunks} one-byte chunks in one body",
        "seen": f"{sent} chunks sent in {took:.1f} s; answer: {status}",
        "peak_fds": descriptors(pid),
        "peak_rss_kib": rss_kib(pid),
    }


def attack(port: int, pid: int, name: str, run: Any) -> dict[str, Any]:
    """Run one attack with the health probe beside it; add the probe's figures."""
    probe = Probe(port)
    cpu = cpu_seconds(pid)
    probe.start()
    out: dict[str, Any] = run()
    out["cpu_ms"] = round(1000 * (cpu_seconds(pid) - cpu))
    probe.stopped.set()
    probe.join()
    time.sleep(1)
    out.update(probe.report())
    out["after_fds"] = descriptors(pid)
    out["after_rss_kib"] = rss_kib(pid)
    out["name"] = name
    return out


def main() -> None:
    """Start the server, run both attacks, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=2000)
    parser.add_argument("--hold", type=float, default=12.0, help="s to hold them (> 10 s)")
    parser.add_argument("--chunks", type=int, default=1_000_000)
    parser.add_argument("--settle", type=float, default=8.0, help="s to wait after start")
    parser.add_argument("--fd-limit", type=int, default=None, help="the server's descriptors")
    args = parser.parse_args()
    port = free_port()
    server = start_server(port, fd_limit=args.fd_limit)
    time.sleep(args.settle)  # the compiled kernel loads beside the first requests
    try:
        before = {"fds": descriptors(server.pid), "rss": rss_kib(server.pid)}
        rows = [
            attack(port, server.pid, "half-open",
                   lambda: half_open(port, server.pid, args.connections, args.hold)),
            attack(port, server.pid, "chunk flood",
                   lambda: chunk_flood(port, server.pid, args.chunks)),
        ]  # fmt: skip
    finally:
        stop_server(server, 20)
    limit = args.fd_limit or resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    print(f"server before: {before['fds']} descriptors (limit {limit}), {before['rss']} KiB RSS")
    print(f"load average: {os.getloadavg()[0]:.1f}")
    head = "| attack | health checks | p50 ms | p99 ms | max ms | failed | server CPU ms"
    print(head + " | peak fds | fds after | peak RSS KiB | RSS after KiB | seen |")
    print("|" + " --- |" * 12)
    for r in rows:
        print(
            f"| {r['attack']} | {r['checks']} | {r['p50_ms']} | {r['p99_ms']} | {r['max_ms']} "
            f"| {r['failed']} {r['why']} | {r['cpu_ms']} | {r['peak_fds']} | {r['after_fds']} "
            f"| {r['peak_rss_kib']} | {r['after_rss_kib']} | {r['seen']} |"
        )


if __name__ == "__main__":
    main()
