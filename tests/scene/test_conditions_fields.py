"""A creature's ``conditions`` and ``base_speed`` (SCENE.md extension, issue 12) and move()."""

from __future__ import annotations

from typing import Any

import pytest

from footfall.errors import InputError, SceneError
from footfall.scene import (
    creature,
    load_sample,
    parse_scene,
    parse_text_map,
    scene_to_json,
    scene_to_text,
)


def _scene(system: str, size: str, **fields: Any) -> dict[str, Any]:
    mover = {"id": "a", "at": [0, 0], "size": size, "side": "party", **fields}
    return {"footfall": 1, "system": system, "map": ["....", "...."], "creatures": [mover]}


def test_conditions_and_base_speed_round_trip() -> None:
    """Conditions are read sorted and once each, and written back; base_speed too."""
    data = _scene("pf1e", "medium", base_speed=30, armor="heavy", conditions=["prone", "fatigued"])
    data["creatures"][0]["conditions"].append("prone")
    scene = parse_scene(data)
    mover = creature(scene, "a")
    assert mover.conditions == ("fatigued", "prone")
    assert mover.base_speed == 30 and mover.speed is None
    out = scene_to_json(scene)["creatures"][0]
    assert out["conditions"] == ["fatigued", "prone"] and out["base_speed"] == 30
    assert parse_text_map(scene_to_text(scene)) == scene


def test_a_condition_of_another_system_is_refused_by_name() -> None:
    """Draw Steel has no 'fatigued': the error names the bad word and the system's conditions."""
    with pytest.raises(SceneError) as err:
        parse_scene(_scene("drawsteel", "1M", speed=5, conditions=["fatigued"]))
    text = str(err.value)
    assert "creatures[0] ('a').conditions[0]" in text and "'fatigued'" in text
    assert "slowed" in text and "grabbed" in text


def test_dh2e_creatures_give_no_base_speed() -> None:
    """dh2e movers move by Agility Bonus (seed 001): a base_speed is refused, as speed is."""
    with pytest.raises(SceneError, match="base_speed"):
        parse_scene(_scene("dh2e", "medium", agility_bonus=3, base_speed=30))


def test_scene_move_returns_a_moved_checked_scene() -> None:
    """Scene.move gives a new scene with the creature moved; the old one is unchanged."""
    bridge = load_sample("pf1e-ogre-bridge")
    moved = bridge.move("ogre", (10, 5))
    assert creature(moved, "ogre").at == (10, 5)
    assert creature(bridge, "ogre").at == (12, 5)
    with pytest.raises(InputError, match="nobody"):
        bridge.move("nobody", (1, 1))
    with pytest.raises(SceneError):  # onto another creature: refused as a read scene is
        bridge.move("ogre", creature(bridge, "goblin").at)
