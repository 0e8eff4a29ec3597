"""Every creature's reach in one call: the same answers as one `reachable` call per creature."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from footfall.errors import InputError, SceneError
from footfall.rules import Family, load_system
from footfall.scene import Creature, Scene, list_samples, load_sample, parse_scene, scene_to_json
from footfall.scene.vocabulary import vocabulary
from footfall.tactical import every as every_module
from footfall.tactical import reach_all, reachable
from helpers import strategies
from helpers.cli import cli_json, invoke


@pytest.mark.parametrize("name", list_samples())
@pytest.mark.parametrize("action", [None, "run"])
def test_every_reach_is_the_reach_of_one_call(name: str, action: str | None) -> None:
    """On every shipped sample, `reach_all` gives each creature exactly the JSON that one
    `reachable` call on a fresh scene object gives (no cache shared), in the scene's order."""
    scene = load_sample(name)
    if action == "run" and scene.system not in ("pf1e", "dnd35"):
        action = None
    every = reach_all(scene, action)
    ids = [c.id for c in scene.creatures]
    assert list(every.reaches) == [cid for cid in ids if cid not in every.refused]
    assert set(every.reaches) | set(every.refused) == set(ids)
    for cid, reach in every.reaches.items():
        alone = reachable(dataclasses.replace(scene), cid, action)
        assert reach.to_json() == alone.to_json()
    data = every.to_json()
    assert set(data["reaches"]) == set(every.reaches)


def test_a_creature_that_cannot_move_is_refused_not_fatal() -> None:
    """A creature without a land speed is listed under `refused` with its error; the others
    still get their reach. An unknown action refuses every creature alike: it raises."""
    bridge = load_sample("pf1e-ogre-bridge")
    statue = Creature(id="statue", at=(0, 0), size=bridge.creatures[0].size,
                      side=bridge.creatures[0].side)  # fmt: skip
    scene = dataclasses.replace(bridge, creatures=(*bridge.creatures, statue))
    every = reach_all(scene)
    assert list(every.refused) == ["statue"]
    assert every.refused["statue"].key == "error.tactical.no-speed"
    assert set(every.reaches) == {c.id for c in bridge.creatures}
    assert every.to_json()["refused"]["statue"]["error"] == "error.tactical.no-speed"
    with pytest.raises(InputError):
        reach_all(bridge, "teleport")


def test_the_api_and_the_cli_give_every_reach(client: TestClient) -> None:
    """``POST /api/reach/all`` and ``footfall reach --all --json`` answer `reach_all`'s JSON;
    ``--all`` with ``--mover`` (or neither) is one line naming both flags, exit 2."""
    bridge = load_sample("pf1e-ogre-bridge")
    expected = reach_all(bridge).to_json()
    response = client.post("/api/reach/all", json={"scene": scene_to_json(bridge)})
    assert response.status_code == 200
    assert response.json() == expected
    assert cli_json("reach", "pf1e-ogre-bridge", "--all") == expected
    for extra in (["--all", "--mover", "ogre"], []):
        refused = invoke(["reach", "pf1e-ogre-bridge", *extra])
        assert refused.exit_code == 2
        assert "give one of --mover or --all" in refused.output


#: Map characters: open ground (often), difficult, walls and the narrow squares of `_LEGEND`.
_TERRAIN = "......^^#" + "nlc4"
_LEGEND = {
    "4": ["difficult", "poor_visibility"],
    "n": {"flags": [], "width_ft": 2.5},
    "l": {"flags": [], "height_ft": 3},
    "c": {"flags": [], "height_ft": 1.5},
}


