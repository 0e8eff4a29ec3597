"""The Python objects (issue 12 item 15): costs in the system's unit, short reprs.

`distance` / `distance_at` give a cost in the system's unit (seed 000: 5 ft a square in pf1e;
seed 002: squares in Draw Steel; seed 001: metres in Dark Heresy 2e); `cost` keeps the engine's
internal unit. A large answer prints as one short line.
"""

from __future__ import annotations

import pytest

from footfall.tactical import check_path, find_path, make_policy, reachable
from helpers.tactical_scenes import make, mob


@pytest.mark.parametrize(
    ("system", "mover", "unit", "two_steps"),
    [
        ("pf1e", mob("v", 0, 0), "ft", 10),
        ("dnd35", mob("v", 0, 0), "ft", 10),
        ("drawsteel", mob("v", 0, 0, size="1M", speed=5), "squares", 2),
        ("dh2e", mob("v", 0, 0, agility_bonus=3), "m", 2),
    ],
)
def test_distances_are_in_the_systems_unit(
    system: str, mover: dict[str, object], unit: str, two_steps: int
) -> None:
    """Two orthogonal steps: 10 ft (pf1e, dnd35), 2 squares (Draw Steel), 2 m (dh2e)."""
    s = make(system, ["....."], mover)
    reach = reachable(s, "v")
    assert reach.unit == unit
    assert reach.distance_at((2, 0)) == two_steps
    assert next(q for q in reach.squares if q.at == (2, 0)).distance == two_steps
    found = find_path(s, "v", (2, 0))
    assert (found.distance, found.unit) == (two_steps, unit)
    checked = check_path(s, "v", [(1, 0), (2, 0)])
    assert (checked.distance, checked.unit) == (two_steps, unit)
    assert checked.cost == found.cost == reach.cost_at((2, 0))  # the internal unit


def test_unreachable_has_no_distance() -> None:
    """An unreachable square has no distance (None), like its cost."""
    s = make("pf1e", [".#."], mob("v", 0, 0))
    assert reachable(s, "v").distance_at((2, 0)) is None
    assert find_path(s, "v", (2, 0)).distance is None


def test_large_answers_have_a_short_repr() -> None:
    """On a 100 x 100 map a reach, path, check, walk and policy print in one short line."""
    s = make("pf1e", ["." * 100] * 100, mob("v", 50, 50, speed=60))
    reach = reachable(s, "v", "double-move")
    found = find_path(s, "v", (60, 50), action="double-move")
    checked = check_path(s, "v", [(51, 50), (52, 50)])
    texts = [repr(x) for x in (reach, found, checked, checked.walk, reach.policy)]
    assert all(len(text) < 160 and "\n" not in text and "array" not in text for text in texts)
    assert texts[0] == "Reach(mover='v', action='double-move', squares=1632, budget=120 ft)"
    assert texts[1] == "PathResult(mover='v', to=(60, 50), found=True, distance=50 ft, steps=10)"
    assert repr(make_policy(s, s.creatures[0])).startswith("Policy(system='pf1e', mover='v'")
