"""Rule tests for pf1e / dnd35 on the grid (RULES.md 1.2-1.5), each from a small scene."""

from __future__ import annotations

import pytest

from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob, rules_of

#: Every rule test runs for both systems: they share RULES.md 1.2-1.5 (seed 004, pf1e the same).
pytestmark = pytest.mark.parametrize("system", ["pf1e", "dnd35"])

X4 = {"4": ["difficult", "poor_visibility"], "8": ["difficult", "poor_visibility", "obstacle"]}


def test_five_ten_five_parity(system: str) -> None:
    """Three diagonals cost 5 + 10 + 5 = 20 ft (RULES 1.2, 5-10-5)."""
    s = make(system, ["....", "....", "...."], mob("v", 0, 0))
    result = check_path(s, "v", [(1, 1), (2, 2), (3, 1)])
    assert result.legal
    assert [b["cost"] for b in result.to_json()["breakdown"]] == [5, 10, 5]
    assert result.to_json()["cost"] == 20


def test_hampering_factors_multiply(system: str) -> None:
    """Difficult x2; difficult and poor visibility together x4 (seed 000 'перемножайте')."""
    s = make(system, [".^4"], mob("v", 0, 0), legend=X4)
    result = check_path(s, "v", [(1, 0), (2, 0)], action="double-move").to_json()
    assert [b["cost"] for b in result["breakdown"]] == [10, 20]


@pytest.mark.parametrize(
    ("char", "as_diagonals", "multiply"),
    [("^", 15, 10), ("4", 30, 20), ("8", 60, 40)],
)
def test_diagonal_into_hampered_counts_as_m_diagonals(
    system: str, char: str, as_diagonals: int, multiply: int
) -> None:
    """A diagonal into x2/x4/x8 costs 3/6/12 squares; switch multiply: 1-or-2 times m."""
    s = make(system, ["..", "." + char], mob("v", 0, 0, speed=60), legend=X4)
    default = check_path(s, "v", [(1, 1)], action="double-move").to_json()
    other = check_path(
        s, "v", [(1, 1)], action="double-move", switches={"hampered_diagonal": "multiply"}
    ).to_json()
    assert (default["cost"], other["cost"]) == (as_diagonals, multiply)


def test_diagonal_into_difficult_leaves_parity(system: str) -> None:
    """Seed 004: a diagonal into difficult terrain counts as 3 squares and parity is kept."""
    s = make(system, ["...", ".^.", "..."], mob("v", 0, 0))
    walked = check_path(s, "v", [(1, 1), (2, 2)], action="double-move").to_json()
    assert [b["cost"] for b in walked["breakdown"]] == [15, 5]


def test_wall_square_and_corner(system: str) -> None:
    """A wall square cannot be entered; no diagonal past its corner (official rule)."""
    s = make(system, ["..", "#."], mob("v", 0, 0))
    assert rules_of(check_path(s, "v", [(0, 1)])) == ["wall"]
    assert rules_of(check_path(s, "v", [(1, 1)])) == ["corner"]
    assert find_path(s, "v", (1, 1)).to_json()["cost"] == 10


def test_thin_wall_blocks_crossing_and_corner(system: str) -> None:
    """A thin wall on a grid line blocks crossing it and diagonals past its end (SCENE.md)."""
    s = make(system, ["...", "..."], mob("v", 0, 0), walls=[{"from": [1, 0], "to": [1, 1]}])
    assert rules_of(check_path(s, "v", [(1, 0)])) == ["wall"]
    assert rules_of(check_path(s, "v", [(1, 1)])) == ["wall"]
    assert reachable(s, "v").cost_at((1, 0)) == 3


def test_open_door_does_not_block(system: str) -> None:
    """An open door in a thin wall blocks nothing (SCENE.md)."""
    wall = {"from": [1, 0], "to": [1, 1], "door": "open"}
    s = make(system, ["..", ".."], mob("v", 0, 0), walls=[wall])
    assert check_path(s, "v", [(1, 0)]).legal


def test_pit_blocks_walkers_not_corners_and_flyers_cross(system: str) -> None:
    """Pits: impassable to walkers, no corner block; flyers cross them (RULES 1.2)."""
    s = make(
        system,
        ["._.", "..."],
        mob("v", 0, 0),
        mob("b", 0, 1, speed=10, fly={"speed": 40, "maneuverability": "good"}),
    )
    assert rules_of(check_path(s, "v", [(1, 0)])) == ["impassable"]
    assert check_path(s, "v", [(1, 1)]).legal  # the pit beside the diagonal is no corner
    assert check_path(s, "b", [(1, 0), (2, 0)], flying=True).legal


