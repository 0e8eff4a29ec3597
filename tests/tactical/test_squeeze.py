"""Squeezing (RULES.md 1.5, seed 004 "挤进狭窄空间"), issue 12 items 1-5, from small scenes.

Seed 004 line 155: an ogre (2 squares wide) squeezes into a 1-square space; line 157: a large
creature squeezed into a 1-square space is drawn on the narrow space's border; line 171: "生物
可以在移动中挤过敌人占据的方格,但移动的终点不能落在被占据的方格" (a creature may squeeze past
an enemy's square while moving, never end there).
"""

from __future__ import annotations

import pytest

from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob, rules_of

pytestmark = pytest.mark.parametrize("system", ["pf1e", "dnd35"])

#: A 1-square corridor on row 1 between wall squares (seed 004 line 155's ogre case).
CORRIDOR = ["....####", "........", "....####"]
THROUGH = [(1, 0), (2, 0), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]


def ogre(x: int = 0, y: int = 0, **fields: object) -> dict[str, object]:
    """Return a large creature (a 2 x 2 space), speed 60 unless given."""
    return mob("o", x, y, **{"size": "large", "speed": 60, "side": "foes", **fields})


def test_squeezes_past_an_enemy_in_a_corridor(system: str) -> None:
    """A large creature squeezing through a corridor passes an enemy there (seed 004 l. 171)."""
    s = make(system, CORRIDOR, ogre(), mob("e", 5, 1))
    result = check_path(s, "o", THROUGH, action="double-move").to_json()
    assert result["legal"], result["violations"]
    assert [b["cost"] for b in result["breakdown"]] == [5, 5, 5, 10, 10, 10, 10]
    past = result["breakdown"][4]  # the space [4, 1] [5, 1]: the enemy's square
    assert "squeezing past an enemy" in " ".join(w["label"] for w in past["why"])
    assert past["penalties"] == {"attack": -4, "ac": -4}


def test_never_ends_on_the_enemy_squeezed_past(system: str) -> None:
    """Squeezing past an enemy never ends in its square (`occupied-end`, seed 004 l. 171)."""
    s = make(system, CORRIDOR, ogre(), mob("e", 5, 1))
    assert rules_of(check_path(s, "o", THROUGH[:5], action="double-move")) == ["occupied-end"]
    assert reachable(s, "o", "double-move").cost_at((4, 1)) is None
    beyond = find_path(s, "o", (6, 1), action="double-move").to_json()
    assert beyond["cost"] == 50  # a diagonal, 5 ft, then 3 x 10 ft squeezed, past the enemy


def test_squeeze_past_needs_a_squeezing_mover_by_default(system: str) -> None:
    """In the open a medium mover may not pass an enemy (`enemy-space`); `any`: x2, -4/-4."""
    s = make(system, ["...."], mob("v", 0, 0), mob("e", 1, 0, side="foes"))
    assert rules_of(check_path(s, "v", [(1, 0), (2, 0)])) == ["enemy-space"]
    anyone = check_path(s, "v", [(1, 0), (2, 0)], switches={"squeeze_past": "any"}).to_json()
    assert anyone["legal"]
    assert [b["cost"] for b in anyone["breakdown"]] == [10, 5]
    assert anyone["breakdown"][0]["penalties"] == {"attack": -4, "ac": -4}


def test_medium_squeezing_in_a_narrow_square_passes_an_enemy(system: str) -> None:
    """A medium mover squeezing (a 2.5-ft gap) passes the enemy standing in it (x2 once)."""
    legend = {"n": {"flags": [], "width_ft": 2.5}}
    s = make(system, [".n."], mob("v", 0, 0), mob("e", 1, 0, side="foes"), legend=legend)
    result = check_path(s, "v", [(1, 0), (2, 0)]).to_json()
    assert result["legal"]
    assert [b["cost"] for b in result["breakdown"]] == [10, 5]


def test_reported_as_enemy_space_not_wall(system: str) -> None:
    """A large creature that cannot pass an enemy in the open: `enemy-space`, never `wall`."""
    s = make(system, ["....", "....", "...."], ogre(), mob("e", 2, 0, side="party"))
    assert rules_of(check_path(s, "o", [(1, 0)])) == ["enemy-space", "occupied-end"]


@pytest.mark.parametrize("at", [(3, 1), (4, 1), (5, 1)])
def test_an_ally_in_the_corridor_does_not_stop_it(system: str, at: tuple[int, int]) -> None:
    """An ally in a 1-square corridor is passed by a squeezing large creature (RULES 1.3)."""
    s = make(system, CORRIDOR, ogre(), mob("a", *at, side="foes"))
    result = check_path(s, "o", THROUGH, action="double-move")
    assert result.legal, result.to_json()["violations"]


def test_an_ally_in_a_vertical_corridor(system: str) -> None:
    """Down a vertical 1-square corridor the space lies along the columns; an ally is passed."""
    rows = ["...", "...", "...", "#.#", "#.#", "#.#", "..."]
    s = make(system, rows, ogre(), mob("a", 1, 4, side="foes"))
    result = check_path(s, "o", [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5)]).to_json()
    assert result["legal"]
    assert result["breakdown"][3]["occupies"] == [[1, 4], [1, 5]]


