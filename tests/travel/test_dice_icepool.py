"""footfall.dice's exact integer counts equal icepool's dice, outcome for outcome.

`footfall.dice` computes odds from integer counts of faces (Kronecker products, issue 15
item 5); the functions below are the icepool forms it replaced, summing icepool dice as
before, kept here as the oracle. Every answer must be the very same dict of Fractions (the
same outcomes, none with probability 0, the same exact values).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import icepool
from hypothesis import given, settings
from hypothesis import strategies as st

from footfall import dice
from footfall.dice import OpposedTie
from footfall.travel import exertion_odds
from footfall.travel.exertion import ForcedHour


def _as_dict(die: icepool.Die) -> dict[int, Fraction]:
    return {
        int(outcome): Fraction(p)
        for outcome, p in zip(die.outcomes(), die.probabilities(), strict=True)
    }


def _damage_die(modifier: int | None, dcs: Sequence[int], sides: int) -> icepool.Die:
    total: icepool.Die = icepool.Die([0])
    damage = icepool.d(sides)
    for dc in dcs:
        if modifier is None:
            total = total + damage
        else:
            failed = icepool.d20 + modifier < dc
            total = total + failed.if_else(damage, icepool.Die([0]))
    return total


def _fails_any(modifier: int, dcs: Sequence[int]) -> icepool.Die:
    misses: icepool.Die = icepool.Die([0])
    for dc in dcs:
        misses = misses + (icepool.d20 + modifier < dc)
    return misses.map(lambda n: int(n > 0))


def _d100_failures_die(targets: Sequence[int]) -> icepool.Die:
    total: icepool.Die = icepool.Die([0])
    for target in targets:
        fails = icepool.d100.map(lambda r, t=target: int(r == 100 or (r != 1 and r > t)))
        total = total + fails
    return total


def _sum(dice_: Sequence[icepool.Die]) -> icepool.Die:
    total: icepool.Die = icepool.Die([0])
    for die in dice_:
        total = total + die
    return total


MODIFIERS = st.integers(-12, 32)
DCS = st.lists(st.integers(5, 45), max_size=6)
TARGETS = st.lists(st.integers(-20, 120), max_size=6)


@given(MODIFIERS, st.integers(-5, 60))
@settings(max_examples=200, deadline=None)
def test_p_check_is_icepools(modifier: int, dc: int) -> None:
    """P(1d20 + mod >= DC) is icepool's, also where no face or every face passes."""
    assert dice.p_check(modifier, dc) == Fraction((icepool.d20 + modifier).probability(">=", dc))


@given(st.one_of(st.none(), MODIFIERS), DCS, st.sampled_from([4, 6, 8]))
@settings(max_examples=150, deadline=None)
def test_damage_on_failure_is_icepools(modifier: int | None, dcs: list[int], sides: int) -> None:
    """The 1d6-per-failed-check damage (seed 000 «Марш-бросок»), mounts included, is icepool's."""
    expected = _as_dict(_damage_die(modifier, dcs, sides))
    assert dice.damage_on_failure(modifier, dcs, sides) == expected


@given(st.lists(MODIFIERS, max_size=5), st.lists(st.integers(5, 45), max_size=4))
@settings(max_examples=100, deadline=None)
def test_party_counts_are_icepools(modifiers: list[int], dcs: list[int]) -> None:
    """How many members fail, and the whole party's damage, are icepool's sums."""
    assert dice.members_failing(modifiers, dcs) == _as_dict(
        _sum([_fails_any(m, dcs) for m in modifiers])
    )
    assert dice.party_damage(modifiers, dcs) == _as_dict(
        _sum([_damage_die(m, dcs, 6) for m in modifiers])
    )


@given(st.lists(TARGETS, max_size=4))
@settings(max_examples=100, deadline=None)
def test_d100_counts_are_icepools(targets: list[list[int]]) -> None:
    """dh2e Fatigue levels and members with Fatigue (seed 001 «Спешка») are icepool's."""
    flat = [t for member in targets for t in member]
    assert dice.d100_failures(flat) == _as_dict(_d100_failures_die(flat))
    assert dice.party_d100_failures(targets) == _as_dict(_d100_failures_die(flat))
    members = [_d100_failures_die(m).map(lambda n: int(n > 0)) for m in targets]
    assert dice.members_failing_d100(targets) == _as_dict(_sum(members))


@given(MODIFIERS, MODIFIERS, st.sampled_from(list(OpposedTie)))
@settings(max_examples=150, deadline=None)
def test_opposed_is_icepools(first: int, second: int, tie: OpposedTie) -> None:
    """An opposed d20 check's odds (seed 000 «Погони») are icepool's under both tie rules."""
    diff = icepool.d20 + first - (icepool.d20 + second)
    wins, ties = Fraction(diff.probability(">", 0)), Fraction(diff.probability(0))
    if tie is OpposedTie.SECOND or first < second:
        expected = wins
    elif first > second:
        expected = wins + ties
    else:
        expected = wins / (1 - ties)
    assert dice.p_first_wins(first, second, tie) == expected


def test_four_days_of_eight_forced_hours_are_icepools() -> None:
    """32 checks (seed 000: DC 12-26 at Con +1, 4 days) give icepool's damage exactly."""
    dcs = [10 + 2 * e for e in range(1, 9)] * 4
    assert dice.damage_on_failure(1, dcs) == _as_dict(_damage_die(1, dcs, 6))


def test_the_256_check_limit_is_icepools() -> None:
    """The largest odds allowed (16 days of 16 forced hours, Con +2) equal icepool's sum."""
    result = exertion_odds("pf1e", forced_march=16, days=16, con_mod=2)
    dcs = [h.dc for h in result.hours if isinstance(h, ForcedHour)] * 16
    assert dcs[:3] == [12, 14, 16]  # seed 000 «Марш-бросок»: DC 10 + 2 per extra hour
    assert dict(result.odds.damage) == _as_dict(_damage_die(2, dcs, 6))


def test_check_die_is_the_icepool_view_of_p_check() -> None:
    """`dice.check_die` (icepool, imported on use) gives the same odds as `p_check`."""
    for modifier, dc in ((2, 12), (0, 30), (-5, 0)):
        assert Fraction(dice.check_die(modifier).probability(">=", dc)) == dice.p_check(
            modifier, dc
        )
