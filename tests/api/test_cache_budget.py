"""Issue 10: a worker's caches are bounded by bytes, and an honest scene stays cached.

A client that sends many distinct allowed 500 x 500 scenes must not make a server hold them
all (`footfall.bytecache`): after every request each cache's charged bytes are within its
budget, while the scene a GM's page keeps asking about is still answered from the caches
(its scene not parsed again, its masks not prepared again).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footfall import bytecache
from footfall.api import Limits, create_app
from footfall.tactical import masks, plans

#: The budget of the test (MiB): 20 plain 500 x 500 scenes fill the scene cache's share.
BUDGET_MB = 24
#: Distinct big scenes sent (the scene cache's entry bound is 32).
FLOOD = 30


def _honest() -> dict[str, Any]:
    """A GM's 100 x 100 scene as bench/bench_load.py asks: 70 % open, 20 % difficult, walls."""
    rng = random.Random(6)
    rows = ["".join(rng.choices(".^#", weights=(70, 20, 10), k=100)) for _ in range(100)]
    rows[50] = "." * 100
    creature = {"id": "fighter", "at": [50, 50], "size": "medium", "side": "p", "speed": 30}
    return {"footfall": 1, "system": "pf1e", "map": rows, "creatures": [creature]}


def _big(i: int) -> dict[str, Any]:
    """A distinct allowed 500 x 500 scene (its creature placed by `i`), 200 thin walls."""
    walls = [{"from": [x, 3], "to": [x + 1, 3]} for x in range(200)]
    creature = {"id": "a", "at": [i, 250], "size": "medium", "side": "p", "speed": 30}
    return {"footfall": 1, "system": "pf1e", "map": ["." * 500] * 500, "walls": walls,
            "creatures": [creature]}  # fmt: skip


@pytest.fixture
def budget() -> Iterator[None]:
    """Set the process's cache budget to `BUDGET_MB` and empty the caches; restore it after."""
    before = bytecache.cache_mb()
    bytecache.set_cache_mb(BUDGET_MB)
    for cache in bytecache.caches():
        cache.clear()
    yield
    bytecache.set_cache_mb(before)


def _within_budget() -> list[tuple[str, int, int]]:
    """Return every cache over its budget, as (name, bytes, budget)."""
    return [(c.name, c.nbytes, c.budget) for c in bytecache.caches() if c.nbytes > c.budget]


@pytest.mark.usefixtures("budget")
def test_many_big_scenes_stay_within_the_budget_and_the_honest_one_stays_cached() -> None:
    """30 distinct 500 x 500 scenes never take any cache past its byte budget, the caches
    keep some of them, and the honest 100 x 100 scene asked every few requests is answered
    from the caches each time (not parsed again, its masks not prepared again, its plan
    reused)."""
    client = TestClient(create_app(limits=Limits.server(query_seconds=600)))
    scenes = client.app.state.footfall.cache  # type: ignore[attr-defined]
    honest = {"scene": _honest(), "mover": "fighter"}
    assert client.post("/api/reach", json=honest).status_code == 200
    for i in range(FLOOD):
        reply = client.post("/api/reach", json={"scene": _big(i), "mover": "a"})
        assert reply.status_code == 200, reply.text
        assert not _within_budget(), i
        if i % 3 == 2:
            parsed, prepared, reused = scenes.parsed, masks._PREPARED.misses, plans._PLANS.hits
            assert client.post("/api/reach", json=honest).status_code == 200
            assert scenes.parsed == parsed, f"the honest scene was parsed again after {i + 1}"
            assert masks._PREPARED.misses == prepared, f"masks prepared again after {i + 1}"
            assert plans._PLANS.hits > reused, f"its plan was built again after {i + 1}"
    kept = len(scenes.scenes)
    assert 2 <= kept < FLOOD, kept  # big scenes are kept too, as many as the budget allows
    assert 0 < scenes.scenes.nbytes <= scenes.scenes.budget
    assert len(masks._PREPARED) >= 2  # the honest scene's masks and a big scene's


@pytest.mark.usefixtures("budget")
def test_a_scene_over_the_budget_is_answered_not_kept() -> None:
    """With a budget smaller than one big scene, it is answered and nothing of it is kept."""
    bytecache.set_cache_mb(0.5)
    client = TestClient(create_app(limits=Limits.server(query_seconds=600)))
    scenes = client.app.state.footfall.cache  # type: ignore[attr-defined]
    for _ in range(2):
        reply = client.post("/api/reach", json={"scene": _big(0), "mover": "a"})
        assert reply.status_code == 200, reply.text
    assert scenes.parsed == 2
    assert len(scenes.scenes) == 0
    assert len(masks._PREPARED) == 0