def test_flyer_ignores_difficult_terrain(system: str) -> None:
    """A flying mover pays 5 ft for a difficult square (RULES 1.2)."""
    fly = {"speed": 30, "maneuverability": "average"}
    s = make(system, [".^"], mob("b", 0, 0, fly=fly, alt=10))
    assert check_path(s, "b", [(1, 0)]).to_json()["cost"] == 5
    assert check_path(s, "b", [(1, 0)], flying=False).to_json()["cost"] == 10


def test_allies_pass_but_no_ending_on_them(system: str) -> None:
    """Allies may be passed; no movement ends in an occupied square (seed 004 line 115)."""
    s = make(system, ["..."], mob("v", 0, 0), mob("k", 1, 0))
    assert check_path(s, "v", [(1, 0), (2, 0)]).legal
    assert rules_of(check_path(s, "v", [(1, 0)])) == ["occupied-end"]
    assert reachable(s, "v").cost_at((1, 0)) is None


def test_enemy_blocks_unless_helpless(system: str) -> None:
    """Enemies cannot be passed unless helpless; a helpless one may be ended on (seed 004)."""
    s = make(system, ["...", "..."], mob("v", 0, 0), mob("g", 1, 0, side="foes"))
    assert rules_of(check_path(s, "v", [(1, 0), (2, 0)])) == ["enemy-space"]
    s2 = make(system, ["..."], mob("v", 0, 0), mob("g", 1, 0, side="foes", helpless=True))
    assert check_path(s2, "v", [(1, 0), (2, 0)]).legal
    assert check_path(s2, "v", [(1, 0)]).legal


def test_huge_helpless_is_an_obstacle(system: str) -> None:
    """A huge helpless creature counts as an obstacle: x2 and no ending on it (seed 004)."""
    s = make(
        system,
        ["....", "....", "....", "...."],
        mob("v", 0, 0),
        mob("d", 1, 0, side="foes", size="huge", helpless=True),
    )
    walked = check_path(s, "v", [(1, 0), (0, 1)], action="double-move").to_json()
    assert walked["breakdown"][0]["cost"] == 10
    assert rules_of(check_path(s, "v", [(1, 0)])) == ["obstacle-end"]


def test_three_size_categories_pass(system: str) -> None:
    """A medium mover passes a gargantuan enemy's space, three sizes apart (RULES 1.3)."""
    s = make(system, ["." * 8] * 4, mob("v", 0, 0), mob("c", 1, 0, side="foes", size="gargantuan"))
    result = check_path(s, "v", [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]).to_json()
    assert result["legal"]
    assert [(p["step"], p["by"]) for p in result["provokes"]] == [(1, "c")]
    s2 = make(system, ["." * 8] * 4, mob("v", 0, 0), mob("c", 1, 0, side="foes", size="huge"))
    assert rules_of(check_path(s2, "v", [(1, 0), (2, 0), (3, 0), (4, 0)])) == ["enemy-space"] * 3


def test_tiny_mover_passes_enemy_and_provokes(system: str) -> None:
    """A tiny mover enters an enemy's square and provokes (seed 004 line 120)."""
    s = make(system, [".....", "....."], mob("t", 0, 1, size="tiny"), mob("g", 2, 1, side="foes"))
    result = check_path(s, "t", [(1, 1), (2, 1), (3, 1)]).to_json()
    assert result["legal"]
    assert [(p["step"], p["by"]) for p in result["provokes"]] == [(2, "g")]


def test_obstacle_crossed_not_ended_on(system: str) -> None:
    """An obstacle costs x2 and no movement ends on it (seed 004 line 149)."""
    s = make(system, [".o."], mob("v", 0, 0))
    assert check_path(s, "v", [(1, 0), (2, 0)]).to_json()["cost"] == 15
    assert rules_of(check_path(s, "v", [(1, 0)])) == ["obstacle-end"]


def test_large_mover_pays_most_hampered_square(system: str) -> None:
    """A 2x2 mover pays for the most hampered square of the space it enters (seed 004)."""
    s = make(system, ["....", "...^"], mob("o", 0, 0, size="large", side="foes"))
    assert check_path(s, "o", [(1, 0)]).to_json()["cost"] == 5
    assert check_path(s, "o", [(1, 0), (2, 0)]).to_json()["breakdown"][1]["cost"] == 10


