"""Exact exertion odds (footfall.travel.exertion_odds) against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall.errors import InputError, LimitError
from footfall.rules import load_system
from footfall.travel import Traveller, exertion_odds, parse_leg, plan_journey
from helpers.cli import invoke


def _d100_fails(target: int, roll: int) -> bool:
    """DH2e: 01 always succeeds, 100 always fails, otherwise fail above the target."""
    return roll == 100 or (roll != 1 and roll > target)


def test_forced_march_day_matches_enumeration() -> None:
    """Seed 000: three extra hours (DC 12, 14, 16) at Con +0, every d20 triple enumerated."""
    result = exertion_odds("pf1e", forced_march=3, con_mod=0, days=2)
    passes = Fraction(
        sum(
            1
            for a, b, c in itertools.product(range(1, 21), repeat=3)
            if a >= 12 and b >= 14 and c >= 16
        ),
        8000,
    )
    assert [h.dc for h in result.hours] == [12, 14, 16]
    assert result.odds.p_no_fatigue_day == passes
    assert result.odds.p_no_fatigue == passes**2
    assert result.odds.first_day == {1: 1 - passes, 2: passes * (1 - passes), None: passes**2}
    assert result.odds.expected_day == 1 / (1 - passes)


def test_dh2e_levels_match_enumeration() -> None:
    """Seed 001: Toughness 42, TB 4, 8 h: tests at +0 and -10; levels from 100 x 100 rolls."""
    result = exertion_odds("dh2e", hustle=8, toughness=42, days=1)
    assert [(h.hour, h.test_modifier) for h in result.hours] == [(4, 0), (8, -10)]
    levels: dict[int, Fraction] = {}
    for r1, r2 in itertools.product(range(1, 101), repeat=2):
        k = int(_d100_fails(42, r1)) + int(_d100_fails(32, r2))
        levels[k] = levels.get(k, Fraction(0)) + Fraction(1, 10000)
    assert result.odds.damage == levels
    assert result.odds.p_no_fatigue == levels[0]


@given(st.integers(-3, 8), st.integers(1, 4), st.integers(1, 4))
@settings(max_examples=40, deadline=None)
def test_odds_agree_with_the_planner(con: int, extra: int, days: int) -> None:
    """The planner's odds over whole days equal exertion_odds for as many days."""
    per_day = 3 * (8 + extra)
    rules = load_system("pf1e")
    journey = plan_journey(
        "pf1e",
        [parse_leg(f"{per_day * days} mi plains highway", rules)],
        Traveller(speeds=(30,), con_mod=con),
        forced_march=extra,
    )
    direct = exertion_odds("pf1e", forced_march=extra, con_mod=con, days=days)
    assert journey.odds is not None
    assert journey.odds.p_no_fatigue == direct.odds.p_no_fatigue
    assert journey.odds.damage == direct.odds.damage


def test_odds_bad_input() -> None:
    """Out-of-range hours, days and Toughness are refused with one line."""
    with pytest.raises(InputError, match="forced march 0 h is out of range"):
        exertion_odds("pf1e", forced_march=0)
    with pytest.raises(InputError, match="days 0 is out of range"):
        exertion_odds("pf1e", forced_march=1, days=0)
    with pytest.raises(InputError, match="need toughness"):
        exertion_odds("dh2e", hustle=4)


def test_odds_command() -> None:
    """`footfall odds pf1e --forced-march 2 --con-mod 1` prints the DCs and exact odds."""
    result = invoke(["odds", "pf1e", "--forced-march", "2", "--con-mod", "1"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[:3] == [
        "pf1e: forced march of 2 h past 8 a day, Con +1, over 1 day",
        "  Day 1, hour 9: Con check DC 12, fails 50.00%",
        "  Day 1, hour 10: Con check DC 14, fails 60.00%",
    ]
    assert lines[3].startswith("Odds: no fatigue over the trip 20.00% (1/5)")


@pytest.mark.parametrize(
    ("system", "kwargs", "message"),
    [
        ("dh2e", {"hustle": 4}, r"dh2e odds need toughness N \(0-100\)$"),
        ("dh2e", {"hustle": 4, "toughness": 101}, r"toughness 101 is out of range \(0-100\)"),
        ("dh2e", {"hustle": 4, "toughness": 40, "forced_march": 2}, "dh2e has no forced-march"),
        ("pf1e", {"hustle": 3}, "pf1e odds take forced_march H"),
        ("dnd35", {"forced_march": 2, "toughness": 40}, "dnd35 odds take forced_march H"),
    ],
)
def test_odds_refuse_the_other_systems_options(
    system: str, kwargs: dict[str, int], message: str
) -> None:
    """Odds name the option that does not fit the system instead of a misleading range error."""
    with pytest.raises(InputError, match=message):
        exertion_odds(system, **kwargs)


def test_odds_over_too_many_checks_raise_limit_error() -> None:
    """16 days of 16 forced hours (256 checks) are computed; 17 days raise LimitError."""
    assert len(exertion_odds("pf1e", forced_march=16, days=16).hours) == 16
    with pytest.raises(LimitError, match="exact odds over 272 checks: more than 256"):
        exertion_odds("pf1e", forced_march=16, days=17)
    with pytest.raises(LimitError, match="more than 256"):
        exertion_odds("dh2e", hustle=24, toughness=40, toughness_bonus=1, days=11)


def test_planner_stops_early_past_the_odds_limit() -> None:
    """A 24-h-a-day march across 599000 mi stops at the odds limit at once (it hung before)."""
    rules = load_system("pf1e")
    with pytest.raises(LimitError, match="exact odds over 272 checks"):
        plan_journey(
            "pf1e",
            [parse_leg("599000 mi plains road", rules)],
            Traveller(speeds=(30,)),
            forced_march=16,
        )


def test_trip_over_200000_hours_raises_limit_error() -> None:
    """A billion miles on foot is refused with LimitError, not planned hour by hour."""
    rules = load_system("pf1e")
    with pytest.raises(LimitError, match="more than 200000 h"):
        plan_journey(
            "pf1e", [parse_leg("1000000000 mi plains road", rules)], Traveller(speeds=(30,))
        )
