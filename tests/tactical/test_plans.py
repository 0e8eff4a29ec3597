"""The per-scene plan cache: a query asked again reuses its policy and frame, same answers."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.limits import LIMITS
from footfall.scene import load_sample, parse_scene
from footfall.tactical import find_path, plans, reachable
from footfall.tactical.encode import squares_bytes, squares_text
from footfall.tactical.plans import Ask, planned


def test_a_repeated_query_reuses_its_plan_and_answers_the_same() -> None:
    """The second reach of a mover on one scene object takes the cached plan and answers as a
    fresh scene object (no cache hit) does."""
    bridge = load_sample("pf1e-ogre-bridge")
    ask = Ask(None, None, None, None, None, LIMITS)
    assert planned(bridge, "ogre", ask) is planned(bridge, "ogre", ask)
    first, again = reachable(bridge, "ogre"), reachable(bridge, "ogre")
    fresh = reachable(dataclasses.replace(bridge), "ogre")
    assert first.to_json() == again.to_json() == fresh.to_json()
    path = find_path(bridge, "ogre", (5, 3))
    assert path.to_json() == find_path(dataclasses.replace(bridge), "ogre", (5, 3)).to_json()


def test_options_are_part_of_the_key() -> None:
    """A different action, switch or distance is a different plan, not the cached one."""
    bridge = load_sample("pf1e-ogre-bridge")
    plain = planned(bridge, "ogre", Ask(None, None, None, None, None, LIMITS))
    run = planned(bridge, "ogre", Ask("run", None, None, None, None, LIMITS))
    far = planned(bridge, "ogre", Ask(None, None, None, 60, None, LIMITS))
    assert len({id(plain), id(run), id(far)}) == 3
    assert plain.policy.budget < run.policy.budget


def test_cached_frames_are_read_only() -> None:
    """A kept frame cannot be written through (a later query would see the change)."""
    plan = planned(
        load_sample("pf1e-ogre-bridge"), "ogre", Ask(None, None, None, None, None, LIMITS)
    )
    frame = plan.frame()
    with pytest.raises(ValueError, match="read-only"):
        frame.block[0, 0] = np.int8(1)
    with pytest.raises(ValueError, match="read-only"):
        plan.ends()[0, 0] = True


def test_the_cache_is_bounded() -> None:
    """However many scenes are asked about, at most `_CACHED` plans are kept."""
    bridge = load_sample("pf1e-ogre-bridge")
    ask = Ask(None, None, None, None, None, LIMITS)
    for _ in range(plans._CACHED + 5):
        planned(dataclasses.replace(bridge), "ogre", ask)
    assert len(plans._PLANS) == plans._CACHED


@pytest.mark.parametrize(
    ("name", "mover", "switches"),
    [
        ("pf1e-ogre-bridge", "ogre", None),
        ("pf1e-ogre-bridge", "dead-goblin", None),
        ("dh2e-hive-underpass", None, {"diagonal": "euclidean"}),
        ("drawsteel-burning-hall", None, None),
    ],
)
def test_json_text_is_the_json_of_to_json(
    name: str, mover: str | None, switches: dict[str, str] | None
) -> None:
    """`Reach.json_text`, encoded from the arrays, is byte for byte ``json.dumps`` of
    `Reach.to_json` (whole display units, thousandths of a metre, an empty reach)."""
    scene = load_sample(name)
    who = mover or scene.creatures[0].id
    reach = reachable(scene, who, switches=switches)
    for lang in ("en", "ru"):
        assert reach.json_text(lang) == json.dumps(reach.to_json(lang), ensure_ascii=False)


def test_json_text_on_a_whole_map() -> None:
    """On a 60x60 map searched whole (a granted distance past the map), `json_text` is the
    text ``json.dumps(to_json())`` gives."""
    rows = ["".join(".^#."[(x * 7 + y * 13) % 4] for x in range(60)) for y in range(60)]
    rows[30] = "." * 60
    scene = parse_scene(
        {"footfall": 1, "system": "pf1e", "map": rows,
         "creatures": [{"id": "hero", "at": [30, 30], "size": "medium", "side": "party",
                        "speed": 30}]}
    )  # fmt: skip
    reach = reachable(scene, "hero", distance=1000)
    assert len(reach.xs) > 1000
    assert reach.json_text() == json.dumps(reach.to_json(), ensure_ascii=False)


@settings(deadline=None)  # the first example loads the compiled writer
@given(st.lists(st.tuples(*[st.integers(0, 10**12)] * 4), max_size=40))
def test_squares_text_writes_what_json_dumps_writes(rows: list[tuple[int, int, int, int]]) -> None:
    """`squares_text` gives, byte for byte, the JSON rows ``json.dumps`` gives (any widths),
    and so do both writers of `squares_bytes` (the numpy matrix and the compiled one)."""
    columns = [np.array([r[i] for r in rows], dtype=np.int64) for i in range(4)]
    expected = ", ".join(json.dumps({"at": [x, y], "cost": c, "band": b}) for x, y, c, b in rows)
    assert squares_text(*columns) == expected
    for compiled in (False, True):
        assert squares_bytes(*columns, compiled=compiled) == expected.encode()


def test_json_text_is_the_same_with_the_compiled_writer(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the compiled kernel loaded and the compiled row writer chosen for any size, a
    whole-map answer's JSON is still the text of ``json.dumps(to_json())`` (issue 15, item 6)."""
    from footfall.tactical import encode, search

    search.warm_up()
    monkeypatch.setattr(encode, "_COMPILED_ROWS", 1)
    rows = ["".join(".^#."[(x * 5 + y * 11) % 4] for x in range(40)) for y in range(40)]
    scene = parse_scene(
        {"footfall": 1, "system": "pf1e", "map": rows,
         "creatures": [{"id": "hero", "at": [20, 20], "size": "medium", "side": "party",
                        "speed": 30}]}
    )  # fmt: skip
    reach = reachable(scene, "hero", distance=1000)
    expected = json.dumps(reach.to_json(), ensure_ascii=False)
    assert reach.json_text() == expected
    assert reach.json_bytes() == expected.encode("utf-8")


def test_a_large_window_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A query whose window exceeds `_CACHED_POSITIONS` gets a fresh plan each time (the cache
    would hold large arrays alive); its answer is unchanged."""
    bridge = load_sample("pf1e-ogre-bridge")
    ask = Ask(None, None, None, None, None, LIMITS)
    monkeypatch.setattr(plans, "_CACHED_POSITIONS", 4)
    assert planned(bridge, "ogre", ask) is not planned(bridge, "ogre", ask)
    kept = reachable(bridge, "ogre").to_json()
    monkeypatch.undo()
    assert kept == reachable(dataclasses.replace(bridge), "ogre").to_json()
