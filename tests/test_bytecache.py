"""The byte-budget caches (`footfall.bytecache`, issue 10): bounds, LRU order, honest sizes."""

from __future__ import annotations

import gc
import json
import os
import tracemalloc
from collections import OrderedDict
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from footfall import bytecache
from footfall.bytecache import ByteCache, scene_nbytes, set_cache_mb
from footfall.errors import InputError
from footfall.limits import LIMITS, SERVER_LIMITS
from footfall.scene import Scene, load_sample, parse_scene
from footfall.tactical import plans
from footfall.tactical.plans import Ask, planned
from helpers import sample_json

#: Operations of the property: ("put", key, bytes) or ("get", key).
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("put"), st.integers(0, 9), st.integers(0, 120)),
        st.tuples(st.just("get"), st.integers(0, 9), st.just(0)),
    ),
    max_size=60,
)


@given(OPS, st.integers(0, 200), st.one_of(st.none(), st.integers(0, 6)))
def test_never_over_budget_and_least_recent_first(
    ops: list[tuple[str, int, int]], budget: int, count: int | None
) -> None:
    """Whatever is put and asked, the cache's bytes stay within its budget, it answers what a
    plain LRU model within the same bounds keeps, in the same order, and refuses alone-too-big
    entries."""
    cache: ByteCache[int, str] = ByteCache("masks", count=count, budget=budget)
    model: OrderedDict[int, int] = OrderedDict()
    for op, key, size in ops:
        if op == "get":
            assert cache.get(key) == (f"v{key}" if key in model else None)
            if key in model:
                model.move_to_end(key)
            continue
        kept = cache.put(key, f"v{key}", size)
        model.pop(key, None)
        if size <= budget and count != 0:
            model[key] = size
            while sum(model.values()) > budget or (count is not None and len(model) > count):
                model.popitem(last=False)
        assert kept == (key in model)
        assert cache.nbytes <= budget
        assert cache.nbytes == sum(model.values())
        assert list(cache.keys()) == list(model)


def test_an_entry_goes_with_its_owner() -> None:
    """An entry of an owner is answered to that object only and is dropped once it is gone."""
    cache: ByteCache[int, str] = ByteCache("index", budget=1000)
    scene = load_sample("pf1e-ogre-bridge")
    twin = load_sample("pf1e-ogre-bridge")
    cache.put(1, "masks", 100, owner=scene)
    assert cache.get(1, owner=scene) == "masks"
    assert cache.get(1, owner=twin) is None  # equal, not the same object
    del scene
    gc.collect()
    cache.put(2, "other", 10)
    assert list(cache.keys()) == [2]
    assert cache.nbytes == 10


def test_a_held_object_is_charged_once() -> None:
    """Entries that keep one object alive are charged its bytes once, released with the last."""
    cache: ByteCache[int, str] = ByteCache("plans", budget=10_000)
    scene = load_sample("pf1e-ogre-bridge")
    for key in range(3):
        cache.put(key, "plan", 100, owner=scene, holds=scene, held_nbytes=5000)
    assert cache.nbytes == 3 * 100 + 5000
    assert not cache.put(9, "plan", 100, holds=load_sample("pf1e-ogre-bridge"), held_nbytes=9_950)
    cache.clear()
    assert cache.nbytes == 0


def test_the_process_budget_is_shared_and_settable(monkeypatch: pytest.MonkeyPatch) -> None:
    """`set_cache_mb` re-budgets every cache by its share and drops what no longer fits; the
    environment variable gives the first budget; a bad one is refused naming it."""
    before = bytecache.cache_mb()
    cache: ByteCache[int, str] = ByteCache("scenes")
    try:
        cache.put(1, "scene", 1 << 20)
        assert len(cache) == 1
        set_cache_mb(2)
        assert cache.budget == int(0.45 * 2 * (1 << 20))
        assert len(cache) == 0
        set_cache_mb(0)
        assert not cache.put(2, "scene", 1)
    finally:
        set_cache_mb(before)
    monkeypatch.setattr(bytecache, "_total", None)
    monkeypatch.setenv(bytecache.ENV, "12.5")
    assert bytecache.cache_mb() == 12.5
    monkeypatch.setattr(bytecache, "_total", None)
    monkeypatch.setenv(bytecache.ENV, "-1")
    with pytest.raises(InputError, match=r"FOOTFALL_CACHE_MB: '-1' is not a cache budget"):
        bytecache.cache_mb()
    with pytest.raises(InputError, match=r"cache_mb: nan is not a cache budget"):
        set_cache_mb(float("nan"))


# ------------------------------------------------------------------- sizes: estimate >= measure


