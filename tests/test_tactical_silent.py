"""Rules RULES.md is silent on (session 2): tiny movers ending in occupied squares, the
charge's 10-ft minimum, and the prone crawl through a space a quarter of the mover's height.

Each rule runs for pf1e and dnd35 (RULES.md 1.3-1.5: the same rules, seed 004; pf1e the same).
The decisions and their sources: docs/decisions.md, "Rules the spec is silent on".
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from footfall.cli import app
from footfall.errors import RuleDataError
from footfall.rules import load_system, parse_system
from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob

SYSTEMS = ["pf1e", "dnd35"]
#: A square 2 ft high: a quarter to a half of a medium creature's 6 ft (RULES 1.5: crawl).
CRAWL = {"c": {"flags": [], "height_ft": 2}}
#: 2 ft high and 2.5 ft wide: a crawl that is also a width squeeze (seed 004: they stack).
NARROW_CRAWL = {"n": {"flags": [], "height_ft": 2, "width_ft": 2.5}}


def rules_of(result: object) -> list[str]:
    return [v["rule"] for v in result.to_json()["violations"]]  # type: ignore[attr-defined]


# ------------------------------------------------------------------ 1. tiny movers (tiny_end)


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


# ------------------------------------------------------------------ 2. charge: at least 10 ft


@pytest.mark.parametrize("system", SYSTEMS)
def test_charge_data_names_its_minimum(system: str) -> None:
    """The charge row carries min_distance 10 ft (official: "at least 10 feet (2 squares)")."""
    assert load_system(system).action("charge").min_distance == 10


@pytest.mark.parametrize("system", SYSTEMS)
def test_charge_of_one_square_is_short_in_all_three_views(system: str) -> None:
    """A 5-ft charge breaks charge-short in check, path and reach; 10 ft is legal."""
    s = make(system, [".....", ".....", "....."], mob("v", 0, 1))
    for adjacent in ((1, 1), (1, 0), (0, 2)):
        assert rules_of(check_path(s, "v", [adjacent], action="charge")) == ["charge-short"]
        found = find_path(s, "v", adjacent, action="charge").to_json()
        assert (found["found"], found["rule"]) == (False, "charge-short")
    reach = reachable(s, "v", "charge")
    assert all(max(abs(x), abs(y - 1)) >= 2 for (x, y) in (sq.at for sq in reach.squares))
    assert reach.cost_at((2, 1)) == 2 and reach.cost_at((2, 0)) == 2  # 10 ft: straight, legal
    assert check_path(s, "v", [(1, 0), (2, 0)], action="charge").legal  # not a straight line
    assert rules_of(check_path(s, "v", [(1, 0), (2, 0)], action="charge")) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_two_diagonals_are_a_long_enough_charge(system: str) -> None:
    """Two diagonal squares cost 15 ft (5-10-5): a legal charge (RULES 1.2, official 10 ft)."""
    s = make(system, ["...", "...", "..."], mob("v", 0, 0))
    checked = check_path(s, "v", [(1, 1), (2, 2)], action="charge").to_json()
    assert (checked["legal"], checked["cost"]) == (True, 15)


def test_charge_short_message_in_three_languages() -> None:
    """charge-short speaks each seed's term: атака с разбега (seed 000), 冲锋 (seed 004)."""
    s = make("pf1e", ["...."], mob("v", 0, 0))
    result = check_path(s, "v", [(1, 0)], action="charge")
    messages = {
        lang: result.to_json(lang)["violations"][0]["message"] for lang in ("en", "ru", "zh")
    }
    assert messages == {
        "en": "step 1: a charge must move at least 10 ft: [1, 0] is too close",
        "ru": "шаг 1: атака с разбега требует переместиться хотя бы на 10 фт: "
        "[1, 0] слишком близко",
        "zh": "第1步:冲锋至少要移动10尺:[1, 0]太近",
    }