def test_squeeze_half_width(system: str) -> None:
    """A 2.5-ft gap: medium squeezes, each square x2, -4 attack / -4 AC (seed 004)."""
    s = make(system, [".n."], mob("v", 0, 0), legend={"n": {"flags": [], "width_ft": 2.5}})
    result = check_path(s, "v", [(1, 0), (2, 0)]).to_json()
    assert result["breakdown"][0]["cost"] == 10
    assert result["breakdown"][0]["penalties"] == {"attack": -4, "ac": -4}


def test_too_narrow(system: str) -> None:
    """Narrower than half its width: `too-narrow` (Escape Artist not computed)."""
    s = make(system, [".n."], mob("v", 0, 0), legend={"n": {"flags": [], "width_ft": 2}})
    assert rules_of(check_path(s, "v", [(1, 0), (2, 0)])) == ["too-narrow"]


def test_narrow_and_low_stack(system: str) -> None:
    """Narrow and low at once: x4, -8/-8 (RULES 1.5)."""
    legend = {"n": {"flags": [], "width_ft": 2.5, "height_ft": 4}}
    s = make(system, [".n."], mob("v", 0, 0), legend=legend)
    step = check_path(s, "v", [(1, 0), (2, 0)], action="double-move").to_json()["breakdown"][0]
    assert step["cost"] == 20
    assert step["penalties"] == {"attack": -8, "ac": -8}


def test_large_creature_squeezes_through_one_square_corridor(system: str) -> None:
    """A large creature squeezes through a 1-square corridor at x2 (seed 004 line 155)."""
    corridor = make(
        system, ["....####", "........", "....####"], mob("o", 0, 0, size="large", speed=40)
    )
    result = check_path(corridor, "o", [(1, 0), (2, 0), (2, 1), (3, 1), (4, 1)]).to_json()
    assert result["legal"]
    assert [b["cost"] for b in result["breakdown"]] == [5, 5, 5, 10, 10]
    last = result["breakdown"][-1]
    assert last["cost"] == 10
    assert last["penalties"] == {"attack": -4, "ac": -4}
    assert any(w["rule"] == "squeeze" for w in last["why"])


def test_double_move_one_diagonal_count(system: str) -> None:
    """A double move has one 5-10-5 count over both moves (RULES 1.4)."""
    s = make(system, ["." * 13] * 13, mob("v", 0, 0))
    assert reachable(s, "v", "double-move").cost_at((8, 8)) == 12  # 8 diagonals: 12 squares
    assert reachable(s, "v", "double-move").cost_at((9, 9)) is None


def test_run_budget_and_heavy_armor(system: str) -> None:
    """Run x4; x3 in heavy armor (seed 000 'Бег (x4)' / 'Бег (x3)')."""
    s = make(system, ["." * 30], mob("v", 0, 0))
    assert reachable(s, "v", "run").to_json()["budget"] == 120
    s2 = make(system, ["." * 30], mob("h", 0, 0, armor="heavy"))
    assert reachable(s2, "h", "run").to_json()["budget"] == 90


def test_run_refuses_hampered_squares(system: str) -> None:
    """No running through a hampered square (seed 000, `hampered-run`)."""
    s = make(system, [".^.."], mob("v", 0, 0))
    assert rules_of(check_path(s, "v", [(1, 0), (2, 0)], action="run")) == ["hampered-run"]


def test_run_straight_switch(system: str) -> None:
    """Switch run_straight=on makes a run a straight line (official rule)."""
    s = make(system, ["....", "...."], mob("v", 0, 0))
    bent = [(1, 0), (2, 1), (3, 0)]
    assert check_path(s, "v", bent, action="run").legal
    on = check_path(s, "v", bent, action="run", switches={"run_straight": "on"})
    assert rules_of(on) == ["straight-line"]


def test_charge_straight_no_hampered_no_ally(system: str) -> None:
    """Charge: a straight line, no hampered square, no ally in the way (official, seed 004)."""
    s = make(system, ["......", "......"], mob("v", 0, 0), mob("k", 2, 0))
    assert rules_of(check_path(s, "v", [(1, 0), (2, 0), (3, 0)], action="charge")) == [
        "ally-charge"
    ]
    assert rules_of(check_path(s, "v", [(1, 1), (2, 1), (3, 0)], action="charge")) == [
        "straight-line"
    ]
    s2 = make(system, [".^.."], mob("v", 0, 0))
    assert rules_of(check_path(s2, "v", [(1, 0), (2, 0)], action="charge")) == ["hampered-run"]
    assert reachable(s2, "v", "charge").cost_at((2, 0)) is None


