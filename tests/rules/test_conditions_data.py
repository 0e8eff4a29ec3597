"""The conditions and armor/load tables of the system files (issue 12 items 6 and 8)."""

from __future__ import annotations

import copy
import tomllib
from fractions import Fraction
from importlib.resources import files

import pytest

from footfall.errors import RuleDataError
from footfall.rules import ActionId, Armor, Condition, Load, load_system, parse_system_data


def _data(system_id: str) -> dict[str, object]:
    text = files("footfall.systems").joinpath(f"{system_id}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
def test_armor_and_load_speeds_are_the_official_rows(system_id: str) -> None:
    """Medium/heavy armor or load: 30 ft -> 20 ft, 20 ft -> 15 ft (CRB / PHB armor tables)."""
    reduced = load_system(system_id).tactical.reduced_speed  # type: ignore[union-attr]
    assert reduced is not None
    assert reduced.speed(30, Armor.HEAVY) == 20
    assert reduced.speed(20, Armor.MEDIUM) == 15
    assert reduced.speed(30, Armor.NONE, Load.HEAVY) == 20
    assert reduced.speed(30, Armor.LIGHT, Load.LIGHT) == 30
    assert reduced.speed(40, Armor.HEAVY) == 30  # the general rule: 2/3, rounded up to 5 ft
    assert reduced.speed(50, Armor.HEAVY) == 35


def test_a_printed_row_off_the_general_rule_is_refused() -> None:
    """A reduced-speed row the 2/3 rule does not give (a slip) fails at load, naming it."""
    data = copy.deepcopy(_data("pf1e"))
    data["tactical"]["reduced_speed"]["rows"][1]["reduced"] = 25  # type: ignore[index]
    with pytest.raises(RuleDataError, match=r"rows\[1\]\.reduced.*25.*20 ft"):
        parse_system_data(data, "pf1e.toml")


def test_a_condition_may_not_forbid_an_unknown_action() -> None:
    """A condition forbidding an action the system lacks fails at load, naming the actions."""
    data = copy.deepcopy(_data("drawsteel"))
    data["conditions"]["rows"]["slowed"]["forbids"] = ["run"]  # type: ignore[index]
    with pytest.raises(RuleDataError, match=r"conditions\.rows\.slowed\.forbids.*run"):
        parse_system_data(data, "drawsteel.toml")


@pytest.mark.parametrize("system_id", ["pf1e", "dnd35"])
def test_fatigued_forbids_run_and_charge(system_id: str) -> None:
    """Fatigued: no run, no charge (seed 000 «Спешка», seed 004 急行); exhausted half speed."""
    conditions = load_system(system_id).conditions
    assert conditions is not None
    fatigued = conditions.get(Condition.FATIGUED)
    exhausted = conditions.get(Condition.EXHAUSTED)
    assert fatigued is not None and exhausted is not None
    assert fatigued.forbids == {ActionId.RUN, ActionId.CHARGE}
    assert fatigued.speed_factor is None
    assert exhausted.speed_factor == Fraction(1, 2)
    grappled = conditions.get(Condition.GRAPPLED)
    assert grappled is not None and not grappled.moves


def test_draw_steel_slowed_caps_speed_at_2() -> None:
    """Draw Steel slowed: speed 2 (seed 002's own example), no shift (Heroes, Conditions)."""
    conditions = load_system("drawsteel").conditions
    assert conditions is not None
    slowed = conditions.get("slowed")
    assert slowed is not None
    assert slowed.speed_max == 2
    assert ActionId.SHIFT in slowed.forbids
    assert conditions.get("fatigued") is None  # a d20 condition, not Draw Steel's
