"""Issue 10, item 3: a server's memory after hostile requests returns to where it was.

A real ``footfall serve --workers 1`` runs in a child process with the allocator ``serve``
gives the worker processes it starts (``PYTHONMALLOC=malloc``, `footfall.api.memory`; with
one worker the server is the serve process itself, so the test sets it as serve does). It
is warmed with honest questions of every kind the hostile ones ask (the compiled kernel,
the sample's reach, a scene with walls, a small picture, a small Foundry import: the first
of each loads code and compiles patterns that then live on), and its caches are filled
with honest scenes (`_turn_over`); its resident memory is then the baseline. Each hostile
request of the issue is sent (a picture whose header says 13000 x 13000, one of 6000 x 6000
decoded within the limits, a large Foundry import and one over its token limit, JSON nested
a million deep, a 100,000-character id, a 500 x 500 scene with 5,000 walls within the
limits, 32 distinct 500 x 500 scenes that the caches keep up to their byte budget
(`footfall.bytecache`), a million one-byte chunks), a few times each; then the caches are
turned over again with the same honest scenes, since a cache keeps the last scenes asked on purpose
(docs/api.md "Memory"), and after a settle the memory must be within 10 % of the baseline,
after each hostile request. Slow (2 min quiet, 6 min at load 20-28): ``-m slow``.

``python tests/api/test_memory.py`` prints the memory after each request;
``python tests/api/test_memory.py pymalloc`` does so with Python's own allocator.
"""

from __future__ import annotations

import base64
import io
import os
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from helpers import sample_json
from helpers.foundry import foundry_doc, wall
from helpers.server import rss_kib, serving

#: Memory after the hostile requests may exceed the baseline by this much at most.
TOLERANCE = 0.10
#: Seconds the server is left alone before its memory is read.
SETTLE = 3.0


