"""A System built in code (not read from a file) answers reach, path and check by its rules."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from footfall.errors import RuleDataError
from footfall.rules import Hamper, System, load_system
from footfall.tactical import check_path, find_path, reachable
from footfall.tactical import policy as policy_module
from helpers.tactical_scenes import make, mob

OPEN = ["....", "....", "....", "...."]


def _d20(**changes: object) -> System:
    """Return pf1e with some of its ``tactical`` tables changed, under the id ``mygame``."""
    base = load_system("pf1e")
    assert base.tactical is not None
    return replace(base, id="mygame", tactical=replace(base.tactical, **changes))  # type: ignore[arg-type]


def _factor(system: System, flag: Hamper, factor: Fraction) -> System:
    """Return `system` with the hampering factor of `flag` changed."""
    assert system.tactical is not None
    rows = tuple(
        replace(row, factor=factor) if row.flag == flag else row for row in system.tactical.hampered
    )
    return replace(system, tactical=replace(system.tactical, hampered=rows))


@pytest.fixture(autouse=True)
def _no_lookup_by_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """Given a System, the policy never looks a system up by id ('mygame' has no file)."""

    def refuse(system_id: str) -> System:
        raise AssertionError(f"load_system({system_id!r}) called although a System was given")

    monkeypatch.setattr(policy_module, "load_system", refuse)


def test_diagonal_costs_take_effect() -> None:
    """diagonal_costs (1, 1): two diagonals cost 10 ft, not pf1e's 5-10 = 15 ft."""
    scene = make("pf1e", OPEN, mob("v", 0, 0))
    game = _d20(diagonal_costs=(1, 1))
    pf1e = load_system("pf1e")
    assert reachable(scene, "v", system=pf1e).cost_at((2, 2)) == 3
    reach = reachable(scene, "v", system=game)
    assert reach.cost_at((2, 2)) == 2
    assert reach.to_json()["system"] == "mygame"
    found = find_path(scene, "v", (3, 3), system=game)
    assert found.found and found.to_json()["cost"] == 15
    checked = check_path(scene, "v", [(1, 1), (2, 2), (3, 3)], system=game).to_json()
    assert checked["legal"] and checked["cost"] == 15
    assert [step["cost"] for step in checked["breakdown"]] == [5, 5, 5]


def test_hampering_factor_takes_effect() -> None:
    """Difficult terrain x4 instead of x2: entering one difficult square costs 20 ft."""
    scene = make("pf1e", [".^.."], mob("v", 0, 0))
    game = _factor(_d20(), Hamper.DIFFICULT, Fraction(4))
    assert reachable(scene, "v", system=load_system("pf1e")).cost_at((1, 0)) == 2
    assert reachable(scene, "v", system=game).cost_at((1, 0)) == 4
    found = find_path(scene, "v", (2, 0), system=game).to_json()
    assert found["found"] and found["cost"] == 25
    checked = check_path(scene, "v", [(1, 0), (2, 0)], system=game).to_json()
    assert [step["cost"] for step in checked["breakdown"]] == [20, 5]
    assert "x4" in " ".join(w["label"] for w in checked["breakdown"][0]["why"])


def test_a_factor_of_one_removes_the_hampering() -> None:
    """Poor visibility x1 in a System of its own: a fogged square costs 5 ft again."""
    scene = make("pf1e", [".,.."], mob("v", 0, 0), legend={",": ["poor_visibility"]})
    game = _factor(_d20(), Hamper.POOR_VISIBILITY, Fraction(1))
    assert reachable(scene, "v", system=load_system("pf1e")).cost_at((1, 0)) == 2
    assert reachable(scene, "v", system=game).cost_at((1, 0)) == 1


def test_steel_difficult_extra_takes_effect() -> None:
    """Draw Steel with difficult terrain +2 instead of +1: entering it costs 3 squares."""
    scene = make("drawsteel", [".^.."], mob("f", 0, 0, size="1M", speed=5))
    base = load_system("drawsteel")
    assert base.steel is not None
    game = replace(base, id="steelish", steel=replace(base.steel, difficult_extra=2))
    assert reachable(scene, "f", system=base).cost_at((1, 0)) == 2
    assert reachable(scene, "f", system=game).cost_at((1, 0)) == 3
    assert find_path(scene, "f", (2, 0), system=game).cost == 4
    assert check_path(scene, "f", [(1, 0), (2, 0)], system=game).walk.cost == 4


def test_two_systems_on_one_scene_do_not_share_caches() -> None:
    """Per-scene caches keep each System's answers apart, asked in turns."""
    scene = make("pf1e", OPEN, mob("v", 0, 0))
    plain, flat = load_system("pf1e"), _d20(diagonal_costs=(1, 1))
    for _ in range(2):
        assert reachable(scene, "v", system=plain).cost_at((2, 2)) == 3
        assert reachable(scene, "v", system=flat).cost_at((2, 2)) == 2


def test_a_factor_the_grid_cannot_price_is_a_rule_data_error() -> None:
    """A hampering factor of 3 is refused, naming the system, the condition and the factor."""
    scene = make("pf1e", OPEN, mob("v", 0, 0))
    game = _factor(_d20(), Hamper.OBSTACLE, Fraction(3))
    with pytest.raises(RuleDataError, match="mygame: the hampering factor of obstacle is 3"):
        reachable(scene, "v", system=game)


def test_a_family_table_missing_is_a_rule_data_error() -> None:
    """A d20 System without its ``tactical`` tables is refused by name."""
    scene = make("pf1e", OPEN, mob("v", 0, 0))
    game = replace(load_system("pf1e"), id="mygame", tactical=None)
    with pytest.raises(RuleDataError, match=r"system mygame \(family d20\) has no tactical table"):
        reachable(scene, "v", system=game)
