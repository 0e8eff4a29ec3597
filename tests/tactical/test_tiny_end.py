"""Tiny movers ending in occupied squares (switch tiny_end), a rule RULES.md is silent on.

It runs for pf1e and dnd35 (RULES.md 1.3-1.5: the same rules, seed 004; pf1e the same).
The decision and its sources: docs/decisions.md, "Rules the spec is silent on".
"""

from __future__ import annotations

import pytest

from footfall.rules import load_system
from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob, rules_of

SYSTEMS = ["pf1e", "dnd35"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_tiny_end_default_is_share(system: str) -> None:
    """The system file names `share` the default of switch tiny_end (docs/decisions.md)."""
    rule = load_system(system).interpretation("tiny_end")
    assert (rule.default, rule.choice_ids) == ("share", ("share", "forbid"))


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("size", ["tiny", "diminutive", "fine"])
def test_tiny_mover_ends_in_a_foes_square_under_share(system: str, size: str) -> None:
    """tiny_end=share: a fine..tiny mover ends in an enemy's square, provoking (seed 004 line
    120: "可以进入或穿越被占据的方格,但会引发借机攻击"; here by leaving the square beside it)."""
    s = make(system, ["....."], mob("t", 0, 0, size=size), mob("g", 2, 0, side="foes"))
    assert reachable(s, "t").cost_at((2, 0)) == 2
    checked = check_path(s, "t", [(1, 0), (2, 0)]).to_json()
    assert checked["legal"] and checked["cost"] == 10
    assert [(p["step"], p["by"], p["reason"]) for p in checked["provokes"]] == [(2, "g", "threat")]
    assert [w["rule"] for w in checked["breakdown"][-1]["why"]] == ["pass", "share"]
    found = find_path(s, "t", (2, 0)).to_json()
    assert found["found"] and found["path"] == [[0, 0], [1, 0], [2, 0]]


@pytest.mark.parametrize("system", SYSTEMS)
def test_familiar_ends_in_its_masters_square_under_share(system: str) -> None:
    """tiny_end=share: a tiny familiar ends in its (medium) master's square, provoking nothing."""
    s = make(system, ["...."], mob("f", 0, 0, size="tiny"), mob("wiz", 1, 0))
    checked = check_path(s, "f", [(1, 0)]).to_json()
    assert (checked["legal"], checked["provokes"]) == (True, [])
    assert [w["rule"] for w in checked["breakdown"][0]["why"]] == ["ally", "share"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_tiny_end_forbid_keeps_the_general_end_rule(system: str) -> None:
    """tiny_end=forbid: a tiny mover passes occupied squares but ends in none (RULES 1.3)."""
    s = make(
        system,
        ["....."],
        mob("t", 0, 0, size="tiny"),
        mob("wiz", 1, 0),
        mob("g", 2, 0, side="foes"),
    )
    forbid = {"tiny_end": "forbid"}
    reach = reachable(s, "t", switches=forbid)
    assert reach.cost_at((1, 0)) is None and reach.cost_at((2, 0)) is None
    assert reach.cost_at((3, 0)) == 3  # passed through both
    assert rules_of(check_path(s, "t", [(1, 0), (2, 0)], switches=forbid)) == ["occupied-end"]
    assert find_path(s, "t", (2, 0), switches=forbid).to_json()["rule"] == "occupied-end"
    assert reach.to_json()["switches"]["tiny_end"] == "forbid"


@pytest.mark.parametrize("system", SYSTEMS)
def test_share_is_for_tiny_movers_only(system: str) -> None:
    """A small mover never ends in an occupied square, whatever tiny_end says (RULES 1.3)."""
    s = make(system, ["...."], mob("h", 0, 0, size="small"), mob("wiz", 1, 0))
    assert rules_of(check_path(s, "h", [(1, 0)])) == ["occupied-end"]
    assert reachable(s, "h").cost_at((1, 0)) is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_tiny_mover_still_cannot_end_on_a_huge_helpless_body(system: str) -> None:
    """A huge helpless creature is an obstacle (seed 004 line 116): no end on it, share or not."""
    s = make(
        system,
        ["....", "....", "...."],
        mob("t", 0, 0, size="tiny"),
        mob("dragon", 1, 0, size="huge", side="foes", helpless=True),
    )
    assert rules_of(check_path(s, "t", [(1, 0)])) == ["obstacle-end"]