def _png(width: int, height: int) -> str:
    """A ``data:`` URL of a blank PNG of `width` x `height` (small, whatever its size)."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("1", (width, height)).save(out, format="PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def _worst_scene() -> dict[str, Any]:
    walls = [{"from": [x, y], "to": [x + 1, y]} for x in range(1, 499, 7) for y in range(3, 499, 7)]
    creature = {"id": "a", "at": [250, 250], "size": "medium", "side": "p", "speed": 2000}
    return {"footfall": 1, "system": "pf1e", "map": ["." * 500] * 500, "walls": walls[:5000],
            "creatures": [creature]}  # fmt: skip


def _foundry(walls: int, tokens: int = 0) -> dict[str, Any]:
    doc = foundry_doc()
    doc["width"] = doc["height"] = 400 * doc["grid"]["size"]
    doc["walls"] = [wall((i % 400, 0), (i % 400, 399)) for i in range(walls)]
    doc["tokens"] = [dict(doc["tokens"][0], name=f"t{i}") for i in range(tokens)] or doc["tokens"]
    return {"data": doc, "system": "pf1e", "format": "foundry"}


def _chunk_flood(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(
            b"POST /api/reach HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
            b"transfer-encoding: chunked\r\n\r\n"
        )
        try:
            for _ in range(100):
                conn.sendall(b"1\r\n \r\n" * 10_000)
            while conn.recv(65536):
                pass
        except OSError:
            pass


#: Distinct allowed 500 x 500 scenes the flood sends each time (the scene cache's count bound).
FLOOD = 32


def _flood(url: str, sent: list[int]) -> Callable[[], Any]:
    """A callable asking a reach on `FLOOD` distinct 500 x 500 scenes (new ones each call)."""
    walls = [{"from": [x, 3], "to": [x + 1, 3]} for x in range(200)]

    def send() -> Any:
        reply = None
        for _ in range(FLOOD):
            i = len(sent)
            sent.append(i)
            creature = {"id": "a", "at": [i % 500, 250 + i // 500], "size": "medium",
                        "side": "p", "speed": 30}  # fmt: skip
            scene = {"footfall": 1, "system": "pf1e", "map": ["." * 500] * 500, "walls": walls,
                     "creatures": [creature]}  # fmt: skip
            reply = httpx.post(url + "/api/reach", json={"scene": scene, "mover": "a"}, timeout=120)
        return reply

    return send


def hostile(port: int) -> list[tuple[str, Callable[[], Any]]]:
    """The hostile requests of issue 10, each a callable sending it to `port`."""
    url = f"http://127.0.0.1:{port}"
    pf = sample_json("pf1e-ogre-bridge")
    long_id = {**pf["creatures"][0], "id": "x" * 100_000}
    big_picture = {**pf, "background": _png(13000, 13000)}
    allowed_picture = {**pf, "background": _png(6000, 6000)}
    worst = {"scene": _worst_scene(), "mover": "a"}

    def post(path: str, body: Any = None, raw: bytes | None = None) -> Callable[[], Any]:
        if raw is not None:
            headers = {"content-type": "application/json"}
            return lambda: httpx.post(url + path, content=raw, headers=headers, timeout=120)
        return lambda: httpx.post(url + path, json=body, timeout=120)

    return [
        ("picture header 13000x13000", post("/api/render", {"scene": big_picture})),
        ("picture 6000x6000 decoded", post("/api/render", {"scene": allowed_picture, "cell": 8})),
        ("Foundry import, 4,900 walls", post("/api/import", _foundry(4900))),
        ("Foundry import, 501 tokens", post("/api/import", _foundry(10, 501))),
        ("JSON nested 1,000,000 deep", post("/api/reach", raw=b"[" * 1_000_000)),
        (
            "a 100,000-character id",
            post("/api/reach", {"scene": {**pf, "creatures": [long_id]}, "mover": "x"}),
        ),
        ("500x500 scene, 5,000 walls", post("/api/reach", worst)),
        (f"{FLOOD} distinct 500x500 scenes", _flood(url, [])),
        ("1,000,000 one-byte chunks", lambda: _chunk_flood(port)),
    ]


#: How many distinct honest scenes turn every scene cache over: the server's parsed scenes
#: (`Limits.scene_cache`, 32), the tactical engine's per-scene caches (16 or fewer) and its
#: plans (`footfall.tactical.plans`, 96: a plan keeps its scene, so a big scene's plan left
#: in it keeps that scene's bytes).
TURN_OVER = 100

#: The environment ``footfall serve`` gives its worker processes (`footfall.api.memory`).
WORKER_ENV = {"PYTHONMALLOC": "malloc"}


def _small_scene(i: int) -> dict[str, Any]:
    """An honest 20 x 20 scene with a wall, its creature placed by `i` (distinct scenes)."""
    creature = {"id": "a", "at": [i % 20, 10 + i // 20], "size": "medium", "side": "p",
                "speed": 30}  # fmt: skip
    return {"footfall": 1, "system": "pf1e", "map": ["." * 20] * 20,
            "walls": [{"from": [3, 3], "to": [4, 3]}], "creatures": [creature]}  # fmt: skip


def _turn_over(url: str) -> None:
    """Ask a reach on `TURN_OVER` distinct honest scenes: every scene cache holds them."""
    for i in range(TURN_OVER):
        httpx.post(url + "/api/reach", json={"scene": _small_scene(i), "mover": "a"}, timeout=60)


def _warm_up(url: str) -> None:
    """Ask every kind of question the hostile requests ask, honestly, a few times each."""
    pf = sample_json("pf1e-ogre-bridge")
    honest = {"scene": pf, "mover": pf["creatures"][0]["id"]}
    for _ in range(20):  # the kernel, the answer's code paths
        httpx.post(url + "/api/reach", json=honest, timeout=60)
    for _ in range(3):
        httpx.post(url + "/api/render", json={"scene": pf, "cell": 8}, timeout=60)
        small_import = {"data": foundry_doc(), "system": "pf1e", "format": "foundry"}
        httpx.post(url + "/api/import", json=small_import, timeout=60)
    _turn_over(url)


def measure(
    rounds: int = 3, show: bool = False, env: dict[str, str] | None = None
) -> tuple[int, list[tuple[str, int, int]]]:
    """Run the server, warm it, send each hostile request `rounds` times; return the RSS.

    Returns (baseline KiB, [(request, status, KiB after it, its caches turned over)]).
    """
    with serving(workers=1, env=WORKER_ENV if env is None else env) as (port, pid):
        url = f"http://127.0.0.1:{port}"
        _warm_up(url)
        time.sleep(SETTLE)
        baseline = rss_kib(pid)
        if show:
            print(f"{'baseline':32} {'':4} {baseline:9} KiB", flush=True)
        rows = []
        for name, send in hostile(port):
            for _ in range(rounds):
                reply = send()
                status = getattr(reply, "status_code", 0)
            _turn_over(url)
            time.sleep(SETTLE)
            rows.append((name, status, rss_kib(pid)))
            if show:
                grown = 100 * (rows[-1][2] - baseline) / baseline
                print(f"{name:32} {status:4} {rows[-1][2]:9} KiB {grown:+.1f} %", flush=True)
    return baseline, rows


@pytest.mark.slow
def test_memory_returns_after_hostile_requests() -> None:
    """After each hostile request of issue 10, the server's RSS is within 10 % of before."""
    baseline, rows = measure()
    statuses = {name: status for name, status, _ in rows}
    assert statuses["picture header 13000x13000"] == 413
    assert statuses["picture 6000x6000 decoded"] == 200
    assert statuses["Foundry import, 4,900 walls"] == 200
    assert statuses["Foundry import, 501 tokens"] == 413
    assert statuses["JSON nested 1,000,000 deep"] == 413
    assert statuses["500x500 scene, 5,000 walls"] == 200
    assert statuses[f"{FLOOD} distinct 500x500 scenes"] == 200
    over = [(name, kib) for name, _, kib in rows if kib > baseline * (1 + TOLERANCE)]
    assert not over, (baseline, rows)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    measure(show=True, env={} if sys.argv[1:] == ["pymalloc"] else None)