def _kept(build: Callable[[], Any]) -> tuple[Any, int]:
    """Return what `build()` returns and the bytes it keeps alive (tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    try:
        value = build()
        gc.collect()
        size = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return value, size


def _big(walls: int) -> dict[str, Any]:
    """A 500 x 500 scene (the server's largest map) with `walls` thin walls."""
    every = [{"from": [x, y], "to": [x + 1, y]} for x in range(1, 499, 7) for y in range(3, 499, 7)]
    creature = {"id": "a", "at": [250, 250], "size": "medium", "side": "p", "speed": 30}
    return {"footfall": 1, "system": "pf1e", "map": ["." * 500] * 500, "walls": every[:walls],
            "creatures": [creature]}  # fmt: skip


def _crowd() -> dict[str, Any]:
    """A 60 x 60 scene with 300 creatures (flying, conditioned, with ``x-`` keys), a legend."""
    data = sample_json("pf1e-ogre-bridge")
    data["map"] = ["." * 60] * 60
    data["walls"] = [{"from": [i, 1], "to": [i + 1, 1], "door": "closed", "x-id": f"w{i}"}
                     for i in range(50)]  # fmt: skip
    data["legend"] = {c: {"flags": ["difficult"], "x-name": c * 8} for c in "abcdefgh"}
    data["creatures"] = [
        {"id": f"creature-{i:05d}", "at": [i % 60, 2 + i // 60 * 2], "size": "medium",
         "side": "party", "speed": 30, "fly": {"speed": 60, "maneuverability": "good"},
         "alt": 5, "conditions": ["prone"], "x-notes": {"hp": [i, 2 * i]}}
        for i in range(300)
    ]  # fmt: skip
    return data


SAMPLES = ("pf1e-ogre-bridge", "dh2e-hive-underpass", "dnd35-canyon-squeeze",
           "drawsteel-burning-hall")  # fmt: skip
SCENES: dict[str, Callable[[], dict[str, Any]]] = {
    "500x500, 5000 walls": lambda: _big(5000),
    "500x500, no walls": lambda: _big(0),
    "crowd of 300": _crowd,
    **{name: partial(sample_json, name) for name in SAMPLES},
}


@pytest.mark.parametrize("name", list(SCENES))
def test_a_scene_is_charged_at_least_what_it_keeps(name: str) -> None:
    """`scene_nbytes` never charges less than a parsed scene keeps (its JSON's strings
    included), nor more than twice that and 4 KB."""
    text = json.dumps(SCENES[name]())
    parse_scene(json.loads(text), limits=SERVER_LIMITS)  # warm: the system's data, patterns
    scene, kept = _kept(lambda: parse_scene(json.loads(text), limits=SERVER_LIMITS))
    assert kept <= scene_nbytes(scene) <= 2 * kept + 4096, (kept, scene_nbytes(scene))


def _plans() -> Iterator[tuple[str, str, str | None, int | None]]:
    for name in SAMPLES:
        scene = load_sample(name)
        for mover in scene.creatures[:3]:
            yield name, mover.id, None, None
            yield name, mover.id, None, 120


@pytest.mark.parametrize(("name", "mover", "action", "distance"), list(_plans()))
def test_a_plan_is_charged_at_least_what_it_keeps(
    name: str, mover: str, action: str | None, distance: int | None
) -> None:
    """A kept plan is charged at least what its policy, frame, graph and ends keep."""
    scene: Scene = load_sample(name)
    ask = Ask(action, None, None, distance, None, LIMITS)
    try:
        planned(scene, mover, ask)  # warm: the masks, the sizes, the kernel
    except InputError:
        pytest.skip("this mover cannot move so")
    plans._PLANS.clear()

    def build() -> plans.Plan:
        plan = planned(scene, mover, ask)
        plan.frame(), plan.graph(), plan.ends()
        return plan

    plan, kept = _kept(build)
    side = 2 * plans._radius(plan.policy) + 1
    positions = min(side, scene.width) * min(side, scene.height)
    charged = plans._PLAN_BYTES + plans._POSITION_BYTES * positions
    assert kept <= charged, (kept, charged, positions)


def test_serve_gives_its_budget_to_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """``footfall serve --cache-mb N`` sets this process's budget and the environment its
    workers start from; its help names the default budget."""
    from footfall.cli.help import help_texts
    from footfall.cli.serve import _cache_budget

    before = bytecache.cache_mb()
    monkeypatch.delenv(bytecache.ENV, raising=False)
    try:
        _cache_budget(12)
        assert bytecache.cache_mb() == 12
        assert float(os.environ[bytecache.ENV]) == 12
    finally:
        set_cache_mb(before)
    said = [text for text in help_texts() if "--cache-mb" not in text and "scene caches" in text]
    assert said == [f"MiB each server process may keep in its scene caches (default "
                    f"{bytecache.DEFAULT_MB}; 0: none)."]  # fmt: skip