def test_five_foot_step(system: str) -> None:
    """One square, not into hampered terrain, and it does not provoke (official)."""
    s = make(system, ["^..", "..."], mob("v", 1, 0), mob("g", 2, 1, side="foes"))
    reach = reachable(s, "v", "five-foot-step")
    assert sorted(sq.at for sq in reach.squares) == [(0, 1), (1, 1), (2, 0)]
    assert rules_of(check_path(s, "v", [(0, 0)], action="five-foot-step")) == ["hampered", "budget"]
    assert check_path(s, "v", [(1, 1)], action="five-foot-step").to_json()["provokes"] == []


def test_withdraw_first_square_does_not_provoke(system: str) -> None:
    """Withdraw: leaving the first square does not provoke; a move does (official)."""
    s = make(system, ["....."], mob("v", 1, 0), mob("g", 0, 0, side="foes"))
    path = [(2, 0), (3, 0)]
    assert check_path(s, "v", path, action="withdraw").to_json()["provokes"] == []
    provoked = check_path(s, "v", path).to_json()["provokes"]
    assert [(p["step"], p["by"], p["kind"]) for p in provoked] == [
        (1, "g", "attack-of-opportunity")
    ]


def test_minimum_move_into_heavy_hampering(system: str) -> None:
    """Minimum move: one square whatever it costs, never two (seed 000 / seed 004 line 127)."""
    s = make(system, [".8.", "..."], mob("v", 0, 0, speed=5), legend=X4)
    assert reachable(s, "v").cost_at((1, 0)) is None
    assert reachable(s, "v", "minimum-move").cost_at((1, 0)) is None  # obstacle: no end
    s2 = make(system, [".4.", "..."], mob("v", 0, 0, speed=5), legend=X4)
    assert reachable(s2, "v", "minimum-move").cost_at((1, 0)) == 4
    assert rules_of(check_path(s2, "v", [(1, 0), (2, 0)], action="minimum-move")) == ["budget"]


def test_budget_violation_and_reach_limit(system: str) -> None:
    """A 30-ft move reaches 6 squares east, not 7 (`budget`)."""
    s = make(system, ["." * 8], mob("v", 0, 0))
    assert reachable(s, "v").cost_at((6, 0)) == 6
    path = [(i, 0) for i in range(1, 8)]
    assert rules_of(check_path(s, "v", path)) == ["budget"]


def test_waypoints_carry_the_diagonal_count(system: str) -> None:
    """Through a waypoint the 5-10-5 count carries on: two diagonals cost 15 ft."""
    s = make(system, ["...", "...", "..."], mob("v", 0, 0))
    result = find_path(s, "v", (2, 2), via=[(1, 1)]).to_json()
    assert result["found"] and result["cost"] == 15
    assert result["path"] == [[0, 0], [1, 1], [2, 2]]


def test_path_not_found_reports_budget_and_cheapest(system: str) -> None:
    """A square out of reach: found false, rule budget, the cheapest cost (SCENE.md)."""
    s = make(system, ["." * 10], mob("v", 0, 0))
    result = find_path(s, "v", (9, 0)).to_json()
    assert (result["found"], result["rule"], result["cheapest"]) == (False, "budget", 45)


def test_leaving_threatened_square_provokes_once(system: str) -> None:
    """Leaving squares an enemy threatens provokes one attack of opportunity (official)."""
    s = make(system, ["....", "...."], mob("v", 0, 0), mob("g", 1, 1, side="foes"))
    result = check_path(s, "v", [(1, 0), (2, 0), (3, 0)]).to_json()
    assert [(p["step"], p["by"]) for p in result["provokes"]] == [(1, "g")]


def test_crawl_a_quarter_of_its_height(system: str) -> None:
    """A square a quarter of the mover's height: prone crawl, one square per move (RULES 1.5)."""
    legend = {"c": {"flags": [], "height_ft": 2}}
    s = make(system, [".c."], mob("v", 0, 0), legend=legend)
    walked = check_path(s, "v", [(1, 0)], action="double-move").to_json()
    assert walked["breakdown"][0]["cost"] == 30  # a whole 30-ft move
    assert any(w["rule"] == "squeeze" for w in walked["breakdown"][0]["why"])
    low = make(system, [".c."], mob("v", 0, 0), legend={"c": {"flags": [], "height_ft": 1}})
    assert rules_of(check_path(low, "v", [(1, 0)], action="double-move")) == ["too-narrow"]


