"""Answers' ``to_json`` hold plain JSON values: typed enums never leak into the contracts."""

from __future__ import annotations

from typing import Any

import pytest

import footfall
from footfall.travel import Traveller

PLAIN = (str, int, float, bool, type(None))


def _leaks(value: Any, path: str = "$") -> list[str]:
    """Return where `value` holds something that is not exactly a JSON type."""
    if type(value) in PLAIN:
        return []
    if type(value) is list:
        return [leak for i, item in enumerate(value) for leak in _leaks(item, f"{path}[{i}]")]
    if type(value) is dict:
        keys = [f"{path}: key {k!r}" for k in value if type(k) is not str]
        return keys + [leak for k, item in value.items() for leak in _leaks(item, f"{path}.{k}")]
    return [f"{path}: {type(value).__name__} {value!r}"]


@pytest.mark.parametrize("name", footfall.list_samples())
def test_tactical_answers_are_plain(name: str) -> None:
    """reach, a found and a missed path, and a refused check of every sample are plain JSON."""
    scene = footfall.load_sample(name)
    mover = scene.creatures[0]
    x, y = mover.at
    answers = [
        footfall.reachable(scene, mover.id).to_json("ru"),
        footfall.find_path(scene, mover.id, (x + 1, y)).to_json("en"),
        footfall.find_path(scene, mover.id, (0, 0)).to_json("zh"),
        footfall.check_path(scene, mover.id, [(x + 1, y), (x + 2, y), (x + 2, y + 1)]).to_json(),
    ]
    assert [leak for answer in answers for leak in _leaks(answer)] == []


def test_journey_and_rates_are_plain() -> None:
    """A journey with hustle and the rates table are plain JSON."""
    pf = footfall.load_system("pf1e")
    leg = footfall.parse_leg("24 mi forest trackless", pf)
    journey = footfall.plan_journey("pf1e", [leg], Traveller(speeds=(30,)), hustle=2)
    assert _leaks(journey.to_json()) == []
    assert _leaks(footfall.movement_rates("dh2e", agility_bonus=3).to_json()) == []
