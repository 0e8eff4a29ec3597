"""Load benchmark of the HTTP API (``footfall serve``) over loopback: health, a sample's reach,
a 100x100 reach.

Not a test: it starts ``footfall serve --workers N`` (the real server: queries in threads, the
Host allow-list, the timeouts) in a child process on a free loopback port, drives it with a
bounded async load generator (httpx, a fixed number of requests, a fixed concurrency, and a
time cap), and reports requests per second, latency percentiles and the server's resident
memory sampled as the run goes (to show it stays flat).

    python bench/bench_load.py                      # 10,000 requests, 4 in flight, 1 worker
    python bench/bench_load.py --requests 2000 --concurrency 8 --workers 2
    python bench/bench_load.py --query health      # or sample (the pf1e sample's reach)
    python bench/bench_load.py --table             # every query, 1 and 2 workers: one table

Targets (issue 10): 100x100 60-ft reach at 500 requests/s with p99 under 50 ms on 2 cores;
memory flat over 10,000 requests. Results and the machine are in docs/benchmarks-api.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.server import (  # the tests' own server helpers (tests/api/test_memory.py)
    cpu_by_pid,
    free_port,
    rss_kib,
    start_server,
    stop_server,
    workers_of,
)


def scene_100(seed: int = 6) -> dict[str, Any]:
    """Build a 100x100 pf1e scene: 70 % open, 20 % difficult, 10 % walls; a few creatures."""
    rng = random.Random(seed)
    rows = []
    for _y in range(100):
        row = "".join(rng.choices(".^#", weights=(70, 20, 10), k=100))
        rows.append(row)
    creatures = []
    spots = [(50, 50, "fighter", "party", "medium"), (53, 47, "ogre", "foes", "large")]
    spots += [(40 + 3 * i, 60, f"goblin{i}", "foes", "small") for i in range(4)]
    for x, y, cid, side, size in spots:
        span = 2 if size == "large" else 1
        for yy in range(y, y + span):
            rows[yy] = rows[yy][:x] + "." * span + rows[yy][x + span :]
        creatures.append({"id": cid, "at": [x, y], "size": size, "side": side, "speed": 30})
    return {"footfall": 1, "system": "pf1e", "map": rows, "creatures": creatures}


def _rss_all(pid: int) -> int:
    """Resident memory of the server `pid` and its workers, in KiB."""
    return sum(rss_kib(p) for p in [pid, *workers_of(pid)])


async def _request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   raw: bytes) -> int:  # fmt: skip
    """Send one pre-encoded HTTP/1.1 request on a kept-alive connection; return the status."""
    writer.write(raw)
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head[9:12])
    length = 0
    for line in head.split(b"\r\n"):
        if line[:15].lower() == b"content-length:":
            length = int(line[15:])
    await reader.readexactly(length)
    return status


async def _run(port: int, raw: bytes, requests: int, concurrency: int, max_seconds: float,
               server_pid: int) -> dict[str, Any]:  # fmt: skip
    """Drive the server: `concurrency` keep-alive connections, `requests` requests in all.

    A minimal HTTP/1.1 client on asyncio streams (the request is encoded once), so that the
    load generator spends as little of the two shared cores as possible on itself.
    """
    latencies: list[float] = []
    errors = 0
    memory: list[tuple[int, int]] = []
    sent = 0
    deadline = time.perf_counter() + max_seconds

    async def worker() -> None:
        nonlocal sent, errors
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while sent < requests and time.perf_counter() < deadline:
                sent += 1
                t0 = time.perf_counter()
                status = await _request(reader, writer, raw)
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    errors += 1
                done = len(latencies)
                if done % 1000 == 0:
                    memory.append((done, _rss_all(server_pid)))
        finally:
            writer.close()

    start = time.perf_counter()
    cpu_start = cpu_by_pid(server_pid)
    client_start = time.process_time()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.perf_counter() - start
    client = time.process_time() - client_start
    cpu_end = cpu_by_pid(server_pid)
    cpu = sum(cpu_end.values()) - sum(cpu_start.values())
    workers = workers_of(server_pid) or [server_pid]
    per_worker = sorted(
        (cpu_end.get(w, 0.0) - cpu_start.get(w, 0.0) for w in workers), reverse=True
    )
    latencies.sort()

    def pct(p: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))]

    return {
        "requests": len(latencies),
        "errors": errors,
        "seconds": round(elapsed, 2),
        "rps": round(len(latencies) / elapsed, 1),
        "p50_ms": round(pct(50), 2),
        "p90_ms": round(pct(90), 2),
        "p99_ms": round(pct(99), 2),
        "max_ms": round(1000 * latencies[-1], 2),
        "mean_ms": round(1000 * statistics.fmean(latencies), 2),
        # Server CPU per request: robust when other processes share the cores; the capacity
        # of N cores given to the server is N / this.
        "server_cpu_ms_per_request": round(1000 * cpu / max(len(latencies), 1), 3),
        # The load generator's own CPU (this process), and each worker's share of the
        # server's: one worker doing all the work shows as [1.0, 0.0].
        "client_cpu_ms_per_request": round(1000 * client / max(len(latencies), 1), 3),
        "worker_shares": [round(c / max(sum(per_worker), 1e-9), 2) for c in per_worker],
        "load_average": os.getloadavg()[0],
        "rss_kib": memory,
    }


SCENES = {
    "reach100": "POST /api/reach, 100x100 pf1e, 70% open / 20% difficult / 10% walls",
    "sample": "POST /api/reach, the pf1e-ogre-bridge sample",
    "health": "GET /api/health",
}


def _query(url: str, query: str, action: str) -> tuple[bytes, int, bytes]:
    """Return the raw request of `query`, its reachable squares (0: none) and its body."""
    if query == "health":
        return b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 0, b""
    if query == "sample":
        scene = httpx.get(f"{url}/api/scenes/pf1e-ogre-bridge", timeout=60).json()
        data = {"scene": scene, "mover": "ogre"}
    else:
        data = {"scene": scene_100(), "mover": "fighter", "action": action}
    body = json.dumps(data).encode()
    probe = httpx.post(f"{url}/api/reach", content=body,
                       headers={"content-type": "application/json"}, timeout=60)  # fmt: skip
    probe.raise_for_status()
    raw = (
        b"POST /api/reach HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
    ) + body
    return raw, len(probe.json()["squares"]), body


def measure(query: str, workers: int, requests: int, concurrency: int, action: str = "double-move",
            warmup: int = 300, max_seconds: float = 120.0) -> dict[str, Any]:  # fmt: skip
    """Start ``footfall serve --workers N``, warm it up, run the bounded load; the report."""
    port = free_port()
    server = start_server(port, workers, seconds=120)
    url = f"http://127.0.0.1:{port}"
    try:
        raw, squares, body = _query(url, query, action)
        asyncio.run(_run(port, raw, warmup, concurrency, 60, server.pid))
        report = asyncio.run(_run(port, raw, requests, concurrency, max_seconds, server.pid))
        return {
            "query": query,
            "scene": SCENES[query],
            "action": action,
            "reachable_squares": squares,
            "body_bytes": len(body),
            "workers": workers,
            "concurrency": concurrency,
            "cpus": os.cpu_count(),
            **report,
        }
    finally:
        stop_server(server, 10)


#: The runs of ``--table``: (query, workers, connections).
TABLE = [
    ("health", 1, 4), ("health", 2, 8),
    ("sample", 1, 4), ("sample", 2, 8),
    ("reach100", 1, 4), ("reach100", 2, 8),
]  # fmt: skip


def table(requests: int) -> None:
    """Run every case of `TABLE` with `requests` requests; print one Markdown table."""
    print(f"{os.cpu_count()} CPUs; load average before: {os.getloadavg()[0]:.1f}")
    print("| query | workers | connections | requests | errors | req/s | p50 ms | p99 ms "
          "| server CPU ms/req | generator CPU ms/req | workers' shares | load avg "
          "| RSS first -> last 1k (KiB) |")  # fmt: skip
    print("|" + " --- |" * 13)
    for query, workers, connections in TABLE:
        r = measure(query, workers, requests, connections)
        rss = r["rss_kib"]
        memory = f"{rss[0][1]:,} -> {rss[-1][1]:,}" if rss else "-"
        shares = " / ".join(f"{share:.2f}" for share in r["worker_shares"])
        print(f"| {query} | {workers} | {connections} | {r['requests']:,} | {r['errors']} "
              f"| {r['rps']:.0f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} "
              f"| {r['server_cpu_ms_per_request']:.2f} | {r['client_cpu_ms_per_request']:.2f} "
              f"| {shares} | {r['load_average']:.1f} | {memory} |", flush=True)  # fmt: skip


def main() -> None:
    """Run one load (a JSON report) or, with ``--table``, every case (a Markdown table)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=120.0)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--action", default="double-move")
    parser.add_argument("--query", choices=("reach100", "sample", "health"), default="reach100")
    parser.add_argument(
        "--table", action="store_true", help="every query with 1 and 2 workers: one table"
    )
    args = parser.parse_args()
    if args.table:
        table(args.requests)
        return
    report = measure(args.query, args.workers, args.requests, args.concurrency, args.action,
                     args.warmup, args.max_seconds)  # fmt: skip
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