def test_through_a_doorway_in_a_thin_wall(system: str) -> None:
    """A large creature squeezes through a 1-square doorway in a thin wall (RULES 1.5)."""
    walls = [{"from": [0, 3], "to": [4, 3]}, {"from": [5, 3], "to": [8, 3]}]
    s = make(system, ["........"] * 7, ogre(4, 0), walls=walls)
    found = find_path(s, "o", (4, 4), action="double-move").to_json()
    assert found["found"]
    assert found["path"] == [[4, 0], [4, 1], [4, 2], [4, 3], [4, 4]]
    assert [b["cost"] for b in found["breakdown"]] == [5, 10, 5, 5]
    assert found["breakdown"][1]["occupies"] == [[4, 2], [4, 3]]  # the columns, through it


def test_a_closed_door_narrows_like_a_wall(system: str) -> None:
    """A closed door in the doorway's place stops even the squeeze; an open one lets it by."""
    walls = [{"from": [0, 3], "to": [4, 3]}, {"from": [5, 3], "to": [8, 3]}]
    for door, found in (("closed", False), ("open", True)):
        doored = [*walls, {"from": [4, 3], "to": [5, 3], "door": door}]
        s = make(system, ["........"] * 7, ogre(4, 0), walls=doored)
        assert find_path(s, "o", (4, 4), action="double-move").found is found


def test_no_space_straddles_a_thin_wall_end(system: str) -> None:
    """A space over a thin wall's end squeezes (x2): a diagonal into it costs 3 squares."""
    s = make(system, ["....", "....", "...."], ogre(0, 1, speed=30),
             walls=[{"from": [2, 0], "to": [2, 1]}])  # fmt: skip
    assert check_path(s, "o", [(1, 1)]).to_json()["cost"] == 5  # the wall's end on its border
    step = check_path(s, "o", [(1, 0)]).to_json()["breakdown"][0]
    assert step["cost"] == 15
    assert step["occupies"] == [[1, 0], [1, 1]]


def test_the_placement_that_fits_cheaper_is_used(system: str) -> None:
    """Rows over difficult terrain (x4), columns clear (x2): the columns are used (RULES 1.5)."""
    s = make(system, ["..^.", "..#.", "...."], ogre(speed=30))
    step = check_path(s, "o", [(1, 0)]).to_json()["breakdown"][0]
    assert step["cost"] == 10
    assert step["occupies"] == [[1, 0], [1, 1]]


def test_huge_at_a_one_square_gap_is_too_narrow(system: str) -> None:
    """A huge creature (3 squares) at a 1-square gap: `too-narrow`, never `wall` (seed 004)."""
    rows = ["......####", "......####", "..........", "......####", "......####"]
    s = make(system, rows, mob("h", 0, 1, size="huge", speed=60))
    path = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
    assert rules_of(check_path(s, "h", path, action="double-move")) == ["too-narrow", "too-narrow"]


def test_huge_squeezes_through_two_squares(system: str) -> None:
    """A huge creature squeezes through a 2-square corridor (RULES 1.5), 2 rows x 3 columns."""
    rows = ["......####", "..........", "..........", "......####", "......####"]
    s = make(system, rows, mob("h", 0, 1, size="huge", speed=60))
    walked = check_path(s, "h", [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)],
                        action="double-move").to_json()  # fmt: skip
    assert walked["legal"], walked["violations"]
    assert walked["breakdown"][-1]["occupies"] == [[6, 1], [7, 1], [8, 1], [6, 2], [7, 2], [8, 2]]


def test_a_narrower_square_in_the_corridor_is_too_narrow(system: str) -> None:
    """A corridor square 4 ft wide (under half of a large 10 ft): `too-narrow`, not a squeeze."""
    rows = ["....####", "....nnnn", "....####"]
    legend = {"n": {"flags": [], "width_ft": 4}}
    s = make(system, rows, ogre(), legend=legend)
    assert "too-narrow" in rules_of(check_path(s, "o", THROUGH[:5], action="double-move"))


def test_reach_json_lists_the_squares_filled(system: str) -> None:
    """Reach JSON gives `occupies` for a squeezed end square, none for a whole space."""
    s = make(system, CORRIDOR, ogre(speed=40))
    squares = {tuple(q["at"]): q for q in reachable(s, "o").to_json()["squares"]}
    assert squares[(4, 1)]["occupies"] == [[4, 1], [5, 1]]
    assert squares[(3, 0)]["occupies"] == [[3, 0], [3, 1]]
    assert "occupies" not in squares[(1, 0)]


#: A huge mover (3 x 3) beside a wall square: at (2, 0) its space squeezes (rows or columns).
HUGE_BY_A_WALL = [".......", ".......", "....#..", ".......", "......."]


def test_a_squeeze_takes_the_placement_whose_step_passes_no_corner(system: str) -> None:
    """The diagonal (1,1) -> (2,0) of a huge mover is legal: squeezed into columns (x 2-3,
    y 0-2) its space cuts no corner of the wall at (4, 2), where the rows placement would
    (RULES 1.5, 1.2). Its price: a diagonal into a squeeze, 15 ft as two diagonals (default),
    10 ft under ``hampered_diagonal=multiply`` (the seed-4 case of the terrain property)."""
    s = make(system, HUGE_BY_A_WALL, mob("h", 1, 1, size="huge"))
    for switches, cost in (({}, 15), ({"hampered_diagonal": "multiply"}, 10)):
        result = check_path(s, "h", [(2, 0)], switches=switches).to_json()
        assert result["legal"], result["violations"]
        assert result["cost"] == cost
        columns = [[2, 0], [3, 0], [2, 1], [3, 1], [2, 2], [3, 2]]
        assert result["breakdown"][0]["occupies"] == columns
        assert reachable(s, "h", "move", switches=switches).distance_at((2, 0)) == cost
        assert find_path(s, "h", (2, 0), switches=switches).to_json()["cost"] == cost