def test_a_run_and_a_dh2e_charge_have_no_minimum() -> None:
    """Only the pf1e/dnd35 charge has a minimum: a 1-square run (x4) and a 1-m dh2e Натиск
    (seed 001 structured table: no minimum printed) are legal."""
    pf = make("pf1e", ["...."], mob("v", 0, 0))
    assert check_path(pf, "v", [(1, 0)], action="run", switches={"run_straight": "on"}).legal
    dh = make("dh2e", ["...."], mob("v", 0, 0, agility_bonus=3))
    assert check_path(dh, "v", [(1, 0)], action="charge").legal


def test_min_distance_needs_a_straight_line() -> None:
    """The loader refuses a minimum distance on an action that is not a straight line."""
    raw = resources.files("footfall.systems").joinpath("pf1e.toml").read_text(encoding="utf-8")
    bad = raw.replace(
        'restrictions = ["one_diagonal_count", "first_square_safe", "full_round"]',
        'restrictions = ["one_diagonal_count", "first_square_safe", "full_round"]\n'
        "min_distance = 10",
    )
    assert bad != raw
    with pytest.raises(RuleDataError, match=r"min_distance.*only a straight_line action"):
        parse_system(bad, "systems/pf1e.toml", expected_id="pf1e")


# ------------------------------------------------------------------ 3. crawl (RULES 1.5)


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


def test_crawl_in_the_terminal(tmp_path: Path) -> None:
    """`footfall check` prints the crawl's prone modifiers, the stand-up and the crawl's
    provocation (seed 004 "AB-4,AC+4(远程),AC-4(近战)"; official: crawling provokes)."""
    scene = {
        "footfall": 1,
        "system": "pf1e",
        "map": ["..c.", "...."],
        "legend": {"c": {"flags": [], "height_ft": 2}},
        "creatures": [
            {"id": "valeros", "at": [0, 0], "size": "medium", "side": "party", "speed": 30},
            {"id": "goblin", "at": [3, 1], "size": "small", "side": "foes", "speed": 30},
        ],
    }
    path = tmp_path / "crawl.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    args = ["check", str(path), "--mover", "valeros", "--path", "1,0 2,0 3,0"]
    result = CliRunner().invoke(app, [*args, "--action", "double-move"])
    assert result.exit_code == 0
    lines = [line.rstrip() for line in result.output.splitlines()]
    assert lines[4:] == [
        "not legal: 70 ft",
        "✗ [budget] step 3: the movement costs 70 ft by [3, 0], more than the 60 ft this action "
        "allows",
        "step  square  cost  total  why",
        "   1     1,0     5      5",
        "   2     2,0    30     35  a quarter of its height: prone crawl, one square per",
        "                           move (-4/-4); prone: AC +4 against ranged attacks; no",
        "                           ranged weapon but a crossbow",
        "   3     3,0    35     70  stands up from prone first: a move action (provokes)",
        "! step 2: crawling where goblin threatens provokes an attack of opportunity",
    ]


def test_long_chinese_labels_fold_instead_of_being_cut(tmp_path: Path) -> None:
    """A breakdown label without spaces (zh) folds onto the next line; nothing is cut to '…'."""
    scene = {
        "footfall": 1,
        "system": "dnd35",
        "map": ["....."],
        "creatures": [
            {"id": "cat", "at": [0, 0], "size": "tiny", "side": "party", "speed": 15},
            {"id": "rat", "at": [3, 0], "size": "tiny", "side": "foes", "speed": 15},
        ],
    }
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(scene), encoding="utf-8")
    args = ["check", str(path), "--mover", "cat", "--path", "1,0 2,0 3,0", "--lang", "zh"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0
    assert "…" not in result.output
    folded = "".join(line.strip() for line in result.output.splitlines()[-4:-1])
    assert folded.endswith("移动终点在其他生物的方格:超微型、微型或超小型生物可以(tiny_end=share)")
