"""Chases (RULES.md 1.7, seed 000 «Погони», seed 004 逃逸与追赶): speed first, then checks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from footfall.chase import (
    ChaseTie,
    Check,
    Outcome,
    Runner,
    Scale,
    chase,
    chase_odds,
    parse_runner,
)
from footfall.errors import InputError


def test_journey_md_example() -> None:
    """JOURNEY.md: dex +2 pursuer vs dex +3 quarry, equal speed: p_escape 0.525."""
    result = chase_odds(
        parse_runner("speed=30,dex=+2,con=+1", "pursuer"),
        parse_runner("speed=30,dex=+3", "quarry"),
        Scale.TACTICAL,
        ChaseTie.PURSUER,
    )
    assert result.outcome is Outcome.CONTEST
    assert result.check is Check.DEXTERITY
    assert result.p_escape == Fraction(21, 40)
    assert result.to_json() == {
        "system": "pf1e",
        "scale": "tactical",
        "outcome": "contest",
        "check": "dexterity",
        "p_escape": 0.525,
        "p_caught": 0.475,
        "p_escape_exact": "21/40",
        "chase_tie": "pursuer",
    }


def test_faster_side_always_wins() -> None:
    """Seed 000: on a grid the faster side always catches or escapes."""
    assert chase_odds(Runner(30), Runner(40), Scale.TACTICAL, ChaseTie.PURSUER).p_escape == 1
    caught = chase_odds(Runner(40), Runner(30, dex=10), Scale.OVERLAND, ChaseTie.PURSUER)
    assert caught.outcome is Outcome.CAUGHT and caught.p_escape == 0 and caught.check is None


def test_overland_uses_constitution_and_opposed_tie() -> None:
    """A long chase is a Con check; chase_tie=opposed gives ties to the higher modifier."""
    r = chase_odds(Runner(30, con=3), Runner(30, con=2), Scale.OVERLAND, ChaseTie.OPPOSED)
    assert r.check is Check.CONSTITUTION
    # quarry con +2 vs pursuer +3: quarry wins when q - p >= 2 (ties go to the pursuer's +3)
    assert r.p_escape == Fraction(171, 400)
    even = chase_odds(Runner(30), Runner(30), Scale.OVERLAND, ChaseTie.OPPOSED)
    assert even.p_escape == Fraction(1, 2)


@pytest.mark.parametrize("system", ["dh2e", "drawsteel"])
def test_systems_without_chase_rules(system: str) -> None:
    """Dark Heresy 2e and Draw Steel have no chase rules in their seeds: a clear refusal."""
    with pytest.raises(InputError, match="no chase rules"):
        chase_odds(Runner(30), Runner(30), Scale.TACTICAL, ChaseTie.PURSUER, system=system)


def test_seeded_roll_is_reproducible_and_consistent() -> None:
    """A seeded chase rolls the same each time and its winner follows from the totals."""
    args = (Runner(30, dex=2), Runner(30, dex=3), Scale.TACTICAL, ChaseTie.PURSUER)
    a = chase(*args, seed=11)
    b = chase(*args, seed=11)
    assert a.roll is not None and a.roll == b.roll
    winner = "quarry" if a.roll.quarry > a.roll.pursuer else "pursuer"
    assert a.roll.winner == winner
    assert [r.label for r in a.roll.rolls] == ["pursuer dexterity", "quarry dexterity"]


def test_parse_runner_errors() -> None:
    """Bad runner text names the bad key and the valid ones."""
    with pytest.raises(InputError, match="unknown quarry key 'str'"):
        parse_runner("speed=30,str=+1", "quarry")
    with pytest.raises(InputError, match="no speed"):
        parse_runner("dex=+1", "quarry")


def test_key_given_twice_is_refused() -> None:
    """'speed=30,speed=40' is refused, not silently read as speed 40."""
    with pytest.raises(InputError, match="gives speed twice"):
        parse_runner("speed=30,speed=40", "pursuer")


@pytest.mark.parametrize(
    ("pursuer", "quarry", "message"),
    [
        (Runner(0), Runner(0), "both have speed 0: nobody moves, there is no chase"),
        (Runner(32), Runner(30), "pursuer speed must be a multiple of 5 ft, got 32"),
        (Runner(30), Runner(-5), "quarry speed -5 is negative"),
        (Runner(30), Runner(100_005), r"quarry speed 100005 ft is out of range \(0-100000 ft\)"),
    ],
)
def test_speed_edge_cases_are_refused(pursuer: Runner, quarry: Runner, message: str) -> None:
    """Speeds follow footfall rates' bounds (0 allowed for one side); two still sides refuse."""
    with pytest.raises(InputError, match=message):
        chase_odds(pursuer, quarry, Scale.TACTICAL, ChaseTie.PURSUER)


def test_a_still_quarry_is_caught() -> None:
    """Speed 0 against any speed: the faster side wins (seed 000), no check."""
    result = chase_odds(Runner(5), Runner(0, dex=20), Scale.TACTICAL, ChaseTie.PURSUER)
    assert result.outcome is Outcome.CAUGHT and result.check is None


def test_lopsided_modifiers_are_certain_but_still_a_contest() -> None:
    """Dex +19 against +0: only a quarry 1 (total 20) against a pursuer 20 ties (1/400).

    By default the tie goes to the pursuer: 399/400; under `opposed` the higher modifier takes
    it: exactly 1. Either way it is still an opposed check (RULES.md 1.7).
    """
    default = chase_odds(Runner(30), Runner(30, dex=19), Scale.TACTICAL, ChaseTie.PURSUER)
    assert default.outcome is Outcome.CONTEST and default.p_escape == Fraction(399, 400)
    opposed = chase_odds(Runner(30), Runner(30, dex=19), Scale.TACTICAL, ChaseTie.OPPOSED)
    assert opposed.p_escape == 1


def test_equal_modifiers_reroll_ties_under_opposed() -> None:
    """chase_tie=opposed with equal modifiers rerolls a tie; the log keeps every die."""
    args = (Runner(30, dex=1), Runner(30, dex=1), Scale.TACTICAL, ChaseTie.OPPOSED)
    rerolled = None
    for seed in range(200):
        result = chase(*args, seed=seed)
        assert result.roll is not None
        if len(result.roll.rolls) > 2:
            rerolled = result.roll
            break
    assert rerolled is not None, "some seed below 200 ties (each roll ties with p = 1/20)"
    totals = [r.total for r in rerolled.rolls]
    pairs = list(zip(totals[::2], totals[1::2], strict=True))
    assert all(p == q for p, q in pairs[:-1]) and pairs[-1][0] != pairs[-1][1]
    assert rerolled.winner == ("quarry" if pairs[-1][1] > pairs[-1][0] else "pursuer")
