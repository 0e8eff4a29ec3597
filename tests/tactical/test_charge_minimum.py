"""The charge's 10-ft minimum (`charge-short`), a rule RULES.md is silent on.

It runs for pf1e and dnd35 (RULES.md 1.3-1.5: the same rules, seed 004; pf1e the same).
The decision and its sources: docs/decisions.md, "Rules the spec is silent on".
"""

from __future__ import annotations

from importlib import resources

import pytest

from footfall.errors import RuleDataError
from footfall.rules import load_system, parse_system
from footfall.tactical import check_path, find_path, reachable
from helpers.tactical_scenes import make, mob, rules_of

SYSTEMS = ["pf1e", "dnd35"]


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
