"""Rule tests for Dark Heresy 2e on the grid (RULES.md 2, seed 001), from small scenes."""

from __future__ import annotations

from typing import Any

import pytest

from footfall.errors import InputError
from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob


def acolyte(cid: str, x: int, y: int, ab: int, **fields: Any) -> dict[str, Any]:
    """Return a dh2e creature with Agility Bonus `ab` (no speed: seed 001 uses AB)."""
    return mob(cid, x, y, agility_bonus=ab, **fields)


@pytest.mark.parametrize(
    ("action", "metres"), [("half-move", 3), ("full-move", 6), ("charge", 9), ("run", 18)]
)
def test_budgets_from_agility_bonus(action: str, metres: int) -> None:
    """AB 3: half 3 m, full 6, charge 9, run 18 (seed 001 structured-time table)."""
    s = make("dh2e", ["." * 20], acolyte("a", 0, 0, 3))
    reach = reachable(s, "a", action)
    assert reach.to_json()["budget"] == metres
    assert max(sq["cost"] for sq in reach.to_json()["squares"]) == metres


def test_ab_zero_half_move_is_half_a_metre() -> None:
    """AB 0: half move 1/2 m, too short for a 1-m square; full move 1 m (seed 001 row 0)."""
    s = make("dh2e", ["..."], acolyte("a", 0, 0, 0))
    assert reachable(s, "a", "half-move").to_json()["budget"] == 0.5
    assert reachable(s, "a", "half-move").squares == ()
    assert reachable(s, "a", "full-move").cost_at((1, 0)) is not None


def test_beyond_the_table() -> None:
    """AB 12 extrapolates the formula and says so (RULES 2)."""
    s = make("dh2e", ["." * 30], acolyte("a", 0, 0, 12))
    data = reachable(s, "a", "half-move").to_json()
    assert data["budget"] == 12
    assert data["notes"][0]["note"] == "beyond-table"


@pytest.mark.parametrize(
    ("diagonal", "cost"), [("equidistant", 3), ("alternating", 4), ("euclidean", 4.242)]
)
def test_diagonal_switch(diagonal: str, cost: float) -> None:
    """Three diagonals: 3 m equidistant, 1+2+1 alternating, 3 x 1.414 m euclidean (RULES 2)."""
    s = make("dh2e", ["...."] * 4, acolyte("a", 0, 0, 3))
    result = check_path(s, "a", [(1, 1), (2, 2), (3, 3)], switches={"diagonal": diagonal})
    assert result.to_json()["cost"] == cost


def test_hardest_agility_test() -> None:
    """A path over mud then rubble needs a Hard (-20) Agility test (seed 001 table)."""
    legend = {"m": {"flags": [], "terrain": "mud"}, "r": {"flags": [], "terrain": "rubble"}}
    s = make("dh2e", [".mr."], acolyte("a", 0, 0, 3), legend=legend)
    data = find_path(s, "a", (3, 0)).to_json()
    assert (data["test"]["terrain"], data["test"]["modifier"]) == ("rubble", -20)
    assert data["test"]["difficulty"] == "hard"
    only_mud = check_path(s, "a", [(1, 0)]).to_json()["test"]
    assert (only_mud["difficulty"], only_mud["modifier"]) == ("challenging", 0)


def test_enemies_block_and_occupied_end() -> None:
    """dh2e on a grid: allies passed, enemies not, no ending in an occupied square."""
    s = make(
        "dh2e", ["....", "...."], acolyte("a", 0, 0, 3), acolyte("b", 1, 0, 3),
        acolyte("h", 2, 0, 3, side="foes"),
    )  # fmt: skip
    assert [v["rule"] for v in check_path(s, "a", [(1, 0)]).to_json()["violations"]] == [
        "occupied-end"
    ]
    assert [
        v["rule"] for v in check_path(s, "a", [(1, 0), (2, 0), (3, 0)]).to_json()["violations"]
    ] == ["enemy-space"]


def test_mover_without_agility_bonus() -> None:
    """A dh2e mover without agility_bonus is an input error naming it."""
    s = make("dh2e", ["..."], mob("a", 0, 0, speed=None))
    with pytest.raises(InputError, match="agility_bonus"):
        reachable(s, "a")