def _coordinate(last: int, spread: bool) -> st.SearchStrategy[int]:
    """Draw a coordinate in 0..last; `spread`: mostly 7 apart or more (spaces of 2 or 3
    squares a side that do not reach one another, so that they share a frame)."""
    anywhere = st.integers(0, last)
    if not spread or last < 7:
        return anywhere
    return st.one_of(anywhere, st.integers(0, last // 7).map(lambda k: 7 * k))


@st.composite
def crowded_scenes(draw: st.DrawFn) -> tuple[Scene, str]:
    """Draw a scene crowded with creatures of a few sizes and two sides (many alike, so that
    they share frames; often side by side, so that their spaces reach one another), narrow and
    low squares, thin walls and doors, the system's switches, and one of its actions."""
    system = draw(strategies.systems())
    # Half the scenes hold creatures of 2 or 3 squares a side only, on larger maps.
    big = draw(st.booleans())
    names = strategies.size_names(system, max_space=3)
    names = tuple(n for n in names if (strategies.space(system, n) > 1) == big) or names
    kinds = draw(st.lists(st.sampled_from(names), min_size=1, max_size=2))
    width, height = (draw(st.integers(8, 22)), draw(st.integers(8, 22))) if big else (
        draw(st.integers(4, 12)), draw(st.integers(4, 12)))  # fmt: skip
    rows = ["".join(draw(st.sampled_from(_TERRAIN)) for _ in range(width)) for _ in range(height)]
    creatures: list[dict[str, Any]] = []
    for i in range(draw(st.integers(2, 8))):
        size = draw(st.sampled_from(kinds))
        side = strategies.space(system, size)
        row: dict[str, Any] = {
            "id": f"c{i}",
            "at": [draw(_coordinate(width - side, big)), draw(_coordinate(height - side, big))],
            "size": size,
            "side": draw(st.sampled_from(("party", "foes"))),
            "helpless": draw(st.integers(0, 5)) == 0,
        }
        if vocabulary(system).agility_bonus:
            row["agility_bonus"] = draw(st.integers(0, 4))
        else:
            speeds = (2, 3, 5) if vocabulary(system).unit == "squares" else (20, 30, 60)
            row["speed"] = draw(st.sampled_from(speeds))
        if load_system(system).family is Family.D20 and draw(st.integers(0, 4)) == 0:
            row["fly"] = {"speed": 40, "maneuverability": "good"}
            row["alt"] = draw(st.sampled_from((0, 10)))
        creatures.append(row)
    grid = [list(row) for row in rows]
    for row in creatures:  # no creature stands in a wall (the scene would be refused)
        x, y = row["at"]
        side = strategies.space(system, row["size"])
        for j in range(y, y + side):
            grid[j][x : x + side] = ["." if c == "#" else c for c in grid[j][x : x + side]]
    rows = ["".join(row) for row in grid]
    walls = []
    for _ in range(draw(st.integers(0, 3))):
        wall: dict[str, Any] = {
            "from": [draw(st.integers(0, width)), draw(st.integers(0, height))],
            "to": [draw(st.integers(0, width)), draw(st.integers(0, height))],
        }
        if draw(st.booleans()):
            wall["door"] = draw(st.sampled_from(("open", "closed")))
        walls.append(wall)
    data = {"footfall": 1, "system": system, "map": rows, "legend": _LEGEND, "walls": walls,
            "creatures": creatures, "x-switches": draw(strategies.switches(system))}  # fmt: skip
    try:
        scene = parse_scene(data)
    except SceneError:
        assume(False)
        raise
    return scene, draw(strategies.actions(system))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowded_scenes())
def test_every_reach_is_one_call_on_random_crowded_scenes(case: tuple[Scene, str]) -> None:
    """On random scenes crowded with creatures of several sizes and sides (shared frames,
    spaces side by side, squeezing, flyers, switches), each creature's reach from `reach_all`
    is the JSON of one `reachable` call on a fresh scene object, and the refusals are its
    errors."""
    scene, action = case
    switches = dict(scene.extra.get("x-switches", {}))
    distance = 3 if load_system(scene.system).action(action).given else None
    try:
        every = reach_all(scene, action, switches=switches, distance=distance)
    except InputError as error:  # an error every creature would get: one call raises it too
        with pytest.raises(InputError) as raised:
            for other in scene.creatures:
                reachable(dataclasses.replace(scene), other.id, action, switches=switches,
                          distance=distance)  # fmt: skip
        assert raised.value.key == error.key
        return
    for other in scene.creatures:
        fresh = dataclasses.replace(scene)
        if other.id in every.refused:
            with pytest.raises(InputError) as refused:
                reachable(fresh, other.id, action, switches=switches, distance=distance)
            assert refused.value.key == every.refused[other.id].key
            continue
        alone = reachable(fresh, other.id, action, switches=switches, distance=distance)
        assert every.reaches[other.id].to_json() == alone.to_json(), other.id


def test_movers_alike_share_their_frames_and_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Movers of one size and side on an open map share one pair of frames (with and without
    their spaces) and one search per budget; the answers stay those of one call each."""
    rows = ["." * 30 for _ in range(30)]
    rows[10] = "." * 5 + "^" * 20 + "." * 5
    creatures = [
        {"id": f"{side}{i}", "at": [3 + 5 * i, y], "size": "medium", "side": side, "speed": 30}
        for side, y in (("party", 8), ("foes", 14))
        for i in range(5)
    ]
    scene = parse_scene({"footfall": 1, "system": "pf1e", "map": rows, "creatures": creatures})
    built: list[int] = []
    searched: list[int] = []
    real_frames, real_search = every_module.build_frames, every_module.search
    monkeypatch.setattr(every_module, "build_frames",
                        lambda *a: built.append(1) or real_frames(*a))  # fmt: skip
    monkeypatch.setattr(every_module, "search",
                        lambda *a: searched.append(1) or real_search(*a))  # fmt: skip
    every = reach_all(scene)
    assert (len(built), len(searched)) == (2, 1)  # one pair per side; one budget
    for other in scene.creatures:
        alone = reachable(dataclasses.replace(scene), other.id)
        assert every.reaches[other.id].to_json() == alone.to_json()
