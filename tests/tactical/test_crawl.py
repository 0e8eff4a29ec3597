"""The prone crawl through a space a quarter of the mover's height, a rule RULES.md is silent on.

It runs for pf1e and dnd35 (RULES.md 1.3-1.5: the same rules, seed 004; pf1e the same).
The decision and its sources: docs/decisions.md, "Rules the spec is silent on".
"""

from __future__ import annotations

import pytest

from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob, rules_of

SYSTEMS = ["pf1e", "dnd35"]
#: A square 2 ft high: a quarter to a half of a medium creature's 6 ft (RULES 1.5: crawl).
CRAWL = {"c": {"flags": [], "height_ft": 2}}
#: 2 ft high and 2.5 ft wide: a crawl that is also a width squeeze (seed 004: they stack).
NARROW_CRAWL = {"n": {"flags": [], "height_ft": 2, "width_ft": 2.5}}


@pytest.mark.parametrize("system", SYSTEMS)
def test_crawl_square_costs_a_whole_move_action(system: str) -> None:
    """Walk 5 ft, then crawl 5 ft as a second move action: 5 + 30 = 35 ft of a double move
    (seed 004 "身高的1/4: 匍匐移动(5尺)"); in a single move the crawl alone fits."""
    s = make(system, ["..c."], mob("v", 0, 0), legend=CRAWL)
    walked = check_path(s, "v", [(1, 0), (2, 0)], action="double-move").to_json()
    assert (walked["legal"], [b["cost"] for b in walked["breakdown"]]) == (True, [5, 30])
    assert rules_of(check_path(s, "v", [(1, 0), (2, 0)])) == ["budget"]
    s2 = make(system, [".c.."], mob("v", 0, 0), legend=CRAWL)
    assert reachable(s2, "v").cost_at((1, 0)) == 6


@pytest.mark.parametrize("system", SYSTEMS)
def test_standing_up_after_the_crawl_takes_a_move_action(system: str) -> None:
    """Out of the crawl the mover stands up first: a move action (official), so crawl 30 +
    stand 30 + step 5 = 65 ft, more than a double move's 60."""
    s = make(system, [".c.."], mob("v", 0, 0), legend=CRAWL)
    out = check_path(s, "v", [(1, 0), (2, 0)], action="double-move").to_json()
    assert [b["cost"] for b in out["breakdown"]] == [30, 35]
    assert [v["rule"] for v in out["violations"]] == ["budget"]
    assert [w["rule"] for w in out["breakdown"][1]["why"]] == ["squeeze"]
    assert reachable(s, "v", "double-move").cost_at((2, 0)) is None
    assert reachable(s, "v", "run").cost_at((2, 0)) is None  # no hampered square in a run
    tunnel = make(system, [".cc."], mob("v", 0, 0), legend=CRAWL)
    assert reachable(tunnel, "v", "double-move").cost_at((2, 0)) == 12  # two crawls


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_mover_starting_in_a_crawl_square_is_prone(system: str) -> None:
    """Starting in a crawl square, leaving it first stands the mover up (a move action);
    a full-round action (run, charge, withdraw, minimum move) or a 5-foot step cannot include
    that (`stand-up`); a double move can (two move actions)."""
    s = make(system, ["c....."], mob("v", 0, 0), legend=CRAWL)
    assert reachable(s, "v").cost_at((1, 0)) is None
    assert reachable(s, "v", "double-move").cost_at((1, 0)) == 7
    five = check_path(s, "v", [(1, 0)], action="five-foot-step")
    assert rules_of(five) == ["stand-up", "budget"]
    assert rules_of(check_path(s, "v", [(1, 0), (2, 0)], action="charge")) == ["stand-up"]
    assert find_path(s, "v", (3, 0), action="run").found is False
    for action in ("withdraw", "minimum-move"):
        assert rules_of(check_path(s, "v", [(1, 0)], action=action)) == ["stand-up"]
        assert reachable(s, "v", action).squares == ()
    notes = reachable(s, "v").to_json()["notes"]
    assert [n["note"] for n in notes] == ["prone-start"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_crawl_reports_prone_modifiers(system: str) -> None:
    """A crawl step's breakdown reports prone: -4 melee attack, AC -4 melee, +4 ranged
    (seed 004 "AB-4,AC+4(远程),AC-4(近战)"); a narrow crawl stacks the width squeeze."""
    s = make(system, [".c."], mob("v", 0, 0), legend=CRAWL)
    entry = check_path(s, "v", [(1, 0)], action="double-move").to_json()["breakdown"][0]
    assert entry["penalties"] == {"attack": -4, "ac": -4, "ac_ranged": 4, "prone": True}
    both = make(system, [".n."], mob("v", 0, 0), legend=NARROW_CRAWL)
    entry = check_path(both, "v", [(1, 0)], action="double-move").to_json()["breakdown"][0]
    assert entry["penalties"] == {"attack": -8, "ac": -8, "ac_ranged": 0, "prone": True}


@pytest.mark.parametrize("system", SYSTEMS)
def test_crawling_provokes_from_any_threatening_enemy(system: str) -> None:
    """Crawling provokes from an enemy threatening any point of the crawl (official), even one
    the mover approaches; walking up to it provokes nothing."""
    s = make(system, ["..c.", "...."], mob("v", 0, 0), mob("g", 3, 1, side="foes"), legend=CRAWL)
    crawled = check_path(s, "v", [(1, 0), (2, 0)], action="double-move").to_json()
    assert [(p["step"], p["by"], p["reason"]) for p in crawled["provokes"]] == [(2, "g", "crawl")]
    assert crawled["provokes"][0]["message"] == (
        "step 2: crawling where g threatens provokes an attack of opportunity"
    )
    walked = make(system, ["....", "...."], mob("v", 0, 0), mob("g", 3, 1, side="foes"))
    assert check_path(walked, "v", [(1, 0), (2, 0)]).to_json()["provokes"] == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_standing_up_next_to_an_enemy_provokes(system: str) -> None:
    """Standing up from prone where an enemy threatens provokes (official: move action, AoO)."""
    s = make(system, ["c...", "...."], mob("v", 0, 0), mob("g", 1, 1, side="foes"), legend=CRAWL)
    out = check_path(s, "v", [(1, 0)], action="double-move").to_json()
    assert out["legal"]
    assert [(p["step"], p["reason"]) for p in out["provokes"]] == [(1, "stand")]