def test_large_mover_off_the_map_is_out_of_bounds(system: str) -> None:
    """A 2x2 mover whose space would leave the map breaks `out-of-bounds`."""
    s = make(system, ["...", "..."], mob("o", 0, 0, size="large"))
    assert rules_of(check_path(s, "o", [(1, 0), (2, 0)])) == ["out-of-bounds"]
    assert find_path(s, "o", (2, 1)).to_json()["rule"] == "out-of-bounds"


def test_multiply_switch_advances_parity_by_one(system: str) -> None:
    """Switch multiply: a diagonal into difficult costs 1 x 2, the next diagonal is the 2nd."""
    s = make(system, ["...", ".^.", "..."], mob("v", 0, 0))
    walked = check_path(
        s, "v", [(1, 1), (2, 2)], action="double-move", switches={"hampered_diagonal": "multiply"}
    ).to_json()
    assert [b["cost"] for b in walked["breakdown"]] == [10, 10]


def test_run_with_heavy_load_is_x3(system: str) -> None:
    """Run x3 under a heavy load (official rule, RULES 1.1)."""
    s = make(system, ["." * 30], mob("v", 0, 0, load="heavy"))
    assert reachable(s, "v", "run").to_json()["budget"] == 90


def test_path_to_an_occupied_square_says_why(system: str) -> None:
    """A path to an ally's square: found false, rule occupied-end (SCENE.md `reason`)."""
    s = make(system, ["..."], mob("v", 0, 0), mob("k", 2, 0))
    result = find_path(s, "v", (2, 0)).to_json()
    assert (result["found"], result["rule"]) == (False, "occupied-end")
    assert result["reason"] == "the movement cannot end in [2, 0], another creature's space"


def test_large_mover_corner_rule_for_every_square(system: str) -> None:
    """A 2x2 mover's diagonal is refused when any of its squares passes a wall's corner."""
    s = make(system, ["..#.", "....", "....", "...."], mob("o", 0, 0, size="large"))
    assert rules_of(check_path(s, "o", [(1, 1)])) == ["corner"]  # (1,0)->(2,1) passes (2,0)
    assert reachable(s, "o").cost_at((1, 1)) == 2


def test_five_foot_step_needs_speed(system: str) -> None:
    """No five-foot step with speed 0 (official; RULES 1.4)."""
    s = make(system, ["..."], mob("v", 0, 0, speed=0))
    reach = reachable(s, "v", "five-foot-step").to_json()
    assert reach["squares"] == []
    assert reach["notes"][0]["note"] == "no-speed"
    assert rules_of(check_path(s, "v", [(1, 0)], action="five-foot-step")) == ["budget"]


def test_pf1e_passing_three_sizes_apart_provokes(system: str) -> None:
    """pf1e adds that passing a creature three sizes apart provokes; dnd35 does not.

    A withdraw's first square is not threatened, so only entering the space can provoke there.
    """
    s = make(system, ["." * 8] * 4, mob("v", 0, 0), mob("c", 1, 0, side="foes", size="gargantuan"))
    path = [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    provoked = check_path(s, "v", path, action="withdraw").to_json()["provokes"]
    expected = (1, "c", "enter") if system == "pf1e" else (2, "c", "threat")
    assert [(p["step"], p["by"], p["reason"]) for p in provoked] == [expected]


def test_minimum_move_needs_some_speed(system: str) -> None:
    """No minimum move for a creature that cannot move at all (seed 000, seed 004 line 127)."""
    s = make(system, ["..."], mob("v", 0, 0, speed=0))
    assert reachable(s, "v", "minimum-move").to_json()["squares"] == []
    assert rules_of(check_path(s, "v", [(1, 0)], action="minimum-move")) == ["budget"]


def test_waypoint_where_a_large_space_leaves_the_map_is_out_of_bounds(system: str) -> None:
    """A waypoint on the map's last column cannot hold a 2x2 mover: out-of-bounds, no crash.

    Found by the waypoint property (tests/tactical/test_properties.py) on a fresh clone.
    """
    s = make(system, ["......"] * 4, mob("ogre", 0, 0, size="large", side="foes"))
    result = find_path(s, "ogre", (2, 2), via=[(5, 1)])
    assert not result.found
    assert result.to_json()["rule"] == "out-of-bounds"
